"""Who wins a trick, as a table computed once per (ruleset's trick data, trump suit).

The table is built from the ruleset's data alone (``rank_order``, ``suit_order``,
``identical_won_by``, ``trick_rules``) and the battle's trump suit, if any. For each ordered pair
of faces (leader's card, follower's card), the first test that applies decides:

1. identical cards (two copies of one face): ``identical_won_by`` (East Point R8C3: the
   follower; the old-time family: the leader);
2. the same suit: the higher rank in ``rank_order`` wins (R8C1);
3. exactly one card is a trump: the trump wins (no trump in East Point);
4. the same rank, when the ruleset orders suits: the higher suit in ``suit_order`` wins (R8C2);
5. otherwise the leader's card wins (R8C4).

Each outcome cites the ruleset's rule for that test (``TrickRules``). A rank the order leaves out
(a card outside the ruleset's pack, such as a deuce in the old-time pack) ranks below every
other, so that a table still has an answer for it; such a card is reported elsewhere (R2A4, R8A).

``trick_table(ruleset, trump).entries[lead.index * 28 + follow.index]`` is one tuple index, so the
replay's hot path pays nothing for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from pinochle.notation.cards import ALL_CARDS, Card, Suit

from pinochle.adjudicator.model.ruleset import Ruleset, TrickRules, strength


class TrickDecision(NamedTuple):
    """The outcome of a trick: does follower's card win, and which rule decides."""

    follower_wins: bool
    rule: str


_FACES = len(ALL_CARDS)
_BY_INDEX = sorted(ALL_CARDS, key=lambda c: c.index)


def deciding_test(rules: TrickRules, trump: Suit | None, lead: Card, follow: Card) -> str:
    """Which test of the module docstring decides the trick: a ``TrickRuleIds`` field name
    (``identical``, ``higher_rank``, ``trump``, ``higher_suit``, ``otherwise``)."""
    if lead is follow:
        return "identical"
    if lead.suit is follow.suit:
        return "higher_rank"
    if trump is not None and trump in (lead.suit, follow.suit):
        return "trump"
    if rules.suit_order and lead.rank is follow.rank:
        return "higher_suit"
    return "otherwise"


def _decide(rules: TrickRules, trump: Suit | None, lead: Card, follow: Card) -> TrickDecision:
    test = deciding_test(rules, trump, lead, follow)
    rule = getattr(rules.ids, test)
    if test == "identical":
        return TrickDecision(rules.identical_won_by == "follower", rule)
    if test == "higher_rank":
        higher = strength(rules.rank_order, follow.rank) > strength(rules.rank_order, lead.rank)
        return TrickDecision(higher, rule)
    if test == "trump":
        return TrickDecision(follow.suit is trump, rule)
    if test == "higher_suit":
        higher = strength(rules.suit_order, follow.suit) > strength(rules.suit_order, lead.suit)
        return TrickDecision(higher, rule)
    return TrickDecision(False, rule)


@dataclass(frozen=True)
class TrickTable:
    """The decision for every ordered pair of faces: ``entries[lead.index * 28 + follow.index]``."""

    entries: tuple[TrickDecision, ...]

    def decide(self, lead: Card, follow: Card) -> TrickDecision:
        """Whether follower's card beats leader's card, and the rule that decides."""
        return self.entries[lead.index * _FACES + follow.index]

    def beats(self, lead: Card, follow: Card) -> bool:
        """Does follower's card win the trick? The simulator's ``Beats``."""
        return self.entries[lead.index * _FACES + follow.index].follower_wins


@lru_cache(maxsize=None)
def _table(rules: TrickRules, trump: Suit | None) -> TrickTable:
    return TrickTable(tuple(_decide(rules, trump, lead, follow)
                            for lead in _BY_INDEX for follow in _BY_INDEX))


def trick_table(ruleset: Ruleset, trump: Suit | None = None) -> TrickTable:
    """The ruleset's trick table with ``trump`` as the trump suit (``None``: no trump), built
    once per distinct (trick data, trump) and shared."""
    return _table(ruleset.trick_rules, trump)
