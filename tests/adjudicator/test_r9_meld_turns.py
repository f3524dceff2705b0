"""Whose turn it is to meld (R8D, R9E, R11D) and what a meld claims (R9A points), on BattleState;
the card rules (R9B1, R9C, R9F, R9G) come from melding.judge_meld, given the cards each player
has played to tricks (R9D, R9G)."""

from __future__ import annotations

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.rulesets.east_point import EAST_POINT, east_point

from tests.adjudicator.replaykit import E, W, card, cards, kind

EAST_HAND = "K♠ A♣ T♣ A♥ T♥ K♥ Q♥ J♥"
WEST_HAND = "N♦ N♥ N♠ N♣ Q♦ J♦ T♦ A♦"


def won_by_east(stock: str = "J♠ J♣ Q♣ Q♠", ruleset=EAST_POINT) -> BattleState:
    """West deals; East leads K♠, West follows N♦: East wins trick 1 (R8C4)."""
    s = BattleState(ruleset, W, cards(EAST_HAND), cards(WEST_HAND), cards(stock))
    assert s.melding_seat is None
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    return s


def test_R8D_the_trick_winner_melds_and_the_cards_move_to_the_exposed_hand():
    s = won_by_east()
    assert s.melding_seat is E
    assert s.can_meld(E, kind("♣2"), 81)
    step = s.meld(E, kind("♣2"), 81)
    assert step.legal and step.takes == cards("A♣ T♣")
    assert s.exposed(E)[card("A♣").index] == 1 and s.concealed(E)[card("A♣").index] == 0
    assert s.meld_points(E) == 81 and kind("♣2") in s.scored(E)
    s.close()
    assert not s.findings


def test_R8D_the_trick_loser_does_not_get_to_meld():
    s = won_by_east()
    [f] = s.verify_meld(W, kind("♦2"), 51)
    assert f.rule == "R8D" and "lost trick 1" in f.message
    assert s.legal_melds(W) == []


def test_R8D_no_meld_before_the_first_trick():
    s = BattleState(EAST_POINT, W, cards(EAST_HAND), cards(WEST_HAND), ())
    [f] = s.verify_meld(E, kind("♣2"), 81)
    assert f.rule == "R8D" and "won no trick" in f.message


def test_R8D_no_meld_while_a_trick_is_in_progress_or_after_the_draws():
    s = won_by_east()
    s.finish_turn()
    [f] = s.verify_meld(E, kind("♣2"), 81)
    assert f.rule == "R8D" and "draws were made" in f.message
    s.play(E, card("A♣"))
    [f] = s.verify_meld(E, kind("♥2"), 61)
    assert f.rule == "R8D" and "in progress" in f.message


def test_R9E_one_meld_per_turn():
    s = won_by_east()
    s.meld(E, kind("♣2"), 81)
    assert s.melding_seat is None
    problems = s.verify_meld(E, kind("♥2"), 61)
    assert [f.rule for f in problems] == ["R9E"]
    assert s.legal_melds(E) == []


def test_R9E_a_double_meld_counts_as_one():
    s = BattleState(EAST_POINT, W, cards("K♠ A♣ T♣ A♣ T♣"), cards("N♦"), ())
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    assert s.can_meld(E, kind("♣♣2"), 162)
    s.meld(E, kind("♣♣2"), 162)
    s.close()
    assert not s.findings and s.meld_points(E) == 162


def test_R9E_a_second_meld_in_a_turn_stands_without_objection():
    s = won_by_east()
    s.meld(E, kind("♣2"), 81)
    s.meld(E, kind("♥2"), 61)
    s.close()
    [f] = s.findings
    assert f.rule == "R9E" and "illegal, stands: no objection in time (R11B)" in f.message
    assert s.meld_points(E) == 142


def test_R9A_wrong_points_are_a_miscount_with_claimed_and_expected():
    s = won_by_east()
    [f] = s.verify_meld(E, kind("♣2"), 80)
    assert (f.rule, f.kind, f.claimed, f.expected) == ("R9A", Kind.MISCOUNT, 80, 81)


def test_R9A_melds_are_scored_from_the_rulesets_table_V2():
    s = won_by_east(ruleset=east_point(meld_scoring="higher"))
    assert s.can_meld(E, kind("♣2"), 91)
    assert s.verify_meld(E, kind("♣2"), 81)[0].expected == 91


