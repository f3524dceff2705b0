"""``pinochle simulate --ruleset single-deck`` piped into ``pinochle validate -``, through the
console script as a person runs them: both policy orders, every option value of the spec's §1
(SD-BID3, SD-BID6, SD-PASS1, SD-PLAY1, SD-PLAY4, SD-COUNT1, SD-MELD2, SD-MELD8, SD-CONCEDE2,
SD-GAME2-4, SD-SCALE1), each a few games: 0 errors and 0 warnings, exit 0. The simulator plays
the auction, the passing, the melds, the play (or a concession) and the claims."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.rulesets.single_deck import SINGLE_DECK_OPTIONS
from tests.cli.consolekit import no_traceback, pinochle

def cycled(k: int) -> tuple[str, ...]:
    """Run ``k`` (0-3) of the cycle: every option tag at its ``k``-th value (modulo its count),
    so that the four runs between them take every value; ``Scale "tens"`` goes only with
    ``TrickScoring "10-10-10"`` (SD-SCALE1), which run 3 has."""
    chosen = {tag: values[k % len(values)] for tag, values in SINGLE_DECK_OPTIONS.items()}
    if chosen["TrickScoring"] != "10-10-10":
        chosen["Scale"] = "points"
    return tuple(f"{tag}={value}" for tag, value in chosen.items())


#: The four runs.
OPTIONS = [cycled(k) for k in range(4)]


def test_SD_the_cycle_takes_every_option_value() -> None:
    taken = {option for run in OPTIONS for option in run}
    assert taken == {f"{tag}={value}" for tag, values in SINGLE_DECK_OPTIONS.items()
                     for value in values}


def simulated(policy: str, options: tuple[str, ...], games: int = 3) -> str:
    done = pinochle("simulate", "--ruleset", "single-deck", "--games", str(games), "--seed",
                    "5", "--policy", policy, *(a for o in options for a in ("--option", o)))
    no_traceback(done)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random,greedy", "greedy,random"])
def test_SD_simulated_games_with_every_option_validate_clean(policy: str) -> None:
    records = "".join(simulated(policy, options) for options in OPTIONS)
    assert records.count('[Ruleset "single-deck"]') == 3 * len(OPTIONS)
    assert "\nsend " in records and "\nconcede " in records and "\nbid " in records
    done = pinochle("validate", "-", input=records)
    no_traceback(done)
    assert done.returncode == 0, done.stdout[-3000:]
    assert f"{3 * len(OPTIONS)} games," in done.stdout
    assert ": 0 errors, 0 warnings," in done.stdout.splitlines()[-1]


def test_SD_PASS1_a_simulated_game_with_a_wrong_pass_is_caught() -> None:
    """The pipe can fail: the same game with one passed card changed is not clean."""
    record = simulated("greedy,greedy", (), games=1)
    lines = record.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("send "))
    seat, first = lines[at].split()[1:3]
    lines[at] = lines[at].replace(f" {first}", " XX", 1)
    wrong = "\n".join(lines).replace(" XX", " " + ("A♠" if first != "A♠" else "K♠"), 1)
    done = pinochle("validate", "-", input=wrong + "\n")
    no_traceback(done)
    assert done.returncode != 0
    assert "SD-PASS" in done.stdout or "SD-MELD" in done.stdout or "SD-PLAY" in done.stdout
