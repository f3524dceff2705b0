"""A renege law (Scarne's SC-RENEGE1, SC-RENEGE2; ``LawsPolicy.renege``): a card that breaks the
follower's obligations once the stock is gone is a renege, found from the record; it costs the
reneger only when the opponent claims it (``object renege W``: West claims East's renege).

- A valid claim (the opponent reneged this hand; with ``RenegeCheck "end-of-hand"`` only once
  the hand is played out): the reneger's trick points become 0, the claimant's the hand's whole
  count (250), both keep their melds (SC-RENEGE2); later tricks do not change it. Notice.
- No claim by the end of the hand: the renege stands, warning (SC-RENEGE1).
- A claim with no renege by the opponent: error, no effect. A second claim once the count is
  settled (both reneged): notice, no effect (docs/rulings.md).
- A hand that counts for nobody (a dead hand, SC-MISDEAL8; a void deal, SC-DRAW1) settles no
  renege: none is kept, a claim is a notice with no effect.

``RenegeWatch`` is this law's part of a battle's laws object (``scarne.ScarneLaws``): it owns the
reneges noted and the claim, and reads the battle's state it watches.
"""

from __future__ import annotations

from weakref import proxy

from typing import TYPE_CHECKING

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["RenegeWatch"]


def _unclaimed(rule: str) -> str:
    """What an unclaimed renege's finding puts before the broken rule's message: the renege
    law decides, and is cited first (docs/rulings.md, "The deciding rule's own id")."""
    return f"a renege ({rule}), unclaimed, so it stands and the trick points count as played: "


def _broken(finding: Finding, rule: str) -> str:
    """The broken rule's message of an unclaimed renege's ``finding``."""
    return finding.message.removeprefix(_unclaimed(rule))


