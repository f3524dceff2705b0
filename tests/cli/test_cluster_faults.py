"""Issue 25 item 4: ``pinochle validate --cluster ADDRESS`` where no Dask scheduler answers, or
one with no workers: a bounded wait, then one line and exit 2, never a hang nor a traceback.
The console script against local sockets the test opens (one that accepts and says nothing,
one that answers garbage) and a ``LocalCluster`` scheduler with no workers."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
from consolekit import ROOT, no_traceback, pinochle, start

pytestmark = pytest.mark.slow

GAME = str(ROOT / "corpus" / "games" / "club-night.pin")


def listening(answer: bytes | None) -> Iterator[str]:
    """``tcp://127.0.0.1:PORT`` of a socket that accepts every connection and writes
    ``answer`` to it (``None``: writes nothing), until the test ends."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            held.append(connection)
            if answer is not None:
                connection.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()
    for connection in held:
        connection.close()


@pytest.fixture
def silent() -> Iterator[str]:
    yield from listening(None)


@pytest.fixture
def garbage() -> Iterator[str]:
    yield from listening(b"HTTP/1.1 400 Bad Request\r\n\r\n" + bytes(range(256)) * 4)


def test_a_port_where_something_silent_listens_times_out(silent):
    began = time.monotonic()
    done = pinochle("validate", "--cluster", silent, GAME, timeout=120)
    no_traceback(done)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"pinochle validate: error: cannot reach the cluster at {silent}: "
                           "no answer within 10 s (is it a Dask scheduler?)\n")
    assert time.monotonic() - began < 60


def test_a_port_that_answers_garbage_is_one_line(garbage):
    done = pinochle("validate", "--cluster", garbage, GAME, timeout=120)
    no_traceback(done)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"pinochle validate: error: cannot reach the cluster at {garbage}: "
                           "what answers is not a Dask scheduler\n")


@pytest.mark.parametrize("address", ["garbage", "tcp://127.0.0.1", "tcp://:x"])
def test_an_address_that_is_no_address_is_one_line(address):
    done = pinochle("validate", "--cluster", address, GAME, timeout=120)
    no_traceback(done)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"pinochle validate: error: cannot reach the cluster at {address}: "
                           "not an address; expected tcp://HOST:PORT\n")


def test_a_cluster_with_no_workers_is_said_at_once_and_waited_for_as_long_as_asked():
    from distributed import LocalCluster

    with LocalCluster(n_workers=0, processes=True, dashboard_address=None,
                      silence_logs=50) as cluster:
        address = cluster.scheduler_address
        began = time.monotonic()
        child = start("validate", "--cluster", address, "--cluster-wait", "5", GAME)
        first = child.stderr.readline().decode("utf-8")
        said = time.monotonic() - began
        out, rest = child.communicate(timeout=120)
        ended = time.monotonic() - began
    assert first == (f"pinochle validate: notice: the cluster at {address} has no workers: "
                     "waiting up to 5 s for one to join (--cluster-wait)\n")
    assert rest.decode("utf-8") == (f"pinochle validate: error: no worker joined the cluster "
                                    f"at {address} within 5 s; nothing was checked\n")
    assert child.returncode == 2 and out == b""
    assert said < ended - 4.5       # said before the wait, not after it
    assert ended < 60


def test_the_wait_is_in_the_help_and_the_docs():
    assert "--cluster-wait SECONDS" in pinochle("validate", "--help").stdout
    assert "--cluster-wait" in (ROOT / "docs" / "scale.md").read_text(encoding="utf-8")
