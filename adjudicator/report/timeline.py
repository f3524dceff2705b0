"""The replay page's data: a game replayed step by step, as the walker sees it.

``TimelineVisitor`` is a ``Visitor`` of the one replay walker (``replay.walk``). At every step of a
battle (the deal, each trick, each meld, each group of stated draws, each objection, discovery,
exposure, misdeal or dead hand, and the end) it takes a snapshot of the ``BattleState``: both hands
(concealed and exposed cards, or only their sizes when the record omits the deal), the stock count,
the trick on the table (its two cards and the rules' winner), the melds made at that step with their
cards and points, every meld of the battle so far, the draws made since the step before, and the
running scores. Every finding is linked to the step where it happens: the step whose statement holds
the finding's place in the record (the smallest such), else the step the walk was at when the
finding came.

``build_timeline(text)`` parses a record and replays each game; the models are the HTTP API's
schema (``POST /v1/replay``, docs/service.md). A game whose ruleset seats four players (the
partnership game, double-pack) has its timeline built by ``tabletimeline.table_timeline`` from its
events and findings: the same models, with the fields only a table of four fills (``_four``:
the auction, the sides, the four-card trick), which are left out of the JSON when null, so that a
two-handed timeline reads exactly as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from pinochle.notation.cards import TWO_SEATS, Card, Seat
from pinochle.notation.events import (
    Battle, CallOut, Claim, Comment, Deal, Discovery, Draw, Exposure, ExtraDraw, Game, GiveCard,
    Knock, Meld, MissedDraw, Objection, ReturnCard, Span, Trick,
)
from pinochle.notation.events import DeadHand, Misdeal
from pinochle.notation.events import Choice
from pinochle.notation.events import Correction, Look
from pinochle.notation.reader import parse
from pinochle.notation.source import text_lines

from pinochle.adjudicator.twohanded.state import BattleState, MeldRecord
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rules.meldtables import cards_of, meld_table
from pinochle.adjudicator.replay import BattleResult, GameResult, Visitor, walk
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.ruleset import Ruleset, RulesetError, ruleset_tags
from pinochle.adjudicator.partnership.results import is_partnership
from pinochle.adjudicator.model.steps import Drew, Played

__all__ = ["BattleView", "DrawView", "GameTimeline", "HandView", "MarkedLine", "MeldView",
           "PlayedCard", "StepKind", "StepView", "Timeline", "TimelineFinding",
           "TimelineVisitor", "TrickView", "build_timeline", "game_timeline"]

EAST, WEST = Seat.EAST, Seat.WEST

StepKind = Literal["deal", "trick", "meld", "draw", "objection", "discovery", "exposure", "call",
                   "knock", "misdeal", "deadhand", "void", "correct", "look", "end", "game",
                   "auction", "trump", "ignored"]
SeatText = Literal["E", "W", "N", "S"]
SideText = Literal["NS", "EW"]
# Cards, suits and meld kinds as the notation writes them (strings in the schema: the
# notation's own types serialize so but publish no JSON schema).
CardText = Annotated[str, Field(pattern="^[DAKQJTN][♣♠♥♦]$",
                                description="a card: rank (D A K Q J T N), then suit glyph")]
SuitText = Annotated[str, Field(pattern="^[♣♠♥♦]$", description="a suit glyph")]
KindText = Annotated[str, Field(description="a meld kind as the notation writes it: ♣2, A4, "
                                            "♥F, P, dix, swap")]


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _seat(seat: Seat) -> SeatText:
    return seat.value       # E, W, N or S


def _absent(value: object) -> bool:
    return value is None


def _four(description: str) -> Any:
    """A field only a partnership (four-seat) timeline fills: null, and then left out of the
    JSON, in a two-handed one (whose JSON is thus what it was before the partnership game)."""
    return Field(default=None, exclude_if=_absent, description=description)


class PlayedCard(BaseModel):
    """A card laid to the trick: by whom, and whether he held it (``false``: reported)."""

    seat: SeatText
    card: CardText
    held: bool = True
    from_exposed: bool = False


class TrickView(BaseModel):
    """The trick on the table: its number, the leader's and the follower's cards, the winner the
    rules give and the sub-rule that decided it, and the winner mark the record wrote."""

    number: int
    lead: PlayedCard | None = None
    follow: PlayedCard | None = None
    winner: SeatText | None = Field(default=None, description="the rules' winner; null when "
                                    "the trick was not gathered")
    rule: str | None = Field(default=None, description="the deciding rule (R8C1-R8C4, R11D, "
                             "OT8C1-OT8C3)")
    marked: SeatText | None = Field(default=None, description="the record's winner mark")
    cards: list[PlayedCard] | None = _four("a table of four: the trick's cards in play order "
                                           "from the leader (``lead`` is the first)")


class MeldView(BaseModel):
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


class DrawView(BaseModel):
    """A card drawn from the stock to a concealed hand (``card`` null: the stock was empty or
    the card is unknown, as in a record without its deal)."""

    seat: SeatText
    card: CardText | None = None


class HandView(BaseModel):
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


class SideView(BaseModel):
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


class CallView(BaseModel):
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


class StepView(BaseModel):
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
    hands: list[HandView] = Field(description="East, then West; at a table of four North, "
                                  "East, South, West")
    stock: int
    table: TrickView | None = Field(default=None, description="the trick on the table (the "
                                    "last one gathered, while its winner's turn is open)")
    melds: list[MeldView] = Field(description="the melds made at this step")
    drawn: list[DrawView] = Field(description="the cards drawn since the step before")
    may_meld: SeatText | None = Field(default=None, description="who may meld now (R8D)")
    phase_b: bool = False
    findings: list[int] = Field(default_factory=list)
    sides: list[SideView] | None = _four("a table of four: North-South, then East-West")
    calls: int | None = _four("a table of four: how many calls of the battle's auction "
                              "(``BattleView.auction``) are made by this step")


class BattleView(BaseModel):
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


class MarkedLine(BaseModel):
    """A record line cut at a finding's place: ``before`` + ``marked`` + ``after`` is the line;
    ``marked`` is the fault (at least one character when the line reaches the column)."""

    before: str
    marked: str
    after: str


class TimelineFinding(BaseModel):
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


class GameTimeline(BaseModel):
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


class Timeline(BaseModel):
    """Every game of a record, replayed step by step (``POST /v1/replay``)."""

    games: list[GameTimeline]


# --- the visitor ---------------------------------------------------------------------------


def _start(span: Span) -> tuple[int, int]:
    return span.line, span.column


def _contains(span: Span, where: tuple[int, int]) -> bool:
    return bool(span.line) and _start(span) <= where < (span.end_line, span.end_column)


def _size(span: Span) -> tuple[int, int]:
    return span.end_line - span.line, span.end_column - span.column


def _header(battle: Battle) -> Span:
    """The battle's header line (``battle 1 dealer E``), whole."""
    return Span(battle.span.line, 1, battle.span.line + 1, 1)


