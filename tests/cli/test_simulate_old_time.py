"""``pinochle simulate --ruleset old-time``: its games validate with exit status 0, its
``--option`` flags are the record's option tags (East Point's too), and what the old-time rules do
not have (irregularity laws, an agreed number of battles) is a usage error, exit 4."""

from __future__ import annotations

import pytest
from tests.cli.consolekit import no_traceback, pinochle

from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.adjudicator.rulesets.east_point import east_point
from pinochle.notation import dumps, parse
from pinochle.simulator.simulate import Settings, simulate_game

GREEDY = ("greedy", "greedy")


def _simulate(*args: str):
    return pinochle("simulate", "--ruleset", "old-time", *args)


@pytest.mark.parametrize("policy", ["random", "greedy", "random,greedy"])
def test_cli_old_time_games_validate_with_exit_status_0(policy) -> None:
    made = _simulate("--games", "50", "--seed", "1", "--policy", policy)
    assert made.returncode == 0, made.stderr
    assert made.stdout.count('[Ruleset "old-time"]') == 50
    checked = pinochle("validate", "-", input=made.stdout)
    assert checked.returncode == 0, checked.stdout[-3000:]
    assert "50 games" in checked.stdout and " 0 errors, 0 warnings, 0 notices" in checked.stdout


def test_cli_old_time_options_are_the_records_tags() -> None:
    made = _simulate("--games", "5", "--seed", "3", "-o", "phaseb=scarne", "--option",
                     "Target=1250", "--policy", "greedy")
    assert made.returncode == 0, made.stderr
    assert '[PhaseB "scarne"]' in made.stdout and '[Target "1250"]' in made.stdout
    record = parse(made.stdout, "-")
    settings = Settings(policies=GREEDY, ruleset=old_time(phase_b="scarne", target="1250"))
    assert made.stdout == dumps(record)
    assert [dumps(g) for g in record.games] == \
        [dumps(simulate_game(s, settings).game) for s in range(3, 8)]
    assert pinochle("validate", "-", input=made.stdout).returncode == 0


def test_cli_east_point_options_too() -> None:
    made = pinochle("simulate", "--seed", "2", "--option", "MeldScoring=higher")
    assert made.returncode == 0
    assert '[MeldScoring "higher"]' in made.stdout
    assert made.stdout == dumps(simulate_game(2, Settings(
        ruleset=east_point(meld_scoring="higher"))).game)


@pytest.mark.parametrize("args, word", [
    (("--ruleset", "old-time", "--irregularities", "0.1"), "--irregularities"),
    (("--ruleset", "old-time", "--battles", "4"), "--battles"),
    (("--ruleset", "old-time", "--option", "Pack=beginner"), "--option"),
    (("--ruleset", "old-time", "--option", "Target=999"), "--option"),
    (("--ruleset", "old-time", "--option", "PhaseB"), "--option"),
    (("--ruleset", "bezique"), "--ruleset"),
])
def test_cli_old_time_bad_options_are_usage_errors_exit_4_naming_the_option(args, word) -> None:
    done = pinochle("simulate", *args)
    no_traceback(done)
    assert done.returncode == 4, done.stderr
    assert word in done.stderr
