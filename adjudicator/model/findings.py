"""Findings: what the adjudicator reports, as values (never raised).

A finding names the rule (the ruleset's own id: ``R9F``, ``OT9G``), its kind, where in the record
it is, a sentence a player understands, and the claimed and correct values where they apply.
"""

from __future__ import annotations

import enum
from typing import Any

from pinochle.notation.events import NOWHERE, Span
from pinochle.notation.plain import PlainModel


class Kind(str, enum.Enum):
    """What sort of thing a finding reports."""

    ILLEGAL_PLAY = "illegal play"      # a card that could not be played (R8A, R8B, R11D)
    ILLEGAL_MELD = "illegal meld"      # a meld the rules forbid (R8D, R9A, R9C, R9E, R9F)
    IRREGULARITY = "irregularity"      # an R11 event (or M7, R8E, R7B2 at the table)
    MISCOUNT = "miscount"              # a claimed number that is wrong (R8G, R9A, R4A)
    MALFORMED = "malformed"            # a record that does not describe a possible game (R2A4, R6)
    NOTICE = "notice"                  # information: e.g. a correct meld objected to (R11B)


class Severity(str, enum.Enum):
    ERROR = "error"        # a rule broken that the rulebook does not repair, or a miscount
    WARNING = "warning"    # an error that stands unrepaired (R11B no objection; R11D unfound)
    INFO = "info"          # nothing wrong, or an irregularity handled as the rules say


class Finding(PlainModel):
    """One thing the adjudicator found."""

    rule: str
    kind: Kind
    severity: Severity = Severity.ERROR
    span: Span = NOWHERE
    message: str
    claimed: Any = None
    expected: Any = None
    game: int | None = None
    battle: int | None = None
    trick: int | None = None

    def at(self, **where: Any) -> Finding:
        """A copy with location fields filled in (game, battle, trick, span)."""
        return self.model_copy(update={k: v for k, v in where.items() if v is not None})


def plural(n: int, word: str) -> str:
    """``1 battle``, ``2 battles``, ``0 battles``: a count in a message."""
    return f"{n} {word}{'' if n == 1 else 's'}"
