"""Coverage-guided fuzzing (atheris, libFuzzer's engine) of everything that takes input: the
reader and the adjudicator (``iter_games`` over the bytes, ``parse_bytes``, ``validate_game`` on
every game read) and every command of the ``pinochle`` console script, in-process, with its
input made from the fuzzer's bytes.

A crash is any of: an exception other than ``NotationError`` from the reader; an exception from
the adjudicator; a command whose exit status is not one of the documented ones (0, 1, 2, 4),
whose status is 3 (an internal error), or that printed a traceback. A crash does not stop the
run: its input is saved under ``--crashes`` and counted. A hang is one input taking longer than
``--timeout`` seconds (libFuzzer stops the run and says so).

    .venv/bin/python benchmarks/fuzz.py --target read --runs 1000000
    .venv/bin/python benchmarks/fuzz.py --target cli --seconds 60

prints, at the end: the target, inputs run, seconds, inputs/s, crashes, and the exit statuses
seen. The seed corpus is every record under ``corpus/`` and the mutations committed in
``tests/fuzz/seeds/``; what the fuzzer finds is written to a scratch folder, never to them.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["pinochle"]):
    from pinochle.adjudicator.report.validation import validate_game
    from pinochle.notation.errors import NotationError
    from pinochle.notation.events import Game
    from pinochle.notation.reader import iter_games, parse_bytes

ROOT = Path(__file__).resolve().parent.parent
SEEDS = [ROOT / "corpus", ROOT / "tests" / "fuzz" / "seeds"]

#: The exit statuses a command may end with on any input (docs/report-schema.md).
ALLOWED = {0, 1, 2, 4}


class Crash(Exception):
    """What the target found wrong with one input."""


# --- the targets --------------------------------------------------------------------------

def read(data: bytes) -> None:
    """The reader and the adjudicator: every game either reads or is a positioned error, the
    streaming and whole-text readings agree, and every game read is judged without an error."""
    streamed = list(iter_games(io.BytesIO(data), "fuzz.pin"))
    for item in streamed:
        if isinstance(item, Game):
            validate_game(item, "fuzz.pin").model_dump_json()
        elif not isinstance(item, NotationError):
            raise Crash(f"iter_games yielded {type(item).__name__}")
    try:
        record = parse_bytes(data, "fuzz.pin")
    except NotationError as error:
        if all(isinstance(item, Game) for item in streamed):
            raise Crash(f"parse_bytes refused what iter_games read: {error}") from None
        return
    games = [item for item in streamed if isinstance(item, Game)]
    if list(record.games) != games:
        raise Crash("parse_bytes and iter_games read different games")


class Commands:
    """Each command of the console script, run in-process with arguments and files made from
    the input: the first byte picks the command, the rest is its input."""

    def __init__(self, scratch: Path) -> None:
        with atheris.instrument_imports(include=["pinochle"]):
            from pinochle.cli.main import main
        self.main = main
        self.scratch = scratch
        self.record = scratch / "record.pin"
        self.fixtures = scratch / "fixtures"
        self.fixtures.mkdir(exist_ok=True)
        self.statuses: Counter[int] = Counter()

    def __call__(self, data: bytes) -> None:
        if not data:
            return
        pick, body = data[0], data[1:]
        argv = self.argv(pick % len(self.COMMANDS), body)
        status, errors = self.run(argv, body if argv[-1:] == ["-"] else b"")
        self.statuses[status] += 1
        if status not in ALLOWED or "Traceback" in errors:
            raise Crash(f"pinochle {' '.join(argv)[:200]!r}: exit {status}\n{errors[-2000:]}")

    def argv(self, command: int, body: bytes) -> list[str]:
        return self.COMMANDS[command](self, body)

    def _write(self, body: bytes) -> str:
        self.record.write_bytes(body)
        return str(self.record)

    def validate(self, body: bytes) -> list[str]:
        flags = [["--json"], [], ["--strict", "-q"]][len(body) % 3]
        return ["validate", *flags, self._write(body)]

    def validate_stdin(self, body: bytes) -> list[str]:
        return ["validate", "-"]

    def fmt(self, body: bytes) -> list[str]:
        flags = [["--check"], [], ["--diff"]][len(body) % 3]
        return ["fmt", *flags, self._write(body)]

    def melds_direct(self, body: bytes) -> list[str]:
        fields = body.decode("utf-8", errors="replace").replace("\x00", "").split("|")
        argv = ["melds"]
        for flag, value in zip(("--concealed", "--exposed", "--meld", "--scored", "--played",
                                "--won", "--ruleset-option"), fields):
            if value:
                argv += [flag, value]
        return argv

    def melds_record(self, body: bytes) -> list[str]:
        head, body = body[:4].ljust(4, b"\0"), body[4:]
        argv = ["melds", self._write(body), "--battle", str(head[0] % 6),
                "--trick", str(head[1] % 14), "--seat", "EWNX"[head[2] % 4]]
        return argv + (["--json"] if head[3] % 2 else [])

    def conformance(self, body: bytes) -> list[str]:
        for old in self.fixtures.iterdir():
            old.unlink()
        (self.fixtures / "case.json").write_bytes(body)
        return ["conformance", str(self.fixtures)]

    def simulate(self, body: bytes) -> list[str]:
        words = body.decode("utf-8", errors="replace").replace("\x00", "").split()[:6]
        return ["simulate", "--games", "1", *words]

    def options(self, body: bytes) -> list[str]:
        """Arbitrary words as a command line (usage errors must be exit 4, never a crash)."""
        words = body.decode("utf-8", errors="replace").replace("\x00", "").split()[:8]
        return [w for w in words if w not in ("examples", "simulate", "-n", "--games")]

    def validate_odd_folder(self, body: bytes) -> list[str]:
        """The record in a folder beside odd entries: a named pipe and a device
        named ``*.pin`` (never opened: a pipe would block, which libFuzzer reports as a hang),
        a link to nothing, and a sub-folder that cannot be listed (by an ordinary user)."""
        folder = self.scratch / "odd"
        if not folder.exists():
            folder.mkdir()
            os.mkfifo(folder / "pipe.pin")
            os.symlink("/dev/zero", folder / "zero.pin")
            os.symlink("missing.pin", folder / "gone.pin")
            (folder / "locked").mkdir()
            (folder / "locked" / "inside.pin").write_bytes(b"")
            (folder / "locked").chmod(0)
        (folder / "record.pin").write_bytes(body)
        return ["validate", ["--json", "-q"][len(body) % 2], str(folder)]

    def validate_compressed(self, body: bytes) -> list[str]:
        """The first half of the input compressed (gzip, bzip2, xz or zstd, by its length),
        followed by the second half as it is: bytes after the compressed data."""
        import bz2
        import gzip
        import lzma

        import zstandard

        half = len(body) // 2
        forms: list[Callable[[bytes], bytes]] = [gzip.compress, bz2.compress, lzma.compress,
                                                 zstandard.ZstdCompressor().compress]
        path = self.scratch / "record.pin.z"
        path.write_bytes(forms[len(body) % 4](body[:half]) + body[half:])
        return ["validate", "-j", "1", str(path)]

    COMMANDS = [validate, validate_stdin, fmt, melds_direct, melds_record, conformance,
                simulate, options, validate_odd_folder, validate_compressed]

    def run(self, argv: list[str], stdin: bytes) -> tuple[int, str]:
        """Run ``pinochle ARGV`` in-process: its exit status and what it wrote to stderr."""
        errors = io.StringIO()
        saved = sys.argv, sys.stdin, sys.stdout
        sys.argv = ["pinochle", *argv]
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
        status = 0
        try:
            with open(os.devnull, "w") as sink, contextlib.redirect_stderr(errors):
                sys.stdout = sink
                try:
                    self.main()
                except SystemExit as done:
                    code = done.code
                    status = code if isinstance(code, int) else (0 if code is None else 1)
        finally:
            sys.argv, sys.stdin, sys.stdout = saved
        return status, errors.getvalue()


# --- the run --------------------------------------------------------------------------------

class Run:
    def __init__(self, target: Callable[[bytes], None], name: str, runs: int, seconds: float,
                 crashes: Path) -> None:
        self.target, self.name = target, name
        self.runs, self.seconds = runs, seconds
        self.crash_dir = crashes
        self.count = 0
        self.crashes = 0
        self.start = time.perf_counter()

    def one(self, data: bytes) -> None:
        self.count += 1
        try:
            self.target(data)
        except Exception as error:  # a crash: keep the input, count it, go on
            self.crashes += 1
            self.crash_dir.mkdir(parents=True, exist_ok=True)
            name = hashlib.sha1(data).hexdigest()[:16]
            (self.crash_dir / f"{self.name}-{name}").write_bytes(data)
            if self.crashes <= 5:
                print(f"CRASH {self.name}-{name}: {type(error).__name__}: {error}",
                      file=sys.__stderr__)
                if not isinstance(error, Crash):
                    traceback.print_exc(file=sys.__stderr__)
        elapsed = time.perf_counter() - self.start
        if self.count >= self.runs or elapsed >= self.seconds:
            self.finish(elapsed)

    def finish(self, elapsed: float) -> None:
        statuses = getattr(self.target, "statuses", None)
        print(f"target {self.name}: {self.count} inputs in {elapsed:.1f} s, "
              f"{self.count / max(elapsed, 1e-9):,.0f} inputs/s, {self.crashes} crashes"
              + (f", exit statuses {dict(sorted(statuses.items()))}" if statuses else ""),
              file=sys.__stdout__, flush=True)
        os._exit(1 if self.crashes else 0)


def fan_out(options: argparse.Namespace) -> int:
    """Run ``options.workers`` fuzzing processes with their share of the runs and different
    seeds; print each one's figures and their sum. The exit status is 0 only if all were."""
    share = -(-options.runs // options.workers)
    children = []
    for i in range(options.workers):
        argv = [sys.executable, __file__, "--target", options.target, "--runs", str(share),
                "--seconds", str(options.seconds), "--seed", str(options.seed + i),
                "--timeout", str(options.timeout), "--max-len", str(options.max_len),
                "--crashes", str(options.crashes)]
        options.crashes.mkdir(parents=True, exist_ok=True)
        log = open(options.crashes / f"worker-{i}.log", "w")  # libFuzzer's own account
        children.append(subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=log, text=True))
        log.close()
    inputs, crashes, seconds, status = 0, 0, 0.0, 0
    for child in children:
        out, _ = child.communicate()
        print("\n".join(line for line in out.splitlines() if line.startswith("target ")))
        found = re.search(r"(\d+) inputs in ([\d.]+) s, .* (\d+) crashes", out)
        if child.returncode != 0 or found is None:
            status = 1
            print(f"a worker ended with status {child.returncode} (a hang, or a crash that "
                  f"stopped libFuzzer: see {options.crashes}/worker-*.log)")
            continue
        inputs += int(found[1])
        seconds = max(seconds, float(found[2]))
        crashes += int(found[3])
    print(f"target {options.target}, {options.workers} workers: {inputs} inputs in "
          f"{seconds:.1f} s, {inputs / max(seconds, 1e-9):,.0f} inputs/s, {crashes} crashes")
    return status or (1 if crashes else 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", choices=["read", "cli"], default="read")
    parser.add_argument("--runs", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=float("inf"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=10, help="seconds for one input")
    parser.add_argument("--max-len", type=int, default=4096)
    parser.add_argument("--crashes", type=Path, default=Path("fuzz-crashes"))
    parser.add_argument("--workers", type=int, default=1,
                        help="fuzz in this many processes (seeds SEED, SEED+1...), and add up")
    parser.add_argument("--replay", type=Path, nargs="+", metavar="FILE",
                        help="run the target once on each of these inputs (a saved crash, "
                        "say) instead of fuzzing")
    options = parser.parse_args()
    if options.workers > 1:
        sys.exit(fan_out(options))
    scratch = Path(tempfile.mkdtemp(prefix="pinochle-fuzz-"))
    (scratch / "found").mkdir()
    target = read if options.target == "read" else Commands(scratch)
    run = Run(target, options.target, options.runs, options.seconds, options.crashes)
    if options.replay:
        run.runs = len(options.replay)
        for path in options.replay:
            run.one(path.read_bytes())
    libfuzzer = [sys.argv[0], f"-seed={options.seed}", f"-timeout={options.timeout}",
                 f"-max_len={options.max_len}", "-rss_limit_mb=4096", "-print_final_stats=0",
                 f"-runs={options.runs + 1000}", str(scratch / "found"),
                 *(str(p) for p in SEEDS)]
    atheris.Setup(libfuzzer, run.one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
