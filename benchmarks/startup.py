"""Cold start of the ``pinochle`` command (at most 0.15 s for ``pinochle
validate one.pin`` and a typical ``pinochle melds`` call, on the project's 2-core machine).

Runs the console script (``pinochle`` beside this Python), in a new process each time, ``N``
times per command (default 7), and prints the median wall time against the target; then, for
each command, the 15 largest cumulative imports that ``python -X importtime`` reports (in ms),
so that the output says where the start-up goes.

The times are those of an installed package, whose modules' bytecode is compiled once (pip
compiles it at install time): the runs use a private bytecode cache (``PYTHONPYCACHEPREFIX``,
filled by one run first). Where ``PYTHONDONTWRITEBYTECODE`` is set and the project's own
modules have no cached bytecode (an editable install in such an environment), every start also
compiles them from source: a line says what such a start costs as well.

    .venv/bin/python benchmarks/startup.py [--repeat 7]

Last, where a start of ``pinochle validate`` goes: the same run in one process, timed in steps
(best of ``N``): the interpreter, the record and finding classes, the rest of the command's
modules, and the run itself; and whether the run imported pydantic (it should not: the values
are ``notation/plain.py``'s, and pydantic comes in only to write or read JSON).

``benchmarks/archive.py`` prints the same lines (``cold_start``).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PINOCHLE = str(Path(sys.executable).with_name("pinochle"))

#: The cold-start target, in seconds.
TARGET = 0.15

#: What is timed: a name, and the command line after ``pinochle`` (run in the checkout).
COMMANDS = [
    ("validate", ["validate", "corpus/games/club-night.pin"]),
    ("melds", ["melds", "corpus/games/old-time-evening.pin", "--battle", "1", "--trick", "8",
               "--seat", "W", "--meld", "♥M"]),
]

#: How many imports the ``-X importtime`` table shows per command.
TOP = 15

_IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def _environment(cache: str | None) -> dict[str, str]:
    """The children's environment: with ``cache``, bytecode read from and written to that
    folder; without it, the environment as it is."""
    env = dict(os.environ)
    if cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    return env


def _run(argv: list[str], env: dict[str, str]) -> float:
    """One run of ``argv`` (output discarded); its wall time in seconds."""
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def times(args: list[str], repeat: int, env: dict[str, str]) -> tuple[float, float]:
    """The median and the shortest wall time of ``repeat`` runs of ``pinochle ARGS``, after one
    run not counted (which fills the bytecode cache). (The shortest is the least disturbed by
    other work on a shared machine.)"""
    _run([PINOCHLE, *args], env)
    runs = [_run([PINOCHLE, *args], env) for _ in range(repeat)]
    return statistics.median(runs), min(runs)


def import_times(args: list[str], env: dict[str, str]) -> list[tuple[int, int, str]]:
    """``python -X importtime`` of the console script run with ``args``: every import as
    (cumulative µs, self µs, module), largest cumulative first."""
    done = subprocess.run([sys.executable, "-X", "importtime", PINOCHLE, *args], cwd=ROOT,
                          env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    found = (_IMPORT_LINE.match(line) for line in done.stderr.decode("utf-8", "replace")
             .splitlines())
    rows = [(int(m.group(2)), int(m.group(1)), m.group(4)) for m in found if m]
    return sorted(rows, key=lambda row: -row[0])


#: The steps of a ``validate`` start, each with what it imports (``phases``).
PHASES = [
    ("the console script's fast reading (cli/fast.py)", "import pinochle.cli.fast"),
    ("the record and finding classes (plain values: notation/plain.py)",
     "import pinochle.notation.events, pinochle.notation.nodes, "
     "pinochle.adjudicator.model.findings"),
    ("the reader, the engine, the report and the CLI", "import pinochle.cli.validate"),
    ("the run: the reading, the replay, the report", "RUN"),
]

_PHASE_SCRIPT = """
import sys, time
times = []
for code in sys.argv[1].split("\\n"):
    start = time.perf_counter()
    if code == "RUN":
        from pinochle.cli import fast
        fast.run(sys.argv[2:])
        sys.stdout.flush()
    else:
        exec(code)
    times.append(time.perf_counter() - start)
print(" ".join(repr(t) for t in times), int("pydantic" in sys.modules), file=sys.stderr)
"""


def phases(args: list[str], repeat: int, env: dict[str, str]) -> list[str]:
    """Where a start of ``pinochle ARGS`` goes, step by step (``PHASES``), best of
    ``repeat`` runs, as lines."""
    python = min(_run([sys.executable, "-c", "pass"], env) for _ in range(repeat))
    steps = "\n".join(code for _, code in PHASES)
    runs = []
    for _ in range(repeat + 1):
        done = subprocess.run([sys.executable, "-c", _PHASE_SCRIPT, steps, *args], cwd=ROOT,
                              env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, check=True)
        *seconds, pydantic = done.stderr.decode().split()
        runs.append([float(t) for t in seconds])
    best = [min(run[i] for run in runs[1:]) for i in range(len(PHASES))]
    lines = [f"where a start of pinochle {' '.join(args)} goes (best of {repeat}, ms):",
             f"  {python * 1000:6.1f}  the interpreter (python -c pass)"]
    lines += [f"  {seconds * 1000:6.1f}  {name}" for (name, _), seconds in zip(PHASES, best)]
    lines.append(f"  pydantic imported: {'yes' if int(pydantic) else 'no'} (the text report "
                 f"needs none of it)")
    return lines


def _verdict(seconds: float) -> str:
    return "target met" if seconds <= TARGET else "not met"


def cold_start(repeat: int = 7) -> list[str]:
    """The lines this benchmark prints: for each command, its median cold start against the
    target, and its largest imports."""
    lines = [f"cold start of the console script ({PINOCHLE}), median of {repeat} runs, "
             f"target {TARGET:.2f} s:"]
    uncached = os.environ.get("PYTHONDONTWRITEBYTECODE")
    with tempfile.TemporaryDirectory(prefix="pinochle-pyc-") as cache:
        env = _environment(cache)
        python = statistics.median(_run([sys.executable, "-c", "pass"], env)
                                   for _ in range(repeat))
        lines.append(f"  python -c pass: {python:.3f} s (the interpreter alone)")
        tables = []
        for name, args in COMMANDS:
            seconds, best = times(args, repeat, env)
            lines.append(f"  pinochle {' '.join(args)}: {seconds:.3f} s ({_verdict(seconds)}; "
                         f"best {best:.3f} s)")
            if uncached:
                raw, best = times(args, repeat, _environment(None))
                lines.append(f"    as this environment runs it (PYTHONDONTWRITEBYTECODE set: "
                             f"modules without cached bytecode compiled at each start): "
                             f"{raw:.3f} s (best {best:.3f} s)")
            tables.append((name, import_times(args, env)))
    for name, rows in tables:
        total = sum(own for _, own, _ in rows)
        lines.append(f"largest imports of pinochle {name} (python -X importtime, cumulative ms; "
                     f"all imports {total / 1000:.0f} ms, self times added):")
        lines += [f"  {cumulative / 1000:7.1f}  {module}" for cumulative, _, module in rows[:TOP]]
    with tempfile.TemporaryDirectory(prefix="pinochle-pyc-") as cache:
        lines += phases(COMMANDS[0][1], repeat, _environment(cache))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs per command (default 7)")
    options = parser.parse_args()
    for line in cold_start(options.repeat):
        print(line, flush=True)


if __name__ == "__main__":
    main()
