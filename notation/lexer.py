"""The notation's lexer: physical lines in, one list of tokens per statement line out.

Statements are line based (docs/notation.md §1), so the lexer works a line at a time. A word is
classified with one dictionary lookup (every spelling of every card, meld kind, seat and keyword
is a key), so tokens leave the lexer already typed: a ``CARD`` token's value is a ``Card``.

A token is a plain tuple ``(type, value, line, column, end_line, end_column)`` (1-based; the end
is just past the last character); plain tuples keep the lexer fast. The types are the terminals
of ``grammar.lark``, plus two the grammar never accepts, so that the parser reports them:
``WORD`` (a word that is no known spelling) and ``BAD`` (its value is the message: an
unterminated comment or string, text that is not UTF-8).

The lexer also does what the grammar cannot say well:

* comments: those on a statement's line ride on its ``EOL`` token (value: a tuple of
  ``Comment``); each comment alone on its line is a ``COMMENT`` token of its own;
* a run of cards after ``E:``, ``W:``, ``stock:``, ``expose SEAT`` or inside a meld's
  parentheses is one ``CARDS`` token (value: a tuple of cards); elsewhere each card is a
  ``CARD`` token (so the one card of ``upcard:``, and a second one is refused by the grammar);
* the word after ``[`` is a tag ``NAME``, whatever it spells;
* two words of the partnership game are read by their place (``_in_context``): ``NS`` is the
  side North-South in a claim line (elsewhere the nine of spades), and the word after ``trump``
  is a ``SUIT`` (``S`` is spades there, not South; elsewhere a lone suit is an unknown word).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Generator, Iterable, Iterator
from itertools import chain
from typing import Any, cast

from .cards import CARD_SPELLINGS, SUIT_SPELLINGS, VARIATION_SELECTOR, Card, Seat, Side
from .errors import quoted
from .events import NOWHERE, Comment, Meld, Span
from .melds import MELD_SPELLINGS
from .nodes import (announce, bid, claim, comment, meld, pass_call, side_claim, span,
                    table_trick, trick, trump)
from .source import BadLine

Token = tuple[Any, ...]  # (type, value, line, column, end_line, end_column)

#: The longest brace comment read over several lines, in characters (it is one logical line).
COMMENT_LIMIT = 64 * 1024

UNCLOSED = "unterminated comment: this '{' is never closed by '}'"
TOO_LONG_COMMENT = (f"unterminated comment: this '{{' is not closed by '}}' within "
                    f"{COMMENT_LIMIT:,} characters, the longest comment the notation reads")

KEYWORDS = ("battle", "dealer", "meld", "object", "shuffle", "cut", "deal", "draw", "nodraw",
            "extradraw", "toofew", "toomany", "expose", "knock", "tricks", "melds", "score",
            "total", "game", "call", "renege", "look", "correct", "misdeal", "deadhand", "return",
            "give", "choose", "bid", "announce", "pass", "trump", "flush", "long",
            "bury", "concede", "send")
#: The reasons of a misdeal (``misdeal faceup``): one token type, the reason as its value.
MISDEAL_REASONS = ("cut-exposed", "not-cut", "faceup", "dealer-exposed", "count")
#: What a last-draw choice names (25-steps TPV1: ``choose E upcard``): one CHOICE terminal.
CHOICES = ("upcard", "talon")

#: Every spelling of every word that is not a number: spelling -> (token type, value).
#: Keywords are keyed in lower case; ``classify`` tries the lower-cased word second.
WORDS: dict[str, tuple[str, object]] = {}
WORDS.update({sp: ("CARD", card) for sp, card in CARD_SPELLINGS.items()})
WORDS.update({sp: ("MELD_KIND", kind) for sp, kind in MELD_SPELLINGS.items()})
WORDS.update({kw: (kw.upper(), kw) for kw in KEYWORDS})
WORDS.update({reason: ("MISDEAL_REASON", reason) for reason in MISDEAL_REASONS})
WORDS.update({word: ("CHOICE", word) for word in CHOICES})
WORDS.update({"e": ("EAST", Seat.EAST), "w": ("WEST", Seat.WEST),
              "e:": ("EAST_HAND", "E:"), "w:": ("WEST_HAND", "W:"), "stock:": ("STOCK", "stock:"),
              "upcard:": ("UPCARD", "upcard:")})
# the partnership game's seats, hand labels and side EW (§11; NS: ``_in_context``)
WORDS.update({"n": ("NORTH", Seat.NORTH), "s": ("SOUTH", Seat.SOUTH),
              "n:": ("NORTH_HAND", "N:"), "s:": ("SOUTH_HAND", "S:"), "ew": ("EW", Side.EW)})
for _upper in ("E", "W", "E:", "W:", "N", "S", "N:", "S:", "EW"):
    WORDS[_upper] = WORDS[_upper.lower()]
# the three-handed game's widow line (§12)
WORDS["widow:"] = ("WIDOW", "widow:")
assert len(WORDS) == (len(CARD_SPELLINGS) + len(MELD_SPELLINGS) + len(KEYWORDS) + len(CHOICES)
                      + len(MISDEAL_REASONS) + 21), \
    "a keyword collides with a card or meld spelling"

#: WORDS and the numbers people write most, for the lexer's first lookup.
FAST_WORDS: dict[str, tuple[str, object]] = dict(WORDS)
FAST_WORDS.update({str(n): ("NUMBER", n) for n in range(1000)})
FAST_WORDS.update({f"{n}.": ("TRICK_NUMBER", n) for n in range(100)})

#: Statement lines whose cards (after the first word, or the seat for ``expose``, ``bury`` and
#: ``send``) are one run.
CARD_RUN_STARTS = frozenset({"EAST_HAND", "WEST_HAND", "STOCK", "EXPOSE", "NORTH_HAND",
                             "SOUTH_HAND", "WIDOW", "BURY", "SEND"})
#: Of those, the lines whose cards follow a seat (``expose W A♥``, ``bury N J♥``, ``send S K♥``).
SEAT_RUN_STARTS = frozenset({"EXPOSE", "BURY", "SEND"})

#: The first tokens of the lines whose words ``_in_context`` reads by their place: the claims
#: (``NS``, a side) and ``trump`` (a suit).
CONTEXT_STARTS = frozenset({"TRICKS", "MELDS", "SCORE", "TOTAL", "GAME", "TRUMP"})
_NINE_OF_SPADES = Card.parse("N♠")

# A line without these characters is only words and blanks: ``str.split`` can cut it. (The odd
# white space characters are here because ``str.split`` would cut at them; this notation's
# blanks are only space and tab, so elsewhere they are part of a word and make it unknown.)
_NEEDS_SCANNER = re.compile(
    '[{};"\\[\\]\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]')

# The scanner for other lines: one alternative per kind of lexeme, tried at each position.
_SCAN = re.compile(r'''
    (?P<blank>[ \t]+)
  | (?P<brace>\{)
  | (?P<semi>;.*)
  | (?P<string>"(?:[^"\\]|\\.)*(?P<endq>")?)
  | (?P<punct>[()\[\]])
  | (?P<close>\})
  | (?P<word>[^ \t{};"()\[\]]+)
''', re.VERBOSE)
_WORD_OR_PAREN = re.compile(r"[()]|[^\s()]+")
_PUNCT_TOKEN = {"(": ("LPAR", "("), ")": ("RPAR", ")")}
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_PUNCT = {"(": "LPAR", ")": "RPAR", "[": "LSQB", "]": "RSQB"}

# A whole trick line in its common spellings: the ``TRICK_LINE`` terminal of grammar.lark, with
# groups. It matches only digits, cards, seats, meld kinds, parentheses and blanks, so a line
# with a comment, a string or an odd blank never matches. The first meld has groups of its own
# (most lines have one meld at most); the others are matched again one by one (``_FAST_MELDS``).
_CARD = "(?:10|[DAKQJTN9dakqjtn])(?:[♣♠♥♦♧♤♡♢]\ufe0f?|[CSHDcshd])"
_CARD_RUN = f"{_CARD}(?:[ \t]+{_CARD})*"


def _meld_pattern(n: int) -> str:
    """A blank, then an inline meld: groups kind, points, concealed cards and `)` (and two
    named ones inside the kind, ``s<n>`` and ``r<n>``, for its repeated symbol)."""
    kind = (f"(?i:(?P<s{n}>[♣♠♥♦♧♤♡♢]\ufe0f?|[CSHD])(?P=s{n}){{0,3}}[235FM]"
            f"|(?P<r{n}>[AKQJT])(?P=r{n}){{0,3}}4|P{{1,4}}|dix|swap|RH|GP)")
    return (f"[ \t]+({kind})[ \t]+([0-9]{{1,9}})"
            f"(?:[ \t]*\\([ \t]*({_CARD_RUN})?[ \t]*(\\)))?")


# Groups: 1 number, 2 lead, 3 follow, 4 winner, 5 kind (6, 7 inside), 8 points, 9 concealed
# cards, 10 `)`, 11 the other melds (12, 13 inside).
_TRICK_WORDS = (f"({_CARD})[ \t]+({_CARD})(?:[ \t]+([EeWw]))?"
                f"(?:{_meld_pattern(1)}((?:{_meld_pattern(2)})*))?[ \t]*")
_FAST_TRICK = re.compile(f"([0-9]{{1,9}})\\.[ \t]+{_TRICK_WORDS}").fullmatch
# The same line with a lead mark (§2.4), ``1. E: T♥ T♣``: a seat's letter (any of the four,
# any case) and a colon, group 2; the groups after it are those above, one further on. (A
# pattern of its own, tried after the others on a line with a colon: an optional group in
# ``_FAST_TRICK`` costs every trick line a tenth more, measured.)
_LEAD_MARK = "([NnEeSsWw]):[ \t]+"
_FAST_MARKED_TRICK = re.compile(f"([0-9]{{1,9}})\\.[ \t]+{_LEAD_MARK}{_TRICK_WORDS}").fullmatch
_FAST_MELDS = re.compile(_meld_pattern(1)).finditer  # groups: 1, 4, 5, 6 as 5, 8, 9, 10 above
_SEATS = {"E": Seat.EAST, "e": Seat.EAST, "W": Seat.WEST, "w": Seat.WEST}
_TABLE_SEATS = {"N": Seat.NORTH, "n": Seat.NORTH, "E": Seat.EAST, "e": Seat.EAST,
                "S": Seat.SOUTH, "s": Seat.SOUTH, "W": Seat.WEST, "w": Seat.WEST}


def _lead_mark(number: int, found: Any, new: Any = tuple.__new__,
               Span: type = Span) -> tuple[Seat, Span]:
    """The seat and span of the lead mark, group 2 of ``found`` (a marked trick line)."""
    start = found.regs[2][0]
    return _TABLE_SEATS[found.group(2)], new(Span, (number, start + 1, number, start + 3))


def _trick_line(number: int, found: Any, k: int = 0, cards: Any = CARD_SPELLINGS,
                seats: Any = _SEATS, new: Any = tuple.__new__, Span: type = Span,
                trick: Any = trick) -> Token:
    """The ``TRICK_LINE`` token of physical line ``number``, which ``_FAST_TRICK`` (``k`` 0)
    or ``_FAST_MARKED_TRICK`` (``k`` 1: its groups are one further on) matched (``found``):
    its value is the finished trick, the same node that the word-by-word path builds (its
    spans too). (``found.regs`` is every group's ``span()`` at once; a span is made as
    ``nodes.span`` makes it, written out.)"""
    regs = found.regs
    if k:  # without the lead mark's group, the groups of ``_FAST_TRICK``
        regs = regs[:2] + regs[3:]
        trick_number, lead, follow, winner, kind, others = found.group(1, 3, 4, 5, 6, 12)
    else:  # (only the groups used: quicker than groups() and a slice)
        trick_number, lead, follow, winner, kind, others = found.group(1, 2, 3, 4, 5, 11)
    first = regs[1][0] + 1
    start, end = regs[2]
    lead_span = new(Span, (number, start + 1, number, end + 1))
    start, end = regs[3]
    follow_span = new(Span, (number, start + 1, number, end + 1))
    if winner is not None:
        start, end = regs[4]
        winner_span = new(Span, (number, start + 1, number, end + 1))
        winner = seats[winner]
    else:
        winner_span = NOWHERE
    if kind is None:
        melds: tuple[Meld, ...] = ()
    else:
        melds = (_meld(number, found, 5 + k, 8 + k, 9 + k, 10 + k, 0),)
        if others:
            offset = regs[11][0]
            melds += tuple(_meld(number, m, 1, 4, 5, 6, offset) for m in _FAST_MELDS(others))
        end = melds[-1].span.end_column - 1
    leader, leader_span = _lead_mark(number, found) if k else (None, NOWHERE)
    node = trick(new(Span, (number, first, number, end + 1)), (), int(trick_number),
                 cards[lead], cards[follow], winner, melds, lead_span, follow_span, winner_span,
                 leader, leader_span)
    return ("TRICK_LINE", node, number, first, number, end + 1)


def _meld(number: int, found: Any, kind: int, points: int, run: int, closing: int,
          offset: int, new: Any = tuple.__new__, Span: type = Span, meld: Any = meld) -> Any:
    """The inline meld whose groups in ``found`` are ``kind``, ``points``, ``run`` (the
    concealed cards) and ``closing`` (its `)`); ``offset`` is where ``found``'s text starts.
    (Spans are made as ``nodes.span`` makes them, written out.)"""
    regs = found.regs
    start, end = regs[points]
    points_span = new(Span, (number, start + offset + 1, number, end + offset + 1))
    spelling, value, words = found.group(kind, points, run)
    if regs[closing][0] < 0:
        concealed = None
    else:
        concealed = tuple(map(CARD_SPELLINGS.__getitem__, words.split())) if words else ()
        end = regs[closing][1]
    # the kind is known as it is, or in lower case (`Cc5`), as ``classify`` takes it
    return meld(new(Span, (number, regs[kind][0] + offset + 1, number, end + offset + 1)), (),
                MELD_SPELLINGS.get(spelling) or MELD_SPELLINGS[spelling.lower()],
                int(value), concealed, None, points_span)


# A whole four-card trick line (the partnership game, §11) without a comment: the
# ``TABLE_TRICK_LINE`` terminal of grammar.lark, with groups: 1 number, 2-5 the cards, 6 the
# winner (with a lead mark, ``_FAST_MARKED_TABLE_TRICK``: 2 the mark, then the rest one further
# on). Tried only on a line that ``_FAST_TRICK`` did not match. A three-card trick line (the
# three-handed game, §12) has patterns of its own (``_FAST_THREE_TRICK``), tried after these
# fail: an optional fourth card would cost every four-card line its match's time.
def _table_trick_words(cards: int) -> str:
    return ("[ \t]+".join([f"({_CARD})"] * cards)
            + "(?:[ \t]+([NnEeSsWw]))?[ \t]*")


_FAST_TABLE_TRICK = re.compile(f"([0-9]{{1,9}})\\.[ \t]+{_table_trick_words(4)}").fullmatch
_FAST_MARKED_TABLE_TRICK = re.compile(
    f"([0-9]{{1,9}})\\.[ \t]+{_LEAD_MARK}{_table_trick_words(4)}").fullmatch
_FAST_THREE_TRICK = re.compile(f"([0-9]{{1,9}})\\.[ \t]+{_table_trick_words(3)}").fullmatch
_FAST_MARKED_THREE_TRICK = re.compile(
    f"([0-9]{{1,9}})\\.[ \t]+{_LEAD_MARK}{_table_trick_words(3)}").fullmatch


def _table_trick_line(number: int, found: Any, k: int = 0, n: int = 4,
                      cards: Any = CARD_SPELLINGS, new: Any = tuple.__new__) -> Token:
    """The ``TABLE_TRICK_LINE`` token of physical line ``number``, which ``_FAST_TABLE_TRICK``
    (``k`` 0) or ``_FAST_MARKED_TABLE_TRICK`` (``k`` 1) matched (``found``), or for a trick of
    ``n`` 3 cards ``_FAST_THREE_TRICK`` or ``_FAST_MARKED_THREE_TRICK``: its value is the
    finished trick, the node the word-by-word path builds (its spans too)."""
    regs = found.regs
    groups = found.groups()
    trick_number, played, winner = groups[0], groups[1 + k:1 + n + k], groups[1 + n + k]
    card_spans = tuple([new(Span, (number, start + 1, number, end + 1))  # (a list: quicker
                        for start, end in regs[2 + k:2 + n + k]])          # than a generator)
    if winner is not None:
        start, end = regs[2 + n + k]
        winner_span = new(Span, (number, start + 1, number, end + 1))
        winner = _TABLE_SEATS[winner]
    else:
        winner_span = NOWHERE
        end = regs[1 + n + k][1]
    leader, leader_span = _lead_mark(number, found) if k else (None, NOWHERE)
    first = regs[1][0] + 1
    node = table_trick(new(Span, (number, first, number, end + 1)), (), int(trick_number),
                       tuple(map(cards.__getitem__, played)), winner, card_spans, winner_span,
                       leader, leader_span)
    return ("TABLE_TRICK_LINE", node, number, first, number, end + 1)


# A whole claim line (``tricks``, ``melds``, ``score``, ``total``) without a comment: the
# ``CLAIM_LINE`` terminal of grammar.lark, with groups: 1 keyword, 2 East's seat, 3 East's total,
# 4 West's seat after East's, 5 its total, 6 West's seat alone, 7 its total. A claim by seat
# with North or a signed number (the three-handed game, §12) has a pattern of its own
# (``_FAST_SEAT_CLAIM``), tried after this one fails.
_FAST_CLAIM = re.compile(
    "(?i:(tricks|melds|score|total))[ \t]+"
    "(?:([Ee])[ \t]+([0-9]{1,9})(?:[ \t]+([Ww])[ \t]+([0-9]{1,9}))?|([Ww])[ \t]+([0-9]{1,9}))"
    "[ \t]*").fullmatch
# Groups: 1 keyword; 2, 3 North's seat and total; 4, 5 East's; 6, 7 West's (each optional,
# at least one: ``_seat_claim_line`` checks).
_FAST_SEAT_CLAIM = re.compile(
    "(?i:(tricks|melds|score|total))"
    "(?:[ \t]+([Nn])[ \t]+(-?[0-9]{1,9}))?(?:[ \t]+([Ee])[ \t]+(-?[0-9]{1,9}))?"
    "(?:[ \t]+([Ww])[ \t]+(-?[0-9]{1,9}))?[ \t]*").fullmatch
_CLAIM_STARTS = frozenset({"TRICKS", "MELDS", "SCORE", "TOTAL"})


def _two_sides(number: int, found: Any, new: Any = tuple.__new__,
               Span: type = Span) -> tuple[Any, ...]:
    """Of a claim line that ``_FAST_CLAIM`` or ``_FAST_SIDE_CLAIM`` matched (``found``: groups
    2, 3 the first seat or side and its total, 4, 5 the second after it, 6, 7 the second
    alone): the first total and the second, their spans, and the end column of the claim."""
    regs = found.regs
    _, _, first, _, second, _, alone = found.groups()
    if first is not None:
        first_span = new(Span, (number, regs[2][0] + 1, number, regs[3][1] + 1))
        first = int(first)
        if second is not None:
            end = regs[5][1] + 1
            second_span = new(Span, (number, regs[4][0] + 1, number, end))
            second = int(second)
        else:
            end = regs[3][1] + 1
            second_span = NOWHERE
    else:
        first_span = NOWHERE
        end = regs[7][1] + 1
        second_span = new(Span, (number, regs[6][0] + 1, number, end))
        second = int(alone)
    return first, second, first_span, second_span, end


def _claim_line(number: int, found: Any, new: Any = tuple.__new__, Span: type = Span) -> Token:
    """The ``CLAIM_LINE`` token of physical line ``number``, which ``_FAST_CLAIM`` matched
    (``found``): its value is the finished claim, the node the word-by-word path builds."""
    east, west, east_span, west_span, end = _two_sides(number, found)
    node = claim(new(Span, (number, 1, number, end)), (), found.group(1).lower(), east, west,
                 east_span, west_span)
    return ("CLAIM_LINE", node, number, 1, number, end)


def _seat_claim_line(number: int, found: Any, new: Any = tuple.__new__,
                     Span: type = Span) -> Token | None:
    """The ``CLAIM_LINE`` token of a claim by seat that ``_FAST_SEAT_CLAIM`` matched
    (``found``), or None when it names no seat (``tricks`` alone: the word-by-word path
    reports it)."""
    regs = found.regs
    values: list[int | None] = []
    spans: list[Any] = []
    end = 0
    for group in (2, 4, 6):
        if regs[group][0] < 0:
            values.append(None)
            spans.append(NOWHERE)
            continue
        end = regs[group + 1][1] + 1
        values.append(int(found.group(group + 1)))
        spans.append(new(Span, (number, regs[group][0] + 1, number, end)))
    if not end:
        return None
    node = claim(new(Span, (number, 1, number, end)), (), found.group(1).lower(), values[1],
                 values[2], spans[1], spans[2], values[0], spans[0])
    return ("CLAIM_LINE", node, number, 1, number, end)

# A whole side claim line of the partnership game (§11) without a comment, ``tricks NS 310 EW
# -190``: the ``SIDE_CLAIM_LINE`` terminal of grammar.lark, with groups: 1 keyword; 2, 3 NS and
# its total; 4, 5 EW after NS and its total; 6, 7 EW alone and its total. (Tried after the claims
# by seat. The words after the keyword match in ASCII only, ``(?a)``, as ``classify`` reads
# them: ``str.lower`` turns no other letter into one of theirs.)
_FAST_SIDE_CLAIM = re.compile(
    "(?i:(tricks|melds|score|total))[ \t]+"
    "(?a:(?:((?i:ns))[ \t]+(-?[0-9]{1,9})(?:[ \t]+((?i:ew))[ \t]+(-?[0-9]{1,9}))?"
    "|((?i:ew))[ \t]+(-?[0-9]{1,9})))[ \t]*").fullmatch


def _side_claim_line(number: int, found: Any, new: Any = tuple.__new__,
                     Span: type = Span) -> Token:
    """The ``SIDE_CLAIM_LINE`` token of physical line ``number``, which ``_FAST_SIDE_CLAIM``
    matched (``found``): its value is the finished side claim, the node the word-by-word path
    builds (its spans too)."""
    ns, ew, ns_span, ew_span, end = _two_sides(number, found)
    node = side_claim(new(Span, (number, 1, number, end)), (), found.group(1).lower(), ns, ew,
                      ns_span, ew_span)
    return ("SIDE_CLAIM_LINE", node, number, 1, number, end)


# A whole auction line of the partnership game (§11) without a comment: the ``AUCTION_LINE``
# terminal of grammar.lark, a pattern for each keyword (the first word's token says which).
# Groups: 1 the keyword, 2 the seat (``trump``: the suit); ``bid``: 3 the amount, 4 ``flush``,
# 5 ``long``, 6 the meld's number; ``announce``: 3 the meld's number alone, 4 ``flush``, 5
# ``long`` after it, 6 the meld's number after them, 7 ``long`` first, 8 the meld's number after
# it. The words after the keyword match in ASCII only, as ``classify`` reads them.
_SEAT = "([NnEeSsWw])"
_AMOUNT = "([0-9]{1,9})"
_LONG = "((?i:long))"
_MELD_AMOUNT = f"(?:[ \t]+(?i:meld)[ \t]+{_AMOUNT})?"
_FAST_AUCTION = {
    "BID": re.compile(f"(?i:(bid))[ \t]+(?a:{_SEAT}[ \t]+{_AMOUNT}(?:[ \t]+((?i:flush)))?"
                      f"(?:[ \t]+{_LONG})?{_MELD_AMOUNT})[ \t]*").fullmatch,
    "ANNOUNCE": re.compile(f"(?i:(announce))[ \t]+(?a:{_SEAT}[ \t]+(?:{_AMOUNT}"
                           f"|((?i:flush))(?:[ \t]+{_LONG})?{_MELD_AMOUNT}"
                           f"|{_LONG}{_MELD_AMOUNT}))[ \t]*").fullmatch,
    "PASS": re.compile(f"(?i:(pass))[ \t]+(?a:{_SEAT})[ \t]*").fullmatch,
    "TRUMP": re.compile("(?i:(trump))[ \t]+([♣♠♥♦♧♤♡♢]\ufe0f?|[CSHDcshd])[ \t]*").fullmatch,
}


def _auction_line(number: int, kind: str, found: Any, text: str, new: Any = tuple.__new__,
                  Span: type = Span) -> Token:
    """The ``AUCTION_LINE`` token of physical line ``number`` (``text``), whose first word is
    ``kind`` and which ``_FAST_AUCTION[kind]`` matched (``found``): its value is the finished
    bid, announcement, pass or trump, the node the word-by-word path builds (its spans too)."""
    end = len(text.rstrip(" \t")) + 1  # just past the last word
    where = new(Span, (number, 1, number, end))
    groups = found.groups()
    node: Any
    if kind == "TRUMP":
        suit = groups[1]
        node = trump(where, (), SUIT_SPELLINGS[suit[:-1] if suit[-1:] == VARIATION_SELECTOR
                                               else suit])
    elif kind == "PASS":
        node = pass_call(where, (), _TABLE_SEATS[groups[1]])
    elif kind == "BID":
        start, stop = found.regs[3]
        node = bid(where, (), _TABLE_SEATS[groups[1]], int(groups[2]), groups[3] is not None,
                   groups[4] is not None, None if groups[5] is None else int(groups[5]),
                   new(Span, (number, start + 1, number, stop + 1)))
    elif groups[2] is not None:  # ``announce N 140``
        node = announce(where, (), _TABLE_SEATS[groups[1]], int(groups[2]), False, False)
    else:
        meld = groups[5] if groups[5] is not None else groups[7]
        node = announce(where, (), _TABLE_SEATS[groups[1]], None if meld is None else int(meld),
                        groups[3] is not None, groups[4] is not None or groups[6] is not None)
    return ("AUCTION_LINE", node, number, 1, number, end)


def _tag_line(number: int, found: Any) -> list[Token]:
    """The tokens of a plain tag line, ``[Name "value"]`` (a name that ``_NAME`` takes, one
    or more blanks, a value without ``\\``, and nothing after the ``]`` but blanks) that
    ``Lexer.lines``' pattern matched (``found``): what the scanner (``Lexer._scan``) gives
    for it, without its loop."""
    (_, name_end), (value_start, value_end) = found.span(1), found.span(2)
    close = value_end + 2
    return [("LSQB", "[", number, 1, number, 2),
            ("NAME", found.group(1), number, 2, number, name_end + 1),
            ("STRING", found.group(2), number, value_start, number, close),
            ("RSQB", "]", number, close, number, close + 1),
            ("EOL", (), number, close + 1, number, close + 1)]


def _columns(text: str, words: list[str]) -> list[int]:
    """The 1-based column of each word of ``text`` (the words of ``text.split()``)."""
    columns = []
    pos = 0
    for word in words:
        pos = text.index(word, pos)
        columns.append(pos + 1)
        pos += len(word)
    return columns


def read_number(text: str) -> int | None:
    """The value of ``text`` when it is a number as the notation writes one (docs/notation.md
    §1): one to nine ASCII digits, nothing else (no sign, no blank, no ``_``; leading zeros
    allowed); else None. Tag values that are numbers are read with this too."""
    if 0 < len(text) <= 9 and text.isascii() and text.isdigit():
        return int(text)
    return None


def classify(word: str) -> tuple[str, object]:
    """The token type and value of a word: one lookup, then the lower-cased word, then numbers."""
    found = WORDS.get(word) or WORDS.get(word.lower())
    if found is not None:
        return found
    number = read_number(word)
    if number is not None:
        return "NUMBER", number
    if word[-1:] == ".":
        number = read_number(word[:-1])
        if number is not None:
            return "TRICK_NUMBER", number
    if word[:1] == "-":  # a signed number: the grammar takes it in side claims only (§11)
        number = read_number(word[1:])
        if number is not None:
            return "NEGATIVE", -number
    return "WORD", word


def _in_context(tokens: list[Token], source: Any) -> list[Token]:
    """The tokens of a claim or ``trump`` line (``CONTEXT_STARTS``) with the words read by
    their place (§11): in a claim, ``NS`` (any case; the nine of spades elsewhere) is the side
    North-South; after ``trump``, a suit (``♠``, ``S``, ``s``, ``♤``...) is a ``SUIT`` token.
    ``source(line)`` is the text of a physical line of the statement."""
    if tokens[0][0] == "TRUMP":
        if len(tokens) > 1 and tokens[1][0] in ("WORD", "SOUTH"):
            kind, value, line, column, end_line, end_column = tokens[1]
            word = source(line)[column - 1:end_column - 1]
            glyph = word[:-1] if word[-1:] == VARIATION_SELECTOR else word  # ♥️: a glyph only
            suit = SUIT_SPELLINGS.get(glyph)
            if suit is not None and not (glyph is not word and glyph.isalpha()):
                return [tokens[0], ("SUIT", suit, line, column, end_line, end_column)] + tokens[2:]
        return tokens
    out = tokens
    for i, token in enumerate(tokens):
        if token[0] == "CARD" and token[1] is _NINE_OF_SPADES:
            line, column, end_column = token[2], token[3], token[5]
            if source(line)[column - 1:end_column - 1].lower() == "ns":
                if out is tokens:
                    out = list(tokens)
                out[i] = ("NS", Side.NS, *token[2:])
    return out


def _unescape(body: str) -> str | None:
    """The value of a tag string's body (between the quotes), or None for a bad escape."""
    if "\\" not in body:
        return body
    out = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            nxt = body[i + 1: i + 2]
            if nxt not in ('"', "\\"):
                return None
            out.append(nxt)
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _merge_card_runs(tokens: list[Token], whole_line: bool) -> list[Token]:
    """Join each run of CARD tokens into one CARDS token: all runs when ``whole_line`` (a hand
    or exposure line), else only runs inside parentheses. Where a card was due and an unknown
    word stands, the line ends with a BAD token saying so."""
    out: list[Token] = []
    run: list[Token] = []
    inside = False
    for tok in tokens:
        kind = tok[0]
        if kind == "CARD" and (whole_line or inside):
            run.append(tok)
            continue
        if run:
            out.append(("CARDS", tuple(t[1] for t in run), run[0][2], run[0][3],
                        run[-1][4], run[-1][5]))
            run = []
        if kind == "WORD" and (inside or (whole_line and len(out) > 1)):
            out.append(("BAD", f"expected a card such as Q♥ or QH, found {quoted(tok[1])}",
                        *tok[2:]))
            return out
        if kind == "LPAR":
            inside = True
        elif kind == "RPAR":
            inside = False
        out.append(tok)
    if run:
        out.append(("CARDS", tuple(t[1] for t in run), run[0][2], run[0][3],
                    run[-1][4], run[-1][5]))
    return out


