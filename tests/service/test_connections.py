"""Connection hygiene (reproducer 3; service/connections.py): idle and slow
connections are closed after the head deadline, they cannot lock other clients out even past
the open-file limit, the log stays small, and past the cap of busy connections the answer is
503 with Retry-After."""

from __future__ import annotations

import resource
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from pinochle.service.connections import connection_cap

from tests.service.servicekit import Server, running
from tests.service.test_work_process import wait_for

IDLE = 1100
#: The open-file limit the server runs under: a common default.
FILES = 1024


def files_limit() -> None:
    """In the server's process, before it starts: ``ulimit -n 1024``."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))


@contextmanager
def idle_connections(server: Server, count: int) -> Iterator[list[socket.socket]]:
    """``count`` connections to ``server`` that send nothing."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 200:      # this test process's own limit
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 500), hard))
    port = int(server.url.rsplit(":", 1)[1])
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            opened.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        yield opened
    finally:
        for sock in opened:
            sock.close()


def closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(0)
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:             # reset
        return True


def timed_get(server: Server, path: str) -> tuple[int, float]:
    """The status of ``GET path`` on a connection of its own, and the seconds it took."""
    port = int(server.url.rsplit(":", 1)[1])
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), time.monotonic() - start


@pytest.mark.slow
def test_1100_idle_connections_under_1024_files_lock_no_one_out(tmp_path: Path) -> None:
    env = {"PINOCHLE_HEADER_TIMEOUT": "3"}
    with running(tmp_path, env=env, preexec=files_limit) as server:
        with idle_connections(server, IDLE) as idle:
            # all accepted: those past the cap have made room by closing the oldest
            evicted = IDLE - connection_cap(1000, FILES)
            assert wait_for(lambda: sum(map(closed_by_server, idle)) >= evicted, 10)
            answers = [timed_get(server, path) for path in ["/healthz", "/v1/rulesets"] * 10]
            assert all(status == 200 for status, _ in answers), answers
            assert max(seconds for _, seconds in answers) < 1.0, answers
            time.sleep(3 + 2)
            still_open = [s for s in idle if not closed_by_server(s)]
            assert still_open == [], f"{len(still_open)} idle connections still open"
        assert timed_get(server, "/healthz")[0] == 200
        assert len(server.log().encode()) < 1 << 20


@pytest.mark.slow
def test_a_slow_head_is_closed_at_the_head_deadline(tmp_path: Path) -> None:
    """One byte a second keeps uvicorn's keep-alive timer from firing; not the head deadline."""
    with running(tmp_path, env={"PINOCHLE_HEADER_TIMEOUT": "2"}) as server:
        port = int(server.url.rsplit(":", 1)[1])
        start = time.monotonic()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as slow:
            closed = False
            for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\n" * 2:
                try:
                    slow.sendall(bytes([byte]))
                except OSError:
                    closed = True
                    break
                if closed_by_server(slow):
                    closed = True
                    break
                slow.settimeout(10)
                time.sleep(0.5)
        assert closed and 2 <= time.monotonic() - start < 4


@pytest.mark.slow
def test_past_the_cap_of_busy_connections_the_answer_is_503(tmp_path: Path) -> None:
    env = {"PINOCHLE_MAX_CONNECTIONS": "2", "PINOCHLE_HEADER_TIMEOUT": "30"}
    with running(tmp_path, env=env) as server:
        port = int(server.url.rsplit(":", 1)[1])
        busy = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(2)]
        try:
            for sock in busy:       # a request in progress: its body is still to come
                sock.sendall(b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: "
                             b"text/plain\r\nContent-Length: 100\r\n\r\n")
            time.sleep(0.5)
            answer = httpx.get(f"{server.url}/healthz", timeout=10)
            assert answer.status_code == 503
            assert answer.headers["retry-after"] == "1"
            assert answer.json()["error"]["status"] == 503
        finally:
            for sock in busy:
                sock.close()
        time.sleep(0.5)
        assert httpx.get(f"{server.url}/healthz", timeout=10).status_code == 200


def test_accept_failures_are_logged_once_in_a_while_with_a_count(
        caplog: pytest.LogCaptureFixture) -> None:
    """asyncio reports a failed accept() once per waiting connection, up to the backlog, each
    tick: thousands of tracebacks a second at the open-file limit."""
    import asyncio
    import errno

    from pinochle.service.connections import _Quiet

    quiet, loop = _Quiet(), asyncio.new_event_loop()
    try:
        with caplog.at_level("WARNING", logger="uvicorn.error"):
            for _ in range(5000):
                quiet(loop, {"message": "socket.accept() out of system resource",
                             "exception": OSError(errno.EMFILE, "Too many open files")})
    finally:
        loop.close()
    assert len(caplog.records) == 1
    assert "cannot accept connections ([Errno 24] Too many open files)" in caplog.text
    assert quiet.missed == 4999


def test_the_write_rate_is_a_bucket_per_address() -> None:
    from pinochle.service.writes import WriteRate

    rate = WriteRate(per_minute=3)
    assert [rate.wait("a", now=0) for _ in range(3)] == [0, 0, 0]
    assert rate.wait("a", now=0) == pytest.approx(20)       # one every 20 s
    assert rate.wait("b", now=0) == 0                       # another address
    assert rate.wait("a", now=20) == 0
