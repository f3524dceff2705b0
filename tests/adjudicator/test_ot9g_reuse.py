"""Reuse between melds (spec §4.4): classes are independent (OT9F); within a class a card goes
into a later meld only if that meld is worth more than each earlier one of the class it was in
(OT9G); ``DoubleAfterSingle "forbidden"`` makes a double reuse no card of its class (§9 A9);
there is no East Point R9F (the same combination again with fresh cards scores again). With
identical copies in the exposed hand the record cannot say which copy a trick or a meld took:
a meld legal in one reading is accepted, one illegal in every reading is reported (A10)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.rulesets.old_time import old_time

from tests.adjudicator.otkit import (
    E, W, card, count, east_wins, edit_line, evenings, full_deal, kind, meld_rules, record,
    state, validate,
)

FORBIDDEN = old_time(double_after_single="forbidden")
EVENING_1, _ = evenings()


def turns(hand: str, melds: list[tuple[str, int] | tuple[str, int, str]], upcard: str = "A♠",
          ruleset=None, west: str = "") -> list[list[str]]:
    """East holds ``hand`` (plus his leading aces of clubs) and wins one trick per meld, each
    on its own turn; the rules each meld cites. Spades are trumps unless ``upcard`` says."""
    kwargs = {} if ruleset is None else {"ruleset": ruleset}
    s = state(hand + " A♣" * len(melds), "N♣ " * len(melds) + west, upcard=upcard, **kwargs)
    found = []
    for meld in melds:
        east_wins(s, "A♣", "N♣")
        found.append(meld_rules(s, *meld))
    return found


# --- OT9G: the table of spec §4.4 --------------------------------------------------------------

def test_OT9G_royal_marriage_then_sequence_is_legal():
    assert turns("K♠ Q♠ A♠ T♠ J♠", [("♠M", 40), ("♠F", 150)]) == [[], []]


def test_OT9G_sequence_then_royal_marriage_is_illegal():
    [first, second] = turns("K♠ Q♠ A♠ T♠ J♠", [("♠F", 150), ("♠M", 40)])
    assert (first, second) == ([], ["OT9G"])


def test_OT9G_sequence_then_royal_marriage_says_why():
    s = state("K♠ Q♠ A♠ T♠ J♠ A♣ A♣", "N♣ N♣")
    east_wins(s)
    s.meld(E, kind("♠F"), 150)
    east_wins(s)
    [f] = s.verify_meld(E, kind("♠M"), 40)
    assert (f.rule, f.kind) == ("OT9G", Kind.ILLEGAL_MELD)
    assert "already in a class-A meld worth 150" in f.message
    s.meld(E, kind("♠M"), 40)
    assert s.meld_points(E) == 150                       # the marriage scores nothing


def test_OT9G_common_marriage_then_the_same_king_with_the_other_queen_is_illegal():
    assert turns("K♥ Q♥ Q♥", [("♥M", 20), ("♥M", 20)]) == [[], ["OT9G"]]


def test_OT9G_royal_marriage_then_double_royal_marriage_is_legal():
    assert turns("K♠ Q♠ K♠ Q♠", [("♠M", 40), ("♠♠M", 80)]) == [[], []]


def test_OT9G_four_kings_then_four_kings_with_one_fresh_king_is_illegal():
    assert turns("K♣ K♠ K♥ K♦ K♦", [("K4", 80), ("K4", 80)]) == [[], ["OT9G"]]


def test_OT9G_four_kings_then_double_kings_is_legal():
    assert turns("K♣ K♠ K♥ K♦ K♣ K♠ K♥ K♦", [("K4", 80), ("KK4", 160)]) == [[], []]


def test_OT9G_pinochle_then_double_pinochle_is_legal():
    assert turns("Q♠ J♦ Q♠ J♦", [("P", 40), ("PP", 300)]) == [[], []]


def test_OT9G_each_earlier_meld_of_the_class_counts():
    """K♠ Q♠ went into a marriage (40), then a sequence (150): a double marriage (80) beats
    the first but not the second."""
    found = turns("K♠ Q♠ A♠ T♠ J♠ K♠ Q♠", [("♠M", 40), ("♠F", 150), ("♠♠M", 80)])
    assert found == [[], [], ["OT9G"]]


def test_OT9G_no_R9F_the_same_combination_again_with_fresh_cards_scores_again():
    s = state("K♠ Q♠ K♠ Q♠ A♣ A♣", "N♣ N♣")
    east_wins(s)
    assert meld_rules(s, "♠M", 40) == []
    east_wins(s)
    assert meld_rules(s, "♠M", 40, named="K♠ Q♠") == []
    assert s.meld_points(E) == 80 and s.findings == []


def test_OT9G_the_same_combination_again_reusing_a_card_is_not():
    assert turns("K♠ Q♠ Q♠", [("♠M", 40), ("♠M", 40)]) == [[], ["OT9G"]]


def test_OT9G_four_kings_again_in_a_record():
    """Evening trick 11: East, whose four kings were melded at trick 9, melds them again."""
    battle = edit_line(EVENING_1, "11. ", "11. N♣ T♣ E K4 80")
    found = [f for f in validate(record(battle)).findings if f.trick == 11]
    assert [f.rule for f in found] == ["OT9G"]


# --- DoubleAfterSingle "forbidden" -----------------------------------------------------------

@pytest.mark.parametrize("hand, first, double", [
    ("K♠ Q♠ K♠ Q♠", ("♠M", 40), ("♠♠M", 80)),
    ("K♣ K♠ K♥ K♦ K♣ K♠ K♥ K♦", ("K4", 80), ("KK4", 160)),
    ("Q♠ J♦ Q♠ J♦", ("P", 40), ("PP", 300)),
])
def test_OT9G_DoubleAfterSingle_forbidden_makes_the_double_after_its_single_illegal(
        hand, first, double):
    assert turns(hand, [first, double]) == [[], []]
    assert turns(hand, [first, double], ruleset=FORBIDDEN) == [[], ["OT9G"]]


def test_OT9G_DoubleAfterSingle_forbidden_a_double_melded_at_once_is_legal():
    assert turns("Q♠ J♦ Q♠ J♦", [("PP", 300)], ruleset=FORBIDDEN) == [[]]
    assert turns("K♣ K♠ K♥ K♦ K♣ K♠ K♥ K♦", [("KK4", 160)], ruleset=FORBIDDEN) == [[]]


def test_OT9G_DoubleAfterSingle_forbidden_says_so():
    s = state("Q♠ J♦ Q♠ J♦ A♣ A♣", "N♣ N♣", ruleset=FORBIDDEN)
    east_wins(s)
    s.meld(E, kind("P"), 40)
    east_wins(s)
    [f] = s.verify_meld(E, kind("PP"), 300)
    assert 'DoubleAfterSingle "forbidden"' in f.message


def test_OT9F_DoubleAfterSingle_forbidden_leaves_the_other_classes_free():
    """Four kings (class B) expose K♠; a double royal marriage (class A) may use it."""
    found = turns("K♣ K♠ K♥ K♦ K♠ Q♠ Q♠", [("K4", 80), ("♠♠M", 80)], ruleset=FORBIDDEN)
    assert found == [[], []]


def test_OT9G_DoubleAfterSingle_tag_in_a_record():
    battle = edit_line(EVENING_1, "11. ", "11. N♣ T♣ E")
    assert validate(record(battle, DoubleAfterSingle="forbidden")).ruleset == {
        "Ruleset": "old-time", "TrickScoring": "11-10-4-3-2", "PhaseB": "must-win",
        "GameEnd": "target", "Target": "1000", "DoubleAfterSingle": "forbidden",
        "Laws": "none"}


# --- OT9F: classes are independent ---------------------------------------------------------

@pytest.mark.parametrize("hand, melds, upcard", [
    ("K♠ Q♠ J♦", [("♠M", 20), ("P", 40)], "A♥"),                         # A -> C, Q♠
    ("Q♣ Q♠ Q♥ Q♦ J♦", [("Q4", 60), ("P", 40)], "A♥"),                   # B -> C, Q♠
    ("A♠ T♠ K♠ Q♠ J♠ K♣ K♥ K♦", [("♠F", 150), ("K4", 80)], "A♠"),        # A -> B, K♠
    ("Q♠ J♦ J♣ J♠ J♥", [("P", 40), ("J4", 40)], "A♥"),                   # C -> B, J♦
])
def test_OT9F_use_in_one_class_does_not_affect_the_others(hand, melds, upcard):
    assert turns(hand, melds, upcard=upcard) == [[] for _ in melds]


def test_OT9F_a_card_in_all_three_classes():
    """The evening's battle 2: Q♠ in a royal marriage (A), a pinochle (C), four queens (B)."""
    found = turns("K♠ Q♠ J♦ Q♣ Q♥ Q♦", [("♠M", 40), ("P", 40), ("Q4", 60)])
    assert found == [[], [], []]


