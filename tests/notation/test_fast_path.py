"""The trick line read in one step (``TRICK_LINE``) is the trick line read word by word.

The lexer reads a trick line in its common spellings with one regular expression and hands the
parser one token carrying the finished trick (for speed: three lines in four are tricks). These
tests hold it to the word-by-word path (``Lexer(..., fast=False)``): the same nodes with the same
spans, the same errors, and a match exactly where the grammar's ``TRICK_LINE`` terminal matches.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.strategies import (notation_blanks, notation_card_spellings, notation_cards,
                        notation_keyword_spellings,
                        notation_meld_kinds, notation_meld_like_words, notation_meld_spellings,
                        notation_records)

from pinochle.notation import Card, NotationError, Seat, Span, dumps, parse
from pinochle.notation.grammar import LARK
from pinochle.notation.lexer import Lexer, _meld_pattern, classify
from pinochle.notation.reader import _Reader
from pinochle.notation.source import text_lines

_TRICK_LINE = re.compile(LARK.get_terminal("TRICK_LINE").pattern.to_regexp())
_KIND_GROUP = _meld_pattern(1)[len("[ \t]+("):].split(")[ \t]+([0-9]")[0]  # the meld kind


def _read(text: str, fast: bool) -> tuple[list, list[str]]:
    """Games (with every span: ``model_dump``) and error messages, read with or without the
    one-step trick line."""
    reader = _Reader(Lexer(text_lines(text), fast=fast), "t.pin")
    reader.read(reader.lexer.lines())
    return [g.model_dump() for g in reader.games], [str(e) for e in reader.errors]


def _first_kind(line: str) -> str:
    tokens = next(Lexer([line]).lines(), [("",)])
    return tokens[0][0]


@st.composite
def trick_lines(draw: st.DrawFn) -> str:
    """A trick line in any spelling the notation accepts: blanks of spaces and tabs, every
    spelling of cards, seats and meld kinds, leading zeros, parentheses attached or not."""
    blank = lambda: draw(notation_blanks)  # noqa: E731
    maybe_blank = lambda: draw(st.sampled_from(["", " ", "\t "]))  # noqa: E731
    words = [draw(st.sampled_from(["1", "07", "24", "999999999"])) + ".",
             draw(notation_card_spellings(draw(notation_cards))),
             draw(notation_card_spellings(draw(notation_cards)))]
    if draw(st.booleans()):
        words.append(draw(st.sampled_from(["E", "e", "W", "w"])))
    line = blank().join(words)
    for _ in range(draw(st.integers(0, 3))):
        line += blank() + draw(notation_meld_spellings(draw(notation_meld_kinds))) + blank() \
            + draw(st.sampled_from(["0", "81", "0099", "123456789"]))
        if draw(st.booleans()):
            cards = [draw(notation_card_spellings(draw(notation_cards)))
                     for _ in range(draw(st.integers(0, 3)))]
            line += maybe_blank() + "(" + maybe_blank() + blank().join(cards) + maybe_blank() \
                + ")"
    return line + maybe_blank()


@settings(max_examples=300, deadline=None)
@given(trick_lines())
def test_a_trick_line_in_any_spelling_is_read_in_one_step_as_word_by_word(line: str) -> None:
    assert _first_kind(line) == "TRICK_LINE", line
    assert _TRICK_LINE.fullmatch(line.rstrip(" \t")), line
    text = f"battle 1 dealer E\n{line}\n"
    fast = _read(text, True)
    assert fast == _read(text, False) and not fast[1], line


_DAMAGE = st.sampled_from(list("1.0 \t()EW♣♠♥♦QHTJA5432x{;") + ["10", "\ufe0f", "♣♣", "CC",
                                                                  "\u00a0"])


@settings(max_examples=300, deadline=None)
@given(trick_lines(), st.data())
def test_a_damaged_trick_line_gives_the_same_nodes_and_errors_both_ways(line: str,
                                                                        data: st.DataObject
                                                                        ) -> None:
    i = data.draw(st.integers(0, len(line)))
    j = data.draw(st.integers(i, min(len(line), i + 3)))
    damaged = line[:i] + data.draw(st.one_of(st.just(""), _DAMAGE)) + line[j:]
    text = f"battle 1 dealer E\n{damaged}\n"
    assert _read(text, True) == _read(text, False), damaged
    one_step = _first_kind(damaged) == "TRICK_LINE"
    assert one_step == bool(_TRICK_LINE.fullmatch(damaged.rstrip(" \t"))), damaged


@settings(max_examples=100, deadline=None)
@given(notation_records(max_games=2), st.data())
def test_whole_records_and_misplaced_lines_read_the_same_both_ways(record, data) -> None:  # type: ignore[no-untyped-def]
    lines = dumps(record).split("\n")
    if len(lines) > 2:  # move a line: a trick where none may stand is reported as before
        line = lines.pop(data.draw(st.integers(0, len(lines) - 1)))
        lines.insert(data.draw(st.integers(0, len(lines))), line)
    text = "\n".join(lines)
    assert _read(text, True) == _read(text, False)


def test_a_trick_where_none_may_stand_is_reported_at_its_number() -> None:
    try:
        parse("1. Q♥ Q♠ E ♣2 81\n", filename="t.pin")
    except NotationError as error:
        assert str(error).startswith("t.pin:1:1: syntax error: expected a tag")
        assert "found '1.'" in str(error)
        assert "TRICK_LINE" not in str(error)
    else:
        raise AssertionError("a trick before any battle was accepted")


def test_the_one_step_token_carries_the_trick_and_its_spans() -> None:
    (token,) = next(Lexer(["7.  QH\t10♠ w ♣♣5 0422(A♣)  ♥2 40 "]).lines())
    kind, trick, line, column, end_line, end_column = token
    assert (kind, line, column, end_line, end_column) == ("TRICK_LINE", 1, 1, 1, 33)
    assert (trick.number, str(trick.lead), str(trick.follow), str(trick.winner)) == \
        (7, "Q♥", "T♠", "W")
    assert (trick.lead_span, trick.follow_span, trick.winner_span) == \
        (Span(1, 5, 1, 7), Span(1, 8, 1, 11), Span(1, 12, 1, 13))
    first, second = trick.melds
    assert (str(first.kind), first.points, first.concealed, first.span, first.points_span) == \
        ("♣♣5", 422, (Card.parse("A♣"),), Span(1, 14, 1, 26), Span(1, 18, 1, 22))
    assert (str(second.kind), second.points, second.concealed, second.span) == \
        ("♥2", 40, None, Span(1, 28, 1, 33))


def test_lines_with_comments_or_odd_blanks_are_read_word_by_word() -> None:
    for line in ("1. Q♥ Q♠ {x}", "1. Q♥ Q♠ ; x", "1. Q♥\u00a0Q♠", " 1. Q♥ Q♠", "1. Q♥ Q♠ E E",
                 "1. Q♥ Q♠ ♣C2 81", "1. Q♥ Q♠ ♣2 81 (Q♥)♣2 81"):
        assert _first_kind(line) != "TRICK_LINE", line


def test_the_one_step_meld_kinds_are_exactly_the_words_the_lexer_calls_meld_kinds() -> None:
    kinds = re.compile(r"[ \t]+(" + _KIND_GROUP + r")")
    for word in notation_meld_like_words():
        one_step = kinds.fullmatch(" " + word) is not None
        assert one_step == (classify(word)[0] == "MELD_KIND"), word


def test_a_run_of_trick_lines_is_taken_a_step_a_line_and_recovers_as_word_by_word() -> None:
    from pinochle.notation.reader import TABLE
    assert "TRICK_LINE" in TABLE.repeats.values()  # else the one-step run never happens
    tricks = ["1. Q♥ Q♠ E", "2. A♣ T♣ W ♣2 81", "3. K♦ K♦", "4. J♠ 9♠ E ♠♠3 0 (Q♠ Q♠)"]
    for bad in ("5. Q♥ X♠", "E: Q♥ Q♠", "stock: A♣", "tricks E 10 W", "5. Q♥ Q♠ E E", "5."):
        for where in range(len(tricks) + 1):
            lines = ["battle 1 dealer E", *tricks[:where], bad, *tricks[where:], "score E 1"]
            text = "\n".join(lines) + "\n"
            fast = _read(text, True)
            assert fast == _read(text, False) and fast[1], (bad, where)


_CLAIM_LINE = re.compile(LARK.get_terminal("CLAIM_LINE").pattern.to_regexp())


@st.composite
def claim_lines(draw: st.DrawFn) -> str:
    """A claim line in any spelling the notation accepts (and some it does not: West first)."""
    blank = lambda: draw(notation_blanks)  # noqa: E731
    number = lambda: draw(st.sampled_from(["0", "07", "380", "123456789"]))  # noqa: E731
    words = [draw(st.sampled_from(["tricks", "melds", "score", "total", "TRICKS", "Score",
                                   "mElDs", "Total"]))]
    sides = draw(st.sampled_from(["E", "W", "EW", "WE"]))
    for seat in sides:
        words += [draw(st.sampled_from([seat, seat.lower()])), number()]
    return blank().join(words) + draw(st.sampled_from(["", " ", "\t "]))


@settings(max_examples=300, deadline=None)
@given(claim_lines(), st.data())
def test_a_claim_line_in_any_spelling_reads_the_same_in_one_step_and_word_by_word(
        line: str, data: st.DataObject) -> None:
    for text in (line, _damaged(line, data)):
        _same_both_ways(text, "CLAIM_LINE", _CLAIM_LINE, "battle 1 dealer E\n1. Q♥ Q♠\n")


def test_the_one_step_claim_token_carries_the_claim_and_its_spans() -> None:
    (token,) = next(Lexer(["Score  e 380\tW 0007 "]).lines())
    kind, claim, line, column, end_line, end_column = token
    assert (kind, line, column, end_line, end_column) == ("CLAIM_LINE", 1, 1, 1, 20)
    assert (claim.category, claim.east, claim.west) == ("score", 380, 7)
    assert (claim.span, claim.east_span, claim.west_span) == \
        (Span(1, 1, 1, 20), Span(1, 8, 1, 13), Span(1, 14, 1, 20))
    (token,) = next(Lexer(["melds W 12"]).lines())
    assert (token[0], token[1].east, token[1].west, token[1].east_span, token[1].west_span) == \
        ("CLAIM_LINE", None, 12, Span(0, 0, 0, 0), Span(1, 7, 1, 11))
    for line in ("tricks W 1 E 2", "tricks E 1 ; x", " tricks E 1", "game E 1 W 2", "tricks E"):
        assert _first_kind(line) != "CLAIM_LINE", line


def test_claims_where_none_may_stand_are_reported_as_word_by_word() -> None:
    for text in ("tricks E 1\n", "[Event \"x\"]\nscore W 3\n", "battle 1 dealer E\nE: Q♥\n"
                 "score E 1 W 2\n", "battle 1 dealer E\ngame E 1\nscore E 1\nscore E 2\n"):
        fast = _read(text, True)
        assert fast == _read(text, False) and fast[1], text


# ---- the partnership game's auction lines and side claims read in one step (§11) ----

_AUCTION_LINE = re.compile(LARK.get_terminal("AUCTION_LINE").pattern.to_regexp())
_SIDE_CLAIM_LINE = re.compile(LARK.get_terminal("SIDE_CLAIM_LINE").pattern.to_regexp())
_TABLE_HEAD = "battle 1 dealer N\n"
_SUIT_WORDS = [s + v for s in "♣♠♥♦♧♤♡♢" for v in ("", "\ufe0f")] + list("CSHDcshd") + [
    "S\ufe0f", "♠♠", "X", "N", "E", "10"]  # (the last ones: no suit)


@st.composite
def auction_lines(draw: st.DrawFn) -> str:
    """A bid, announcement, pass or trump line in any spelling (keywords and seats in any case,
    blanks of spaces and tabs, leading zeros), and some that the grammar refuses: words out of
    order or missing, an announcement of a number and a flush, a seat of the two-letter kind."""
    blank = lambda: draw(notation_blanks)  # noqa: E731
    word = lambda w: draw(notation_keyword_spellings(w))  # noqa: E731
    number = lambda: draw(st.sampled_from(["0", "07", "530", "123456789", "-5"]))  # noqa: E731
    seat = lambda: draw(st.sampled_from(list("NnEeSsWw") + ["NS", "X"]))  # noqa: E731
    keyword = draw(st.sampled_from(["bid", "announce", "pass", "trump"]))
    words = [word(keyword)]
    if keyword == "trump":
        words.append(draw(st.sampled_from(_SUIT_WORDS)))
    else:
        words.append(seat())
    if keyword in ("bid", "announce") and draw(st.integers(0, 4)):
        tail = draw(st.lists(st.sampled_from(["number", "flush", "long", "meld"]), max_size=4))
        if keyword == "bid" and draw(st.integers(0, 3)):
            tail.insert(0, "number")
        for item in tail:
            words += [number()] if item == "number" else [word(item)]
            if item == "meld" and draw(st.integers(0, 3)):
                words.append(number())
    elif draw(st.integers(0, 5)) == 0:  # a word too many
        words.append(draw(st.sampled_from(["N", "pass", "1"])))
    return blank().join(words) + draw(st.sampled_from(["", " ", "\t "]))


@st.composite
def side_claim_lines(draw: st.DrawFn) -> str:
    """A side claim line in any spelling (signed numbers, leading zeros, sides in any case), and
    some the grammar refuses (EW first, a side twice, a seat among the sides)."""
    blank = lambda: draw(notation_blanks)  # noqa: E731
    number = lambda: draw(st.sampled_from(["0", "-0", "07", "-007", "380", "-123456789"]))  # noqa: E731
    words = [draw(notation_keyword_spellings(draw(st.sampled_from(
        ["tricks", "melds", "score", "total", "game"]))))]
    for side in draw(st.sampled_from(["NS EW", "NS", "EW", "EW NS", "NS NS", "NS E"])).split():
        words += [draw(notation_keyword_spellings(side)), number()]
    return blank().join(words) + draw(st.sampled_from(["", " ", "\t "]))


def _damaged(line: str, data: st.DataObject) -> str:
    """``line`` with up to three characters replaced by nothing or by a piece of ``_DAMAGE``."""
    i = data.draw(st.integers(0, len(line)))
    j = data.draw(st.integers(i, min(len(line), i + 3)))
    return line[:i] + data.draw(st.one_of(st.just(""), _DAMAGE)) + line[j:]


def _same_both_ways(line: str, kind: str, terminal: re.Pattern[str],
                    head: str = f"{_TABLE_HEAD}1. Q♥ Q♠ K♠ K♠\n") -> None:
    """``line`` reads in one step (as ``kind``) exactly where the grammar's terminal matches,
    and a battle of it (``head``, then the line twice: a run) reads to the same nodes, spans
    and errors both ways."""
    one_step = _first_kind(line) == kind
    assert one_step == bool(terminal.fullmatch(line.rstrip(" \t"))), line
    record = f"{head}{line}\n{line}\n"
    fast = _read(record, True)
    assert fast == _read(record, False), line
    if one_step:
        assert not fast[1], line


@settings(max_examples=400, deadline=None)
@given(auction_lines(), st.data())
def test_an_auction_line_in_any_spelling_reads_the_same_in_one_step_and_word_by_word(
        line: str, data: st.DataObject) -> None:
    for text in (line, _damaged(line, data)):
        _same_both_ways(text, "AUCTION_LINE", _AUCTION_LINE)


@settings(max_examples=300, deadline=None)
@given(side_claim_lines(), st.data())
def test_a_side_claim_line_in_any_spelling_reads_the_same_in_one_step_and_word_by_word(
        line: str, data: st.DataObject) -> None:
    for text in (line, _damaged(line, data)):
        _same_both_ways(text, "SIDE_CLAIM_LINE", _SIDE_CLAIM_LINE)


def test_the_common_auction_and_side_claim_lines_are_read_in_one_step() -> None:
    for line in ("bid N 530", "BID e 510 Flush LONG meld 100", "bid W 500 meld 0", "pass S",
                 "announce W 90", "announce n flush", "announce E flush long meld 120",
                 "announce S long meld 40", "trump ♣", "trump s", "trump ♥\ufe0f", "Trump D"):
        assert _first_kind(line) == "AUCTION_LINE", line
        assert _AUCTION_LINE.fullmatch(line), line
    for line in ("tricks NS 230 EW 270", "SCORE ns -530 ew 0270", "total EW 5", "melds Ns 1"):
        assert _first_kind(line) == "SIDE_CLAIM_LINE", line
        assert _SIDE_CLAIM_LINE.fullmatch(line), line
    for line in ("bid N 530 ; x", "bid N 530 {x}", " pass S", "pass S S", "announce N 140 flush",
                 "announce N", "bid N", "bid N -5", "trump S\ufe0f", "trump ♠♠", "pass N\u00a0",
                 "game NS 1 EW 2", "tricks EW 1 NS 2", "tricks NS 1 ; x", "score NS", "fluſh",
                 "bid N 5 fluſh", "tricks nſ 1"):
        assert _first_kind(line) not in ("AUCTION_LINE", "SIDE_CLAIM_LINE"), line


def test_the_one_step_auction_and_side_claim_tokens_carry_their_nodes_and_spans() -> None:
    (token,) = next(Lexer(["Bid  w 0510\tflush meld 100 "]).lines())
    kind, bid, line, column, end_line, end_column = token
    assert (kind, line, column, end_line, end_column) == ("AUCTION_LINE", 1, 1, 1, 27)
    assert (bid.seat, bid.amount, bid.flush, bid.long, bid.meld) == (Seat.WEST, 510, True,
                                                                     False, 100)
    assert (bid.span, bid.amount_span) == (Span(1, 1, 1, 27), Span(1, 8, 1, 12))
    (token,) = next(Lexer(["score\tNS -0  EW 0270"]).lines())
    kind, claim, line, column, end_line, end_column = token
    assert (kind, line, column, end_line, end_column) == ("SIDE_CLAIM_LINE", 1, 1, 1, 21)
    assert (claim.category, claim.ns, claim.ew) == ("score", 0, 270)
    assert (claim.ns_span, claim.ew_span) == (Span(1, 7, 1, 12), Span(1, 14, 1, 21))


def test_a_run_of_auction_lines_and_side_claims_recovers_as_word_by_word() -> None:
    from pinochle.notation.reader import TABLE
    assert {"AUCTION_LINE", "SIDE_CLAIM_LINE"} <= set(TABLE.repeats.values())  # runs in a step
    lines = ["pass S", "announce W 90", "bid N 530", "trump ♣", "1. Q♥ Q♠ K♠ K♠ N",
             "tricks NS 230 EW 270", "score NS -530 EW 560"]
    for bad in ("bid X 530", "pass", "trump X", "tricks NS", "score NS 1 NS 2", "E: Q♥",
                "game NS 1 EW 2", "bid N 5 flush flush", "announce N 140 flush", "2."):
        for where in range(len(lines) + 1):
            text = "\n".join([_TABLE_HEAD.rstrip(), *lines[:where], bad, *lines[where:]]) + "\n"
            fast = _read(text, True)
            assert fast == _read(text, False), (bad, where)
            assert fast[1] or (bad.startswith("game") and where == len(lines)), (bad, where)


def test_auction_lines_and_side_claims_where_none_may_stand_are_reported_as_word_by_word(
        ) -> None:
    for text in ("bid N 530\n", "[Event \"x\"]\npass S\n", "battle 1 dealer N\nN: Q♥\n"
                 "trump ♣\n", "battle 1 dealer N\ngame NS 1\ntricks NS 1 EW 2\n",
                 "[Event \"x\"]\ntricks NS 1\n"):
        fast = _read(text, True)
        assert fast == _read(text, False) and fast[1], text
