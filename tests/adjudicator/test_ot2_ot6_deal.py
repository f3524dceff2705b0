"""The old-time pack and deal: ranks (OT2A1), the 48-card pack (OT2A4), the score (OT3), the
deal of twelve each, the upcard that fixes trump and the turned-up nine (OT6B), the stock of 23
plus the upcard (OT6C), and a record that omits the deal or the upcard (trump unknown: the
winner marks decide, OT6B)."""

from __future__ import annotations

import itertools

import pytest

from pinochle.adjudicator.twohanded.state import BattleState, check_deal
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.old_time import OLD_TIME_RANK_ORDER
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.notation.cards import Rank, Suit
from pinochle.notation.events import Deal

from tests.adjudicator.otkit import (
    OT, E, W, card, cards, drop_lines, edit_line, errors, evening_battles, full_deal, notices,
    record, strip_comments, validate,
)

EVENING_1 = strip_comments(evening_battles()[0])
#: Battle 2 of the evening on its own: battle 1 of its record, its total its own score.
EVENING_2 = edit_line(edit_line(strip_comments(evening_battles()[1]), "battle",
                                "battle 1 dealer W"), "total", "total E 208 W 322")
DEAL_1 = Deal(
    east=cards("T♣ K♣ J♣ A♠ K♠ Q♠ J♠ K♥ T♦ T♦ Q♦ J♦"),
    west=cards("A♣ Q♣ J♣ N♣ T♠ K♠ Q♠ T♥ K♥ N♥ K♦ N♦"),
    stock=cards("N♠ N♦ A♠ T♠ K♦ Q♥ J♦ A♣ J♠ Q♥ A♥ Q♣ J♥ N♠ T♣ N♥ N♣ J♥ A♦ T♥ A♦ Q♦ K♣"),
    upcard=card("A♥"))


# --- OT2A1: ranks A T K Q J 9 ------------------------------------------------------------

def test_OT2A1_ranks_high_to_low_are_A_T_K_Q_J_9():
    assert OLD_TIME_RANK_ORDER == (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK,
                                   Rank.NINE)
    table = trick_table(OT, Suit.HEARTS)
    order = "ATKQJN"
    for suit in "♣♥":
        for high, low in itertools.combinations(order, 2):
            assert table.decide(card(low + suit), card(high + suit)) == (True, "OT8C2")
            assert table.decide(card(high + suit), card(low + suit)) == (False, "OT8C2")


def test_OT2A1_the_ten_beats_the_king_not_as_in_East_Point():
    s = BattleState(OT, W, cards("K♣"), cards("T♣"), (), upcard=card("A♥"))
    s.play(E, card("K♣"))
    assert s.play(W, card("T♣")).winner is W


def test_OT2A2_no_rank_of_suits_the_leader_wins_two_plain_suits_of_one_rank():
    table = trick_table(OT, Suit.HEARTS)
    for lead, follow in itertools.permutations("♣♠♦", 2):
        assert table.decide(card("A" + lead), card("A" + follow)) == (False, "OT8C3")


# --- OT2A4: the pack ---------------------------------------------------------------------

def test_OT2A4_the_pack_is_two_of_each_of_24_faces_and_no_deuce():
    assert OT.pack_size == 48
    for c, n in OT.pack.items():
        assert n == (0 if c.rank is Rank.DEUCE else 2), c
    assert len([c for c, n in OT.pack.items() if n]) == 24


def test_OT2A4_the_evening_deal_is_a_whole_pack():
    assert check_deal(OT, DEAL_1) == []


def test_OT2A4_a_deuce_dealt_is_not_in_the_pack():
    deal = DEAL_1.model_copy(update={"east": cards("D♣ K♣ J♣ A♠ K♠ Q♠ J♠ K♥ T♦ T♦ Q♦ J♦")})
    found = check_deal(OT, deal)
    assert [f.rule for f in found] == ["OT2A4", "OT2A4"]
    assert "D♣ is dealt, but the 48-card pack has no D♣" in found[0].message
    assert "lacks T♣" in found[1].message
    assert all(f.kind is Kind.MALFORMED for f in found)