# --- A10: identical copies, incomparable histories -------------------------------------------

def incomparable() -> object:
    """Spades trump. East melds four kings (K♠ into class B, 80), then a royal marriage naming
    the other K♠ from the concealed hand (class A, 40): two exposed K♠, neither history at
    least the other's. Then he leads a K♠ and wins: which one the record cannot say."""
    s = state("K♠ K♠ Q♠ Q♠ K♣ K♥ K♦ K♣ K♥ K♦ A♣ A♣ A♣ A♣ A♣", "N♣ N♣ N♣ N♣ N♣ J♠",
              upcard="A♠")
    east_wins(s)
    assert meld_rules(s, "K4", 80) == []
    east_wins(s)
    assert meld_rules(s, "♠M", 40, named="K♠ Q♠") == []
    assert count(s.exposed(E), "K♠") == 2
    s.finish_turn()
    s.play(E, card("K♠"))
    s.play(W, card("J♠"))
    assert s.last_winner is E and count(s.exposed(E), "K♠") == 1
    return s


def test_OT9G_copy_ambiguity_a_meld_legal_in_one_reading_is_accepted():
    """If the K♠ of the marriage was played, the one left was in four kings (class B): a
    royal marriage may reuse it. The record cannot say otherwise, so it is legal."""
    s = incomparable()
    assert meld_rules(s, "♠M", 40) == []
    assert s.findings == []


