"""What the table walker (``walker``) gives back: a battle's auction, trump and each scorer's
result (``contract.SideResult``: cards, melds, made, score, whether the melds counted), keyed by
the seating's scorers (the sides of a partnership game, or the seats of a game where each plays
for himself), and a game's battles, totals by scorer and winner. ``is_partnership`` says from a
ruleset's DATA (more than two seats, or an auction), never its name, which walker a game takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from pinochle.notation.cards import Seat, Side, Suit
from pinochle.notation.events import Span

from pinochle.adjudicator.partnership.contract import SideResult
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import Scorer

__all__ = ["NO_SCORE", "TableBattleResult", "TableGameResult", "is_partnership"]

#: A side's result in a battle that scores nothing (thrown in, or not judged).
NO_SCORE = SideResult(cards=0, melds=0, made=0, score=0, counted=False)


def is_partnership(ruleset: Ruleset) -> bool:
    """A game of more than two seats, or with an auction: the table walker's (``walker``),
    whether its seating keeps scores by side (double-pack) or by seat."""
    return len(ruleset.seats) > 2 or ruleset.auction is not None


class TableBattleResult(NamedTuple):
    """A partnership battle as replayed. ``bidder`` and ``bid``: the high bidder and the
    contract (``None`` when the hands were thrown in, DP-BID9, or the auction has no end);
    ``trump`` as named (DP-MELD1); ``results`` each scorer's result (DP-SCORE1-3), in the
    seating's order of scorers;
    ``tricks`` the tricks played; ``complete`` whether the record plays the hand out (20 tricks,
    or a throw-in)."""

    index: int  # type: ignore[assignment]  # 1-based position in the game (hides tuple.index)
    number: int
    dealer: Seat
    deal_known: bool
    thrown_in: bool
    bidder: Seat | None
    bid: int | None
    trump: Suit | None
    results: Mapping[Scorer, SideResult]
    tricks: int
    complete: bool
    span: Span

    def of(self, scorer: Scorer) -> SideResult:
        """``scorer``'s result."""
        return self.results[scorer]

    @property
    def ns(self) -> SideResult:
        """North-South's result: the partnership report's field (``of``)."""
        return self.results[Side.NS]

    @property
    def ew(self) -> SideResult:
        """East-West's result (``ns``)."""
        return self.results[Side.EW]


class TableGameResult(NamedTuple):
    """A table game as replayed: its battles, the totals by scorer (the sums of the battle
    scores), the winner (DP-GAME: the bidding side counted first) and the battle it won in."""

    number: int
    ruleset: Ruleset
    battles: tuple[TableBattleResult, ...]
    totals: Mapping[Scorer, int]
    winner: Scorer | None
    won_in: int | None

    @property
    def ns(self) -> int:
        """North-South's total: the partnership report's field (``totals``)."""
        return self.totals[Side.NS]

    @property
    def ew(self) -> int:
        """East-West's total (``ns``)."""
        return self.totals[Side.EW]