def test_OT2A4_a_third_copy_is_dealt_more_often_than_the_pack_holds_it():
    deal = DEAL_1.model_copy(update={"east": cards("A♥ K♣ J♣ A♠ K♠ Q♠ J♠ K♥ T♦ T♦ Q♦ J♦"),
                                     "upcard": card("A♥")})
    rules = [f.rule for f in check_deal(OT, deal)]
    assert "OT2A4" in rules


def test_OT2A4_a_deuce_in_a_record_is_reported_at_its_deal_line():
    battle = edit_line(EVENING_1, "E:", "E: D♣ K♣ J♣ A♠ K♠ Q♠ J♠ K♥ T♦ T♦ Q♦ J♦")
    report = validate(record(battle))
    first = report.findings[0]
    assert (first.rule, first.line) == ("OT2A4", 5)
    assert "no D♣" in first.message


# --- OT3: the battle score -------------------------------------------------------------------

def test_OT3_battle_score_is_trick_points_plus_meld_points():
    report = validate(record(EVENING_1))
    assert errors(report) == []
    (b,) = report.battles
    assert (b.east.score, b.west.score) == (128 + 150, 122 + 200)


def test_OT3_a_wrong_score_claim_is_reported_under_OT3():
    battle = edit_line(EVENING_1, "score", "score E 280 W 322")
    report = validate(record(battle))
    [f] = report.findings
    assert (f.rule, f.kind, f.claimed, f.expected) == ("OT3", Kind.MISCOUNT, 280, 278)


def test_OT3_wrong_trick_and_meld_claims_cite_OT8H_and_OT9A():
    battle = edit_line(EVENING_1, "tricks", "tricks E 128 W 121")
    battle = edit_line(battle, "melds", "melds E 140 W 200")
    report = validate(record(battle))
    assert [(f.rule, f.expected) for f in report.findings] == [("OT8H", 122), ("OT9A", 150)]


# --- OT6B: twelve each, the upcard, the turned-up nine ---------------------------------------

def test_OT6B_twelve_cards_each():
    assert OT.hand_size == 12
    short = DEAL_1.model_copy(update={"east": DEAL_1.east[:11],
                                      "stock": (*DEAL_1.stock, DEAL_1.east[11])})
    found = check_deal(OT, short)
    assert [f.rule for f in found] == ["OT6B", "OT6C"]
    assert "East is dealt 11 cards; the dealer gives each player twelve (OT6B)" in found[0].message


def test_OT6B_the_upcard_fixes_trump():
    s = BattleState(OT, E, DEAL_1.east, DEAL_1.west, DEAL_1.stock, upcard=DEAL_1.upcard)
    assert s.trump is Suit.HEARTS and s.upcard == card("A♥") and s.trump_known
    assert s.meld_points(E) == s.meld_points(W) == 0       # not a nine: no bonus


@pytest.mark.parametrize("dealer", [E, W])
def test_OT6B_a_turned_up_nine_scores_the_dealer_10_meld_points_at_once(dealer):
    s = BattleState(OT, dealer, cards("A♣"), cards("K♣"), cards("J♦"), upcard=card("N♠"))
    assert s.trump is Suit.SPADES
    assert (s.meld_points(dealer), s.meld_points(dealer.other)) == (10, 0)
    assert (s.trick_points(dealer), s.trick_points(dealer.other)) == (0, 0)


def test_OT6B_the_turned_up_nine_is_in_the_dealers_melds_claim():
    report = validate(record(EVENING_2))          # West deals, turns up N♠
    assert errors(report) == []
    b = report.battles[0]
    assert (b.east.melds, b.west.melds) == (140, 140)    # West: A4 100, dix 10, ♦M 20 + 10
    wrong = edit_line(EVENING_2, "melds", "melds E 140 W 130")
    wrong = edit_line(wrong, "score", "score E 208 W 312")
    wrong = edit_line(wrong, "total", "total E 208 W 312")
    rules = [(f.rule, f.expected) for f in validate(record(wrong)).findings]
    assert rules == [("OT9A", 140), ("OT3", 322), ("OT4A", 322)]


