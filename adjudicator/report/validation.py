"""The validation report: what ``pinochle validate`` says about each game, as frozen values that
pydantic writes (``notation/plain.py``: JSON with ``--json``, schema in
``docs/report-schema.md``) and as compiler-style text.

``validate_game`` replays one game through the walker (``replay.walk_any``) and returns its
``GameReport``: every finding with file, line and column, and the corrected scores of each battle
and of the game. A partnership game (double-pack: four seats, an auction; the walker chooses by
the ruleset's data) has its own ``TableGameReport``, with a ``TableBattleReport`` per battle (the
dealer, the auction's outcome, each side's ``SideReport``): the two-handed reports keep exactly
their keys. A whole run is a ``Report``: ``schema_version``, one ``FileReport`` per input
(its games and syntax errors) and a ``Summary``. The CLI streams it (one game at a time), so
nothing here holds more than one game.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pinochle.notation.cards import Seat, Side
from pinochle.notation.events import Game
from pinochle.notation.plain import PlainModel, field
from pinochle.notation.snippets import printable, snippet

from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.partnership.contract import SideResult
from pinochle.adjudicator.replay import BattleResult, GameResult, walk_any
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.report.coverage import coverage
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.model.ruleset import Ruleset, ruleset_tags
from pinochle.adjudicator.partnership.results import TableBattleResult, TableGameResult
from pinochle.adjudicator.partnership.walker import walk_table
from pinochle.adjudicator.visitor import BaseVisitor

SCHEMA_VERSION: Final = 2

#: How many messages (findings and syntax errors) one file shows at most by default
#: (``pinochle validate --max-errors``); the counts always count them all.
MAX_ERRORS = 100


class ReportFinding(PlainModel):
    """One finding, located in a file: ``file:line:column`` (1-based; 0 when unknown)."""

    rule: str = field(description="the ruleset's rule id: R8C3, R9F, R11B, M7, OT9G, ...")
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
    claimed: Any = field(default=None, description="the record's value, for a wrong claim")
    expected: Any = field(default=None, description="the value the rules give")

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


class SideScore(PlainModel):
    """One player's corrected points in a battle: trick points (R8G) + meld points (R9) = score."""

    tricks: int
    melds: int
    score: int

    @classmethod
    def of(cls, r: BattleResult, seat: Seat) -> SideScore:
        """``seat``'s points in the battle ``r`` (the result keyed by seat)."""
        return cls(tricks=r.trick_points[seat], melds=r.meld_points[seat], score=r.score(seat))


class BattleReport(PlainModel):
    battle: int = field(description="1-based position in the game")
    number: int = field(description="the number the record gives the battle")
    dealer: Literal["E", "W"]
    deal_checked: bool = field(description="false when the record omits the deal")
    tricks: int = field(description="tricks gathered")
    ended_by: str | None = field(description="the rule that ended it (R8F, R11F, OT8G), or "
                                             "null when the record stops early")
    east: SideScore
    west: SideScore

    @classmethod
    def of(cls, r: BattleResult) -> BattleReport:
        # ignore: str(seat) is "E" or "W", the Literal that mypy cannot see in a str
        return cls(battle=r.index, number=r.number, dealer=str(r.dealer),  # type: ignore[arg-type]
                   deal_checked=r.deal_known, tricks=r.tricks, ended_by=r.ended_by,
                   east=SideScore.of(r, Seat.EAST), west=SideScore.of(r, Seat.WEST))


SeatLetter = Literal["N", "E", "S", "W"]


class SideReport(PlainModel):
    """One partnership's corrected result in a battle (double-pack, spec §6): card points with
    the last trick's (DP-COUNT1/2), the melds that count, made = cards + melds, the score it
    takes (DP-SCORE1-3: negative when the bidding side is set)."""

    cards: int
    melds: int = field(description="the side's melds if they count, else 0 (DP-MELD6)")
    made: int
    score: int
    counted: bool = field(description="the side won a scoring trick, so its melds count "
                                      "(DP-MELD6, DP-MELD7)")

    @classmethod
    def of(cls, r: SideResult) -> SideReport:
        return cls(cards=r.cards, melds=r.melds, made=r.made, score=r.score, counted=r.counted)


