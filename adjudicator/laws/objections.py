"""The objection to a meld (East Point's R11B; ``LawsPolicy`` ``meld_window="objection"``, the id
``PenaltyLaw.meld_objection``): a meld is applied as made, legal or not, and stands unless the
opponent objects before he plays his next card, so its findings wait (``MeldRecord.problems``)
until its fate is known:

- no objection in time (the opponent plays a card, or the record of the battle ends): it
  stands, its findings a warning;
- a timely objection (``object meld W``: West objects to East's last meld still open): a
  correct meld stands (notice); wrong points only are corrected to the table value; any other
  error voids it (it scores nothing, its combination does not count as scored, the cards it
  moved stay exposed as in M7); notices, the rules repaired it;
- a late objection, or one to no meld: reported, the meld stands.

``MeldObjections`` is this law's part of a battle's laws object (``hooks.Laws.melds``): it owns
the melds open to objection, and reads and changes the battle's state it watches (a weak proxy,
``hooks.py``). Whose turn it is to meld and what a meld is worth are the state's rules
(``twohanded/meldturns.py``: R8D, R9E)."""

from __future__ import annotations

from weakref import proxy

from typing import TYPE_CHECKING

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.laws.meldwindow import MeldWindow
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.model.steps import ObjectedToMeld

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore
    from pinochle.adjudicator.twohanded.records import MeldRecord

__all__ = ["MeldObjections", "STANDS"]

#: How an illegal meld nobody objected to in time ends ({rule}: ``PenaltyLaw.meld_objection``).
STANDS = "illegal, stands: no objection in time ({rule})"


class MeldObjections(MeldWindow):
    """The melds open to objection and the ``object meld`` statement (see the module
    docstring); ``rule`` is the policy's id of the objection."""

    __slots__ = ("state", "rule", "open")

    at_once = False

    def __init__(self, state: BattleCore) -> None:
        self.state: BattleCore = proxy(state)   # (no cycle: hooks.py)
        self.rule = state.ruleset.laws.penalty.meld_objection
        self.open: list[MeldRecord] = []        # (changed in place: the laws object shares it)

    # --- hooks -----------------------------------------------------------------------------

    def made(self, record: MeldRecord) -> bool:
        """A meld waits for an objection until its melder's opponent plays his next card."""
        self.open.append(record)
        return True

    def played_past(self, seat: Seat) -> None:
        """``seat`` plays a card: the melds he could object to now stand."""
        still = []
        for record in self.open:
            if record.seat is seat:
                still.append(record)
            else:
                self._stand(record)
        self.open[:] = still

    def close(self) -> None:
        """The record of the battle ended: melds still open to objection stand."""
        for record in self.open:
            self._stand(record)
        self.open.clear()

    def _stand(self, record: MeldRecord) -> None:
        record.status = "stood"
        self.state._tell_meld(record, STANDS.format(rule=self.rule), Severity.WARNING)

    # --- the statement ---------------------------------------------------------------------

    def objection_target(self, seat: Seat) -> MeldRecord | None:
        """The meld an objection by ``seat`` now would be to: his opponent's last one still
        open to objection, or None."""
        for record in reversed(self.open):
            if record.seat is not seat:
                return record
        return None

    def can_object_meld(self, seat: Seat) -> bool:
        """An objection is in time: the opponent has a meld ``seat`` has not yet played past."""
        return self.objection_target(seat) is not None

    def verify_object_meld(self, seat: Seat) -> list[Finding]:
        if self.can_object_meld(seat):
            return []
        rule = self.rule
        return [Finding(rule=rule, kind=Kind.IRREGULARITY, trick=self.state.trick_number,
                        message=f"{seat.word} has no meld of his opponent's to object to: an "
                                "objection comes before the objector plays to the next trick "
                                f"({rule})")]

    def object_meld(self, seat: Seat, *, span: Span = NOWHERE) -> ObjectedToMeld:
        """``seat`` objects to his opponent's last meld (see the module docstring)."""
        record = self.objection_target(seat)
        if record is None:
            step = self._too_late(seat, span)
        else:
            self.open.remove(record)
            step = self._objected(seat, record, span)
        self.state._log(step)
        return step

    def _too_late(self, seat: Seat, span: Span) -> ObjectedToMeld:
        """An objection to no meld still open: reported, the meld stands."""
        state, rule = self.state, self.rule
        melder = state.ruleset.seating.opponent(seat)
        earlier = [r for r in state.melds if r.seat is melder]
        if not earlier:
            state._report(rule, Kind.IRREGULARITY,
                          f"{seat.word} objects to a meld, but {melder.word} has made none "
                          f"this battle ({rule})", span, Severity.INFO)
            return ObjectedToMeld(seat, -1, "stands", 0)
        last = earlier[-1]
        why = ("was already objected to" if last.status == "objected" else
               f"stands: {seat.word} has played a card since, and an objection must "
               "come before the objector plays to the next trick")
        state._report(rule, Kind.IRREGULARITY,
                      f"{seat.word}'s objection to {melder.word}'s {last.kind} "
                      f"{last.claimed} is too late: the meld {why} ({rule})",
                      span, Severity.INFO)
        return ObjectedToMeld(seat, last.index, "stands", 0)

    def _objected(self, seat: Seat, record: MeldRecord, span: Span) -> ObjectedToMeld:
        """A timely objection to ``record``: it stands, is corrected or is voided."""
        state, rule = self.state, self.rule
        melder = state.ruleset.seating.opponent(seat)
        record.status = "objected"
        i = state._place[melder]
        if not record.problems:
            record.outcome = "stands"
            adjustment = 0
            why = ("which is correct" if state.deal_known else
                   "which nothing public shows wrong (the record omits the deal; the "
                   "battle's melds claim may show it voided)")
            state._report(rule, Kind.NOTICE,
                          f"{seat.word} objects to {melder.word}'s {record.kind} "
                          f"{record.claimed}, {why}: it stands ({rule})",
                          span, Severity.INFO)
        elif all(p.points_only for p in record.problems) and record.table_points is not None:
            record.outcome = "corrected"
            adjustment = record.table_points - record.claimed
            note = f"corrected to {record.table_points} on {seat.word}'s objection ({rule})"
            state._tell_meld(record, note, Severity.INFO)
        else:
            record.outcome = "voided"
            adjustment = -record.claimed
            if record.added_scored:
                state._scored[i].discard(record.kind)
            if record.turn_slot and state._turn and state._tricks == record.trick:
                state._melded = False
            note = (f"voided on {seat.word}'s objection ({rule}): it scores nothing, and the "
                    "cards it moved stay exposed (M7)")
            state._tell_meld(record, note, Severity.INFO)
        state._meld_points[i] += adjustment
        return ObjectedToMeld(seat, record.index, record.outcome, adjustment)
