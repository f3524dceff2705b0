"""Old-time Pinochle's statements as fixtures, one test per case (the test id is the case id:
``OT8C2.K♣-K♣``, ``OT9A.♥.PP``): the checked-in fixture says what the rulebook says (the case
data), its record is played under ``[Ruleset "old-time"]``, and the engine answers it as
``pinochle conformance`` does. Then the statements themselves, read off the fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.conformance.cases import MeldCase, PlayCase, TableCase, TrickCase
from pinochle.conformance.corpus import file_stem, folder
from pinochle.conformance.oldtime_cases import OLD_TIME_BY_ID, OLD_TIME_CASES, SCHEDULES
from pinochle.conformance.runner import load_fixture, run_fixture
from pinochle.notation import parse
from pinochle.notation.cards import Rank
from pinochle.notation.events import Deal, Trick

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "rulebook"


def fixture_path(case) -> Path:  # type: ignore[no-untyped-def]
    return CORPUS / folder(case) / (file_stem(case.id) + ".json")


def record_of(case):  # type: ignore[no-untyped-def]
    fixture = load_fixture(fixture_path(case))
    assert fixture.record is not None
    path = fixture_path(case).with_name(fixture.record)
    return parse(path.read_text(encoding="utf-8"), str(path)).games[0]


def _says_what_the_case_says(case, fixture) -> None:  # type: ignore[no-untyped-def]
    expected = fixture.expected
    assert fixture.id == case.id and fixture.rules == list(case.rules)
    assert fixture.source.section == case.source.section and fixture.source.row.startswith("L")
    if isinstance(case, TrickCase):
        [trick] = expected.tricks
        assert (trick.lead, trick.follow, trick.role, trick.rule) == (
            str(case.lead), str(case.follow), case.winner, case.rule)
        assert expected.findings == []
    elif isinstance(case, MeldCase):
        asked = [(m.kind, m.legal, m.rule, m.points, m.hand) for m in expected.melds]
        for step in case.steps:
            if step.meld is not None:
                m = step.meld
                assert (str(m.kind), m.legal, m.rule, m.points, case.hand) in asked
        assert [f.rule for f in expected.findings] == [
            a.finding for s in case.steps for a in ((s.meld,) if s.meld else ()) + s.also
            if a.finding]
        [battle] = expected.battles
        assert battle.melds is not None
        assert battle.melds[str(case.melder)] - _nine_bonus(case, case.melder) == case.total
        assert [t.trick for t in expected.turns] == list(case.turns)
    elif isinstance(case, PlayCase):
        assert [t.trick for t in expected.turns] == list(case.turns)
        for turn in expected.turns:
            asked = {name for name in ("draws", "stock", "hands", "phase", "trick_points",
                                       "meld_points") if getattr(turn, name) is not None}
            assert asked == set(case.asks)
        if case.trick_total is not None:
            assert [b.trick_total for b in expected.battles] == [case.trick_total]
    else:
        assert isinstance(case, TableCase) and fixture.record is None


def _nine_bonus(case, seat) -> int:  # type: ignore[no-untyped-def]
    """OT6B: the dealer's 10 when the staged deal turned up a nine."""
    game = record_of(case)
    deal = next(e for e in game.battles[0].events if isinstance(e, Deal))
    nine = deal.upcard is not None and deal.upcard.rank is Rank.NINE
    return 10 if nine and game.battles[0].dealer is seat else 0


@pytest.mark.parametrize("case", OLD_TIME_CASES)
def test_old_time_statement(case):
    path = fixture_path(case)
    _says_what_the_case_says(case, load_fixture(path))
    if not isinstance(case, TableCase):
        assert record_of(case).tags.get("Ruleset") == "old-time"
    assert run_fixture(path).differences == []


def _fixture(case_id: str):  # type: ignore[no-untyped-def]
    return load_fixture(fixture_path(OLD_TIME_BY_ID[case_id]))


def test_OT6B_a_turned_up_nine_scores_the_dealer_10_before_trick_1():
    fixture = _fixture("OT6B.nine")
    [turn] = fixture.expected.turns
    dealer = str(record_of(OLD_TIME_BY_ID["OT6B.nine"]).battles[0].dealer)
    assert turn.trick == 0 and turn.meld_points is not None
    assert turn.meld_points[dealer] == 10 and sum(turn.meld_points.values()) == 10
    assert _fixture("OT6B.not-nine").expected.turns[0].meld_points == {"E": 0, "W": 0}


def test_OT8E_two_draws_after_each_of_tricks_1_to_12_winner_first_none_after():
    case = OLD_TIME_BY_ID["OT8E.draws"]
    winners = {t.number: str(t.winner) for t in record_of(case).battles[0].events
               if isinstance(t, Trick)}
    for turn in _fixture("OT8E.draws").expected.turns:
        assert turn.draws is not None and turn.hands is not None
        if turn.trick <= 12:
            assert [d.seat for d in turn.draws] == [winners[turn.trick],
                                                   "W" if winners[turn.trick] == "E" else "E"]
            assert turn.stock == 24 - 2 * turn.trick and turn.hands == {"E": 12, "W": 12}
        else:
            assert turn.draws == [] and turn.stock == 0
            assert turn.hands == {"E": 24 - turn.trick, "W": 24 - turn.trick}


def test_OT8F_the_loser_of_trick_12_draws_the_upcard_or_the_nine_exchanged_for_it():
    for case_id in ("OT8F.trick-12", "OT8F.dix-replacement"):
        game = record_of(OLD_TIME_BY_ID[case_id])
        deal = next(e for e in game.battles[0].events if isinstance(e, Deal))
        assert deal.upcard is not None and len(deal.stock) == 23
        [turn] = [t for t in _fixture(case_id).expected.turns if t.trick == 12]
        assert turn.draws is not None and turn.stock == 0 and turn.phase == "B"
        assert turn.hands == {"E": 12, "W": 12}
        assert turn.draws[0].card == str(deal.stock[-1])
        loser_draws = "N♥" if case_id.endswith("replacement") else str(deal.upcard)
        assert turn.draws[1].card == loser_draws


def test_OT8_phase_A_is_tricks_1_to_12():
    phases = [t.phase for t in _fixture("OT8.phases").expected.turns]
    assert phases == ["A"] * 12 + ["B"] * 13


def test_OT8G_the_last_tricks_winner_gets_10_and_a_battle_sums_to_250():
    for name, values in SCHEDULES.items():
        case = OLD_TIME_BY_ID[f"OT8G.{name}"]
        fixture = _fixture(case.id)
        before, after = fixture.expected.turns
        last = [t for t in record_of(case).battles[0].events if isinstance(t, Trick)][-1]
        gained = {s: after.trick_points[s] - before.trick_points[s]  # type: ignore[index]
                  for s in ("E", "W")}
        cards = values[last.lead.rank.letter] + values[last.follow.rank.letter]
        assert gained[str(last.winner)] == cards + 10 and gained[str(last.winner.other)] == 0
        assert sum(after.trick_points.values()) == 250  # type: ignore[union-attr]


def test_OT9E_OT9G_findings_and_totals():
    two = _fixture("OT9E.K4+Q4").expected
    assert [(f.rule, f.trick) for f in two.findings] == [("OT9E", 1)]
    assert _fixture("OT9E.swap+K4").expected.findings == []
    down = _fixture("OT9G.♥F-then-♥M").expected
    assert [(f.rule, f.trick) for f in down.findings] == [("OT9G", 2)]
    assert _fixture("OT9G.♥M-then-♥F").expected.findings == []
    assert [m.hand for m in _fixture("OT9D.eleven").expected.melds] == [11, 11]
