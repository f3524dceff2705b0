"""``pinochle fmt FILE...``: records in canonical form (docs/notation.md §3), game by game.

Each file is read with ``iter_games`` over a ``SourceLines`` (the same reading as ``validate``),
one game at a time, so memory stays flat and the first game is out at once however long the
file. Each game's canonical text is compared with the source lines it came from, so that
``--check`` knows whether the file is canonical without holding it.

- no option: print the canonical form to standard output;
- ``--check``: print nothing; ``would reformat FILE`` for each file that is not canonical;
- ``--diff``: a unified diff of what would change, on standard output (with ``would reformat``);
- ``--write``: rewrite the files that are not canonical in place, atomically (a temporary file
  beside it, then a rename), ``reformatted FILE`` for each; a compressed or read-only file is
  refused (exit 2), never replaced by plain text or behind its mode's back.

Messages and, with an option, a closing summary go to standard error. A syntax error is
reported compiler style (every one, up to ``--max-errors`` a file); nothing of a file is printed
after its first error, and a file with errors is never rewritten. Exit status: 0 done (or, with
``--check``/``--diff``, every file canonical); 1 a file would be reformatted (``--check``,
``--diff``); 2 a file that cannot be read or written, or has a syntax error; the others of
``cli/exits.py``.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from difflib import SequenceMatcher
from typing import IO, Annotated

import typer

from pinochle.adjudicator import MAX_ERRORS, plural, render_omitted
from pinochle.cli import compressed
from pinochle.cli.exits import FINDINGS, OK, UNREADABLE, UsageProblem, say, say_notation
from pinochle.cli.inputs import STDIN, Files, label, max_errors_option, open_input
from pinochle.notation.errors import NotationError
from pinochle.notation.reader import iter_games
from pinochle.notation.snippets import printable
from pinochle.notation.source import SourceLines
from pinochle.notation.writer import dumps

CHANGED, UNCHANGED, FAILED = "changed", "unchanged", "failed"


def _range(start: int, length: int) -> str:
    """A unified diff's line range (``start`` 0-based), as ``difflib`` writes it."""
    first = start + 1 if length else start
    return str(first) if length == 1 else f"{first},{length}"


def hunks(old: list[str], new: list[str], old_at: int, new_at: int) -> Iterator[str]:
    """The unified-diff hunks turning ``old`` into ``new``, numbered as if they started after
    line ``old_at`` and ``new_at`` of their files."""
    for group in SequenceMatcher(None, old, new, autojunk=False).get_grouped_opcodes(3):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        yield f"@@ -{_range(old_at + i1, i2 - i1)} +{_range(new_at + j1, j2 - j1)} @@\n"
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                yield from (f" {line}\n" for line in old[a1:a2])
                continue
            yield from (f"-{line}\n" for line in old[a1:a2])
            yield from (f"+{line}\n" for line in new[b1:b2])


class _File:
    """One file formatted game by game: the canonical text goes to ``out`` (if any), and each
    game's text is compared with the source lines it came from (``diff`` prints the changes)."""

    def __init__(self, name: str, out: IO[str] | None, diff: bool, max_errors: int) -> None:
        self.name = name
        self.out = out
        self.diff = diff
        self.max_errors = max_errors
        self.same = True          # every game so far reads exactly as its canonical text
        self.errors = 0
        self.done = 0             # source lines compared so far
        self.written = 0          # canonical lines so far
        self.headed = False       # the diff's file header is out

    def run(self, raw: IO[bytes]) -> str:
        source = SourceLines(raw)
        for item in iter_games(source, self.name):
            if isinstance(item, NotationError):
                self.report(item)
            elif not self.errors:
                self.game(item.span.end_line, dumps(item), source)
        if self.errors:
            if self.max_errors and self.errors > self.max_errors:
                typer.echo(render_omitted(self.name, self.errors - self.max_errors,
                                          self.max_errors), err=True)
            return FAILED
        last = source.first + len(source.lines) - 1
        self.compare(source, last, [])       # lines after the last game: none in canonical form
        if self.diff and not source.exact:
            typer.echo(f"{printable(self.name)}: its line ends (\\r\\n or \\r), a byte-order "
                       "mark or a missing last line end change too; the diff shows lines only",
                       err=True)
        return UNCHANGED if self.same and source.exact else CHANGED

    def report(self, error: NotationError) -> None:
        before, self.errors = self.errors, self.errors + len(error.errors)
        room = len(error.errors) if not self.max_errors else max(0, self.max_errors - before)
        say_notation("fmt", error.errors[:room])

    def game(self, end_line: int, text: str, source: SourceLines) -> None:
        if self.written:
            text = "\n" + text              # one blank line between games
        if self.out is not None:
            self.out.write(text)
            self.out.flush()                # a game is out as soon as it is read
        self.compare(source, end_line, text.split("\n")[:-1])
        source.forget_before(end_line + 1)

    def compare(self, source: SourceLines, end_line: int, canonical: list[str]) -> None:
        """Compare source lines ``done + 1 .. end_line`` with ``canonical``."""
        old = [source.line(n) for n in range(self.done + 1, end_line + 1)]
        if old != canonical:
            self.same = False
            if self.diff and None not in old:
                self.print_diff(old, canonical)  # type: ignore[arg-type]
        self.done = max(self.done, end_line)
        self.written += len(canonical)

    def print_diff(self, old: list[str], new: list[str]) -> None:
        for line in hunks(old, new, self.done, self.written):
            if not self.headed:
                name = printable(self.name)
                sys.stdout.write(f"--- {name}\n+++ {name}\n")
                self.headed = True
            sys.stdout.write(line)


