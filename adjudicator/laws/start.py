"""Which laws object a battle starts: the ruleset's laws policy (data, ``policy.LawsPolicy``)
names its laws by the ``Laws`` tag's value (``LawsPolicy.name``), and this table gives the hook
object (``hooks.Laws``) that carries them out: East Point's R11 (``eastpoint.EastPointLaws``),
Scarne's (``scarne.ScarneLaws``). A policy no rulebook's object carries but whose melds wait for
their fate (its ``meld_window``: an objection, a correction) starts the laws of that window alone
(``windows.MeldLaws``): the window is the policy's data, not its name's. No laws at all is the
null object, which keeps no state and is shared by every battle."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pinochle.adjudicator.laws.eastpoint import EastPointLaws
from pinochle.adjudicator.laws.hooks import NO_LAWS, Laws
from pinochle.adjudicator.laws.scarne import ScarneLaws
from pinochle.adjudicator.laws.windows import MeldLaws

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["start_laws"]

#: The hook objects by the laws policy's name (the ``Laws`` tag's value).
_STARTS: dict[str, Callable[[BattleCore], Laws]] = {"east-point": EastPointLaws,
                                                    "scarne": ScarneLaws}


def start_laws(state: BattleCore) -> Laws:
    """The laws object of the battle ``state`` begins, as its ruleset's laws policy names it."""
    policy = state.ruleset.laws
    start = _STARTS.get(policy.name)
    if start is None and not policy.judges_melds_at_once:
        start = MeldLaws
    return NO_LAWS if start is None else start(state)
