"""The answers a ruling stores, computed by the same adjudicator and CLI functions as
``pinochle validate --json`` and ``pinochle melds --json``.

This module is the one seam between the ruling store and the engine: ``validate_answer`` and
``melds_answer`` take a request body (a ``/v1/validate`` or ``/v1/melds`` JSON body, as a dict)
and return the report, or raise ``AnswerError`` for a question that cannot be answered (a record
with syntax errors, a position no battle can reach). When the API routes' own functions
(``service.api.validate_text``, ``service.api.melds_answer``) are merged, these two become thin
calls to them, so that a ruling and the API always give the same answer.
"""

from __future__ import annotations

import io
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from pinochle.adjudicator.report import (
    FileReport, GameReport, Report, Summary, SyntaxErrorReport, add_game, exit_status,
    validate_game,
)
from pinochle.cli.melds import (
    MeldsReport, answer, direct_position, json_report, parse_kind, parse_ruleset,
    position_in,
)
from pinochle.notation.cards import Seat
from pinochle.notation.errors import NotationError, PinochleError
from pinochle.notation.reader import iter_games, parse_bytes
from pinochle.notation.source import SourceLines

__all__ = ["AnswerError", "MeldsAtPosition", "MeldsAtRecord", "MeldsRequest",
           "ValidateRequest", "melds_answer", "validate_answer"]


class AnswerError(Exception):
    """A question the engine cannot answer: ``message`` for a person, ``errors`` the positioned
    problems (``{"line", "column", "message"}``) when there are several."""

    def __init__(self, message: str, errors: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.message, self.errors = message, errors


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ValidateRequest(_Body):
    """A ``/v1/validate`` JSON body: the record's text, the name its findings give it, and
    whether notices fail it (``--strict``)."""

    text: str
    name: str = "<input>"
    strict: bool = False


class MeldsAtRecord(_Body):
    """A ``/v1/melds`` question at a point of a record: ``seat``'s melds in game ``game``,
    battle ``battle``, right after trick ``trick`` is gathered."""

    text: str
    game: int = Field(default=1, ge=1)
    battle: int = Field(ge=1)
    trick: int = Field(ge=1)
    seat: Literal["E", "W"]
    meld: Optional[str] = None


class MeldsAtPosition(_Body):
    """A ``/v1/melds`` question about a position given directly (the options of ``pinochle
    melds``): the ruleset's tags, trump, the hands and what was scored, played and won."""

    ruleset: dict[str, str] = Field(default_factory=dict)
    trump: Optional[str] = None
    concealed: str
    exposed: str = ""
    scored: str = ""
    played: str = ""
    won: str = ""
    meld: Optional[str] = None


MeldsRequest = Union[MeldsAtRecord, MeldsAtPosition]


def validate_answer(request: dict[str, Any]) -> Report:
    """``pinochle validate --json`` on the request's text, every finding shown (no
    ``--max-errors`` cut); syntax errors are an ``AnswerError`` listing each with its place."""
    body = ValidateRequest.model_validate(request)
    source = SourceLines(io.BytesIO(body.text.encode("utf-8")))
    games: list[GameReport] = []
    syntax: list[SyntaxErrorReport] = []
    summary = Summary(files=1)
    for number, item in enumerate(iter_games(source, body.name), 1):
        if isinstance(item, NotationError):
            syntax.extend(SyntaxErrorReport(file=e.filename or body.name, line=e.line or 0,
                                            column=e.column or 0, message=e.message,
                                            snippet=e.snippet) for e in item.errors)
            continue
        report = validate_game(item, body.name, number)
        summary = add_game(summary, report)
        games.append(report)
    if syntax:
        raise AnswerError("the record has syntax errors",
                          [{"line": s.line, "column": s.column, "message": s.message}
                           for s in syntax])
    return Report(files=[FileReport(file=body.name, games=games, syntax_errors=[])],
                  summary=summary, exit_status=exit_status(summary, body.strict))


def melds_answer(request: dict[str, Any]) -> MeldsReport:
    """``pinochle melds --json`` for the request's question, at a point of a record or about a
    position given directly; a question that describes no position is an ``AnswerError``."""
    body: MeldsAtRecord | MeldsAtPosition
    if "text" in request:
        body = MeldsAtRecord.model_validate(request)
    else:
        body = MeldsAtPosition.model_validate(request)
    try:
        kind = None if body.meld is None else parse_kind("meld", body.meld.strip())
        if isinstance(body, MeldsAtRecord):
            record = parse_bytes(body.text.encode("utf-8"), "<input>")
            position, where = position_in(record, body.game, body.battle, body.trick,
                                          Seat.parse(body.seat))
        else:
            ruleset = parse_ruleset([f"{name}={value}" for name, value in body.ruleset.items()])
            position = direct_position(ruleset, body.concealed, body.exposed, body.scored,
                                       body.played, body.won, body.trump)
            where = {}
    except NotationError as error:
        raise AnswerError("the record has syntax errors",
                          [{"line": e.line or 0, "column": e.column or 0, "message": e.message}
                           for e in error.errors]) from None
    except PinochleError as error:        # InputError: a value that describes no position
        raise AnswerError(str(error)) from None
    verdicts, question, cards_alone = answer(position, kind)
    return MeldsReport.model_validate_json(
        json_report(verdicts, question, cards_alone, position, **where))
