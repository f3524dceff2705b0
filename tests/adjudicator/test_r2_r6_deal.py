"""check_deal: the deal against the pack (R2A4) and the deal sizes (R6B, R6C)."""

from __future__ import annotations

import random

from pinochle.adjudicator.twohanded.state import check_deal
from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.rulesets.east_point import EAST_POINT, east_point
from pinochle.notation.events import Deal, Span
from pinochle.simulator.deal import deal

from tests.adjudicator.replaykit import E, card


def dealt(seed: int = 0, ruleset=EAST_POINT) -> Deal:
    d = deal(ruleset, E, random.Random(seed))
    return Deal(east=d.east, west=d.west, stock=d.stock, east_span=Span(line=3, column=1),
                west_span=Span(line=4, column=1), stock_span=Span(line=5, column=1))


def test_R2A4_R6_a_shuffled_deal_is_clean():
    assert check_deal(EAST_POINT, dealt()) == []
    assert check_deal(east_point(pack="beginner"), dealt(ruleset=east_point(pack="beginner"))) == []


def test_R6B_a_short_hand_is_reported_on_its_line():
    d = dealt()
    d = d.model_copy(update={"east": d.east[1:], "stock": d.stock + d.east[:1]})
    findings = check_deal(EAST_POINT, d)
    assert [f.rule for f in findings] == ["R6B", "R6C"]
    f = findings[0]
    assert (f.kind, f.claimed, f.expected, f.span.line) == (Kind.MALFORMED, 11, 12, 3)
    assert findings[1].span.line == 5


def test_R6C_a_short_stock_lacks_a_card_R2A4():
    d = dealt()
    d = d.model_copy(update={"stock": d.stock[1:]})
    findings = check_deal(EAST_POINT, d)
    assert [f.rule for f in findings] == ["R6C", "R2A4"]
    assert findings[0].claimed == 23 and findings[0].expected == 24
    assert f"lacks {dealt().stock[0]}" in findings[1].message


def test_R2A4_a_card_dealt_more_often_than_the_pack_holds_it():
    d = dealt()
    nine = card("N♣")
    holder = next(name for name in ("east", "west", "stock") if nine in getattr(d, name))
    other = "west" if holder != "west" else "east"
    hand = list(getattr(d, other))
    replaced = hand[0]
    hand[0] = nine
    d = d.model_copy(update={other: tuple(hand)})
    findings = check_deal(EAST_POINT, d)
    assert [f.rule for f in findings] == ["R2A4", "R2A4"]
    assert "N♣ is dealt more often than the pack holds it (1 copy)" in findings[0].message
    assert f"lacks {replaced}" in findings[1].message
