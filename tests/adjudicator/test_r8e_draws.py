"""R8E draws after each trick, and their irregularities: R11C (missed), R11D (extra), R11E (a
stock of exactly one card stays)."""

from __future__ import annotations

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.east_point import EAST_POINT

from tests.adjudicator.replaykit import E, W, card, cards


def after_trick(stock: str, east="K♠ Q♠", west="N♦ N♥") -> BattleState:
    """West deals; East leads K♠, West follows N♦: East wins (R8C4); stock top first."""
    s = BattleState(EAST_POINT, W, cards(east), cards(west), cards(stock))
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    assert s.last_winner is E
    return s


#: Twelve-card hands (R6B), so that the counts R11C and R11D compare are the real ones.
FULL_EAST = "K♠ D♣ A♣ K♣ Q♣ J♣ T♣ N♣ D♠ A♠ Q♠ J♠"
FULL_WEST = "N♦ D♥ A♥ K♥ Q♥ J♥ T♥ N♥ D♦ A♦ K♦ Q♦"


def test_R8E_winner_draws_the_top_card_then_the_loser():
    s = after_trick("A♣ T♣ J♦ J♥")
    assert s.expected_draws == (E, W)
    assert s.can_draw(E) and not s.can_draw(W)
    s.finish_turn()
    assert s.concealed(E)[card("A♣").index] == 1
    assert s.concealed(W)[card("T♣").index] == 1
    assert s.stock_count == 2 and not s.findings


def test_R8E_step_by_step_draws_then_finish_turn_completes_them():
    s = after_trick("A♣ T♣")
    s.draw(E)
    assert s.can_draw(W) and not s.can_draw(E)
    s.finish_turn()
    assert s.concealed(W)[card("T♣").index] == 1 and not s.findings


def test_R8E_loser_drawing_first_is_reported():
    s = after_trick("A♣ T♣")
    s.finish_turn([W, E])
    [f] = s.findings
    assert f.rule == "R8E" and f.severity is Severity.ERROR
    assert s.concealed(W)[card("A♣").index] == 1       # applied as it happened
    assert f.claimed == "W E" and f.expected == "E W"


def test_R8E_drawing_from_an_empty_stock_is_reported():
    s = after_trick("")
    assert s.expected_draws == ()
    s.finish_turn([E])
    assert [f.rule for f in s.findings] == ["R8E"]
    assert "stock is empty" in s.findings[0].message


def test_R11C_a_missed_draw_is_a_notice_and_the_player_plays_short():
    s = after_trick("A♣ T♣ J♦ J♥")
    s.finish_turn([E])
    s.close()
    [f] = s.findings
    # R11C's whole consequence is playing short, which happens by itself: handled as R11 says.
    assert f.rule == "R11C" and f.kind is Kind.IRREGULARITY and f.severity is Severity.INFO
    assert s.hand_size(W) == 1 and s.hand_size(E) == 2


def test_R11D_an_extra_draw_found_out_is_a_notice():
    s = after_trick("A♣ T♣ J♦ J♥", FULL_EAST, FULL_WEST)
    s.finish_turn([E, W, E])
    assert s.hand_size(E) == 13 and s.hand_size(W) == 12
    assert s.findings == []                         # R11D applies once it is discovered
    assert s.laws.discover(E, too_many=True)
    s.close()
    assert [(f.rule, f.kind, f.severity) for f in s.findings] == [
        ("R11D", Kind.IRREGULARITY, Severity.INFO), ("R11D", Kind.NOTICE, Severity.INFO)]
    assert (s.findings[0].claimed, s.findings[0].expected, s.findings[0].trick) == (2, 1, 1)


def test_R11D_an_extra_draw_never_found_out_is_a_warning():
    s = after_trick("A♣ T♣ J♦ J♥")
    s.finish_turn([E, W, E])
    s.close()
    [f] = s.findings
    assert f.rule == "R11D" and f.kind is Kind.IRREGULARITY and f.severity is Severity.WARNING
    assert "never found with too many cards" in f.message and f.trick == 1


def test_R11D_an_extra_draw_after_he_was_found_out_is_a_notice_at_once():
    s = after_trick("A♣ T♣ J♦ J♥ Q♦ Q♥", FULL_EAST, FULL_WEST)
    s.finish_turn([E, W, E])
    s.laws.discover(E, too_many=True)
    s.draw(E)                                       # another card, outside the draws
    assert [(f.rule, f.severity) for f in s.findings] == [("R11D", Severity.INFO)] * 3
    assert "already found with too many" in s.findings[2].message


def test_R11D_a_draw_outside_a_turn_is_an_extra_card():
    s = BattleState(EAST_POINT, W, cards("K♠"), cards("N♦"), cards("A♣ T♣"))
    s.draw(E)
    s.close()
    assert [(f.rule, f.severity) for f in s.findings] == [("R11D", Severity.WARNING)]
    assert s.hand_size(E) == 2


def test_R11E_a_stock_of_exactly_one_card_stays_where_it_is():
    s = after_trick("A♣")
    assert s.expected_draws == ()
    s.finish_turn()
    assert s.stock_count == 1
    [f] = s.findings
    assert f.rule == "R11E" and f.kind is Kind.NOTICE and f.severity is Severity.INFO


def test_R11E_taking_the_lone_card_is_an_error():
    s = after_trick("A♣")
    s.finish_turn([E])
    [f] = s.findings
    # R11E says neither player takes it, and no rule repairs taking it.
    assert f.rule == "R11E" and f.kind is Kind.IRREGULARITY and f.severity is Severity.ERROR
    assert s.stock_count == 0


def test_R11E_the_lone_card_counts_for_neither_player():
    s = BattleState(EAST_POINT, W, cards("K♠"), cards("N♦"), cards("A♣"))
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    s.finish_turn()
    assert s.is_over and s.end.rule == "R8F" and s.stock_count == 1
    assert s.trick_points(E) + s.trick_points(W) == 20
