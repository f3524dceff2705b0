"""What a feature's part of the battle walker (``replay._BattleWalk``) uses of it: the knock's
(``knock.py``) and the call-out's (``callout.py``). Each part holds a weak proxy of the walker
(no reference cycle: ``laws/hooks.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pinochle.notation.events import Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity

if TYPE_CHECKING:
    from pinochle.adjudicator.model.ruleids import RuleIds
    from pinochle.adjudicator.model.ruleset import Ruleset
    from pinochle.adjudicator.twohanded.state import BattleState

__all__ = ["Walker"]


class Walker(Protocol):
    """What knocks and call-outs use of the battle's walker (``replay._BattleWalk``)."""

    g: Any                                  # replay._GameWalk
    ruleset: Ruleset
    ids: RuleIds
    index: int
    state: BattleState | None
    last_span: Span

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, trick: int | None = None) -> None: ...

    def report(self, finding: Finding) -> None: ...
