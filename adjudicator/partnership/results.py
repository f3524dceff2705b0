"""What the partnership game's walker (``walker``) gives back: a battle's auction, trump and
each side's result (``contract.SideResult``: cards, melds, made, score, whether the melds
counted), and a game's battles, side totals and winner. ``is_partnership`` says from a ruleset's
DATA (four seats, or an auction), never its name, which walker a game takes.
"""

from __future__ import annotations

from typing import NamedTuple

from pinochle.notation.cards import Seat, Side, Suit
from pinochle.notation.events import Span

from pinochle.adjudicator.partnership.contract import SideResult
from pinochle.adjudicator.model.ruleset import Ruleset

__all__ = ["NO_SCORE", "TableBattleResult", "TableGameResult", "is_partnership"]

#: A side's result in a battle that scores nothing (thrown in, or not judged).
NO_SCORE = SideResult(cards=0, melds=0, made=0, score=0, counted=False)


def is_partnership(ruleset: Ruleset) -> bool:
    """A game at a table of four, or with an auction: the partnership walker's (``walker``)."""
    return len(ruleset.seats) > 2 or ruleset.auction is not None


class TableBattleResult(NamedTuple):
    """A partnership battle as replayed. ``bidder`` and ``bid``: the high bidder and the
    contract (``None`` when the hands were thrown in, DP-BID9, or the auction has no end);
    ``trump`` as named (DP-MELD1); ``ns`` and ``ew`` each side's result (DP-SCORE1-3);
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
    ns: SideResult
    ew: SideResult
    tricks: int
    complete: bool
    span: Span

    def side(self, side: Side) -> SideResult:
        return self.ns if side is Side.NS else self.ew


class TableGameResult(NamedTuple):
    """A partnership game as replayed: its battles, the side totals (the sums of the battle
    scores), the winner (DP-GAME: the bidding side counted first) and the battle it won in."""

    number: int
    ruleset: Ruleset
    battles: tuple[TableBattleResult, ...]
    ns: int
    ew: int
    winner: Side | None
    won_in: int | None
