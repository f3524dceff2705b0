"""Seats, suits, ranks and cards: tiny immutable values with a canonical text form.

``str(x)`` is the canonical spelling (pip glyphs, rank first: ``Q♥``); ``X.parse(text)`` accepts
every spelling people use (``QH``, ``qh``, ``10♥``, ``Q♡``, ``Q♥️``) and ``X.parse(str(x)) is x``.
``repr(x)`` can be pasted back into Python.

The members are listed in East Point's order (suits clubs, spades, hearts, diamonds; ranks deuce,
ace, king, queen, jack, ten, nine), which is the canonical order for writing hands. That is all it
is: these values only name cards. Which card beats which is each ruleset's data
(``Ruleset.rank_order``, ``Ruleset.suit_order``; East Point's R2A1, R2A2).
"""

from __future__ import annotations

import enum
from functools import total_ordering
from typing import Any

from .errors import NotationError, quoted

# The emoji variation selector that phones append to suit glyphs (♥️ is "♥" + U+FE0F).
VARIATION_SELECTOR = "\ufe0f"


def _as_pydantic_str(cls: type[_TextValue | Interned]) -> Any:
    """A pydantic core schema that reads a value from its text form and writes ``str(value)``;
    its JSON schema (OpenAPI's) is a string."""
    from pydantic_core import core_schema

    def validate(value: Any) -> Any:
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        raise ValueError(f"expected a {cls.__name__} or its text form")

    return core_schema.no_info_plain_validator_function(
        validate, json_schema_input_schema=core_schema.str_schema(),
        serialization=core_schema.plain_serializer_function_ser_schema(
            str, return_schema=core_schema.str_schema()),
    )


def _text_json_schema(cls: type[_TextValue | Interned]) -> dict[str, Any]:
    """The JSON schema of such a value: a string (the service publishes its models)."""
    return {"type": "string", "title": cls.__name__,
            "description": f"a {cls.__name__} as a record writes it (docs/notation.md)"}


def _parse(cls: Any, text: str) -> Any:
    """``cls._lookup`` the stripped text, or raise saying what ``cls`` expected
    (``NotationError``; ``TypeError`` when ``text`` is not a ``str``)."""
    if not isinstance(text, str):
        raise TypeError(f"{cls.__name__}.parse() expects a str, got {type(text).__name__}")
    value = cls._lookup(text.strip())
    if value is None:
        raise NotationError(f"expected {cls._expected()}, found {quoted(text)}")
    return value


