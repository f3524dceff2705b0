"""``pinochle validate`` over a whole archive, as a command, on every core
and through a Dask cluster, with its peak memory and its cold start.

Builds an archive of simulated legal games (``pinochle simulate``'s games): ``--files`` files
(default 300) in nested sub-folders (``club-NN/month-NN/night-NNNN.pin...``), a fifth each plain
``.pin``, ``.pin.gz``, ``.pin.bz2``, ``.pin.xz`` and ``.pin.zst``, at least ``--battles`` battles
(default 20,000) in all, East Point by default (``--ruleset NAME``, or ``mixed``: every
ruleset, taking turns five files at a time). It is built in a temporary folder, or in ``--dir
DIR``, kept there and reused by later runs with the same parameters (``archive.json`` in it
says which).

Then it runs the console script as a person does (``pinochle`` beside ``sys.executable``, a child
process, standard output to ``/dev/null``, standard error read: a run that fails prints it and
the script exits 1) and prints, in one run:

- battles per second end to end (the child's wall time, its start included) for
  ``pinochle validate -j 1 DIR`` and ``-j 2 DIR``, best of ``--repeat``, against the targets:
  ``-j 1`` at least 2,500 battles/s, ``-j 2`` at least 1.8 times ``-j 1``;
- the same for ``pinochle validate --cluster ADDRESS DIR`` on a Dask ``LocalCluster`` this
  script starts (2 worker processes of 1 thread; its scheduler runs in this script's process).
  The cluster is started once and kept for every run, as a site keeps its cluster: its workers'
  imports are paid by the first run only. The runs are interleaved (``-j 1``, ``-j 2``,
  ``--cluster``, then again) so that other work on the machine disturbs each about alike;
- peak memory, for ``-j 1``, ``-j 2`` and ``--cluster``, over the whole archive and over a tenth
  of it (the first sub-folder, ``club-00``: a tenth of the files and of the battles). Measured
  here: the command's process and every process descended from it (``-j``'s workers, whatever
  starts them), and for ``--cluster`` the command and the cluster's two worker processes
  (restarted before each such run, so that their peaks are this run's; the scheduler and the
  nannies, which only pass messages, are not counted). Every 50 ms each process's proportional
  set size (``Pss`` of ``/proc/PID/smaps_rollup``: its resident pages, a page shared by k
  processes, as after a fork, counted 1/k in each) is read and summed; the figure is the highest
  sum, what the job held at once. Beside it, in brackets, the sum of each process's own peak
  resident size (``VmHWM``, kept by the kernel; its last reading before the process ends), which
  counts shared pages in every process and adds peaks that need not coincide: an upper bound.
  (A child's ``ru_maxrss`` is no use here: it includes this script's own memory, which the child
  had before its ``exec``, and it is the largest process's, not the sum.) Flat means the whole
  archive's peak is within 1.2 times the tenth's;
- the cold start: ``startup.cold_start(7)``'s lines (benchmarks/startup.py); where that module
  does not exist, the median of 7 wall times of ``pinochle validate corpus/games/club-night.pin``.

    .venv/bin/python benchmarks/archive.py [--files 300] [--battles 20000] [--repeat 3]
        [--ruleset east-point|old-time|...|mixed] [--seed 1] [--dir DIR]
"""

from __future__ import annotations

import argparse
import bz2
import gzip
import importlib
import json
import logging
import lzma
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from benchkit import record_chunks

from pinochle.adjudicator.rulesets import RULESET_NAMES, ruleset_from_tags
from pinochle.simulator.simulate import Settings

PINOCHLE = str(Path(sys.executable).with_name("pinochle"))
ROOT = Path(__file__).resolve().parents[1]
COLD_START_RECORD = ROOT / "corpus" / "games" / "club-night.pin"

#: The file kinds, in turn: a fifth of the files each.
KINDS = (".pin", ".pin.gz", ".pin.bz2", ".pin.xz", ".pin.zst")
CLUBS = 10                  # top-level sub-folders; the first is the archive's tenth
MONTHS = 3                  # sub-folders of each club
MANIFEST = "archive.json"   # not a record: no validate PATH reads it (not *.pin*)

TARGET_J1 = 2500            # battles/s, -j 1, end to end as a command
TARGET_J2 = 1.8             # -j 2 over -j 1, on this 2-core machine
FLAT = 1.2                  # whole archive's peak memory over a tenth's
SAMPLE = 0.05               # seconds between memory samples


class Failed(Exception):
    """A run of the command that did not end as it should: the message says how."""


