"""Coverage-guided fuzzing for a bounded time in every test run: the reader
and adjudicator, and every command of the console script, seeded with ``corpus/`` and the
mutations in ``tests/fuzz/seeds/``. A crash (an exception other than ``NotationError``, a
traceback, an exit status outside the documented set, an internal error) or a hang fails.
``benchmarks/fuzz.py`` runs the same targets for as long as asked."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "fuzz.py"

pytestmark = pytest.mark.slow


def fuzz(tmp_path: Path, target: str, seconds: int) -> tuple[int, int]:
    """Run the fuzz script; return (inputs run, crashes) from the figures it prints."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--target", target, "--seconds", str(seconds),
         "--max-len", "512", "--crashes", str(tmp_path / "crashes")],
        capture_output=True, text=True, timeout=seconds + 120, cwd=tmp_path)
    found = re.search(r"target \w+: (\d+) inputs in [\d.]+ s, [\d,]+ inputs/s, (\d+) crashes",
                      done.stdout)
    assert found, f"no figures printed (exit {done.returncode}):\n{done.stdout[-3000:]}" \
                  f"\n{done.stderr[-3000:]}"
    crashed = sorted(p.name for p in (tmp_path / "crashes").glob("*"))
    assert done.returncode == 0 and int(found[2]) == 0, \
        f"crashes {crashed}:\n{done.stderr[-4000:]}"
    return int(found[1]), int(found[2])


def test_fuzz_reader_and_adjudicator(tmp_path: Path) -> None:
    inputs, _ = fuzz(tmp_path, "read", 25)
    assert inputs > 1000          # it really ran: the seeds alone are about 480 inputs


def test_fuzz_every_command(tmp_path: Path) -> None:
    inputs, _ = fuzz(tmp_path, "cli", 25)
    assert inputs > 480


def test_a_crash_is_caught(tmp_path: Path) -> None:
    """The harness itself: an input that makes a command fail its promise is counted as a
    crash, saved, and makes the run fail (so a green run means something)."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import fuzz as harness
    finally:
        sys.path.pop(0)
    run = harness.Run(lambda data: 1 / 0, "probe", runs=10, seconds=60,
                      crashes=tmp_path / "crashes")
    run.finish = lambda elapsed: None
    run.one(b"boom")
    assert run.crashes == 1 and len(list((tmp_path / "crashes").iterdir())) == 1


def test_the_odd_input_kinds_run_without_a_crash_or_a_hang(tmp_path: Path) -> None:
    """The odd inputs, each kind replayed through the harness: a folder holding a named
    pipe, a device, a link to nothing and a folder that cannot be listed (command 8), and
    records compressed each way with bytes after the data (command 9: the length picks the
    compression). A pipe opened would block: the run's timeout fails the test."""
    record = (ROOT / "corpus" / "games" / "club-night.pin").read_bytes()
    inputs = []
    for command, extra in [(8, 0), (8, 1), (9, 0), (9, 1), (9, 2), (9, 3)]:
        body = record + b"\n" * ((extra - len(record)) % 4 if command == 9 else extra)
        path = tmp_path / f"odd-{command}-{extra}"
        path.write_bytes(bytes([command]) + body)
        inputs.append(str(path))
    done = subprocess.run([sys.executable, str(SCRIPT), "--target", "cli", "--crashes",
                           str(tmp_path / "crashes"), "--replay", *inputs],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert re.search(r"target cli: 6 inputs in .* 0 crashes, exit statuses \{2: 6\}",
                     done.stdout), done.stdout
