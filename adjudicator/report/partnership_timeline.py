"""The replay page's data for a table of four (the partnership game, double-pack): a visitor of
the partnership walker (``partnership.walker``), as ``timeline.TimelineVisitor`` is of the
two-handed one.

``TableTimelineVisitor`` decides nothing: it shows what the walker decided, read from the
battle's ``TableState`` (its step log, ``model.tablesteps``, and its auction's high bid) and
from the results and findings the walker gives the hooks. A call is what its ``Called`` step
says (void: it changes nothing, spec §5.3), trump what ``TrumpNamed`` says, a declaration is
credited as its ``Declared`` step says (judged against the dealt hand, DP-MELD1-5, or taken as
declared without the deal, DP-DEAL2), a trick is won as its ``TrickWon`` step says (DP-PLAY5,
with its card points and whether it is a scoring trick, DP-MELD6), the battle's scores are the
walker's (DP-SCORE1-3) and the game's end the state's ``game_winner`` (DP-GAME). This module
imports no rule function and seats no one itself: the seats are the state's (the ruleset's).
What only the page needs is bookkeeping of those steps: each seat's cards in hand (the dealt
hand less the cards it played that it held), his card points, the calls so far.

The steps of a battle: the deal (the hands), each call of the auction (with the high bid and
bidder after it), the naming of trump, each declaration, each trick (its cards, the winner, the
hands one card shorter), and the end (the claims, the scores). The view models are
``views.py``'s, with the fields only a table of four fills (the sides, the auction, the
table's trick). Each finding is linked to its step as in the two-handed timeline (the step
whose statement holds its place; else its battle's end, else the game's last step).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pinochle.notation.cards import Card, Seat, Side
from pinochle.notation.events import (
    Announce, Battle, Bid, Declaration, Game, Hands, Meld, Pass, SideClaim, Span, TableTrick,
    TrumpNaming,
)

from pinochle.adjudicator.model.findings import Finding
from pinochle.adjudicator.model.ruleset import Ruleset, ruleset_tags
from pinochle.adjudicator.model.seating import Scorer, Seating
from pinochle.adjudicator.model.tablesteps import (Called, Dealt, Declared, DeclaredMeld,
                                                   TableStep, TrickWon, TrumpNamed)
from pinochle.adjudicator.partnership.claims import claim_kind
from pinochle.adjudicator.partnership.results import TableBattleResult, TableGameResult
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.report.steplog import StepLog, header_span
from pinochle.adjudicator.report.views import (BattleView, CallView, GameTimeline, HandView,
                                               MeldView, PlayedCard, SideView, StepKind, StepView,
                                               TrickView, card_texts, seat_text)
from pinochle.adjudicator.visitor import BaseVisitor

__all__ = ["TableTimelineVisitor"]

_SIDE_WORDS = {Side.NS: "North-South", Side.EW: "East-West"}
#: How a label speaks of a scorer of each kind reaching the target: the verb, and who wins.
_REACH = {Side: ("reach", "they win"), Seat: ("reaches", "he wins")}


def _word(scorer: Scorer) -> str:
    """A scorer as a label names him: ``North-South``, or the seat's word (``North``)."""
    return _SIDE_WORDS[scorer] if isinstance(scorer, Side) else scorer.word


def _score_fields(scores: dict[Scorer, int], seating: Seating) -> dict[str, Any]:
    """Each scorer's score as the views hold it: the sides' ``ns`` and ``ew`` fields at a
    table of partnerships, else ``scores`` by seat letter (a table of seats each for himself;
    docs/service.md)."""
    if seating.by_side:
        return {str(side).lower(): score for side, score in scores.items()}
    return {"scores": {str(seat): score for seat, score in scores.items()}}


def _call_text(call: Bid | Announce | Pass) -> str:
    """The call as the record writes it, without the seat."""
    if isinstance(call, Pass):
        return "pass"
    words = ["bid", str(call.amount)] if isinstance(call, Bid) else ["announce"]
    if call.flush:
        words.append("flush")
    if call.long:
        words.append("long")
    if call.meld is not None:
        words += ["meld", str(call.meld)] if call.flush or call.long or isinstance(call, Bid) \
            else [str(call.meld)]
    return " ".join(words)


