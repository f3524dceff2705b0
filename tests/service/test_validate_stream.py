"""A large record validated over HTTP (reproducer 5): with ``Accept:
application/x-ndjson`` ``/v1/validate`` streams ``pinochle validate --format jsonl``, a game a
line, so that a record of tens of thousands of tiny games is answered where the one JSON
document is a 504; the default answer stays ``pinochle validate --json``'s."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.service.apikit import CLUB_NIGHT, cli, error_of, many_games
from tests.service.servicekit import Server, running

NDJSON = {"content-type": "text/plain", "accept": "application/x-ndjson"}
TEXT = {"content-type": "text/plain"}


def tiny_games(count: int) -> bytes:
    """``count`` games of one battle with no deal (26 bytes each: 40,000 make 1 MB)."""
    return b'[A "x"]\nbattle 1 dealer E\n' * count


def test_the_stream_is_the_command_lines_jsonl(server: Server, tmp_path: Path) -> None:
    """Every game a line, a syntax error a line (where the JSON document is a 422)."""
    record = tmp_path / "three.pin"
    record.write_bytes(many_games(2) + b"\n" + (CLUB_NIGHT.read_bytes()[:-200]))
    body = {"text": record.read_text(encoding="utf-8"), "name": str(record)}
    with server.client() as http:
        answer = http.post("/v1/validate", json=body, headers={"accept": "application/x-ndjson"})
        error_of(http.post("/v1/validate", json=body), 422)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    assert answer.text == cli("validate", "--format", "jsonl", str(record)).stdout
    assert '"syntax_error"' in answer.text


@pytest.mark.slow
def test_tens_of_thousands_of_tiny_games_are_streamed_within_the_time_limit(
        tmp_path: Path) -> None:
    record = tiny_games(12000)          # 312 KB: many seconds of validation
    with running(tmp_path, env={"PINOCHLE_TIME_LIMIT": "3"}) as live, live.client() as http:
        error_of(http.post("/v1/validate", content=record, headers=TEXT), 504)
        with http.stream("POST", "/v1/validate", content=record, headers=NDJSON) as answer:
            assert answer.status_code == 200
            lines = [json.loads(line) for line in answer.iter_lines()]
    assert [line["game"] for line in lines[:-1]] == list(range(1, 12001))
    assert lines[-1]["summary"]["games"] == 12000 and lines[-1]["exit_status"] == 0
