"""Points for cards won in tricks (TP23; spec §3): A 11, T 10, K 4, Q 3, J 2, 9 nothing, the
last trick 10: 250 a hand. The variants: TPV4 A and T 10, face cards 5 (290); TPV5 in tens, A T K
one point each (25) or A T only (17), with melds and target in tens; TPV3 rounding each player's
trick points to ten; and the follower's obligations of phase B (TP10, TP22)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.ruleset import FollowRules, RulesetError
from pinochle.adjudicator.rulesets.twenty_five import twenty_five
from pinochle.notation.cards import Seat

from tests.adjudicator.otkit import E, W, random_battle
from tests.adjudicator.tpkit import TP


def hand_total(ruleset) -> int:
    return ruleset.total_card_points + ruleset.last_trick_bonus


def test_TP23_the_pack_counts_240_and_250_with_the_last_trick():
    assert TP.total_card_points == 240 and hand_total(TP) == 250


def test_TP23_each_rank():
    from tests.adjudicator.otkit import card
    assert [TP.card_points[card(c)] for c in ("A♥", "T♥", "K♥", "Q♥", "J♥", "N♥")] == \
        [11, 10, 4, 3, 2, 0]


def test_TP23_a_played_battle_shares_250():
    _, _, s = random_battle(3, ruleset=TP)
    assert s.trick_points(E) + s.trick_points(W) == 250


def test_TPV4_any_face_card_five():
    assert hand_total(twenty_five(trick_scoring="10-10-5-5-5")) == 290


def test_TPV5_in_tens_25_or_17():
    assert hand_total(twenty_five(trick_scoring="10-10-10", scale="tens")) == 25
    assert hand_total(twenty_five(trick_scoring="10-10", scale="tens")) == 17
    assert twenty_five(trick_scoring="10-10-10", scale="tens").game_end.target == 100


def test_TPV5_tens_refuses_a_schedule_not_in_tens():
    with pytest.raises(RulesetError) as caught:
        twenty_five(scale="tens", trick_scoring="10-10-5-5-5")
    assert caught.value.tag == "Scale" and "TPV5" in str(caught.value)


def test_TPV5_tens_with_the_default_schedule_counts_a_t_k():
    tens = twenty_five(scale="tens")
    assert hand_total(tens) == 25
    assert tens.total_card_points == twenty_five(scale="tens",
                                                 trick_scoring="10-10-10").total_card_points


@pytest.mark.parametrize("up", ["5", "7"])
def test_TPV3_rounding_makes_each_players_trick_points_tens(up):
    for seed in range(6):
        _, _, plain = random_battle(seed, ruleset=TP)
        _, _, rounded = random_battle(seed, ruleset=twenty_five(rounding=up))
        for seat in (Seat.EAST, Seat.WEST):
            p, r = plain.trick_points(seat), rounded.trick_points(seat)
            assert r % 10 == 0 and abs(r - p) < 10
            assert r == (p - p % 10 + (10 if p % 10 >= int(up) else 0))


def test_TPV3_rounding_from_7_keeps_a_6_down_and_from_5_rounds_it_up():
    for seed in range(40):
        _, _, s = random_battle(seed, ruleset=TP)
        points = s.trick_points(E)
        if points % 10 == 6:
            break
    else:
        pytest.fail("no battle with East's trick points ending in 6")
    _, _, five = random_battle(seed, ruleset=twenty_five(rounding="5"))
    _, _, seven = random_battle(seed, ruleset=twenty_five(rounding="7"))
    assert (five.trick_points(E), seven.trick_points(E)) == (points + 4, points - 6)


def test_TP10_TP22_no_obligation_before_the_talon_is_gone_then_must_win():
    assert TP.follow == FollowRules("phase-b", "all", True)
