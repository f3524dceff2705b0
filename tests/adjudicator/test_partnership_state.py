"""The partnership state (``partnership.state.TableState``) driven one action at a time: for each
action its ``verify_*`` (the findings, changing nothing), ``can_*`` and the do method (applied,
a frozen step in ``log``, the findings kept), named after the DP rules they enforce. The walker
drives the same state (tests/adjudicator/test_dp_*.py judge it through records)."""

from __future__ import annotations

import random

import pytest

from pinochle.adjudicator.model.tablesteps import (Called, CardPlayed, Closed, Dealt, Declared,
                                                   PlayBegan, TrickWon, TrumpNamed)
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.partnership.tricks import broken_rule, winning_index
from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK
from pinochle.notation.cards import Card, Rank, Seat, Side, Suit
from pinochle.notation.events import Announce, Bid, Declaration, Meld, Pass, SideClaim
from pinochle.notation.melds import Family, MeldKind

from tests.adjudicator.dpkit import declarations, one_suit_deal
from tests.tablekit import deal as shuffled_deal

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
SEATS = DOUBLE_PACK.seats


def dealt(hands: dict[Seat, list[Card]], dealer: Seat = W) -> TableState:
    state = TableState(DOUBLE_PACK, dealer)
    state.deal(tuple(tuple(hands[seat]) for seat in SEATS))
    return state


def contracted(hands: dict[Seat, list[Card]], bidder: Seat = N, trump: Suit = Suit.SPADES,
               declare: bool = True) -> TableState:
    """Dealt by the seat on ``bidder``'s right, ``bidder`` bids 500, the others pass, he names
    ``trump``, every seat declares its best melds."""
    dealer = SEATS[SEATS.index(bidder) - 1]
    state = dealt(hands, dealer)
    state.call(Bid(seat=bidder, amount=500))
    for seat in SEATS[SEATS.index(bidder) + 1:] + SEATS[:SEATS.index(bidder)]:
        state.call(Pass(seat=seat))
    state.name_trump(trump)
    if declare:
        for made in declarations(hands, trump):
            if isinstance(made, Declaration):
                state.declare(made.seat, made.melds, made.total)
            else:
                assert made.seat is not None
                state.declare(made.seat, (made,), None)
    return state


def last_trick(state: TableState) -> TrickWon:
    step = state.log[-1]
    assert isinstance(step, TrickWon)
    return step


def unchanged(state: TableState) -> tuple[int, int, object]:
    return len(state.log), len(state.findings), state.auction.turn


# --- the deal ----------------------------------------------------------------------------------


def test_DP_DEAL2_a_hand_of_nineteen_is_found_by_verify_and_kept_by_deal():
    hands = one_suit_deal()
    hands[E] = hands[E][:-1]
    state = TableState(DOUBLE_PACK, W)
    tuple_hands = tuple(tuple(hands[seat]) for seat in SEATS)
    found = state.verify_deal(tuple_hands)
    assert not state.can_deal(tuple_hands) and not state.log and not state.findings
    assert [f.rule for f in found] == ["DP-DEAL2", "DP-PACK"]
    step = state.deal(tuple_hands)
    assert step == Dealt(tuple_hands, False) and state.log == [step]
    assert state.findings == found


def test_DP_DEAL2_a_second_deal_restarts_the_auction():
    state = dealt(one_suit_deal())
    state.call(Bid(seat=N, amount=500))
    hands = tuple(tuple(cards) for cards in one_suit_deal(E).values())
    assert [f.rule for f in state.verify_deal(hands)] == ["DP-DEAL2"]
    step = state.deal(hands)
    assert step is not None and step.again
    assert state.auction.high is None and state.auction.turn is N


# --- the auction -------------------------------------------------------------------------------


def test_DP_BID1_a_call_out_of_turn_is_void_and_takes_no_turn():
    state = dealt(one_suit_deal())        # West deals: North calls first
    before = unchanged(state)
    found = state.verify_call(Pass(seat=E))
    assert [f.rule for f in found] == ["DP-BID1"] and not state.can_call(Pass(seat=E))
    assert unchanged(state) == before
    step = state.call(Pass(seat=E))
    assert step == Called(E, "pass", None, "DP-BID1", True)
    assert state.findings == found and state.auction.turn is N