# --- the archive ---------------------------------------------------------------------------

@dataclass
class Archive:
    """An archive's folder, what made it, and each file's path (relative) and battles."""

    root: Path
    params: dict[str, object]
    files: dict[str, int] = field(default_factory=dict)
    games: int = 0
    seconds: float = 0.0        # to simulate and write it; 0 when reused

    @property
    def battles(self) -> int:
        return sum(self.files.values())

    def tenth(self) -> tuple[Path, int, int]:
        """The first club's folder, its files and its battles."""
        club = min(name.split("/")[0] for name in self.files)
        mine = [n for name, n in self.files.items() if name.startswith(club + "/")]
        return self.root / club, len(mine), sum(mine)


def open_for_writing(path: Path) -> IO[str]:
    """``path`` open for text, compressed as its suffix says."""
    suffix = path.suffix
    if suffix == ".gz":
        return gzip.open(path, "wt", encoding="utf-8", newline="\n")
    if suffix == ".bz2":
        return bz2.open(path, "wt", encoding="utf-8", newline="\n")
    if suffix == ".xz":
        return lzma.open(path, "wt", encoding="utf-8", newline="\n")
    if suffix == ".zst":
        import zstandard
        return zstandard.open(path, "wt", encoding="utf-8", newline="\n")
    return open(path, "w", encoding="utf-8", newline="\n")