def test_OT6B_a_deal_without_its_upcard_line_is_reported_once():
    """The card the deal lacks is the one turned up: one finding, not a second one for the
    pack (OT2A4)."""
    found = check_deal(OT, Deal(east=DEAL_1.east, west=DEAL_1.west, stock=DEAL_1.stock))
    [f] = found
    assert (f.rule, f.kind) == ("OT6B", Kind.MALFORMED)
    assert "no upcard line" in f.message and "A♥, is taken to be the upcard" in f.message


def test_OT6B_without_the_upcard_line_the_card_the_deal_lacks_is_the_upcard():
    """One missing line is reported once; the replay goes on with the card the deal lacks as
    the upcard, so every rule is checked and the scores are the recorded ones (the deal's
    faults have no effect on the score, spec §7)."""
    report = validate(record(drop_lines(EVENING_1, "upcard:")))
    assert errors(report) == ["OT6B"] and notices(report) == []
    (b,) = report.battles
    assert (b.east.tricks, b.west.tricks, b.east.melds, b.west.melds) == (128, 122, 150, 200)
    assert b.ended_by == "OT8G"
    wrong = edit_line(drop_lines(EVENING_1, "upcard:"), "1. ", "1. J♣ J♣ E")
    assert "OT8C2" in errors(validate(record(wrong)))     # hearts trump: the marks are checked


def test_OT6B_a_turned_up_nine_the_deal_lacks_scores_the_dealer_10():
    report = validate(record(drop_lines(EVENING_2, "upcard:")))
    assert errors(report) == ["OT6B"]
    assert report.battles[0].west.melds == 140


def test_OT6B_an_upcard_nobody_can_tell_is_an_unknown_card_drawn_last():
    """A deal that neither names its upcard nor lacks exactly one card: the trump is unknown,
    the winner marks decide (OT6B), and the loser of the last phase-A trick draws a card of
    unknown face, which he may play as any card (OT8F)."""
    s = BattleState(OT, W, cards("A♣ K♠"), cards("N♣ Q♥"), cards("J♦"))
    assert s.upcard is None and s.trump is None and not s.trump_known
    assert s.stock_count == 2                             # J♦ and the unknown upcard
    s.play(E, card("A♣"))
    s.play(W, card("N♣"), mark=W)                          # the mark decides, even against OT8C2
    assert s.last_winner is W and s.last_rule == "OT8"
    s.finish_turn()                                       # W draws J♦, E the unknown card
    assert s.phase_b and s.stock_count == 0 and s.stock() == ()
    assert s.hand_size(E) == 2 and s.hand(E) == cards("K♠")
    s.play(W, card("Q♥"), mark=E)
    s.play(E, card("A♥"), mark=E)                          # the unknown card: no finding
    s.play(E, card("K♠"), mark=E)
    s.play(W, card("J♦"), mark=E)
    s.finish_turn()                                       # no draws: the hands are empty
    assert s.is_over and s.findings == []
    assert s.trick_points(E) == 3 + 11 + 4 + 2 + 10       # OT8G: the last trick's 10


def test_OT6B_upcard_line_in_a_ruleset_without_one_is_reported_under_the_stock_rule():
    from pinochle.adjudicator.rulesets.east_point import EAST_POINT
    deal = Deal(east=cards("D♣ A♣"), west=cards("K♣ Q♣"), stock=(), upcard=card("J♣"))
    rules = [f.rule for f in check_deal(EAST_POINT, deal)]
    assert "R6C" in rules


# --- OT6C: the stock -------------------------------------------------------------------------

def test_OT6C_the_stock_is_23_face_down_and_the_upcard_is_its_last_card():
    assert OT.stock_size == 23
    s = BattleState(OT, E, DEAL_1.east, DEAL_1.west, DEAL_1.stock, upcard=DEAL_1.upcard)
    assert s.stock_count == 24
    assert s.stock() == (*DEAL_1.stock, card("A♥"))


def test_OT6C_a_stock_of_22_is_reported():
    deal = DEAL_1.model_copy(update={"stock": DEAL_1.stock[:-1]})
    found = check_deal(OT, deal)
    assert found[0].rule == "OT6C"
    assert "the stock holds 22 cards; after the deal 23 remain face down under the " \
           "turned-up card (OT6C)" == found[0].message
    assert found[0].claimed == 22 and found[0].expected == 23


