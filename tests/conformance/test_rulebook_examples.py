"""The rulebook's worked examples, one test per case (the test id is the case id: ``M4.2``,
``tricks.6.A♣#1``, ``R9A.AA4``): the checked-in fixture says what the rulebook says, and the
engine answers it (``pinochle conformance`` runs the same check)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.conformance.cases import (
    CASES, GameCase, MeldCase, TableCase, TrickCase, table_value,
)
from pinochle.conformance.corpus import file_stem, folder
from pinochle.conformance.runner import load_fixture, run_fixture

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "rulebook"


def fixture_path(case) -> Path:  # type: ignore[no-untyped-def]
    return CORPUS / folder(case) / (file_stem(case.id) + ".json")


def _says_what_the_case_says(case, fixture) -> None:  # type: ignore[no-untyped-def]
    """The fixture's verdict is the rulebook's, as the case encodes it."""
    expected = fixture.expected
    assert fixture.id == case.id and fixture.rules == list(case.rules)
    if isinstance(case, TrickCase):
        [trick] = expected.tricks
        assert (trick.lead, trick.follow, trick.role, trick.rule) == (
            str(case.lead), str(case.follow), case.winner, case.rule)
        assert trick.leader == str(case.leader)
        assert trick.winner == str(case.leader if case.winner == "leader" else case.leader.other)
        assert expected.findings == []
    elif isinstance(case, MeldCase):
        attempts = [s.meld for s in case.steps if s.meld is not None]
        asked = [(m.kind, m.turn, m.legal, m.rule, m.points) for m in expected.melds]
        for attempt in attempts:
            assert (str(attempt.kind), attempt.turn, attempt.legal, attempt.rule,
                    attempt.points) in asked
        assert [f.rule for f in expected.findings] == \
            [s.meld.finding for s in case.steps if s.meld is not None and s.meld.finding]
        [battle] = expected.battles
        assert battle.melds is not None and battle.melds[str(case.melder)] == case.total
    elif isinstance(case, GameCase):
        assert [b.trick_total for b in expected.battles] == [case.trick_total] * case.battles
    else:
        assert isinstance(case, TableCase) and fixture.record is None and fixture.note


@pytest.mark.parametrize("case", CASES)
def test_rulebook_example(case):
    path = fixture_path(case)
    _says_what_the_case_says(case, load_fixture(path))
    outcome = run_fixture(path)
    assert outcome.differences == []


def test_M6_the_king_of_diamonds_in_six_melds_totals_1299():
    fixture = load_fixture(fixture_path(next(c for c in CASES if c.id == "M6")))
    points = [m.points for m in fixture.expected.melds]
    assert points == [91, 181, 182, 362, 161, 322] and sum(points) == 1299
    assert fixture.expected.battles[0].melds == {"E": 1299, "W": 0}


def test_M5_single_then_double_jack_quartet_totals_423():
    fixture = load_fixture(fixture_path(next(c for c in CASES if c.id == "M5.early")))
    assert [m.points for m in fixture.expected.melds] == [141, 282]
    assert fixture.expected.battles[0].melds == {"E": 423, "W": 0}


def test_R9A_every_table_entry_is_a_case():
    r9a = [c for c in CASES if c.source.section == "R9A"]
    assert len(r9a) == 34
    assert {c.id for c in r9a} >= {"R9A.AA4", "R9A.♣♣5", "R9A.♦2"}
    for case in r9a:
        assert case.total == table_value(case.steps[0].meld.kind)  # type: ignore[union-attr]


def test_M7_2_R9C_while_both_cards_are_held_then_R9G_once_one_is_played():
    fixture = load_fixture(fixture_path(next(c for c in CASES if c.id == "M7.2")))
    rules = [m.rule for m in fixture.expected.melds if m.turn is None]
    assert not any(m.legal for m in fixture.expected.melds if m.turn is None)
    first_g = rules.index("R9G")
    assert first_g > 0 and set(rules[:first_g]) == {"R9C"} and set(rules[first_g:]) == {"R9G"}
    assert "R9B1" not in rules


def test_M3_the_T_heart_gone_to_a_trick_R9G_and_it_won_R9D():
    case = next(c for c in CASES if c.id == "M3.T♥-gone")
    fixture = load_fixture(fixture_path(case))
    assert [(m.kind, m.legal, m.rule) for m in fixture.expected.melds] == [
        ("♥3", True, "R9A"), ("♥5", True, "R9A"), ("♥2", False, "R9G")]
    assert [f.rule for f in fixture.expected.findings] == ["R9G"]
    assert fixture.expected.battles[0].melds == {"E": 101 + 191, "W": 0}
