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
"""

from __future__ import annotations

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["LastDraws"]


class LastDraws(BattleCore):
    """The ``choose`` statement (mixed into ``BattleState``)."""

    __slots__ = ()

    @property
    def choosing(self) -> bool:
        """The open turn's draws are the last two cards of the stock: the talon's last one and
        the one under it (the upcard or the dix exchanged for it), none drawn yet."""
        return (self._turn and self._stock_at_turn == 2 and self.ruleset.upcard
                and not self._drawn)

    def choose(self, seat: Seat, take: str, *, span: Span = NOWHERE) -> bool:
        """``seat`` took ``take`` (``upcard`` or ``talon``) of the last two cards; returns
        whether the choice stands (else it is reported and ignored)."""
        ids = self.ids
        fixed = ids.last_draw or ids.draws
        what = f"{seat.word} chooses the {'upcard' if take == 'upcard' else 'last talon card'}"
        if not self.ruleset.last_draw_choice:
            why = (f"the trick's winner draws the last talon card and the loser the upturned "
                   f"card; a choice needs LastDraw \"choice\" ({ids.choice})" if ids.choice
                   else "these rules give nobody a choice of the cards he draws")
            self._report(fixed, Kind.MALFORMED,
                         f"{what}, but the last draws are fixed here ({fixed}): {why}; the "
                         "choice is ignored", span)
            return False
        rule = ids.choice or fixed
        if not self.choosing:
            self._report(rule, Kind.MALFORMED,
                         f"{what}, but only the winner of the trick that leaves the talon at its "
                         "last card and the upcard chooses, before those two are drawn "
                         f"({rule}); the choice is ignored", span)
            return False
        if seat is not self._winner:
            self._report(rule, Kind.MALFORMED,
                         f"{what}, but {seat.other.word} won the trick: the winner chooses "
                         f"({rule}); the choice is ignored", span)
            return False
        if self._choice is not None:
            self._report(rule, Kind.MALFORMED,
                         f"{what}, but he already chose the {self._choice} ({rule}); the "
                         "first choice stands", span)
            return False
        self._choice = take
        return True
