"""When a simulated 25-steps player knocks (TP25, TPV6), and which last card he chooses (TPV1).

A player whose count (his game total before the battle, plus this battle's melds and the cards
in his tricks) has reached the target of the moment decides once a battle, by his policy's
``knock_weights`` (a seeded choice): knock at once, knock at the battle's end, or not knock this
battle. A knock comes between tricks, after the draws (so that the adjudicator, which ends an
open turn at a knock, sees the same hands). Nobody knocks only while the count is below the
target, so a knock without a proof always wins; a battle that ends with a player at the target
and no knock raises the target (TP25: the adjudicator's notice, intended).

With ``KnockProof "next-trick"`` (TPV6) play goes on after the knock until the knocker next wins
a trick, which decides the game (play halts there, before that turn's meld); "at the battle's
end" means before its last trick, which he may lose: the knock is then not proved, he loses the
game (the adjudicator's TPV6 notice, intended). Only games that end by a knock draw from the
generator here, so the other rulesets' simulations are unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.ruleset import GameEnd
from pinochle.notation.cards import Rank, Seat
from pinochle.notation.events import Choice, Knock

from .policies import Policy

EAST, WEST = Seat.EAST, Seat.WEST
NOW, AT_END, NOT_NOW = "now", "end", "not this battle"


@dataclass
class Knocker:
    """A 25-steps game's knocks: the target of the moment and, in the battle being played, each
    player's decision and the knock awaiting its proof (TPV6)."""

    end: GameEnd
    players: dict[Seat, Policy]
    target: int = 0
    decided: dict[Seat, str] = field(default_factory=dict)
    pending: Knock | None = None
    knocked: bool = False       # the game is decided: a knock won, lost or went unproved

    def __post_init__(self) -> None:
        self.target = self.end.target

    @property
    def proves(self) -> bool:
        return self.end.proof == "next-trick"

    def start_battle(self) -> None:
        self.decided = {}

    def knock(self, state: BattleState, before: Mapping[Seat, int],
              rng: random.Random) -> Knock | None:
        """Between tricks, after the draws: the knock of a player at the target who decides
        to knock now, the last trick's winner first; None if nobody does."""
        if self.pending is not None or self.knocked:
            return None
        left = state.hand_size(EAST) + state.hand_size(WEST)
        if self.proves and not left:
            return None                 # a knock after the last trick could not be proved
        last = not left or (self.proves and max(state.hand_size(EAST),
                                                state.hand_size(WEST)) == 1)
        winner = state.last_winner
        for seat in sorted((EAST, WEST), key=lambda s: s is not winner):
            count = before[seat] + state.score(seat)
            if count < self.target:
                continue
            if seat not in self.decided:
                weights = self.players[seat].knock_weights
                self.decided[seat] = rng.choices((NOW, AT_END, NOT_NOW), weights)[0]
            if self.decided[seat] == NOW or (self.decided[seat] == AT_END and last):
                knock = Knock(seat=seat, count=count)
                if self.proves:
                    self.pending = knock
                else:
                    self.knocked = True
                return knock
        return None

    def proved(self, winner: Seat) -> bool:
        """Trick won by ``winner``: whether it proves the knock awaiting its proof."""
        if self.pending is None or self.pending.seat is not winner:
            return False
        self.pending, self.knocked = None, True
        return True

    def end_battle(self, east: int, west: int) -> bool:
        """The battle is over with these game totals: a knock awaiting its proof is lost; with
        no knock, a player at the target raises it (TP25). Whether the game is decided."""
        if self.pending is not None:
            self.pending, self.knocked = None, True
        elif not self.knocked and max(east, west) >= self.target:
            self.target += self.end.rise
        return self.knocked


def last_choice(state: BattleState, policy: Policy, rng: random.Random) -> Choice | None:
    """The winner's choice of his last card (TPV1, ``LastDraw "choice"``), applied to
    ``state``; None when this turn's draws are not the last two cards."""
    winner = state.last_winner
    if not state.ruleset.last_draw_choice or not state.last_draw.choosing or winner is None:
        return None
    upcard = state.stock()[-1] if state.deal_known and state.stock_count == 2 else None
    take = policy.choose_last(upcard is not None and upcard.rank is not Rank.NINE, rng)
    state.last_draw.choose(winner, take)
    return Choice(seat=winner, take=take)
