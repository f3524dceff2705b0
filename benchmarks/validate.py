"""End-to-end speed and memory of ``pinochle validate``, for each ruleset (targets: East Point at
least 1,000 battles a second on one core, aim 2,000; old-time at least 1,500; double-pack and
single-deck at least 1,500 hands a second (issues 28 and 29), a hand being one of its battles: a
deal, the auction, the melds (and the passing) and the tricks; ``--ruleset double-pack`` and
``--ruleset single-deck`` print it against the target).

Writes a large record of simulated legal games (``pinochle simulate``'s games, four battles
each, with deals, winner marks, melds and claims) to a temporary file, game by game. Then it
runs exactly what ``pinochle validate FILE`` runs (read, parse, replay, report, render text),
writing to ``/dev/null``, and prints battles per second, best of ``--repeat``; the same with
``--json``; and the two phases apart (read and parse alone; replay and report alone over
already-parsed games), so the figures say where the time goes. Finally the peak of traced Python
memory (``tracemalloc``) while validating a quarter of the file and the whole file: streaming
means the two peaks are about the same. ``ru_maxrss`` is the process's high-water mark.

    .venv/bin/python benchmarks/validate.py [--games 500] [--repeat 3] [--seed 1]
        [--baseline REV]

``--baseline REV`` also times the same records with the engine of git revision REV
(``git archive`` into a temporary folder, imported first on ``PYTHONPATH``), in the same run:
the two are timed in turn, in child processes, best of ``--repeat`` each, so that a change's
cost is measured under the same load.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from benchkit import best, record_chunks

from pinochle.adjudicator.rulesets import RULESET_NAMES, ruleset_from_tags
from pinochle.adjudicator.report.validation import validate_game
from pinochle.cli.validate import _Run
from pinochle.notation import Game, iter_games
from pinochle.simulator.simulate import Settings


def write_record(path: str, games: int, seed: int, settings: Settings) -> int:
    """Simulated games to ``path``, one at a time; returns the number of battles."""
    battles = 0
    with open(path, "w", encoding="utf-8") as out:
        for chunk, n in record_chunks(games, seed, settings):
            out.write(chunk)
            battles += n
    return battles


def validate_file(path: str, as_json: bool) -> int:
    """What ``pinochle validate [--json] FILE`` does, output to /dev/null; its exit status."""
    with open(os.devnull, "w", encoding="utf-8") as sink:
        run = _Run(sink, as_json, quiet=False)
        run.files([path])
        return run.finish(strict=False)


def first_games(path: str, out: str, fraction: float) -> None:
    """Copy the first part of the record (whole games) to ``out``."""
    with open(path, encoding="utf-8") as src:
        text = src.read()
    games = text.split("\n\n[")
    keep = max(1, int(len(games) * fraction))
    with open(out, "w", encoding="utf-8") as dst:
        dst.write("\n\n[".join(games[:keep]))


#: One end-to-end timing of ``pinochle validate FILE`` in a child process, with whatever
#: ``pinochle`` its ``PYTHONPATH`` finds first (this checkout's, or a baseline revision's).
_TIME_ONE = """
import os, sys, time
from pinochle.cli.validate import _Run
times = []
for _ in range(2):      # the first run also pays for the imports the replay does late
    start = time.perf_counter()
    with open(os.devnull, "w", encoding="utf-8") as sink:
        run = _Run(sink, False, quiet=False)
        run.files([sys.argv[1]])
        status = run.finish(strict=False)
    assert status == 0, status
    times.append(time.perf_counter() - start)
