"""Speed and memory of ``pinochle fmt`` on a large file, beside ``pinochle validate`` on the same
file (target: fmt's peak memory within 1.5x validate's; both flat in the size of the file).

Writes a record of simulated legal games (``pinochle simulate``'s games, four battles each) of at
least ``--mb`` megabytes to a temporary file: ``--games`` distinct games, repeated whole until
the size is reached (every copy is a complete game, so the file is a valid record of that many
games). Then it runs the console script on it as a person does, each in a child process with
standard output to ``/dev/null``, and prints for each the wall time, megabytes per second and
the child's peak resident memory (``VmHWM`` of ``/proc/PID/status``, read as it runs: the
``ru_maxrss`` of a child counts the memory of the parent it was forked from):

- ``pinochle validate FILE``
- ``pinochle fmt FILE``, ``pinochle fmt --check FILE`` (the file as written is canonical) and
  ``pinochle fmt --check`` on a copy with Windows line ends (not canonical: it reads to the end)

and how soon ``pinochle fmt FILE`` prints its first line (read through a pipe, then closed).

    .venv/bin/python benchmarks/fmt.py [--mb 100] [--games 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchkit import record_chunks

PINOCHLE = str(Path(sys.executable).with_name("pinochle"))


def write_record(path: str, megabytes: float, games: int, seed: int) -> int:
    """At least ``megabytes`` MB of simulated games in ``path``; returns how many games."""
    block = "".join(chunk for chunk, _ in record_chunks(games, seed))
    copies = max(1, -(-int(megabytes * 1e6) // len(block.encode("utf-8"))))
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        for i in range(copies):
            out.write(("\n" if i else "") + block)
    return games * copies


def high_water(pid: int) -> int:
    """The process's peak resident memory so far, in bytes (0 once it has ended)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def measure(args: list[str]) -> tuple[float, int, int]:
    """Run ``pinochle ARGS`` (standard output to /dev/null): seconds, peak resident memory in
    bytes, and the exit status."""
    peak = 0
    with open(os.devnull, "wb") as sink:
        start = time.perf_counter()
        child = subprocess.Popen([PINOCHLE, *args], stdout=sink, stderr=subprocess.DEVNULL)
        while child.poll() is None:
            peak = max(peak, high_water(child.pid))
            time.sleep(0.05)
        seconds = time.perf_counter() - start
    return seconds, peak, child.returncode


def first_line(path: str) -> float:
    """Seconds until ``pinochle fmt FILE`` prints its first line."""
    start = time.perf_counter()
    child = subprocess.Popen([PINOCHLE, "fmt", path], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
    assert child.stdout is not None
    child.stdout.readline()
    seconds = time.perf_counter() - start
    child.stdout.close()
    child.wait()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=100.0, help="size of the record, in MB")
    parser.add_argument("--games", type=int, default=2000, help="distinct games simulated")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.pin")
        start = time.perf_counter()
        games = write_record(path, args.mb, args.games, args.seed)
        size = os.path.getsize(path)
        print(f"record: {games} games ({args.games} distinct), {size / 1e6:.1f} MB, written in "
              f"{time.perf_counter() - start:.1f} s")
        crlf = os.path.join(tmp, "crlf.pin")
        with open(path, "rb") as src, open(crlf, "wb") as dst:
            while block := src.read(1 << 20):
                dst.write(block.replace(b"\n", b"\r\n"))

        runs = [("validate FILE", ["validate", path], 0),
                ("fmt FILE", ["fmt", path], 0),
                ("fmt --check FILE", ["fmt", "--check", path], 0),
                ("fmt --check CRLF-FILE", ["fmt", "--check", crlf], 1)]
        peaks = {}
        for label, argv, expected in runs:
            seconds, peak, status = measure(argv)
            peaks[label] = peak
            assert status == expected, f"{label}: exit {status}, expected {expected}"
            print(f"{label:<22} {seconds:7.1f} s  {size / 1e6 / seconds:6.2f} MB/s  "
                  f"peak {peak / 1e6:6.1f} MB  exit {status}")
        ratio = max(peaks[label] for label in peaks if label.startswith("fmt")) / \
            peaks["validate FILE"]
        print(f"fmt's peak / validate's: {ratio:.2f} (target: at most 1.5)")
        print(f"fmt FILE | head -1: first line after {first_line(path):.2f} s")


if __name__ == "__main__":
    main()
