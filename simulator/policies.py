"""How a simulated player chooses: among the moves the adjudicator allows, never outside them.

A policy is given the legal moves (cards ``BattleState.can_play`` accepts, melds
``BattleState.legal_melds`` returns) and picks one. It never decides legality itself; it only
ranks what it is offered.

- ``random``: uniformly among the legal cards; among the legal melds *and not melding* (R9E:
  nobody is required to meld).
- ``greedy``: melds the most points it can (of equal values the old-time swap first, which
  takes the turned-up card into the hand, then the meld that takes the fewest concealed cards);
  as follower wins the trick with its cheapest winning card when it can, else throws its
  cheapest card; as leader leads its cheapest card. "Cheap" is the card's trick points (R8G)
  plus a premium for cards that are nearly a meld, so that it keeps meld material and melds a
  lot. In old-time Pinochle it takes the swap (or lays the dix) beside its meld (OT9E).

In 25-steps Pinochle a policy also weighs when to knock (``knock_weights``: the greedy player
knocks sooner) and, with ``LastDraw "choice"`` (TPV1), which last card to take.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from pinochle.adjudicator import MeldVerdict, Ruleset
from pinochle.notation.cards import Card, Suit
from pinochle.notation.melds import MeldKind

#: What a 25-steps winner takes of the last two cards (TPV1).
Take = Literal["upcard", "talon"]
#: ``beats(lead, follow)``: does the follower's card win the trick? (the engine's R8C)
Beats = Callable[[Card, Card], bool]


@dataclass(frozen=True)
class Hand:
    """What a policy may look at: the ruleset, the player's hand as counts (concealed plus
    exposed, indexed by ``Card.index``), the meld kinds it has scored this battle and the
    battle's trump suit (``None`` without trump; it chooses the meld table)."""

    ruleset: Ruleset
    held: tuple[int, ...]
    scored: frozenset[MeldKind]
    trump: Suit | None = None


class Policy(Protocol):
    name: str

    def lead(self, hand: Hand, legal: Sequence[Card], rng: random.Random) -> Card: ...

    def follow(self, hand: Hand, led: Card, legal: Sequence[Card], beats: Beats,
               rng: random.Random) -> Card: ...

    def meld(self, hand: Hand, legal: Sequence[MeldVerdict],
             rng: random.Random) -> MeldVerdict | None: ...

    #: 25-steps (TP25): the weights of knocking at once, at the battle's end, or not this
    #: battle, once his count reaches the target (``knocking.Knocker``).
    knock_weights: tuple[int, int, int]

    def choose_last(self, upcard_counts: bool, rng: random.Random) -> Take:
        """25-steps TPV1: ``upcard`` or ``talon``, the last card he takes; ``upcard_counts``:
        the card under the talon is worth points in a trick (not the dix)."""
        ...


class RandomPolicy:
    """Uniformly random among the legal moves, not melding being one of the meld choices."""

    name = "random"
    knock_weights = (2, 1, 1)

    def lead(self, hand: Hand, legal: Sequence[Card], rng: random.Random) -> Card:
        return rng.choice(list(legal))

    def follow(self, hand: Hand, led: Card, legal: Sequence[Card], beats: Beats,
               rng: random.Random) -> Card:
        return rng.choice(list(legal))

    def meld(self, hand: Hand, legal: Sequence[MeldVerdict],
             rng: random.Random) -> MeldVerdict | None:
        options: list[MeldVerdict | None] = [None, *legal]
        return rng.choice(options)

    def choose_last(self, upcard_counts: bool, rng: random.Random) -> Take:
        take: tuple[Take, Take] = ("upcard", "talon")
        return rng.choice(take)


#: The premium (in trick points) for each near-meld a card belongs to: a single combination not
#: yet scored of which the hand holds all cards but one, and at least two.
NEAR_MELD_PREMIUM = 12


class GreedyPolicy:
    """Melds the most it can, wins tricks as cheaply as possible, throws its cheapest card."""

    name = "greedy"
    knock_weights = (6, 3, 1)

    def lead(self, hand: Hand, legal: Sequence[Card], rng: random.Random) -> Card:
        return min(legal, key=lambda card: _cost(hand, card))

    def follow(self, hand: Hand, led: Card, legal: Sequence[Card], beats: Beats,
               rng: random.Random) -> Card:
        winners = [card for card in legal if beats(led, card)]
        return min(winners or legal, key=lambda card: _cost(hand, card))

    def meld(self, hand: Hand, legal: Sequence[MeldVerdict],
             rng: random.Random) -> MeldVerdict | None:
        if not legal:
            return None
        table = hand.ruleset.melds_for(hand.trump)
        return max(legal, key=lambda verdict: (verdict.points or 0, table[verdict.kind].exchange,
                                               -len(verdict.takes)))

    def choose_last(self, upcard_counts: bool, rng: random.Random) -> Take:
        """The trump under the talon when it counts in a trick, else the unknown talon card."""
        return "upcard" if upcard_counts else "talon"


def _cost(hand: Hand, card: Card) -> tuple[int, int]:
    """What giving up ``card`` costs: its trick points plus the near-meld premium; ties go to
    the weaker card (the ruleset's rank order, then suit order: R2A1, R2A2)."""
    premium = 0
    for kind, entry in hand.ruleset.melds_for(hand.trump).items():
        if kind.double or kind in hand.scored or card not in entry.cards:
            continue
        held = sum(1 for c in entry.cards if hand.held[c.index])
        if held >= max(2, len(entry.cards) - 1):
            premium += NEAR_MELD_PREMIUM
    return hand.ruleset.card_points[card] + premium, hand.ruleset.card_strength[card.index]


POLICIES: dict[str, Callable[[], Policy]] = {"random": RandomPolicy, "greedy": GreedyPolicy}


def policy(name: str) -> Policy:
    """The policy called ``name`` (``random`` or ``greedy``)."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise ValueError(f"unknown policy {name!r}; known: {', '.join(POLICIES)}") from None
