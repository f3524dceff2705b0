"""The policies choose only among the moves they are offered (the engine's legal moves), and
greedy chooses as documented: the most meld points, the cheapest winning card, else the
cheapest card."""

from __future__ import annotations

import random

import pytest

from pinochle.adjudicator.rules.melding import counts, legal_melds
from pinochle.adjudicator.rules.meldtables import NO_CARDS
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.notation.cards import Card, parse_cards
from pinochle.simulator.policies import GreedyPolicy, Hand, RandomPolicy, policy
from pinochle.simulator.simulate import parse_policies

beats = trick_table(EAST_POINT).beats


def _hand(text: str) -> Hand:
    return Hand(EAST_POINT, counts(parse_cards(text)), frozenset())


def test_R8C_greedy_follower_wins_with_its_cheapest_winning_card() -> None:
    legal = parse_cards("D♠ A♠ Q♥ N♣ J♦")
    led = Card.parse("K♠")
    # A♠ and D♠ beat K♠ (R8C1); A♠ is cheaper (25 < 30 points).
    assert GreedyPolicy().follow(_hand("D♠ A♠ Q♥ N♣ J♦"), led, legal, beats,
                                 random.Random(0)) is Card.parse("A♠")


def test_R9A_greedy_keeps_meld_material_a_winning_card_of_a_near_meld_costs_more() -> None:
    legal = parse_cards("D♠ A♠ T♠ N♣")
    led = Card.parse("K♠")
    # A♠ T♠ is a ♠2 in hand: A♠ carries the near-meld premium, so D♠ wins the trick instead.
    assert GreedyPolicy().follow(_hand("D♠ A♠ T♠ N♣"), led, legal, beats,
                                 random.Random(0)) is Card.parse("D♠")


def test_R8C_greedy_follower_that_cannot_win_throws_its_cheapest_card() -> None:
    legal = parse_cards("K♥ J♦ N♣")
    led = Card.parse("D♣")          # the highest card: nothing beats it (R8C1, R8C4)
    assert GreedyPolicy().follow(_hand("K♥ J♦ N♣"), led, legal, beats,
                                 random.Random(0)) is Card.parse("N♣")


def test_R9A_greedy_melds_the_most_points_it_legally_can() -> None:
    concealed = counts(parse_cards("A♥ K♥ Q♥ J♥ T♥ A♣ A♠ A♦ N♣"))
    options = legal_melds(EAST_POINT, concealed, NO_CARDS, frozenset())
    chosen = GreedyPolicy().meld(_hand("N♣"), options, random.Random(0))
    assert chosen is not None and str(chosen.kind) == "♥5" and chosen.points == 191
    assert chosen.points == max(v.points for v in options)


def test_R9E_greedy_with_nothing_to_meld_does_not_meld() -> None:
    assert GreedyPolicy().meld(_hand("N♣"), [], random.Random(0)) is None


def test_R9E_random_sometimes_melds_and_sometimes_does_not() -> None:
    concealed = counts(parse_cards("A♥ T♥ K♣ Q♣ J♣"))
    options = legal_melds(EAST_POINT, concealed, NO_CARDS, frozenset())
    rng = random.Random(5)
    picks = [RandomPolicy().meld(_hand("N♣"), options, rng) for _ in range(200)]
    assert None in picks
    assert {str(p.kind) for p in picks if p is not None} == {str(v.kind) for v in options}


def test_R8A_random_leads_only_offered_cards_and_all_of_them_in_time() -> None:
    legal = parse_cards("A♥ T♥ K♣")
    rng = random.Random(1)
    led = {RandomPolicy().lead(_hand("A♥ T♥ K♣"), legal, rng) for _ in range(100)}
    assert led == set(legal)


def test_policy_names_and_pairs() -> None:
    assert policy("greedy").name == "greedy" and policy("random").name == "random"
    assert parse_policies("random") == ("random", "random")
    assert parse_policies("Random, GREEDY") == ("random", "greedy")
    with pytest.raises(ValueError, match="unknown policy"):
        parse_policies("smart")
    with pytest.raises(ValueError, match="one policy or two"):
        parse_policies("random,greedy,random")
