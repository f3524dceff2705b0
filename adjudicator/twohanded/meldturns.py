"""Meld turns (R8D, R9E, R11D) and the points a meld claims (R9A).

The card rules of a meld (R9A, R9B1, R9C, R9F, R9G) are ``melding.judge_meld``'s; this module
adds whose turn it is and the points claimed. When a meld's fate is known is the laws' meld
window's (``laws.melds``, ``laws/meldwindow.py``): without laws it is judged when made (an
improper meld is not made, a miscount counts its table value); East Point's R11B lets it stand
unless the opponent objects before his next card (``laws/objections.py``); Scarne's SC-BADMELD1
until it is corrected or the last stock card is drawn (``laws/corrections.py``). Its findings
wait for that fate (``MeldRecord.problems``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pinochle.notation.cards import Card, Rank, Seat
from pinochle.notation.events import NOWHERE, Span
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rules.melding import (MeldVerdict, already_scored_reason, judge_meld,
                                                not_in_table_reason)
from pinochle.adjudicator.rules.melding import legal_melds as _legal_melds
from pinochle.adjudicator.rules.meldtables import MeldNeed, counts, meld_table
from pinochle.adjudicator.model.ruleset import MeldEntry, Ruleset
from pinochle.adjudicator.twohanded.core import BattleCore, SeatPosition, new_step
from pinochle.adjudicator.twohanded.records import MeldRecord, Problem
from pinochle.adjudicator.model.steps import Melded

__all__ = ["MeldTurns"]


class _Judged(NamedTuple):
    """A meld as ``_judge`` finds it: its problems, the cards it moves, its table entry (``None``
    when the table does not know it or the trump is unknown), its table value and whether it
    may accompany the turn's other meld (a dix)."""

    problems: list[Problem]
    takes: tuple[Card, ...]
    need: MeldNeed | None
    table: int | None
    free: bool


def _entries_in_any_trump(ruleset: Ruleset, kind: MeldKind) -> tuple[MeldEntry, ...]:
    """``kind``'s entries in the meld tables of every trump suit (a ruleset whose table depends
    on trump), for a battle whose trump the record does not give."""
    return tuple(table[kind] for table in ruleset.trump_melds.values() if kind in table)


