"""The simulator under Scarne's laws (``Laws "scarne"``): its planned irregularity is the renege
(SC-RENEGE1), claimed by the opponent (``object renege``, SC-RENEGE2), and every simulated game
validates clean: the claim's notice only, the scores the corrected ones (the claims agree)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.findings import Severity
from pinochle.adjudicator.report import validate_game
from pinochle.adjudicator.scarne import scarne
from pinochle.notation import dumps, parse
from pinochle.notation.events import Objection
from pinochle.simulator.irregular import INTENDED, KINDS_OF, SLIP_KINDS, VARIANTS
from pinochle.simulator.simulate import Settings, simulate_game

SLIP_NOTICES = {(rule, Severity.INFO) for kind in SLIP_KINDS for rule in INTENDED[kind]}


@pytest.mark.parametrize("options", [{}, {"renege_check": "end-of-hand"},
                                     {"game_end": "call-out"}])
def test_SC_RENEGE2_simulated_reneges_are_claimed_and_validate_as_notices(options) -> None:
    ruleset = scarne(laws="scarne", **options)
    assert KINDS_OF[ruleset.laws] == ("renege",)
    reneges = 0
    for seed in range(6):
        game = simulate_game(seed, Settings(irregularities=1.0, ruleset=ruleset))
        for battle in game.battles:
            claims = [e for e in battle.battle.events
                      if isinstance(e, Objection) and e.target == "renege"]
            if battle.irregularity == "renege":
                assert INTENDED["renege"] == {"SC-RENEGE2"}
                # a battle ended by the simulator's call-out also intends the call's notice
                assert battle.intended == {"SC-RENEGE2"} | ({"SC-CALL"} if battle.called else set())
                assert len(claims) == 1
                reneges += 1
            else:
                assert claims == []
        (parsed,) = parse(dumps(game.game)).games
        report = validate_game(parsed)
        # only notices: the claims, and with call-out the call's (SC-CALL says who wins), and
        # the drawing slips' (test_SC_SLIP_simulated_slips_are_repaired_and_validate_as_notices)
        assert {(f.rule, f.severity) for f in report.findings} <= {
            ("SC-RENEGE2", Severity.INFO), ("SC-CALL", Severity.INFO)} | SLIP_NOTICES
        assert not any(f.rule == "SC-RENEGE1" for f in report.findings)
    assert reneges > 0


def test_SC_RENEGE1_without_Scarne_laws_the_simulator_refuses_irregularities() -> None:
    with pytest.raises(ValueError, match="no irregularity laws"):
        Settings(irregularities=0.5, ruleset=scarne())


@pytest.mark.parametrize("options", [{}, {"game_end": "call-out"}])
def test_SC_SLIP_simulated_slips_are_repaired_and_validate_as_notices(options) -> None:
    """A missed draw (SC-SLIP1, and SC-SLIP6 when three cards are left at the last draw) and an
    extra card put back or kept (SC-SLIP2, SC-SLIP3): only their notices, every hand's count
    legal again, and the slipping player never melds while his count is off (SC-BADMELD2)."""
    ruleset = scarne(laws="scarne", **options)
    assert set(SLIP_KINDS) <= set(VARIANTS["renege"])
    happened = set()
    for seed in range(8):
        game = simulate_game(seed, Settings(irregularities=1.0, ruleset=ruleset))
        for battle in game.battles:
            if battle.irregularity in SLIP_KINDS:
                happened.add(battle.irregularity)
                assert battle.intended - {"SC-CALL"} == INTENDED[battle.irregularity]
        (parsed,) = parse(dumps(game.game)).games
        report = validate_game(parsed)
        assert all(f.severity is Severity.INFO for f in report.findings), report.findings
        assert not any(f.rule == "SC-BADMELD2" for f in report.findings)
    assert happened == set(SLIP_KINDS)
