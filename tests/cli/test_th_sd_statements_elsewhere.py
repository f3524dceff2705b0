"""The three-handed game's and single-deck's statements (docs/notation.md §12: ``bury``,
``concede``, ``send``, the widow, three-card tricks, claims naming North, ``object renege N E``)
read in any record, since the reader knows no ruleset; under the five rulesets that have none of
them, ``pinochle validate`` reports each once under ``Ruleset`` (malformed, "not a statement of
<ruleset>", or "North has no seat" for a two-handed statement naming North) and ignores it:
never a traceback, never a silent reading (TH-SEAT1, TH-BURY1, TH-CONCEDE1, SD-PASS1, and the
DP-PLAYERS of a table of four)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.consolekit import no_traceback, pinochle

BODY = """
battle 1 dealer W
N: T♣ K♣ Q♣
E: A♣ T♣ Q♣
W: A♣ K♣ J♣
widow: Q♦ Q♠ K♠
bury N J♥ T♣ N♦
1. Q♦ A♦ K♦ E
object renege N E
concede N
send S A♥ T♥ K♥ Q♥
tricks N 80 E 110 W 60
score N -660 E 120 W 90

game N 1040 E 610 W 380
"""

#: line -> what the finding at that line says (the ruleset's name follows where it is named).
TWO_HANDED = {
    4: "a deal of three hands (N:, E:, W: lines) and a widow (widow:) is not a statement of",
    8: "a bury (`bury`) is not a statement of",
    9: "a three-card trick is not a statement of",
    10: "North has no seat in a game of",
    11: "a concession (`concede`) is not a statement of",
    12: "a passing of cards (`send`) is not a statement of",
    13: "North has no seat in a game of",
    14: "North has no seat in a game of",
    16: "a `game` claim naming North (`game N … E … W …`) is not a statement of a two-handed",
}
TABLE_OF_FOUR = {
    7: "a widow (`widow:`) is not a statement of double-pack",
    8: "a bury (`bury`) is not a statement of double-pack",
    10: "a renege claim naming the offender (`object renege N E`) is not a statement of "
        "double-pack",
    11: "a concession (`concede`) is not a statement of double-pack",
    12: "a passing of cards (`send`) is not a statement of double-pack",
    13: "a `tricks` claim naming North (`tricks N … E … W …`) is not a statement of double-pack",
    14: "a `score` claim naming North (`score N … E … W …`) is not a statement of double-pack",
    16: "a `game` claim naming North (`game N … E … W …`) is not a statement of double-pack",
}


def _findings(tmp_path: Path, ruleset: str) -> list[dict]:
    record = tmp_path / "t.pin"
    record.write_text(f'[Ruleset "{ruleset}"]\n' + BODY, encoding="utf-8")
    done = pinochle("validate", "--json", str(record))
    no_traceback(done)
    assert done.returncode == 1, done.stderr
    (game,) = json.loads(done.stdout)["files"][0]["games"]
    return [f for f in game["findings"] if f["rule"] == "Ruleset"]


@pytest.mark.parametrize("ruleset", ["east-point", "old-time", "scarne", "25-steps"])
def test_TH_SD_statements_in_a_two_handed_record_are_reported_under_Ruleset(
        tmp_path: Path, ruleset: str) -> None:
    found = _findings(tmp_path, ruleset)
    said = {f["line"]: f["message"] for f in found}
    assert sorted(said) == sorted(TWO_HANDED) and len(found) == len(TWO_HANDED)
    for line, message in TWO_HANDED.items():
        assert said[line].startswith(message), (line, said[line])
        assert said[line].endswith("ignored")
    assert {f["kind"] for f in found} == {"malformed"}
    assert f"not a statement of {ruleset}, a two-handed game" in said[8]


def test_TH_SD_statements_in_a_double_pack_record_are_reported_under_Ruleset(
        tmp_path: Path) -> None:
    found = _findings(tmp_path, "double-pack")
    said = {f["line"]: f["message"] for f in found}
    assert sorted(said) == sorted(TABLE_OF_FOUR) and len(found) == len(TABLE_OF_FOUR)
    for line, message in TABLE_OF_FOUR.items():
        assert said[line] == message + ", so it is ignored"
    assert {f["kind"] for f in found} == {"malformed"}


def test_TH_SD_the_text_report_names_the_place_and_the_ruleset(tmp_path: Path) -> None:
    record = tmp_path / "t.pin"
    record.write_text('[Ruleset "east-point"]\n' + BODY, encoding="utf-8")
    done = pinochle("validate", str(record))
    no_traceback(done)
    assert (f"{record}:8:1: Ruleset malformed: a bury (`bury`) is not a statement of "
            "east-point, a two-handed game, so it is ignored") in done.stdout


def test_a_renege_claim_naming_the_claimant_as_offender_is_reported(tmp_path: Path) -> None:
    """``object renege W W`` in a two-handed record: the offender can only be West's opponent."""
    record = tmp_path / "t.pin"
    record.write_text('[Ruleset "scarne"]\n\nbattle 1 dealer E\nobject renege W W\n',
                      encoding="utf-8")
    done = pinochle("validate", str(record))
    no_traceback(done)
    assert ("Ruleset malformed: West claims a renege by West: in a two-handed game the offender "
            "is the claimant's opponent, East; the claim is ignored") in done.stdout


def test_fmt_writes_the_new_statements_back_byte_for_byte(tmp_path: Path) -> None:
    record = tmp_path / "t.pin"
    text = '[Ruleset "three-handed"]\n' + BODY
    record.write_text(text, encoding="utf-8")
    done = pinochle("fmt", str(record))
    no_traceback(done)
    assert done.returncode == 0 and done.stdout == text
