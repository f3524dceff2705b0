"""The game-record notation: card values, typed events, parser and writer.

``parse(text)`` / ``parse_file(path)`` read a record, ``iter_games(file)`` streams its games,
``dumps(record_or_game)`` writes the canonical form (docs/notation.md).
"""

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
