"""Melds (OT9): the table of each trump (OT9A: each kind single and double; not melds; a
miscount; points that do not identify a meld), the cards move to the exposed hand (OT9B1), one
card from the concealed hand (OT9C), the card that won the trick and the eleven cards of a meld
turn (OT9D), one meld per turn and the dix beside it (OT9E), a card played to a trick (OT9H)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rules.meldtables import meld_table
from pinochle.notation.cards import Suit

from tests.adjudicator.otkit import (
    E, OT, W, card, cards, count, east_wins, edit_line, evenings, full_deal, kind, meld_rules,
    record, state, validate,
)

EVENING_1, EVENING_2 = evenings()
SUITS = "♣♠♥♦"


# --- OT9A: the table of each trump -----------------------------------------------------------

def rows(t: str) -> list[tuple[str, str, int]]:
    """Spec §4.1 with ``t`` as trumps: (kind, the cards it needs, points), 17 rows."""
    s = [x for x in SUITS if x != t][2]          # a plain suit for the common marriage
    seq = " ".join(r + t for r in "ATKQJ")
    four = {r: " ".join(r + x for x in SUITS) for r in "AKQJ"}
    return [
        (f"{t}F", seq, 150), (f"{t}{t}F", f"{seq} {seq}", 300),
        (f"{t}M", f"K{t} Q{t}", 40), (f"{t}{t}M", f"K{t} Q{t} K{t} Q{t}", 80),
        (f"{s}M", f"K{s} Q{s}", 20), (f"{s}{s}M", f"K{s} Q{s} K{s} Q{s}", 40),
        ("dix", f"N{t}", 10),
        ("A4", four["A"], 100), ("AA4", f"{four['A']} {four['A']}", 200),
        ("K4", four["K"], 80), ("KK4", f"{four['K']} {four['K']}", 160),
        ("Q4", four["Q"], 60), ("QQ4", f"{four['Q']} {four['Q']}", 120),
        ("J4", four["J"], 40), ("JJ4", f"{four['J']} {four['J']}", 80),
        ("P", "Q♠ J♦", 40), ("PP", "Q♠ J♦ Q♠ J♦", 300),
    ]


ROWS = [(t, *row) for t in SUITS for row in rows(t)]


def melder(t: str, hand: str, west: str = "N♣ N♣ N♣", ruleset=OT):
    """East holds ``hand`` and wins trick 1 with a plain nine (two plain suits: the leader's
    card, OT8C3), so that he holds the meld turn; ``t`` is trumps (a king upcard). West holds
    ``west`` besides, for the tricks ``east_wins`` plays next (East's A♣, West's N♣)."""
    u, v = [x for x in SUITS if x != t][:2]
    s = state(f"{hand} N{u}", f"N{v} {west}", upcard=f"K{t}", ruleset=ruleset)
    east_wins(s, f"N{u}", f"N{v}")
    return s


def suit(t: str) -> Suit:
    return card("A" + t).suit


@pytest.mark.parametrize("t", SUITS)
def test_OT9A_seventeen_rows_for_each_trump(t):
    """The table with ``t`` as trumps: the 17 rows of spec §4.1 (the common marriage in each
    of the three plain suits) and the swap, the dix exchanged (OT9I2)."""
    table = {str(k): n.points for k, n in meld_table(OT, suit(t)).needs.items()}
    expected = {text: points for text, _, points in rows(t)}
    for plain in SUITS:
        if plain != t:
            expected |= {f"{plain}M": 20, f"{plain}{plain}M": 40}
    assert table == expected | {"swap": 10}
    assert len(rows(t)) == 17


@pytest.mark.parametrize("t, text, needs, points", ROWS)
def test_OT9A_each_kind_is_legal_for_its_table_value(t, text, needs, points):
    s = melder(t, needs)
    assert meld_rules(s, text, points) == []
    assert s.meld_points(E) == points
    moved = cards(needs)
    for c in set(moved):
        assert count(s.exposed(E), str(c)) == moved.count(c)       # OT9B1
        assert count(s.concealed(E), str(c)) == 0
    s.close()
    assert s.findings == []


@pytest.mark.parametrize("t, text, needs, points", ROWS)
def test_OT9A_each_kind_claimed_at_another_value_is_a_miscount(t, text, needs, points):
    s = melder(t, needs)
    [f] = s.verify_meld(E, kind(text), points + 10)
    assert (f.rule, f.kind, f.claimed, f.expected) == ("OT9A", Kind.MISCOUNT, points + 10,
                                                       points)
    s.meld(E, kind(text), points + 10)
    assert s.meld_points(E) == points                 # Laws "none": the table value


def test_OT9A_PP_is_300_not_twice_40():
    s = melder("♥", "Q♠ J♦ Q♠ J♦")
    [f] = s.verify_meld(E, kind("PP"), 80)
    assert (f.rule, f.expected) == ("OT9A", 300)


@pytest.mark.parametrize("text, hand", [
    ("♠F", "A♠ T♠ K♠ Q♠ J♠"),         # a sequence only in trumps (OT-O2)
    ("T4", "T♣ T♠ T♥ T♦"),            # no four tens (OT-O3)
    ("KKK4", "K♣ K♠ K♥ K♦ " * 3),     # no triple
    ("PPP", "Q♠ J♦ " * 3),
    ("♠♠♠M", "K♠ Q♠ " * 3),
    ("♣5", "A♣ K♣ Q♣ J♣ T♣"),         # East Point's kinds are not in this table
    ("♣2", "A♣ T♣"),
])
def test_OT9A_not_melds_with_hearts_trump(text, hand):
    s = melder("♥", hand)
    [f] = s.verify_meld(E, kind(text), 150)
    assert (f.rule, f.kind) == ("OT9A", Kind.ILLEGAL_MELD)
    assert "not a meld in this ruleset's table with ♥ as trumps" in f.message
    s.meld(E, kind(text), 150)
    assert s.meld_points(E) == 0
    assert all(v.kind != kind(text) for v in s.legal_melds(E))


def test_OT9A_a_sequence_is_legal_in_trumps_only():
    s = melder("♠", "A♠ T♠ K♠ Q♠ J♠")
    assert meld_rules(s, "♠F", 150) == []


def test_OT9A_a_non_trump_marriage_claimed_at_40_is_a_miscount():
    s = melder("♠", "K♥ Q♥")
    [f] = s.verify_meld(E, kind("♥M"), 40)
    assert (f.rule, f.kind, f.claimed, f.expected) == ("OT9A", Kind.MISCOUNT, 40, 20)
    s.meld(E, kind("♥M"), 40)
    assert s.meld_points(E) == 20


def test_OT9A_a_royal_marriage_claimed_at_20_is_a_miscount():
    s = melder("♥", "K♥ Q♥")
    [f] = s.verify_meld(E, kind("♥M"), 20)
    assert (f.kind, f.expected) == (Kind.MISCOUNT, 40)


def test_OT9A_points_do_not_identify_melds():
    """40 is a royal marriage, a double common marriage, four jacks or a pinochle: the kind
    named decides, and a kind whose cards the hand lacks is OT9B1 whatever the points."""
    assert sorted(str(k) for k in OT.meld_for_points(40, Suit.HEARTS)) == sorted(
        ["♥M", "♣♣M", "♠♠M", "♦♦M", "J4", "P"])
    s = melder("♥", "Q♠ J♦")
    assert s.verify_meld(E, kind("P"), 40) == []
    [f] = s.verify_meld(E, kind("J4"), 40)
    assert f.rule == "OT9B1"
    [f] = s.verify_meld(E, kind("♥M"), 40)
    assert f.rule == "OT9B1"
    assert [str(k) for k in OT.meld_for_points(300, Suit.HEARTS)] == ["♥♥F", "PP"]


def test_OT9A_in_a_record_a_miscount_counts_the_table_value():
    battle = edit_line(EVENING_1, "3. ", "3. N♠ T♠ E ♠M 40")     # hearts trump: common, 20
    report = validate(record(battle))
    [f] = [f for f in report.findings if f.trick == 3]
    assert (f.rule, f.kind, f.claimed, f.expected) == ("OT9A", Kind.MISCOUNT, 40, 20)
    assert report.battles[0].east.melds == 150


def test_OT9A_in_a_record_a_kind_not_in_the_table():
    battle = edit_line(EVENING_1, "9. ", "9. T♠ A♠ E T4 100 dix 10")
    report = validate(record(battle))
    assert [f.rule for f in report.findings if f.trick == 9] == ["OT9A"]


# --- OT9B1: the cards move to the exposed hand -----------------------------------------------

def test_OT9B1_a_meld_needs_its_cards_in_hand():
    s = melder("♥", "K♠")
    [f] = s.verify_meld(E, kind("♠M"), 20)
    assert (f.rule, f.kind) == ("OT9B1", Kind.ILLEGAL_MELD) and "lacks Q♠" in f.message
    s.meld(E, kind("♠M"), 20)
    assert s.meld_points(E) == 0 and s.findings[0].severity is Severity.ERROR


def test_OT9B1_a_double_needs_two_of_each():
    s = melder("♥", "K♠ Q♠ K♠")
    [f] = s.verify_meld(E, kind("♠♠M"), 40)
    assert f.rule == "OT9B1" and "lacks Q♠" in f.message


def test_OT9B1_exposed_cards_stay_and_only_concealed_ones_move():
    s = melder("♥", "A♥ T♥ K♥ Q♥ J♥ A♣")
    assert meld_rules(s, "♥M", 40) == []
    east_wins(s, "A♣", "N♣")
    assert meld_rules(s, "♥F", 150) == []
    assert count(s.exposed(E), "K♥") == count(s.exposed(E), "A♥") == 1
    assert sum(s.exposed(E)) == 5


# --- OT9C: a card from the concealed hand ----------------------------------------------------

def test_OT9C_a_meld_of_exposed_cards_only_is_illegal():
    """K♠ and Q♠ are exposed by four kings and four queens (class B); a marriage (class A)
    may use them (OT9F) but needs a card from the concealed hand."""
    s = melder("♥", "K♣ K♠ K♥ K♦ Q♣ Q♠ Q♥ Q♦ A♣ A♣")
    assert meld_rules(s, "K4", 80) == []
    east_wins(s, "A♣", "N♣")
    assert meld_rules(s, "Q4", 60) == []
    east_wins(s, "A♣", "N♣")
    [f] = s.verify_meld(E, kind("♠M"), 20)
    assert (f.rule, f.kind) == ("OT9C", Kind.ILLEGAL_MELD)
    assert "at least one card of each meld must come from the concealed hand" in f.message


def test_OT9C_a_concealed_copy_stands_in_for_an_exposed_one():
    s = melder("♥", "K♣ K♠ K♥ K♦ Q♣ Q♠ Q♥ Q♦ A♣ A♣ K♠")
    meld_rules(s, "K4", 80)
    east_wins(s, "A♣", "N♣")
    meld_rules(s, "Q4", 60)
    east_wins(s, "A♣", "N♣")
    [v] = [v for v in s.legal_melds(E) if str(v.kind) == "♠M"]
    assert v.takes == (card("K♠"),) and "stands in" in v.reason
    assert meld_rules(s, "♠M", 20) == []
    assert count(s.exposed(E), "K♠") == 2


def test_OT9C_naming_the_concealed_cards():
    s = melder("♥", "K♥ Q♥ A♥ T♥ J♥ A♣")
    meld_rules(s, "♥M", 40)
    east_wins(s, "A♣", "N♣")
    assert meld_rules(s, "♥F", 150, named="A♥ T♥ J♥") == []
    s = melder("♥", "K♥ Q♥ A♥ T♥ J♥ A♣")
    meld_rules(s, "♥M", 40)
    east_wins(s, "A♣", "N♣")
    assert meld_rules(s, "♥F", 150, named="") == ["OT9C"]


# --- OT9D: after the trick, eleven cards, the card that won it -------------------------------

def test_OT9D_the_card_that_won_the_trick_cannot_be_melded():
    s = state("K♥ Q♥", "J♥", upcard="A♥")
    s.play(E, card("K♥"))
    s.play(W, card("J♥"))                               # K♥ wins (OT8C2)
    [f] = s.verify_meld(E, kind("♥M"), 40)
    assert f.rule == "OT9H"
    assert "K♥ won its trick, and once a card wins a trick it cannot be melded (OT9D)" in \
        f.message


def test_OT9D_its_identical_copy_keeps_its_eligibility():
    s = state("K♥ K♥ Q♥", "J♥", upcard="A♥")
    s.play(E, card("K♥"))
    s.play(W, card("J♥"))
    assert meld_rules(s, "♥M", 40) == []


def test_OT9D_the_melder_holds_eleven_cards():
    s = melder("♥", "K♠ Q♠ " + "A♣ " * 9)
    assert s.hand_size(E) == 11
    assert meld_rules(s, "♠M", 20) == []
    assert s.findings == []


def test_OT9D_a_melder_without_eleven_cards_is_reported_without_penalty():
    """After a missed draw East holds ten cards at his next meld turn (spec §7: OT9D, no
    effect on the score)."""
    s = melder("♥", "K♠ Q♠ A♣ " + "T♣ " * 8)
    s.finish_turn([W])                                 # East does not draw (OT8E)
    east_wins(s, "A♣", "N♣")
    assert s.hand_size(E) == 10
    s.meld(E, kind("♠M"), 20)
    assert [(f.rule, f.severity) for f in s.findings] == [("OT8E", Severity.ERROR),
                                                          ("OT9D", Severity.ERROR)]
    assert "10 cards" in s.findings[1].message
    assert s.meld_points(E) == 20


def test_OT9D_the_count_is_reported_once_a_turn():
    s = melder("♥", "K♠ Q♠ N♥ A♣ " + "T♣ " * 7)
    s.finish_turn([W])
    east_wins(s, "A♣", "N♣")
    s.meld(E, kind("♠M"), 20)
    s.meld(E, kind("dix"), 10)
    assert [f.rule for f in s.findings] == ["OT8E", "OT9D"]


def test_OT9D_no_count_finding_without_a_meld():
    s = melder("♥", "K♠ Q♠ A♣ " + "T♣ " * 8)
    s.finish_turn([W])
    east_wins(s, "A♣", "N♣")
    s.finish_turn()
    assert [f.rule for f in s.findings] == ["OT8E"]


# --- OT9E: one meld per turn, the dix beside it ----------------------------------------------

def test_OT9E_one_meld_per_turn():
    s = melder("♥", "K♣ K♠ K♥ K♦ Q♣ Q♠ Q♥ Q♦")
    assert meld_rules(s, "K4", 80) == []
    assert meld_rules(s, "Q4", 60) == ["OT9E"]
    assert s.meld_points(E) == 80
    assert [f.rule for f in s.findings] == ["OT9E"]


def test_OT9E_K4_80_Q4_60_on_one_trick_line_is_OT9E():
    """A whole deal in which East holds four kings and four queens: the second meld of the
    turn is OT9E and scores nothing."""
    deal = full_deal("K♣ K♠ K♥ K♦ Q♣ Q♠ Q♥ Q♦ A♣", "N♣", upcard="A♥")
    battle = "\n".join(["battle 1 dealer W", *deal, "1. A♣ N♣ E K4 80 Q4 60"])
    report = validate(record(battle))
    [f] = report.findings
    assert (f.rule, f.trick) == ("OT9E", 1) and "one meld per turn" in f.message
    assert report.battles[0].east.melds == 80


def test_OT9E_a_double_meld_is_one_meld():
    s = melder("♥", "K♠ Q♠ K♠ Q♠ J♦")
    assert meld_rules(s, "♠♠M", 40) == []


@pytest.mark.parametrize("order", [("dix", "K4"), ("K4", "dix")])
def test_OT9E_a_dix_may_accompany_another_meld_in_either_order(order):
    s = melder("♥", "N♥ K♣ K♠ K♥ K♦")
    points = {"dix": 10, "K4": 80}
    for text in order:
        assert meld_rules(s, text, points[text]) == []
    assert s.meld_points(E) == 90 and s.findings == []


def test_OT9E_swap_10_K4_80_is_legal():
    s = melder("♥", "N♥ K♣ K♠ K♥ K♦")
    assert meld_rules(s, "swap", 10) == [] and meld_rules(s, "K4", 80) == []
    assert s.meld_points(E) == 90


def test_OT9E_a_dix_on_offer_after_the_turns_meld():
    s = melder("♥", "N♥ K♣ K♠ K♥ K♦ Q♠")
    s.meld(E, kind("K4"), 80)
    assert sorted(str(v.kind) for v in s.legal_melds(E)) == ["dix", "swap"]


def test_OT9E_both_dixes_in_one_turn_score_with_a_notice():
    s = melder("♥", "N♥ N♥ K♣ K♠ K♥ K♦")
    assert meld_rules(s, "dix", 10) == []
    assert meld_rules(s, "dix", 10) == []
    assert meld_rules(s, "K4", 80) == []
    [f] = s.findings
    assert (f.rule, f.kind, f.severity) == ("OT9E", Kind.NOTICE, Severity.INFO)
    assert "silent" in f.message
    assert s.meld_points(E) == 100


def test_OT9E_no_notice_when_the_second_dix_does_not_count():
    """A second swap after the first: the upcard is gone (OT9I); it scores nothing, so the
    rulebooks' silence on two dixes is not the question."""
    s = melder("♥", "N♥ N♥")
    assert meld_rules(s, "swap", 10) == []
    assert meld_rules(s, "swap", 10) == ["OT9I"]
    assert [(f.rule, f.severity) for f in s.findings] == [("OT9I", Severity.ERROR)]
    assert s.meld_points(E) == 10