def test_DP_BID3_a_bid_below_the_minimum_is_void_but_uses_the_turn():
    state = dealt(one_suit_deal())
    assert state.can_call(Bid(seat=N, amount=500))
    assert [f.rule for f in state.verify_call(Bid(seat=N, amount=490))] == ["DP-BID3"]
    step = state.call(Bid(seat=N, amount=490))
    assert step.void and step.rule == "DP-BID3" and state.auction.turn is E
    assert state.auction.high is None


def test_DP_BID6_a_flush_announced_before_any_bid_is_a_deemed_bid_of_the_minimum():
    state = dealt(one_suit_deal())
    call = Announce(seat=N, flush=True)
    assert state.deemed_bid(call) == 500 and state.can_call(call)
    assert state.call(call) == Called(N, "announce", 500, "DP-BID6", False)
    assert state.auction.high_bidder is N


def test_DP_BID7_a_meld_announced_after_a_bid_tops_it_by_a_step_per_hundred():
    state = dealt(one_suit_deal())
    state.call(Bid(seat=N, amount=500))
    call = Announce(seat=E, meld=140)
    assert state.deemed_bid(call) == 520
    assert state.call(call) == Called(E, "announce", 520, "DP-BID7", False)


def test_DP_BID9_after_a_throw_in_trump_melds_and_tricks_are_reported_once_and_ignored():
    state = dealt(one_suit_deal())
    for seat in (N, E, S, W):
        state.call(Pass(seat=seat))
    assert state.auction.thrown_in
    assert [f.rule for f in state.verify_name_trump(Suit.SPADES)] == ["DP-BID9"]
    assert state.name_trump(Suit.SPADES) is None and state.trump is None
    assert not state.verify_name_trump(Suit.SPADES)          # said once
    assert state.declare(N, (), 0) is None
    assert state.play(N, Card(Rank.ACE, Suit.SPADES)) is None
    assert [f.rule for f in state.findings] == ["DP-BID9"]
    closed = state.close()
    assert closed == Closed(True, False)
    assert state.results()[Side.NS].score == 0


# --- trump and the declarations ------------------------------------------------------------------


def test_DP_MELD1_trump_is_named_once():
    state = contracted(one_suit_deal(), declare=False)
    assert state.trump is Suit.SPADES
    assert [f.rule for f in state.verify_name_trump(Suit.HEARTS)] == ["DP-MELD1"]
    assert not state.can_name_trump(Suit.HEARTS)
    assert state.name_trump(Suit.HEARTS) is None and state.trump is Suit.SPADES


def test_DP_MELD1_trump_named_before_the_auction_ended_is_reported_and_taken():
    state = dealt(one_suit_deal())
    state.call(Bid(seat=N, amount=500))
    found = state.verify_name_trump(Suit.SPADES)
    assert [f.rule for f in found] == ["DP-MELD1"] and state.trump is None
    assert state.name_trump(Suit.SPADES) == TrumpNamed(Suit.SPADES, None)
    assert state.trump is Suit.SPADES and state.findings == found


def test_DP_MELD1_a_declaration_before_trump_is_judged_when_trump_is_named():
    hands = one_suit_deal()
    state = dealt(hands)
    state.call(Bid(seat=N, amount=500))
    for seat in (E, S, W):
        state.call(Pass(seat=seat))
    flush = Meld(kind=MeldKind(Family.SEQUENCE, Suit.SPADES, copies=4), points=600)
    assert state.declare(N, (flush,), None) is None          # kept until trump is named
    assert not any(isinstance(step, Declared) for step in state.log)
    state.name_trump(Suit.SPADES)
    step = state.log[-1]
    assert step[:3] == Declared(N, 600, True)[:3] and state.declared[N] == 600
    # the step shows the meld as the rules took it (the replay page reads it)
    [meld] = step.melds
    assert (meld.kind, meld.claimed, meld.points, meld.table_points, meld.legal) == (
        flush.kind, 600, 600, 600, True) and len(meld.cards) == 20


def test_DP_MELD1_a_second_declaration_is_ignored():
    state = contracted(one_suit_deal())
    assert [f.rule for f in state.verify_declare(N, (), 0)] == ["DP-MELD1"]
    assert not state.can_declare(N, (), 0)
    assert state.declare(N, (), 0) is None and state.declared[N] == 600


