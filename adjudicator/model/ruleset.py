"""Rulesets as data: pack composition, rank and suit orders, trick rules, card points, meld table
and options, in one frozen object.

East Point (``../shared/rules/east-point.txt``) is the primary ruleset. Its options are the
variants a record's tags select: ``MeldScoring`` (V2: lower / original / higher), ``TrickScoring``
(V3: standard / v3) and ``Pack`` (``PACKS``: regular; V1's beginner, 28 cards, no melds; V5's
no-nines, eleven cards each). Values the copy of the rulebook lost are the ones
``../shared/rules/README.md`` recovers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeVar

from pinochle.notation.cards import ALL_CARDS, TWO_SEATS, Card, Rank, Seat, Suit
from pinochle.notation.errors import PinochleError, quoted
from pinochle.notation.melds import ALL_MELD_KINDS, Family, MeldKind

from .laws import EAST_POINT_LAWS, LawsPolicy
from .ruleids import EAST_POINT_IDS, RuleIds


class RulesetError(PinochleError):
    """A record asks for a ruleset or an option that does not exist; ``tag`` names the tag
    that asks for it."""

    def __init__(self, message: str, tag: str = "Ruleset") -> None:
        super().__init__(message)
        self.tag = tag


# R2A1 / R2A2: East Point's rank and suit orders, highest first (R8C1, R8C2 compare by them).
EAST_POINT_RANK_ORDER = (Rank.DEUCE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                         Rank.NINE)
EAST_POINT_SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)

#: Who wins a trick of two identical cards (two copies of one face).
IdenticalWinner = Literal["leader", "follower"]
#: Where a battle's trump suit comes from: none (East Point), the turned-up card (old-time),
#: named by the high bidder after the auction (double-pack, DP-MELD1).
TrumpSource = Literal["none", "upcard", "bid"]
#: DP-PLAY3's "top it" on a trump lead: beat the trump led (``top-led``) or the highest trump
#: played so far (``top-highest``); the ``TrumpLead`` tag (double-pack spec D7).
TrumpLead = Literal["top-led", "top-highest"]
#: What a set bidding side loses: its bid (``bid``) or what it made (``made``); DP-SCORE2, the
#: ``SetPenalty`` tag (double-pack spec D13).
SetPenalty = Literal["bid", "made"]


class AuctionRules(NamedTuple):
    """The auction of a bidding game (double-pack DP-BID1-DP-BID9): bids from ``minimum`` in
    multiples of ``step`` (DP-BID3); ``announcements``: meld, flush and long-suit announcements
    are allowed (DP-BID4-DP-BID7), or only bids and passes (DP-BID8's variant)."""

    minimum: int = 500
    step: int = 10
    announcements: bool = True


class FollowRules(NamedTuple):
    """The follower's obligations and when they start. ``when``: never (East Point, C11), once
    the stock is exhausted (``phase-b``, the old-time family) or always. Then he must follow
    suit; ``head``: beat the led card if able, on every lead (``all``), only on a trump lead
    (``trump``) or never (``none``); ``trump_if_void``: play a trump when he cannot follow."""

    when: Literal["never", "phase-b", "always"] = "never"
    head: Literal["none", "all", "trump"] = "none"
    trump_if_void: bool = False


class GameEnd(NamedTuple):
    """When a game ends. ``battles``: the agreed even number of battles, two more per tie
    (East Point R4A, the ``Battles`` tag). ``target``: at the end of the battle in which a
    player reaches ``target``; both: the higher; equal: play on until the tie breaks.
    ``single-hand``: one battle, replayed while tied. ``call_out``: a player may end the game
    by a call-out (Scarne's SC-CALL: right, he wins; wrong, he loses). ``knock``: when a player
    knocks, claiming ``target``: he wins if his count reaches it, else loses; a battle that ends
    with a player at the target and no knock raises it by ``rise`` (25-steps TP25).
    ``proof``: ``next-trick`` (25-steps TPV6) decides a knock only when the knocker next wins a
    trick, counting that trick; play goes on until then."""

    kind: Literal["battles", "target", "single-hand", "knock"] = "battles"
    target: int = 0
    call_out: bool = False
    rise: int = 0
    proof: Literal["none", "next-trick"] = "none"


class TrickRuleIds(NamedTuple):
    """The rule each test of the trick table cites (``tricks.py`` names the tests); a test the
    ruleset never reaches (a trump in East Point, a suit order in the old-time family) still has
    an id, the one its rulebook would cite."""

    identical: str
    higher_rank: str
    trump: str
    higher_suit: str
    otherwise: str


# R8C1-R8C4 (no trump in East Point: the leader's card wins a trick of two suits, R8C4).
EAST_POINT_TRICK_RULES = TrickRuleIds(identical="R8C3", higher_rank="R8C1", trump="R8C4",
                                      higher_suit="R8C2", otherwise="R8C4")


def strength(order: tuple[Rank, ...] | tuple[Suit, ...], member: Rank | Suit) -> int:
    """A rank's or suit's place in an order listed highest first, as a number: higher is
    stronger; a member the order leaves out is weaker than every other (0)."""
    return len(order) - order.index(member) if member in order else 0


class TrickRules(NamedTuple):
    """What decides a trick, hashable so that its table is built once (``tricks.trick_table``)."""

    rank_order: tuple[Rank, ...]
    suit_order: tuple[Suit, ...]
    identical_won_by: IdenticalWinner
    ids: TrickRuleIds


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


@dataclass(frozen=True)
class MeldEntry:
    """One row-and-column of the meld table: a kind, its cards (with multiplicity), its points;
    its class for the reuse rule (old-time classes A/B/C as 0/1/2; East Point has one), and
    whether it is free: made in a turn beside another meld (the old-time dix); whether its card is
    exchanged for the turned-up card instead of being exposed (the swap, OT9I2)."""

    kind: MeldKind
    cards: tuple[Card, ...]
    points: int
    klass: int = 0
    free: bool = False
    exchange: bool = False      # its card is exchanged for the upcard (the old-time swap)
    once: int | None = None     # a history class a reused copy must never have been in, and
    #                             that the meld enters (Scarne's marriages, SC-MELD5)
    also: tuple[tuple[int, int], ...] = ()  # further classes it enters, with their values
    mark: int | None = None     # the value it leaves in its class, if not its points
    #                             (the roundhouse: a marriage's 40 and the kings' 80, SC-MELD6)
    rank: int = 0               # its type's rank for the reuse by type (25-steps TP14, TP19)


@dataclass(frozen=True)
class Ruleset:
    """Everything the adjudicator needs to know about a game's rules, as tables.

    ``pack`` maps each card face to its number of copies; ``card_points`` to its trick value;
    ``melds`` each legal meld kind to its entry. ``rank_order`` and ``suit_order`` list the ranks
    and suits highest first (``suit_order`` empty: suits are not ordered); with
    ``identical_won_by`` and ``trick_rule_ids`` they decide tricks (``tricks.trick_table``).
    ``pack_rule`` is the rule that composes the pack (cited for a face the pack does not hold).
    ``options`` records the tags that chose it.

    The policies (East Point's values are the defaults): ``ids`` maps each engine check to the
    ruleset's rule id; ``trump`` where the trump suit comes from, and with ``upcard`` the deal
    turns up a card under the stock (its suit is trump; a nine scores the dealer
    ``upcard_nine_bonus``); ``trump_melds`` the meld table for each trump suit (``melds`` is the
    table when there is no trump); ``follow`` the follower's obligations; ``last_trick_bonus``;
    ``melds_in_phase_b`` whether a trick's winner may meld once the stock is exhausted, and
    ``phase_b_returns_exposed`` whether the exposed cards then go back to the concealed hand;
    ``reuse`` the rule between melds: ``combination`` (each scored once per battle, R9F) or
    ``class`` (per card copy and class, a reuse only into a higher meld: OT9F/OT9G);
    ``double_after_single`` whether a double may reuse the cards of its single; ``laws`` the
    irregularity laws (a ``LawsPolicy``); ``game_end`` when a game ends.

    ``reuse`` ``type`` (25-steps TP19): per card copy, a reuse only into a meld of a higher
    ``MeldEntry.rank``; ``type_names`` names each rank, ``reuse_cites`` gives the rule cited for
    an (earlier rank, later rank) pair (``ids.reuse`` otherwise). ``round_up_from``: the units
    digit from which each player's trick points are rounded up to ten at the battle's end,
    lower ones down (0: no rounding).
    """

    name: str
    pack: Mapping[Card, int]
    hand_size: int
    card_points: Mapping[Card, int]
    melds: Mapping[MeldKind, MeldEntry]
    rank_order: tuple[Rank, ...]
    suit_order: tuple[Suit, ...]
    identical_won_by: IdenticalWinner
    trick_rule_ids: TrickRuleIds
    pack_rule: str
    options: Mapping[str, str] = field(default_factory=dict)
    ids: RuleIds = EAST_POINT_IDS
    trump: TrumpSource = "none"
    upcard_nine_bonus: int = 0
    trump_melds: Mapping[Suit, Mapping[MeldKind, MeldEntry]] = field(default_factory=dict)
    follow: FollowRules = FollowRules()
    last_trick_bonus: int = 0
    melds_in_phase_b: bool = True
    phase_b_returns_exposed: bool = False
    reuse: Literal["combination", "class", "type"] = "combination"
    double_after_single: bool = True
    laws: LawsPolicy = EAST_POINT_LAWS
    game_end: GameEnd = GameEnd()
    reuse_cites: Mapping[tuple[int, int], str] = field(default_factory=dict)
    type_names: tuple[str, ...] = ()
    round_up_from: int = 0
    #: The winner of the last trick of the stock chooses the upcard or the last stock card
    #: (25-steps TPV1, ``LastDraw "choice"``; lastdraw.py); else the loser takes the upcard.
    last_draw_choice: bool = False
    #: The seats at the table in playing order (clockwise): East and West for the two-handed
    #: games; North, East, South, West for the partnership game (DP-PLAYERS).
    seats: tuple[Seat, ...] = TWO_SEATS
    #: The auction, for a game with bidding (double-pack); ``None``: no auction.
    auction: AuctionRules | None = None
    #: DP-PLAY3's reading of "top it" (``TrumpLead``); only a game whose ``follow.head`` is
    #: ``trump`` at a table of four reads it.
    trump_lead: TrumpLead = "top-led"
    #: What a set bidding side loses (DP-SCORE2, ``SetPenalty``).
    set_penalty: SetPenalty = "bid"

    def __repr__(self) -> str:
        return f"ruleset_from_tags({ruleset_tags(self)!r})"

    @property
    def by_copy(self) -> bool:
        """The reuse rule follows each exposed copy's meld history (``copies.CopyLedger``)."""
        return self.reuse != "combination"

    @property
    def pack_size(self) -> int:
        return sum(self.pack.values())

    @property
    def upcard(self) -> bool:
        """The deal turns up a card that fixes trump and is the last card of the stock."""
        return self.trump == "upcard"

    @property
    def stock_size(self) -> int:
        """The face-down stock after the deal (without the turned-up card): none in double-pack,
        whose 80 cards are all dealt (DP-DEAL2)."""
        return self.pack_size - len(self.seats) * self.hand_size - self.upcard

    def melds_for(self, trump: Suit | None) -> Mapping[MeldKind, MeldEntry]:
        """The meld table of a battle with this trump suit (``melds`` without trump)."""
        if trump is not None and self.trump_melds:
            return self.trump_melds[trump]
        return self.melds

    @property
    def total_card_points(self) -> int:
        return sum(self.card_points[c] * n for c, n in self.pack.items())

    @property
    def trick_rules(self) -> TrickRules:
        return TrickRules(self.rank_order, self.suit_order, self.identical_won_by,
                          self.trick_rule_ids)

    @cached_property
    def card_strength(self) -> tuple[int, ...]:
        """Each face's strength by rank, then suit (higher is stronger), indexed by
        ``Card.index``: a total order for players' tie-breaks, not a trick rule. A rank or suit
        the orders leave out counts as the weakest."""
        ranks, suits = self.rank_order, self.suit_order
        vector = [0] * len(ALL_CARDS)
        for card in ALL_CARDS:
            vector[card.index] = (strength(ranks, card.rank) * (len(suits) + 1)
                                  + strength(suits, card.suit))
        return tuple(vector)

    def meld_points(self, kind: MeldKind, trump: Suit | None = None) -> int | None:
        entry = self.melds_for(trump).get(kind)
        return None if entry is None else entry.points

    def meld_for_points(self, points: int, trump: Suit | None = None) -> list[MeldKind]:
        """The kinds worth ``points``: one in East Point (R9B2: "the number of points is
        sufficient to identify the meld"), several in the old-time table (40, 80, 300)."""
        return [k for k, e in self.melds_for(trump).items() if e.points == points]


def ruleset_tags(ruleset: Ruleset) -> dict[str, str]:
    """The tags that choose ``ruleset``: ``Ruleset`` (its name), then its options."""
    return {"Ruleset": ruleset.name, **ruleset.options}


_K = TypeVar("_K")
_V = TypeVar("_V")


def _freeze(mapping: dict[_K, _V]) -> Mapping[_K, _V]:
    return MappingProxyType(dict(mapping))


def check_options(options: Mapping[str, str], allowed: Mapping[str, tuple[str, ...]]) -> None:
    """Raise ``RulesetError`` (naming the tag) for a value its option does not allow."""
    for name, value in options.items():
        if value not in allowed[name]:
            values = ", ".join(allowed[name])
            raise RulesetError(f"{name} must be one of {values}, not {quoted(value)}", name)


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
    )


EAST_POINT = east_point()
