"""The dix (OT9I, list lost; spec §4.5) and the exchange (OT7C1): a phase-A trick's winner melds
the nine of trumps, laid (``dix``, OT9I3) or exchanged for the upcard (``swap``, OT9I2), for 10,
alone or beside another meld (OT9I1, OT9E); the exchange only while the upcard lies under the
stock; against a nine upcard a swap is a dix; the upcard taken is a concealed card of the hand,
usable in the same turn (A14); the loser of trick 12 draws the upcard or the nine and scores
nothing for it, the turned-up nine having scored the dealer 10 at the deal (OT9I4, OT6B)."""

from __future__ import annotations

from pinochle.adjudicator.model.findings import Kind, Severity

from tests.adjudicator.otkit import (
    E, W, card, count, east_wins, evenings, full_deal, kind, meld_rules, record, state,
    validate,
)

EVENING_1, EVENING_2 = evenings()


# --- OT9I1, OT9I3: the dix laid -------------------------------------------------------------

def test_OT9I3_a_dix_lays_the_nine_of_trumps_for_10():
    s = state("A♣ N♥", "N♣", upcard="K♥")
    east_wins(s)
    assert meld_rules(s, "dix", 10) == []
    assert s.meld_points(E) == 10
    assert count(s.exposed(E), "N♥") == 1 and count(s.concealed(E), "N♥") == 0
    assert s.stock()[-1] == card("K♥")                    # the upcard stays under the stock


def test_OT9I1_a_dix_is_the_nine_of_trumps_only():
    s = state("A♣ N♠", "N♣", upcard="K♥")
    east_wins(s)
    [f] = s.verify_meld(E, kind("dix"), 10)
    assert f.rule == "OT9B1" and "N♥" in f.message


def test_OT9I1_only_the_winner_of_a_phase_A_trick_melds_a_dix():
    s = state("A♣", "N♣ N♥", upcard="K♥")
    east_wins(s)
    assert meld_rules(s, "dix", 10, seat=W) == ["OT8D"]


def test_OT9I1_a_dix_in_phase_B_is_OT8D():
    s = state("A♣ A♣ N♥", "N♣ N♣", stock="J♦", upcard="K♥")
    east_wins(s)
    s.finish_turn()
    east_wins(s, "A♣", "N♣")
    assert meld_rules(s, "dix", 10) == ["OT8D"]


def test_OT9I1_the_nine_once_laid_is_not_a_dix_again():
    s = state("A♣ A♣ N♥", "N♣ N♣", upcard="K♥")
    east_wins(s)
    assert meld_rules(s, "dix", 10) == []
    east_wins(s, "A♣", "N♣")
    assert meld_rules(s, "dix", 10) != []


# --- OT9I2, OT7C1: the exchange ---------------------------------------------------------------

def test_OT7C1_OT9I2_a_swap_exchanges_the_nine_for_the_upcard():
    s = state("A♣ N♥", "N♣", upcard="K♥")
    east_wins(s)
    assert meld_rules(s, "swap", 10) == []
    assert s.meld_points(E) == 10
    assert count(s.concealed(E), "K♥") == 1               # into the concealed hand (A13)
    assert count(s.concealed(E), "N♥") == count(s.exposed(E), "N♥") == 0
    assert s.stock()[-1] == card("N♥")                    # the nine lies under the stock
    assert s.upcard == card("K♥") and s.trump is card("K♥").suit


def test_OT9I2_the_swap_is_offered_while_the_upcard_lies_under_the_stock():
    s = state("A♣ N♥ N♥", "N♣", upcard="K♥")
    east_wins(s)
    assert sorted(str(v.kind) for v in s.legal_melds(E)) == ["dix", "swap"]
    s.meld(E, kind("swap"), 10)
    assert [str(v.kind) for v in s.legal_melds(E)] == ["dix"]   # the other nine, laid


def test_OT9I2_a_swap_after_the_upcard_was_exchanged_is_OT9I():
    s = state("A♣ A♣ N♥", "N♣ J♥ N♥", upcard="K♥")
    s.play(E, card("A♣"))
    s.play(W, card("J♥"))                                # West trumps and wins
    assert meld_rules(s, "swap", 10, seat=W) == []
    s.finish_turn()
    s.play(W, card("N♣"))
    s.play(E, card("A♣"))
    [f] = s.verify_meld(E, kind("swap"), 10)
    assert (f.rule, f.kind) == ("OT9I", Kind.ILLEGAL_MELD)
    assert "already exchanged" in f.message


