"""``pinochle melds`` at a table of four (double-pack): a seat's best meld and whether a
declared one is legal (DP-MELD1-DP-MELD5), through the console script.

The record is tests/tablekit.py's (seed 1's deal, trump ♣): North holds K♣ K♣ Q♣ (one
club marriage), a king and a queen of every suit, Q♠ J♦; his best meld is ♣M 40 ♠M 20 ♥M 20 ♦M
20 K4 80 Q4 60 P 40 = 280, which is what he declares (line 19). South holds J♣ J♣ A♣ K♣, no T♣
or Q♣: no flush in trumps; his K♠ K♠ Q♠ Q♠ make ♠♠M, 40.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.consolekit import no_traceback, pinochle
from tests.tablekit import table_record

SPEC_HEARTS = "A♥ T♥ K♥ K♥ Q♥ Q♥ J♥"        # spec §4.3: a flush and a royal marriage, 190


@pytest.fixture(scope="module")
def env() -> dict[str, str]:
    return dict(os.environ)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("record") / "table.pin"
    path.write_text(table_record(), encoding="utf-8")
    return path


def melds(env: dict[str, str], *args: str, status: int | None = None):
    """``pinochle melds``: exit ``status``, or for an answer 0, and 1 when ``--meld`` asked
    about a declaration that is not legal (the status is the answer too)."""
    done = pinochle("melds", *args, env=env)
    no_traceback(done)
    if status is None:
        status = 1 if "--meld" in args and _answered_no(done.stdout) else 0
    assert done.returncode == status, done.stdout + done.stderr
    return done


def _answered_no(out: str) -> bool:
    if out.startswith("{"):
        question = json.loads(out)["question"]
        return question is not None and question["legal"] is False
    return out.startswith("no:")


def test_DP_MELD2_a_seats_best_meld_and_its_own_declaration_in_a_record(env, record):
    out = melds(env, str(record), "--battle", "1", "--seat", "N").stdout.splitlines()
    assert out[0] == ("yes: North's declaration ♣M 40 ♠M 20 ♥M 20 ♦M 20 K4 80 Q4 60 P 40 "
                      "(line 19) is legal, worth 280 (DP-MELD2, DP-MELD3, DP-MELD4)")
    assert out[1] == "North's best meld with ♣ trumps: 280"
    assert out[2:] == ["♣M    40", "♠M    20", "♥M    20", "♦M    20", "K4    80", "Q4    60",
                       "P     40"]


def test_DP_MELD2_the_json_answer(env, record):
    answer = json.loads(melds(env, str(record), "--battle", "1", "--seat", "S", "--json").stdout)
    assert (answer["seat"], answer["trump"], answer["battle"], answer["best"]) == ("S", "♣", 1, 40)
    assert answer["ruleset"]["Ruleset"] == "double-pack"
    assert len(answer["hand"]) == 20 and answer["hand"].count("Q♠") == 2
    assert [(m["kind"], m["points"]) for m in answer["best_melds"]] == [("♠♠M", 40)]
    question = answer["question"]
    assert (question["declared"], question["legal"], question["points"], question["line"]) == (
        "♠♠M 40", True, 40, 21)


def test_DP_MELD2_a_flush_not_held_is_not_legal_and_scores_nothing(env, record):
    done = melds(env, str(record), "--battle", "1", "--seat", "S", "--meld", "♣F 150 ♠♠M 40")
    lines = done.stdout.splitlines()
    assert lines[0] == ("no: South's declaration ♣F 150 ♠♠M 40 is not legal (DP-MELD2); it is "
                        "worth 40")
    assert lines[1].startswith("DP-MELD2: South declares ♣F without ")
    assert "T♣" in lines[1] and "Q♣" in lines[1]
    answer = json.loads(melds(env, str(record), "--battle", "1", "--seat", "S", "--meld",
                              "♣F 150 ♠♠M 40", "--json").stdout)
    flush, marriages = answer["question"]["melds"]
    assert (flush["legal"], flush["rule"], flush["table_points"]) == (False, "DP-MELD2", 150)
    assert (marriages["legal"], marriages["rule"]) == (True, None)


def test_DP_MELD5_a_card_twice_under_one_heading_but_once_in_each_heading(env, record):
    twice = melds(env, str(record), "--battle", "1", "--seat", "N", "--meld", "♣M 40 ♣M 40")
    assert twice.stdout.splitlines()[0] == ("no: North's declaration ♣M 40 ♣M 40 is not legal "
                                            "(DP-MELD5); it is worth 40")
    # K♠ and Q♠ in ♠M (sequences), in K4 and Q4 (groups) and Q♠ in P (pinochle): all count
    across = melds(env, str(record), "--battle", "1", "--seat", "N", "--meld",
                   "♠M 20 K4 80 Q4 60 P 40")
    assert across.stdout.splitlines()[0] == (
        "yes: North's declaration ♠M 20 K4 80 Q4 60 P 40 is legal, worth 200 (DP-MELD2, "
        "DP-MELD3, DP-MELD4)")
    assert "DP-MELD1: North declares 200 in melds; his hand holds 280" in across.stdout


def test_DP_MELD5_the_spec_example_a_flush_and_one_royal_marriage_not_two(env):
    base = ("--ruleset-option", "Ruleset=double-pack", "--trump", "♥", "--concealed",
            SPEC_HEARTS)
    best = melds(env, *base).stdout.splitlines()
    assert best == ["North's best meld with ♥ trumps: 190", "♥F   150", "♥M    40"]
    two = melds(env, *base, "--seat", "E", "--meld", "♥F 150 ♥M 40 ♥M 40").stdout
    assert two.splitlines()[0] == ("no: East's declaration ♥F 150 ♥M 40 ♥M 40 is not legal "
                                   "(DP-MELD5); it is worth 190")
    one = melds(env, *base, "--meld", "♥F ♥M").stdout       # a kind alone: its table value
    assert one.splitlines()[0] == ("yes: North's declaration ♥F 150 ♥M 40 is legal, worth 190 "
                                   "(DP-MELD2)")


def test_DP_MELD3_wrong_points_are_a_miscount_and_the_table_value_counts(env, record):
    out = melds(env, str(record), "--battle", "1", "--seat", "N", "--meld", "K4 100").stdout
    assert out.splitlines()[:2] == [
        "no: North's declaration K4 100 is not legal (DP-MELD3); it is worth 80",
        "DP-MELD3: North claims 100 for K4, worth 80 (DP-MELD3)"]


def test_DP_MELD1_a_total_above_the_best_meld_is_not_legal_below_it_is(env, record):
    above = melds(env, str(record), "--battle", "1", "--seat", "N", "--meld", "300").stdout
    assert above.splitlines()[0] == ("no: North's declaration 300 is not legal (DP-MELD1); it "
                                     "is worth 280")
    below = melds(env, str(record), "--battle", "1", "--seat", "N", "--meld", "200").stdout
    assert below.splitlines()[0] == "yes: North's declaration 200 is legal, worth 200 (DP-MELD1)"


@pytest.mark.parametrize(("args", "message"), [
    (("--battle", "1", "--seat", "N", "--trick", "3"), "leave out --trick"),
    (("--battle", "2", "--seat", "N"), "there is no battle 2"),
    (("--battle", "1", "--seat", "Q"), "--seat: expected N, E, S or W"),
    (("--battle", "1"), "a record needs --seat"),
    (("--battle", "1", "--seat", "N", "--meld", "♥X 20"), "word 1, '♥X', is not a meld"),
    (("--battle", "1", "--seat", "N", "--meld", "♥F 150 40"), "a number after no meld"),
])
def test_a_question_the_record_cannot_answer_is_a_usage_error(env, record, args, message):
    done = melds(env, str(record), *args, status=4)
    assert done.stdout == "" and message in done.stderr
    assert done.stderr.startswith("pinochle melds: error: ")


@pytest.mark.parametrize(("args", "message"), [
    (("--concealed", SPEC_HEARTS), "--trump: double-pack melds depend on the trump suit"),
    (("--trump", "♥", "--concealed", SPEC_HEARTS, "--exposed", "K♠"),
     "--exposed: a player at a table of four melds once, from his whole hand"),
    (("--trump", "♥", "--concealed", "N♥"), "N♥"),
    (("--trump", "♥", "--concealed", " ".join([SPEC_HEARTS] * 3)), "a player is dealt 20"),
    (("--trump", "♥", "--concealed", "A♥ A♥ A♥ A♥ A♥"), "too many copies of A♥"),
])
def test_DP_PACK_DP_DEAL2_a_hand_no_deal_gives_is_a_usage_error(env, args, message):
    done = melds(env, "--ruleset-option", "Ruleset=double-pack", *args, status=4)
    assert message in done.stderr, done.stderr


def test_a_record_without_its_trump_or_its_deal_is_a_usage_error(env, tmp_path):
    text = table_record(tricks=0)
    path = tmp_path / "no-trump.pin"
    path.write_text(text, encoding="utf-8")
    done = melds(env, str(path), "--battle", "1", "--seat", "E", status=4)
    assert "names no trump before its first trick" in done.stderr
    hands = [line for line in text.splitlines() if line[:2] in ("N:", "E:", "S:", "W:")]
    path.write_text("\n".join(line for line in text.splitlines() if line not in hands) + "\n",
                    encoding="utf-8")
    done = melds(env, str(path), "--battle", "1", "--seat", "E", status=4)
    assert "omits the deal" in done.stderr
