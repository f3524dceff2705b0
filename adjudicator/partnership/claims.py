"""A table battle's claims (``tricks``, ``melds``, ``score``, ``total``) against its results,
keyed by the seating's scorers (spec §7): by side at a table of partnerships (``tricks NS 310
EW 190``, a ``SideClaim``), by seat at a table where each plays for himself (``tricks N 80 E 110
W 60``, a ``Claim``, docs/notation.md §12). Card points with the last trick's 20 (DP-COUNT1 or
DP-COUNT2, the schedule's id), the melds that count (DP-MELD6), the score (DP-SCORE1 the
bidder made, DP-SCORE2 set, DP-SCORE3 the others) and the running total (DP-GAME); after the
game's last battle the ``game`` claim (DP-GAME). Each wrong number is a miscount at its place,
with the claimed and the right value and, when the right value is not a plain sum, why (a
throw-in, melds without a scoring trick, a set). A claim of the other kind (by side where each
keeps his own score, by seat where sides do) is one finding, and ignored (``misfit``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from pinochle.notation.cards import Seat, Side
from pinochle.notation.events import Claim, SideClaim, Span

from pinochle.adjudicator.partnership.contract import SideResult
from pinochle.adjudicator.model.findings import Finding, Kind
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import Scorer, Seating

__all__ = ["Contract", "ScorerClaim", "claim_findings", "claim_kind", "game_claim_findings",
           "misfit", "no_sides"]

#: A claim of a battle's or a game's totals: by side, or by seat.
ScorerClaim = SideClaim | Claim

#: How a finding speaks of a scorer of each kind: who he is, whose, and the bidder among them.
_WHO: dict[type, tuple[str, str, str, str]] = {
    Side: ("the side", "its", "the bidding side", "it"),
    Seat: ("the player", "his", "the bidder", "he"),
}


def claim_kind(seating: Seating) -> type[ScorerClaim]:
    """The claim a table of ``seating`` writes: by side where sides keep the score, else by
    seat."""
    return SideClaim if seating.by_side else Claim


def misfit(ruleset: Ruleset, claim: ScorerClaim) -> str | None:
    """Why ``claim`` is ignored at this table (a finding's message), or ``None``: it is of the
    table's kind (``claim_kind``) and names only the table's seats."""
    if isinstance(claim, SideClaim):
        return None if ruleset.seating.by_side else no_sides(ruleset)
    if ruleset.seating.by_side:
        return (f"a claim by seat ({', '.join(str(seat) for seat in claim.seats)}) in a game of "
                f"{ruleset.name}, where each side keeps its score: it is ignored")
    stray = [seat for seat in claim.seats if seat not in ruleset.seating.place]
    if stray:
        return (f"a claim for {stray[0].word}, who has no seat in a game of {ruleset.name}: "
                "it is ignored")
    return None


class Contract(NamedTuple):
    """What a battle's claims are checked against besides its results: the bidding scorer and
    its bid (``None``: thrown in or not judged), whether the hands were thrown in, and the
    game totals before the battle."""

    bidders: Scorer | None
    bid: int | None
    thrown_in: bool
    before: Mapping[Scorer, int]


def span_of(claim: ScorerClaim, scorer: Scorer) -> Span:
    """Where ``scorer``'s number is written in ``claim`` (the claim's own place if unknown)."""
    span = (claim.span_of(scorer) if type(claim) is Claim else  # type: ignore[arg-type]
            claim.ns_span if scorer is Side.NS else claim.ew_span)  # type: ignore[union-attr]
    return span if span.line else claim.span


def claim_findings(claims: Sequence[ScorerClaim], results: Mapping[Scorer, SideResult],
                   contract: Contract, ids: RuleIds) -> list[Finding]:
    """Each wrong number of ``claims`` (the battle's, of the table's kind) against ``results``
    (each scorer's, in the seating's order)."""
    found = []
    for claim in claims:
        for scorer, r in results.items():
            claimed = claim.of(scorer)  # type: ignore[arg-type]  # the claim fits the table
            if claimed is None:
                continue
            actual, rule, what = _claimed(claim.category, scorer, r, contract, ids)
            if claimed != actual:
                found.append(Finding(
                    rule=rule, kind=Kind.MISCOUNT, span=span_of(claim, scorer),
                    message=f"{what} for {scorer}: {actual}, not the claimed {claimed} ({rule})"
                    + _why(claim.category, scorer, r, contract),
                    claimed=claimed, expected=actual))
    return found


def game_claim_findings(claim: ScorerClaim, totals: Mapping[Scorer, int],
                        rule: str) -> list[Finding]:
    """Each wrong number of a ``game`` claim (of the table's kind) against the game totals."""
    found = []
    for scorer, total in totals.items():
        claimed = claim.of(scorer)  # type: ignore[arg-type]  # the claim fits the table
        if claimed is not None and claimed != total:
            found.append(Finding(
                rule=rule, kind=Kind.MISCOUNT, span=span_of(claim, scorer),
                message=f"game total for {scorer}: {total}, not the claimed {claimed} ({rule})",
                claimed=claimed, expected=total))
    return found


def _claimed(category: str, scorer: Scorer, r: SideResult, contract: Contract,
             ids: RuleIds) -> tuple[int, str, str]:
    """The value a claim should have for ``scorer``, the rule it is checked under, and its
    name."""
    if category == "tricks":
        return r.cards, ids.trick_points, "card points"
    if category == "melds":
        return r.melds, "DP-MELD6", "counted melds"
    if category == "score":
        if scorer is not contract.bidders:
            return r.score, "DP-SCORE3", "battle score"
        made = r.made >= (contract.bid or 0)
        return r.score, "DP-SCORE1" if made else "DP-SCORE2", "battle score"
    return contract.before[scorer] + r.score, ids.game, "game total"


def _why(category: str, scorer: Scorer, r: SideResult, contract: Contract) -> str:
    """What explains the right value, when it is not the plain sum."""
    who, whose, bidder, pronoun = _WHO[type(scorer)]
    if contract.thrown_in:
        return "; the hands were thrown in (DP-BID9): the battle scores nothing"
    if category == "melds" and not r.counted:
        return f"; {who} won no scoring trick, so {whose} melds do not count (DP-MELD6)"
    if category == "score" and scorer is contract.bidders and r.made < (contract.bid or 0):
        return (f"; {bidder} made {r.made}, less than {whose} bid of {contract.bid}: {pronoun} "
                "is set (DP-SCORE2)")
    return ""


def no_sides(ruleset: Ruleset) -> str:
    """Why a side claim is ignored at a table whose seats keep their own scores (their claims
    are by seat: ``tricks N 80 E 110 W 60``)."""
    seats = ", ".join(seat.word for seat in ruleset.seats)
    return (f"a claim by side (NS, EW) in a game of {ruleset.name}, where each of {seats} keeps "
            "his own score: it is ignored")
