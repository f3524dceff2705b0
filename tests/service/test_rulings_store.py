"""Rulings that last, each test with servers of its own: rulings survive a restart and a
``kill -9`` of the whole server in the middle of a burst of writes (every ruling whose POST got
a 201 is there afterwards); workers starting together migrate the store one at a time; the
store is created on first use, or lives at any ``--database`` URL; creating rulings can need a
token, reading never does."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from tests.service.servicekit import Server, running, start_server

from pinochle.service.store import FILENAME

QUESTION = {"kind": "melds", "request": {"exposed": "A♥ T♥", "concealed": "", "meld": "♥2"}}


def post(http: httpx.Client, body: dict = QUESTION, **headers: str) -> httpx.Response:
    return http.post("/v1/rulings", json=body, headers=headers)


def assert_all_there(server: Server, acknowledged: dict[str, bytes]) -> None:
    """Each acknowledged ruling reads back as the very bytes its 201 carried."""
    with server.client() as http:
        for ruling_id, posted in acknowledged.items():
            read = http.get(f"/v1/rulings/{ruling_id}")
            assert read.status_code == 200, f"{ruling_id}: {read.text}"
            assert read.content in posted
            assert read.json() == json.loads(posted)["ruling"]


@pytest.mark.slow
def test_rulings_survive_a_restart(tmp_path: Path) -> None:
    acknowledged = {}
    with running(tmp_path) as first, first.client() as http:
        for _ in range(3):
            answer = post(http)
            assert answer.status_code == 201
            acknowledged[answer.json()["id"]] = answer.content
    with running(tmp_path) as second:
        assert_all_there(second, acknowledged)
        with second.client() as http:
            assert http.get(f"/v1/rulings/{next(iter(acknowledged))}/recheck").json()["agrees"]


@pytest.mark.slow
def test_kill_9_in_a_burst_of_writes_loses_no_acknowledged_ruling(tmp_path: Path) -> None:
    # a burst from one address: past the write rate of a server without a token (docs)
    server = start_server(tmp_path, "--workers", "2", env={"PINOCHLE_WRITE_RATE": "1000000"})
    acknowledged: dict[str, bytes] = {}
    endings: list[str] = []
    lock = threading.Lock()

    def writer() -> None:
        with server.client() as http:
            while True:
                try:
                    answer = post(http)
                except httpx.HTTPError as error:      # the server died under this request
                    with lock:
                        endings.append(type(error).__name__)
                    return
                if answer.status_code != 201:
                    with lock:
                        endings.append(f"status {answer.status_code}: {answer.text}")
                    return
                with lock:
                    acknowledged[answer.json()["id"]] = answer.content

    threads = [threading.Thread(target=writer) for _ in range(8)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while len(acknowledged) < 80 and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill(signal.SIGKILL)
    for thread in threads:
        thread.join(timeout=60)
    assert len(acknowledged) >= 80, endings
    # every writer was still writing when the server died: the kill came mid-burst
    assert len(endings) == 8 and not any(e.startswith("status") for e in endings), endings
    with running(tmp_path) as after:
        assert_all_there(after, acknowledged)


@pytest.mark.slow
def test_two_workers_starting_together_migrate_once_and_both_serve(tmp_path: Path) -> None:
    with running(tmp_path, "--workers", "2") as server:
        with server.client() as http:
            answers = [post(http) for _ in range(6)]
        assert all(a.status_code == 201 for a in answers)
        server.kill(signal.SIGTERM)
        err = server.log()
    assert "Traceback" not in err and "locked" not in err, err
    with sqlite3.connect(tmp_path / FILENAME) as db:
        assert db.execute("select version_num from alembic_version").fetchall() == [("0001",)]
        assert db.execute("select count(*) from rulings").fetchone() == (6,)


OPEN_AT = """
import sys, time
from pathlib import Path
from pinochle.service.settings import ServiceSettings
from pinochle.service.store import Store
start = float(sys.argv[2])
while time.time() < start:
    pass
