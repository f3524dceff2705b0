"""A two-handed game as the walker replayed it (``replay.walk``): each battle's corrected points
and how it ended (``BattleResult``), and the game's (``GameResult``). The game rules
(``gamerules``) read them as the visitor does; the partnership game's are
``partnership.results``."""

from __future__ import annotations

from typing import NamedTuple

from pinochle.notation.cards import Seat
from pinochle.notation.events import Span

from pinochle.adjudicator.model.ruleset import Ruleset

__all__ = ["BattleResult", "GameResult"]


class BattleResult(NamedTuple):
    """A battle as replayed: the corrected points of each side, and how it ended."""

    index: int  # type: ignore[assignment]  # 1-based position in the game (hides tuple.index)
    number: int                 # the number the record gives it
    dealer: Seat
    deal_known: bool
    east_tricks: int
    west_tricks: int
    east_melds: int
    west_melds: int
    tricks: int                 # tricks gathered
    ended_by: str | None        # R8F, R11F, or None when the record stops before the end
    span: Span
    #: The law by which the hand counts for nobody (a dead hand SC-MISDEAL8, a void deal
    #: SC-DRAW1), or None.
    void: str | None = None

    @property
    def east(self) -> int:
        return self.east_tricks + self.east_melds

    @property
    def west(self) -> int:
        return self.west_tricks + self.west_melds


class GameResult(NamedTuple):
    """A game as replayed: its ruleset (``None`` when its tags name an unknown one), its battles
    and the corrected totals (R4A: the sums of the battle scores)."""

    number: int
    ruleset: Ruleset | None
    battles: tuple[BattleResult, ...]
    east: int
    west: int
    expected_battles: int | None
