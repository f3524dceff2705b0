"""The case data itself: every example of the rulebook is there once, "Anything" is expanded to
the whole pack, and the numeric facts are consistent with the text that states them."""

from __future__ import annotations

from collections import Counter

from pinochle.conformance.cases import (
    BY_ID, C4_COUNTS, CASES, PACK, R9A_TABLE, V2_TABLE, V3_RANK_PART, V3_ROWS, V3_SUIT_PART,
    V4_QUARTETS, GameCase, MeldCase, TableCase, TrickCase, v3_card_points,
)
from pinochle.notation.cards import Card


def test_R2A4_pack_has_48_cards_deuces_and_nines_single():
    counts = Counter(PACK)
    assert len(PACK) == 48 and len(counts) == 28
    assert {c for c, n in counts.items() if n == 1} == {
        Card.parse(t) for t in "D♣ D♠ D♥ D♦ N♣ N♠ N♥ N♦".split()}


def test_tricks_all_seven_rows_with_anything_expanded_to_47_cards():
    tricks = [c for c in CASES if isinstance(c, TrickCase)]
    rows = Counter(c.source.row for c in tricks)
    assert rows == {"1": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 47, "7": 47}
    six = [c for c in tricks if c.source.row == "6"]
    assert all(c.lead == Card.parse("D♣") and c.winner == "leader" for c in six)
    assert Counter(c.follow for c in six) == Counter(PACK) - Counter([Card.parse("D♣")])
    seven = [c for c in tricks if c.source.row == "7"]
    assert all(c.follow == Card.parse("N♦") and c.winner == "leader" for c in seven)
    assert Counter(c.lead for c in seven) == Counter(PACK) - Counter([Card.parse("N♦")])


def test_tricks_duplicate_cards_get_distinct_ids_and_both_seats():
    assert {"tricks.6.A♣#1", "tricks.6.A♣#2", "tricks.7.T♦#2", "tricks.6.N♦",
            "tricks.7.D♠"} <= set(BY_ID)
    assert "tricks.6.N♦#1" not in BY_ID
    one, two = BY_ID["tricks.6.A♣#1"], BY_ID["tricks.6.A♣#2"]
    assert isinstance(one, TrickCase) and isinstance(two, TrickCase)
    assert one.leader is not two.leader


def test_R8C_sub_rule_of_each_expanded_trick():
    assert BY_ID["tricks.6.A♣#1"].rule == "R8C1"  # type: ignore[union-attr]
    assert BY_ID["tricks.6.D♦"].rule == "R8C2"  # type: ignore[union-attr]
    assert BY_ID["tricks.6.K♥#2"].rule == "R8C4"  # type: ignore[union-attr]
    assert BY_ID["tricks.7.N♣"].rule == "R8C2"  # type: ignore[union-attr]
    assert BY_ID["tricks.7.A♦#1"].rule == "R8C1"  # type: ignore[union-attr]
    assert BY_ID["tricks.2"].winner == "follower"  # type: ignore[union-attr]


def test_every_meld_example_is_a_case():
    melds = {c.id for c in CASES if isinstance(c, MeldCase) and c.source.section.startswith("Ex")}
    for example in ("M1.1", "M1.2", "M1.3", "M2.1", "M2.2", "M2.3", "M3", "M4.1", "M4.2",
                    "M4.3", "M5", "M5.early", "M6", "M7", "M7.1", "M7.2", "M7.3", "M3.T♥-gone"):
        assert example in melds


def test_R9A_doubles_are_twice_the_singles():
    assert len(R9A_TABLE) == 17
    for _, _, single, double in R9A_TABLE:
        assert double == 2 * single


def test_V2_schedules_shift_10_per_single_and_20_per_double():
    for _, values in V2_TABLE:
        lower, original, higher = values["lower"], values["original"], values["higher"]
        assert (original[0] - lower[0], higher[0] - original[0]) == (10, 10)
        assert (original[1] - lower[1], higher[1] - original[1]) == (20, 20)
    assert len([c for c in CASES if c.source.section == "V2"]) == 3 * 4 * 2


def test_C4_pack_is_720_by_the_texts_own_count():
    assert sum(n for n, _ in C4_COUNTS.values()) == 48
    assert sum(n * p for n, p in C4_COUNTS.values()) == 720
    case = BY_ID["C4.360"]
    assert isinstance(case, GameCase) and case.trick_total == 720 and case.battles % 2 == 0


def test_V3_rank_plus_suit_gives_the_printed_rows_and_696():
    v3 = v3_card_points()
    for suit, row in V3_ROWS.items():
        assert tuple(v3[rank + suit] for rank in "DAKQJTN") == row
    assert sum(v3[str(c)] for c in PACK) == 696
    assert v3["D♣"] == 28 and v3["N♦"] == 1
    assert sum(V3_SUIT_PART.values()) == 6 and V3_RANK_PART["N"] == 1


def test_V4_quartets_are_R9A_quartets_with_ranks_inverted():
    r9a = {symbol: (single, double) for _, symbol, single, double in R9A_TABLE}
    for _, _symbol, single, double, inverse in V4_QUARTETS:
        assert r9a[inverse] == (single, double)
    v4 = [c for c in CASES if c.source.section == "V4"]
    assert len(v4) == 5 and all(isinstance(c, TableCase) for c in v4)


def test_case_ids_are_unique_and_sources_named():
    assert len(BY_ID) == len(CASES) == 187
    for case in CASES:
        assert case.source.section and case.source.row and case.source.text and case.rules