class RenegeWatch:
    """Reneges noted in play, claims, the penalty: ``law`` is ``(detection, penalty)``, the ids
    the policy gives (``LawsPolicy.renege``)."""

    __slots__ = ("state", "law", "reneges", "claimant")

    def __init__(self, state: BattleCore, law: tuple[str, str]) -> None:
        self.state: BattleCore = proxy(state)   # (no cycle: hooks.py)
        self.law = law
        self.reneges: list[list[Finding]] = [[] for _ in state.ruleset.seats]
        self.claimant: Seat | None = None

    def _found(self, seat: Seat) -> list[Finding]:
        return self.reneges[self.state.ruleset.seats.index(seat)]

    def note(self, seat: Seat, rule: str, message: str, span: Span, could: str,
             card: str) -> bool:
        """A broken follow obligation is kept until its fate is known (always True: the law
        decides it, not the broken rule)."""
        state = self.state
        if state.counts_for_nobody:     # a hand that counts for nobody settles no renege
            return True
        law = self.law[0]
        self._found(seat).append(Finding(
            rule=law, kind=Kind.ILLEGAL_PLAY, severity=Severity.WARNING, span=span,
            message=_unclaimed(law) + message, claimed=card, expected=could,
            trick=state.trick_number))
        return True

    def has_renege(self, seat: Seat) -> bool:
        return bool(self._found(seat))

    def note_at(self, seat: Seat, rule: str, message: str, span: Span, could: str,
                card: str, trick: int) -> None:
        """A renege the public cards of a record without the deal show, noted for its claim as
        one seen in play is, and dated to trick ``trick``, where it was made."""
        reneges = self._found(seat)
        before = len(reneges)
        if self.note(seat, rule, message, span, could, card) and len(reneges) > before:
            reneges[-1] = reneges[-1].model_copy(update={"trick": trick})

    def can_claim(self, seat: Seat) -> bool:
        """``seat`` may claim a renege by his opponent: one happened this hand, the count is not
        settled yet, and (``RenegeCheck "end-of-hand"``) the hand is played out."""
        return (self.claimant is None and bool(self._found(seat.other))
                and self._claim_in_time())

    def verify_claim(self, seat: Seat) -> list[Finding]:
        if self.can_claim(seat):
            return []
        law = self.law[0]
        return [Finding(rule=law, kind=Kind.IRREGULARITY, trick=self.state.trick_number,
                        message=f"{seat.word} has no renege to claim: {seat.other.word} has not "
                                "reneged this hand, the count is settled, or it is too early "
                                f"({law})")]

    def _claim_in_time(self) -> bool:
        """Any time; with ``RenegeCheck "end-of-hand"`` once the last card is played (the
        battle's end may wait for the last turn to finish)."""
        state = self.state
        return (state.ruleset.options.get("RenegeCheck") != "end-of-hand" or state.is_over
                or (state.lead_card is None
                    and all(state.hand_size(seat) <= 0 for seat in state.ruleset.seats)))

    def count(self) -> int:
        """The hand's whole count in cards (SC-RENEGE2: 250), last trick included."""
        ruleset = self.state.ruleset
        return ruleset.total_card_points + ruleset.last_trick_bonus

    def trick_points(self, seat: Seat, points: int) -> int:
        """After a claim the claimant's trick points are the hand's whole count, the
        reneger's none."""
        claimant = self.claimant
        if claimant is None:
            return points
        return self.count() if seat is claimant else 0

    def claim(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        """``object renege W``: ``seat`` claims a renege by his opponent; returns whether the
        claim was valid (the penalty applies)."""
        state = self.state
        detection, penalty = self.law
        other = seat.other
        found = self._found(other)
        void = state.counts_for_nobody
        if void:
            state.report(penalty, Kind.NOTICE,
                         f"{seat.word} claims a renege, but there is no count to settle "
                         f"({penalty}): the hand counts for nobody ({void}); no effect",
                         span, Severity.INFO)
            return False
        if self.claimant is not None:
            state.report(penalty, Kind.NOTICE, f"{seat.word} claims a renege, but the hand's "
                         f"count is already settled by {self.claimant.word}'s claim: the "
                         f"first valid claim decides ({penalty}; docs/rulings.md); no effect",
                         span, Severity.INFO)
            return False
        if not found:
            state.report(detection, Kind.IRREGULARITY, f"{seat.word} claims a renege, but "
                         f"{other.word} has not reneged this hand ({detection}): no effect",
                         span, Severity.ERROR)
            return False
        if not self._claim_in_time():
            state.report(detection, Kind.IRREGULARITY, f"{seat.word} claims a renege before the "
                         "hand is over, but with RenegeCheck \"end-of-hand\" a renege is "
                         f"examined only after the hand ({detection}, SC-LOOK2): no effect",
                         span, Severity.ERROR)
            return False
        self.claimant = seat
        first = found[0]
        state.report(penalty, Kind.IRREGULARITY,
                     f"{seat.word} claims {other.word}'s renege at trick {first.trick}: "
                     f"{other.word}'s trick points are 0, {seat.word}'s {self.count()}, "
                     f"the hand's whole count, and both keep their melds ({penalty}); the "
                     f"renege: {_broken(first, detection)}", span, Severity.INFO)
        return True

    def forget(self) -> None:
        """The hand counts for nobody: no renege is claimed or left standing."""
        self.claimant = None
        for found in self.reneges:
            found.clear()

    def settle(self) -> None:
        """The end of the hand's record: reneges nobody claimed stand (warning); those of a
        player whose renege was claimed are in his penalty: the claimed one is the claim's
        notice, each other one a notice that it costs nothing more (his count is already 0)."""
        if not any(self.reneges):
            return
        detection, penalty = self.law
        claimant = self.claimant
        reneger = None if claimant is None else self.state.ruleset.seats.index(claimant.other)
        findings = self.state.findings
        for i, found in enumerate(self.reneges):
            if i != reneger:
                findings.extend(found)
            else:
                findings.extend(
                    f.model_copy(update={
                        "severity": Severity.INFO, "kind": Kind.NOTICE,
                        "message": f"a further renege ({detection}), in the penalty of the "
                        f"claim already made: his trick points for the hand are 0 ({penalty}): "
                        + _broken(f, detection)})
                    for f in found[1:])
            found.clear()
