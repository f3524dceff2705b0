"""The map from each check the engine makes to the rule a ruleset's own rulebook cites for it.

The engine names its checks (``lead``, ``melder``, ``reuse``…); a ruleset supplies a ``RuleIds``
that says which of its rules each one is: a second meld in a turn is ``R9E`` in East Point and
``OT9E`` in old-time Pinochle. A finding cites only the ruleset's ids, and the engine's messages
are written with them, so that no shared module names a rulebook.

Each ruleset's map is in its own module (``rulesets/``).

A check a ruleset never makes (East Point has no follower's obligations, old-time Pinochle no
suit order) still has an id: the nearest rule of that rulebook, so that a message is never
without one.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["RuleIds"]


class RuleIds(NamedTuple):
    """One rule id per engine check. The field comments give East Point's meaning."""

    pack: str            # the pack's composition (R2A4)
    score: str           # battle score = trick points + meld points (R3)
    game: str            # the game's length, totals and Result (R4A)
    dealer: str          # the deal alternates (R4B)
    battle: str          # a battle is one deal and its tricks (R5)
    deal: str            # the deal, when the record omits it (R6)
    hand: str            # cards dealt to each player (R6B)
    stock: str           # the stock after the deal (R6C)
    trick: str           # trick numbering, the first leader (R8)
    lead: str            # the leader's card (R8A)
    follow: str          # the follower's card (R8B)
    melder: str          # who melds, and when (R8D)
    draws: str           # the draws after a trick (R8E)
    end: str             # the battle ends with the hands (R8F)
    trick_points: str    # points for cards won in tricks (R8G)
    table: str           # the meld table and its points (R9A)
    cards: str           # a meld's cards are in the hand (R9B1)
    concealed: str       # at least one card from the concealed hand (R9C)
    won: str             # a card that won a trick cannot be melded (R9D)
    one_meld: str        # one meld per turn (R9E)
    reuse: str           # the reuse rule between melds (R9F)
    played: str          # a card played to a trick is gone for melding (R9G)
    exposure: str        # cards reach the exposed hand only by a meld (R7B2)
    follow_suit: str     # the follower follows suit (old-time OT8B1)
    head: str            # the follower beats the led card if able (OT8B2)
    trump_void: str      # the follower trumps when void (OT8B3)
    last_trick: str      # the last trick's bonus (OT8G)
    upcard: str          # the turned-up card and its trump (OT6B)
    dix: str             # the dix and its exchange (OT9I)
    phase_b: str         # exposed cards return to the hand when the stock is gone (OT8F)
    # The rulebook's worked examples a message points to (East Point's M1-M7), or "".
    ex_concealed: str = ""   # every card already exposed (R9C)
    ex_legal: str = ""       # a meld with a card from the concealed hand (R9C)
    ex_double: str = ""      # a double after its single (R9F)
    ex_repeat: str = ""      # a combination scored again (R9F)
    # Checks only some rulesets make separately ("": the engine cites the nearer field).
    once: str = ""           # a card of a marriage in another marriage (Scarne SC-MELD5; reuse)
    after_draw: str = ""     # a meld after the draws (Scarne SC-MELD3; melder)
    no_stock: str = ""       # a meld once the stock is gone (Scarne SC-MELD4; melder)
    call: str = ""           # a call-out ends the game (Scarne SC-CALL; game)
    replaced: str = ""       # a card of a meld lost to a trick is replaced to score it again
    knock: str = ""          # a knock claims the game (25-steps TP25)
    last_draw: str = ""      # the last two cards of the stock: the loser takes the upcard (TP20)
    choice: str = ""         # the winner chooses the last card he draws (25-steps TPV1)
    knock_proof: str = ""    # a knock is proved by the knocker's next trick (25-steps TPV6)
    # The table game's checks only single-deck makes (its passing, concession, forced bid,
    # heading on every trick); "": the ruleset has no such rule.
    passing: str = ""        # the partner passes the agreed count of held cards (SD-PASS1)
    pass_back: str = ""      # the bidder passes as many back, held cards (SD-PASS2)
    pass_order: str = ""     # who passes, once each, partner first, before melds (SD-PASS3)
    concede: str = ""        # only the bidder concedes, before trick 1 (SD-CONCEDE1)
    forced_bid: str = ""     # a seat that must bid (SD-BID6)
    overtrump: str = ""      # a void player beats a winning trump if able (SD-PLAY6)
    renege_claim: str = ""   # a claimed renege ends the hand, the offenders lose (SD-LAW2)
