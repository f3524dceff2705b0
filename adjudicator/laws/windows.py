"""The meld window a battle's laws keep (``meldwindow.MeldWindow``), chosen by the laws policy's
data, its ``meld_window`` (never by the ruleset's or the laws' name): ``objection`` keeps melds
open to objection (``objections.MeldObjections``, East Point's R11B), ``correctable`` open to
correction (``corrections.MeldCorrections``, Scarne's SC-BADMELD1), ``at-once`` none
(``meldwindow.AT_ONCE``). ``MeldLaws`` is the laws object with a window of its own: East Point's
and Scarne's laws extend it, and a policy whose window no rulebook's laws object carries starts
it alone (``start.start_laws``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from weakref import proxy

from pinochle.adjudicator.laws.corrections import MeldCorrections
from pinochle.adjudicator.laws.hooks import Laws
from pinochle.adjudicator.laws.meldwindow import AT_ONCE, MeldWindow
from pinochle.adjudicator.laws.objections import MeldObjections

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["MeldLaws", "meld_window_of"]

#: The windows that keep a meld open, by the policy's ``meld_window`` (any other: judged at once).
_WINDOWS: dict[str, Callable[[BattleCore], MeldWindow]] = {"objection": MeldObjections,
                                                           "correctable": MeldCorrections}


def meld_window_of(state: BattleCore) -> MeldWindow:
    """The meld window of the battle ``state`` begins, as its laws policy's data chooses it."""
    window = _WINDOWS.get(state.ruleset.laws.meld_window)
    return AT_ONCE if window is None else window(state)


class MeldLaws(Laws):
    """Laws with a meld window of their own (``melds``), the state's weak proxy (``state``)."""

    __slots__ = ("state", "melds", "open_melds")

    def __init__(self, state: BattleCore) -> None:
        self.state: BattleCore = proxy(state)   # (no cycle: hooks.py)
        self.melds = window = meld_window_of(state)
        self.open_melds = window.open           # the same list, changed in place
