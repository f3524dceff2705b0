"""East Point Pinochle (``../shared/rules/east-point.txt``), the primary ruleset, as data.

Its options are the variants a record's tags select: ``MeldScoring`` (V2: lower / original /
higher), ``TrickScoring`` (V3: standard / v3) and ``Pack`` (``PACKS``: regular; V1's beginner, 28
cards, no melds; V5's no-nines, eleven cards each). Values the copy of the rulebook lost are the
ones ``../shared/rules/README.md`` recovers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Suit
from pinochle.notation.melds import ALL_MELD_KINDS, Family, MeldKind

from pinochle.adjudicator.laws.policy import EAST_POINT_LAWS
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import (MeldEntry, Ruleset, RulesetMaker, TrickRuleIds,
                                                _freeze, check_options)


#: Each engine check's rule id in this rulebook (``RuleIds``).
EAST_POINT_IDS = RuleIds(
    pack="R2A4", score="R3", game="R4A", dealer="R4B", battle="R5", deal="R6", hand="R6B",
    stock="R6C", trick="R8", lead="R8A", follow="R8B", melder="R8D", draws="R8E", end="R8F",
    trick_points="R8G", table="R9A", cards="R9B1", concealed="R9C", won="R9D", one_meld="R9E",
    reuse="R9F", played="R9G", exposure="R7B2", follow_suit="R8B", head="R8B", trump_void="R8B",
    last_trick="R8G", upcard="R6C", dix="R9A", phase_b="R8E", ex_concealed="M1.3, M4.1, M7",
    ex_legal="M3, M4.2, M7.1", ex_double="M5, M6", ex_repeat="M1.1, M2",
)


# R2A1 / R2A2: East Point's rank and suit orders, highest first (R8C1, R8C2 compare by them).
EAST_POINT_RANK_ORDER = (Rank.DEUCE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                         Rank.NINE)
EAST_POINT_SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


# R8C1-R8C4 (no trump in East Point: the leader's card wins a trick of two suits, R8C4).
EAST_POINT_TRICK_RULES = TrickRuleIds(identical="R8C3", higher_rank="R8C1", trump="R8C4",
                                      higher_suit="R8C2", otherwise="R8C4")



@dataclass(frozen=True)
class PackOption:
    """A ``Pack`` option as data: copies of each rank in every suit (a rank left out is not in the
    pack), cards dealt to each player, whether the meld table applies, and the rule that composes
    the pack; ``table`` is the rule that decides what may be melded: R9A's table, or V1C's "do not
    meld" (the ruleset's ``ids.table``, so a meld in a game without melds cites V1C). The stock
    is what the deal leaves (``Ruleset.stock_size``)."""

    copies: Mapping[Rank, int]
    hand_size: int
    melds: bool
    rule: str
    table: str = EAST_POINT_IDS.table


_REGULAR_COPIES = {Rank.DEUCE: 1, Rank.ACE: 2, Rank.KING: 2, Rank.QUEEN: 2, Rank.JACK: 2,
                   Rank.TEN: 2, Rank.NINE: 1}

PACKS: Mapping[str, PackOption] = MappingProxyType({
    # R2A4: one deuce and one nine per suit, two of each other rank: 48 cards; R6B: twelve each.
    "regular": PackOption(MappingProxyType(_REGULAR_COPIES), 12, True, "R2A4"),
    # V1A: one of each card; V1B: seven cards each, fourteen in the stock; V1C: no melds.
    "beginner": PackOption(MappingProxyType({rank: 1 for rank in Rank}), 7, False, "V1A", "V1C"),
    # V5: "omit the nines, and deal only eleven cards": 44 cards, a stock of 22.
    "no-nines": PackOption(MappingProxyType({r: n for r, n in _REGULAR_COPIES.items()
                                             if r is not Rank.NINE}), 11, True, "V5"),
})

# R8G / C4: points for cards won in tricks.
EAST_POINT_CARD_POINTS = {Rank.DEUCE: 30, Rank.ACE: 25, Rank.KING: 20, Rank.QUEEN: 15,
                          Rank.JACK: 10, Rank.TEN: 5, Rank.NINE: 0}
# V3: a card is worth its rank part plus its suit part.
V3_RANK_POINTS = {Rank.DEUCE: 25, Rank.ACE: 21, Rank.KING: 17, Rank.QUEEN: 13,
                  Rank.JACK: 9, Rank.TEN: 5, Rank.NINE: 1}
V3_SUIT_POINTS = {Suit.CLUBS: 3, Suit.SPADES: 2, Suit.HEARTS: 1, Suit.DIAMONDS: 0}

# R9A: single-meld points; a double meld is worth twice as much (the table's second column).
EAST_POINT_SINGLE_MELD_POINTS: dict[tuple[Family, Suit | Rank | None], int] = {
    (Family.QUINTET, Suit.CLUBS): 211, (Family.QUINTET, Suit.SPADES): 201,
    (Family.QUINTET, Suit.HEARTS): 191, (Family.QUINTET, Suit.DIAMONDS): 181,
    (Family.QUARTET, Rank.ACE): 171, (Family.QUARTET, Rank.KING): 161,
    (Family.QUARTET, Rank.QUEEN): 151, (Family.QUARTET, Rank.JACK): 141,
    (Family.QUARTET, Rank.TEN): 131,
    (Family.TRIO, Suit.CLUBS): 121, (Family.TRIO, Suit.SPADES): 111,
    (Family.TRIO, Suit.HEARTS): 101, (Family.TRIO, Suit.DIAMONDS): 91,
    (Family.DUO, Suit.CLUBS): 81, (Family.DUO, Suit.SPADES): 71,
    (Family.DUO, Suit.HEARTS): 61, (Family.DUO, Suit.DIAMONDS): 51,
}
# V2: "lower" is 10 less per single meld and 20 less per double; "higher" 10 / 20 more.
MELD_SCHEDULE_SHIFT = {"lower": -10, "original": 0, "higher": 10}

# R9A's "contents" column: the ranks of a suit meld, or the suits of a quartet.
FAMILY_RANKS = {
    Family.QUINTET: (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN),
    Family.TRIO: (Rank.KING, Rank.QUEEN, Rank.JACK),
    Family.DUO: (Rank.ACE, Rank.TEN),
}


def meld_contents(kind: MeldKind) -> tuple[Card, ...]:
    """The cards of a meld, with multiplicity (each twice in a double meld), R9A's order."""
    # ignores: a quartet's kind has a rank (its suit is None), any other kind a suit
    if kind.family is Family.QUARTET:
        cards = tuple(Card(kind.rank, suit) for suit in Suit)  # type: ignore[arg-type]
    else:
        cards = tuple(Card(rank, kind.suit) for rank in FAMILY_RANKS[kind.family])  # type: ignore[arg-type]
    return cards * 2 if kind.double else cards



