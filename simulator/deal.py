"""Seeded shuffle and deal (R6): the pack of a ruleset, shuffled by ``random.Random``.

The same ruleset and the same generator state give the same deal, on every machine and Python
version that keeps ``random.Random``'s documented reproducibility (``shuffle`` over a list).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle.adjudicator.rulesets import Ruleset
from pinochle.notation.cards import Card, Seat


@dataclass(frozen=True)
class Dealt:
    """The result of a deal: each seat's concealed hand and the stock, top first (R6C)."""

    east: tuple[Card, ...]
    west: tuple[Card, ...]
    stock: tuple[Card, ...]

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return self.east if seat is Seat.EAST else self.west


def pack_cards(ruleset: Ruleset) -> list[Card]:
    """Every card of the ruleset's pack, each face as many times as the pack holds it (R2A4)."""
    return [card for card in sorted(ruleset.pack, key=lambda c: -c.index)
            for _ in range(ruleset.pack[card])]


def deal(ruleset: Ruleset, dealer: Seat, rng: random.Random) -> Dealt:
    """Shuffle the pack and deal ``ruleset.hand_size`` cards to each player (R6B).

    The dealer gives cards alternately, nondealer first; the rest is the stock, top first. (The
    batch pattern of R6B was lost from the rulebook; a record lists each hand, so it does not
    matter for adjudication.) Each hand is written in canonical (sorted) order.
    """
    cards = pack_cards(ruleset)
    rng.shuffle(cards)
    dealt = cards[: 2 * ruleset.hand_size]
    first, second = dealt[0::2], dealt[1::2]
    hands = {dealer.other: first, dealer: second}
    return Dealt(
        east=tuple(sorted(hands[Seat.EAST])),
        west=tuple(sorted(hands[Seat.WEST])),
        stock=tuple(cards[2 * ruleset.hand_size:]),
    )
