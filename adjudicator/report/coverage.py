"""What a game's record lets the referee check, and what it does not.

Each rule the engine applies needs some parts of the record: the deal (hand lines), the tricks
(trick lines), the claimed totals (``tricks``/``melds``/``score`` lines), the auction (bids and
passes). ``NEEDS`` is that table, by engine check (the fields of ``RuleIds``); ``rule_needs``
turns it into a ruleset's own ids. A rule is *checked* in a battle when one of its alternatives
is all there; the report lists a rule as checked when it is checked in every battle, and
otherwise as not checked with the reason: the parts missing and the battles that miss them
("no deal, no tricks in battles 1-3").

A *score sheet* battle (no trick line and no deal: ``sheets.py``) has the part ``sheet``: the
sheet's own checks (meld values, no combination twice, copies of a card, one meld a turn bounded
by the turns, trick points summing to the pack, score = tricks + melds) stand in for some rules'
usual parts. Several checks under one rule id: the rule is checked when any of them can be
made (docs/rulings.md, "What a report says it checked").

The lists are computed once per ruleset and set of parts (``lru_cache``), so a game costs one
pass over its events (``battle_parts``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from pinochle.notation.events import (
    Announce, Battle, Bid, Claim, Deal, Game, Hands, Pass, SideClaim, TableTrick, Trick,
)

from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.partnership.results import is_partnership

__all__ = ["NEEDS", "NotChecked", "battle_parts", "coverage", "is_sheet", "rule_needs"]

DEAL: Final = "deal"
TRICKS: Final = "tricks"
CLAIMS: Final = "claims"
AUCTION: Final = "auction"
SHEET: Final = "sheet"

#: How a missing part is said in a reason.
_NO = {DEAL: "no deal", TRICKS: "no tricks", CLAIMS: "no claimed totals",
       AUCTION: "no auction", SHEET: "not a score sheet"}

Needs = tuple[frozenset[str], ...]     # alternatives: the rule is checked when one is all there


def _n(*alternatives: Iterable[str]) -> Needs:
    return tuple(frozenset(a) for a in alternatives)


ALWAYS: Final = _n(())
_D, _T, _DT = _n((DEAL,)), _n((TRICKS,)), _n((DEAL, TRICKS))
#: Checked with the deal, or without it from the public cards of the tricks (publiccards.py,
#: docs/rulings.md "Records without the deal"): the pack's copies played or exposed (R2A4 and
#: the play rules), a meld's cards already played or exposed (R9G, R9B1, R9C), the hands run
#: out by the draws (R8F), phase-B obligations shown by the cards played later (OT8B1, OT8B2).
_PUBLIC, _DT_PUBLIC = _n((DEAL,), (TRICKS,)), _n((DEAL, TRICKS), (TRICKS,))

#: Engine check (a ``RuleIds`` field) -> the parts of a battle's record it needs.
NEEDS: Final[dict[str, Needs]] = {
    "pack": _PUBLIC, "hand": _D, "stock": _D, "deal": _D, "upcard": _D, "exposure": _D,
    "concealed": _PUBLIC, "dix": _D, "once": _D,
    "score": _n((CLAIMS,)),
    "game": ALWAYS, "dealer": ALWAYS, "table": ALWAYS, "call": ALWAYS, "knock": ALWAYS,
    "battle": _T, "trick": _T, "melder": _T, "after_draw": _T, "no_stock": _T,
    "knock_proof": _T, "last_trick": _T,
    "lead": _DT_PUBLIC, "follow": _DT_PUBLIC, "draws": _DT, "end": _DT_PUBLIC, "won": _DT,
    "played": _DT_PUBLIC, "follow_suit": _DT_PUBLIC, "head": _DT_PUBLIC, "trump_void": _DT,
    "phase_b": _DT, "replaced": _DT,
    "last_draw": _DT, "choice": _DT,
    # the score sheet's checks (sheets.py) stand in for the tricks and the hands
    "trick_points": _n((TRICKS,), (CLAIMS,)),
    "one_meld": _n((TRICKS,), (SHEET,)),
    "cards": _n((DEAL,), (SHEET,), (TRICKS,)),
    "reuse": ALWAYS,                 # per combination (R9F): the kinds say it
    # single-deck's passing, concession, forced bid and overtrump (the table game's checks)
    "passing": _D, "pass_back": _D, "pass_order": _n((AUCTION,)), "concede": _n((AUCTION,)),
    "forced_bid": _n((AUCTION,)), "overtrump": _DT, "renege_claim": _DT,
}

#: A reuse rule per card copy (OT9G, TP19) needs the cards, so the deal.
_REUSE_BY_COPY: Final = _D

#: The partnership game's rules outside ``RuleIds`` (double-pack's auction and contract).
_TABLE_EXTRA: Final[dict[str, Needs]] = {
    **{f"DP-BID{n}": _n((AUCTION,)) for n in range(1, 10)},
    # a sheet's card points say which side won a scoring trick, and whether the contract was
    # made (partnership.sheet.TableSheet)
    "DP-MELD6": _n((TRICKS,), (SHEET, CLAIMS)), "DP-MELD7": _n((TRICKS,), (SHEET, CLAIMS)),
    "DP-PLAY3": _DT, "DP-PLAY4": _DT, "DP-PLAY5": _T,
    "DP-SCORE2": _n((TRICKS,), (SHEET, CLAIMS)), "DP-SCORE3": ALWAYS,
}


def _merge(a: Needs, b: Needs) -> Needs:
    """Two checks under one rule id: either one's alternatives will do."""
    return a + tuple(x for x in b if x not in a)


