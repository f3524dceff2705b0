"""What staging a case gives, whichever table it is staged at (``build`` for the two-handed
games, ``partnership.build`` for a table of four): the ``Built`` case, the rulebook its
record's ``Event`` tag names, and the fixture's checks of the case's table facts."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .fixture import Expected, TableCheck
from .scribe import BuildError

if TYPE_CHECKING:
    from pinochle.notation.events import Record

    from .cases import Case, TableFact
    from .partnership.cases import DPCase

__all__ = ["RULEBOOKS", "Built", "table_checks"]


#: The record's Event tag names the rulebook a case comes from.
RULEBOOKS = {"east-point": "East Point rulebook", "old-time": "Old-time rulebook",
             "scarne": "Scarne rulebook", "25-steps": "25-steps rulebook",
             "double-pack": "Double-pack rulebook"}


@dataclass(frozen=True)
class Built:
    """A staged case: its record (``None`` for a table-only case) and expected verdict."""

    case: Case | DPCase
    record: Record | None
    expected: Expected


def table_checks(facts: Iterable[TableFact]) -> list[TableCheck]:
    """A case's facts about a ruleset's tables as the fixture's checks of them."""
    return [TableCheck(table=f.table, tags=dict(f.tags), values=dict(f.values), trump=f.trump)
            for f in facts]


class NoFit(Exception):
    """This seed's deal cannot stage the case; ``first_fit`` tries the next."""


def first_fit(case: Any, stage: Callable[[Any, random.Random], Built], attempts: int) -> Built:
    """``stage(case, rng)`` with the generator of the first of ``attempts`` seeds (derived
    from the case id alone, so the output depends on it alone) whose deal stages the case;
    ``BuildError`` when none does."""
    for attempt in range(attempts):
        try:
            return stage(case, random.Random(f"{case.id}/{attempt}"))
        except NoFit:
            continue
    raise BuildError(f"{case.id}: no deal among {attempts} seeds stages the example")
