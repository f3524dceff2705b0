"""``POST /v1/replay``, the examples and the page's files, through real HTTP against ``pinochle
serve``: the timeline of a record as text or JSON, every positioned syntax error (422), a body
that is not a record (415, 422, 413), the example records, the page and its static files."""

from __future__ import annotations

from pathlib import Path

from tests.service.servicekit import Server

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
R9F = (CORPUS / "faulty/R9F-repeat.pin").read_text(encoding="utf-8")


def test_replay_a_record_as_text_gives_every_step_and_the_finding_at_its_step(server: Server):
    with server.client() as http:
        answer = http.post("/v1/replay", content=R9F.encode(),
                           headers={"Content-Type": "text/plain; charset=utf-8"})
    assert answer.status_code == 200, answer.text
    [game] = answer.json()["games"]
    [finding] = game["findings"]
    assert (finding["rule"], finding["line"], finding["column"]) == ("R9F", 14, 12)
    assert finding["source"]["marked"] == "♣2 81"
    step = game["steps"][finding["step"]]
    assert (step["kind"], step["battle"], step["trick"]) == ("meld", 1, 6)
    assert step["label"] == "West melds ♣2 for 81"
    end = game["steps"][-1]
    assert [h["score"] for h in end["hands"]] == [496, 689]      # what validate reports
    assert end["kind"] == "end" and game["battles"][0]["ended_by"] == "R8F"


def test_replay_as_json_gives_the_same_timeline(server: Server):
    with server.client() as http:
        text = http.post("/v1/replay", content=R9F.encode(),
                         headers={"Content-Type": "text/plain"})
        as_json = http.post("/v1/replay", json={"text": R9F})
    assert as_json.status_code == 200
    assert as_json.json() == text.json()


def test_replay_every_game_of_a_record(server: Server):
    with server.client() as http:
        answer = http.post("/v1/replay", json={"text": R9F + "\n" + R9F})
    assert [g["game"] for g in answer.json()["games"]] == [1, 2]


def test_a_record_with_syntax_errors_is_422_with_every_position(server: Server):
    bad = "battle 1 dealer E\n1. X♥ K♥\n2. K♥ Y♥\n"
    with server.client() as http:
        answer = http.post("/v1/replay", json={"text": bad})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["message"].startswith("the record has 2 syntax errors")
    assert [(e["line"], e["column"]) for e in error["errors"]] == [(2, 4), (3, 7)]
    assert all("expected a card" in e["message"] for e in error["errors"])


def test_a_record_that_is_not_utf8_is_422_at_its_line(server: Server):
    with server.client() as http:
        answer = http.post("/v1/replay", content=b"battle 1 dealer E\n1. \xff\n",
                           headers={"Content-Type": "text/plain"})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert "not UTF-8" in error["message"] and "line 2, column 4" in error["message"]
    [place] = error["errors"]
    assert (place["line"], place["column"], place["offset"]) == (2, 4, 21)


def test_malformed_json_a_missing_text_and_a_wrong_content_type_are_clear_errors(server: Server):
    with server.client() as http:
        malformed = http.post("/v1/replay", content=b'{"text": ',
                              headers={"Content-Type": "application/json"})
        missing = http.post("/v1/replay", json={"record": R9F})
        wrong = http.post("/v1/replay", content=b"<game/>",
                          headers={"Content-Type": "application/xml"})
    assert malformed.status_code == 400         # as every other route answers malformed JSON
    assert "malformed JSON" in malformed.json()["error"]["message"]
    assert missing.status_code == 422
    assert missing.json()["error"]["errors"][0]["where"] == "body.text"
    assert wrong.status_code == 415
    assert "application/xml" in wrong.json()["error"]["message"]


def test_a_record_past_the_body_limit_is_413(server: Server):
    with server.client() as http:
        answer = http.post("/v1/replay", content=b"; " + b"x" * (1 << 20),
                           headers={"Content-Type": "text/plain"})
    assert answer.status_code == 413


def test_the_examples_are_the_corpus_records_byte_for_byte(server: Server):
    with server.client() as http:
        listed = http.get("/v1/examples").json()
        names = [e["name"] for e in listed]
        assert names[0] == "R9F-repeat"
        corpus = {"R9F-repeat": "faulty/R9F-repeat.pin", "club-night": "games/club-night.pin",
                  "old-time-evening": "games/old-time-evening.pin",
                  "double-pack-evening": "games/double-pack-evening.pin"}
        assert set(names) == set(corpus)
        for name in names:
            answer = http.get(f"/v1/examples/{name}")
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("text/plain")
            assert answer.content == (CORPUS / corpus[name]).read_bytes()
        missing = http.get("/v1/examples/nothing")
    assert missing.status_code == 404 and "no example" in missing.json()["error"]["message"]


def test_the_page_its_permalink_address_and_its_static_files(server: Server):
    with server.client() as http:
        page = http.get("/")
        ruling = http.get("/r/some-ruling-id")
        script = http.get("/static/app.js")
        style = http.get("/static/style.css")
        missing = http.get("/static/nothing.js")
    assert page.status_code == ruling.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert page.text == ruling.text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page.text
    assert '<script type="module" src="/static/app.js">' in page.text
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    # the page's modules (issue 30): the entry imports the others, which ask the routes
    assert 'from "./replay.js"' in script.text
    with server.client() as http:
        modules = {name: http.get(f"/static/{name}.js") for name in ("replay", "answer")}
    assert all(m.status_code == 200 for m in modules.values())
    assert "/v1/replay" in modules["replay"].text and "/v1/melds" in modules["answer"].text
    assert style.status_code == 200 and "text/css" in style.headers["content-type"]
    assert missing.status_code == 404 and missing.json()["error"]["status"] == 404


def test_the_openapi_document_describes_replay_with_both_bodies_and_the_timeline(server: Server):
    with server.client() as http:
        document = http.get("/openapi.json").json()
    replay = document["paths"]["/v1/replay"]["post"]
    assert set(replay["requestBody"]["content"]) == {"application/json", "text/plain"}
    ok = replay["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {"$ref": "#/components/schemas/Replay"}
    schemas = document["components"]["schemas"]
    assert {"Replay", "GameTimeline", "GameLeftOut", "StepView", "HandView",
            "TimelineFinding"} <= set(schemas)
    games = schemas["Replay"]["properties"]["games"]["items"]["anyOf"]
    assert games == [{"$ref": "#/components/schemas/GameTimeline"},
                     {"$ref": "#/components/schemas/GameLeftOut"}]
    assert {"422", "415", "413"} <= set(replay["responses"])
    assert "/" not in document["paths"] and "/r/{ruling}" not in document["paths"]


def test_SC_CALL_and_TP25_a_call_out_and_a_knock_are_steps_with_their_findings(server: Server):
    """The replay page steps to the statement that ended the game: Scarne's call-out and
    25-steps' knock, each with the notice that decides the game."""
    for name, kind, label, rule in (
            ("scarne-evening", "call", "West calls out", "SC-CALL"),
            ("25-steps-evening", "knock", "West knocks with 1440", "TP25")):
        with server.client() as http:
            answer = http.post("/v1/replay", content=(CORPUS / f"games/{name}.pin").read_bytes(),
                               headers={"Content-Type": "text/plain"})
        assert answer.status_code == 200
        [game] = answer.json()["games"]
        [step] = [s for s in game["steps"] if s["kind"] == kind]
        assert step["label"] == label
        at_step = [f["rule"] for f in game["findings"] if f["step"] == step["index"]]
        assert at_step == [rule], (name, at_step)
