"""One battle of the partnership game (double-pack) read event by event in record order and
applied to a ``state.TableState``: the deal of the seats' hands (DP-DEAL2, DP-PACK), the auction
(DP-BID1-9), trump named by the high bidder (DP-MELD1), each seat's declaration before trick 1
(DP-MELD2-5), the tricks (DP-PLAY1-6) and the battle's claims, by side or by seat as the
seating keeps the score (``claims.claim_kind``; DP-COUNT, DP-MELD6, DP-SCORE1-3). The state
holds the rules; this walker reads the record.

The record is followed as the rules order play; a departure is reported once, with its rule,
and has the effect spec §7 gives it (none, mostly: a card not held is still played, a revoke
stands, a wrong winner mark is corrected, an illegal call is void). What only the record can
get wrong is the walker's: a statement of the two-handed games (a ``draw``, a two-card trick,
an E/W deal) is reported and ignored; trick numbers, a trick of the wrong size, a trick after
the hands were played out. What the record leaves out is said in a notice (a battle without its
deal: possession and melds are not checked).

The state's findings and the walker's reach the visitor by one path, in the order they arise:
the battle's ``visitor.FindingSink`` is the state's ``findings`` list, and the walker adds its
own to it. The visitor hears ``begin_battle`` with the state before the first event, ``trick``
when a trick is gathered (the state's log ends with its ``TrickWon``) and ``event`` after each
event (the game walker calls ``end_battle``), as the two-handed walker calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pinochle.notation.events import (
    Announce, Bid, Comment, Concession, Declaration, Hands, Meld, Objection, Pass, Send,
    SideClaim, Span, TableTrick, TrumpNaming,
)

from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.model.statements import WIDOW, ignored_statement, new_statement
from pinochle.adjudicator.rules.numbering import Numbering, following
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import Scorer
from pinochle.adjudicator.partnership.claims import claim_kind
from pinochle.adjudicator.partnership.results import TableBattleResult
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.visitor import BaseVisitor, FindingSink

if TYPE_CHECKING:
    from pinochle.adjudicator.visitor import TableVisitor

__all__ = ["TableBattle"]

_CALLS = (Bid, Announce, Pass)

#: How a statement of the two-handed games is named in a finding (by its event ``type``).
_FOREIGN = {
    "deal": "a two-handed deal (E:, W: and stock: lines)", "trick": "a two-card trick",
    "meld": "a meld naming no melder", "objection": "an objection", "draw": "a draw",
    "nodraw": "a missed draw (nodraw)", "extradraw": "an extra draw (extradraw)",
    "discovery": "a discovery (toomany / toofew)", "exposure": "an exposure (expose)",
    "claim": "a claim by East and West", "call": "a call-out", "knock": "a knock",
    "look": "a look at the tricks", "correct": "a meld correction", "misdeal": "a misdeal",
    "deadhand": "a dead hand", "return": "a card put back (return)",
    "give": "a card given (give)", "choose": "a choice of the last draw (choose)",
}


class TableBattle:
    """One battle's events through a ``TableState``. ``run`` returns its
    ``TableBattleResult`` (the game walker checks the game's rules around it)."""

    def __init__(self, visitor: TableVisitor[object], sink: FindingSink, ruleset: Ruleset,
                 battle: Any, index: int, before: dict[Scorer, int], unfinished: bool) -> None:
        self.visitor = visitor
        self.sink = sink                # the battle's findings, on their way to the visitor
        self.ruleset = ruleset
        self.ids = ruleset.ids
        self.battle = battle
        self.index = index
        self.before = before            # the game totals before this battle
        self.unfinished = unfinished    # the game's last battle, and the game unfinished
        self.size = ruleset.hand_size
        self.state = TableState(ruleset, battle.dealer, index, keep_log=visitor.needs_log)
        sink.adopt(self.state)
        self.numbering = Numbering()    # the trick lines' numbers
        self.deal_noticed = False
        self.last_span: Span = battle.span
        self.claim_kind = claim_kind(ruleset.seating)   # by side, or by seat

    # findings -------------------------------------------------------------------------------

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
            trick: int | None = None) -> None:
        self.sink.append(Finding(rule=rule, kind=kind, severity=severity, span=span,
                                 message=message, claimed=claimed, expected=expected,
                                 trick=trick))

    # the walk -------------------------------------------------------------------------------

    def run(self) -> TableBattleResult:
        state, visitor = self.state, self.visitor
        kind_of = type(visitor)
        # Hooks the visitor leaves as the protocol's no-ops are not called on the hot path.
        listens = kind_of.event is not BaseVisitor.event
        self.listens_to_tricks = kind_of.trick is not BaseVisitor.trick
        visitor.begin_battle(self.battle, self.index, state)
        for event in self.battle.events:
            kind = type(event)
            if kind is TableTrick:
                self.on_trick(event)
            elif kind is Comment:
                continue
            elif kind in _CALLS:
                self.no_deal(event.span)
                state.call(event)
            elif kind is Declaration:
                self.no_deal(event.span)
                state.declare(event.seat, event.melds, event.total, event.span)
            elif kind is Meld and event.seat is not None:    # a one-kind declaration
                self.no_deal(event.span)
                state.declare(event.seat, (event,), None, event.span)
            elif kind is Hands:
                if event.widow is not None:  # no ruleset has a widow yet (§12)
                    self.sink.append(ignored_statement(WIDOW, self.ruleset.name,
                                                      event.widow_span))
                step = state.deal(event.hands, event.span, event.spans)
                if step is not None and step.again:
                    self.numbering = Numbering()
            elif kind is TrumpNaming:
                self.no_deal(event.span)
                state.name_trump(event.suit, event.span)
            elif kind is SideClaim or kind is self.claim_kind:
                state.claim(event)
            elif kind is Send and self.ruleset.ids.passing:     # single-deck's (SD-PASS1-3)
                self.no_deal(event.span)
                state.send(event.seat, event.cards, event.span)
            elif kind is Concession and self.ruleset.table.concede:   # (SD-CONCEDE1-3)
                self.no_deal(event.span)
                state.concede(event.seat, event.span)
            elif kind is Objection and event.target == "renege" and \
                    self.ruleset.table.renege_law:                    # (SD-LAW2)
                state.claim_renege(event.seat, event.offender, event.span)
            else:
                self.foreign(event)
            self.last_span = event.span
            if listens:
                visitor.event(event, state)
        return self.finish()

    def foreign(self, event: Any) -> None:
        new = new_statement(event)  # the three-handed game's or single-deck's (§12)
        if new is not None:
            self.sink.append(ignored_statement(new, self.ruleset.name, event.span))
            return
        what = _FOREIGN.get(getattr(event, "type", ""), f"a {type(event).__name__}")
        self.new("DP-PLAYERS", Kind.MALFORMED, event.span,
                 f"{what} is a statement of the two-handed games; a partnership battle of four "
                 "players (DP-PLAYERS) has none, so it is ignored")

    def no_deal(self, span: Span) -> None:
        """The first event is not the deal: the battle is replayed without possession."""
        if self.state.hands is None and not self.deal_noticed:
            self.deal_noticed = True
            self.new(self.ids.deal, Kind.NOTICE, self.battle.span,
                     f"the record of battle {self.index} omits the deal: card possession, the "
                     "play's obligations and the melds were not checked; each declared meld is "
                     "taken as declared", Severity.INFO)

    # the tricks -------------------------------------------------------------------------

    def on_trick(self, trick: TableTrick) -> None:
        state = self.state
        if not state.ready:
            self.no_deal(trick.span)
            if not state.open_play(trick.span):
                return
        if state.tricks >= self.size:
            self.new(self.ids.end, Kind.MALFORMED, trick.span,
                     f"trick {trick.number} is recorded after the hands were played out "
                     f"({self.size} tricks, {self.ids.end}); it is ignored", trick=state.tricks)
            return
        number = state.tricks + 1
        fault = self.numbering.check(trick.number, following(self.battle.events, trick))
        if fault is not None:       # one finding where the numbering goes wrong (numbering.py)
            self.new(self.ids.trick, Kind.MALFORMED, trick.span, fault.message("trick", "battle"),
                     claimed=trick.number, expected=fault.expected, trick=number)
        seats = len(state.seats)
        if len(trick.cards) != seats:
            self.new("DP-PLAYERS", Kind.MALFORMED, trick.span,
                     f"a trick of {plural(len(trick.cards), 'card')}: each of the {seats} "
                     "players plays one to every trick (DP-PLAYERS); it is ignored",
                     trick=number)
            return
        won = state.play_trick(trick.cards, trick.leader, trick.winner, span=trick.span,
                               card_spans=trick.card_spans, leader_span=trick.leader_span,
                               winner_span=trick.winner_span)
        if won is not None and self.listens_to_tricks:
            self.visitor.trick(trick, state)

    # the end ----------------------------------------------------------------------------

    def finish(self) -> TableBattleResult:
        state = self.state
        closed = state.close(self.unfinished, self.last_span, self.before)
        results = state.results()
        return TableBattleResult(
            self.index, self.battle.number, self.battle.dealer, state.hands is not None,
            state.auction.thrown_in, state.bidder, state.bid, state.trump, results,
            state.tricks, closed.complete, self.battle.span)
