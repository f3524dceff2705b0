"""``pinochle serve`` as a process (reproducers 4 and 7): with any ``--workers``, a
``kill -9`` of the server leaves no process and the port free at once; Ctrl-C says nothing
alarming; a busy port is a one-line usage error; the start-up line and the access log."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from pathlib import Path

import pytest

from tests.service.servicekit import PINOCHLE, free_port, running, start_server
from tests.service.test_work_process import validate, wait_for


def living(pgid: int) -> list[str]:
    """The processes of group ``pgid`` that are not zombies (a dead process whose new parent,
    the container's first process, may never collect it), each as its command line."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:         # it ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split() if stat else []
        if fields and fields[0] != "Z" and int(fields[2]) == pgid:
            found.append(command)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_kill_9_with_any_workers_leaves_no_process_and_the_port_free(tmp_path: Path,
                                                                      workers: str) -> None:
    port = free_port()
    server = start_server(tmp_path, "--workers", workers, port=port)
    try:
        assert validate(server)[0] == 200
        assert len(living(server.process.pid)) > int(workers)  # workers, work processes...
        os.kill(server.process.pid, signal.SIGKILL)    # the server only, not its group
        server.process.wait(timeout=30)
        assert wait_for(lambda: not living(server.process.pid), seconds=5), \
            living(server.process.pid)
    finally:
        server.kill()
    again = start_server(tmp_path, "--workers", workers, port=port)     # binds at once
    try:
        assert validate(again)[0] == 200
    finally:
        again.kill(signal.SIGTERM)


@pytest.mark.slow
def test_ctrl_c_with_two_workers_prints_nothing_alarming(tmp_path: Path) -> None:
    with running(tmp_path, "--workers", "2", "--no-access-log") as server:
        assert validate(server)[0] == 200
        os.killpg(server.process.pid, signal.SIGINT)     # what a terminal's Ctrl-C does
        server.process.wait(timeout=30)
        assert wait_for(lambda: not living(server.process.pid))
        # the resource tracker's report comes after its last client is gone
        lines = server.log().splitlines()
    assert lines[0].startswith("pinochle serve: listening on"), lines
    assert all(line.startswith("pinochle serve: ") for line in lines), lines  # no warning
    assert not any("warning" in line or "error" in line for line in lines), lines


def test_a_busy_port_is_a_one_line_usage_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([PINOCHLE, "serve", "--port", str(port), "--data-dir",
                               str(tmp_path)], capture_output=True, timeout=60, check=False)
    assert done.returncode == 4, done.stderr
    first = done.stderr.decode().splitlines()[0]
    assert first == (f"pinochle serve: error: cannot listen on 127.0.0.1:{port}: Address "
                     "already in use; is another server running there? choose another --port")
    assert b"Traceback" not in done.stderr


@pytest.mark.slow
def test_the_start_up_line_and_the_access_log(tmp_path: Path) -> None:
    with running(tmp_path / "on") as server, server.client() as http:
        assert http.get("/healthz").status_code == 200
        assert http.delete("/healthz").status_code == 405
        server.kill(signal.SIGTERM)
        log = server.log()
    assert f"pinochle serve: listening on {server.url} (1 worker; Ctrl-C stops)" in log
    assert '"GET /healthz HTTP/1.1" 200' in log and '"DELETE /healthz HTTP/1.1" 405' in log
    with running(tmp_path / "off", "--no-access-log") as quiet, quiet.client() as http:
        assert http.get("/healthz").status_code == 200
        quiet.kill(signal.SIGTERM)
        assert "healthz" not in quiet.log()