def layout(files: int) -> list[str]:
    """The files' relative paths: ``club-NN/month-NN/night-NNNN.KIND``, clubs holding equal
    shares (in sorted order, the order ``validate DIR`` reads them)."""
    clubs = min(CLUBS, files)
    first = [-(-club * files // clubs) for club in range(clubs + 1)]    # each club's first file
    names = []
    for i in range(files):
        club = i * clubs // files
        month = (i - first[club]) * MONTHS // (first[club + 1] - first[club])
        names.append(f"club-{club:02d}/month-{month:02d}/night-{i:04d}{KINDS[i % len(KINDS)]}")
    return names


def rulesets_of(name: str) -> list[str]:
    return list(RULESET_NAMES) if name == "mixed" else [name]


def build(root: Path, files: int, battles: int, ruleset: str, seed: int) -> Archive:
    """Simulate and write the archive: file ``i`` takes whole games until the archive holds
    ``battles * (i + 1) / files`` battles (every file at least one game)."""
    names = rulesets_of(ruleset)
    streams: list[Iterator[tuple[str, int]]] = [
        record_chunks(10**9, seed, Settings(ruleset=ruleset_from_tags({"Ruleset": n})))
        for n in names]       # lazy: games are simulated as they are written
    archive = Archive(root, params(files, battles, ruleset, seed))
    start = time.perf_counter()
    total = 0
    for i, name in enumerate(layout(files)):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        games = streams[(i // len(KINDS)) % len(streams)]
        goal, mine, first = battles * (i + 1) // files, 0, True
        with open_for_writing(path) as out:
            while first or total + mine < goal:
                chunk, n = next(games)
                out.write(chunk.lstrip("\n") if first else chunk)  # no blank first line
                first = False
                mine += n
                archive.games += 1
        archive.files[name] = mine
        total += mine
    archive.seconds = time.perf_counter() - start
    (root / MANIFEST).write_text(json.dumps({"params": archive.params, "games": archive.games,
                                             "files": archive.files}, indent=1),
                                 encoding="utf-8")
    return archive


def params(files: int, battles: int, ruleset: str, seed: int) -> dict[str, object]:
    return {"files": files, "battles": battles, "ruleset": ruleset, "seed": seed}


def archive_in(root: Path, files: int, battles: int, ruleset: str, seed: int) -> Archive:
    """The archive in ``root``: the one there if it was made with these parameters, else a new
    one, made only in a folder that is empty or absent (nothing of a person's is overwritten)."""
    wanted = params(files, battles, ruleset, seed)
    manifest = root / MANIFEST
    if manifest.exists():
        made = json.loads(manifest.read_text(encoding="utf-8"))
        if made["params"] != wanted:
            raise SystemExit(f"{root} holds an archive made with {made['params']}, not "
                             f"{wanted}: choose another --dir, or remove it")
        return Archive(root, wanted, made["files"], made["games"])
    if root.exists() and any(root.iterdir()):
        raise SystemExit(f"{root} is not empty and holds no {MANIFEST}: choose another --dir")
    root.mkdir(parents=True, exist_ok=True)
    return build(root, files, battles, ruleset, seed)


def describe(archive: Archive) -> None:
    counts = {kind: sum(1 for name in archive.files if name.endswith(kind)) for kind in KINDS}
    size = sum((archive.root / name).stat().st_size for name in archive.files)
    print(f"archive: {archive.root}")
    print(f"  {len(archive.files)} files ("
          + ", ".join(f"{n} {kind}" for kind, n in counts.items())
          + f"), {archive.battles} battles in {archive.games} games, {size / 1e6:.1f} MB on "
          f"disk; {archive.params['ruleset']}")
    if archive.seconds:
        print(f"  simulated and written in {archive.seconds:.1f} s")
    else:
        print("  reused (built by an earlier run with the same parameters)")
    folder, files, battles = archive.tenth()
    print(f"  a tenth: {folder.name} ({files} file{'s' * (files != 1)}, {battles} battles, "
          f"{100 * battles / archive.battles:.1f}% of the archive)")


# --- running the command -------------------------------------------------------------------

def command(args: list[str]) -> list[str]:
    return [PINOCHLE, *args]


def start(args: list[str]) -> tuple[subprocess.Popen[bytes], IO[bytes]]:
    """``pinochle ARGS`` started, standard output to /dev/null, standard error to a temporary
    file (a pipe left unread could fill and stop the command)."""
    errors = tempfile.TemporaryFile()
    return subprocess.Popen(command(args), stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=errors), errors


def finish(child: subprocess.Popen[bytes], errors: IO[bytes], args: list[str]) -> None:
    """Wait for the command; a non-zero exit raises ``Failed`` with its standard error."""
    status = child.wait()
    errors.seek(0)
    text = errors.read().decode("utf-8", errors="replace")
    errors.close()
    if status != 0:
        raise Failed(f"`pinochle {' '.join(args)}` exited {status}; its standard error:\n"
                     + (text.rstrip() or "(nothing)"))


def timed(args: list[str]) -> float:
    """Seconds ``pinochle ARGS`` takes, end to end."""
    begin = time.perf_counter()
    child, errors = start(args)
    finish(child, errors, args)
    return time.perf_counter() - begin


# --- memory --------------------------------------------------------------------------------

def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as stat:
                    ppid = int(stat.read().rsplit(b")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def descendants(roots: Iterable[int]) -> list[int]:
    """``roots`` and every process descended from them."""
    tree, found, todo = _children(), [], list(roots)
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(tree.get(pid, ()))
    return found


def _kib(path: str, key: bytes) -> int | None:
    try:
        with open(path, "rb") as status:
            for line in status:
                if line.startswith(key):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


@dataclass
class Peak:
    """Memory of a group of processes, sampled: the highest summed PSS and each process's
    latest VmHWM, in KiB."""

    pss: int = 0
    hwm: dict[int, int] = field(default_factory=dict)

    def sample(self, pids: Iterable[int]) -> None:
        total = 0
        for pid in pids:
            pss = _kib(f"/proc/{pid}/smaps_rollup", b"Pss:")
            hwm = _kib(f"/proc/{pid}/status", b"VmHWM:")
            if pss is None or hwm is None:
                continue                    # ended, or a zombie: its last reading stands
            total += pss
            self.hwm[pid] = max(hwm, self.hwm.get(pid, 0))
        self.pss = max(self.pss, total)


def peak_memory(args: list[str], others: Iterable[int] = ()) -> Peak:
    """Run ``pinochle ARGS`` and sample the memory of it, its descendants and the processes
    ``others`` (and theirs) until it ends."""
    peak = Peak()
    extra = list(others)
    child, errors = start(args)
    while child.poll() is None:
        peak.sample(descendants([child.pid, *extra]))
        time.sleep(SAMPLE)
    finish(child, errors, args)
    return peak


def memory_line(label: str, whole: Peak, tenth: Peak) -> str:
    ratio = whole.pss / tenth.pss if tenth.pss else float("inf")
    return (f"peak memory {label}: whole {whole.pss / 1024:.1f} MB, a tenth "
            f"{tenth.pss / 1024:.1f} MB: {ratio:.2f}x, "
            f"{'flat' if ratio <= FLAT else 'not flat'} (sum of each process's peak RSS: "
            f"{sum(whole.hwm.values()) / 1024:.1f} / {sum(tenth.hwm.values()) / 1024:.1f} MB; "
            f"{len(whole.hwm)} / {len(tenth.hwm)} processes)")


# --- the cluster ---------------------------------------------------------------------------

@contextmanager
def local_cluster() -> Iterator[tuple[str, Any]]:
    """A Dask ``LocalCluster`` of 2 worker processes of 1 thread (no dashboard, so that no
    fixed port is taken), its address and a client to it (to find and restart its workers).
    Its logs are silenced: a restart logs warnings, and on a loaded machine a worker restarted
    during a heartbeat logs that heartbeat's failure with a traceback, harmless. A run that
    fails says so in the command's standard error, which ``finish`` prints."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise SystemExit("--cluster needs Dask: pip install 'pinochle-referee[cluster]'") \
            from None
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=logging.CRITICAL) as cluster, \
            Client(cluster) as client:
        yield cluster.scheduler_address, client


def worker_pids(client: Any) -> list[int]:
    return sorted(client.run(os.getpid).values())


def fresh_workers(client: Any) -> list[int]:
    """Restart the cluster's workers (their peaks start again) and return their pids."""
    client.restart()
    return worker_pids(client)


# --- the figures ---------------------------------------------------------------------------

def cold_start(repeat: int) -> list[str]:
    """``startup.cold_start`` (benchmarks/startup.py) if it exists, else the median wall time
    of ``pinochle validate corpus/games/club-night.pin``."""
    try:
        startup = importlib.import_module("startup")
    except ModuleNotFoundError as error:
        if error.name != "startup":
            raise
    else:
        lines: list[str] = startup.cold_start(repeat)
        return lines
    args = ["validate", str(COLD_START_RECORD)]
    times = [timed(args) for _ in range(repeat)]
    return [f"pinochle validate corpus/games/club-night.pin: {statistics.median(times):.3f} s "
            f"(median of {repeat}; benchmarks/startup.py not found)"]


def speed(archive: Archive, address: str, repeat: int) -> None:
    folder = str(archive.root)
    runs = {"-j 1": ["validate", "-j", "1", folder],
            "-j 2": ["validate", "-j", "2", folder],
            "--cluster": ["validate", "--cluster", address, folder]}
    times: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(repeat):                 # interleaved: the same load for each
        for label, args in runs.items():
            times[label].append(timed(args))
    rate = {label: archive.battles / min(seconds) for label, seconds in times.items()}
    for label in runs:
        best = min(times[label])
        line = (f"{'validate ' + label + ' DIR:':<24}{rate[label]:6.0f} battles/s "
                f"{best:7.2f} s (best of {repeat})")
        if label == "-j 1":
            line += (f"  target >= {TARGET_J1} battles/s: "
                     f"{'met' if rate[label] >= TARGET_J1 else 'not met'}")
        else:
            ratio = rate[label] / rate["-j 1"]
            line += f"  {ratio:.2f}x -j 1"
            if label == "-j 2":
                line += f", target >= {TARGET_J2}x: {'met' if ratio >= TARGET_J2 else 'not met'}"
            else:
                line += " (LocalCluster: 2 worker processes of 1 thread)"
        print(line, flush=True)


def memory(archive: Archive, address: str, client: Any) -> None:
    tenth = str(archive.tenth()[0])
    whole = str(archive.root)
    for label, option in (("-j 1", ["-j", "1"]), ("-j 2", ["-j", "2"])):
        print(memory_line(label, peak_memory(["validate", *option, whole]),
                          peak_memory(["validate", *option, tenth])), flush=True)
    option = ["--cluster", address]
    print(memory_line("--cluster",
                      peak_memory(["validate", *option, whole], fresh_workers(client)),
                      peak_memory(["validate", *option, tenth], fresh_workers(client))),
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--battles", type=int, default=20000, help="at least this many")
    parser.add_argument("--ruleset", default="east-point", choices=[*RULESET_NAMES, "mixed"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None,
                        help="build the archive here and keep it (reused if made alike)")
    args = parser.parse_args()
    if args.files < 1 or args.battles < 1 or args.repeat < 1:
        parser.error("--files, --battles and --repeat must be at least 1")

    with ExitStack() as stack:
        root = args.dir or Path(stack.enter_context(tempfile.TemporaryDirectory()))
        archive = archive_in(root, args.files, args.battles, args.ruleset, args.seed)
        describe(archive)
        sys.stdout.flush()
        try:
            address, client = stack.enter_context(local_cluster())
            print(f"LocalCluster: {address}, 2 worker processes of 1 thread", flush=True)
            speed(archive, address, args.repeat)
            memory(archive, address, client)
            for line in cold_start(7):
                print(f"cold start: {line}")
        except Failed as failure:
            print(failure, file=sys.stderr)
            sys.exit(1)


if __name__ == "__main__":
    main()
