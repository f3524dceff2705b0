"""Per-copy meld histories of one player's exposed cards, for the old-time reuse rules (OT9F,
OT9G): a card used in a meld of one class may go into a later meld of the same class only if
that meld is worth more than each earlier meld of the class the card was in; other classes do
not care (OT9F).

Each exposed copy has a history: the highest value of a meld of each class it was part of (0:
none). Two copies of one face can have different histories, and a record cannot say which copy
was played to a trick or reused by a meld. So the ledger keeps a small set of *alternatives*,
each a possible assignment of histories to the exposed copies (docs/rulings.md, "Which copy"):

- a copy played from the exposed hand is the more used one when one history is at least the
  other's in every class (that keeps the more eligible copy in hand); when the two are
  incomparable, both choices are kept as alternatives;
- a meld is legal if it is legal in at least one alternative; afterwards only those are kept,
  one for each way of choosing which eligible copies it reused;
- alternatives are deduplicated and capped at ``MAX_ALTERNATIVES``.

Counts (how many copies of each face are exposed) are the same in every alternative; only the
histories differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

__all__ = ["Also", "CLASSES", "MARRIAGES", "CopyLedger", "History", "MAX_ALTERNATIVES", "with_meld"]

#: Old-time classes A, B, C (0, 1, 2), then Scarne's marriages (3: ``MARRIAGES``), a class no
#: copy may enter twice (SC-MELD5: a card of a marriage is never in another marriage).
CLASSES = 4
MARRIAGES = 3
MAX_ALTERNATIVES = 64
History = tuple[int, ...]
EMPTY: History = (0,) * CLASSES
#: One alternative: face index -> the histories of its exposed copies, sorted.
Alternative = dict[int, tuple[History, ...]]
#: What a meld needs: (face index, copies) pairs.
Pairs = Sequence[tuple[int, int]]


def _key(alt: Alternative) -> tuple[tuple[int, tuple[History, ...]], ...]:
    return tuple(sorted((face, copies) for face, copies in alt.items() if copies))


def _dominates(a: History, b: History) -> bool:
    return all(x >= y for x, y in zip(a, b))


#: Further classes a meld enters, each with the value it leaves there (the roundhouse's four
#: kings and four queens: class B, SC-MELD6).
Also = tuple[tuple[int, int], ...]


def _with(history: History, klass: int, value: int, once: int | None = None,
          also: Also = ()) -> History:
    grown = history[:klass] + (max(history[klass], value),) + history[klass + 1:]
    if once is not None:
        grown = _with(grown, once, value)
    for other, mark in also:
        grown = _with(grown, other, mark)
    return grown


def with_meld(history: History, klass: int, value: int, once: int | None = None,
              also: Also = ()) -> History:
    """A copy's history once it is in a meld of ``klass`` worth ``value`` (and of the class
    ``once``, SC-MELD5, and the classes ``also``, SC-MELD6)."""
    return _with(history, klass, value, once, also)


class CopyLedger:
    """One player's exposed copies and their histories, as a set of alternatives."""

    __slots__ = ("alternatives",)

    def __init__(self) -> None:
        self.alternatives: list[Alternative] = [{}]

    def _keep(self, alternatives: list[Alternative]) -> None:
        unique: dict[object, Alternative] = {}
        for alt in alternatives:
            unique.setdefault(_key(alt), alt)
        self.alternatives = list(unique.values())[:MAX_ALTERNATIVES] or [{}]

    def copy(self) -> CopyLedger:
        """An independent ledger with the same alternatives."""
        twin = CopyLedger()
        twin.alternatives = [dict(alt) for alt in self.alternatives]
        return twin

    def clear(self) -> None:
        """The exposed cards go back to the concealed hand (OT8F): no histories remain."""
        self.alternatives = [{}]

    def expose(self, face: int, n: int = 1) -> None:
        """``n`` copies join the exposed hand with no meld history (an exposure, M7)."""
        for alt in self.alternatives:
            alt[face] = tuple(sorted(alt.get(face, ()) + (EMPTY,) * n))

    def play(self, face: int) -> None:
        """A copy of ``face`` leaves the exposed hand for a trick."""
        out: list[Alternative] = []
        for alt in self.alternatives:
            copies = alt.get(face, ())
            if not copies:
                out.append(alt)
                continue
            top = [h for h in set(copies)
                   if not any(o != h and _dominates(o, h) for o in copies)]
            for h in sorted(top) if len(top) > 1 else [max(copies, key=sum)]:
                rest = list(copies)
                rest.remove(h)
                branch = dict(alt)
                branch[face] = tuple(rest)
                out.append(branch)
        self._keep(out)

    def eligible(self, alt: Alternative, face: int, klass: int, value: int,
                 fresh_only: bool, once: int | None = None, also: Also = ()) -> list[History]:
        """The copies of ``face`` in ``alt`` that a meld of ``klass`` worth ``value`` may reuse:
        never in a meld of that class worth as much (OT9G); with ``fresh_only``, never in one
        of that class at all; with ``once`` (a class the meld also enters), never in that class
        (SC-MELD5); in each class of ``also``, never in a meld worth as much (SC-MELD6)."""
        return [h for h in alt.get(face, ())
                if (h[klass] == 0 if fresh_only else h[klass] < value)
                and (once is None or h[once] == 0)
                and all(h[other] < value for other, _ in also)]

    def takes(self, pairs: Pairs, concealed: Sequence[int], klass: int, value: int,
              fresh_only: bool = False, once: int | None = None,
              also: Also = ()) -> list[int] | None:
        """For the first alternative in which the meld's reuse is legal: how many copies of each
        face of ``pairs`` come from the concealed hand (eligible exposed copies are used first);
        ``None`` when no alternative allows it (OT9G)."""
        for alt in self.alternatives:
            takes = []
            for face, n in pairs:
                reuse = min(n, len(self.eligible(alt, face, klass, value, fresh_only, once,
                                                 also)))
                if n - reuse > concealed[face]:
                    break
                takes.append(n - reuse)
            else:
                return takes
        return None

    def meld(self, pairs: Pairs, takes: Sequence[int], klass: int, value: int,
             fresh_only: bool = False, once: int | None = None, also: Also = (),
             mark: int | None = None, force: bool = False) -> None:
        """Apply a legal meld: ``takes[k]`` copies of ``pairs[k]``'s face come from the
        concealed hand, the rest reuse eligible exposed copies; every copy used gets the meld
        in its history (``mark`` in ``klass`` and ``once`` when given, else ``value``; each
        class of ``also`` its own value). Alternatives that cannot reuse so are dropped; each
        way of choosing the reused copies is kept. ``force``: an illegal meld that stands as
        credited (SC-BADMELD1) reuses ineligible copies too when the eligible ones are too
        few, and marks them all."""
        worth = value if mark is None else mark
        if all(taken == n for (_, n), taken in zip(pairs, takes)):     # every card fresh
            new_copy = _with(EMPTY, klass, worth, once, also)
            for alt in self.alternatives:
                for face, n in pairs:
                    alt[face] = tuple(sorted(alt.get(face, ()) + (new_copy,) * n))
            return
        out: list[Alternative] = []
        for alt in self.alternatives:
            branches = [dict(alt)]
            for (face, n), taken in zip(pairs, takes):
                reuse = n - taken
                pool = self.eligible(alt, face, klass, value, fresh_only, once, also)
                if force and reuse > len(pool):
                    pool = list(alt.get(face, ()))
                if reuse > len(pool):
                    branches = []
                    break
                new: list[Alternative] = []
                for chosen in set(combinations(sorted(pool), reuse)):
                    for branch in branches:
                        copies = list(alt.get(face, ()))
                        for h in chosen:
                            copies.remove(h)
                        used = [_with(h, klass, worth, once, also) for h in chosen]
                        fresh = [_with(EMPTY, klass, worth, once, also)] * taken
                        grown = dict(branch)
                        grown[face] = tuple(sorted(copies + used + fresh))
                        new.append(grown)
                branches = new
            out += branches
        if out:
            self._keep(out)
        else:           # no alternative allows it: the cards are laid down without credit
            for (face, _), taken in zip(pairs, takes):
                self.expose(face, taken)
