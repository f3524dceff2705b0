"""Scarne's game-rule statements as conformance cases (conformance/scarne_cases.py): each names
an SC id (or the worked example's line) and the Scarne ruleset, and the engine passes each one."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.conformance.corpus import file_stem, folder
from pinochle.conformance.runner import load_fixture, run_fixture
from pinochle.conformance.scarne_cases import SCARNE_BY_ID, SCARNE_CASES

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "rulebook"


def test_every_case_names_an_SC_id_its_line_and_the_scarne_ruleset():
    for case in SCARNE_CASES:
        assert case.source.section.startswith("SC-") and case.source.row.startswith("L")
        # the game rules alone: Scarne's laws, the default, are off
        assert dict(case.tags) == {"Ruleset": "scarne", "Laws": "none"}
        assert folder(case).startswith("scarne/")


def test_the_rulebook_numbers_are_the_expected_totals():
    totals = {"SC-MELD6.RH": 240, "SC-MELD6.parts": 220, "SC-TIP.L97.♥M-then-♥F": 190,
              "SC-TIP.L98.♥F": 150, "SC-MELD5.♣M-then-♣♣M": 20, "SC-MELD2.K4+dix": 90}
    for case_id, total in totals.items():
        assert SCARNE_BY_ID[case_id].total == total


@pytest.mark.parametrize("case", SCARNE_CASES, ids=lambda c: c.id)
def test_scarne_statement(case):
    path = CORPUS / folder(case) / (file_stem(case.id) + ".json")
    fixture = load_fixture(path)
    assert fixture.id == case.id and fixture.rules == list(case.rules)
    assert '[Ruleset "scarne"]' in path.with_name(fixture.record).read_text(encoding="utf-8")
    outcome = run_fixture(path)
    assert outcome.passed, outcome.differences
