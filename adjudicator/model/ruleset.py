"""The ``Ruleset`` type: pack composition, rank and suit orders, trick rules, card points, meld
table, policies and options, in one frozen object, and the types its fields hold. Each rulebook's
own values are in ``adjudicator/rulesets/`` (East Point's are the field defaults, as the primary
ruleset's), registered there with ``RulesetMaker``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeVar

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Seat, Suit
from pinochle.notation.errors import PinochleError, quoted
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.laws.policy import LawsPolicy
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.seating import TWO_HANDED, Seating


class RulesetError(PinochleError):
    """A record asks for a ruleset or an option that does not exist; ``tag`` names the tag
    that asks for it."""

    def __init__(self, message: str, tag: str = "Ruleset") -> None:
        super().__init__(message)
        self.tag = tag


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
    #: an illegal call by the seat in turn uses his turn (double-pack D6), or changes nothing,
    #: whose turn included (single-deck spec §5.3)
    void_uses_turn: bool = True


class FollowRules(NamedTuple):
    """The follower's obligations and when they start. ``when``: never (East Point, C11), once
    the stock is exhausted (``phase-b``, the old-time family) or always. Then he must follow
    suit; ``head``: beat the led card if able, on every lead (``all``), only on a trump lead
    (``trump``) or never (``none``); ``trump_if_void``: play a trump when he cannot follow."""

    when: Literal["never", "phase-b", "always"] = "never"
    head: Literal["none", "all", "trump"] = "none"
    trump_if_void: bool = False


class TableRules(NamedTuple):
    """What a table game of four adds to double-pack's shape (single-deck, SD-...; the defaults
    are double-pack's, which has none of it). ``passing``: the cards the bidder's partner passes
    him and he passes back after trump is named (0: no passing); ``forced``: who must bid,
    ``dealer`` (three passes before him), ``eldest`` (the first call) or ``none`` (four passes
    throw the hand in); ``first_lead``: ``bidder`` or ``eldest`` (the dealer's left) leads
    trick 1; ``save``: what saves a side's melds: a ``counter`` trick (a card worth points, or
    the last trick), any ``trick``, ``points`` (at least ``save_points`` in cards) or ``none``
    (melds always count); ``concede``: the bidder may concede for his side before trick 1,
    the other side then taking ``concede_bonus`` more; ``game_order``: both sides at the
    target, the bidders first (``bidder-first``), the higher (``highest``), or only bidders who
    made their contract win (``bid-out``); ``credit_held``: a meld's multiplicity not held is
    credited as the largest held."""

    passing: int = 0
    forced: Literal["none", "dealer", "eldest"] = "none"
    first_lead: Literal["bidder", "eldest"] = "bidder"
    save: Literal["counter", "trick", "points", "none"] = "counter"
    save_points: int = 0
    concede: bool = False
    concede_bonus: int = 0
    game_order: Literal["bidder-first", "highest", "bid-out"] = "bidder-first"
    #: a declared meld whose multiplicity is not held is credited as the largest held (a
    #: double marriage with one pair: the marriage), still reported; else it scores nothing
    credit_held: bool = False
    #: ``RH`` accepted as shorthand for K4 + Q4 + a marriage in every suit, worth this (0: not
    #: a meld of the table)
    roundhouse: int = 0
    #: a renege claimed (``object renege N E``) ends the hand: the offenders score -contract
    #: if they bid, else 0; the others their melds and every card point (single-deck
    #: ``Laws "common"``)
    renege_law: bool = False
    #: a battle dealt after the game is won (reported once at its ``battle`` line) still counts
    #: in the game's totals (double-pack's DP-GAME ruling); ``False``: it counts for nobody
    #: (single-deck's SD-GAME5, "no hand is played after the game is won")
    after_end_counts: bool = True


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
    ``double_after_single`` whether a double may reuse the cards of its single; ``game_end``
    when a game ends.

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
    ids: RuleIds
    laws: LawsPolicy
    options: Mapping[str, str] = field(default_factory=dict)
    trump: TrumpSource = "none"
    upcard_nine_bonus: int = 0
    trump_melds: Mapping[Suit, Mapping[MeldKind, MeldEntry]] = field(default_factory=dict)
    follow: FollowRules = FollowRules()
    last_trick_bonus: int = 0
    melds_in_phase_b: bool = True
    phase_b_returns_exposed: bool = False
    reuse: Literal["combination", "class", "type"] = "combination"
    double_after_single: bool = True
    game_end: GameEnd = GameEnd()
    reuse_cites: Mapping[tuple[int, int], str] = field(default_factory=dict)
    type_names: tuple[str, ...] = ()
    round_up_from: int = 0
    #: The winner of the last trick of the stock chooses the upcard or the last stock card
    #: (25-steps TPV1, ``LastDraw "choice"``; lastdraw.py); else the loser takes the upcard.
    last_draw_choice: bool = False
    #: The seating (``model/seating.py``): the seats in playing order (clockwise), partners,
    #: who deals and leads next, whether scores are kept by seat or by side: East and West for
    #: the two-handed games; North, East, South, West, N-S against E-W for the partnership game
    #: (DP-PLAYERS).
    seating: Seating = TWO_HANDED
    #: The auction, for a game with bidding (double-pack); ``None``: no auction.
    auction: AuctionRules | None = None
    #: DP-PLAY3's reading of "top it" (``TrumpLead``); only a game whose ``follow.head`` is
    #: ``trump`` at a table of four reads it.
    trump_lead: TrumpLead = "top-led"
    #: What a set bidding side loses (DP-SCORE2, ``SetPenalty``).
    set_penalty: SetPenalty = "bid"
    #: What a table game adds to double-pack's (``TableRules``: passing, forced bid, ...).
    table: TableRules = TableRules()
    #: The partnership engine names its checks by double-pack's ids (its first table game) and
    #: a few by name (``higher-bid``); a table game with its own rulebook maps each onto the
    #: id it cites (single-deck's SD-...): findings and their sentences are told with these
    #: (``visitor.FindingSink``). Empty: double-pack's own ids.
    cites: Mapping[str, str] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"ruleset_from_tags({ruleset_tags(self)!r})"

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats at the table in playing order (the seating's)."""
        return self.seating.seats

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


@dataclass(frozen=True)
class RulesetMaker:
    """How to build one ruleset from tags: ``options`` maps each option tag to its values (the
    first is the default), ``params`` each option tag to the builder's keyword."""

    name: str
    build: Callable[..., Ruleset]
    options: Mapping[str, tuple[str, ...]]
    params: Mapping[str, str]

    def from_tags(self, tags: Mapping[str, str]) -> Ruleset:
        values = {self.params[tag]: tags.get(tag, allowed[0]).strip().lower()
                  for tag, allowed in self.options.items()}
        return self.build(**values)
