"""Tricks (OT8): the nondealer leads trick 1 and each winner the next; phase A is tricks 1-12,
with two draws after each, phase B tricks 13-24 without; the leader's card (OT8A); who wins
(OT8C1 a trump beats a non-trump, OT8C2 the same suit by rank and identical cards to the leader,
OT8C3 two plain suits to the leader), and the winner marks of a record checked against it."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.model.steps import Drew
from pinochle.notation.cards import Suit

from tests.adjudicator.otkit import (
    E, OT, W, card, cards, edit_line, evening_battles, kind, random_battle, record, state,
    strip_comments, validate,
)

EVENINGS = [strip_comments(b) for b in evening_battles()]


# --- OT8: who leads, the two phases ------------------------------------------------------------

@pytest.mark.parametrize("dealer", [E, W])
def test_OT8_the_nondealer_leads_the_first_trick(dealer):
    s = state("A♣ K♣", "Q♣ J♣", dealer=dealer)
    assert s.leader is dealer.other and s.to_play is dealer.other
    [f] = s.verify_play(dealer, card("A♣" if dealer is E else "Q♣"))
    assert f.rule == "OT8A" and "nondealer leads the first trick (OT8)" in f.message


def test_OT8_the_winner_of_a_trick_leads_the_next():
    s = state("A♣ K♣", "Q♣ T♥ J♣", stock="J♦ J♦", upcard="N♥")
    s.play(E, card("K♣"))
    s.play(W, card("T♥"))                          # a trump: West wins (OT8C1)
    s.finish_turn()
    assert s.leader is W
    [f] = s.verify_play(E, card("A♣"))
    assert f.rule == "OT8A" and "West won trick 1 and leads (OT8)" in f.message


def test_OT8_phase_A_is_tricks_1_to_12_with_draws_and_phase_B_13_to_24_without():
    _, events, s = random_battle(7)
    draws = [step for step in s.log if isinstance(step, Drew)]
    assert [d.trick for d in draws] == [n for n in range(1, 13) for _ in (0, 1)]
    assert [d.seat for d in draws][:2] == [events[0].winner, events[0].winner.other]
    assert draws[-1].card == s.upcard                       # the upcard, drawn last (OT8F)
    assert s.tricks_played == 24 and s.is_over


def test_OT8_both_hands_hold_12_cards_at_trick_13_and_the_stock_is_exhausted():
    deal, events, _ = random_battle(11)
    s = BattleState(OT, E, deal.east, deal.west, deal.stock, upcard=deal.upcard)
    for trick in events[:12]:
        assert not s.phase_b
        s.play_trick(trick.lead, trick.follow)
        for meld in trick.melds:
            s.meld(s.last_winner, meld.kind, meld.points)
        s.finish_turn()
    assert s.phase_b and s.stock_count == 0
    assert s.hand_size(E) == s.hand_size(W) == 12
    assert s.exposed(E) == s.exposed(W) == (0,) * 28        # OT8F: picked up (OT7C3)


# --- OT8A: the leader's card -------------------------------------------------------------------

def test_OT8A_the_leader_plays_any_card_of_his_hand_concealed_or_exposed():
    s = state("A♣ K♠ Q♠ N♥", "N♣ N♣ J♦", stock="J♦ J♦", upcard="A♠")
    assert set(s.legal_cards(E)) == set(cards("A♣ K♠ Q♠ N♥"))
    s.play(E, card("A♣"))
    s.play(W, card("N♣"))
    s.meld(E, kind("♠M"), 40)
    s.finish_turn()
    assert set(s.legal_cards(E)) == set(cards("K♠ Q♠ N♥ J♦"))
    s.play(E, card("K♠"))                             # the exposed K♠
    assert s.findings == []


def test_OT8A_a_card_the_leader_does_not_hold_is_reported_and_counted_as_played():
    s = state("A♣ K♣", "Q♣ J♣")
    [f] = s.verify_play(E, card("A♥"))
    assert (f.rule, f.kind) == ("OT8A", Kind.ILLEGAL_PLAY)
    s.play(E, card("A♥"))
    assert [x.rule for x in s.findings] == ["OT8A"]
    assert s.hand_size(E) == 1


def test_OT8B_a_card_the_follower_does_not_hold_is_reported_under_OT8B():
    s = state("A♣ K♣", "Q♣ J♣")
    s.play(E, card("A♣"))
    [f] = s.verify_play(W, card("T♣"))
    assert f.rule == "OT8B" and "does not hold" in f.message


# --- OT8C: who wins (spec §10 item 4, trump ♥) -----------------------------------------------

TABLE = [
    ("Q♥", "A♠", E, "OT8C1"),      # a trump led beats a non-trump
    ("A♠", "N♥", W, "OT8C1"),      # the lowest trump beats a plain ace
    ("K♣", "K♣", E, "OT8C2"),      # identical cards: the leader's wins
    ("T♣", "A♣", W, "OT8C2"),      # the same suit: the higher rank
    ("T♣", "A♠", E, "OT8C3"),      # two plain suits: the leader's card
]


@pytest.mark.parametrize("lead, follow, winner, rule", TABLE)
def test_OT8C_the_spec_table_of_tricks(lead, follow, winner, rule):
    s = state(lead, follow, stock="J♦ J♦", upcard="N♥")
    assert s.trump is Suit.HEARTS
    s.play(E, card(lead))
    step = s.play(W, card(follow))
    assert (step.winner, step.rule) == (winner, rule)
    assert s.last_rule == rule


def test_OT8C2_identical_cards_leader_wins():
    for face in ("K♣", "N♥", "A♦"):
        s = state(face, face, stock="J♦ J♦", upcard="N♥")
        s.play(E, card(face))
        assert s.play(W, card(face)).winner is E


def test_OT8C2_identical_trumps_the_leader_wins_too():
    s = state("A♥", "A♥", stock="J♦ J♦", upcard="N♥")
    s.play(E, card("A♥"))
    assert s.play(W, card("A♥")).rule == "OT8C2"
    assert s.last_winner is E


def trick_rule(lead: str, follow: str, trump: str) -> str:
    """The spec's §3.1, typed: the deciding id of a trick."""
    if lead[-1] == follow[-1]:
        return "OT8C2"
    return "OT8C1" if trump in (lead[-1], follow[-1]) else "OT8C3"


