"""Scarne's laws as the hook object a battle's state calls (``hooks.Laws``): the renege law
(``renege.RenegeWatch``: SC-RENEGE1, SC-RENEGE2) and looking at won tricks (``looks.TrickLooks``:
SC-LOOK1, SC-LOOK2), each owning its own state, and the meld window the policy's ``meld_window``
chooses (``windows.MeldLaws``: the correction of incorrect melds, ``corrections.MeldCorrections``,
SC-BADMELD1/2). Scarne's misdeals and drawing slips (``misdeals.py``, ``slips.py``) are still
parts of ``BattleState``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.laws.looks import TrickLooks
from pinochle.adjudicator.laws.renege import RenegeWatch
from pinochle.adjudicator.laws.windows import MeldLaws
from pinochle.adjudicator.model.findings import Finding

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["ScarneLaws"]


class ScarneLaws(MeldLaws):
    """One battle under Scarne's laws (``Laws "scarne"``)."""

    __slots__ = ("renege", "looks")

    def __init__(self, state: BattleCore) -> None:
        law = state.ruleset.laws.renege
        assert law is not None, "Scarne's laws have a renege law"
        super().__init__(state)
        self.renege = RenegeWatch(state, law)
        self.looks = TrickLooks(state)

    def note_renege(self, seat: Seat, rule: str, message: str, span: Span, could: str,
                    card: str) -> bool:
        return self.renege.note(seat, rule, message, span, could, card)

    def trick_points(self, seat: Seat, points: int) -> int:
        if self.looks.lost_count(seat):         # SC-LOOK2 before SC-RENEGE2
            return 0
        return self.renege.trick_points(seat, points)

    def counts_for_nobody(self) -> None:
        self.renege.forget()
        super().counts_for_nobody()

    def close(self) -> None:
        self.renege.settle()                    # before the melds' fate (SC-BADMELD1)
        super().close()

    def discover(self, seat: Seat, too_many: bool, *, span: Span = NOWHERE) -> bool:
        """``toomany E`` / ``toofew E``: the drawing slips' discovery (SC-SLIP3, SC-SLIP4;
        ``slips.slip_discovery``, still a part of the state)."""
        return self.state.slip_discovery(seat, too_many, span=span)

    def has_renege(self, seat: Seat) -> bool:
        return self.renege.has_renege(seat)

    def note_renege_at(self, seat: Seat, rule: str, message: str, span: Span, could: str,
                       card: str, trick: int) -> None:
        self.renege.note_at(seat, rule, message, span, could, card, trick)

    def can_claim_renege(self, seat: Seat) -> bool:
        return self.renege.can_claim(seat)

    def verify_claim_renege(self, seat: Seat) -> list[Finding]:
        return self.renege.verify_claim(seat)

    def claim_renege(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        return self.renege.claim(seat, span=span)

    def look(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        return self.looks.look(seat, span=span)
