"""The follower's card (OT8B, list lost; spec §3.2): in phase A any card; in phase B follow suit
(OT8B1), beat the led card if able (OT8B2: every lead under ``PhaseB "must-win"``, only a trump
lead under ``"scarne"``; an identical card does not beat, OT8C2), trump when void (OT8B3), any
card when void in the suit and in trumps. The leader is never constrained (OT8A). A broken
obligation is reported under the first of OT8B1/OT8B2/OT8B3 it breaks; the card stands."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.old_time import old_time

from tests.adjudicator.otkit import (
    E, OT, W, card, cards, edit_line, errors, evening_battles, record, state, strip_comments,
    validate,
)

MUST_WIN = OT
SCARNE = old_time(phase_b="scarne")
BOTH = pytest.mark.parametrize("ruleset", [MUST_WIN, SCARNE], ids=["must-win", "scarne"])


def phase_b(east: str, west: str, ruleset=MUST_WIN, upcard: str = "N♠") -> BattleState:
    """East leads trick 3, the second trick of phase B, holding ``east``; West holds ``west``.

    Trick 1 (phase A): East leads N♣, West wins with A♣ and draws the last face-down card, J♦;
    East draws the upcard (OT8F), and the stock is exhausted. Trick 2 (phase B): West leads the
    J♦, East, void in diamonds, trumps it with the upcard (OT8B3) and wins (OT8C1)."""
    assert "♦" not in east, "East must be void in diamonds to trump trick 2"
    s = state(east + " N♣", west + " A♣", stock="J♦", upcard=upcard, ruleset=ruleset)
    s.play(E, card("N♣"))
    s.play(W, card("A♣"))
    s.finish_turn()
    assert s.phase_b
    s.play(W, card("J♦"))
    assert s.follow_obliged()
    assert s.play(E, card(upcard)).winner is E
    s.finish_turn()
    assert s.findings == [] and s.to_play is E
    assert sorted(s.hand(E)) == sorted(cards(east)) and sorted(s.hand(W)) == sorted(cards(west))
    return s


def follow_findings(s: BattleState, lead: str, follow: str) -> list:
    """East leads ``lead``; the findings ``verify_play`` and ``play`` give for West's
    ``follow`` (they must agree)."""
    s.play(E, card(lead))
    asked = s.verify_play(W, card(follow))
    assert s.can_play(W, card(follow)) == (asked == [])
    before = len(s.findings)
    s.play(W, card(follow))
    played = s.findings[before:]
    assert [f.rule for f in asked] == [f.rule for f in played]
    return played


def legal_after(s: BattleState, lead: str) -> tuple:
    s.play(E, card(lead))
    return s.legal_cards(W)


# --- phase A: no obligation ----------------------------------------------------------------

@BOTH
def test_OT8B_phase_A_the_follower_may_play_any_card(ruleset):
    s = state("K♣ A♠", "A♣ Q♣ N♠ J♥", ruleset=ruleset)
    s.play(E, card("K♣"))
    assert not s.follow_obliged()
    assert set(s.legal_cards(W)) == set(cards("A♣ Q♣ N♠ J♥"))
    s.play(W, card("J♥"))                        # neither follows, beats nor trumps
    assert s.findings == []


# --- OT8B1: follow suit --------------------------------------------------------------------

@BOTH
def test_OT8B1_the_follower_must_follow_suit(ruleset):
    s = phase_b("Q♥", "K♥ A♣ N♠", ruleset)
    assert legal_after(s, "Q♥") == (card("K♥"),)
    [f] = follow_findings(phase_b("Q♥", "K♥ A♣ N♠", ruleset), "Q♥", "A♣")
    assert (f.rule, f.kind, f.severity) == ("OT8B1", Kind.ILLEGAL_PLAY, Severity.ERROR)
    assert "must follow suit (♥ led): he could play K♥" in f.message


@BOTH
def test_OT8B1_a_trump_instead_of_the_suit_led_breaks_OT8B1_not_OT8B3(ruleset):
    [f] = follow_findings(phase_b("Q♥", "J♥ N♠", ruleset), "Q♥", "N♠")
    assert f.rule == "OT8B1"


@BOTH
def test_OT8B1_following_suit_is_legal(ruleset):
    assert follow_findings(phase_b("Q♥", "J♥ A♣", ruleset), "Q♥", "J♥") == []


def test_OT8B1_the_card_stands_and_the_trick_is_decided_as_played():
    s = phase_b("Q♥", "K♥ A♣ N♠")
    s.play(E, card("Q♥"))
    step = s.play(W, card("N♠"))                 # trumps instead of following: reported...
    assert step.winner is W and step.rule == "OT8C1"     # ...and the trump wins all the same
    assert s.trick_points(W) == 11 + 0 + 3 + 0   # A♣ N♣ (trick 1), then Q♥ N♠


# --- OT8B2: beat the led card if able -------------------------------------------------------

def test_OT8B2_must_win_the_follower_must_beat_a_plain_lead_if_able():
    s = phase_b("Q♥", "K♥ J♥ A♣")
    assert legal_after(s, "Q♥") == (card("K♥"),)
    [f] = follow_findings(phase_b("Q♥", "K♥ J♥ A♣"), "Q♥", "J♥")
    assert f.rule == "OT8B2" and "beat the led Q♥ when able: he could play K♥" in f.message


def test_OT8B2_scarne_a_plain_lead_need_not_be_beaten():
    s = phase_b("Q♥", "K♥ J♥ A♣", SCARNE)
    assert set(legal_after(s, "Q♥")) == set(cards("K♥ J♥"))
    assert follow_findings(phase_b("Q♥", "K♥ J♥ A♣", SCARNE), "Q♥", "J♥") == []


@BOTH
def test_OT8B2_a_trump_lead_must_be_beaten_if_able(ruleset):
    s = phase_b("Q♠", "K♠ J♠ A♣", ruleset)
    assert legal_after(s, "Q♠") == (card("K♠"),)
    [f] = follow_findings(phase_b("Q♠", "K♠ J♠ A♣", ruleset), "Q♠", "J♠")
    assert f.rule == "OT8B2"


@BOTH
def test_OT8B2_no_higher_card_then_any_card_of_the_suit(ruleset):
    s = phase_b("A♠", "Q♠ J♠ A♣", ruleset)
    assert set(legal_after(s, "A♠")) == set(cards("Q♠ J♠"))
    assert follow_findings(phase_b("A♠", "Q♠ J♠ A♣", ruleset), "A♠", "J♠") == []


@BOTH
def test_OT8B2_an_identical_card_does_not_beat_the_led_card(ruleset):
    """OT8C2: the leader wins identical cards, so the other K♠ is no card that beats K♠; with
    nothing higher any spade may be played."""
    s = phase_b("K♠", "K♠ Q♠", ruleset)
    assert set(legal_after(s, "K♠")) == set(cards("K♠ Q♠"))
    s = phase_b("K♠", "K♠ Q♠", ruleset)
    assert follow_findings(s, "K♠", "Q♠") == []
    assert s.last_winner is E


@BOTH
def test_OT8B2_an_identical_card_when_a_higher_one_is_held_breaks_OT8B2(ruleset):
    s = phase_b("K♠", "A♠ K♠", ruleset)
    assert legal_after(s, "K♠") == (card("A♠"),)
    [f] = follow_findings(phase_b("K♠", "A♠ K♠", ruleset), "K♠", "K♠")
    assert f.rule == "OT8B2"


def test_OT8B2_must_win_an_identical_plain_card_with_a_higher_one_held_breaks_OT8B2():
    [f] = follow_findings(phase_b("K♣", "A♣ K♣"), "K♣", "K♣")
    assert f.rule == "OT8B2"
    assert follow_findings(phase_b("K♣", "A♣ K♣", SCARNE), "K♣", "K♣") == []


# --- OT8B3: trump when void ------------------------------------------------------------------

@BOTH
def test_OT8B3_void_in_the_suit_led_the_follower_must_trump(ruleset):
    s = phase_b("Q♥", "J♠ A♣", ruleset)
    assert legal_after(s, "Q♥") == (card("J♠"),)
    [f] = follow_findings(phase_b("Q♥", "J♠ A♣", ruleset), "Q♥", "A♣")
    assert f.rule == "OT8B3" and "play a trump (♠) when he cannot follow suit" in f.message


@BOTH
def test_OT8B3_any_trump_will_do_on_a_plain_lead(ruleset):
    s = phase_b("A♥", "J♠ A♠ A♣", ruleset)
    assert set(legal_after(s, "A♥")) == set(cards("J♠ A♠"))
    assert follow_findings(phase_b("A♥", "J♠ A♠ A♣", ruleset), "A♥", "J♠") == []


@BOTH
def test_OT8B3_void_in_the_suit_and_in_trumps_any_card(ruleset):
    s = phase_b("Q♥", "A♣ T♦", ruleset)
    assert set(legal_after(s, "Q♥")) == set(cards("A♣ T♦"))
    assert follow_findings(phase_b("Q♥", "A♣ T♦", ruleset), "Q♥", "T♦") == []


@BOTH
def test_OT8B3_a_trump_led_and_no_trump_held_any_card(ruleset):
    s = phase_b("Q♠", "A♣ T♥", ruleset)
    assert set(legal_after(s, "Q♠")) == set(cards("A♣ T♥"))


# --- OT8A: the leader --------------------------------------------------------------------------

@BOTH
def test_OT8A_the_leader_is_never_constrained_in_phase_B(ruleset):
    s = phase_b("Q♥ A♠ N♣", "K♥ A♣", ruleset)
    assert set(s.legal_cards(E)) == set(cards("Q♥ A♠ N♣"))
    assert s.legal_cards(W) == ()                 # not his turn
    s.play(E, card("N♣"))
    assert s.findings == []


# --- the PhaseB option in records ------------------------------------------------------------

EVENING_1 = strip_comments(evening_battles()[0])


def test_OT8B2_the_evening_is_legal_under_must_win_and_scarne():
    """Every phase-B follower's card of the evening meets the stricter law, so the looser too."""
    assert errors(validate(record(EVENING_1, PhaseB="must-win"))) == []
    assert errors(validate(record(EVENING_1, PhaseB="scarne"))) == []


def test_OT8B2_a_plain_card_that_does_not_beat_is_reported_under_must_win_only():
    """Trick 15: West leads Q♦, East follows K♦ (must-win: she must beat). Following
    with the J♦ instead breaks OT8B2 under must-win and nothing under scarne; the trick then
    goes to the leader, so West leads trick 16 and the rest of the record no longer fits: only
    the trick-15 finding is looked at here."""
    battle = edit_line(EVENING_1, "15. ", "15. Q♦ J♦ W")
    found = [f for f in validate(record(battle)).findings if f.trick == 15]
    assert [f.rule for f in found] == ["OT8B2"]
    assert "beat the led Q♦ when able: he could play" in found[0].message
    found = [f for f in validate(record(battle, PhaseB="scarne")).findings if f.trick == 15]
    assert found == []
