"""R11 irregularities and M7 on BattleState: objections to the deal (R11A) and to melds (R11B),
too few (R11C) or too many cards (R11D), the last lone card (R11E, in test_r8e_draws), one
player out of cards (R11F), cards exposed without a meld (M7)."""

from __future__ import annotations

import random

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.simulator.deal import deal

from tests.adjudicator.replaykit import E, W, card, cards, kind


def won_by_east(stock: str = "J♠ J♣ Q♣ Q♠ N♣ N♠") -> BattleState:
    """West deals; East leads K♠, West follows N♦: East wins trick 1 (R8C4)."""
    s = BattleState(EAST_POINT, W, cards("K♠ A♣ T♣ A♥ T♥ K♥ Q♥ J♥"),
                    cards("N♦ N♥ Q♦ J♦ T♦ A♦ K♦ D♦"), cards(stock))
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    return s


def full_deal(seed: int = 1, dealer=W) -> BattleState:
    dealt = deal(EAST_POINT, dealer, random.Random(seed))
    return BattleState(EAST_POINT, dealer, dealt.east, dealt.west, dealt.stock)


def play_trick(s: BattleState, rng: random.Random) -> None:
    for _ in range(2):
        s.play(s.to_play, rng.choice(s.legal_cards(s.to_play)))


# --- R11A ----------------------------------------------------------------------------------

def test_R11A_objection_before_playing_to_the_first_trick_is_in_time():
    s = full_deal()
    assert s.laws.object_deal(W, "shuffle")
    [f] = s.findings
    assert f.rule == "R11A" and f.severity is Severity.INFO and "deals again" in f.message


def test_R11A_follower_may_still_object_after_the_leaders_card():
    s = full_deal(dealer=W)                         # East leads
    s.play(E, s.legal_cards(E)[0])
    assert s.laws.object_deal(W, "deal")
    assert not s.laws.object_deal(E, "cut")              # East has played to the first trick


def test_R11A_objection_after_the_first_trick_is_late_and_the_deal_stands():
    s = full_deal()
    play_trick(s, random.Random(1))
    assert not s.laws.object_deal(E, "cut")
    [f] = s.findings
    # A notice: the deal stands, and a deal that was really wrong has its own findings.
    assert f.rule == "R11A" and f.severity is Severity.INFO and "too late" in f.message


# --- R11B ----------------------------------------------------------------------------------

def test_R11B_illegal_meld_without_objection_stands_as_if_correct():
    s = won_by_east()
    s.meld(E, kind("♣2"), 80)                       # wrong points (R9A)
    s.finish_turn()
    assert not s.findings                           # West may still object
    s.play(E, card("A♥"))                           # the melder's own lead keeps it open
    assert not s.findings
    s.play(W, card("N♥"))                           # West plays: too late to object
    [f] = s.findings
    assert f.rule == "R9A" and f.kind is Kind.MISCOUNT and f.severity is Severity.WARNING
    assert f.message.endswith("illegal, stands: no objection in time (R11B)")
    assert s.meld_points(E) == 80 and kind("♣2") in s.scored(E)
    assert s.exposed(E)[card("A♣").index] == 1


def test_R11B_an_uncontested_repeat_counts_as_scored_for_R9F():
    s = won_by_east()
    s.meld(E, kind("♠2"), 71)                       # East has no A♠ T♠: R9B1, stands
    s.close()
    assert [f.rule for f in s.findings] == ["R9B1"]
    assert kind("♠2") in s.scored(E) and s.meld_points(E) == 71


def test_R11B_timely_objection_to_wrong_points_corrects_them():
    s = won_by_east()
    s.meld(E, kind("♣2"), 80)
    step = s.laws.melds.object_meld(W)
    assert step.outcome == "corrected" and step.adjustment == 1
    assert s.meld_points(E) == 81 and kind("♣2") in s.scored(E)
    [f] = s.findings
    assert f.rule == "R9A" and "corrected to 81 on West's objection (R11B)" in f.message
    assert f.kind is Kind.MISCOUNT and f.severity is Severity.INFO  # handled as R11B says


def test_R11B_timely_objection_to_wrong_cards_voids_the_meld_and_cards_stay_exposed():
    s2 = won_by_east()
    s2.meld(E, kind("A4"), 171)                     # one ace short: R9B1
    step = s2.laws.melds.object_meld(W)
    assert step.outcome == "voided" and s2.meld_points(E) == 0
    assert kind("A4") not in s2.scored(E)
    assert s2.exposed(E)[card("A♣").index] == 1     # moved, stays exposed (M7)
    [f] = s2.findings
    assert f.rule == "R9B1" and "voided on West's objection (R11B)" in f.message
    assert f.kind is Kind.ILLEGAL_MELD and f.severity is Severity.INFO


