"""``pinochle simulate --ruleset scarne``, ``validate`` and ``melds`` for Scarne's game:
its simulated games validate with exit status 0 for each option, a call-out game (SC-CALL) ends
by a right call that validate reports as a notice, and ``melds`` applies SC-MELD5."""

from __future__ import annotations

import pytest
from tests.cli.consolekit import no_traceback, pinochle

from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation import CallOut, parse
from pinochle.simulator.simulate import Settings, simulate_game


def test_cli_scarne_200_games_seed_1_validate_with_exit_status_0() -> None:
    made = pinochle("simulate", "--ruleset", "scarne", "--games", "200", "--seed", "1")
    assert made.returncode == 0, made.stderr
    assert made.stdout.count('[Ruleset "scarne"]') == 200
    checked = pinochle("validate", "-", input=made.stdout)
    assert checked.returncode == 0, checked.stdout[-3000:]
    assert "200 games" in checked.stdout and " 0 errors, 0 warnings, 0 notices" in checked.stdout


@pytest.mark.parametrize("options", [
    ("GameEnd=single-hand",), ("TrickScoring=10-10-10", "Scale=tens"),
    ("TrickScoring=10-10-5-5", "Target=1500"),
])
def test_cli_scarne_options_validate_with_exit_status_0(options) -> None:
    flags = [word for option in options for word in ("--option", option)]
    made = pinochle("simulate", "--ruleset", "scarne", "--games", "30", "--seed", "2",
                    "--policy", "greedy", *flags)
    assert made.returncode == 0, made.stderr
    checked = pinochle("validate", "-", input=made.stdout)
    assert checked.returncode == 0 and " 0 errors, 0 warnings, 0 notices" in checked.stdout


def test_SC_CALL_simulated_call_out_games_end_by_a_right_call() -> None:
    made = pinochle("simulate", "--ruleset", "scarne", "--games", "30", "--seed", "1",
                    "--option", "GameEnd=call-out")
    assert made.returncode == 0, made.stderr
    games = parse(made.stdout).games
    calls = [e for g in games for e in g.battles[-1].events if isinstance(e, CallOut)]
    assert len(calls) >= 25                   # most games reach the target inside a hand
    checked = pinochle("validate", "-", input=made.stdout)
    assert checked.returncode == 0, checked.stdout[-3000:]
    assert " 0 errors, 0 warnings, " in checked.stdout


def test_SC_CALL_the_simulated_caller_has_reached_the_target() -> None:
    settings = Settings(ruleset=scarne(game_end="call-out"))
    for seed in range(10):
        game = simulate_game(seed, settings)
        [call] = [e for e in game.game.battles[-1].events if isinstance(e, CallOut)] or [None]
        if call is not None:
            assert call.total >= 1000
            assert (game.east, game.west)[call.seat.value == "W"] == call.total


def test_SC_SCORE2_tens_with_another_schedule_is_a_usage_error_exit_4() -> None:
    done = pinochle("simulate", "--ruleset", "scarne", "--option", "Scale=tens")
    no_traceback(done)
    assert done.returncode == 4 and "SC-SCORE2" in done.stderr


def test_SC_MELD5_melds_cli_refuses_a_double_marriage_over_a_marriage() -> None:
    done = pinochle("melds", "--ruleset-option", "Ruleset=scarne", "--trump", "♥",
                    "--concealed", "K♥ Q♥", "--exposed", "K♥ Q♥", "--scored", "♥M",
                    "--meld", "♥♥M")
    no_traceback(done)
    assert "not legal" in done.stdout and "(SC-MELD5)" in done.stdout
    again = pinochle("melds", "--ruleset-option", "Ruleset=scarne", "--trump", "♥",
                     "--concealed", "K♥ Q♥ K♥ Q♥", "--meld", "♥♥M")
    assert "yes: ♥♥M is legal for 80" in again.stdout
