"""``pinochle validate FILE...``: replay game records and report every finding with its rule id.

Each file is read game by game (``iter_games``), so memory stays flat however many games it
holds; ``-`` reads standard input. Text output is compiler-style
(``game.pin:41:12: R9F illegal meld: ...`` with the source line in a gutter and carets), then
the corrected scores of each battle and game; ``--json`` prints one JSON document
(``docs/report-schema.md``), written as the games are replayed. After ``--max-errors``
messages in one file the rest are counted, not shown. The report (findings, syntax errors,
scores, summary) goes to standard output; a file that cannot be read is said on standard error.

Exit status: 0 clean (notices allowed), 1 a finding of severity error or warning (``--strict``:
notices too), 2 input that cannot be read (a missing file, a syntax error); the others of
``cli/exits.py``.
"""

from __future__ import annotations

import io
import json as jsonlib
import sys
from typing import IO, Annotated

import typer

from pinochle.adjudicator.report import (
    MAX_ERRORS, SCHEMA_VERSION, FileReport, SyntaxErrorReport, Summary, add_game, exit_status,
    render_game, render_omitted, render_strict, render_summary, validate_game,
)
from pinochle.cli import inputs
from pinochle.cli.exits import say
from pinochle.notation.errors import NotationError
from pinochle.notation.events import Game
from pinochle.notation.reader import iter_games
from pinochle.notation.source import SourceLines


def _syntax_errors(errors: list[NotationError], name: str) -> list[SyntaxErrorReport]:
    return [SyntaxErrorReport(file=e.filename or name, line=e.line or 0, column=e.column or 0,
                              message=e.message, snippet=e.snippet) for e in errors]


class _Run:
    """One invocation: the files in order, a summary, text or JSON written as it goes."""

    def __init__(self, out: IO[str], as_json: bool, quiet: bool,
                 max_errors: int = MAX_ERRORS) -> None:
        self.out = out
        self.as_json = as_json
        self.quiet = quiet
        self.max_errors = max_errors
        self.summary = Summary()
        self.line_open = False      # the output so far does not end with a newline
        self.room = 0               # how many more messages the current file may show
        self.omitted = 0            # messages of the current file not shown

    def write(self, text: str) -> None:
        if text:
            self.out.write(text)
            self.line_open = not text.endswith("\n")

    def end_line(self) -> None:
        """End the output's last line (an internal error cuts a JSON report short)."""
        if self.line_open:
            self.write("\n")

    def files(self, names: list[str]) -> None:
        self.begin()
        for i, name in enumerate(names):
            if self.as_json and i:
                self.write(",")
            self.file(name)

    def begin(self) -> None:
        if self.as_json:
            self.write(f'{{"schema_version":{SCHEMA_VERSION},"files":[')

    def take(self, items: list) -> list:
        """The first of ``items`` that the file still has room to show; the rest counted."""
        if not self.max_errors:
            return items
        shown = items[:self.room]
        self.room -= len(shown)
        self.omitted += len(items) - len(shown)
        return shown

    def file(self, name: str) -> None:
        label = inputs.label(name)
        try:
            raw = inputs.open_input(name)
        except OSError as error:
            self.count_file()
            self.unreadable(label, f"cannot read the file: {error.strerror or error}")
            return
        self.read(label, raw)

    def count_file(self) -> None:
        self.summary = self.summary.model_copy(update={"files": self.summary.files + 1})
        self.room, self.omitted = self.max_errors, 0

    def read(self, label: str, raw: IO[bytes]) -> None:
        """One input, open (``raw``, closed afterwards), named ``label`` in the report."""
        self.count_file()
        if self.as_json:
            self.write(f'{{"file":{jsonlib.dumps(label, ensure_ascii=False)},"games":[')
        syntax: list[SyntaxErrorReport] = []
        source = SourceLines(raw)
        first = True
        try:
            for number, item in enumerate(iter_games(source, label), 1):
                if isinstance(item, NotationError):
                    syntax.extend(self.syntax(item, label))
                    continue
                first = self.game(item, label, number, source, first)
        finally:
            raw.close()
        if self.as_json:
            errors = ",".join(s.model_dump_json() for s in syntax)
            self.write(f'],"syntax_errors":[{errors}],"omitted":{self.omitted},"error":null}}')
        elif self.omitted:
            self.write(render_omitted(label, self.omitted, self.max_errors) + "\n")

    def unreadable(self, name: str, message: str) -> None:
        self.summary = self.summary.model_copy(
            update={"unreadable_files": self.summary.unreadable_files + 1})
        say("validate", f"{name}: {message}")
        if self.as_json:
            report = FileReport(file=name, games=[], syntax_errors=[], error=message)
            self.write(report.model_dump_json())

    def syntax(self, error: NotationError, name: str) -> list[SyntaxErrorReport]:
        self.summary = self.summary.model_copy(
            update={"syntax_errors": self.summary.syntax_errors + len(error.errors)})
        shown = self.take(error.errors)
        if not self.as_json:
            for each in shown:
                if each.filename is None:
                    each.filename = name
                self.write(each.describe().rstrip("\n") + "\n")
        return _syntax_errors(shown, name)

    def game(self, game: Game, name: str, number: int, source: SourceLines, first: bool) -> bool:
        report = validate_game(game, name, number)
        self.summary = add_game(self.summary, report)
        shown = self.take(report.findings)
        if len(shown) < len(report.findings):
            report = report.model_copy(update={"findings": shown})
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
            if strict and status == 1 and self.summary.notices:
                self.write(render_strict(self.summary) + "\n")
        return status


def json_report(raw: IO[bytes], name: str, strict: bool = False,
                max_errors: int = 0) -> tuple[str, Summary]:
    """What ``pinochle validate --json`` prints for one input (``raw``, read and closed, named
    ``name``; every finding unless ``max_errors``), and its summary: the service's
    ``/v1/validate`` answers with this (service/api.py)."""
    out = io.StringIO()
    run = _Run(out, True, False, max_errors)
    run.begin()
    run.read(name, raw)
    run.finish(strict)
    return out.getvalue(), run.summary


def validate(
    files: inputs.Files,
    json: Annotated[bool, typer.Option("--json", help="Print one JSON report "
                                       "(docs/report-schema.md).")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Exit 1 on notices too (e.g. a battle whose deal is not recorded), "
        "and say which.")] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Text output: findings and the summary only, no scores.")] = False,
    max_errors: Annotated[int, inputs.max_errors_option("findings and syntax errors")
                          ] = MAX_ERRORS,
) -> None:
    """Replay records; report every finding with its rule id.

    Every illegal play or meld, irregularity and miscount: each finding gives its rule id, its
    place and the right value; then come the corrected scores. Exit status: 0 clean (notices
    allowed); 1 errors or warnings; 2 unreadable input (README.md lists them all)."""
    run = _Run(sys.stdout, json, quiet, max_errors)
    try:
        run.files(files)
    except Exception:
        run.end_line()   # a JSON report cut short still ends its line
        raise
    status = run.finish(strict)
    sys.stdout.flush()
    raise typer.Exit(status)


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