def test_OT9I3_after_the_exchange_the_other_nine_is_laid():
    s = state("A♣ A♣ N♥", "N♣ J♥ N♥", upcard="K♥")
    s.play(E, card("A♣"))
    s.play(W, card("J♥"))
    s.meld(W, kind("swap"), 10)
    s.finish_turn()
    s.play(W, card("N♣"))
    s.play(E, card("A♣"))
    assert meld_rules(s, "dix", 10) == []
    assert s.meld_points(E) == s.meld_points(W) == 10


def test_OT9I2_a_swap_without_the_nine_is_OT9B1():
    s = state("A♣", "N♣", upcard="K♥")
    east_wins(s)
    [f] = s.verify_meld(E, kind("swap"), 10)
    assert f.rule == "OT9B1"


def test_OT9I2_an_illegal_swap_exchanges_nothing():
    s = state("A♣", "N♣ N♥", upcard="K♥")
    east_wins(s)
    s.meld(W, kind("swap"), 10)                          # the loser: OT8D
    assert s.stock()[-1] == card("K♥") and count(s.concealed(W), "K♥") == 0
    assert s.meld_points(W) == 0


def test_OT9I2_swap_then_a_meld_using_the_swapped_in_card_in_the_same_turn():
    """A14: the exchange comes first, then the upcard is a card of the hand: K♥ taken for the
    nine makes a royal marriage with the Q♥ held."""
    s = state("A♣ N♥ Q♥", "N♣", upcard="K♥")
    east_wins(s)
    assert meld_rules(s, "swap", 10) == []
    assert meld_rules(s, "♥M", 40) == []
    assert s.meld_points(E) == 50 and s.findings == []
    assert count(s.exposed(E), "K♥") == 1


def test_OT9I2_a_meld_needing_the_upcard_before_the_swap_is_OT9B1():
    s = state("A♣ N♥ Q♥", "N♣", upcard="K♥")
    east_wins(s)
    assert meld_rules(s, "♥M", 40) == ["OT9B1"]


def test_OT9I2_swap_then_royal_marriage_in_a_record():
    deal = full_deal("A♣ N♥ Q♥", "N♣", upcard="K♥")
    text = record("\n".join(["battle 1 dealer W", *deal, "1. A♣ N♣ E swap 10 ♥M 40"]))
    report = validate(text)
    assert report.findings == [] and report.battles[0].east.melds == 50


# --- against a nine upcard: a swap is a dix -------------------------------------------------

def test_OT9I3_a_swap_against_a_nine_upcard_is_a_dix():
    s = state("A♣ N♠", "N♣", upcard="N♠")                 # West deals: West scored 10
    assert s.meld_points(W) == 10
    east_wins(s)
    assert meld_rules(s, "swap", 10) == []
    assert count(s.exposed(E), "N♠") == 1                 # laid, not exchanged
    assert s.stock()[-1] == card("N♠")
    assert s.meld_points(E) == 10 and s.meld_points(W) == 10


# --- OT9I4: the loser of trick 12 -------------------------------------------------------------

def test_OT9I4_the_loser_of_trick_12_draws_the_turned_up_nine_and_scores_nothing():
    s = state("A♣", "N♣", stock="J♦", upcard="N♠")        # West deals and scores 10
    east_wins(s)
    s.finish_turn()
    assert count(s.concealed(W), "N♠") == 1
    assert s.meld_points(W) == 10                          # the deal's 10, once


def test_OT9I4_the_turned_up_nine_in_a_record():
    """Evening, battle 2: West turned up N♠ (10 at the deal) and draws it back after trick 12
    as its loser, for nothing more."""
    report = validate(record(EVENING_2))
    assert report.findings == []
    assert report.battles[0].west.melds == 10 + 100 + 20 + 10


def test_OT9I_the_evening_swap_and_dix():
    """Evening, battle 1: West exchanges N♥ for A♥ at trick 2 (OT9I2); East lays the other N♥
    beside four kings at trick 9 (OT9E, OT9I3); East draws West's N♥ after trick 12 (OT9I4)."""
    report = validate(record(EVENING_1))
    assert [f for f in report.findings if f.severity is not Severity.INFO] == []
    assert report.battles[0].west.melds == 10 + 40 + 150
