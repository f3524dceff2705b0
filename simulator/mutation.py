"""What every seating's corruptions share (``mutate`` for the two-handed games,
``partnership.mutate`` for a table of four): a ``MutationClass``, generic in the sites its
``apply`` reads of a legal game, and the edits that change one event of a game (``replaced``,
``inserted``). Neither side's module is imported here."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from pinochle.notation.events import Event, Game

__all__ = ["MutationClass", "SiteT", "inserted", "replaced"]


#: What a class's ``apply`` reads of a legal game: ``TrickSite``s (two-handed), or
#: ``partnership.mutate.TableSite``s (a table of four, double-pack).
SiteT = TypeVar("SiteT")


@dataclass(frozen=True)
class MutationClass(Generic[SiteT]):
    name: str
    rules: frozenset[str]       # a finding citing one of these catches the corruption
    description: str
    apply: Callable[[Game, list[SiteT], random.Random], "Game | None"]


def _with_events(game: Game, battle: int, events: list) -> Game:
    battles = list(game.battles)
    battles[battle] = battles[battle].model_copy(update={"events": tuple(events)})
    return game.model_copy(update={"battles": tuple(battles)})


def replaced(game: Game, battle: int, index: int, event: Event) -> Game:
    """``game`` with the ``index``-th event of battle ``battle`` (indexes in ``game.battles``
    and the battle's ``events``) replaced by ``event``."""
    events = list(game.battles[battle].events)
    events[index] = event
    return _with_events(game, battle, events)


def inserted(game: Game, battle: int, index: int, event: Event) -> Game:
    """``game`` with ``event`` inserted before the ``index``-th event of battle ``battle``."""
    events = list(game.battles[battle].events)
    events.insert(index, event)
    return _with_events(game, battle, events)
