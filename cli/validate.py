"""``pinochle validate FILE...``: replay game records and report every finding with its rule id.

Each file is read game by game (``iter_games``), so memory stays flat however many games it
holds; ``-`` reads standard input. Text output is compiler-style
(``game.pin:41:12: R9F illegal meld: ...`` with the source line and a caret), then the corrected
scores of each battle and game; ``--json`` prints one JSON document (``docs/report-schema.md``),
written as the games are replayed.

Exit status: 0 clean (notices allowed), 1 a finding of severity error or warning (``--strict``:
notices too), 2 input that cannot be read (a missing file, a syntax error), 3 an internal error.
"""

from __future__ import annotations

import json as jsonlib
import sys
from typing import IO, Annotated

import typer

from pinochle.adjudicator.report import (
    FileReport, SyntaxErrorReport, Summary, add_game, exit_status, render_game, render_summary,
    validate_game,
)
from pinochle.notation.errors import NotationError
from pinochle.notation.events import Game
from pinochle.notation.reader import iter_games
from pinochle.notation.source import SourceLines

STDIN = "-"


def _syntax_errors(error: NotationError, name: str) -> list[SyntaxErrorReport]:
    return [SyntaxErrorReport(file=e.filename or name, line=e.line or 0, column=e.column or 0,
                              message=e.message, snippet=e.snippet) for e in error.errors]


class _Run:
    """One invocation: the files in order, a summary, text or JSON written as it goes."""

    def __init__(self, out: IO[str], as_json: bool, quiet: bool) -> None:
        self.out = out
        self.as_json = as_json
        self.quiet = quiet
        self.summary = Summary()
        self.line_open = False      # the output so far does not end with a newline

    def write(self, text: str) -> None:
        if text:
            self.out.write(text)
            self.line_open = not text.endswith("\n")

    def end_line(self) -> None:
        """End the output's last line (an internal error cuts a JSON report short)."""
        if self.line_open:
            self.write("\n")

    def files(self, names: list[str]) -> None:
        if self.as_json:
            self.write('{"schema_version":1,"files":[')
        for i, name in enumerate(names):
            if self.as_json and i:
                self.write(",")
            self.file(name)

    def file(self, name: str) -> None:
        self.summary = self.summary.model_copy(update={"files": self.summary.files + 1})
        shown = "<stdin>" if name == STDIN else name
        try:
            raw: IO[bytes] = sys.stdin.buffer if name == STDIN else open(name, "rb")
        except OSError as error:
            self.unreadable(shown, f"cannot read the file: {error.strerror or error}")
            return
        if self.as_json:
            self.write(f'{{"file":{jsonlib.dumps(shown, ensure_ascii=False)},"games":[')
        syntax: list[SyntaxErrorReport] = []
        source = SourceLines(raw)
        first = True
        try:
            for number, item in enumerate(iter_games(source, shown), 1):
                if isinstance(item, NotationError):
                    syntax.extend(self.syntax(item, shown))
                    continue
                first = self.game(item, shown, number, source, first)
        finally:
            if raw is not sys.stdin.buffer:
                raw.close()
        if self.as_json:
            errors = ",".join(s.model_dump_json() for s in syntax)
            self.write(f'],"syntax_errors":[{errors}],"error":null}}')

    def unreadable(self, name: str, message: str) -> None:
        self.summary = self.summary.model_copy(
            update={"unreadable_files": self.summary.unreadable_files + 1})
        if self.as_json:
            report = FileReport(file=name, games=[], syntax_errors=[], error=message)
            self.write(report.model_dump_json())
        else:
            self.write(f"{name}: {message}\n")

    def syntax(self, error: NotationError, name: str) -> list[SyntaxErrorReport]:
        reports = _syntax_errors(error, name)
        self.summary = self.summary.model_copy(
            update={"syntax_errors": self.summary.syntax_errors + len(reports)})
        if not self.as_json:
            for each in error.errors:
                if each.filename is None:
                    each.filename = name
                self.write(each.describe().rstrip("\n") + "\n")
        return reports

    def game(self, game: Game, name: str, number: int, source: SourceLines, first: bool) -> bool:
        report = validate_game(game, name, number)
        self.summary = add_game(self.summary, report)
        if self.as_json:
            self.write(("" if first else ",") + report.model_dump_json())
        else:
            text = render_game(report, source.line, scores=not self.quiet)
            if text:
                self.write(text + "\n")
        if game.span.end_line:
            source.forget_before(game.span.end_line)
        return False

    def finish(self, strict: bool) -> int:
        status = exit_status(self.summary, strict)
        if self.as_json:
            self.write(f'],"summary":{self.summary.model_dump_json()},"exit_status":{status}}}\n')
        else:
            self.write(render_summary(self.summary) + "\n")
        return status


def validate(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE...", help="Record files (.pin); - reads standard input.")],
    json: Annotated[bool, typer.Option("--json", help="Print one JSON report "
                                       "(docs/report-schema.md).")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Exit 1 on notices too (e.g. a battle whose deal is not recorded).")
    ] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Text output: findings and the summary only, no scores.")] = False,
) -> None:
    """Replay records and report every illegal play or meld, irregularity and miscount.

    Each finding gives its rule id, its place and the right value; then come the corrected
    scores. Exit status: 0 clean (notices allowed); 1 errors or warnings; 2 unreadable input."""
    run = _Run(sys.stdout, json, quiet)
    try:
        run.files(files)
    except (KeyboardInterrupt, BrokenPipeError):
        raise
    except Exception as error:  # a bug: say so plainly, never a traceback
        run.end_line()
        sys.stdout.flush()
        typer.echo(f"pinochle validate: internal error: {type(error).__name__}: {error} "
                   "(please report it with the record)", err=True)
        raise typer.Exit(3) from None
    status = run.finish(strict)
    sys.stdout.flush()
    raise typer.Exit(status)


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
