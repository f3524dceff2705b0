"""Every simulated game is legal: it validates with no finding the simulator did not intend, all
of them notices (its irregularities are handled as R11 says), and the replay's scores equal the
simulator's (R3, R4A, R8G, R9A, R11; in old-time Pinochle OT3, OT4A, OT8H, OT9A, with no
irregularities at all: no finding of any kind)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.notation import dumps, parse
from pinochle.simulator.irregular import PRIMARY
from tests.strategies import (
    SIM_OLD_TIME, SIM_OLD_TIME_RULESETS, SIM_RULESETS, sim_replay, simulated_games,
)

#: The default ruleset of each family the simulator plays.
DEFAULTS = pytest.mark.parametrize("ruleset", [EAST_POINT, SIM_OLD_TIME],
                                   ids=["east-point", "old-time"])


def _check(simulated) -> None:
    text = dumps(simulated.game)
    game = parse(text, "simulated.pin").games[0]
    result, findings = sim_replay(game)
    unintended = [f for f in findings
                  if f.rule not in simulated.intended or f.severity is not Severity.INFO]
    assert not unintended, "\n".join(f"{f.rule} battle {f.battle} trick {f.trick}: {f.message}"
                                     for f in unintended)
    assert [(b.east, b.west) for b in result.battles] == \
        [(b.east, b.west) for b in simulated.battles]
    assert (result.east, result.west) == (simulated.east, simulated.west)
    for index, battle in enumerate(simulated.battles, 1):
        if battle.irregularity is not None:
            rule = PRIMARY[battle.irregularity]
            assert any(f.rule == rule and f.battle == index for f in findings), \
                f"battle {index}: {battle.irregularity} reported no {rule} finding"


@DEFAULTS
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_R3_R4A_OT3_OT4A_regular_simulated_games_validate_with_no_finding(ruleset, data) -> None:
    simulated = data.draw(simulated_games(irregular=False, rulesets=(ruleset,)))
    assert not simulated.intended
    _check(simulated)


@settings(max_examples=150, deadline=None)
@given(simulated_games(irregular=True))
def test_R11_irregular_simulated_games_report_only_intended_irregularities(simulated) -> None:
    _check(simulated)


@settings(max_examples=60, deadline=None)
@given(simulated_games(irregular=True, rulesets=SIM_RULESETS, battles=(2, 4, 6)))
def test_V1_V2_V3_V5_simulated_games_under_every_ruleset_option_validate(simulated) -> None:
    _check(simulated)


@settings(max_examples=60, deadline=None)
@given(simulated_games(irregular=True, rulesets=SIM_OLD_TIME_RULESETS))
def test_OT4A_OT8B_OT8H_OT9G_old_time_games_under_every_option_validate(simulated) -> None:
    """TrickScoring, PhaseB, GameEnd, Target, DoubleAfterSingle: no irregularity is simulated
    (Laws "none"), so there is no finding at all."""
    assert not simulated.intended
    _check(simulated)
