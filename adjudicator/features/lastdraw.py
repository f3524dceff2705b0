"""The last two cards of the stock (25-steps TP20, TPV1; ``choose W upcard`` in the record).

TP20: when the last talon card is drawn, the other player takes the upturned card (or the dix
exchanged for it), which is the order of the draws after every trick: the winner first. TPV1,
agreed as ``LastDraw "choice"``, lets the winner of the last trick of the talon choose instead:
``choose W upcard`` (he takes the card under the talon, the loser the last talon card) or
``choose W talon`` (TP20's order). Without a ``choose`` line TP20's order holds.

The choice is applied when the draws are made (``Draws.finish_turn``), not when it is stated,
so that a dix exchanged later in the same turn (TP15) is the card he takes. A ``choose`` under
a ruleset without the choice, out of its time (not in the turn of the trick that leaves the
talon at its last card and the upcard, or after those draws), by the trick's loser, or a second
time, is an error under the last-draw rule and is ignored.

The last draws are a feature of the battle's state the ruleset chooses (``Ruleset.
last_draw_choice``): ``FixedLastDraw`` (TP20's order, every ``choose`` refused) or
``LastDrawChoice`` (TPV1), started with the battle (``last_draw_of``) and owning the choice made.
"""

from __future__ import annotations

from weakref import proxy

from typing import Any, Protocol

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import Ruleset

__all__ = ["FixedLastDraw", "LastDrawChoice", "last_draw_of"]


class Battle(Protocol):
    """What the feature reads and changes of the battle's state (``twohanded.core.BattleCore``,
    which starts it: a protocol, so that the state's module may import this one)."""

    ruleset: Ruleset
    ids: RuleIds

    @property
    def last_winner(self) -> Seat | None: ...

    @property
    def in_turn(self) -> bool: ...

    @property
    def stock_at_turn(self) -> int: ...

    @property
    def drawn_this_turn(self) -> tuple[Seat, ...]: ...

    def draw_under_card_first(self) -> None: ...

    def report(self, rule: str, kind: Kind, message: str, span: Span = NOWHERE,
               severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
               trick: int | None = None) -> Finding: ...


class FixedLastDraw:
    """The last draws in R8E's order (TP20): a ``choose`` is refused."""

    __slots__ = ("state", "chosen")

    def __init__(self, state: Battle) -> None:
        self.state: Battle = proxy(state)   # (no cycle: laws/hooks.py)
        self.chosen: str | None = None      # the last draw chosen (TPV1), until drawn

    @property
    def choosing(self) -> bool:
        """The open turn's draws are the last two cards of the stock: the talon's last one and
        the one under it (the upcard or the dix exchanged for it), none drawn yet."""
        state = self.state
        return (state.in_turn and state.stock_at_turn == 2 and state.ruleset.upcard
                and not state.drawn_this_turn)

    @staticmethod
    def _what(seat: Seat, take: str) -> str:
        return f"{seat.word} chooses the {'upcard' if take == 'upcard' else 'last talon card'}"

    def choose(self, seat: Seat, take: str, *, span: Span = NOWHERE) -> bool:
        """``seat`` took ``take`` (``upcard`` or ``talon``) of the last two cards; returns
        whether the choice stands (else it is reported and ignored)."""
        state = self.state
        ids = state.ids
        fixed = ids.last_draw or ids.draws
        why = (f"the trick's winner draws the last talon card and the loser the upturned "
               f"card; a choice needs LastDraw \"choice\" ({ids.choice})" if ids.choice
               else "these rules give nobody a choice of the cards he draws")
        state.report(fixed, Kind.MALFORMED,
                     f"{self._what(seat, take)}, but the last draws are fixed here ({fixed}): "
                     f"{why}; the choice is ignored", span)
        return False

    def apply(self) -> None:
        """The open turn's draws are about to be made: the choice decides the last two."""


class LastDrawChoice(FixedLastDraw):
    """``LastDraw "choice"`` (TPV1): the winner of the last trick of the talon chooses."""

    __slots__ = ()

    def choose(self, seat: Seat, take: str, *, span: Span = NOWHERE) -> bool:
        state = self.state
        ids = state.ids
        rule = ids.choice or ids.last_draw or ids.draws
        what = self._what(seat, take)
        if not self.choosing:
            state.report(rule, Kind.MALFORMED,
                         f"{what}, but only the winner of the trick that leaves the talon at its "
                         "last card and the upcard chooses, before those two are drawn "
                         f"({rule}); the choice is ignored", span)
            return False
        if seat is not state.last_winner:
            state.report(rule, Kind.MALFORMED,
                         f"{what}, but {seat.other.word} won the trick: the winner chooses "
                         f"({rule}); the choice is ignored", span)
            return False
        if self.chosen is not None:
            state.report(rule, Kind.MALFORMED,
                         f"{what}, but he already chose the {self.chosen} ({rule}); the "
                         "first choice stands", span)
            return False
        self.chosen = take
        return True

    def apply(self) -> None:
        """The last two cards are drawn after the winner's choice: having chosen the upcard, he
        takes it (the stock's top is its end, the upcard, or the dix exchanged for it, its
        start); the loser the last talon card."""
        if self.chosen == "upcard":
            self.state.draw_under_card_first()
        self.chosen = None


def last_draw_of(state: Battle) -> FixedLastDraw:
    """The last-draw feature of the battle ``state`` begins, as its ruleset chooses it."""
    return (LastDrawChoice if state.ruleset.last_draw_choice else FixedLastDraw)(state)
