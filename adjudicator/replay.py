"""The one walker over a game record: it builds a ``BattleState`` per battle, applies every event
in record order, and tells a ``Visitor`` (``visitor.py``) what happened (python-chess's PGN
visitor, turned round: the walker drives, the visitor listens). Validation
(``report.validation.validate_game``), statistics and pretty-printing are visitors over the same
walk. The results it gives back are ``twohanded.results``'; this module exports them, the
``Visitor`` and ``StopReplay`` as well.

What the walker checks beyond ``BattleState`` (the rules of a whole game):

- the deal (R2A4, R6B, R6C); a redeal after a timely objection (R11A); a battle whose record
  omits the deal is replayed without card possession (a notice says so);
- trick numbers 1..n in each battle, winner marks (checked, never trusted: R8C1-R8C4, R11D);
- the draws a record states (``draw``, ``nodraw``, ``extradraw``: R8E, R11C, R11D, R11E);
- claimed totals: ``tricks`` (R8G), ``melds`` (R9A), ``score`` (R3) and ``game`` (R4A);
- battle numbers 1..n, the alternating dealer (R4B), the agreed even number of battles plus two
  more per tie (R4A), and the ``Result`` tag against the game totals.

Neither walker is assembled from mixins: each holds its parts. The game's walker holds the
game's rules (``rules``, ``twohanded/gamerules.py``) and the knock's game part (``knocks``,
``features/knock.py``: the target and the knock that decided the game); the battle's walker holds
``misdeals`` (``laws/misdealwalk.py``: Scarne's misdeals and dead hands), ``knock`` (the knock's
battle part: 25-steps' TP25, TPV6) and ``call_out`` (``features/callout.py``: Scarne's SC-CALL).
The knock and the call-out are features the ruleset chooses from its data (``knocks_of``,
``knock_walk_of``, ``call_out_of``): a ruleset without them holds their null parts, which report
such a statement and ignore it. ``position_at`` answers "what could this player meld right after
trick N?" for ``pinochle melds``.

A game whose ruleset seats four or holds an auction (``partnership.results.is_partnership``: the
ruleset's data, never its name) is the partnership walker's, ``partnership.walker.walk_table``:
``walk_any`` returns its ``TableGameResult``. In a two-handed game, a statement of the
partnership game (four hands, a call, a four-card trick, a side claim) or a seat other than
East and West is reported and ignored.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pinochle.notation.cards import Card, Seat
from pinochle.notation.errors import PinochleError, quoted
from pinochle.notation.events import Correction, DeadHand, GiveCard, Misdeal, ReturnCard
from pinochle.notation.events import (
    Battle, CallOut, Claim, Comment, Deal, Discovery, Draw, Exposure, ExtraDraw, Game, Knock,
    Look, Meld,
    MissedDraw, Objection, Span, Trick,
)
from pinochle.notation.events import Choice
from pinochle.notation.events import Bury, Concession, Send
from pinochle.notation.events import (
    Announce, Bid, Declaration, Hands, Pass, SideClaim, TableTrick, TrumpNaming,
)

from pinochle.adjudicator.twohanded.state import BattleState, SeatPosition
from pinochle.adjudicator.report.coverage import is_sheet
from pinochle.adjudicator.twohanded.sheets import sheet_notice, sheet_state
from pinochle.adjudicator.rules.deals import check_deal, read_deal
from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.model.statements import ignored_statement, new_statement
from pinochle.adjudicator.twohanded.publiccards import PublicCards
from pinochle.adjudicator.features.callout import call_out_of
from pinochle.adjudicator.features.knock import knock_walk_of, knocks_of
from pinochle.adjudicator.laws.misdealwalk import MisdealWalk
from pinochle.adjudicator.rules.numbering import Numbering, following
from pinochle.adjudicator.rules.tricks import deciding_test
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.twohanded.gamerules import GameRules, check_claim, tag_span
from pinochle.adjudicator.model.ruleset import Ruleset, RulesetError
from pinochle.adjudicator.laws.slips import slip_actions
from pinochle.adjudicator.partnership.results import (TableGameResult,
                                                      is_partnership)
from pinochle.adjudicator.partnership.walker import walk_table
from pinochle.adjudicator.twohanded.results import BattleResult, GameResult
from pinochle.adjudicator.visitor import FindingSink, StopReplay, Visitor

if TYPE_CHECKING:
    from pinochle.adjudicator.visitor import AnyVisitor, TwoHandedVisitor

__all__ = ["BattleResult", "GameResult", "PositionError", "StopReplay", "Visitor", "position_at",
           "walk", "walk_any"]

EAST, WEST = Seat.EAST, Seat.WEST
_DRAW_EVENTS = (Draw, MissedDraw, ExtraDraw)
#: The ruleset a game without a ``Ruleset`` tag is played by: its ids word the findings of a
#: game whose tags name no ruleset the catalog has.
DEFAULT_RULESET = ruleset_from_tags({})
#: Under Scarne's drawing slips a card put back or given belongs to the draws (slips.py).
_SLIP_EVENTS = (*_DRAW_EVENTS, ReturnCard, GiveCard)


class PositionError(PinochleError, LookupError):
    """``position_at`` was asked for a battle, trick or deal the record does not have."""


def walk(game: Game, visitor: AnyVisitor[object], number: int = 1) -> GameResult | None:
    """Replay ``game`` (the ``number``-th of its file) through ``visitor``. Returns the game's
    result, or ``None`` when a hook stopped the walk, or for a partnership game (its result,
    a ``TableGameResult``, is ``walk_any``'s; the visitor hears it all the same)."""
    result = walk_any(game, visitor, number)
    return result if type(result) is GameResult else None


def walk_any(game: Game, visitor: AnyVisitor[object], number: int = 1
             ) -> GameResult | TableGameResult | None:
    """``walk`` for either form of game: a partnership game (``is_partnership``, by its
    ruleset's data) through ``partnership.walker``, a two-handed one through this module's
    walker."""
    try:
        error: RulesetError | None = None
        try:
            ruleset: Ruleset | None = ruleset_from_tags(game.tags)
        except RulesetError as problem:
            ruleset, error = None, problem      # the two-handed walker reports it
        if ruleset is not None and is_partnership(ruleset):
            return walk_table(game, visitor, ruleset, number)
        return _GameWalk(game, visitor, number).run(ruleset, error)
    except StopReplay:
        return None


class _GameWalk:
    """One game's battles, in record order, each through a ``_BattleWalk``; the game's rules
    and the knock's game part are parts it holds (module docstring)."""

    def __init__(self, game: Game, visitor: TwoHandedVisitor[object], number: int) -> None:
        self.game = game
        self.visitor = visitor
        self.number = number
        self.sink = FindingSink(visitor.finding, number)   # the game's own findings
        self.ids = DEFAULT_RULESET.ids          # the ruleset's, once ``run`` knows it
        self.unfinished = game.tags.get("Result") == "*"
        self.totals: dict[Seat, int] = {}   # the game totals by seat after the battles replayed
        self.called: int | None = None  # the battle whose call-out ended the game (SC-CALL)
        self.rules = GameRules(self)
        self.knocks = knocks_of(None, self)     # the ruleset's, once ``run`` knows it

    def report(self, finding: Finding, battle: int | None = None) -> None:
        self.sink.append(finding if battle is None else finding.at(battle=battle))

    def new(self, rule: str, kind: Kind, span: Span, message: str, severity: Severity =
            Severity.ERROR, claimed: Any = None, expected: Any = None,
            battle: int | None = None) -> None:
        self.sink.append(Finding(rule=rule, kind=kind, severity=severity, span=span,
                                 message=message, claimed=claimed, expected=expected,
                                 battle=battle))

    def run(self, ruleset: Ruleset | None, error: RulesetError | None) -> GameResult:
        """Replay the game under ``ruleset``, the one its tags select (``ruleset_from_tags``),
        or ``None`` and the ``error`` that selecting it raised."""
        game, visitor = self.game, self.visitor
        tags = game.tags
        rules = self.rules
        self.ids = (ruleset or DEFAULT_RULESET).ids
        rules.check_duplicate_tags()
        if error is not None:
            self.new(error.tag, Kind.MALFORMED, tag_span(game, error.tag),
                     f"{error}; the game's battles are not replayed")
        else:
            assert ruleset is not None
            rules.check_foreign_options(ruleset)
        visitor.begin_game(game, self.number, ruleset)
        by_battles = ruleset is None or ruleset.game_end.kind == "battles"
        agreed = rules.agreed_battles(tags) if by_battles else None
        results: list[BattleResult] = []
        seats = (ruleset or DEFAULT_RULESET).seats
        self.totals = dict.fromkeys(seats, 0)
        self.knocks = knocks = knocks_of(ruleset, self)
        if ruleset is not None:
            previous: Battle | None = None
            for index, battle in enumerate(game.battles, 1):
                if self.called is not None:
                    self.after_the_call(battle, index)
                    continue
                if rules.battle_after_end(battle, index, ruleset.game_end, agreed, len(results),
                                          self.totals, knocks.knock_end()):
                    continue
                if battle.dealer not in ruleset.seats:
                    self.foreign_dealer(battle, index, ruleset)
                    continue
                rules.check_battle_header(battle, index, previous, ruleset.seating)
                done = _BattleWalk(self, ruleset, battle, index).run()
                results.append(done)
                self.totals = {seat: total + done.score(seat)
                               for seat, total in self.totals.items()}
                knocks.raise_target(done)
                previous = battle
        totals = {seat: sum(r.score(seat) for r in results) for seat in seats}
        expected = None
        if ruleset is not None:
            if self.called is not None:
                expected = self.called
            elif by_battles:
                expected = rules.check_length(tags, agreed, results)
            elif ruleset.game_end.kind == "knock":
                expected = knocks.check_knock_end(tags, results)
            else:
                expected = rules.check_target(tags, ruleset.game_end, results)
            rules.check_totals(tags, totals[EAST], totals[WEST])
        result = GameResult(self.number, ruleset, tuple(results), totals, expected)
        visitor.end_game(game, result)
        return result


    def foreign_dealer(self, battle: Battle, index: int, ruleset: Ruleset) -> None:
        seats = " and ".join(seat.word for seat in ruleset.seats)
        self.new("Ruleset", Kind.MALFORMED, battle.span,
                 f"{battle.dealer.word} deals battle {index}, but the seats of {ruleset.name} "
                 f"are {seats}; the battle is not replayed", battle=index)

    def after_the_call(self, battle: Battle, index: int) -> None:
        rule = self.ids.call or self.ids.game
        self.new(rule, Kind.MALFORMED, battle.span,
                 f"battle {index} is played after the game ended by a call-out in battle "
                 f"{self.called} ({rule}); it is not replayed", battle=index)


_CLAIMS = {"tricks": ("trick_points", "trick points"), "melds": ("table", "meld points"),
           "score": ("score", "battle score"), "total": ("game", "game total")}


class _BattleWalk:
    """One battle's events, in record order, through a ``BattleState``."""

    def __init__(self, game: _GameWalk, ruleset: Ruleset, battle: Battle, index: int) -> None:
        self.g = game
        self.visitor = game.visitor
        self.ruleset = ruleset
        self.ids = ruleset.ids
        self.battle = battle
        self.index = index
        self.state: BattleState | None = None
        self.public: PublicCards | None = None  # the public cards of a no-deal battle
        #: the battle's findings, the walker's and its states', on their one way to the visitor
        self.sink = FindingSink(self.visitor.finding, game.number, index)
        self.redeal_pending: Objection | Misdeal | None = None
        self.claims: list[Claim] = []
        self.last_span = battle.span
        self.misdeals = MisdealWalk(self)   # misdeals and dead hands (SC-MISDEAL0-9)
        self.knock = knock_walk_of(self)        # the ruleset's knock (TP25, TPV6), or none
        self.call_out = call_out_of(self)       # the ruleset's call-out (SC-CALL), or none
        self.numbering = Numbering()        # the trick numbers, from 1 in each deal
        # Hooks the visitor leaves as Visitor's no-ops are not called on the hot path.
        kind = type(self.visitor)
        self.listens_to_tricks = kind.trick is not Visitor.trick
        self.listens_to_events = kind.event is not Visitor.event

    # findings -------------------------------------------------------------------------------

    def report(self, finding: Finding) -> None:
        self.sink.append(finding)

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, trick: int | None = None) -> None:
        self.sink.append(Finding(rule=rule, kind=kind, severity=severity, span=span,
                                 message=message, trick=trick))

    # the walk -------------------------------------------------------------------------------

    def run(self) -> BattleResult:
        events = self.battle.events
        handlers = _HANDLERS
        draw_events = (_SLIP_EVENTS if self.ruleset.laws.repairs_draws
                       else _DRAW_EVENTS)
        on_trick = self.on_trick
        event_hook = self.visitor.event if self.listens_to_events else None
        misdeals, knock, call_out = self.misdeals, self.knock, self.call_out
        i, n = 0, len(events)
        while i < n:
            event = events[i]
            kind = type(event)
            if kind is Comment:
                i += 1
                continue
            if call_out.called and kind is not Claim:
                call_out.after_the_call(event)
                i += 1
                continue
            if knock.knocked is not None and kind is not Claim:
                knock.after_knock(event)
                i += 1
                continue
            if misdeals.dead_by is not None and kind is not Claim:   # a dead hand (SC-MISDEAL8)
                misdeals.after_dead(event)
                i += 1
                continue
            if kind is Trick and self.state is not None:        # the usual event
                on_trick(event)  # type: ignore[arg-type]  # a Trick: mypy does not narrow by kind
                i += 1
            elif self.state is None and kind is not Deal:
                self.start_without_deal(event)
                continue                                        # then handle the event
            elif kind in draw_events:
                group = [event]
                i += 1
                while i < n and (type(events[i]) in draw_events or type(events[i]) is Comment):
                    if type(events[i]) is not Comment:
                        group.append(events[i])
                    i += 1
                group = [e for e in group if not self.off_table(e)]
                if group:
                    self.on_draws(group)
            else:
                if not self.off_table(event):
                    if self.public is not None:   # a knock, call or claim it reads first
                        self.public.statement(self.state, event, self.g.totals)  # type: ignore[arg-type]
                    handlers[kind](self, event)
                i += 1
            state = self.state
            if state is not None:
                if misdeals.held:               # a wrong count's deadline (SC-MISDEAL9)
                    misdeals.count_deadline()
                if event_hook is not None:
                    event_hook(event, state)
        return self.finish()

    def start(self, state: BattleState) -> None:
        self.sink.adopt(state)
        self.state = state
        self.numbering.restart()
        self.visitor.begin_battle(self.battle, self.index, state)

    def unknown_trump(self, span: Span) -> None:
        self.new(self.ids.upcard, Kind.NOTICE, span,
                 f"the record of battle {self.index} does not give the turned-up card, so the "
                 "trump suit is unknown: each trick goes to the player its winner mark names, "
                 "and only the melds whose cards are the same whatever the trump are judged "
                 f"({self.ids.upcard})", Severity.INFO)

    def start_without_deal(self, event: Any) -> None:
        if is_sheet(self.battle):       # no trick, no deal: a score sheet (sheets.py)
            complete = not (self.g.unfinished and self.index == len(self.g.game.battles))
            self.start(sheet_state(self.ruleset, self.battle, complete, self.g.totals,
                                   keep_log=self.visitor.needs_log))
            self.new(self.ids.deal, Kind.NOTICE, self.battle.span,
                     sheet_notice(self.index, self.ids.deal), Severity.INFO)
            return
        self.start(BattleState.without_deal(self.ruleset, self.battle.dealer,
                                            keep_log=self.visitor.needs_log))
        if not self.state.trump_known:  # type: ignore[union-attr]  # start() set it
            self.unknown_trump(self.battle.span)
        self.new(self.ids.deal, Kind.NOTICE, self.battle.span,
                 f"the record of battle {self.index} omits the deal: card possession (what each "
                 "player held, played and melded) was not checked", Severity.INFO)
        self.public = PublicCards(self.ruleset)

    def replaces_hand(self) -> bool:
        """A new deal in the battle now replaces the hand as the laws say, with no finding: a
        timely misdeal or objection awaits its redeal (SC-MISDEAL0, R11A), or the deal was
        void (SC-DRAW1, ``slips.py``: the hand is dealt again). A dead hand (SC-MISDEAL8) is
        not replaced: it ends the battle (``MisdealWalk.after_dead``)."""
        state = self.state
        return state is None or self.redeal_pending is not None or state.voided

    def objection_rule(self) -> str:
        """The law a timely objection to the shuffle, cut or deal is upheld under (R11A): the
        laws' redeal rule (only laws that have one honour such an objection)."""
        rule = self.ruleset.laws.redeal_rule
        if rule is None:
            raise LookupError(f"the {self.ruleset.laws.name!r} laws uphold no objection")
        return rule

    def on_deal(self, deal: Deal) -> None:
        state = self.state
        if state is not None and not self.replaces_hand():
            if state.tricks_played or state.lead_card is not None:
                self.new(self.ids.battle, Kind.MALFORMED, deal.span,
                         "a deal in the middle of the battle: a battle is one deal and the "
                         f"tricks that exhaust it ({self.ids.battle}); this deal is ignored")
                return
            redeal = self.ruleset.laws.redeal_rule
            if redeal is None:     # no misdeal rule to cite (OT: spec §7)
                self.new(self.ids.deal, Kind.IRREGULARITY, deal.span,
                         "a new deal before the first card is played: this ruleset has no "
                         "irregularity laws (Laws \"none\"); the cards are dealt again "
                         f"({self.ids.deal})", Severity.WARNING)
            else:
                called = ("a misdeal called" if self.ruleset.laws.misdeals is not None else
                          "an objection to the shuffle, cut or deal")
                self.new(redeal, Kind.IRREGULARITY, deal.span,
                         f"a new deal without {called}; "
                         f"the cards are dealt again ({redeal})", Severity.WARNING)
        self.redeal_pending = None
        self.public = None
        found = check_deal(self.ruleset, deal)
        if found and self.ruleset.laws.misdeals is None:    # one card written wrong: read_deal
            deal, found = read_deal(self.ruleset, deal, found,
                                    lambda reading: self.probe(deal, reading))
        for finding in self.misdeals.judge_deal(deal, found):
            self.sink.append(finding)
        self.start(BattleState(self.ruleset, self.battle.dealer, deal.east, deal.west,
                               deal.stock, upcard=deal.upcard, keep_log=self.visitor.needs_log))
        if not self.state.trump_known:  # type: ignore[union-attr]  # start() set it
            self.unknown_trump(deal.span)
        self.misdeals.dealt_dead(deal)

    def probe(self, deal: Deal, reading: Deal) -> int:
        """How many findings above a notice this battle draws when dealt ``reading`` instead
        of ``deal`` (a deal with a card written wrong, ``deals.read_deal``), reported nowhere."""
        counter = _Count()
        game = copy.copy(self.g)
        game.visitor, game.totals = counter, dict(self.g.totals)
        game.sink = FindingSink(counter.finding, game.number)
        game.knocks = self.g.knocks.rebound(game)
        events = tuple(reading if e is deal else e for e in self.battle.events)
        _BattleWalk(game, self.ruleset, self.battle.model_copy(update={"events": events}),
                    self.index).run()
        return counter.count

    def on_trick(self, trick: Trick) -> None:
        state = self.state
        assert state is not None
        if self.redeal_pending is not None:
            objection, self.redeal_pending = self.redeal_pending, None
            if self.public is not None:
                pass        # the record omits the deals: the redeal is omitted with them
            elif isinstance(objection, Misdeal):
                self.misdeals.misdeal_not_followed(objection, continues=True)
            else:
                upheld = self.objection_rule()
                self.new(upheld, Kind.IRREGULARITY, objection.span,
                         f"{objection.seat.word}'s timely objection to the {objection.target} "
                         f"is followed by no new deal: play continues with the first deal "
                         f"({upheld})", Severity.WARNING)
        if state.close_turn(self.last_span):     # (the open turn's draws first)
            self.after_the_end(trick, state)
            return
        fault = self.numbering.check(trick.number, following(self.battle.events, trick, Deal))
        if fault is not None:       # one finding where the numbering goes wrong (numbering.py)
            self.new(self.ids.trick, Kind.MALFORMED, trick.span, fault.message("trick", "battle"),
                     trick=state.trick_number)
        leader, said = state.who_leads(trick.lead, trick.follow, trick.leader, trick.winner)
        if said != "rules" and said != "doubt":     # reported once (a doubt's fault was)
            self.wrong_leader(trick, state, leader, said)
        step = state.play_trick(trick.lead, trick.follow, lead_span=trick.lead_span,
                                follow_span=trick.follow_span, mark=trick.winner, leader=leader)
        self.last_span = trick.span
        if step is None or step.winner is None:
            return
        if self.public is not None:
            self.public.trick(trick, leader, state)
        winner = step.winner
        if trick.winner is not None and trick.winner is not winner:
            rule = step.rule
            assert rule is not None             # _gather names the deciding rule
            self.new(rule, Kind.MISCOUNT, trick.winner_span,
                     _wrong_winner(trick, leader, winner, rule, state),
                     trick=state.tricks_played)
        if self.listens_to_tricks:
            self.visitor.trick(trick, state)
        proving = self.knock.proving
        if proving is not None and winner is proving[0].seat:
            self.knock.prove_knock(trick, state)
            for meld in trick.melds:
                self.knock.after_knock(meld)
            return
        melder = trick.winner or winner     # the writer's word: the marked seat melded (R8D)
        for meld in trick.melds:
            state.meld(meld.seat or melder, meld.kind, meld.points, meld.concealed,
                       span=meld.span, points_span=meld.points_span)
            if self.public is not None:
                self.public.meld(state, state.melds[-1])

    def wrong_leader(self, trick: Trick, state: BattleState, marked: Seat, said: str) -> None:
        """``marked`` leads ``trick``, not the rules' leader (``state.who_leads``): the
        record's lead mark says so (docs/notation.md §2.4), or without one the cards do.
        Reported once under the ruleset's rule for who leads; the trick is played so. A mark
        naming a seat the ruleset does not seat (``unseated``) is reported as in any statement
        and ignored: the rules' leader leads."""
        leader = state.leader
        if said == "unseated":
            mark = trick.leader
            assert mark is not None
            self.new("Ruleset", Kind.MALFORMED, trick.leader_span or trick.span,
                     f"{mark.word} has no seat in a game of {self.ruleset.name} (its seats: "
                     f"{' and '.join(s.word for s in self.ruleset.seats)}); the lead mark is "
                     f"ignored: {leader.word} leads, as the rules say")
            return
        rule = self.ids.trick
        winner = state.last_winner
        why = (f"the nondealer leads the first trick ({rule})" if winner is None else
               f"{winner.word} won trick {state.tricks_played} and leads ({rule})")
        if said == "cards":
            other = self.ruleset.seating.opponent(leader)
            shown, span = (f"as its cards show (no lead mark: {leader.word} does not hold "
                           f"{trick.lead} nor {other.word} {trick.follow}, and each "
                           "holds the other's)"), trick.span
        else:
            shown, span = "the record says", trick.leader_span or trick.span
        self.sink.append(Finding(
            rule=rule, kind=Kind.ILLEGAL_PLAY, span=span,
            message=(f"trick {trick.number} is led by {marked.word}, {shown}, but it was "
                     f"{leader.word}'s lead: {why}; the trick is played as written, "
                     f"{marked.word} leading"),
            claimed=str(marked), expected=str(leader), trick=state.tricks_played + 1))

    def after_the_end(self, trick: Trick, state: BattleState) -> None:
        ended = state.end.rule if state.end is not None else self.ids.end
        how = ("both hands were empty" if ended == self.ids.end else
               "one player had no cards left")
        self.new(ended, Kind.MALFORMED, trick.span,
                 f"trick {trick.number} is recorded after the battle ended ({how}, {ended}); "
                 "it is ignored", trick=state.tricks_played)

    def on_meld(self, meld: Meld) -> None:
        state = self.state
        assert state is not None
        seat = meld.seat or state.last_winner
        if seat is None:
            self.new(self.ids.melder, Kind.ILLEGAL_MELD, meld.span,
                     "a meld before any trick, naming no melder: a meld follows a trick its "
                     f"melder won ({self.ids.melder}); it is ignored")
            return
        state.meld(seat, meld.kind, meld.points, meld.concealed, span=meld.span,
                   points_span=meld.points_span or meld.span)
        if self.public is not None:
            self.public.meld(state, state.melds[-1])

    def off_table(self, event: Any) -> bool:
        """A seat the ruleset does not seat (North or South in a two-handed game): the
        statement is reported under the Ruleset tag and ignored. (By the event's type: a
        missing attribute costs a raised exception.)"""
        fields = _SEAT_FIELDS.get(type(event))
        if fields is None:
            return False
        seats = self.ruleset.seats
        for name in fields:
            value = getattr(event, name)
            for seat in value if type(value) is tuple else (value,):
                if seat is not None and seat not in seats:
                    self.new("Ruleset", Kind.MALFORMED, event.span,
                             f"{seat.word} has no seat in a game of {self.ruleset.name} (its "
                             f"seats: {' and '.join(s.word for s in seats)}); the statement is "
                             "ignored")
                    return True
        return False

    def on_table_statement(self, event: Any) -> None:
        """A statement of the partnership game, or of the three-handed game or single-deck
        (``model/statements.py``), in a two-handed battle: reported, ignored."""
        new = new_statement(event)
        if new is not None:
            self.report(ignored_statement(new, f"{self.ruleset.name}, a two-handed game",
                                          event.span))
            return
        what = _TABLE_STATEMENTS[type(event)]
        self.new("Ruleset", Kind.MALFORMED, event.span,
                 f"{what} is a statement of the partnership game; a battle of "
                 f"{self.ruleset.name}, a two-handed game, has none, so it is ignored")

    def lawless(self, event: Any, what: str, statement: str) -> bool:
        """A statement the ruleset's laws do not have (``LawsPolicy.statements``): reported and
        ignored."""
        laws = self.ruleset.laws
        if statement in laws.statements:
            return False
        if laws.statements:
            self.new("Laws", Kind.MALFORMED, event.span,
                     f"{what}: these irregularity laws (Laws {quoted(laws.name)}) have no such "
                     "statement, so it changes nothing and is ignored", Severity.WARNING)
            return True
        self.new("Laws", Kind.MALFORMED, event.span,
                 f"{what}: this ruleset has no irregularity laws (Laws \"none\"), so the "
                 "statement changes nothing and is ignored", Severity.WARNING)
        return True

    def on_objection(self, objection: Objection) -> None:
        state = self.state
        assert state is not None
        if self.lawless(objection, f"an objection to the {objection.target}", objection.target):
            return
        if objection.target == "renege":
            if self.wrong_offender(objection):
                return
            state.laws.claim_renege(objection.seat, span=objection.span)
        elif objection.target == "meld":
            state.laws.melds.object_meld(objection.seat, span=objection.span)
        elif state.laws.object_deal(objection.seat, objection.target, span=objection.span):
            self.redeal_pending = objection

    def wrong_offender(self, objection: Objection) -> bool:
        """``object renege W W``: a renege claim naming an offender other than the claimant's
        one opponent (the offender a two-handed claim implies): reported and ignored."""
        offender = objection.offender
        if offender is None:
            return False
        opponent = self.ruleset.seating.opponent(objection.seat)
        if offender is opponent:
            return False
        self.new("Ruleset", Kind.MALFORMED, objection.span,
                 f"{objection.seat.word} claims a renege by {offender.word}: in a two-handed "
                 f"game the offender is the claimant's opponent, {opponent.word}; the claim is "
                 "ignored")
        return True

    def on_draws(self, group: list[Any]) -> None:
        state = self.state
        assert state is not None
        span = group[0].span
        if state.laws.makes_draws:            # Scarne's drawing slips
            actions, unmatched = slip_actions(group, state.expected_draws)
            for event in unmatched:     # one who holds over skips his draw (SC-SLIP3): so be it
                if state.count_off(event.seat) <= 0:
                    self.no_draw_due(event, state)
            state.laws.slip_draws(actions, span=span)
            return
        base: list[Seat] | None = None
        missed: list[Any] = []
        extra: list[Seat] = []
        for event in group:
            if type(event) is Draw:
                base = list(event.seats)
            elif type(event) is MissedDraw:
                missed.append(event)
            else:
                extra.append(event.seat)
        if base is None:
            base = list(state.expected_draws)
        for event in missed:
            if event.seat in base:
                base.remove(event.seat)
            else:
                self.no_draw_due(event, state)
        state.finish_turn(base + extra, span=span)

    def no_draw_due(self, event: MissedDraw, state: BattleState) -> None:
        self.new(self.ids.draws, Kind.MALFORMED, event.span,
                 f"{event.seat.word} had no draw due after trick "
                 f"{state.tricks_played}, so none was missed ({self.ids.draws})",
                 trick=state.tricks_played)

    def on_discovery(self, event: Discovery) -> None:
        assert self.state is not None
        if self.lawless(event, "a player found with too many or too few cards",
                        "discovery"):
            return
        self.state.laws.discover(event.seat, event.too_many, span=event.span)

    def on_exposure(self, event: Exposure) -> None:
        assert self.state is not None
        if self.lawless(event, "cards exposed without a meld", "exposure"):
            return
        if not self.state.laws.expose_own(event.seat, event.cards, span=event.span):
            self.state.expose(event.seat, event.cards, span=event.span)     # (SC-MISDEAL5-7)

    def on_choice(self, event: Choice) -> None:
        """The winner of the last trick of the talon chose his last card (25-steps TPV1)."""
        assert self.state is not None
        self.state.last_draw.choose(event.seat, event.take, span=event.span)

    def on_claim(self, claim: Claim) -> None:
        if claim.category == "game":
            self.new(self.ids.game, Kind.MALFORMED, claim.span,
                     f"the game claim comes after the game's last battle ({self.ids.game})")
            return
        self.claims.append(claim)

    def on_look(self, event: Look) -> None:
        assert self.state is not None
        if self.lawless(event, "a player looked at his won tricks", "look"):
            return
        self.state.laws.look(event.seat, span=event.span)

    def on_law(self, event: Any) -> None:
        """A statement of Scarne's laws that no laws policy honours yet (``_LAW_STATEMENTS``):
        reported and ignored, as any statement the ruleset's laws lack."""
        statement, what = _LAW_STATEMENTS[type(event)]
        self.lawless(event, what, statement)

    def on_correct(self, event: Correction) -> None:
        """``correct W 5`` (SC-BADMELD1): under a correction law West's meld after trick 5 is
        corrected or withdrawn (``corrections.py``); otherwise reported and ignored."""
        assert self.state is not None
        statement, what = _LAW_STATEMENTS[Correction]
        if self.lawless(event, what, statement):
            return
        self.state.laws.melds.correct(event.seat, event.trick, span=event.span)

    def finish(self) -> BattleResult:
        state = self.state
        if state is None:                   # a battle with no events at all
            self.start_without_deal(None)
            state = self.state
            assert state is not None
        if self.misdeals.held:              # a wrong count nobody misdealt (SC-MISDEAL9)
            self.misdeals.release_held()
        knock = self.knock
        if self.call_out.called:
            state.close()
            if self.public is not None:     # the call ended the game: no end of hand due
                self.public.close(state, True, self.last_span, self.claims)
            return self.result(state)
        if state.in_turn:
            state.finish_turn(span=self.last_span)
        objection = self.redeal_pending
        if self.public is not None:
            pass            # the record omits the deals: the redeal is omitted with them
        elif isinstance(objection, Misdeal):
            self.misdeals.misdeal_not_followed(objection, continues=False)
        elif objection is not None:
            rule = self.objection_rule()
            self.new(rule, Kind.IRREGULARITY, objection.span,
                     f"{objection.seat.word}'s timely objection to the {objection.target} is "
                     f"followed by no new deal ({rule})", Severity.WARNING)
        state.close()
        if knock.proving is not None:
            knock.unproved_knock(state)
        unfinished = ((self.g.unfinished and self.index == len(self.g.game.battles))
                      or knock.knocked is not None)
        if state.deal_known and not state.is_over and not unfinished and not state.voided:
            self.new(self.ids.end, Kind.MALFORMED, self.last_span,
                     f"the record of battle {self.index} stops with cards in hand (East "
                     f"{state.hand_size(EAST)}, West {state.hand_size(WEST)}): the tricks go on "
                     f"until the hands are exhausted ({self.ids.end})",
                     trick=state.tricks_played)
        if self.public is not None:
            self.public.close(state, unfinished, self.last_span, self.claims)
        return self.result(state)

    def result(self, state: BattleState) -> BattleResult:
        """The battle's points as replayed, its claims checked against them."""
        seats = self.ruleset.seats
        tricks = {seat: state.trick_points(seat) for seat in seats}
        melds = {seat: state.meld_points(seat) for seat in seats}
        if self.claims:      # a two-handed claim is East's and West's (docs/notation.md)
            east_tricks, west_tricks = tricks[EAST], tricks[WEST]
            east_melds, west_melds = melds[EAST], melds[WEST]
            east_score, west_score = east_tricks + east_melds, west_tricks + west_melds
            before = self.g.totals
            totals = {"tricks": (east_tricks, west_tricks), "melds": (east_melds, west_melds),
                      "score": (east_score, west_score),
                      "total": (before[EAST] + east_score, before[WEST] + west_score)}
            report = self.report
            for claim in self.claims:
                field, what = _CLAIMS[claim.category]
                east, west = totals[claim.category]
                check_claim(claim, east, west, getattr(self.ids, field), what, report,
                             self.index)
        result = BattleResult(
            self.index, self.battle.number, self.battle.dealer, state.deal_known,
            tricks, melds, state.tricks_played,
            (self.ids.call if self.call_out.called else
             state.end.rule if state.end is not None else None), self.battle.span,
            state.counts_for_nobody)
        self.visitor.end_battle(self.battle, state, result)
        return result


