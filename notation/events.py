"""The typed events of a game record: frozen values (``plain.PlainModel``: pydantic reads and
writes them, on first use), each carrying its source span.

A ``Record`` holds ``Game``s; a game holds its tag section, its ``Battle``s and its closing claims;
a battle holds its events in record order. Two nodes are equal when their content is equal: the
spans (where the text was) take no part in ``==``, so ``parse(dumps(record)) == record`` holds
even when the input was not in canonical layout.

``docs/notation.md`` gives the text form of each event.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple, Union

from .cards import Card, Seat, Side, Suit
from .melds import MeldKind
from .plain import Deferred, PlainModel, field


# A named tuple, not a model: a record has some 130 spans a battle, and a tuple is made five
# times faster. Pydantic validates and serializes it as the object {"line": …, "column": …,
# "end_line": …, "end_column": …} with the JSON schema a model would have.
class Span(NamedTuple):
    """Where a node was in the source: 1-based line and column of its first character, and of
    the character just past its end."""

    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema
        fields = {name: core_schema.typed_dict_field(
            core_schema.with_default_schema(core_schema.int_schema(), default=0),
            required=False, metadata={"pydantic_js_updates": {"title": name.replace(
                "_", " ").title()}}) for name in cls._fields}
        as_object = core_schema.typed_dict_schema(fields, cls=cls, extra_behavior="ignore",
                                                  ref="Span")
        from_object = core_schema.no_info_after_validator_function(lambda d: cls(**d),
                                                                   as_object)
        return core_schema.json_or_python_schema(
            json_schema=from_object,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls),
                                                    from_object]),
            serialization=core_schema.plain_serializer_function_ser_schema(
                cls._asdict, return_schema=as_object))


NOWHERE = Span()

_SPAN_FIELDS = frozenset({"span", "lead_span", "follow_span", "winner_span", "points_span",
                          "upcard_span", "leader_span", "widow_span"})


class Node(PlainModel):
    """Base of every record node: frozen, and compared without its spans."""

    span: Span = NOWHERE

    def _content(self) -> tuple[object, ...]:
        return tuple(v for k, v in self.__dict__.items() if k not in _SPAN_FIELDS)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._content() == other._content()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._content()))


class Comment(Node):
    """``{text}`` (brace, may span lines) or ``; text`` (to the end of the line).

    A comment alone on its line is an event of its own; a comment on the line of a statement is
    kept in that statement's ``comments`` and written back after it."""

    type: Literal["comment"] = "comment"
    text: str
    brace: bool = False


class Statement(Node):
    comments: tuple[Comment, ...] = ()


class Tag(Statement):
    """``[Name "value"]``: Event, Date, Site, East, West, Ruleset, MeldScoring, TrickScoring,
    Battles, Result, or any other name."""

    type: Literal["tag"] = "tag"
    name: str
    value: str


class Deal(Statement):
    """The deal, as three lines: ``E:`` East's hand, ``W:`` West's hand, ``stock:`` top first;
    then, in old-time Pinochle, a fourth: ``upcard:`` the card turned up for trump (OT6B).

    A line's span is kept so that a finding about a dealt card can point at it."""

    type: Literal["deal"] = "deal"
    east: tuple[Card, ...]
    west: tuple[Card, ...]
    stock: tuple[Card, ...]
    upcard: Card | None = None
    east_span: Span = NOWHERE
    west_span: Span = NOWHERE
    stock_span: Span = NOWHERE
    upcard_span: Span = NOWHERE

    def _content(self) -> tuple[object, ...]:
        return (self.east, self.west, self.stock, self.upcard, self.comments)


class Meld(Statement):
    """A meld: kind and claimed points, optionally the cards it takes from the concealed hand.

    Written after the cards of the trick whose winner melds (``seat`` is then ``None``: the melder
    is whoever won the trick), or on a line of its own as ``meld W ♥2 61`` naming the melder."""

    type: Literal["meld"] = "meld"
    kind: MeldKind
    points: int
    concealed: tuple[Card, ...] | None = None
    seat: Seat | None = None
    points_span: Span = NOWHERE


class Trick(Statement):
    """``7. K♦ K♦ E ♦3 91``: number, leader's card, follower's card, optional winner mark (checked,
    not trusted), then the melds written on the trick's line.

    ``leader``: the optional lead mark, ``7. W: K♦ K♦ E``: who led, as the record says (None:
    the rules say who led). A mark that is not the rules' leader is reported once and followed
    (docs/notation.md §2.4)."""

    type: Literal["trick"] = "trick"
    number: int
    lead: Card
    follow: Card
    winner: Seat | None = None
    melds: tuple[Meld, ...] = ()
    lead_span: Span = NOWHERE
    follow_span: Span = NOWHERE
    winner_span: Span = NOWHERE
    leader: Seat | None = None
    leader_span: Span = NOWHERE


