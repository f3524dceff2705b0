"""Stored rulings through real HTTP (``POST /v1/rulings``, ``GET /v1/rulings/{id}``,
``/recheck``): the answer is the command line's, the stored JSON comes back byte for byte,
today's engine is asked again on recheck; unknown ids are 404, bad bodies 422. (Restarts, the
kill -9 burst, workers and the token: test_rulings_store.py.)"""

from __future__ import annotations

import json
import re
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from tests.service.servicekit import PINOCHLE, Server

from pinochle.service.app import engine_version
from pinochle.service.settings import ServiceSettings
from pinochle.service.store import Store

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
R9F_RECORD = CORPUS / "faulty" / "R9F-repeat.pin"
ID = re.compile(r"[0-9a-hjkmnp-tv-z]{12}")      # Crockford's base32: no i, l, o, u

M7_QUESTION = {"exposed": "A♥ T♥", "concealed": "", "meld": "♥2"}


def cli_json(*args: str, cwd: Path | None = None) -> dict:
    """What the command line prints with --json (the answer a ruling must store)."""
    done = subprocess.run([PINOCHLE, *args, "--json"], capture_output=True, check=False,
                          cwd=cwd)
    assert done.returncode in (0, 1), done.stderr.decode()
    return json.loads(done.stdout)


