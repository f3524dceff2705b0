"""Which laws object a battle starts: the ruleset's laws policy (data, ``policy.LawsPolicy``)
names its laws by the ``Laws`` tag's value (``LawsPolicy.name``), and this table gives the hook
object (``hooks.Laws``) that carries them out: East Point's R11 (``eastpoint.EastPointLaws``),
Scarne's (``scarne.ScarneLaws``). No laws at all is the null object, which keeps no state and is
shared by every battle."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pinochle.adjudicator.laws.eastpoint import EastPointLaws
from pinochle.adjudicator.laws.hooks import NO_LAWS, Laws
from pinochle.adjudicator.laws.scarne import ScarneLaws

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["start_laws"]

#: The hook objects by the laws policy's name (the ``Laws`` tag's value).
_STARTS: dict[str, Callable[[BattleCore], Laws]] = {"east-point": EastPointLaws,
                                                    "scarne": ScarneLaws}


def start_laws(state: BattleCore) -> Laws:
    """The laws object of the battle ``state`` begins, as its ruleset's laws policy names it."""
    start = _STARTS.get(state.ruleset.laws.name)
    return NO_LAWS if start is None else start(state)