class Objection(Statement):
    """``object deal W`` (R11A: also ``shuffle``, ``cut``), ``object meld E`` (R11B: to the
    opponent's last meld) or ``object renege W`` (Scarne's SC-RENEGE1: West claims a renege by
    East this hand). ``seat`` is the objector. ``object renege N E`` (the three-handed game and
    single-deck, §12): North claims a renege by East, the ``offender`` (None: not named, the
    objector's one opponent)."""

    type: Literal["objection"] = "objection"
    target: Literal["shuffle", "cut", "deal", "meld", "renege"]
    seat: Seat
    offender: Seat | None = None


class Draw(Statement):
    """``draw W E``: the draws that actually followed the last trick, in order, replacing the
    implied ones (winner, then loser: R8E). ``draw`` alone: nobody drew."""

    type: Literal["draw"] = "draw"
    seats: tuple[Seat, ...]


class MissedDraw(Statement):
    """``nodraw W``: after the last trick West did not draw (R11C follows)."""

    type: Literal["nodraw"] = "nodraw"
    seat: Seat


class ExtraDraw(Statement):
    """``extradraw E``: after the last trick's draws East drew one card more (R11D follows)."""

    type: Literal["extradraw"] = "extradraw"
    seat: Seat


class Discovery(Statement):
    """``toomany E`` / ``toofew W``: a player is discovered with too many (R11D) or too few
    (R11C) cards. The adjudicator checks that the count really is wrong."""

    type: Literal["discovery"] = "discovery"
    seat: Seat
    too_many: bool


class Exposure(Statement):
    """``expose W A♥ T♥``: cards moved to the exposed hand out of turn (M7). They stay exposed."""

    type: Literal["exposure"] = "exposure"
    seat: Seat
    cards: tuple[Card, ...]


class CallOut(Statement):
    """``call E`` / ``call E 1010``: East calls out, claiming that his game total has reached
    the target (Scarne's SC-CALL); ``total`` is the total he claims, if given."""

    type: Literal["call"] = "call"
    seat: Seat
    total: int | None = None
    total_span: Span = NOWHERE

    def _content(self) -> tuple[object, ...]:
        return (self.seat, self.total, self.comments)


class Knock(Statement):
    """``knock W`` / ``knock W 1004``: West claims to have reached the game's target and stops
    play (25-steps TP25); ``count`` is the count he states, if any. The adjudicator counts."""

    type: Literal["knock"] = "knock"
    seat: Seat
    count: int | None = None


class Look(Statement):
    """``look E``: East looked through his won tricks other than the last one gathered
    (Scarne's SC-LOOK1; the penalty, if agreed, SC-LOOK2)."""

    type: Literal["look"] = "look"
    seat: Seat


class Correction(Statement):
    """``correct W 5``: West's meld made after trick 5 is corrected (wrong points: the table
    value) or withdrawn (an improper meld: its cards go back to the concealed hand), Scarne's
    SC-BADMELD1. ``trick`` is the number of the trick the meld followed."""

    type: Literal["correct"] = "correct"
    seat: Seat
    trick: int


#: Why a deal is called a misdeal (Scarne's SC-MISDEAL1-9): cards exposed in cutting or
#: reuniting, the pack not offered for the cut, a face-up card found in the pack, the dealer
#: exposing the nondealer's cards, a hand of the wrong size or an irregular deal.
MisdealReason = Literal["cut-exposed", "not-cut", "faceup", "dealer-exposed", "count"]


class Misdeal(Statement):
    """``misdeal faceup`` / ``misdeal faceup Q♠``: a misdeal is called (Scarne's SC-MISDEAL0-9);
    ``card`` names the card concerned where the reason has one (the face-up card). In time, the
    same dealer deals again: a new deal follows in the same battle."""

    type: Literal["misdeal"] = "misdeal"
    reason: MisdealReason
    card: Card | None = None


class DeadHand(Statement):
    """``deadhand``: play stops, the pack is found imperfect (missing or extra cards); the hand
    is dead, earlier hands stand (Scarne's SC-MISDEAL8)."""

    type: Literal["deadhand"] = "deadhand"


class ReturnCard(Statement):
    """``return E``: East puts the card he drew last (an extra card, or one drawn out of turn)
    back on top of the stock (Scarne's SC-SLIP2, SC-SLIP5)."""

    type: Literal["return"] = "return"
    seat: Seat


class GiveCard(Statement):
    """``give E W``: East, who drew out of turn and saw the card, gives it to West; East then
    draws his proper card and shows it (Scarne's SC-SLIP5). ``to`` is the receiver."""

    type: Literal["give"] = "give"
    seat: Seat
    to: Seat