_DRAWS = (Draw, MissedDraw, ExtraDraw)
#: Under Scarne's drawing slips a card put back or given is one of the draws (replay.py).
_SLIP_DRAWS = (*_DRAWS, ReturnCard, GiveCard)


class StepLog:
    """A game's timeline in the making: its steps, the statements each stands for, its battles,
    and its findings, each with the step the game was at when it came (``None``: before the
    first). ``placed`` links each finding to the step where it happens (see the module
    docstring). The two-handed visitor and the partnership timeline (``tabletimeline``) both
    build on it."""

    def __init__(self) -> None:
        self.steps: list[StepView] = []
        self.spans: list[list[Span]] = []     # per step: the statements it stands for
        self.battles: list[BattleView] = []
        self.arrived: list[tuple[Finding, int | None]] = []

    def no_battle(self, game: Game, seats: Sequence[Seat]) -> None:
        """The one step of a game without a battle replayed (an unknown ruleset, no battles)."""
        if self.steps:
            return
        self.steps.append(StepView(
            index=0, kind="game", label="no battle is replayed", battle=None, trick=0,
            line=game.span.line, stock=0, melds=[], drawn=[],
            hands=[HandView(seat=_seat(s), concealed=None, exposed=None, size=0, melds=[],
                            tricks=0, meld_points=0, score=0, total=0) for s in seats]))
        self.spans.append([])

    def place(self, finding: Finding, arrival: int | None) -> int:
        """The step where ``finding`` happens (see the module docstring)."""
        where = _start(finding.span)
        best: tuple[tuple[int, int], int] | None = None
        for index, spans in enumerate(self.spans):
            for span in spans:
                if _contains(span, where) and (best is None or _size(span) < best[0]):
                    best = (_size(span), index)
        if best is not None:
            return best[1]
        if finding.battle is not None and (arrival is None or
                                           self.steps[arrival].battle != finding.battle):
            for battle in self.battles:
                if battle.battle == finding.battle:
                    return battle.first_step
        return 0 if arrival is None else arrival

    def placed(self, lines: Sequence[str]) -> list[TimelineFinding]:
        """The findings in record order, each linked to its step (and the step to it);
        ``lines`` are the record's lines (to show each finding's line with its place
        marked)."""
        placed = sorted(((f, self.place(f, arrival)) for f, arrival in self.arrived),
                        key=lambda item: _order(item[0]))
        findings = []
        for n, (f, step) in enumerate(placed):
            self.steps[step].findings.append(n)
            findings.append(TimelineFinding(
                rule=f.rule, kind=f.kind, severity=f.severity, message=f.message,
                line=f.span.line, column=f.span.column, end_line=f.span.end_line,
                end_column=f.span.end_column, battle=f.battle, trick=f.trick, step=step,
                source=_marked(lines, f.span)))
        return findings


