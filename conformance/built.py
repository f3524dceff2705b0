"""What staging a case gives, whichever table it is staged at (``build`` for the two-handed
games, ``partnership.build`` for a table of four): the ``Built`` case, the rulebook its
record's ``Event`` tag names, and the fixture's checks of the case's table facts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .fixture import Expected, TableCheck

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
