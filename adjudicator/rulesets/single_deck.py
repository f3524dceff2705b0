"""Single-deck partnership Pinochle (the spec ``../shared/rulesets/single-deck-partnership.md``,
ids SD-…; no text in ``../shared/rules/``) as data.

Four seats N, E, S, W, N-S against E-W (SD-SEAT1-2); the 48-card pack, two copies of A T K Q J
9 in each suit (SD-PACK1-2), all dealt, twelve each (SD-DEAL1); an auction in tens from
``MinBid`` with only bids and passes (SD-BID1-8); trump named by the bidder (SD-TRUMP1); his
partner passes him ``Passing`` cards and he passes as many back (SD-PASS1-3); melds once,
before trick 1 (SD-MELD1-9); twelve tricks with follow, head, trump and overtrump duties
(SD-PLAY1-7); counters and the last trick make 250 (SD-COUNT1-3); set: -contract
(SD-SCORE1-4); game 1,500, the bidders counted first (SD-GAME1-5). The choices the
descriptions leave open are option tags, the default first (docs/rulings.md, "Single-deck
partnership"):

- ``MinBid`` (SD-BID3, P2), ``ForcedBid`` (SD-BID6, P3), ``Passing`` (SD-PASS1, P4),
  ``FirstLead`` (SD-PLAY1, P8), ``Heading`` (SD-PLAY4-6, P5), ``TrickScoring`` (SD-COUNT1,
  P11), ``DoubleMelds`` (SD-MELD2-4, P6), ``SaveMeld`` (SD-MELD8, P7), ``ConcedeBonus``
  (SD-CONCEDE2, P9), ``Target`` and ``GameEnd`` (SD-GAME2-4, P13), ``Scale`` (SD-SCALE1, P12),
  ``Laws`` (SD-LAW1-3, P19).

The engine is double-pack's (``partnership/``): it names its checks by double-pack's ids, and
``CITES`` maps each onto the single-deck id a finding cites.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Suit
from pinochle.notation.melds import Family, MeldKind

from pinochle.adjudicator.laws.policy import NO_LAWS
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import (AuctionRules, FollowRules, GameEnd, MeldEntry,
                                                Ruleset, RulesetError, RulesetMaker, TableRules,
                                                TrickRuleIds, check_options)
from pinochle.adjudicator.model.seating import FOUR_PARTNERS

__all__ = ["CITES", "SINGLE_DECK", "SINGLE_DECK_IDS", "SINGLE_DECK_OPTIONS", "single_deck",
           "single_deck_melds"]

# SD-PACK1-2: two copies of each of A T K Q J 9 in each suit, A highest; no suit order.
RANK_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
COPIES = 2
TRICK_RULES = TrickRuleIds(identical="SD-PLAY7", higher_rank="SD-PLAY7", trump="SD-PLAY7",
                           higher_suit="SD-PLAY7", otherwise="SD-PLAY7")

#: SD-COUNT1: points per rank in a trick, other ranks 0 (each schedule's pack holds 240).
SCHEDULES: Mapping[str, Mapping[Rank, int]] = MappingProxyType({
    "10-10-10": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10},
    "11-10-4-3-2": {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    "10-10-5-5": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5},
})

#: The option tags and their values, the default first (spec §1, §9).
SINGLE_DECK_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "MinBid": ("250", "150", "200", "300"),
    "ForcedBid": ("dealer", "eldest", "none"),
    "Passing": ("4", "3", "0"),
    "FirstLead": ("bidder", "eldest"),
    "Heading": ("always", "trump-lead"),
    "TrickScoring": tuple(SCHEDULES),
    "DoubleMelds": ("bonus", "plain", "old"),
    "SaveMeld": ("trick", "counter", "20", "none"),
    "ConcedeBonus": ("0", "50", "100"),
    "Target": ("1500", "1000", "2000", "2500"),
    "GameEnd": ("bidder-first", "highest", "bid-out"),
    "Scale": ("points", "tens"),
    "Laws": ("none", "common"),
})

#: The headings of the meld table (SD-MELD6: a card in one meld per heading), as
#: ``MeldEntry.klass``: double-pack's three and the dix.
SEQUENCES, AROUNDS, PINOCHLES, DIXES = 0, 1, 2, 3
RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
PINOCHLE = (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS))
#: Spec §4.2: each meld's single and double value under each ``DoubleMelds``.
SINGLE: dict[str | Rank, int] = {
    "run": 150, "royal": 40, "marriage": 20, Rank.ACE: 100, Rank.KING: 80, Rank.QUEEN: 60,
    Rank.JACK: 40, "pinochle": 40}
BONUS_DOUBLES: dict[str | Rank, int] = {
    "run": 1500, Rank.ACE: 1000, Rank.KING: 800, Rank.QUEEN: 600, Rank.JACK: 400,
    "pinochle": 300}
OLD_DOUBLES: dict[str | Rank, int] = {"pinochle": 300}
DIX = 10

#: Each engine check's single-deck rule.
SINGLE_DECK_IDS = RuleIds(
    pack="SD-PACK1", score="SD-SCORE1", game="SD-GAME1", dealer="SD-DEAL2", battle="SD-DEAL1",
    deal="SD-DEAL1", hand="SD-DEAL1", stock="SD-DEAL1", trick="SD-PLAY1", lead="SD-PLAY2",
    follow="SD-PLAY3", melder="SD-MELD1", draws="SD-DEAL1", end="SD-PLAY2",
    trick_points="SD-COUNT3", table="SD-MELD1", cards="SD-MELD1", concealed="SD-MELD1",
    won="SD-MELD1", one_meld="SD-MELD1", reuse="SD-MELD6", played="SD-MELD1",
    exposure="SD-MELD1", follow_suit="SD-PLAY3", head="SD-PLAY4", trump_void="SD-PLAY5",
    last_trick="SD-COUNT2", upcard="SD-TRUMP1", dix="SD-MELD5", phase_b="SD-PLAY3",
    passing="SD-PASS1", pass_back="SD-PASS2", pass_order="SD-PASS3", concede="SD-CONCEDE1",
    forced_bid="SD-BID6", overtrump="SD-PLAY6", renege_claim="SD-LAW2",
)

#: The partnership engine's double-pack ids (and named checks) -> the single-deck id cited.
CITES: Mapping[str, str] = MappingProxyType({
    "DP-PLAYERS": "SD-SEAT1", "DP-PACK": "SD-PACK1", "DP-DEAL2": "SD-DEAL1",
    "DP-DEAL3": "SD-DEAL2",
    "DP-BID1": "SD-BID1", "DP-BID2": "SD-BID5", "DP-BID3": "SD-BID3", "higher-bid": "SD-BID4",
    "DP-BID4": "SD-BID2", "DP-BID5": "SD-BID2", "DP-BID6": "SD-BID2", "DP-BID7": "SD-BID2",
    "DP-BID8": "SD-BID2", "DP-BID9": "SD-BID8", "auction-end": "SD-BID7",
    "forced-bid": "SD-BID6", "no-meld": "SD-MELD7", "meld-total": "SD-MELD9",
    "trump": "SD-TRUMP1", "after-end": "SD-GAME5",
    "DP-MELD1": "SD-MELD1", "DP-MELD2": "SD-MELD2", "DP-MELD3": "SD-MELD3",
    "DP-MELD4": "SD-MELD4", "DP-MELD5": "SD-MELD6", "DP-MELD6": "SD-MELD8",
    "DP-MELD7": "SD-MELD8", "trump-once": "SD-TRUMP2",
    "DP-PLAY1": "SD-PLAY1", "DP-PLAY2": "SD-PLAY3", "DP-PLAY3": "SD-PLAY4",
    "DP-PLAY4": "SD-PLAY5", "DP-PLAY5": "SD-PLAY7", "DP-PLAY6": "SD-PLAY2",
    "DP-COUNT1": "SD-COUNT1", "DP-COUNT2": "SD-COUNT2",
    "DP-SCORE1": "SD-SCORE2", "DP-SCORE2": "SD-SCORE3", "DP-SCORE3": "SD-SCORE4",
    "DP-GAME": "SD-GAME2",
})


def _double(key: str | Rank, single: int, doubles: str) -> int:
    """A double's value under ``DoubleMelds`` (spec §4.2): ``bonus`` the table's bonus values,
    ``old`` only the double pinochle's 300, ``plain`` twice the single."""
    table: dict[str | Rank, int] = {"bonus": BONUS_DOUBLES, "old": OLD_DOUBLES}.get(doubles, {})
    return table.get(key, 2 * single)


