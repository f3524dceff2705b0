"""The walker's side of a battle a player's claim ends early (a part of ``replay._BattleWalk``,
its ``early_end``, given the walker):
25-steps' knock (TP25: play halts and the knocker's count decides the game; with
``KnockProof "next-trick"``, TPV6, his next trick won proves it) and Scarne's call-out
(SC-CALL: the game ends at once, ``callout.judge_call``). The game's side (who wins, the
target's rise) is ``twohanded.gamerules.Knocking`` and ``GameRules``."""

from __future__ import annotations

from weakref import proxy

from typing import TYPE_CHECKING, Any, Protocol

from pinochle.notation.cards import Seat
from pinochle.notation.events import CallOut, Comment, Knock, Span, Trick

from pinochle.adjudicator.features.callout import judge_call
from pinochle.adjudicator.model.findings import Finding, Kind, Severity

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.state import BattleState
    from pinochle.adjudicator.model.ruleset import Ruleset
    from pinochle.adjudicator.model.ruleids import RuleIds

__all__ = ["EarlyEndWalk"]

EAST, WEST = Seat.EAST, Seat.WEST


class Walker(Protocol):
    """What knocks and call-outs use of the battle's walker (``replay._BattleWalk``)."""

    g: Any                                  # replay._GameWalk
    ruleset: Ruleset
    ids: RuleIds
    index: int
    state: BattleState | None
    last_span: Span

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, trick: int | None = None) -> None: ...

    def report(self, finding: Finding) -> None: ...


class EarlyEndWalk:
    """Knocks and call-outs, for ``replay._BattleWalk``'s battle."""

    __slots__ = ("walk", "g", "ruleset", "ids", "index", "knocked", "proving", "halted",
                 "called")

    def __init__(self, walk: Walker) -> None:
        self.walk: Walker = proxy(walk)     # (no cycle: laws/hooks.py)
        self.g = walk.g
        self.ruleset = walk.ruleset
        self.ids = walk.ids
        self.index = walk.index
        self.knocked: Knock | None = None   # play halts at a knock (25-steps TP25)
        self.proving: tuple[Knock, int] | None = None   # a knock and its count, awaiting its
        #                                                 proof (TPV6, KnockProof "next-trick")
        self.halted = ""                    # where play halted, for the findings after it
        self.called = False             # a call-out ended the game in this battle (SC-CALL)

    def count(self, seat: Seat) -> int:
        """The knocker's count (TP25, T11): previous battles, this battle's melds and the cards
        in his tricks."""
        state = self.walk.state
        assert state is not None
        before: int = self.g.totals[seat]
        return before + state.trick_points(seat) + state.meld_points(seat)

    def on_knock(self, knock: Knock) -> None:
        """A player knocks (TP25): the knocker's turn, if open, ends (its draws are made); play
        halts and the game walker decides the game by his count. With KnockProof "next-trick"
        (TPV6) play goes on until the knocker next wins a trick (``prove_knock``)."""
        state = self.walk.state
        assert state is not None
        if state.in_turn:
            state.finish_turn(span=knock.span)
        seat = knock.seat
        g = self.g
        if self.ruleset.game_end.proof == "next-trick" and g.knocking and g.knock is None:
            if self.proving is not None:
                first = self.proving[0]
                rule = self.ids.knock
                self.walk.new(rule, Kind.MALFORMED, knock.span,
                         f"{seat.word}'s knock is ignored: the first knock is decided first "
                         f"({rule}), and {first.seat.word}'s knock on line {first.span.line} "
                         f"awaits its proof ({self.ids.knock_proof})")
            elif g.knock_stands(knock, self.count(seat), self.index):
                self.proving = (knock, self.count(seat))
            return
        if g.knock_at(knock, self.count(seat), self.index):
            self.knocked = knock
            self.halted = f"{seat.word}'s knock on line {knock.span.line}"

    def prove_knock(self, trick: Trick, state: BattleState) -> None:
        """The knocker has won ``trick`` since his knock (TPV6): his count with its cards (and
        the last trick's 10 if it is the last) decides the game; play halts there, before the
        turn's meld."""
        assert self.proving is not None
        knock, self.proving = self.proving[0], None
        state.finish_turn(span=trick.span)
        self.g.decide_knock(knock, self.count(knock.seat), self.index, trick.span, trick.number)
        self.knocked = knock
        self.halted = (f"trick {trick.number}, which proved {knock.seat.word}'s knock on line "
                       f"{knock.span.line}")

    def unproved_knock(self, state: BattleState) -> None:
        """The battle's record ends with a knock awaiting its proof: if the battle is over, the
        knocker won no trick after it and loses (TPV6); if the record stops early in an
        unfinished game, the knock is undecided."""
        assert self.proving is not None
        knock, count = self.proving
        self.proving = None
        g = self.g
        if state.is_over or not (g.unfinished and self.index == len(g.game.battles)):
            g.knock_unproved(knock, count, self.index, self.walk.last_span)
            return
        proved = self.ids.knock_proof
        self.walk.new(proved, Kind.NOTICE, knock.span,
                 f"the record stops before {knock.seat.word} has won a trick after his knock: "
                 f"the knock awaits its proof ({proved}, KnockProof \"next-trick\")",
                 Severity.INFO)

    def after_knock(self, event: Any) -> None:
        """A statement after a knock: play halted at the knock (TP25); it is ignored."""
        if type(event) is Comment or self.knocked is None:
            return
        rule = self.ids.knock or self.ids.game
        self.walk.new(rule, Kind.MALFORMED, event.span,
                 f"play halts at {self.halted}: nothing but the battle's claims may follow it "
                 f"({rule}); this statement is ignored")

    def on_call(self, call: CallOut) -> None:
        state = self.walk.state
        assert state is not None
        seat, before = call.seat, self.g.totals[call.seat]
        verdict = judge_call(self.ruleset, call, before, state.meld_points(seat),
                             state.trick_points(seat),
                             state.hand_size(EAST) + state.hand_size(WEST) > 0)
        for finding in verdict.findings:
            self.walk.report(finding)
        if verdict.ends:
            self.called = True
            self.g.called = self.index

    def after_the_call(self, event: Any) -> None:
        rule = self.ids.call or self.ids.game
        self.walk.new(rule, Kind.MALFORMED, event.span,
                 f"this statement comes after the call-out that ended the game ({rule}); it "
                 "is ignored")
