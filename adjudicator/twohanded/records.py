"""The records a two-handed battle keeps of what is not settled yet: a ``Problem`` (a finding
held back until its fate is known) and a ``MeldRecord`` (a meld as made, and what became of it
under R11B or a correction law). ``core.BattleCore`` keeps them, ``meldturns`` makes them, the
laws (``corrections``) and the score sheet read them; none of those is imported here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import Span
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.model.findings import Kind

__all__ = ["MeldRecord", "Problem", "one_problem"]


class Problem(NamedTuple):
    """A finding held back until its fate is known: a meld's until R11B settles it (it stands,
    is corrected or voided), an extra card's until R11D is applied or the battle ends."""

    rule: str
    kind: Kind
    message: str
    claimed: Any
    expected: Any
    points_only: bool
    span: Span
    trick: int | None = None


def one_problem(problems: list[Problem]) -> list[Problem]:
    """One fault, one finding: a meld broken in several ways is one finding, under
    its first rule by the order of checks (the turn, the cards, the points: a wrong value is
    named first only when it is the meld's only problem), the others named in its message."""
    if len(problems) < 2:
        return problems
    first = next((p for p in problems if not p.points_only), problems[0])
    others = "; ".join(p.message for p in problems if p is not first)
    return [first._replace(message=f"{first.message}; besides, {others}")]


@dataclass(slots=True, eq=False)
class MeldRecord:
    """A meld as made, and what became of it under R11B.

    ``status`` is ``open`` while the opponent may still object (until he plays his next card),
    then ``stood`` (no objection) or ``objected``; ``outcome`` after an objection is
    ``stands`` (the meld was correct), ``corrected`` or ``voided``. Under a correction law
    (SC-BADMELD1, ``corrections.py``) ``status`` is ``pending`` until the last stock card is
    drawn, then ``stood``, or ``corrected`` with the outcome ``corrected`` or ``voided``; or
    ``moot`` in a hand that came to count for nobody (``BattleCore._count_for_nobody``)."""

    index: int
    seat: Seat
    kind: MeldKind
    claimed: int
    table_points: int | None
    takes: tuple[Card, ...]
    trick: int
    span: Span
    problems: list[Problem] = field(default_factory=list)
    added_scored: bool = False
    turn_slot: bool = False
    status: str = "open"
    outcome: str | None = None
    journal: tuple[int, int] | None = None  # its part of the reuse ledger (corrections.py)
    #: An illegal meld whose cards (and combination, unless voided) are on the table, until a
    #: later meld of the player that is illegal only because of it takes them over
    #: (``MeldTurns._resynchronise``).
    owes: bool = False
    #: Under the correction law: its cards went back to the concealed hand when a later meld of
    #: the player showed them concealed (``MeldCorrections.resynchronise``); it stands as
    #: credited, and a withdrawal moves no card again.
    given_back: bool = False
    #: The trump suit unknown (no deal), a meld with wrong points whose table value depends on
    #: the trump: its values in the other trumps (``table_points`` is the lowest); the
    #: battle's claims may show which one it counted (``claimreadings.ClaimReadings``).
    other_values: tuple[int, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def points(self) -> int:
        """What the meld scores now: the claim, the table value once corrected, 0 once voided."""
        if self.outcome == "voided":
            return 0
        if self.outcome == "corrected" and self.table_points is not None:
            return self.table_points
        return self.claimed
