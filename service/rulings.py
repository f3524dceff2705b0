"""Rulings that last: ``POST /v1/rulings`` stores a dispute and the engine's answer under a
random id, ``GET /v1/rulings/{id}`` returns it unchanged forever, ``GET /v1/rulings/{id}/recheck``
asks today's engine again (docs/service.md, Rulings).

A ruling is written once, as JSON text, and that text is what every later read returns, byte for
byte: it is never parsed and serialized again, so no later engine, model or library rewrites it.
The answer comes from the same functions as the API's routes (``answers``). Creating a ruling
needs the bearer token when the server has one; reading is public.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Annotated, Any, Literal, Optional, Union

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from fastapi.security import HTTPBearer
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from pinochle.adjudicator import MeldsReport, Report, TableMeldsReport
from pinochle.notation.errors import quoted

from . import answers
from .answers import AnswerError, MeldsRequest, ValidateRequest
from .engine import engine_version
from .errors import ErrorBody, ErrorDetail, error_response
from .settings import ServiceSettings
from .store import Store
from .work import compute
from .writes import guarded_route, too_large

__all__ = ["ID_LENGTH", "MeldsRuling", "Recheck", "Ruling", "RulingCreated", "ValidateRuling",
           "install", "new_id"]

#: Ids: 60 random bits in Crockford's base32 (no i, l, o, u), 12 characters, lower case.
ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
ID_LENGTH = 12
ID_PATTERN = re.compile(f"[{ID_ALPHABET}]{{{ID_LENGTH}}}")
#: A stored ruling never changes: any cache may keep it for good.
FOREVER = "public, max-age=31536000, immutable"


def new_id() -> str:
    """A fresh ruling id, unguessable: 60 bits from the operating system's random source."""
    n = secrets.randbits(5 * ID_LENGTH)
    return "".join(ID_ALPHABET[(n >> 5 * i) & 31] for i in reversed(range(ID_LENGTH)))


# --- the bodies -------------------------------------------------------------------------------


class NewValidateRuling(BaseModel):
    """Store the validation of a record: ``request`` is a ``/v1/validate`` JSON body."""

    kind: Literal["validate"]
    request: ValidateRequest


class NewMeldsRuling(BaseModel):
    """Store the answer to the dispute question: ``request`` is a ``/v1/melds`` body."""

    kind: Literal["melds"]
    request: MeldsRequest


NewRuling = Annotated[Union[NewValidateRuling, NewMeldsRuling], Field(discriminator="kind")]


class ValidateRuling(BaseModel):
    """A stored validation: the request, the report (``POST /v1/validate``'s), the rule ids the
    findings cite, in record order, and the ruleset of the record's first game."""

    id: str
    created: datetime
    engine: str = Field(description="the engine version that gave the answer")
    kind: Literal["validate"]
    request: ValidateRequest
    answer: Report
    rules: list[str]
    ruleset: dict[str, str]


class MeldsRuling(BaseModel):
    """A stored dispute question: the request, the answer (``POST /v1/melds``'s), the rule ids
    it cites (the verdict's, the turn's, the legal melds') and the ruleset."""

    id: str
    created: datetime
    engine: str = Field(description="the engine version that gave the answer")
    kind: Literal["melds"]
    request: MeldsRequest
    answer: Union[MeldsReport, TableMeldsReport]
    rules: list[str]
    ruleset: dict[str, str]


Ruling = Annotated[Union[ValidateRuling, MeldsRuling], Field(discriminator="kind")]


class RulingCreated(BaseModel):
    """``permalink``: the replay page of the ruling; ``ruling``: exactly what
    ``GET /v1/rulings/{id}`` will return."""

    id: str
    permalink: str
    ruling: Ruling


class Recheck(BaseModel):
    """Today's engine on a stored ruling's request: ``agrees`` when its answer is the stored one
    (the engine versions aside); ``error`` when today's engine cannot answer it at all."""

    agrees: bool
    engine: str
    answer: Optional[Union[Report, MeldsReport, TableMeldsReport]]
    error: Optional[ErrorDetail] = None


# --- what each kind of ruling takes from its answer ------------------------------------------


def _validate_rules(report: Any) -> list[str]:
    return [f.rule for file in report.files for game in file.games for f in game.findings]


def _melds_rules(report: Any) -> list[str]:
    if isinstance(report, TableMeldsReport):          # at a table of four (DP-MELD1-5)
        judged = report.question
        if judged is None:
            return []
        return [judged.rule] + [m.rule for m in judged.melds if m.rule is not None] + [
            f.rule for f in judged.findings]
    question = report.question
    rules = [] if question is None else [question.answer.rule]
    if question is not None and question.cards_alone is not None:
        rules.append(question.cards_alone.rule)
    if report.turn_rule is not None:
        rules.append(report.turn_rule)
    return rules + [meld.rule for meld in report.legal]


def _validate_ruleset(report: Any) -> dict[str, str]:
    found = [g.ruleset for f in report.files for g in f.games if g.ruleset is not None]
    return found[0] if found else {}


@dataclass(frozen=True)
class RulingKind:
    """How one kind of ruling is answered and what it cites."""

    answer: Callable[[dict[str, Any]], Any]
    rules: Callable[[Any], list[str]]
    ruleset: Callable[[Any], dict[str, str]]
    stored: type[BaseModel]


KINDS = {
    "validate": RulingKind(answer=answers.validate_answer, rules=_validate_rules,
                     ruleset=_validate_ruleset, stored=ValidateRuling),
    "melds": RulingKind(answer=answers.melds_answer, rules=_melds_rules,
                  ruleset=lambda report: dict(report.ruleset), stored=MeldsRuling),
}


# --- the routes -----------------------------------------------------------------------------