@lru_cache(maxsize=32)
def _needs_of(ids: RuleIds, by_copy: bool, table_game: bool,
              cites: tuple[tuple[str, str], ...] = ()) -> tuple[tuple[str, Needs], ...]:
    """Each rule id of ``ids`` and the parts it needs; ``cites`` (``Ruleset.cites``' items):
    the table game's rules outside ``RuleIds`` by the ruleset's own ids."""
    return _needs_table(ids, by_copy, table_game, dict(cites))


def _needs_table(ids: RuleIds, by_copy: bool, table_game: bool,
                 cites: dict[str, str]) -> tuple[tuple[str, Needs], ...]:
    needs: dict[str, Needs] = {}
    for name, rule in ids._asdict().items():
        if not rule or name.startswith("ex_"):
            continue
        need = _REUSE_BY_COPY if (name == "reuse" and by_copy) else NEEDS[name]
        if table_game and name in ("melder", "one_meld", "cards"):
            need = _n((AUCTION,))    # the declarations before play (DP-MELD1)
        elif table_game and name == "reuse":
            need = _D                # a declared meld's cards are judged against the hand
        elif table_game and name not in ("lead", "pack") and need in (_PUBLIC, _DT_PUBLIC):
            # without the hands the partnership walker counts the copies played (the card
            # not held: lead's id) and nothing else of the public cards' inferences
            need = _D if need == _PUBLIC else _DT
        needs[rule] = _merge(needs[rule], need) if rule in needs else need
    if table_game:
        for rule, need in _TABLE_EXTRA.items():
            rule = cites.get(rule, rule)
            needs[rule] = _merge(needs[rule], need) if rule in needs else need
    return tuple(sorted(needs.items(), key=lambda item: _natural(item[0])))