class _TableBattleFields(PlainModel):
    """The fields of a table battle's report whoever keeps the scores (sides, or seats)."""

    battle: int = field(description="1-based position in the game")
    number: int = field(description="the number the record gives the battle")
    dealer: SeatLetter
    deal_checked: bool = field(description="false when the record omits the deal")
    tricks: int = field(description="tricks played")
    complete: bool = field(description="the record plays the hand out (or throws it in)")
    thrown_in: bool = field(description="nobody bid: no score, the deal passes (DP-BID9)")
    bidder: SeatLetter | None = field(description="the high bidder, or null")
    bid: int | None = field(description="the contract: the high bid, or null")
    trump: str | None = field(description="the suit the high bidder named, or null")


class TableBattleReport(_TableBattleFields):
    """A battle of the partnership game: the dealer, the auction's outcome (the high bidder,
    the contract and trump, or thrown in: DP-BID9), each side's result."""

    ns: SideReport
    ew: SideReport

    @classmethod
    def of(cls, r: TableBattleResult) -> TableBattleReport:
        return cls(**_table_battle(r), ns=SideReport.of(r.of(Side.NS)),
                   ew=SideReport.of(r.of(Side.EW)))

    def scorers(self) -> list[tuple[str, SideReport]]:
        """Each scorer's name and result, in the report's order (NS, EW)."""
        return [("NS", self.ns), ("EW", self.ew)]

    @property
    def bidders(self) -> str:
        """The name of the high bidder's scorer: his side."""
        return "NS" if self.bidder in ("N", "S") else "EW"


class SeatBattleReport(_TableBattleFields):
    """A battle at a table of seats each playing for himself (the three-seat shape): as a
    ``TableBattleReport``, with each seat's result under ``scores`` (by seat letter, in the
    seating's order) in place of the sides' ``ns`` and ``ew``."""

    scores: dict[SeatLetter, SideReport] = field(
        description="each seat's result (his own score: no sides), by seat letter")

    @classmethod
    def of(cls, r: TableBattleResult) -> SeatBattleReport:
        scores = {str(seat): SideReport.of(result) for seat, result in r.results.items()}
        return cls(**_table_battle(r), scores=scores)  # type: ignore[arg-type]  # N E S W

    def scorers(self) -> list[tuple[str, SideReport]]:
        """Each seat's letter and result, in the seating's order."""
        return list(self.scores.items())

    @property
    def bidders(self) -> str:
        """The name of the high bidder's scorer: himself."""
        return str(self.bidder)


def _table_battle(r: TableBattleResult) -> dict[str, Any]:
    """The fields of a table battle's report whoever keeps the scores (sides, or seats)."""
    return {"battle": r.index, "number": r.number, "dealer": str(r.dealer),
            "deal_checked": r.deal_known, "tricks": r.tricks, "complete": r.complete,
            "thrown_in": r.thrown_in, "bidder": None if r.bidder is None else str(r.bidder),
            "bid": r.bid, "trump": None if r.trump is None else str(r.trump)}


class Counts(PlainModel):
    errors: int = 0
    warnings: int = 0
    notices: int = 0


def _count(findings: list[ReportFinding]) -> Counts:
    errors = sum(f.severity is Severity.ERROR for f in findings)
    warnings = sum(f.severity is Severity.WARNING for f in findings)
    return Counts(errors=errors, warnings=warnings, notices=len(findings) - errors - warnings)


class NotCheckedRule(PlainModel):
    """A rule the record did not let the referee check, and why (its missing parts)."""

    rule: str
    reason: str = field(description="what the record lacks, and where: \"no deal, no tricks "
                                    "in battles 1-3\"")


