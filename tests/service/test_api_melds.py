"""``POST /v1/melds`` through real HTTP: the dispute question in both modes of ``pinochle melds``
(a position given directly, a point in a record) answers exactly as ``pinochle melds --json``,
with the deciding rule (R9 for East Point, OT9 for old-time); a question that cannot be asked
is a 422 naming the field, never a 500."""

from __future__ import annotations

import pytest
from tests.service.apikit import CLUB_NIGHT, OLD_TIME, ROOT, as_json, cli, error_of, many_games
from tests.service.servicekit import Server

from pinochle.adjudicator import MeldsReport

def _status(out: str) -> int:
    """The command's exit status for its answer: 1 when the meld asked about is not legal."""
    question = as_json(out)["question"]
    return int(question is not None and not question["answer"]["legal"])


POSITIONS = [
    # (CLI options, the JSON body asking the same)
    (["--concealed", "A♥ K♥ Q♥ J♥ T♥", "--meld", "♥3"],
     {"concealed": "A♥ K♥ Q♥ J♥ T♥", "meld": "♥3"}),
    (["--concealed", "A♥ K♥ Q♥ J♥ T♥ Q♠ J♦", "--exposed", "K♠", "--scored", "♥3"],
     {"concealed": "A♥ K♥ Q♥ J♥ T♥ Q♠ J♦", "exposed": "K♠", "scored": "♥3"}),
    (["--concealed", "K♥ J♥", "--played", "Q♥", "--won", "Q♥", "--meld", "♥2"],
     {"concealed": "K♥ J♥", "played": "Q♥", "won": "Q♥", "meld": "♥2"}),
    (["--ruleset-option", "MeldScoring=higher", "--concealed", "A♥ K♥ Q♥ J♥ T♥", "--meld",
      "♥5"],
     {"ruleset": {"MeldScoring": "higher"}, "concealed": "A♥ K♥ Q♥ J♥ T♥", "meld": "♥5"}),
    (["--ruleset-option", "Ruleset=old-time", "--trump", "♥", "--concealed", "A♥ T♥ J♥",
      "--exposed", "K♥ Q♥", "--scored", "♥M", "--meld", "♥F"],
     {"ruleset": {"Ruleset": "old-time"}, "trump": "♥", "concealed": "A♥ T♥ J♥",
      "exposed": "K♥ Q♥", "scored": "♥M", "meld": "♥F"}),
    # the turn (R8D, R9E): said, in part or in full, or assumed
    (["--concealed", "A♥ K♥ Q♥ J♥ T♥", "--gathered", "lost", "--meld", "♥3"],
     {"concealed": "A♥ K♥ Q♥ J♥ T♥", "gathered": "lost", "meld": "♥3"}),
    (["--concealed", "A♥ T♥ A♣ T♣", "--exposed", "K♥ Q♥ J♥", "--melded", "♥3", "--meld", "♣2"],
     {"concealed": "A♥ T♥ A♣ T♣", "exposed": "K♥ Q♥ J♥", "melded": "♥3", "meld": "♣2"}),
    (["--concealed", "A♥ T♥", "--gathered", "won", "--melded", "none"],
     {"concealed": "A♥ T♥", "gathered": "won", "melded": "none"}),
    (["--ruleset-option", "Ruleset=old-time", "--trump", "♥", "--concealed", "A♥ T♥ J♥ N♥",
      "--exposed", "K♥ Q♥", "--melded", "♥M"],
     {"ruleset": {"Ruleset": "old-time"}, "trump": "♥", "concealed": "A♥ T♥ J♥ N♥",
      "exposed": "K♥ Q♥", "melded": "♥M"}),
]


