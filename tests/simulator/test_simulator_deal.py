"""The seeded shuffle and deal (R2A4, R6B, R6C, V1B)."""

from __future__ import annotations

import random
from collections import Counter

from pinochle.adjudicator.rules.deals import check_deal
from pinochle.adjudicator.rulesets.east_point import EAST_POINT, east_point
from pinochle.notation.cards import Seat
from pinochle.simulator.deal import deal, pack_cards


def test_R2A4_the_pack_is_48_cards_one_deuce_and_nine_two_of_the_rest() -> None:
    pack = Counter(pack_cards(EAST_POINT))
    assert sum(pack.values()) == 48
    assert {card.rank.letter for card, n in pack.items() if n == 1} == {"D", "N"}
    assert len(pack) == 28


def test_R6B_R6C_deal_is_twelve_each_and_a_stock_of_24_from_the_pack() -> None:
    for seed in range(20):
        dealt = deal(EAST_POINT, Seat.EAST, random.Random(seed))
        assert (len(dealt.east), len(dealt.west), len(dealt.stock)) == (12, 12, 24)
        assert check_deal(EAST_POINT, dealt) == []


def test_V1B_beginner_deal_is_seven_each_and_fourteen_in_the_stock() -> None:
    beginner = east_point(pack="beginner")
    dealt = deal(beginner, Seat.WEST, random.Random(3))
    assert (len(dealt.east), len(dealt.west), len(dealt.stock)) == (7, 7, 14)
    assert check_deal(beginner, dealt) == []


def test_R6_the_same_seed_deals_the_same_cards_and_another_seed_does_not() -> None:
    first = deal(EAST_POINT, Seat.EAST, random.Random(42))
    assert deal(EAST_POINT, Seat.EAST, random.Random(42)) == first
    assert deal(EAST_POINT, Seat.EAST, random.Random(43)) != first


def test_R6B_hands_are_written_in_canonical_order() -> None:
    dealt = deal(EAST_POINT, Seat.EAST, random.Random(7))
    assert list(dealt.east) == sorted(dealt.east)
    assert dealt.hand(Seat.WEST) == dealt.west
