"""25-steps Pinochle's case data (spec §10.1 items 1-6 and 10): each case names its TP id and
the line of two-player-25-steps.txt it quotes, its record carries ``Ruleset "25-steps"``, and the
numbers typed in agree with the text; the generated fixtures pass against the engine."""

from __future__ import annotations

import re

from pinochle.conformance.cases import MeldCase, ruleset_name
from pinochle.conformance.corpus import checkout_corpus, folder
from pinochle.conformance.runner import run_directory
from pinochle.conformance.twentyfive_cases import TABLE, TWENTY_FIVE_BY_ID, TWENTY_FIVE_CASES


def test_TP_every_case_names_its_TP_id_and_line_and_the_25_steps_ruleset():
    for case in TWENTY_FIVE_CASES:
        assert re.fullmatch(r"TP\d+[a-z]?\d*|TPV\d", case.source.section), case.id
        assert re.fullmatch(r"L\d+", case.source.row), case.id
        assert case.id.startswith(case.source.section + "."), case.id
        assert all(rule.startswith("TP") for rule in case.rules)
        assert ruleset_name(case) == "25-steps", case.id
        assert folder(case).startswith("25-steps/")


def test_TP14_the_table_rows_are_the_texts_values():
    assert [(k, v) for k, v, _, _ in TABLE] == [
        ("♥F", 150), ("♥M", 40), ("♠M", 20), ("P", 40), ("PP", 80), ("A4", 100), ("K4", 80),
        ("Q4", 60), ("J4", 40)]
    for text, points, line, row in TABLE:
        assert f"{points} points" in row and 26 <= int(line[1:]) <= 35
        case = TWENTY_FIVE_BY_ID[f"TP14.♥.{text}"]
        assert isinstance(case, MeldCase) and case.total == points


def test_TP19_the_reuse_cases_say_which_rule_forbids():
    expected = {"TP19a2.Q4-then-P": (True, 100), "TP19b2.♠M-then-P": (False, 20),
                "TP19b3.P-then-Q4": (False, 40), "TP19b4.♥F-then-K4": (False, 150),
                "TP19a1.♠M-then-♠M": (False, 20)}
    for case_id, (legal, total) in expected.items():
        case = TWENTY_FIVE_BY_ID[case_id]
        assert isinstance(case, MeldCase) and case.total == total
        second = case.steps[1].meld
        assert second is not None and second.legal is legal
        if not legal:
            assert second.rule == case_id.split(".")[0]


def test_TP_the_checked_in_fixtures_pass():
    corpus = checkout_corpus()
    assert corpus is not None
    results = run_directory(corpus / "25-steps")
    assert results and all(r.passed for r in results), [r for r in results if not r.passed]
