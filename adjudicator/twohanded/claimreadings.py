"""What the claims of a battle without its deal show that only the deal could decide
(docs/rulings.md, "Records without the deal"), mixed into ``publiccards.PublicCards``:

- the dealer's bonus for a turned-up nine (OT6B, SC-TRUMP, TP8): the upcard is in the omitted
  deal, so a dealer's melds claim (else his score claim), or the count his knock (TP25) or
  call-out (SC-CALL) states, that exceeds his melds by exactly the bonus shows it;
- what an objection (R11B) or a correction (SC-BADMELD1) did to a meld the public cards cannot
  judge: stands or voided; unchanged, withdrawn, or the value its kind has in
  another trump (the trump being in the deal too). The player's melds claim or stated count
  gives the reading, the fewest melds changed; a claim no reading fits is its miscount.

Each reading is a notice; nothing here finds a fault.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from typing import TYPE_CHECKING

from pinochle.notation.cards import Seat
from pinochle.notation.events import CallOut, Claim, Correction, Knock, Span

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import Ruleset

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.state import BattleState
    from pinochle.adjudicator.twohanded.records import MeldRecord

__all__ = ["ClaimReadings"]


class ClaimReadings:
    """The claims' readings of a no-deal battle (module doc); ``PublicCards`` sets the state."""

    ruleset: Ruleset
    ids: RuleIds
    tricks: int
    credited: bool                          # the dealer's nine bonus, once (_nine_bonus)
    shown: dict[Seat, list[int]]
    #: What each clean meld raised ``shown`` by (its index: face, copies), until its fate is
    #: open to the claims (``unsure``): then it is taken back.
    raised: dict[int, list[tuple[int, int]]]
    #: Melds an objection or a correction left to the claims (``_claimed_outcomes``).
    unsure: list[MeldRecord]

    def stated(self, state: BattleState, event: Knock | CallOut,
               totals: Mapping[Seat, int]) -> None:
        """A knock (TP25) or a call-out (SC-CALL) states the caller's count: a dealer's may
        show the turned-up nine's bonus (``_nine_bonus``), and anyone's what an objection or
        a correction did to his melds (``_read_melds``), before the engine counts it."""
        stated = event.count if isinstance(event, Knock) else event.total
        if stated is None or not self.tricks:
            return
        if isinstance(event, Knock) and state.in_turn:
            state.finish_turn(span=event.span)  # as the knock does first: its count after it
        melds = stated - totals[event.seat] - state.trick_points(event.seat)
        if event.seat is state.dealer:
            self._nine_bonus(state, [(melds, event.span, "stated count")])
        self._read_melds(state, event.seat, melds, event.span, "stated count")

    # --- what an objection or a correction did, read from the claims --------------------

    def objected_meld(self, state: BattleState, seat: Seat) -> None:
        """An objection to a meld the public cards find nothing wrong with (R11B): only the
        deal could show whether it was correct, so whether it stands or was voided is read
        from the battle's claims (``_claimed_outcomes``). Until then it stands, but neither its
        cards count as exposed nor its combination as scored (a later meld of it, R9F, is not
        judged by an outcome nobody knows yet)."""
        record = state.laws.melds.objection_target(seat)
        if record is None or record.problems:
            return                      # none, or the public cards decide: voided
        self._unsure(state, record)
        if record.added_scored:
            state.unscore(record.seat, record.kind)

    def correction(self, state: BattleState, event: Correction) -> None:
        """``correct W 5`` (SC-BADMELD1) of melds the public cards cannot judge in full: one
        they find nothing wrong with may have been withdrawn (its cards not held) or lowered,
        one with wrong points may have been withdrawn too: the battle's claims show which
        (``_claimed_outcomes``)."""
        for record in state.laws.melds.correction_targets(event.seat, event.trick):
            if record.status == "pending" and all(p.points_only for p in record.problems):
                self._unsure(state, record)

    def _unsure(self, state: BattleState, record: MeldRecord) -> None:
        """``record``'s fate is left to the claims: the cards it showed are taken back."""
        if record in self.unsure:
            return
        self.unsure.append(record)
        shown = self.shown[record.seat]
        for x, n in self.raised.pop(record.index, ()):
            shown[x] -= min(n, shown[x])

    def _values(self, state: BattleState, record: MeldRecord) -> tuple[int, tuple[int, ...]]:
        """``record``'s credit now and the values another reading of the claims may give it:
        nothing (voided, withdrawn) and, corrected, its table value in any trump."""
        if record.outcome == "stands":                              # objected, R11B
            return record.claimed, (0,)
        now = record.table_points if record.outcome == "corrected" else record.claimed
        assert now is not None
        tables = ([self.ruleset.melds_for(state.trump)] if state.trump is not None
                  or not self.ruleset.trump_melds else self.ruleset.trump_melds.values())
        values = {t[record.kind].points for t in tables if record.kind in t}
        return now, tuple(sorted(({0} | values) - {now}))

    def _claimed_outcomes(self, state: BattleState, claims: Sequence[Claim]) -> None:
        """What an objection (R11B) or a correction (SC-BADMELD1) did to a meld the public
        cards could not judge, read from a player's ``melds`` claim: the reading of the melds
        left to the claims (``unsure``: stands or voided; unchanged, withdrawn, or corrected to
        a table value of another trump, which a corrected meld's value may depend on) that
        makes his melds what he claims, the fewest changed, earliest first; the dealer's claim
        may hold the turned-up nine's bonus as well. Each changed meld is a notice; a claim no
        reading fits is its miscount, as ever (docs/rulings.md, records without the deal)."""
        for claim in claims:
            if claim.category != "melds":
                continue
            for seat in self.ruleset.seats:
                stated = claim.east if seat is Seat.EAST else claim.west
                if stated is not None:
                    self._read_melds(state, seat, stated, claim.span, "melds claim")

    def _read_melds(self, state: BattleState, seat: Seat, stated: int, span: Span,
                    what: str) -> None:
        """``seat``'s meld points as a claim or a stated count gives them (``stated``), read
        for the melds left to the claims (``_claimed_outcomes``)."""
        records = [r for r in self.unsure if r.seat is seat] + [
            r for r in state.melds if r.seat is seat and r.outcome == "corrected"
            and r.other_values and r not in self.unsure]
        if not records or len(records) > 6:
            return
        bonus = self.ruleset.upcard_nine_bonus if (
            seat is state.dealer and self.ruleset.upcard and not self.credited) else 0
        reading = self._reading(state, records, stated - state.meld_points(seat), bonus)
        if reading is not None:
            self._read(state, seat, span, what, *reading)

    def _reading(self, state: BattleState, records: list[MeldRecord], more: int, bonus: int
                 ) -> tuple[list[tuple[MeldRecord, int, int]], int] | None:
        """The fewest changes to ``records`` (each: the meld, its credit now, its new value),
        with the nine's ``bonus`` or not, that add up to ``more``; ``None`` if none does."""
        if not more:
            return None
        choices = []
        for record in records:
            now, others = self._values(state, record)
            choices.append([(record, now, now)] + [(record, now, v) for v in others])
        best: tuple[list[tuple[MeldRecord, int, int]], int] | None = None
        for extra in ((0, bonus) if bonus else (0,)):
            for pick in product(*choices):
                changed = [c for c in pick if c[2] != c[1]]
                if changed and sum(v - now for _, now, v in changed) == more - extra and (
                        best is None or len(changed) + bool(extra)
                        < len(best[0]) + bool(best[1])):
                    best = changed, extra
        return best

    def _read(self, state: BattleState, seat: Seat, span: Span, what: str,
              changed: list[tuple[MeldRecord, int, int]], extra: int) -> None:
        """Apply a reading of ``seat``'s meld points as ``what`` states them: each changed
        meld, with its notice, and the turned-up nine's bonus they hold (``extra``)."""
        if extra:
            record, _, value = changed[0]
            with_ = (f"{what}, with {record.kind} counted at {value},"
                     if len(changed) == 1 else f"{what}, read as below,")
            self._nine_bonus(state, [(state.meld_points(seat) + extra, span, with_)])
        for record, now, value in changed:
            state.credit_meld_points(seat, value - now)
            state.report(*self._told(record, value, what), record.span, Severity.INFO)
            if record in self.unsure:
                self.unsure.remove(record)
            if value == 0:
                record.outcome = "voided"
            else:
                record.outcome, record.table_points = "corrected", value

    def _told(self, record: MeldRecord, value: int, what: str) -> tuple[str, Kind, str]:
        """The notice of a meld's fate read from ``what`` (the melds claim, a stated count):
        its rule, kind, message."""
        meld = f"{record.seat.word}'s {record.kind} {record.claimed}"
        omits = "the record omits the deal, which alone could show"
        if record.outcome == "stands":
            rule = self.ruleset.laws.penalty.meld_objection
            return (rule, Kind.NOTICE,
                    f"{meld} was objected to and nothing public showed it wrong ({omits} "
                    f"whether it was correct): the {what} shows it was voided, so it "
                    f"scores nothing ({rule})")
        if record.outcome == "corrected" and value in record.other_values:
            table = self.ids.table
            return (table, Kind.NOTICE,
                    f"{record.kind} was corrected to its table value, which depends on the "
                    f"trump suit the record does not give: the {what} shows it counted "
                    f"{value}, not {record.table_points} ({table})")
        law = self.ruleset.laws.bad_meld
        rule = law[0] if law is not None else self.ids.table
        done = "withdrawn: it scores nothing" if value == 0 else f"corrected to {value}"
        return (rule, Kind.NOTICE,
                f"the correction of {meld} ({omits} what was wrong with it): the {what} "
                f"shows it was {done} ({rule})")

    def _claimed_bonus(self, state: BattleState, claims: Sequence[Claim]) -> None:
        """The dealer's claims that may show the nine's bonus: his ``melds`` claim where the
        record has one (it states his meld points; a ``score`` claim that disagrees with it
        by the bonus is then the score's miscount, SC-SCORE1/TP24), else his ``score`` claim
        (docs/rulings.md, records without the deal, OT6B)."""
        dealer = state.dealer
        base = {"melds": 0, "score": state.trick_points(dealer)}
        stated = [(c, c.east if dealer is Seat.EAST else c.west) for c in claims
                  if c.category in base]
        if any(c.category == "melds" and value is not None for c, value in stated):
            stated = [(c, value) for c, value in stated if c.category == "melds"]
        self._nine_bonus(state, [(value - base[c.category], c.span, f"{c.category} claim")
                                 for c, value in stated if value is not None])

    def _nine_bonus(self, state: BattleState, melds: Sequence[tuple[int, Span, str]]) -> None:
        """A turned-up nine scores the dealer a bonus at once (OT6B; ``upcard_nine_bonus``).
        Without the deal the upcard is unknown, so a dealer's meld points as a claim or a
        stated count gives them (``melds``: the points, where, what) that exceed his melds by
        exactly the bonus are read as that bonus, and it is credited, once."""
        bonus = self.ruleset.upcard_nine_bonus
        if self.credited or not (self.ruleset.upcard and bonus):
            return
        dealer = state.dealer
        for points, span, what in melds:
            if points == state.meld_points(dealer) + bonus:
                self.credited = True
                state.credit_meld_points(dealer, bonus)
                rule = self.ids.upcard
                state.report(rule, Kind.NOTICE,
                              f"{dealer.word}'s {what} counts {bonus} more than his melds: the "
                              f"dealer's bonus for a turned-up nine ({rule}); the record omits "
                              "the deal, so the upcard is unknown and the bonus is credited as "
                              "stated", span, Severity.INFO, trick=state.tricks_played)
                return
