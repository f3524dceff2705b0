"""Who wins a trick (R8C1-R8C4), as a table computed once over every pair of faces.

East Point compares two cards by R2A1's rank order and R2A2's suit order (``Rank.strength``,
``Suit.strength``). The four sub-rules are exhaustive and exclusive:

1. R8C1: equal suit, unequal rank: the higher rank wins.
2. R8C2: equal rank, unequal suit: the higher suit wins.
3. R8C3: identical cards: follower's card wins.
4. R8C4: unequal rank and unequal suit: leader's card wins.

``decide(lead, follow)`` is one tuple index, so the replay's hot path pays nothing for it.
"""

from __future__ import annotations

from typing import NamedTuple

from pinochle.notation.cards import ALL_CARDS, Card


class TrickDecision(NamedTuple):
    """The outcome of a trick by R8C: does follower's card win, and which sub-rule decides."""

    follower_wins: bool
    rule: str


def _decide(lead: Card, follow: Card) -> TrickDecision:
    if lead is follow:
        return TrickDecision(True, "R8C3")
    if lead.suit is follow.suit:
        return TrickDecision(follow.rank.strength > lead.rank.strength, "R8C1")
    if lead.rank is follow.rank:
        return TrickDecision(follow.suit.strength > lead.suit.strength, "R8C2")
    return TrickDecision(False, "R8C4")


_FACES = len(ALL_CARDS)
#: ``TABLE[lead.index * 28 + follow.index]``: the decision for every ordered pair of faces.
TABLE: tuple[TrickDecision, ...] = tuple(
    _decide(lead, follow)
    for lead in sorted(ALL_CARDS, key=lambda c: c.index)
    for follow in sorted(ALL_CARDS, key=lambda c: c.index)
)


def decide(lead: Card, follow: Card) -> TrickDecision:
    """R8C: whether follower's card beats leader's card, and the sub-rule that decides."""
    return TABLE[lead.index * _FACES + follow.index]


def beats(lead: Card, follow: Card) -> bool:
    """Does follower's card win the trick (R8C)? The simulator's ``Beats``."""
    return TABLE[lead.index * _FACES + follow.index].follower_wins
