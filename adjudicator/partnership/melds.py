"""Double-pack melds (spec §4): a player's best meld, the declaration that makes it, and the
judgement of a declaration against the hand.

The heading rule (DP-MELD5, L50): a card may be in one meld per heading (sequences, groups,
pinochle: ``MeldEntry.klass``) and in melds under different headings. So each heading is
counted on the whole hand, on its own:

- sequences: every flush the trumps make (150 each), then the trump K-Q pairs the flushes left
  (royal marriages, 40), and each other suit's K-Q pairs (marriages, 20). A flush uses one pair
  that would otherwise score 40, so taking every flush first is best (spec §4.3: A♥ T♥ K♥ K♥
  Q♥ Q♥ J♥ under hearts is a flush and a royal marriage, 190, never 230);
- groups: for each rank, one group of the multiplicity the hand holds in every suit (D11);
- pinochle: one meld of the multiplicity of Q♠ J♦ pairs.

A face held more often than the pack has it (four copies) counts four times: such a hand is the
deal's finding (DP-PACK, DP-DEAL2), not the meld's.

``judge_declaration`` (spec §4.4): a declared kind outside the table, or one whose cards are not
in the hand, is cited under its heading (DP-MELD2/3/4) and scores 0; one whose cards are held but
already counted by another meld of its heading breaks DP-MELD5 and scores 0 (the heading's melds
are taken highest value first, so the reading that credits the player most stands); wrong
points are a miscount and the table value counts; several groups of one rank (or several
pinochles) are one meld of their joint multiplicity (D11: ``A4`` and ``A4`` are double aces,
1,000); a declaration worth less than the hand holds is a notice (D12); a total-only
declaration is compared with the best meld: above it a miscount, below it a notice (spec §4.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from pinochle.notation.cards import Card, Rank, Seat, Suit, format_cards
from pinochle.notation.events import NOWHERE, Meld, Span
from pinochle.notation.melds import Family, MeldKind

from pinochle.adjudicator.rulesets.double_pack import (GROUP_POINTS, GROUPS, HEADING_RULES,
                                                       HEADINGS, PINOCHLE, PINOCHLES,
                                                       SEQUENCE_RANKS, SEQUENCES)
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rules.meldtables import BY_INDEX, FACES, meld_table, per_ruleset
from pinochle.adjudicator.model.ruleset import MeldEntry, Ruleset

__all__ = ["DeclarationVerdict", "best_declaration", "best_meld", "judge_declaration"]

_Q_SPADES, _J_DIAMONDS = (card.index for card in PINOCHLE)
_FAMILY_HEADING = {Family.SEQUENCE: SEQUENCES, Family.MARRIAGE: SEQUENCES,
                   Family.QUARTET: GROUPS, Family.PINOCHLE: PINOCHLES}


def _held(hand: Sequence[Card], copies: int) -> list[int]:
    held = [0] * FACES
    for card in hand:
        held[card.index] += 1
    return [n if n <= copies else copies for n in held]


# Per trump, the card indexes each heading reads (no Card lookups on the hot path).
_FLUSH = {t: tuple(Card(rank, t).index for rank in SEQUENCE_RANKS) for t in Suit}
_PAIRS = {t: tuple((suit, Card(Rank.KING, suit).index, Card(Rank.QUEEN, suit).index)
                   for suit in (t, *(s for s in Suit if s is not t))) for t in Suit}
_GROUPS = tuple((rank, tuple(Card(rank, suit).index for suit in Suit)) for rank in GROUP_POINTS)
_NINES = {t: Card(Rank.NINE, t).index for t in Suit}


class _Values(NamedTuple):
    """A ruleset's meld values under one trump, by multiplicity 0..copies (index 0: none),
    read once from its meld table (double-pack's four copies, single-deck's two and its dix)."""

    copies: int
    flush: tuple[int, ...]
    pairs: tuple[tuple[int, ...], ...]      # by ``_PAIRS[trump]``'s order: trump's first
    groups: tuple[tuple[int, ...], ...]     # by ``_GROUPS``' order
    pinochle: tuple[int, ...]
    dix: int                                # each nine of trump (0: no dix meld)


@per_ruleset
def _values(ruleset: Ruleset) -> dict[Suit, _Values]:
    copies = max(ruleset.pack.values())
    values = {}
    for trump in Suit:
        table = ruleset.melds_for(trump)
        dix = table.get(MeldKind(Family.DIX))
        values[trump] = _Values(
            copies, _row(table, copies, Family.SEQUENCE, trump),
            tuple(_row(table, copies, Family.MARRIAGE, suit) for suit, _, _ in _PAIRS[trump]),
            tuple(_row(table, copies, Family.QUARTET, rank) for rank, _ in _GROUPS),
            _row(table, copies, Family.PINOCHLE), 0 if dix is None else dix.points)
    return values


def _row(table: Mapping[MeldKind, MeldEntry], copies: int, family: Family,
         symbol: Suit | Rank | None = None) -> tuple[int, ...]:
    """A kind's points by multiplicity 0..copies (0 where the table has none)."""
    entries = [table.get(MeldKind(family, symbol, copies=n)) for n in range(1, copies + 1)]
    return (0, *(0 if entry is None else entry.points for entry in entries))