def _natural(rule: str) -> tuple[object, ...]:
    """R2A4 < R3 < R4A < R8 < R8A < R8G < R9A < R11A; DP-BID2 < DP-BID10."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", rule))


#: ``_needs_of`` by the identity of a ruleset's ids (module constants): hashing a ``RuleIds``
#: costs more than the rest of a game's lists.
_BY_IDS: dict[tuple[int, bool, bool], tuple[RuleIds, tuple[tuple[str, Needs], ...]]] = {}


def _ruleset_needs(ruleset: Ruleset) -> tuple[tuple[str, Needs], ...]:
    ids, by_copy, table = ruleset.ids, ruleset.reuse != "combination", is_partnership(ruleset)
    key = (id(ids), by_copy, table)
    hit = _BY_IDS.get(key)
    if hit is not None and hit[0] is ids:
        return hit[1]
    needs = _needs_of(ids, by_copy, table, tuple(ruleset.cites.items()))
    if len(_BY_IDS) < 64:
        _BY_IDS[key] = (ids, needs)
    return needs


def rule_needs(ruleset: Ruleset) -> dict[str, Needs]:
    """The ruleset's rule ids, each with the parts of a battle's record it needs."""
    return dict(_ruleset_needs(ruleset))


def is_sheet(battle: Battle) -> bool:
    """A score sheet battle: no trick line and no deal (sheets.py judges it)."""
    return not any(type(e) in (Trick, TableTrick, Deal, Hands) for e in battle.events)


_PART_OF: Final[dict[type, str]] = {
    Deal: DEAL, Hands: DEAL, Trick: TRICKS, TableTrick: TRICKS, Claim: CLAIMS,
    SideClaim: CLAIMS, Bid: AUCTION, Pass: AUCTION, Announce: AUCTION,
}


def battle_parts(battle: Battle) -> frozenset[str]:
    """The parts of the record this battle has. Hands thrown in (passes, no bid: DP-BID9)
    have no tricks and no totals to record: the record lacks nothing (an announcement before
    any bid is information only, DP-BID4)."""
    kinds = set(map(type, battle.events))
    parts = {_PART_OF[k] for k in kinds.intersection(_PART_OF)}
    if Pass in kinds and Bid not in kinds and TRICKS not in parts:
        parts |= {TRICKS, CLAIMS}
    if DEAL not in parts and TRICKS not in parts:
        parts.add(SHEET)
    return frozenset(parts)


class NotChecked(NamedTuple):
    rule: str
    reason: str


@lru_cache(maxsize=256)
def _verdicts(needs: tuple[tuple[str, Needs], ...], parts: frozenset[str]
              ) -> tuple[tuple[str, tuple[str, ...] | None], ...]:
    """Each rule with ``None`` (checked) or the parts missing from its first alternative."""
    out: list[tuple[str, tuple[str, ...] | None]] = []
    for rule, alternatives in needs:
        if any(a <= parts for a in alternatives):
            out.append((rule, None))
        else:
            out.append((rule, tuple(p for p in (DEAL, TRICKS, CLAIMS, AUCTION, SHEET)
                                    if p in alternatives[0] - parts)))
    return tuple(out)


def _ranges(numbers: Sequence[int]) -> str:
    """``1-3, 5``."""
    out: list[str] = []
    start = prev = numbers[0]
    for n in (*numbers[1:], None):
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(out)


@lru_cache(maxsize=256)
def _uniform(needs: tuple[tuple[str, Needs], ...], parts: frozenset[str], n: int
             ) -> tuple[tuple[str, ...], tuple[NotChecked, ...]]:
    """The lists of a game whose ``n`` battles all have the same ``parts``."""
    verdicts = _verdicts(needs, parts)
    where = "battle 1" if n == 1 else f"battles 1-{n}"
    return (tuple(rule for rule, missing in verdicts if missing is None),
            tuple(NotChecked(rule, f"{', '.join(_NO[p] for p in missing)} in {where}")
                  for rule, missing in verdicts if missing is not None))


def coverage(game: Game, ruleset: Ruleset | None) -> tuple[list[str], list[NotChecked]]:
    """The game's ``checked`` rule ids and its ``not_checked`` ones, each with its reason. An
    unknown ruleset replays nothing: both lists are empty (its finding says why)."""
    if ruleset is None:
        return [], []
    needs = _ruleset_needs(ruleset)
    if not game.battles:
        parts_of = [frozenset({DEAL, TRICKS, CLAIMS, AUCTION})]
    else:
        parts_of = [battle_parts(b) for b in game.battles]
    distinct = set(parts_of)
    if len(distinct) == 1:
        same = _uniform(needs, parts_of[0], len(parts_of))
        return list(same[0]), list(same[1])
    groups: dict[frozenset[str], list[int]] = {}
    for number, parts in enumerate(parts_of, 1):
        groups.setdefault(parts, []).append(number)
    verdicts = [(_verdicts(needs, parts), numbers) for parts, numbers in groups.items()]
    checked: list[str] = []
    not_checked: list[NotChecked] = []
    for i, (rule, _) in enumerate(needs):
        lacking: dict[tuple[str, ...], list[int]] = {}
        for verdict, numbers in verdicts:
            missing = verdict[i][1]
            if missing is not None:
                lacking.setdefault(missing, []).extend(numbers)
        if not lacking:
            checked.append(rule)
            continue
        reason = "; ".join(
            f"{', '.join(_NO[p] for p in missing)} in "
            f"{'battle' if len(numbers) == 1 else 'battles'} {_ranges(sorted(numbers))}"
            for missing, numbers in lacking.items())
        not_checked.append(NotChecked(rule, reason))
    return checked, not_checked