_CHECKED: Any = field(default_factory=list, description="the rule ids the record let the "
                      "referee check (adjudicator/report/coverage.py)")
_NOT_CHECKED: Any = field(default_factory=list, description="the rule ids it could not check, "
                          "each with the reason")


class GameReport(PlainModel):
    """One game: its tags, ruleset options, battles with corrected scores, game totals (R4A:
    the sums of the battle scores) and findings in record order."""

    game: int = field(description="1-based position in its file")
    file: str
    line: int = 0
    tags: dict[str, str]
    ruleset: dict[str, str] | None = field(
        description="the ruleset's name (key Ruleset) and options, null if unknown")
    battles: list[BattleReport]
    expected_battles: int | None = field(description="R4A: agreed, plus two per tie")
    east: int
    west: int
    findings: list[ReportFinding]
    counts: Counts
    checked: list[str] = _CHECKED
    not_checked: list[NotCheckedRule] = _NOT_CHECKED


class TableGameReport(PlainModel):
    """A partnership game (double-pack): its tags, ruleset options, battles, the side totals
    (the sums of the battle scores), the winner (DP-GAME) and findings in record order."""

    game: int = field(description="1-based position in its file")
    file: str
    line: int = 0
    tags: dict[str, str]
    ruleset: dict[str, str] = field(description="the ruleset's name (key Ruleset) and options")
    battles: list[TableBattleReport]
    ns: int
    ew: int
    winner: Literal["NS", "EW"] | None = field(
        description="the side that reached the target, the bidding side counted first "
                    "(DP-GAME), or null")
    findings: list[ReportFinding]
    counts: Counts
    checked: list[str] = _CHECKED
    not_checked: list[NotCheckedRule] = _NOT_CHECKED

    def scorers(self) -> list[tuple[str, int]]:
        """Each side's name and total (NS, EW)."""
        return [("NS", self.ns), ("EW", self.ew)]


class SeatGameReport(PlainModel):
    """A game at a table of seats each playing for himself (the three-seat shape: a ruleset
    whose seating has no sides): as a ``TableGameReport``, with each seat's total under
    ``scores`` (by seat letter, in the seating's order) in place of ``ns`` and ``ew``, and a
    seat as the winner."""

    game: int = field(description="1-based position in its file")
    file: str
    line: int = 0
    tags: dict[str, str]
    ruleset: dict[str, str] = field(description="the ruleset's name (key Ruleset) and options")
    battles: list[SeatBattleReport]
    scores: dict[SeatLetter, int] = field(
        description="each seat's game total (the sums of his battle scores; signed)")
    winner: SeatLetter | None = field(
        description="the seat that reached the target, the bidder counted first (DP-GAME), "
                    "or null")
    findings: list[ReportFinding]
    counts: Counts
    checked: list[str] = _CHECKED
    not_checked: list[NotCheckedRule] = _NOT_CHECKED

    def scorers(self) -> list[tuple[str, int]]:
        """Each seat's letter and total, in the seating's order."""
        return list(self.scores.items())


class SyntaxErrorReport(PlainModel):
    """Text that is not valid notation: the game (or file) it is in cannot be replayed."""

    file: str
    line: int = 0
    column: int = 0
    message: str
    snippet: str | None = None


class FileReport(PlainModel):
    file: str
    games: list[GameReport | TableGameReport | SeatGameReport]
    syntax_errors: list[SyntaxErrorReport]
    omitted: int = field(default=0, description="findings and syntax errors of this file not "
                         "listed, past --max-errors (the counts include them)")
    error: str | None = field(default=None, description="why the file could not be read")


class Summary(PlainModel):
    files: int = 0
    games: int = 0
    battles: int = 0
    errors: int = 0
    warnings: int = 0
    notices: int = 0
    syntax_errors: int = 0
    unreadable_files: int = 0
    notices_by_rule: dict[str, int] = field(
        default_factory=dict, description="how many notices of each rule id (what --strict "
        "fails on)")


