"""The map from each check the engine makes to the rule a ruleset's own rulebook cites for it.

The engine names its checks (``lead``, ``melder``, ``reuse``…); a ruleset supplies a ``RuleIds``
that says which of its rules each one is: a second meld in a turn is ``R9E`` in East Point and
``OT9E`` in old-time Pinochle. A finding cites only the ruleset's ids, and the engine's messages
are written with them, so that no shared module names a rulebook.

A check a ruleset never makes (East Point has no follower's obligations, old-time Pinochle no
suit order) still has an id: the nearest rule of that rulebook, so that a message is never
without one.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["EAST_POINT_IDS", "OLD_TIME_IDS", "SCARNE_IDS", "RuleIds", "TWENTY_FIVE_IDS"]


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


EAST_POINT_IDS = RuleIds(
    pack="R2A4", score="R3", game="R4A", dealer="R4B", battle="R5", deal="R6", hand="R6B",
    stock="R6C", trick="R8", lead="R8A", follow="R8B", melder="R8D", draws="R8E", end="R8F",
    trick_points="R8G", table="R9A", cards="R9B1", concealed="R9C", won="R9D", one_meld="R9E",
    reuse="R9F", played="R9G", exposure="R7B2", follow_suit="R8B", head="R8B", trump_void="R8B",
    last_trick="R8G", upcard="R6C", dix="R9A", phase_b="R8E", ex_concealed="M1.3, M4.1, M7",
    ex_legal="M3, M4.2, M7.1", ex_double="M5, M6", ex_repeat="M1.1, M2",
)

OLD_TIME_IDS = RuleIds(
    pack="OT2A4", score="OT3", game="OT4A", dealer="OT4B", battle="OT5", deal="OT6",
    hand="OT6B", stock="OT6C", trick="OT8", lead="OT8A", follow="OT8B", melder="OT8D",
    draws="OT8E", end="OT8G", trick_points="OT8H", table="OT9A", cards="OT9B1", concealed="OT9C",
    won="OT9D", one_meld="OT9E", reuse="OT9G", played="OT9H", exposure="OT9B1",
    follow_suit="OT8B1", head="OT8B2", trump_void="OT8B3", last_trick="OT8G", upcard="OT6B",
    dix="OT9I", phase_b="OT8F",
)

# Scarne's two-handed turn-up trump (../shared/rulesets/scarne-two-handed-turn-up-trump.md, §1):
# the text has no ids of its own; the spec's SC-<section><n> are cited. Checks the text leaves
# to the old-time family cite the old-time rule with "(Scarne silent)" (spec §4.3, ruling S5).
SCARNE_IDS = RuleIds(
    pack="SC-REQ2", score="SC-SCORE1", game="SC-WIN1", dealer="SC-WIN2", battle="SC-OBJ",
    deal="SC-DEAL", hand="SC-DEAL", stock="SC-DEAL", trick="SC-PLAY9", lead="SC-PLAY1",
    follow="SC-PLAY2", melder="SC-MELD1", draws="SC-PLAY8", end="SC-LAST",
    trick_points="SC-OBJ", table="SC-PLAY4", cards="SC-PLAY4", concealed="SC-MELD6 (OT9C)",
    won="SC-PLAY3", one_meld="SC-MELD2", reuse="OT9G (Scarne silent)", played="SC-PLAY7",
    exposure="SC-PLAY4", follow_suit="SC-PLAYB2", head="SC-PLAYB2", trump_void="SC-PLAYB2",
    last_trick="SC-LAST", upcard="SC-TRUMP", dix="SC-PLAY5", phase_b="SC-PLAY11",
    once="SC-MELD5", after_draw="SC-MELD3", no_stock="SC-MELD4", call="SC-CALL",
)


TWENTY_FIVE_IDS = RuleIds(
    pack="TP1", score="TP24", game="TP2", dealer="TP24", battle="TP24", deal="TP5", hand="TP5",
    stock="TP6", trick="TP9", lead="TP18", follow="TP22", melder="TP13", draws="TP17",
    end="TP22", trick_points="TP23", table="TP14", cards="TP13", concealed="TP19a3",
    won="TP12", one_meld="TP13", reuse="TP19a2", played="TP12", exposure="TP13",
    follow_suit="TP22", head="TP22", trump_void="TP22", last_trick="TP23", upcard="TP8",
    dix="TP15", phase_b="TP21", replaced="TP19b1", knock="TP25", no_stock="TP22",
    last_draw="TP20", choice="TPV1", knock_proof="TPV6",
)