def trick_lines(battle: str) -> list[str]:
    return [line for line in battle.splitlines() if line[:1].isdigit()]


@pytest.mark.parametrize("index", [0, 1])
def test_OT8C_every_wrong_winner_mark_of_the_evening_cites_its_deciding_rule(index):
    battle = EVENINGS[index]
    if index:
        battle = edit_line(edit_line(battle, "battle", "battle 1 dealer W"), "total",
                           "total E 208 W 322")
    trump = "♥" if index == 0 else "♠"
    seen = set()
    for line in trick_lines(battle):
        number, lead, follow, mark, *melds = line.split()
        flipped = "W" if mark == "E" else "E"
        wrong = edit_line(battle, number + " ", " ".join([number, lead, follow, flipped, *melds]))
        f, *rest = validate(record(wrong)).findings
        # a meld on the line is the marked seat's, who lost the trick (OT8D):
        # it is not made, and what follows from that (claims, a swap not made) stands
        assert [g.rule for g in rest if g.line == f.line] == ["OT8D"] * (len(melds) // 2), line
        assert rest == [] or melds, line
        rule = trick_rule(lead, follow, trump)
        assert (f.rule, f.kind, f.trick) == (rule, Kind.MISCOUNT, int(number[:-1])), line
        assert f"won by {'East' if mark == 'E' else 'West'}" in f.message
        seen.add(rule)
    assert seen == {"OT8C1", "OT8C2", "OT8C3"} or index == 1


def test_OT8C2_a_mark_giving_identical_cards_to_the_follower_says_why():
    battle = edit_line(EVENINGS[0], "1. ", "1. J♣ J♣ E")
    [f] = validate(record(battle)).findings
    assert f.rule == "OT8C2"
    assert "identical cards: leader's card wins" in f.message


def test_OT8C3_a_mark_giving_two_plain_suits_to_the_follower_says_why():
    battle = edit_line(EVENINGS[0], "8. ", "8. N♦ N♠ E ♥F 150")
    f, meld, *claims = validate(record(battle)).findings
    assert {c.rule for c in claims} <= {"OT9A", "OT3", "OT4A"}     # West's meld not made
    assert f.rule == "OT8C3" and "neither a trump: leader's card wins" in f.message
    assert meld.rule == "OT8D" and meld.message.startswith("East lost trick")


def test_OT8C1_a_mark_against_a_trump_says_why():
    battle = edit_line(EVENINGS[0], "17. ", "17. Q♣ N♥ W")
    [f] = validate(record(battle)).findings
    assert f.rule == "OT8C1" and "a trump beats a card of another suit" in f.message
