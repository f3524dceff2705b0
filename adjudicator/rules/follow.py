"""The follower's obligations (``Ruleset.follow``): which cards he may play to a led card, and
which obligation a card breaks. East Point has none (R8B, C11); the old-time family has them
once the stock is exhausted (OT8B1 follow suit, OT8B2 beat the led card if able, OT8B3 trump
when void), with the ``PhaseB`` option saying whether he must beat every lead or only a trump.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pinochle.notation.cards import Card, Suit

from pinochle.adjudicator.model.ruleset import FollowRules
from pinochle.adjudicator.rules.tricks import TrickTable

__all__ = ["broken_obligation", "legal_follow", "removals_to_allow"]


def legal_follow(rules: FollowRules, table: TrickTable, trump: Suit | None, lead: Card,
                 hand: Sequence[Card]) -> tuple[tuple[Card, ...], str | None]:
    """The cards of ``hand`` (distinct faces) the follower may play to ``lead``, and the
    obligation that narrows them (``follow_suit``, ``head``, ``trump_void``: ``RuleIds`` field
    names), or ``None`` when every card may be played. "Beats" is the trick table's: an
    identical card does not beat the led card where the leader wins identical cards."""
    same = tuple([c for c in hand if c.suit is lead.suit])  # (lists: quicker than generators)
    if same:
        if rules.head == "all" or (rules.head == "trump" and lead.suit is trump):
            higher = tuple([c for c in same if table.beats(lead, c)])
            if higher:
                return higher, "head"
        return same, "follow_suit"
    if rules.trump_if_void and trump is not None:
        trumps = tuple([c for c in hand if c.suit is trump])
        if trumps:
            return trumps, "trump_void"
    return tuple(hand), None


def broken_obligation(rules: FollowRules, table: TrickTable, trump: Suit | None, lead: Card,
                      hand: Sequence[Card], card: Card) -> tuple[str, tuple[Card, ...]] | None:
    """The obligation ``card`` breaks (a ``RuleIds`` field name) and the cards that would have
    kept it, or ``None`` when ``card`` may be played. A follower who could follow suit but did
    not breaks ``follow_suit`` even when he also failed to beat."""
    legal, why = legal_follow(rules, table, trump, lead, hand)
    if why is None or card in legal:
        return None
    if why == "head" and card.suit is not lead.suit:
        return "follow_suit", tuple(c for c in hand if c.suit is lead.suit)
    return why, legal


def removals_to_allow(rules: FollowRules, table: TrickTable, trump: Suit | None, lead: Card,
                      held: Mapping[Card, int], card: Card) -> int:
    """How few cards must leave ``held`` (copies per face) before ``card`` may be played to
    ``lead``: 0 when it may be played now. Each obligation that excludes ``card`` falls only
    when every copy of the cards that keep it is gone (the beating cards, then the suit led,
    then the trumps), so emptying them in turn is the fewest."""
    hand = dict(held)
    removed = 0
    while True:
        legal, why = legal_follow(rules, table, trump, lead, tuple(c for c, n in hand.items() if n))
        if why is None or card in legal:
            return removed
        for c in legal:
            removed += hand.pop(c)
