"""Properties over positions reached by legal simulated play, and over hands the pack can hold:
the meld rules agree with themselves there (R9B1, R9C, R9F; OT9B1, OT9C, OT9G with the exposed
copies' histories), and the greedy policy keeps its promise (R8C, OT8C: it wins a trick whenever
it can; R9A, OT9A: it melds the most points). Each runs on East Point and old-time Pinochle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.rules.copies import CopyLedger
from pinochle.adjudicator.rules.melding import counts, judge_meld, legal_melds
from pinochle.adjudicator.rules.meldtables import NO_CARDS
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.notation.cards import Suit
from pinochle.simulator.policies import GreedyPolicy, Hand
from tests.strategies import SIM_OLD_TIME, sim_cards, sim_hands, sim_positions

RULESETS = pytest.mark.parametrize("ruleset", [EAST_POINT, SIM_OLD_TIME],
                                   ids=["east-point", "old-time"])
#: The trump suits a ruleset's battles may have (none in East Point).
TRUMPS = {"east-point": (None,), "old-time": tuple(Suit)}


@RULESETS
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_R9_OT9_every_meld_offered_in_a_reached_position_is_legal_and_takes_a_concealed_card(
        ruleset, data) -> None:
    position = data.draw(sim_positions(rulesets=(ruleset,)))
    assert sum(position.concealed) + sum(position.exposed) <= 12
    by_copy = position.ledger is not None
    for verdict in legal_melds(position.ruleset, position.concealed, position.exposed,
                               position.scored, position.trump, position.ledger):
        assert by_copy or verdict.kind not in position.scored          # R9F
        assert verdict.takes                                           # R9C, OT9C
        assert all(position.concealed[c.index] >= verdict.takes.count(c) for c in verdict.takes)
        again = judge_meld(position.ruleset, position.concealed, position.exposed,
                           position.scored, verdict.kind, verdict.takes, trump=position.trump,
                           ledger=position.ledger)
        assert again.legal and again.points == verdict.points


@RULESETS
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_R8C_OT8C_greedy_follower_wins_whenever_some_card_of_its_hand_can(ruleset, data) -> None:
    hand = data.draw(sim_hands(min_size=1, max_size=12, ruleset=ruleset))
    led = data.draw(sim_cards().filter(lambda card: ruleset.pack[card] > 0))
    trump = data.draw(st.sampled_from(TRUMPS[ruleset.name]))
    beats = trick_table(ruleset, trump).beats
    legal = tuple(dict.fromkeys(hand))
    choice = GreedyPolicy().follow(Hand(ruleset, counts(hand), frozenset(), trump), led, legal,
                                   beats, random.Random(0))
    assert choice in legal
    assert beats(led, choice) == any(beats(led, card) for card in legal)


@RULESETS
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_R9A_OT9A_greedy_melds_the_most_points_among_the_legal_melds(ruleset, data) -> None:
    hand = data.draw(sim_hands(min_size=0, max_size=12, ruleset=ruleset))
    trump = data.draw(st.sampled_from(TRUMPS[ruleset.name]))
    ledger = CopyLedger() if ruleset.reuse == "class" else None
    options = legal_melds(ruleset, counts(hand), NO_CARDS, frozenset(), trump, ledger)
    chosen = GreedyPolicy().meld(Hand(ruleset, counts(hand), frozenset(), trump), options,
                                 random.Random(0))
    if not options:
        assert chosen is None
    else:
        assert chosen is not None and chosen.points == max(v.points for v in options)
