"""The validation report: what ``pinochle validate`` says about each game, as a pydantic model
(JSON with ``--json``, schema in ``docs/report-schema.md``) and as compiler-style text.

``validate_game`` replays one game through the walker (``replay.walk``) and returns its
``GameReport``: every finding with file, line and column, and the corrected scores of each battle
and of the game. A whole run is a ``Report``: ``schema_version``, one ``FileReport`` per input
(its games and syntax errors) and a ``Summary``. The CLI streams it (one game at a time), so
nothing here holds more than one game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from pinochle.notation.events import Battle, Game
from pinochle.notation.snippets import printable, snippet

from .battle import BattleState
from .findings import Finding, Kind, Severity, plural
from .replay import BattleResult, Visitor, walk
from .catalog import ruleset_from_tags
from .rulesets import EAST_POINT, ruleset_tags

SCHEMA_VERSION: Final = 2

#: How many messages (findings and syntax errors) one file shows at most by default
#: (``pinochle validate --max-errors``); the counts always count them all.
MAX_ERRORS = 100


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True)


class ReportFinding(_Model):
    """One finding, located in a file: ``file:line:column`` (1-based; 0 when unknown)."""

    rule: str = Field(description="the ruleset's rule id: R8C3, R9F, R11B, M7, OT9G, ...")
    kind: Kind
    severity: Severity
    message: str
    file: str
    line: int = 0
    column: int = 0
    end_line: int = 0
    end_column: int = 0
    game: int | None = None
    battle: int | None = None
    trick: int | None = None
    claimed: Any = Field(default=None, description="the record's value, for a wrong claim")
    expected: Any = Field(default=None, description="the value the rules give")

    @classmethod
    def of(cls, finding: Finding, file: str) -> ReportFinding:
        span = finding.span
        return cls(rule=finding.rule, kind=finding.kind, severity=finding.severity,
                   message=finding.message, file=file, line=span.line, column=span.column,
                   end_line=span.end_line, end_column=span.end_column, game=finding.game,
                   battle=finding.battle, trick=finding.trick, claimed=finding.claimed,
                   expected=finding.expected)

    @property
    def location(self) -> str:
        if not self.line:
            return self.file
        if self.column:
            return f"{self.file}:{self.line}:{self.column}"
        return f"{self.file}:{self.line}"


class SideScore(_Model):
    """One player's corrected points in a battle: trick points (R8G) + meld points (R9) = score."""

    tricks: int
    melds: int
    score: int


class BattleReport(_Model):
    battle: int = Field(description="1-based position in the game")
    number: int = Field(description="the number the record gives the battle")
    dealer: Literal["E", "W"]
    deal_checked: bool = Field(description="false when the record omits the deal")
    tricks: int = Field(description="tricks gathered")
    ended_by: str | None = Field(description="the rule that ended it (R8F, R11F, OT8G), or "
                                             "null when the record stops early")
    east: SideScore
    west: SideScore

    @classmethod
    def of(cls, r: BattleResult) -> BattleReport:
        # ignore: str(seat) is "E" or "W", the Literal that mypy cannot see in a str
        return cls(battle=r.index, number=r.number, dealer=str(r.dealer),  # type: ignore[arg-type]
                   deal_checked=r.deal_known, tricks=r.tricks, ended_by=r.ended_by,
                   east=SideScore(tricks=r.east_tricks, melds=r.east_melds, score=r.east),
                   west=SideScore(tricks=r.west_tricks, melds=r.west_melds, score=r.west))


class Counts(_Model):
    errors: int = 0
    warnings: int = 0
    notices: int = 0


def _count(findings: list[ReportFinding]) -> Counts:
    errors = sum(f.severity is Severity.ERROR for f in findings)
    warnings = sum(f.severity is Severity.WARNING for f in findings)
    return Counts(errors=errors, warnings=warnings, notices=len(findings) - errors - warnings)


