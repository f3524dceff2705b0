"""The game-record notation: card values, typed events, parser and writer.

``parse(text)`` / ``parse_file(path)`` read a record, ``iter_games(file)`` streams its games,
``dumps(record_or_game)`` writes the canonical form (docs/notation.md).

The names below are loaded on first use (PEP 562's module ``__getattr__``): importing a
submodule such as ``pinochle.notation.errors`` runs this file first, and a command that needs
the errors alone (``pinochle melds`` without a record, every usage error) should not pay for the
parser's grammar tables and the record classes.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import Card, Rank, Seat, Suit, format_cards, parse_cards
    from .errors import AmbiguousError, IllegalError, NotationError, PinochleError
    from .events import (NOWHERE, Battle, CallOut, Claim, Comment, Deal, Discovery, Draw, Event,
                         Exposure, ExtraDraw, Game, Knock, Look, Meld, MissedDraw, Node, Objection,
                         Record, Span, Statement, Tag, Trick)
    from .events import Correction, DeadHand, GiveCard, Misdeal, ReturnCard
    from .events import Choice  # 25-steps TPV1's last-draw choice
    from .cards import Side
    from .events import (Announce, Bid, Declaration, Hands, Pass, SideClaim, TableTrick,
                         TrumpNaming)  # the partnership game (docs/notation.md §11)
    from .melds import Family, MeldKind
    from .lexer import read_number
    from .reader import iter_games, parse, parse_bytes, parse_file
    from .writer import dumps

#: Which submodule defines each public name.
_HOMES = {
    "cards": ["Card", "Rank", "Seat", "Suit", "format_cards", "parse_cards", "Side"],
    "errors": ["AmbiguousError", "IllegalError", "NotationError", "PinochleError"],
    "events": ["NOWHERE", "Battle", "CallOut", "Claim", "Comment", "Deal", "Discovery", "Draw",
               "Event", "Exposure", "ExtraDraw", "Game", "Knock", "Look", "Meld", "MissedDraw",
               "Node", "Objection", "Record", "Span", "Statement", "Tag", "Trick", "Correction",
               "DeadHand", "GiveCard", "Misdeal", "ReturnCard", "Choice", "Announce", "Bid",
               "Declaration", "Hands", "Pass", "SideClaim", "TableTrick", "TrumpNaming"],
    "melds": ["Family", "MeldKind"],
    "lexer": ["read_number"],
    "reader": ["iter_games", "parse", "parse_bytes", "parse_file"],
    "writer": ["dumps"],
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "parse", "parse_file", "parse_bytes", "iter_games", "dumps", "read_number",
    "Card", "Rank", "Seat", "Suit", "format_cards", "parse_cards", "Family", "MeldKind",
    "Record", "Game", "Battle", "Deal", "Trick", "Meld", "Objection", "Draw", "MissedDraw",
    "ExtraDraw", "Discovery", "Exposure", "Knock", "Claim", "CallOut", "Look", "Correction",
    "Misdeal", "DeadHand", "ReturnCard", "GiveCard", "Comment", "Tag",
    "Span", "NOWHERE", "Node", "Statement", "Event",
    "PinochleError", "NotationError", "IllegalError", "AmbiguousError",
    "Choice",
    "Side", "Hands", "Bid", "Announce", "Pass", "TrumpNaming", "Declaration", "TableTrick",
    "SideClaim",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its submodule on first use (then kept here)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