class _TextValue(enum.Enum):
    """What Seat, Suit and Rank share: a repr to paste back, ``parse`` through a table of
    spellings, and pydantic reading and writing them as text."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def _lookup(cls, text: str) -> Any:
        raise NotImplementedError

    @classmethod
    def _expected(cls) -> str:
        raise NotImplementedError

    @classmethod
    def parse(cls, text: str) -> Any:
        # a def, not ``parse = classmethod(_parse)`` as in Interned: in an Enum's body mypy
        # would take that assignment for a member
        return _parse(cls, text)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return _as_pydantic_str(cls)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        return _text_json_schema(cls)


class Seat(_TextValue):
    """A seat at the table. The two-handed games seat East and West (R1); the four-handed
    partnership game seats North, East, South and West clockwise, N-S partners against E-W
    (DP-PLAYERS)."""

    EAST = "E"
    WEST = "W"
    NORTH = "N"
    SOUTH = "S"

    #: Members are singletons, so identity is their equality (Enum's ``__eq__`` is identity);
    #: hashing by identity makes a dict keyed by seats (``sites.places``: a seat's place in
    #: the ruleset's seats) a C-speed lookup instead of Enum's ``hash(self._name_)`` in Python.
    __hash__ = object.__hash__

    @property
    def other(self) -> Seat:
        """The opponent in a two-handed game (East's is West); for North and South, their
        partner (there is no single opponent at a table of four)."""
        return _OTHER[self]

    @property
    def partner(self) -> Seat:
        """The seat across the table (N-S, E-W: DP-PLAYERS)."""
        return _PARTNER[self]

    @property
    def left(self) -> Seat:
        """The next seat clockwise at a table of four (N, E, S, W): the next dealer
        (DP-DEAL3) and the next to call or play (DP-BID1)."""
        return _LEFT[self]

    @property
    def side(self) -> Side:
        """The partnership the seat belongs to at a table of four."""
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @property
    def word(self) -> str:
        return _WORDS[self]

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _lookup(cls, text: str) -> Seat | None:
        return _SEATS.get(text.lower())

    @classmethod
    def _expected(cls) -> str:
        return "a seat (E or W)"


#: The two seats of a two-handed game, East first (the order of its claims and reports).
TWO_SEATS = (Seat.EAST, Seat.WEST)
#: The four seats of the partnership game in clockwise order from North (its hand lines' order).
FOUR_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
#: The three-handed game's seats, clockwise, in the order of its deal lines and claims (§12).
THREE_SEATS = (Seat.NORTH, Seat.EAST, Seat.WEST)

_SEATS = {"e": Seat.EAST, "east": Seat.EAST, "w": Seat.WEST, "west": Seat.WEST,
          "n": Seat.NORTH, "north": Seat.NORTH, "s": Seat.SOUTH, "south": Seat.SOUTH}
_WORDS = {Seat.EAST: "East", Seat.WEST: "West", Seat.NORTH: "North", Seat.SOUTH: "South"}
_PARTNER = {Seat.NORTH: Seat.SOUTH, Seat.SOUTH: Seat.NORTH, Seat.EAST: Seat.WEST,
            Seat.WEST: Seat.EAST}
_OTHER = _PARTNER
_LEFT = {Seat.NORTH: Seat.EAST, Seat.EAST: Seat.SOUTH, Seat.SOUTH: Seat.WEST,
         Seat.WEST: Seat.NORTH}


class Side(_TextValue):
    """A partnership at a table of four: North-South or East-West (DP-PLAYERS)."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _lookup(cls, text: str) -> Side | None:
        return _SIDES.get(text.lower())

    @classmethod
    def _expected(cls) -> str:
        return "a side (NS or EW)"


_SIDES = {"ns": Side.NS, "ew": Side.EW}


class Suit(_TextValue):
    """A suit: its pip glyph and its letter."""

    CLUBS = ("♣", "C")
    SPADES = ("♠", "S")
    HEARTS = ("♥", "H")
    DIAMONDS = ("♦", "D")

    def __init__(self, glyph: str, letter: str) -> None:
        self.glyph = glyph
        self.letter = letter

    def __str__(self) -> str:
        return self.glyph

    @classmethod
    def _lookup(cls, text: str) -> Suit | None:
        return SUIT_SPELLINGS.get(text.replace(VARIATION_SELECTOR, ""))

    @classmethod
    def _expected(cls) -> str:
        return "a suit such as ♥ or H"


#: Every accepted spelling of a suit (after removing the variation selector).
SUIT_SPELLINGS: dict[str, Suit] = {}
for _suit, _white in zip(Suit, "♧♤♡♢"):
    for _spelling in (_suit.glyph, _white, _suit.letter, _suit.letter.lower()):
        SUIT_SPELLINGS[_spelling] = _suit


class Rank(_TextValue):
    """A rank: its letter."""

    DEUCE = "D"
    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "T"
    NINE = "N"

    def __init__(self, letter: str) -> None:
        self.letter = letter

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def _lookup(cls, text: str) -> Rank | None:
        return RANK_SPELLINGS.get(text.upper())

    @classmethod
    def _expected(cls) -> str:
        return "a rank such as Q, T or N"


#: Every accepted spelling of a rank, upper case ("10" for the ten, "9" for the nine).
RANK_SPELLINGS: dict[str, Rank] = {r.letter: r for r in Rank}
RANK_SPELLINGS.update({"10": Rank.TEN, "9": Rank.NINE})


class Interned:
    """What Card and MeldKind share: one instance per value (compare with ``is``), immutable,
    ``str`` the canonical text, a repr that pastes back (``Card.parse('Q♥')``), ``parse`` through
    a table of spellings, and pydantic reading and writing them as text."""

    __slots__ = ("_text",)
    _text: str

    def _freeze(self, **fields: Any) -> None:
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} values are immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return hash(self._text)

    parse = classmethod(_parse)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return _as_pydantic_str(cls)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        return _text_json_schema(cls)


