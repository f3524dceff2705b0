"""``POST /v1/melds`` at a table of four (double-pack, DP-MELD1-DP-MELD5) through real HTTP:
a hand given directly and a seat of a recorded battle are answered exactly as ``pinochle melds
--json`` answers them (the seat's best meld; a declaration judged with its rule ids); what a
partnership question cannot hold (a trick, an exposed hand) is a 422 naming the field; a
stored ruling cites the declaration's rules."""

from __future__ import annotations

import pytest
from tests.service.apikit import ROOT, as_json, cli, error_of
from tests.service.servicekit import Server

from pinochle.adjudicator import TableMeldsReport

RECORD = ROOT / "tests" / "notation" / "data" / "double_pack.pin"
HAND = "A♥ A♥ T♥ K♥ K♥ Q♥ Q♥ J♥ A♠ A♣ A♦ K♠ K♣ K♦ Q♠ J♦ T♠ T♣ T♦ J♣"
TABLE = {"Ruleset": "double-pack"}


@pytest.mark.parametrize("meld, legal", [
    ("♥F 150 ♥M 40 A4 100", True),          # DP-MELD2/3: held, the table's points
    ("♥F 150 ♥M 40 ♥M 40", False),          # DP-MELD5: the flush's K♥ Q♥ counted twice
    ("AA4 1000", False),                    # DP-MELD3: one ace of each suit, not two
    (None, None),                           # the best meld alone
])
def test_DP_MELD5_a_hand_given_directly_is_answered_as_the_cli_answers(
        server: Server, meld: str | None, legal: bool | None) -> None:
    options = ["--ruleset-option", "Ruleset=double-pack", "--trump", "♥", "--concealed", HAND]
    done = cli("melds", "--json", *options, *(["--meld", meld] if meld else []))
    assert done.returncode == (0 if legal in (True, None) else 1), done.stderr
    body = {"ruleset": TABLE, "trump": "♥", "concealed": HAND, "meld": meld}
    with server.client() as http:
        answer = http.post("/v1/melds", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json() == as_json(done.stdout)
    report = TableMeldsReport.model_validate_json(answer.text)
    assert report.best == 430                   # ♥F ♥M ♠M A4 K4 P: 150+40+20+100+80+40
    if legal is None:
        assert report.question is None
    else:
        assert report.question is not None and report.question.legal is legal


@pytest.mark.parametrize("seat", ["N", "E", "S", "W"])
def test_DP_MELD1_a_seat_of_a_recorded_battle_is_answered_as_the_cli_answers(
        server: Server, seat: str) -> None:
    done = cli("melds", "--json", str(RECORD), "--battle", "1", "--seat", seat)
    assert done.returncode == 0, done.stderr
    body = {"text": RECORD.read_text(encoding="utf-8"), "battle": 1, "seat": seat}
    with server.client() as http:
        answer = http.post("/v1/melds", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json() == as_json(done.stdout)
    assert answer.json()["seat"] == seat and len(answer.json()["hand"]) == 20


@pytest.mark.parametrize("body, field, words", [
    ({"text": RECORD.read_text(encoding="utf-8"), "battle": 1, "trick": 3, "seat": "N"},
     "trick", "before trick 1"),
    ({"ruleset": TABLE, "trump": "♥", "concealed": HAND, "exposed": "A♥"}, "exposed",
     "melds once"),
    ({"ruleset": TABLE, "concealed": HAND}, "trump", "named by the high bidder"),
])
def test_DP_MELD1_what_a_table_of_four_does_not_have_is_a_422(server: Server, body, field,
                                                              words) -> None:
    with server.client() as http:
        error = error_of(http.post("/v1/melds", json=body), 422)
    assert words in error["message"]
    assert error["message"].startswith(f"{field}:")
    assert "--" not in error["message"]


def test_a_two_handed_point_still_needs_its_trick(server: Server) -> None:
    text = (ROOT / "corpus" / "games" / "club-night.pin").read_text(encoding="utf-8")
    with server.client() as http:
        error = error_of(http.post("/v1/melds", json={"text": text, "battle": 1,
                                                      "seat": "E"}), 422)
    assert error["message"].startswith("trick:")


def test_DP_MELD5_a_stored_ruling_at_a_table_of_four_cites_the_heading_rule(
        server: Server) -> None:
    """A dispute settled and kept: the declaration that counts the flush's K♥ Q♥ again as a
    royal marriage is stored with the answer the command line gives, cites DP-MELD5, and
    rechecks in agreement."""
    question = {"ruleset": TABLE, "trump": "♥", "concealed": HAND,
                "meld": "♥F 150 ♥M 40 ♥M 40"}
    with server.client() as http:
        posted = http.post("/v1/rulings", json={"kind": "melds", "request": question})
        assert posted.status_code == 201, posted.text
        ruling = posted.json()["ruling"]
        recheck = http.get(f"/v1/rulings/{ruling['id']}/recheck").json()
    done = cli("melds", "--json", "--ruleset-option", "Ruleset=double-pack", "--trump", "♥",
               "--concealed", HAND, "--meld", "♥F 150 ♥M 40 ♥M 40")
    assert ruling["answer"] == as_json(done.stdout)
    assert "DP-MELD5" in ruling["rules"]
    assert ruling["ruleset"]["Ruleset"] == "double-pack"
    assert recheck["agrees"] is True
