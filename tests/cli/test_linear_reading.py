"""Text that starts no game (a stray ``{`` near the top, a long run of comment
lines) is read in time and memory linear in the file, as the same file without it: the cut into
chunks (``batch/cuts.py``) looks at each line once instead of again for every block read, and a
``{`` that no ``}`` closes within the lexer's 65,536 characters stops hiding the rest of the
file from the cut (it is no comment to the reader either). Growth is compared, at n and 4n,
never absolute timings."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.cli.consolekit import PINOCHLE

from pinochle.batch.chunks import split

#: A small game, cheap to validate, with comment lines (the cut holds lines, not games).
GAME = '[Event "x"]\ngame E 0 W 0\n' + "; a comment line\n" * 20


#: Runs a command and says its CPU seconds and peak memory (KB): a fresh process of its own,
#: since a process forked from this one (pytest, some 75 MB) starts with this one's peak.
_MEASURE = """import resource, subprocess, sys
status = subprocess.call(sys.argv[1:], stderr=subprocess.DEVNULL)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(used.ru_utime + used.ru_stime, used.ru_maxrss, file=sys.stderr)
"""


def measured(path: Path) -> tuple[int, str]:
    """``pinochle validate -q -j 1 PATH``: its peak memory (KB) and last line."""
    done = subprocess.run([sys.executable, "-c", _MEASURE, PINOCHLE, "validate", "-q", "-j", "1",
                           str(path)], capture_output=True, text=True, timeout=600)
    return int(done.stderr.split()[-1]), done.stdout.strip().splitlines()[-1]


def cut(text: str) -> list[int]:
    """The lengths (in lines) of the chunks ``validate`` cuts ``text`` into."""
    lines = text.splitlines(keepends=True)
    pieces = [lines[i:i + 32768] for i in range(0, len(lines), 32768)]   # ~64 KB blocks
    return [len(chunk.lines) for chunk in split(iter(pieces), "t", 0, 2000)]


@pytest.mark.slow
def test_a_stray_brace_costs_what_another_syntax_error_does(tmp_path: Path) -> None:
    """The same games after a '{' no '}' closes, or after a stray '}' (an error that hides
    nothing): the same chunks, the same report, the same memory. Before: the whole file held as
    one chunk, 2x the time, +16 MB (10-20x the memory at 4x2000 simulated games). The time is
    not compared here: CPU seconds of two runs differ by half again when other tests share the
    cores, and the cut that cost the time is compared exactly."""
    games = 8000
    other, braced = tmp_path / "other.pin", tmp_path / "braced.pin"
    other.write_text("}\n" + GAME * games)
    braced.write_text("{\n" + GAME * games)
    braced_cut, other_cut = cut(braced.read_text()), cut(other.read_text())
    # the '{' hides what follows it for the lexer's 65,536 characters (some 3,950 lines here),
    # so the first chunk is longer by them; every other cut falls where the stray '}' has it
    assert len(braced_cut) == len(other_cut) > 50 and sum(braced_cut) == sum(other_cut)
    assert braced_cut[1:-1] == other_cut[1:-1]
    assert braced_cut[0] < 2 * other_cut[0], (braced_cut[0], other_cut[0])
    other_memory, other_said = measured(other)
    braced_memory, braced_said = measured(braced)
    # either takes the first game with it (the reader's error), and nothing else
    assert other_said == braced_said == (f"{games - 1} games, 0 battles: 0 errors, 0 warnings, "
                                         "0 notices, 1 syntax error")
    assert braced_memory < other_memory * 1.15, (other_memory, braced_memory)


def split_seconds(lines: list[str]) -> float:
    pieces = [lines[i:i + 32768] for i in range(0, len(lines), 32768)]   # ~64 KB blocks
    started = time.process_time()
    chunks = list(split(iter(pieces), "t", 0, 2000))
    assert sum(len(chunk.lines) for chunk in chunks) == len(lines)
    return time.process_time() - started


@pytest.mark.parametrize("first", ["", "{"])
def test_cutting_a_million_comment_lines_takes_linear_time(first: str) -> None:
    """Before: every block read looked again at every line held since the last cut (11x the
    time for 4x the lines, 142 s for a million comment lines with the games)."""
    def lines(n: int) -> list[str]:
        return [first] * bool(first) + [";"] * n + ['[Event "x"]', "game E 0 W 0"]

    small, large = split_seconds(lines(125_000)), split_seconds(lines(500_000))
    assert large < 6.5 * max(small, 0.02), (small, large)