class Choice(Statement):
    """``choose W upcard`` / ``choose W talon``: after the last trick of the talon, West, its
    winner, chose which of the last two cards he takes (25-steps TPV1, ``LastDraw "choice"``):
    the upcard (the loser then takes the last talon card) or the talon card (the loser takes
    the upcard, as TP20 has it)."""

    type: Literal["choose"] = "choose"
    seat: Seat
    take: Literal["upcard", "talon"]


class Claim(Statement):
    """Claimed totals: ``tricks E 380 W 340``, ``melds …``, ``score …`` (battle score) and
    ``total …`` (running game totals after the battle) inside a battle; ``game E 3120 W 2710``
    (game totals) after a game's last battle. A side may be omitted; at least one is given.

    The three-handed game's claims by seat (§12) give North's too, first, and may be signed:
    ``score N -660 E 120 W 90`` (``north``: None where not given, as always in a two-handed
    record)."""

    type: Literal["claim"] = "claim"
    category: Literal["tricks", "melds", "score", "total", "game"]
    east: int | None = None
    west: int | None = None
    east_span: Span = NOWHERE
    west_span: Span = NOWHERE
    north: int | None = None
    north_span: Span = NOWHERE

    def _content(self) -> tuple[object, ...]:
        return (self.category, self.east, self.west, self.comments, self.north)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats whose totals the claim gives, in the order N, E, W."""
        return tuple(seat for seat, value in ((Seat.NORTH, self.north), (Seat.EAST, self.east),
                                              (Seat.WEST, self.west)) if value is not None)

    def of(self, seat: Seat) -> int | None:
        """The total claimed for ``seat`` (None: not given)."""
        return {Seat.NORTH: self.north, Seat.EAST: self.east, Seat.WEST: self.west}.get(seat)

    def span_of(self, seat: Seat) -> Span:
        """Where ``seat``'s total is written (NOWHERE: not given)."""
        return {Seat.NORTH: self.north_span, Seat.EAST: self.east_span,
                Seat.WEST: self.west_span}.get(seat, NOWHERE)


# ---- the partnership game (double-pack, four seats; docs/notation.md §11) ----

class Hands(Statement):
    """The deal of a table of four: ``N:``, ``E:``, ``S:``, ``W:`` lines, always in that order,
    twenty cards each in double-pack (DP-DEAL2); no stock. ``hands`` holds them in the order
    ``FOUR_SEATS`` (N, E, S, W); ``spans`` each line's span, so a finding about a dealt card can
    point at its line. The reader takes any number of cards on a line (at least one): the count
    and the pack are the adjudicator's (DP-DEAL2, DP-PACK).

    The three-handed game's deal (§12): the ``N:``, ``E:``, ``W:`` lines (``hands`` in the
    order ``THREE_SEATS``), then optionally ``widow: Q♦ Q♠ K♠`` (``widow``; None: no line)."""

    type: Literal["hands"] = "hands"
    hands: tuple[tuple[Card, ...], ...]
    spans: tuple[Span, ...] = ()
    widow: tuple[Card, ...] | None = None
    widow_span: Span = NOWHERE

    def _content(self) -> tuple[object, ...]:
        return (self.hands, self.comments, self.widow)


class Bid(Statement):
    """``bid E 500``, ``bid E 510 flush``, ``bid E 510 long meld 100``: a bid (DP-BID3), with the
    statements a bid may carry (DP-BID5): it rests on a flush or a long suit, and the meld it
    announces. The statements are information, never checked against the hand (DP-BID4)."""

    type: Literal["bid"] = "bid"
    seat: Seat
    amount: int
    flush: bool = False
    long: bool = False
    meld: int | None = None
    amount_span: Span = NOWHERE

    def _content(self) -> tuple[object, ...]:
        return (self.seat, self.amount, self.flush, self.long, self.meld, self.comments)


class Announce(Statement):
    """``announce S 140``, ``announce S flush``, ``announce S long meld 100``: a meld
    announcement (DP-BID4; before any bid, information only), or a flush or long suit announced
    (DP-BID6). After a bid, an announcement is a deemed bid (DP-BID7)."""

    type: Literal["announce"] = "announce"
    seat: Seat
    meld: int | None = None
    flush: bool = False
    long: bool = False


class Pass(Statement):
    """``pass W``: West passes; final for the hand (DP-BID2)."""

    type: Literal["pass"] = "pass"
    seat: Seat


class TrumpNaming(Statement):
    """``trump ♠``: the high bidder names trump (DP-MELD1)."""

    type: Literal["trump"] = "trump"
    suit: Suit


