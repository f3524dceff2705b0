"""The partnership game's record notation (double-pack, docs/notation.md §11), text <-> events.

Every statement reads to its event (Hands, Bid, Announce, Pass, TrumpNaming, Declaration or a
seated Meld, TableTrick, SideClaim) and is written back in canonical form; bad input is a syntax
error at file:line:column with a caret; the two-handed statements keep taking E and W only; the
reader decides nothing about legality (the adjudicator does). Random partnership records round
trip, are accepted by Lark's own loop, lex to tokens that match the grammar's terminals, and
read to the nodes validation makes.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput
from tests.strategies import (notation_brace_comments, notation_cards, notation_comments,
                        notation_inline_melds, notation_meld_kinds, notation_numbers,
                        notation_statement_comments, notation_tags)

from pinochle.notation import (Battle, Card, Comment, Draw, Game, Meld, MeldKind, NotationError,
                               Record, Seat, Suit, Trick, dumps, parse)
from pinochle.notation.cards import FOUR_SEATS, Side
from pinochle.notation.events import (Announce, Bid, Declaration, Hands, Node, Pass, SideClaim,
                                      Span, TableTrick, TrumpNaming)
from pinochle.notation.plain import fields_of
from pinochle.notation.grammar import LARK
from pinochle.notation.lexer import Lexer

DATA = Path(__file__).parent / "data"
DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
N, E, S, W = FOUR_SEATS
HEAD = "battle 1 dealer N\n"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def events(text: str) -> tuple[object, ...]:
    return parse(HEAD + text).games[0].battles[0].events


def event(line: str) -> object:
    (found,) = events(line + "\n")
    return found


def errors(text: str) -> list[NotationError]:
    with pytest.raises(NotationError) as caught:
        parse(text, "t.pin")
    return caught.value.errors


def kinds(line: str) -> list[str]:
    return [t[0] for tokens in Lexer([line]).lines() for t in tokens]


# ---- every statement reads to its event, and is written back canonically ----

STATEMENTS = [
    ("bid E 500", Bid(seat=E, amount=500)),
    ("bid E 510 flush", Bid(seat=E, amount=510, flush=True)),
    ("bid E 510 long", Bid(seat=E, amount=510, long=True)),
    ("bid E 510 long meld 100", Bid(seat=E, amount=510, long=True, meld=100)),
    ("bid E 510 meld 100", Bid(seat=E, amount=510, meld=100)),
    ("bid N 600 flush long meld 230", Bid(seat=N, amount=600, flush=True, long=True, meld=230)),
    ("announce S 140", Announce(seat=S, meld=140)),
    ("announce S flush", Announce(seat=S, flush=True)),
    ("announce S long", Announce(seat=S, long=True)),
    ("announce S long meld 100", Announce(seat=S, long=True, meld=100)),
    ("announce S flush long meld 100", Announce(seat=S, flush=True, long=True, meld=100)),
    ("pass W", Pass(seat=W)),
    ("trump ♠", TrumpNaming(suit=Suit.SPADES)),
    ("meld N ♥F 150 ♥M 40 AA4 1000 P 40", Declaration(seat=N, melds=tuple(
        Meld(kind=MeldKind.parse(k), points=p)
        for k, p in (("♥F", 150), ("♥M", 40), ("AA4", 1000), ("P", 40))))),
    ("meld S 230", Declaration(seat=S, total=230)),
    ("meld E 0", Declaration(seat=E, total=0)),
    ("meld N ♥F 150", Meld(kind=MeldKind.parse("♥F"), points=150, seat=N)),
    ("meld S ♣M 20 (K♣ Q♣)", Meld(kind=MeldKind.parse("♣M"), points=20, seat=S,
                                 concealed=cards("K♣ Q♣"))),
    ("1. A♠ K♠ T♠ J♠ E", TableTrick(number=1, cards=cards("A♠ K♠ T♠ J♠"), winner=E)),
    ("20. A♦ J♣ A♣ Q♦", TableTrick(number=20, cards=cards("A♦ J♣ A♣ Q♦"))),
    ("7. Q♥ Q♥ Q♥ Q♥ S", TableTrick(number=7, cards=cards("Q♥ Q♥ Q♥ Q♥"), winner=S)),
    ("tricks NS 310 EW 190", SideClaim(category="tricks", ns=310, ew=190)),
    ("melds NS 1270 EW 80", SideClaim(category="melds", ns=1270, ew=80)),
    ("score NS -530 EW 270", SideClaim(category="score", ns=-530, ew=270)),
    ("total NS 2100", SideClaim(category="total", ns=2100)),
    ("score EW -650", SideClaim(category="score", ew=-650)),
]


@pytest.mark.parametrize("line, expected", STATEMENTS)
def test_each_statement_reads_to_its_event_and_is_written_back(line: str,
                                                               expected: object) -> None:
    found = event(line)
    assert found == expected and type(found) is type(expected)
    assert dumps(parse(HEAD + line + "\n")) == HEAD + line + "\n"


def test_the_hands_are_four_lines_N_E_S_W_one_event() -> None:
    text = "N: A♠ K♠\nE: T♠ ; East's\nS: Q♠ J♠ Q♠\nW: A♥ {West}\n"
    (hands,) = events(text)
    assert isinstance(hands, Hands)
    assert hands.hands == (cards("A♠ K♠"), cards("T♠"), cards("Q♠ J♠ Q♠"), cards("A♥"))
    assert hands.spans == (Span(2, 1, 2, 9), Span(3, 1, 3, 6), Span(4, 1, 4, 12),
                           Span(5, 1, 5, 6))
    assert hands.span == Span(2, 1, 5, 6)
    assert [c.text for c in hands.comments] == [" East's", "West"]
    # written with its comments as a deal's are: cut after each ; comment, on the last lines
    assert dumps(parse(HEAD + text)) == \
        HEAD + "N: A♠ K♠\nE: T♠\nS: Q♠ J♠ Q♠ ; East's\nW: A♥ {West}\n"


def test_the_game_claim_of_the_sides_closes_a_game_and_takes_a_sign() -> None:
    text = HEAD + "pass N\n\ngame NS 3610 EW -2950\n"
    game = parse(text).games[0]
    assert game.closing == (SideClaim(category="game", ns=3610, ew=-2950),)
    assert dumps(parse(text)) == text


def test_any_seat_deals_and_marks_a_four_card_trick() -> None:
    for seat in FOUR_SEATS:
        battle = parse(f"battle 3 dealer {seat}\n1. A♠ K♠ T♠ J♠ {seat}\n").games[0].battles[0]
        assert battle.dealer is seat and battle.events[0].winner is seat  # type: ignore[attr-defined]


# ---- spellings ----

@pytest.mark.parametrize("spelling, suit", [
    ("♠", Suit.SPADES), ("♤", Suit.SPADES), ("♠️", Suit.SPADES), ("S", Suit.SPADES),
    ("s", Suit.SPADES), ("H", Suit.HEARTS), ("h", Suit.HEARTS), ("♡", Suit.HEARTS),
    ("♥️", Suit.HEARTS), ("C", Suit.CLUBS), ("♣", Suit.CLUBS), ("d", Suit.DIAMONDS),
    ("♦", Suit.DIAMONDS)])
def test_trump_takes_any_suit_spelling_and_S_is_spades_there(spelling: str, suit: Suit) -> None:
    assert event(f"TRUMP {spelling}") == TrumpNaming(suit=suit)
    assert dumps(parse(f"{HEAD}trump {spelling}\n")) == f"{HEAD}trump {suit.glyph}\n"


def test_seats_sides_keywords_and_cards_in_any_case() -> None:
    assert event("BID n 500 FLUSH Long MELD 100") == Bid(seat=N, amount=500, flush=True,
                                                      long=True, meld=100)
    assert event("Pass s") == Pass(seat=S)
    assert event("tricks ns 10 ew 490") == event("TRICKS Ns 10 eW 490") == \
        SideClaim(category="tricks", ns=10, ew=490)
    assert event("1. as 10♠ kS j♠ w") == TableTrick(number=1, cards=cards("A♠ T♠ K♠ J♠"),
                                                    winner=W)
    assert event("score NS -0 EW -007") == SideClaim(category="score", ns=0, ew=-7)


def test_NS_is_the_nine_of_spades_outside_a_claim() -> None:
    text = "battle 1 dealer E\nE: NS ns\nW: TS\nstock: 9S\n1. NS TS W\n"
    deal, trick = parse(text).games[0].battles[0].events
    nine = Card.parse("N♠")
    assert deal.east == (nine, nine) and deal.stock == (nine,)  # type: ignore[attr-defined]
    assert isinstance(trick, Trick) and trick.lead is nine


def test_partnership_lines_read_in_one_step_and_two_handed_lines_keep_theirs() -> None:
    assert kinds("tricks NS 310 EW -190") == ["SIDE_CLAIM_LINE"]
    assert kinds("tricks NS 310 EW -190 ; c") == ["TRICKS", "NS", "NUMBER", "EW", "NEGATIVE",
                                                  "EOL"]
    assert kinds("1. A♠ K♠ T♠ J♠ N") == ["TABLE_TRICK_LINE"]
    assert kinds("1. A♠ K♠ T♠ J♠ N ; c")[:6] == ["TRICK_NUMBER", "CARD", "CARD", "CARD", "CARD",
                                                 "NORTH"]
    assert kinds("trump S") == ["AUCTION_LINE"]
    assert kinds("trump S {c}") == ["TRUMP", "SUIT", "EOL"]
    assert kinds("7. K♦ K♦ E ♦3 91") == ["TRICK_LINE"]
    assert kinds("tricks E 380 W 340") == ["CLAIM_LINE"]
    assert kinds("N: A♠ K♠") == ["NORTH_HAND", "CARDS", "EOL"]


def test_spans_of_the_parts() -> None:
    bid, trick, claim = events("bid E 510 long\n1. A♠ K♠ T♠ J♠ E\nscore NS -530 EW 270\n")
    assert isinstance(bid, Bid) and bid.span == Span(2, 1, 2, 15)
    assert bid.amount_span == Span(2, 7, 2, 10)
    assert isinstance(trick, TableTrick) and trick.span == Span(3, 1, 3, 17)
    assert trick.card_spans == (Span(3, 4, 3, 6), Span(3, 7, 3, 9), Span(3, 10, 3, 12),
                                Span(3, 13, 3, 15))
    assert trick.winner_span == Span(3, 16, 3, 17)
    assert isinstance(claim, SideClaim) and claim.ns_span == Span(4, 7, 4, 14)
    assert claim.ew_span == Span(4, 15, 4, 21) and claim.of(Side.EW) == 270


def test_a_declaration_spans_its_line_and_its_melds_name_no_seat() -> None:
    (declaration,) = events("meld W ♥M 20 AA4 1000 ; shown\n")
    assert isinstance(declaration, Declaration) and declaration.span == Span(2, 1, 2, 22)
    assert [m.seat for m in declaration.melds] == [None, None]
    assert [m.points_span for m in declaration.melds] == [Span(2, 11, 2, 13),
                                                          Span(2, 18, 2, 22)]
    assert declaration.comments == (Comment(text=" shown"),)


# ---- the reader decides nothing about legality ----

@pytest.mark.parametrize("text", [
    "N: " + "A♠ " * 19 + "\nE: A♠\nS: A♠ A♠ A♠ A♠ A♠\nW: " + "K♠ " * 21 + "\n",  # counts, copies
    "bid E 505\nbid W 400\nbid E 10\n",                  # not multiples of 10, not higher
    "pass N\npass N\nbid N 500\n",                       # after a pass
    "announce S 0\nannounce S flush long meld 9999\n",   # amounts are never checked
    "trump ♠\ntrump ♥\n",                                # trump twice
    "meld N ♥♥♥♥F 1 dix 5\nmeld N 99999\n",              # any kind, any points, twice
    "1. A♠ A♠ A♠ A♠ N\n1. D♣ N♣ D♣ N♣\n",                # five copies, deuces and nines
    "3. T♠ N♠ W\n1. A♠ K♠ T♠ J♠ E\n",                    # two-card and four-card tricks mixed
    "tricks NS 999 EW 999\ntricks E 1\nscore NS -999999999\n",
])
def test_the_reader_takes_what_only_the_adjudicator_can_judge(text: str) -> None:
    record = parse(HEAD + text)
    assert parse(dumps(record)) == record


def test_two_handed_records_may_now_name_a_table_seat_as_dealer_or_melder() -> None:
    # the reader knows no ruleset: the adjudicator reports a seat the ruleset has not
    battle = parse("battle 1 dealer S\nmeld N ♥2 61 (A♥)\n").games[0].battles[0]
    assert battle.dealer is S and battle.events[0] == Meld(
        kind=MeldKind.parse("♥2"), points=61, seat=N, concealed=cards("A♥"))


# ---- errors: file:line:column, a caret, and what was expected ----

ERRORS = [
    ("bid E\n", "2:6", "expected a number, found the end of the line"),
    ("bid E -500\n", "2:7", "expected a number, found '-500'"),
    ("bid 500\n", "2:5", "expected a seat (N, E, S or W), found '500'"),
    ("bid E 500 long flush\n", "2:16", "expected `meld` or the end of the line, found 'flush'"),
    ("announce S\n", "2:11", "expected a number, `flush` or `long`, found the end of the line"),
    ("pass X\n", "2:6", "expected a seat (N, E, S or W), found 'X'"),
    ("trump X\n", "2:7", "expected a suit such as ♥ or H, found 'X'"),
    ("trump N\n", "2:7", "expected a suit such as ♥ or H, found 'N'"),
    ("trump ♠♠\n", "2:7", "expected a suit such as ♥ or H, found '♠♠'"),
    ("trump\n", "2:6", "expected a suit such as ♥ or H, found the end of the line"),
    ("1. A♠ K♠ T♠ J♠ Q♠\n", "2:16", "expected a seat (N, E, S or W) or the end of the line, "
     "found 'Q♠'"),
    ("1. A♠ K♠ T♠ J♠ Q♠\n", "2:16", "expected a seat (N, E, S or W) or the end of the line"),
    ("1. A♠ K♠ N\n", "2:10", "a seat (E or W)"),  # a two-card trick's winner: E or W
    ("draw N\n", "2:6", "expected a seat (E or W) or the end of the line, found 'N'"),
    ("draw E S\n", "2:8", "expected a seat (E or W) or the end of the line, found 'S'"),
    ("nodraw S\n", "2:8", "expected a seat (E or W), found 'S'"),
    ("extradraw N\n", "2:11", "expected a seat (E or W), found 'N'"),
    ("toofew N\n", "2:8", "expected a seat (E or W), found 'N'"),
    ("expose N A♠\n", "2:8", "expected a seat (E or W), found 'N'"),
    ("correct S 5\n", "2:9", "expected a seat (E or W), found 'S'"),
    ("knock N 1004\n", "2:7", "expected a seat (E or W), found 'N'"),
    ("call S\n", "2:6", "expected a seat (E or W), found 'S'"),
    ("look N\n", "2:6", "expected a seat (E or W), found 'N'"),
    ("return S\n", "2:8", "expected a seat (E or W), found 'S'"),
    ("give E N\n", "2:8", "expected a seat (E or W), found 'N'"),
    ("choose N upcard\n", "2:8", "expected a seat (E or W), found 'N'"),
    ("object deal S\n", "2:13", "expected a seat (E or W), found 'S'"),
    ("tricks E 380 EW 340\n", "2:14", "expected a seat (E or W) or the end of the line"),
    ("tricks NS 380 W 340\n", "2:15", "expected a side (NS or EW) or the end of the line"),
    ("tricks EW 1 NS 2\n", "2:13", "expected the end of the line, found 'NS'"),
    ("tricks E --5\n", "2:10", "expected a number, found '--5'"),
    ("meld N -5\n", "2:8", "expected a number or a meld such as ♣2, AA4 or ♦♦3, found '-5'"),
    ("meld N ♥F 150 ♥M\n", "2:17", "expected a number, found the end of the line"),
    ("N: A♠\nS: K♠\n", "3:1", "expected East's hand (`E:` and East's cards)"),
    ("N: A♠\nE: K♠\nX: Q♠\n", "4:1", "expected West's hand (`W:` and West's cards) or South's "
     "hand (`S:` and South's cards)"),
    ("N: A♠\nE: K♠\nS: Q♠\n", "4:6", "expected West's hand (`W:` and West's cards)"),
    ("N:\n", "2:3", "expected a card such as Q♥ or QH, found the end of the line"),
    ("S: A♠\n", "2:1", "expected a statement"),
]


@pytest.mark.parametrize("text, where, message", ERRORS)
def test_bad_lines_are_syntax_errors_at_their_line_and_column(text: str, where: str,
                                                               message: str) -> None:
    error = errors(HEAD + text)[0]
    assert f"{error.line}:{error.column}" == where and message in error.message, error.message
    shown = str(error)
    assert shown.startswith(f"t.pin:{where}: syntax error: ")
    assert "^" in error.describe().splitlines()[-1]


def test_the_dealer_is_any_of_the_four_seats_and_nothing_else() -> None:
    (error,) = errors("battle 1 dealer X\n")
    assert (error.line, error.column, error.message) == (
        1, 17, "expected a seat (N, E, S or W), found 'X'")


def test_a_broken_hand_line_is_reported_once_and_the_hands_read_on() -> None:
    found = errors(HEAD + "N: A♠ ZZ\nE: K♠\nS: Q♠\nW: J♠\nbid E 500\ntrump X\n")
    assert [(e.line, e.column) for e in found] == [(2, 7), (7, 7)]
    assert found[0].message == "expected a card such as Q♥ or QH, found 'ZZ'"


def test_a_broken_auction_line_is_reported_and_the_next_ones_read() -> None:
    found = errors(HEAD + "bid E\npass Q\nannounce S 140\n1. A♠ K♠ T♠ J♠ Q♠\n2. A♠ K♠ T♠ J♠\n")
    assert [(e.line, e.column) for e in found] == [(2, 6), (3, 6), (5, 16)]


# ---- the writer: canonical, and refusing what could not be read back ----

@pytest.mark.parametrize("node, message", [
    (Hands(hands=(cards("A♠"),) * 2), "the hands are four (N, E, S, W) or three"),
    (Hands(hands=(cards("A♠"), (), cards("A♠"), cards("A♠"))), "East’s hand names at least"),
    (TableTrick(number=1, cards=cards("A♠ K♠")), "of three, three), not 2"),
    (Declaration(seat=N, melds=(Meld(kind=MeldKind.parse("P"), points=40),)), "one meld"),
    (Declaration(seat=N), "its melds or its total"),
    (Declaration(seat=N, total=5, melds=(Meld(kind=MeldKind.parse("P"), points=40),) * 2),
     "not both"),
    (Declaration(seat=N, melds=(Meld(kind=MeldKind.parse("P"), points=40, seat=N),) * 2),
     "no seat"),
    (Announce(seat=S), "a meld, a flush or a long suit"),
    (Bid(seat=S, amount=-500), "no sign"),
    (SideClaim(category="tricks"), "at least one side"),
    (SideClaim(category="game", ns=1), "belongs in Game.closing"),
    (Draw(seats=(Seat.EAST, Seat.NORTH)), "E or W, not N"),
    (Trick(number=1, lead=Card.parse("A♠"), follow=Card.parse("K♠"), winner=Seat.SOUTH),
     "E or W, not S"),
])
def test_the_writer_refuses_what_would_not_read_back(node: object, message: str) -> None:
    battle = Battle(number=1, dealer=N, events=(node,))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=re.escape(message)):
        dumps(Game(battles=(battle,)))


# ---- the example record (docs/notation.md §11) ----

def _doc_example() -> str:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"^```pinochle\n(.*?)^```", text, re.M | re.S)
    (block,) = [b for b in blocks if '[Ruleset "double-pack"]' in b and "N: " in b]
    return block


def test_the_docs_example_is_the_data_file_and_canonical() -> None:
    text = (DATA / "double_pack.pin").read_text(encoding="utf-8")
    assert _doc_example() == text
    assert dumps(parse(text)) == text


def test_the_example_reads_as_the_spec_says() -> None:
    (game,) = parse((DATA / "double_pack.pin").read_text(encoding="utf-8")).games
    assert game.tags["Ruleset"] == "double-pack" and game.tags["South"] == "Cy"
    (battle,) = game.battles
    assert battle.dealer is N
    hands, *rest = battle.events
    assert isinstance(hands, Hands) and [len(h) for h in hands.hands] == [20] * 4
    dealt = Counter(card for hand in hands.hands for card in hand)
    assert dealt == Counter({Card.parse(r + s): 4 for r in "ATKQJ" for s in "♣♠♥♦"})
    calls = [e.model_copy(update={"comments": ()}) for e in rest
             if isinstance(e, (Bid, Announce, Pass))]
    assert calls == [Announce(seat=E, meld=100), Bid(seat=S, amount=500),
                     Announce(seat=W, meld=140), Pass(seat=N), Bid(seat=E, amount=530, flush=True),
                     Pass(seat=S), Pass(seat=W)]
    assert [e for e in rest if isinstance(e, TrumpNaming)] == [TrumpNaming(suit=Suit.SPADES)]
    declared = [e for e in rest if isinstance(e, Declaration)]
    assert [(d.seat, d.total, len(d.melds)) for d in declared] == [
        (N, 60, 0), (E, None, 3), (S, 0, 0), (W, None, 2)]
    tricks = [e for e in rest if isinstance(e, TableTrick)]
    assert [t.number for t in tricks] == list(range(1, 21))
    played = Counter(card for t in tricks for card in t.cards)
    assert played == dealt
    assert rest[-4:] == [SideClaim(category="tricks", ns=30, ew=470),
                         SideClaim(category="melds", ns=60, ew=1290),
                         SideClaim(category="score", ns=90, ew=1760),
                         SideClaim(category="total", ns=90, ew=1760)]


# ---- random partnership records ----

_seats = st.sampled_from(FOUR_SEATS)
_signed = st.one_of(st.integers(-999, 999), st.integers(-(10 ** 9) + 1, 10 ** 9 - 1))
_few = st.one_of(st.just(()), notation_statement_comments())
_some = st.one_of(st.none(), notation_numbers)


@st.composite
def dp_hands(draw: st.DrawFn) -> Hands:
    comments = sum((draw(_few) for _ in range(4)), ())
    return Hands(hands=tuple(tuple(draw(st.lists(notation_cards, min_size=1, max_size=21)))
                             for _ in range(4)), comments=comments)


@st.composite
def dp_announcements(draw: st.DrawFn) -> Announce:
    flush, long = draw(st.booleans()), draw(st.booleans())
    meld = draw(notation_numbers if not (flush or long) else _some)
    return Announce(seat=draw(_seats), meld=meld, flush=flush, long=long,
                    comments=draw(_few))


def dp_side_claims(categories: list[str]) -> st.SearchStrategy[SideClaim]:
    sides = st.one_of(st.tuples(_signed, st.none()), st.tuples(st.none(), _signed),
                      st.tuples(_signed, _signed))
    return st.builds(lambda category, side, comments: SideClaim(
        category=category, ns=side[0], ew=side[1], comments=comments),
        st.sampled_from(categories), sides, _few)


dp_events = st.one_of(
    notation_comments, dp_hands(), dp_announcements(),
    st.builds(Bid, seat=_seats, amount=notation_numbers, flush=st.booleans(), long=st.booleans(),
              meld=_some, comments=_few),
    st.builds(Pass, seat=_seats, comments=_few),
    st.builds(TrumpNaming, suit=st.sampled_from(list(Suit)), comments=_few),
    st.builds(Declaration, seat=_seats, melds=st.lists(notation_inline_melds, min_size=2,
                                                       max_size=4).map(tuple), comments=_few),
    st.builds(Declaration, seat=_seats, total=notation_numbers, comments=_few),
    st.builds(Meld, kind=notation_meld_kinds, points=notation_numbers, seat=_seats,
              comments=_few),
    st.builds(TableTrick, number=notation_numbers,
              cards=st.lists(notation_cards, min_size=4, max_size=4).map(tuple),
              winner=st.one_of(st.none(), _seats), comments=_few),
    dp_side_claims(["tricks", "melds", "score", "total"]))


@st.composite
def dp_records(draw: st.DrawFn) -> Record:
    games = []
    for _ in range(draw(st.integers(1, 2))):
        header = [draw(notation_tags)] + draw(st.lists(st.one_of(notation_tags,
                                                                  notation_brace_comments),
                                                        max_size=2))
        battles = draw(st.lists(st.builds(Battle, number=notation_numbers, dealer=_seats,
                                          comments=_few,
                                          events=st.lists(dp_events, max_size=10).map(tuple)),
                                min_size=1, max_size=2))
        closing = draw(st.lists(dp_side_claims(["game"]), max_size=1))
        games.append(Game(header=tuple(header), battles=tuple(battles), closing=tuple(closing)))
    return Record(games=tuple(games))


def _nodes(node: object):  # type: ignore[no-untyped-def]
    if isinstance(node, tuple):
        for item in node:
            yield from _nodes(item)
    elif isinstance(node, Node):
        yield node
        for value in node.__dict__.values():
            yield from _nodes(value)


_PATTERNS = {t.name: re.compile(t.pattern.to_regexp(), re.I if "i" in t.pattern.flags else 0)
             for t in LARK.terminals}


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(dp_records())
def test_random_partnership_records_round_trip_both_ways(record: Record) -> None:
    text = dumps(record)
    again = parse(text)
    assert again == record and dumps(again) == text
    try:  # Lark's own loop over the same grammar and tokens agrees with the reader's
        LARK.parse(text)
    except UnexpectedInput as error:  # pragma: no cover - the failure's message
        raise AssertionError(f"Lark refuses what the reader reads: {error}") from None
    lines = text.split("\n")
    for kind, _value, line, column, end_line, end_column in (
            t for tokens in Lexer(lines).lines() for t in tokens):
        if kind not in ("EOL", "COMMENT") and end_line == line:
            lexeme = lines[line - 1][column - 1:end_column - 1]
            assert _PATTERNS[kind].fullmatch(lexeme), (kind, lexeme)
    for node in _nodes(again):  # the reader's fast constructors make what validation makes
        assert list(node.__dict__) == list(fields_of(type(node))), type(node).__name__
        validated = type(node).model_validate(node.__dict__)
        assert validated.__dict__ == node.__dict__ and validated == node


def _lark_accepts(text: str) -> bool:
    try:
        LARK.parse(text)
    except UnexpectedInput:
        return False
    return True


def _reader_accepts(text: str) -> bool:
    try:
        parse(text)
    except NotationError:
        return False
    return True


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(dp_records(), st.data())
def test_both_loops_agree_on_damaged_partnership_records(record: Record,
                                                         data: st.DataObject) -> None:
    lines = dumps(record).split("\n")
    i = data.draw(st.integers(0, len(lines) - 1))
    j = data.draw(st.integers(0, len(lines) - 1))
    lines[i], lines[j] = lines[j], lines[i]  # statements out of order (hands lines too)
    del lines[data.draw(st.integers(0, len(lines) - 1))]
    damaged = "\n".join(lines)
    assert _lark_accepts(damaged) == _reader_accepts(damaged), damaged


def test_a_message_names_what_may_follow_here_not_what_may_follow_a_seat_anywhere() -> None:
    # LALR merges the states after a seat: the message is of what the parser would take here
    (error,) = errors("battle 1 dealer E\ngive E X\n")
    assert error.message == "expected a seat (E or W), found 'X'"
    (error,) = errors("battle 1 dealer N\nbid E x\n")
    assert error.message == "expected a number, found 'x'"


# ---- the four-card trick line read in one step (TABLE_TRICK_LINE) ----

def _read(text: str, fast: bool) -> tuple[list[object], list[str]]:
    """Games (with every span) and error messages, with or without the one-step lines."""
    from pinochle.notation.reader import _Reader
    from pinochle.notation.source import text_lines
    reader = _Reader(Lexer(text_lines(text), fast=fast), "t.pin")
    reader.read(reader.lexer.lines())
    return [g.model_dump() for g in reader.games], [str(e) for e in reader.errors]


_TABLE_TRICK_LINE = re.compile(LARK.get_terminal("TABLE_TRICK_LINE").pattern.to_regexp())


@st.composite
def table_trick_lines(draw: st.DrawFn) -> str:
    blank = lambda: draw(st.sampled_from([" ", "  ", "\t", " \t "]))  # noqa: E731
    spell = st.sampled_from(sorted(s for s in __import__(
        "pinochle.notation.cards", fromlist=["CARD_SPELLINGS"]).CARD_SPELLINGS))
    words = [draw(st.sampled_from(["1", "07", "20", "999999999"])) + "."]
    words += [draw(spell) for _ in range(4)]
    if draw(st.booleans()):
        words.append(draw(st.sampled_from(list("NnEeSsWw"))))
    return blank().join(words) + draw(st.sampled_from(["", " ", "\t"]))


@settings(max_examples=200, deadline=None)
@given(table_trick_lines())
def test_a_four_card_trick_line_reads_in_one_step_as_word_by_word(line: str) -> None:
    assert _TABLE_TRICK_LINE.fullmatch(line.rstrip(" \t"))
    assert kinds(line) == ["TABLE_TRICK_LINE"]
    text = HEAD + line + "\n"
    fast, slow = _read(text, True), _read(text, False)
    assert fast == slow and not fast[1]


@pytest.mark.parametrize("line", [
    "1. A♠ K♠ T♠ J♠ X", "1. A♠ K♠ T♠ J♠ E E", "1. A♠ K♠ T♠ J♠ Q♠", "1. A♠ K♠ T♠ J♠ E ; c",
    "1. A♠ K♠ T♠ J♠ {c} E", "1.A♠ K♠ T♠ J♠"])
def test_other_four_card_lines_read_word_by_word_with_the_same_result(line: str) -> None:
    text = HEAD + line + "\n2. A♠ K♠ T♠ J♠ N\n3. A♠ K♠ T♠ J♠\n"
    assert _read(text, True) == _read(text, False)


def test_a_four_card_trick_where_none_may_stand_is_reported_as_word_by_word() -> None:
    for text in ("1. A♠ K♠ T♠ J♠ N\n", '[Event "x"]\n1. A♠ K♠ T♠ J♠\n',
                 HEAD + "N: A♠\n1. A♠ K♠ T♠ J♠ N\nE: A♠\nS: A♠\nW: A♠\n"):
        fast, slow = _read(text, True), _read(text, False)
        assert fast == slow and fast[1], text