class TimelineVisitor(StepLog, Visitor):
    """Records a game's steps and findings as the walker replays it (see the module
    docstring). After ``walk``, ``timeline(source_lines)`` gives the ``GameTimeline``."""

    def __init__(self) -> None:
        super().__init__()
        self.ruleset: Ruleset | None = None
        self.result: GameResult | None = None
        self.state: BattleState | None = None
        self.battle: Battle | None = None
        self.index = 0
        self.before = {EAST: 0, WEST: 0}    # game totals by seat before this battle
        self.log_seen = 0
        self.melds_seen = 0
        self.table: TrickView | None = None
        self.hooked: Trick | None = None    # the trick whose ``trick`` hook made a step
        self.void_shown = False             # the battle's void deal (SC-DRAW1) has its step
        self.dealt = False                  # begin_battle's deal step awaits its Deal event

    # hooks --------------------------------------------------------------------------------

    def begin_game(self, game: Game, number: int, ruleset: Ruleset | None) -> None:
        self.ruleset = ruleset

    def begin_battle(self, battle: Battle, index: int, state: BattleState) -> None:
        redeal = self.battle is battle
        self.state, self.battle, self.index = state, battle, index
        self.log_seen = self.melds_seen = 0
        self.table = None
        self.hooked = None
        self.void_shown = False
        view = BattleView(battle=index, number=battle.number, dealer=_seat(battle.dealer),
                          deal_known=state.deal_known,
                          trump=None if state.trump is None else str(state.trump),
                          upcard=None if state.upcard is None else str(state.upcard),
                          first_step=len(self.steps), last_step=len(self.steps))
        if redeal:
            self.battles[-1] = view.model_copy(update={"first_step": self.battles[-1].first_step})
        else:
            self.battles.append(view)
        who = battle.dealer.word
        if not state.deal_known:
            label = f"{who} deals; the record omits the deal: the hands are unknown"
        elif redeal:
            label = f"{who} deals again"
        else:
            label = f"{who} deals"
        if state.upcard is not None:
            label += f"; {state.upcard} turned up, {state.upcard.suit} trumps"
        elif self.ruleset is not None and self.ruleset.upcard:
            label += "; the turned-up card is not given: trump unknown"
        self.add("deal", label, [_header(battle)])
        self.dealt = True

    def trick(self, trick: Trick, state: BattleState) -> None:
        self.hooked = trick
        self.add("trick", "", [trick.span])

    def event(self, event: Any, state: BattleState) -> None:
        dealt, self.dealt = self.dealt, False
        if isinstance(event, Trick):
            if self.hooked is not event:            # not gathered, or after the end
                self.add("trick", "", [event.span])
            elif len(state.melds) > self.melds_seen:
                self.add("meld", "", [m.span for m in event.melds])
        elif isinstance(event, Deal):
            if dealt:                   # the deal begin_battle has just shown
                self.spans[-1].append(event.span)
                self.steps[-1].line = event.span.line
                if state.dead:          # the referee sees an imperfect pack (SC-MISDEAL8)
                    self.add("deadhand", "the pack dealt is imperfect: the hand is dead", [])
            else:
                self.add("deal", "a deal in the middle of the battle (ignored)", [event.span])
        elif isinstance(event, Meld):
            self.add("meld", "" if len(state.melds) > self.melds_seen else
                     "a meld that is ignored", [event.span])
        elif isinstance(event, _SLIP_DRAWS if state.ruleset.laws.draw_slips == "repaired"
                        else _DRAWS):
            group = self.draw_group(event, state.ruleset.laws.draw_slips == "repaired")
            self.add("draw", "the draws: " + "; ".join(_draw_words(e) for e in group),
                     [e.span for e in group])
            if state.voided and not self.void_shown:    # Scarne's SC-DRAW1 (ruling S8)
                self.void_shown = True
                self.add("void", "the stock is gone with a hand's count still off: the deal "
                         "is void, the hand counts for nobody", [])
        elif isinstance(event, Objection):
            self.add("objection", f"{event.seat.word} objects to the {event.target}",
                     [event.span])
        elif isinstance(event, Discovery):
            many = "too many" if event.too_many else "too few"
            self.add("discovery", f"{event.seat.word} is found with {many} cards", [event.span])
        elif isinstance(event, Exposure):
            cards = " ".join(map(str, event.cards))
            self.add("exposure", f"{event.seat.word} exposes {cards}", [event.span])
        elif isinstance(event, CallOut):                # Scarne's SC-CALL
            total = "" if event.total is None else f", claiming {event.total}"
            self.add("call", f"{event.seat.word} calls out{total}", [event.span])
        elif isinstance(event, Misdeal):                # Scarne's SC-MISDEAL0-9
            card = "" if event.card is None else f" {event.card}"
            self.add("misdeal", f"a misdeal is called ({event.reason}{card})", [event.span])
        elif isinstance(event, DeadHand):               # Scarne's SC-MISDEAL8
            self.add("deadhand", "the pack is found imperfect: the hand is dead",
                     [event.span])
        elif isinstance(event, Choice):                 # 25-steps' TPV1
            took = "the upcard" if event.take == "upcard" else "the last talon card"
            self.add("draw", f"{event.seat.word} chooses {took}", [event.span])
        elif isinstance(event, Knock):                  # 25-steps' TP25
            count = "" if event.count is None else f" with {event.count}"
            self.add("knock", f"{event.seat.word} knocks{count}", [event.span])
        elif isinstance(event, Correction):             # Scarne's SC-BADMELD1
            self.add("correct", f"{event.seat.word}'s meld after trick {event.trick} is "
                     "corrected", [event.span])
        elif isinstance(event, Look):                   # Scarne's SC-LOOK1
            self.add("look", f"{event.seat.word} looks through his won tricks", [event.span])

    def finding(self, finding: Finding) -> None:
        self.arrived.append((finding, len(self.steps) - 1 if self.steps else None))

    def end_battle(self, battle: Battle, state: BattleState, result: BattleResult) -> None:
        claims = [e.span for e in battle.events if isinstance(e, Claim)]
        ended = (f"the battle ends ({result.ended_by})" if result.ended_by else
                 "the record of the battle stops here")
        self.add("end", f"{ended}: East {result.east}, West {result.west}", claims)
        self.battles[-1] = self.battles[-1].model_copy(update={
            "last_step": len(self.steps) - 1, "ended_by": result.ended_by,
            "east": result.east, "west": result.west})
        self.before = {EAST: self.before[EAST] + result.east,
                       WEST: self.before[WEST] + result.west}

    def end_game(self, game: Game, result: GameResult) -> None:
        self.result = result

    # steps ---------------------------------------------------------------------------------

    @property
    def current_battle(self) -> Battle:
        assert self.battle is not None
        return self.battle

    def draw_group(self, first: Any, slips: bool = False) -> list[Any]:
        """The draw statements the walker took as one group, starting at ``first`` (with
        ``slips``, Scarne's ``return`` and ``give`` among them)."""
        kinds = _SLIP_DRAWS if slips else _DRAWS
        events = self.current_battle.events
        start = next(i for i, e in enumerate(events) if e is first)
        group = []
        for e in events[start:]:
            if isinstance(e, kinds):
                group.append(e)
            elif not isinstance(e, Comment):
                break
        return group

    def add(self, kind: StepKind, label: str, spans: list[Span]) -> None:
        state = self.state
        assert state is not None
        drawn: list[DrawView] = []
        played: list[Played] = []
        for step in state.log[self.log_seen:]:
            if type(step) is Drew:
                drawn.append(DrawView(seat=_seat(step.seat),
                                      card=str(step.card) if state.deal_known and step.card
                                      else None))
            elif type(step) is Played:
                played.append(step)
        self.log_seen = len(state.log)
        if played:
            self.table = _trick_view(played, self.hooked)
        new = [self.meld_view(m) for m in state.melds[self.melds_seen:]]
        self.melds_seen = len(state.melds)
        if not label:
            label = self.describe(kind, new, bool(played))
        index = len(self.steps)
        hands = [self.hand(seat) for seat in state.ruleset.seats]
        holder = state.melding_seat
        located = [s for s in spans if s.line]
        self.steps.append(StepView(
            index=index, kind=kind, label=label, battle=self.index, trick=state.tricks_played,
            line=located[0].line if located else 0, hands=hands, stock=state.stock_count,
            table=self.table, melds=new, drawn=drawn, phase_b=state.phase_b,
            may_meld=None if holder is None else _seat(holder)))
        self.spans.append(located)

    def describe(self, kind: StepKind, new: list[MeldView], played: bool) -> str:
        """The label of a trick or meld step."""
        if kind == "meld":
            return "; ".join(f"{_word(m.seat)} melds {m.kind} for {m.claimed}" for m in new)
        table = self.table
        if table is None or not played:
            return "a trick that is ignored"
        cards = " ".join(str(p.card) for p in (table.lead, table.follow) if p is not None)
        if table.winner is None:
            return f"trick {table.number}: {cards}, not gathered"
        return (f"trick {table.number}: {cards}, {_word(table.winner)} wins"
                + (f" ({table.rule})" if table.rule else ""))

    def meld_view(self, meld: MeldRecord) -> MeldView:
        cards: list[str] = []
        if self.ruleset is not None and self.state is not None and self.state.trump_known:
            need = meld_table(self.ruleset, self.state.trump).needs.get(meld.kind)
            cards = _texts(need.cards) if need is not None else []
        return MeldView(seat=_seat(meld.seat), kind=str(meld.kind), trick=meld.trick,
                        cards=cards, takes=_texts(meld.takes), claimed=meld.claimed,
                        points=meld.points, table_points=meld.table_points, legal=meld.legal,
                        status=meld.status, outcome=meld.outcome, line=meld.span.line,
                        column=meld.span.column)

    def hand(self, seat: Seat) -> HandView:
        state = self.state
        assert state is not None
        known = state.deal_known
        melds = [self.meld_view(m) for m in state.melds if m.seat is seat]
        tricks, meld_points = state.trick_points(seat), state.meld_points(seat)
        before = self.before[seat]
        return HandView(seat=_seat(seat),
                        concealed=_texts(cards_of(state.concealed(seat))) if known else None,
                        exposed=_texts(cards_of(state.exposed(seat))) if known else None,
                        size=state.hand_size(seat), melds=melds, tricks=tricks,
                        meld_points=meld_points, score=tricks + meld_points,
                        total=before + tricks + meld_points)

    # the game ------------------------------------------------------------------------------

    def timeline(self, game: Game, number: int, lines: Sequence[str] = ()) -> GameTimeline:
        """The game's timeline, after ``walk``; ``lines`` are the record's lines (to show each
        finding's line with its place marked)."""
        result = self.result
        assert result is not None, "walk the game first"
        self.no_battle(game, TWO_SEATS if result.ruleset is None else result.ruleset.seats)
        findings = self.placed(lines)
        return GameTimeline(
            game=number, line=game.span.line, tags=game.tags,
            ruleset=None if result.ruleset is None else ruleset_tags(result.ruleset),
            battles=self.battles, steps=self.steps, findings=findings, east=result.east,
            west=result.west)