Store(ServiceSettings(data_dir=Path(sys.argv[1]))).open()
"""


@pytest.mark.slow
def test_six_processes_opening_a_new_store_at_the_same_instant_all_succeed(
        tmp_path: Path) -> None:
    """Without the migration lock, five of six fail with 'database is locked'."""
    start = time.time() + 3
    processes = [subprocess.Popen([sys.executable, "-c", OPEN_AT, str(tmp_path), str(start)],
                                  stderr=subprocess.PIPE) for _ in range(6)]
    errors = [p.communicate(timeout=60)[1].decode() for p in processes]
    assert [p.returncode for p in processes] == [0] * 6, errors
    with sqlite3.connect(tmp_path / FILENAME) as db:
        assert db.execute("select version_num from alembic_version").fetchall() == [("0001",)]


@pytest.mark.slow
def test_the_store_is_created_on_first_use_in_a_new_directory_in_wal_mode(
        tmp_path: Path) -> None:
    data_dir = tmp_path / "not" / "yet" / "there"
    with running(data_dir) as server, server.client() as http:
        assert post(http).status_code == 201
    with sqlite3.connect(data_dir / FILENAME) as db:
        assert db.execute("pragma journal_mode").fetchone() == ("wal",)
        assert db.execute("select count(*) from rulings").fetchone() == (1,)


@pytest.mark.slow
def test_database_url_puts_the_store_there(tmp_path: Path) -> None:
    database = tmp_path / "elsewhere.sqlite3"
    with running(tmp_path / "data", "--database", f"sqlite:///{database}") as server:
        with server.client() as http:
            ruling_id = post(http).json()["id"]
    assert not (tmp_path / "data" / FILENAME).exists()
    with sqlite3.connect(database) as db:
        assert db.execute("select id from rulings").fetchall() == [(ruling_id,)]


def test_a_database_url_that_cannot_work_is_a_usage_error(tmp_path: Path) -> None:
    from tests.service.servicekit import PINOCHLE

    done = subprocess.run([PINOCHLE, "serve", "--data-dir", str(tmp_path), "--database",
                           "nosuchdb://x"], capture_output=True, timeout=60, check=False)
    assert done.returncode == 4
    assert b"--database: unknown database in 'nosuchdb://x'" in done.stderr
    assert b"Traceback" not in done.stderr


def test_a_database_server_that_does_not_answer_is_a_usage_error(tmp_path: Path) -> None:
    """Nothing listens on the port: one line naming the URL (its password hidden) and the
    driver's reason, exit 4; before, each worker failed its start with a traceback."""
    from tests.service.servicekit import PINOCHLE, free_port

    url = f"postgresql+psycopg://referee:s3cret@127.0.0.1:{free_port()}/pinochle"
    done = subprocess.run([PINOCHLE, "serve", "--data-dir", str(tmp_path), "--port",
                           str(free_port()), "--database", url],
                          capture_output=True, timeout=60, check=False)
    said = done.stderr.decode()
    assert done.returncode == 4, said
    first = said.splitlines()[0]
    assert first.startswith("pinochle serve: error: --database: cannot connect to "
                            "'postgresql+psycopg://referee:***@127.0.0.1:"), first
    assert "Connection refused" in first and "s3cret" not in said
    assert "Traceback" not in said


@pytest.mark.slow
@pytest.mark.parametrize("how", ["option", "environment"])
def test_creating_needs_the_token_reading_does_not(tmp_path: Path, how: str) -> None:
    args, env = (("--token", "s3cret"), None) if how == "option" else \
        ((), {"PINOCHLE_TOKEN": "s3cret"})
    with running(tmp_path, *args, env=env) as server, server.client() as http:
        refused = [post(http), post(http, Authorization="Bearer wrong"),
                   post(http, Authorization="Basic czNjcmV0"),
                   post(http, {"kind": "nonsense"})]      # no token: 401 before the 422
        for answer in refused:
            assert answer.status_code == 401, answer.text
            assert answer.json()["error"]["status"] == 401
            assert answer.headers["www-authenticate"].startswith("Bearer")
        accepted = post(http, Authorization="Bearer s3cret")
        assert accepted.status_code == 201, accepted.text
        ruling_id = accepted.json()["id"]
        assert http.get(f"/v1/rulings/{ruling_id}").status_code == 200
        assert http.get(f"/v1/rulings/{ruling_id}/recheck").status_code == 200
        assert "bearer" in json.dumps(http.get("/openapi.json").json()["components"]).lower()
