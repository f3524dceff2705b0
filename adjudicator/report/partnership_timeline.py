"""The replay page's data for a table of four (the partnership game, double-pack): a game's
timeline built from its events and its findings.

The two-handed timeline (``timeline.py``) is a visitor of the two-handed walker; the partnership
game's walker is its own, and its findings are given here as a list (``table_timeline(game,
findings, ruleset)``). This module walks the events of each battle only to show them, deciding
nothing itself (the modules named are ``partnership``'s): each trick's winner is
``tricks.winning_index`` (DP-PLAY5), its points ``contract.trick_points`` and whether it makes
the melds count ``contract.is_scoring_trick`` (DP-MELD6, DP-MELD7), a seat's meld credit
``melds.judge_declaration`` (DP-MELD2-5), the battle's scores ``contract.score_hand``
(DP-SCORE1-3) and the game's end ``contract.game_winner`` (DP-GAME); each declared meld is
judged by ``melds.judge_declaration`` too (an illegal one scores 0), and each auction call made
in the walker's ``auction.Auction`` (a call it voids changes nothing: §5.3 of the spec).

The steps of a battle: the deal (four hands), each call of the auction (with the high bid and
bidder after it), the naming of trump, each declaration, each trick (its four cards, the winner,
the hands one card shorter), and the end (the claims, the scores). The view models are
``views.py``'s, with the fields only a table of four fills (the sides, the auction, the
four-card trick). Each finding is linked to its step as in the two-handed timeline (the step
whose statement holds its place; else its battle's end, else the game's last step).
"""

from __future__ import annotations

from collections.abc import Sequence
from pinochle.notation.cards import FOUR_SEATS, Card, Seat, Side, Suit
from pinochle.notation.events import (
    Announce, Battle, Bid, Comment, Declaration, Game, Hands, Meld, Pass, SideClaim, Span,
    TableTrick, TrumpNaming,
)

from pinochle.adjudicator.partnership.auction import Auction
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.partnership.contract import (game_winner, is_scoring_trick, score_hand,
                                                       trick_points)
from pinochle.adjudicator.partnership.melds import judge_declaration
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rules.melding import counts
from pinochle.adjudicator.rules.meldtables import cards_of, meld_table
from pinochle.adjudicator.model.ruleset import AuctionRules, Ruleset, ruleset_tags
from pinochle.adjudicator.partnership.tricks import winning_index
from pinochle.adjudicator.report.steplog import (StepLog, header_span, span_contains,
                                                 span_start)
from pinochle.adjudicator.report.views import (BattleView, CallView, GameTimeline, HandView,
                                               MeldView, PlayedCard, SideView, StepKind, StepView,
                                               TrickView, card_texts, seat_text)

__all__ = ["table_timeline"]

SIDES = (Side.NS, Side.EW)
_SIDE_WORDS = {Side.NS: "North-South", Side.EW: "East-West"}


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


def _faulty(findings: Sequence[Finding], span: Span, kinds: tuple[Kind, ...] = ()) -> bool:
    """Whether a finding of severity error (of one of ``kinds``, if given) is at ``span``."""
    return any(f.severity is Severity.ERROR and (not kinds or f.kind in kinds)
               and span_contains(span, span_start(f.span)) for f in findings)