def create(server: Server, body: dict) -> dict:
    with server.client() as http:
        answer = http.post("/v1/rulings", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_melds_ruling_is_stored_with_its_answer_rules_ruleset_engine_and_time(
        server: Server) -> None:
    before = datetime.now(timezone.utc).replace(microsecond=0)
    with server.client() as http:
        posted = http.post("/v1/rulings", json={"kind": "melds", "request": M7_QUESTION})
    assert posted.status_code == 201, posted.text
    created = posted.json()
    ruling_id = created["id"]
    assert ID.fullmatch(ruling_id)
    assert created["permalink"] == f"/r/{ruling_id}"
    assert posted.headers["location"] == f"/v1/rulings/{ruling_id}"
    ruling = created["ruling"]
    assert ruling["id"] == ruling_id and ruling["kind"] == "melds"
    assert ruling["engine"] == engine_version()
    assert before <= datetime.fromisoformat(ruling["created"]) <= before + timedelta(minutes=1)
    assert ruling["request"]["exposed"] == "A♥ T♥" and ruling["request"]["meld"] == "♥2"
    assert ruling["answer"] == cli_json("melds", "--exposed", "A♥ T♥", "--meld", "♥2")
    assert ruling["answer"]["question"]["answer"]["rule"] == "R9C"
    assert ruling["rules"] == ["R9C"]
    assert ruling["ruleset"]["Ruleset"] == "east-point"


def test_a_validate_ruling_stores_the_report_pinochle_validate_prints(server: Server) -> None:
    text = R9F_RECORD.read_text(encoding="utf-8")
    ruling = create(server, {"kind": "validate",
                             "request": {"text": text, "name": "R9F-repeat.pin"}})["ruling"]
    expected = cli_json("validate", "--max-errors", "0", R9F_RECORD.name, cwd=R9F_RECORD.parent)
    assert ruling["answer"] == expected
    assert ruling["rules"] == ["R9F"]
    assert ruling["ruleset"] == {"Ruleset": "east-point", "MeldScoring": "original",
                                 "TrickScoring": "standard", "Pack": "regular"}
    assert ruling["request"] == {"text": text, "name": "R9F-repeat.pin", "strict": False}


def test_a_melds_ruling_at_a_point_of_a_record_R9F(server: Server) -> None:
    text = R9F_RECORD.read_text(encoding="utf-8")
    ruling = create(server, {"kind": "melds", "request": {
        "text": text, "battle": 1, "trick": 6, "seat": "W", "meld": "♣2"}})["ruling"]
    assert ruling["answer"] == cli_json("melds", str(R9F_RECORD), "--battle", "1", "--trick",
                                        "6", "--seat", "W", "--meld", "♣2")
    assert ruling["rules"] == ["R9F"]


def test_R8D_R9A_a_melds_ruling_stores_the_turn_and_an_illegal_melds_table_points(
        server: Server) -> None:
    """The turn is part of the question (R8D, R9E) and an illegal meld has no points: its table
    value is table_points, in the stored answer as in the command line's."""
    question = {"concealed": "A♥ K♥ Q♥ J♥ T♥", "gathered": "lost", "meld": "♥3"}
    ruling = create(server, {"kind": "melds", "request": question})["ruling"]
    assert ruling["request"]["gathered"] == "lost" and ruling["request"]["melded"] is None
    assert ruling["answer"] == cli_json("melds", "--concealed", "A♥ K♥ Q♥ J♥ T♥", "--gathered",
                                        "lost", "--meld", "♥3")
    answer = ruling["answer"]["question"]["answer"]
    assert "points" not in answer and answer["table_points"] == 101
    assert ruling["rules"] == ["R8D", "R9A", "R8D"]  # the verdict, by the cards alone, the turn
    with server.client() as http:
        assert http.get(f"/v1/rulings/{ruling['id']}/recheck").json()["agrees"] is True


def test_a_ruling_reads_back_as_the_bytes_first_returned_and_rechecks(server: Server) -> None:
    with server.client() as http:
        posted = http.post("/v1/rulings", json={"kind": "melds", "request": M7_QUESTION})
        ruling_id = posted.json()["id"]
        first = http.get(f"/v1/rulings/{ruling_id}")
        again = http.get(f"/v1/rulings/{ruling_id.upper()}")
        recheck = http.get(f"/v1/rulings/{ruling_id}/recheck")
    assert first.status_code == 200 and first.headers["content-type"] == "application/json"
    assert "immutable" in first.headers["cache-control"]
    assert first.content in posted.content       # the very bytes the 201 carried
    assert again.content == first.content
    assert first.json() == posted.json()["ruling"]
    assert recheck.status_code == 200
    assert recheck.json() == {"agrees": True, "engine": engine_version(),
                              "answer": first.json()["answer"], "error": None}


def test_ids_are_distinct_and_random(server: Server) -> None:
    ids = {create(server, {"kind": "melds", "request": M7_QUESTION})["id"] for _ in range(20)}
    assert len(ids) == 20
    assert all(ID.fullmatch(i) for i in ids)
    assert len({i[0] for i in ids}) > 1          # not a counter: the leading digits vary


def stored_directly(server: Server, ruling_id: str, body: bytes) -> None:
    """Put a ruling in the server's store as an older engine might have written it."""
    store = Store(ServiceSettings(data_dir=server.data_dir))
    try:
        assert store.insert(ruling_id, "2020-01-01T00:00:00Z", "melds", "0.0.1", body)
    finally:
        store.close()


def test_a_stored_ruling_is_returned_byte_for_byte_even_when_today_disagrees(
        server: Server) -> None:
    # written by an "older engine": its own spacing, key order and escapes, and an answer
    # today's engine does not give (it said ♥2 was legal)
    old = cli_json("melds", "--exposed", "A♥ T♥", "--meld", "♥2")
    old["question"]["answer"].update(legal=True, rule="R9A")
    body = ('{\n  "kind": "melds",  "id": "0000000000ab", "engine": "0.0.1",\n'
            '  "created": "2020-01-01T00:00:00Z", "request": {"exposed": "A\\u2665 T\u2665", '
            '"concealed": "", "meld": "\u26652"},\n  "answer": '
            + json.dumps(old, indent=3) + ', "rules": ["R9A"], "ruleset": {}}\n').encode()
    stored_directly(server, "0000000000ab", body)
    with server.client() as http:
        read = http.get("/v1/rulings/0000000000ab")
        recheck = http.get("/v1/rulings/0000000000ab/recheck")
    assert read.status_code == 200 and read.content == body
    checked = recheck.json()
    assert checked["agrees"] is False and checked["engine"] == engine_version()
    assert checked["answer"]["question"]["answer"]["rule"] == "R9C"
    with server.client() as http:
        assert http.get("/v1/rulings/0000000000ab").content == body    # recheck wrote nothing


def test_recheck_says_so_when_today_cannot_answer_at_all(server: Server) -> None:
    body = json.dumps({"id": "0000000000cd", "kind": "melds", "request": {"concealed": "XX"},
                       "answer": {}, "rules": [], "ruleset": {}}).encode()
    stored_directly(server, "0000000000cd", body)
    with server.client() as http:
        checked = http.get("/v1/rulings/0000000000cd/recheck").json()
    assert checked["agrees"] is False and checked["answer"] is None
    assert checked["error"]["status"] == 422 and "is not a card" in checked["error"]["message"]


@pytest.mark.parametrize("path", ["/v1/rulings/zzzzzzzzzzzz", "/v1/rulings/zzzzzzzzzzzz/recheck",
                                  "/v1/rulings/not-an-id", "/v1/rulings/" + "a" * 200,
                                  "/v1/rulings/iiiiiiiiiiii"])
def test_an_unknown_ruling_is_a_json_404(server: Server, path: str) -> None:
    with server.client() as http:
        answer = http.get(path)
    assert answer.status_code == 404
    assert answer.json()["error"]["status"] == 404
    assert "no ruling has the id" in answer.json()["error"]["message"]


@pytest.mark.parametrize("body", [
    {"kind": "opinion", "request": {"text": ""}},
    {"kind": "validate"},
    {"kind": "validate", "request": {"text": 7}},
    {"kind": "validate", "request": {"text": "", "colour": "red"}},
    {"kind": "melds", "request": {"text": "", "battle": 1, "trick": 1, "seat": "X"}},
    {"kind": "melds", "request": {"exposed": "A♥"}},
    [1, 2],
])
def test_a_body_that_does_not_match_the_schema_is_422(server: Server, body: object) -> None:
    with server.client() as http:
        answer = http.post("/v1/rulings", json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["message"] == "the request does not match its schema" and error["errors"]


def test_malformed_json_is_400_as_on_every_route(server: Server) -> None:
    with server.client() as http:
        answer = http.post("/v1/rulings", content=b'{"kind": "melds", ',
                           headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"]["status"] == 400


def test_a_question_the_engine_cannot_answer_is_422_and_stores_nothing(server: Server) -> None:
    with server.client() as http:
        answer = http.post("/v1/rulings", json={"kind": "melds", "request": {
            "concealed": "A♥ XX", "meld": "♥2"}})
    assert answer.status_code == 422
    assert "'XX', is not a card" in answer.json()["error"]["message"]
    assert "id" not in answer.json()


def test_a_record_with_syntax_errors_is_422_with_every_positioned_error(server: Server) -> None:
    text = '[Event "x"]\nbattle 1 dealer Q\nbattle 2 dealer E\n1. ZZ A♥ W\n'
    with server.client() as http:
        answer = http.post("/v1/rulings", json={"kind": "validate", "request": {"text": text}})
    assert answer.status_code == 422, answer.text
    errors = answer.json()["error"]["errors"]
    assert errors and all(e["line"] >= 2 and e["column"] >= 1 and e["message"] for e in errors)
