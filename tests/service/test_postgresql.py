"""Past one machine: two ``pinochle serve`` sharing one real PostgreSQL database
(Debian's ``postgresql`` package, installed by the README's set-up line). The test starts a
throwaway cluster of its own (``initdb`` and ``pg_ctl`` in a temporary directory, on a free
port, as an ordinary user since PostgreSQL refuses to run as root) and stops it afterwards.

Both servers start at the same moment and the schema is migrated exactly once (under the
advisory lock: without it, the second server's CREATE TABLE fails and it does not start); a
ruling written through one is read through the other; a ``kill -9`` of one during a burst of
writes loses no acknowledged ruling."""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.service.servicekit import Server, free_port, start_server

QUESTION = {"kind": "melds", "request": {"exposed": "A♥ T♥", "concealed": "", "meld": "♥2"}}
MIGRATED = "pinochle serve: migrated the ruling store's schema from nothing to 0001"


def postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    assert found, "no PostgreSQL server: run the README's set-up line (apt-get install postgresql)"
    return found[-1].parent


def ordinary_user() -> tuple[int, int]:
    """Who runs the cluster: this user, or where this is root, ``postgres`` (Debian's package
    makes it) or ``nobody``."""
    if os.geteuid() != 0:
        return os.getuid(), os.getgid()
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return entry.pw_uid, entry.pw_gid
    raise AssertionError("no user but root to run PostgreSQL as")


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A throwaway PostgreSQL cluster; its SQLAlchemy URL."""
    binaries, (uid, gid) = postgres_bin(), ordinary_user()
    home = Path(tempfile.mkdtemp(prefix="pinochle-pg-"))
    os.chown(home, uid, gid)
    data, port = home / "data", free_port()

    def as_user() -> None:
        if os.geteuid() != uid:
            os.setgid(gid)
            os.setuid(uid)

    def run(*command: str) -> None:
        subprocess.run(command, check=True, capture_output=True, preexec_fn=as_user, cwd=home,
                       timeout=120)

    try:
        run(str(binaries / "initdb"), "-D", str(data), "-U", "referee", "--auth=trust",
            "-E", "UTF8", "--no-sync")
        run(str(binaries / "pg_ctl"), "-D", str(data), "-l", str(home / "server.log"), "-w",
            "-o", f"-p {port} -k {home} -c listen_addresses=127.0.0.1", "start")
        try:
            yield f"postgresql+psycopg://referee@127.0.0.1:{port}/postgres"
        finally:
            run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
    finally:
        shutil.rmtree(home, ignore_errors=True)


def start_together(tmp_path: Path, url: str) -> list[Server]:
    """Two servers on ``url``, started at the same moment."""
    servers: list[Server | BaseException] = [RuntimeError("not started")] * 2

    def start(i: int) -> None:
        try:
            servers[i] = start_server(tmp_path / f"s{i}", "--database", url,
                                      env={"PINOCHLE_WRITE_RATE": "1000000"})  # a burst
        except BaseException as error:     # reported below
            servers[i] = error

    threads = [threading.Thread(target=start, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    started = [s for s in servers if isinstance(s, Server)]
    if len(started) < 2:
        for server in started:
            server.kill()
        raise AssertionError(f"a server did not start: {servers}")
    return started


def post(http: httpx.Client) -> httpx.Response:
    return http.post("/v1/rulings", json=QUESTION)


@pytest.mark.slow
def test_two_servers_share_one_postgresql(tmp_path: Path, database: str) -> None:
    first, second = start_together(tmp_path, database)
    try:
        logs = [first.log(), second.log()]
        assert sum(log.count(MIGRATED) for log in logs) == 1, logs
        with first.client() as one, second.client() as other:
            written = post(one)
            assert written.status_code == 201, written.text
            read = other.get(f"/v1/rulings/{written.json()['id']}")
            assert read.status_code == 200
            assert read.content in written.content

        acknowledged: dict[str, bytes] = {}
        stop = threading.Event()

        def burst(server: Server) -> None:
            with server.client() as http:
                while not stop.is_set():
                    try:
                        answer = post(http)
                    except httpx.HTTPError:         # the server killed under it
                        continue
                    if answer.status_code == 201:
                        body = answer.json()
                        acknowledged[body["id"]] = answer.content
        writers = [threading.Thread(target=burst, args=(s,)) for s in (first, first, second)]
        for writer in writers:
            writer.start()
        time.sleep(1.5)
        first.kill(signal.SIGKILL)
        time.sleep(0.5)
        stop.set()
        for writer in writers:
            writer.join()
        assert len(acknowledged) > 10
        with second.client() as http:
            for ruling_id, posted in acknowledged.items():
                read = http.get(f"/v1/rulings/{ruling_id}")
                assert read.status_code == 200, ruling_id
                assert read.content in posted
    finally:
        first.kill()
        second.kill()
