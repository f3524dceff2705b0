"""The passing of a single-deck hand (SD-PASS1-3) on the engine's ``TableState``: after trump is
named the bidder's partner sends ``TableRules.passing`` of his cards to the bidder, then the
bidder as many back; each ``send`` is checked with ``can_send`` and applied with ``send``.

- ``greedy``: the partner sends his best cards for a trump contract: trumps, high first, then
  aces; the bidder sends back his cheapest cards outside trump and outside his best meld where
  he can, else his cheapest.
- ``random``: any cards of the sender's hand.

A ``random`` bidder sometimes concedes before trick 1 (``CONCEDE_CHANCE``, SD-CONCEDE1-2);
``game.simulate_hand`` asks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from pinochle.adjudicator.partnership.contract import trick_points
from pinochle.adjudicator.partnership.melds import best_declaration
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.rules.meldtables import meld_table
from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import Send

#: How often a random bidder concedes before trick 1.
CONCEDE_CHANCE = 0.05


def pass_cards(state: TableState, bidder: Seat, players: Mapping[Seat, str],
               rng: random.Random) -> list[Send]:
    """The two ``send`` lines of the hand, applied to ``state`` (trump named)."""
    partner = state.seating.partner(bidder)
    assert partner is not None
    sends = []
    for seat in (partner, bidder):
        cards = _choose(state, seat, seat is bidder, players[seat], rng)
        assert state.can_send(seat, cards), state.verify_send(seat, cards)
        state.send(seat, cards)
        sends.append(Send(seat=seat, cards=cards))
    return sends


def _choose(state: TableState, seat: Seat, back: bool, policy: str,
            rng: random.Random) -> tuple[Card, ...]:
    hand = list(state.held(seat))
    count = state.ruleset.table.passing
    if policy != "greedy":
        return tuple(rng.sample(hand, count))
    trump, ruleset = state.trump, state.ruleset
    assert trump is not None
    order = ruleset.rank_order

    def value(card: Card) -> tuple[int, int, int]:
        return (card.suit is trump, trick_points((card,), ruleset), -order.index(card.rank))

    if not back:
        return tuple(sorted(hand, key=value, reverse=True)[:count])
    needs = meld_table(ruleset, trump).needs
    kept = [card for meld in best_declaration(hand, trump, ruleset)
            for card in needs[meld.kind].cards]
    spare = list(hand)
    for card in kept:
        if card in spare:
            spare.remove(card)
    chosen = sorted(spare, key=value)[:count]
    rest = list(hand)
    for card in chosen:
        rest.remove(card)
    return tuple(chosen + sorted(rest, key=value)[:count - len(chosen)])
