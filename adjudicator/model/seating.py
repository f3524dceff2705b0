"""A ruleset's seating: which seats play and in what order, who is whose partner, who is left of
whom, who deals next and who leads first, and who keeps a score (the *scorers*: each seat, or
each side). The engine asks the seating; the ``Seat`` enum only names seats (its ``other``,
``left`` and ``side`` are the notation's, for two or four seats: ``tests/test_seat_relations.py``
keeps them out of the engine).

The two seatings the five rulebooks use are here as data (``TWO_HANDED``: East and West, R1;
``FOUR_PARTNERS``: North, East, South, West with N-S against E-W, DP-PLAYERS); a new one is a
``Seating(...)`` in a ruleset's module (or a test's: three players each for himself).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal, TypeVar

from pinochle.notation.cards import Seat, Side

__all__ = ["FOUR_PARTNERS", "Scorer", "ScorerT", "Seating", "TWO_HANDED"]

#: Who keeps a score: a seat (each for himself) or a side (a partnership).
Scorer = Seat | Side
#: A scorer of one kind: the keys of one game's tables (all sides, or all seats).
ScorerT = TypeVar("ScorerT", bound=Scorer)


@dataclass(frozen=True)
class Seating:
    """``seats``: the seats at the table in playing order (clockwise); the left of a seat is
    the next one, the last seat's left is the first. ``sides``: the partnerships, each a side
    and its seats (empty: every seat plays for himself and keeps his own score). ``first_lead``:
    who leads the first trick: the seat left of the dealer (the two-handed nondealer, R8) or the
    high bidder (DP-PLAY1). The deal passes to the left (R4B, DP-DEAL3) and the auction starts
    left of the dealer (DP-BID1)."""

    seats: tuple[Seat, ...]
    sides: tuple[tuple[Side, tuple[Seat, ...]], ...] = ()
    first_lead: Literal["left-of-dealer", "bidder"] = "left-of-dealer"

    @cached_property
    def place(self) -> dict[Seat, int]:
        """Each seat's place in ``seats``."""
        return {seat: i for i, seat in enumerate(self.seats)}

    @cached_property
    def _left(self) -> dict[Seat, Seat]:
        n = len(self.seats)
        return {seat: self.seats[(i + 1) % n] for i, seat in enumerate(self.seats)}

    @cached_property
    def _side_of(self) -> dict[Seat, Side]:
        return {seat: side for side, seats in self.sides for seat in seats}

    def left(self, seat: Seat) -> Seat:
        """The next seat clockwise: the next dealer, the next to call or to play."""
        return self._left[seat]

    def next_dealer(self, dealer: Seat) -> Seat:
        """Who deals after ``dealer`` (R4B: the deal alternates; DP-DEAL3: to the left)."""
        return self._left[dealer]

    def first_caller(self, dealer: Seat) -> Seat:
        """Who calls first in an auction (DP-BID1: the seat left of the dealer)."""
        return self._left[dealer]

    def opponent(self, seat: Seat) -> Seat:
        """The one opponent at a table of two (East's is West). Only a two-seat seating has one."""
        if len(self.seats) != 2:
            raise ValueError(f"a table of {len(self.seats)} has no single opponent of {seat}")
        return self._left[seat]

    @cached_property
    def opponents(self) -> dict[Seat, Seat]:
        """Each seat's one opponent at a table of two, as a table (the hot path's lookup);
        empty at any other table."""
        return dict(self._left) if len(self.seats) == 2 else {}

    def partner(self, seat: Seat) -> Seat | None:
        """``seat``'s partner (the other seat of his side), or ``None``."""
        side = self._side_of.get(seat)
        if side is None:
            return None
        mates = [mate for mate in dict(self.sides)[side] if mate is not seat]
        return mates[0] if len(mates) == 1 else None

    @property
    def by_side(self) -> bool:
        """Scores are kept by side (a partnership game), not by seat."""
        return bool(self.sides)

    @cached_property
    def scorers(self) -> tuple[Scorer, ...]:
        """Who keeps a score, in the order of the record's claims and the reports: the sides
        (NS first) or the seats (East first at a table of two)."""
        return tuple(side for side, _ in self.sides) if self.sides else self.seats

    def scorer(self, seat: Seat) -> Scorer:
        """Whose score ``seat``'s tricks and melds count for: his side's, or his own."""
        return self._side_of[seat] if self.sides else seat

    @cached_property
    def scorer_places(self) -> tuple[int, ...]:
        """For each seat (by place), its scorer's place in ``scorers``."""
        index = {scorer: i for i, scorer in enumerate(self.scorers)}
        return tuple(index[self.scorer(seat)] for seat in self.seats)

    def rivals(self, scorer: Scorer) -> tuple[Scorer, ...]:
        """The other scorers, in ``scorers`` order."""
        return tuple(other for other in self.scorers if other is not scorer)


#: The two-handed games: East and West (R1), East first in claims and reports; the nondealer
#: (the seat left of the dealer at a table of two) leads first (R8).
TWO_HANDED = Seating(seats=(Seat.EAST, Seat.WEST))

#: The partnership game: North, East, South, West clockwise, N-S against E-W (DP-PLAYERS); the
#: high bidder leads first (DP-PLAY1).
FOUR_PARTNERS = Seating(seats=(Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST),
                        sides=((Side.NS, (Seat.NORTH, Seat.SOUTH)),
                               (Side.EW, (Seat.EAST, Seat.WEST))),
                        first_lead="bidder")