def _with_parentheses(number: int, text: str, words: list[str],
                      found: list[tuple[str, object] | None]) -> list[Token]:
    """The tokens of a line of words and parentheses (a meld's concealed cards): the cards
    inside parentheses make one CARDS token."""
    columns = _columns(text, words)
    tokens: list[Token] = []
    append = tokens.append
    run: list[Token] = []
    inside = False
    for word, column, known in zip(words, columns, found):
        if known is not None:
            pieces = [(known, column, word)]
        else:
            core = word.lstrip("(")
            opened = len(word) - len(core)
            core = core.rstrip(")")
            if "(" in core or ")" in core or not core:
                pieces = [(_PUNCT_TOKEN.get(m.group()) or classify(m.group()),
                           column + m.start(), m.group())
                          for m in _WORD_OR_PAREN.finditer(word)]
            else:
                pieces = [(_PUNCT_TOKEN["("], column + i, "(") for i in range(opened)]
                pieces.append((classify(core), column + opened, core))
                end = column + opened + len(core)
                pieces += [(_PUNCT_TOKEN[")"], end + i, ")")
                           for i in range(len(word) - opened - len(core))]
        for (kind, value), col, piece in pieces:
            token = (kind, value, number, col, number, col + len(piece))
            if inside and kind == "CARD":
                run.append(token)
                continue
            if run:
                append(("CARDS", tuple(t[1] for t in run), number, run[0][3], number,
                        run[-1][5]))
                run = []
            if inside and kind == "WORD":
                shown = quoted(str(value))
                append(("BAD", f"expected a card such as Q♥ or QH, found {shown}", number, col,
                        number, col + len(piece)))
                return tokens
            if kind == "LPAR":
                inside = True
            elif kind == "RPAR":
                inside = False
            append(token)
    if run:
        append(("CARDS", tuple(t[1] for t in run), number, run[0][3], number, run[-1][5]))
    end = tokens[-1][5]
    append(("EOL", (), number, end, number, end))
    if tokens[0][0] in CARD_RUN_STARTS:
        return _merge_card_runs(tokens, True)
    return tokens


