"""Properties over positions reached by legal simulated play, and over hands the pack can hold:
the meld rules agree with themselves there (R9B1, R9C, R9F), and the greedy policy keeps its
promise (R8C: it wins a trick whenever it can)."""

from __future__ import annotations

import random

from hypothesis import given, settings

from pinochle.adjudicator.melding import counts, judge_meld, legal_melds
from pinochle.adjudicator.meldtables import NO_CARDS
from pinochle.adjudicator.rulesets import EAST_POINT
from pinochle.adjudicator.tricks import trick_table
from pinochle.simulator.policies import GreedyPolicy, Hand
from strategies import sim_cards, sim_hands, sim_positions

beats = trick_table(EAST_POINT).beats


@settings(max_examples=100, deadline=None)
@given(sim_positions())
def test_R9_every_meld_offered_in_a_reached_position_is_legal_and_takes_a_concealed_card(
        position) -> None:
    assert sum(position.concealed) + sum(position.exposed) <= 12
    for verdict in legal_melds(position.ruleset, position.concealed, position.exposed,
                               position.scored):
        assert verdict.kind not in position.scored                     # R9F
        assert verdict.takes                                           # R9C
        again = judge_meld(position.ruleset, position.concealed, position.exposed,
                           position.scored, verdict.kind, verdict.takes)
        assert again.legal and again.points == verdict.points


@settings(max_examples=200, deadline=None)
@given(sim_hands(min_size=1, max_size=12), sim_cards())
def test_R8C_greedy_follower_wins_whenever_some_card_of_its_hand_can(hand, led) -> None:
    legal = tuple(dict.fromkeys(hand))
    choice = GreedyPolicy().follow(Hand(EAST_POINT, counts(hand), frozenset()), led, legal,
                                   beats, random.Random(0))
    assert choice in legal
    assert beats(led, choice) == any(beats(led, card) for card in legal)


@settings(max_examples=200, deadline=None)
@given(sim_hands(min_size=0, max_size=12))
def test_R9A_greedy_melds_the_most_points_among_the_legal_melds(hand) -> None:
    options = legal_melds(EAST_POINT, counts(hand), NO_CARDS, frozenset())
    chosen = GreedyPolicy().meld(Hand(EAST_POINT, counts(hand), frozenset()), options,
                                 random.Random(0))
    if not options:
        assert chosen is None
    else:
        assert chosen is not None and chosen.points == max(v.points for v in options)