class _Battle:
    """One battle's state as the events show it (hands, auction, trump, declarations, tricks),
    and its steps."""

    def __init__(self, log: _TableLog, battle: Battle, index: int) -> None:
        self.log = log
        self.ruleset = log.ruleset
        self.battle = battle
        self.index = index
        self.hands: dict[Seat, list[Card]] | None = None
        self.played = {seat: 0 for seat in FOUR_SEATS}      # cards each seat has played
        self.calls: list[CallView] = []
        rules = self.ruleset.auction or AuctionRules()
        self.auction = Auction(battle.dealer, rules.minimum, rules.step, rules.announcements)
        self.high: int | None = None
        self.bidder: Seat | None = None
        self.trump: Suit | None = None
        self.melds: dict[Seat, list[MeldView]] = {seat: [] for seat in FOUR_SEATS}
        self.declared: dict[Seat, int | None] = {seat: None for seat in FOUR_SEATS}
        self.credit = {seat: 0 for seat in FOUR_SEATS}
        self.cards = {seat: 0 for seat in FOUR_SEATS}       # card points won (DP-COUNT)
        self.scoring = {side: False for side in SIDES}      # won a scoring trick (DP-MELD6)
        self.tricks = 0
        self.leader: Seat | None = None
        self.table: TrickView | None = None
        self.new: list[MeldView] = []
        self.scores: dict[Side, int] | None = None

    # the events ------------------------------------------------------------------------------

    def run(self) -> None:
        battle = self.battle
        first = len(self.log.steps)
        self.log.battles.append(BattleView(
            battle=self.index, number=battle.number, dealer=seat_text(battle.dealer),
            deal_known=False, first_step=first, last_step=first, auction=[]))
        self.step("deal", f"{battle.dealer.word} deals", [header_span(battle)])
        dealt = True
        claims: list[Span] = []
        for event in battle.events:
            if isinstance(event, Comment):
                continue
            if isinstance(event, Hands) and dealt:
                self.deal(event)
            elif isinstance(event, (Bid, Announce, Pass)):
                self.call(event)
            elif isinstance(event, TrumpNaming):
                self.trump = event.suit
                who = "the high bidder" if self.bidder is None else self.bidder.word
                self.step("trump", f"{who} names {event.suit} trumps", [event.span])
            elif isinstance(event, (Declaration, Meld)):
                self.declare(event)
            elif isinstance(event, TableTrick):
                self.trick(event)
            elif isinstance(event, SideClaim):
                claims.append(event.span)
            else:
                self.step("ignored", f"a {event.type} statement, which a table of four does "
                          "not have (ignored)", [event.span])
            dealt = False
        self.end(claims)

    def deal(self, event: Hands) -> None:
        self.hands = {seat: list(hand) for seat, hand in zip(FOUR_SEATS, event.hands)}
        for seat in FOUR_SEATS:
            self.hands.setdefault(seat, [])
        self.log.steps[-1] = self.log.steps[-1].model_copy(update={
            "line": event.span.line, "hands": self.hand_views()})
        self.log.spans[-1].append(event.span)
        self.log.battles[-1] = self.log.battles[-1].model_copy(update={"deal_known": True})

    def call(self, event: Bid | Announce | Pass) -> None:
        auction = self.auction
        before = auction.high
        made = len(auction.log)
        auction.call(event)                 # the walker's auction: a void call changes nothing
        legal = len(auction.log) > made
        if legal:
            value = auction.log[-1].bid
        elif isinstance(event, Bid):
            value = event.amount
        elif isinstance(event, Announce):
            value = auction.deemed(event.meld, event.flush, event.long)[0]
        else:
            value = None
        self.high, self.bidder = auction.high, auction.high_bidder
        self.calls.append(CallView(seat=seat_text(event.seat), call=event.type,
                                   text=_call_text(event), bid=value, legal=legal,
                                   high=self.high,
                                   bidder=None if self.bidder is None else seat_text(self.bidder),
                                   line=event.span.line))
        self.step("auction", self.call_label(event, value, legal, before), [event.span])

    def call_label(self, event: Bid | Announce | Pass, value: int | None, legal: bool,
                   before: int | None) -> str:
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
            if self.auction.over:
                said += (f"; the auction ends: {_SIDE_WORDS[self.bidder.side]} must make "
                         f"{self.high}")
        return said

    def declare(self, event: Declaration | Meld) -> None:
        seat = event.seat
        if seat is None:        # a two-handed meld line: the walker reports it
            self.step("ignored", "a meld without a seat (ignored)", [event.span])
            return
        melds = event.melds if isinstance(event, Declaration) else (event,)
        total = event.total if isinstance(event, Declaration) else None
        hand = self.hands[seat] if self.hands is not None else None
        judged: list[Finding] = []
        if hand is not None and self.trump is not None:
            verdict = judge_declaration(hand, melds, total, self.trump, self.ruleset, seat)
            self.credit[seat], judged = verdict.points, verdict.findings
        table = None if self.trump is None else meld_table(self.ruleset, self.trump).needs
        views = []
        for meld in melds:
            need = None if table is None else table.get(meld.kind)
            legal = need is not None and hand is not None and not _faulty(
                judged, meld.span, (Kind.ILLEGAL_MELD,))
            views.append(MeldView(
                seat=seat_text(seat), kind=str(meld.kind), trick=self.tricks,
                cards=[] if need is None else card_texts(need.cards), takes=[],
                claimed=meld.points, points=need.points if legal and need else 0,
                table_points=None if need is None else need.points, legal=legal,
                status="judged", line=meld.span.line, column=meld.span.column))
        claimed = total if total is not None else sum(m.points for m in melds)
        self.declared[seat] = claimed
        self.melds[seat] = views
        self.new = views
        if melds:
            shown = ", ".join(f"{m.kind} {m.points}" for m in melds)
            label = f"{seat.word} declares {shown}"
            if len(melds) > 1:
                label += f": {claimed}"
        elif claimed:
            label = f"{seat.word} declares {claimed} in all"
        else:
            label = f"{seat.word} declares no meld"
        if self.credit[seat] != claimed:
            label += f" (credited {self.credit[seat]})"
        self.step("meld", label, [event.span])

    def trick(self, event: TableTrick) -> None:
        leader = self.leader or self.bidder or self.battle.dealer.left
        seats: list[Seat] = []
        for _ in event.cards:
            seats.append(leader if not seats else seats[-1].left)
        played = []
        for seat, card in zip(seats, event.cards):
            held = self.hands is not None and card in self.hands[seat]
            if held:
                assert self.hands is not None
                self.hands[seat].remove(card)
            self.played[seat] += 1
            played.append(PlayedCard(seat=seat_text(seat), card=str(card), held=held))
        winner: Seat | None = None
        rule = None
        gathered = len(event.cards) == len(FOUR_SEATS)
        if gathered and self.trump is not None:
            at = winning_index(event.cards, self.trump, self.ruleset)
            winner = seats[at]
            if event.cards[at] in event.cards[at + 1:]:
                rule = "DP-PLAY5"       # an identical card played later: the first wins
        elif gathered and event.winner is not None:
            winner = event.winner      # no trump named: the record's mark, unjudged
        if gathered:
            self.tricks += 1
        if winner is not None:
            last = self.tricks == self.ruleset.hand_size
            points = trick_points(event.cards, self.ruleset)
            self.cards[winner] += points + (self.ruleset.last_trick_bonus if last else 0)
            if is_scoring_trick(event.cards, last, self.ruleset):
                self.scoring[winner.side] = True
            self.leader = winner
        self.table = TrickView(
            number=event.number, lead=played[0] if played else None, winner=None if winner
            is None else seat_text(winner), rule=rule, marked=None if event.winner is None
            else seat_text(event.winner), cards=played)
        cards = " ".join(map(str, event.cards))
        if winner is None:
            why = "not gathered" if not gathered else "no trump named: not judged"
            label = f"trick {event.number}: {cards}, {why}"
        else:
            label = f"trick {event.number}: {cards}, {winner.word} wins" + (
                f" ({rule})" if rule else "")
        self.step("trick", label, [event.span])

    def end(self, claims: list[Span]) -> None:
        # a first round of four calls without a bid (DP-BID9, D2), and no trick played
        thrown = self.auction.thrown_in and self.tricks == 0
        update: dict[str, object] = {
            "bidder": None if self.bidder is None else seat_text(self.bidder),
            "contract": self.high, "trump": None if self.trump is None else str(self.trump),
            "thrown_in": thrown}
        ended_by = None
        if thrown:
            self.scores = {side: 0 for side in SIDES}
            ended_by = "DP-BID9"
            label = "nobody bid: the hands are thrown in, the deal passes to the left (DP-BID9)"
        elif self.tricks == self.ruleset.hand_size and self.bidder is not None \
                and self.high is not None:
            result = score_hand(self.bidder.side, self.high, self.side_cards(),
                                self.side_melds(), self.scoring, self.ruleset)
            self.scores = {side: result[side].score for side in SIDES}
            bidders = self.bidder.side
            made = result[bidders].made
            ended_by = "DP-SCORE1" if made >= self.high else "DP-SCORE2"
            outcome = (f"{_SIDE_WORDS[bidders]} made {made} of {self.high} (DP-SCORE1)"
                       if made >= self.high else
                       f"{_SIDE_WORDS[bidders]} made {made} of {self.high}: set (DP-SCORE2)")
            label = ("the battle ends: " + ", ".join(
                f"{_SIDE_WORDS[side]} {self.scores[side]}" for side in SIDES) + f"; {outcome}")
        else:
            label = "the record of the battle stops here"
        if self.scores is not None:
            for side in SIDES:
                self.log.totals[side] += self.scores[side]
            winner = game_winner(self.log.totals, None if self.bidder is None
                                 else self.bidder.side, self.ruleset)
            if winner is not None:
                label += (f"; {_SIDE_WORDS[winner]} reach {self.log.totals[winner]}: they win "
                          "the game (DP-GAME)")
            update.update(ns=self.scores[Side.NS], ew=self.scores[Side.EW])
        update.update(ended_by=ended_by, auction=list(self.calls))
        self.table = None if thrown else self.table
        self.step("end", label, claims)
        update["last_step"] = len(self.log.steps) - 1
        self.log.battles[-1] = self.log.battles[-1].model_copy(update=update)

    # the views --------------------------------------------------------------------------------

    def side_cards(self) -> dict[Side, int]:
        return {side: sum(self.cards[s] for s in side.seats) for side in SIDES}

    def side_melds(self) -> dict[Side, int]:
        return {side: sum(self.credit[s] for s in side.seats) for side in SIDES}

    def hand_views(self) -> list[HandView]:
        before = self.log.totals
        views = []
        for seat in FOUR_SEATS:
            hand = None if self.hands is None else self.hands[seat]
            score = self.cards[seat] + self.credit[seat]
            views.append(HandView(
                seat=seat_text(seat), concealed=None if hand is None else card_texts(cards_of(
                    counts(hand))), exposed=None if hand is None else [],
                size=self.ruleset.hand_size - self.played[seat] if hand is None else len(hand),
                melds=self.melds[seat], tricks=self.cards[seat],
                meld_points=self.credit[seat], score=score,
                total=before[seat.side], declared=self.declared[seat]))
        return views

    def side_views(self) -> list[SideView]:
        cards, melds = self.side_cards(), self.side_melds()
        return [SideView(side=side.value, tricks=cards[side], melds=melds[side],
                         counted=self.scoring[side],
                         score=None if self.scores is None else self.scores[side],
                         total=self.log.totals[side]) for side in SIDES]

    def step(self, kind: StepKind, label: str, spans: list[Span]) -> None:
        located = [s for s in spans if s.line]
        log = self.log
        new, self.new = self.new, []
        log.steps.append(StepView(
            index=len(log.steps), kind=kind, label=label, battle=self.index, trick=self.tricks,
            line=located[0].line if located else 0, hands=self.hand_views(), stock=0,
            table=self.table, melds=new, drawn=[], sides=self.side_views(),
            calls=len(self.calls)))
        log.spans.append(located)


