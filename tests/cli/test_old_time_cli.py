"""Old-time records through the console script, as a scorekeeper and a disputing player use it:
``pinochle validate`` cites OT ids and names the ruleset in its JSON report; ``pinochle melds``
answers the old-time question (trump, phase, OT9G reuse) from a record or a position."""

from __future__ import annotations

import json
import re

from tests.cli.consolekit import ROOT, no_traceback, pinochle

EVENING = ROOT / "corpus" / "games" / "old-time-evening.pin"


def test_OT3_the_hand_checked_game_validates_clean_with_its_scores():
    done = pinochle("validate", str(EVENING))
    no_traceback(done)
    assert done.returncode == 0, done.stdout
    assert "game 1 (East Margaret Hale, West Tom Reyes), old-time: 2 battles" in done.stdout
    assert "battle 1 (dealer E): East 278 (tricks 128, melds 150), West 322" in done.stdout
    assert "game: East 486, West 644" in done.stdout


def test_OT_report_names_the_ruleset_and_its_options():
    done = pinochle("validate", "--json", str(EVENING))
    assert done.returncode == 0, done.stderr
    game = json.loads(done.stdout)["files"][0]["games"][0]
    assert game["ruleset"] == {"Ruleset": "old-time", "TrickScoring": "11-10-4-3-2",
                               "PhaseB": "must-win", "GameEnd": "target", "Target": "1000",
                               "DoubleAfterSingle": "allowed", "Laws": "none"}
    assert [b["ended_by"] for b in game["battles"]] == ["OT8G", "OT8G"]


def _faulty(old: str, new: str) -> str:
    text = EVENING.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_OT8B2_a_follower_who_could_beat_and_did_not_is_reported_with_ot_ids_only():
    # Trick 15: East must beat the led Q♦ with K♦; she plays... the record says K♦. Make her
    # play a lower diamond instead: J♦ is in her hand at that point (trick 20 she leads it).
    text = _faulty("15. Q♦ K♦ E", "15. Q♦ J♦ W").replace("20. J♦ Q♥ W", "20. K♦ Q♥ W")
    done = pinochle("validate", "-", input=text)
    no_traceback(done)
    assert done.returncode == 1
    assert "OT8B2 illegal play: East follows Q♦ with J♦" in done.stdout
    findings = json.loads(pinochle("validate", "--json", "-", input=text).stdout)[
        "files"][0]["games"][0]["findings"]
    assert findings and all(re.fullmatch(r"OT\d+[A-Z]?\d*", f["rule"]) for f in findings), \
        [f["rule"] for f in findings]


def test_OT9G_asked_of_a_point_in_the_record():
    done = pinochle("melds", str(EVENING), "--battle", "1", "--trick", "8", "--seat", "W",
                    "--meld", "♥M")
    assert done.returncode == 1, done.stderr         # the answer is no: exit 1
    assert done.stdout.splitlines()[0] == "no: ♥M for 40 is not legal now (OT9G)"
    legal = pinochle("melds", str(EVENING), "--battle", "1", "--trick", "8", "--seat", "W")
    assert legal.stdout.splitlines()[0] == "♥F  150  takes A♥ T♥ J♥"


def test_OT8D_no_meld_in_phase_b_even_when_the_cards_allow_it():
    done = pinochle("melds", str(EVENING), "--battle", "1", "--trick", "13", "--seat", "W",
                    "--json")
    report = json.loads(done.stdout)
    assert report["may_meld"] is False and report["turn_rule"] == "OT8D"
    assert report["trump"] == "♥"


def test_OT9G_direct_position_with_the_melds_made_in_order():
    common = ("melds", "--ruleset-option", "Ruleset=old-time", "--trump", "H",
              "--concealed", "A♥ T♥ J♥", "--exposed", "K♥ Q♥")
    after_marriage = pinochle(*common, "--scored", "♥M", "--meld", "♥F")
    assert after_marriage.stdout.startswith("yes: ♥F is legal for 150 (OT9A)")
    after_sequence = pinochle(*common, "--scored", "♥F", "--meld", "♥M")
    assert after_sequence.stdout.startswith("no: ♥M for 40 is not legal now (OT9G)")


def test_old_time_position_needs_a_trump_suit():
    done = pinochle("melds", "--ruleset-option", "Ruleset=old-time", "--concealed", "K♥ Q♥")
    assert done.returncode == 4
    assert "--trump" in done.stderr and "Traceback" not in done.stderr
    east_point = pinochle("melds", "--trump", "H", "--concealed", "K♥ Q♥")
    assert east_point.returncode == 4 and "has no trump suit" in east_point.stderr
