"""A partnership battle's side claims (``tricks``, ``melds``, ``score``, ``total`` by NS and EW)
against its results (spec §7): card points with the last trick's 20 (DP-COUNT1 or DP-COUNT2, the
schedule's id), the melds that count (DP-MELD6), the score (DP-SCORE1 the bidding side made,
DP-SCORE2 set, DP-SCORE3 the other side) and the running total (DP-GAME). Each wrong number is a
miscount at its place, with the claimed and the right value and, when the right value is not a
plain sum, why (a throw-in, melds without a scoring trick, a set).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from pinochle.notation.cards import Side
from pinochle.notation.events import SideClaim

from pinochle.adjudicator.partnership.contract import SideResult
from pinochle.adjudicator.model.findings import Finding, Kind
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import Scorer

__all__ = ["Contract", "claim_findings", "no_sides"]


class Contract(NamedTuple):
    """What a battle's claims are checked against besides its results: the bidding side and
    its bid (``None``: thrown in or not judged), whether the hands were thrown in, and the
    game totals before the battle."""

    bidders: Scorer | None
    bid: int | None
    thrown_in: bool
    before: Mapping[Scorer, int]


def claim_findings(claims: Sequence[SideClaim], results: Mapping[Scorer, SideResult],
                   contract: Contract, ids: RuleIds) -> list[Finding]:
    found = []
    for claim in claims:
        for side in (Side.NS, Side.EW):
            claimed = claim.of(side)
            if claimed is None:
                continue
            r = results[side]
            actual, rule, what = _claimed(claim.category, side, r, contract, ids)
            if claimed != actual:
                span = claim.ns_span if side is Side.NS else claim.ew_span
                found.append(Finding(
                    rule=rule, kind=Kind.MISCOUNT, span=span if span.line else claim.span,
                    message=f"{what} for {side}: {actual}, not the claimed {claimed} ({rule})"
                    + _why(claim.category, side, r, contract),
                    claimed=claimed, expected=actual))
    return found


def _claimed(category: str, side: Side, r: SideResult, contract: Contract,
             ids: RuleIds) -> tuple[int, str, str]:
    """The value a side claim should have, the rule it is checked under, and its name."""
    if category == "tricks":
        return r.cards, ids.trick_points, "card points"
    if category == "melds":
        return r.melds, "DP-MELD6", "counted melds"
    if category == "score":
        if side is not contract.bidders:
            return r.score, "DP-SCORE3", "battle score"
        made = r.made >= (contract.bid or 0)
        return r.score, "DP-SCORE1" if made else "DP-SCORE2", "battle score"
    return contract.before[side] + r.score, ids.game, "game total"


def _why(category: str, side: Side, r: SideResult, contract: Contract) -> str:
    """What explains the right value, when it is not the plain sum."""
    if contract.thrown_in:
        return "; the hands were thrown in (DP-BID9): the battle scores nothing"
    if category == "melds" and not r.counted:
        return "; the side won no scoring trick, so its melds do not count (DP-MELD6)"
    if category == "score" and side is contract.bidders and r.made < (contract.bid or 0):
        return (f"; the bidding side made {r.made}, less than its bid of {contract.bid}: it is "
                "set (DP-SCORE2)")
    return ""


def no_sides(ruleset: Ruleset) -> str:
    """Why a side claim is ignored at a table whose seats keep their own scores (the notation
    has no claim by seat yet)."""
    seats = ", ".join(seat.word for seat in ruleset.seats)
    return (f"a claim by side (NS, EW) in a game of {ruleset.name}, where each of {seats} keeps "
            "his own score: it is ignored")
