"""The record statements of Scarne's laws (docs/notation.md §10): `correct`, `misdeal`,
`deadhand`, `return`, `give` read into typed events with their spans, write back canonically,
refuse what is not their syntax with a place and what was expected, and without Scarne's laws
are reported and ignored (the `Laws` warning), whatever they say."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation import (Correction, DeadHand, GiveCard, Misdeal, NotationError,
                               ReturnCard, Seat, dumps, parse)
from pinochle.notation.cards import Card

HEAD = '[Ruleset "scarne"]\n[Result "*"]\n\nbattle 1 dealer W\n'


def _events(body: str) -> list[object]:
    [game] = parse(HEAD + body).games
    return list(game.battles[0].events)


@pytest.mark.parametrize("line, event", [
    ("correct W 5", Correction(seat=Seat.WEST, trick=5)),
    ("Correct e 12", Correction(seat=Seat.EAST, trick=12)),
    ("misdeal faceup Q♠", Misdeal(reason="faceup", card=Card.parse("Q♠"))),
    ("misdeal FACEUP qs", Misdeal(reason="faceup", card=Card.parse("Q♠"))),
    ("misdeal cut-exposed", Misdeal(reason="cut-exposed")),
    ("misdeal not-cut", Misdeal(reason="not-cut")),
    ("misdeal dealer-exposed", Misdeal(reason="dealer-exposed")),
    ("misdeal count", Misdeal(reason="count")),
    ("deadhand", DeadHand()),
    ("return E", ReturnCard(seat=Seat.EAST)),
    ("give E W", GiveCard(seat=Seat.EAST, to=Seat.WEST)),
])
def test_sc_law_statement_reads_as_its_event(line: str, event: object) -> None:
    [read] = _events(line + "\n")
    assert read == event
    assert read.span.line == 5 and read.span.column == 1  # type: ignore[attr-defined]
    assert read.span.end_column == len(line) + 1  # type: ignore[attr-defined]


@pytest.mark.parametrize("line, canonical", [
    ("CORRECT  w   5 ; late", "correct W 5 ; late"),
    ("misdeal  FaceUp  QS", "misdeal faceup Q♠"),
    ("DeadHand {imperfect}", "deadhand {imperfect}"),
    ("return   w", "return W"),
    ("give w  e", "give W E"),
])
def test_sc_law_statement_writes_canonically_and_round_trips(line: str, canonical: str) -> None:
    written = dumps(parse(HEAD + line + "\n"))
    assert canonical in written.splitlines()
    assert dumps(parse(written)) == written


@pytest.mark.parametrize("line, column, expected", [
    ("misdeal upside-down", 9, "a misdeal's reason"),
    ("misdeal", 8, "a misdeal's reason"),
    ("misdeal faceup Q♠ K♠", 19, "the end of the line"),
    ("correct W", 10, "a number"),
    ("correct 5", 9, "a seat"),
    ("give E", 7, "a seat"),
    ("return", 7, "a seat"),
    ("deadhand E", 10, "the end of the line"),
])
def test_sc_law_statement_syntax_errors_name_the_place(line: str, column: int,
                                                      expected: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(HEAD + line + "\n")
    message = str(caught.value)
    assert f":5:{column}:" in message, message
    assert f"expected {expected}" in message, message


@pytest.mark.parametrize("line", ["correct W 1", "misdeal faceup", "deadhand", "return E",
                                  "give E W"])
def test_sc_law_statement_without_scarnes_laws_is_reported_and_ignored(line: str) -> None:
    laws = '[Laws "none"]\n'           # without the tag Scarne's laws apply
    text = HEAD.replace("[Result", laws + "[Result") + line + "\n"
    [game] = parse(text).games
    report = validate_game(game)
    [finding] = [f for f in report.findings if f.rule == "Laws"]
    assert finding.severity == "warning" and finding.line == 5 + laws.count("\n")
    assert "no irregularity laws" in finding.message
    assert report.battles[0].east.score == report.battles[0].west.score == 0
