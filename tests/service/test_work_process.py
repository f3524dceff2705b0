"""The heavy answers run in a process beside each server worker (service/work.py): it comes back
when it dies, it never outlives its server, and Ctrl-C stops the whole server quietly."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from pinochle.service.bodies import ApiError
from pinochle.service.work import Workers

from tests.service.servicekit import Server, running

RECORD = (Path(__file__).resolve().parents[2] / "corpus" / "games" / "club-night.pin").read_bytes()


def processes() -> dict[int, tuple[int, int, str]]:
    """Every process: its parent, its process group and its command line."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:         # it ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        table[int(entry.name)] = (int(fields[1]), int(fields[2]), command)
    return table


def group(pgid: int) -> list[int]:
    return [pid for pid, (_, g, _) in processes().items() if g == pgid]


def work_processes(server: Server) -> list[int]:
    """The server's work processes: the fork server's children."""
    table = processes()
    forkservers = {pid for pid, (parent, _, command) in table.items()
                   if parent == server.process.pid and "forkserver" in command}
    return [pid for pid, (parent, _, _) in table.items() if parent in forkservers]


def validate(server: Server) -> tuple[int, bytes]:
    with server.client() as http:
        answer = http.post("/v1/validate", content=RECORD,
                           headers={"Content-Type": "text/plain"})
    return answer.status_code, answer.content


def wait_for(condition: object, seconds: float = 15) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():         # type: ignore[operator]
            return True
        time.sleep(0.1)
    return False


@pytest.mark.slow
def test_a_killed_work_process_is_replaced_and_the_answer_is_the_same(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        status, first = validate(server)
        assert status == 200
        victims = work_processes(server)
        assert victims, "no work process beside the server"
        for pid in victims:
            os.kill(pid, signal.SIGKILL)
        assert validate(server) == (200, first)
        assert set(work_processes(server)).isdisjoint(victims)


def niceness(pid: int) -> int:
    """A process's nice value, from ``/proc/PID/stat`` (field 19)."""
    stat = (Path("/proc") / str(pid) / "stat").read_text()
    return int(stat[stat.rindex(")") + 2:].split()[16])


@pytest.mark.slow
def test_the_work_processes_run_below_the_server_workers(tmp_path: Path) -> None:
    """The heavy answers yield the cores to the quick ones (``NICE``: docs/service.md)."""
    from pinochle.service.work import NICE

    with running(tmp_path) as server:
        assert validate(server)[0] == 200
        workers = work_processes(server)
        assert workers, "no work process beside the server"
        server_nice = niceness(server.process.pid)
        assert [niceness(pid) - server_nice for pid in workers] == [NICE] * len(workers)
        assert NICE > 0


@pytest.mark.slow
def test_a_killed_fork_server_is_started_again(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        status, first = validate(server)
        table = processes()
        forkservers = [pid for pid, (parent, _, command) in table.items()
                       if parent == server.process.pid and "forkserver" in command]
        assert forkservers
        for pid in forkservers + work_processes(server):
            os.kill(pid, signal.SIGKILL)
        assert validate(server) == (200, first)


@pytest.mark.slow
def test_kill_9_of_the_server_leaves_no_process_behind(tmp_path: Path) -> None:
    with running(tmp_path) as server:
        assert validate(server)[0] == 200
        assert len(group(server.process.pid)) > 1       # the server has helpers
        os.kill(server.process.pid, signal.SIGKILL)    # the server only, not its group
        server.process.wait(timeout=30)
        assert wait_for(lambda: not group(server.process.pid)), [
            processes().get(pid) for pid in group(server.process.pid)]


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_every_process_without_a_traceback(tmp_path: Path, workers: str) -> None:
    with running(tmp_path, "--workers", workers) as server:
        assert validate(server)[0] == 200
        os.killpg(server.process.pid, signal.SIGINT)     # what a terminal's Ctrl-C does
        server.process.wait(timeout=30)
        err = server.log()
        assert "Traceback" not in err, err
        assert wait_for(lambda: not group(server.process.pid))


def test_a_work_process_that_dies_twice_is_a_503() -> None:
    workers = Workers()
    try:
        with pytest.raises(ApiError) as refused:
            asyncio.run(workers.run(os._exit, 3))
        assert refused.value.status == 503
        assert workers.restarts == 2
        assert asyncio.run(workers.run(sum, [1, 2, 3])) == 6     # and then works again
    finally:
        workers.close()
