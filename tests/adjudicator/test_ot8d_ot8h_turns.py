"""A trick's turn and the end of the battle: only the winner of a phase-A trick melds, before
the draws (OT8D); the draws, winner first, and their departures under ``Laws "none"`` (OT8E:
reported, no penalty, the hands as drawn); the end of phase A, when the loser of trick 12
draws the upcard or the exchanged nine and the exposed cards go back to the hands (OT8F,
OT7C2, OT7C3); the last trick's 10 (OT8G); the three card-point schedules, each 250 in a
battle (OT8H)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.old_time import SCHEDULES, old_time
from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation.cards import Rank

from tests.adjudicator.otkit import (
    E, W, card, count, east_wins, edit_line, errors, evening_battles, full_deal, kind, meld_rules,
    random_battle, random_game, record, state, strip_comments, validate,
)

EVENING_1 = strip_comments(evening_battles()[0])


# --- OT8D: who melds, and when -----------------------------------------------------------------

def test_OT8D_the_winner_of_a_phase_A_trick_melds_before_the_draws():
    s = state("A♣ K♥ Q♥", "N♣ N♣")
    east_wins(s)
    assert s.melding_seat is E
    assert meld_rules(s, "♥M", 20) == []
    assert s.meld_points(E) == 20


def test_OT8D_the_loser_may_not_meld():
    s = state("A♣", "N♣ K♥ Q♥", upcard="A♠")
    east_wins(s)
    assert s.legal_melds(W) == []
    assert meld_rules(s, "♥M", 20, seat=W) == ["OT8D"]
    s.close()
    [f] = s.findings
    assert (f.rule, f.kind, f.severity) == ("OT8D", Kind.ILLEGAL_MELD, Severity.ERROR)
    assert "West lost trick 1" in f.message and "it scores nothing" in f.message
    assert s.meld_points(W) == 0                          # Laws "none": no meld stands


def test_OT8D_no_meld_after_the_draws():
    s = state("A♣ K♥ Q♥", "N♣ N♣")
    east_wins(s)
    s.finish_turn()
    assert meld_rules(s, "♥M", 20) == ["OT8D"]
    assert "(OT8D, OT8E)" in s.findings[0].message
    assert s.meld_points(E) == 0


def test_OT8D_the_winner_of_trick_12_melds_and_nobody_melds_in_phase_B():
    """The stock of two (one card and the upcard) is drawn after this trick, so this is trick
    12 in effect: its winner melds; the next trick is in phase B."""
    s = state("A♣ K♥ Q♥ A♣ N♠", "N♣ N♣ J♣", stock="J♦", upcard="N♠")
    east_wins(s)
    assert meld_rules(s, "♥M", 20) == []
    s.finish_turn()
    assert s.phase_b
    s.play(E, card("A♣"))
    s.play(W, card("N♣"))
    assert s.melding_seat is E and s.legal_melds(E) == []
    assert meld_rules(s, "dix", 10) == ["OT8D"]
    assert "after the stock is exhausted" in s.findings[-1].message


def test_OT8D_a_meld_after_the_draws_in_a_record():
    battle = edit_line(EVENING_1, "3. ", "3. N♠ T♠ E\ndraw E W\nmeld E ♠M 20")
    report = validate(record(battle))
    assert [f.rule for f in report.findings][:1] == ["OT8D"]
    assert report.battles[0].east.melds == 130            # the 20 is not scored


def test_OT8D_a_meld_by_the_loser_in_a_record():
    battle = edit_line(EVENING_1, "3. ", "3. N♠ T♠ E\nmeld W ♠M 20")
    report = validate(record(battle))
    assert "OT8D" in errors(report)


# --- OT8E: the draws -------------------------------------------------------------------------

def test_OT8E_the_winner_draws_first_then_the_loser():
    s = state("A♣", "N♣", stock="J♦ T♦ Q♦")
    east_wins(s)
    assert s.expected_draws == (E, W)
    assert s.can_draw(E) and not s.can_draw(W)
    s.finish_turn()
    assert count(s.concealed(E), "J♦") == 1 and count(s.concealed(W), "T♦") == 1
    assert s.findings == []


def test_OT8E_verify_finish_turn_cites_OT8E():
    s = state("A♣", "N♣", stock="J♦ T♦ Q♦")
    east_wins(s)
    [f] = s.verify_finish_turn([W, E])
    assert f.rule == "OT8E" and "R8E" not in f.message and "R11" not in f.message
    [f] = s.verify_draw(W)
    assert f.rule == "OT8E" and "R8E" not in f.message


@pytest.mark.parametrize("draws, got_e, got_w", [
    ((W, E), "T♦", "J♦"),                 # the order reversed
    ((E,), "J♦", ""),                     # West missed his draw
    ((E, W, E), "J♦ Q♦", "T♦"),           # East drew one more
    ((), "", ""),                         # nobody drew
])
def test_OT8E_departures_are_reported_with_no_penalty_and_the_hands_as_drawn(draws, got_e,
                                                                              got_w):
    s = state("A♣ K♣", "N♣ Q♣", stock="J♦ T♦ Q♦ K♦ K♦")
    east_wins(s)
    s.finish_turn(list(draws))
    [f] = s.findings
    assert (f.rule, f.kind, f.severity) == ("OT8E", Kind.IRREGULARITY, Severity.ERROR)
    assert "no penalty is stated" in f.message
    for seat, got in ((E, got_e), (W, got_w)):
        for c in got.split():
            assert count(s.concealed(seat), c) == 1
        assert s.hand_size(seat) == 1 + len(got.split())
        assert not s.penalized(seat)


def test_OT8E_after_a_missed_draw_the_lone_card_goes_to_the_winner_no_East_Point_law():
    """After a missed draw the stock is odd: the winner of the trick that finds one card left
    takes it, and no R11E notice (East Point's lone card that nobody takes) is given."""
    s = state("A♣ A♣ A♣", "N♣ N♣ N♣", stock="J♦ T♦ Q♦")
    east_wins(s)
    s.finish_turn([E])                     # West misses: the stock is odd from here
    east_wins(s, "A♣", "N♣")
    assert s.expected_draws == (E, W)
    s.finish_turn()
    east_wins(s, "A♣", "N♣")
    assert s.expected_draws == (E,)        # one card left (the upcard): the winner takes it
    s.finish_turn()
    assert s.phase_b and count(s.concealed(E), "N♠") == 1
    assert [f.rule for f in s.findings] == ["OT8E"]


def test_OT8E_a_draw_in_phase_B_is_reported():
    battle = edit_line(EVENING_1, "13. ", "13. K♣ K♣ W\ndraw W")
    report = validate(record(battle))
    [f] = report.findings
    assert f.rule == "OT8E" and "the stock is empty" in f.message


def test_OT8E_draw_statements_of_the_right_draws_are_silent():
    battle = edit_line(EVENING_1, "6. ", "6. T♦ J♦ E\ndraw E W")
    assert validate(record(battle)).findings == []


# --- OT8F, OT7C2, OT7C3: the end of phase A ---------------------------------------------------

def test_OT7C2_the_loser_of_trick_12_draws_the_upcard():
    s = state("A♣", "N♣", stock="J♦", upcard="K♠")
    east_wins(s)
    s.finish_turn()
    assert count(s.concealed(E), "J♦") == 1 and count(s.concealed(W), "K♠") == 1
    assert s.stock_count == 0 and s.phase_b


def test_OT7C2_the_loser_of_trick_12_draws_the_exchanged_nine_and_scores_nothing_for_it():
    s = state("A♣ N♠", "N♣", stock="J♦", upcard="K♠")
    east_wins(s)
    assert meld_rules(s, "swap", 10) == []
    s.finish_turn()
    assert count(s.concealed(W), "N♠") == 1 and count(s.concealed(E), "K♠") == 1
    assert s.meld_points(W) == 0 and s.meld_points(E) == 10


def test_OT7C3_OT8F_the_exposed_cards_go_back_to_the_concealed_hands():
    s = state("A♣ K♥ Q♥ T♣", "N♣ N♣ K♠ Q♠", stock="J♦ J♦ J♦", upcard="N♠")
    east_wins(s)
    assert meld_rules(s, "♥M", 20) == []
    s.finish_turn()
    s.play(E, card("T♣"))
    s.play(W, card("N♣"))
    s.finish_turn()
    assert s.phase_b
    for seat in (E, W):
        assert s.exposed(seat) == (0,) * 28
    assert count(s.concealed(E), "K♥") == count(s.concealed(E), "Q♥") == 1


def test_OT8F_after_phase_A_the_melded_cards_are_played_from_the_concealed_hand():
    """Phase B is played from one hand; the follower's obligations count the cards that were
    exposed (OT8B1)."""
    s = state("A♣ K♥ Q♥", "N♣ J♥ A♠", stock="J♦", upcard="N♠")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    s.finish_turn()                                       # E: K♥ Q♥ J♦; W: J♥ A♠ N♠
    s.play(E, card("K♥"))
    assert s.legal_cards(W) == (card("J♥"),)


# --- OT8G: the last trick --------------------------------------------------------------------

def test_OT8G_the_winner_of_the_last_trick_scores_10():
    s = state("A♣ K♣", "N♣ Q♣", stock="J♦", upcard="N♠")
    east_wins(s)
    s.finish_turn()                               # E: K♣ J♦, W: Q♣ N♠
    s.play(E, card("K♣"))
    s.play(W, card("Q♣"))
    s.finish_turn()
    s.play(E, card("J♦"))
    s.play(W, card("N♠"))                        # West trumps the last trick
    s.finish_turn()
    assert s.is_over and s.end.rule == "OT8G"
    assert s.trick_points(W) == 2 + 0 + 10
    assert s.trick_points(E) == 11 + 0 + 4 + 3


def test_OT8G_the_evening_ends_with_the_last_trick_and_its_10():
    report = validate(record(EVENING_1))
    assert report.battles[0].ended_by == "OT8G"
    battle = edit_line(EVENING_1, "24. ", "24. T♥ A♥ E\n25. A♣ K♣ E")
    assert errors(validate(record(battle)))[0] == "OT8G"


# --- OT8H: card points -----------------------------------------------------------------------

@pytest.mark.parametrize("schedule, values", [
    ("11-10-4-3-2", (11, 10, 4, 3, 2, 0)),
    ("10-10-10", (10, 10, 10, 0, 0, 0)),
    ("10-10-5-5", (10, 10, 5, 5, 0, 0)),
])
def test_OT8H_the_three_schedules(schedule, values):
    ruleset = old_time(trick_scoring=schedule)
    ranks = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
    for rank, value in zip(ranks, values):
        assert {ruleset.card_points[c] for c in ruleset.pack if c.rank is rank} == {value}
    assert ruleset.total_card_points == 240
    assert set(SCHEDULES) == {"11-10-4-3-2", "10-10-10", "10-10-5-5"}


@pytest.mark.parametrize("schedule", list(SCHEDULES))
@pytest.mark.parametrize("seed", range(6))
def test_OT8H_trick_points_sum_to_250_in_a_full_battle(schedule, seed):
    ruleset = old_time(trick_scoring=schedule)
    _, _, s = random_battle(seed, E if seed % 2 else W, ruleset)
    assert s.is_over and s.end.rule == "OT8G"
    assert s.trick_points(E) + s.trick_points(W) == 250


@pytest.mark.parametrize("schedule", list(SCHEDULES))
def test_OT8H_a_game_under_each_schedule_validates_clean(schedule):
    game, _ = random_game([3, 4], ruleset=old_time(trick_scoring=schedule))
    report = validate_game(game)
    assert [f for f in report.findings if f.severity is not Severity.INFO] == []
    assert all(b.east.tricks + b.west.tricks == 250 for b in report.battles)


def test_OT8H_the_schedule_decides_the_trick_claim():
    report = validate(record(EVENING_1, TrickScoring="10-10-10"))
    found = [(f.rule, f.kind) for f in report.findings if f.rule == "OT8H"]
    assert found == [("OT8H", Kind.MISCOUNT), ("OT8H", Kind.MISCOUNT)]
    b = report.battles[0]
    assert b.east.tricks + b.west.tricks == 250


@pytest.mark.parametrize("statements, drawn", [
    (["draw W E"], "W E"),
    (["nodraw W"], "E"),
    (["extradraw E"], "E W E"),
    (["draw"], ""),
])
def test_OT8E_draw_statements_in_a_record_are_reported_without_penalty(statements, drawn):
    """East wins trick 1 of a whole deal; the record's draws depart from OT8E. Under Laws
    "none" that is one OT8E error, and play goes on with the cards as drawn: East then leads
    the card he drew (the stock's top card or the next one)."""
    deal = full_deal("A♣", "N♣", stock="J♦ T♦ Q♦", upcard="K♥")
    text = record("\n".join(["battle 1 dealer W", *deal, "1. A♣ N♣ E", *statements]))
    report = validate(text)
    [f] = report.findings
    assert (f.rule, f.kind, f.claimed) == ("OT8E", Kind.IRREGULARITY, drawn)
    assert "no penalty is stated" in f.message and "R11" not in f.message
