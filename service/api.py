"""The referee's questions over HTTP: ``POST /v1/validate``, ``POST /v1/melds``, ``POST
/v1/format`` and ``GET /v1/rulesets`` (docs/service.md). Each answers with the command line's
own code and models: ``pinochle validate --json`` (``batch.report.json_report``), ``pinochle
melds --json`` (the engine's dispute question, ``pinochle.adjudicator``), ``pinochle fmt`` (the
notation's reader and writer) and the ruleset catalogue; no rule is decided here.

The answers are pure functions, ``validate_text`` and ``melds_answer`` (the stored rulings
compute theirs with them), that raise ``ApiError`` for a question they cannot answer. The
routes read their bodies themselves (text or JSON: ``bodies.py``) and run the work in the
thread pool, so that a long validation never holds up the event loop and the other clients.
"""

from __future__ import annotations

import io
import json
import re
import time
from collections.abc import AsyncIterator
from typing import IO, Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import PlainTextResponse, Response, StreamingResponse
from pydantic import TypeAdapter
from starlette.concurrency import run_in_threadpool

from pinochle.adjudicator import (CATALOG, MeldsReport, QueryError, Report, RulesetMaker,
                                  TableMeldsReport,
                                  answer, direct_position, is_table, melds_report, parse_kind,
                                  position_in, record_table_question, ruleset_of,
                                  table_question, table_ruleset)
from pinochle.batch.report import json_report, write_report
from pinochle.notation.cards import Seat
from pinochle.notation.errors import NotationError, PinochleError
from pinochle.notation.melds import MeldKind
from pinochle.notation.reader import parse, parse_bytes
from pinochle.notation.writer import dumps

from .bodies import JSON, TEXT, ApiError, api_error, checked, parse_json, read_body, utf8
from .errors import ErrorBody, error_response
from .schemas import (
    FormatRequest, MeldsAtPoint, MeldsInPosition, MeldsRequest, RulesetInfo, RulesetOption,
    Rulesets, ValidateRequest, body_schema,
)
from .settings import ServiceSettings
from .work import ClientGone, TimeUp, compute, work

__all__ = ["format_text", "install", "melds_answer", "melds_request", "rulesets",
           "validate_request", "validate_text"]

#: The streamed answer of ``/v1/validate``: ``pinochle validate --format jsonl``, a game a line.
NDJSON = "application/x-ndjson"
#: A streamed validation reads this many lines of the record at a time (the command line's
#: 2,000 hold a thousand tiny games: seconds before the first line on a busy machine).
STREAM_LINES = 200
_VALIDATE = TypeAdapter(ValidateRequest)
_MELDS: TypeAdapter[Any] = TypeAdapter(MeldsRequest)
_FORMAT = TypeAdapter(FormatRequest)


# --- the answers ---------------------------------------------------------------------------


def syntax_errors(errors: list[dict[str, Any]]) -> ApiError:
    """422 listing every positioned syntax error (``line``, ``column``, ``message``)."""
    count = f"{len(errors)} syntax errors" if len(errors) > 1 else "a syntax error"
    return ApiError(422, f"the record has {count} (each listed with its line and column)", errors)


def notation_error(error: NotationError) -> ApiError:
    return syntax_errors([{"line": e.line or 0, "column": e.column or 0, "message": e.message}
                          for e in error.errors])


class _Timed(io.BytesIO):
    """A record's bytes, read by the notation's reader a block at a time; past ``deadline``
    (``time.monotonic()``) the next read stops the work (``TimeUp``)."""

    def __init__(self, data: bytes, deadline: float | None) -> None:
        super().__init__(data)
        self.deadline = deadline

    def read1(self, size: int | None = -1) -> bytes:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TimeUp
        return super().read1(size)


def validate_json(data: bytes, name: str = "<input>", strict: bool = False,
                  deadline: float | None = None) -> str:
    """``pinochle validate --json`` of the record ``data`` (UTF-8): every game, every finding;
    ``ApiError`` 422 when it has syntax errors."""
    text, summary = json_report(_Timed(data, deadline), name, strict)
    if summary.syntax_errors:
        report = Report.model_validate_json(text)
        raise syntax_errors([e.model_dump(include={"line", "column", "message"})
                             for f in report.files for e in f.syntax_errors])
    return text


