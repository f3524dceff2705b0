"""``pinochle melds`` for single-deck partnership (SD-MELD1-SD-MELD9) through the console
script: a hand given directly (its best meld with the spec's table, a declaration judged with
single-deck's ids) and a seat of a recorded battle, whose hand is the one after the passing
(SD-PASS1-2: the spec's §11.2 hand, where North melds the Q♣ South sent him)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.adjudicator.test_single_deck import HAND as RECORD
from tests.cli.consolekit import no_traceback, pinochle

TABLE = ("--ruleset-option", "Ruleset=single-deck")
#: Spades trump: a run 150, K♥ Q♥ 20, the pinochle 40, the dix 10 (spec §4.2).
SPADES = "A♠ T♠ K♠ Q♠ J♠ Q♠ J♦ K♥ Q♥ A♣ N♣ N♠"


def melds(*args: str) -> dict:
    done = pinochle("melds", "--json", *args)
    no_traceback(done)
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


def test_SD_MELD2_SD_MELD5_a_hands_best_meld_on_the_command_line() -> None:
    answer = melds(*TABLE, "--trump", "♠", "--concealed", SPADES)
    assert answer["best"] == 220
    assert [m["kind"] for m in answer["best_melds"]] == ["♠F", "♥M", "P", "dix"]


@pytest.mark.parametrize("meld, legal, rule", [
    ("♠F 150 P 40", True, "SD-MELD2, SD-MELD4"),
    ("♠♠F 1500", False, "SD-MELD2"),            # one run held, not two
    ("T4 100", False, "SD-MELD7"),              # no tens around
    ("dix 10 dix 10", False, "SD-MELD5"),       # one nine of trump: one dix
])
def test_SD_MELD7_a_declaration_judged_cites_single_deck_ids(meld: str, legal: bool,
                                                             rule: str) -> None:
    answer = melds(*TABLE, "--trump", "♠", "--concealed", SPADES, "--meld", meld)
    assert answer["question"]["legal"] is legal
    assert answer["question"]["rule"] == rule
    assert all(f["rule"].startswith("SD-") for f in answer["question"]["findings"])


def test_SD_PASS1_a_recorded_seat_melds_from_his_hand_after_the_passing(tmp_path: Path) -> None:
    record = tmp_path / "hand.pin"
    record.write_text(RECORD, encoding="utf-8")
    north = melds(str(record), "--battle", "1", "--seat", "N")
    assert north["best"] == 20 and north["question"]["legal"] is True   # K♣ + the Q♣ received
    south = melds(str(record), "--battle", "1", "--seat", "S")
    assert south["best"] == 130 and len(south["hand"]) == 12            # ♥♥M 80 P 40 dix 10
