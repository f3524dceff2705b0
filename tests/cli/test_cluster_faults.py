"""``pinochle validate --cluster ADDRESS`` where no Dask scheduler answers, or
one with no workers: a bounded wait, then one line and exit 2, never a hang nor a traceback.
The console script against local sockets the test opens (one that accepts and says nothing,
one that answers garbage) and a ``LocalCluster`` scheduler with no workers."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from tests.cli.consolekit import ROOT, no_traceback, pinochle, start

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


def unreachable(address: str, why: str) -> float:
    """``validate --cluster ADDRESS`` fails in one line saying ``why``, exit 2; its seconds."""
    began = time.monotonic()
    done = pinochle("validate", "--cluster", address, GAME, timeout=120)
    no_traceback(done)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"pinochle validate: error: cannot reach the cluster at {address}: "
                           f"{why}\n")
    return time.monotonic() - began


def test_a_port_where_something_silent_listens_times_out(silent):
    assert unreachable(silent, "no answer within 10 s (is it a Dask scheduler?)") < 60


def test_a_port_that_answers_garbage_is_one_line(garbage):
    unreachable(garbage, "what answers is not a Dask scheduler")


@pytest.mark.parametrize("address", ["garbage", "tcp://127.0.0.1", "tcp://:x"])
def test_an_address_that_is_no_address_is_one_line(address):
    unreachable(address, "not an address; expected tcp://HOST:PORT")


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


def test_workers_that_all_leave_mid_run_stop_it_naming_the_games_not_checked(tmp_path):
    """The cluster's only worker goes away after the report has begun: the run waits
    ``--cluster-wait`` seconds for another, then stops, exit 2, naming where its report stops."""
    from distributed import LocalCluster

    from pinochle.notation import dumps
    from pinochle.simulator.simulate import simulate_record

    big = tmp_path / "big.pin"
    big.write_text("\n".join([dumps(simulate_record(12, 5))] * 100), encoding="utf-8")
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=50) as cluster:
        child = start("validate", "--cluster", cluster.scheduler_address, "--cluster-wait",
                      "3", str(big))
        first = child.stdout.read(1)
        cluster.scale(0)
        out, err = child.communicate(timeout=120)
    said = err.decode("utf-8")
    assert child.returncode == 2, said
    assert first and not (first + out).decode("utf-8").endswith("0 notices\n")
    assert re.fullmatch(rf"pinochle validate: error: the cluster at {cluster.scheduler_address}"
                        r" has had no workers for 3 s; no report for .*big\.pin from game \d+ "
                        r"\(line \d+\) on, nor for the inputs after it: they were not "
                        r"checked\n", said), said
