"""``pinochle conformance DIR``: run a directory of fixtures against the engine.

Prints one row per case (PASS or FAIL, the case id, and for a failure each difference as
``expected X, got Y``), then ``N passed, M failed``. Exit status 0 when every case passes, 1
otherwise, 2 when DIR holds no fixture at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pinochle.conformance.runner import run_directory
from pinochle.notation.errors import PinochleError


def conformance(
    directory: Annotated[Path, typer.Argument(help="A folder of fixtures (*.json), searched "
                                              "recursively; e.g. corpus/rulebook.")],
) -> None:
    """Check fixtures against the engine: a pass/fail table, then a summary."""
    if not directory.is_dir():
        raise PinochleError(f"{directory}: not a directory of fixtures")
    outcomes = run_directory(directory)
    if not outcomes:
        raise PinochleError(f"{directory}: no fixture (*.json) found")
    width = max(len(o.id) for o in outcomes)
    for outcome in outcomes:
        status = "PASS" if outcome.passed else "FAIL"
        typer.echo(f"{status}  {outcome.id:<{width}}  {outcome.path}")
        for difference in outcome.differences:
            typer.echo(f"      {difference}")
    failed = sum(not o.passed for o in outcomes)
    typer.echo(f"{len(outcomes) - failed} passed, {failed} failed")
    raise typer.Exit(1 if failed else 0)


def register(app: typer.Typer) -> None:
    app.command("conformance")(conformance)