def _best(held: Sequence[int], trump: Suit, v: _Values) -> list[tuple[MeldKind, int]]:
    """The best declaration (spec §4.3) as (kind, points), in the table's order."""
    melds: list[tuple[MeldKind, int]] = []
    flushes = min([held[i] for i in _FLUSH[trump]])
    if flushes:
        melds.append((MeldKind(Family.SEQUENCE, trump, copies=flushes), v.flush[flushes]))
    for (suit, king, queen), values in zip(_PAIRS[trump], v.pairs):
        pairs = min(held[king], held[queen])
        if suit is trump:
            pairs -= flushes
        if pairs:
            melds.append((MeldKind(Family.MARRIAGE, suit, copies=pairs), values[pairs]))
    for (rank, indexes), values in zip(_GROUPS, v.groups):
        times = min([held[i] for i in indexes])
        if times:
            melds.append((MeldKind(Family.QUARTET, rank, copies=times), values[times]))
    pinochles = min(held[_Q_SPADES], held[_J_DIAMONDS])
    if pinochles:
        melds.append((MeldKind(Family.PINOCHLE, copies=pinochles), v.pinochle[pinochles]))
    if v.dix:
        melds += [(MeldKind(Family.DIX), v.dix)] * held[_NINES[trump]]
    return melds


def _totals(held: Sequence[int], trump: Suit, v: _Values) -> set[int]:
    """Every total a declaration of this hand can make: in each heading any number of the melds
    the best declaration has (fewer flushes leave more royal marriages), summed over headings."""
    flushes = min([held[i] for i in _FLUSH[trump]])
    sequences = set()
    for f in range(flushes + 1):
        values = {v.flush[f]}
        for (suit, king, queen), pair in zip(_PAIRS[trump], v.pairs):
            pairs = min(held[king], held[queen]) - (f if suit is trump else 0)
            values = {x + pair[n] for x in values for n in range(pairs + 1)}
        sequences |= values
    totals = sequences
    for (_, indexes), points in zip(_GROUPS, v.groups):
        times = min([held[i] for i in indexes])
        totals = {x + points[n] for x in totals for n in range(times + 1)}
    pinochles = min(held[_Q_SPADES], held[_J_DIAMONDS])
    totals = {x + v.pinochle[n] for x in totals for n in range(pinochles + 1)}
    if v.dix:
        totals = {x + v.dix * n for x in totals for n in range(held[_NINES[trump]] + 1)}
    return totals


def _judged(hand: Sequence[Card], trump: Suit, ruleset: Ruleset
            ) -> tuple[list[int], list[tuple[MeldKind, int]]]:
    v = _values(ruleset)[trump]
    held = _held(hand, v.copies)
    return held, _best(held, trump, v)


