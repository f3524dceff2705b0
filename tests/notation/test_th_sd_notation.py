"""The statements of the three-handed game (TH) and single-deck partnership (SD), docs/notation.md
§12 (the specs' §9): three seats N, E, W (TH-SEAT1, TH-SEAT2), the deal of three hands and the
widow (TH-DEAL1, TH-WIDOW1), ``bury`` (TH-BURY1), ``concede`` (TH-CONCEDE1, SD-CONCEDE1), ``send``
(SD-PASS1-3), three-card tricks (TH-PLAY2), signed claims by seat with N, and the renege claim
naming both seats (TH-LAW, SD-LAW). The reader counts nothing (the adjudicator's): it reads each
form, in one step as word by word, writes it back byte for byte, and a bad line is a syntax
error at its line and column saying what was expected."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.notation.test_lead_mark import _errors, _first_kind, _read  # (the same helpers)
from tests.strategies import notation_blanks, notation_card_spellings, notation_cards

from pinochle.notation import Card, NotationError, Seat, Span, dumps, parse
from pinochle.notation.events import (Bury, Claim, Concession, Hands, Objection, Send,
                                      TableTrick)
from pinochle.notation.grammar import LARK

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
DATA = Path(__file__).parent / "data"
HEAD = "battle 1 dealer W\n"
_TABLE_TRICK_LINE = re.compile(LARK.get_terminal("TABLE_TRICK_LINE").pattern.to_regexp())
_CLAIM_LINE = re.compile(LARK.get_terminal("CLAIM_LINE").pattern.to_regexp())


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def _events(text: str) -> tuple:
    (game,) = parse(text).games
    return game.battles[0].events


# ---- the specs' §9 examples: read, and written back byte for byte ----

@pytest.mark.parametrize("name", ["three_handed.pin", "single_deck.pin"])
def test_TH_SD_the_specs_examples_round_trip_byte_for_byte(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    assert dumps(parse(text)) == text


@pytest.mark.parametrize("name", ["three_handed.pin", "single_deck.pin"])
def test_TH_SD_the_examples_are_the_blocks_of_docs_notation_md_12(name: str) -> None:
    docs = (Path(__file__).parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    section = docs[docs.index("## 12. "):]
    text = (DATA / name).read_text(encoding="utf-8")
    assert f"```pinochle\n{text}```\n" in section


def test_TH_DEAL1_TH_WIDOW1_TH_BURY1_the_three_handed_example_reads_to_its_events() -> None:
    (game,) = parse((DATA / "three_handed.pin").read_text(encoding="utf-8")).games
    events = [e for e in game.battles[0].events if e.type != "comment"]
    hands = events[0]
    assert isinstance(hands, Hands) and len(hands.hands) == 3
    assert [len(h) for h in hands.hands] == [15, 15, 15]
    assert hands.widow == cards("Q♦ Q♠ K♠") and hands.widow_span == Span(10, 1, 10, 16)
    assert [s.line for s in hands.spans] == [7, 8, 9]
    bury = next(e for e in events if isinstance(e, Bury))
    assert (bury.seat, bury.cards) == (N, cards("J♥ T♣ N♦"))
    trick = next(e for e in events if isinstance(e, TableTrick))
    assert (trick.cards, trick.winner) == (cards("Q♦ A♦ K♦"), E)
    claims = [e for e in events if isinstance(e, Claim)]
    assert [(c.category, c.north, c.east, c.west) for c in claims] == [
        ("tricks", 80, 110, 60), ("melds", 250, 10, 20), ("score", 330, 120, 80)]
    assert [(c.of(N), c.of(E), c.of(W), c.of(S)) for c in claims[:1]] == [(80, 110, 60, None)]
    assert claims[0].seats == (N, E, W)
    assert game.closing[0] == Claim(category="game", north=1040, east=610, west=380)


def test_SD_PASS1_SD_CONCEDE1_the_single_deck_example_reads_to_its_events() -> None:
    (game,) = parse((DATA / "single_deck.pin").read_text(encoding="utf-8")).games
    events = game.battles[0].events
    sends = [e for e in events if isinstance(e, Send)]
    assert [(s.seat, s.cards) for s in sends] == [(N, cards("K♥ A♦ T♦ K♦")),
                                                 (S, cards("Q♦ Q♦ Q♣ A♣"))]
    assert sends[0].span == Span(19, 1, 19, 19)
    assert any(isinstance(e, TableTrick) and len(e.cards) == 4 for e in events)


# ---- each statement, its event and its place ----

@pytest.mark.parametrize(("line", "event"), [
    ("bury N J♥ T♣ N♦", Bury(seat=N, cards=cards("J♥ T♣ N♦"))),
    ("bury E Q♠", Bury(seat=E, cards=cards("Q♠"))),               # the count is TH-BURY1's
    ("concede N", Concession(seat=N)),
    ("concede S", Concession(seat=S)),
    ("send S A♥ T♥ K♥ Q♥", Send(seat=S, cards=cards("A♥ T♥ K♥ Q♥"))),
    ("object renege N E", Objection(target="renege", seat=N, offender=E)),
    ("object renege W", Objection(target="renege", seat=W)),       # two-handed, as before
    ("tricks N 80 E 110 W 60", Claim(category="tricks", north=80, east=110, west=60)),
    ("score N -660 E 120 W 90", Claim(category="score", north=-660, east=120, west=90)),
    ("total N 330", Claim(category="total", north=330)),
    ("melds N 10 W 20", Claim(category="melds", north=10, west=20)),
    ("score E -5", Claim(category="score", east=-5)),
    ("tricks E 380 W 340", Claim(category="tricks", east=380, west=340)),  # as ever
    ("1. Q♦ A♦ K♦ E", TableTrick(number=1, cards=cards("Q♦ A♦ K♦"), winner=E)),
    ("1. N: Q♦ A♦ K♦", TableTrick(number=1, cards=cards("Q♦ A♦ K♦"), leader=N)),
    ("1. Q♦ A♦ K♦", TableTrick(number=1, cards=cards("Q♦ A♦ K♦"))),
])
def test_TH_SD_each_new_statement_reads_to_its_event_and_back(line: str, event: object) -> None:
    (read,) = _events(HEAD + line + "\n")
    assert read == event
    assert dumps(parse(HEAD + line + "\n")) == HEAD + line + "\n"


def test_TH_three_hands_without_a_widow_read_and_write() -> None:
    text = HEAD + "N: A♠\nE: K♠\nW: Q♠ ; no widow line\n"
    (hands,) = _events(text)
    assert hands.hands == (cards("A♠"), cards("K♠"), cards("Q♠")) and hands.widow is None
    assert dumps(parse(text)) == text


def test_the_spans_of_a_claim_by_seat_are_each_seat_and_its_number() -> None:
    (claim,) = _events(HEAD + "score N -660 E 120 W 90\n")
    assert (claim.north_span, claim.east_span, claim.west_span) == (
        Span(2, 7, 2, 13), Span(2, 14, 2, 19), Span(2, 20, 2, 24))
    assert claim.span == Span(2, 1, 2, 24)
    assert claim.span_of(N) == claim.north_span and claim.span_of(S) == Span()


# ---- one step and word by word ----

@pytest.mark.parametrize("line", [
    "1. Q♦ A♦ K♦ E", "1. Q♦ A♦ K♦", "12.\tqd ad  kd n", "1. N: Q♦ A♦ K♦", "1. w: QD AD KD W",
    "tricks N 80 E 110 W 60", "score N -660 E 120 W 90", "total  n -5", "melds E -10 W 20",
    "score W -0", "game N 1040 E 610 W 380",
])
def test_TH_the_new_lines_read_in_one_step_as_word_by_word(line: str) -> None:
    text = HEAD + line + "\n" if not line.startswith("game") else HEAD + "\n" + line + "\n"
    assert _read(text, fast=True) == _read(text, fast=False)
    if not line.startswith("game"):
        assert _first_kind(line) in ("TABLE_TRICK_LINE", "CLAIM_LINE")


@pytest.mark.parametrize("line", ["1. Q♦ A♦ K♦ E", "1. N: Q♦ A♦ K♦", "tricks N 80 E 110 W 60",
                                  "score N -660", "score E -5 W 3"])
def test_the_one_step_lines_are_what_the_grammars_terminals_spell(line: str) -> None:
    terminal = _TABLE_TRICK_LINE if line[0].isdigit() else _CLAIM_LINE
    assert terminal.fullmatch(line)


@given(st.data(), st.integers(1, 15), st.booleans(), st.booleans())
@settings(max_examples=60, deadline=None)
def test_TH_PLAY2_a_three_card_trick_in_any_spelling_reads_the_same_both_ways(
        data: st.DataObject, number: int, marked: bool, won: bool) -> None:
    played = data.draw(st.lists(notation_cards, min_size=3, max_size=3))
    blank = data.draw(notation_blanks)
    words = [f"{number}."] + (["N:"] if marked else [])
    words += [data.draw(notation_card_spellings(card)) for card in played]
    words += [data.draw(st.sampled_from("NnEeWwSs"))] if won else []
    text = HEAD + blank.join(words) + "\n"
    assert _read(text, fast=True) == _read(text, fast=False)
    (trick,) = _events(text)
    assert isinstance(trick, TableTrick) and trick.cards == tuple(played)


@given(st.lists(st.tuples(st.sampled_from("NEW"), st.integers(-10 ** 9 + 1, 10 ** 9 - 1)),
                min_size=1, max_size=3, unique_by=lambda pair: pair[0]),
       st.sampled_from(["tricks", "melds", "score", "total"]))
@settings(max_examples=60, deadline=None)
def test_a_claim_by_seat_reads_the_same_both_ways(pairs: list[tuple[str, int]],
                                                  category: str) -> None:
    pairs.sort(key=lambda pair: "NEW".index(pair[0]))
    text = HEAD + " ".join([category] + [f"{s} {v}" for s, v in pairs]) + "\n"
    assert _read(text, fast=True) == _read(text, fast=False)
    (claim,) = _events(text)
    assert {s: claim.of({'N': N, 'E': E, 'W': W}[s]) for s, _ in pairs} == dict(pairs)


# ---- bad lines: an error at the line and column, saying what was expected ----

@pytest.mark.parametrize(("line", "where", "message"), [
    ("bury N", "2:7", "expected a card such as Q♥ or QH, found the end of the line"),
    ("bury N Q♥ XX", "2:11", "expected a card such as Q♥ or QH, found 'XX'"),
    ("bury Q♥", "2:6", "expected a seat (N, E, S or W), found 'Q♥'"),
    ("send S", "2:7", "expected a card such as Q♥ or QH, found the end of the line"),
    ("concede", "2:8", "expected a seat (N, E, S or W), found the end of the line"),
    ("concede N E", "2:11", "expected the end of the line, found 'E'"),
    ("tricks N 5 N 6", "2:12", "expected a seat (E or W) or the end of the line, found 'N' "
                               "(a claim names each seat once, in the order N, E, W)"),
    ("tricks E 5 N 6", "2:12", "expected a seat (E or W) or the end of the line, found 'N' "
                               "(a claim names each seat once, in the order N, E, W)"),
    ("tricks S 5", "2:8", "expected a seat (N, E or W) or a side (NS or EW), found 'S'"),
    ("tricks N", "2:9", "expected a number, found the end of the line"),
    ("object renege N", "2:16", "expected a seat (N, E, S or W), found the end of the line"),
    ("object deal N", "2:13", "expected a seat (E or W), found 'N'"),  # two-handed, as before
    ("1. Q♦ A♦ K♦ J♦ Q♠", "2:16", "expected a seat (N, E, S or W) or the end of the line, "
                                  "found 'Q♠'"),
])
def test_TH_SD_a_bad_line_is_an_error_at_its_place_saying_what_was_expected(
        line: str, where: str, message: str) -> None:
    (error,) = _errors(HEAD + line + "\n")
    assert f"{error.line}:{error.column}" == where
    assert error.message == message
    assert _read(HEAD + line + "\n", fast=True)[1] == _read(HEAD + line + "\n", fast=False)[1]


def test_TH_WIDOW1_the_widow_comes_right_after_three_hands_and_nowhere_else() -> None:
    (error,) = _errors(HEAD + "widow: Q♦\n")
    assert (error.line, error.column) == (2, 1)
    (error,) = _errors(HEAD + "N: A♠\nE: K♠\nS: Q♠\nW: J♠\nwidow: Q♦\n")
    assert (error.line, error.column) == (6, 1)
    (error,) = _errors(HEAD + "N: A♠\nE: K♠\nW: Q♠\nwidow:\n")
    assert (error.line, error.column, error.message) == (
        5, 7, "expected a card such as Q♥ or QH, found the end of the line")


# ---- the writer refuses what would not read back ----

@pytest.mark.parametrize(("node", "message"), [
    (Hands(hands=(cards("A♠"),) * 4, widow=cards("Q♦")), "a widow is dealt with three hands"),
    (Bury(seat=N, cards=()), "a bury names at least one card"),
    (Send(seat=S, cards=()), "a pass of cards names at least one card"),
    (Objection(target="deal", seat=E, offender=W), "only a renege claim names the offender"),
])
def test_the_writer_refuses_what_would_not_read_back(node: object, message: str) -> None:
    from pinochle.notation.events import Battle, Game
    game = Game(battles=(Battle(number=1, dealer=W, events=(node,)),))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=re.escape(message)):
        dumps(game)
