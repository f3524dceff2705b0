"""The numbering a record writes: trick numbers in a battle, battle numbers in a game.

Numbers count 1, 2, 3… One fault in the numbering is one finding, at the line where the numbering
goes wrong, never one per line after it (docs/rulings.md, "One fault, one finding:
numbering"). Where a line's number is not the one expected, the line after it says how the
writer went on, and so how the rest is read:

- **out of order** (``5. 7. 6. 8.``): the line is the next but one and the line after it is
  the one expected: the two were written the wrong way round; the count goes on after both;
- **a slip** (``5. 9. 7. 8.``): the line after it is the one after the expected: the count goes
  on as if the line were rightly numbered;
- **renumbered** (any other: ``5. 7. 8.`` skips 6, ``5. 5. 6.`` repeats 5): the rest is read as
  numbered from the faulty line on.

``Numbering`` is the walkers' counter (``replay``, ``tablebattle``, ``gamerules``); a fault is a
value (``Fault``) the walker turns into a finding with its ruleset's own rule id.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple

__all__ = ["Fault", "Numbering", "faults", "following"]


class Fault(NamedTuple):
    """A line numbered ``claimed`` where ``expected`` was due, after a line numbered ``last``
    (None: the first line); ``how`` is one of ``skipped``, ``repeated`` (the last number
    again), ``back`` (any other number below the one due), ``swapped`` or ``slip``."""

    claimed: int
    expected: int
    how: str
    last: int | None = None

    def message(self, noun: str, whole: str, rule: str = "") -> str:
        """``trick 7 is trick 6 of the battle: …`` (``noun`` names a line, ``whole`` what it is
        numbered in, ``rule`` the id cited in the text, if any), then what the fault is and how
        the lines after it are read (a slip says no more)."""
        n, e = self.claimed, self.expected
        cite = f" ({rule})" if rule else ""
        head = f"{noun} {n} is {noun} {e} of the {whole}: {noun}s are numbered from 1 in " \
               f"each {whole}{cite}"
        if self.how == "slip":
            return head
        gone = f"number {e} is" if n == e + 1 else f"numbers {e} to {n - 1} are"
        what = {"skipped": f"the {gone} skipped",
                "repeated": f"the number {n} is written twice",
                "back": (f"the numbering starts at {n}" if self.last is None else
                         f"the number {n} comes after {self.last}"),
                "swapped": f"{noun}s {e} and {n} are written in the wrong order"}[self.how]
        rest = "" if self.how == "swapped" else \
            f", and the {noun}s after it are read as numbered on from {n}"
        return f"{head}; {what}{rest}"


class Numbering:
    """The count of numbered lines, from 1 (``restart`` starts it again: a new deal)."""

    __slots__ = ("expected", "resume", "last")

    def __init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        self.expected = 1
        self.resume = 0         # after an out-of-order pair: the number due after its second
        self.last: int | None = None    # the number of the line before

    def check(self, number: int, following: Callable[[], int | None]) -> Fault | None:
        """The line numbered ``number`` comes next; ``following`` gives the next line's number
        (None: there is none), asked only when this one is wrong. Its fault, or None."""
        expected, last = self.expected, self.last
        self.last = number
        if number == expected:
            self.expected, self.resume = (self.resume or number + 1), 0
            return None
        after = following()
        if number == expected + 1 and after == expected:
            self.resume = expected + 2
            return Fault(number, expected, "swapped", last)   # ``expected`` stays due, then resume
        if after == expected + 1:
            self.expected = expected + 1
            return Fault(number, expected, "slip", last)
        self.expected, self.resume = number + 1, 0
        how = "skipped" if number > expected else "repeated" if number == last else "back"
        return Fault(number, expected, how, last)


def following(lines: Sequence[Any], line: Any, restart: type | None = None
              ) -> Callable[[], int | None]:
    """The number of the line after ``line`` of its type in ``lines`` (a trick among a
    battle's events), None if there is none before an event of type ``restart`` (a new deal,
    which numbers its tricks from 1 again): asked for only when ``line`` is misnumbered."""
    def number() -> int | None:
        kind = type(line)
        at = next(i for i, e in enumerate(lines) if e is line)
        for e in lines[at + 1:]:
            if type(e) is kind:
                return int(e.number)
            if restart is not None and type(e) is restart:
                return None
        return None
    return number


def faults(numbers: Sequence[int]) -> dict[int, Fault]:
    """The faults of a whole numbering known at once (a game's battle numbers), by the place
    (from 1) of the line where each is."""
    counter = Numbering()
    found: dict[int, Fault] = {}
    for place, number in enumerate(numbers, 1):
        fault = counter.check(number, partial(_next, numbers, place))
        if fault is not None:
            found[place] = fault
    return found


def _next(numbers: Sequence[int], place: int) -> int | None:
    return numbers[place] if place < len(numbers) else None
