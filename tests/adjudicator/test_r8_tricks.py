"""R8 tricks on BattleState: who leads (R8), holding the card (R8A, R8B), who wins (R8C1-R8C4),
the pile (R8D), the end (R8F), trick points (R8G, V3), the sites (R7A) and R10's counts."""

from __future__ import annotations

import itertools

import pytest

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.rulesets.east_point import EAST_POINT, east_point
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.notation.cards import ALL_CARDS, Rank

from tests.adjudicator.replaykit import E, W, card, cards, play_battle

decide = trick_table(EAST_POINT).decide
beats = trick_table(EAST_POINT).beats


def state(east: str, west: str, stock: str = "", dealer=E) -> BattleState:
    return BattleState(EAST_POINT, dealer, cards(east), cards(west), cards(stock))


def test_R8_nondealer_leads_the_first_trick():
    assert state("A♣", "K♣", dealer=E).to_play is W
    assert state("A♣", "K♣", dealer=W).to_play is E


def test_R8_the_trick_winner_leads_the_next_trick():
    s = state("A♣ N♦", "K♣ N♥", dealer=W)           # East leads
    s.play(E, card("N♦"))
    s.play(W, card("N♥"))                              # equal rank, hearts > diamonds: West
    assert s.last_winner is W and s.last_rule == "R8C2"
    s.finish_turn()
    assert s.to_play is W and s.leader is W


def test_R8A_leader_must_hold_the_card():
    s = state("A♣", "K♣", dealer=E)
    [finding] = s.verify_play(W, card("A♣"))
    assert finding.rule == "R8A" and finding.kind is Kind.ILLEGAL_PLAY
    assert "A♣, which he does not hold" in finding.message
    assert s.can_play(W, card("K♣"))


def test_R8A_a_card_not_held_is_played_all_the_same_and_reported():
    s = state("A♣ T♣", "K♣ J♣", dealer=E)
    s.play(W, card("D♣"))
    assert [f.rule for f in s.findings] == ["R8A"]
    assert s.hand_size(W) == 1                         # his hand counts one card fewer
    s.play(E, card("A♣"))
    assert s.last_winner is W                          # D♣ is the highest card (R8C1)
    assert s.trick_points(W) == 30 + 25


def test_R8A_out_of_turn_play_is_reported_and_ignored():
    s = state("A♣", "K♣", dealer=E)
    assert not s.can_play(E, card("A♣"))
    assert s.play(E, card("A♣")) is None
    assert s.findings[0].rule == "R8A" and "West's turn" in s.findings[0].message
    assert s.to_play is W and s.hand_size(E) == 1


def test_R8B_follower_must_hold_the_card_and_play_after_the_leader():
    s = state("A♣", "K♣", dealer=E)
    s.play(W, card("K♣"))
    assert s.to_play is E
    [finding] = s.verify_play(E, card("T♣"))
    assert finding.rule == "R8B"
    assert not s.can_play(W, card("K♣"))
    assert s.verify_play(W, card("K♣"))[0].rule == "R8B"


# The rulebook's "Examples of Tricks" table.
EXAMPLES = [
    ("T♠", "N♠", "leader", "R8C1"),
    ("T♠", "T♣", "follower", "R8C2"),
    ("T♠", "T♦", "leader", "R8C2"),
    ("Q♠", "A♣", "leader", "R8C4"),
    ("A♣", "Q♠", "leader", "R8C4"),
]


@pytest.mark.parametrize("lead,follow,winner,rule", EXAMPLES)
def test_R8C_examples_of_tricks(lead, follow, winner, rule):
    s = state(follow, lead, dealer=E)                  # West leads
    s.play(W, card(lead))
    step = s.play(E, card(follow))
    assert step.winner is (W if winner == "leader" else E)
    assert step.rule == rule


def test_R8C1_R8C2_R8C4_deuce_of_clubs_led_wins_against_anything():
    lead = card("D♣")
    for follow in ALL_CARDS:
        if follow is not lead:
            assert not beats(lead, follow)
            assert decide(lead, follow).rule in ("R8C1", "R8C2", "R8C4")


def test_R8C1_R8C2_R8C4_nine_of_diamonds_followed_loses_to_anything():
    follow = card("N♦")
    for lead in ALL_CARDS:
        if lead is not follow:
            assert not beats(lead, follow)


def test_R8C1_higher_rank_of_the_same_suit_wins():
    assert decide(card("K♥"), card("A♥")) == (True, "R8C1")
    assert decide(card("A♥"), card("K♥")) == (False, "R8C1")
    assert decide(card("N♠"), card("D♠")) == (True, "R8C1")


def test_R8C2_higher_suit_of_the_same_rank_wins():
    assert decide(card("Q♦"), card("Q♣")) == (True, "R8C2")
    assert decide(card("Q♣"), card("Q♦")) == (False, "R8C2")


@pytest.mark.parametrize("face", [c for c in ALL_CARDS if c.rank not in (Rank.DEUCE, Rank.NINE)],
                         ids=str)
def test_R8C3_identical_cards_follower_wins(face):
    s = state(str(face), str(face), dealer=E)
    s.play(W, face)
    step = s.play(E, face)
    assert step.winner is E and step.rule == "R8C3"


def test_R8C4_unequal_rank_and_suit_leader_wins():
    assert decide(card("N♦"), card("D♣")) == (False, "R8C4")


