"""The CLI with ``Ruleset "25-steps"``: ``pinochle simulate --ruleset 25-steps`` games end by a
right knock (TP25) and validate with exit status 0, under each option; ``pinochle melds`` judges
by TP19 and cites TP ids; ``pinochle validate`` reports a wrong knock count (TP25) with a
failing exit status and a knock below the target as a notice."""

from __future__ import annotations

import re

import pytest
from tests.cli.consolekit import pinochle

from pinochle.notation import parse
from pinochle.notation.events import Knock


def _simulate(*args: str):
    return pinochle("simulate", "--ruleset", "25-steps", *args)


def test_TP25_simulated_games_validate_with_exit_status_0() -> None:
    made = _simulate("--games", "200", "--seed", "1")
    assert made.returncode == 0, made.stderr
    assert made.stdout.count('[Ruleset "25-steps"]') == 200
    checked = pinochle("validate", "--max-errors", "0", "-", input=made.stdout)
    assert checked.returncode == 0, checked.stdout[-3000:]
    assert "200 games" in checked.stdout and " 0 errors, 0 warnings, " in checked.stdout
    # every game ends by a right knock (one TP25 notice each); a player who did not knock at
    # the target raised it (TP25 notices too); nothing else
    lines = [line for line in checked.stdout.splitlines()
             if re.match(r"<stdin>:\d+:\d+: ", line)]
    assert all(" TP25 notice: " in line for line in lines)
    assert sum("knocks with a count of" in line and "wins the game" in line
               for line in lines) == 200
    assert any("nobody knocked: the game now goes to 1250" in line for line in lines)


@pytest.mark.parametrize("option, rule", [("LastDraw=choice", "TP25"),
                                          ("KnockProof=next-trick", "TPV6")])
def test_TPV1_TPV6_simulate_piped_to_validate_exits_0(option, rule) -> None:
    made = _simulate("--option", option, "--games", "300", "--seed", "1")
    assert made.returncode == 0, made.stderr
    checked = pinochle("validate", "--max-errors", "0", "-", input=made.stdout)
    assert checked.returncode == 0, checked.stdout[-3000:]
    assert "300 games" in checked.stdout and " 0 errors, 0 warnings, " in checked.stdout
    if option.startswith("LastDraw"):       # both choices are played, and stated
        assert "\nchoose E upcard" in made.stdout and "\nchoose W talon" in made.stdout
    else:                                   # some knocks go unproved: TPV6, the knocker loses
        assert f" {rule} notice: " in checked.stdout and "is not proved" in checked.stdout


def test_TPV6_first_lead_is_a_usage_error() -> None:
    made = _simulate("--option", "KnockProof=first-lead")
    assert made.returncode != 0 and "too vague" in made.stderr


def test_TP25_each_simulated_game_ends_with_one_knock_in_its_last_battle() -> None:
    made = _simulate("--games", "20", "--seed", "5", "--policy", "greedy")
    record = parse(made.stdout, "-")
    for game in record.games:
        knocks = [(i, e) for i, b in enumerate(game.battles, 1) for e in b.events
                  if isinstance(e, Knock)]
        assert [i for i, _ in knocks] == [len(game.battles)]
        assert knocks[0][1].count is not None and knocks[0][1].count >= 1000


@pytest.mark.parametrize("options", [
    ("--option", "Knocking=no"), ("--option", "DoublePinochle=300", "-o", "Rounding=5"),
    ("-o", "TrickScoring=10-10-10", "-o", "Scale=tens"), ("-o", "GameEnd=single-hand"),
    ("-o", "TrickScoring=10-10-5-5-5", "-o", "Target=1500"), ("-o", "GrandPinochle=80"),
])
def test_TPV_options_simulate_and_validate_clean(options) -> None:
    made = _simulate("--games", "30", "--seed", "2", *options)
    assert made.returncode == 0, made.stderr
    checked = pinochle("validate", "-", input=made.stdout)
    assert checked.returncode == 0, checked.stdout[-3000:]
    assert " 0 errors, 0 warnings" in checked.stdout


def test_TPV5_tens_with_a_schedule_in_points_is_a_usage_error() -> None:
    made = _simulate("--option", "Scale=tens", "--option", "TrickScoring=10-10-5-5-5")
    assert made.returncode == 4 and "TPV5" in made.stderr


def test_TP19b2_melds_answers_with_the_25_steps_rule() -> None:
    asked = pinochle("melds", "--ruleset-option", "Ruleset=25-steps", "--trump", "♥",
                     "--concealed", "J♦ Q♣", "--exposed", "K♠ Q♠", "--scored", "♠M",
                     "--meld", "P")
    assert asked.returncode == 1, asked.stderr        # the answer is no: exit 1
    assert asked.stdout.startswith("no: P for 40 is not legal now (TP19b2)")


def test_TP19a2_melds_lists_the_higher_ranked_reuse() -> None:
    asked = pinochle("melds", "--ruleset-option", "Ruleset=25-steps", "--trump", "♥",
                     "--concealed", "K♠ J♦", "--exposed", "Q♠ Q♣ Q♥ Q♦", "--scored", "Q4",
                     "--gathered", "won", "--melded", "none")    # the turn said (TP13)
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.split() == ["♠M", "20", "takes", "K♠", "P", "40", "takes", "J♦"]


def test_TP25_validate_fails_on_a_wrong_knock_count() -> None:
    made = _simulate("--games", "1", "--seed", "7").stdout
    knock = next(line for line in made.splitlines() if line.startswith("knock"))
    seat, count = knock.split()[1:]
    wrong = made.replace(knock, f"knock {seat} {int(count) + 5}")
    checked = pinochle("validate", "-", input=wrong)
    assert checked.returncode != 0
    assert "TP25" in checked.stdout and f"not the stated {int(count) + 5}" in checked.stdout
