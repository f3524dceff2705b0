"""Looking at won tricks (Scarne's SC-LOOK1, SC-LOOK2; ``look E`` in the record): a player may
look at the last trick he gathered, not at the others. No penalty unless agreed before play:
``LookPenalty "count"`` (SC-LOOK2) makes the looker lose his count in cards (trick points 0 for
the hand); ``none`` (the default, L84 "no enforceable penalty") leaves a notice only.

``TrickLooks`` is this law's part of a battle's laws object (``scarne.ScarneLaws``): it owns who
lost his count."""

from __future__ import annotations

from weakref import proxy

from typing import TYPE_CHECKING

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Kind, Severity

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["TrickLooks"]

LOOK, PENALTY = "SC-LOOK1", "SC-LOOK2"


class TrickLooks:
    """The ``look`` statement, and the counts lost by it."""

    __slots__ = ("state", "lost")

    def __init__(self, state: BattleCore) -> None:
        self.state: BattleCore = proxy(state)   # (no cycle: hooks.py)
        self.lost: set[Seat] = set()

    def lost_count(self, seat: Seat) -> bool:
        """``seat`` lost his count for looking: no trick points for the hand (SC-LOOK2)."""
        return seat in self.lost

    def look(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        """``seat`` looked through his won tricks; returns whether he loses his count."""
        state = self.state
        won = state.tricks_won(seat)
        if won < 2:
            state.report(LOOK, Kind.NOTICE,
                         f"{seat.word} looks at his won tricks, but he has gathered "
                         f"{won}: looking at the last trick gathered is allowed "
                         f"({LOOK}); no irregularity", span, Severity.INFO)
            return False
        if state.ruleset.options.get("LookPenalty") != "count":
            state.report(LOOK, Kind.IRREGULARITY,
                         f"{seat.word} looks through his won tricks other than the last one "
                         f"gathered ({LOOK}): no penalty, none was agreed ({PENALTY}, "
                         "LookPenalty \"none\")", span, Severity.INFO)
            return False
        self.lost.add(seat)
        state.report(PENALTY, Kind.IRREGULARITY,
                     f"{seat.word} loses his count in cards, as agreed: his trick points for the "
                     f"hand are 0 ({PENALTY}, LookPenalty \"count\"), for looking through his "
                     f"won tricks other than the last one gathered ({LOOK})", span,
                     Severity.INFO)
        return True
