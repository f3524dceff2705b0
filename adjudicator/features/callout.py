"""The call-out (Scarne's SC-CALL, sc:L60; docs/rulings.md, "Scarne's two-handed Pinochle"): a
player who believes his game total has reached the target may call at any time before all the
cards are played; the game ends at once: right, he wins; wrong, he loses, whatever the other's
score. Only where the players agreed to it (``GameEnd.call_out``).

The caller's total is what he can count at that moment (ruling S20): the previous hands' scores,
his melds of this hand so far and the card points in his tricks now (the last trick's bonus is not
yet won: not all cards are played)."""

from __future__ import annotations

from typing import NamedTuple

from pinochle.notation.events import NOWHERE, CallOut

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.model.ruleset import Ruleset

__all__ = ["CallVerdict", "judge_call"]


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
        return CallVerdict(False, False, (Finding(
            rule=rule, kind=Kind.MALFORMED, span=call.span,
            message=(f"{who} calls out, but this game has no call-out: it is played only when "
                     f"agreed (GameEnd \"call-out\") ({rule}); the call is ignored")),))
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