class Report(PlainModel):
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


class FindingCollector(BaseVisitor[object, object, object, list[Finding]]):
    """A walk's findings, in the order the replay reports them, its ``result()`` (the report's
    own collector, and the tests' and benchmarks' when they need findings only): a visitor of
    either walker."""

    needs_log = False           # the report reads findings and results, never the steps

    def __init__(self) -> None:
        self.findings: list[Finding] = []

    def finding(self, finding: Finding) -> None:
        self.findings.append(finding)

    def result(self) -> list[Finding]:
        return self.findings


def _order(finding: Finding) -> tuple[int, int]:
    """Record order; findings with no place (line 0) after the others."""
    line = finding.span.line
    return (line, finding.span.column) if line else (1 << 30, 0)


def validate_game(game: Game, file: str = "<input>", number: int = 1,
                  ruleset: Ruleset | None = None
                  ) -> GameReport | TableGameReport | SeatGameReport:
    """Replay ``game`` (the ``number``-th of ``file``) and report on it: a ``TableGameReport``
    for a partnership game (a ``SeatGameReport`` at a table of seats each for himself), else a
    ``GameReport``. ``ruleset``: a table engine's ruleset to replay it under instead of the one
    its tags choose (a ruleset no catalog holds, as a test's)."""
    collector = FindingCollector()
    result = (walk_any(game, collector, number) if ruleset is None else
              walk_table(game, collector, ruleset, number))
    assert result is not None
    findings = [ReportFinding.of(f, file) for f in sorted(collector.result(), key=_order)]
    checked, missed = coverage(game, result.ruleset)
    not_checked = [NotCheckedRule(rule=m.rule, reason=m.reason) for m in missed]
    if type(result) is TableGameResult:
        table: dict[str, Any] = {
            "game": number, "file": file, "line": game.span.line, "tags": game.tags,
            "ruleset": ruleset_tags(result.ruleset),
            "winner": None if result.winner is None else str(result.winner),
            "findings": findings, "counts": _count(findings), "checked": checked,
            "not_checked": not_checked}
        if result.ruleset.seating.by_side:
            return TableGameReport(**table, ns=result.totals[Side.NS], ew=result.totals[Side.EW],
                                   battles=[TableBattleReport.of(b) for b in result.battles])
        return SeatGameReport(**table, battles=[SeatBattleReport.of(b) for b in result.battles],
                              scores={str(seat): total  # type: ignore[misc]  # N E S W
                                      for seat, total in result.totals.items()})
    assert type(result) is GameResult
    return GameReport(
        game=number, file=file, line=game.span.line, tags=game.tags,
        ruleset=None if result.ruleset is None else ruleset_tags(result.ruleset),
        battles=[BattleReport.of(b) for b in result.battles],
        expected_battles=result.expected_battles, east=result.totals[Seat.EAST],
        west=result.totals[Seat.WEST],
        findings=findings, counts=_count(findings), checked=checked, not_checked=not_checked)


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


def render_scores(game: GameReport | TableGameReport | SeatGameReport) -> str:
    """The corrected scores of each battle and the game totals."""
    if isinstance(game, (TableGameReport, SeatGameReport)):
        return render_table_scores(game)
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
        unchecked = ("" if b.deal_checked else ", score sheet" if not b.tricks else
                     ", deal not recorded")
        lines.append(
            f"  battle {b.battle} (dealer {b.dealer}): East {b.east.score} "
            f"(tricks {b.east.tricks}, melds {b.east.melds}), West {b.west.score} "
            f"(tricks {b.west.tricks}, melds {b.west.melds}){end}{unchecked}")
    lines.append(f"  game: East {game.east}, West {game.west}")
    lines += render_coverage(game)
    return "\n".join(lines)