class GameReport(_Model):
    """One game: its tags, ruleset options, battles with corrected scores, game totals (R4A:
    the sums of the battle scores) and findings in record order."""

    game: int = Field(description="1-based position in its file")
    file: str
    line: int = 0
    tags: dict[str, str]
    ruleset: dict[str, str] | None = Field(
        description="the ruleset's name (key Ruleset) and options, null if unknown")
    battles: list[BattleReport]
    expected_battles: int | None = Field(description="R4A: agreed, plus two per tie")
    east: int
    west: int
    findings: list[ReportFinding]
    counts: Counts


class SyntaxErrorReport(_Model):
    """Text that is not valid notation: the game (or file) it is in cannot be replayed."""

    file: str
    line: int = 0
    column: int = 0
    message: str
    snippet: str | None = None


class FileReport(_Model):
    file: str
    games: list[GameReport]
    syntax_errors: list[SyntaxErrorReport]
    omitted: int = Field(default=0, description="findings and syntax errors of this file not "
                         "listed, past --max-errors (the counts include them)")
    error: str | None = Field(default=None, description="why the file could not be read")


class Summary(_Model):
    files: int = 0
    games: int = 0
    battles: int = 0
    errors: int = 0
    warnings: int = 0
    notices: int = 0
    syntax_errors: int = 0
    unreadable_files: int = 0
    notices_by_rule: dict[str, int] = Field(
        default_factory=dict, description="how many notices of each rule id (what --strict "
        "fails on)")


class Report(_Model):
    """A whole ``pinochle validate`` run. ``exit_status`` is the command's: 0 clean (notices
    allowed), 1 errors or warnings (with ``--strict`` notices too), 2 unreadable input."""

    schema_version: Literal[2] = SCHEMA_VERSION
    files: list[FileReport]
    summary: Summary
    exit_status: int


def report_schema() -> dict[str, Any]:
    """The JSON schema of ``Report`` (what ``--json`` prints)."""
    return Report.model_json_schema(mode="serialization")


# --- building a game's report --------------------------------------------------------------


class _Collector(Visitor):
    needs_log = False           # the report reads findings and results, never the steps

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self.battles: list[BattleResult] = []

    def finding(self, finding: Finding) -> None:
        self.findings.append(finding)

    def end_battle(self, battle: Battle, state: BattleState, result: BattleResult) -> None:
        self.battles.append(result)


def _order(finding: Finding) -> tuple[int, int]:
    """Record order; findings with no place (line 0) after the others."""
    line = finding.span.line
    return (line, finding.span.column) if line else (1 << 30, 0)


def validate_game(game: Game, file: str = "<input>", number: int = 1) -> GameReport:
    """Replay ``game`` (the ``number``-th of ``file``) and report on it. (The report's models
    are built with validation: pydantic's compiled validator is faster than ``model_construct``
    here, which runs in Python.)"""
    collector = _Collector()
    result = walk(game, collector, number)
    assert result is not None
    findings = [ReportFinding.of(f, file) for f in sorted(collector.findings, key=_order)]
    return GameReport(
        game=number, file=file, line=game.span.line, tags=game.tags,
        ruleset=None if result.ruleset is None else ruleset_tags(result.ruleset),
        battles=[BattleReport.of(b) for b in result.battles],
        expected_battles=result.expected_battles, east=result.east, west=result.west,
        findings=findings, counts=_count(findings))


# --- text ----------------------------------------------------------------------------------

_SEVERITY_WORD = {Severity.ERROR: "", Severity.WARNING: " (warning)", Severity.INFO: " (notice)"}


def render_finding(finding: ReportFinding, source_line: str | None) -> str:
    """``file:line:col: R9F illegal meld: message``, then the source line in a line-number
    gutter with carets under the place (``snippets.snippet``), as a compiler prints it. A
    notice or warning says so after its kind."""
    label = finding.kind.value
    if not (finding.kind is Kind.NOTICE and finding.severity is Severity.INFO):
        label += _SEVERITY_WORD[finding.severity]
    text = printable(f"{finding.location}: {finding.rule} {label}: {finding.message}")
    if source_line is not None and finding.line:
        end = finding.end_column if finding.end_line == finding.line else None
        text += "\n" + snippet(source_line, finding.line, finding.column, end)
    return text