def test_R11B_a_voided_meld_leaves_the_turn_meld_free():
    s = won_by_east()
    s.meld(E, kind("A4"), 171)
    s.laws.melds.object_meld(W)
    assert s.melding_seat is E
    assert s.can_meld(E, kind("♣2"), 81)


def test_R11B_voiding_an_out_of_turn_meld():
    s = won_by_east()
    s.meld(W, kind("♦5"), 181)                      # West lost the trick (R8D)
    s.laws.melds.object_meld(E)
    assert s.meld_points(W) == 0 and kind("♦5") not in s.scored(W)
    assert s.exposed(W)[card("A♦").index] == 1
    assert [(f.rule, f.severity) for f in s.findings] == [("R8D", Severity.INFO)]


def test_R11B_objection_to_a_correct_meld_is_a_notice_and_it_stands():
    s = won_by_east()
    s.meld(E, kind("♣2"), 81)
    step = s.laws.melds.object_meld(W)
    assert step.outcome == "stands" and s.meld_points(E) == 81
    [f] = s.findings
    assert f.rule == "R11B" and f.kind is Kind.NOTICE and f.severity is Severity.INFO


def test_R11B_late_objection_is_reported_and_the_meld_stands():
    s = won_by_east()
    s.meld(E, kind("♣2"), 80)
    s.finish_turn()
    s.play(E, card("A♥"))
    s.play(W, card("N♥"))
    s.laws.melds.object_meld(W)
    assert [(f.rule, f.severity) for f in s.findings] == [("R9A", Severity.WARNING),
                                                          ("R11B", Severity.INFO)]
    assert "too late" in s.findings[1].message and s.meld_points(E) == 80


def test_R11B_objection_with_no_meld_to_object_to():
    s = won_by_east()
    step = s.laws.melds.object_meld(E)
    assert step.meld == -1
    assert s.findings[0].rule == "R11B" and "has made none" in s.findings[0].message
    assert s.findings[0].severity is Severity.INFO


# --- R11C, R11D ----------------------------------------------------------------------------

def test_R11C_too_few_cards_discovered_no_penalty():
    s = full_deal()
    rng = random.Random(2)
    play_trick(s, rng)
    loser = s.last_winner.other
    s.finish_turn([s.last_winner])                  # the loser misses his draw
    assert s.laws.discover(loser, too_many=False)
    assert [f.rule for f in s.findings] == ["R11C", "R11C"]
    assert [f.severity for f in s.findings] == [Severity.INFO, Severity.INFO]
    assert s.findings[0].kind is Kind.IRREGULARITY and s.findings[1].kind is Kind.NOTICE
    play_trick(s, rng)                              # play goes on normally


def test_R11C_a_false_discovery_is_an_error_and_changes_nothing():
    s = full_deal()
    assert not s.laws.discover(E, too_many=False)
    [f] = s.findings
    assert f.rule == "R11C" and f.severity is Severity.ERROR


def test_R11D_too_many_cards_loses_every_further_trick_and_cannot_meld():
    s = full_deal(seed=4)
    rng = random.Random(4)
    play_trick(s, rng)
    winner = s.last_winner
    s.finish_turn([winner, winner.other, winner])   # the winner draws one extra
    assert s.findings == []                         # the extra draw waits to be found out
    assert s.laws.discover(winner, too_many=True)
    assert s.penalized(winner)
    assert [(f.rule, f.kind, f.severity) for f in s.findings] == [
        ("R11D", Kind.IRREGULARITY, Severity.INFO), ("R11D", Kind.NOTICE, Severity.INFO)]
    assert "R11D's penalty applies" in s.findings[0].message
    for _ in range(5):
        leader = s.to_play
        best = max(s.legal_cards(leader), key=lambda c: s.ruleset.card_strength[c.index])
        s.play(leader, best)
        step = s.play(leader.other, s.legal_cards(leader.other)[-1])
        assert step.winner is winner.other and step.rule == "R11D"
        s.finish_turn()
    assert s.verify_meld(winner, kind("♣2"), 81)[0].rule in ("R8D", "R11D")


