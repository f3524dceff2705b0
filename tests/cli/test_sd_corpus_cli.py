"""The single-deck corpus through the console script, as a person runs it: ``pinochle validate
--json`` must agree with what the spec says of each record (corpus/single-deck/, typed from
single-deck-partnership.md, checked by hand in tests/adjudicator/test_sd_*_by_hand.py).

The whole game validates clean with the by-hand results. Each faulty record gets exactly its
expected findings (rule, line, battle, trick; what was claimed and what the rules give, where the
expectation types them) and the game's totals. ``DISAGREEMENTS`` lists the records where the
engine departs from the spec, each with the section it departs from: reported to the lead as
engine faults and left out here so the suite stays green (a fix of the engine should remove its
entry: the record then runs like the others)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.adjudicator.sdkit import replay
from tests.cli.consolekit import no_traceback, pinochle

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "corpus" / "games" / "single-deck-evening.pin"
FAULTY = ROOT / "corpus" / "faulty" / "single-deck"

#: record -> the spec's word the engine departs from (docs: the lead's report).
DISAGREEMENTS: dict[str, str] = {}


RECORDS = sorted(FAULTY.glob("*.pin"))


@pytest.fixture(scope="module")
def reports() -> dict[str, dict]:
    """Each record's game report, from one run of the console script over all of them."""
    done = pinochle("validate", "--json", "-j", "1", str(GAME), *map(str, RECORDS))
    no_traceback(done)
    return {Path(f["file"]).stem: f["games"][0] for f in json.loads(done.stdout)["files"]}


def test_SD_GAME2_evening_validates_clean_with_the_by_hand_results(reports: dict) -> None:
    game = reports[GAME.stem]
    assert game["findings"] == []
    by_hand = replay(GAME.read_text("utf-8"))
    assert (game["ns"], game["ew"], game["winner"]) == (2190, -120, "NS")
    for b, h in zip(game["battles"], by_hand.battles, strict=True):
        assert (b["dealer"], b["bidder"], b["bid"], b["trump"]) == (h.dealer, h.bidder, h.high,
                                                                    h.trump)
        for side in ("NS", "EW"):
            s = b[side.lower()]
            assert (s["cards"], s["melds"], s["score"]) == (
                h.sides[side].cards, h.sides[side].melds, h.sides[side].score), (b, side)


def found(game: dict, expected: dict) -> Counter:
    typed = {(f["rule"], f["line"]) for f in expected["findings"] if f["claimed"] is not None}
    return Counter((f["rule"].split()[0], f["line"], f["battle"], f["trick"],
                    *((f["claimed"], f["expected"]) if (f["rule"].split()[0], f["line"]) in typed
                      else (None, None))) for f in game["findings"])


def test_SD_disagreements_name_records_of_the_corpus() -> None:
    assert set(DISAGREEMENTS) <= {p.stem for p in RECORDS}


@pytest.mark.parametrize("path", [p for p in RECORDS if p.stem not in DISAGREEMENTS],
                         ids=lambda p: p.stem)
def test_SD_faulty_record_engine_reports_the_spec_typed_findings(path: Path,
                                                                 reports: dict) -> None:
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))
    game = reports[path.stem]
    assert found(game, expected) == Counter(
        (f["rule"], f["line"], f["battle"], f["trick"], f["claimed"], f["expected"])
        for f in expected["findings"]), game["findings"]
    assert (game["ns"], game["ew"], game["winner"]) == (expected["ns"], expected["ew"],
                                                        expected["winner"])


def test_SD_rulebook_fixtures_pass_through_pinochle_conformance() -> None:
    """Issue 29: ``pinochle conformance`` passes every single-deck fixture of the spec's §11.1
    (typed from the spec, written by corpus/single-deck/fixtures.py), one PASS line each."""
    fixtures = sorted((ROOT / "corpus" / "single-deck" / "rulebook").glob("SD-*.json"))
    done = pinochle("conformance", str(ROOT / "corpus" / "single-deck" / "rulebook"))
    no_traceback(done)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("\nPASS ") + done.stdout.startswith("PASS ") == len(fixtures) == 50
    assert done.stdout.rstrip().endswith("50 passed, 0 failed")
