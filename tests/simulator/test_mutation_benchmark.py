"""benchmarks/mutation.py's false-alarm rule: on an unmutated game any finding the simulator did
not intend, or any finding above a notice (an intended R11 irregularity handled as the rules say
is a notice, R11), is a false alarm."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pinochle.adjudicator.findings import Finding, Kind, Severity

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "mutation.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("mutation_benchmark", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _finding(rule: str, severity: Severity) -> Finding:
    return Finding(rule=rule, kind=Kind.IRREGULARITY, severity=severity, message=rule)


@pytest.mark.parametrize("rule, severity, alarm", [
    ("R11C", Severity.INFO, False),      # intended, handled as R11C says
    ("R11C", Severity.WARNING, True),    # intended, but it stood unrepaired
    ("R11C", Severity.ERROR, True),
    ("R9F", Severity.INFO, True),        # not intended at all
])
def test_R11_false_alarm_is_unintended_or_above_a_notice(bench, rule, severity, alarm):
    assert bench.is_false_alarm(_finding(rule, severity), frozenset({"R11C", "R11D"})) is alarm


def test_R11_a_short_run_catches_every_mutant_without_false_alarms(bench, capsys):
    assert bench.run(40, 1, 0.5) == 0
    out = capsys.readouterr().out
    assert "false alarms on unmutated games: 0/" in out and "100.00%" in out


def test_OT_a_short_old_time_run_catches_every_mutant_without_false_alarms(bench, capsys):
    """``benchmarks/mutation.py --ruleset old-time --option PhaseB=*``: old-time Pinochle's
    classes on games of both PhaseB options, with no irregularities (Laws "none")."""
    cycle = bench.rulesets("old-time", ["PhaseB=*"])
    assert [r.options["PhaseB"] for r in cycle] == ["must-win", "scarne"]
    assert bench.run(60, 1, 0.0, cycle) == 0
    out = capsys.readouterr().out
    assert "false alarms on unmutated games: 0/" in out and "100.00%" in out
    assert "phase-b-follow-suit" in out and "swap-too-late" in out and "R8A" not in out


def test_SC_a_short_scarne_run_catches_every_mutant_without_false_alarms(bench, capsys):
    """``benchmarks/mutation.py --ruleset scarne --option GameEnd=*``: old-time's corruptions
    under Scarne's ids (and SC-MELD5, SC-CALL), on games of every GameEnd, the call-out's
    notice intended."""
    cycle = bench.rulesets("scarne", ["GameEnd=*"])
    assert [r.options["GameEnd"] for r in cycle] == ["target", "single-hand", "call-out"]
    assert bench.run(60, 1, 0.0, cycle) == 0
    out = capsys.readouterr().out
    assert "false alarms on unmutated games: 0/" in out and "100.00%" in out
    assert "SC-PLAY2W" in out and "phase-b-beat" not in out and "OT8" not in out


def test_SC_RENEGE_with_Scarnes_laws_a_renege_is_caught_and_penalised(bench, capsys):
    """``benchmarks/mutation.py --ruleset scarne --option Laws=scarne``: the simulator plays
    reneges with their claims (intended notices), and a phase-2 fault in a mutant is a renege:
    SC-RENEGE1 unclaimed, SC-RENEGE2 when a claim settles the count."""
    cycle = bench.rulesets("scarne", ["Laws=scarne"])
    assert bench.run(60, 1, 0.1, cycle) == 0
    out = capsys.readouterr().out
    assert "false alarms on unmutated games: 0/" in out and "100.00%" in out
    assert "SC-RENEGE1,SC-RENEGE2" in out


def test_DP_a_short_double_pack_run_catches_every_mutant_without_false_alarms(bench, capsys):
    """``benchmarks/mutation.py --ruleset double-pack``: bad bids (DP-BID2, DP-BID3), false
    declarations (DP-MELD1-4), revokes (DP-PLAY2-4), wrong winner marks (DP-PLAY5) and contract
    miscounts (DP-SCORE1/2), on partnership games of every TrumpLead reading; the simulator's
    under-melding notices (D12) are intended, never false alarms."""
    cycle = bench.rulesets("double-pack", ["TrumpLead=*"])
    assert [r.options["TrumpLead"] for r in cycle] == ["top-led", "top-highest"]
    assert bench.run(60, 1, 0.0, cycle) == 0
    out = capsys.readouterr().out
    assert "false alarms on unmutated games: 0/" in out and "100.00%" in out
    assert "DP-BID3" in out and "DP-PLAY5" in out and "DP-SCORE2" in out
    assert "R8" not in out and "OT8" not in out
