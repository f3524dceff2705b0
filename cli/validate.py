"""``pinochle validate PATH...``: replay game records and report every finding with its rule id.

PATH is a record file, a folder (every record file under it), a compressed file (gzip, bzip2,
xz, zstd) or ``-`` for standard input; all are read as they come, never whole. The games are
validated in ``-j N`` worker processes (default: one a core), or on a Dask cluster's workers
(``--cluster``), and reported in input order: the report is the same, byte for byte, whatever
``-j`` (``batch/``: the report, the chunks, the pools; ``cli/runner.py``, ``cli/jobs.py``).
Text output is compiler-style (``game.pin:41:12: R9F illegal meld: ...`` with the source line
in a gutter and carets), then
the corrected scores of each battle and game; ``--format json`` (``--json``) prints one JSON
document (``docs/report-schema.md``), ``--format jsonl`` one JSON object a line, both written as
the games are replayed. After ``--max-errors`` messages in one file the rest are counted, not
shown. The report goes to standard output; a file that cannot be read is said on standard
error, and so are, when it is a terminal, the progress line and the closing table (games,
battles, findings by rule and severity, time, battles per second).

The command line is read in ``cli/validate_command.py`` (typer) or, when it is plain,
``cli/fast.py``; both call ``run_validate`` here, which imports no typer.

Exit status: 0 clean (notices allowed), 1 a finding of severity error or warning (``--strict``:
notices too), 2 input that cannot be read (a missing file, a syntax error); the others of
``cli/exits.py``.
"""

from __future__ import annotations

import itertools
import os
import sys
from enum import Enum
from typing import IO, Any

from pinochle.adjudicator import MAX_ERRORS
from pinochle.batch.chunks import LINES, Settings
from pinochle.batch.pools import Pool
from pinochle.cli.exits import UsageProblem, echo, notice
from pinochle.cli.jobs import Here
from pinochle.cli.progress import Progress
from pinochle.cli.runner import Run, sizes


#: The largest file a worker process reads itself, whole (bytes as stored): an archive's files
#: are mostly smaller, and their reading and decompressing is then shared by the workers instead
#: of done by the command's own process, whose work the workers wait for.
WHOLE = 256 * 1024


#: How long ``--cluster`` waits for a worker to join a cluster that has none (seconds).
CLUSTER_WAIT = 60


class Form(str, Enum):
    text = "text"
    json = "json"
    jsonl = "jsonl"


class _Run(Run):
    """A run over files as ``benchmarks/validate.py`` drives it (in this process)."""

    def __init__(self, out: IO[str], as_json: bool, quiet: bool,
                 max_errors: int = MAX_ERRORS) -> None:
        super().__init__(out, Settings("json" if as_json else "text", not quiet), max_errors)

    def files(self, names: list[str]) -> None:
        self.run(self.chunks(names, count=False))


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _workers(jobs: int | None) -> int:
    """How many worker processes at most: ``-j``'s number (default: one a core), never more
    than the cores this process may run on (more would only share them, at a process's memory
    each), which is said when ``-j`` asked for more."""
    limit = cores()
    if jobs is not None and jobs > limit:
        notice("validate", f"-j {jobs}: {limit} worker process{'es' if limit > 1 else ''}, "
               f"one a core of the {limit} this command may run on")
    return min(jobs or limit, limit)


def _pool(run: Run, names: list[str], jobs: int | None, cluster: str | None,
          wait: float) -> tuple[Any, Pool, int]:
    """The chunks to validate, where (``cli/jobs.py``), and how many may be in flight. Worker
    processes start only for an input of more than one chunk, and no more of them than the
    input has chunks (the first ``-j`` of them are read to know)."""
    if cluster is not None:
        from pinochle.cli.cluster import Cluster

        pool = Cluster(cluster, run.settings, wait)
        return run.chunks(names, LINES * 8), pool, 4 * pool.threads
    wanted = _workers(jobs)
    chunks = run.chunks(names, whole=WHOLE if wanted > 1 else 0, count=wanted > 1)
    first = list(itertools.islice(chunks, wanted))
    chunks = itertools.chain(first, chunks)
    if len(first) > 1:
        from pinochle.cli.jobs import Processes

        return chunks, Processes(len(first), run.settings), 4 * len(first)
    return chunks, Here(run.settings), 1


def run_validate(paths: list[str], form: str | None = None, json: bool = False,
                 jobs: int | None = None, cluster: str | None = None,
                 progress: bool | None = None, stats: bool | None = None, strict: bool = False,
                 quiet: bool = False, max_errors: int = MAX_ERRORS,
                 cluster_wait: float = CLUSTER_WAIT) -> int:
    """``pinochle validate``'s work, the options as the command line gives them (``form``: a
    ``Form``'s value); its exit status."""
    if json and form not in (None, "json"):
        raise UsageProblem(f"--json and --format {form} ask for two formats; give one")
    if cluster is not None and jobs is not None:
        raise UsageProblem("--jobs and --cluster: the cluster's workers do the work; give one")
    chosen = "json" if json else (form or "text")
    run = Run(sys.stdout, Settings(chosen, not quiet), max_errors)
    terminal = sys.stderr.isatty()
    if progress if progress is not None else terminal:
        run.progress = Progress(sys.stderr, *sizes(paths))
    chunks, pool, window = _pool(run, paths, jobs, cluster, cluster_wait)
    try:
        run.run(chunks, pool, window)
    except BaseException:
        pool.close(abort=True)
        if run.progress is not None:
            run.progress.clear()
        run.end_line()   # a JSON report cut short still ends its line
        raise
    pool.close()
    if run.progress is not None:
        run.progress.clear()
    status = run.finish(strict)
    sys.stdout.flush()
    if stats if stats is not None else terminal:
        echo(run.tally.table(run.seconds()), err=True)
    return status
