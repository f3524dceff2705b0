"""The fuzz harness's "closed / full output streams" kind: a command line
(a command over one of the fuzz seeds or the corpus) run through the console script with its
standard output or error closed (``>&-``) or on a full disk (``> /dev/full``), against the same
command line run with both streams readable. The promise (``cli/streams.py``, README's exit
statuses): never a traceback nor an internal error; standard output that cannot be written is
one line and exit 2 (a command that writes nothing there is not disturbed); standard error
that cannot be written changes neither the status nor the report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
PINOCHLE = str(Path(sys.executable).with_name("pinochle"))
SEEDS = sorted(str(path) for path in (ROOT / "tests" / "fuzz" / "seeds").glob("*.pin"))
GAMES = sorted(str(path) for path in (ROOT / "corpus" / "games").glob("*.pin"))

pytestmark = pytest.mark.slow

#: Command lines, ``{}`` standing for a record file.
COMMANDS = [["validate", "{}"], ["validate", "--json", "{}"], ["validate", "-q", "{}"],
            ["validate", "-j", "2", "--format", "jsonl", "{}", "{}"], ["fmt", "{}"],
            ["fmt", "--check", "{}"], ["fmt", "--diff", "{}"], ["melds", "{}", "--battle", "1"],
            ["simulate", "--games", "2"], ["conformance", str(ROOT / "corpus" / "rulebook" /
                                                             "V2")], ["--version"]]

#: Where a stream goes: closed, or a full disk.
BROKEN = {"stdout closed": ">&-", "stdout full": ">/dev/full", "stderr closed": "2>&-",
          "stderr full": "2>/dev/full"}


def run(args: list[str], redirect: str = "") -> subprocess.CompletedProcess:
    done = subprocess.run(["sh", "-c", f'exec "$0" "$@" {redirect}', PINOCHLE, *args],
                          capture_output=True, timeout=120)
    done.stdout = done.stdout.decode("utf-8", "replace")
    done.stderr = done.stderr.decode("utf-8", "replace")
    return done


@settings(max_examples=16, deadline=None, suppress_health_check=list(HealthCheck))
@given(command=st.sampled_from(COMMANDS), record=st.sampled_from(SEEDS + GAMES),
       broken=st.sampled_from(sorted(BROKEN)))
def test_fuzz_closed_and_full_output_streams(command, record, broken):
    args = [record if word == "{}" else word for word in command]
    normal, done = run(args), run(args, BROKEN[broken])
    for each in (normal, done):
        assert "Traceback" not in each.stderr and "internal error" not in each.stderr, each.stderr
    if broken.startswith("stderr"):
        assert (done.returncode, done.stdout) == (normal.returncode, normal.stdout)
    elif normal.stdout == "":
        assert done.returncode == normal.returncode
    else:
        assert done.returncode == 2
        why = "it is closed" if broken == "stdout closed" else "No space left on device"
        assert done.stderr.endswith(f": error: cannot write to standard output: {why}\n")
        assert done.stderr.count("cannot write to standard output") == 1
