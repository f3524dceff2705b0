"""position_at: a player's melding position right after trick N is gathered (R8D, R9E, R11D)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.replay import PositionError, position_at
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.notation.events import Trick

from tests.adjudicator.replaykit import E, W, battle, game, legal_game, play_battle


def test_R8D_position_at_matches_a_direct_replay_for_both_seats():
    g = legal_game([11, 12])
    deal, events, _ = play_battle(12, W)
    tricks = [e for e in events if isinstance(e, Trick)]
    state = BattleState(EAST_POINT, W, deal.east, deal.west, deal.stock)
    for trick in tricks:
        leader = state.leader
        state.play(leader, trick.lead)
        state.play(leader.other, trick.follow)
        for seat in (E, W):
            position = position_at(g, 2, trick.number, seat)
            assert position.concealed == state.concealed(seat)
            assert position.exposed == state.exposed(seat)
            assert position.scored == state.scored(seat)
            assert position.may_meld == (seat is trick.winner)
        for meld in trick.melds:
            state.meld(trick.winner, meld.kind, meld.points)
        state.finish_turn()


def test_R8D_position_at_the_loser_may_not_meld_and_is_told_why():
    g = legal_game([3])
    trick = next(e for e in g.battles[0].events if isinstance(e, Trick) and e.number == 4)
    loser = trick.winner.other
    position = position_at(g, 1, 4, loser)
    assert not position.may_meld
    assert position.turn_rule == "R8D"
    assert "lost trick 4" in position.turn_reason
    winner = position_at(g, 1, 4, trick.winner)
    assert winner.may_meld and winner.turn_rule is None
    assert "won trick 4" in winner.turn_reason


def test_R8D_position_at_is_before_that_turns_meld():
    g = legal_game([5])
    for trick in (e for e in g.battles[0].events if isinstance(e, Trick)):
        if trick.melds:
            before = position_at(g, 1, trick.number, trick.winner)
            assert trick.melds[0].kind not in before.scored
            break
    else:
        pytest.fail("the seeded battle has no meld")


def test_R8D_position_at_missing_trick_battle_or_deal_raises():
    g = legal_game([1])
    with pytest.raises(PositionError, match="no trick 40"):
        position_at(g, 1, 40, E)
    with pytest.raises(PositionError, match="no battle 2"):
        position_at(g, 2, 1, E)
    tricks = [e for e in g.battles[0].events if isinstance(e, Trick)]
    no_deal = game([battle(1, E, tricks)])
    with pytest.raises(PositionError, match="omits the deal"):
        position_at(no_deal, 1, 1, E)