_HANDLERS: dict[type, Callable[[_BattleWalk, Any], None]] = {
    Deal: _BattleWalk.on_deal, Trick: _BattleWalk.on_trick, Meld: _BattleWalk.on_meld,
    Objection: _BattleWalk.on_objection, Discovery: _BattleWalk.on_discovery,
    Exposure: _BattleWalk.on_exposure, Claim: _BattleWalk.on_claim,
    CallOut: lambda walk, event: walk.call_out.on_call(event),       # the parts of the walker
    Knock: lambda walk, event: walk.knock.on_knock(event),
    Look: _BattleWalk.on_look,
    Correction: _BattleWalk.on_correct,
    Misdeal: lambda walk, event: walk.misdeals.on_misdeal(event),
    DeadHand: lambda walk, event: walk.misdeals.on_deadhand(event),
    ReturnCard: _BattleWalk.on_law, GiveCard: _BattleWalk.on_law,
    Choice: _BattleWalk.on_choice,
    Hands: _BattleWalk.on_table_statement, Bid: _BattleWalk.on_table_statement,
    Announce: _BattleWalk.on_table_statement, Pass: _BattleWalk.on_table_statement,
    TrumpNaming: _BattleWalk.on_table_statement, Declaration: _BattleWalk.on_table_statement,
    TableTrick: _BattleWalk.on_table_statement, SideClaim: _BattleWalk.on_table_statement,
    Bury: _BattleWalk.on_table_statement, Concession: _BattleWalk.on_table_statement,
    Send: _BattleWalk.on_table_statement,
}