def best_meld(hand: Sequence[Card], trump: Suit, ruleset: Ruleset) -> int:
    """The most a player holding ``hand`` can meld with ``trump`` as trumps (spec §4.3)."""
    return sum(points for _, points in _judged(hand, trump, ruleset)[1])


def best_declaration(hand: Sequence[Card], trump: Suit, ruleset: Ruleset) -> tuple[Meld, ...]:
    """The melds that make ``best_meld``, each with its table points (a ``Meld`` without a seat
    or spans), in the table's order: sequences, groups, pinochle (and dix)."""
    return tuple(Meld(kind=kind, points=points)
                 for kind, points in _judged(hand, trump, ruleset)[1])


class DeclarationVerdict(NamedTuple):
    """What a declaration is worth to the player (his legal melds at the table's values) and
    what is wrong with it."""

    points: int
    findings: list[Finding]


def _span(meld: Meld, points: bool = False) -> Span:
    if points and meld.points_span != NOWHERE:
        return meld.points_span
    return meld.span


def _missing(need: Sequence[tuple[int, int]], have: Sequence[int]) -> list[Card]:
    """The cards of ``need`` ((index, copies) pairs) beyond ``have`` (a count vector), each
    missing copy once."""
    return sorted(BY_INDEX[i] for i, n in need for _ in range(max(0, n - have[i])))


