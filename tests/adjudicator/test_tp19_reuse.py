"""Reuse between melds in 25-steps Pinochle (TP19, spec §4.3): a card of an earlier meld goes
only into a meld of a different (TP19a1), higher-ranked type (TP19a2: sequence > marriage >
pinochle > set of four, TP14), together with a card from the hand (TP19a3). The rule cited is
the consequence TP19b1-TP19b4 that names the case. Contrasts with old-time (OT9F/OT9G):
marriage -> pinochle and sequence -> four kings are legal there and not here."""

from __future__ import annotations

from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.rulesets.old_time import old_time

from tests.adjudicator.otkit import E, kind
from tests.adjudicator.tpkit import east_wins, state, turns


# --- TP19a2: into a higher-ranked type, legal ------------------------------------------------

def test_TP19a2_four_queens_then_pinochle_reusing_the_queen_of_spades_is_legal():
    # the rulebook's example (spec §10.1 #2): 60 + 40, the J♦ from the hand
    assert turns("Q♣ Q♠ Q♥ Q♦ J♦", [("Q4", 60), ("P", 40)]) == [[], []]


def test_TP19a2_four_kings_then_a_marriage_reusing_its_king_is_legal():
    assert turns("K♣ K♠ K♥ K♦ Q♥", [("K4", 80), ("♥M", 20)]) == [[], []]


def test_TP19a2_pinochle_then_marriage_reusing_its_queen_is_legal():
    assert turns("Q♠ J♦ K♠", [("P", 40), ("♠M", 40)]) == [[], []]


def test_TP19a2_royal_marriage_then_sequence_is_legal():
    assert turns("K♠ Q♠ A♠ T♠ J♠", [("♠M", 40), ("♠F", 150)]) == [[], []]


def test_TP19a2_four_kings_then_pinochle_then_marriage_climbs_the_ranks():
    melds = [("Q4", 60), ("P", 40), ("♠M", 40)]
    assert turns("Q♣ Q♠ Q♥ Q♦ J♦ K♠", melds) == [[], [], []]


# --- TP19b2-TP19b4: the consequences the text spells out -------------------------------------

def test_TP19b2_marriage_then_pinochle_with_its_queen_is_illegal():
    # spec §10.1 #3: spades are not trumps (hearts are)
    found = turns("K♠ Q♠ J♦", [("♠M", 20), ("P", 40)], upcard="A♥")
    assert found == [[], ["TP19b2"]]


def test_TP19b2_old_time_allows_marriage_then_pinochle():
    found = turns("K♠ Q♠ J♦", [("♠M", 20), ("P", 40)], upcard="A♥", ruleset=old_time())
    assert found == [[], []]


def test_TP19b3_pinochle_then_four_queens_with_its_queen_is_illegal():
    assert turns("Q♠ J♦ Q♣ Q♥ Q♦", [("P", 40), ("Q4", 60)]) == [[], ["TP19b3"]]


def test_TP19b3_marriage_then_four_kings_with_its_king_is_illegal():
    assert turns("K♥ Q♥ K♣ K♠ K♦", [("♥M", 20), ("K4", 80)]) == [[], ["TP19b3"]]


def test_TP19b4_sequence_then_four_kings_with_its_king_is_illegal():
    found = turns("A♠ T♠ K♠ Q♠ J♠ K♣ K♥ K♦", [("♠F", 150), ("K4", 80)])
    assert found == [[], ["TP19b4"]]


def test_TP19b4_old_time_allows_sequence_then_four_kings():
    found = turns("A♠ T♠ K♠ Q♠ J♠ K♣ K♥ K♦", [("♠F", 150), ("K4", 80)],
                  ruleset=old_time())
    assert found == [[], []]


def test_TP19b4_sequence_then_royal_marriage_is_illegal():
    found = turns("A♠ T♠ K♠ Q♠ J♠", [("♠F", 150), ("♠M", 40)])
    assert found == [[], ["TP19b4"]]


# --- TP19a1: never the same type ---------------------------------------------------------------

def test_TP19a1_marriage_then_marriage_with_the_same_king_is_illegal():
    assert turns("K♥ Q♥ Q♥", [("♥M", 20), ("♥M", 20)], upcard="A♠") == [[], ["TP19a1"]]


def test_TP19a1_pinochle_then_double_pinochle_is_illegal():
    assert turns("Q♠ J♦ Q♠ J♦", [("P", 40), ("PP", 80)]) == [[], ["TP19a1"]]


def test_TP19a1_a_second_marriage_of_fresh_cards_is_legal():
    # no per-combination rule (East Point R9F): the other K and Q of trumps score again
    assert turns("K♠ Q♠ K♠ Q♠", [("♠M", 40), ("♠M", 40)]) == [[], []]


def test_TP19a1_the_message_names_both_types_and_the_ranking():
    s = state("K♥ Q♥ Q♥ A♣ A♣", "N♣ N♣", upcard="A♠")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    east_wins(s)
    [f] = s.verify_meld(E, kind("♥M"), 20)
    assert (f.rule, f.kind) == ("TP19a1", Kind.ILLEGAL_MELD)
    assert "already in a marriage" in f.message
    assert "sequence > marriage > pinochle > set of four" in f.message
    s.meld(E, kind("♥M"), 20)
    assert s.meld_points(E) == 20                        # the illegal meld scores nothing


# --- TP19b1: a card lost to a trick is not replaced --------------------------------------------

def test_TP19b1_four_aces_again_after_an_ace_went_to_a_trick_is_illegal():
    # spec §10.1 #6: four aces (100); A♠ played; the other A♠ from the hand with the three
    # exposed aces
    s = state("A♣ A♠ A♥ A♦ A♠ K♣ K♣", "N♣ N♣ N♠", upcard="N♥")
    east_wins(s, "K♣", "N♣")
    s.meld(E, kind("A4"), 100)
    east_wins(s, "A♠", "N♠")                               # an exposed A♠ goes to the trick
    [f] = s.verify_meld(E, kind("A4"), 100)
    assert f.rule == "TP19b1" and "cannot replace it" in f.message


def test_TP19b1_four_aces_of_eight_fresh_aces_twice_is_legal():
    hand = "A♣ A♠ A♥ A♦ A♣ A♠ A♥ A♦"
    assert turns(hand, [("A4", 100), ("A4", 100)], upcard="N♥") == [[], []]


# --- TP19a3: a card from the hand ----------------------------------------------------------------

def test_TP19a3_a_meld_of_exposed_cards_only_is_illegal():
    # four kings, four queens, then a marriage of the exposed K♥ Q♥: higher-ranked, but no card
    # from the hand
    s = state("K♣ K♠ K♥ K♦ Q♣ Q♠ Q♥ Q♦ A♣ A♣ A♣", "N♣ N♣ N♣", upcard="N♠")
    east_wins(s)
    s.meld(E, kind("K4"), 80)
    east_wins(s)
    s.meld(E, kind("Q4"), 60)
    east_wins(s)
    [f] = s.verify_meld(E, kind("♥M"), 20)
    assert f.rule == "TP19a3"