@total_ordering
class Card(Interned):
    """A card face: rank and suit. Identical copies (R2A4's double ranks) are the same value.

    Cards are interned: ``Card(rank, suit)`` always returns one of the 28 instances, so ``is``
    works and ``index`` (0..27, suit-major, highest first) addresses tables.
    """

    __slots__ = ("rank", "suit", "index")
    _interned: dict[tuple[Rank, Suit], Card] = {}

    rank: Rank
    suit: Suit
    index: int

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        try:
            return cls._interned[(rank, suit)]
        except KeyError:
            raise NotationError(f"no such card: {rank!r}, {suit!r}") from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit, index: int) -> Card:
        card = object.__new__(cls)
        card._freeze(rank=rank, suit=suit, index=index, _text=rank.letter + suit.glyph)
        cls._interned[(rank, suit)] = card
        return card

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.rank, self.suit))

    def __hash__(self) -> int:
        return self.index

    __eq__ = Interned.__eq__  # defining __hash__ here must not lose the inherited __eq__

    def __lt__(self, other: Card) -> bool:
        # Sorted order is the canonical order for writing hands: clubs first, deuce first.
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    @property
    def letters(self) -> str:
        """The letter spelling, for when pip typography is not available (R2A2): ``QH``."""
        return self.rank.letter + self.suit.letter

    @classmethod
    def _lookup(cls, text: str) -> Card | None:
        return CARD_SPELLINGS.get(text)

    @classmethod
    def _expected(cls) -> str:
        return "a card such as Q♥ or QH"

    @classmethod
    def all(cls) -> tuple[Card, ...]:
        """The 28 faces, highest suit and rank first (D♣ … N♦)."""
        return ALL_CARDS


ALL_CARDS: tuple[Card, ...] = tuple(
    Card._make(rank, suit, 27 - (suit_i * 7 + rank_i))
    for suit_i, suit in enumerate(Suit)
    for rank_i, rank in enumerate(Rank)
)
ALL_CARDS = tuple(sorted(ALL_CARDS, key=lambda c: -c.index))

#: Every accepted spelling of every card, as written (case variants and the variation selector
#: included), so a lexer can classify a word with one dictionary lookup.
CARD_SPELLINGS: dict[str, Card] = {}
for _card in ALL_CARDS:
    _ranks = [sp for sp, r in RANK_SPELLINGS.items() if r is _card.rank]
    _ranks += [sp.lower() for sp in _ranks if sp.isalpha()]
    _suits = [sp for sp, s in SUIT_SPELLINGS.items() if s is _card.suit]
    _suits += [sp + VARIATION_SELECTOR for sp in _suits if not sp.isalpha()]
    for _r in _ranks:
        for _s in _suits:
            CARD_SPELLINGS[_r + _s] = _card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by white space: ``"A♣ T♣"`` -> ``(Card.parse('A♣'), Card.parse('T♣'))``
    (``NotationError`` for a word that is no card; ``TypeError`` when ``text`` is not a
    ``str``)."""
    if not isinstance(text, str):
        raise TypeError(f"parse_cards() expects a str, got {type(text).__name__}")
    return tuple(Card.parse(word) for word in text.split())


def format_cards(cards: Any) -> str:
    return " ".join(str(card) for card in cards)
