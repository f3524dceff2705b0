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
"""

from __future__ import annotations

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["Reneges"]


def _unclaimed(rule: str) -> str:
    """What an unclaimed renege's finding puts before the broken rule's message: the renege
    law decides, and is cited first (docs/rulings.md, "The deciding rule's own id")."""
    return f"a renege ({rule}), unclaimed, so it stands and the trick points count as played: "


def _broken(finding: Finding, rule: str) -> str:
    """The broken rule's message of an unclaimed renege's ``finding``."""
    return finding.message.removeprefix(_unclaimed(rule))


class Reneges(BattleCore):
    """Reneges noted in play, claims, the penalty (mixed into ``BattleState``)."""

    __slots__ = ()

    def _note_renege(self, seat: Seat, rule: str, message: str, span: Span, could: str,
                     card: str) -> bool:
        """Under a renege law, a broken follow obligation is kept until its fate is known;
        returns whether it was (False: no renege law, report it at once)."""
        law = self.ruleset.laws.renege
        if law is None:
            return False
        if self._void:                  # a hand that counts for nobody settles no renege
            return True
        self._reneges[self._place[seat]].append(Finding(
            rule=law[0], kind=Kind.ILLEGAL_PLAY, severity=Severity.WARNING, span=span,
            message=_unclaimed(law[0]) + message, claimed=card, expected=could,
            trick=self.trick_number))
        return True

    def has_renege(self, seat: Seat) -> bool:
        """A renege by ``seat`` is noted this hand, its fate not yet known."""
        return bool(self._reneges[self._place[seat]])

    def note_renege_at(self, seat: Seat, rule: str, message: str, span: Span, could: str,
                       card: str, trick: int) -> None:
        """A renege the public cards of a record without the deal show, noted for its claim as
        one seen in play is, and dated to trick ``trick``, where it was made."""
        reneges = self._reneges[self._place[seat]]
        before = len(reneges)
        if self._note_renege(seat, rule, message, span, could, card) and len(reneges) > before:
            reneges[-1] = reneges[-1].model_copy(update={"trick": trick})

    def can_claim_renege(self, seat: Seat) -> bool:
        """``seat`` may claim a renege by his opponent: one happened this hand, the count is not
        settled yet, and (``RenegeCheck "end-of-hand"``) the hand is played out."""
        return (self.ruleset.laws.renege is not None and self._renege_claim is None
                and bool(self._reneges[self._place[seat.other]]) and self._claim_in_time())

    def verify_claim_renege(self, seat: Seat) -> list[Finding]:
        law = self.ruleset.laws.renege
        if law is None or self.can_claim_renege(seat):
            return []
        return [Finding(rule=law[0], kind=Kind.IRREGULARITY, trick=self.trick_number,
                        message=f"{seat.word} has no renege to claim: {seat.other.word} has not "
                                "reneged this hand, the count is settled, or it is too early "
                                f"({law[0]})")]

    def _claim_in_time(self) -> bool:
        """Any time; with ``RenegeCheck "end-of-hand"`` once the last card is played (the
        battle's end may wait for the last turn to finish)."""
        return (self.ruleset.options.get("RenegeCheck") != "end-of-hand" or self._over
                or (self._lead is None and all(self.hand_size(seat) <= 0 for seat in self._seats)))

    def claim_renege(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        """``object renege W``: ``seat`` claims a renege by his opponent; returns whether the
        claim was valid (the penalty applies)."""
        law = self.ruleset.laws.renege
        assert law is not None, "the replay sends a renege claim only under a renege law"
        penalty = law[1]
        other = seat.other
        found = self._reneges[self._place[other]]
        if self._void:
            self._report(penalty, Kind.NOTICE,
                         f"{seat.word} claims a renege, but there is no count to settle "
                         f"({penalty}): the hand counts for nobody ({self._void}); no effect",
                         span, Severity.INFO)
            return False
        if self._renege_claim is not None:
            self._report(penalty, Kind.NOTICE, f"{seat.word} claims a renege, but the hand's "
                         f"count is already settled by {self._renege_claim.word}'s claim: the "
                         f"first valid claim decides ({penalty}; docs/rulings.md); no effect",
                         span, Severity.INFO)
            return False
        if not found:
            self._report(law[0], Kind.IRREGULARITY, f"{seat.word} claims a renege, but "
                         f"{other.word} has not reneged this hand ({law[0]}): no effect",
                         span, Severity.ERROR)
            return False
        if not self._claim_in_time():
            self._report(law[0], Kind.IRREGULARITY, f"{seat.word} claims a renege before the "
                         "hand is over, but with RenegeCheck \"end-of-hand\" a renege is "
                         f"examined only after the hand ({law[0]}, SC-LOOK2): no effect",
                         span, Severity.ERROR)
            return False
        self._renege_claim = seat
        first = found[0]
        self._report(penalty, Kind.IRREGULARITY,
                     f"{seat.word} claims {other.word}'s renege at trick {first.trick}: "
                     f"{other.word}'s trick points are 0, {seat.word}'s {self.renege_count()}, "
                     f"the hand's whole count, and both keep their melds ({penalty}); the "
                     f"renege: {_broken(first, law[0])}", span, Severity.INFO)
        return True

    def _settle_reneges(self) -> None:
        """The end of the hand's record: reneges nobody claimed stand (warning); those of a
        player whose renege was claimed are in his penalty: the claimed one is the claim's
        notice, each other one a notice that it costs nothing more (his count is already 0)."""
        law = self.ruleset.laws.renege
        claimant = self._renege_claim
        reneger = None if claimant is None else self._place[claimant.other]
        for i, found in enumerate(self._reneges):
            claimed = i == reneger
            if not claimed:
                self.findings.extend(found)
            elif law is not None:
                self.findings.extend(
                    f.model_copy(update={
                        "severity": Severity.INFO, "kind": Kind.NOTICE,
                        "message": f"a further renege ({law[0]}), in the penalty of the claim "
                        f"already made: his trick points for the hand are 0 ({law[1]}): "
                        + _broken(f, law[0])})
                    for f in found[1:])
            found.clear()
