"""Conservation (R2A4, R7A, R8G, C4; OT2A4, OT7A, OT8G, OT8H): while a simulated game is
replayed, after every action of the battle state each of the 48 cards is in exactly one of the
eight sites (in old-time Pinochle the upcard is part of the stock until it is drawn, and the
nine exchanged for it takes its place); and at the end of a battle the trick points total the
pack's (720 in East Point, C4, less only the cards R11E and R11F take out of play; 240 in
old-time Pinochle under every schedule) plus the last trick's 10 (OT8G): 250."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator import replay
from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE
from pinochle.simulator.deal import pack_cards
from tests.strategies import SIM_FAMILIES, SimFindings, simulated_games

E, W = Seat.EAST, Seat.WEST
#: (The objection to the deal and the discoveries, R11A/R11C/R11D, are the laws object's and move
#: no card; a valid discovery's penalty shows in the next actions.)
ACTIONS = ("play", "meld", "finish_turn", "draw", "object_meld", "expose", "close")


class ConservingState(BattleState):
    """A battle state that checks R7A after each action: the sites add up to the pack."""

    checks = 0

    def _conserved(self) -> None:
        if not self.deal_known:
            return
        pack = [0] * 28
        for card in pack_cards(self.ruleset):
            pack[card.index] += 1
        total = [sum(column) for column in zip(*self.sites())]
        assert total == pack, f"after {self.log[-1] if self.log else 'the deal'}: {total}"
        ConservingState.checks += 1

    def play_trick(self, lead, follow, *, lead_span=NOWHERE, follow_span=NOWHERE, mark=None,
                   leader=None):
        """Card by card, so that R7A is checked after each (``play_trick`` is ``play`` then
        ``play``: tests/adjudicator/test_r8_play_trick.py); ``leader``, the seat that led as the
        record says (its lead mark), leads as in ``TrickPlay.play_trick``."""
        if self.in_turn:
            self.finish_turn(span=lead_span)
        if leader is not None and self.lead_card is None and not self.is_over:
            self._leader = leader
        leader = self.leader
        self.play(leader, lead, span=lead_span)
        return self.play(leader.other, follow, span=follow_span, mark=mark)


def _checked(name: str):
    def action(self, *args, **kwargs):
        result = getattr(BattleState, name)(self, *args, **kwargs)
        self._conserved()
        return result
    return action


for _name in ACTIONS:
    setattr(ConservingState, _name, _checked(_name))


class EndOfBattle(SimFindings):
    def __init__(self) -> None:
        super().__init__()
        self.ends: list[tuple[int, int, int, str | None]] = []
        self.rulesets: list = []

    def end_battle(self, battle, state, result) -> None:
        points = state.ruleset.card_points
        tricks = state.trick_points(E) + state.trick_points(W)
        out_of_play = sum(points[c] for c in state.stock())
        if state.end is not None:
            out_of_play += sum(points[c] for c in state.end.leftover)
        self.ends.append((tricks, out_of_play, state.ruleset.total_card_points,
                          state.end.rule if state.end else None))
        self.rulesets.append(state.ruleset)


def _replay(game) -> EndOfBattle:
    visitor = EndOfBattle()
    with mock.patch.object(replay, "BattleState", ConservingState):
        replay.walk(game, visitor)
    return visitor


FAMILIES = pytest.mark.parametrize("family", sorted(SIM_FAMILIES))


@FAMILIES
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_R7A_OT7A_every_card_in_exactly_one_site_after_every_action(family, data) -> None:
    rulesets = SIM_FAMILIES[family][:1]          # the pack: the default ruleset of each family
    simulated = data.draw(simulated_games(irregular=True, rulesets=rulesets))
    before = ConservingState.checks
    _replay(simulated.game)
    actions = sum(2 * sum(1 for e in b.events if type(e).__name__ == "Trick")
                  for b in simulated.game.battles)
    assert ConservingState.checks - before >= actions   # every card played was checked


#: The trick points of a whole battle, last trick included, by ruleset family (C4, OT8H+OT8G).
BATTLE_TRICK_POINTS = {"east-point": 720, "old-time": 250}


@FAMILIES
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_C4_OT8G_trick_points_total_the_packs_plus_the_last_trick_unless_R11E_or_R11F(
        family, data) -> None:
    simulated = data.draw(simulated_games(irregular=True, rulesets=SIM_FAMILIES[family]))
    visitor = _replay(simulated.game)
    assert len(visitor.ends) == len(simulated.battles)
    tags = simulated.game.tags
    standard = family == "old-time" or ("TrickScoring" not in tags and "Pack" not in tags)
    for (tricks, out_of_play, total, ended), battle, ruleset in zip(
            visitor.ends, simulated.battles, visitor.rulesets):
        bonus = ruleset.last_trick_bonus
        assert tricks + out_of_play == total + bonus
        assert total + bonus == BATTLE_TRICK_POINTS[family] or not standard
        if battle.irregularity not in ("nodraw", "extradraw"):
            assert (tricks, out_of_play, ended) == (total + bonus, 0, ruleset.ids.end)
