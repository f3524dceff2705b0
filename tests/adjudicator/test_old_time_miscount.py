"""Old-time Pinochle has no irregularity laws: a right meld claimed for the wrong points is
reported (OT9A, a miscount) and counts for its table value (../shared/rulesets/
old-time-two-handed.md §7). It is still that meld: its cards move as for a legal meld, a swap
exchanges the nine for the upcard (OT9I2), and its copies keep the meld in their history, so a
later meld of the same class that reuses one is judged by OT9G against the table value."""

from __future__ import annotations

from collections import Counter

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.notation.cards import Card, Seat
from pinochle.notation.melds import Family, MeldKind
from pinochle.simulator.deal import pack_cards

E, W = Seat.EAST, Seat.WEST
RULESET = old_time()


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def battle(east: str, west: str, upcard: str) -> BattleState:
    """West deals, so East leads trick 1; the stock is the rest of the pack, any order."""
    rest = Counter(pack_cards(RULESET))
    rest.subtract(cards(f"{east} {west} {upcard}"))
    stock = [card for card, n in rest.items() for _ in range(n)]
    assert len(stock) == 23 and min(rest.values()) >= 0
    return BattleState(RULESET, W, cards(east), cards(west), stock, upcard=Card.parse(upcard))


EAST = "A♣ A♣ N♠ K♥ K♥ Q♥ J♥ T♦ Q♦ J♦ N♦ N♦"
WEST = "J♣ J♣ Q♣ Q♣ K♣ K♣ T♣ T♣ N♣ N♣ J♠ J♠"


def test_OT9A_OT9I2_a_swap_claimed_for_9_is_a_miscount_and_still_exchanges_the_nine() -> None:
    state = battle(EAST, WEST, "A♠")
    state.play_trick(Card.parse("A♣"), Card.parse("J♣"))
    assert state.last_winner is E
    state.meld(E, MeldKind(Family.SWAP), 9)
    assert [(f.rule, f.kind) for f in state.findings] == [("OT9A", Kind.MISCOUNT)]
    assert state.meld_points(E) == 10
    assert Card.parse("A♠") in state.hand(E) and Card.parse("N♠") not in state.hand(E)
    assert state.stock()[-1] is Card.parse("N♠")
    assert not any(state.exposed(E))


def test_OT9A_OT9G_a_miscounted_royal_marriage_keeps_its_history_for_later_melds() -> None:
    state = battle(EAST, WEST, "A♥")
    state.play_trick(Card.parse("A♣"), Card.parse("J♣"))
    state.meld(E, MeldKind(Family.MARRIAGE, Card.parse("K♥").suit), 39)
    assert [f.rule for f in state.findings] == ["OT9A"] and state.meld_points(E) == 40
    state.finish_turn()
    state.play_trick(Card.parse("A♣"), Card.parse("J♣"))
    assert state.last_winner is E
    # The other K♥ with the exposed Q♥: a class-A meld worth 40 again, not more (OT9G).
    state.meld(E, MeldKind(Family.MARRIAGE, Card.parse("K♥").suit), 40)
    assert [f.rule for f in state.findings] == ["OT9A", "OT9G"]
    assert state.meld_points(E) == 40
