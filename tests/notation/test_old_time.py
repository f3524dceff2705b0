"""Notation version 2: what old-time Pinochle records need (old-time-two-handed.md §8, in
../shared/rulesets/): the upcard line (OT6B), the meld kinds of OT9A (sequence, marriage,
pinochle, dix, swap, and multiplicities up to four), and the `total` claim. Version 1 records are
untouched: test_corpus reads and writes every East Point record back byte for byte."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from tests.strategies import notation_deals, notation_records

from pinochle.notation import (Battle, Card, Claim, Deal, Game, Meld, MeldKind, NotationError,
                               Record, Span, Trick, dumps, parse)
from pinochle.notation.cards import Rank, Seat, Suit
from pinochle.notation.melds import (ALL_MELD_KINDS, EVERY_MELD_KIND, MELD_SPELLINGS,
                                     OLD_TIME_MELD_KINDS, Family)

DATA = Path(__file__).parent / "data"
V2_FAMILIES = {Family.SEQUENCE, Family.MARRIAGE, Family.PINOCHLE, Family.DIX, Family.SWAP}


def k(text: str) -> MeldKind:
    return MeldKind.parse(text)


# ---- meld kinds (OT9A) ----

@pytest.mark.parametrize("spelling, canonical", [
    ("♥F", "♥F"), ("HF", "♥F"), ("hf", "♥F"), ("♡F", "♥F"), ("♥\ufe0fF", "♥F"),
    ("HHF", "♥♥F"), ("♥♥F", "♥♥F"), ("hHf", "♥♥F"), ("HHHF", "♥♥♥F"), ("♥♥♥♥F", "♥♥♥♥F"),
    ("SM", "♠M"), ("ssm", "♠♠M"), ("♠♠M", "♠♠M"), ("♤♤m", "♠♠M"),
    ("DF", "♦F"), ("DDM", "♦♦M"), ("dm", "♦M"),     # D before F or M is diamonds
    ("P", "P"), ("p", "P"), ("pp", "PP"), ("PP", "PP"), ("pPp", "PPP"), ("PPPP", "PPPP"),
    ("dix", "dix"), ("DIX", "dix"), ("Dix", "dix"), ("swap", "swap"), ("Swap", "swap"),
    ("AAA4", "AAA4"), ("aaaa4", "AAAA4"), ("KK4", "KK4"), ("CCC5", "♣♣♣5"),
])
def test_OT9A_meld_spellings(spelling: str, canonical: str) -> None:
    kind = MeldKind.parse(spelling)
    assert str(kind) == canonical and MeldKind.parse(canonical) is kind
    record = parse(f"battle 1 dealer E\n1. T♠ N♠ W {spelling} 10\nmeld E {spelling} 20 (Q♥)\n")
    trick, meld = record.games[0].battles[0].events
    assert isinstance(trick, Trick) and isinstance(meld, Meld)
    assert trick.melds[0].kind is kind and meld.kind is kind
    assert dumps(record) == (f"battle 1 dealer E\n1. T♠ N♠ W {canonical} 10\n"
                             f"meld E {canonical} 20 (Q♥)\n")


def test_OT9A_every_spelling_of_every_new_kind_round_trips() -> None:
    new = {sp: kind for sp, kind in MELD_SPELLINGS.items()
           if kind.family in V2_FAMILIES or kind.copies > 2}
    assert len(new) > 500
    lines = [f"{n}. T♠ N♠ {sp} {n}" for n, sp in enumerate(new, 1)]
    record = parse("battle 1 dealer E\n" + "\n".join(lines) + "\n")
    events = record.games[0].battles[0].events
    assert [e.melds[0].kind for e in events if isinstance(e, Trick)] == list(new.values())
    canonical = dumps(record)
    assert canonical.splitlines()[1:] == [f"{n}. T♠ N♠ {kind} {n}"
                                         for n, kind in enumerate(new.values(), 1)]
    assert dumps(parse(canonical)) == canonical


def test_OT9A_kinds_name_family_symbol_and_copies() -> None:
    assert (k("♥♥F").family, k("♥♥F").suit, k("♥♥F").rank, k("♥♥F").copies) == \
        (Family.SEQUENCE, Suit.HEARTS, None, 2)
    assert (k("♠M").family, k("♠M").symbol, k("♠M").copies) == (Family.MARRIAGE, Suit.SPADES, 1)
    assert (k("PP").family, k("PP").symbol, k("PP").copies) == (Family.PINOCHLE, None, 2)
    assert (k("dix").family, k("swap").family) == (Family.DIX, Family.SWAP)
    assert (k("AAAA4").rank, k("AAAA4").copies) == (Rank.ACE, 4)
    assert [k(t).double for t in ("♥F", "♥♥F", "♥♥♥F", "P", "PP", "dix")] == \
        [False, True, False, False, True, False]
    assert k("♥♥♥F").single is k("♥F") and k("♥F").doubled is k("♥♥F")
    assert k("PPPP").single is k("P") and k("P").doubled is k("PP")
    assert [k(t).letters for t in ("♥♥F", "♠M", "PP", "dix", "swap", "AAA4", "♣♣♣5")] == \
        ["HHF", "SM", "PP", "dix", "swap", "AAA4", "CCC5"]


def test_the_constructor_keeps_double_and_copies_overrides_it() -> None:
    assert MeldKind(Family.QUINTET, Suit.CLUBS, True) is k("♣♣5")
    assert MeldKind(Family.QUARTET, Rank.ACE) is k("A4")
    assert MeldKind(Family.SEQUENCE, Suit.HEARTS, copies=3) is k("♥♥♥F")
    assert MeldKind(Family.MARRIAGE, Suit.SPADES, True, copies=1) is k("♠M")
    assert MeldKind(Family.PINOCHLE, copies=2) is k("PP")
    assert MeldKind(Family.DIX) is k("dix") and MeldKind(Family.SWAP, None) is k("swap")


@pytest.mark.parametrize("make, message", [
    (lambda: MeldKind(Family.DIX, copies=2), "a dix has 1 copies, not 2"),
    (lambda: MeldKind(Family.SWAP, None, True), "a swap has 1 copies"),
    (lambda: MeldKind(Family.DIX).doubled, "a dix has 1 copies"),
    (lambda: MeldKind(Family.PINOCHLE, copies=5), "a pinochle has 1 to 4 copies, not 5"),
    (lambda: MeldKind(Family.SEQUENCE, Suit.HEARTS, copies=0), "1 to 4 copies, not 0"),
    (lambda: MeldKind(Family.PINOCHLE, Suit.SPADES), "a pinochle is named by no suit or rank"),
    (lambda: MeldKind(Family.SEQUENCE, Rank.ACE), "a sequence is named by a suit"),
    (lambda: MeldKind(Family.MARRIAGE), "a marriage is named by a suit"),
    (lambda: MeldKind(Family.QUARTET, Suit.CLUBS), "a quartet is named by a rank"),
    (lambda: MeldKind("F", Suit.CLUBS), "a meld family is a Family"),  # type: ignore[arg-type]
])
def test_a_kind_that_cannot_be_is_a_NotationError(make, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotationError, match=message):
        make()


@pytest.mark.parametrize("word", ["XF", "QF", "♥P", "P4", "PPPPP", "♥♥♥♥♥F", "AAAAA4", "dixx",
                                  "swapp", "DD4", "♥S", "F", "M"])
def test_bad_meld_words_are_refused_by_parse(word: str) -> None:
    with pytest.raises(NotationError, match="expected a meld"):
        MeldKind.parse(word)


@pytest.mark.parametrize("kind", EVERY_MELD_KIND, ids=str)
def test_every_kind_is_interned_pickled_and_read_by_pydantic(kind: MeldKind) -> None:
    assert MeldKind.parse(str(kind)) is kind and MeldKind.parse(kind.letters) is kind
    assert pickle.loads(pickle.dumps(kind)) is kind
    assert eval(repr(kind), {"MeldKind": MeldKind}) is kind

    class Holder(BaseModel):
        kind: MeldKind

    assert Holder(kind=kind.letters.lower()).kind is kind  # type: ignore[arg-type]
    assert Holder.model_validate_json(Holder(kind=kind).model_dump_json()).kind is kind
    assert Holder(kind=kind).model_dump() == {"kind": str(kind)}


def test_East_Points_table_is_unchanged_and_old_times_is_in_OT9A_order() -> None:
    assert [str(kind) for kind in ALL_MELD_KINDS] == [
        "♣5", "♣♣5", "♠5", "♠♠5", "♥5", "♥♥5", "♦5", "♦♦5", "A4", "AA4", "K4", "KK4", "Q4",
        "QQ4", "J4", "JJ4", "T4", "TT4", "♣3", "♣♣3", "♠3", "♠♠3", "♥3", "♥♥3", "♦3", "♦♦3",
        "♣2", "♣♣2", "♠2", "♠♠2", "♥2", "♥♥2", "♦2", "♦♦2"]
    assert MeldKind.all() is ALL_MELD_KINDS
    assert [str(kind) for kind in OLD_TIME_MELD_KINDS] == [
        "♣F", "♣♣F", "♠F", "♠♠F", "♥F", "♥♥F", "♦F", "♦♦F",
        "♣M", "♣♣M", "♠M", "♠♠M", "♥M", "♥♥M", "♦M", "♦♦M",
        "dix", "swap", "A4", "AA4", "K4", "KK4", "Q4", "QQ4", "J4", "JJ4", "P", "PP"]
    assert len(set(EVERY_MELD_KIND)) == len(EVERY_MELD_KIND) == 108
    assert set(ALL_MELD_KINDS) | set(OLD_TIME_MELD_KINDS) < set(EVERY_MELD_KIND)
    assert set(MELD_SPELLINGS.values()) == set(EVERY_MELD_KIND)


# ---- a whole old-time record: the upcard (OT6B), melds, `total` ----

def test_an_old_time_record_round_trips_byte_for_byte() -> None:
    text = (DATA / "old_time.pin").read_text(encoding="utf-8")
    record = parse(text, "old_time.pin")
    assert dumps(record) == text
    game = record.games[0]
    assert game.tags["Ruleset"] == "old-time" and game.tags["PhaseB"] == "must-win"
    first, second = game.battles
    deal = first.events[0]
    assert isinstance(deal, Deal)
    assert (len(deal.east), len(deal.west), len(deal.stock), deal.upcard) == \
        (12, 12, 23, Card.parse("K♥"))
    assert deal.upcard_span == Span(15, 1, 15, 11) and deal.stock_span.line == 14
    assert deal.span == Span(12, 1, 15, 11)
    assert [c.text for c in deal.comments] == [" hearts are trump"]
    melds = [m for e in first.events if isinstance(e, Trick) for m in e.melds]
    assert [str(m.kind) for m in melds] == ["swap", "A4", "♠M", "♥M", "♥F"]
    claims = [e for e in first.events if isinstance(e, Claim)]
    assert [(c.category, c.east, c.west) for c in claims] == [
        ("tricks", 142, 108), ("melds", 300, 20), ("score", 442, 128), ("total", 442, 128)]
    assert [str(m.kind) for e in second.events if isinstance(e, Trick) for m in e.melds] == \
        ["PP", "dix"]
    assert second.events[-1] == Claim(category="total", east=1002, west=420)


def test_an_old_time_record_in_letters_writes_canonically() -> None:
    text = ("[Ruleset \"old-time\"]\nBATTLE 1 DEALER e\ne: KC\nw: 9c\nSTOCK: qs\n"
            "Upcard:  kh\n1. jc  kc e SWAP 10 aa4 200 (ac as ah ad)\n"
            "2. 9c 10c w ssm 40 hhhf 450\nmeld w pp 300 (qs jd)\nTotal e 1 w 2\n")
    assert dumps(parse(text)) == (
        "[Ruleset \"old-time\"]\n\nbattle 1 dealer E\nE: K♣\nW: N♣\nstock: Q♠\nupcard: K♥\n"
        "1. J♣ K♣ E swap 10 AA4 200 (A♣ A♠ A♥ A♦)\n2. N♣ T♣ W ♠♠M 40 ♥♥♥F 450\n"
        "meld W PP 300 (Q♠ J♦)\ntotal E 1 W 2\n")


def test_OT6B_the_upcard_line_keeps_its_comments_and_a_deal_without_one_has_none() -> None:
    text = ("battle 1 dealer E\nE: A♣ ; e\nW: K♣ ; w\nstock: Q♣ ; s\nupcard: N♥ ; u\n"
            "E: A♣\nW: K♣\nstock: Q♣\n")
    with_upcard, without = parse(text).games[0].battles[0].events
    assert isinstance(with_upcard, Deal) and isinstance(without, Deal)
    assert [c.text for c in with_upcard.comments] == [" e", " w", " s", " u"]
    assert dumps(parse(text)) == text
    assert (without.upcard, without.upcard_span) == (None, Span())
    assert with_upcard != with_upcard.model_copy(update={"upcard": None})
    assert Deal.model_validate_json(with_upcard.model_dump_json()) == with_upcard
    five = with_upcard.model_copy(update={"comments": with_upcard.comments * 2})
    with pytest.raises(NotationError, match="a deal's 4 lines can end with at most 4 ; comments"):
        dumps(Record(games=(Game(battles=(Battle(number=1, dealer=Seat.EAST, events=(five,)),)),)))


def test_total_is_a_claim_inside_a_battle_not_after_it() -> None:
    claim = Claim(category="total", east=1, west=None)
    game = Game(battles=(Battle(number=1, dealer=Seat.EAST, events=(claim,)),))
    assert dumps(game) == "battle 1 dealer E\ntotal E 1\n"
    with pytest.raises(NotationError, match="a `total` claim belongs in a battle"):
        dumps(Game(battles=game.battles, closing=(Claim(category="game", east=1), claim)))


# ---- bad input: every error names line:column ----

_BASE = "battle 1 dealer E\nE: A♣\nW: K♣\nstock: Q♣\n"


@pytest.mark.parametrize("extra, where, message", [
    ("upcard: K♥ Q♥\n", "5:12", "expected the end of the line, found 'Q♥' (the upcard line "
                                "names exactly one card)"),
    ("upcard: K♥ Q♥ J♥\n", "5:12", "found 'Q♥' (the upcard line names exactly one card)"),
    ("upcard:\n", "5:8", "expected a card such as Q♥ or QH, found the end of the line"),
    ("upcard: ; none\n", "5:8", "expected a card such as Q♥ or QH, found the end of the line"),
    ("upcard: XH\n", "5:9", "expected a card such as Q♥ or QH, found 'XH'"),
    ("1. T♣ A♣ E XF 150\n", "5:12", "expected a meld such as ♣2, AA4 or ♦♦3 or the end of "
                                    "the line, found 'XF'"),
    ("1. T♣ A♣ E dixx 10\n", "5:12", "found 'dixx'"),
    ("1. T♣ A♣ E PPPPP 300\n", "5:12", "found 'PPPPP'"),
    ("meld E ♥♥♥♥♥F 1\n", "5:8", "found '♥♥♥♥♥F'"),
    ("1. T♣ A♣\nupcard: K♥\n", "6:1", "found 'upcard:' (the upcard line comes right after the "
                                      "deal's `stock:` line)"),
    ("upcard K♥\n", "5:1", "the deal (`E: …`) or its upcard (`upcard: …`)"),
    ("total W 1 E 2\n", "5:11", "(East's total comes first: `total E … W …`)"),
    ("total\n", "5:6", "expected a seat (N, E or W) or a side (NS or EW), found the end of the "
     "line"),
])
def test_bad_v2_lines_are_errors_at_their_line_and_column(extra: str, where: str,
                                                          message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(_BASE + extra, "g.pin")
    (error,) = caught.value.errors
    assert str(error).startswith(f"g.pin:{where}: syntax error: ") and message in str(error), \
        str(error)


def test_an_upcard_before_the_stock_is_an_error_and_reading_goes_on() -> None:
    text = ("battle 1 dealer E\nE: A♣\nW: K♣\nupcard: K♥\nstock: Q♣\n1. T♣ A♣ E dixx 10\n"
            "2. T♣ A♣ E dix 10\n")
    with pytest.raises(NotationError) as caught:
        parse(text, "g.pin")
    assert [(e.line, e.column) for e in caught.value.errors][:1] == [(4, 1)]
    assert (6, 12) in [(e.line, e.column) for e in caught.value.errors]
    assert "expected the stock" in str(caught.value.errors[0])


# ---- properties ----

@settings(max_examples=100, deadline=None)
@given(st.lists(notation_deals(), min_size=1, max_size=3), st.data())
def test_deals_with_and_without_upcards_round_trip(deals: list[Deal], data: st.DataObject
                                                   ) -> None:
    deals = [d.model_copy(update={"upcard": data.draw(st.sampled_from(Card.all()))})
             if i == 0 else d for i, d in enumerate(deals)]
    battle = Battle(number=1, dealer=Seat.WEST, events=tuple(deals))
    record = Record(games=(Game(battles=(battle,)),))
    text = dumps(record)
    assert "\nupcard: " in text
    assert parse(text) == record and dumps(parse(text)) == text


@settings(max_examples=50, deadline=None)
@given(notation_records(max_games=2))
def test_records_with_v2_statements_read_the_same_as_written(record: Record) -> None:
    text = dumps(record)
    parsed = parse(text)
    assert parsed == record and dumps(parsed) == text
    for game in parsed.games:
        for battle in game.battles:
            for event in battle.events:
                if isinstance(event, Deal) and event.upcard is not None:
                    # the line after the stock line, or after a brace comment that begins on
                    # the stock line and runs over several lines
                    ends = [c.span.end_line for c in event.comments
                            if c.span.line == event.stock_span.line]
                    after = max([event.stock_span.line, *ends])
                    assert event.upcard_span.line == after + 1
