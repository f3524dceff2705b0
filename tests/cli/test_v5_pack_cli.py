"""V5 ("omit the nines, and deal only eleven cards", ``[Pack "no-nines"]``) as a person checks a
record or a position: ``pinochle validate`` and ``pinochle melds`` through the console script. A
simulated V5 game validates clean; a nine in a V5 deal is reported under V5 at the deal's line; a
position holding a nine is refused."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.consolekit import no_traceback, pinochle

from pinochle.adjudicator.rulesets.east_point import east_point
from pinochle.notation import dumps
from pinochle.simulator.simulate import Settings, simulate_record

V5 = east_point(pack="no-nines")


def _v5_record(games: int, seed: int, policies: tuple[str, str]) -> str:
    settings = Settings(ruleset=V5, battles=2, policies=policies)
    return dumps(simulate_record(games, seed, settings))


def test_V5_simulated_games_validate_clean():
    text = _v5_record(6, 11, ("random", "greedy"))
    assert '[Pack "no-nines"]' in text
    done = pinochle("validate", "-", input=text)
    no_traceback(done)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 errors, 0 warnings, 0 notices" in done.stdout
    # the same record read under the regular pack is a wrong deal in every battle
    regular = text.replace('[Pack "no-nines"]\n', "")
    done = pinochle("validate", "--json", "-", input=regular)
    assert done.returncode == 1
    rules = {f["rule"] for g in json.loads(done.stdout)["files"][0]["games"]
             for f in g["findings"]}
    assert {"R6B", "R6C"} <= rules


def test_V5_a_nine_in_a_deal_is_reported_at_the_deal_line(tmp_path: Path):
    lines = _v5_record(1, 5, ("random", "random")).split("\n")
    east = next(i for i, line in enumerate(lines) if line.startswith("E:"))
    swapped = next(word for word in lines[east].split()[1:] if word.startswith("T"))
    nine = "N" + swapped[1:]
    lines[east] = lines[east].replace(swapped, nine, 1)
    path = tmp_path / "v5.pin"
    path.write_text("\n".join(lines), encoding="utf-8")
    done = pinochle("validate", str(path))
    no_traceback(done)
    assert done.returncode == 1
    # one card written wrong is one finding, naming the card the deal lacks
    assert (f"{path}:{east + 1}:1: V5 malformed: {nine} is dealt, but the 44-card pack has no "
            f"{nine}, and the deal lacks {swapped}: the {nine} in East's hand is taken to be "
            f"{swapped} (V5)") in done.stdout
    report = json.loads(pinochle("validate", "--json", str(path)).stdout)
    found = [f for f in report["files"][0]["games"][0]["findings"] if f["rule"] == "V5"]
    assert [(f["line"], f["battle"], f["kind"], f["severity"]) for f in found] == [
        (east + 1, 1, "malformed", "error")]


def test_V5_melds_answers_for_the_short_pack_and_refuses_a_nine():
    done = pinochle("melds", "--ruleset-option", "Pack=no-nines", "--concealed", "T♥ A♥",
                    "--gathered", "won", "--melded", "none")      # the turn said (R8D, R9E)
    assert done.returncode == 0 and done.stdout.split() == ["♥2", "61", "takes", "A♥", "T♥"]
    done = pinochle("melds", "--ruleset-option", "Pack=no-nines", "--concealed", "N♥ A♥")
    no_traceback(done)
    assert done.returncode == 4 and done.stdout == ""
    assert done.stderr.startswith("pinochle melds: error: too many copies of N♥: the pack has "
                                  "none (V5), but the position holds 1")
