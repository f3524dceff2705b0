"""Looking at won tricks (Scarne's SC-LOOK1, SC-LOOK2; ``look E`` in the record): a player may
look at the last trick he gathered, not at the others. No penalty unless agreed before play:
``LookPenalty "count"`` (SC-LOOK2) makes the looker lose his count in cards (trick points 0 for
the hand); ``none`` (the default, L84 "no enforceable penalty") leaves a notice only."""

from __future__ import annotations

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["Looks"]


class Looks(BattleCore):
    """The ``look`` statement (mixed into ``BattleState``)."""

    __slots__ = ()

    def tricks_won(self, seat: Seat) -> int:
        """How many tricks the player has gathered this battle."""
        return sum(self._piles[self._place[seat]]) // 2

    def look(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        """``seat`` looked through his won tricks; returns whether he loses his count."""
        if self.tricks_won(seat) < 2:
            self._report("SC-LOOK1", Kind.NOTICE,
                         f"{seat.word} looks at his won tricks, but he has gathered "
                         f"{self.tricks_won(seat)}: looking at the last trick gathered is allowed "
                         "(SC-LOOK1); no irregularity", span, Severity.INFO)
            return False
        if self.ruleset.options.get("LookPenalty") != "count":
            self._report("SC-LOOK1", Kind.IRREGULARITY,
                         f"{seat.word} looks through his won tricks other than the last one "
                         "gathered (SC-LOOK1): no penalty, none was agreed (SC-LOOK2, "
                         "LookPenalty \"none\")", span, Severity.INFO)
            return False
        self._lost_count[self._place[seat]] = True
        self._report("SC-LOOK2", Kind.IRREGULARITY,
                     f"{seat.word} loses his count in cards, as agreed: his trick points for the "
                     "hand are 0 (SC-LOOK2, LookPenalty \"count\"), for looking through his won "
                     "tricks other than the last one gathered (SC-LOOK1)", span, Severity.INFO)
        return True