def test_DP_MELD2_a_sequence_not_held_is_found_and_scores_nothing():
    state = contracted(one_suit_deal(), declare=False)
    hearts_flush = Meld(kind=MeldKind(Family.SEQUENCE, Suit.HEARTS), points=150)
    found = state.verify_declare(N, (hearts_flush,))
    assert [f.rule for f in found] == ["DP-MELD2"] and not state.declared
    step = state.declare(N, (hearts_flush,))
    assert step is not None and step[:3] == Declared(N, 0, True)[:3]
    assert [(m.claimed, m.points, m.legal) for m in step.melds] == [(150, 0, False)]
    assert state.findings[-len(found):] == found


# --- the tricks ----------------------------------------------------------------------------------


def test_DP_PLAY1_the_high_bidder_leads_trick_one():
    state = contracted(one_suit_deal(bidder=E), bidder=E)      # East holds the spades
    spade, heart = Card(Rank.ACE, Suit.SPADES), Card(Rank.ACE, Suit.HEARTS)
    assert state.legal_cards(N) == frozenset() and state.legal_cards(E) == {spade, *(
        Card(rank, Suit.SPADES) for rank in (Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK))}
    assert state.can_play(E, spade) and not state.can_play(S, heart)
    found = state.verify_play(S, heart)
    assert [(f.rule, f.claimed, f.expected) for f in found] == [("DP-PLAY1", "S", "E")]
    assert not state.log or not isinstance(state.log[-1], PlayBegan)   # verify applied nothing


def test_DP_PLAY1_a_lead_out_of_turn_stands_a_follower_out_of_turn_is_ignored():
    """A lead out of turn is reported and played, the others following clockwise from him
    (spec §7: counted as played; as a record's lead mark); a follower's card out of turn is
    reported and not played."""
    state = contracted(one_suit_deal(bidder=E), bidder=E)
    heart_ace = Card(Rank.ACE, Suit.HEARTS)                         # South's suit
    step = state.play(S, heart_ace)
    assert step == CardPlayed(S, heart_ace, 1, True, None) and state.to_play is W
    assert [(f.rule, f.claimed) for f in state.findings] == [("DP-PLAY1", "S")]
    assert state.log[-2] == PlayBegan(E, 500, ()) and state.log[-1] == step
    spade = Card(Rank.ACE, Suit.SPADES)
    assert state.play(E, spade) is None and state.current == [heart_ace]
    assert state.findings[-1].expected == "W" and "not played" in state.findings[-1].message


def test_DP_PLAY2_to_DP_PLAY4_legal_cards_are_those_no_obligation_forbids():
    """On shuffled deals, at every card: ``legal_cards`` is the faces ``broken_rule`` lets
    through, and a forbidden one is found by ``verify_play`` under that rule, then played all
    the same (the trick stands: spec §7) with the rule in its step."""
    seen: set[str] = set()
    for seed in range(1, 6):
        rng = random.Random(seed)
        hands = shuffled_deal(seed)
        state = contracted(hands, trump=Suit.HEARTS)
        while state.tricks < state.size:
            seat = state.to_play
            hand = state.held(seat)
            legal = state.legal_cards(seat)
            assert legal == {c for c in hand
                             if broken_rule(hand, state.current, c, Suit.HEARTS,
                                            DOUBLE_PACK) is None}
            wrong = sorted(set(hand) - legal, key=str)
            if wrong and rng.random() < 0.3:
                card = wrong[0]
                rule = broken_rule(hand, state.current, card, Suit.HEARTS, DOUBLE_PACK)
                assert rule is not None
                assert [f.rule for f in state.verify_play(seat, card)] == [rule]
                assert not state.can_play(seat, card)
                step = state.play(seat, card)
                assert step is not None and step.held and step.broken == rule
                assert state.findings[-1].rule == rule
                seen.add(rule)
            else:
                card = sorted(legal, key=str)[0]
                assert state.can_play(seat, card)
                step = state.play(seat, card)
                assert step is not None and step.broken is None
    assert seen == {"DP-PLAY2", "DP-PLAY3", "DP-PLAY4"}


def test_DP_PLAY1_a_card_not_held_is_found_and_counted_as_played():
    state = contracted(one_suit_deal())
    heart = Card(Rank.ACE, Suit.HEARTS)
    found = state.verify_play(N, heart)
    assert [f.rule for f in found] == ["DP-PLAY1"] and "does not hold" in found[0].message
    step = state.play(N, heart)
    assert step == CardPlayed(N, heart, 1, False, None) and state.to_play is E