def test_OT9G_copy_ambiguity_the_other_reading_is_accepted_too():
    """If the K♠ of four kings was played, the one left was in the marriage only: four kings
    with fresh K♣ K♥ K♦ may reuse it."""
    s = incomparable()
    assert meld_rules(s, "K4", 80) == []
    assert s.findings == []


def test_OT9G_copy_ambiguity_a_meld_illegal_in_every_reading_is_reported():
    """After the marriage above only the reading in which the K♠ left was in four kings
    remains; four kings again would reuse it at the same value."""
    s = incomparable()
    assert meld_rules(s, "♠M", 40) == []
    east_wins(s)
    found = meld_rules(s, "K4", 80)
    assert found == ["OT9G"]
    assert "K♠" in s.findings[-1].message or "K♣" in s.findings[-1].message


def test_OT9G_copy_ambiguity_both_readings_fail_a_lower_meld():
    s = incomparable()
    assert meld_rules(s, "♠M", 40) == []
    east_wins(s)
    assert meld_rules(s, "♠M", 40) == ["OT9G"]           # both K♠ readings are used up


def test_OT9G_a_dominated_copy_is_the_one_left_in_hand():
    """Both K♠ exposed, one in a marriage and four kings, the other in a marriage only: the
    more used one is played, so four kings with fresh kings may still reuse the other."""
    s = state("K♠ K♠ Q♠ Q♠ K♣ K♥ K♦ K♣ K♥ K♦ A♣ A♣ A♣ A♣ A♣", "N♣ N♣ N♣ N♣ N♣ J♠",
              upcard="A♠")
    east_wins(s)
    assert meld_rules(s, "♠M", 40) == []
    east_wins(s)
    assert meld_rules(s, "K4", 80) == []                  # reuses the marriage's K♠
    east_wins(s)
    assert meld_rules(s, "♠M", 40, named="K♠ Q♠") == []
    s.finish_turn()
    s.play(E, card("K♠"))
    s.play(W, card("J♠"))
    assert meld_rules(s, "K4", 80) == []
    assert s.findings == []


A10_EAST = "K♠ K♠ Q♠ Q♠ K♥ K♥ K♣ K♣ K♦ K♦ A♥ T♥"
A10_WEST = "N♥ N♥ N♣ N♦"


def a10_record(trick3: str, *more: str) -> str:
    """A whole deal (spades trump) with the incomparable K♠ of ``incomparable`` in a record:
    East melds four kings at trick 1, a royal marriage naming K♠ Q♠ at trick 2, and leads an
    exposed K♠ to trick 3."""
    deal = full_deal(A10_EAST, A10_WEST, stock="A♦ J♣ A♣ J♣ Q♦ J♦", upcard="A♠")
    lines = ["battle 1 dealer W", *deal,
             "1. A♥ N♥ E K4 80",
             "2. T♥ N♥ E ♠M 40 (K♠ Q♠)",
             f"3. K♠ N♣ E {trick3}".rstrip(), *more]
    return record("\n".join(lines))


@pytest.mark.parametrize("meld", ["♠M 40", "K4 80"])
def test_OT9G_copy_ambiguity_in_a_record_either_reading_is_accepted(meld):
    report = validate(a10_record(meld))
    assert report.findings == []
    assert report.battles[0].east.melds == 120 + int(meld.split()[1])


def test_OT9G_copy_ambiguity_in_a_record_illegal_in_every_reading():
    report = validate(a10_record("♠M 40", "4. A♦ N♦ E K4 80"))
    [f] = report.findings
    assert (f.rule, f.trick) == ("OT9G", 4)
    assert report.battles[0].east.melds == 160
