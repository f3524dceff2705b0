"""``pinochle conformance DIR``: run a directory of fixtures against the engine.

Prints one row per case (PASS or FAIL, the case id, and for a failure each difference as
``expected X, got Y``), then ``N passed, M failed``. Exit status 0 when every case passes, 1
otherwise, 2 when DIR is not a folder or holds no fixture at all (no ``*.json``, or none of them
a fixture: then one line says so, naming one of them and why).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pinochle.adjudicator import plural
from pinochle.cli.exits import FINDINGS, OK
from pinochle.conformance.runner import run_directory
from pinochle.notation.errors import PinochleError
from pinochle.notation.snippets import printable


def conformance(
    directory: Annotated[Path, typer.Argument(
        metavar="DIR", show_default=False,
        help="A folder of fixtures (*.json), searched recursively; e.g. corpus/rulebook.")],
) -> None:
    """Check a folder of fixtures against the engine."""
    if not directory.is_dir():
        raise PinochleError(f"{directory}: not a folder of fixtures")
    outcomes = run_directory(directory)
    if not outcomes:
        raise PinochleError(f"{directory}: no fixture (*.json) found")
    if not any(o.loaded for o in outcomes):
        files = plural(len(outcomes), "JSON file")
        raise PinochleError(f"{directory}: no fixture among its {files}; e.g. "
                            f"{outcomes[0].differences[0]}")
    width = max(len(printable(o.id)) for o in outcomes)
    for outcome in outcomes:
        status = "PASS" if outcome.passed else "FAIL"
        typer.echo(f"{status}  {printable(outcome.id):<{width}}  {printable(outcome.path)}")
        for difference in outcome.differences:
            typer.echo("\n".join(f"      {printable(line)}" for line in difference.splitlines()))
    failed = sum(not o.passed for o in outcomes)
    typer.echo(f"{len(outcomes) - failed} passed, {failed} failed")
    raise typer.Exit(FINDINGS if failed else OK)


def register(app: typer.Typer) -> None:
    app.command("conformance")(conformance)
