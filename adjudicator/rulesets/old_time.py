"""Old-time two-handed Pinochle (``../shared/rules/old-time-two-handed.txt``, OT1-OT9) as data.

The recovered tables are ``../shared/rules/README.md``'s; every choice the text leaves open is an
option tag with a stated default (docs/rulings.md, "Old-time"):

- ``TrickScoring`` (OT8H, table lost): ``11-10-4-3-2`` (default), ``10-10-10``, ``10-10-5-5``;
  each totals 240 for the 48 cards, 250 with the last trick's 10 (OT8G).
- ``PhaseB`` (OT8B, list lost): ``must-win`` (default: follow suit, beat the led card if able,
  trump when void) or ``scarne`` (beat only a trump lead).
- ``GameEnd`` (OT4A, list lost): ``target`` (default) or ``single-hand``; ``Target``: 1000
  (default), 1250, 1500, 2000.
- ``DoubleAfterSingle`` (OT9G's lost list): ``allowed`` (default: the letter of OT9G, a double
  is worth more than its single) or ``forbidden`` (a double reuses no card of its class).
- ``Laws``: ``none`` (the text has no irregularity laws).

The meld table (OT9A) depends on the battle's trump: one table per trump suit.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Suit
from pinochle.notation.melds import Family, MeldKind

from pinochle.adjudicator.laws.policy import NO_LAWS
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import RulesetMaker
from pinochle.adjudicator.model.ruleset import (FollowRules, GameEnd, MeldEntry, Ruleset,
                                                TrickRuleIds, check_options)


__all__ = ["OLD_TIME_OPTIONS", "old_time", "old_time_melds"]

#: Each engine check's rule id in this rulebook (``RuleIds``).
OLD_TIME_IDS = RuleIds(
    pack="OT2A4", score="OT3", game="OT4A", dealer="OT4B", battle="OT5", deal="OT6",
    hand="OT6B", stock="OT6C", trick="OT8", lead="OT8A", follow="OT8B", melder="OT8D",
    draws="OT8E", end="OT8G", trick_points="OT8H", table="OT9A", cards="OT9B1", concealed="OT9C",
    won="OT9D", one_meld="OT9E", reuse="OT9G", played="OT9H", exposure="OT9B1",
    follow_suit="OT8B1", head="OT8B2", trump_void="OT8B3", last_trick="OT8G", upcard="OT6B",
    dix="OT9I", phase_b="OT8F",
)

# OT2A1: ranks high to low; no rank of suits (OT2A2, nothing in OT8C uses one).
OLD_TIME_RANK_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
# OT8C1-OT8C3: a trump beats a non-trump; the same suit, the higher rank (identical cards: the
# leader's); otherwise the leader's card.
OLD_TIME_TRICK_RULES = TrickRuleIds(identical="OT8C2", higher_rank="OT8C2", trump="OT8C1",
                                    higher_suit="OT8C3", otherwise="OT8C3")

# OT8H's three schedules (README): points per rank, nines and unlisted ranks 0.
SCHEDULES: Mapping[str, Mapping[Rank, int]] = MappingProxyType({
    "11-10-4-3-2": {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    "10-10-10": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10},
    "10-10-5-5": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5},
})

#: The option tags and their values, the default first.
OLD_TIME_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "TrickScoring": tuple(SCHEDULES),
    "PhaseB": ("must-win", "scarne"),
    "GameEnd": ("target", "single-hand"),
    "Target": ("1000", "1250", "1500", "2000"),
    "DoubleAfterSingle": ("allowed", "forbidden"),
    "Laws": ("none",),
})

_PHASE_B = {
    "must-win": FollowRules("phase-b", "all", True),     # OT8B1-OT8B3, tp:L50
    "scarne": FollowRules("phase-b", "trump", True),     # sc:L50
}

# OT9A: classes A (sequence, marriages, dix) = 0, B (groups of four) = 1, C (pinochle) = 2.
CLASS_A, CLASS_B, CLASS_C = 0, 1, 2
SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
FOURS = {Rank.ACE: 100, Rank.KING: 80, Rank.QUEEN: 60, Rank.JACK: 40}
PINOCHLE = (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS))


def _entry(kind: MeldKind, cards: tuple[Card, ...], points: int, klass: int,
           free: bool = False, exchange: bool = False) -> tuple[MeldKind, MeldEntry]:
    return kind, MeldEntry(kind, cards, points, klass, free, exchange)


@lru_cache(maxsize=None)
def old_time_melds(trump: Suit) -> Mapping[MeldKind, MeldEntry]:
    """OT9A's table with ``trump`` as trumps, in the table's order; a double is two of each
    card. A sequence is in trumps only (OT-O2); there are no four tens (OT-O3) and no double dix
    (OT9E)."""
    rows: list[tuple[MeldKind, MeldEntry]] = []
    sequence = tuple(Card(rank, trump) for rank in SEQUENCE_RANKS)
    rows.append(_entry(MeldKind(Family.SEQUENCE, trump), sequence, 150, CLASS_A))
    rows.append(_entry(MeldKind(Family.SEQUENCE, trump, True), sequence * 2, 300, CLASS_A))
    for suit in (trump, *(s for s in Suit if s is not trump)):
        pair = (Card(Rank.KING, suit), Card(Rank.QUEEN, suit))
        value = 40 if suit is trump else 20
        rows.append(_entry(MeldKind(Family.MARRIAGE, suit), pair, value, CLASS_A))
        rows.append(_entry(MeldKind(Family.MARRIAGE, suit, True), pair * 2, 2 * value, CLASS_A))
    nine = (Card(Rank.NINE, trump),)
    rows.append(_entry(MeldKind(Family.DIX), nine, 10, CLASS_A, free=True))
    rows.append(_entry(MeldKind(Family.SWAP), nine, 10, CLASS_A, free=True, exchange=True))
    for rank, value in FOURS.items():
        four = tuple(Card(rank, suit) for suit in Suit)
        rows.append(_entry(MeldKind(Family.QUARTET, rank), four, value, CLASS_B))
        rows.append(_entry(MeldKind(Family.QUARTET, rank, True), four * 2, 2 * value, CLASS_B))
    rows.append(_entry(MeldKind(Family.PINOCHLE), PINOCHLE, 40, CLASS_C))
    rows.append(_entry(MeldKind(Family.PINOCHLE, None, True), PINOCHLE * 2, 300, CLASS_C))
    return MappingProxyType(dict(rows))


@lru_cache(maxsize=None)
def old_time(trick_scoring: str = "11-10-4-3-2", phase_b: str = "must-win",
             game_end: str = "target", target: str = "1000",
             double_after_single: str = "allowed", laws: str = "none") -> Ruleset:
    """Old-time two-handed Pinochle with the given options (the module docstring)."""
    options = {"TrickScoring": trick_scoring, "PhaseB": phase_b, "GameEnd": game_end,
               "Target": target, "DoubleAfterSingle": double_after_single, "Laws": laws}
    check_options(options, OLD_TIME_OPTIONS)
    pack = {c: 0 if c.rank is Rank.DEUCE else 2 for c in ALL_CARDS}       # OT2A4
    schedule = SCHEDULES[trick_scoring]
    return Ruleset(
        name="old-time",
        pack=MappingProxyType(pack),
        hand_size=12,                                                     # OT6B
        card_points=MappingProxyType({c: schedule.get(c.rank, 0) for c in ALL_CARDS}),
        melds=MappingProxyType({}),         # no table until the upcard fixes trump
        rank_order=OLD_TIME_RANK_ORDER,
        suit_order=(),
        identical_won_by="leader",                                        # OT8C2
        trick_rule_ids=OLD_TIME_TRICK_RULES,
        pack_rule="OT2A4",
        options=MappingProxyType(options),
        ids=OLD_TIME_IDS,
        trump="upcard",                                                   # OT6B
        upcard_nine_bonus=10,                                             # OT6B
        trump_melds=MappingProxyType({suit: old_time_melds(suit) for suit in Suit}),
        follow=_PHASE_B[phase_b],
        last_trick_bonus=10,                                              # OT8G
        melds_in_phase_b=False,                                           # OT8D
        phase_b_returns_exposed=True,                                     # OT8F
        reuse="class",                                                    # OT9F, OT9G
        double_after_single=double_after_single == "allowed",
        laws=NO_LAWS,
        game_end=GameEnd("single-hand" if game_end == "single-hand" else "target",
                         int(target)),                                    # OT4A
    )


#: How a record's tags choose this ruleset (collected by ``adjudicator/rulesets/__init__.py``).
REGISTRATION = RulesetMaker(
    "old-time", old_time, OLD_TIME_OPTIONS,
    {"TrickScoring": "trick_scoring", "PhaseB": "phase_b", "GameEnd": "game_end",
     "Target": "target", "DoubleAfterSingle": "double_after_single", "Laws": "laws"})
