"""The play of a double-pack hand: twenty four-card tricks (DP-PLAY1-6) played on the engine's
``TableState``: each card chosen by the seat's policy among those ``legal_cards`` allows and
applied with ``play``, whose step names each trick's winner. The simulator never decides
legality, whose turn it is, or who wins.

- ``random``: uniformly among the legal cards.
- ``greedy``: as leader, an ace of a plain suit if it has one, else its cheapest card; when its
  partner is winning the trick, its legal card worth most (it "schmears" points to him); else
  the cheapest legal card that wins the trick, else its cheapest card. "Cheap" is the card's
  points in the agreed schedule (DP-COUNT1-2), then its rank.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pinochle.adjudicator.partnership.contract import trick_points
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.partnership.tricks import winning_index
from pinochle.notation.cards import Card, Rank, Seat, Suit


@dataclass(frozen=True)
class PlayedTrick:
    """A trick as played: its leader, the cards from the leader clockwise, its winner."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat


def play_hand(state: TableState, hands: Mapping[Seat, Sequence[Card]],
              policies: Mapping[Seat, str], rng: random.Random) -> list[PlayedTrick]:
    """Every trick of the hand on ``state`` (trump named, every seat declared), the high bidder
    leading the first (DP-PLAY1) and each trick's winner the next (DP-PLAY6), until the hands
    are empty. ``hands`` are the dealt hands: each seat looks at its cards in its own order."""
    held = {seat: list(cards) for seat, cards in hands.items()}
    trump, ruleset = state.trump, state.ruleset
    assert trump is not None and state.open_play()
    tricks: list[PlayedTrick] = []
    while state.tricks < state.size:
        leader = state.to_play
        played: list[Card] = []
        winner = None
        while winner is None:
            seat = state.to_play
            allowed = state.legal_cards(seat)
            legal = [card for card in dict.fromkeys(held[seat]) if card in allowed]
            card = choose(policies[seat], held[seat], played, legal, trump, ruleset, rng)
            held[seat].remove(card)
            played.append(card)
            step = state.play(seat, card)
            assert step is not None and step.held and step.broken is None
            winner = step.winner
        tricks.append(PlayedTrick(leader, tuple(played), winner))
    assert not any(held.values())
    return tricks


def choose(policy: str, hand: Sequence[Card], played: Sequence[Card], legal: Sequence[Card],
           trump: Suit, ruleset: Ruleset, rng: random.Random) -> Card:
    """The card ``policy`` plays among ``legal`` (never outside it)."""
    if policy != "greedy":
        return rng.choice(list(legal))

    def cheap(card: Card) -> tuple[int, int]:
        return trick_points((card,), ruleset), -ruleset.rank_order.index(card.rank)

    if not played:
        aces = [c for c in legal if c.rank is Rank.ACE and c.suit is not trump]
        return aces[0] if aces else min(legal, key=cheap)
    me = len(played)
    if len(played) >= 2 and winning_index(played, trump, ruleset) == me - 2:   # partner ahead
        return max(legal, key=cheap)
    winners = [c for c in legal if winning_index((*played, c), trump, ruleset) == me]
    return min(winners or legal, key=cheap)
