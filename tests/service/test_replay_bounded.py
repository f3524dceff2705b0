"""``POST /v1/replay`` answers at most ten times its record (at least 1 MiB,
reproducer 2, where a 1 MB record gave 78 MB): the games past the budget are listed by number
and tags (``left_out``), each to be asked for alone with ``?game=N``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.service.apikit import CLUB_NIGHT, error_of, many_games
from tests.service.servicekit import Server, running

from pinochle.adjudicator.report.timeline import build_timeline

TEXT = {"content-type": "text/plain"}


def test_a_small_records_answer_is_its_whole_timeline(server: Server) -> None:
    text = CLUB_NIGHT.read_text(encoding="utf-8")
    with server.client() as http:
        answer = http.post("/v1/replay", content=text.encode("utf-8"), headers=TEXT)
    assert answer.status_code == 200
    assert answer.text == build_timeline(text).model_dump_json()


def test_games_past_the_budget_are_left_out_and_asked_for_alone(server: Server) -> None:
    record = many_games(5)              # 16 KB; five timelines of 240 KB pass 1 MiB
    with server.client() as http:
        games = http.post("/v1/replay", content=record, headers=TEXT).json()["games"]
        assert [("steps" in g, "left_out" in g) for g in games] == [(True, False)] * 4 + [
            (False, True)]
        assert "?game=5" in games[4]["left_out"] and games[4]["tags"] == games[0]["tags"]
        [fifth] = http.post("/v1/replay?game=5", content=record, headers=TEXT).json()["games"]
        [second] = http.post("/v1/replay?game=2", content=record, headers=TEXT).json()["games"]
        missing = http.post("/v1/replay?game=6", content=record, headers=TEXT)
        zero = http.post("/v1/replay?game=0", content=record, headers=TEXT)
    assert second == games[1]
    assert fifth["game"] == 5 and fifth["line"] == games[4]["line"]
    assert len(fifth["steps"]) == len(games[0]["steps"]) == 133
    assert "not 6" in error_of(missing, 422)["message"]
    error_of(zero, 422)


@pytest.mark.slow
def test_the_answer_of_a_1_MB_record_is_at_most_ten_times_its_size(tmp_path: Path) -> None:
    record = CLUB_NIGHT.read_bytes() * 319          # the record: 1,046,958 bytes
    assert len(record) < 1 << 20
    with running(tmp_path, env={"PINOCHLE_TIME_LIMIT": "300"}) as live, live.client() as http:
        answer = http.post("/v1/replay", content=record, headers=TEXT, timeout=300)
    assert answer.status_code == 200, answer.text[:300]
    assert len(answer.content) <= 10 * len(record)
    games = json.loads(answer.content)["games"]
    assert len(games) == 319 and "steps" in games[0] and "left_out" in games[-1]


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["corpus/games", "corpus/faulty", "service/examples"])
def test_the_answer_is_the_timelines_own_json_for_every_corpus_record(folder: str) -> None:
    """The answer is written by ``json_bytes`` (pydantic's writer asking each view for its
    fields), not by the timeline's ``model_dump_json``: the two are the same bytes for every
    record that parses."""
    from pinochle.notation.errors import NotationError
    from pinochle.service.page import replay_json

    compared = 0
    for path in sorted((ROOT / folder).rglob("*.pin")):
        text = path.read_text(encoding="utf-8")
        try:
            expected = build_timeline(text).model_dump_json()
        except NotationError:
            continue
        assert replay_json(text) == expected, path
        compared += 1
    assert compared >= 4
