"""``pinochle fmt FILE...``: print records in canonical form (docs/notation.md §3).

``--check`` prints nothing when every file is already canonical, else lists the files that are
not (exit 1). ``-`` reads standard input. A file that cannot be read or parsed is reported on
standard error, compiler-style (``file:line:col: message``, the source line, a caret), every
syntax error of it, and makes the exit status 2; the other files are still done.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from pinochle.notation.errors import NotationError
from pinochle.notation.events import Record
from pinochle.notation.reader import parse_bytes
from pinochle.notation.writer import dumps

STDIN = "-"


def _read_text(name: str) -> tuple[str | None, Record]:
    """The file's text as it is (None when it is not UTF-8) and its parsed record."""
    if name == STDIN:
        data = sys.stdin.buffer.read()
    else:
        with open(name, "rb") as handle:
            data = handle.read()
    record = parse_bytes(data, "<stdin>" if name == STDIN else name)
    try:
        return data.decode("utf-8"), record
    except UnicodeDecodeError:  # pragma: no cover - the reader has reported it already
        return None, record


def fmt(
    files: Annotated[list[str], typer.Argument(help="Record files (.pin); - for standard input.",
                                               show_default=False)],
    check: Annotated[bool, typer.Option("--check", help="Print nothing; exit 1 and list the "
                                        "files that are not in canonical form.")] = False,
) -> None:
    """Print each record in canonical form (or, with --check, list those that are not)."""
    status = 0
    not_canonical: list[str] = []
    for name in files:
        try:
            text, record = _read_text(name)
            canonical = dumps(record)
        except NotationError as error:
            for each in error.errors:
                print(each.describe(), file=sys.stderr)
            status = 2
            continue
        except OSError as error:
            print(f"{name}: cannot read: {error.strerror or error}", file=sys.stderr)
            status = 2
            continue
        if check:
            if text != canonical:
                not_canonical.append("<stdin>" if name == STDIN else name)
        else:
            sys.stdout.write(canonical)
    for name in not_canonical:
        print(name)
    if status == 0 and not_canonical:
        status = 1
    raise typer.Exit(status)


def register(app: typer.Typer) -> None:
    app.command("fmt")(fmt)
