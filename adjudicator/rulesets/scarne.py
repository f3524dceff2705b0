"""Scarne's two-handed turn-up trump Pinochle (``../shared/rules/scarne-two-handed-turn-up-trump
.txt``; the spec ``../shared/rulesets/scarne-two-handed-turn-up-trump.md`` numbers its rules
SC-...) as data: the old-time game (OT1-OT9) with Scarne's own deltas. Rulings in docs/rulings.md,
"Scarne's two-handed Pinochle".

- The meld table (sc:L20 cites a table the copy lost): the old-time table (ruling S1), marriages
  marked so that a card of one marriage never goes into another (SC-MELD5, ruling S6).
- Phase 2 (SC-PLAYB2): follow suit; trump when void; on a trump lead a higher trump if able.
- The roundhouse ``RH`` (SC-MELD6), its kings and queens at once.
- Melds: the trick's winner, one a turn plus the deece (SC-MELD2), before the draws (SC-MELD3),
  none once the stock is gone (SC-MELD4); the exposed cards are picked up then (SC-PLAY11).

Option tags (the default first):

- ``TrickScoring`` (ruling S4): ``11-10-4-3-2``, ``10-10-10``, ``10-10-5-5`` (each 250 with the
  last trick, sc:L55).
- ``GameEnd``: ``target`` (SC-WIN1), ``single-hand`` (SC-ALT1), ``call-out`` (SC-CALL: the
  target game in which a player may call out); ``Target`` 1000 (SC-OBJ), 1250, 1500, 2000
  (SC-ALT2).
- ``Scale``: ``points`` or ``tens`` (SC-SCORE2: every value divided by ten, game 100; only with
  ``TrickScoring "10-10-10"``, ruling S21).
- ``Roundhouse``: ``240`` (SC-MELD6: the text gives no value; ruling S2, the sum of its parts).
- ``Laws``: ``scarne`` (``laws.SCARNE_LAWS``: the renege law SC-RENEGE1/2, ``renege.py``,
  looking at tricks SC-LOOK1/2, ``looks.py``, misdeals and the dead hand SC-MISDEAL0-9,
  ``misdeals.py``, the drawing slips SC-SLIP1-6/SC-DRAW1-4, ``slips.py``, and incorrect melds
  SC-BADMELD1/2, ``corrections.py``; the default: the text states them as part of the game,
  docs/rulings.md "Scarne's laws by default") or ``none`` (the game rules alone: a statement of
  a law is reported and ignored, as in old-time Pinochle).
- ``RenegeCheck`` (with ``Laws "scarne"`` only): ``any-time`` (SC-RENEGE1: a claim during or
  after the hand) or ``end-of-hand`` (SC-LOOK2: a renege examined only after the hand).
- ``LookPenalty`` (with ``Laws "scarne"`` only): ``none`` (SC-LOOK2: no penalty unless agreed) or
  ``count`` (the agreed penalty: a player who looks at his won tricks loses his count in cards;
  ``looks.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from types import MappingProxyType

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Suit
from pinochle.notation.melds import Family, MeldKind

from pinochle.adjudicator.rules.copies import MARRIAGES
from pinochle.adjudicator.rulesets.old_time import (CLASS_A, CLASS_B, OLD_TIME_RANK_ORDER,
                                                    SCHEDULES, old_time_melds)
from pinochle.adjudicator.laws.policy import SCARNE_LAW_OPTIONS, laws_of
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import RulesetMaker
from pinochle.adjudicator.model.ruleset import (FollowRules, GameEnd, MeldEntry, Ruleset,
                                                RulesetError, TrickRuleIds, check_options)


__all__ = ["SCARNE_OPTIONS", "scarne", "scarne_melds"]

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

# SC-PLAY2W / SC-PLAYB2 (sc:L18, L50): the higher card of the suit led, any trump on a non-trump
# lead, identical cards: the first played.
SCARNE_TRICK_RULES = TrickRuleIds(identical="SC-PLAY2W", higher_rank="SC-PLAY2W",
                                  trump="SC-PLAY2W", higher_suit="SC-PLAY2W",
                                  otherwise="SC-PLAY2W")

#: The option tags and their values, the default first.
SCARNE_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "TrickScoring": tuple(SCHEDULES),
    "GameEnd": ("target", "single-hand", "call-out"),
    "Target": ("1000", "1250", "1500", "2000"),
    "Scale": ("points", "tens"),
    "Roundhouse": ("240",),
    "Laws": ("scarne", "none"),
    **SCARNE_LAW_OPTIONS,
})

# SC-SCORE2 (sc:L10): "drop the last digit".
_DIVISOR = {"points": 1, "tens": 10}


@lru_cache(maxsize=None)
def scarne_melds(trump: Suit, divisor: int = 1, roundhouse: int = 240
                 ) -> Mapping[MeldKind, MeldEntry]:
    """The old-time table with ``trump`` as trumps (ruling S1), every value divided by
    ``divisor`` (SC-SCORE2); a marriage, single or double, royal or common, enters the marriage
    class no copy enters twice (SC-MELD5). Then the roundhouse ``RH`` (SC-MELD6, ruling S2),
    a king and a queen of every suit at once: a marriage meld (SC-MELD5) of class A and B; its
    cards are left as if in a royal marriage (40, class A) and four kings (80, class B), so a
    later flush or double kings or queens may reuse them, four kings or queens may not (S7)."""
    table: dict[MeldKind, MeldEntry] = {}
    for kind, entry in old_time_melds(trump).items():
        once = MARRIAGES if kind.family is Family.MARRIAGE else None
        table[kind] = replace(entry, points=entry.points // divisor, once=once)
    cards = tuple(Card(rank, suit) for suit in Suit for rank in (Rank.KING, Rank.QUEEN))
    kind = MeldKind(Family.ROUNDHOUSE)
    table[kind] = MeldEntry(kind, cards, roundhouse // divisor, CLASS_A, once=MARRIAGES,
                            also=((CLASS_B, 80 // divisor),), mark=40 // divisor)
    return MappingProxyType(table)


@lru_cache(maxsize=None)
def scarne(trick_scoring: str = "11-10-4-3-2", game_end: str = "target", target: str = "1000",
           scale: str = "points", roundhouse: str = "240", laws: str = "scarne",
           renege_check: str = "any-time", look_penalty: str = "none") -> Ruleset:
    """Scarne's two-handed Pinochle with the given options (the module docstring)."""
    options = {"TrickScoring": trick_scoring, "GameEnd": game_end, "Target": target,
               "Scale": scale, "Roundhouse": roundhouse, "Laws": laws,
               "RenegeCheck": renege_check, "LookPenalty": look_penalty}
    check_options(options, SCARNE_OPTIONS)
    policy = laws_of(options)          # the laws-only tags leave the options without laws
    if scale == "tens" and trick_scoring != "10-10-10":
        raise RulesetError(f"Scale \"tens\" needs TrickScoring \"10-10-10\" (SC-SCORE2: no "
                           f"rounding is given for {trick_scoring})", "Scale")
    divisor = _DIVISOR[scale]
    pack = {c: 0 if c.rank is Rank.DEUCE else 2 for c in ALL_CARDS}       # SC-REQ2
    schedule = SCHEDULES[trick_scoring]
    return Ruleset(
        name="scarne",
        pack=MappingProxyType(pack),
        hand_size=12,                                                     # SC-DEAL
        card_points=MappingProxyType({c: schedule.get(c.rank, 0) // divisor
                                      for c in ALL_CARDS}),
        melds=MappingProxyType({}),         # no table until the upcard fixes trump
        rank_order=OLD_TIME_RANK_ORDER,                                   # ruling S3
        suit_order=(),
        identical_won_by="leader",                                        # SC-PLAY2W
        trick_rule_ids=SCARNE_TRICK_RULES,
        pack_rule="SC-REQ2",
        options=MappingProxyType(options),
        ids=SCARNE_IDS,
        trump="upcard",                                                   # SC-TRUMP
        upcard_nine_bonus=10 // divisor,                                  # SC-TRUMP, SC-MELD7
        trump_melds=MappingProxyType({suit: scarne_melds(suit, divisor, int(roundhouse))
                                      for suit in Suit}),
        follow=FollowRules("phase-b", "trump", True),                     # SC-PLAY2, SC-PLAYB2
        last_trick_bonus=10 // divisor,                                   # SC-LAST
        melds_in_phase_b=False,                                           # SC-MELD4
        phase_b_returns_exposed=True,                                     # SC-PLAY11
        reuse="class",                                                    # ruling S5
        double_after_single=True,           # OT9G (Scarne silent); marriages: SC-MELD5
        laws=policy,
        game_end=GameEnd("single-hand" if game_end == "single-hand" else "target",
                         int(target) // divisor,                          # SC-WIN1, SC-ALT2
                         game_end == "call-out"),                         # SC-CALL
    )


#: How a record's tags choose this ruleset (collected by ``adjudicator/rulesets/__init__.py``).
REGISTRATION = RulesetMaker(
    "scarne", scarne, SCARNE_OPTIONS,
    {"TrickScoring": "trick_scoring", "GameEnd": "game_end", "Target": "target",
     "Scale": "scale", "Roundhouse": "roundhouse", "Laws": "laws",
     "RenegeCheck": "renege_check", "LookPenalty": "look_penalty"})
