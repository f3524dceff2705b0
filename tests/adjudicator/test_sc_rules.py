"""Scarne's two-handed turn-up trump Pinochle, its game rules (spec
../shared/rulesets/scarne-two-handed-turn-up-trump.md, SC-...): the ruleset's data (SC-REQ2,
SC-DEAL, SC-TRUMP, SC-LAST, the options), the tricks (SC-PLAY2W), the follower in phase 1 and
phase 2 (SC-PLAY2, SC-PLAYB2, SC-PLAYB3), meld timing (SC-MELD1-SC-MELD4), reuse (SC-MELD5,
SC-MELD6 with OT9C, OT9G where Scarne is silent), the deece (SC-PLAY5, SC-MELD7-SC-MELD10), and
the game (SC-WIN1, SC-ALT1, SC-ALT2, SC-SCORE2). Positions as otkit's: West deals, East leads."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.model.ruleset import GameEnd, RulesetError
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation.cards import Suit
from pinochle.notation.events import Battle, Game, Tag

from tests.adjudicator.otkit import E, W, card, east_wins, kind, meld_rules, random_battle, state

SC = scarne(laws="none")     # the game rules alone: Scarne's laws are the default


def sc_state(east: str, west: str, **kwargs) -> BattleState:
    return state(east, west, ruleset=kwargs.pop("ruleset", SC), **kwargs)


def turns(hand: str, melds: list[tuple[str, int]], ruleset=SC) -> tuple[list[list[str]], int]:
    """East holds ``hand`` and wins one trick per meld (spades trumps); the rules each meld
    cites, and East's meld points."""
    s = sc_state(hand + " A♣" * len(melds), "N♣ " * len(melds), ruleset=ruleset)
    found = []
    for meld in melds:
        east_wins(s, "A♣", "N♣")
        found.append(meld_rules(s, *meld))
    return found, s.meld_points(E)


# --- the ruleset as data ----------------------------------------------------------------------

def test_SC_REQ2_SC_DEAL_a_48_card_pack_twelve_each_23_face_down_and_an_upcard():
    assert (SC.pack_size, SC.hand_size, SC.stock_size, SC.upcard) == (48, 12, 23, True)
    assert SC.pack[card("N♠")] == 2 and SC.pack_rule == "SC-REQ2"


def test_SC_LAST_the_card_count_is_250_with_the_last_trick_for_every_schedule():
    for schedule in ("11-10-4-3-2", "10-10-10", "10-10-5-5"):
        r = scarne(trick_scoring=schedule)
        assert r.total_card_points + r.last_trick_bonus == 250


def test_SC_WIN1_SC_ALT1_SC_ALT2_the_game_end_options():
    assert SC.game_end == GameEnd("target", 1000, False)
    assert scarne(target="1500").game_end.target == 1500
    assert scarne(game_end="single-hand").game_end.kind == "single-hand"
    assert scarne(game_end="call-out").game_end == GameEnd("target", 1000, True)


def test_SC_options_are_read_from_the_tags_with_their_defaults():
    r = ruleset_from_tags({"Ruleset": "scarne"})
    assert r == scarne() and r.name == "scarne"
    assert dict(r.options) == {"TrickScoring": "11-10-4-3-2", "GameEnd": "target",
                               "Target": "1000", "Scale": "points", "Roundhouse": "240",
                               "Laws": "scarne", "RenegeCheck": "any-time",
                               "LookPenalty": "none"}
    assert ruleset_from_tags({"Ruleset": "scarne", "Laws": "none"}) == SC
    assert ruleset_from_tags({"Ruleset": "Scarne", "Target": "2000"}).game_end.target == 2000


@pytest.mark.parametrize("tag, value", [("Target", "900"), ("GameEnd", "knock"),
                                        ("Laws", "east-point"), ("PhaseB", None)])
def test_SC_an_unknown_option_value_is_refused_naming_its_tag(tag, value):
    if value is None:           # an old-time option is not a Scarne option: ignored here
        assert ruleset_from_tags({"Ruleset": "scarne", tag: "must-win"}) == scarne()
        return
    with pytest.raises(RulesetError) as caught:
        ruleset_from_tags({"Ruleset": "scarne", tag: value})
    assert caught.value.tag == tag


