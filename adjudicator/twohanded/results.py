"""A two-handed game as the walker replayed it (``replay.walk``): each battle's corrected points
and how it ended (``BattleResult``), and the game's (``GameResult``). The game rules
(``gamerules``) read them as the visitor does; the partnership game's are
``partnership.results``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from pinochle.notation.cards import Seat
from pinochle.notation.events import Span

from pinochle.adjudicator.model.ruleset import Ruleset

__all__ = ["BattleResult", "GameResult"]


class BattleResult(NamedTuple):
    """A battle as replayed: the corrected points of each seat (``trick_points`` and
    ``meld_points``, keyed by the seating's scorers: the seats of a table of two), and how it
    ended."""

    index: int  # type: ignore[assignment]  # 1-based position in the game (hides tuple.index)
    number: int                 # the number the record gives it
    dealer: Seat
    deal_known: bool
    trick_points: Mapping[Seat, int]
    meld_points: Mapping[Seat, int]
    tricks: int                 # tricks gathered
    ended_by: str | None        # R8F, R11F, or None when the record stops before the end
    span: Span
    #: The law by which the hand counts for nobody (a dead hand SC-MISDEAL8, a void deal
    #: SC-DRAW1), or None.
    void: str | None = None

    def score(self, seat: Seat) -> int:
        """``seat``'s battle score: his trick points and his melds."""
        return self.trick_points[seat] + self.meld_points[seat]

    @property
    def east(self) -> int:
        """East's score: the view the two-handed report and timeline write (``score``)."""
        return self.score(Seat.EAST)

    @property
    def west(self) -> int:
        """West's score (``east``)."""
        return self.score(Seat.WEST)


class GameResult(NamedTuple):
    """A game as replayed: its ruleset (``None`` when its tags name an unknown one), its battles
    and the corrected totals by seat (R4A: the sums of the battle scores)."""

    number: int
    ruleset: Ruleset | None
    battles: tuple[BattleResult, ...]
    totals: Mapping[Seat, int]
    expected_battles: int | None

    @property
    def east(self) -> int:
        """East's total: the view the two-handed report and timeline write."""
        return self.totals[Seat.EAST]

    @property
    def west(self) -> int:
        """West's total (``east``)."""
        return self.totals[Seat.WEST]
