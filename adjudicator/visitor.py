"""What a walk of a game record tells: the ``Visitor`` a caller subclasses, and ``StopReplay``,
which a hook raises to end the walk early. Both walkers report to it (the two-handed one in
``replay``, the partnership game's in ``partnership.walker``), so it lives apart from either:
each imports it, and it imports neither (python-chess's PGN visitor, turned round: the walker
drives, the visitor listens)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pinochle.notation.events import Battle, Game, Trick

    from pinochle.adjudicator.model.findings import Finding
    from pinochle.adjudicator.model.ruleset import Ruleset
    from pinochle.adjudicator.partnership.results import TableBattleResult, TableGameResult
    from pinochle.adjudicator.twohanded.results import BattleResult, GameResult
    from pinochle.adjudicator.twohanded.state import BattleState

__all__ = ["StopReplay", "Visitor"]


class StopReplay(Exception):
    """Raised by a visitor hook to end the walk early (``walk`` returns ``None``)."""


class Visitor:
    """What the walker reports. Override the hooks you need; any hook may raise ``StopReplay``.

    ``finding`` receives every finding with its game, battle and trick filled in, in the order
    the walk produces them (a meld's finding comes when its R11B fate is known).

    ``needs_log``: whether a hook reads ``state.log`` (the step records). A visitor that reads
    none (validation) sets it to ``False`` and the walk keeps no log, which makes it cheaper."""

    needs_log: bool = True

    def begin_game(self, game: Game, number: int, ruleset: Ruleset | None) -> None: ...

    def begin_battle(self, battle: Battle, index: int, state: BattleState) -> None: ...

    def trick(self, trick: Trick, state: BattleState) -> None:
        """Trick ``state.tricks_played`` is gathered; its winner's turn is open, no meld yet."""

    def event(self, event: Any, state: BattleState) -> None:
        """Any battle event, after it is applied."""

    def finding(self, finding: Finding) -> None: ...

    def end_battle(self, battle: Battle, state: BattleState, result: BattleResult) -> None: ...

    def end_game(self, game: Game, result: GameResult) -> None: ...

    # The partnership game's walk (partnership.walker) calls these instead of the battle hooks
    # above.

    def end_table_battle(self, battle: Battle, result: TableBattleResult) -> None: ...

    def end_table_game(self, game: Game, result: TableGameResult) -> None: ...