def test_R8C_exactly_one_sub_rule_decides_every_pair():
    for lead, follow in itertools.product(ALL_CARDS, repeat=2):
        same_suit, same_rank = lead.suit is follow.suit, lead.rank is follow.rank
        expected = ("R8C3" if same_suit and same_rank else "R8C1" if same_suit else
                    "R8C2" if same_rank else "R8C4")
        assert decide(lead, follow).rule == expected


def test_R8D_both_cards_go_to_the_winners_pile_and_the_turn_opens():
    s = state("A♣ K♠", "T♣ Q♠", "N♣ N♠", dealer=W)
    s.play(E, card("A♣"))
    s.play(W, card("T♣"))
    pile = s.pile(E)
    assert pile[card("A♣").index] == 1 and pile[card("T♣").index] == 1
    assert sum(s.pile(W)) == 0
    assert s.in_turn and s.melding_seat is E and s.to_play is None
    assert s.trick_number == 1
    s.finish_turn()
    assert s.trick_number == 2 and s.to_play is E


def test_R8E_playing_during_an_open_turn_needs_the_draws_first():
    s = state("A♣ K♠", "T♣ Q♠", "N♣ N♠", dealer=W)
    s.play(E, card("A♣"))
    s.play(W, card("T♣"))
    assert s.verify_play(E, card("K♠"))[0].rule == "R8E"
    s.play(E, card("K♠"))                             # the next lead ends the turn
    assert s.stock_count == 0 and not s.findings


def test_R8F_battle_ends_when_both_hands_are_empty():
    _, events, s = play_battle(7)
    assert s.is_over and s.end.rule == "R8F" and s.tricks_played == 24
    assert s.to_play is None and s.melding_seat is None
    assert s.play(E, card("A♣")) is None and s.findings[-1].rule == "R8F"


@pytest.mark.parametrize("seed", range(5))
def test_R8G_C4_trick_points_of_a_battle_total_720(seed):
    _, _, s = play_battle(seed)
    assert s.trick_points(E) + s.trick_points(W) == 720


def test_R8G_V3_trick_points_total_696():
    _, _, s = play_battle(3, ruleset=east_point(trick_scoring="v3"))
    assert s.trick_points(E) + s.trick_points(W) == 696


def test_R8G_card_points_are_the_rulesets():
    s = state("N♦", "D♣", dealer=E)
    s.play(W, card("D♣"))
    s.play(E, card("N♦"))
    assert s.trick_points(W) == 30 + 0 and s.trick_points(E) == 0
    v3 = BattleState(east_point(trick_scoring="v3"), E, cards("N♦"), cards("D♣"), ())
    v3.play(W, card("D♣"))
    v3.play(E, card("N♦"))
    assert v3.trick_points(W) == 28 + 1


@pytest.mark.parametrize("seed", range(3))
def test_R7A_every_card_is_in_exactly_one_site_throughout(seed):
    import random
    from pinochle.simulator.deal import deal
    rng = random.Random(seed)
    dealt = deal(EAST_POINT, W, rng)
    s = BattleState(EAST_POINT, W, dealt.east, dealt.west, dealt.stock)
    pack = [EAST_POINT.pack[c] for c in sorted(ALL_CARDS, key=lambda c: c.index)]

    def conserved():
        total = [sum(site[i] for site in s.sites()) for i in range(28)]
        assert total == pack

    while not s.is_over:
        for _ in range(2):
            s.play(s.to_play, rng.choice(s.legal_cards(s.to_play)))
            conserved()
        melds = s.legal_melds(s.melding_seat)
        if melds:
            v = melds[0]
            s.meld(s.melding_seat, v.kind, v.points)
            conserved()
        s.finish_turn()
        conserved()
    assert sum(sum(p) for p in (s.pile(E), s.pile(W))) == 48


def test_R10_info_counts_hands_and_stock():
    s = state("A♣ K♠ Q♥", "T♣ Q♠ J♥", "N♣ N♠ N♥ N♦", dealer=W)
    info = s.info(E)
    assert (info.hand, info.opponent_hand, info.stock) == (3, 3, 4)
    s.play(E, card("A♣"))
    assert s.info(W).opponent_hand == 2 and s.info(W).trick == (card("A♣"),)


def test_R8A_a_card_held_exposed_and_concealed_comes_from_the_exposed_hand_by_default():
    def after_club_duo() -> BattleState:
        state = BattleState(EAST_POINT, W, cards("K♠ A♣ T♣ A♣ Q♠"), cards("N♦ N♥ N♠"),
                            cards("J♠ J♣"))
        state.play(E, card("K♠"))
        state.play(W, card("N♦"))
        state.meld(E, kind_("♣2"), 81)                 # one A♣ and one T♣ exposed
        state.finish_turn()
        return state

    s = after_club_duo()
    step = s.play(E, card("A♣"))
    assert step.from_exposed and s.exposed(E)[card("A♣").index] == 0
    assert s.concealed(E)[card("A♣").index] == 1
    other = after_club_duo()
    step = other.play(E, card("A♣"), from_exposed=False)
    assert not step.from_exposed and other.exposed(E)[card("A♣").index] == 1


def test_R11D_when_both_players_are_found_with_too_many_R8C_decides():
    s = state("N♦ A♣", "K♠ Q♠", dealer=E)
    s._penalized = [True, True]                       # both found with too many (R11D)
    s.play(W, card("K♠"))
    step = s.play(E, card("N♦"))
    assert step.winner is W and step.rule == "R8C4"


def kind_(text):
    from pinochle.notation.melds import MeldKind
    return MeldKind.parse(text)