class Lexer:
    """Turns physical lines (without their line ends) into statement lines of tokens.

    ``lines()`` yields the token list of each logical line that holds anything. ``source(n)``
    is the text of physical line ``n`` while its logical line is current (for error snippets);
    ``last_line`` and ``last_column`` say where the text read so far ends.
    """

    def __init__(self, physical_lines: Iterable[str], fast: bool = True) -> None:
        self._source = iter(physical_lines)
        self._physical: Iterator[str] = self._source  # the source, after lines put back
        self._fast = fast  # whether common trick, claim and auction lines are read in one
        # step (TRICK_LINE, TABLE_TRICK_LINE, CLAIM_LINE, SIDE_CLAIM_LINE, AUCTION_LINE)
        self._at: tuple[int, str, int] = (0, "", 0)  # the last physical line read, and size
        self._more: dict[int, str] = {}  # the other lines of a logical line
        self._unclosed = 0  # no '}' follows a '{' on a line up to this one (see ``_brace``)
        self.number = 0
        self.size = 0  # characters read, counting a line end as one
        # The size past which the current game is too big (``new_game``), and whether a tag
        # line past it has been let through (it may start the next game).
        self.limit = sys.maxsize
        self._tag_allowed = False
        # While the reader skips the rest of a game (``_Reader._give_up``): "tags" or "body",
        # what it skips. Lines are then only skimmed (``_skim``).
        self.skimming: str | None = None

    @property
    def last_line(self) -> int:
        return self._at[0]

    @property
    def last_column(self) -> int:
        return len(self._at[1]) + 1

    def source(self, line: int) -> str:
        if line == self._at[0]:
            return self._at[1]
        return self._more.get(line, "")

    def new_game(self, limit: int) -> None:
        """A game starts with the statement read last; it may take ``limit`` characters."""
        number, text, size = self._at
        if number in self._more:  # a statement read by the scanner, maybe over several lines
            size -= sum(len(t) + 1 for t in self._more.values())
        else:
            size -= len(text) + 1
        self.limit = size + limit
        self._tag_allowed = False

    def skim(self, part: str) -> None:
        """Skip the rest of the game (the reader's ``_give_up``): its "tags" or "body"."""
        self.skimming = part
        self.limit = -1

    def relex(self, line: int) -> list[Token]:
        """The tokens of physical line ``line`` (a current one-line statement) read word by
        word, without the one-step lines (``TRICK_LINE``, ``CLAIM_LINE``, ...): what
        the reader reports an error with."""
        lexer = Lexer([self.source(line)], fast=False)
        lexer.number = line - 1
        return next(lexer.lines())

    def lines(self) -> Iterator[list[Token]]:
        words_get = FAST_WORDS.get
        cards_get = CARD_SPELLINGS.get
        needs_scanner = _NEEDS_SCANNER.search
        run_starts = CARD_RUN_STARTS
        fast_trick = _FAST_TRICK if self._fast else (lambda text: None)
        fast_table_trick = _FAST_TABLE_TRICK if self._fast else (lambda text: None)
        fast_marked = self._fast
        claim_starts = _CLAIM_STARTS if self._fast else frozenset()
        auction = _FAST_AUCTION if self._fast else {}
        context_starts = CONTEXT_STARTS
        source = self.source
        # (compiled here, not at import: re's cache makes it one lookup a file)
        fast_tag = re.compile('\\[([A-Za-z][A-Za-z0-9_]*)[ \t]+"([^"\\\\]*)"\\][ \t]*').fullmatch
        tokens: list[Token]
        while True:
            physical = self._physical
            number, size = self.number, self.size
            for text in physical:
                number += 1
                size += len(text) + 1
                self._at = (number, text, size)
                if size > self.limit:  # past the game's limit, or skimming: see ``_limit``
                    self.number, self.size = number, size
                    consumed = yield from self._limit(number, text)
                    if consumed:
                        number, size = self.number, self.size
                        if self._physical is not physical:
                            break
                        continue
                matched = fast_trick(text)
                if matched is not None:
                    yield [_trick_line(number, matched)]
                    continue
                if "0" <= text[:1] <= "9":  # (a two-card trick matched above)
                    matched = fast_table_trick(text)
                    if matched is not None:
                        yield [_table_trick_line(number, matched)]
                        continue
                    if fast_marked:  # (the same switch: the fast paths are on)
                        matched = _FAST_THREE_TRICK(text)  # the three-handed game (§12)
                        if matched is not None:
                            yield [_table_trick_line(number, matched, 0, 3)]
                            continue
                    if fast_marked and ":" in text:  # a lead mark (§2.4)
                        matched = _FAST_MARKED_TRICK(text)
                        if matched is not None:
                            yield [_trick_line(number, matched, 1)]
                            continue
                        matched = _FAST_MARKED_TABLE_TRICK(text)
                        if matched is not None:
                            yield [_table_trick_line(number, matched, 1)]
                            continue
                        matched = _FAST_MARKED_THREE_TRICK(text)
                        if matched is not None:
                            yield [_table_trick_line(number, matched, 1, 3)]
                            continue
                if type(text) is BadLine:
                    column, message = text.problem
                    yield [("BAD", message, number, column, number, column + 1)]
                    continue
                if needs_scanner(text) is None:
                    words = text.split()
                    if not words:
                        continue
                    kind, label = words_get(words[0]) or classify(words[0])
                    if kind in claim_starts:
                        claimed = _FAST_CLAIM(text)
                        if claimed is not None:
                            yield [_claim_line(number, claimed)]
                            continue
                        claimed = _FAST_SEAT_CLAIM(text)  # by seat, with N or signed (§12)
                        if claimed is not None:
                            token = _seat_claim_line(number, claimed)
                            if token is not None:
                                yield [token]
                                continue
                        claimed = _FAST_SIDE_CLAIM(text)  # by side (§11)
                        if claimed is not None:
                            yield [_side_claim_line(number, claimed)]
                            continue
                    elif kind in auction:
                        called = auction[kind](text)
                        if called is not None:
                            yield [_auction_line(number, kind, called, text)]
                            continue
                    if kind in run_starts and kind not in SEAT_RUN_STARTS:
                        run = tuple(map(cards_get, words[1:]))
                        if run and all(run):  # the common case: a hand of cards only
                            # (``all``: no None among them, without Card.__eq__ in Python)
                            if " ".join(words) == text:
                                start, column = len(words[0]) + 2, len(text) + 1
                            else:
                                start, column = _columns(text, words)[1], len(text.rstrip()) + 1
                            first = 1 + text.index(words[0])
                            yield [(kind, label, number, first, number, first + len(words[0])),
                                   ("CARDS", run, number, start, number, column),
                                   ("EOL", (), number, column, number, column)]
                            continue
                    # (every word looked up only now: a claim or a hand above needs none of it)
                    found = [words_get(w) for w in words]
                    if "(" in text or ")" in text:
                        tokens = _with_parentheses(number, text, words, found)
                        yield _in_context(tokens, source) if kind in context_starts else tokens
                        continue
                    if None in found:
                        tokens = self._words(number, text)
                        yield _in_context(tokens, source) if kind in context_starts else tokens
                        continue
                    known = cast("list[tuple[str, object]]", found)  # no None in it (above)
                    tokens = []
                    append = tokens.append
                    if " ".join(words) == text:
                        column = 1
                        for word, (kind, value) in zip(words, known):
                            end = column + len(word)
                            append((kind, value, number, column, number, end))
                            column = end + 1
                    else:
                        for word, column, (kind, value) in zip(words, _columns(text, words),
                                                               known):
                            end = column + len(word)
                            append((kind, value, number, column, number, end))
                    append(("EOL", (), number, end, number, end))
                    kind = tokens[0][0]
                    if kind in run_starts:
                        tokens = _merge_card_runs(tokens, True)
                    elif kind in context_starts:
                        tokens = _in_context(tokens, source)
                    yield tokens
                    continue
                if text[:1] == "[":
                    tag = fast_tag(text)
                    if tag is not None:  # a plain tag line: the scanner's tokens, directly
                        self._more = {number: text}     # (as the scanner leaves it)
                        yield _tag_line(number, tag)
                        continue
                self.number, self.size = number, size
                tokens = self._scan(number, text)
                number, size = self.number, self.size
                if tokens:
                    yield _in_context(tokens, source) if tokens[0][0] in context_starts \
                        else tokens
                if self._physical is not physical:  # lines were put back: read them again
                    break
            else:
                self.number, self.size = number, size
                return

    def _limit(self, number: int, text: str) -> Generator[list[Token], None, bool]:
        """Line ``number`` took ``size`` past ``limit``. Either the limit was raised since
        (a new game started: nothing to do), or the current game is too big: yield a
        ``GAME_LIMIT`` token for the reader to report (it then skips the rest of the game,
        calling ``skim``); except that a tag line is read first, once, as it may start the
        next game. While ``skimming``, the line is skimmed instead (``_skim``). Returns whether
        the line has been dealt with (else it is read as usual)."""
        if self.skimming is None:
            if self.size <= self.limit:
                return False
            if text.lstrip(" \t")[:1] == "[" and not self._tag_allowed:
                self._tag_allowed = True  # (``new_game`` clears it)
                return False
            yield [("GAME_LIMIT", None, number, 1, number, 1)]
            if self.skimming is None:  # (the reader did not take it)
                return False
        yield from self._skim(number, text)
        return True

    def _skim(self, number: int, text: str) -> Iterator[list[Token]]:
        """While the reader skips the rest of a game, the lexer only looks for the next game's
        first tag: a tag line that follows a line of the game's body (``skimming`` says which
        part is being skipped, "tags" or "body"). That line is yielded after a ``SKIPPED``
        token; the others are dropped. Only a line that may hold a comment over several lines
        is read in full."""
        if "{" in text:
            tokens = self._scan(number, text)
            kind = tokens[0][0] if tokens else "COMMENT"
        else:
            stripped = text.lstrip(" \t")
            kind = {"[": "LSQB", ";": "COMMENT", "": "COMMENT"}.get(stripped[:1], "WORD")
            if kind == "LSQB" and self.skimming == "body":
                tokens = self._scan(number, text)
        if kind == "LSQB" and self.skimming == "body":
            self.skimming = None
            yield [("SKIPPED", None, number, 1, number, 1)]
            yield tokens
        elif kind != "COMMENT" and kind != "LSQB":
            self.skimming = "body"

    def _words(self, number: int, text: str) -> list[Token]:
        """A line of words and parentheses (no comment, string or bracket), word by word."""
        tokens = []
        for match in _WORD_OR_PAREN.finditer(text):
            word, column = match.group(), match.start() + 1
            kind, value = _PUNCT_TOKEN.get(word) or classify(word)
            tokens.append((kind, value, number, column, number, column + len(word)))
        end = tokens[-1][5]
        tokens.append(("EOL", (), number, end, number, end))
        first = tokens[0][0]
        if first in CARD_RUN_STARTS or "(" in text:
            tokens = _merge_card_runs(tokens, first in CARD_RUN_STARTS)
        return tokens

    def _scan(self, number: int, text: str) -> list[Token]:
        """Lex one logical line (from physical line ``number``) with the scanner. A bad lexeme
        ends the line's tokens with a BAD token; the rest of that physical line is dropped."""
        tokens: list[Token] = []
        comments: list[Comment] = []
        pos = 0
        after_lsqb = False
        self._more = {number: text}
        while pos < len(text):
            m = _SCAN.match(text, pos)
            assert m is not None  # every character starts some alternative
            group = m.lastgroup
            col = pos + 1
            pos = m.end()
            if group == "blank":
                continue
            if group == "word":
                word = m.group()
                if after_lsqb and _NAME.match(word):
                    found: tuple[str, object] = ("NAME", word)
                else:
                    found = classify(word)
                tokens.append((found[0], found[1], number, col, number, pos + 1))
            elif group == "punct":
                tokens.append((_PUNCT[m.group()], m.group(), number, col, number, pos + 1))
            elif group == "string":
                value = _unescape(m.group()[1:-1]) if m.group("endq") else None
                if value is None:
                    message = ('unknown escape in a tag value: inside the quotes write \\" for a '
                               'quote and \\\\ for a backslash') if m.group("endq") else \
                        'unterminated tag value: the closing " is missing'
                    return self._bad(tokens, message, number, col)
                tokens.append(("STRING", value, number, col, number, pos + 1))
            elif group == "semi":
                body = m.group()[1:].rstrip(" \t")
                comments.append(comment(body, False,
                                        span(number, col, number, col + 1 + len(body))))
            elif group == "close":
                return self._bad(tokens, "unexpected '}': a comment is written {like this}",
                                 number, col)
            else:  # a brace comment: may run over several physical lines
                found_comment = self._brace(number, col, text, pos)
                if isinstance(found_comment, str):
                    return self._bad(tokens, found_comment, number, col)
                note, number, text, pos, problem = found_comment
                comments.append(note)
                if problem is not None:
                    return self._bad(tokens, problem[1], number, problem[0])
            after_lsqb = group == "punct" and m.group() == "["
        if not tokens:
            return [("COMMENT", c, c.span.line, c.span.column, c.span.end_line,
                     c.span.end_column) for c in comments]
        last = tokens[-1]
        tokens.append(("EOL", tuple(comments), last[4], last[5], last[4], last[5]))
        kind = tokens[0][0]
        if kind in CARD_RUN_STARTS or any(t[0] == "LPAR" for t in tokens):
            tokens = _merge_card_runs(tokens, kind in CARD_RUN_STARTS)
        return tokens

    def _brace(self, number: int, col: int, text: str, pos: int) -> Any:
        """The brace comment opened at ``col`` of line ``number`` (``pos`` is just past the
        ``{``): ``(comment, last line number, last line's text, position after '}', problem)``,
        or the message when no ``}`` follows within ``COMMENT_LIMIT`` characters (the lines
        read meanwhile are put back, to be lexed).

        A '{' on the lines read in vain is not looked at again (they hold no '}'): it is
        unterminated too, at once, so that a file of '{' lines is read in linear time."""
        if number <= self._unclosed:
            return UNCLOSED
        parts = []
        start_line = number
        read: list[str] = []
        problem = None
        close = text.find("}", pos)
        length = len(text) - pos
        while close < 0:
            parts.append(text[pos:])
            following = next(self._physical, None) if length <= COMMENT_LIMIT else None
            if following is None:
                self._unclosed = number if length > COMMENT_LIMIT else sys.maxsize
                # (a scan starts past the lines put back by the last one: see ``_unclosed``)
                self._physical = chain(read, self._source)
                self._more = {start_line: self._more[start_line]}
                self.size -= sum(map(len, read)) + len(read)
                self.number = start_line
                self._at = (start_line, self._more[start_line], self.size)
                return UNCLOSED if length <= COMMENT_LIMIT else TOO_LONG_COMMENT
            read.append(following)
            number += 1
            self.number = number
            self.size += len(following) + 1
            text, pos = following, 0
            length += len(text) + 1
            self._more[number] = text
            self._at = (number, text, self.size)
            if type(following) is BadLine and problem is None:
                problem = following.problem
            close = text.find("}")
        parts.append(text[pos:close])
        pos = close + 1
        note = comment("\n".join(parts), True, span(start_line, col, number, pos + 1))
        return note, number, text, pos, problem

    def _bad(self, tokens: list[Token], message: str, line: int, column: int) -> list[Token]:
        return tokens + [("BAD", message, line, column, line, column + 1)]
