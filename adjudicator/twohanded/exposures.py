"""Cards moved to the exposed hand without a meld (M7; R7B2 when a card is not in the concealed
hand): a rule of every two-handed ruleset, not a law, so a rules module of the state as
``trickplay`` and ``draws`` are. (The objection to the shuffle, cut or deal, R11A, and a player
found with too many, R11D, or too few cards, R11C, are East Point's laws' statements:
``laws/eastpoint.EastPointLaws``; a player showing his own cards under Scarne's misdeal law is
``laws/misdeals.py``'s ``expose_own``.)
"""

from __future__ import annotations

from collections.abc import Sequence

from pinochle.notation.cards import Card, Seat, format_cards
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.twohanded.core import BattleCore
from pinochle.adjudicator.model.steps import ExposedCards

__all__ = ["Exposures"]


class Exposures(BattleCore):
    """The action of M7 (mixed into ``BattleState``)."""

    __slots__ = ()

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