def _open(name: str) -> IO[bytes] | None:
    """The file to read (standard input for ``-``), or None when it cannot be opened (said)."""
    try:
        return open_input(name)
    except OSError as error:
        say("fmt", f"{label(name)}: cannot read the file: {error.strerror or error}")
        return None


def _format(name: str, raw: IO[bytes], out: IO[str] | None, diff: bool,
            max_errors: int) -> str:
    """Format the open file ``raw`` (then closed): CHANGED, UNCHANGED or FAILED."""
    try:
        return _File(label(name), out, diff, max_errors).run(raw)
    except NotationError as error:          # a game the writer refuses
        say_notation("fmt", error.errors)
        return FAILED
    finally:
        raw.close()


def _refusal(path: str, raw: IO[bytes]) -> str | None:
    """Why ``--write`` does not rewrite the file at ``path`` (open as ``raw``), or None: it is
    compressed (it would be written back as plain text under its name), or its mode forbids
    writing it (the rename beside it would not ask: editors refuse too; root, who may write
    anything, is refused a file with no write bit at all)."""
    if isinstance(raw, compressed.Decompressed):
        return (f"it is {raw.form}-compressed; --write rewrites plain text only (decompress it, "
                "format it, compress it again)")
    mode = os.stat(path).st_mode
    if not mode & 0o222 or (os.geteuid() != 0 and not os.access(path, os.W_OK)):
        return f"it is read-only (mode {stat.S_IMODE(mode):04o}); --write does not rewrite it"
    return None


def _rewrite(name: str, raw: IO[bytes], max_errors: int) -> str:
    """Format ``name`` into a temporary file beside it; rename it over ``name`` if it differs."""
    path = os.path.realpath(name)
    try:
        refused = _refusal(path, raw)
    except OSError as error:
        refused = f"cannot read the file: {error.strerror or error}"
    if refused is not None:
        raw.close()
        say("fmt", f"{label(name)}: not rewritten: {refused}")
        return FAILED
    try:
        handle = tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", newline="\n", dir=os.path.dirname(path),
            prefix=f".{os.path.basename(path)}.", suffix=".tmp", delete=False)
    except OSError as error:
        raw.close()
        say("fmt", f"{name}: cannot write beside the file: {error.strerror or error}")
        return FAILED
    try:
        with handle:
            outcome = _format(name, raw, handle, False, max_errors)
        if outcome == CHANGED:
            os.chmod(handle.name, os.stat(path).st_mode & 0o7777)
            os.replace(handle.name, path)
        return outcome
    except OSError as error:
        say("fmt", f"{name}: cannot write: {error.strerror or error}")
        return FAILED
    finally:
        if os.path.exists(handle.name):
            os.unlink(handle.name)


_SAID = {"check": "would reformat", "diff": "would reformat", "write": "reformatted"}
_SUMMARY = {"check": ("would be reformatted", "already canonical"),
            "diff": ("would be reformatted", "already canonical"),
            "write": ("reformatted", "left unchanged")}


def summary(mode: str, outcomes: list[str]) -> str:
    """``2 files would be reformatted, 1 file already canonical``: the counts that are not 0."""
    changed, unchanged = _SUMMARY[mode]
    parts = [(CHANGED, changed), (UNCHANGED, unchanged), (FAILED, "not formatted (errors)")]
    return ", ".join(f"{plural(outcomes.count(outcome), 'file')} {words}"
                     for outcome, words in parts if outcome in outcomes)


def fmt(
    files: Files,
    check: Annotated[bool, typer.Option(
        "--check", help="Print nothing; say which files would be reformatted (exit 1 if "
        "any).")] = False,
    diff: Annotated[bool, typer.Option(
        "--diff", help="Print a unified diff of what would change (exit 1 if anything "
        "would).")] = False,
    write: Annotated[bool, typer.Option(
        "--write", "-w", help="Rewrite the files that are not canonical, in place.")] = False,
    max_errors: Annotated[int, max_errors_option("syntax errors")] = MAX_ERRORS,
) -> None:
    """Canonical form: print, check, diff or rewrite records."""
    if write and (check or diff):
        raise UsageProblem("--write cannot be combined with --check or --diff")
    if write and STDIN in files:
        raise UsageProblem("--write rewrites files in place; standard input (-) cannot be")
    mode = "write" if write else "diff" if diff else "check" if check else ""
    outcomes = []
    for name in files:
        raw = _open(name)
        if raw is None:
            outcome = FAILED
        elif write:
            outcome = _rewrite(name, raw, max_errors)
        else:
            outcome = _format(name, raw, None if mode else sys.stdout, diff, max_errors)
        if outcome == CHANGED and mode:
            typer.echo(f"{_SAID[mode]} {printable(label(name))}", err=True)
        outcomes.append(outcome)
    sys.stdout.flush()
    if mode:
        typer.echo(summary(mode, outcomes), err=True)
    status = OK
    if FAILED in outcomes:
        status = UNREADABLE
    elif CHANGED in outcomes and mode in ("check", "diff"):
        status = FINDINGS
    raise typer.Exit(status)


def register(app: typer.Typer) -> None:
    app.command("fmt")(fmt)
