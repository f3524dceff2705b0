"""V5 ("omit the nines, and deal only eleven cards") as the ``Pack "no-nines"`` option: the pack,
the hand size and the stock follow from the option's data; the meld table (R9A: no meld holds a
nine), the rank orders and the trick rules are East Point's. V5 records through the console script:
tests/cli/test_v5_pack_cli.py."""

from __future__ import annotations

import random
from collections import Counter

from pinochle.adjudicator.rules.deals import check_deal
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.rulesets.east_point import EAST_POINT, OPTION_VALUES, east_point
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.notation.cards import Rank, Seat
from pinochle.simulator.deal import deal, pack_cards

V5 = east_point(pack="no-nines")


def test_V5_the_tag_selects_the_no_nines_pack():
    assert "no-nines" in OPTION_VALUES["Pack"]
    assert ruleset_from_tags({"Pack": "no-nines"}) == V5
    assert ruleset_from_tags({"Pack": " No-Nines "}) == V5 != EAST_POINT
    assert V5.options["Pack"] == "no-nines" and V5.pack_rule == "V5"


def test_V5_omit_the_nines_44_cards_eleven_each_a_stock_of_22():
    pack = Counter(pack_cards(V5))
    assert sum(pack.values()) == V5.pack_size == 44
    assert not any(card.rank is Rank.NINE for card in pack)
    assert pack == Counter({c: n for c, n in Counter(pack_cards(EAST_POINT)).items()
                            if c.rank is not Rank.NINE})
    assert (V5.hand_size, V5.stock_size) == (11, 22)
    assert V5.total_card_points == 720                # the nines were worth nothing (R8G)
    assert east_point(pack="no-nines", trick_scoring="v3").total_card_points == 696 - 10


def test_V5_melds_ranks_and_tricks_are_east_points():
    assert V5.melds == EAST_POINT.melds
    assert (V5.rank_order, V5.suit_order) == (EAST_POINT.rank_order, EAST_POINT.suit_order)
    assert trick_table(V5) is trick_table(EAST_POINT)


def test_V5_a_seeded_deal_is_eleven_eleven_and_22_and_checks_clean():
    for seed in range(10):
        dealt = deal(V5, Seat.EAST, random.Random(seed))
        assert (len(dealt.east), len(dealt.west), len(dealt.stock)) == (11, 11, 22)
        assert check_deal(V5, dealt) == []
        # the same deal is wrong for the regular pack: eleven cards, a stock of 22, no nines
        assert {f.rule for f in check_deal(EAST_POINT, dealt)} == {"R6B", "R6C", "R2A4"}