class _TableLog(StepLog):
    """A partnership game's steps, battle by battle (see the module docstring)."""

    def __init__(self, ruleset: Ruleset, findings: Sequence[Finding]) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.findings = findings
        self.totals = {side: 0 for side in SIDES}

    def timeline(self, game: Game, number: int, lines: Sequence[str]) -> GameTimeline:
        for index, battle in enumerate(game.battles, 1):
            _Battle(self, battle, index).run()
        self.no_battle(game, FOUR_SEATS)
        last = len(self.steps) - 1
        for finding in self.findings:
            arrival = last
            if finding.battle is not None and 0 < finding.battle <= len(self.battles):
                arrival = self.battles[finding.battle - 1].last_step
            self.arrived.append((finding, arrival))
        found = self.placed(lines)
        return GameTimeline(game=number, line=game.span.line, tags=game.tags,
                            ruleset=ruleset_tags(self.ruleset), battles=self.battles,
                            steps=self.steps, findings=found, east=0, west=0,
                            ns=self.totals[Side.NS], ew=self.totals[Side.EW])


def table_timeline(game: Game, findings: Sequence[Finding], ruleset: Ruleset | None = None,
                   number: int = 1, lines: Sequence[str] = ()) -> GameTimeline:
    """The timeline of a partnership game, the ``number``-th of its record, with ``findings``
    (the partnership walker's, in any order) linked to its steps; ``ruleset`` (default: the
    one the game's tags choose) seats four; ``lines`` are the record's lines (to show each
    finding's line with its place marked). Raises ``RulesetError`` when the tags name no
    ruleset and none is given."""
    chosen = ruleset_from_tags(game.tags) if ruleset is None else ruleset
    return _TableLog(chosen, findings).timeline(game, number, lines)