#: The fields naming seats, of each two-handed statement that has any (``off_table``).
_SEAT_FIELDS: dict[type, tuple[str, ...]] = {
    **{kind: ("seat",) for kind in (Meld, MissedDraw, ExtraDraw, Discovery,
                                    Exposure, CallOut, Knock, Look, Correction, ReturnCard,
                                    Choice)},
    Draw: ("seats",), GiveCard: ("seat", "to"),
    Objection: ("seat", "offender"), Claim: ("seats",),  # `object renege N E`, `tricks N …`
}

#: The partnership game's statements, as a finding in a two-handed battle names them.
_TABLE_STATEMENTS: dict[type, str] = {
    Hands: "a deal of four hands (N:, E:, S:, W: lines)", Bid: "a bid", Announce:
    "an announcement", Pass: "a pass", TrumpNaming: "the naming of trump (trump)",
    Declaration: "a meld declaration before play", TableTrick: "a four-card trick",
    SideClaim: "a claim by side (NS, EW)",
}

#: The law statements of Scarne's laws (SC-BADMELD1, SC-MISDEAL0-9, SC-SLIP2/5): the name a
#: ``LawsPolicy`` honours them by, and what they say.
_LAW_STATEMENTS: dict[type, tuple[str, str]] = {
    Correction: ("correct", "a meld corrected or withdrawn"),
    Misdeal: ("misdeal", "a misdeal called"),
    DeadHand: ("deadhand", "a dead hand (an imperfect pack)"),
    ReturnCard: ("return", "a card put back on the stock"),
    GiveCard: ("give", "a card given to the opponent"),
}


