"""Time and memory of ``pinochle validate`` on text that starts no game:
the same small games after a stray ``{`` that no ``}`` closes, after a stray ``}`` (another
syntax error, which hides nothing), and after a long run of comment lines, at n and 4n games or
lines. Linear reading: the ``{`` costs what the ``}`` does, and 4x the input costs about 4x the
time. Each run is a child process as a person runs it (``-q -j 1``); its CPU seconds and peak
memory are read with ``getrusage`` in a small process of its own (a child forked from a larger
one would count that one's memory).

    .venv/bin/python benchmarks/linear.py [--games 8000] [--comments 250000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

PINOCHLE = str(Path(sys.executable).with_name("pinochle"))

GAME = '[Event "x"]\ngame E 0 W 0\n' + "; a comment line\n" * 20

_MEASURE = """import resource, subprocess, sys
subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(used.ru_utime + used.ru_stime, used.ru_maxrss)
"""


def measure(path: Path) -> tuple[float, int]:
    """CPU seconds and peak memory (KB) of ``pinochle validate -q -j 1 PATH``."""
    done = subprocess.run([sys.executable, "-c", _MEASURE, PINOCHLE, "validate", "-q", "-j",
                           "1", str(path)], capture_output=True, text=True, check=True)
    seconds, memory = done.stdout.split()
    return float(seconds), int(memory)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--comments", type=int, default=250_000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cases = {}
        for scale in (1, 4):
            games, comments = options.games * scale, options.comments * scale
            cases[f"'}}' then {games} games"] = "}\n" + GAME * games
            cases[f"'{{' then {games} games"] = "{\n" + GAME * games
            cases[f"{comments} comment lines, then 1 game"] = (
                "; a comment line\n" * comments + '[Event "x"]\ngame E 0 W 0\n')
        for name, text in cases.items():
            path = Path(folder) / "record.pin"
            path.write_text(text)
            seconds, memory = measure(path)
            print(f"{name:42} {len(text) / 1e6:7.1f} MB  {seconds:6.2f} s CPU  "
                  f"{memory / 1024:6.1f} MB peak")


if __name__ == "__main__":
    main()
