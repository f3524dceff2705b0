"""A correction law for incorrect melds (Scarne's SC-BADMELD1, SC-BADMELD2; ``LawsPolicy``
``meld_window="correctable"``, ``bad_meld``).

An improper meld (any meld the rules forbid, SC-BADMELD2's melder with too few or too many
cards included) or a meld claiming wrong points is not judged when made: it stands as credited,
its points and its cards' reuse histories, until a ``correct W 5`` statement (West's meld after
trick 5) corrects it, which is valid while the last card has not been drawn from the stock:

- wrong points only: the meld counts its table value; notice;
- improper: withdrawn, it scores nothing, its cards still exposed go back to the concealed hand
  and the reuse histories it left are erased; the turn's meld is not given back; notice;
- a correct meld: nothing changes; notice. No meld after that trick, or too late: error, no
  effect.

When the last stock card is drawn (or the record of the battle ends) a meld nobody corrected
stands: each of its findings under its own rule, a warning. In a hand that counts for nobody
(a dead hand, a void deal: ``BattleCore._count_for_nobody``) a meld still open to correction is
``moot``: neither corrected nor standing, no finding. A player whose count is off at his meld
turn cannot meld: any meld of his is improper (SC-BADMELD2).

Erasing a meld's histories: the exposed copies' ledger is a ``JournalLedger`` under this law,
which keeps the operations it applied; a withdrawn meld's become the bare laying of the cards
it took from the hand, the ledger is rebuilt, and the laid copies no later meld reused go back
to the hand (``JournalLedger.withdraw``).

``MeldCorrections`` is this law's part of a battle's laws object (``hooks.Laws.melds``, chosen
by the policy's ``meld_window``): it reads and changes the battle's state it watches (a weak
proxy, ``hooks.py``); what waits for correction is the melds' own (``MeldRecord.status``
``pending``) and the ledger's journal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from weakref import proxy

from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import NOWHERE, Span
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.laws.meldwindow import MeldWindow
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rules.copies import CopyLedger
from pinochle.adjudicator.rules.journal import JournalLedger
from pinochle.adjudicator.rules.melding import _default_takes, judge_meld
from pinochle.adjudicator.rules.meldtables import MeldNeed, counts, meld_table

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore
    from pinochle.adjudicator.twohanded.records import MeldRecord, Problem

__all__ = ["DEADLINE", "MeldCorrections"]

#: The deadline's words, in a correction's and a standing meld's findings.
DEADLINE = "the last card was drawn from the stock"
DEADLINE_PRESENT = "the last card is drawn from the stock"
#: The close's words, in a standing meld's finding.
RECORD_ENDED = "the record of the battle ended"


class MeldCorrections(MeldWindow):
    """Melds open to correction, the ``correct`` statement and the deadline (see the module
    docstring); ``law`` is the policy's ``(correction, count)`` ids (``LawsPolicy.bad_meld``)."""

    __slots__ = ("state", "law", "bars_miscount")

    at_once = False
    credits = True
    ledger = JournalLedger                      # a withdrawn meld's histories are erased

    def __init__(self, state: BattleCore) -> None:
        policy = state.ruleset.laws
        law = policy.bad_meld
        assert law is not None, "a correction law has its ids"
        self.state: BattleCore = proxy(state)   # (no cycle: hooks.py)
        self.law = law
        self.bars_miscount = policy.count_melder_cards          # SC-BADMELD2

    # --- hooks -----------------------------------------------------------------------------

    def made(self, record: MeldRecord) -> bool:
        """A meld made under the correction law waits for a correction; one made after the
        last stock card was drawn (SC-MELD4) is past correction: it stands at once. In a hand
        that counts for nobody (SC-DRAW1) it is moot."""
        state = self.state
        if state.counts_for_nobody:
            record.status = "moot"
        elif state.phase_b:
            self._stands(record, f"stands: made after {DEADLINE}, it cannot be rectified "
                                 f"({self.law[0]})")
        else:
            record.status = "pending"
        return True

    def deadline(self) -> None:
        self._settle(DEADLINE)

    def close(self) -> None:
        self._settle(RECORD_ENDED)

    def counts_for_nobody(self) -> None:
        for record in self.state.melds:
            if record.status == "pending":
                record.status = "moot"

    def count_problem(self, seat: Seat) -> tuple[str, str] | None:
        """Why a player whose count is off may not meld (SC-BADMELD2: any meld of his would be
        improper), or ``None``."""
        state, rule = self.state, self.law[1]
        if not state.cannot_meld_count(seat):
            return None
        return rule, (f"{seat.word} holds {state.hand_size(seat)} cards at his meld turn "
                      f"after trick {state.tricks_played}, not {state.due_count(seat)}: a "
                      f"player with too few or too many cards cannot meld ({rule})")

    # --- how a meld is applied ------------------------------------------------------------

    def move_as_credited(self, i: int, need: MeldNeed | None, takes: tuple[Card, ...],
                         problems: list[Problem]) -> tuple[tuple[Card, ...],
                                                           tuple[int, int] | None]:
        """A meld under the correction law is applied as credited: its cards move and its
        reuse histories are kept as if it were legal (a meld whose reuse is broken takes from
        the hand what the exposed cards lack, and marks the copies it reuses all the same).
        Only an exchange of the nine (a swap) is made just when it is legal but for its points;
        an improper one lays the nine in the exposed hand, as without laws. Returns the cards
        moved and the meld's part of the ledger's journal."""
        state = self.state
        ledger = None if state._copies is None else state._copies[i]
        start = ledger.mark() if isinstance(ledger, JournalLedger) else 0
        if need is not None and not takes and problems:
            takes = _default_takes(need, state._conc[i], state._exp[i])[0]
        exchange = need is not None and need.exchange
        state._move(i, need, takes, not exchange or all(p.points_only for p in problems),
                    force=True)
        return takes, (start, ledger.mark()) if isinstance(ledger, JournalLedger) else None

    def resynchronise(self, seat: Seat, kind: MeldKind, named: Sequence[Card] | None,
                      free: bool, problems: list[Problem], takes: tuple[Card, ...],
                      span: Span) -> tuple[Card, ...]:
        """One fault, one finding under the correction law (docs/rulings.md): an
        illegal meld stands as credited (SC-BADMELD1) and its cards moved; a later meld of the
        same player, in his turn, illegal only because they moved (their cards exposed, their
        combination scored, their reuse histories kept: SC-PLAY4, SC-MELD5, OT9G...), shows that
        the player still held them concealed. The earlier melds' cards go back to the concealed
        hand (as a withdrawal would take them back, their histories erased) but their credit
        stands, to stand or be corrected at the deadline; the later meld is a notice naming the
        earlier line and is made as legal. Returns the cards it moves; ``problems`` loses the
        card problem in place."""
        state = self.state
        debts = [r for r in state.melds if r.seat is seat and r.owes
                 and r.status in ("pending", "stood")]
        faults = [p for p in problems if not p.points_only]
        if not debts or len(faults) != 1 or state._turn_problem(seat, free) is not None:
            return takes
        need = meld_table(state.ruleset, state.trump).needs.get(kind)
        if need is None or (need.exchange and not state._can_exchange()):
            return takes
        i = state._place[seat]
        conc, exp = list(state._conc[i]), list(state._exp[i])
        ledger = None if state._copies is None else state._copies[i]
        trial = ledger.twin() if isinstance(ledger, JournalLedger) else (
            None if ledger is None else ledger.copy())
        for record in debts:
            for face, n in self._cards_back(record, exp, trial).items():
                exp[face] -= n
                conc[face] += n
        owed = {r.kind for r in debts if r.added_scored}
        verdict = judge_meld(state.ruleset, conc, exp, state._scored[i] - owed, kind,
                             None if named is None else tuple(named),
                             played=state._to_tricks[i], won=state._won_with[i],
                             trump=state.trump, ledger=trial)
        if not verdict.legal:
            return takes
        problems.remove(faults[0])
        state._conc[i][:] = conc
        state._exp[i][:] = exp
        if state._copies is not None and trial is not None:
            state._copies[i] = trial
        for record in debts:
            record.owes = False
            record.given_back = True
        state._same_fault(faults[0], seat, debts[-1],
                          "not been made (it stands as credited, SC-BADMELD1)", span)
        return verdict.takes

    # --- the statement ---------------------------------------------------------------------

    def open_to_correction(self, seat: Seat) -> tuple[str, ...]:
        """``seat``'s incorrect melds that stand as credited but may still be corrected, each
        as a sentence (the meld question at a point shows them: its position counts them)."""
        rule = self.law[0]
        return tuple(f"{r.kind} {r.claimed} after trick {r.trick} is incorrect "
                     f"({', '.join(dict.fromkeys(p.rule for p in r.problems))}): it counts as "
                     f"made until it is corrected, which may be done until {DEADLINE_PRESENT} "
                     f"({rule})" for r in self.state.melds
                     if r.seat is seat and r.status == "pending" and r.problems)

    def correction_targets(self, seat: Seat, trick: int) -> list[MeldRecord]:
        """``seat``'s melds after trick ``trick``: what ``correct SEAT TRICK`` is about."""
        return [r for r in self.state.melds if r.seat is seat and r.trick == trick]

    def _too_late(self) -> bool:
        """The last stock card is drawn, or the record of the battle ended."""
        state = self.state
        return state.phase_b or state._closed

    def can_correct(self, seat: Seat, trick: int) -> bool:
        """``correct`` would change something: ``seat`` made an improper meld or one with wrong
        points after trick ``trick``, not yet corrected, and the last stock card is not drawn."""
        return not self._too_late() and any(r.status == "pending" and r.problems
                                            for r in self.correction_targets(seat, trick))

    def verify_correct(self, seat: Seat, trick: int) -> list[Finding]:
        if self.can_correct(seat, trick):
            return []
        rule = self.law[0]
        return [Finding(rule=rule, kind=Kind.IRREGULARITY, trick=self.state.trick_number,
                        message=f"{seat.word} has no incorrect meld after trick {trick} to "
                                f"correct before {DEADLINE} ({rule})")]

    def correct(self, seat: Seat, trick: int, *, span: Span = NOWHERE) -> bool:
        """``correct W 5``: West's meld after trick 5 is corrected (wrong points) or withdrawn
        (improper); returns whether anything changed."""
        state, rule = self.state, self.law[0]
        targets = self.correction_targets(seat, trick)
        if not targets:
            state._report(rule, Kind.IRREGULARITY,
                          f"{seat.word} made no meld after trick {trick}: there is nothing to "
                          f"correct ({rule}); no effect", span, Severity.ERROR)
            return False
        named = f"{seat.word}'s meld after trick {trick}"
        if self._too_late():
            state._report(rule, Kind.IRREGULARITY,
                          f"the correction of {named} comes after {DEADLINE}: the error cannot "
                          f"be rectified ({rule}); no effect", span, Severity.ERROR)
            return False
        pending = [r for r in targets if r.status == "pending"]
        wrong = [r for r in pending if r.problems]
        if not wrong:
            what = ", ".join(f"{r.kind} {r.claimed}" for r in targets)
            done = any(r.status == "corrected" for r in targets)
            why = ("was already corrected" if done else "is correct" if state.deal_known else
                   "shows nothing wrong in public (the record omits the deal; the battle's "
                   "melds claim may show it withdrawn or lowered)")
            state._report(rule, Kind.NOTICE,
                          f"{named} ({what}) {why}: the correction changes nothing ({rule})",
                          span, Severity.INFO)
            return False
        for record in wrong:
            self._apply_correction(record, rule)
        return True

    def _apply_correction(self, record: MeldRecord, rule: str) -> None:
        state = self.state
        i = state._place[record.seat]
        record.status = "corrected"
        if all(p.points_only for p in record.problems) and record.table_points is not None:
            record.outcome = "corrected"
            state._meld_points[i] += record.table_points - record.claimed
            note = (f"corrected to {record.table_points} before {DEADLINE} ({rule}), no "
                    "penalty")
        else:
            record.outcome = "voided"
            state._meld_points[i] -= record.claimed
            self._withdraw_cards(record)
            if record.added_scored and not any(
                    r is not record and r.seat is record.seat and r.kind == record.kind
                    and r.outcome != "voided" for r in state.melds):
                state._scored[i].discard(record.kind)
            note = (f"withdrawn before {DEADLINE} ({rule}): it scores nothing, its cards go "
                    "back to the concealed hand, no penalty")
        state._tell_meld(record, note, Severity.INFO)

    def _withdraw_cards(self, record: MeldRecord) -> None:
        """A withdrawn meld's cards go back to the concealed hand, but for those played since
        or reused by a later meld, and the histories it left in the ledger are erased (already
        done for a meld whose cards a later meld showed concealed: ``given_back``)."""
        if record.given_back:
            return
        state = self.state
        i = state._place[record.seat]
        ledger = None if state._copies is None else state._copies[i]
        conc, exp = state._conc[i], state._exp[i]
        for face, n in self._cards_back(record, exp, ledger).items():
            exp[face] -= n
            conc[face] += n

    @staticmethod
    def _cards_back(record: MeldRecord, exp: list[int],
                    ledger: CopyLedger | None) -> dict[int, int]:
        """The copies of each face that go back to the concealed hand when ``record`` is taken
        back (its histories erased from a ``JournalLedger``), face -> copies."""
        laid = [(face, n) for face, n in enumerate(counts(record.takes)) if n]
        if isinstance(ledger, JournalLedger) and record.journal is not None:
            return ledger.withdraw(*record.journal, laid)
        return {face: min(n, exp[face]) for face, n in laid}

    # --- the deadline ----------------------------------------------------------------------

    def _settle(self, why: str) -> None:
        """The deadline passed (``why``): melds nobody corrected stand as credited (warning)."""
        for record in self.state.melds:
            if record.status == "pending":
                self._stands(record, f"stands: not corrected before {why} ({self.law[0]})")

    def _stands(self, record: MeldRecord, note: str) -> None:
        record.status = "stood"
        self.state._tell_meld(record, note, Severity.WARNING)
