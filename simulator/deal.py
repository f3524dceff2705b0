"""Seeded shuffle and deal (R6, OT6B): the pack of a ruleset, shuffled by ``random.Random``.

The same ruleset and the same generator state give the same deal, on every machine and Python
version that keeps ``random.Random``'s documented reproducibility (``shuffle`` over a list).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle.adjudicator import Ruleset
from pinochle.notation.cards import Card, Seat


@dataclass(frozen=True)
class Dealt:
    """The result of a deal: each seat's concealed hand and the stock, top first (R6C); in a
    ruleset that turns up a card (OT6B), the ``upcard`` under the stock (else ``None``)."""

    east: tuple[Card, ...]
    west: tuple[Card, ...]
    stock: tuple[Card, ...]
    upcard: Card | None = None

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return self.east if seat is Seat.EAST else self.west


def pack_cards(ruleset: Ruleset) -> list[Card]:
    """Every card of the ruleset's pack, each face as many times as the pack holds it (R2A4)."""
    return [card for card in sorted(ruleset.pack, key=lambda c: -c.index)
            for _ in range(ruleset.pack[card])]


def deal(ruleset: Ruleset, dealer: Seat, rng: random.Random) -> Dealt:
    """Shuffle the pack and deal ``ruleset.hand_size`` cards to each player (R6B, OT6B).

    The dealer gives cards alternately, nondealer first; the rest is the stock, top first. (The
    batch pattern of R6B was lost from the rulebook; a record lists each hand, so it does not
    matter for adjudication.) Where the ruleset turns up a card (OT6B), the next card after the
    hands is the upcard, and the stock is the cards after it (they are laid on the upcard, so
    the upcard is the stock's last card). Each hand is written in canonical (sorted) order.
    """
    cards = pack_cards(ruleset)
    rng.shuffle(cards)
    size = 2 * ruleset.hand_size
    dealt = cards[:size]
    first, second = dealt[0::2], dealt[1::2]
    hands = {ruleset.seating.opponent(dealer): first, dealer: second}
    upcard = cards[size] if ruleset.upcard else None
    return Dealt(
        east=tuple(sorted(hands[Seat.EAST])),
        west=tuple(sorted(hands[Seat.WEST])),
        stock=tuple(cards[size + ruleset.upcard:]),
        upcard=upcard,
    )


def deal_table(ruleset: Ruleset, dealer: Seat, rng: random.Random) -> dict[Seat, tuple[Card, ...]]:
    """Shuffle the pack and deal all of it to the ruleset's seats (double-pack DP-DEAL2: 80 cards,
    20 each, no stock), in packets of four from the dealer's left, clockwise (DP-DEAL1-3; the
    packet pattern is not checked, D19). Each hand is written in canonical (sorted) order."""
    cards = pack_cards(ruleset)
    rng.shuffle(cards)
    seats = ruleset.seats
    order = [seats[(seats.index(dealer) + 1 + k) % len(seats)] for k in range(len(seats))]
    hands: dict[Seat, list[Card]] = {seat: [] for seat in seats}
    for start in range(0, len(cards), 4):
        hands[order[start // 4 % len(order)]] += cards[start:start + 4]
    return {seat: tuple(sorted(hands[seat])) for seat in seats}