def validate_lines(out: IO[str], data: bytes, name: str = "<input>",
                   strict: bool = False) -> None:
    """``pinochle validate --format jsonl`` of the record ``data``, written to ``out`` as each
    game is replayed (``Accept: application/x-ndjson``)."""
    write_report(io.BytesIO(data), name, out, "jsonl", strict, lines=STREAM_LINES)


async def _lines(request: Request, data: bytes, name: str, strict: bool) -> AsyncIterator[str]:
    """The streamed answer of ``/v1/validate``: each game's line as the work process writes it;
    a work process that makes no progress for the time limit is stopped and the stream ends
    with a ``cut`` line saying so."""
    limit: float = request.app.state.settings.time_limit
    try:
        async for piece in work(request).stream(validate_lines, data, name, strict,
                                                size=len(data), idle=limit):
            yield piece
    except TimeUp:
        yield _cut(f"no game was validated within the time limit of {limit:g} s: the lines "
                   f"above are all there is (pinochle validate --format jsonl checks any "
                   f"record whole)")
    except ApiError as error:
        yield _cut(error.message)


def _cut(message: str) -> str:
    return json.dumps({"cut": {"message": message}}, ensure_ascii=False) + "\n"


def _wants_lines(request: Request) -> bool:
    """The client asks for ``application/x-ndjson`` (``Accept``)."""
    return NDJSON in request.headers.get("accept", "").lower()


def validate_text(text: str, name: str = "<input>", strict: bool = False) -> Report:
    """The report ``pinochle validate --json [--strict]`` gives for the record ``text``
    (``name``: what it calls the file); ``ApiError`` 422 for a syntax error."""
    return Report.model_validate_json(validate_json(_encoded(text, "text"), name, strict))


