"""The replay page and its data.

- ``POST /v1/replay``: a record (``text/plain``, UTF-8, or JSON ``{"text": ...}``) → every game
  replayed step by step (``adjudicator.timeline``: one visitor of the replay walker). A record
  with syntax errors is a 422 listing each with its line and column, as ``/v1/validate`` does.
- ``GET /v1/examples`` and ``GET /v1/examples/{name}``: the records the page's "load example"
  offers (``service/examples``: links to records of ``corpus/``).
- ``GET /``: the page (paste, upload or load a record); ``GET /r/{id}``: the page opening a
  stored ruling (its script fetches ``/v1/rulings/{id}`` and replays the ruling's record);
  ``/static/``: the page's files (``service/static``: plain HTML, CSS and JavaScript).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional, Union

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, TypeAdapter

from pinochle.adjudicator import GameTimeline, Timeline, build_timeline, game_timeline
from pinochle.notation.errors import NotationError
from pinochle.notation.events import Game
from pinochle.notation.plain import json_bytes
from pinochle.notation.reader import parse
from pinochle.notation.source import text_lines

from .api import notation_error
from .bodies import JSON, TEXT, ApiError, checked, parse_json, read_body, utf8
from .errors import ErrorBody, error_response
from .settings import ServiceSettings
from .work import compute

__all__ = ["EXAMPLES", "Example", "GameLeftOut", "Replay", "ReplayRequest", "budget", "install",
           "read_record", "replay_json", "replay_text"]

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"
EXAMPLE_DIR = HERE / "examples"
#: A replay answer holds at most ``RATIO`` times its record, and at least ``FLOOR`` bytes.
RATIO = 10
FLOOR = 1 << 20


class ReplayRequest(BaseModel):
    """The JSON form of ``POST /v1/replay``'s body."""

    text: str = Field(description="the record, in the notation of docs/notation.md")


_REPLAY = TypeAdapter(ReplayRequest)


class Example(BaseModel):
    """A record the page can load: its name (``GET /v1/examples/{name}``) and what it shows."""

    name: str
    title: str


#: The examples, in the order the page offers them (the first is the default).
EXAMPLES = (
    Example(name="R9F-repeat", title="A repeated meld (R9F): East Point, one battle"),
    Example(name="club-night", title="Club night: East Point, four battles"),
    Example(name="old-time-evening", title="An old-time evening: trump and upcard"),
    Example(name="double-pack-evening",
            title="A partnership evening (double-pack): four hands, the auction, a set"),
)


async def read_record(request: Request) -> str:
    """The record a request carries: a ``text/plain`` body (UTF-8; a body without a content
    type is taken as text) or JSON ``{"text": ...}``, read as the other routes read theirs
    (``bodies.py``: 415, 400 for malformed JSON, 422 for text that is not UTF-8 or JSON off the
    schema)."""
    kind, data = await read_body(request, (TEXT, JSON))
    if kind == TEXT:
        return utf8(data, "the record", 422)
    request_model: ReplayRequest = checked(_REPLAY, parse_json(data))
    return request_model.text


class GameLeftOut(BaseModel):
    """A game of the record whose timeline did not fit in the answer (see ``budget``): ask
    for it alone with ``POST /v1/replay?game=N``."""

    game: int
    line: int = Field(description="the line of the record where the game begins")
    tags: dict[str, str]
    left_out: str = Field(description="why its timeline is not here, and how to get it")


class Replay(BaseModel):
    """Every game of a record, replayed step by step (``POST /v1/replay``): each game's
    timeline while the answer stays within its budget (``budget``), then only the games'
    numbers and tags."""

    games: list[Union[GameTimeline, GameLeftOut]]


def budget(record: int) -> int:
    """The most bytes a ``/v1/replay`` answer about a record of ``record`` bytes holds:
    ``RATIO`` times the record, and at least ``FLOOR``."""
    return max(RATIO * record, FLOOR)


def _left_out(game: Game, number: int, most: int, alone: bool) -> bytes:
    why = f"the answer holds at most {most:,} bytes (ten times the record, at least 1 MiB)"
    how = ("its timeline alone is larger: pinochle validate checks it" if alone else
           f"ask for game {number} alone, POST /v1/replay?game={number}")
    left = GameLeftOut(game=number, line=game.span.line, tags=game.tags, left_out=f"{why}: {how}")
    return left.model_dump_json().encode("utf-8")