def _why_winner(state: BattleState, lead: Card, follow: Card) -> str:
    """Why the rules' winner won, by the test of the trick table that decides (tricks.py)."""
    rules = state.ruleset.trick_rules
    test = deciding_test(rules, state.trump, lead, follow)
    if test == "identical":
        return f"identical cards: {rules.identical_won_by}'s card wins"
    if test == "otherwise":
        return ("unequal rank and suit: leader's card wins" if rules.suit_order else
                "different suits, neither a trump: leader's card wins")
    return {"higher_rank": "equal suit: the higher rank wins",
            "higher_suit": "equal rank: the higher suit wins",
            "trump": "a trump beats a card of another suit"}[test]


def _wrong_winner(trick: Trick, leader: Seat, winner: Seat, rule: str,
                  state: BattleState) -> str:
    penalties = state.ruleset.laws.penalties
    other = state.ruleset.seating.opponent(winner)
    if penalties is not None and rule == penalties.too_many:
        why = f"{other.word} was found with too many cards and loses all further tricks"
    else:
        why = _why_winner(state, trick.lead, trick.follow)
    role = "leader" if winner is leader else "follower"
    return (f"trick {trick.number} ({trick.lead} {trick.follow}) is won by {winner.word}, the "
            f"{role}, not {other.word}: {why} ({rule})")


