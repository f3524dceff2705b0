"""Card counts, the per-ruleset tables made once (``per_ruleset``), and the meld tables that make
meld checks cheap.

A position is counted, not listed: ``Counts`` is a tuple of 28 ints indexed by ``Card.index``
(how many copies of each face). Each ruleset's meld table (R9A) is turned once into a
``MeldNeed`` per kind: its need-vector, the (index, copies) pairs it needs, and one bit mask per
multiplicity level, so that "does this hand hold this meld" is a few integer operations, never a
search over card subsets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import wraps
from typing import TypeVar

from pinochle.notation.cards import ALL_CARDS, Card, Suit
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.model.ruleset import MeldEntry, Ruleset

T = TypeVar("T")

#: How many copies of each face, indexed by ``Card.index`` (0..27).
Counts = tuple[int, ...]

FACES = len(ALL_CARDS)
NO_CARDS: Counts = (0,) * FACES
#: The faces by index (``BY_INDEX[card.index] is card``).
BY_INDEX: tuple[Card, ...] = tuple(sorted(ALL_CARDS, key=lambda card: card.index))


def counts(cards: Iterable[Card]) -> Counts:
    """The count vector of some cards: ``counts([A♥, A♥])[A♥.index] == 2``."""
    vector = [0] * FACES
    for card in cards:
        vector[card.index] += 1
    return tuple(vector)


def cards_of(vector: Counts) -> tuple[Card, ...]:
    """The cards a count vector holds, in canonical hand order (clubs first, deuce first)."""
    return tuple(card for card in ALL_CARDS for _ in range(vector[card.index]))


def level_masks(vector: Counts, levels: int) -> tuple[int, ...]:
    """Bit masks ``m[k-1]`` = faces with at least ``k`` copies, for ``k = 1..levels``."""
    masks = [0] * levels
    for index, n in enumerate(vector):
        if n:
            bit = 1 << index
            for k in range(min(n, levels)):
                masks[k] |= bit
    return tuple(masks)


def per_ruleset(build: Callable[[Ruleset], T]) -> Callable[[Ruleset], T]:
    """``build`` made once per ruleset, then cached. Rulesets hold mappings, so they are not
    hashable: the cache is keyed by identity and keeps the ruleset alive beside its value, so that
    an id is never reused for another ruleset. The value is shared: never change it."""
    cache: dict[int, tuple[Ruleset, T]] = {}

    @wraps(build)
    def cached(ruleset: Ruleset) -> T:
        hit = cache.get(id(ruleset))
        if hit is not None and hit[0] is ruleset:
            return hit[1]
        value = build(ruleset)
        cache[id(ruleset)] = (ruleset, value)
        return value
    return cached


def per_card(table: Mapping[Card, int]) -> list[int]:
    """A card table (copies in the pack, trick points) as a list indexed by ``Card.index``."""
    vector = [0] * FACES
    for card, value in table.items():
        vector[card.index] = value
    return vector


@dataclass(frozen=True)
class MeldNeed:
    """What one meld kind of one ruleset needs, precomputed.

    ``order`` is the distinct faces in the table's order (R9A's contents column); ``pairs`` is
    ``(index, copies)`` in that order; ``masks[k-1]`` the faces it needs ``k`` or more copies of;
    ``klass`` and ``free`` are the table entry's (the reuse class; made beside another meld).
    """

    kind: MeldKind
    points: int
    cards: tuple[Card, ...]
    need: Counts
    order: tuple[Card, ...]
    pairs: tuple[tuple[int, int], ...]
    masks: tuple[int, ...]
    any_mask: int
    klass: int = 0
    free: bool = False
    exchange: bool = False
    once: int | None = None     # a class no reused copy may have been in (SC-MELD5)
    also: tuple[tuple[int, int], ...] = ()  # further classes it enters (SC-MELD6)
    mark: int | None = None     # the value it leaves in its class, if not its points
    rank: int = 0

    @property
    def reuse_value(self) -> int:
        """What the per-copy reuse rule compares: the type's rank where the table ranks types
        (25-steps TP19a2), else the points (OT9G)."""
        return self.rank or self.points


@dataclass(frozen=True)
class MeldTable:
    """A ruleset's melds in table order, and the deepest multiplicity any of them needs."""

    needs: dict[MeldKind, MeldNeed]
    levels: int


def _build(entries: Mapping[MeldKind, MeldEntry]) -> MeldTable:
    levels = max((max(counts(e.cards)) for e in entries.values()), default=1)
    needs: dict[MeldKind, MeldNeed] = {}
    for kind, entry in entries.items():
        need = counts(entry.cards)
        order = tuple(dict.fromkeys(entry.cards))
        masks = level_masks(need, levels)
        needs[kind] = MeldNeed(
            kind=kind,
            points=entry.points,
            cards=entry.cards,
            need=need,
            order=order,
            pairs=tuple((card.index, need[card.index]) for card in order),
            masks=masks,
            any_mask=masks[0],
            klass=entry.klass,
            free=entry.free,
            exchange=entry.exchange,
            once=entry.once,
            also=entry.also,
            mark=entry.mark,
            rank=entry.rank,
        )
    return MeldTable(needs=needs, levels=levels)


@per_ruleset
def _tables(ruleset: Ruleset) -> dict[Suit | None, MeldTable]:
    return {}


def meld_table(ruleset: Ruleset, trump: Suit | None = None) -> MeldTable:
    """The precomputed meld table of a ruleset for a trump suit (``None``: no trump), built on
    first use, then cached."""
    tables = _tables(ruleset)
    table = tables.get(trump)
    if table is None:
        table = tables[trump] = _build(ruleset.melds_for(trump))
    return table