def test_V1C_beginner_game_has_no_melds():
    beginner = east_point(pack="beginner")
    s = BattleState(beginner, W, cards("K♠ A♣ T♣"), cards("N♦ N♥ N♣"), ())
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    assert s.legal_melds(E) == []
    [f] = s.verify_meld(E, kind("♣2"), 81)
    assert f.rule == "V1C"


def test_R9F_a_combination_scores_once_per_battle_via_judge_meld():
    s = BattleState(EAST_POINT, W, cards("K♠ Q♠ A♣ T♣ A♣ T♣"), cards("N♦ N♥ J♦"),
                    cards("J♠ J♣"))
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    s.meld(E, kind("♣2"), 81)
    s.finish_turn()
    s.play(E, card("Q♠"))
    s.play(W, card("N♥"))
    assert s.melding_seat is E
    [f] = s.verify_meld(E, kind("♣2"), 81)
    assert f.rule == "R9F"
    assert s.can_meld(E, kind("♣♣2"), 162)             # M1.2: the double is another combination


def test_R9C_a_meld_of_exposed_cards_only_is_illegal():
    s = BattleState(EAST_POINT, W, cards("K♠ Q♠ A♣ T♣"), cards("N♦ N♥"), cards("J♠ J♣"))
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    s.expose(E, cards("A♣ T♣"))                         # M7: exposed without a meld
    s.finish_turn()
    s.play(E, card("Q♠"))
    s.play(W, card("N♥"))
    [f] = s.verify_meld(E, kind("♣2"), 81)
    assert f.rule == "R9C"


def test_R9B1_a_meld_needs_its_cards_in_hand():
    s = won_by_east()
    [f] = s.verify_meld(E, kind("♠2"), 71)
    assert f.rule == "R9B1"


def test_R9D_the_card_that_won_the_trick_cannot_be_melded():
    s = BattleState(EAST_POINT, W, cards("K♠ Q♠ J♠ A♣"), cards("N♦ N♥ T♦ A♦"), cards("J♣ Q♣"))
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))                               # East wins with the K♠ (R8C4)
    assert s.played_to_tricks(E)[card("K♠").index] == 1
    assert s.won_with(E)[card("K♠").index] == 1
    s.meld(E, kind("♠3"), 111)                          # needs the K♠ that won the trick
    s.laws.melds.object_meld(W)
    [f] = s.findings
    assert f.rule == "R9G" and f.kind is Kind.ILLEGAL_MELD
    assert "K♠ won its trick" in f.message and "(R9D)" in f.message


def test_R9G_a_card_lost_to_a_trick_cannot_be_melded():
    s = BattleState(EAST_POINT, W, cards("K♠ A♣ T♣ Q♠"), cards("D♣ N♦ J♠ T♦"), cards("J♣ Q♣"))
    s.play(E, card("A♣"))                               # East leads the A♣ ...
    s.play(W, card("N♦"))                               # ... and wins (R8C4)
    s.finish_turn()
    s.play(E, card("T♣"))
    s.play(W, card("D♣"))                               # West wins (R8C1): East's T♣ lost
    assert s.last_winner is W and s.won_with(E)[card("T♣").index] == 0
    [f] = s.verify_meld(W, kind("♣2"), 81)              # West never had the clubs: R9B1
    assert f.rule == "R9B1"
    s.finish_turn()
    s.play(W, card("J♠"))
    s.play(E, card("K♠"))                               # East wins (R8C1)
    s.meld(E, kind("♣2"), 81)                           # A♣ and T♣ both went to tricks
    s.close()
    [f] = s.findings
    assert f.rule == "R9G" and "A♣, T♣ went to a trick" in f.message
    assert "A♣ won its trick" in f.message             # R9D for the A♣, which won trick 1


def test_R9B1_a_card_never_held_is_cited_as_R9B1_not_R9G():
    s = won_by_east()
    [f] = s.verify_meld(E, kind("♠2"), 71)              # no A♠ or T♠ ever
    assert f.rule == "R9B1" and "R9G" not in f.message


def test_R9D_the_identical_copy_keeps_its_eligibility_in_a_battle():
    s = BattleState(EAST_POINT, W, cards("K♠ K♠ Q♠ J♠"), cards("N♦ N♥"), cards("J♣ Q♣"))
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))                               # the first K♠ wins (R8C4)
    assert s.can_meld(E, kind("♠3"), 111)               # the other K♠ is still concealed