class _Count(Visitor):
    """Counts the findings above a notice (``_BattleWalk.probe``)."""

    needs_log = False

    def __init__(self) -> None:
        self.count = 0

    def finding(self, finding: Finding) -> None:
        self.count += finding.severity is not Severity.INFO


# --- position_at ---------------------------------------------------------------------------


class _PositionVisitor(Visitor):
    def __init__(self, battle: int, trick: int, seat: Seat) -> None:
        self.battle_index, self.trick_number, self.seat = battle, trick, seat
        self.index = 0
        self.position: SeatPosition | None = None
        self.seen_battle = False
        self.tricks_seen = 0
        self.deal_known = True

    def begin_battle(self, battle: Battle, index: int, state: BattleState) -> None:
        self.index = index
        if index == self.battle_index:
            self.seen_battle = True
            self.deal_known = state.deal_known
        elif index > self.battle_index:
            raise StopReplay

    def trick(self, trick: Trick, state: BattleState) -> None:
        if self.index != self.battle_index:
            return
        self.tricks_seen = state.tricks_played
        if state.tricks_played == self.trick_number:
            if not state.deal_known:
                self.deal_known = False
                raise StopReplay
            self.position = replace(state.position(self.seat),
                                    gone=state.gone_unnamed(self.seat))
            raise StopReplay


def position_at(game: Game, battle: int, trick: int, seat: Seat) -> SeatPosition:
    """``seat``'s position in battle ``battle`` (1-based) right after trick ``trick`` (1-based)
    is gathered, before that turn's meld: his concealed and exposed hands, the melds he has
    scored, and whether he may meld (the trick's winner, R8D, unless R11D) with the rule and
    reason. Raises ``PositionError`` when the record has no such trick or omits the deal."""
    if battle < 1 or battle > len(game.battles):
        raise PositionError(f"the game has {plural(len(game.battles), 'battle')}; there is no "
                            f"battle {battle}")
    if trick < 1:
        raise PositionError(f"tricks are numbered from 1; there is no trick {trick}")
    visitor = _PositionVisitor(battle, trick, seat)
    walk(game, visitor)
    if visitor.position is not None:
        return visitor.position
    if not visitor.deal_known:
        raise PositionError(f"the record of battle {battle} omits the deal: the position of "
                            "the cards is unknown")
    if not visitor.seen_battle:
        raise PositionError(f"battle {battle} could not be replayed (see pinochle validate)")
    raise PositionError(f"battle {battle} has {plural(visitor.tricks_seen, 'trick')}; there is no "
                        f"trick {trick}")

