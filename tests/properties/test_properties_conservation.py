"""Conservation (R2A4, R7A, R8G, C4): while a simulated game is replayed, after every action of
the battle state each of the 48 cards is in exactly one of R7A's eight sites; and at the end of
a battle the trick points total 720 (C4), less only the cards R11E and R11F take out of play."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings

from pinochle.adjudicator import replay
from pinochle.adjudicator.battle import BattleState
from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE
from pinochle.simulator.deal import pack_cards
from strategies import SIM_RULESETS, SimFindings, simulated_games

E, W = Seat.EAST, Seat.WEST
ACTIONS = ("play", "meld", "finish_turn", "draw", "object_meld", "object_deal", "discover",
           "expose", "close")


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

    def play_trick(self, lead, follow, *, lead_span=NOWHERE, follow_span=NOWHERE, mark=None):
        """Card by card, so that R7A is checked after each (``play_trick`` is ``play`` then
        ``play``: tests/adjudicator/test_r8_play_trick.py)."""
        if self.in_turn:
            self.finish_turn(span=lead_span)
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

    def end_battle(self, battle, state, result) -> None:
        points = state.ruleset.card_points
        tricks = state.trick_points(E) + state.trick_points(W)
        out_of_play = sum(points[c] for c in state.stock())
        if state.end is not None:
            out_of_play += sum(points[c] for c in state.end.leftover)
        self.ends.append((tricks, out_of_play, state.ruleset.total_card_points,
                          state.end.rule if state.end else None))


def _replay(game) -> EndOfBattle:
    visitor = EndOfBattle()
    with mock.patch.object(replay, "BattleState", ConservingState):
        replay.walk(game, visitor)
    return visitor


@settings(max_examples=100, deadline=None)
@given(simulated_games(irregular=True))
def test_R7A_every_card_in_exactly_one_site_after_every_action(simulated) -> None:
    before = ConservingState.checks
    _replay(simulated.game)
    actions = sum(2 * sum(1 for e in b.events if type(e).__name__ == "Trick")
                  for b in simulated.game.battles)
    assert ConservingState.checks - before >= actions   # every card played was checked


@settings(max_examples=100, deadline=None)
@given(simulated_games(irregular=True, rulesets=SIM_RULESETS))
def test_C4_trick_points_total_720_unless_R11E_or_R11F_take_cards(simulated) -> None:
    visitor = _replay(simulated.game)
    assert len(visitor.ends) == len(simulated.battles)
    tags = simulated.game.tags
    standard = "TrickScoring" not in tags and "Pack" not in tags
    for (tricks, out_of_play, total, ended), battle in zip(visitor.ends, simulated.battles):
        assert tricks + out_of_play == total
        assert total == 720 or not standard
        if battle.irregularity not in ("nodraw", "extradraw"):
            assert (tricks, out_of_play, ended) == (total, 0, "R8F")
