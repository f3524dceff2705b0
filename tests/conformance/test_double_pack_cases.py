"""Double-pack's statements as conformance cases (conformance/partnership/cases.py, staged by
conformance/partnership/build.py; spec §10.1): each case names its DP id and the line of
double-pack-partnership.txt it quotes, the numbers typed in are the text's, its record is a
legal game at a table of four under ``Ruleset "double-pack"``, and the checked-in fixture
passes against the engine. The tests are named after the DP ids they cover."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.partnership.melds import best_meld as engine_best_meld
from pinochle.conformance.corpus import file_stem, folder
from pinochle.conformance.partnership.cases import (
    DOUBLE_PACK_BY_ID, DOUBLE_PACK_CASES, MELD_ROWS, SKIPPED, best_meld, cards, pack, score,
    trick_winner,
)
from pinochle.conformance.runner import load_fixture, run_fixture
from pinochle.notation import parse
from pinochle.notation.cards import Seat, Side, Suit

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "rulebook"
HEARTS = Suit.HEARTS


def fixture_path(case_id: str) -> Path:
    case = DOUBLE_PACK_BY_ID[case_id]
    return CORPUS / folder(case) / (file_stem(case.id) + ".json")


def contract(case_id: str, battle: int = 1) -> dict:  # type: ignore[type-arg]
    data = json.loads(fixture_path(case_id).read_text(encoding="utf-8"))
    [check] = [c for c in data["expected"]["contracts"] if c["battle"] == battle]
    return check  # type: ignore[no-any-return]


def passes(case_id: str) -> None:
    outcome = run_fixture(fixture_path(case_id))
    assert outcome.passed, outcome.differences


# --- the case data -------------------------------------------------------------------------


def test_DP_every_case_names_its_DP_id_its_line_and_the_double_pack_ruleset():
    for case in DOUBLE_PACK_CASES:
        assert re.fullmatch(r"DP-[A-Z]+\d*", case.source.section), case.id
        assert re.fullmatch(r"L\d+", case.source.row), case.id
        assert case.id.startswith(case.source.section + "."), case.id
        assert case.rules[0] == case.source.section and all(r.startswith("DP-")
                                                            for r in case.rules)
        assert case.tags["Ruleset"] == "double-pack" and folder(case) == "double-pack"


def test_DP_spec_items_are_all_there_and_the_draw_is_skipped_with_its_reason():
    for case_id in ("DP-PACK.80-cards", "DP-BID7.announce-100-is-510",
                    "DP-BID7.announce-140-is-520", "DP-BID6.flush-is-500", "DP-BID9.all-pass",
                    "DP-BID9.announce-only", "DP-MELD2.♥♥F", "DP-MELD3.AAAA4", "DP-MELD4.P",
                    "DP-MELD4.PP", "DP-MELD4.PPP", "DP-MELD4.PPPP", "DP-MELD5.♥F+other-♥M",
                    "DP-MELD5.♥F+same-♥M", "DP-MELD5.K♠-in-♠M-and-K4", "DP-MELD7.four-jacks",
                    "DP-COUNT1.10-10-10.500", "DP-COUNT2.10-10-5-5.500",
                    "DP-SCORE2.600-made-570"):
        assert case_id in DOUBLE_PACK_BY_ID, case_id
    assert "L17" in SKIPPED["DP-DRAW1"] and "record" in SKIPPED["DP-DRAW1"]
    assert not any(case.source.section.startswith("DP-DRAW") for case in DOUBLE_PACK_CASES)


def test_DP_MELD2_MELD3_MELD4_the_meld_rows_are_the_texts_values():
    values = {kind: points for _, _, kind, _, points, _ in MELD_ROWS}
    assert values == {
        "♥F": 150, "♥M": 40, "♠M": 20, "♥♥F": 300,
        "A4": 100, "AA4": 1000, "AAA4": 1500, "AAAA4": 2000,
        "K4": 80, "KK4": 800, "KKK4": 1200, "KKKK4": 1600,
        "Q4": 60, "QQ4": 600, "QQQ4": 900, "QQQQ4": 1200,
        "J4": 40, "JJ4": 400, "JJJ4": 600, "JJJJ4": 800,
        "P": 40, "PP": 300, "PPP": 450, "PPPP": 3000}
    for _, line, kind, held, points, text in MELD_ROWS:
        if line != "L45":           # the quadruple groups: "two doubles" (L45)
            assert f"{points:,}" in text or str(points) in text, kind
        assert best_meld(cards(held), HEARTS) == points, kind


def test_DP_the_texts_arithmetic_on_the_spec_examples():
    # §4.3: flush + the other royal marriage 190, never flush + two royal marriages 230
    assert best_meld(cards("A♥ T♥ K♥ K♥ Q♥ Q♥ J♥"), HEARTS) == 190
    assert best_meld(cards("K♠ Q♠ K♣ K♥ K♦"), HEARTS) == 100
    assert best_meld(cards("A♠ T♠ K♠ Q♠ J♠"), HEARTS) == 20     # a flush out of trumps
    # L54: identical cards, the first played; a trump beats the suit led; off-suit never wins
    assert trick_winner(cards("J♥ J♥ J♥ J♥"), Suit.SPADES) == 0
    assert trick_winner(cards("A♥ J♠ Q♥ A♠"), Suit.SPADES) == 3
    assert trick_winner(cards("K♣ A♦ T♣ A♥"), Suit.SPADES) == 2
    assert len(pack()) == 80 and set(Counter(pack()).values()) == {4}


def test_DP_best_meld_of_the_text_equals_the_engines_on_seeded_hands():
    ruleset = ruleset_from_tags({"Ruleset": "double-pack"})
    rng = random.Random(12)
    for _ in range(300):
        deck = list(pack())
        rng.shuffle(deck)
        trump = rng.choice(list(Suit))
        for seat in range(4):
            hand = deck[20 * seat:20 * seat + 20]
            assert best_meld(hand, trump) == engine_best_meld(hand, trump, ruleset), hand


# --- each statement's fixture ---------------------------------------------------------------


def test_DP_PACK_80_cards_and_DP_DEAL2_a_deal_of_4x20_fixture():
    data = load_fixture(fixture_path("DP-PACK.80-cards"))
    [table] = data.expected.tables
    assert table.table == "pack" and sum(table.values.values()) == 80
    assert table.values["A♠"] == 4 and table.values["N♠"] == 0 and table.values["D♦"] == 0
    assert data.expected.findings == []
    passes("DP-PACK.80-cards")


def test_DP_DEAL2_every_double_pack_record_deals_four_hands_of_20_from_the_pack():
    for case in DOUBLE_PACK_CASES:
        path = fixture_path(case.id).with_suffix(".pin")
        text = path.read_text(encoding="utf-8")
        assert '[Ruleset "double-pack"]' in text
        game = parse(text, str(path)).games[0]
        for battle in game.battles:
            [hands] = [e for e in battle.events if type(e).__name__ == "Hands"]
            dealt = [card for hand in hands.hands for card in hand]
            assert [len(hand) for hand in hands.hands] == [20] * 4
            assert Counter(dealt) == Counter(pack())


def test_DP_BID4_a_meld_announced_before_any_bid_is_no_bid_and_may_be_a_bluff_fixture():
    case_id = "DP-BID4.announce-400-before-any-bid"
    check = contract(case_id)
    assert (check["bidder"], check["bid"]) == ("S", 500)
    path = fixture_path(case_id)
    game = parse(path.with_suffix(".pin").read_text(encoding="utf-8"), str(path)).games[0]
    [hands] = [e for e in game.battles[0].events if type(e).__name__ == "Hands"]
    assert best_meld(hands.hands[1], Suit.parse(check["trump"])) < 400       # East bluffed
    assert load_fixture(path).expected.findings == []
    passes(case_id)


def test_DP_BID5_a_bids_flush_and_meld_statements_leave_it_500_fixture():
    check = contract("DP-BID5.500-flush-and-100-meld")
    assert (check["bidder"], check["bid"]) == ("N", 500)
    passes("DP-BID5.500-flush-and-100-meld")


def test_DP_BID7_announce_100_after_500_is_a_bid_of_510_fixture():
    assert (contract("DP-BID7.announce-100-is-510")["bidder"],
            contract("DP-BID7.announce-100-is-510")["bid"]) == ("E", 510)
    passes("DP-BID7.announce-100-is-510")


def test_DP_BID7_announce_140_after_500_is_a_bid_of_520_fixture():
    assert contract("DP-BID7.announce-140-is-520")["bid"] == 520
    passes("DP-BID7.announce-140-is-520")


def test_DP_BID6_a_flush_announced_before_any_bid_is_a_bid_of_500_fixture():
    check = contract("DP-BID6.flush-is-500")
    assert (check["bidder"], check["bid"]) == ("N", 500)
    passes("DP-BID6.flush-is-500")


def test_DP_BID9_all_pass_thrown_in_no_score_next_dealer_left_fixture():
    first, second = contract("DP-BID9.all-pass", 1), contract("DP-BID9.all-pass", 2)
    assert first["thrown_in"] is True and first["score"] == {"NS": 0, "EW": 0}
    assert (first["dealer"], second["dealer"]) == ("N", "E")
    passes("DP-BID9.all-pass")


def test_DP_BID9_DP_BID4_only_announcements_are_thrown_in_fixture():
    assert contract("DP-BID9.announce-only", 1)["thrown_in"] is True
    passes("DP-BID9.announce-only")


def test_DP_DEAL3_the_same_dealer_after_a_throw_in_is_reported_fixture():
    data = load_fixture(fixture_path("DP-DEAL3.same-dealer-after-throw-in"))
    assert [(f.rule, f.battle) for f in data.expected.findings] == [("DP-DEAL3", 2)]
    passes("DP-DEAL3.same-dealer-after-throw-in")


def test_DP_MELD2_double_flush_300_fixture():
    assert load_fixture(fixture_path("DP-MELD2.♥♥F")).expected.tables[0].values == {"♥♥F": 300}
    passes("DP-MELD2.♥♥F")


def test_DP_MELD3_sixteen_aces_2000_fixture():
    path = fixture_path("DP-MELD3.AAAA4")
    assert load_fixture(path).expected.tables[0].values == {"AAAA4": 2000}
    assert "meld N AAAA4 2000" in path.with_suffix(".pin").read_text(encoding="utf-8")
    passes("DP-MELD3.AAAA4")


@pytest.mark.parametrize("kind", ["A4", "AA4", "AAA4", "K4", "KK4", "KKK4", "KKKK4", "Q4", "QQ4",
                                  "QQQ4", "QQQQ4", "J4", "JJ4", "JJJ4", "JJJJ4"])
def test_DP_MELD3_each_group_value_fixture(kind):
    passes(f"DP-MELD3.{kind}")


@pytest.mark.parametrize("kind,points", [("P", 40), ("PP", 300), ("PPP", 450), ("PPPP", 3000)])
def test_DP_MELD4_pinochles_40_300_450_3000_fixture(kind, points):
    assert load_fixture(fixture_path(f"DP-MELD4.{kind}")).expected.tables[0].values == \
        {kind: points}
    passes(f"DP-MELD4.{kind}")


def test_DP_MELD5_flush_and_the_other_royal_marriage_190_fixture():
    check = contract("DP-MELD5.♥F+other-♥M")
    north = DOUBLE_PACK_BY_ID["DP-MELD5.♥F+other-♥M"].hands[0].credited
    assert north == {Seat.NORTH: 190} and check["counted"]["NS"] is True
    passes("DP-MELD5.♥F+other-♥M")


def test_DP_MELD5_flush_and_its_own_royal_marriage_counted_once_150_fixture():
    data = load_fixture(fixture_path("DP-MELD5.♥F+same-♥M"))
    assert [(f.rule, f.battle, f.trick) for f in data.expected.findings] == \
        [("DP-MELD5", 1, None)]
    assert DOUBLE_PACK_BY_ID["DP-MELD5.♥F+same-♥M"].hands[0].credited == \
        {Seat.NORTH: 150}
    passes("DP-MELD5.♥F+same-♥M")


def test_DP_MELD5_king_of_spades_in_a_marriage_and_in_four_kings_100_fixture():
    assert load_fixture(fixture_path("DP-MELD5.K♠-in-♠M-and-K4")).expected.findings == []
    passes("DP-MELD5.K♠-in-♠M-and-K4")


def test_DP_MELD7_a_side_winning_only_four_jacks_counts_no_meld_fixture():
    check = contract("DP-MELD7.four-jacks")
    assert check["counted"] == {"NS": False, "EW": True}
    assert check["melds"]["NS"] == 0 and check["cards"] == {"NS": 0, "EW": 500}
    assert check["score"]["NS"] == -500
    text = fixture_path("DP-MELD7.four-jacks").with_suffix(".pin").read_text(encoding="utf-8")
    assert "\n1. J♥ J♥ J♥ J♥ N\n" in text
    passes("DP-MELD7.four-jacks")


def test_DP_MELD6_a_side_winning_only_four_kings_counts_its_melds_fixture():
    check = contract("DP-MELD6.four-kings")
    assert check["counted"]["NS"] is True and check["cards"]["NS"] == 40
    assert check["melds"]["NS"] > 0
    passes("DP-MELD6.four-kings")


@pytest.mark.parametrize("schedule,counted", [("10-10-10", False), ("10-10-5-5", True)])
def test_DP_MELD7_four_queens_are_worthless_only_in_the_10_10_10_schedule_fixture(schedule,
                                                                                  counted):
    case_id = f"DP-MELD7.four-queens.{schedule}"
    check = contract(case_id)
    assert check["counted"]["NS"] is counted
    assert check["cards"]["NS"] == (20 if counted else 0)
    assert (check["melds"]["NS"] > 0) is counted
    passes(case_id)


@pytest.mark.parametrize("case_id", ["DP-COUNT1.10-10-10.500", "DP-COUNT2.10-10-5-5.500"])
def test_DP_COUNT1_DP_COUNT2_both_schedules_total_500_with_the_last_trick_fixture(case_id):
    data = load_fixture(fixture_path(case_id))
    assert data.expected.contracts[0].card_total == 500
    [points, total] = data.expected.tables
    assert total.values == {"total": 480} and sum(points.values.values()) * 4 == 480
    passes(case_id)


def test_DP_SCORE2_bid_600_made_570_scores_minus_600_and_DP_SCORE3_the_opponents_made():
    check = contract("DP-SCORE2.600-made-570")
    assert check["bid"] == 600 and check["made"]["NS"] == 570
    assert check["score"] == {"NS": -600, "EW": check["made"]["EW"]}
    assert check["cards"]["NS"] + check["cards"]["EW"] == 500
    passes("DP-SCORE2.600-made-570")


def test_DP_SCORE_the_texts_scoring():
    made = score(Side.NS, 600, {Side.NS: 330, Side.EW: 170}, {Side.NS: 240, Side.EW: 240},
                 {Side.NS: True, Side.EW: True})
    assert (made[Side.NS].score, made[Side.EW].score) == (-600, 410)
    unmelded = score(Side.EW, 500, {Side.NS: 0, Side.EW: 500}, {Side.NS: 160, Side.EW: 0},
                     {Side.NS: False, Side.EW: True})
    assert (unmelded[Side.NS].made, unmelded[Side.EW].score) == (0, 500)


# --- the checks can fail ----------------------------------------------------------------------


def test_DP_a_wrong_expected_contract_fails_with_its_difference(tmp_path):
    source = fixture_path("DP-SCORE2.600-made-570")
    data = json.loads(source.read_text(encoding="utf-8"))
    data["expected"]["contracts"][0]["score"]["NS"] = -570       # SetPenalty "made"'s reading
    data["expected"]["contracts"][0]["bidder"] = "S"
    path = tmp_path / source.name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (tmp_path / data["record"]).write_bytes(source.with_suffix(".pin").read_bytes())
    outcome = run_fixture(path)
    assert sorted(outcome.differences) == [
        "contract (battle 1) bidder: expected S, got N",
        "contract (battle 1) score[NS]: expected -570, got -600"]


def test_DP_a_meld_table_check_with_a_wrong_value_fails(tmp_path):
    source = fixture_path("DP-MELD4.PPPP")
    data = json.loads(source.read_text(encoding="utf-8"))
    data["expected"]["tables"][0]["values"]["PPPP"] = 600          # "two doubles" misapplied
    path = tmp_path / source.name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (tmp_path / data["record"]).write_bytes(source.with_suffix(".pin").read_bytes())
    assert run_fixture(path).differences == ["table (meld_points) values[PPPP]: expected 600, "
                                             "got 3000"]


@pytest.mark.parametrize("case", DOUBLE_PACK_CASES)
def test_double_pack_statement(case):
    fixture = load_fixture(fixture_path(case.id))
    assert fixture.id == case.id and fixture.rules == list(case.rules)
    assert fixture.expected.contracts, "a double-pack case checks its battles"
    outcome = run_fixture(fixture_path(case.id))
    assert outcome.passed, outcome.differences
