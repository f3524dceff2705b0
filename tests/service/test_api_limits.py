"""The API's limits through real HTTP: a body streamed past the size limit is refused (413) by the
route that reads it, a request past the time limit is a 504 (``PINOCHLE_TIME_LIMIT`` set tiny),
and a long validation runs beside the event loop: ``/healthz`` answers while it goes on."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.service.apikit import CLUB_NIGHT, error_of, many_games
from tests.service.servicekit import Server, running

LIMIT = 1 << 20      # the default body limit (ServiceSettings.max_body)
TEXT = {"content-type": "text/plain"}


def chunks(data: bytes, size: int = 1 << 16) -> Iterator[bytes]:
    """``data`` as a stream: httpx sends it chunked, with no Content-Length to refuse early."""
    for start in range(0, len(data), size):
        yield data[start:start + size]


@pytest.mark.parametrize("route, kind", [("/v1/validate", "text/plain"),
                                         ("/v1/format", "text/plain"),
                                         ("/v1/melds", "application/json")])
def test_a_body_streamed_past_the_limit_is_413(server: Server, route, kind) -> None:
    data = b" " * (LIMIT + 1)
    with server.client() as http:
        answer = http.post(route, content=chunks(data), headers={"content-type": kind})
    assert "content-length" not in answer.request.headers
    assert "larger than the limit" in error_of(answer, 413)["message"]
    with server.client() as http:                 # the server goes on serving
        assert http.get("/healthz").status_code == 200


def test_a_body_streamed_within_the_limit_is_read_whole(server: Server) -> None:
    data = many_games(3)
    with server.client() as http:
        streamed = http.post("/v1/validate", content=chunks(data, 1000), headers=TEXT)
        whole = http.post("/v1/validate", content=data, headers=TEXT)
    assert streamed.status_code == 200, streamed.text
    assert streamed.text == whole.text
    assert len(streamed.json()["files"][0]["games"]) == 3


def test_a_body_declared_past_the_limit_is_413_before_it_is_read(server: Server) -> None:
    with server.client() as http:
        answer = http.post("/v1/validate", content=b"x" * (LIMIT + 10), headers=TEXT)
    error_of(answer, 413)


def test_a_request_past_the_time_limit_is_504(tmp_path: Path) -> None:
    big = many_games(300)                         # ~1 MB, half a second's validation or more
    assert len(big) < LIMIT
    with running(tmp_path, env={"PINOCHLE_TIME_LIMIT": "0.1"}) as live, live.client() as http:
        started = time.monotonic()
        answer = http.post("/v1/validate", content=big, headers=TEXT)
        took = time.monotonic() - started
        assert "longer than the limit of 0.1 s" in error_of(answer, 504)["message"]
        assert took < 5
        assert http.get("/v1/rulesets").status_code == 200      # a quick one still answers


def test_healthz_answers_while_a_long_validation_runs(tmp_path: Path) -> None:
    big = many_games(1500)                        # ~5 MB: seconds of validation
    env = {"PINOCHLE_MAX_BODY": str(len(big) + 1)}
    done: dict[str, float] = {}

    def validate(http: httpx.Client) -> None:
        answer = http.post("/v1/validate", content=big, headers=TEXT)
        done["status"], done["at"] = answer.status_code, time.monotonic()

    with running(tmp_path, env=env) as live, live.client() as http, \
            live.client() as other:
        worker = threading.Thread(target=validate, args=(http,))
        started = time.monotonic()
        worker.start()
        time.sleep(0.5)                           # sent (local) and being validated
        asked = time.monotonic()
        health = other.get("/healthz")
        answered = time.monotonic()
        worker.join(timeout=120)
    assert health.status_code == 200
    assert done["status"] == 200
    assert "at" in done and answered < done["at"], "the validation ended before /healthz was asked"
    assert answered - asked < 1.0, f"/healthz took {answered - asked:.2f} s"
    assert done["at"] - started > 1.5             # the validation did take seconds


def test_a_record_of_one_game_is_well_within_the_limits(server: Server) -> None:
    with server.client() as http:
        answer = http.post("/v1/validate", content=CLUB_NIGHT.read_bytes(), headers=TEXT)
    assert answer.status_code == 200
    assert answer.elapsed.total_seconds() < 5