class MeldTurns(BattleCore):
    """The actions of R8D and R9 (mixed into ``BattleState``)."""

    __slots__ = ()

    def position(self, seat: Seat) -> SeatPosition:
        """The player's melding position now (see ``replay.position_at``)."""
        ids = self.ids
        problem = self._turn_problem(seat) or self.laws.melds.count_problem(seat)
        if problem is None:
            rule, reason = None, (f"{seat.word} won trick {self._tricks} ({self._rule}) and may "
                                  f"make one meld before the draws ({ids.melder}, "
                                  f"{ids.one_meld})")
        else:
            rule, reason = problem
        ledger = None if self._copies is None else self._copies[self._place[seat]].copy()
        return SeatPosition(self.ruleset, self.concealed(seat), self.exposed(seat),
                            self.scored(seat), problem is None, rule, reason,
                            self.played_to_tricks(seat), self.won_with(seat), self.trump,
                            ledger, self.laws.melds.open_to_correction(seat))

    def _turn_problem(self, seat: Seat, free: bool = False, exchange: bool = False
                      ) -> tuple[str, str] | None:
        """Why ``seat`` may not meld now (R8D, R9E, R11D, R8F), or ``None`` if he may. A
        ``free`` meld (the old-time dix) may accompany the turn's other meld. An ``exchange``
        (a swap) in phase B is not refused here: the upcard is gone with the stock, which the
        exchange rule names (OT9I), one finding."""
        ids = self.ids
        n = self._tricks
        if self._over:
            return ids.end, (f"the battle is over (after trick {n}): there is no meld after it "
                             f"({ids.end})")
        if not self._turn:
            if n == 0 and self._lead is None:
                return ids.melder, (f"{seat.word} has won no trick yet: a meld is made only by a "
                                    f"trick's winner, after the trick is gathered ({ids.melder})")
            if self._lead is not None:
                return ids.melder, (f"trick {n + 1} is in progress: a meld is made only after a "
                                    f"trick is gathered, by its winner ({ids.melder})")
            rule = ids.after_draw or ids.melder
            return rule, (f"the turn of trick {n} is over (the draws were made): a meld "
                          f"comes after the trick is gathered and before the draws "
                          f"({rule}, {ids.draws})")
        if seat is not self._winner:
            return ids.melder, (f"{seat.word} lost trick {n}: the trick loser does not get to "
                                f"meld ({ids.melder})")
        if self._penalized[self._place[seat]]:
            rule = self.ruleset.laws.penalty.too_many
            return rule, (f"{seat.word} was found with too many cards: he loses all further "
                          f"tricks and cannot meld ({rule})")
        if not self.ruleset.melds_in_phase_b and self._stock_at_turn == 0 and not exchange:
            rule = ids.no_stock or ids.melder
            return rule, (f"trick {n} is played after the stock is exhausted: nobody "
                          f"melds once the stock is gone ({rule})")
        if self._melded and not free:
            return ids.one_meld, (f"{seat.word} already melded after trick {n}: one meld per "
                                  f"turn ({ids.one_meld}; a double meld counts as one)")
        return None

    def _judge(self, seat: Seat, kind: MeldKind, points: int,
               from_concealed: Sequence[Card] | None, span: Span, points_span: Span,
               ) -> _Judged:
        ids = self.ids
        problems: list[Problem] = []
        need = meld_table(self.ruleset, self.trump).needs.get(kind)
        blind = not self.trump_known        # the table depends on a trump the record hides
        entries = _entries_in_any_trump(self.ruleset, kind) if blind else ()
        free = (entries[0].free if entries else False) if blind else (
            need is not None and need.free)
        exchange = need is not None and need.exchange and self.deal_known and not blind
        turn = self._turn_problem(seat, free, exchange)
        if turn is not None:
            problems.append(Problem(turn[0], Kind.ILLEGAL_MELD, turn[1], None, None, False, span))
        i = self._place[seat]
        table = None if need is None else need.points
        takes: tuple[Card, ...] = ()
        if blind:
            # Without the trump suit only the kind, the points and the turn can be judged
            # (OT6B's notice says so): a kind in some trump's table counts as claimed.
            values = sorted({entry.points for entry in entries})
            if not values:
                problems.append(Problem(ids.table, Kind.ILLEGAL_MELD,
                                         f"{kind} is not a meld in this ruleset's table with any "
                                         f"suit as trumps ({ids.table})", None, None, False,
                                         span))
            elif points not in values:
                table = values[0]
                worth = " or ".join(map(str, values))
                by = ", by the trump suit, which the record does not give" if values[1:] else ""
                problems.append(Problem(ids.table, Kind.MISCOUNT,
                                         f"{kind} is worth {worth} points{by}, not {points} "
                                         f"({ids.table})", points, table, True,
                                         points_span))
            else:
                table = points
            return _Judged(problems, takes, None, table, free)
        if self.deal_known:
            named = None if from_concealed is None else tuple(from_concealed)
            # judge_meld only reads the position and keeps none of it, so the live lists and
            # set go in as they are (no copies on the hot path).
            verdict: MeldVerdict = judge_meld(
                self.ruleset, self._conc[i], self._exp[i], self._scored[i], kind, named,
                played=self._to_tricks[i], won=self._won_with[i], trump=self.trump,
                ledger=None if self._copies is None else self._copies[i])
            takes = verdict.takes
            if not verdict.legal:
                problems.append(Problem(verdict.rule, Kind.ILLEGAL_MELD, verdict.reason, None,
                                         None, False, span))
            elif need is not None and need.exchange and not self._can_exchange():
                problems.append(Problem(ids.dix, Kind.ILLEGAL_MELD, self._no_exchange(kind),
                                         None, None, False, span))
        elif table is None:         # without the deal only the table and R9F can be checked
            problems.append(Problem(ids.table, Kind.ILLEGAL_MELD,
                                     not_in_table_reason(self.ruleset, kind, self.trump), None,
                                     None, False, span))
        elif self._copies is None and kind in self._scored[i]:
            problems.append(Problem(ids.reuse, Kind.ILLEGAL_MELD,
                                     already_scored_reason(kind, ids), None, None, False, span))
        if table is not None and points != table:
            problems.append(Problem(ids.table, Kind.MISCOUNT,
                                     f"{kind} is worth {table} points, not {points} ({ids.table})",
                                     points, table, True, points_span))
        return _Judged(problems, takes, need, table, free)

    def _can_exchange(self) -> bool:
        """The turned-up card is still the stock's last card, never exchanged (OT9I2)."""
        stock, upcard = self._stock, self.upcard
        return upcard is not None and not self._swapped and bool(stock) and stock[0] is upcard

    def _no_exchange(self, kind: MeldKind) -> str:
        rule = self.ids.dix
        if self.upcard is None:
            return f"{kind}: there is no turned-up card to exchange ({rule})"
        why = ("was already exchanged" if self._swapped else
               "is no longer under the stock (the stock is exhausted)")
        return (f"{kind}: the turned-up {self.upcard} {why}; the nine of trumps is exchanged "
                f"only while the turned-up card lies under the stock ({rule})")

    def can_meld(self, seat: Seat, kind: MeldKind, points: int,
                 from_concealed: Sequence[Card] | None = None) -> bool:
        return not self._judge(seat, kind, points, from_concealed, NOWHERE, NOWHERE).problems

    def verify_meld(self, seat: Seat, kind: MeldKind, points: int,
                    from_concealed: Sequence[Card] | None = None) -> list[Finding]:
        problems = self._judge(seat, kind, points, from_concealed, NOWHERE, NOWHERE).problems
        return [Finding(rule=p.rule, kind=p.kind, message=p.message, claimed=p.claimed,
                        expected=p.expected, trick=self.trick_number) for p in problems]

    def legal_melds(self, seat: Seat) -> list[MeldVerdict]:
        """Every meld ``seat`` may make now (empty when it is not his turn to meld, or when,
        under Scarne's laws, his count is off: every meld would be improper, SC-BADMELD2). A
        free meld (the dix) stays on offer after the turn's other meld."""
        if not self.deal_known or self._turn_problem(seat, True) is not None \
                or self.cannot_meld_count(seat):
            return []
        i = self._place[seat]
        verdicts = _legal_melds(self.ruleset, tuple(self._conc[i]), tuple(self._exp[i]),
                                frozenset(self._scored[i]), self.trump,
                                None if self._copies is None else self._copies[i])
        table = meld_table(self.ruleset, self.trump).needs
        if self._melded:
            verdicts = [v for v in verdicts if table[v.kind].free]
        return [v for v in verdicts if not table[v.kind].exchange or self._can_exchange()]

    def meld(self, seat: Seat, kind: MeldKind, points: int,
             from_concealed: Sequence[Card] | None = None, *, span: Span = NOWHERE,
             points_span: Span | None = None) -> Melded:
        """Make a meld as claimed. A legal meld scores its points and moves its cards (R9B1).
        An illegal one is applied the same way (R11B: it stands as if correct unless the
        opponent objects before playing his next card, ``object_meld``); its findings are
        reported when its fate is known. In a ruleset without irregularity laws its findings
        are reported at once, and it scores its table value if only its points were wrong,
        nothing otherwise. A swap exchanges the nine of trumps for the turned-up card (OT9I2)."""
        problems, takes, need, table, free = self._judge(
            seat, kind, points, from_concealed, span,
            span if points_span is None else points_span)
        window = self.laws.melds                # when its fate is known (laws/meldwindow.py)
        corrects = window.credits               # SC-BADMELD1: stands as credited until corrected
        if problems and self.deal_known and self.trump_known:
            resynchronise = window.resynchronise if corrects else self._resynchronise
            takes = resynchronise(seat, kind, from_concealed, free, problems, takes, span)
        i = self._place[seat]
        lawless = window.at_once
        # Without irregularity laws an illegal meld (not just its points wrong) is not made: it
        # scores nothing, moves no card and takes no turn (docs/rulings.md, one fault one finding)
        void = lawless and not all(p.points_only for p in problems)
        turn_slot = self._turn and seat is self._winner and (free or not self._melded)
        if turn_slot and not any(r.turn_slot and r.trick == self._tricks for r in self.melds):
            self._count_melder_cards(seat, span, problems)        # the turn's first meld
        if turn_slot and not void:
            if not free:
                self._melded = True
            elif all(p.points_only for p in problems):      # a dix that counts
                self._free += 1
                if self._free == 2:
                    self._report(self.ids.one_meld, Kind.NOTICE,
                                 f"{seat.word} melds both nines of trumps in one turn (this "
                                 f"{kind} after the other): the rulebooks are silent on both "
                                 "dixes in one turn; each scores "
                                 f"({self.ids.one_meld}; docs/rulings.md)", span, Severity.INFO)
        journal: tuple[int, int] | None = None
        if self.deal_known and corrects:
            if need is not None and self._swap_in_turn(seat, free, need, problems) \
                    and self._swap_as_recorded(i, need):
                takes = ()      # the exchange the record shows; its credit stands (SC-BADMELD1)
            else:
                # SC-BADMELD1: the meld stands as credited until corrected, its histories too.
                takes, journal = window.move_as_credited(i, need, takes, problems)
        elif self.deal_known and not void:
            # A right meld with wrong points is still the meld (it counts for its table value):
            # its cards move, a swap is made and the copies' histories are kept as if legal.
            self._move(i, need, takes, all(p.points_only for p in problems))
        elif self.deal_known and need is not None \
                and self._swap_in_turn(seat, free, need, problems):
            self._swap_as_recorded(i, need)
        scored_points = points
        if lawless and problems:
            scored_points = 0 if void or table is None else table
        self._meld_points[i] += scored_points
        scored = self._scored[i]
        added = not void and kind not in scored
        if not void:
            scored.add(kind)
        record = MeldRecord(len(self.melds), seat, kind, points, table, takes, self._tricks,
                            span, problems, added, turn_slot, journal=journal)
        record.owes = self.deal_known and not all(p.points_only for p in problems)
        if not self.trump_known and table is not None and problems:
            record.other_values = tuple(sorted({e.points for e in _entries_in_any_trump(
                self.ruleset, kind)} - {table}))
        self.melds.append(record)
        if not window.made(record):             # kept open (R11B, SC-BADMELD1), or judged now
            self._judged(record)
        step = new_step(Melded, (seat, kind, points, table, takes, not problems, self._tricks))
        self._log(step)
        return step

    def _resynchronise(self, seat: Seat, kind: MeldKind, named: Sequence[Card] | None,
                       free: bool, problems: list[Problem], takes: tuple[Card, ...],
                       span: Span) -> tuple[Card, ...]:
        """One fault, one finding: a meld whose turn is right, illegal only by what
        an earlier illegal meld of the same player did or did not do to his cards, is that
        fault seen again. Judged two ways (docs/rulings.md): as if the earlier meld had not been
        made (East Point's R11B: the cards it moved still concealed, its combination not scored;
        R9F, R9C, R9B1), and as if it had been laid down in full (its cards exposed, as a later
        meld naming its concealed cards shows: R9B1, OT9B1...). Legal either way, it is a
        notice naming the earlier meld and counts as a legal meld; the second way, the earlier
        meld's cards are exposed now. Returns the cards it moves; ``problems`` loses the card
        problem in place."""
        debts = [r for r in self.melds if r.seat is seat and r.owes and r.status != "objected"]
        faults = [p for p in problems if not p.points_only]
        if not debts or len(faults) != 1 or self._turn_problem(seat, free) is not None:
            return takes
        i = self._place[seat]
        named_cards = None if named is None else tuple(named)
        verdict, shown = self._undone(i, kind, named_cards, debts), None
        if not verdict.legal:
            shown = self._laid_down(debts)
            verdict = self._judge_shadow(i, kind, named_cards, shown, set())
            if not verdict.legal:
                return takes
        fault, earlier = faults[0], debts[-1]
        problems.remove(fault)
        for record in debts:
            record.owes = False
        self._same_fault(fault, seat, earlier,
                         "been laid down in full" if shown else "not been made", span)
        conc, exp = self._conc[i], self._exp[i]
        for face, n in (shown or {}).items():   # the earlier meld's cards lie exposed now
            conc[face] -= n
            exp[face] += n
            if self._copies is not None:
                self._copies[i].expose(face, n)
        held = list(conc)
        moved = []
        for card in verdict.takes:          # the cards still concealed move; the rest lie exposed
            if held[card.index]:
                held[card.index] -= 1
                moved.append(card)
        return tuple(moved)

    def _undone(self, i: int, kind: MeldKind, named: tuple[Card, ...] | None,
                debts: list[MeldRecord]) -> MeldVerdict:
        """``kind`` judged as if the earlier illegal melds ``debts`` had not been made: the
        cards they moved (still exposed) concealed, the combinations they scored not scored."""
        moved = [r for r in debts if r.status != "judged"]     # an unmade meld moved none
        shadow = {c.index: 0 for r in moved for c in r.takes}
        exp = self._exp[i]
        for record in moved:
            for card in record.takes:
                if exp[card.index] > shadow[card.index]:
                    shadow[card.index] += 1
        owed = {r.kind for r in debts if r.added_scored and r.outcome != "voided"}
        return self._judge_shadow(i, kind, named, {f: -n for f, n in shadow.items()}, owed)

    def _laid_down(self, debts: list[MeldRecord]) -> dict[int, int]:
        """The concealed cards that would be exposed had the earlier illegal melds ``debts``
        been laid down in full (each needs its cards exposed), face -> copies."""
        i = self._place[debts[0].seat]
        conc, exp = self._conc[i], self._exp[i]
        shown: dict[int, int] = {}
        for record in debts:
            need = meld_table(self.ruleset, self.trump).needs.get(record.kind)
            for face, n in () if need is None else need.pairs:
                lack = n - exp[face] - shown.get(face, 0)
                if lack > 0 and conc[face] - shown.get(face, 0) > 0:
                    shown[face] = shown.get(face, 0) + min(lack, conc[face] - shown.get(face, 0))
        return shown

    def _judge_shadow(self, i: int, kind: MeldKind, named: tuple[Card, ...] | None,
                      shown: dict[int, int], owed: set[MeldKind]) -> MeldVerdict:
        """``kind`` judged in player ``i``'s position with ``shown`` copies moved from the
        concealed to the exposed hand (negative: back) and ``owed`` combinations unscored."""
        conc, exp = list(self._conc[i]), list(self._exp[i])
        ledger = None if self._copies is None else self._copies[i].copy()
        for face, n in shown.items():
            conc[face] -= n
            exp[face] += n
            if ledger is not None and n > 0:
                ledger.expose(face, n)
        return judge_meld(self.ruleset, conc, exp, self._scored[i] - owed, kind, named,
                          played=self._to_tricks[i], won=self._won_with[i], trump=self.trump,
                          ledger=ledger)

    def _swap_in_turn(self, seat: Seat, free: bool, need: MeldNeed,
                      problems: list[Problem]) -> bool:
        """An illegal swap (not just its points wrong) made in its melder's turn."""
        return (need.exchange and bool(problems)
                and not all(p.points_only for p in problems)
                and self._turn_problem(seat, free) is None)

    def _swap_as_recorded(self, i: int, need: MeldNeed) -> bool:
        """An illegal swap in its melder's turn, not made as a meld (it scores nothing), is
        still the exchange the record shows when it can be made: the nine of trumps is in his
        concealed hand and the turned-up card still lies under the stock; he takes it into the
        concealed hand, as his later play of it shows (one fault, one finding). A nine that is
        only exposed (in an earlier dix) stays there: that swap is not made. Under the
        correction law (SC-BADMELD1) such a swap stands as credited and is the exchange too.
        Returns whether the exchange was made."""
        upcard, nine = self.upcard, need.cards[0]
        conc = self._conc[i]
        if (upcard is None or upcard.rank is Rank.NINE or not self._can_exchange()
                or not conc[nine.index]):
            return False
        conc[nine.index] -= 1
        conc[upcard.index] += 1
        self._stock[0] = nine
        self._swapped = True
        return True

    def _count_melder_cards(self, seat: Seat, span: Span, problems: list[Problem]) -> None:
        """The first meld of a turn: a ruleset without irregularity laws says how many cards
        the melder holds (OT9D: eleven, the trick's card gone from twelve; a position dealt
        fewer, the draws' count from there); a count that is not is reported (after a missed
        or extra draw), with no effect on the score. Under a correction law the meld is
        improper (SC-BADMELD2): the first of its ``problems`` (one fault, one finding names it
        first, the meld's other faults after it)."""
        laws = self.ruleset.laws
        if not laws.count_melder_cards or not self.deal_known:
            return
        held, due = self.hand_size(seat), self.due_count(seat)
        if held == due or self._phase_b:
            return
        count = self.laws.melds.count_problem(seat)
        if count is not None:   # first: a melder over or under the count cannot meld at all
            problems.insert(0, Problem(count[0], Kind.ILLEGAL_MELD, count[1], held, due, False,
                                       span))
            return
        rule = self.ids.won
        self._report(rule, Kind.IRREGULARITY,
                     f"{seat.word} holds {held} cards at his meld turn after trick "
                     f"{self._tricks}; a melder chooses from {due} ({rule}); no penalty is "
                     "stated", span, Severity.ERROR, held, due)

    def _move(self, i: int, need: MeldNeed | None, takes: tuple[Card, ...], legal: bool,
              force: bool = False) -> None:
        """The meld's cards go from the concealed to the exposed hand (R9B1), with their meld
        history (OT9G); a legal swap's nine goes under the stock and the turned-up card comes
        into the concealed hand instead (OT9I2)."""
        conc, exp = self._conc[i], self._exp[i]
        upcard = self.upcard
        if (legal and need is not None and need.exchange and upcard is not None
                and upcard.rank is not Rank.NINE and takes):
            nine = takes[0]
            conc[nine.index] -= 1
            conc[upcard.index] += 1
            self._stock[0] = nine
            self._swapped = True
            return
        for card in takes:
            conc[card.index] -= 1
            exp[card.index] += 1
        ledgers = self._copies
        if ledgers is None or need is None:
            return
        taken = counts(takes)
        if legal:
            ledgers[i].meld(need.pairs, [taken[face] for face, _ in need.pairs], need.klass,
                            need.reuse_value,
                            need.kind.double and not self.ruleset.double_after_single,
                            need.once, need.also, need.mark, force)
        else:
            for face, _ in need.pairs:
                if taken[face]:
                    ledgers[i].expose(face, taken[face])

    def add_problem(self, record: MeldRecord, problem: Problem) -> None:
        """Give ``record`` a problem its judge could not see (the public cards of a record
        without the deal show it): it then meets the fate the ruleset's meld window gives it
        (R11B: stands or is voided on objection; SC-BADMELD1: corrected or stands; without laws:
        judged at once, scoring nothing)."""
        record.problems.append(problem)
        if record.status != "judged":
            return                              # open or pending: told when its fate is known
        if record.outcome is None:              # judged legal at once: now void, as without laws
            self._meld_points[self._place[record.seat]] -= record.claimed
            self._judged(record)

    def _judged(self, record: MeldRecord) -> None:
        """A ruleset without irregularity laws: the meld's findings at once, as errors."""
        record.status = "judged"
        if not record.problems:
            return
        if all(p.points_only for p in record.problems) and record.table_points is not None:
            record.outcome = "corrected"
            note = f"it counts for its table value, {record.table_points}"
        else:
            record.outcome = "voided"
            note = "it scores nothing (no rule lets an illegal meld stand)"
        self._tell_meld(record, note, Severity.ERROR)
