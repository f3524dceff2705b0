"""``POST /v1/melds`` for single-deck partnership through real HTTP (a server on this branch's
port range): answered exactly as ``pinochle melds --json`` answers (SD-MELD1-SD-MELD9), a
recorded seat's hand being the one after the passing (SD-PASS1-2)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.adjudicator.test_single_deck import HAND as RECORD
from tests.service.apikit import as_json, cli
from tests.service.servicekit import Server, start_server

SPADES = "A♠ T♠ K♠ Q♠ J♠ Q♠ J♦ K♥ Q♥ A♣ N♣ N♠"


@pytest.fixture(scope="module")
def sd_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start_server(tmp_path_factory.mktemp("sd") / "data", port=44231)
    try:
        yield server
    finally:
        server.kill(signal.SIGTERM)


@pytest.mark.parametrize("meld", [None, "♠F 150 P 40", "♠♠F 1500"])
def test_SD_MELD2_a_hand_given_directly_as_the_cli_answers(sd_server: Server,
                                                           meld: str | None) -> None:
    done = cli("melds", "--json", "--ruleset-option", "Ruleset=single-deck", "--trump", "♠",
               "--concealed", SPADES, *(["--meld", meld] if meld else []))
    body = {"ruleset": {"Ruleset": "single-deck"}, "trump": "♠", "concealed": SPADES,
            "meld": meld}
    with sd_server.client() as http:
        answer = http.post("/v1/melds", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json() == as_json(done.stdout)
    assert answer.json()["best"] == 220


def test_SD_PASS2_a_recorded_seat_after_the_passing_as_the_cli_answers(
        sd_server: Server, tmp_path: Path) -> None:
    record = tmp_path / "hand.pin"
    record.write_text(RECORD, encoding="utf-8")
    done = cli("melds", "--json", str(record), "--battle", "1", "--seat", "S")
    with sd_server.client() as http:
        answer = http.post("/v1/melds", json={"text": RECORD, "battle": 1, "seat": "S"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == as_json(done.stdout)
    assert answer.json()["best"] == 130