class _Judge:
    """One declaration's judgement: the findings, the melds that stand with their points."""

    def __init__(self, hand: Sequence[Card], trump: Suit, ruleset: Ruleset, seat: Seat) -> None:
        self.values = _values(ruleset)[trump]
        self.held = _held(hand, self.values.copies)
        self.trump = trump
        self.ruleset = ruleset
        #: the rule of each heading (``MeldEntry.klass``): double-pack's three, the dix's
        self.rules = (*HEADING_RULES, ruleset.ids.dix)
        self.table: Mapping[MeldKind, MeldEntry] = ruleset.melds_for(trump)
        self.needs = meld_table(ruleset, trump).needs
        self.who = seat.word
        self.findings: list[Finding] = []

    def find(self, rule: str, kind: Kind, message: str, span: Span, *, claimed: object = None,
             expected: object = None, severity: Severity = Severity.ERROR) -> None:
        self.findings.append(Finding(rule=rule, kind=kind, severity=severity, span=span,
                                     message=message, claimed=claimed, expected=expected))

    def outside(self, meld: Meld) -> None:
        """A kind the table does not have (a flush in a plain suit, D21; tens; a dix)."""
        heading = _FAMILY_HEADING.get(meld.kind.family)
        rule = "DP-MELD1" if heading is None else HEADING_RULES[heading]
        rule = self.ruleset.cites.get("no-meld", rule)
        why = (f"a flush is of trumps only ({self.trump} are trumps; D21)"
               if meld.kind.family is Family.SEQUENCE else
               f"the {self.ruleset.name} table has no such meld")
        self.find(rule, Kind.ILLEGAL_MELD, f"{self.who} declares {meld.kind}: {why}; it scores "
                  f"nothing ({rule})", _span(meld), claimed=str(meld.kind))

    def heading(self, heading: int, melds: list[Meld]) -> list[tuple[Meld, MeldEntry]]:
        """The melds of one heading that stand: highest table value first, each while its cards
        are left in the hand after the melds before it (DP-MELD5)."""
        left = list(self.held)
        rule = self.rules[heading]
        stand: list[tuple[Meld, MeldEntry]] = []
        for meld in sorted(melds, key=lambda m: -self.table[m.kind].points):
            entry = self.table[meld.kind]
            need = self.needs[meld.kind].pairs
            if all(n <= left[i] for i, n in need):
                for i, n in need:
                    left[i] -= n
                stand.append((meld, entry))
            elif heading < len(HEADINGS) and all(n <= self.held[i] for i, n in need):
                # (a second dix is a nine not held: one meld per nine, single-deck SD-MELD5)
                self.find("DP-MELD5", Kind.ILLEGAL_MELD,
                          f"{self.who} declares {meld.kind}, but its cards "
                          f"({format_cards(_missing(need, left))}) are already in another meld "
                          f"under {HEADINGS[heading]}: a card counts in one meld per "
                          "heading "
                          f"(DP-MELD5); it scores nothing", _span(meld), claimed=str(meld.kind))
            else:
                lower = self.held_lower(meld, left) if self.ruleset.table.credit_held else None
                what = ("it scores nothing" if lower is None else
                        f"it is credited as {lower[0].kind}")
                self.find(rule, Kind.ILLEGAL_MELD,
                          f"{self.who} declares {meld.kind} without "
                          f"{format_cards(_missing(need, self.held))}; {what} ({rule})",
                          _span(meld), claimed=str(meld.kind))
                if lower is not None:
                    stand.append(lower)
        return stand

    def held_lower(self, meld: Meld, left: list[int]) -> tuple[Meld, MeldEntry] | None:
        """A multiplicity not held credited as the largest held (single-deck SD-MELD9, its
        ``TableRules.credit_held``): that meld at its table points, its cards taken from
        ``left``; ``None`` when not even the single is held."""
        kind = meld.kind
        for copies in range(kind.copies - 1, 0, -1):
            lower = MeldKind(kind.family, kind.suit or kind.rank, copies=copies)
            entry = self.table.get(lower)
            if entry is None:
                continue
            need = self.needs[lower].pairs
            if all(n <= left[i] for i, n in need):
                for i, n in need:
                    left[i] -= n
                return meld.model_copy(update={"kind": lower, "points": entry.points}), entry
        return None

    def points(self, heading: int, stand: list[tuple[Meld, MeldEntry]]) -> int:
        """The standing melds' table points; wrong claimed points are miscounts. Groups of one
        rank, and pinochles, are one meld of their joint multiplicity (D11)."""
        rule = self.rules[heading]
        joint: dict[Rank | None, list[Meld]] = {}
        total = 0
        for meld, entry in stand:
            if heading == GROUPS or heading == PINOCHLES:
                joint.setdefault(meld.kind.rank, []).append(meld)
                continue
            total += entry.points
            self.check_points(meld, meld.points, entry.points, rule, str(meld.kind))
        for rank, melds in joint.items():
            times = sum(meld.kind.copies for meld in melds)
            kind = MeldKind(melds[0].kind.family, rank, copies=times)
            value = self.table[kind].points
            total += value
            if len(melds) == 1:
                self.check_points(melds[0], melds[0].points, value, rule, str(kind))
                continue
            claimed = sum(meld.points for meld in melds)
            if claimed != value:
                shown = " and ".join(str(meld.kind) for meld in melds)
                self.find(rule, Kind.MISCOUNT,
                          f"{self.who} declares {shown} for {claimed}: together they are one "
                          f"meld, {kind}, worth {value} ({rule}, D11)", _span(melds[0]),
                          claimed=claimed, expected=value)
        return total

    def check_points(self, meld: Meld, claimed: int, value: int, rule: str, kind: str) -> None:
        if claimed != value:
            self.find(rule, Kind.MISCOUNT, f"{self.who} claims {claimed} for {kind}, worth "
                      f"{value} ({rule})", _span(meld, points=True), claimed=claimed,
                      expected=value)