@lru_cache(maxsize=None)
def single_deck_melds(trump: Suit, doubles: str = "bonus",
                      scale: int = 1) -> Mapping[MeldKind, MeldEntry]:
    """SD-MELD2-5 with ``trump`` as trumps, each kind single and double (spec §4.2), every value
    divided by ``scale`` (SD-SCALE1). A run is of trumps only; the dix is one meld per nine."""
    rows: dict[MeldKind, MeldEntry] = {}

    def add(kind: MeldKind, cards: tuple[Card, ...], points: int, heading: int) -> None:
        rows[kind] = MeldEntry(kind, cards, points // scale, heading)

    run = tuple(Card(rank, trump) for rank in RUN_RANKS)
    add(MeldKind(Family.SEQUENCE, trump), run, SINGLE["run"], SEQUENCES)
    add(MeldKind(Family.SEQUENCE, trump, copies=2), run * 2,
        _double("run", SINGLE["run"], doubles), SEQUENCES)
    for suit in (trump, *(s for s in Suit if s is not trump)):
        pair = (Card(Rank.KING, suit), Card(Rank.QUEEN, suit))
        value = SINGLE["royal" if suit is trump else "marriage"]
        add(MeldKind(Family.MARRIAGE, suit), pair, value, SEQUENCES)
        add(MeldKind(Family.MARRIAGE, suit, copies=2), pair * 2, 2 * value, SEQUENCES)
    for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK):
        four = tuple(Card(rank, suit) for suit in Suit)
        value = SINGLE[rank]
        add(MeldKind(Family.QUARTET, rank), four, value, AROUNDS)
        add(MeldKind(Family.QUARTET, rank, copies=2), four * 2, _double(rank, value, doubles),
            AROUNDS)
    add(MeldKind(Family.PINOCHLE), PINOCHLE, SINGLE["pinochle"], PINOCHLES)
    add(MeldKind(Family.PINOCHLE, copies=2), PINOCHLE * 2,
        _double("pinochle", SINGLE["pinochle"], doubles), PINOCHLES)
    add(MeldKind(Family.DIX), (Card(Rank.NINE, trump),), DIX, DIXES)
    return MappingProxyType(rows)