def test_R11D_a_false_discovery_is_an_error_and_no_penalty_applies():
    s = full_deal()
    assert not s.laws.discover(W, too_many=True)
    assert s.findings[0].rule == "R11D" and s.findings[0].severity is Severity.ERROR
    assert not s.penalized(W)


# --- R11F ----------------------------------------------------------------------------------

def test_R11F_when_only_one_player_has_cards_they_count_for_neither():
    s = BattleState(EAST_POINT, W, cards("K♠ A♣"), cards("N♦"), ())
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    s.finish_turn()
    assert s.is_over and s.end.rule == "R11F" and s.end.seat is E
    assert s.end.leftover == cards("A♣")
    assert s.trick_points(E) == 20 and s.trick_points(W) == 0
    [f] = s.findings
    assert f.rule == "R11F" and f.kind is Kind.NOTICE


def test_R8F_both_hands_empty_ends_without_R11F():
    s = BattleState(EAST_POINT, W, cards("K♠"), cards("N♦"), ())
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    s.finish_turn()
    assert s.end.rule == "R8F" and not s.findings


# --- M7 ------------------------------------------------------------------------------------

def test_M7_cards_exposed_out_of_turn_stay_exposed_and_keep_their_eligibility():
    s = BattleState(EAST_POINT, E, cards("N♦ A♥ T♥"), cards("K♠ A♥ Q♠"), cards("J♠ J♣"))
    s.play(W, card("K♠"))
    s.play(E, card("N♦"))                           # West wins (R8C4)
    s.expose(E, cards("A♥ T♥"))                     # but East exposes A♥ T♥
    [f] = s.findings
    assert f.rule == "M7" and f.kind is Kind.IRREGULARITY and f.severity is Severity.INFO
    assert s.exposed(E)[card("A♥").index] == 1
    assert not s.can_expose(E, cards("A♥"))
    [why] = s.verify_expose(E, cards("A♥"))         # M7 decides, and is cited first
    assert why.rule == "M7" and why.message.endswith("only by melding (M7, R9B1)")
    # M7.3: the exposed cards remain eligible for other melds; M7.1: with the other A♥
    # concealed, West's hand is a different matter; East's exposed pair cannot make ♥2 alone.
    s.finish_turn()
    assert s.verify_meld(E, kind("♥2"), 61)[0].rule == "R8D"


def test_M7_R7B2_exposing_a_card_not_in_the_concealed_hand_is_an_error():
    s = won_by_east()
    s.expose(E, cards("D♣"))
    assert [(f.rule, f.severity) for f in s.findings] == [("R7B2", Severity.ERROR),
                                                          ("M7", Severity.INFO)]


# --- the can_/verify_ forms ------------------------------------------------------------------

def test_R8E_verify_finish_turn_names_the_draws_due():
    s = won_by_east()
    assert s.can_finish_turn() and s.can_finish_turn([E, W])
    [f] = s.verify_finish_turn([W, E])
    assert f.rule == "R8E" and f.expected == "E W" and f.claimed == "W E"
    s.finish_turn()
    assert not s.can_finish_turn()


def test_R11A_can_object_deal_until_the_objector_plays():
    s = full_deal(dealer=W)
    assert s.laws.can_object_deal(E) and s.laws.verify_object_deal(E) == []
    s.play(E, s.legal_cards(E)[0])
    assert not s.laws.can_object_deal(E) and s.laws.verify_object_deal(E)[0].rule == "R11A"
    assert s.laws.can_object_deal(W)


def test_R11B_can_object_meld_only_while_the_window_is_open():
    s = won_by_east()
    melds = s.laws.melds
    assert not melds.can_object_meld(W) and melds.verify_object_meld(W)[0].rule == "R11B"
    s.meld(E, kind("♣2"), 81)
    assert s.laws.melds.can_object_meld(W) and not s.laws.melds.can_object_meld(E)
    s.finish_turn()
    s.play(E, card("A♥"))
    s.play(W, card("N♥"))
    assert not s.laws.melds.can_object_meld(W)


def test_R11C_R11D_can_discover_only_a_wrong_count():
    s = full_deal()
    assert not s.laws.can_discover(E, too_many=True) and not s.laws.can_discover(E, too_many=False)
    assert s.laws.verify_discover(E, too_many=True)[0].rule == "R11D"
    rng = random.Random(5)
    play_trick(s, rng)
    s.finish_turn([s.last_winner])
    assert s.laws.can_discover(s.last_winner.other, too_many=False)
