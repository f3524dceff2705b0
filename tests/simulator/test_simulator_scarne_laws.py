"""The simulator under Scarne's laws (``Laws "scarne"``): its planned irregularity is the renege
(SC-RENEGE1), claimed by the opponent (``object renege``, SC-RENEGE2), or a misdeal called
before the first trick and redealt (SC-MISDEAL0-5), and every simulated game validates clean:
the notices only, the scores the corrected ones (the claims agree)."""

from __future__ import annotations

import hashlib

import pytest

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation import dumps, parse
from pinochle.notation.events import Correction, Deal, Meld, Misdeal, Objection, Trick
from pinochle.simulator.irregular import INTENDED, KINDS_OF, LATER_KINDS, SLIP_KINDS, VARIANTS
from pinochle.simulator.simulate import Settings, simulate_game

SLIP_NOTICES = {(rule, Severity.INFO) for kind in SLIP_KINDS for rule in INTENDED[kind]}


@pytest.mark.parametrize("options", [{}, {"renege_check": "end-of-hand"},
                                     {"game_end": "call-out"}])
def test_SC_RENEGE2_simulated_reneges_are_claimed_and_validate_as_notices(options) -> None:
    ruleset = scarne(laws="scarne", **options)
    assert KINDS_OF[ruleset.laws] == ("renege",) and LATER_KINDS[ruleset.laws] == (
        "misdeal", "corrected points", "withdrawn meld")
    reneges = 0
    for seed in range(6):
        game = simulate_game(seed, Settings(irregularities=1.0, ruleset=ruleset))
        for battle in game.battles:
            claims = [e for e in battle.battle.events
                      if isinstance(e, Objection) and e.target == "renege"]
            if battle.irregularity == "misdeal":
                assert claims == []                 # the misdeal's own test below
            elif battle.irregularity == "renege":
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
            ("SC-RENEGE2", Severity.INFO), ("SC-CALL", Severity.INFO),
            ("SC-PLAY4", Severity.INFO), ("SC-MELD1", Severity.INFO)} | {
            (rule, Severity.INFO) for rule in INTENDED["misdeal"]} | SLIP_NOTICES
        assert not any(f.rule == "SC-RENEGE1" for f in report.findings)
    assert reneges > 0


def test_SC_RENEGE1_without_Scarne_laws_the_simulator_refuses_irregularities() -> None:
    with pytest.raises(ValueError, match="no irregularity laws"):
        Settings(irregularities=0.5, ruleset=scarne(laws="none"))


def test_SC_MISDEAL0_simulated_misdeals_are_called_in_time_and_redealt() -> None:
    """A planned misdeal: one ``misdeal`` line before the first trick, then the same dealer's
    new deal; the game validates with that reason's notice only (SC-MISDEAL1, 2, 3 or 5)."""
    ruleset = scarne(laws="scarne")
    reasons: set[str] = set()
    for seed in range(12):
        game = simulate_game(seed, Settings(irregularities=1.0, ruleset=ruleset))
        (parsed,) = parse(dumps(game.game)).games
        report = validate_game(parsed)
        assert {f.severity for f in report.findings} <= {Severity.INFO}
        for index, battle in enumerate(game.battles, 1):
            events = battle.battle.events
            misdeals = [e for e in events if isinstance(e, Misdeal)]
            if battle.irregularity != "misdeal":
                assert misdeals == []
                continue
            [misdeal] = misdeals
            assert [type(e) for e in events[:3]] == [Deal, Misdeal, Deal]
            reasons.add(misdeal.reason)
            assert len(battle.intended) == 1 and battle.intended <= INTENDED["misdeal"]
            assert [f.rule for f in report.findings if f.battle == index] == \
                sorted(battle.intended)
        assert [(b.east.score, b.west.score) for b in report.battles] == \
            [(b.east, b.west) for b in game.battles]
    assert reasons == {"cut-exposed", "not-cut", "faceup", "dealer-exposed"}


def test_SC_MISDEAL0_regular_simulated_Scarne_games_are_unchanged_by_the_misdeal_kind() -> None:
    """The misdeal is drawn only for a battle that has an irregularity: with none planned the
    random draws are the old ones, so a regular game has no misdeal and no other irregularity
    (its text is what it was before the kind existed)."""
    ruleset = scarne(laws="scarne")
    digest = hashlib.sha256()
    for seed in range(4):
        game = simulate_game(seed, Settings(ruleset=ruleset))
        assert all(b.irregularity is None for b in game.battles)
        digest.update(dumps(game.game).encode())
    # the same four games as the simulator wrote before the misdeal kind existed
    assert digest.hexdigest()[:16] == "7e7b5aed004878f5"
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


@pytest.mark.parametrize("options", [{}, {"game_end": "call-out"},
                                     {"scale": "tens", "trick_scoring": "10-10-10"}])
def test_SC_BADMELD1_simulated_incorrect_melds_are_corrected_in_time_and_are_notices(
        options) -> None:
    """Under Scarne's laws the simulator also plans a wrong meld value or a meld by the trick's
    loser (SC-MELD1); ``correct`` follows the trick, before the last stock draw: the value is
    corrected or the meld withdrawn, a notice under the broken rule, and the claims agree."""
    ruleset = scarne(laws="scarne", **options)
    assert LATER_KINDS[ruleset.laws] == ("misdeal", "corrected points", "withdrawn meld")
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
            ("SC-PLAY4", Severity.INFO), ("SC-MELD1", Severity.INFO)} | {
            (rule, Severity.INFO) for rule in INTENDED["misdeal"]} | SLIP_NOTICES
        assert all("SC-BADMELD1" in f.message for f in report.findings
                   if f.rule in ("SC-PLAY4", "SC-MELD1"))
    assert all(seen.values()), seen
