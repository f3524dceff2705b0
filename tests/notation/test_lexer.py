"""The lexer: one typed token per word, and every token spelled as grammar.lark says.

The grammar's terminal definitions document what each token spells; the reader's lexer is our
own (for speed), so these tests hold the two together: every token the lexer makes from a
sample text must match its terminal's pattern in the grammar.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.strategies import (notation_blanks, notation_card_spellings, notation_cards,
                        notation_keyword_spellings, notation_meld_kinds,
                        notation_meld_like_words, notation_meld_spellings, notation_records,
                        notation_seats)

from pinochle.notation import Card, Record, Seat, dumps, parse
from pinochle.notation.cards import CARD_SPELLINGS
from pinochle.notation.grammar import LARK
from pinochle.notation.lexer import KEYWORDS, Lexer
from pinochle.notation.melds import MELD_SPELLINGS

DATA = Path(__file__).parent / "data"
_PATTERNS = {t.name: re.compile(t.pattern.to_regexp(), re.I if "i" in t.pattern.flags else 0)
             for t in LARK.terminals}
_NOT_IN_SOURCE = {"EOL", "COMMENT"}  # their token text is not the lexeme


def _tokens(text: str, fast: bool = True) -> list[tuple]:
    """The tokens of ``text``; with ``fast=False`` a trick line is read word by word too (else a
    common one is a single ``TRICK_LINE`` token: see test_fast_path.py)."""
    return [t for tokens in Lexer(text.split("\n"), fast=fast).lines() for t in tokens]


def _check_against_grammar(text: str) -> int:
    lines = text.split("\n")
    checked = 0
    for kind, _value, line, column, end_line, end_column in _tokens(text):
        assert kind in _PATTERNS, f"the lexer made a {kind} token the grammar does not know"
        if kind in _NOT_IN_SOURCE or end_line != line:
            continue
        lexeme = lines[line - 1][column - 1:end_column - 1]
        assert _PATTERNS[kind].fullmatch(lexeme), f"{kind} {lexeme!r} at {line}:{column}"
        checked += 1
    return checked


def test_every_card_and_meld_spelling_matches_the_grammar() -> None:
    for spelling in CARD_SPELLINGS:
        assert _PATTERNS["CARD"].fullmatch(spelling), spelling
    for spelling in MELD_SPELLINGS:
        assert _PATTERNS["MELD_KIND"].fullmatch(spelling), spelling


def test_the_grammar_patterns_accept_no_word_the_lexer_refuses() -> None:
    # words that look close but are not spellings: the lexer calls them WORD, so must the grammar
    for word in ("2C", "QX", "Q♥♥", "CD5", "A5", "♣4", "♣C5", "♣️♣5", "Cc5x", "1.5", "E:x",
                 "XF", "QF", "♥P", "P4", "PPPPP", "♥♥♥♥♥F", "AAAAA4", "DD4", "dixx", "swapp",
                 "upcards", "upcard:x", "totals", "talons", "chooses"):
        kinds = {t[0] for t in _tokens(word)} - {"EOL"}
        matching = {name for name, pattern in _PATTERNS.items() if pattern.fullmatch(word)}
        assert kinds == {"WORD"} and not matching & {"CARD", "MELD_KIND"}, (word, matching)


def test_the_grammar_meld_kind_is_exactly_the_words_the_lexer_calls_meld_kinds() -> None:
    words = notation_meld_like_words()
    assert sum(_PATTERNS["MELD_KIND"].fullmatch(w) is not None for w in words) > 500
    for word in words:
        grammar = _PATTERNS["MELD_KIND"].fullmatch(word) is not None
        assert grammar == ({t[0] for t in _tokens(word)} == {"MELD_KIND", "EOL"}), word


def test_fixture_tokens_match_the_grammar_terminals() -> None:
    for name in ("club_night.pin", "club_night_messy.pin"):
        text = (DATA / name).read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
        assert _check_against_grammar(text) > 100


@settings(max_examples=100, deadline=None)
@given(notation_records())
def test_random_record_tokens_match_the_grammar_terminals(record: Record) -> None:
    _check_against_grammar(dumps(record))


def test_tokens_are_typed_values_with_positions() -> None:
    assert _tokens("1. QH 10♠ w ♣♣5 422 (A♣)", fast=False)[:9] == [
        ("TRICK_NUMBER", 1, 1, 1, 1, 3), ("CARD", Card.parse("Q♥"), 1, 4, 1, 6),
        ("CARD", Card.parse("T♠"), 1, 7, 1, 10), ("WEST", Seat.WEST, 1, 11, 1, 12),
        ("MELD_KIND", Card and __import__("pinochle.notation").notation.MeldKind.parse("♣♣5"),
         1, 13, 1, 16),
        ("NUMBER", 422, 1, 17, 1, 20), ("LPAR", "(", 1, 21, 1, 22),
        ("CARDS", (Card.parse("A♣"),), 1, 22, 1, 24), ("RPAR", ")", 1, 24, 1, 25)]


def test_a_hand_line_is_one_run_of_cards_and_a_trick_is_two_cards() -> None:
    assert [t[0] for t in _tokens("E: D♣ A♣ K♣")] == ["EAST_HAND", "CARDS", "EOL"]
    assert [t[0] for t in _tokens("E:  D♣\tA♣ {x} K♣")] == ["EAST_HAND", "CARDS", "EOL"]
    assert [t[0] for t in _tokens("1. D♣ A♣", fast=False)] == ["TRICK_NUMBER", "CARD", "CARD",
                                                               "EOL"]
    assert [t[0] for t in _tokens("1. D♣ A♣")] == ["TRICK_LINE"]


def test_the_word_after_a_bracket_is_a_tag_name_even_when_it_is_a_keyword() -> None:
    assert [t[0] for t in _tokens('[Game "x"]')] == ["LSQB", "NAME", "STRING", "RSQB", "EOL"]


def test_comment_lines_and_trailing_comments() -> None:
    alone = _tokens("{a} ;b")
    assert [t[0] for t in alone] == ["COMMENT", "COMMENT"]
    (eol,) = [t for t in _tokens("draw {a} ;b") if t[0] == "EOL"]
    assert [(c.text, c.brace) for c in eol[1]] == [("a", True), ("b", False)]


# ---- other spellings parse to the canonical value (docs §1) ----

@settings(max_examples=200, deadline=None)
@given(st.data(), notation_cards, notation_cards, notation_seats, notation_meld_kinds,
       notation_cards)
def test_trick_spelling_variants_parse_to_the_canonical_values(data, lead, follow, seat, kind,
                                                               concealed) -> None:  # type: ignore[no-untyped-def]
    blank = lambda: data.draw(notation_blanks)  # noqa: E731
    words = [data.draw(notation_keyword_spellings("battle")), "1",
             data.draw(notation_keyword_spellings("dealer")), data.draw(
                 notation_keyword_spellings(str(seat)))]
    line = blank().join(words) + data.draw(st.sampled_from(["", " ", "\t", " \t"]))
    trick = ("7." + blank() + data.draw(notation_card_spellings(lead)) + blank()
             + data.draw(notation_card_spellings(follow)) + blank()
             + data.draw(notation_keyword_spellings(str(seat))) + blank()
             + data.draw(notation_meld_spellings(kind)) + blank() + "0099" + blank() + "("
             + data.draw(st.sampled_from(["", " "])) + data.draw(notation_card_spellings(concealed))
             + ")")
    ending = data.draw(st.sampled_from(["\n", "\r\n", "\r"]))
    record = parse(line + ending + trick + ending)
    (battle,) = record.games[0].battles
    assert battle.dealer is seat
    (event,) = battle.events
    assert (event.number, event.lead, event.follow, event.winner) == (7, lead, follow, seat)
    (meld,) = event.melds
    assert (meld.kind, meld.points, meld.concealed) == (kind, 99, (concealed,))
    assert dumps(record) == (f"battle 1 dealer {seat}\n7. {lead} {follow} {seat} {kind} 99 "
                             f"({concealed})\n")


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_every_keyword_in_any_case(keyword: str) -> None:
    for spelling in (keyword, keyword.upper(), keyword.capitalize()):
        (token, _eol) = _tokens(spelling)
        assert token[0] == keyword.upper() and token[1] == keyword


def test_TPV1_upcard_and_talon_are_one_choice_terminal_in_any_case() -> None:
    for word in ("upcard", "UPCARD", "Upcard", "talon", "TALON", "Talon"):
        (token, _eol) = _tokens(word)
        assert token[:2] == ("CHOICE", word.lower())
    assert [t[0] for t in _tokens("choose W upcard")] == ["CHOOSE", "WEST", "CHOICE", "EOL"]
    assert [t[0] for t in _tokens("upcard: A♠")] == ["UPCARD", "CARD", "EOL"]


def test_emoji_white_and_digit_spellings() -> None:
    assert [t[1] for t in _tokens("E: Q♥️ Q♡ Q♡️ qh Qh 10♠ 9♠ DD")[1:2]] == [
        tuple(Card.parse(x) for x in "Q♥ Q♥ Q♥ Q♥ Q♥ T♠ N♠ D♦".split())]
