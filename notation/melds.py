"""Meld kinds as the rulebook writes them (R9A): ``♣5``, ``A4``, ``♦♦3``, ``♥♥2``.

A meld kind names a combination and whether it is single or double; what it contains and what it
is worth belong to the ruleset (``pinochle.adjudicator.rulesets``). The symbol is a suit for the
suit families (quintet 5, trio 3, duo 2) and a rank for the quartets (4); a double meld writes the
symbol twice. Letter forms (``C2``, ``CC5``, ``aa4``, ``DD3``) are accepted on input. ``D`` before
a digit is always diamonds: there is no deuce meld.
"""

from __future__ import annotations

import enum
from typing import Any

from .cards import VARIATION_SELECTOR, RANK_SPELLINGS, SUIT_SPELLINGS, Interned, Rank, Suit
from .errors import NotationError


class Family(enum.Enum):
    """A family of melds, named by the digit the rulebook writes (its number of distinct cards)."""

    QUINTET = 5
    QUARTET = 4
    TRIO = 3
    DUO = 2


class MeldKind(Interned):
    """A combination of R9A, single or double. Interned like cards: compare with ``is`` or
    ``==``."""

    __slots__ = ("family", "suit", "rank", "double")
    _interned: dict[tuple[Family, Suit | Rank, bool], MeldKind] = {}

    family: Family
    suit: Suit | None
    rank: Rank | None
    double: bool

    def __new__(cls, family: Family, symbol: Suit | Rank, double: bool = False) -> MeldKind:
        key = (family, symbol, double)
        kind = cls._interned.get(key)
        if kind is None:
            if (family is Family.QUARTET) != isinstance(symbol, Rank):
                raise NotationError(f"a {family.name.lower()} is named by a "
                                    f"{'rank' if family is Family.QUARTET else 'suit'}")
            kind = object.__new__(cls)
            text = str(symbol) * (2 if double else 1) + str(family.value)
            kind._freeze(family=family, double=double, _text=text,
                         suit=symbol if isinstance(symbol, Suit) else None,
                         rank=symbol if isinstance(symbol, Rank) else None)
            cls._interned[key] = kind
        return kind

    def __reduce__(self) -> tuple[Any, ...]:
        return (MeldKind, (self.family, self.symbol, self.double))

    @property
    def symbol(self) -> Suit | Rank:
        # ignore: a kind without a rank has a suit (__new__ sets exactly one of them)
        return self.rank if self.rank is not None else self.suit  # type: ignore[return-value]

    @property
    def single(self) -> MeldKind:
        """The single meld of this combination (itself when single)."""
        return MeldKind(self.family, self.symbol, False)

    @property
    def doubled(self) -> MeldKind:
        return MeldKind(self.family, self.symbol, True)

    @property
    def letters(self) -> str:
        """Letter spelling, for when pip typography is not available: ``CC5``, ``A4``."""
        return self.symbol.letter * (2 if self.double else 1) + str(self.family.value)

    @classmethod
    def _lookup(cls, text: str) -> MeldKind | None:
        return MELD_SPELLINGS.get(text)

    @classmethod
    def _expected(cls) -> str:
        return "a meld such as ♣2, AA4 or ♦♦3"

    @classmethod
    def all(cls) -> tuple[MeldKind, ...]:
        """The 34 kinds of R9A, in the table's order, each single then double."""
        return ALL_MELD_KINDS


def _kinds() -> tuple[MeldKind, ...]:
    table: list[MeldKind] = []
    for family in (Family.QUINTET, Family.QUARTET, Family.TRIO, Family.DUO):
        symbols: list[Suit | Rank] = (
            [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN]
            if family is Family.QUARTET else list(Suit)
        )
        for symbol in symbols:
            table += [MeldKind(family, symbol, False), MeldKind(family, symbol, True)]
    return tuple(table)


ALL_MELD_KINDS = _kinds()

#: Every accepted spelling of every meld kind, as written.
MELD_SPELLINGS: dict[str, MeldKind] = {}
for _kind in ALL_MELD_KINDS:
    if _kind.suit is not None:
        _spellings = [sp for sp, s in SUIT_SPELLINGS.items() if s is _kind.suit]
        _spellings += [sp + VARIATION_SELECTOR for sp in _spellings if not sp.isalpha()]
    else:
        _spellings = [sp for sp, r in RANK_SPELLINGS.items() if r is _kind.rank and sp.isalpha()]
        _spellings += [sp.lower() for sp in _spellings]
    for _sp in _spellings:
        _twice = _sp * 2 if _kind.double else _sp
        MELD_SPELLINGS[_twice + str(_kind.family.value)] = _kind
