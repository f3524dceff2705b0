"""The replay page's data: a game replayed step by step, as the walker sees it.

``TimelineVisitor`` is a visitor of the two-handed walker (``replay.walk``). At every step of a
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
partnership game, double-pack) has its timeline made by ``partnership_timeline
.TableTimelineVisitor``, a visitor of the partnership walker: the same models (``views``), with
the fields only a table of four fills (the auction, the sides, the four-card trick), which are
left out of the JSON when null, so that a two-handed timeline reads exactly as before. Both
visitors give the ``GameTimeline`` as their ``result()``. How a finding is linked to its step is
``steplog``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pinochle.notation.cards import TWO_SEATS, Seat
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
from pinochle.adjudicator.model.findings import Finding
from pinochle.adjudicator.rules.meldtables import cards_of, meld_table
from pinochle.adjudicator.replay import BattleResult, GameResult, walk
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.ruleset import Ruleset, RulesetError, ruleset_tags
from pinochle.adjudicator.partnership.results import is_partnership
from pinochle.adjudicator.partnership.walker import walk_table
from pinochle.adjudicator.model.steps import Drew, Played
from pinochle.adjudicator.report.steplog import StepLog, header_span
from pinochle.adjudicator.report.views import (BattleView, DrawView, GameTimeline, HandView,
                                               MarkedLine, MeldView, PlayedCard, SeatText,
                                               StepKind, StepView, Timeline, TimelineFinding,
                                               TrickView, card_texts, seat_text)
from pinochle.adjudicator.visitor import BaseVisitor

__all__ = ["BattleView", "DrawView", "GameTimeline", "HandView", "MarkedLine", "MeldView",
           "PlayedCard", "StepKind", "StepView", "Timeline", "TimelineFinding",
           "TimelineVisitor", "TrickView", "build_timeline", "game_timeline"]

EAST, WEST = Seat.EAST, Seat.WEST

# --- the visitor ---------------------------------------------------------------------------


_DRAWS = (Draw, MissedDraw, ExtraDraw)
#: Under Scarne's drawing slips a card put back or given is one of the draws (replay.py).
_SLIP_DRAWS = (*_DRAWS, ReturnCard, GiveCard)


class TimelineVisitor(StepLog, BaseVisitor[BattleState, BattleResult, GameResult, GameTimeline]):
    """Records a game's steps and findings as the walker replays it (see the module
    docstring); ``result()`` is its ``GameTimeline``. ``lines`` are the record's lines (to show
    each finding's line with its place marked)."""

    def __init__(self, lines: Sequence[str] = ()) -> None:
        super().__init__()
        self.lines = lines
        self.game: Game | None = None
        self.number = 1
        self.ruleset: Ruleset | None = None
        self.game_result: GameResult | None = None
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
        self.game, self.number, self.ruleset = game, number, ruleset

    def begin_battle(self, battle: Battle, index: int, state: BattleState) -> None:
        redeal = self.battle is battle
        self.state, self.battle, self.index = state, battle, index
        self.log_seen = self.melds_seen = 0
        self.table = None
        self.hooked = None
        self.void_shown = False
        view = BattleView(battle=index, number=battle.number, dealer=seat_text(battle.dealer),
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
        self.add("deal", label, [header_span(battle)])
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
                self.steps[-1] = self.steps[-1].model_copy(update={"line": event.span.line})
                if state.dead:          # the referee sees an imperfect pack (SC-MISDEAL8)
                    self.add("deadhand", "the pack dealt is imperfect: the hand is dead", [])
            else:
                self.add("deal", "a deal in the middle of the battle (ignored)", [event.span])
        elif isinstance(event, Meld):
            self.add("meld", "" if len(state.melds) > self.melds_seen else
                     "a meld that is ignored", [event.span])
        elif isinstance(event, _SLIP_DRAWS if state.ruleset.laws.repairs_draws
                        else _DRAWS):
            group = self.draw_group(event, state.ruleset.laws.repairs_draws)
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
        self.game_result = result

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
                drawn.append(DrawView(seat=seat_text(step.seat),
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
            may_meld=None if holder is None else seat_text(holder)))
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
            cards = card_texts(need.cards) if need is not None else []
        return MeldView(seat=seat_text(meld.seat), kind=str(meld.kind), trick=meld.trick,
                        cards=cards, takes=card_texts(meld.takes), claimed=meld.claimed,
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
        return HandView(seat=seat_text(seat),
                        concealed=card_texts(cards_of(state.concealed(seat))) if known else None,
                        exposed=card_texts(cards_of(state.exposed(seat))) if known else None,
                        size=state.hand_size(seat), melds=melds, tricks=tricks,
                        meld_points=meld_points, score=tricks + meld_points,
                        total=before + tricks + meld_points)

    # the game ------------------------------------------------------------------------------

    def result(self) -> GameTimeline:
        """The game's timeline, after ``walk``."""
        game, result = self.game, self.game_result
        assert game is not None and result is not None, "walk the game first"
        self.no_battle(game, TWO_SEATS if result.ruleset is None else result.ruleset.seats)
        findings = self.placed(self.lines)
        return GameTimeline(
            game=self.number, line=game.span.line, tags=game.tags,
            ruleset=None if result.ruleset is None else ruleset_tags(result.ruleset),
            battles=self.battles, steps=self.steps, findings=findings, east=result.east,
            west=result.west)


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
        return PlayedCard(seat=seat_text(p.seat), card=str(p.card), held=p.held,
                          from_exposed=p.from_exposed)

    winner = None if follow is None or follow.winner is None else seat_text(follow.winner)
    marked = None if trick is None or trick.winner is None else seat_text(trick.winner)
    return TrickView(number=lead.trick, lead=card(lead),
                     follow=None if follow is None else card(follow), winner=winner,
                     rule=None if follow is None else follow.rule, marked=marked)


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
    game: the partnership walker replays it under that ruleset through a
    ``partnership_timeline.TableTimelineVisitor`` (showing ``findings``, when given, instead of
    the walk's: a test placing findings of its own). ``ruleset`` only makes that choice: a
    two-handed game is replayed by its tags."""
    table = ruleset if ruleset is not None else _chosen(game)
    if table is not None and is_partnership(table):
        from pinochle.adjudicator.report.partnership_timeline import TableTimelineVisitor

        seated = TableTimelineVisitor(lines, findings)
        walk_table(game, seated, table, number)
        return seated.result()
    visitor = TimelineVisitor(lines)
    walk(game, visitor, number)  # type: ignore[arg-type]  # a two-handed game (is_partnership)
    return visitor.result()


def build_timeline(text: str, ruleset: Ruleset | None = None) -> Timeline:
    """Parse a record and replay every game (``ruleset``: see ``game_timeline``). Raises
    ``NotationError`` (with every positioned syntax error in ``errors``) for text that is not
    valid notation."""
    record = parse(text)
    lines = text_lines(text)
    return Timeline(games=[game_timeline(game, n, lines, ruleset)
                           for n, game in enumerate(record.games, 1)])
