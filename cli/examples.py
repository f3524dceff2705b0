"""``pinochle examples``: write the rulebook's worked examples as conformance fixtures.

For each example of east-point.txt (tricks, M1-M7, R9A, C4, V2-V4) a game record reached by
legal play and the verdict an engine must give (see ``docs/fixtures.md``), plus ``index.json``.
The output is deterministic: regenerating gives identical files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pinochle.conformance.corpus import DEFAULT_OUT, write


def examples(
    out: Annotated[Path, typer.Option("--out", help="Where to write the corpus.")] = DEFAULT_OUT,
) -> None:
    """Write the rulebook's examples as fixtures (records and expected verdicts)."""
    written = write(out)
    fixtures = sum(1 for p in written if p.suffix == ".json" and p.name != "index.json")
    records = sum(1 for p in written if p.suffix == ".pin")
    typer.echo(f"wrote {fixtures} fixtures and {records} records under {out}")


def register(app: typer.Typer) -> None:
    app.command("examples")(examples)