OPTION_VALUES = {
    "MeldScoring": ("original", "lower", "higher"),
    "TrickScoring": ("standard", "v3"),
    "Pack": tuple(PACKS),
}



@lru_cache(maxsize=None)
def east_point(meld_scoring: str = "original", trick_scoring: str = "standard",
               pack: str = "regular") -> Ruleset:
    """East Point Pinochle with the given V1/V5 (``pack``), V2 and V3 options."""
    options = {"MeldScoring": meld_scoring, "TrickScoring": trick_scoring, "Pack": pack}
    check_options(options, OPTION_VALUES)
    chosen = PACKS[pack]
    counts = {c: chosen.copies.get(c.rank, 0) for c in ALL_CARDS}   # every face, 0 if left out
    meld_table: dict[MeldKind, MeldEntry] = {}
    if chosen.melds:
        shift = MELD_SCHEDULE_SHIFT[meld_scoring]
        for kind in ALL_MELD_KINDS:
            single = EAST_POINT_SINGLE_MELD_POINTS[(kind.family, kind.symbol)] + shift
            meld_table[kind] = MeldEntry(kind, meld_contents(kind),
                                         single * (2 if kind.double else 1))
    if trick_scoring == "v3":
        points = {c: V3_RANK_POINTS[c.rank] + V3_SUIT_POINTS[c.suit] for c in ALL_CARDS}
    else:
        points = {c: EAST_POINT_CARD_POINTS[c.rank] for c in ALL_CARDS}
    return Ruleset(
        name="east-point",
        pack=_freeze(counts),
        hand_size=chosen.hand_size,
        card_points=_freeze(points),
        melds=_freeze(meld_table),
        rank_order=EAST_POINT_RANK_ORDER,
        suit_order=EAST_POINT_SUIT_ORDER,
        identical_won_by="follower",          # R8C3
        trick_rule_ids=EAST_POINT_TRICK_RULES,
        pack_rule=chosen.rule,
        options=_freeze(options),
        ids=EAST_POINT_IDS._replace(table=chosen.table),
        laws=EAST_POINT_LAWS,                 # R11
    )


EAST_POINT = east_point()


#: How a record's tags choose this ruleset (collected by ``adjudicator/rulesets/__init__.py``).
REGISTRATION = RulesetMaker(
    "east-point", east_point, OPTION_VALUES,
    {"MeldScoring": "meld_scoring", "TrickScoring": "trick_scoring", "Pack": "pack"})
