"""Double-pack's pack, options and trick play (spec §2, §3): DP-PACK, DP-DEAL2, DP-PLAY2-5.

The fixtures from the rulebook's text (spec §10.1) are marked with their line: L15 (the pack).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.rulesets.double_pack import (DOUBLE_PACK, DOUBLE_PACK_OPTIONS,
                                                       double_pack, double_pack_melds)
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.model.ruleset import AuctionRules, RulesetError
from pinochle.adjudicator.partnership.tricks import broken_rule, legal_plays, winning_index
from pinochle.notation.cards import FOUR_SEATS, TWO_SEATS, Card, Rank, Suit, parse_cards

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
TOP_HIGHEST = double_pack(trump_lead="top-highest")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# ---- DP-PACK, DP-DEAL2, the ruleset's data ----

def test_DP_PACK_L15_eighty_cards_four_of_each_face_no_nines():
    pack = DOUBLE_PACK.pack
    assert DOUBLE_PACK.pack_size == 80
    faces = [card for card, n in pack.items() if n]
    assert len(faces) == 20 and all(pack[card] == 4 for card in faces)
    assert {card.rank for card in faces} == {Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN,
                                             Rank.JACK}
    assert pack[Card(Rank.NINE, H)] == 0 and pack[Card(Rank.DEUCE, H)] == 0


def test_DP_DEAL2_L15_twenty_each_to_four_seats_no_stock():
    assert DOUBLE_PACK.hand_size == 20 and DOUBLE_PACK.seats == FOUR_SEATS
    assert DOUBLE_PACK.stock_size == 0 and not DOUBLE_PACK.upcard
    assert DOUBLE_PACK.trump == "bid" and DOUBLE_PACK.pack_rule == "DP-PACK"


def test_DP_PACK_rank_order_a_t_k_q_j_no_suit_order():
    assert DOUBLE_PACK.rank_order == (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    assert DOUBLE_PACK.suit_order == ()


def test_two_handed_rulesets_keep_two_seats_their_stock_and_tags():
    assert EAST_POINT.seats == TWO_SEATS and EAST_POINT.auction is None
    assert EAST_POINT.stock_size == 24 and EAST_POINT.trump == "none"
    assert repr(EAST_POINT) == ("ruleset_from_tags({'Ruleset': 'east-point', 'MeldScoring': "
                                "'original', 'TrickScoring': 'standard', 'Pack': 'regular'})")
    old = ruleset_from_tags({"Ruleset": "old-time"})
    assert old.stock_size == 23 and old.seats == TWO_SEATS


def test_double_pack_options_defaults_first_and_cached():
    assert double_pack() is DOUBLE_PACK
    assert double_pack(**{"trick_scoring": "10-10-10"}) is DOUBLE_PACK
    assert {name: values[0] for name, values in DOUBLE_PACK_OPTIONS.items()} == dict(
        DOUBLE_PACK.options)
    assert DOUBLE_PACK.auction == AuctionRules(500, 10, True)
    assert double_pack(announcements="no").auction == AuctionRules(500, 10, False)
    assert DOUBLE_PACK.game_end.kind == "target" and DOUBLE_PACK.game_end.target == 3550
    assert double_pack(target="1500").game_end.target == 1500
    assert (DOUBLE_PACK.trump_lead, TOP_HIGHEST.trump_lead) == ("top-led", "top-highest")
    assert double_pack(set_penalty="made").set_penalty == "made"
    assert DOUBLE_PACK.set_penalty == "bid"


def test_double_pack_refuses_an_unknown_option_value_naming_its_tag():
    with pytest.raises(RulesetError) as caught:
        double_pack(trump_lead="top-any")
    assert caught.value.tag == "TrumpLead"


def test_double_pack_ids_cite_dp_rules():
    ids = DOUBLE_PACK.ids
    assert (ids.follow_suit, ids.head, ids.trump_void) == ("DP-PLAY2", "DP-PLAY3", "DP-PLAY4")
    assert ids.pack == "DP-PACK" and ids.game == "DP-GAME" and ids.reuse == "DP-MELD5"
    assert all(value.startswith("DP-") for value in ids if value)
    assert ids.trick_points == "DP-COUNT1"
    assert double_pack(trick_scoring="10-10-5-5").ids.trick_points == "DP-COUNT2"


def test_DP_MELD1_a_table_per_trump_each_kind_single_to_quadruple():
    assert DOUBLE_PACK.melds == {}
    for trump in Suit:
        table = DOUBLE_PACK.melds_for(trump)
        assert table is double_pack_melds(trump)
        # flush ×4 in trumps, marriages ×4 in 4 suits, groups ×4 of 4 ranks, pinochle ×4
        assert len(table) == 4 + 16 + 16 + 4
        assert {entry.klass for entry in table.values()} == {0, 1, 2}


# ---- DP-PLAY5: the winner ----

def test_DP_PLAY5_identical_cards_the_first_played_wins():
    assert winning_index(cards("A♠ A♠ T♠ J♠"), H, DOUBLE_PACK) == 0
    assert winning_index(cards("K♠ A♠ A♠ A♠"), H, DOUBLE_PACK) == 1
    assert winning_index(cards("A♠ K♥ K♥ J♠"), H, DOUBLE_PACK) == 1


def test_DP_PLAY5_highest_trump_wins_else_highest_of_suit_led():
    assert winning_index(cards("A♠ J♥ T♥ A♠"), H, DOUBLE_PACK) == 2
    assert winning_index(cards("K♠ A♣ A♦ T♠"), H, DOUBLE_PACK) == 3
    # a card of another plain suit never wins, however high
    assert winning_index(cards("J♠ A♣ A♣ A♦"), H, DOUBLE_PACK) == 0


def test_DP_PLAY5_not_the_later_identical_trump():
    assert winning_index(cards("A♠ Q♥ Q♥ J♥"), H, DOUBLE_PACK) == 1
    assert winning_index(cards("A♠ Q♥ Q♥ J♥"), H, DOUBLE_PACK) != 2


# ---- DP-PLAY2: follow suit ----

def test_DP_PLAY2_must_follow_suit():
    hand = cards("J♠ A♥ A♣")
    assert broken_rule(hand, cards("A♠"), Card.parse("A♣"), H, DOUBLE_PACK) == "DP-PLAY2"
    assert broken_rule(hand, cards("A♠"), Card.parse("A♥"), H, DOUBLE_PACK) == "DP-PLAY2"
    assert legal_plays(hand, cards("A♠"), H, DOUBLE_PACK) == cards("J♠")


def test_DP_PLAY2_a_plain_lead_need_not_be_headed():
    hand = cards("J♠ A♠")
    assert broken_rule(hand, cards("K♠"), Card.parse("J♠"), H, DOUBLE_PACK) is None
    assert set(legal_plays(hand, cards("K♠"), H, DOUBLE_PACK)) == set(cards("J♠ A♠"))


def test_DP_PLAY2_the_leader_plays_anything():
    hand = cards("J♠ A♥ A♣ A♣")
    assert broken_rule(hand, (), Card.parse("A♣"), H, DOUBLE_PACK) is None
    assert legal_plays(hand, (), H, DOUBLE_PACK) == cards("J♠ A♥ A♣")


# ---- DP-PLAY3: top a trump lead ----

def test_DP_PLAY3_top_led_trump_must_play_higher_if_able():
    hand = cards("A♥ J♥ A♠")
    assert broken_rule(hand, cards("K♥"), Card.parse("J♥"), H, DOUBLE_PACK) == "DP-PLAY3"
    assert broken_rule(hand, cards("K♥"), Card.parse("A♥"), H, DOUBLE_PACK) is None
    assert legal_plays(hand, cards("K♥"), H, DOUBLE_PACK) == cards("A♥")


def test_DP_PLAY3_top_led_unable_to_top_any_trump_follows():
    hand = cards("Q♥ J♥ A♠")
    assert broken_rule(hand, cards("K♥"), Card.parse("J♥"), H, DOUBLE_PACK) is None
    assert broken_rule(hand, cards("K♥"), Card.parse("A♠"), H, DOUBLE_PACK) == "DP-PLAY2"


def test_DP_PLAY3_D22_an_identical_trump_does_not_top():
    hand = cards("K♥ A♥")
    assert broken_rule(hand, cards("K♥"), Card.parse("K♥"), H, DOUBLE_PACK) == "DP-PLAY3"
    assert broken_rule(cards("K♥ Q♥"), cards("K♥"), Card.parse("K♥"), H, DOUBLE_PACK) is None


def test_DP_PLAY3_top_led_third_hand_tops_the_led_trump_not_the_highest():
    # K♥ led, A♥ played second; third holds T♥: top-led, T♥ beats the led K♥ and is due
    hand = cards("T♥ J♥")
    played = cards("K♥ A♥")
    assert broken_rule(hand, played, Card.parse("J♥"), H, DOUBLE_PACK) == "DP-PLAY3"
    assert broken_rule(hand, played, Card.parse("J♥"), H, TOP_HIGHEST) is None
    assert legal_plays(hand, played, H, TOP_HIGHEST) == cards("T♥ J♥")


def test_DP_PLAY3_top_highest_must_beat_the_highest_trump_so_far():
    # J♥ led, K♥ second; third holds T♥ and Q♥: Q♥ tops the led J♥ (top-led) but not the K♥
    hand = cards("T♥ Q♥")
    played = cards("J♥ K♥")
    assert broken_rule(hand, played, Card.parse("Q♥"), H, TOP_HIGHEST) == "DP-PLAY3"
    assert broken_rule(hand, played, Card.parse("Q♥"), H, DOUBLE_PACK) is None
    assert legal_plays(hand, played, H, TOP_HIGHEST) == cards("T♥")


def test_DP_PLAY3_a_plain_lead_trumped_need_not_be_overtrumped():
    # D8: spade led, trumped with the K♥; a void player may trump lower
    hand = cards("J♥ A♥ A♣")
    assert broken_rule(hand, cards("A♠ K♥"), Card.parse("J♥"), H, DOUBLE_PACK) is None
    assert broken_rule(hand, cards("A♠ K♥"), Card.parse("J♥"), H, TOP_HIGHEST) is None


# ---- DP-PLAY4: trump when void ----

def test_DP_PLAY4_void_in_the_suit_led_must_trump():
    hand = cards("J♥ A♣")
    assert broken_rule(hand, cards("A♠"), Card.parse("A♣"), H, DOUBLE_PACK) == "DP-PLAY4"
    assert broken_rule(hand, cards("A♠"), Card.parse("J♥"), H, DOUBLE_PACK) is None
    assert legal_plays(hand, cards("A♠"), H, DOUBLE_PACK) == cards("J♥")


def test_DP_PLAY4_void_in_suit_and_trumps_plays_anything():
    hand = cards("A♣ J♦")
    assert broken_rule(hand, cards("A♠"), Card.parse("J♦"), H, DOUBLE_PACK) is None
    assert legal_plays(hand, cards("A♠"), H, DOUBLE_PACK) == cards("A♣ J♦")


# ---- properties ----

_FACES = [card for card, n in DOUBLE_PACK.pack.items() if n]
_hands = st.lists(st.sampled_from(_FACES), min_size=1, max_size=20)
_played = st.lists(st.sampled_from(_FACES), min_size=0, max_size=3)
_rulesets = st.sampled_from([DOUBLE_PACK, TOP_HIGHEST])


@settings(max_examples=300, deadline=None)
@given(_hands, _played, st.sampled_from(list(Suit)), _rulesets)
def test_DP_PLAY2_4_legal_plays_never_empty_and_agree_with_broken_rule(hand, played, trump,
                                                                      ruleset):
    legal = legal_plays(hand, played, trump, ruleset)
    assert legal and set(legal) <= set(hand)
    for card in set(hand):
        assert (broken_rule(hand, played, card, trump, ruleset) is None) == (card in legal)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_FACES), min_size=4, max_size=4), st.sampled_from(list(Suit)))
def test_DP_PLAY5_the_winner_is_a_trump_if_any_trump_was_played(trick, trump):
    winner = trick[winning_index(trick, trump, DOUBLE_PACK)]
    if any(card.suit is trump for card in trick):
        assert winner.suit is trump
    else:
        assert winner.suit is trick[0].suit
    rank = DOUBLE_PACK.rank_order.index
    rivals = [c for c in trick if c.suit is winner.suit]
    assert all(rank(winner.rank) <= rank(c.rank) for c in rivals)
    assert trick.index(winner) == winning_index(trick, trump, DOUBLE_PACK)


def test_DP_PLAY5_every_trick_table_entry_cites_dp_play5():
    from pinochle.adjudicator.rules.tricks import trick_table
    for trump in Suit:
        assert {d.rule for d in trick_table(DOUBLE_PACK, trump).entries} == {"DP-PLAY5"}