def test_SC_SCORE2_tens_divide_every_value_by_ten_and_the_game_is_100():
    r = scarne(trick_scoring="10-10-10", scale="tens")
    assert r.game_end.target == 100 and r.last_trick_bonus == 1 and r.upcard_nine_bonus == 1
    assert r.total_card_points + r.last_trick_bonus == 25
    assert r.meld_points(kind("♠F"), Suit.SPADES) == 15
    assert r.meld_points(kind("♥M"), Suit.SPADES) == 2


def test_SC_SCORE2_tens_without_the_10_10_10_schedule_is_refused():
    with pytest.raises(RulesetError) as caught:
        ruleset_from_tags({"Ruleset": "scarne", "Scale": "tens"})
    assert caught.value.tag == "Scale" and "SC-SCORE2" in str(caught.value)


# --- SC-TRUMP, SC-MELD7: the upcard ---------------------------------------------------------

def test_SC_TRUMP_SC_MELD7_a_turned_deece_credits_the_dealer_10():
    s = sc_state("A♣", "N♣", upcard="N♥")
    assert s.trump is Suit.HEARTS and s.meld_points(W) == 10 and s.meld_points(E) == 0


def test_SC_TRUMP_another_upcard_credits_nobody():
    s = sc_state("A♣", "N♣", upcard="T♥")
    assert s.trump is Suit.HEARTS and s.meld_points(W) == s.meld_points(E) == 0


# --- SC-PLAY2W: the trick -----------------------------------------------------------------------

@pytest.mark.parametrize("lead, follow, winner", [
    ("K♣", "A♣", W),        # the higher card of the suit led
    ("A♣", "N♠", W),        # any trump on a non-trump lead
    ("A♣", "A♣", E),        # identical cards: the first played
    ("A♣", "A♥", E),        # another plain suit: the leader's card
])
def test_SC_PLAY2W_who_wins_the_trick(lead, follow, winner):
    s = sc_state(lead, follow)
    s.play(E, card(lead))
    step = s.play(W, card(follow))
    assert step.winner is winner and s.findings == []


# --- SC-PLAY2, SC-PLAYB2, SC-PLAYB3: the follower ---------------------------------------------

def phase_2(east: str, west: str) -> BattleState:
    """Trick 2 led by East in phase 2 (SC-PLAYB1): trick 1 exhausts a stock of one card and
    the upcard N♠ (spades trumps): West wins it with A♣, draws J♦, East draws the upcard."""
    s = sc_state(east + " N♣", west + " A♣", stock="J♦")
    s.play(E, card("N♣"))
    s.play(W, card("A♣"))
    s.finish_turn()
    assert s.phase_b
    s.play(W, card("J♦"))
    s.play(E, card("N♠"))
    s.finish_turn()
    assert s.to_play is E and s.findings == []
    return s


def follower(s: BattleState, lead: str) -> list[str]:
    s.play(E, card(lead))
    return sorted(str(c) for c in set(s.legal_cards(W)))


def test_SC_PLAY2_before_the_stock_is_out_any_card_may_follow():
    s = sc_state("K♣", "A♣ Q♣ N♠ J♥")
    s.play(E, card("K♣"))
    assert not s.follow_obliged()
    s.play(W, card("J♥"))
    assert s.findings == []


def test_SC_PLAYB2_follow_suit_without_having_to_beat_a_plain_lead():
    s = phase_2("K♣ A♠", "A♣ Q♣ N♠ J♥")
    assert follower(s, "K♣") == sorted(["A♣", "Q♣"])
    s.play(W, card("Q♣"))
    assert s.findings == []


def test_SC_PLAYB2_void_in_the_suit_led_trump():
    s = phase_2("K♥ A♠", "A♣ N♠ T♠")
    assert follower(s, "K♥") == sorted(["N♠", "T♠"])
    s.play(W, card("A♣"))
    [f] = s.findings
    assert (f.rule, f.kind) == ("SC-PLAYB2", Kind.ILLEGAL_PLAY)


def test_SC_PLAYB2_on_a_trump_lead_a_higher_trump_if_able():
    s = phase_2("K♠ A♣", "A♠ N♠ J♥")
    assert follower(s, "K♠") == ["A♠"]
    s.play(W, card("N♠"))
    [f] = s.findings
    assert f.rule == "SC-PLAYB2"


