"""Irregularities outside the draws: an objection to the shuffle, cut or deal (R11A), a player
found with too many (R11D) or too few cards (R11C), and cards moved to the exposed hand without a
meld (M7; R7B2 when a card is not in the concealed hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from pinochle.notation.cards import Card, Seat, format_cards
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.twohanded.draws import FOUND_OUT
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.twohanded.core import BattleCore
from pinochle.adjudicator.model.steps import Discovered, ExposedCards, ObjectedToDeal

__all__ = ["Irregularities"]


class Irregularities(BattleCore):
    """The actions of R11A, R11C and R11D discoveries, and M7 (mixed into ``BattleState``)."""

    __slots__ = ()

    def can_object_deal(self, seat: Seat) -> bool:
        """R11A: before ``seat`` has played a card to the first trick."""
        return self._played[self._place[seat]] == 0 and self._tricks == 0

    def verify_object_deal(self, seat: Seat) -> list[Finding]:
        if self.can_object_deal(seat):
            return []
        return [Finding(rule="R11A", kind=Kind.IRREGULARITY, trick=self.trick_number,
                        message=f"{seat.word} has played to the first trick: too late to object "
                                "to the shuffle, cut or deal (R11A)")]

    def object_deal(self, seat: Seat, target: str = "deal", *, span: Span = NOWHERE) -> bool:
        """R11A: an objection to the shuffle, cut or deal. In time (before the objector has
        played a card to the first trick) the same dealer deals again; returns whether it was."""
        timely = self.can_object_deal(seat)
        if timely:
            self._report("R11A", Kind.IRREGULARITY,
                         f"{seat.word} objects to the {target} before playing to the first trick:"
                         f" {self.dealer.word} deals again (R11A)", span, Severity.INFO)
        else:
            self._report("R11A", Kind.IRREGULARITY,
                         f"{seat.word}'s objection to the {target} comes after he played to the "
                         "first trick: too late, the deal stands (R11A)", span, Severity.INFO)
        self._log(ObjectedToDeal(seat, target, timely))
        return timely

    def can_discover(self, seat: Seat, too_many: bool) -> bool:
        """The player really holds too many (R11D) or too few (R11C) cards."""
        if not self.deal_known:
            return True
        held, should = self.hand_size(seat), self._nominal[self._place[seat]]
        return held > should if too_many else held < should

    def verify_discover(self, seat: Seat, too_many: bool) -> list[Finding]:
        if self.can_discover(seat, too_many):
            return []
        rule = "R11D" if too_many else "R11C"
        return [Finding(rule=rule, kind=Kind.IRREGULARITY, trick=self.trick_number,
                        claimed=self.hand_size(seat), expected=self._nominal[self._place[seat]],
                        message=f"{seat.word} holds {self.hand_size(seat)} cards, as many as "
                                f"are due or {'fewer' if too_many else 'more'}: {rule} does "
                                "not apply")]

    def discover(self, seat: Seat, too_many: bool, *, span: Span = NOWHERE) -> bool:
        """A player is found with too many (R11D: he loses all further tricks and cannot meld)
        or too few cards (R11C: no penalty). Returns whether the count really is wrong; a false
        discovery is reported and changes nothing. Under Scarne's drawing slips: SC-SLIP3 and
        SC-SLIP4 (``slips.slip_discovery``)."""
        if self._repairs:
            return self.slip_discovery(seat, too_many, span=span)
        i = self._place[seat]
        held, should = self.hand_size(seat), self._nominal[i]
        valid = self.can_discover(seat, too_many)
        rule = "R11D" if too_many else "R11C"
        if valid:
            if too_many:
                self._penalized[i] = True
                text = "he loses all further tricks, and thus cannot meld (R11D)"
                self._settle_extra(i, FOUND_OUT, Severity.INFO)
            else:
                text = "no penalty: he finishes the battle with the shortage (R11C)"
            count = f" ({held} cards, {should} due)" if self.deal_known else ""
            self._report(rule, Kind.NOTICE,
                         f"{seat.word} is found with too {'many' if too_many else 'few'} "
                         f"cards{count}: {text}", span, Severity.INFO, held, should)
        else:
            self._report(rule, Kind.IRREGULARITY,
                         f"{seat.word} is said to hold too {'many' if too_many else 'few'} "
                         f"cards, but holds {held}, "
                         f"{'not more than' if too_many else 'not fewer than'} "
                         f"the {should} due: {rule} does not apply", span, Severity.ERROR,
                         held, should)
        self._log(Discovered(seat, too_many, held, should, valid))
        return valid

    def verify_expose(self, seat: Seat, cards: Sequence[Card]) -> list[Finding]:
        """Exposing cards without a meld is never legal (R7B2 only through R9B1; M7)."""
        return [Finding(rule="M7", kind=Kind.IRREGULARITY, trick=self.trick_number,
                        message=f"{seat.word} may move cards to the exposed hand only by melding "
                                "(M7, R9B1)")]

    def can_expose(self, seat: Seat, cards: Sequence[Card]) -> bool:
        return False

    def expose(self, seat: Seat, cards: Sequence[Card], *, span: Span = NOWHERE) -> ExposedCards:
        """M7: cards moved to the exposed hand without a meld. They stay exposed, with the
        eligibility exposed cards have (a later meld needs a concealed card, R9C)."""
        i = self._place[seat]
        moved: list[Card] = []
        for card in cards:
            if not self.deal_known:
                moved.append(card)
            elif self._conc[i][card.index]:
                self._conc[i][card.index] -= 1
                self._exp[i][card.index] += 1
                moved.append(card)
            else:
                self._report("R7B2", Kind.IRREGULARITY,
                             f"{seat.word} exposes {card}, which is not in his concealed hand "
                             "(R7B2)", span)
        self._report("M7", Kind.IRREGULARITY,
                     f"{seat.word} moves {format_cards(cards)} to the exposed hand without a "
                     "meld (M7): they stay exposed, and can be melded later only with a card "
                     "from the concealed hand (R9C)", span, Severity.INFO)
        step = ExposedCards(seat, tuple(moved))
        self._log(step)
        return step
