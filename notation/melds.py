"""Meld kinds as the rulebooks write them: ``♣5``, ``A4``, ``♦♦3``, ``♥♥2`` (East Point, R9A);
``♥F``, ``♠M``, ``P``, ``dix``, ``swap`` (old-time Pinochle, OT9A).

A meld kind names a combination and its multiplicity (``copies``: 1 single, 2 double, 3 triple,
4 quadruple); what it contains and what it is worth belong to the ruleset
(``pinochle.adjudicator.model.ruleset``). A kind is written as its symbol once a copy, then the
family's mark:

* a suit, then the digit of the family: quintet ``♣5``, trio ``♦3``, duo ``♥2`` (R9A);
* a suit, then ``F`` (sequence, "flush") or ``M`` (marriage): ``♥F``, ``♠♠M`` (OT9A);
* a rank, then ``4`` (quartet, four of a rank): ``A4``, ``KK4``;
* no symbol: pinochle ``P`` (``PP`` double, up to ``PPPP``), and the dix, laid ``dix`` or
  exchanged for the upcard ``swap`` (single only); Scarne's roundhouse ``RH`` (single only).

Letter forms are accepted on input, in any case: ``C2``, ``CC5``, ``aa4``, ``HHF``, ``ssm``,
``p``, ``DIX``. ``D`` before a digit, ``F`` or ``M`` is always diamonds: there is no deuce meld.
Every copy's symbol is spelled alike (``♣♣5`` or ``CC5``, not ``♣C5``).
"""

from __future__ import annotations

import enum
from typing import Any

from .cards import VARIATION_SELECTOR, RANK_SPELLINGS, SUIT_SPELLINGS, Interned, Rank, Suit
from .errors import NotationError


class Family(enum.Enum):
    """A family of melds, named by the mark the notation writes after its symbol: the digit of
    East Point's families (its number of distinct cards), a letter or a word for old-time
    Pinochle's."""

    QUINTET = 5
    QUARTET = 4
    TRIO = 3
    DUO = 2
    SEQUENCE = "F"
    MARRIAGE = "M"
    PINOCHLE = "P"
    DIX = "dix"
    SWAP = "swap"
    ROUNDHOUSE = "RH"       # Scarne's roundhouse: a king and a queen of every suit (SC-MELD6)
    GRAND = "GP"             # grand pinochle K♠ Q♠ J♦ (25-steps TPV2)


#: What names a meld of each family: a suit, a rank, or nothing (None).
FAMILY_SYMBOL: dict[Family, type[Suit] | type[Rank] | None] = {
    Family.QUINTET: Suit, Family.QUARTET: Rank, Family.TRIO: Suit, Family.DUO: Suit,
    Family.SEQUENCE: Suit, Family.MARRIAGE: Suit,
    Family.PINOCHLE: None, Family.DIX: None, Family.SWAP: None, Family.ROUNDHOUSE: None,
    Family.GRAND: None,
}

#: The most copies a meld of each family can have (a dix is always single: OT9E).
MAX_COPIES: dict[Family, int] = {family: 4 for family in Family}
MAX_COPIES.update({Family.DIX: 1, Family.SWAP: 1, Family.ROUNDHOUSE: 1, Family.GRAND: 1})

# families written as one word
_WORDS = {Family.DIX: "dix", Family.SWAP: "swap", Family.ROUNDHOUSE: "RH", Family.GRAND: "GP"}


def _text(family: Family, symbol: str, copies: int) -> str:
    """How a kind is written, from its symbol's spelling (a glyph or a letter)."""
    if family in _WORDS:
        return _WORDS[family]
    if family is Family.PINOCHLE:
        return "P" * copies
    return symbol * copies + str(family.value)


def _check(family: Any, symbol: Any, copies: Any) -> None:
    """Raise ``NotationError`` unless ``family``, ``symbol`` and ``copies`` make a kind."""
    if not isinstance(family, Family):
        raise NotationError(f"a meld family is a Family, not {type(family).__name__}")
    name = family.name.lower()
    wanted = FAMILY_SYMBOL[family]
    if wanted is None:
        if symbol is not None:
            raise NotationError(f"a {name} is named by no suit or rank")
    elif not isinstance(symbol, wanted):
        raise NotationError(f"a {name} is named by a {'rank' if wanted is Rank else 'suit'}")
    most = MAX_COPIES[family]
    if type(copies) is not int or not 1 <= copies <= most:
        allowed = "1" if most == 1 else f"1 to {most}"
        raise NotationError(f"a {name} has {allowed} copies, not {copies!r}")