def test_OT9E_melding_is_optional():
    s = melder("♥", "K♣ K♠ K♥ K♦")
    s.finish_turn()
    assert s.findings == []


# --- OT9H: a card played to a trick ---------------------------------------------------------

def test_OT9H_a_card_lost_to_a_trick_is_unavailable_for_any_later_meld():
    s = state("Q♥ K♥ A♣", "A♥ N♣ N♣", upcard="N♠")
    s.play(E, card("Q♥"))
    s.play(W, card("A♥"))                               # West wins; East's Q♥ is gone
    s.finish_turn()
    s.play(W, card("N♣"))
    s.play(E, card("A♣"))                               # East wins
    [f] = s.verify_meld(E, kind("♥M"), 20)
    assert f.rule == "OT9H" and "Q♥ went to a trick" in f.message
    assert "OT9D" not in f.message                      # it did not win its trick


def test_OT9H_a_card_never_held_is_OT9B1():
    s = state("K♥ A♣", "N♣", upcard="N♠")
    east_wins(s)
    [f] = s.verify_meld(E, kind("♥M"), 20)
    assert f.rule == "OT9B1"


def test_OT9H_a_meld_needing_a_played_card_in_a_record():
    """Evening, battle 2 (spades trump): East's K♥ went to trick 2, which West trumped; at
    trick 4 she holds the Q♥ drawn since, and a marriage needs the K♥ she played."""
    battle = edit_line(EVENING_2, "4. ", "4. T♣ N♦ E ♥M 20")
    found = [f for f in validate(record(battle)).findings if f.trick == 4]
    assert [f.rule for f in found] == ["OT9H"]
    assert "K♥ went to a trick" in found[0].message and "OT9D" not in found[0].message


def test_OT9B1_a_meld_needing_a_card_never_held_in_a_record():
    battle = edit_line(EVENING_1, "6. ", "6. T♦ J♦ E ♣M 20")      # K♣ yes, never a Q♣
    found = [f for f in validate(record(battle)).findings if f.trick == 6]
    assert [f.rule for f in found] == ["OT9B1"]