def _encoded(text: str, field: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:       # a lone surrogate
        raise ApiError(422, f"{field}: character {exc.start + 1} is not Unicode text") from None


#: The command line's option names in the melds messages, and the fields that say the same.
_FIELDS = {"--concealed": "concealed", "--exposed": "exposed", "--scored": "scored",
           "--played": "played", "--won": "won", "--trump": "trump", "--meld": "meld",
           "--gathered": "gathered", "--melded": "melded",
           "--ruleset-option": "ruleset", "--game": "game", "--battle": "battle",
           "--trick": "trick", "--seat": "seat"}
_OPTION = re.compile("|".join(re.escape(option) + r"\b" for option in _FIELDS))


def _in_fields(message: str) -> str:
    return _OPTION.sub(lambda m: _FIELDS[m.group()], message)


def validate_request(value: Any) -> ValidateRequest:
    """A ``/v1/validate`` JSON body (parsed) as its model; ``ApiError`` 422 naming each field
    off the schema."""
    return checked(_VALIDATE, value)


def melds_request(value: Any) -> MeldsAtPoint | MeldsInPosition:
    """A ``/v1/melds`` JSON body (parsed) as its model (at a point of a record when it has
    ``text``, else about a position); ``ApiError`` 422 naming each field off the schema."""
    result: MeldsAtPoint | MeldsInPosition = checked(_MELDS, value)
    return result


def melds_answer(request: MeldsAtPoint | MeldsInPosition) -> MeldsReport | TableMeldsReport:
    """``pinochle melds --json`` for a ``MeldsRequest`` (at a point of a record, or about a
    position); ``ApiError`` 422 for a position or place that cannot be, a record with syntax
    errors, an unknown ruleset or option. At a table of four (a ruleset seating four) the
    answer is the partnership one (``query.partnership``: the seat's best meld, the declaration
    ``meld`` judged), as ``pinochle melds`` gives it."""
    try:
        return _melds_answer(request)
    except PinochleError as error:
        message = _in_fields(str(error))
        field = message.partition(":")[0]
        problems = [{"where": f"body.{field}", "problem": message}]
        raise ApiError(422, message, problems if field in _FIELDS.values() else None) from None


def _melds_answer(request: MeldsAtPoint | MeldsInPosition) -> MeldsReport | TableMeldsReport:
    where: dict[str, object] = {}
    if isinstance(request, MeldsAtPoint):
        try:
            record = parse(request.text)
        except NotationError as error:
            raise notation_error(error) from None
        table = table_ruleset(record, request.game)
        if table is not None:
            return record_table_question(record, table, request.game, request.battle,
                                         request.trick, request.seat, request.meld)
        if request.trick is None:
            raise QueryError("--trick: a two-handed player melds after a trick he won; say "
                             "which (e.g. 3)")
        kind = _kind(request.meld)
        position, where = position_in(record, request.game, request.battle, request.trick,
                                      Seat.parse(request.seat))
    else:
        ruleset = ruleset_of(request.ruleset, "ruleset")
        if is_table(ruleset):
            others = (("--exposed", request.exposed), ("--scored", request.scored),
                      ("--played", request.played), ("--won", request.won),
                      ("--gathered", request.gathered or ""), ("--melded", request.melded or ""))
            return table_question(ruleset, request.concealed, request.trump, None,
                                  request.meld, others)
        kind = _kind(request.meld)
        position = direct_position(ruleset, request.concealed, request.exposed, request.scored,
                                   request.played, request.won, request.trump,
                                   request.gathered, request.melded)
    verdicts, question, cards_alone = answer(position, kind)
    return melds_report(verdicts, question, cards_alone, position, **where)


def _kind(meld: str | None) -> MeldKind | None:
    return None if meld is None else parse_kind("--meld", meld.strip())


def format_text(data: bytes, name: str = "<input>") -> str:
    """``pinochle fmt``: the canonical text of the record ``data`` (UTF-8); ``ApiError`` 422 for
    a syntax error or a record the writer refuses."""
    try:
        return dumps(parse_bytes(data, name))
    except NotationError as error:
        raise notation_error(error) from None


def rulesets() -> Rulesets:
    """Every ruleset of the catalogue, its option tags and their values (the default first),
    and, with its default options, its seats, whether a position names trump, its pack's cards
    and its meld kinds (what the page's tapping panel offers)."""
    return Rulesets(rulesets=[_ruleset_info(name, maker) for name, maker in CATALOG.items()])


def _ruleset_info(name: str, maker: RulesetMaker) -> RulesetInfo:
    ruleset = maker.from_tags({})
    tables = [ruleset.melds, *ruleset.trump_melds.values()]
    return RulesetInfo(
        name=name, default=name == "east-point",
        options=[RulesetOption(tag=tag, values=list(values), default=values[0])
                 for tag, values in maker.options.items()],
        seats=[seat.value for seat in ruleset.seats], trump=ruleset.trump != "none",
        cards=[str(card) for card, copies in ruleset.pack.items() if copies],
        melds=list(dict.fromkeys(str(kind) for table in tables for kind in table)))


# --- the routes ----------------------------------------------------------------------------

_ERRORS = {
    400: "malformed JSON", 413: "a body past the size limit",
    415: "a content type the address does not read",
    422: "a request that does not fit its schema, a record with syntax errors or not UTF-8, "
         "a position that cannot be, an unknown ruleset or option",
    504: "past the time limit",
}


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {s: {"model": ErrorBody, "description": _ERRORS[s]} for s in statuses}


def _body(json_model: Any, text: bool) -> dict[str, Any]:
    content: dict[str, Any] = {}
    if text:
        content[TEXT] = {"schema": {"type": "string", "description": "the record (UTF-8)"}}
    content[JSON] = {"schema": body_schema(json_model)}
    return {"requestBody": {"required": True, "content": content}}


def _json(text: str) -> Response:
    return Response(text, media_type=JSON)


async def _time_up(request: Request, exc: Exception) -> Response:
    limit: float = request.app.state.settings.time_limit
    return error_response(504, f"the request took longer than the limit of {limit:g} s")


async def _client_gone(request: Request, exc: Exception) -> Response:
    """Nobody reads it: the client closed the connection before its answer (nginx's 499)."""
    return error_response(499, "the client closed the connection before the answer")


def install(app: FastAPI, settings: ServiceSettings) -> None:
    """Add the referee's routes to ``app``."""
    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(TimeUp, _time_up)
    app.add_exception_handler(ClientGone, _client_gone)
    router = APIRouter(prefix="/v1", tags=["referee"])

    async def record_body(request: Request, adapter: TypeAdapter[Any]) -> tuple[bytes, Any]:
        """The record's bytes and the request: a text body is the record itself (checked to
        be UTF-8); a JSON body is the request model (its ``text`` the record)."""
        kind, data = await read_body(request, (TEXT, JSON))
        if kind == TEXT:
            utf8(data, "the record", 422)
            return data, None
        body = checked(adapter, parse_json(data))
        return _encoded(body.text, "text"), body

    @router.post("/validate", response_model=Report,
                 responses={200: {"content": {NDJSON: {"schema": {
                     "type": "string", "description": "with Accept: application/x-ndjson, "
                     "pinochle validate --format jsonl: one JSON object a line, each game as "
                     "it is validated, the summary last (or a cut line)"}}}},
                            **_errors(400, 413, 415, 422, 504)},
                 openapi_extra=_body(ValidateRequest, text=True))
    async def validate(request: Request) -> Response:
        """``pinochle validate --json`` of a record: every game, every finding with its rule
        id and place, the corrected scores. The body is the record (``text/plain``) or JSON
        with its ``text``, ``name`` and ``strict``. A syntax error: 422 listing every one.
        With ``Accept: application/x-ndjson`` the answer is streamed as ``pinochle validate
        --format jsonl`` writes it, a game a line (a syntax error is a line too)."""
        data, body = await record_body(request, _VALIDATE)
        name, strict = ("<input>", False) if body is None else (body.name, body.strict)
        if _wants_lines(request):
            return StreamingResponse(_lines(request, data, name, strict), media_type=NDJSON)
        deadline = time.monotonic() + settings.time_limit
        return _json(await compute(request, validate_json, data, name, strict, deadline,
                                   record=data))

    @router.post("/melds", response_model=MeldsReport | TableMeldsReport,
                 responses=_errors(400, 413, 415, 422, 504),
                 openapi_extra=_body(MeldsRequest, text=False))
    async def melds(request: Request) -> Response:
        """The dispute question, ``pinochle melds --json``: which melds may this player make
        now, and is this one legal (with the deciding rule)? Asked at a point of a record
        (``text``, ``game``, ``battle``, ``trick``, ``seat``) or about a position given
        directly (``ruleset``, ``trump``, ``concealed``, ``exposed``, ``scored``, ``played``,
        ``won``)."""
        _, data = await read_body(request, (JSON,))
        question = melds_request(parse_json(data))
        if isinstance(question, MeldsAtPoint):      # a record to replay: heavy
            report = await compute(request, melds_answer, question, record=question.text)
        else:                                       # a position: a few milliseconds at most
            report = await run_in_threadpool(melds_answer, question)
        return _json(report.model_dump_json())

    @router.post("/format", response_class=Response,
                 responses={200: {"content": {TEXT: {"schema": {"type": "string"}}},
                                  "description": "the canonical text"},
                            **_errors(400, 413, 415, 422, 504)},
                 openapi_extra=_body(FormatRequest, text=True))
    async def format_(request: Request) -> Response:
        """``pinochle fmt``: the record's canonical text (docs/notation.md §3). The body is the
        record (``text/plain``) or JSON with its ``text``."""
        data, body = await record_body(request, _FORMAT)
        name = "<input>" if body is None else body.name
        text = await compute(request, format_text, data, name, record=data)
        return PlainTextResponse(text)

    @router.get("/rulesets", response_model=Rulesets)
    def list_rulesets() -> Rulesets:
        """Every ruleset a record's ``Ruleset`` tag may name, and its option tags."""
        return rulesets()

    app.include_router(router)
