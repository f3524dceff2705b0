"""The call-out (Scarne's SC-CALL, sc:L60; docs/rulings.md, "Scarne's two-handed Pinochle"): a
player who believes his game total has reached the target may call at any time before all the
cards are played; the game ends at once: right, he wins; wrong, he loses, whatever the other's
score. Only where the players agreed to it (``GameEnd.call_out``).

The caller's total is what he can count at that moment (ruling S20): the previous hands' scores,
his melds of this hand so far and the card points in his tricks now (the last trick's bonus is not
yet won: not all cards are played).

A feature the ruleset chooses from its data (``GameEnd.call_out``), as ``lastdraw.last_draw_of``
chooses the last draws: each battle's walker (``replay._BattleWalk``) holds ``call_out_of``'s
part, ``CallingOut`` (the call judged, the game ended) or, in a ruleset without the call-out,
the null ``NoCallOut``, which reports a call and ignores it (``refused_call``). The game's side
is the battle the call ended the game in (``replay._GameWalk.called``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple
from weakref import proxy

from pinochle.notation.events import NOWHERE, CallOut

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.model.ruleset import Ruleset

if TYPE_CHECKING:
    from pinochle.adjudicator.features.walkparts import Walker

__all__ = ["CallVerdict", "CallingOut", "NoCallOut", "call_out_of", "judge_call",
           "refused_call"]


class CallVerdict(NamedTuple):
    """What a call does: ``ends`` the game or not (an ignored call); ``wins`` for the caller."""

    ends: bool
    wins: bool
    findings: tuple[Finding, ...]


def judge_call(ruleset: Ruleset, call: CallOut, before: int, melds: int, tricks: int,
               cards_left: bool) -> CallVerdict:
    """Judge ``call``: ``before`` is the caller's total of the previous hands, ``melds`` and
    ``tricks`` his points of this hand so far; ``cards_left`` whether any card is still to be
    played."""
    rule = ruleset.ids.call or ruleset.ids.game
    who = call.seat.word
    end = ruleset.game_end
    if not end.call_out:
        return CallVerdict(False, False, (refused_call(ruleset, call),))
    if not cards_left:
        return CallVerdict(False, False, (Finding(
            rule=rule, kind=Kind.MALFORMED, span=call.span,
            message=(f"{who} calls out after all the cards are played: a call-out comes before "
                     f"the hand's last card ({rule}); the call is ignored")),))
    total = before + melds + tricks
    findings: list[Finding] = []
    if call.total is not None and call.total != total:
        where = call.span if call.total_span == NOWHERE else call.total_span
        findings.append(Finding(
            rule=rule, kind=Kind.MISCOUNT, span=where,
            claimed=call.total, expected=total,
            message=(f"{who} calls out claiming {call.total}; his total is {total} ({before} "
                     f"from the previous hands, {melds} in melds and {tricks} in cards this "
                     f"hand) ({rule})")))
    wins = total >= end.target
    verdict = (f"he has reached {end.target}: {who} wins the game" if wins else
               f"he has not reached {end.target}: {who} loses the game, whatever the other's "
               f"score")
    findings.append(Finding(
        rule=rule, kind=Kind.NOTICE, severity=Severity.INFO, span=call.span,
        message=(f"{who} calls out with {total} ({before} from the previous hands, {melds} in "
                 f"melds and {tricks} in cards this hand): {verdict} ({rule})")))
    return CallVerdict(True, wins, tuple(findings))


def refused_call(ruleset: Ruleset, call: CallOut) -> Finding:
    """A call in a game without the call-out: it is ignored."""
    rule = ruleset.ids.call or ruleset.ids.game
    return Finding(rule=rule, kind=Kind.MALFORMED, span=call.span,
                   message=(f"{call.seat.word} calls out, but this game has no call-out: it is "
                            f"played only when agreed (GameEnd \"call-out\") ({rule}); the "
                            "call is ignored"))


class NoCallOut:
    """A battle of a ruleset without the call-out (the null part): a call is reported and
    ignored; the game never ends by one."""

    __slots__ = ("walk",)

    called = False                      # a call-out ended the game in this battle

    def __init__(self, walk: Walker) -> None:
        self.walk: Walker = proxy(walk)     # (no cycle: laws/hooks.py)

    def on_call(self, call: CallOut) -> None:
        self.walk.report(refused_call(self.walk.ruleset, call))

    def after_the_call(self, event: Any) -> None:
        """A statement after the call that ended the game (``CallingOut``; none here)."""


class CallingOut(NoCallOut):
    """The walker's side of the call-out (SC-CALL): the call judged (``judge_call``), the game
    ended by a call that stands, and every statement after it ignored."""

    __slots__ = ("called",)

    def __init__(self, walk: Walker) -> None:
        super().__init__(walk)
        self.called = False

    def on_call(self, call: CallOut) -> None:
        walk = self.walk
        state = walk.state
        assert state is not None
        seat, before = call.seat, walk.g.totals[call.seat]
        verdict = judge_call(walk.ruleset, call, before, state.meld_points(seat),
                             state.trick_points(seat),
                             sum(state.hand_size(s) for s in walk.ruleset.seats) > 0)
        for finding in verdict.findings:
            walk.report(finding)
        if verdict.ends:
            self.called = True
            walk.g.called = walk.index

    def after_the_call(self, event: Any) -> None:
        ids = self.walk.ids
        rule = ids.call or ids.game
        self.walk.new(rule, Kind.MALFORMED, event.span,
                      f"this statement comes after the call-out that ended the game ({rule}); "
                      "it is ignored")


def call_out_of(walk: Walker) -> NoCallOut:
    """The call-out's part of the battle ``walk`` replays, as its ruleset chooses it."""
    return (CallingOut if walk.ruleset.game_end.call_out else NoCallOut)(walk)
