"""``pinochle examples``: write the rulebook's worked examples as conformance fixtures.

For each example of east-point.txt (tricks, M1-M7, R9A, C4, V2-V4), and each explicit statement
of old-time-two-handed.txt (OT2A-OT9G, under ``old-time/``), a game record reached by legal play
and the verdict an engine must give (see ``docs/fixtures.md``), plus ``index.json``.
The output is deterministic: regenerating gives identical files.

Without ``--out`` the corpus goes to ``corpus/rulebook`` of the source checkout the command runs
from (never under the current folder by chance); installed without a checkout, ``--out`` is
required. The message names the folder written, as an absolute path.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from pinochle.cli.exits import UsageProblem
from pinochle.conformance.corpus import checkout_corpus, write
from pinochle.notation.errors import PinochleError


def target(out: Optional[str]) -> Path:
    """The folder to write: ``--out`` (not empty, not a file), else the checkout's corpus."""
    if out is None:
        found = checkout_corpus()
        if found is None:
            raise UsageProblem("--out is required: this installation has no source checkout "
                               "whose corpus/rulebook it could rewrite")
        return found
    if not out.strip():
        raise UsageProblem("--out: the path is empty; give a folder, e.g. --out fixtures")
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise UsageProblem(f"--out: {out} is a file, not a folder")
    return path


def examples(
    out: Annotated[Optional[str], typer.Option(
        "--out", metavar="DIR", show_default=False,
        help="The folder to write (created if needed). Default: corpus/rulebook of the source "
             "checkout.")] = None,
) -> None:
    """Write the rulebooks' examples as fixtures."""
    folder = target(out).resolve()
    try:
        written = write(folder)
    except OSError as error:
        where = error.filename or folder
        raise PinochleError(f"cannot write {where}: {error.strerror or error}") from None
    fixtures = sum(1 for p in written if p.suffix == ".json" and p.name != "index.json")
    records = sum(1 for p in written if p.suffix == ".pin")
    typer.echo(f"wrote {fixtures} fixtures and {records} records under {folder}")


def register(app: typer.Typer) -> None:
    app.command("examples")(examples)
