"""Tricks at a table of four (double-pack, spec §3): what a player may play to the cards already
in the trick, which obligation a card breaks, and which card wins.

- DP-PLAY2: follow suit if possible; a plain-suit lead need never be headed.
- DP-PLAY3: on a trump lead, play a higher trump if able ("top it"). ``Ruleset.trump_lead``
  reads "it": ``top-led``, the trump led; ``top-highest``, the highest trump played so far
  (spec D7). An identical card does not top (D22: the one played first ranks higher).
- DP-PLAY4: void in the suit led, play a trump if able; any trump, no duty to overtrump (D8).
- DP-PLAY5: the highest trump wins, else the highest card of the suit led; of identical cards,
  the one played first.
- A ruleset whose ``follow.head`` is ``all`` (single-deck's ``Heading "always"``, SD-PLAY4-6)
  heads every trick: a follower beats the card winning the trick when it is of the suit led, a
  void player trumps and beats a winning trump if he can (overtrump, ``RuleIds.overtrump``).

The rule ids are the ruleset's (``RuleIds.follow_suit``, ``head``, ``trump_void``). Everything
a call needs is a table made once per ruleset (ranks by ``Card.index``; the trick table's
"does the later card beat the best so far" as one flat tuple per trump), so a check costs a pass
over the hand and nothing more: the validator checks 80 cards a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pinochle.notation.cards import Card, Suit

from pinochle.adjudicator.rules.meldtables import BY_INDEX, FACES, per_ruleset
from pinochle.adjudicator.model.ruleset import Ruleset, strength
from pinochle.adjudicator.rules.tricks import trick_table

__all__ = ["broken_rule", "legal_plays", "winning_index"]


class _Tables(NamedTuple):
    rank: tuple[int, ...]                     # rank strength by Card.index (higher: stronger)
    beats: dict[Suit, tuple[bool, ...]]       # beats[trump][best.index * 28 + card.index]
    top_highest: bool                         # DP-PLAY3 reading: the highest trump so far
    follow_suit: str
    head: str
    trump_void: str
    heads_all: bool                           # head every trick, overtrump (``follow.head``)
    overtrump: str


@per_ruleset
def _tables(ruleset: Ruleset) -> _Tables:
    rank = tuple(strength(ruleset.rank_order, card.rank) for card in BY_INDEX)
    beats = {trump: tuple(d.follower_wins for d in trick_table(ruleset, trump).entries)
             for trump in Suit}
    ids = ruleset.ids
    return _Tables(rank, beats, ruleset.trump_lead == "top-highest", ids.follow_suit, ids.head,
                   ids.trump_void, ruleset.follow.head == "all", ids.overtrump or ids.trump_void)


def _winner(played: Sequence[Card], trump: Suit, tables: _Tables) -> Card:
    """The card winning ``played`` so far (``winning_index``'s rule)."""
    beats = tables.beats[trump]
    best = played[0]
    for card in played[1:]:
        if beats[best.index * FACES + card.index]:
            best = card
    return best


def _heading(hand: Sequence[Card], played: Sequence[Card], card: Card, trump: Suit,
             tables: _Tables) -> str | None:
    """``broken_rule`` when the player must head every trick (``follow.head`` ``all``,
    single-deck's ``Heading "always"``): follow suit and beat the winning card if it is of the
    suit led; void, trump, and beat a winning trump if able (overtrump)."""
    led = played[0].suit
    win = _winner(played, trump, tables)
    if card.suit is led:        # follows: beat the winning card of the suit led (SD-PLAY4)
        return tables.head if _under(hand, card, win, led, tables) else None
    broken = _void_duty(hand, led, card, trump, tables)
    if broken is not None or card.suit is not trump:
        return broken
    # trumps: beat a winning trump (SD-PLAY6)
    return tables.overtrump if _under(hand, card, win, trump, tables) else None


def _under(hand: Sequence[Card], card: Card, win: Card, suit: Suit, tables: _Tables) -> bool:
    """``card`` (of ``suit``) does not beat ``win``, winning in ``suit``, while ``hand`` holds a
    card of ``suit`` that does."""
    rank = tables.rank
    if win.suit is not suit or rank[card.index] > rank[win.index]:
        return False
    bar = rank[win.index]
    return any(held.suit is suit and rank[held.index] > bar for held in hand)


def _bar(played: Sequence[Card], trump: Suit, tables: _Tables) -> int:
    """The rank a trump must exceed on a trump lead (DP-PLAY3): the led trump's, or with
    ``top-highest`` the highest trump's played so far."""
    rank = tables.rank
    bar = rank[played[0].index]
    if tables.top_highest:
        for card in played:
            if card.suit is trump and rank[card.index] > bar:
                bar = rank[card.index]
    return bar


def broken_rule(hand: Sequence[Card], played: Sequence[Card], card: Card, trump: Suit,
                ruleset: Ruleset) -> str | None:
    """The obligation ``card`` breaks when a player holding ``hand`` (his cards before the play)
    plays it to a trick holding ``played`` (in play order; empty: he leads, anything goes):
    ``DP-PLAY2`` (did not follow suit; cited first when he also failed to top), ``DP-PLAY3``
    (did not top a trump lead when able), ``DP-PLAY4`` (did not trump when void), or ``None``.
    Whether he holds ``card`` is not this function's question."""
    if not played:
        return None
    tables = _tables(ruleset)
    if tables.heads_all:
        return _heading(hand, played, card, trump, tables)
    led = played[0].suit
    if card.suit is led:
        if led is trump:
            rank = tables.rank
            bar = _bar(played, trump, tables)
            if rank[card.index] <= bar:
                for held in hand:
                    if held.suit is trump and rank[held.index] > bar:
                        return tables.head
        return None
    return _void_duty(hand, led, card, trump, tables)


def _void_duty(hand: Sequence[Card], led: Suit, card: Card, trump: Suit,
               tables: _Tables) -> str | None:
    """A card not of the suit led: it breaks the duty to follow (the player held the suit),
    or, a plain card, the duty to trump (he held a trump); else ``None``."""
    for held in hand:
        if held.suit is led:
            return tables.follow_suit
    if card.suit is not trump:
        for held in hand:
            if held.suit is trump:
                return tables.trump_void
    return None


def legal_plays(hand: Sequence[Card], played: Sequence[Card], trump: Suit,
                ruleset: Ruleset) -> tuple[Card, ...]:
    """The distinct faces of ``hand`` the player may play to ``played`` (every face when he
    leads): exactly those for which ``broken_rule`` is ``None``; never empty for a non-empty
    hand."""
    faces = tuple(dict.fromkeys(hand))
    if not played:
        return faces
    led = played[0].suit
    same = tuple(c for c in faces if c.suit is led)
    if _tables(ruleset).heads_all:
        tables = _tables(ruleset)
        win = _winner(played, trump, tables)
        bar = tables.rank[win.index]
        if same:
            higher = tuple(c for c in same if tables.rank[c.index] > bar)
            return (higher or same) if win.suit is led else same
        trumps = tuple(c for c in faces if c.suit is trump)
        if trumps and win.suit is trump:
            return tuple(c for c in trumps if tables.rank[c.index] > bar) or trumps
        return trumps or faces
    if same:
        if led is trump:
            tables = _tables(ruleset)
            bar = _bar(played, trump, tables)
            higher = tuple(c for c in same if tables.rank[c.index] > bar)
            return higher or same
        return same
    return tuple(c for c in faces if c.suit is trump) or faces


def winning_index(cards: Sequence[Card], trump: Suit, ruleset: Ruleset) -> int:
    """The position in ``cards`` (in play order, the leader's first) of the card that wins the
    trick (DP-PLAY5): the highest trump, else the highest of the suit led; of identical cards
    the first played."""
    beats = _tables(ruleset).beats[trump]
    best_i, best = 0, cards[0].index * FACES
    for i in range(1, len(cards)):
        index = cards[i].index
        if beats[best + index]:
            best_i, best = i, index * FACES
    return best_i