class MeldKind(Interned):
    """A combination of a meld table and its multiplicity. Interned like cards: compare with
    ``is`` or ``==``.

    ``MeldKind(family, symbol, double=False, *, copies=None)``: ``copies`` (1 to 4), when given,
    overrides ``double``. ``double`` is ``copies == 2``."""

    __slots__ = ("family", "suit", "rank", "copies", "double")
    _interned: dict[tuple[Family, Suit | Rank | None, int], MeldKind] = {}

    family: Family
    suit: Suit | None
    rank: Rank | None
    copies: int
    double: bool

    def __new__(cls, family: Family, symbol: Suit | Rank | None = None, double: bool = False,
                *, copies: int | None = None) -> MeldKind:
        if copies is None:
            copies = 2 if double else 1
        key = (family, symbol, copies)
        kind = cls._interned.get(key)
        if kind is None:
            _check(family, symbol, copies)
            kind = object.__new__(cls)
            kind._freeze(family=family, copies=copies, double=copies == 2,
                         _text=_text(family, str(symbol), copies),
                         suit=symbol if isinstance(symbol, Suit) else None,
                         rank=symbol if isinstance(symbol, Rank) else None)
            cls._interned[key] = kind
        return kind

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle, (self.family, self.symbol, self.copies))

    @property
    def symbol(self) -> Suit | Rank | None:
        """The suit or rank that names the kind; None for pinochle and the dix."""
        return self.rank if self.rank is not None else self.suit

    @property
    def single(self) -> MeldKind:
        """The single meld of this combination (itself when single)."""
        return MeldKind(self.family, self.symbol)

    @property
    def doubled(self) -> MeldKind:
        """The double meld of this combination (``NotationError`` for the dix)."""
        return MeldKind(self.family, self.symbol, copies=2)

    @property
    def letters(self) -> str:
        """Letter spelling, for when pip typography is not available: ``CC5``, ``A4``,
        ``HHF``, ``PP``, ``dix``."""
        symbol = self.symbol
        return _text(self.family, "" if symbol is None else symbol.letter, self.copies)

    @classmethod
    def _lookup(cls, text: str) -> MeldKind | None:
        return MELD_SPELLINGS.get(text) or MELD_SPELLINGS.get(text.lower())

    @classmethod
    def _expected(cls) -> str:
        return "a meld such as ♣2, AA4 or ♦♦3"

    @classmethod
    def all(cls) -> tuple[MeldKind, ...]:
        """The 34 kinds of East Point's R9A, in the table's order, each single then double."""
        return ALL_MELD_KINDS


def _unpickle(family: Family, symbol: Suit | Rank | None, copies: int) -> MeldKind:
    return MeldKind(family, symbol, copies=copies)


_QUARTET_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def _symbols(family: Family, ranks: tuple[Rank, ...] = _QUARTET_RANKS) -> list[Suit | Rank | None]:
    wanted = FAMILY_SYMBOL[family]
    if wanted is None:
        return [None]
    return list(ranks) if wanted is Rank else list(Suit)


def _table(rows: tuple[tuple[Family, tuple[Rank, ...]], ...]) -> tuple[MeldKind, ...]:
    """Each row's kinds: for each symbol, single then double (single only for the dix)."""
    table: list[MeldKind] = []
    for family, ranks in rows:
        for symbol in _symbols(family, ranks):
            table += [MeldKind(family, symbol, copies=n)
                      for n in range(1, min(2, MAX_COPIES[family]) + 1)]
    return tuple(table)


#: East Point's 34 kinds (R9A), in the table's order, each single then double.
ALL_MELD_KINDS = _table(((Family.QUINTET, ()), (Family.QUARTET, _QUARTET_RANKS),
                         (Family.TRIO, ()), (Family.DUO, ())))

#: Old-time Pinochle's table (OT9A), in its order, each single then double: sequence and
#: marriage in every suit, dix, swap, four aces, kings, queens, jacks, pinochle (28 kinds).
#: Which of them are melds under a given trump is the ruleset's business.
OLD_TIME_MELD_KINDS = _table((
    (Family.SEQUENCE, ()), (Family.MARRIAGE, ()), (Family.DIX, ()), (Family.SWAP, ()),
    (Family.QUARTET, (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)), (Family.PINOCHLE, ())))

#: Every kind the notation can write: each family, symbol and multiplicity (107 kinds).
EVERY_MELD_KIND: tuple[MeldKind, ...] = tuple(
    MeldKind(family, symbol, copies=n)
    for family in Family for symbol in _symbols(family)
    for n in range(1, MAX_COPIES[family] + 1))


def _spellings(kind: MeldKind) -> list[str]:
    """The spellings of ``kind`` a lookup finds as written: its symbol's spellings (glyphs with
    and without the variation selector, letters in both cases) with the mark in both cases.
    (Any other mixture of cases is found in lower case: ``MeldKind._lookup``, ``classify``.)"""
    if kind.family in _WORDS:
        return sorted({_WORDS[kind.family], _WORDS[kind.family].lower()})
    mark = str(kind.family.value)
    marks = sorted({mark, mark.lower()})
    if kind.family is Family.PINOCHLE:
        return [m * kind.copies for m in marks]
    if kind.suit is not None:
        symbols = [sp for sp, s in SUIT_SPELLINGS.items() if s is kind.suit]
        symbols += [sp + VARIATION_SELECTOR for sp in symbols if not sp.isalpha()]
    else:
        symbols = [sp for sp, r in RANK_SPELLINGS.items() if r is kind.rank and sp.isalpha()]
        symbols += [sp.lower() for sp in symbols]
    return [sp * kind.copies + m for sp in symbols for m in marks]


#: Every accepted spelling of every meld kind, as written.
MELD_SPELLINGS: dict[str, MeldKind] = {
    spelling: kind for kind in EVERY_MELD_KIND for spelling in _spellings(kind)}