def render_scores(game: GameReport) -> str:
    """The corrected scores of each battle and the game totals."""
    tags = game.tags
    who = ""
    if "East" in tags or "West" in tags:
        who = printable(f" (East {tags.get('East', '?')}, West {tags.get('West', '?')})")
    battles = plural(len(game.battles), "battle")
    name = "east-point" if game.ruleset is None else game.ruleset.get("Ruleset", "east-point")
    which = "" if name == "east-point" else f", {name}"      # East Point, the default, unsaid
    lines = [f"{printable(game.file)}: game {game.game}{who}{which}: {battles}"]
    normal_end = (EAST_POINT if game.ruleset is None else ruleset_from_tags(game.ruleset)).ids.end
    for b in game.battles:
        end = (", unfinished" if b.ended_by is None else "" if b.ended_by == normal_end else
               f", ended by {b.ended_by}")
        unchecked = "" if b.deal_checked else ", deal not recorded"
        lines.append(
            f"  battle {b.battle} (dealer {b.dealer}): East {b.east.score} "
            f"(tricks {b.east.tricks}, melds {b.east.melds}), West {b.west.score} "
            f"(tricks {b.west.tricks}, melds {b.west.melds}){end}{unchecked}")
    lines.append(f"  game: East {game.east}, West {game.west}")
    return "\n".join(lines)


def render_game(game: GameReport, source_line: Callable[[int], str | None],
                scores: bool = True) -> str:
    """A game's findings in record order, then (unless ``scores`` is false) its scores."""
    parts = [render_finding(f, source_line(f.line) if f.line else None) for f in game.findings]
    if scores:
        parts.append(render_scores(game))
    return "\n".join(parts)


def render_omitted(file: str, omitted: int, limit: int) -> str:
    """The line that stands for the messages of a file past ``--max-errors``."""
    return (f"{printable(file)}: {plural(omitted, 'more message')} not shown (--max-errors "
            f"{limit}; 0 shows all)")


def render_summary(summary: Summary) -> str:
    text = (f"{plural(summary.games, 'game')}, {plural(summary.battles, 'battle')}: "
            f"{plural(summary.errors, 'error')}, {plural(summary.warnings, 'warning')}, "
            f"{plural(summary.notices, 'notice')}")
    if summary.syntax_errors:
        text += f", {plural(summary.syntax_errors, 'syntax error')}"
    if summary.unreadable_files:
        text += f", {plural(summary.unreadable_files, 'unreadable file')}"
    return text


def render_strict(summary: Summary) -> str:
    """Which notices ``--strict`` fails on: ``--strict fails on 3 notices: R6 (2), R11C (1)``."""
    rules = ", ".join(f"{rule} ({n})" for rule, n in sorted(
        summary.notices_by_rule.items(), key=lambda item: (-item[1], item[0])))
    return f"--strict fails on {plural(summary.notices, 'notice')}: {rules}"


def exit_status(summary: Summary, strict: bool = False) -> int:
    """2 unreadable input or syntax errors; 1 errors or warnings (``strict``: notices too); 0."""
    if summary.syntax_errors or summary.unreadable_files:
        return 2
    if summary.errors or summary.warnings or (strict and summary.notices):
        return 1
    return 0


def add_game(summary: Summary, game: GameReport) -> Summary:
    update: dict[str, Any] = {
        "games": summary.games + 1, "battles": summary.battles + len(game.battles),
        "errors": summary.errors + game.counts.errors,
        "warnings": summary.warnings + game.counts.warnings,
        "notices": summary.notices + game.counts.notices}
    if game.counts.notices:
        by_rule = dict(summary.notices_by_rule)
        for finding in game.findings:
            if finding.severity is Severity.INFO:
                by_rule[finding.rule] = by_rule.get(finding.rule, 0) + 1
        update["notices_by_rule"] = by_rule
    return summary.model_copy(update=update)


__all__ = ["BattleReport", "Counts", "FileReport", "GameReport", "MAX_ERRORS", "Report",
           "ReportFinding", "SCHEMA_VERSION", "SideScore", "Summary", "SyntaxErrorReport",
           "add_game", "exit_status", "plural", "render_finding", "render_game",
           "render_omitted", "render_scores", "render_strict", "render_summary",
           "report_schema", "validate_game"]
