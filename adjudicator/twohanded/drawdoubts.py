"""A meld after draws out of order (R8E): the melder may need the card the record says his
opponent drew, which he would have drawn had they drawn in order. Before the meld is judged,
the two cards change hands when that makes it legal (``Draws._settle_draw``; docs/rulings.md,
"One fault, one finding"). Mixed into ``BattleState`` ahead of ``MeldTurns``, whose ``meld``
it wraps.
"""

from __future__ import annotations

from collections.abc import Sequence

from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import NOWHERE, Span
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.twohanded.meldturns import MeldTurns
from pinochle.adjudicator.model.steps import Melded

__all__ = ["DrawDoubts"]


class DrawDoubts(MeldTurns):
    """``meld``, first settling a draw in doubt that the meld shows (mixed into
    ``BattleState``)."""

    __slots__ = ()

    def meld(self, seat: Seat, kind: MeldKind, points: int,
             from_concealed: Sequence[Card] | None = None, *, span: Span = NOWHERE,
             points_span: Span | None = None) -> Melded:
        if self._draw_doubts and not self.can_meld(seat, kind, points, from_concealed):
            self._settle_draw_if(self._place[seat],
                                 lambda: self.can_meld(seat, kind, points, from_concealed))
        return super().meld(seat, kind, points, from_concealed, span=span,
                            points_span=points_span)
