"""Regenerate ``corpus/faulty``: game records with exactly one known fault each, and beside each
the report ``pinochle validate`` must give (``NAME.expected.json``).

    .venv/bin/python corpus/faulty/make.py

Each record starts from a seeded legal battle, played by a random policy through
``BattleState`` (so every card and meld is legal), then receives one fault. A fault that changes
what happens next at the table (a missed draw, an extra meld that moves cards) is made while the
battle is played, so that the rest of the record stays consistent with it; a fault of the record
only (a wrong mark, claim or tag) is made in the finished record. The faulty statement carries the
comment ``; fault: RULE``: the tests find it there, independently of the expected report, and
check that the report names RULE at that line.

The script refuses to write a record whose report does not name the intended rule at the marked
line, or that has findings other than the fault's declared consequences.

East Point's records are named after R-ids (``R9F-repeat.pin``); old-time Pinochle's after OT-ids
(``OT9G-reuse.pin``), from legal old-time battles (an upcard, the phase-B obligations, a dix
beside another meld) under ``[Ruleset "old-time"]``, whose missing irregularity laws make every
fault an error under its own rule. ``make.py NAME…`` regenerates only the records named.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import ep_faults
import ot_faults
from kit import FAULTS, Fault, settle

from pinochle.adjudicator.findings import plural
from pinochle.adjudicator.report import GameReport, Summary, add_game, exit_status, validate_game
from pinochle.notation import dumps, parse
from pinochle.notation.events import Record

HERE = Path(__file__).parent
#: The fault lists, one module per ruleset; each registers its faults in ``FAULTS`` on import.
FAMILIES = (ep_faults, ot_faults)


# --- writing ---------------------------------------------------------------------------------


def marked_line(text: str, rule: str) -> int:
    needle = f"; fault: {rule}"
    lines = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(lines) == 1, (rule, lines)
    return lines[0]


def expected(report: GameReport, f: Fault, line: int) -> dict:
    summary = add_game(Summary(files=1), report)
    return {
        "record": f"{f.name}.pin",
        "fault": f.description,
        "rule": f.rule,
        "line": line,
        "exit_status": exit_status(summary),
        "findings": [x.model_dump(mode="json", exclude={"file", "end_line", "end_column",
                                                         "game"}) for x in report.findings],
        "battles": [b.model_dump(mode="json") for b in report.battles],
        "east": report.east,
        "west": report.west,
    }


def make(f: Fault) -> tuple[str, dict]:
    g = f.build()
    if f.settle:
        g = settle(g)
    text = dumps(Record(games=(g,)))
    line = marked_line(text, f.rule)
    record = parse(text, f"{f.name}.pin")
    report = validate_game(record.games[0], f"{f.name}.pin")
    at_line = [x for x in report.findings if x.rule == f.rule and x.line == line]
    if not at_line:
        raise SystemExit(f"{f.name}: no {f.rule} finding at line {line}: "
                         f"{[(x.rule, x.line) for x in report.findings]}")
    extra = [x for x in report.findings if x not in at_line and x.rule not in f.consequences]
    if extra:
        raise SystemExit(f"{f.name}: unexpected findings "
                         f"{[(x.rule, x.line, x.message) for x in extra]}")
    return text, expected(report, f, line)


def main() -> None:
    names = set(sys.argv[1:])
    for f in FAULTS:
        if names and f.name not in names:
            continue
        text, report = make(f)
        (HERE / f"{f.name}.pin").write_text(text, encoding="utf-8")
        (HERE / f"{f.name}.expected.json").write_text(
            json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{f.name}: {f.rule} at line {report['line']}, "
              f"{plural(len(report['findings']), 'finding')}, exit {report['exit_status']}")


if __name__ == "__main__":
    main()