def test_SC_PLAYB2_on_a_trump_lead_a_lower_trump_when_no_higher():
    s = phase_2("A♠ A♣", "N♠ J♥")
    assert follower(s, "A♠") == ["N♠"]


def test_SC_PLAYB3_void_in_the_suit_and_in_trumps_any_card():
    s = phase_2("K♥ A♠", "A♣ J♦")
    assert follower(s, "K♥") == sorted(["A♣", "J♦"])


# --- SC-MELD1-SC-MELD4: who melds, and when -------------------------------------------------

def test_SC_MELD1_the_trick_loser_may_not_meld():
    s = sc_state("A♣", "N♣ K♥ Q♥", upcard="T♠")
    east_wins(s)
    assert meld_rules(s, "♥M", 20, seat=W) == ["SC-MELD1"]
    assert s.meld_points(W) == 0


def test_SC_PLAY4_the_trick_winner_melds_and_the_points_are_posted_at_once():
    s = sc_state("A♣ K♥ Q♥", "N♣")
    east_wins(s)
    assert meld_rules(s, "♥M", 20) == [] and s.meld_points(E) == 20


def test_SC_MELD2_one_meld_a_turn():
    s = sc_state("A♣ K♥ Q♥ K♦ Q♦", "N♣")
    east_wins(s)
    assert meld_rules(s, "♥M", 20) == []
    assert meld_rules(s, "♦M", 20) == ["SC-MELD2"]
    assert s.meld_points(E) == 20


def test_SC_MELD2_SC_PLAY5_the_deece_alone_or_with_another_meld():
    s = sc_state("A♣ K♥ Q♥ N♠ A♣", "N♣ N♣")
    east_wins(s)
    assert meld_rules(s, "♥M", 20) == [] and meld_rules(s, "dix", 10) == []
    assert s.meld_points(E) == 30
    s = sc_state("A♣ N♠", "N♣", upcard="T♠")
    east_wins(s)
    assert meld_rules(s, "swap", 10) == [] and s.meld_points(E) == 10
    assert card("T♠") in s.hand(E)                    # the deece exchanged for the upcard


def test_SC_MELD3_no_meld_after_the_draws():
    s = sc_state("A♣ K♥ Q♥", "N♣ N♣")
    east_wins(s)
    s.finish_turn()
    assert meld_rules(s, "♥M", 20) == ["SC-MELD3"]
    assert "(SC-MELD3, SC-PLAY8)" in s.findings[0].message
    assert s.meld_points(E) == 0


def test_SC_MELD4_SC_PLAY10_the_last_stock_trick_melds_and_nobody_after_it():
    s = sc_state("A♣ K♥ Q♥ A♣ N♠", "N♣ N♣ J♣", stock="J♦", upcard="N♠")
    east_wins(s)
    assert meld_rules(s, "♥M", 20) == []
    s.finish_turn()
    assert s.phase_b and card("N♠") in s.hand(W)     # the loser draws the upcard
    assert s.meld_points(W) == 10                     # only the dealer's turned deece
    s.play(E, card("A♣"))
    s.play(W, card("N♣"))
    assert s.legal_melds(E) == []
    assert meld_rules(s, "dix", 10) == ["SC-MELD4"]


def test_SC_PLAY11_the_melded_cards_go_back_to_the_hand_when_the_stock_is_out():
    s = sc_state("A♣ K♥ Q♥ A♣", "N♣ N♣", stock="J♦")
    east_wins(s)
    meld_rules(s, "♥M", 20)
    assert sum(s.exposed(E)) == 2
    s.finish_turn()
    assert sum(s.exposed(E)) == 0 and card("K♥") in s.hand(E)


# --- SC-MELD5, SC-MELD6: reuse ----------------------------------------------------------------

def test_SC_MELD5_a_double_marriage_reusing_a_marriage_is_illegal():
    found, points = turns("K♥ Q♥ K♥ Q♥", [("♥M", 20), ("♥♥M", 40)])
    assert found == [[], ["SC-MELD5"]] and points == 20


