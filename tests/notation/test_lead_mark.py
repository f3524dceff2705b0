"""The lead mark (docs/notation.md §2.4, §11): ``N. SEAT: LEAD FOLLOW …`` says who led a trick,
the rule in question being R8 (the nondealer leads the first trick, the winner the next) and,
at a table of four, DP-PLAY1 and DP-PLAY6. Here the notation's side: it reads (in one step as
word by word), writes back only where the record had it, and a bad mark is a syntax error at
its word saying what was expected."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.strategies import notation_blanks, notation_card_spellings, notation_cards

from pinochle.notation import NotationError, Seat, Span, TableTrick, Trick, dumps, parse
from pinochle.notation.grammar import LARK
from pinochle.notation.lexer import _FAST_TRICK, Lexer
from pinochle.notation.reader import TABLE, _Reader
from pinochle.notation.source import text_lines

_TRICK_LINE = re.compile(LARK.get_terminal("TRICK_LINE").pattern.to_regexp())
_TABLE_TRICK_LINE = re.compile(LARK.get_terminal("TABLE_TRICK_LINE").pattern.to_regexp())

HEAD = "battle 1 dealer W\n"


def _events(text: str) -> tuple:
    (game,) = parse(text).games
    return game.battles[0].events


def _read(text: str, fast: bool) -> tuple[list, list[str]]:
    """Games (every span: ``model_dump``) and error messages, with or without the one-step
    trick lines."""
    reader = _Reader(Lexer(text_lines(text), fast=fast), "t.pin")
    reader.read(reader.lexer.lines())
    return [g.model_dump() for g in reader.games], [str(e) for e in reader.errors]


def _first_kind(line: str) -> str:
    return next(Lexer([line]).lines(), [("",)])[0][0]


def _errors(text: str) -> list[NotationError]:
    with pytest.raises(NotationError) as caught:
        parse(text, filename="t.pin")
    return caught.value.errors


# ---- reading ----

def test_r8_lead_mark_on_a_two_card_trick_names_the_leader_and_its_place() -> None:
    (trick,) = _events(HEAD + "1. E: T♥ T♣ W\n")
    assert isinstance(trick, Trick)
    assert (trick.leader, trick.leader_span) == (Seat.EAST, Span(2, 4, 2, 6))
    assert (str(trick.lead), str(trick.follow), trick.winner) == ("T♥", "T♣", Seat.WEST)
    assert (trick.lead_span, trick.follow_span, trick.winner_span) == \
        (Span(2, 7, 2, 9), Span(2, 10, 2, 12), Span(2, 13, 2, 14))
    assert trick.span == Span(2, 1, 2, 14)


def test_r8_a_trick_without_a_mark_has_no_leader() -> None:
    (trick,) = _events(HEAD + "1. T♥ T♣ W\n")
    assert (trick.leader, trick.leader_span) == (None, Span())


def test_r8_lead_mark_in_either_case_with_melds_and_a_comment() -> None:
    first, second = _events(HEAD + "1. w:\tT♥ T♣ W ♣2 40 (K♣) {late}\n2. e: Q♥ Q♣\n")
    assert (first.leader, first.leader_span) == (Seat.WEST, Span(2, 4, 2, 6))
    assert [m.points for m in first.melds] == [40] and first.comments[0].text == "late"
    assert (second.leader, second.winner) == (Seat.EAST, None)


def test_dp_play1_lead_mark_on_a_four_card_trick() -> None:
    (trick,) = _events("battle 1 dealer N\n1. S: T♥ A♥ J♥ K♥ W\n")
    assert isinstance(trick, TableTrick)
    assert (trick.leader, trick.leader_span, trick.winner) == \
        (Seat.SOUTH, Span(2, 4, 2, 6), Seat.WEST)
    assert trick.card_spans[0] == Span(2, 7, 2, 9)


def test_r8_the_reader_takes_any_of_the_four_seats_the_ruleset_is_the_adjudicators() -> None:
    (trick,) = _events(HEAD + "1. N: T♥ T♣\n")
    assert trick.leader is Seat.NORTH


def test_r8_the_mark_is_content_and_its_span_is_not() -> None:
    marked, unmarked = _events(HEAD + "1. E: T♥ T♣\n"), _events(HEAD + "1. T♥ T♣\n")
    assert marked != unmarked
    assert _events(HEAD + "1. E:    T♥ T♣\n") == marked  # spans differ, content the same


# ---- writing ----

def test_r8_the_writer_writes_the_mark_where_the_record_had_it_and_nowhere_else() -> None:
    text = HEAD + "1. e: T♥ T♣ W\n2. A♥ D♣ W\n3. W: K♥ D♠ W ♥2 20\n4. n: A♠ K♠ T♠ J♠ E\n"
    record = parse(text)
    written = dumps(record)
    assert written == ("battle 1 dealer W\n1. E: T♥ T♣ W\n2. A♥ D♣ W\n3. W: K♥ D♠ W ♥2 20\n"
                       "4. N: A♠ K♠ T♠ J♠ E\n")
    assert parse(written) == record and dumps(parse(written)) == written


def test_r8_the_writer_refuses_a_lead_mark_that_is_no_seat() -> None:
    (trick,) = _events(HEAD + "1. T♥ T♣\n")
    bad = trick.model_copy(update={"leader": "X"})
    game = parse(HEAD + "1. T♥ T♣\n").games[0]
    battle = game.battles[0].model_copy(update={"events": (bad,)})
    with pytest.raises(NotationError, match="a trick's lead mark is N or E or S or W, not X"):
        dumps(game.model_copy(update={"battles": (battle,)}))


# ---- errors: positioned, saying what was expected ----

def test_r8_a_mark_that_is_no_seat_is_an_error_at_its_word() -> None:
    (error,) = _errors(HEAD + "1. X: T♥ T♣\n")
    assert (error.line, error.column) == (2, 4)
    assert error.message == ("expected a card such as Q♥ or QH or a lead mark naming who led "
                             "(`E:` or `W:`; at a table of four `N:`, `E:`, `S:` or `W:`), "
                             "found 'X:'")
    assert "^^" in (error.snippet or "")


def test_r8_a_seat_without_its_colon_is_an_error_that_says_how_to_write_the_mark() -> None:
    (error,) = _errors(HEAD + "1. e T♥ T♣ W\n")
    assert (error.line, error.column) == (2, 4)
    assert error.message.endswith("found 'e' (a lead mark is the seat and a colon: `E:`)")


def test_r8_a_mark_without_a_blank_after_it_is_an_error_that_says_so() -> None:
    (error,) = _errors(HEAD + "1. W:T♥ T♣\n")
    assert (error.line, error.column) == (2, 4)
    assert error.message.endswith("found 'W:T♥' (a blank follows the lead mark: `W: T♥`)")


def test_r8_a_mark_out_of_place_or_twice_is_an_error_at_the_second_word() -> None:
    for line, column in (("1. T♥ E: T♣", 7), ("1. E: W: T♥ T♣", 7), ("1. T♥ T♣ E:", 10)):
        (error,) = _errors(HEAD + line + "\n")
        assert (error.line, error.column) == (2, column), line
        assert "found 'E:'" in error.message or "found 'W:'" in error.message, line
        assert "lead mark" not in error.message, line  # a mark is expected right after N. only


def test_r8_the_lines_after_a_bad_mark_are_read_and_reported_on_their_own() -> None:
    errors = _errors(HEAD + "1. X: T♥ T♣\n2. E: A♥ D♣\n3. Q♥ Q♣ E E\n")
    assert [(e.line, e.column) for e in errors] == [(2, 4), (4, 12)]


# ---- one step and word by word ----

@st.composite
def marked_trick_lines(draw: st.DrawFn, cards: int = 2) -> str:
    """A trick line with a lead mark in any spelling: blanks of spaces and tabs, the seat in
    either case, every spelling of the cards; a winner mark and a meld sometimes."""
    blank = lambda: draw(notation_blanks)  # noqa: E731
    words = [draw(st.sampled_from(["1", "07", "24"])) + ".",
             draw(st.sampled_from(list("NnEeSsWw"))) + ":"]
    words += [draw(notation_card_spellings(draw(notation_cards))) for _ in range(cards)]
    if draw(st.booleans()):
        words.append(draw(st.sampled_from(["E", "w"] if cards == 2 else ["N", "s", "E", "w"])))
    if cards == 2 and draw(st.booleans()):
        words += ["♣2", "40"]
    return blank().join(words) + draw(st.sampled_from(["", " ", "\t"]))


@settings(max_examples=200, deadline=None)
@given(marked_trick_lines())
def test_r8_a_marked_trick_line_is_read_in_one_step_as_word_by_word(line: str) -> None:
    assert _first_kind(line) == "TRICK_LINE", line
    assert _TRICK_LINE.fullmatch(line.rstrip(" \t")), line
    text = HEAD + line + "\n"
    fast = _read(text, True)
    assert fast == _read(text, False) and not fast[1], line


@settings(max_examples=100, deadline=None)
@given(marked_trick_lines(cards=4))
def test_dp_play1_a_marked_four_card_line_is_read_in_one_step_as_word_by_word(line: str) -> None:
    assert _first_kind(line) == "TABLE_TRICK_LINE", line
    assert _TABLE_TRICK_LINE.fullmatch(line.rstrip(" \t")), line
    text = "battle 1 dealer N\n" + line + "\n"
    fast = _read(text, True)
    assert fast == _read(text, False) and not fast[1], line


_DAMAGE = st.sampled_from(list(": \tEWNSx{;") + ["E:", "W: ", "::", "10"])


@settings(max_examples=200, deadline=None)
@given(st.one_of(marked_trick_lines(), marked_trick_lines(cards=4)), st.data())
def test_r8_a_damaged_marked_line_gives_the_same_nodes_and_errors_both_ways(
        line: str, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(line)))
    j = data.draw(st.integers(i, min(len(line), i + 3)))
    damaged = line[:i] + data.draw(st.one_of(st.just(""), _DAMAGE)) + line[j:]
    text = HEAD + damaged + "\n"
    assert _read(text, True) == _read(text, False), damaged
    kind = _first_kind(damaged)
    stripped = damaged.rstrip(" \t")
    assert (kind == "TRICK_LINE") == bool(_TRICK_LINE.fullmatch(stripped)), damaged
    assert (kind == "TABLE_TRICK_LINE") == (bool(_TABLE_TRICK_LINE.fullmatch(stripped))
                                            and not _TRICK_LINE.fullmatch(stripped)), damaged


def test_r8_a_run_of_marked_trick_lines_is_taken_a_step_a_line_and_recovers_the_same() -> None:
    assert "TRICK_LINE" in TABLE.repeats.values()
    tricks = ["1. W: Q♥ Q♠ E", "2. A♣ T♣ W ♣2 81", "3. E: K♦ K♦", "4. w: J♠ N♠ E"]
    for bad in ("5. X: Q♥ Q♠", "5. E Q♥ Q♠", "5. Q♥ E: Q♠", "5. E:"):
        for where in range(len(tricks) + 1):
            lines = ["battle 1 dealer E", *tricks[:where], bad, *tricks[where:], "score E 1"]
            text = "\n".join(lines) + "\n"
            fast = _read(text, True)
            assert fast == _read(text, False) and fast[1], (bad, where)


def test_r8_an_unmarked_trick_line_is_matched_by_the_first_pattern_alone() -> None:
    """The mark's pattern is tried only after the unmarked ones fail on a line with a colon,
    so that unmarked parsing costs what it did (benchmarks/parse.py)."""
    assert _FAST_TRICK("1. T♥ T♣ W ♣2 40") is not None
    assert _FAST_TRICK("1. E: T♥ T♣ W") is None
    assert _first_kind("1. E: T♥ T♣ W") == "TRICK_LINE"
