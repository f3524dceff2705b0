"""Scarne's laws as the hook object a battle's state calls (``hooks.Laws``): the renege law
(``renege.RenegeWatch``: SC-RENEGE1, SC-RENEGE2), looking at won tricks (``looks.TrickLooks``:
SC-LOOK1, SC-LOOK2), the drawing slips (``slips.Slips``: SC-SLIP1-6, SC-DRAW1-4, the draws of
every turn) and the misdeals and dead hands (``misdeals.Misdeals``: SC-MISDEAL0-9), each owning
its own state, and the meld window the policy's ``meld_window`` chooses (``windows.MeldLaws``:
the correction of incorrect melds, ``corrections.MeldCorrections``, SC-BADMELD1/2)."""

from __future__ import annotations

from collections.abc import Sequence

from typing import TYPE_CHECKING

from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import NOWHERE, MisdealReason, Span

from pinochle.adjudicator.laws.looks import TrickLooks
from pinochle.adjudicator.laws.misdeals import Misdeals, PackFaults
from pinochle.adjudicator.laws.renege import RenegeWatch
from pinochle.adjudicator.laws.slips import Slips
from pinochle.adjudicator.laws.windows import MeldLaws
from pinochle.adjudicator.model.findings import Finding

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["ScarneLaws"]


class ScarneLaws(MeldLaws):
    """One battle under Scarne's laws (``Laws "scarne"``)."""

    __slots__ = ("renege", "looks", "slips", "misdeals")

    #: Every turn's draws are the drawing slips' (``slips.Slips``), planned when a trick is
    #: gathered: a turn with nobody's count off and the draws as due goes the usual way.
    makes_draws = True

    def __init__(self, state: BattleCore) -> None:
        laws = state.ruleset.laws
        law, misdeals = laws.renege, laws.misdeals
        assert law is not None, "Scarne's laws have a renege law"
        assert misdeals is not None, "Scarne's laws have a misdeal law"
        super().__init__(state)
        self.renege = RenegeWatch(state, law)
        self.looks = TrickLooks(state)
        self.slips = Slips(state)
        self.misdeals = Misdeals(state, misdeals)

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
        ``slips.slip_discovery``)."""
        return self.slips.slip_discovery(seat, too_many, span=span)

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

    # --- draws and deals: the drawing slips (slips.py) and the misdeals (misdeals.py) -------

    @property
    def voided(self) -> bool:
        return self.slips.voided

    @property
    def dead(self) -> bool:
        return self.misdeals.dead

    def plan_draws(self, state: BattleCore) -> None:
        self.slips.plan_turn(state)

    def draw(self, seat: Seat, *, span: Span = NOWHERE) -> None:
        self.slips.draw_card(seat, span=span)

    def finish_turn(self, state: BattleCore, draws: Sequence[Seat] | None, *,
                    span: Span = NOWHERE) -> bool:
        """A turn with its draws given, outside a turn, or with a count off (or a card drawn
        one at a time) is the slips'; the usual turn is the state's (``Draws.finish_turn``)."""
        slips = self.slips
        if draws is not None or not state.in_turn or slips.turn_open(state):
            slips.slip_turn(draws, span=span)
            return True
        return False

    def slip_draws(self, actions: Sequence[tuple[str, Seat, Seat | None, Span]], *,
                   span: Span = NOWHERE) -> None:
        self.slips.slip_draws(actions, span=span)

    def return_card(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        return self.slips.return_card(seat, span=span)

    def give_card(self, seat: Seat, to: Seat, *, span: Span = NOWHERE) -> bool:
        return self.slips.give_card(seat, to, span=span)

    def misdeal(self, reason: MisdealReason, card: Card | None = None, *,
                span: Span = NOWHERE) -> bool:
        return self.misdeals.misdeal(reason, card, span=span)

    def dead_hand(self, faults: PackFaults | None, *, span: Span = NOWHERE) -> bool:
        return self.misdeals.dead_hand(faults, span=span)

    def expose_own(self, seat: Seat, cards: Sequence[Card], *, span: Span = NOWHERE) -> bool:
        return self.misdeals.expose_own(seat, cards, span=span)

    def before_first_draw(self) -> bool:
        return self.misdeals.before_first_draw()

    def count_stands(self) -> None:
        self.misdeals.count_stands()

    def void_hand(self) -> None:
        self.misdeals.void_hand()
