"""``POST /v1/validate`` through real HTTP: the answer is exactly what ``pinochle validate
--json`` prints for the same record (every game, every finding with its rule id and span, the
corrected scores), for a body of text or of JSON; a record that cannot be replayed is a 422
naming every place, never a 500."""

from __future__ import annotations

import pytest
from tests.service.apikit import CLUB_NIGHT, OLD_TIME, ROOT, as_json, cli, error_of, many_games
from tests.service.servicekit import Server

from pinochle.adjudicator.report.validation import Report
from pinochle.service.app import ENGINE_HEADER, engine_version

RECORDS = [CLUB_NIGHT, OLD_TIME, ROOT / "corpus/faulty/R9F-repeat.pin",
           ROOT / "corpus/faulty/R11C-nodraw.pin", ROOT / "corpus/faulty/OT3-score-claim.pin"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
@pytest.mark.parametrize("strict", [False, True])
def test_the_answer_is_the_cli_report_byte_for_byte(server: Server, path, strict) -> None:
    name = str(path.relative_to(ROOT))
    done = cli("validate", "--json", *(["--strict"] if strict else []), name)
    with server.client() as http:
        answer = http.post("/v1/validate", json={"text": path.read_text(encoding="utf-8"),
                                                 "name": name, "strict": strict})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert answer.headers[ENGINE_HEADER] == engine_version()
    assert answer.text == done.stdout
    assert answer.json()["exit_status"] == done.returncode


def test_strict_fails_a_record_with_notices_only(server: Server) -> None:
    """R11C: a missed draw handled as the law says is a notice: clean, but not with strict."""
    text = (ROOT / "corpus/faulty/R11C-nodraw.pin").read_text(encoding="utf-8")
    with server.client() as http:
        lenient = http.post("/v1/validate", json={"text": text}).json()
        strict = http.post("/v1/validate", json={"text": text, "strict": True}).json()
    assert lenient["summary"]["notices"] > 0 and lenient["exit_status"] == 0
    assert strict["exit_status"] == 1
    assert strict["summary"]["notices_by_rule"] == lenient["summary"]["notices_by_rule"]
    assert "R11C" in "".join(strict["summary"]["notices_by_rule"])


def test_a_text_body_is_the_record_itself(server: Server) -> None:
    data = (ROOT / "corpus/faulty/R9F-repeat.pin").read_bytes()
    with server.client() as http:
        as_text = http.post("/v1/validate", content=data,
                            headers={"content-type": "text/plain; charset=utf-8"})
        as_json_body = http.post("/v1/validate", json={"text": data.decode("utf-8")})
    assert as_text.status_code == 200, as_text.text
    assert as_text.text == as_json_body.text
    report = Report.model_validate_json(as_text.text)
    assert report.files[0].file == "<input>"
    assert [f.rule for g in report.files[0].games for f in g.findings] == ["R9F"]
    finding = report.files[0].games[0].findings[0]
    assert (finding.line, finding.column) != (0, 0) and finding.end_column > finding.column


def test_every_game_of_a_record_is_reported(server: Server) -> None:
    with server.client() as http:
        report = http.post("/v1/validate", content=many_games(3),
                           headers={"content-type": "text/plain"}).json()
    games = report["files"][0]["games"]
    assert [g["game"] for g in games] == [1, 2, 3]
    assert len({g["line"] for g in games}) == 3
    assert report["summary"]["battles"] == sum(len(g["battles"]) for g in games) > 3


def test_an_empty_record_is_a_report_without_games(server: Server) -> None:
    with server.client() as http:
        report = http.post("/v1/validate", json={"text": ""}).json()
    assert report["files"][0]["games"] == [] and report["exit_status"] == 0


def test_syntax_errors_are_a_422_listing_every_one(server: Server) -> None:
    lines = CLUB_NIGHT.read_text(encoding="utf-8").splitlines()
    battle = next(i for i, line in enumerate(lines) if line.startswith("battle 2"))
    lines[3] = "[East Margaret"
    lines[battle] = "battle two dealer X"
    text = "\n".join(lines) + "\n"
    expected = as_json(cli("validate", "--json", "-", input=text.encode()).stdout)
    places = [(e["line"], e["column"], e["message"]) for e in expected["files"][0]["syntax_errors"]]
    assert len(places) >= 2
    with server.client() as http:
        error = error_of(http.post("/v1/validate", json={"text": text}), 422)
    assert [(e["line"], e["column"], e["message"]) for e in error["errors"]] == places
    assert {4, battle + 1} <= {e["line"] for e in error["errors"]}
    assert "syntax errors" in error["message"]


def test_a_record_that_is_not_utf8_is_a_422_naming_the_byte(server: Server) -> None:
    data = CLUB_NIGHT.read_bytes()
    at = data.index("Margaret".encode())
    broken = data[:at] + b"\xe9" + data[at + 1:]
    with server.client() as http:
        error = error_of(http.post("/v1/validate", content=broken,
                                   headers={"content-type": "text/plain"}), 422)
    assert error["errors"][0]["offset"] == at
    assert error["errors"][0]["line"] == 4
    assert error["errors"][0]["column"] == len('[East "') + 1
    assert f"offset {at}" in error["message"] and "0xe9" in error["message"]


@pytest.mark.parametrize("body, where", [
    ({"text": "", "strcit": True}, "body.strcit"),
    ({"text": 5}, "body.text"),
    ({"name": "x"}, "body.text"),
    ({"text": "", "strict": "very"}, "body.strict"),
    ([], "body"),
])
def test_a_json_body_off_its_schema_is_a_422_naming_the_field(server: Server, body,
                                                              where) -> None:
    with server.client() as http:
        error = error_of(http.post("/v1/validate", json=body), 422)
    assert where in [e["where"] for e in error["errors"]]


def test_a_lone_surrogate_is_refused_not_a_500(server: Server) -> None:
    with server.client() as http:
        error = error_of(http.post("/v1/validate", content=b'{"text": "[Event \\"\\udc80\\"]"}',
                                   headers={"content-type": "application/json"}), 400)
    assert "surrogate" in error["message"]


def test_an_unknown_ruleset_in_a_record_is_a_finding_as_in_the_cli(server: Server,
                                                                   tmp_path) -> None:
    """The record's own tag is judged like any other line (a finding, the battles not
    replayed); only a request's own ruleset (/v1/melds) is a 422."""
    text = CLUB_NIGHT.read_text(encoding="utf-8").replace(
        '[Battles "4"]', '[Battles "4"]\n[Ruleset "new-time"]')
    path = tmp_path / "new-time.pin"
    path.write_text(text, encoding="utf-8")
    done = cli("validate", "--json", str(path))
    with server.client() as http:
        answer = http.post("/v1/validate", json={"text": text, "name": str(path)})
    assert answer.status_code == 200
    assert answer.text == done.stdout
    finding = answer.json()["files"][0]["games"][0]["findings"][0]
    assert finding["rule"] == "Ruleset" and "unknown ruleset 'new-time'" in finding["message"]
