"""``pinochle validate``'s command line (typer): its arguments and options, read and handed to
``validate.run_validate`` (the command itself, ``cli/validate.py``). A plain command line is read
without typer, by ``cli/fast.py`` from the table ``cli/optiontable.py`` made from this command.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pinochle.adjudicator import MAX_ERRORS
from pinochle.cli import inputs
from pinochle.cli.validate import CLUSTER_WAIT, Form, run_validate

#: What ``validate`` reads.
Paths = Annotated[list[str], typer.Argument(
    metavar="PATH...", show_default=False,
    help="Record files (.pin; compressed .gz, .bz2, .xz, .zst too), folders (every *.pin and "
         "*.pin.gz ... under them) or - for standard input.")]


def validate(
    paths: Paths,
    form: Annotated[Form | None, typer.Option(
        "--format", "-f", show_default=False,
        help="text (the default), json (one JSON report, docs/report-schema.md) or jsonl (one "
             "JSON object a line: a game's report, a syntax error, ..., the summary last).")
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="The same as --format json.")] = False,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", metavar="N", min=1, show_default=False,
        help="Validate in N worker processes (default and at most: one a core; no more than "
             "the input has chunks of work); the report is the same for every N.")] = None,
    cluster: Annotated[str | None, typer.Option(
        "--cluster", metavar="ADDRESS", show_default=False,
        help="Validate on a Dask cluster's workers, its scheduler at ADDRESS "
             "(tcp://HOST:8786; docs/scale.md; pip install 'pinochle-referee[cluster]').")
    ] = None,
    cluster_wait: Annotated[int, typer.Option(
        "--cluster-wait", metavar="SECONDS", min=0,
        help="With --cluster: how long to wait for a worker when the cluster has none (at the "
             "start, or all gone during the run) before stopping with exit 2.")
    ] = int(CLUSTER_WAIT),
    progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress", show_default=False,
        help="A progress line on standard error (default: when it is a terminal).")] = None,
    stats: Annotated[bool | None, typer.Option(
        "--stats/--no-stats", show_default=False,
        help="The closing table on standard error: games, battles, findings by rule and "
             "severity, time, battles/s (default: when it is a terminal).")] = None,
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
    place and the right value; then come the corrected scores. Folders and compressed archives
    are read as they are kept, on every core (-j). Exit status: 0 clean (notices allowed); 1
    errors or warnings; 2 unreadable input (README.md lists them all)."""
    raise typer.Exit(run_validate(paths, None if form is None else form.value, json, jobs,
                                  cluster, progress, stats, strict, quiet, max_errors,
                                  cluster_wait))


def register(app: typer.Typer) -> None:
    app.command("validate")(validate)