print(min(times))
"""

ROOT = Path(__file__).resolve().parents[1]


def timed_with(root: Path, path: str) -> float:
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", _TIME_ONE, path], env=env, cwd=root,
                          capture_output=True, text=True, check=True)
    return float(done.stdout)


def compare_with(revision: str, records: list[tuple[str, str, int]], repeat: int) -> None:
    """This checkout's and ``revision``'s engines on the same records (``(ruleset, path,
    battles)``), timed in turn; a ruleset ``revision`` does not know is said so."""
    with tempfile.TemporaryDirectory() as base:
        archive = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", base], input=archive, check=True)
        for name, path, battles in records:
            now, then = [], []
            try:
                for _ in range(repeat):
                    now.append(timed_with(ROOT, path))
                    then.append(timed_with(Path(base), path))
            except subprocess.CalledProcessError:
                print(f"{name}: {revision} does not validate this record clean (a ruleset or "
                      "syntax it does not know); not compared")
                continue
            a, b = min(now), min(then)
            print(f"{name}, this checkout: {battles / a:7.0f} battles/s; at {revision}: "
                  f"{battles / b:7.0f} battles/s; this checkout takes {a / b:.2f}x the time")


def peak_memory(path: str) -> int:
    tracemalloc.start()
    validate_file(path, as_json=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


#: Hands a second that a partnership ruleset's validation must reach on one core.
HAND_TARGETS = {"double-pack": 1500, "single-deck": 1500}


def measure(name: str, path: str, args: argparse.Namespace, tmp: str) -> int:
    """Write ``name``'s simulated record to ``path`` and print its figures; its battles."""
    settings = Settings(ruleset=ruleset_from_tags({"Ruleset": name}))
    start = time.perf_counter()
    battles = write_record(path, args.games, args.seed, settings)
    size = os.path.getsize(path)
    print(f"{name}: {args.games} games, {battles} battles, {size / 1e6:.1f} MB "
          f"(simulated in {time.perf_counter() - start:.1f} s)")

    assert validate_file(path, as_json=False) == 0, "the simulated games should be clean"
    text = best(lambda: validate_file(path, as_json=False), args.repeat)
    as_json = best(lambda: validate_file(path, as_json=True), args.repeat)
    print(f"  end to end, text:  {battles / text:7.0f} battles/s  ({text:.2f} s)")
    if name in HAND_TARGETS:
        rate, target = battles / text, HAND_TARGETS[name]
        print(f"  {name} hands/s on one core: {rate:.0f} (target {target}: "
              f"{'met' if rate >= target else 'MISSED'})")
    print(f"  end to end, --json:{battles / as_json:7.0f} battles/s  ({as_json:.2f} s)")

    def parse_only() -> None:
        with open(path, "rb") as raw:
            for _ in iter_games(raw, path):
                pass

    parse = best(parse_only, args.repeat)
    with open(path, "rb") as raw:
        games = [g for g in iter_games(raw, path) if isinstance(g, Game)]  # all of them
    replay = best(lambda: [validate_game(g, path, i) for i, g in enumerate(games, 1)],
                  args.repeat)
    games.clear()  # (not del: the lambda above names it)
    print(f"    read and parse:  {battles / parse:7.0f} battles/s  "
          f"({parse / battles * 1e6:.0f} µs a battle)")
    print(f"    replay, report:  {battles / replay:7.0f} battles/s  "
          f"({replay / battles * 1e6:.0f} µs a battle)")

    quarter = os.path.join(tmp, "quarter.pin")
    first_games(path, quarter, 0.25)
    small, large = peak_memory(quarter), peak_memory(path)
    print(f"  peak traced memory: {small / 1e6:.2f} MB for a quarter of the file, "
          f"{large / 1e6:.2f} MB for all of it")
    return battles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ruleset", action="append", choices=RULESET_NAMES,
                        help="the rulesets to measure (repeatable; default: every one)")
    parser.add_argument("--baseline", metavar="REV", default=None,
                        help="also time each record with the engine of git REV")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        records = []
        for name in args.ruleset or RULESET_NAMES:
            path = os.path.join(tmp, f"{name}.pin")
            records.append((name, path, measure(name, path, args, tmp)))
        if args.baseline:
            compare_with(args.baseline, records, args.repeat)
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"process high-water mark (ru_maxrss): {rss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
