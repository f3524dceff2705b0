"""The 25-steps meld table (TP14, TP15; spec §4.1): nine melds and the dix in each trump suit,
no doubles but double pinochle (T4), double pinochle 80 or 300 (TPV2, ``DoublePinochle``), the
values in tens (TPV5, ``Scale "tens"``); and when melds are made (TP13, TP22)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.rules.meldtables import meld_table
from pinochle.adjudicator.rulesets.twenty_five import twenty_five

from tests.adjudicator.otkit import E, W, card, kind
from tests.adjudicator.tpkit import TP, east_wins, state, turns

SUITS = "♣♠♥♦"


def rows(t: str) -> list[tuple[str, str, int]]:
    """Spec §4.1 with ``t`` as trumps: (kind, cards, points)."""
    s = [x for x in SUITS if x != t][2]
    four = {r: " ".join(r + x for x in SUITS) for r in "AKQJ"}
    return [
        (f"{t}F", " ".join(r + t for r in "ATKQJ"), 150), (f"{t}M", f"K{t} Q{t}", 40),
        (f"{s}M", f"K{s} Q{s}", 20), ("P", "Q♠ J♦", 40), ("PP", "Q♠ J♦ Q♠ J♦", 80),
        ("A4", four["A"], 100), ("K4", four["K"], 80), ("Q4", four["Q"], 60),
        ("J4", four["J"], 40), ("dix", f"N{t}", 10),
    ]


@pytest.mark.parametrize("t", SUITS)
def test_TP14_each_meld_at_its_value_in_each_trump(t):
    table = meld_table(TP, card("A" + t).suit).needs
    for text, needs, points in rows(t):
        need = table[kind(text)]
        assert need.points == points, text
        assert sorted(need.cards) == sorted(card(c) for c in needs.split()), text


@pytest.mark.parametrize("double", ["AA4", "KK4", "♠♠F", "♠♠M", "♥♥M"])
def test_TP14_no_double_but_double_pinochle(double):
    assert kind(double) not in meld_table(TP, card("A♠").suit).needs


def test_TP14_a_sequence_in_a_plain_suit_is_not_a_meld():
    [[rule]] = turns("A♥ T♥ K♥ Q♥ J♥", [("♥F", 150)], upcard="A♠")
    assert rule == "TP14"


def test_TP14_a_meld_at_a_wrong_value_is_a_miscount():
    [[rule]] = turns("K♣ K♠ K♥ K♦", [("K4", 100)])
    assert rule == "TP14"


def test_TPV2_double_pinochle_300():
    assert turns("Q♠ J♦ Q♠ J♦", [("PP", 300)], ruleset=twenty_five(double_pinochle="300")) \
        == [[]]
    assert turns("Q♠ J♦ Q♠ J♦", [("PP", 80)], ruleset=twenty_five(double_pinochle="300")) \
        == [["TP14"]]


def test_TPV5_melds_in_tens():
    tens = twenty_five(scale="tens", trick_scoring="10-10-10")
    table = meld_table(tens, card("A♠").suit).needs
    values = {text: table[kind(text)].points for text in
              ("♠F", "♠M", "♥M", "P", "A4", "K4", "Q4", "J4", "dix")}
    assert values == {"♠F": 15, "♠M": 4, "♥M": 2, "P": 4, "A4": 10, "K4": 8, "Q4": 6,
                      "J4": 4, "dix": 1}


def test_TP13_only_the_trick_winner_melds():
    s = state("A♣ K♥ Q♥", "N♣ K♠ Q♠", upcard="N♦")
    east_wins(s)
    [f] = s.verify_meld(W, kind("♠M"), 20)
    assert f.rule == "TP13"


def test_TP13_one_meld_per_trick_but_a_dix_beside_it():
    s = state("A♣ K♥ Q♥ K♠ Q♠ N♦", "N♣", upcard="A♦")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    assert [f.rule for f in s.verify_meld(E, kind("dix"), 10)] == []        # TP15
    [f] = s.verify_meld(E, kind("♠M"), 20)
    assert f.rule == "TP13"


def test_TP15_the_dix_exchanged_for_the_upcard():
    s = state("A♣ N♦", "N♣", upcard="A♦")
    east_wins(s)
    assert s.verify_meld(E, kind("swap"), 10) == []
    s.meld(E, kind("swap"), 10)
    assert s.meld_points(E) == 10 and card("A♦") in s.hand(E)


def test_TP8_a_turned_up_nine_scores_the_dealer_ten():
    s = state("A♣", "N♣", upcard="N♦")
    assert (s.meld_points(W), s.meld_points(E)) == (10, 0)


GRAND = twenty_five(grand_pinochle="80")


def test_TPV2_grand_pinochle_is_not_a_meld_by_default():
    assert turns("K♠ Q♠ J♦", [("GP", 80)]) == [["TP14"]]


def test_TPV2_grand_pinochle_80_from_the_hand():
    assert turns("K♠ Q♠ J♦", [("GP", 80)], ruleset=GRAND) == [[]]


def test_TPV2_grand_pinochle_is_a_marriage_type_above_a_pinochle():
    # T17: a pinochle's Q♠ J♦ go into a grand pinochle with the K♠ from the hand
    assert turns("Q♠ J♦ K♠", [("P", 40), ("GP", 80)], ruleset=GRAND) == [[], []]


def test_TPV2_grand_pinochle_after_a_marriage_of_its_king_and_queen_is_the_same_type():
    assert turns("K♠ Q♠ J♦", [("♠M", 40), ("GP", 80)], ruleset=GRAND) == [[], ["TP19a1"]]
