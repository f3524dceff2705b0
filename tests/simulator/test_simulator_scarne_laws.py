"""The simulator under Scarne's laws (``Laws "scarne"``): its planned irregularity is the renege
(SC-RENEGE1), claimed by the opponent (``object renege``, SC-RENEGE2), and every simulated game
validates clean: the claim's notice only, the scores the corrected ones (the claims agree)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.findings import Severity
from pinochle.adjudicator.report import validate_game
from pinochle.adjudicator.scarne import scarne
from pinochle.notation import dumps, parse
from pinochle.notation.events import Correction, Meld, Objection, Trick
from pinochle.simulator.irregular import ADDED_KINDS_OF, INTENDED, KINDS_OF
from pinochle.simulator.simulate import Settings, simulate_game


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
            if battle.irregularity in ("corrected points", "withdrawn meld"):
                assert claims == []         # SC-BADMELD1's kinds: test_SC_BADMELD1_... below
            elif battle.irregularity is not None:
                assert battle.irregularity == "renege"
                assert INTENDED["renege"] == {"SC-RENEGE2"}
                # a battle ended by the simulator's call-out also intends the call's notice
                assert battle.intended == {"SC-RENEGE2"} | ({"SC-CALL"} if battle.called else set())
                assert len(claims) == 1
                reneges += 1
            else:
                assert claims == []
        (parsed,) = parse(dumps(game.game)).games
        report = validate_game(parsed)
        # only notices: the claims, and with call-out the call's (SC-CALL says who wins)
        assert {(f.rule, f.severity) for f in report.findings} <= {
            ("SC-RENEGE2", Severity.INFO), ("SC-CALL", Severity.INFO),
            ("SC-PLAY4", Severity.INFO), ("SC-MELD1", Severity.INFO)}
        assert not any(f.rule == "SC-RENEGE1" for f in report.findings)
    assert reneges > 0


def test_SC_RENEGE1_without_Scarne_laws_the_simulator_refuses_irregularities() -> None:
    with pytest.raises(ValueError, match="no irregularity laws"):
        Settings(irregularities=0.5, ruleset=scarne())


@pytest.mark.parametrize("options", [{}, {"game_end": "call-out"},
                                     {"scale": "tens", "trick_scoring": "10-10-10"}])
def test_SC_BADMELD1_simulated_incorrect_melds_are_corrected_in_time_and_are_notices(
        options) -> None:
    """Under Scarne's laws the simulator also plans a wrong meld value or a meld by the trick's
    loser (SC-MELD1); ``correct`` follows the trick, before the last stock draw: the value is
    corrected or the meld withdrawn, a notice under the broken rule, and the claims agree."""
    ruleset = scarne(laws="scarne", **options)
    assert ADDED_KINDS_OF[ruleset.laws] == ("corrected points", "withdrawn meld")
    seen = {"corrected points": 0, "withdrawn meld": 0}
    for seed in range(8):
        game = simulate_game(seed, Settings(irregularities=1.0, ruleset=ruleset))
        for battle in game.battles:
            events = battle.battle.events
            corrections = [i for i, e in enumerate(events) if isinstance(e, Correction)]
            if battle.irregularity not in seen:
                assert corrections == []
                continue
            seen[battle.irregularity] += 1
            assert battle.intended == INTENDED[battle.irregularity] | (
                {"SC-CALL"} if battle.called else set())
            [at] = corrections
            correction = events[at]
            before = events[at - 1]
            if battle.irregularity == "withdrawn meld":     # the loser's own meld line
                assert isinstance(before, Meld) and before.seat is correction.seat
            else:                                           # on the trick's line
                assert isinstance(before, Trick) and before.winner is correction.seat
                assert before.number == correction.trick and before.melds
        (parsed,) = parse(dumps(game.game)).games
        report = validate_game(parsed)
        assert {(f.rule, f.severity) for f in report.findings} <= {
            ("SC-RENEGE2", Severity.INFO), ("SC-CALL", Severity.INFO),
            ("SC-PLAY4", Severity.INFO), ("SC-MELD1", Severity.INFO)}
        assert all("SC-BADMELD1" in f.message for f in report.findings
                   if f.rule in ("SC-PLAY4", "SC-MELD1"))
    assert all(seen.values()), seen
