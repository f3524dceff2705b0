"""benchmarks/mutation.py's false-alarm rule: on an unmutated game any finding the simulator did
not intend, or any finding above a notice (an intended R11 irregularity handled as the rules say
is a notice, R11), is a false alarm."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pinochle.adjudicator.model.findings import Finding, Kind, Severity

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


def _claim(rule: str, line: int, kind: Kind = Kind.MISCOUNT) -> Finding:
    from pinochle.notation.events import Span
    return Finding(rule=rule, kind=kind, message=rule, span=Span(line, 1, line, 9))


def test_R3_one_fault_measure_counts_claims_apart_and_reads_the_first_in_record_order(bench):
    """The mutation benchmark's measure: a miscounted claim (or a finding on a tag line, about the
    totals) includes the fault and is not counted; the first finding is the report's, in
    record order, and must be at the mutated line."""
    lines = ['[Result "10-20"]', "1. A♠ T♠ E", "2. K♠ Q♠ W", "score E 10 W 20"]
    found = [_claim("R8B", 3, Kind.ILLEGAL_PLAY), _claim("R3", 4), _claim("R4A", 1),
             _claim("R8A", 2, Kind.ILLEGAL_PLAY)]
    assert bench.cascade(found, lines, 2) == (2, True)       # R8A at line 2 is listed first
    assert bench.cascade(found, lines, 3) == (2, False)
    assert bench.cascade([_claim("R3", 4)], lines, 4) == (0, True)   # claims only: the first
    assert bench.cascade([], lines, 4) == (0, False)
    assert bench.mutated_line("a\nb\nc\n", "a\nB\nc\n") == 2
    assert bench.mutated_line("a\nb\n", "a\nb\nc\n") == 3


@pytest.mark.parametrize("ruleset, options", [
    ("east-point", []), ("old-time", []), ("scarne", []), ("scarne", ["Laws=none"]),
    ("25-steps", []), ("double-pack", [])])
def test_R8A_R9_one_fault_one_finding_target_met_on_every_ruleset(bench, capsys, ruleset,
                                                                   options):
    """``benchmarks/mutation.py --ruleset R``: after any fault the replay resynchronises, so a
    mutant draws at most 1.2 findings other than claims on average, 3 at most, the first at
    its mutated line, on a short run of every ruleset (Scarne's with its laws,
    the default: SC-BADMELD1, a meld stands as credited; and without them)."""
    cycle = bench.rulesets(ruleset, options)
    rate = 0.1 if cycle[0].laws.irregularities else 0.0
    assert bench.run(300, 1, rate, cycle) == 0
    out = capsys.readouterr().out
    summary = next(line for line in out.splitlines()
                   if line.startswith("all classes") and "target" in line)
    assert summary.endswith("target met"), out
