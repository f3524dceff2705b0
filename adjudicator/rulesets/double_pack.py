"""Double-pack partnership Pinochle (``../shared/rules/double-pack-partnership.txt``; the spec
``../shared/rulesets/double-pack-partnership.md``, ids DP-…) as data.

Four seats N, E, S, W (DP-PLAYERS), an 80-card pack of four copies of A T K Q J in each suit
(DP-PACK), all dealt, twenty each, no stock (DP-DEAL2); an auction from 500 in tens (DP-BID3);
trump named by the high bidder (DP-MELD1); must follow, top a trump lead, trump when void
(DP-PLAY2-DP-PLAY4); identical cards: the first played wins (DP-PLAY5); last trick 20; game
3,550 (DP-GAME). The choices the text leaves to the players are option tags, the default first
(docs/rulings.md, "Double-pack"):

- ``TrickScoring`` (DP-COUNT1, DP-COUNT2): ``10-10-10`` (A, T, K 10) or ``10-10-5-5`` (A, T 10;
  K, Q 5); both total 480 in cards, 500 with the last trick;
- ``TrumpLead`` (DP-PLAY3, spec D7): ``top-led`` (beat the trump led) or ``top-highest`` (beat
  the highest trump played so far);
- ``Announcements`` (DP-BID8): ``yes`` or ``no`` (only bids and passes);
- ``SetPenalty`` (DP-SCORE2, spec D13): ``bid`` (a set side loses its bid) or ``made``;
- ``Target`` (DP-GAME): ``3550`` or a shorter game.

The meld table (DP-MELD2-DP-MELD4) depends on trump: one table per suit, each entry's ``klass``
its heading (0 sequences, 1 groups, 2 pinochle: the heading rule DP-MELD5).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Suit
from pinochle.notation.melds import Family, MeldKind

from pinochle.adjudicator.laws.policy import NO_LAWS
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.seating import FOUR_PARTNERS
from pinochle.adjudicator.model.ruleset import RulesetMaker
from pinochle.adjudicator.model.ruleset import (AuctionRules, FollowRules, GameEnd, MeldEntry,
                                                Ruleset, TrickRuleIds, check_options)

__all__ = ["DOUBLE_PACK", "DOUBLE_PACK_IDS", "DOUBLE_PACK_OPTIONS", "GROUP_POINTS",
           "HEADING_RULES", "HEADINGS", "PINOCHLE_POINTS", "SEQUENCES", "GROUPS", "PINOCHLES",
           "double_pack", "double_pack_melds"]

# DP-PACK (L15): "four each of A, 10, K, Q, J (ranking in that order)"; no rank of suits (L17).
RANK_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
COPIES = 4
# §3.1: the highest trump, else the highest card of the suit led; among identical cards the
# first played (DP-PLAY5): every test of the trick table cites DP-PLAY5.
TRICK_RULES = TrickRuleIds(identical="DP-PLAY5", higher_rank="DP-PLAY5", trump="DP-PLAY5",
                           higher_suit="DP-PLAY5", otherwise="DP-PLAY5")

#: DP-COUNT1 (L56) and DP-COUNT2 (L57): points per rank in a trick, other ranks 0.
SCHEDULES: Mapping[str, Mapping[Rank, int]] = MappingProxyType({
    "10-10-10": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10},
    "10-10-5-5": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5},
})
#: The rule each schedule is (the rule cited for trick points).
SCHEDULE_RULES = {"10-10-10": "DP-COUNT1", "10-10-5-5": "DP-COUNT2"}

#: The option tags and their values, the default first.
DOUBLE_PACK_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "TrickScoring": tuple(SCHEDULES),
    "TrumpLead": ("top-led", "top-highest"),
    "Announcements": ("yes", "no"),
    "SetPenalty": ("bid", "made"),
    "Target": ("3550", "1000", "1500", "2000", "2500", "3000", "5000"),
})

#: The three headings of the meld table (DP-MELD5: a card in one meld per heading), as
#: ``MeldEntry.klass``, and the rule each heading is.
SEQUENCES, GROUPS, PINOCHLES = 0, 1, 2
HEADINGS = ("sequences", "groups", "pinochle")
HEADING_RULES = ("DP-MELD2", "DP-MELD3", "DP-MELD4")

#: DP-MELD2 (L27-31): flush, royal marriage, marriage; ×n is n times the single (L31, D9).
FLUSH, ROYAL_MARRIAGE, MARRIAGE = 150, 40, 20
SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
#: DP-MELD3 (L32-45): a group's points by multiplicity 0..4; a quadruple is two doubles (L45,
#: stated for aces; D10 for the others).
GROUP_POINTS: Mapping[Rank, tuple[int, ...]] = MappingProxyType({
    Rank.ACE: (0, 100, 1000, 1500, 2000),
    Rank.KING: (0, 80, 800, 1200, 1600),
    Rank.QUEEN: (0, 60, 600, 900, 1200),
    Rank.JACK: (0, 40, 400, 600, 800),
})
#: DP-MELD4 (L46-49): pinochle Q♠ J♦ by multiplicity 0..4.
PINOCHLE_POINTS = (0, 40, 300, 450, 3000)
PINOCHLE = (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS))

#: Each engine check's double-pack rule (the nearest rule where the game has no such check:
#: no stock, no draws, no concealed hand; docs/rulings.md, "Double-pack").
DOUBLE_PACK_IDS = RuleIds(
    pack="DP-PACK", score="DP-SCORE1", game="DP-GAME", dealer="DP-DEAL3", battle="DP-DEAL2",
    deal="DP-DEAL2", hand="DP-DEAL2", stock="DP-DEAL2", trick="DP-PLAY1", lead="DP-PLAY6",
    follow="DP-PLAY2", melder="DP-MELD1", draws="DP-DEAL2", end="DP-DEAL2",
    trick_points="DP-COUNT1", table="DP-MELD1", cards="DP-MELD1", concealed="DP-MELD1",
    won="DP-MELD1", one_meld="DP-MELD1", reuse="DP-MELD5", played="DP-MELD1",
    exposure="DP-MELD1", follow_suit="DP-PLAY2", head="DP-PLAY3", trump_void="DP-PLAY4",
    last_trick="DP-COUNT2", upcard="DP-MELD1", dix="DP-MELD1", phase_b="DP-PLAY2",
)


def _entry(kind: MeldKind, cards: tuple[Card, ...], points: int,
           heading: int) -> tuple[MeldKind, MeldEntry]:
    return kind, MeldEntry(kind, cards, points, heading)


@lru_cache(maxsize=None)
def double_pack_melds(trump: Suit) -> Mapping[MeldKind, MeldEntry]:
    """DP-MELD2-DP-MELD4 with ``trump`` as trumps, each kind single to quadruple (n copies of
    each card). A flush is in trumps only (L28, D21); there is no meld of tens."""
    rows: list[tuple[MeldKind, MeldEntry]] = []
    flush = tuple(Card(rank, trump) for rank in SEQUENCE_RANKS)
    for n in range(1, COPIES + 1):
        rows.append(_entry(MeldKind(Family.SEQUENCE, trump, copies=n), flush * n, FLUSH * n,
                           SEQUENCES))
    for suit in (trump, *(s for s in Suit if s is not trump)):
        pair = (Card(Rank.KING, suit), Card(Rank.QUEEN, suit))
        value = ROYAL_MARRIAGE if suit is trump else MARRIAGE
        for n in range(1, COPIES + 1):
            rows.append(_entry(MeldKind(Family.MARRIAGE, suit, copies=n), pair * n, value * n,
                               SEQUENCES))
    for rank, values in GROUP_POINTS.items():
        four = tuple(Card(rank, suit) for suit in Suit)
        for n in range(1, COPIES + 1):
            rows.append(_entry(MeldKind(Family.QUARTET, rank, copies=n), four * n, values[n],
                               GROUPS))
    for n in range(1, COPIES + 1):
        rows.append(_entry(MeldKind(Family.PINOCHLE, copies=n), PINOCHLE * n,
                           PINOCHLE_POINTS[n], PINOCHLES))
    return MappingProxyType(dict(rows))


def double_pack(trick_scoring: str = "10-10-10", trump_lead: str = "top-led",
                announcements: str = "yes", set_penalty: str = "bid",
                target: str = "3550") -> Ruleset:
    """Double-pack partnership Pinochle with the given options (the module docstring): one
    ruleset per set of values, however they are passed (the catalog passes every keyword), so
    that the tables made per ruleset are made once."""
    return _double_pack(trick_scoring, trump_lead, announcements, set_penalty, target)


@lru_cache(maxsize=None)
def _double_pack(trick_scoring: str, trump_lead: str, announcements: str, set_penalty: str,
                 target: str) -> Ruleset:
    options = {"TrickScoring": trick_scoring, "TrumpLead": trump_lead,
               "Announcements": announcements, "SetPenalty": set_penalty, "Target": target}
    check_options(options, DOUBLE_PACK_OPTIONS)
    pack = {c: COPIES if c.rank in RANK_ORDER else 0 for c in ALL_CARDS}          # DP-PACK
    schedule = SCHEDULES[trick_scoring]
    return Ruleset(
        name="double-pack",
        pack=MappingProxyType(pack),
        hand_size=20,                                                           # DP-DEAL2
        card_points=MappingProxyType({c: schedule.get(c.rank, 0) for c in ALL_CARDS}),
        melds=MappingProxyType({}),         # no table until the high bidder names trump
        rank_order=RANK_ORDER,
        suit_order=(),
        identical_won_by="leader",          # DP-PLAY5: the one played first
        trick_rule_ids=TRICK_RULES,
        pack_rule="DP-PACK",
        options=MappingProxyType(options),
        ids=DOUBLE_PACK_IDS._replace(trick_points=SCHEDULE_RULES[trick_scoring]),
        trump="bid",                                                            # DP-MELD1
        trump_melds=MappingProxyType({suit: double_pack_melds(suit) for suit in Suit}),
        follow=FollowRules("always", "trump", True),                            # DP-PLAY2-4
        last_trick_bonus=20,                                                    # DP-COUNT2
        melds_in_phase_b=False,             # melds only before trick 1 (DP-MELD1)
        laws=NO_LAWS,                       # the text has no irregularity rules (D20)
        game_end=GameEnd("target", int(target)),                                # DP-GAME
        seating=FOUR_PARTNERS,                                                  # DP-PLAYERS
        auction=AuctionRules(500, 10, announcements == "yes"),                  # DP-BID3, 8
        trump_lead="top-highest" if trump_lead == "top-highest" else "top-led",
        set_penalty="made" if set_penalty == "made" else "bid",
    )


DOUBLE_PACK = double_pack()


#: How a record's tags choose this ruleset (collected by ``adjudicator/rulesets/__init__.py``).
REGISTRATION = RulesetMaker(
    "double-pack", double_pack, DOUBLE_PACK_OPTIONS,
    {"TrickScoring": "trick_scoring", "TrumpLead": "trump_lead",
     "Announcements": "announcements", "SetPenalty": "set_penalty", "Target": "target"})
