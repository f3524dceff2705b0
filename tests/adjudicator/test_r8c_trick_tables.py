"""R8C as ruleset data: the trick table is built from the ruleset's rank order, suit order, trump
suit and who wins identical cards, once per (ruleset's trick data, trump).

East Point's table must be the one the engine had before (R2A1, R2A2, R8C1-R8C4), entry for
entry; a ruleset with a trump suit and the leader winning identical cards (the old-time family's
data, OT2A1, OT8C1-OT8C3; no old-time ruleset is registered yet) must answer the old-time
rulebook's trick examples."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from pinochle.adjudicator.rulesets.east_point import EAST_POINT, east_point
from pinochle.adjudicator.model.ruleset import TrickRuleIds
from pinochle.adjudicator.rules.tricks import TrickDecision, trick_table
from pinochle.notation.cards import ALL_CARDS, Card, Rank, Suit

from tests.adjudicator.replaykit import card


def _old_east_point_decide(lead: Card, follow: Card) -> TrickDecision:
    """The engine's R8C before rulesets carried it: ``Rank.strength`` and ``Suit.strength`` were
    R2A1's and R2A2's orders (deuce 6 ... nine 0; clubs 3 ... diamonds 0)."""
    rank = {Rank.DEUCE: 6, Rank.ACE: 5, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 1,
            Rank.NINE: 0}
    suit = {Suit.CLUBS: 3, Suit.SPADES: 2, Suit.HEARTS: 1, Suit.DIAMONDS: 0}
    if lead is follow:
        return TrickDecision(True, "R8C3")
    if lead.suit is follow.suit:
        return TrickDecision(rank[follow.rank] > rank[lead.rank], "R8C1")
    if lead.rank is follow.rank:
        return TrickDecision(suit[follow.suit] > suit[lead.suit], "R8C2")
    return TrickDecision(False, "R8C4")


def test_R8C_east_point_table_equals_the_old_global_table_entry_for_entry():
    table = trick_table(EAST_POINT)
    assert len(table.entries) == 28 * 28
    for lead, follow in itertools.product(ALL_CARDS, repeat=2):
        assert table.decide(lead, follow) == _old_east_point_decide(lead, follow), (lead, follow)
        assert table.entries[lead.index * 28 + follow.index] == table.decide(lead, follow)


def test_R2A1_R2A2_east_point_orders_are_ruleset_data():
    assert [str(r) for r in EAST_POINT.rank_order] == list("DAKQJTN")
    assert [str(s) for s in EAST_POINT.suit_order] == ["♣", "♠", "♥", "♦"]
    assert EAST_POINT.identical_won_by == "follower"                     # R8C3


@pytest.mark.parametrize("options", [
    {"pack": "beginner"}, {"pack": "no-nines"}, {"trick_scoring": "v3"}, {"meld_scoring": "higher"},
], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_R8C_every_east_point_option_shares_one_table(options):
    assert trick_table(east_point(**options)) is trick_table(EAST_POINT)


# The old-time family's trick data (OT2A1: A > T > K > Q > J > 9, no suit order; OT8C2: the
# leader wins identical cards; the ids OT8C1-OT8C3 cite), as data on an East Point copy.
OLD_TIME_IDS = TrickRuleIds(identical="OT8C2", higher_rank="OT8C2", trump="OT8C1",
                            higher_suit="OT8C3", otherwise="OT8C3")
OLD_TIME_TRICKS = dataclasses.replace(
    EAST_POINT, name="old-time-tricks",
    rank_order=(Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE), suit_order=(),
    identical_won_by="leader", trick_rule_ids=OLD_TIME_IDS)


@pytest.mark.parametrize("lead, follow, winner, rule", [
    # the old-time spec's trick table (§10.1 item 4, L81-L83), hearts trump
    ("Q♥", "A♠", "leader", "OT8C1"),
    ("A♠", "N♥", "follower", "OT8C1"),
    ("K♣", "K♣", "leader", "OT8C2"),          # identical cards: the leader's wins
    ("T♣", "A♣", "follower", "OT8C2"),
    ("T♣", "A♠", "leader", "OT8C3"),
    # and what differs from East Point's orders
    ("K♦", "T♦", "follower", "OT8C2"),        # the ten ranks above the king (OT2A1)
    ("Q♦", "Q♣", "leader", "OT8C3"),          # no suit order: equal ranks do not compare
    ("A♥", "K♥", "leader", "OT8C2"),          # a trump lead, followed in trumps: by rank
])
def test_OT8C_a_ruleset_with_trump_and_leader_wins_identical_cards(lead, follow, winner, rule):
    decision = trick_table(OLD_TIME_TRICKS, Suit.HEARTS).decide(card(lead), card(follow))
    assert decision == (winner == "follower", rule)


def test_OT8C_tables_are_cached_per_trump_suit():
    hearts = trick_table(OLD_TIME_TRICKS, Suit.HEARTS)
    assert trick_table(OLD_TIME_TRICKS, Suit.HEARTS) is hearts
    spades = trick_table(OLD_TIME_TRICKS, Suit.SPADES)
    assert spades is not hearts
    assert spades.decide(card("Q♥"), card("N♠")) == (True, "OT8C1")
    assert hearts.decide(card("Q♥"), card("N♠")) == (False, "OT8C1")
    assert trick_table(OLD_TIME_TRICKS).decide(card("Q♥"), card("N♠")) == (False, "OT8C3")