def test_OT6C_full_deal_helper_makes_a_whole_pack():
    lines = full_deal("A♥ A♥", "K♣", "N♠", upcard="Q♦")
    text = record("battle 1 dealer E\n" + "\n".join(lines))
    assert [f.rule for f in validate(text).findings if f.rule.startswith("OT6")
            or f.rule == "OT2A4"] == []


# --- a record without its deal: the winner marks decide (OT6B) -------------------------------

def without_deal(battle: str) -> str:
    return drop_lines(battle, "E:", "W:", "stock:", "upcard:")


def test_OT6B_without_the_deal_trick_winners_come_from_the_marks_with_a_notice():
    report = validate(record(without_deal(EVENING_1)))
    assert [(f.rule, f.severity) for f in report.findings
            if f.rule in ("OT6B", "OT6")] == [("OT6B", Severity.INFO), ("OT6", Severity.INFO)]
    assert "winner mark" in report.findings[0].message
    assert not report.battles[0].deal_checked


def test_OT6B_without_the_deal_a_mark_is_trusted_even_against_the_cards():
    battle = edit_line(without_deal(EVENING_1), "1. ", "1. J♣ J♣ E")
    report = validate(record(battle))
    assert all(not f.rule.startswith("OT8C") for f in report.findings)
    assert report.battles[0].east.tricks == 128 + 4


def test_OT6B_OT8G_without_the_deal_the_battle_still_scores_as_recorded():
    """No card possession without the deal, but the tricks, the last trick's 10 (OT8G) and the
    melds (counted as claimed: the trump suit is unknown) still make the claimed scores."""
    report = validate(record(without_deal(EVENING_1)))
    assert errors(report) == []
    (b,) = report.battles
    assert (b.east.tricks, b.west.tricks, b.east.melds, b.west.melds) == (128, 122, 150, 200)
    assert b.east.tricks + b.west.tricks == 250


def test_OT6B_without_the_deal_a_trick_after_the_24th_is_after_the_end():
    battle = without_deal(EVENING_1).replace("tricks E", "25. A♣ K♣ E\ntricks E")
    report = validate(record(battle))
    assert "OT8G" in errors(report)


def test_OT9A_without_the_trump_a_kind_no_trump_allows_is_still_reported():
    battle = edit_line(without_deal(EVENING_1), "10. ", "10. N♣ T♣ W T4 100")
    report = validate(record(battle))
    [f] = [f for f in report.findings if f.trick == 10]
    assert f.rule == "OT9A" and f.kind is Kind.ILLEGAL_MELD and "T4" in f.message


def test_OT9A_without_the_trump_a_claim_no_trump_allows_is_a_miscount():
    battle = edit_line(without_deal(EVENING_1), "10. ", "10. N♣ T♣ W K4 90")
    report = validate(record(battle))
    found = [(f.rule, f.kind, f.expected) for f in report.findings if f.trick == 10]
    assert found == [("OT9A", Kind.MISCOUNT, 80)]


def test_OT6B_without_the_deal_an_unmarked_trick_of_one_suit_is_decided_by_rank():
    """OT8C2 needs no trump: the same suit, the higher rank (identical: the leader)."""
    battle = edit_line(without_deal(EVENING_1), "5. ", "5. Q♣ A♣ P 40")
    report = validate(record(battle))
    assert errors(report) == [] and report.battles[0].east.tricks == 128


def test_OT6B_without_the_deal_an_unmarked_trick_of_two_suits_cannot_be_told():
    """Trick 8 (N♦ N♠, hearts trump): without the trump either card may be a trump; the trick
    is counted to its leader and reported, never silently."""
    battle = edit_line(without_deal(EVENING_1), "8. ", "8. N♦ N♠ ♥F 150")
    report = validate(record(battle))
    [f] = [f for f in report.findings if f.severity is Severity.WARNING]
    assert (f.rule, f.kind, f.trick) == ("OT6B", Kind.MALFORMED, 8)
    assert "no winner mark" in f.message and "counted to the leader, West" in f.message
    assert errors(report) == ["OT6B"]           # the leader did win it: the claims agree