def _order(finding: Finding) -> tuple[int, int]:
    """Record order; findings with no place after the others (as the report orders them)."""
    line = finding.span.line
    return (line, finding.span.column) if line else (1 << 30, 0)


def _word(seat: SeatText) -> str:
    return "East" if seat == "E" else "West"


def _draw_words(event: Any) -> str:
    if isinstance(event, Draw):
        return " then ".join(s.word for s in event.seats) + " drew" if event.seats else \
            "nobody drew"
    if isinstance(event, MissedDraw):
        return f"{event.seat.word} did not draw"
    if isinstance(event, ReturnCard):
        return f"{event.seat.word} put the card back"
    if isinstance(event, GiveCard):
        return f"{event.seat.word} gave the card to {event.to.word}"
    return f"{event.seat.word} drew one card more"


def _trick_view(played: list[Played], trick: Trick | None) -> TrickView:
    lead, follow = played[0], played[1] if len(played) > 1 else None

    def card(p: Played) -> PlayedCard:
        return PlayedCard(seat=_seat(p.seat), card=str(p.card), held=p.held,
                          from_exposed=p.from_exposed)

    winner = None if follow is None or follow.winner is None else _seat(follow.winner)
    marked = None if trick is None or trick.winner is None else _seat(trick.winner)
    return TrickView(number=lead.trick, lead=card(lead),
                     follow=None if follow is None else card(follow), winner=winner,
                     rule=None if follow is None else follow.rule, marked=marked)