def single_deck(min_bid: str = "250", forced_bid: str = "dealer", passing: str = "4",
                first_lead: str = "bidder", heading: str = "always",
                trick_scoring: str = "10-10-10", double_melds: str = "bonus",
                save_meld: str = "trick", concede_bonus: str = "0", target: str = "1500",
                game_end: str = "bidder-first", scale: str = "points",
                laws: str = "none") -> Ruleset:
    """Single-deck partnership Pinochle with the given options (the module docstring), one
    ruleset per set of values."""
    return _single_deck(min_bid, forced_bid, passing, first_lead, heading, trick_scoring,
                        double_melds, save_meld, concede_bonus, target, game_end, scale, laws)


@lru_cache(maxsize=None)
def _single_deck(min_bid: str, forced_bid: str, passing: str, first_lead: str, heading: str,
                 trick_scoring: str, double_melds: str, save_meld: str, concede_bonus: str,
                 target: str, game_end: str, scale: str, laws: str) -> Ruleset:
    options = {"MinBid": min_bid, "ForcedBid": forced_bid, "Passing": passing,
               "FirstLead": first_lead, "Heading": heading, "TrickScoring": trick_scoring,
               "DoubleMelds": double_melds, "SaveMeld": save_meld,
               "ConcedeBonus": concede_bonus, "Target": target, "GameEnd": game_end,
               "Scale": scale, "Laws": laws}
    check_options(options, SINGLE_DECK_OPTIONS)
    if scale == "tens" and trick_scoring != "10-10-10":        # SD-SCALE1, P12
        raise RulesetError('Scale "tens" goes only with TrickScoring "10-10-10" (SD-SCALE1)',
                           "Scale")
    tens = 10 if scale == "tens" else 1
    pack = {c: COPIES if c.rank in RANK_ORDER else 0 for c in ALL_CARDS}     # SD-PACK1
    schedule = SCHEDULES[trick_scoring]
    always = heading == "always"
    return Ruleset(
        name="single-deck",
        pack=MappingProxyType(pack),
        hand_size=12,                                                       # SD-DEAL1
        card_points=MappingProxyType({c: schedule.get(c.rank, 0) // tens for c in ALL_CARDS}),
        melds=MappingProxyType({}),         # no table until the bidder names trump
        rank_order=RANK_ORDER,
        suit_order=(),
        identical_won_by="leader",          # SD-PLAY7: the one played first
        trick_rule_ids=TRICK_RULES,
        pack_rule="SD-PACK1",
        options=MappingProxyType(options),
        ids=SINGLE_DECK_IDS,
        trump="bid",                                                        # SD-TRUMP1
        trump_melds=MappingProxyType({suit: single_deck_melds(suit, double_melds, tens)
                                      for suit in Suit}),
        # SD-PLAY3-6: follow; head (every trick, or trump leads only); trump when void
        follow=FollowRules("always", "all" if always else "trump", True),
        last_trick_bonus=10 // tens,                                        # SD-COUNT2
        melds_in_phase_b=False,
        laws=NO_LAWS,                                                       # SD-LAW1
        game_end=GameEnd("target", int(target) // tens),                    # SD-GAME2
        seating=FOUR_PARTNERS,                                              # SD-SEAT1
        auction=AuctionRules(int(min_bid) // tens, 10 // tens, False, False),  # SD-BID2-3
        trump_lead="top-highest",           # "trump-lead" is DP's top-highest (spec §3.2)
        set_penalty="bid",                                                  # SD-SCORE3
        table=TableRules(
            passing=int(passing), forced=forced_bid,  # type: ignore[arg-type]
            first_lead=first_lead,  # type: ignore[arg-type]
            save={"trick": "trick", "counter": "counter", "20": "points",
                  "none": "none"}[save_meld],  # type: ignore[arg-type]
            save_points=20 // tens, concede=True, concede_bonus=int(concede_bonus) // tens,
            game_order=game_end, credit_held=True,  # type: ignore[arg-type]
            roundhouse=240 // tens,                 # SD-MELD7's shorthand (P22)
            renege_law=laws == "common",            # SD-LAW2
            after_end_counts=False),                # SD-GAME5: counts for nobody
        cites=CITES,
    )


SINGLE_DECK = single_deck()


#: How a record's tags choose this ruleset (collected by ``adjudicator/rulesets/__init__.py``).
REGISTRATION = RulesetMaker(
    "single-deck", single_deck, SINGLE_DECK_OPTIONS,
    {"MinBid": "min_bid", "ForcedBid": "forced_bid", "Passing": "passing",
     "FirstLead": "first_lead", "Heading": "heading", "TrickScoring": "trick_scoring",
     "DoubleMelds": "double_melds", "SaveMeld": "save_meld", "ConcedeBonus": "concede_bonus",
     "Target": "target", "GameEnd": "game_end", "Scale": "scale", "Laws": "laws"})