def render_coverage(game: GameReport | TableGameReport | SeatGameReport) -> list[str]:
    """Two lines: the rules checked, and those not checked grouped by reason. A game without
    errors or warnings whose record lacks parts says it is clean only as far as it shows:

    ``  checked (clean as far as a score sheet can show): R3 R4A R4B R8G R9A R9B1 R9E R9F``
    ``  not checked: R2A4 R6 R6B R6C (no deal in battles 1-2); R5 R8 R8D (no tricks in ...)``"""
    clean = not game.counts.errors and not game.counts.warnings
    head = "checked"
    if clean and game.not_checked and game.battles:
        sheet = all(not b.deal_checked and b.tricks == 0 for b in game.battles)
        head += (" (clean as far as a score sheet can show)" if sheet else
                 " (clean as far as the record shows)")
    by_reason: dict[str, list[str]] = {}
    for missed in game.not_checked:
        by_reason.setdefault(missed.reason, []).append(missed.rule)
    missing = "; ".join(f"{' '.join(rules)} ({reason})" for reason, rules in by_reason.items())
    return [printable(f"  {head}: {' '.join(game.checked) or 'none'}"),
            printable(f"  not checked: {missing or 'none'}")]


def _side(name: str, side: SideReport) -> str:
    melds = f"melds {side.melds}" if side.counted else "melds not counted"
    return f"{name} {side.score} (cards {side.cards}, {melds})"


def render_table_scores(game: TableGameReport | SeatGameReport) -> str:
    """A table game's battles (the dealer, the contract, each scorer's score) and totals:

    ``  battle 1 (dealer N): E bid 530, trump ♠, EW made: NS 270 (cards 210, melds 60), EW 820
    (cards 290, melds 530)``; at a table of seats each for himself, by seat (``N 200 (cards
    140, melds 60), E 220 (...), W 510 (...)``)."""
    tags = game.tags
    seats = (("North", "East", "South", "West") if isinstance(game, TableGameReport) else
             tuple(Seat(letter).word for letter in game.scores))
    who = ""
    if any(seat in tags for seat in seats):
        who = printable(" (" + ", ".join(f"{seat} {tags.get(seat, '?')}" for seat in seats)
                        + ")")
    lines = [f"{printable(game.file)}: game {game.game}{who}, {game.ruleset['Ruleset']}: "
             f"{plural(len(game.battles), 'battle')}"]
    for b in game.battles:
        head = f"  battle {b.battle} (dealer {b.dealer}): "
        unchecked = ("" if b.deal_checked else ", score sheet" if not b.tricks and b.complete
                     and not b.thrown_in else ", deal not recorded")
        if b.thrown_in:
            lines.append(f"{head}thrown in, nobody bid: no score{unchecked}")
            continue
        if b.bidder is None:
            lines.append(f"{head}no contract: not scored{unchecked}")
            continue
        results = b.scorers()
        bidders = b.bidders
        made = dict(results)[bidders]
        verdict = "made" if made.made >= (b.bid or 0) else "set"
        end = "" if b.complete else ", unfinished"
        scores = ", ".join(_side(name, result) for name, result in results)
        lines.append(f"{head}{b.bidder} bid {b.bid}, trump {b.trump or '?'}, {bidders} "
                     f"{verdict}: {scores}{end}{unchecked}")
    won = "" if game.winner is None else f"; {game.winner} wins"
    totals = ", ".join(f"{name} {total}" for name, total in game.scorers())
    lines.append(f"  game: {totals}{won}")
    lines += render_coverage(game)
    return "\n".join(lines)


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


__all__ = ["BattleReport", "Counts", "FileReport", "GameReport", "MAX_ERRORS", "NotCheckedRule",
           "Report",
           "ReportFinding", "SCHEMA_VERSION", "SideReport", "SideScore", "Summary",
           "SeatBattleReport", "SeatGameReport", "SyntaxErrorReport", "TableBattleReport",
           "TableGameReport",
           "exit_status", "plural", "render_finding",
           "render_coverage", "render_omitted", "render_scores", "render_strict", "render_summary",
           "render_table_scores", "report_schema", "validate_game"]