def _in_order(cards: Sequence[Card]) -> list[str]:
    """A hand as the page shows it: in canonical hand order (as ``meldtables.cards_of``)."""
    return card_texts(sorted(cards, key=lambda card: -card.index))


class TableTimelineVisitor(StepLog, BaseVisitor[TableState, TableBattleResult, TableGameResult,
                                                GameTimeline]):
    """Records a partnership game's steps and findings as the walker replays it (see the
    module docstring); ``result()`` is its ``GameTimeline``. ``lines`` are the record's lines
    (to show each finding's line with its place marked); ``findings``, when given, are shown
    instead of the walk's (a test placing findings of its own)."""

    def __init__(self, lines: Sequence[str] = (),
                 findings: Sequence[Finding] | None = None) -> None:
        super().__init__()
        self.lines = lines
        self.given = findings
        self.found: list[Finding] = []
        self.game: Game | None = None
        self.number = 1
        self.ruleset: Ruleset | None = None
        self.game_result: TableGameResult | None = None
        self.totals: dict[Scorer, int] = {}     # the game totals by the walker's scores
        self.state: TableState | None = None

    # hooks ------------------------------------------------------------------------------------

    def begin_game(self, game: Game, number: int, ruleset: Ruleset | None) -> None:
        self.game, self.number, self.ruleset = game, number, ruleset
        assert ruleset is not None, "the table walker's game has its ruleset"
        self.seating = ruleset.seating
        self.scorers = self.seating.scorers                 # the sides, or the seats
        self.claim_kind = claim_kind(self.seating)          # by side, or by seat
        self.totals = dict.fromkeys(self.scorers, 0)

    def begin_battle(self, battle: Battle, index: int, state: TableState) -> None:
        self.state, self.battle, self.index = state, battle, index
        self.log_seen = 0
        self.first = True                   # no event yet: a deal now is the battle's deal
        self.hands: dict[Seat, list[Card]] | None = None
        self.played = {seat: 0 for seat in state.seats}     # cards each seat has played
        self.cards = {seat: 0 for seat in state.seats}      # card points won (DP-COUNT)
        self.scoring = dict.fromkeys(self.scorers, False)   # won a scoring trick (DP-MELD6)
        self.leader: Seat | None = None
        self.table: TrickView | None = None
        self.scores: dict[Scorer, int] | None = None
        self.new_auction()
        first = len(self.steps)
        self.battles.append(BattleView(
            battle=index, number=battle.number, dealer=seat_text(battle.dealer),
            deal_known=False, first_step=first, last_step=first, auction=[]))
        self.step("deal", f"{battle.dealer.word} deals", [header_span(battle)])

    def new_auction(self) -> None:
        """What a deal starts afresh (the state's ``new_auction``)."""
        seats = self.seats
        self.calls: list[CallView] = []
        self.high: int | None = None
        self.bidder: Seat | None = None
        self.melds: dict[Seat, list[MeldView]] = {seat: [] for seat in seats}
        self.declared: dict[Seat, int | None] = {seat: None for seat in seats}
        self.credit = {seat: 0 for seat in seats}
        self.pending: set[Seat] = set()     # declarations the state keeps until trump
        self.new: list[MeldView] = []

    def event(self, event: Any, state: TableState) -> None:
        first, self.first = self.first, False
        steps = state.log[self.log_seen:]
        self.log_seen = len(state.log)
        kind = type(event)
        if kind is TableTrick:
            self.trick_step(event, steps)
        elif kind in (Bid, Announce, Pass):
            self.call(event, steps)
        elif kind is Declaration or (kind is Meld and event.seat is not None):
            self.declare(event, steps)
        elif kind is Hands:
            self.deal(event, steps, first)
        elif kind is TrumpNaming:
            self.trump(event, steps)
        elif kind is Meld:      # a two-handed meld line: the walker reports it
            self.step("ignored", "a meld without a seat (ignored)", [event.span])
        elif kind is not SideClaim and kind is not self.claim_kind:
            self.step("ignored", f"a {event.type} statement, which a table of four does not "
                      "have (ignored)", [event.span])

    def finding(self, finding: Finding) -> None:
        self.found.append(finding)

    def end_battle(self, battle: Battle, state: TableState, result: TableBattleResult) -> None:
        claims = [e.span for e in battle.events if type(e) is self.claim_kind]
        update: dict[str, object] = {
            "bidder": None if self.bidder is None else seat_text(self.bidder),
            "contract": self.high, "trump": None if state.trump is None else str(state.trump),
            "thrown_in": result.thrown_in}
        ended_by = None
        if result.thrown_in:
            self.scores = dict.fromkeys(self.scorers, 0)
            ended_by = "DP-BID9"
            label = "nobody bid: the hands are thrown in, the deal passes to the left (DP-BID9)"
        elif result.complete and self.bidder is not None and self.high is not None:
            self.scores = {scorer: result.of(scorer).score for scorer in self.scorers}
            bidders = self.seating.scorer(self.bidder)
            made = result.of(bidders).made
            ended_by = "DP-SCORE1" if made >= self.high else "DP-SCORE2"
            outcome = (f"{_word(bidders)} made {made} of {self.high} (DP-SCORE1)"
                       if made >= self.high else
                       f"{_word(bidders)} made {made} of {self.high}: set (DP-SCORE2)")
            label = ("the battle ends: " + ", ".join(
                f"{_word(scorer)} {self.scores[scorer]}" for scorer in self.scorers)
                + f"; {outcome}")
        else:
            label = "the record of the battle stops here"
        for scorer in self.scorers:
            self.totals[scorer] += result.of(scorer).score
        if self.scores is not None:
            winner = state.game_winner(self.totals)
            if winner is not None:
                reach, wins = _REACH[type(winner)]
                label += (f"; {_word(winner)} {reach} {self.totals[winner]}: {wins} "
                          "the game (DP-GAME)")
            update.update(_score_fields(self.scores, self.seating))
        update.update(ended_by=ended_by, auction=list(self.calls))
        self.table = None if result.thrown_in else self.table
        self.step("end", label, claims)
        update["last_step"] = len(self.steps) - 1
        self.battles[-1] = self.battles[-1].model_copy(update=update)

    def end_game(self, game: Game, result: TableGameResult) -> None:
        self.game_result = result

    def result(self) -> GameTimeline:
        """The game's timeline, after the walk."""
        game, result = self.game, self.game_result
        assert game is not None and result is not None, "walk the game first"
        self.no_battle(game, result.ruleset.seats)
        last = len(self.steps) - 1
        for finding in self.found if self.given is None else self.given:
            arrival = last
            if finding.battle is not None and 0 < finding.battle <= len(self.battles):
                arrival = self.battles[finding.battle - 1].last_step
            self.arrived.append((finding, arrival))
        found = self.placed(self.lines)
        return GameTimeline(game=self.number, line=game.span.line, tags=game.tags,
                            ruleset=ruleset_tags(result.ruleset), battles=self.battles,
                            steps=self.steps, findings=found, east=0, west=0,
                            **_score_fields(dict(result.totals), self.seating))

    # the events --------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        assert self.state is not None
        return self.state.seats

    def deal(self, event: Hands, steps: Sequence[TableStep], first: bool) -> None:
        dealt = next((s for s in steps if type(s) is Dealt), None)
        if dealt is None:                   # a deal during play: ignored
            self.step("ignored", "a deal during play (ignored)", [event.span])
            return
        self.hands = {seat: list(hand) for seat, hand in zip(self.seats, dealt.hands)}
        self.battles[-1] = self.battles[-1].model_copy(update={"deal_known": True})
        if first:
            self.steps[-1] = self.steps[-1].model_copy(update={
                "line": event.span.line, "hands": self.hand_views()})
            self.spans[-1].append(event.span)
            return
        self.new_auction()                  # a second deal replaces the first
        self.step("deal", "the cards are dealt again: the auction starts again", [event.span])

    def call(self, event: Bid | Announce | Pass, steps: Sequence[TableStep]) -> None:
        state = self.state
        assert state is not None
        called = next(s for s in steps if type(s) is Called)
        before = self.high
        legal = not called.void
        if legal:
            value = called.bid
        elif isinstance(event, Bid):
            value = event.amount
        elif isinstance(event, Announce):
            value = state.deemed_bid(event)     # what it would have bid (it changes nothing)
        else:
            value = None
        self.high, self.bidder = state.auction.high, state.auction.high_bidder
        self.calls.append(CallView(seat=seat_text(event.seat), call=event.type,
                                   text=_call_text(event), bid=value, legal=legal,
                                   high=self.high,
                                   bidder=None if self.bidder is None else seat_text(self.bidder),
                                   line=event.span.line))
        self.step("auction", self.call_label(event, value, legal, before), [event.span])

    def call_label(self, event: Bid | Announce | Pass, value: int | None, legal: bool,
                   before: int | None) -> str:
        state = self.state
        assert state is not None
        who = event.seat.word
        if isinstance(event, Pass):
            said = f"{who} passes"
        elif isinstance(event, Bid):
            said = f"{who} bids {event.amount}"
        else:
            said = f"{who} announces {_call_text(event).removeprefix('announce ')}"
            if value is None:
                said += " (information only, DP-BID4)"
            else:
                said += f": a bid of {value} ({'DP-BID6' if before is None else 'DP-BID7'})"
        if not legal:
            said += ", not allowed (see the finding): it changes nothing"
        if self.bidder is not None:
            said += f"; high bid {self.high} ({self.bidder.word})"
            if state.auction.over:
                said += (f"; the auction ends: {_word(self.seating.scorer(self.bidder))} must "
                         f"make {self.high}")
        return said

    def trump(self, event: TrumpNaming, steps: Sequence[TableStep]) -> None:
        who = "the high bidder" if self.bidder is None else self.bidder.word
        label = f"{who} names {event.suit} trumps"
        if not any(type(s) is TrumpNamed for s in steps):
            label += " (not taken: see the finding)"
        for step in steps:              # the declarations kept until trump, judged now
            if type(step) is Declared:
                self.credited(step)
        self.step("trump", label, [event.span])

    def declare(self, event: Declaration | Meld, steps: Sequence[TableStep]) -> None:
        state = self.state
        assert state is not None and event.seat is not None
        seat = event.seat
        melds = event.melds if isinstance(event, Declaration) else (event,)
        total = event.total if isinstance(event, Declaration) else None
        claimed = total if total is not None else sum(m.points for m in melds)
        declared = next((s for s in steps if type(s) is Declared), None)
        kept = (declared is None and seat not in self.pending
                and any(p[0] is seat for p in state.pending))
        taken = declared is not None or kept
        if declared is not None:
            self.credited(declared, melds)
        elif kept:                          # judged once trump is named
            self.pending.add(seat)
            self.melds[seat] = self.new = [self.meld_view(seat, meld) for meld in melds]
        if taken:
            self.declared[seat] = claimed
        if melds:
            shown = ", ".join(f"{m.kind} {m.points}" for m in melds)
            label = f"{seat.word} declares {shown}"
            if len(melds) > 1:
                label += f": {claimed}"
        elif claimed:
            label = f"{seat.word} declares {claimed} in all"
        else:
            label = f"{seat.word} declares no meld"
        if not taken:
            label += " (ignored: see the finding)"
        elif self.credit[seat] != claimed:
            label += f" (credited {self.credit[seat]})"
        self.step("meld", label, [event.span])

    def credited(self, step: Declared, melds: Sequence[Meld] = ()) -> None:
        """A declaration as the state credited it (``Declared``): at its statement (``melds``),
        or when trump is named after it (its melds keep their places)."""
        seat = step.seat
        self.pending.discard(seat)
        self.credit[seat] = step.points
        places = ([(m.span.line, m.span.column) for m in melds] if melds else
                  [(v.line, v.column) for v in self.melds[seat]])
        self.melds[seat] = self.new = [self.judged_view(seat, shown, step.judged, place)
                                       for shown, place in zip(step.melds, places)]

    def meld_view(self, seat: Seat, meld: Meld) -> MeldView:
        """A meld declared before trump is named: not judged yet."""
        return MeldView(seat=seat_text(seat), kind=str(meld.kind), trick=0, cards=[], takes=[],
                        claimed=meld.points, points=0, table_points=None, legal=False,
                        status="judged", line=meld.span.line, column=meld.span.column)

    def judged_view(self, seat: Seat, shown: DeclaredMeld, judged: bool,
                    place: tuple[int, int]) -> MeldView:
        """A meld as the rules took it (``DeclaredMeld``); ``judged`` false: taken as declared,
        the deal not known."""
        state = self.state
        assert state is not None
        return MeldView(
            seat=seat_text(seat), kind=str(shown.kind), trick=state.tricks,
            cards=card_texts(shown.cards), takes=[], claimed=shown.claimed, points=shown.points,
            table_points=shown.table_points, legal=shown.legal,
            status="judged" if judged else "declared", line=place[0], column=place[1])

    def trick_step(self, event: TableTrick, steps: Sequence[TableStep]) -> None:
        state = self.state
        assert state is not None
        won = next((s for s in steps if type(s) is TrickWon), None)
        seats = self.seats
        if won is not None:
            leader = won.leader
        else:                               # not played: shown in the rules' order
            leader = (self.leader or self.bidder
                      or seats[(seats.index(self.battle.dealer) + 1) % len(seats)])
        start = seats.index(leader)
        order = [seats[(start + k) % len(seats)] for k in range(len(event.cards))]
        played = []
        for seat, card in zip(order, event.cards):
            hand = None if self.hands is None else self.hands[seat]
            held = hand is not None and card in hand
            if won is not None:
                if held:
                    assert hand is not None
                    hand.remove(card)
                self.played[seat] += 1
            played.append(PlayedCard(seat=seat_text(seat), card=str(card), held=held))
        rule = None
        cards = " ".join(map(str, event.cards))
        if won is not None:
            at = order.index(won.winner)
            if won.cards[at] in won.cards[at + 1:]:     # an identical card played later
                rule = state.ruleset.trick_rule_ids.identical
            self.cards[won.winner] += won.points
            if won.scoring:
                self.scoring[self.seating.scorer(won.winner)] = True
            self.leader = won.winner
            label = f"trick {event.number}: {cards}, {won.winner.word} wins" + (
                f" ({rule})" if rule else "")
        elif len(event.cards) != len(seats):
            label = f"trick {event.number}: {cards}, not gathered"
        elif state.trump is None:
            label = f"trick {event.number}: {cards}, no trump named: not judged"
        else:
            label = f"trick {event.number}: {cards}, ignored (see the finding)"
        self.table = TrickView(
            number=event.number, lead=played[0] if played else None,
            winner=None if won is None else seat_text(won.winner), rule=rule,
            marked=None if event.winner is None else seat_text(event.winner), cards=played)
        self.step("trick", label, [event.span])

    # the views --------------------------------------------------------------------------------

    def scorer_sums(self, by_seat: dict[Seat, int]) -> dict[Scorer, int]:
        """Each scorer's sum of its seats' numbers (a side's two seats, or the seat)."""
        sums = dict.fromkeys(self.scorers, 0)
        for seat, number in by_seat.items():
            sums[self.seating.scorer(seat)] += number
        return sums

    def hand_views(self) -> list[HandView]:
        state = self.state
        assert state is not None
        views = []
        for seat in self.seats:
            hand = None if self.hands is None else self.hands[seat]
            score = self.cards[seat] + self.credit[seat]
            views.append(HandView(
                seat=seat_text(seat), concealed=None if hand is None else _in_order(hand),
                exposed=None if hand is None else [],
                size=state.size - self.played[seat] if hand is None else len(hand),
                melds=self.melds[seat], tricks=self.cards[seat],
                meld_points=self.credit[seat], score=score,
                total=self.totals[self.seating.scorer(seat)], declared=self.declared[seat]))
        return views

    def side_views(self) -> list[SideView] | None:
        """The partnerships at this step; none at a table of seats each for himself (each
        seat's numbers are his hand's view)."""
        if not self.seating.by_side:
            return None
        cards, melds = self.scorer_sums(self.cards), self.scorer_sums(self.credit)
        return [SideView(side=side.value, tricks=cards[side], melds=melds[side],
                         counted=self.scoring[side],
                         score=None if self.scores is None else self.scores[side],
                         total=self.totals[side]) for side in self.scorers]

    def step(self, kind: StepKind, label: str, spans: list[Span]) -> None:
        located = [s for s in spans if s.line]
        state = self.state
        assert state is not None
        new, self.new = self.new, []
        self.steps.append(StepView(
            index=len(self.steps), kind=kind, label=label, battle=self.index,
            trick=state.tricks, line=located[0].line if located else 0,
            hands=self.hand_views(), stock=0, table=self.table, melds=new, drawn=[],
            sides=self.side_views(), calls=len(self.calls)))
        self.spans.append(located)
