"""A game's timeline in the making (``StepLog``): its steps, the statements each stands for, its
battles and its findings, each finding linked to the step where it happens (the step whose
statement holds the finding's place in the record, the smallest such; else the step the walk
was at when it came). The two-handed timeline's visitor (``timeline``) and the partnership
timeline (``partnership_timeline``) both build on it, with the span helpers below."""

from __future__ import annotations

from collections.abc import Sequence

from pinochle.notation.cards import Seat
from pinochle.notation.events import Battle, Game, Span

from pinochle.adjudicator.model.findings import Finding
from pinochle.adjudicator.report.views import (BattleView, HandView, MarkedLine, StepView,
                                               TimelineFinding, seat_text)

__all__ = ["StepLog", "header_span", "record_order", "span_contains", "span_start"]


def span_start(span: Span) -> tuple[int, int]:
    return span.line, span.column


def span_contains(span: Span, where: tuple[int, int]) -> bool:
    return bool(span.line) and span_start(span) <= where < (span.end_line, span.end_column)


def span_size(span: Span) -> tuple[int, int]:
    return span.end_line - span.line, span.end_column - span.column


def header_span(battle: Battle) -> Span:
    """The battle's header line (``battle 1 dealer E``), whole."""
    return Span(battle.span.line, 1, battle.span.line + 1, 1)


def record_order(finding: Finding) -> tuple[int, int]:
    """Record order; findings with no place after the others (as the report orders them)."""
    line = finding.span.line
    return (line, finding.span.column) if line else (1 << 30, 0)


def marked_line(lines: Sequence[str], span: Span) -> MarkedLine | None:
    """The finding's line cut at its place (to the end of its span on that line)."""
    if not 0 < span.line <= len(lines):
        return None
    text = lines[span.line - 1].rstrip("\r\n")
    start = max(span.column - 1, 0)
    stop = span.end_column - 1 if span.end_line == span.line and span.end_column > span.column \
        else start + 1
    start, stop = min(start, len(text)), min(stop, len(text))
    return MarkedLine(before=text[:start], marked=text[start:stop], after=text[stop:])


class StepLog:
    """A game's timeline in the making: its steps, the statements each stands for, its battles,
    and its findings, each with the step the game was at when it came (``None``: before the
    first). ``placed`` links each finding to the step where it happens (see the module
    docstring). The two-handed visitor (``timeline``) and the partnership timeline
    (``partnership_timeline``) both build on it."""

    def __init__(self) -> None:
        self.steps: list[StepView] = []
        self.spans: list[list[Span]] = []     # per step: the statements it stands for
        self.battles: list[BattleView] = []
        self.arrived: list[tuple[Finding, int | None]] = []

    def no_battle(self, game: Game, seats: Sequence[Seat]) -> None:
        """The one step of a game without a battle replayed (an unknown ruleset, no battles)."""
        if self.steps:
            return
        self.steps.append(StepView(
            index=0, kind="game", label="no battle is replayed", battle=None, trick=0,
            line=game.span.line, stock=0, melds=[], drawn=[],
            hands=[HandView(seat=seat_text(s), concealed=None, exposed=None, size=0, melds=[],
                            tricks=0, meld_points=0, score=0, total=0) for s in seats]))
        self.spans.append([])

    def place(self, finding: Finding, arrival: int | None) -> int:
        """The step where ``finding`` happens (see the module docstring)."""
        where = span_start(finding.span)
        best: tuple[tuple[int, int], int] | None = None
        for index, spans in enumerate(self.spans):
            for span in spans:
                if span_contains(span, where) and (best is None or span_size(span) < best[0]):
                    best = (span_size(span), index)
        if best is not None:
            return best[1]
        if finding.battle is not None and (arrival is None or
                                           self.steps[arrival].battle != finding.battle):
            for battle in self.battles:
                if battle.battle == finding.battle:
                    return battle.first_step
        return 0 if arrival is None else arrival

    def placed(self, lines: Sequence[str]) -> list[TimelineFinding]:
        """The findings in record order, each linked to its step (and the step to it);
        ``lines`` are the record's lines (to show each finding's line with its place
        marked)."""
        placed = sorted(((f, self.place(f, arrival)) for f, arrival in self.arrived),
                        key=lambda item: record_order(item[0]))
        findings = []
        for n, (f, step) in enumerate(placed):
            self.steps[step].findings.append(n)
            findings.append(TimelineFinding(
                rule=f.rule, kind=f.kind, severity=f.severity, message=f.message,
                line=f.span.line, column=f.span.column, end_line=f.span.end_line,
                end_column=f.span.end_column, battle=f.battle, trick=f.trick, step=step,
                source=marked_line(lines, f.span)))
        return findings
