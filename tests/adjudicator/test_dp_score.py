"""Double-pack card points, scoring tricks, the contract and the game (spec §3.3, §6): DP-COUNT1,
DP-COUNT2, DP-MELD6, DP-MELD7, DP-SCORE1-3, DP-GAME; rulings D13-D16.

Fixtures from the rulebook's text (spec §10.1): L51-52 (four jacks do not make a meld count),
L57 (both schedules total 500 with the last trick), L58 (bid 600, made 570: -600).
"""

from __future__ import annotations

import random

import pytest

from pinochle.adjudicator.partnership.contract import (SideResult, game_winner, is_scoring_trick,
                                                       score_hand, trick_points)
from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK, double_pack
from pinochle.adjudicator.partnership.tricks import legal_plays, winning_index
from pinochle.notation.cards import FOUR_SEATS, Card, Side, Suit, parse_cards

NS, EW = Side.NS, Side.EW
FIVES = double_pack(trick_scoring="10-10-5-5")
MADE = double_pack(set_penalty="made")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# ---- DP-COUNT1, DP-COUNT2 ----

def test_DP_COUNT1_aces_tens_kings_ten_each():
    assert trick_points(cards("A♥ T♠ K♣ Q♦"), DOUBLE_PACK) == 30
    assert trick_points(cards("Q♥ J♠ Q♣ J♦"), DOUBLE_PACK) == 0


def test_DP_COUNT2_aces_tens_ten_kings_queens_five():
    assert trick_points(cards("A♥ T♠ K♣ Q♦"), FIVES) == 30
    assert trick_points(cards("K♥ Q♠ J♣ J♦"), FIVES) == 10
    assert trick_points(cards("J♥ J♠ J♣ J♦"), FIVES) == 0


@pytest.mark.parametrize("ruleset", [DOUBLE_PACK, FIVES])
def test_DP_COUNT2_L57_both_schedules_total_500_with_the_last_trick(ruleset):
    assert ruleset.total_card_points == 480 and ruleset.last_trick_bonus == 20
    assert ruleset.total_card_points + ruleset.last_trick_bonus == 500


@pytest.mark.parametrize("ruleset", [DOUBLE_PACK, FIVES])
def test_DP_COUNT_a_played_hand_shares_500(ruleset):
    """A whole hand played by legal_plays and winning_index: the two sides' cards make 500."""
    rng = random.Random(12)
    pack = [card for card, n in ruleset.pack.items() for _ in range(n)]
    rng.shuffle(pack)
    hands = {seat: pack[i * 20:(i + 1) * 20] for i, seat in enumerate(FOUR_SEATS)}
    trump, leader = Suit.SPADES, 0
    won = {NS: 0, EW: 0}
    for number in range(1, 21):
        played: list[Card] = []
        for k in range(4):
            seat = FOUR_SEATS[(leader + k) % 4]
            card = rng.choice(legal_plays(hands[seat], played, trump, ruleset))
            hands[seat].remove(card)
            played.append(card)
        leader = (leader + winning_index(played, trump, ruleset)) % 4
        side = FOUR_SEATS[leader].side
        won[side] += trick_points(played, ruleset) + (20 if number == 20 else 0)
    assert won[NS] + won[EW] == 500 and not any(hands.values())


# ---- DP-MELD6, DP-MELD7 ----

def test_DP_MELD7_L52_four_jacks_is_no_scoring_trick():
    assert not is_scoring_trick(cards("J♥ J♠ J♣ J♦"), False, DOUBLE_PACK)
    assert not is_scoring_trick(cards("J♥ J♠ J♣ J♦"), False, FIVES)


def test_DP_MELD6_D15_a_queen_scores_only_in_the_five_schedule():
    assert not is_scoring_trick(cards("Q♥ J♠ J♣ J♦"), False, DOUBLE_PACK)
    assert is_scoring_trick(cards("Q♥ J♠ J♣ J♦"), False, FIVES)
    assert is_scoring_trick(cards("K♥ J♠ J♣ J♦"), False, DOUBLE_PACK)


