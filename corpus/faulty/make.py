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

The modules: ``make.py`` (this driver: make, check, write), ``kit.py`` (the shared machinery:
``Rules``, a ruleset's seeded legal battles and game header; the registry ``fault``; ``settle``;
``judged``, the check; the fault makers several rulesets use), and one fault list per ruleset,
each registering its records on import (``FAMILIES``):

- ``ep_faults.py``: East Point's records, named after R-ids (``R9F-repeat.pin``).
- ``ot_faults.py``: old-time Pinochle's, after OT-ids (``OT9G-reuse.pin``), from legal old-time
  battles (an upcard, the phase-B obligations, a dix beside another meld) under ``[Ruleset
  "old-time"]``, whose missing irregularity laws make every fault an error under its own rule.
- ``sc_faults.py``: Scarne's, after the SC id the finding cites (``SC-MELD5-marriage-reuse.pin``),
  from legal Scarne battles under ``[Ruleset "scarne"]``: without laws, every fault of the game
  rules an error under its own rule (phase-2 obligations SC-PLAYB2, melds SC-MELD1-SC-MELD6,
  the deece, draws, claims, the game SC-WIN1/2, the call-out SC-CALL under ``[GameEnd
  "call-out"]``); then under ``[Laws "scarne"]`` the laws built so far: an unclaimed renege
  (SC-RENEGE1, a warning), a claimed one (SC-RENEGE2, its penalty in the report's battle
  scores), a false claim, and a look at won tricks (SC-LOOK1; SC-LOOK2 with ``[LookPenalty
  "count"]``). Where the finding cites a glossed id ("SC-MELD6 (OT9C)", "OT9G (Scarne silent)")
  the marker and the name carry its first word (``kit.cited``).
- ``sc_law_faults.py``: Scarne's records under the laws built after those (``[Laws
  "scarne"]``), one per fault the referee reports as a warning or an error: incorrect melds (an
  improper meld or wrong points never corrected stand under their own rule,
  ``SC-MELD1-uncorrected``, ``SC-PLAY4-points-uncorrected``; a late correction or one naming no
  meld, SC-BADMELD1; a meld with a wrong count, SC-BADMELD2), misdeals (too late, SC-MISDEAL2;
  a face-up card not in the stock, SC-MISDEAL4; no new deal or a new deal uncalled,
  SC-MISDEAL0; a wrong count, SC-MISDEAL9; an imperfect pack, a dead hand declared on a perfect
  one, play after a dead hand, SC-MISDEAL8), drawing slips (the void deal, SC-DRAW1; ``return``,
  ``give``, ``toomany``, ``toofew`` with nothing to act on, SC-SLIP2, SC-SLIP5, SC-SLIP3,
  SC-SLIP4) and a law statement without the laws (``Laws``). A fault found at a
  deal's first line is marked there (``kit.mark_deal``). A law handled as it says (a notice)
  has no record there.
- ``tp_faults.py``: 25-steps Pinochle's, after TP ids (``TP19b2-reuse.pin``), under ``[Ruleset
  "25-steps"]`` (no laws): phase B TP22, melds TP13 and their reuse by type TP19a/TP19b, the dix
  TP15, draws TP17, claims TP23/TP14/TP24/TP2, and the knock TP25 (below the target the knocker
  loses, a notice; a wrong stated count; play after it); with ``[LastDraw "choice"]`` a choice
  of the last draws by the loser, out of its time or twice (TPV1), without it any choice
  (TP20); with ``[KnockProof "next-trick"]`` play recorded after the trick that decided the
  knock, and a second knock while the first awaits its proof (TP25).
- ``dp_faults.py``: double-pack partnership Pinochle's, after the DP id the finding cites
  (``DP-BID3-not-higher.pin``), under ``[Ruleset "double-pack"]`` and its option tags, from
  hands of the simulator (``simulator/partnership/game.py``, whose claims are already right, so
  ``settle`` is not used): the auction DP-BID1/2/3/8, trump and the declarations DP-MELD1-6,
  the deal DP-DEAL2/3 and DP-PACK, play DP-PLAY1-6 (DP-PLAY3 under both ``TrumpLead``
  readings), the claims DP-COUNT1/2 and DP-SCORE1-3, a two-handed claim (DP-PLAYERS), and
  whole games to 3,550 for DP-GAME;
  most through the simulator's double-pack mutation classes (``kit.mutated``). Their expected
  reports carry the sides' totals (``ns``, ``ew``, ``winner``) instead of ``east`` and
  ``west``.

Most faults are made with the same helpers as East Point's and old-time's (an extra meld chosen
by how the engine judges it, ``kit.judged_as``; a phase-B follower's card, ``kit.phase_b_follow``;
a claim or mark changed in the finished record); some take one corruption of the mutation
benchmark (``simulator/mutate.py``, ``kit.mutated``), the changed statement marked, trying seeds
until the record has that one fault. ``make.py NAME…`` regenerates only the records named.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import dp_faults
import ep_faults
import nodeal_faults
import ot_faults
import sc_faults
import sc_law_faults
import sheet_faults
import tp_faults
from kit import FAULTS, Fault, Refused, judged, settle

from pinochle.adjudicator.model.findings import plural
from pinochle.adjudicator.report.validation import GameReport, Summary, TableGameReport, exit_status

HERE = Path(__file__).parent
#: The fault lists, one module per ruleset; each registers its faults in ``FAULTS`` on import.
FAMILIES = (ep_faults, ot_faults, sc_faults, sc_law_faults, tp_faults, dp_faults,
            nodeal_faults, sheet_faults)


# --- writing ---------------------------------------------------------------------------------


def expected(report: GameReport | TableGameReport, f: Fault, line: int) -> dict:
    """The report a record must get; a partnership game's totals are its sides' (``ns``,
    ``ew``, ``winner``) where a two-handed game has ``east`` and ``west``."""
    counts = report.counts
    summary = Summary(files=1, games=1, battles=len(report.battles), errors=counts.errors,
                      warnings=counts.warnings, notices=counts.notices)
    totals = ({"ns": report.ns, "ew": report.ew, "winner": report.winner}
              if isinstance(report, TableGameReport) else
              {"east": report.east, "west": report.west})
    return {
        "record": f"{f.name}.pin",
        "fault": f.description,
        "rule": f.rule,
        "line": line,
        "exit_status": exit_status(summary),
        "findings": [x.model_dump(mode="json", exclude={"file", "end_line", "end_column",
                                                         "game"}) for x in report.findings],
        "battles": [b.model_dump(mode="json") for b in report.battles],
        **totals,
    }


def make(f: Fault) -> tuple[str, dict]:
    g = f.build()
    if f.settle:
        g = settle(g)
    try:
        text, line, report = judged(g, f.name, f.rule, f.consequences)
    except Refused as refused:
        raise SystemExit(str(refused)) from None
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
