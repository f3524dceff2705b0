"""The service is up, through real HTTP: ``pinochle serve`` answers /healthz, every response
names the engine version, errors are JSON, and a body declared past the limit is refused (413;
a streamed one is tested where a route reads it)."""

from __future__ import annotations

from tests.service.servicekit import Server

from pinochle.service.app import ENGINE_HEADER, engine_version


def test_healthz_and_the_engine_version_header(server: Server) -> None:
    with server.client() as http:
        answer = http.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "engine": engine_version()}
    assert answer.headers[ENGINE_HEADER] == engine_version()


def test_an_unknown_address_is_a_json_404_with_the_header(server: Server) -> None:
    with server.client() as http:
        answer = http.get("/no/such/thing")
    assert answer.status_code == 404
    assert answer.json()["error"]["status"] == 404
    assert answer.headers[ENGINE_HEADER] == engine_version()


def test_a_body_declared_past_the_limit_is_413(server: Server) -> None:
    big = b"x" * ((1 << 20) + 1)
    with server.client() as http:
        answer = http.post("/healthz", content=big)
    assert answer.status_code == 413, answer.text
    assert "larger than the limit" in answer.json()["error"]["message"]