def replay_text(text: str) -> Timeline:
    """The timeline of a record (``NotationError`` for syntax errors)."""
    return build_timeline(text)


def replay_json(text: str, only: int | None = None) -> str:
    """The JSON ``POST /v1/replay`` answers (made in the work process): every game's timeline
    (game ``only`` alone, when given) while the answer stays within ``budget``; from the first
    game that does not fit on, a ``GameLeftOut`` (whose timeline is never built)."""
    record = parse(text)
    lines = text_lines(text)
    room = budget(len(text.encode("utf-8", "surrogatepass"))) - len('{"games":[]}')
    parts: list[bytes] = []
    for number, game in enumerate(record.games, 1):
        if only is not None and number != only:
            continue
        part = b""
        if room > 0:
            part = json_bytes(game_timeline(game, number, lines))
        if not part or len(part) + 1 > room:
            room = 0
            part = _left_out(game, number, budget(len(text.encode("utf-8", "surrogatepass"))),
                             alone=only is not None)
        room -= len(part) + 1
        parts.append(part)
    if only is not None and not parts:
        raise ApiError(422, f"game: the record has {len(record.games)} game(s), not {only}",
                       [{"where": "query.game", "problem": f"no game {only}"}])
    return (b'{"games":[' + b",".join(parts) + b"]}").decode("utf-8")


_RECORD_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": ReplayRequest.model_json_schema()},
            "text/plain": {"schema": {"type": "string"}},
        },
    },
}
_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": why} for status, why in (
        (400, "malformed JSON"), (413, "the body is larger than the limit"),
        (415, "neither text nor JSON"),
        (422, "syntax errors (each with line and column), or a body that is not a record"))}


def install(app: FastAPI, settings: ServiceSettings) -> None:
    """Add the page, its static files, the examples and ``POST /v1/replay`` to ``app``."""

    @app.post("/v1/replay", response_model=Replay, tags=["replay"], responses=_ERRORS,
              openapi_extra=_RECORD_BODY)
    async def replay(request: Request, game: Annotated[Optional[int], Query(
            ge=1, description="only this game of the record (1 = first), e.g. one the "
                              "whole record's answer left out")] = None) -> Any:
        """Replay a record step by step: for every game, its battles and steps (the deal, each
        trick, meld and stated draw, the end) with both hands, the stock, the trick on the
        table, the melds and the running scores, and every finding linked to its step. The
        answer holds at most ten times the record (at least 1 MiB): the games past that are
        listed by number and tags only (``left_out``), each to be asked for alone
        (``?game=N``)."""
        text = await read_record(request)
        try:
            answer = await compute(request, replay_json, text, game, record=text)
            return Response(answer, media_type=JSON)
        except NotationError as error:
            raise notation_error(error) from None

    @app.get("/v1/examples", response_model=list[Example], tags=["replay"])
    def examples() -> list[Example]:
        """The example records the page offers."""
        return list(EXAMPLES)

    @app.get("/v1/examples/{name}", tags=["replay"], response_class=PlainTextResponse,
             responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}},
                        404: {"description": "no such example", "content": {
                            # the component other routes publish (an inline copy's own $defs
                            # reference would not resolve in the document)
                            "application/json": {"schema": {
                                "$ref": "#/components/schemas/ErrorBody"}}}}})
    def example(name: str) -> Response:
        """An example record, as text."""
        if name not in {e.name for e in EXAMPLES}:
            return error_response(404, f"no example named {name!r}; see /v1/examples")
        text = (EXAMPLE_DIR / f"{name}.pin").read_text(encoding="utf-8")
        return PlainTextResponse(text, media_type="text/plain; charset=utf-8")

    page = STATIC / "index.html"

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(page, media_type="text/html; charset=utf-8")

    @app.get("/r/{ruling}", include_in_schema=False)
    def ruling_page(ruling: str) -> FileResponse:
        return FileResponse(page, media_type="text/html; charset=utf-8")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