def test_DP_MELD6_D14_the_last_trick_scores_by_itself():
    assert is_scoring_trick(cards("J♥ J♠ J♣ J♦"), True, DOUBLE_PACK)


def test_DP_MELD6_L51_a_side_with_only_a_worthless_trick_has_its_melds_counted_0():
    only_jacks = is_scoring_trick(cards("J♥ J♠ J♣ J♦"), False, DOUBLE_PACK)
    result = score_hand(NS, 500, {NS: 490, EW: 10}, {NS: 100, EW: 300},
                        {NS: True, EW: only_jacks}, DOUBLE_PACK)
    assert result[EW] == SideResult(cards=10, melds=0, made=10, score=10, counted=False)
    assert result[NS] == SideResult(490, 100, 590, 590, True)


# ---- DP-SCORE1-3 ----

def test_DP_SCORE1_made_the_bid_scores_all_it_made():
    result = score_hand(EW, 530, {NS: 210, EW: 290}, {NS: 60, EW: 1290},
                        {NS: True, EW: True}, DOUBLE_PACK)
    assert (result[NS].score, result[EW].score) == (270, 1580)


def test_DP_SCORE1_exactly_the_bid_is_made():
    result = score_hand(NS, 600, {NS: 400, EW: 100}, {NS: 200, EW: 0},
                        {NS: True, EW: True}, DOUBLE_PACK)
    assert result[NS].score == 600


def test_DP_SCORE2_L58_bid_600_made_570_loses_600():
    result = score_hand(NS, 600, {NS: 370, EW: 130}, {NS: 200, EW: 80},
                        {NS: True, EW: True}, DOUBLE_PACK)
    assert result[NS] == SideResult(370, 200, 570, -600, True)


def test_DP_SCORE3_L58_the_opponents_score_what_they_made_even_when_the_bidders_are_set():
    result = score_hand(NS, 600, {NS: 370, EW: 130}, {NS: 200, EW: 80},
                        {NS: True, EW: True}, DOUBLE_PACK)
    assert result[EW] == SideResult(130, 80, 210, 210, True)


def test_DP_SCORE2_D13_set_penalty_made_subtracts_what_it_made():
    result = score_hand(NS, 600, {NS: 370, EW: 130}, {NS: 200, EW: 80},
                        {NS: True, EW: True}, MADE)
    assert result[NS].score == -570 and result[EW].score == 210


def test_DP_SCORE2_melds_lost_without_a_scoring_trick_can_set_the_bidders():
    result = score_hand(EW, 520, {NS: 480, EW: 20}, {NS: 0, EW: 700},
                        {NS: True, EW: False}, DOUBLE_PACK)
    assert result[EW] == SideResult(20, 0, 20, -520, False)


# ---- DP-GAME ----

def test_DP_GAME_L60_target_3550():
    assert game_winner({NS: 3550, EW: 1000}, EW, DOUBLE_PACK) is NS
    assert game_winner({NS: 3540, EW: 1000}, EW, DOUBLE_PACK) is None


def test_DP_GAME_D16_the_bidding_side_is_counted_first():
    assert game_winner({NS: 3600, EW: 3700}, NS, DOUBLE_PACK) is NS
    assert game_winner({NS: 3600, EW: 3700}, EW, DOUBLE_PACK) is EW


def test_DP_GAME_negative_totals_and_a_shorter_target():
    assert game_winner({NS: -600, EW: 1480}, NS, double_pack(target="1000")) is EW
    assert game_winner({NS: -600, EW: 980}, NS, double_pack(target="1000")) is None


def test_DP_GAME_after_a_throw_in_the_higher_side_at_the_target():
    assert game_winner({NS: 3600, EW: 3700}, None, DOUBLE_PACK) is EW
    assert game_winner({NS: 3600, EW: 3600}, None, DOUBLE_PACK) is None
    assert game_winner({NS: 3600, EW: 100}, None, DOUBLE_PACK) is NS
    assert game_winner({NS: 100, EW: 100}, None, DOUBLE_PACK) is None