def judge_declaration(hand: Sequence[Card], melds: Sequence[Meld], total: int | None,
                      trump: Suit, ruleset: Ruleset, seat: Seat) -> DeclarationVerdict:
    """Judge ``seat``'s declaration before trick 1 (spec §4.4) of the kinds ``melds`` (each with
    its claimed points and spans), or, with no kinds, of the ``total`` alone (``None``: 0).
    ``points`` is what the declaration is worth: the legal melds at the table's values; for a
    total alone, the total, capped at the best meld (above it, a miscount; below it, a notice,
    which says when no melds of the hand make that total exactly: spec §4.4). Findings of a
    total-only declaration have no span (the caller knows the line)."""
    judge = _Judge(hand, trump, ruleset, seat)
    if ruleset.table.roundhouse and any(m.kind.family is Family.ROUNDHOUSE for m in melds):
        melds = _roundhouse(melds, trump, judge)
    best_melds = _best(judge.held, trump, judge.values)
    best = sum(points for _, points in best_melds)
    if not melds:
        claimed = total or 0
        if claimed == best:
            return DeclarationVerdict(best, [])
        if claimed > best:
            judge.find(ruleset.cites.get("meld-total", "DP-MELD1"), Kind.MISCOUNT,
                       f"{judge.who} declares {claimed} in melds; the most his hand makes with "
                       f"{trump} trumps is {best} (DP-MELD1-DP-MELD5)", NOWHERE,
                       claimed=claimed, expected=best)
            return DeclarationVerdict(best, judge.findings)
        exact = "" if claimed in _totals(judge.held, trump, judge.values) else (
            f"; no melds of his hand make exactly {claimed}")
        _under(judge, claimed, best, NOWHERE, exact)
        return DeclarationVerdict(claimed, judge.findings)
    if total is None and [(m.kind, m.points) for m in melds] == best_melds:
        return DeclarationVerdict(best, [])         # the best declaration: legal, counted right
    by_heading: dict[int, list[Meld]] = {}
    for meld in melds:
        entry = judge.table.get(meld.kind)
        if entry is None:
            judge.outside(meld)
        else:
            by_heading.setdefault(entry.klass, []).append(meld)
    points = sum(judge.points(heading, judge.heading(heading, group))
                 for heading, group in sorted(by_heading.items()))
    if total is not None and total != sum(meld.points for meld in melds):
        judge.find("DP-MELD1", Kind.MISCOUNT,
                   f"{judge.who}'s declared total {total} is not the sum of his melds' "
                   f"{sum(meld.points for meld in melds)} (DP-MELD1)", melds[0].span,
                   claimed=total, expected=points)
    if points < best and not judge.findings:
        _under(judge, points, best, melds[0].span)
    return DeclarationVerdict(points, judge.findings)


def _roundhouse(melds: Sequence[Meld], trump: Suit, judge: _Judge) -> tuple[Meld, ...]:
    """``RH`` read as the shorthand it is (single-deck SD-MELD7, spec P22): kings and queens
    around and a marriage in every suit, each at its table points, at the ``RH``'s place; a
    claimed value other than the shorthand's (``TableRules.roundhouse``) is a miscount."""
    value = judge.ruleset.table.roundhouse
    rule = judge.ruleset.cites.get("no-meld", "DP-MELD1")
    split: list[Meld] = []
    for meld in melds:
        if meld.kind.family is not Family.ROUNDHOUSE:
            split.append(meld)
            continue
        if meld.points != value:
            judge.find(rule, Kind.MISCOUNT, f"{judge.who} claims {meld.points} for RH, the "
                       f"shorthand for kings and queens around and a marriage in every suit, "
                       f"worth {value} ({rule})", _span(meld, points=True),
                       claimed=meld.points, expected=value)
        kinds = [MeldKind(Family.QUARTET, Rank.KING), MeldKind(Family.QUARTET, Rank.QUEEN),
                 *(MeldKind(Family.MARRIAGE, suit) for suit in Suit)]
        split += [Meld(kind=kind, points=judge.table[kind].points, span=meld.span)
                  for kind in kinds]
    return tuple(split)


def _under(judge: _Judge, points: int, best: int, span: Span, exact: str = "") -> None:
    judge.find("DP-MELD1", Kind.NOTICE,
               f"{judge.who} declares {points} in melds; his hand holds {best}{exact}: no rule "
               "obliges a player to show all his meld (DP-MELD1, D12)", span, claimed=points,
               expected=best, severity=Severity.INFO)
