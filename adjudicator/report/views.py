"""The replay page's view models (``POST /v1/replay``'s schema, docs/service.md): a record's
games, each a list of steps with the hands, the trick, the melds and the findings at each, and
the helpers that write cards and seats as the notation does. The two-handed timeline
(``timeline``) and the partnership one (``partnership_timeline``) both fill them; a field only a
table of four fills (``four``) is left out of a two-handed game's JSON when null."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pinochle.notation.cards import Card, Seat
from pinochle.notation.plain import Deferred, PlainModel, field

from pinochle.adjudicator.model.findings import Kind, Severity

__all__ = ["BattleView", "CallView", "DrawView", "GameTimeline", "HandView", "MarkedLine",
           "MeldView", "PlayedCard", "SeatText", "SideView", "StepKind", "StepView", "Timeline",
           "TimelineFinding", "TrickView", "card_texts", "seat_text"]

StepKind = Literal["deal", "trick", "meld", "draw", "objection", "discovery", "exposure", "call",
                   "knock", "misdeal", "deadhand", "void", "correct", "look", "end", "game",
                   "auction", "trump", "ignored"]
SeatText = Literal["E", "W", "N", "S"]
SideText = Literal["NS", "EW"]
# Cards, suits and meld kinds as the notation writes them (strings in the schema: the
# notation's own types serialize so but publish no JSON schema).
CardText = Annotated[str, Deferred("Field", pattern="^[DAKQJTN][♣♠♥♦]$",
                                   description="a card: rank (D A K Q J T N), then suit glyph")]
SuitText = Annotated[str, Deferred("Field", pattern="^[♣♠♥♦]$", description="a suit glyph")]
KindText = Annotated[str, Deferred("Field", description="a meld kind as the notation writes it: "
                                                       "♣2, A4, ♥F, P, dix, swap")]


def card_texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def seat_text(seat: Seat) -> SeatText:
    return seat.value       # E, W, N or S


def _absent(value: object) -> bool:
    return value is None


def _four(description: str) -> Any:
    """A field only a partnership (four-seat) timeline fills: null, and then left out of the
    JSON, in a two-handed one (whose JSON is thus what it was before the partnership game)."""
    return field(default=None, exclude_if=_absent, description=description)


class PlayedCard(PlainModel):
    """A card laid to the trick: by whom, and whether he held it (``false``: reported)."""

    seat: SeatText
    card: CardText
    held: bool = True
    from_exposed: bool = False


class TrickView(PlainModel):
    """The trick on the table: its number, the leader's and the follower's cards, the winner the
    rules give and the sub-rule that decided it, and the winner mark the record wrote."""

    number: int
    lead: PlayedCard | None = None
    follow: PlayedCard | None = None
    winner: SeatText | None = field(default=None, description="the rules' winner; null when "
                                    "the trick was not gathered")
    rule: str | None = field(default=None, description="the deciding rule (R8C1-R8C4, R11D, "
                             "OT8C1-OT8C3)")
    marked: SeatText | None = field(default=None, description="the record's winner mark")
    cards: list[PlayedCard] | None = _four("a table of four: the trick's cards in play order "
                                           "from the leader (``lead`` is the first)")


class MeldView(PlainModel):
    """A meld as made: its melder, kind, the trick after which it was made, all the cards it
    shows (``cards``, from the ruleset's table) and those it moved from the concealed hand
    (``takes``), the points claimed, the points it scores now (after any R11B objection), the
    table's value, whether it was legal, and its R11B status (``open``, ``stood``,
    ``objected``; ``outcome`` after an objection: ``stands``, ``corrected``, ``voided``), or
    under Scarne's correction law (SC-BADMELD1) ``pending`` until the last stock draw, then
    ``stood`` or ``corrected`` (``outcome`` ``corrected`` or ``voided``), or ``moot`` when the
    hand came to count for nobody while it was pending (SC-MISDEAL8, SC-DRAW1); without laws
    ``judged``."""

    seat: SeatText
    kind: KindText
    trick: int
    cards: list[CardText]
    takes: list[CardText]
    claimed: int
    points: int
    table_points: int | None
    legal: bool
    status: str
    outcome: str | None = None
    line: int = 0
    column: int = 0


class DrawView(PlainModel):
    """A card drawn from the stock to a concealed hand (``card`` null: the stock was empty or
    the card is unknown, as in a record without its deal)."""

    seat: SeatText
    card: CardText | None = None


class HandView(PlainModel):
    """One player at a step: his hand (``concealed`` and ``exposed`` are null when the record
    omits the deal: only ``size`` is known), his melds this battle, and his running scores:
    trick points, meld points, the battle score and the game total so far."""

    seat: SeatText
    concealed: list[CardText] | None
    exposed: list[CardText] | None
    size: int
    melds: list[MeldView]
    tricks: int
    meld_points: int
    score: int
    total: int
    declared: int | None = _four("a table of four: the meld points the player declared "
                                 "(``meld_points``: those he is credited with, DP-MELD2-5; "
                                 "``total``: his side's game total before this battle)")


class SideView(PlainModel):
    """A partnership at a step (a table of four): the card points its two players have won so
    far (the last trick's 20 included), the melds its players declared and are credited with,
    whether they count yet (DP-MELD6: once the side has won a scoring trick), and at the end of
    the battle its score (made, or set by the bid: DP-SCORE1-3); ``total`` the game total so
    far."""

    side: SideText
    tricks: int
    melds: int
    counted: bool
    score: int | None = None
    total: int


class CallView(PlainModel):
    """One call of the auction (DP-BID1-9): who, what (``bid``, ``announce``, ``pass``), the
    call as the record writes it, the bid it counts as (a bid, or a deemed bid: DP-BID6,
    DP-BID7; null for a pass or an announcement that is only information), whether it stands
    (``legal`` false: a finding of the record's is at the call, and it changes nothing:
    §5.3), and the high bid and high bidder after it."""

    seat: SeatText
    call: Literal["bid", "announce", "pass"]
    text: str
    bid: int | None = None
    legal: bool = True
    high: int | None = None
    bidder: SeatText | None = None
    line: int = 0


class StepView(PlainModel):
    """One step of the replay. ``trick`` is the number of tricks gathered in the battle (the
    dispute question at this step asks about the position right after that trick: ``POST
    /v1/melds`` with ``battle`` and ``trick``); ``line`` is the record line of the step's
    statement (0 when none); ``findings`` index ``GameTimeline.findings``."""

    index: int
    kind: StepKind
    label: str
    battle: int | None
    trick: int
    line: int = 0
    hands: list[HandView] = field(description="East, then West; at a table of four North, "
                                  "East, South, West")
    stock: int
    table: TrickView | None = field(default=None, description="the trick on the table (the "
                                    "last one gathered, while its winner's turn is open)")
    melds: list[MeldView] = field(description="the melds made at this step")
    drawn: list[DrawView] = field(description="the cards drawn since the step before")
    may_meld: SeatText | None = field(default=None, description="who may meld now (R8D)")
    phase_b: bool = False
    findings: list[int] = field(default_factory=list)
    sides: list[SideView] | None = _four("a table of four: North-South, then East-West")
    calls: int | None = _four("a table of four: how many calls of the battle's auction "
                              "(``BattleView.auction``) are made by this step")


class BattleView(PlainModel):
    """A battle: its place in the game, the record's number, the dealer, whether the record
    gives the deal (``deal_known`` false: hands unknown), trump and the turned-up card (old-time:
    null in East Point, or when the record does not give them), its steps
    (``first_step``..``last_step``) and its corrected scores once over."""

    battle: int
    number: int
    dealer: SeatText
    deal_known: bool
    trump: SuitText | None = None
    upcard: CardText | None = None
    first_step: int
    last_step: int
    ended_by: str | None = None
    east: int = 0
    west: int = 0
    auction: list[CallView] | None = _four("a table of four: the calls, in record order")
    bidder: SeatText | None = _four("a table of four: the high bidder, who names trump and "
                                    "leads (DP-MELD1, DP-PLAY1)")
    contract: int | None = _four("a table of four: the high bid, which the bidding side must "
                                 "make (DP-SCORE1)")
    thrown_in: bool | None = _four("a table of four: nobody bid, the hands are thrown in "
                                   "(DP-BID9)")
    ns: int | None = _four("a table of four: North-South's score for the battle")
    ew: int | None = _four("a table of four: East-West's score for the battle")
    scores: dict[SeatText, int] | None = _four(
        "a table of seats each playing for himself (no sides): each seat's score for the "
        "battle, by seat letter, in the seating's order")


class MarkedLine(PlainModel):
    """A record line cut at a finding's place: ``before`` + ``marked`` + ``after`` is the line;
    ``marked`` is the fault (at least one character when the line reaches the column)."""

    before: str
    marked: str
    after: str


class TimelineFinding(PlainModel):
    """A finding, where it is in the record (1-based line and column; 0 when unknown) and the
    step where it happens."""

    rule: str
    kind: Kind
    severity: Severity
    message: str
    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0
    battle: int | None = None
    trick: int | None = None
    step: int
    source: MarkedLine | None = None


class GameTimeline(PlainModel):
    """One game of the record: its tags, ruleset (name and options; null if unknown), battles,
    steps, findings in record order and the corrected game totals."""

    game: int
    line: int = 0
    tags: dict[str, str]
    ruleset: dict[str, str] | None
    battles: list[BattleView]
    steps: list[StepView]
    findings: list[TimelineFinding]
    east: int
    west: int
    ns: int | None = _four("a table of four: North-South's game total (``east`` and ``west`` "
                           "are then 0)")
    ew: int | None = _four("a table of four: East-West's game total")
    scores: dict[SeatText, int] | None = _four(
        "a table of seats each playing for himself (no sides): each seat's game total, by "
        "seat letter, in the seating's order (``east`` and ``west`` are then 0)")


class Timeline(PlainModel):
    """Every game of a record, replayed step by step (``POST /v1/replay``)."""

    games: list[GameTimeline]