BEARER = HTTPBearer(auto_error=False, description="The server's token (`pinochle serve "
                    "--token-file`, or PINOCHLE_TOKEN), when it has one.")


def opened(store: Store) -> None:
    """Open the store at start-up; say so when this process migrated its schema."""
    store.open()
    if store.migrated is not None:
        before, after = store.migrated
        print(f"pinochle serve: migrated the ruling store's schema from {before or 'nothing'} "
              f"to {after}", file=sys.stderr, flush=True)


def _record(question: dict[str, Any]) -> str:
    """A ruling's record (its size chooses the work's lane): a melds question about a position
    has none."""
    text: str = question.get("text", "")
    return text


def _not_found(ruling_id: str) -> JSONResponse:
    return error_response(404, f"no ruling has the id {quoted(ruling_id)}")


def install(app: FastAPI, settings: ServiceSettings) -> None:
    """Add the ruling routes to ``app``, with a store opened (and migrated) at start-up."""
    store = Store(settings)
    app.state.rulings = store
    app.router.on_startup.append(lambda: opened(store))
    app.router.on_shutdown.append(store.close)
    engine = engine_version()
    router = APIRouter(tags=["rulings"])
    # the token, the write rate and the body are checked before FastAPI reads the body
    # (writes.py); the bearer dependency only documents the scheme in /openapi.json
    creating = APIRouter(tags=["rulings"], route_class=guarded_route(settings))
    guard = [] if settings.token is None else [Depends(BEARER)]

    def stored(ruling_id: str) -> bytes | None:
        ruling_id = ruling_id.lower()
        return store.body(ruling_id) if ID_PATTERN.fullmatch(ruling_id) else None

    @creating.post("/v1/rulings", status_code=201, response_model=RulingCreated,
                   dependencies=guard,
                   responses={400: {"model": ErrorBody, "description": "an empty body, or one "
                                    "that is not JSON"},
                              401: {"model": ErrorBody, "description": "no token, or not the "
                                    "server's (when it has one)"},
                              413: {"model": ErrorBody, "description": "a body past the limit, "
                                    "or (without a token) a ruling past PINOCHLE_RULING_MAX"},
                              415: {"model": ErrorBody, "description": "a content type other "
                                    "than application/json"},
                              422: {"model": ErrorBody, "description": "a request that does "
                                    "not match its schema, or a question the engine cannot "
                                    "answer"},
                              429: {"model": ErrorBody, "description": "(without a token) "
                                    "past PINOCHLE_WRITE_RATE rulings a minute from one "
                                    "address; see Retry-After"}})
    async def create_ruling(new: NewRuling, request: Request) -> Response:
        """Store a dispute and the engine's answer; the ruling's id and permalink. The answer,
        its rule ids, the ruleset, the engine version and the time are stored with it, and
        committed before this returns."""
        kind = KINDS[new.kind]
        try:
            question = new.request.model_dump(mode="json")
            answer = await compute(request, kind.answer, question, record=_record(question))
        except AnswerError as error:
            return error_response(422, error.message, error.errors)
        return await run_in_threadpool(keep, new, kind, answer)

    def keep(new: NewRuling, kind: RulingKind, answer: Any) -> Response:
        """Store the ruling (a transaction, committed before the 201 goes out)."""
        created = datetime.now(timezone.utc).replace(microsecond=0)
        stamp = created.strftime("%Y-%m-%dT%H:%M:%SZ")
        for _attempt in range(8):       # a taken id is a one in 2**60 chance: try another
            ruling_id = new_id()
            ruling = kind.stored(id=ruling_id, created=created, engine=engine, kind=new.kind,
                                 request=new.request, answer=answer, rules=kind.rules(answer),
                                 ruleset=kind.ruleset(answer))
            body = ruling.model_dump_json().encode("utf-8")
            if settings.token is None and len(body) > settings.ruling_max:
                return error_response(413, too_large("ruling", len(body), settings.ruling_max))
            if store.insert(ruling_id, stamp, new.kind, engine, body):
                head = json.dumps({"id": ruling_id, "permalink": f"/r/{ruling_id}"},
                                  separators=(",", ":"))
                return Response(head[:-1].encode("utf-8") + b',"ruling":' + body + b"}",
                                status_code=201, media_type="application/json",
                                headers={"Location": f"/v1/rulings/{ruling_id}"})
        raise RuntimeError("no free ruling id after 8 tries")

    @router.get("/v1/rulings/{ruling_id}", response_model=Ruling,
                responses={404: {"model": ErrorBody, "description": "no such ruling"}})
    def read_ruling(ruling_id: str) -> Response:
        """The stored ruling, exactly as it was first returned (byte for byte, forever)."""
        body = stored(ruling_id)
        if body is None:
            return _not_found(ruling_id)
        return Response(body, media_type="application/json", headers={"Cache-Control": FOREVER})

    @router.get("/v1/rulings/{ruling_id}/recheck", response_model=Recheck,
                responses={404: {"model": ErrorBody, "description": "no such ruling"}})
    async def recheck_ruling(ruling_id: str, request: Request) -> Any:
        """Today's engine on the stored request: its answer, and whether it agrees with the
        stored one. The stored ruling itself never changes."""
        body = await run_in_threadpool(stored, ruling_id)
        if body is None:
            return _not_found(ruling_id)
        ruling = json.loads(body)
        try:
            answer = await compute(request, KINDS[ruling["kind"]].answer, ruling["request"],
                                   record=_record(ruling["request"]))
        except AnswerError as error:
            return Recheck(agrees=False, engine=engine, answer=None, error=ErrorDetail(
                status=422, message=error.message, errors=error.errors))
        today = json.loads(answer.model_dump_json())
        return Recheck(agrees=today == ruling["answer"], engine=engine, answer=answer)

    app.include_router(creating)
    app.include_router(router)