def test_SC_MELD5_the_same_reuse_is_legal_in_old_time_Pinochle():
    found, points = turns("K♥ Q♥ K♥ Q♥", [("♥M", 20), ("♥♥M", 40)], ruleset=old_time())
    assert found == [[], []] and points == 60


def test_SC_MELD5_says_why():
    s = sc_state("K♥ Q♥ K♥ Q♥ A♣ A♣", "N♣ N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    east_wins(s)
    [f] = s.verify_meld(E, kind("♥♥M"), 40)
    assert (f.rule, f.kind) == ("SC-MELD5", Kind.ILLEGAL_MELD)
    assert "already in a marriage" in f.message


def test_SC_MELD5_a_double_marriage_of_four_fresh_cards_is_legal():
    found, points = turns("K♥ Q♥ K♥ Q♥", [("♥♥M", 40)])
    assert found == [[]] and points == 40


def test_SC_MELD5_a_marriage_card_may_go_into_a_flush_L97():
    found, points = turns("K♠ Q♠ A♠ T♠ J♠", [("♠M", 40), ("♠F", 150)])
    assert found == [[], []] and points == 190


def test_SC_MELD5_a_marriage_card_may_go_into_a_group_of_four_or_a_pinochle():
    found, points = turns("K♥ Q♥ K♠ K♦ K♣ Q♠ J♦", [("♥M", 20), ("K4", 80), ("P", 40)])
    assert found == [[], [], []] and points == 140


def test_SC_MELD5_a_king_of_a_group_of_four_may_go_into_one_marriage():
    found, points = turns("K♥ K♠ K♦ K♣ Q♥", [("K4", 80), ("♥M", 20)])
    assert found == [[], []] and points == 100


def test_SC_MELD6_the_roundhouse_parts_melded_separately_total_at_most_220():
    """L36: kings 80, three marriages (one royal) each with a concealed queen, the queens with
    the fourth concealed queen: 220; the fourth marriage would be two exposed cards."""
    hand = "K♠ K♥ K♦ K♣ Q♠ Q♥ Q♦ Q♣"
    found, points = turns(hand, [("K4", 80), ("♠M", 40), ("♥M", 20), ("♦M", 20), ("Q4", 60),
                                 ("♣M", 20)])
    assert found == [[], [], [], [], [], ["SC-MELD6 (OT9C)"]] and points == 220


def test_OT9G_Scarne_silent_a_flush_then_its_royal_marriage_is_illegal():
    found, points = turns("K♠ Q♠ A♠ T♠ J♠", [("♠F", 150), ("♠M", 40)])
    assert found == [[], ["OT9G (Scarne silent)"]] and points == 150


# --- SC-MELD8, SC-MELD9, SC-MELD10: the deece ---------------------------------------------------

def test_SC_MELD9_the_second_deece_scores_10_when_melded():
    s = sc_state("A♣ N♠ A♣ N♠", "N♣ N♣", upcard="T♠")
    east_wins(s)
    assert meld_rules(s, "swap", 10) == []
    east_wins(s)
    assert meld_rules(s, "dix", 10) == [] and s.meld_points(E) == 20


def test_SC_MELD10_the_loser_of_the_last_stock_trick_draws_the_deece_for_nothing():
    s = sc_state("A♣ A♣", "N♣ J♣", stock="J♦", upcard="N♠")
    before = s.meld_points(W)
    east_wins(s)
    s.finish_turn()
    assert card("N♠") in s.hand(W) and s.meld_points(W) == before


# --- SC-WIN1, SC-WIN2, SC-ALT1: the game ------------------------------------------------------

def game_of(ruleset, first_dealer=E, stop=None):
    """Random legal Scarne battles, dealers alternating (SC-WIN2), until ``stop(totals)``."""
    battles, totals, dealer, seed = [], (0, 0), first_dealer, 0
    while True:
        deal, events, s = random_battle(seed, dealer, ruleset)
        battles.append(Battle(number=len(battles) + 1, dealer=dealer, events=(deal, *events)))
        totals = (totals[0] + s.score(E), totals[1] + s.score(W))
        dealer, seed = dealer.other, seed + 1
        if stop(totals):
            break
    header = {"Ruleset": "scarne", **ruleset.options,
              "Result": f"{totals[0]}-{totals[1]}"}
    return Game(header=tuple(Tag(name=k, value=v) for k, v in header.items()),
                battles=tuple(battles)), totals


def game_over(target):
    return lambda t: t[0] != t[1] and max(t) >= target


def rules_of(game):
    return [f.rule for f in validate_game(game).findings if f.severity is not Severity.INFO]


def test_SC_WIN1_the_game_ends_with_the_hand_in_which_a_player_reaches_1000():
    game, totals = game_of(SC, stop=game_over(1000))
    assert max(totals) >= 1000 and rules_of(game) == []


def test_SC_WIN1_a_hand_after_the_game_ended_is_reported():
    game, _ = game_of(SC, stop=game_over(1000))
    extra, _ = game_of(SC, stop=lambda t: True)
    last = extra.battles[0].model_copy(update={"number": len(game.battles) + 1,
                                               "dealer": game.battles[-1].dealer.other})
    longer = game.model_copy(update={"battles": (*game.battles, last)})
    assert "SC-WIN1" in rules_of(longer)


def test_SC_WIN1_a_game_stopped_before_1000_with_a_result_is_reported():
    game, totals = game_of(SC, stop=lambda t: max(t) >= 400)
    assert max(totals) < 1000
    assert rules_of(game) == ["SC-WIN1"]


def test_SC_ALT1_a_single_hand_game_ends_with_a_hand_that_is_not_a_tie():
    single = scarne(game_end="single-hand")
    game, totals = game_of(single, stop=lambda t: t[0] != t[1])
    assert len(game.battles) == 1 and rules_of(game) == []


# --- SC-MELD6: the roundhouse, all at once --------------------------------------------------------

ROUNDHOUSE = "K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣"


def test_SC_MELD6_the_roundhouse_melded_all_at_once_scores_240():
    found, points = turns(ROUNDHOUSE, [("RH", 240)])
    assert found == [[]] and points == 240


def test_SC_MELD6_a_roundhouse_of_seven_cards_is_not_held():
    s = sc_state("K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ A♣", "N♣")
    east_wins(s)
    assert s.legal_melds(E) == [] or all(v.kind != kind("RH") for v in s.legal_melds(E))
    assert meld_rules(s, "RH", 240) == ["SC-PLAY4"]


def test_SC_MELD5_SC_MELD6_no_roundhouse_over_an_earlier_marriage():
    found, points = turns(ROUNDHOUSE, [("♥M", 20), ("RH", 240)])
    assert found == [[], ["SC-MELD5"]] and points == 20


def test_SC_MELD6_a_roundhouse_may_reuse_the_kings_of_four_kings():
    found, points = turns(ROUNDHOUSE, [("K4", 80), ("RH", 240)])
    assert found == [[], []] and points == 320


def test_SC_MELD6_after_a_roundhouse_a_flush_reuses_its_trump_king_and_queen():
    found, points = turns(ROUNDHOUSE + " A♠ T♠ J♠", [("RH", 240), ("♠F", 150)])
    assert found == [[], []] and points == 390


def test_SC_MELD6_after_a_roundhouse_no_marriage_and_no_four_kings_reuse_its_cards():
    found, points = turns(ROUNDHOUSE + " K♥ K♠", [("RH", 240), ("♥M", 20), ("K4", 80)])
    assert found == [[], ["SC-MELD5"], ["OT9G (Scarne silent)"]] and points == 240


def test_SC_MELD6_after_a_roundhouse_a_pinochle_reuses_its_queen_of_spades():
    found, points = turns(ROUNDHOUSE + " J♦", [("RH", 240), ("P", 40)])
    assert found == [[], []] and points == 280


def test_SC_MELD6_the_roundhouse_is_no_old_time_meld():
    found, points = turns(ROUNDHOUSE, [("RH", 240)], ruleset=old_time())
    assert found == [["OT9A"]] and points == 0


def test_SC_PLAY5N_SC_MELD9_after_a_turned_deece_nobody_exchanges_the_other_deece_scores_10():
    s = sc_state("A♣ N♠", "N♣", upcard="N♠")
    east_wins(s)
    assert meld_rules(s, "swap", 10) == [] and s.meld_points(E) == 10
    assert s.exposed(E)[card("N♠").index] == 1          # laid as a dix: no exchange
    assert s.meld_points(W) == 10                                             # the dealer's