@pytest.mark.parametrize("options, body", POSITIONS, ids=lambda v: str(v)[:40])
def test_a_position_is_answered_as_the_cli_answers(server: Server, options, body) -> None:
    done = cli("melds", "--json", *options)
    assert done.returncode == _status(done.stdout), done.stderr
    with server.client() as http:
        answer = http.post("/v1/melds", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json() == as_json(done.stdout)
    MeldsReport.model_validate_json(answer.text)


POINTS = [
    (CLUB_NIGHT, 1, 1, "E", None),
    (CLUB_NIGHT, 2, 5, "W", None),
    (OLD_TIME, 1, 8, "W", "♥M"),
]


@pytest.mark.parametrize("path, battle, trick, seat, meld", POINTS)
def test_a_point_in_a_record_is_answered_as_the_cli_answers(server: Server, path, battle,
                                                            trick, seat, meld) -> None:
    options = ["--battle", str(battle), "--trick", str(trick), "--seat", seat]
    done = cli("melds", "--json", str(path), *options, *(["--meld", meld] if meld else []))
    assert done.returncode == _status(done.stdout), done.stderr
    body = {"text": path.read_text(encoding="utf-8"), "battle": battle, "trick": trick,
            "seat": seat, "meld": meld}
    with server.client() as http:
        answer = http.post("/v1/melds", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json() == as_json(done.stdout)
    assert answer.json()["battle"] == battle and answer.json()["seat"] == seat


def test_old_time_second_marriage_is_no_under_ot9g(server: Server) -> None:
    """The README's dispute: West's K♥ Q♥ are in a class-A meld of 40 already (OT9G)."""
    body = {"text": OLD_TIME.read_text(encoding="utf-8"), "battle": 1, "trick": 8, "seat": "W",
            "meld": "♥M"}
    with server.client() as http:
        question = http.post("/v1/melds", json=body).json()["question"]
    assert question["answer"]["legal"] is False
    assert question["answer"]["rule"] == "OT9G"


def test_the_game_of_a_record_is_chosen(server: Server) -> None:
    text = many_games(2).decode("utf-8")
    body = {"text": text, "battle": 1, "trick": 1, "seat": "E"}
    with server.client() as http:
        first = http.post("/v1/melds", json={**body, "game": 1}).json()
        second = http.post("/v1/melds", json={**body, "game": 2}).json()
        third = http.post("/v1/melds", json={**body, "game": 3})
    assert second["game"] == 2
    assert {**second, "game": 1} == first                  # the same game, twice
    assert "no game 3" in error_of(third, 422)["message"]


@pytest.mark.parametrize("body, field, words", [
    ({"concealed": "A♥ X♥"}, "concealed", "is not a card"),
    ({"concealed": " "}, "concealed", "nothing to judge"),
    ({"concealed": "A♥", "exposed": "A♥ A♥"}, None, "too many copies of A♥"),
    ({"concealed": "A♥ A♥ T♥ T♥ K♥ K♥ Q♥ Q♥ J♥ J♥ A♠ A♠ T♠"}, None, "holds 13 cards"),
    ({"concealed": "A♥", "scored": "♥9"}, "scored", "is not a meld"),
    ({"concealed": "A♥", "meld": "nonsense"}, "meld", "is not a meld"),
    ({"concealed": "A♥", "won": "A♥"}, "won", "more often than played"),
    ({"concealed": "A♥", "ruleset": {"Ruleset": "new-time"}}, "ruleset", "unknown ruleset"),
    ({"concealed": "A♥", "ruleset": {"Rulset": "old-time"}}, "ruleset", "unknown option"),
    ({"concealed": "A♥", "ruleset": {"MeldScoring": "highest"}}, "ruleset", "MeldScoring"),
    ({"concealed": "A♥", "ruleset": {"Ruleset=old-time": "x"}}, "ruleset", "unknown option"),
    ({"concealed": "A♥", "ruleset": {"Ruleset": " "}}, "ruleset", "Ruleset needs a value"),
    ({"concealed": "A♥", "ruleset": {"Ruleset": "old-time"}}, "trump", "trump suit"),
    ({"concealed": "A♥", "trump": "♥"}, "trump", "has no trump suit"),
    ({"concealed": "A♥", "gathered": "lost", "melded": "♥3"}, "melded", "made no meld this turn"),
    ({"concealed": "A♥", "melded": "♥M"}, "melded", "is not a meld of this ruleset"),
    ({"concealed": "A♥ T♥", "ruleset": {"Ruleset": "double-pack"}, "trump": "♥",
      "gathered": "won"}, "gathered", "a player at a table of four melds once"),
    ({"concealed": "A♥ T♥", "ruleset": {"Ruleset": "double-pack"}, "trump": "♥",
      "melded": "♥M"}, "melded", "a player at a table of four melds once"),
])
def test_a_position_that_cannot_be_is_a_422(server: Server, body, field, words) -> None:
    with server.client() as http:
        error = error_of(http.post("/v1/melds", json=body), 422)
    assert words in error["message"]
    assert "--" not in error["message"]              # the fields' names, not the options'
    if field is not None:
        assert error["errors"] == [{"where": f"body.{field}", "problem": error["message"]}]


@pytest.mark.parametrize("where, words", [
    ({"battle": 9, "trick": 1}, "no battle 9"),
    ({"battle": 1, "trick": 99}, "no trick 99"),
    ({"battle": 1, "trick": 0}, "no trick 0"),
    ({"battle": 1, "trick": 1, "game": 0}, "no game 0"),
])
def test_a_place_the_record_does_not_have_is_a_422(server: Server, where, words) -> None:
    body = {"text": CLUB_NIGHT.read_text(encoding="utf-8"), "seat": "E", **where}
    with server.client() as http:
        assert words in error_of(http.post("/v1/melds", json=body), 422)["message"]


def test_a_record_with_a_syntax_error_is_a_422_with_its_place(server: Server) -> None:
    text = CLUB_NIGHT.read_text(encoding="utf-8").replace("battle 1 dealer E", "battle 1 deal E")
    body = {"text": text, "battle": 1, "trick": 1, "seat": "E"}
    with server.client() as http:
        error = error_of(http.post("/v1/melds", json=body), 422)
    line = text.splitlines().index("battle 1 deal E") + 1
    assert error["errors"][0]["line"] == line and error["errors"][0]["column"] >= 1


@pytest.mark.parametrize("body, where", [
    ({"text": "", "battle": 1, "trick": 1, "seat": "X"}, "body.point.seat"),
    ({"text": "", "trick": 1, "seat": "E"}, "body.point.battle"),
    ({"text": "", "battle": 1, "trick": 1, "seat": "E", "concealed": "A♥"},
     "body.point.concealed"),
    ({"exposed": "A♥"}, "body.position.concealed"),
    ({"concealed": "A♥", "ruleset": "old-time"}, "body.position.ruleset"),
    ({"concealed": "A♥", "gathered": "maybe"}, "body.position.gathered"),
    ({"text": "", "battle": 1, "trick": 1, "seat": "E", "gathered": "won"},
     "body.point.gathered"),
    ("A♥", "body.position"),
])
def test_a_body_off_the_schema_is_a_422_naming_the_field(server: Server, body, where) -> None:
    with server.client() as http:
        error = error_of(http.post("/v1/melds", json=body), 422)
    assert where in [e["where"] for e in error["errors"]]


def test_the_melds_question_is_json_only(server: Server) -> None:
    with server.client() as http:
        error = error_of(http.post("/v1/melds", content="A♥ K♥",
                                   headers={"content-type": "text/plain"}), 415)
    assert "application/json" in error["message"]


def test_a_record_file_is_read_as_utf8_text(server: Server) -> None:
    """The record travels inside JSON: any Unicode (comments) is fine; the CLI reads the same
    text from a file."""
    text = CLUB_NIGHT.read_text(encoding="utf-8").replace(
        "battle 1 dealer E", "; Ünïcödé comment ♥\nbattle 1 dealer E")
    body = {"text": text, "battle": 1, "trick": 1, "seat": "E"}
    path = ROOT / "corpus/games/club-night.pin"
    with server.client() as http:
        answer = http.post("/v1/melds", json=body)
    done = cli("melds", "--json", str(path), "--battle", "1", "--trick", "1", "--seat", "E")
    assert answer.status_code == 200, answer.text
    assert answer.json() == as_json(done.stdout)


# --- the turn of a position given directly, and an illegal meld's value ----


def _ask(server: Server, body: dict) -> dict:
    with server.client() as http:
        answer = http.post("/v1/melds", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_R8D_position_lost_trick_no_meld_over_http(server: Server) -> None:
    hearts = {"concealed": "A♥ K♥ Q♥ J♥ T♥"}
    lost = _ask(server, {**hearts, "gathered": "lost", "meld": "♥3"})
    assert (lost["may_meld"], lost["turn_rule"], lost["gathered"]) == (False, "R8D", "lost")
    assert lost["question"]["answer"]["legal"] is False
    assert lost["question"]["answer"]["rule"] == "R8D"
    assert lost["question"]["cards_alone"]["legal"] is True and lost["assumptions"] == []
    won = _ask(server, {**hearts, "gathered": "won", "meld": "♥3"})
    assert won["question"]["answer"]["legal"] is True and won["may_meld"] is True
    assert won["assumptions"] == ["the player has not melded this turn (R9E)"]


def test_R9E_position_already_melded_this_turn_over_http(server: Server) -> None:
    body = {"concealed": "A♥ T♥ A♣ T♣", "exposed": "K♥ Q♥ J♥", "melded": "♥3", "meld": "♣2"}
    answer = _ask(server, body)
    assert (answer["may_meld"], answer["turn_rule"], answer["melded"]) == (False, "R9E",
                                                                           ["♥3"])
    assert answer["question"]["answer"]["rule"] == "R9E" and answer["legal"] == []
    assert "already melded ♥3 this turn" in answer["question"]["answer"]["reason"]
    fresh = _ask(server, {**body, "melded": None, "scored": "♥3"})  # a later turn: legal
    assert fresh["question"]["answer"]["legal"] is True
    assert fresh["assumptions"] == ["the player won the trick just gathered (R8D)",
                                    "the player has not melded this turn (R9E)"]


def test_R9A_illegal_meld_json_has_table_points_not_points_over_http(server: Server) -> None:
    no = _ask(server, {"concealed": "", "exposed": "A♥ T♥", "meld": "♥2"})["question"]["answer"]
    assert no["legal"] is False and "points" not in no and no["table_points"] == 61
    yes = _ask(server, {"concealed": "A♥ T♥", "meld": "♥2"})["question"]["answer"]
    assert yes["points"] == 61 and "table_points" not in yes


def test_R9A_the_schema_has_table_points_and_the_turn_fields(server: Server) -> None:
    with server.client() as http:
        document = http.get("/openapi.json").json()
    answer = document["components"]["schemas"]["MeldAnswer"]
    assert answer["properties"]["points"]["type"] == "integer"
    assert answer["properties"]["table_points"]["type"] == "integer"
    assert {"points", "table_points"}.isdisjoint(answer["required"])
    report = document["components"]["schemas"]["MeldsReport"]["properties"]
    assert {"gathered", "melded", "assumptions"} <= set(report)
    position = next(s for s in document["paths"]["/v1/melds"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]["oneOf"] if s["title"] == "MeldsInPosition")
    assert position["properties"]["gathered"]["anyOf"][0]["enum"] == ["won", "lost"]
    assert "melded" in position["properties"]


def test_DP_MELD3_illegal_table_meld_has_table_points_not_points_over_http(
        server: Server) -> None:
    body = {"ruleset": {"Ruleset": "double-pack"}, "trump": "♥",
            "concealed": "A♥ T♥ K♥ K♥ Q♥ Q♥ J♥", "meld": "♥F 150 A4 100"}
    flush, aces = _ask(server, body)["question"]["melds"]
    assert (flush["legal"], flush["points"], "table_points" in flush) == (True, 150, False)
    assert (aces["legal"], aces["claimed"], aces["table_points"]) == (False, 100, 100)
    assert "points" not in aces
    done = cli("melds", "--json", "--ruleset-option", "Ruleset=double-pack", "--trump", "♥",
               "--concealed", body["concealed"], "--meld", body["meld"])
    assert done.returncode == 1 and as_json(done.stdout) == _ask(server, body)