class Declaration(Statement):
    """``meld N ♥F 150 ♥M 40 AA4 1000``: a player's melds, declared once before trick 1
    (DP-MELD1): each kind with its claimed points; or ``meld S 230`` (``total``): only the
    total. ``meld E 0`` declares no meld. A declaration of one kind, ``meld N ♥F 150``, is read
    as a ``Meld`` with its seat (the two-handed meld line): the partnership walker takes it as a
    declaration of that one kind. The melds of a declaration have no seat of their own (``seat``
    is None: they are the declarer's) and no comments (the line's are the declaration's)."""

    type: Literal["declare"] = "declare"
    seat: Seat
    melds: tuple[Meld, ...] = ()
    total: int | None = None


class TableTrick(Statement):
    """``1. A♠ K♠ T♠ J♠ E``: a trick of four cards in play order from the leader (the rules know
    who led), then an optional winner mark (checked, not trusted), any of the four seats.
    ``card_spans`` holds each card's span. A line of two cards is a two-handed ``Trick``.
    ``leader``: the optional lead mark, ``1. E: A♠ K♠ T♠ J♠``, as on a two-handed trick."""

    type: Literal["table-trick"] = "table-trick"
    number: int
    cards: tuple[Card, ...]
    winner: Seat | None = None
    card_spans: tuple[Span, ...] = ()
    winner_span: Span = NOWHERE
    leader: Seat | None = None
    leader_span: Span = NOWHERE

    def _content(self) -> tuple[object, ...]:
        return (self.number, self.cards, self.winner, self.comments, self.leader)


class SideClaim(Statement):
    """Claimed totals of the two partnerships, signed: ``tricks NS 310 EW 190``, ``melds …``,
    ``score NS -530 EW 270``, ``total …`` inside a battle; ``game NS 3610 EW 2950`` after a
    game's last battle. A side may be omitted; at least one is given, NS's first."""

    type: Literal["side-claim"] = "side-claim"
    category: Literal["tricks", "melds", "score", "total", "game"]
    ns: int | None = None
    ew: int | None = None
    ns_span: Span = NOWHERE
    ew_span: Span = NOWHERE

    def _content(self) -> tuple[object, ...]:
        return (self.category, self.ns, self.ew, self.comments)

    def of(self, side: Side) -> int | None:
        return self.ns if side is Side.NS else self.ew


# ---- the three-handed game and single-deck partnership (§12) ----

class Bury(Statement):
    """``bury N J♥ T♣ N♦``: the bidder lays cards away after the melds (three-handed TH-BURY1;
    the reader takes any number of cards, at least one: the count is the adjudicator's)."""

    type: Literal["bury"] = "bury"
    seat: Seat
    cards: tuple[Card, ...]


class Concession(Statement):
    """``concede N``: the seat concedes the hand (TH-CONCEDE1, SD-CONCEDE1)."""

    type: Literal["concede"] = "concede"
    seat: Seat


class Send(Statement):
    """``send S A♥ T♥ K♥ Q♥``: South passes these cards to his partner (single-deck SD-PASS1-3;
    the receiver is the sender's partner, which the seating knows, not the record)."""

    type: Literal["send"] = "send"
    seat: Seat
    cards: tuple[Card, ...]


Event = Annotated[
    Union[Comment, Deal, Trick, Meld, Objection, Draw, MissedDraw, ExtraDraw, Discovery,
          Exposure, Claim, CallOut, Knock, Look, Correction, Misdeal, DeadHand, ReturnCard,
          GiveCard, Choice, Hands, Bid, Announce, Pass, TrumpNaming, Declaration, TableTrick,
          SideClaim, Bury, Concession, Send],
    Deferred("Field", discriminator="type"),
]


class Battle(Statement):
    """``battle 1 dealer E`` and the events up to the next battle, game or end of file."""

    type: Literal["battle"] = "battle"
    number: int
    dealer: Seat
    events: tuple[Event, ...] = ()


class Game(Node):
    """A tag section (tags and comments), battles, then closing events (the ``game`` claim and
    comments)."""

    header: tuple[Tag | Comment, ...] = ()
    battles: tuple[Battle, ...] = ()
    closing: tuple[Claim | SideClaim | Comment, ...] = ()

    @property
    def tags(self) -> dict[str, str]:
        """Each tag's value; of a tag given twice, the first (docs/rulings.md: the adjudicator
        reports the second)."""
        tags: dict[str, str] = {}
        for item in self.header:
            if isinstance(item, Tag):
                tags.setdefault(item.name, item.value)
        return tags


class Record(Node):
    """A whole file: its games in order (comments after the last battle close the last game)."""

    games: tuple[Game, ...] = ()
    filename: str | None = field(default=None, exclude=True)

    def _content(self) -> tuple[object, ...]:
        return (self.games,)