def _marked(lines: Sequence[str], span: Span) -> MarkedLine | None:
    """The finding's line cut at its place (to the end of its span on that line)."""
    if not 0 < span.line <= len(lines):
        return None
    text = lines[span.line - 1].rstrip("\r\n")
    start = max(span.column - 1, 0)
    stop = span.end_column - 1 if span.end_line == span.line and span.end_column > span.column \
        else start + 1
    start, stop = min(start, len(text)), min(stop, len(text))
    return MarkedLine(before=text[:start], marked=text[start:stop], after=text[stop:])


class _Findings(Visitor):
    """Only the findings of a walk (a table of four: its timeline is built from its events)."""

    needs_log = False

    def __init__(self) -> None:
        self.found: list[Finding] = []

    def finding(self, finding: Finding) -> None:
        self.found.append(finding)


def _chosen(game: Game) -> Ruleset | None:
    try:
        return ruleset_from_tags(game.tags)
    except RulesetError:
        return None


def game_timeline(game: Game, number: int = 1, lines: Sequence[str] = (),
                  ruleset: Ruleset | None = None,
                  findings: Sequence[Finding] | None = None) -> GameTimeline:
    """Replay ``game`` (the ``number``-th of its record) into its timeline. A game whose
    ruleset (``ruleset``, else the one its tags choose) seats four players is a partnership
    game: its timeline is ``tabletimeline.table_timeline``'s, with ``findings`` (else those the
    walker reports for the game). ``ruleset`` only makes that choice: a two-handed game is
    replayed by its tags."""
    table = ruleset if ruleset is not None else _chosen(game)
    if table is not None and is_partnership(table):
        from pinochle.adjudicator.report.partnership_timeline import table_timeline

        if findings is None:
            collector = _Findings()
            walk(game, collector, number)
            findings = collector.found
        return table_timeline(game, findings, table, number, lines)
    visitor = TimelineVisitor()
    walk(game, visitor, number)
    return visitor.timeline(game, number, lines)


def build_timeline(text: str, ruleset: Ruleset | None = None) -> Timeline:
    """Parse a record and replay every game (``ruleset``: see ``game_timeline``). Raises
    ``NotationError`` (with every positioned syntax error in ``errors``) for text that is not
    valid notation."""
    record = parse(text)
    lines = text_lines(text)
    return Timeline(games=[game_timeline(game, n, lines, ruleset)
                           for n, game in enumerate(record.games, 1)])
