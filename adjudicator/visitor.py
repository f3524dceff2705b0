"""What a walk of a game record tells: ONE visitor protocol for every table, and ``StopReplay``,
which a hook raises to end the walk early. Both walkers report to it (the two-handed one in
``replay``, the partnership game's in ``partnership.walker``), so it lives apart from either:
each imports it, and it imports neither (python-chess's PGN visitor, turned round: the walker
drives, the visitor listens).

``BaseVisitor[StateT, BattleResultT, GameResultT, ResultT]`` has the hooks, generic over what a
walker hands them: the battle's state (``twohanded.state.BattleState`` or
``partnership.state.TableState``), a battle's and a game's result (``twohanded.results`` or
``partnership.results``), and what the visitor gives back, ``result()`` (python-chess's
``BaseVisitor[ResultT]``). Both walkers call the same hooks at the same points:

- ``begin_game`` before the first battle; ``begin_battle`` when a battle's state is made (the
  two-handed walker makes a new one for a redeal; at a table of four a second deal is a step of
  the same state, ``Dealt(again=True)``);
- ``trick`` when a trick is gathered (its winner decided), before what follows it;
- ``event`` after each battle event is applied (comments are not events);
- ``finding`` for every finding, with its game, battle and trick filled in, in the order the
  walk produces them: each walker has one sink (``FindingSink``) that every finding of the
  walk, the walker's own and the state's, passes through;
- ``end_battle`` with the battle's state and result; ``end_game`` with the game's result.

The state and result types are contravariant: a visitor of either walk
(``AnyVisitor``) is a visitor of each. ``Visitor`` is the class to subclass for a visitor that
does not name its types (its hooks take ``Any``); a visitor of one walker names them
(``TwoHandedVisitor[R]``, ``TableVisitor[R]``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pinochle.adjudicator.model.findings import Finding

if TYPE_CHECKING:
    from pinochle.notation.events import Battle, Game

    from pinochle.adjudicator.model.ruleset import Ruleset
    from pinochle.adjudicator.partnership.results import TableBattleResult, TableGameResult
    from pinochle.adjudicator.partnership.state import TableState
    from pinochle.adjudicator.twohanded.results import BattleResult, GameResult
    from pinochle.adjudicator.twohanded.state import BattleState

__all__ = ["AnyVisitor", "BaseVisitor", "FindingSink", "StopReplay", "TableVisitor",
           "TwoHandedVisitor", "Visitor"]

StateT = TypeVar("StateT", contravariant=True)
BattleResultT = TypeVar("BattleResultT", contravariant=True)
GameResultT = TypeVar("GameResultT", contravariant=True)
ResultT = TypeVar("ResultT", covariant=True)
R = TypeVar("R")


class StopReplay(Exception):
    """Raised by a visitor hook to end the walk early (``walk`` returns ``None``)."""


class BaseVisitor(Generic[StateT, BattleResultT, GameResultT, ResultT]):
    """What a walker reports (see the module docstring). Override the hooks you need; any hook
    may raise ``StopReplay``.

    ``needs_log``: whether a hook reads ``state.log`` (the step records). A visitor that reads
    none (validation) sets it to ``False`` and the walk keeps no log, which makes it cheaper."""

    needs_log: bool = True

    def begin_game(self, game: Game, number: int, ruleset: Ruleset | None) -> None: ...

    def begin_battle(self, battle: Battle, index: int, state: StateT) -> None: ...

    def trick(self, trick: Any, state: StateT) -> None:
        """A trick (``Trick``, or ``TableTrick`` at a table of four) is gathered: its winner
        is decided (``state``'s log ends with it), no meld after it yet."""

    def event(self, event: Any, state: StateT) -> None:
        """Any battle event, after it is applied."""

    def finding(self, finding: Finding) -> None:
        """A finding, told as it arises (through the walker's ``FindingSink``): possibly in
        the middle of the state's action, so a ``StopReplay`` raised here leaves that action
        half applied (stop in ``trick``, ``event`` or ``end_battle`` to keep a whole state)."""

    def end_battle(self, battle: Battle, state: StateT, result: BattleResultT) -> None: ...

    def end_game(self, game: Game, result: GameResultT) -> None: ...

    def result(self) -> ResultT:
        """What the visitor gives back after the walk (python-chess's ``BaseVisitor.result``)."""
        raise NotImplementedError(f"{type(self).__name__} gives no result")


class Visitor(BaseVisitor[Any, Any, Any, Any]):
    """A visitor of either walk that does not name its types: ``state`` is a ``BattleState`` in
    a two-handed game, a ``TableState`` at a table of four (``partnership.results
    .is_partnership``), and the results are the walker's."""


if TYPE_CHECKING:
    #: A visitor of the two-handed walker (``replay``).
    TwoHandedVisitor = BaseVisitor[BattleState, BattleResult, GameResult, R]
    #: A visitor of the partnership walker (``partnership.walker``).
    TableVisitor = BaseVisitor[TableState, TableBattleResult, TableGameResult, R]
    #: A visitor of either walker (``replay.walk_any``).
    AnyVisitor = BaseVisitor[BattleState | TableState, BattleResult | TableBattleResult,
                             GameResult | TableGameResult, R]


#: A rule id in a finding's sentence, as the engine names its checks (``Ruleset.cites``' keys).
_CITED = re.compile(r"\b[A-Z]{2}-[A-Z]+\d*\b")


def recite(finding: Finding, cites: Mapping[str, str]) -> Finding:
    """``finding`` citing the ruleset's ids (``Ruleset.cites``) for the engine's: its rule and
    each id its sentence names."""
    rule = cites.get(finding.rule, finding.rule)
    message = _CITED.sub(lambda m: cites.get(m.group(0), m.group(0)), finding.message)
    if rule == finding.rule and message == finding.message:
        return finding
    return finding.model_copy(update={"rule": rule, "message": message})


class FindingSink(list[Finding]):
    """The one channel from a battle to the visitor: a list of the battle's findings that
    tells each to ``visitor.finding`` as it is added, with its game and battle filled in. A
    walker gives it to the state as the state's ``findings`` (``adopt``) and adds its own
    findings to it, so the state's and the walker's reach the visitor by the same path, in the
    order they arise."""

    __slots__ = ("tell", "game", "battle", "cites")

    def __init__(self, tell: Any, game: int, battle: int | None = None,
                 cites: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.tell = tell            # the visitor's finding hook
        self.game = game
        self.battle = battle
        #: the ruleset's ids for the engine's (``Ruleset.cites``); empty: the engine's own
        self.cites = cites or None

    def append(self, finding: Finding) -> None:
        if self.cites is not None:
            finding = recite(finding, self.cites)
        finding = finding.at(game=self.game, battle=self.battle)
        super().append(finding)
        self.tell(finding)

    def extend(self, found: Any) -> None:
        for finding in found:
            self.append(finding)

    def __iadd__(self, found: Any) -> FindingSink:  # type: ignore[override,misc]
        self.extend(found)
        return self

    def adopt(self, state: Any) -> None:
        """Become ``state``'s findings list; any finding the state made before is told now."""
        made, state.findings = state.findings, self
        self.extend(made)
