"""``pinochle validate -j N`` when a worker process dies, and ``-j`` past the
cores. Through the console script: its worker processes are found in ``/proc`` (the command's
children) and killed as a person would kill one (``kill -KILL PID``)."""

from __future__ import annotations

import io
import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest
from tests.cli.consolekit import pinochle, start
from tests.cli.test_exit_codes import drained

from pinochle.notation import dumps
from pinochle.simulator.simulate import simulate_record

pytestmark = pytest.mark.slow


def cores() -> int:
    return len(os.sched_getaffinity(0))


def children(pid: int) -> list[int]:
    """The processes process ``pid`` started (its worker processes), from ``/proc``."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(word) for word in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    """1,200 games (12 simulated ones, repeated): some seconds of work for two processes."""
    path = tmp_path_factory.mktemp("workers") / "big.pin"
    path.write_text("\n".join([dumps(simulate_record(12, 5))] * 100), encoding="utf-8")
    return path


def running(big: Path, *options: str):
    """``validate -j 2 OPTIONS big.pin`` started, past its start (its report begun, its two
    workers there); the child and the function that waits for its output."""
    # -j 2 runs worker processes only where two cores are there to run them (the cap); the
    # project's machines and CI have two: on fewer this fails, it never skips
    assert cores() >= 2, "these tests need two cores: -j 2 is one process on a single core"
    child = start("validate", "-j", "2", *options, str(big))
    first = os.read(child.stdout.fileno(), 1)
    assert first
    ended = drained(child)
    deadline = time.monotonic() + 60
    while len(children(child.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)

    def output() -> tuple[bytes, bytes]:
        out, err = ended()
        return first + out, err

    return child, output


def test_a_killed_worker_has_its_chunks_validated_again(big):
    """A worker killed mid-run: the run ends, with the report a run with no death gives, and
    one notice that work was done again."""
    whole = pinochle("validate", "-j", "1", str(big), timeout=300)
    child, output = running(big)
    kill(children(child.pid)[0])
    assert child.wait(300) == whole.returncode == 0
    out, err = output()
    assert out.decode("utf-8") == whole.stdout
    lines = err.decode("utf-8").splitlines()
    assert len(lines) == 1 and re.fullmatch(
        r"pinochle validate: notice: a worker process ended abruptly \(killed, or out of "
        r"memory\?\): new worker processes validate the \d+ chunks? whose work was lost "
        r"\(restart 1 of at most 3\)", lines[0]), lines


def test_workers_that_keep_dying_stop_the_run_naming_the_games_not_checked(big):
    """Every worker killed as soon as it is seen: after three restarts the run stops, exit 2,
    naming where the report stops; never a hang, never a summary of a clean archive."""
    child, output = running(big, "--json")
    deadline = time.monotonic() + 120
    while child.poll() is None and time.monotonic() < deadline:
        for pid in children(child.pid):
            kill(pid)
        time.sleep(0.1)
    status = child.wait(60)
    out, err = output()
    assert status == 2, err
    report, said = out.decode("utf-8"), err.decode("utf-8")
    assert '"summary"' not in report and report.endswith("\n")
    assert "Traceback" not in said
    assert said.count("notice: a worker process ended abruptly") == 3
    assert re.search(r"pinochle validate: error: worker processes ended abruptly 4 times "
                     r"\(killed, or out of memory\?\); no report for .*big\.pin from game \d+ "
                     r"\(line \d+\) on, nor for the inputs after it: they were not checked\n$",
                     said), said


def test_jobs_past_the_cores_is_capped_and_said(big):
    """``-j 1000``: one worker process a core, and a notice saying so; the report as ever."""
    child = start("validate", "-q", "-j", "1000", str(big))
    output = drained(child)
    most = 0
    while child.poll() is None:
        most = max(most, len(children(child.pid)))
        time.sleep(0.05)
    out, err = output()
    assert child.returncode == 0
    n = cores()
    assert err.decode("utf-8") == (f"pinochle validate: notice: -j 1000: {n} worker process"
                                   f"{'es' if n > 1 else ''}, one a core of the {n} this "
                                   "command may run on\n")
    assert most <= n
    assert re.fullmatch(r"1200 games, \d+ battles: 0 errors, 0 warnings, 0 notices\n",
                        out.decode("utf-8"))


def test_jobs_is_capped_at_the_work_there_is(tmp_path, monkeypatch):
    """Three chunks of work on a machine of 64 cores: three worker processes, not 64 (in this
    process: the machine here has fewer cores)."""
    from pinochle.cli import validate
    from pinochle.batch.chunks import Settings
    from pinochle.cli.jobs import Processes
    from pinochle.cli.runner import Run

    record = dumps(simulate_record(2, 5))
    for name in ("1.pin", "2.pin", "3.pin"):       # small files: one chunk each
        (tmp_path / name).write_text(record, encoding="utf-8")
    monkeypatch.setattr(validate, "cores", lambda: 64)
    run = Run(io.StringIO(), Settings())
    chunks, pool, window = validate._pool(run, [str(tmp_path)], 64, None, 1)
    try:
        assert isinstance(pool, Processes)
        assert pool.jobs == len(list(chunks)) == 3 and window == 12
    finally:
        pool.close()


def test_closing_the_pool_ends_every_manager_thread_even_after_restarts():
    """Every pool the run started, the broken ones shut down without waiting among them, has its
    manager thread ended once ``close`` returns: a manager thread still closing its pipe when
    the command exits races the interpreter's exit hook (CPython 3.11 then prints an ``OSError``
    traceback after the report)."""
    from concurrent.futures.process import _ExecutorManagerThread

    from pinochle.batch.chunks import Chunk, Settings
    from pinochle.cli.jobs import Processes

    game = dumps(simulate_record(1, 5)).splitlines(keepends=True)
    pool = Processes(2, Settings("json"))
    for abort in (False, True):
        for _ in range(2):       # two pools broken by a killed worker, a third closed
            job = pool.submit(Chunk("t", 0, 1, 1, game, 1, last=True))
            for pid in list(pool.executor._processes):
                kill(pid)
            assert pool.result(job).chunk.games == 1
        pool.close(abort=abort)
        assert not [thread for thread in threading.enumerate()
                    if isinstance(thread, _ExecutorManagerThread) and thread.is_alive()]
        pool = Processes(2, Settings("json"))
    pool.close()
