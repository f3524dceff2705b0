"""Deadlines that stop the work, and lanes that keep one client's heavy request from another's
small one (service/work.py, reproducer 1), through real HTTP on ``pinochle serve``
with a 2-second time limit and records that take far longer than that."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import httpx
import pytest
from tests.service.apikit import CLUB_NIGHT, error_of, many_games
from tests.service.servicekit import Server, running
from tests.service.test_work_process import work_processes

from pinochle.service.work import ClientGone, TimeUp, Workers

LIMIT = 2.0
TEXT = {"content-type": "text/plain"}
#: About 3 MB of four-battle games: a minute of replay, many seconds of validation.
HEAVY = many_games(900)
#: Large enough for the heavy lane (more than 64 KiB), a fraction of a second's work.
MEDIUM = many_games(25)
SMALL = CLUB_NIGHT.read_bytes()


def heavy_request(route: str) -> dict[str, object]:
    """The request of ``route`` that takes far longer than the limit with ``HEAVY``."""
    if route == "/v1/rulings":
        return {"json": {"kind": "validate", "request": {"text": HEAVY.decode("utf-8")}}}
    return {"content": HEAVY, "headers": TEXT}


@pytest.mark.slow
@pytest.mark.parametrize("route", ["/v1/replay", "/v1/rulings"])
def test_a_heavy_request_times_out_and_a_second_clients_small_ones_all_succeed(
        tmp_path: Path, route: str) -> None:
    heavy: dict[str, object] = {}

    def send(server: Server) -> None:
        with server.client() as http:
            started = time.monotonic()
            heavy["answer"] = http.post(route, **heavy_request(route))  # type: ignore[arg-type]
            heavy["took"] = time.monotonic() - started

    # the ruling's size cap (without a token) would refuse the heavy ruling before any work
    with running(tmp_path, env={"PINOCHLE_TIME_LIMIT": str(LIMIT),
                                "PINOCHLE_MAX_BODY": str(8 << 20),
                                "PINOCHLE_RULING_MAX": str(64 << 20)}) as server:
        thread = threading.Thread(target=send, args=(server,))
        thread.start()
        time.sleep(0.3)                     # the heavy one is being worked on
        statuses = []
        with server.client() as http:
            while thread.is_alive():
                statuses.append(http.post("/v1/validate", content=SMALL,
                                          headers=TEXT).status_code)
            thread.join()
            assert statuses and set(statuses) == {200}, statuses
            error_of(heavy["answer"], 504)              # type: ignore[arg-type]
            assert heavy["took"] < LIMIT + 3            # type: ignore[operator]
            # its work stopped: a second large record is worked on at once, not after it
            started = time.monotonic()
            medium = http.post("/v1/validate", content=MEDIUM, headers=TEXT)
            assert medium.status_code == 200, medium.text
            assert time.monotonic() - started < LIMIT


@pytest.mark.slow
def test_work_whose_client_left_is_stopped(tmp_path: Path) -> None:
    with running(tmp_path, env={"PINOCHLE_MAX_BODY": str(8 << 20)}) as server:
        before = set(work_processes(server))
        with server.client() as http:
            assert http.post("/v1/replay", content=MEDIUM,
                             headers=TEXT).status_code == 200      # the heavy lane started
            heavy_lane = set(work_processes(server)) - before
            assert heavy_lane
            with pytest.raises(httpx.ReadTimeout):
                http.post("/v1/replay", content=HEAVY, headers=TEXT, timeout=1)
        deadline = time.monotonic() + 5         # the default limit is 20 s: this is the client
        while time.monotonic() < deadline and heavy_lane & set(work_processes(server)):
            time.sleep(0.1)
        assert not heavy_lane & set(work_processes(server)), "the abandoned work goes on"


def test_work_past_its_deadline_while_waiting_is_never_started(tmp_path: Path) -> None:
    marker = tmp_path / "started"

    async def both(workers: Workers) -> tuple[object, object]:
        now = time.monotonic()
        slow = workers.run(time.sleep, 3, deadline=now + 0.5)
        waiting = workers.run(marker.touch, deadline=now + 0.3)
        results = await asyncio.gather(slow, waiting, return_exceptions=True)
        return results[0], results[1]

    workers = Workers()
    workers.start()
    try:
        assert asyncio.run(workers.run(sum, [1, 2])) == 3      # the fork server is up
        started = time.monotonic()
        slow, waiting = asyncio.run(both(workers))
        assert isinstance(slow, TimeUp) and isinstance(waiting, TimeUp)
        assert time.monotonic() - started < 2       # the sleep was stopped, not waited for
        assert not marker.exists()
        assert asyncio.run(workers.run(sum, [1, 2])) == 3       # a new process, at once
    finally:
        workers.close()


def test_work_whose_client_is_gone_is_never_started(tmp_path: Path) -> None:
    marker = tmp_path / "started"

    async def gone() -> bool:
        return True

    workers = Workers()
    try:
        with pytest.raises(ClientGone):
            asyncio.run(workers.run(marker.touch, gone=gone))
        assert not marker.exists()
    finally:
        workers.close()