def test_DP_PLAY5_DP_PLAY6_the_trick_is_won_by_the_rules_winner_who_leads_next():
    """A winner mark naming another seat is a DP-PLAY5 finding; the rules' winner leads."""
    state = contracted(one_suit_deal())
    cards = (Card(Rank.JACK, Suit.SPADES), Card(Rank.ACE, Suit.HEARTS),
             Card(Rank.ACE, Suit.CLUBS), Card(Rank.ACE, Suit.DIAMONDS))
    assert state.play_trick(cards, winner=E) is N
    won = last_trick(state)
    assert (won.trick, won.leader, won.cards, won.winner, state.to_play) == (1, N, cards, N, N)
    assert state.findings[-1].rule == "DP-PLAY5"
    assert winning_index(cards, Suit.SPADES, DOUBLE_PACK) == 0


def test_DP_PLAY6_a_lead_mark_naming_another_seat_is_reported_then_followed():
    state = contracted(one_suit_deal())
    cards = (Card(Rank.ACE, Suit.HEARTS), Card(Rank.ACE, Suit.CLUBS),
             Card(Rank.ACE, Suit.DIAMONDS), Card(Rank.ACE, Suit.SPADES))
    assert state.play_trick(cards, leader=E) is N
    assert (last_trick(state).leader, last_trick(state).winner) == (E, N)
    assert state.findings[-1].rule == DOUBLE_PACK.ids.trick     # the first trick's leader
    assert state.findings[-1].claimed == "E" and state.findings[-1].expected == "N"


def play_out(state: TableState) -> list[TrickWon]:
    """The rest of the hand card by card, the first legal card each time: its tricks."""
    while state.tricks < state.size:
        seat = state.to_play
        state.play(seat, sorted(state.legal_cards(seat), key=str)[0])
    return [step for step in state.log if isinstance(step, TrickWon)]


def test_DP_SCORE1_a_hand_played_out_card_by_card_or_trick_by_trick_scores_the_same():
    """The hand-checked one-suit deal (tests/adjudicator/dpkit.py): NS cards 500, melds 680,
    made 1,180 against a bid of 500 (DP-SCORE1); EW won no trick: its melds do not count
    (DP-MELD6). Played by ``play`` or its tricks again by ``play_trick``: the same tricks
    and results."""
    by_card = contracted(one_suit_deal())
    tricks = play_out(by_card)
    assert len(tricks) == 20
    assert sum(isinstance(step, CardPlayed) for step in by_card.log) == 80
    by_trick = contracted(one_suit_deal())
    assert [by_trick.play_trick(t.cards) for t in tricks] == [t.winner for t in tricks]
    assert [step for step in by_trick.log if isinstance(step, TrickWon)] == tricks
    for state in (by_card, by_trick):
        closed = state.close()
        assert closed == Closed(True, False) and state.log[-1] == closed
        result = state.results()
        assert (result[Side.NS].cards, result[Side.NS].melds, result[Side.NS].score) == \
            (500, 680, 1180)
        assert not result[Side.EW].counted and result[Side.EW].score == 0
    assert by_card.results() == by_trick.results()
    assert by_card.findings == by_trick.findings == []


@pytest.mark.parametrize("claimed, rule", [(1180, None), (1000, "DP-SCORE1")])
def test_DP_SCORE1_the_score_claim_is_checked_at_close(claimed, rule):
    state = contracted(one_suit_deal())
    play_out(state)
    assert state.claim(SideClaim(category="score", ns=claimed, ew=0))
    before = len(state.findings)
    state.close(before={Side.NS: 0, Side.EW: 0})
    assert [f.rule for f in state.findings[before:]] == ([] if rule is None else [rule])


def test_the_log_is_frozen_steps_in_the_order_applied_and_none_without_keep_log():
    state = contracted(one_suit_deal())
    kinds = [type(step).__name__ for step in state.log]
    assert kinds == ["Dealt"] + ["Called"] * 4 + ["TrumpNamed"] + ["Declared"] * 4
    assert all(isinstance(step, tuple) for step in state.log)
    quiet = TableState(DOUBLE_PACK, W, keep_log=False)
    quiet.deal(tuple(tuple(cards) for cards in one_suit_deal().values()))
    quiet.call(Bid(seat=N, amount=500))
    assert quiet.log == [] and quiet.auction.high == 500
