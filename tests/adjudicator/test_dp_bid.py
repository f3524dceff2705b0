"""The partnership game's auction (double-pack DP-BID1-DP-BID9, spec §5): the state object
``adjudicator.auction.Auction`` call by call, with the spec's fixtures 3 (L22, L24: deemed bids)
and 4 (L25: the throw-in). Each test names the rule it covers; illegal calls are values with
the rule id and no effect (§5.3, ruling D6)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.partnership.auction import AppliedCall, Auction, IllegalCall
from pinochle.notation.cards import Seat
from pinochle.notation.events import Announce, Bid, Pass

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def run(calls: list[Bid | Announce | Pass], dealer: Seat = N,
        announcements: bool = True) -> tuple[Auction, list[IllegalCall]]:
    auction = Auction(dealer, announcements=announcements)
    problems: list[IllegalCall] = []
    for call in calls:
        problems.extend(auction.call(call))
    return auction, problems


def rules(problems: list[IllegalCall]) -> list[str]:
    return [p.rule for p in problems]


# --- DP-BID1: from the dealer's left, clockwise --------------------------------------------


@pytest.mark.parametrize("dealer, first", [(N, E), (E, S), (S, W), (W, N)])
def test_DP_BID1_the_dealers_left_calls_first(dealer, first):
    auction = Auction(dealer)
    assert auction.turn is first
    assert auction.can_pass(first)
    assert not auction.can_pass(dealer)


def test_DP_BID1_calls_go_clockwise():
    auction, problems = run([Bid(seat=E, amount=500), Pass(seat=S), Bid(seat=W, amount=510)])
    assert problems == []
    assert auction.turn is N


def test_DP_BID1_a_call_out_of_turn_is_illegal_and_changes_nothing():
    auction, problems = run([Bid(seat=S, amount=500)])
    assert rules(problems) == ["DP-BID1"]
    assert "East's turn" in problems[0].message
    assert (auction.turn, auction.high, auction.log) == (E, None, [])


def test_DP_BID1_the_auction_goes_on_after_an_out_of_turn_call():
    auction, problems = run([Bid(seat=S, amount=500), Bid(seat=E, amount=500),
                             Pass(seat=S), Pass(seat=W), Pass(seat=N)])
    assert rules(problems) == ["DP-BID1"]
    assert (auction.over, auction.high_bidder, auction.high) == (True, E, 500)


def test_DP_BID1_the_bid_methods_refuse_an_illegal_call():
    auction = Auction(N)
    with pytest.raises(ValueError, match="out of turn"):
        auction.bid(W, 500)
    auction.bid(E, 500)
    assert auction.log == [AppliedCall(E, "bid", 500, "DP-BID3")]


# --- DP-BID2: a pass is final ----------------------------------------------------------------


def test_DP_BID2_a_seat_that_passed_is_skipped():
    auction, problems = run([Pass(seat=E), Bid(seat=S, amount=500), Bid(seat=W, amount=510),
                             Bid(seat=N, amount=520)])
    assert problems == []
    assert auction.turn is S            # E passed: skipped


def test_DP_BID2_a_seat_that_passed_may_not_bid_again():
    auction, problems = run([Bid(seat=E, amount=500), Pass(seat=S), Pass(seat=W),
                             Bid(seat=N, amount=510), Bid(seat=S, amount=520)])
    assert rules(problems) == ["DP-BID2"]
    assert (auction.high, auction.high_bidder, auction.turn) == (510, N, E)


def test_DP_BID2_a_pass_in_turn_is_legal():
    auction = Auction(N)
    assert auction.verify_pass(E) is None
    auction.pass_(E)
    assert auction.passed == {E}


# --- DP-BID3: minimum, step, higher -------------------------------------------------------


@pytest.mark.parametrize("amount, why", [(490, "below the minimum"), (50, "below the minimum"),
                                         (505, "not a multiple of 10")])
def test_DP_BID3_an_illegal_amount(amount, why):
    auction = Auction(N)
    problem = auction.verify_bid(E, amount)
    assert problem is not None and problem.rule == "DP-BID3" and why in problem.message


def test_DP_BID3_a_bid_must_be_higher_than_the_high_bid():
    auction, problems = run([Bid(seat=E, amount=520), Bid(seat=S, amount=520),
                             Bid(seat=W, amount=510)])
    assert rules(problems) == ["DP-BID3", "DP-BID3"]
    assert "not higher than East's 520" in problems[0].message
    assert (auction.high, auction.high_bidder) == (520, E)


def test_DP_BID3_an_illegal_bid_in_turn_uses_the_turn_but_is_not_a_pass():
    auction, problems = run([Bid(seat=E, amount=505), Bid(seat=S, amount=500)])
    assert rules(problems) == ["DP-BID3"]
    assert (auction.turn, auction.passed, auction.high_bidder) == (W, set(), S)


@pytest.mark.parametrize("amount", [500, 510, 1000, 1500])
def test_DP_BID3_legal_amounts(amount):
    auction = Auction(N)
    assert auction.can_bid(E, amount)
    assert auction.next_bid == 500


def test_DP_BID3_the_next_bid_is_the_high_bid_and_a_step():
    auction, _ = run([Bid(seat=E, amount=550)])
    assert auction.next_bid == 560
    assert auction.can_bid(S, 560) and not auction.can_bid(S, 550)


# --- DP-BID4: announcements before any bid are information ------------------------------


def test_DP_BID4_a_meld_announced_before_any_bid_is_no_bid_and_no_pass():
    auction, problems = run([Announce(seat=E, meld=100)])
    assert problems == []
    assert auction.log == [AppliedCall(E, "announce", None, "DP-BID4")]
    assert (auction.high, auction.passed, auction.turn) == (None, set(), S)


def test_DP_BID4_an_announcer_may_bid_later():
    auction, problems = run([Announce(seat=E, meld=100), Bid(seat=S, amount=500),
                             Pass(seat=W), Pass(seat=N), Bid(seat=E, amount=510)])
    assert problems == []
    assert (auction.high, auction.high_bidder) == (510, E)


def test_DP_BID4_announced_amounts_are_never_checked():
    auction, problems = run([Announce(seat=E, meld=3000)])   # a bluff is not a fault
    assert problems == []


# --- DP-BID6: a flush or long suit before any bid is a bid of the minimum -----------------


@pytest.mark.parametrize("statement", [{"flush": True}, {"long": True},
                                       {"flush": True, "meld": 100}])
def test_DP_BID6_a_flush_or_long_suit_announced_before_any_bid_is_a_bid_of_500(statement):
    auction, problems = run([Announce(seat=E, **statement)])
    assert problems == []
    assert auction.log == [AppliedCall(E, "announce", 500, "DP-BID6")]
    assert (auction.high, auction.high_bidder) == (500, E)


def test_DP_BID6_the_deemed_bid_must_be_topped():
    auction, problems = run([Announce(seat=E, flush=True), Bid(seat=S, amount=500)])
    assert rules(problems) == ["DP-BID3"]


# --- DP-BID7 (and D3): a meld announced after a bid tops it -----------------------------


@pytest.mark.parametrize("meld, deemed", [(100, 510), (140, 520), (1, 510), (200, 520),
                                          (201, 530)])
def test_DP_BID7_fixture_3_a_meld_announced_after_a_bid_of_500(meld, deemed):
    """Spec fixture 3 (L24): after a bid of 500, announce 100 = 510, announce 140 = 520."""
    auction, problems = run([Bid(seat=E, amount=500), Announce(seat=S, meld=meld)])
    assert problems == []
    assert auction.log[-1] == AppliedCall(S, "announce", deemed, "DP-BID7")
    assert (auction.high, auction.high_bidder) == (deemed, S)


def test_DP_BID7_the_deemed_bid_tops_the_high_bid_not_the_minimum():
    auction, _ = run([Bid(seat=E, amount=600), Announce(seat=S, meld=140)])
    assert auction.high == 620


def test_DP_BID7_an_announcement_of_nothing_after_a_bid_is_illegal():
    auction, problems = run([Bid(seat=E, amount=500), Announce(seat=S, meld=0)])
    assert rules(problems) == ["DP-BID7"]
    assert (auction.high, auction.high_bidder, auction.turn) == (500, E, W)


@pytest.mark.parametrize("statement, deemed", [({"flush": True}, 510), ({"long": True}, 510),
                                               ({"long": True, "meld": 240}, 530)])
def test_DP_BID7_D3_a_flush_or_long_suit_announced_after_a_bid(statement, deemed):
    auction, problems = run([Bid(seat=E, amount=500), Announce(seat=S, **statement)])
    assert problems == []
    assert auction.log[-1] == AppliedCall(S, "announce", deemed, "DP-BID7")


def test_DP_BID6_DP_BID7_fixture_3_a_whole_auction():
    """The spec's §8 example: E announces 100 (information), S bids 500, W announces 140
    (a bid of 520), N passes, E bids 530, S and W pass: E's side must make 530."""
    auction, problems = run([Announce(seat=E, meld=100), Bid(seat=S, amount=500),
                             Announce(seat=W, meld=140), Pass(seat=N), Bid(seat=E, amount=530),
                             Pass(seat=S), Pass(seat=W)])
    assert problems == []
    assert [c.bid for c in auction.log] == [None, 500, 520, None, 530, None, None]
    assert (auction.over, auction.thrown_in, auction.high_bidder, auction.high) == (
        True, False, E, 530)


def test_DP_BID5_a_bid_with_statements_is_the_number_bid():
    auction, problems = run([Bid(seat=E, amount=510, flush=True, meld=100)])
    assert problems == []
    assert auction.high == 510


# --- DP-BID8: no announcements --------------------------------------------------------------


def test_DP_BID8_an_announcement_without_announcements_is_illegal_and_void():
    auction, problems = run([Announce(seat=E, flush=True)], announcements=False)
    assert rules(problems) == ["DP-BID8"]
    assert (auction.high, auction.turn, auction.log) == (None, S, [])


def test_DP_BID8_a_bids_statements_without_announcements_are_reported_the_bid_stands():
    auction, problems = run([Bid(seat=E, amount=500, long=True)], announcements=False)
    assert rules(problems) == ["DP-BID8"]
    assert (auction.high, auction.high_bidder) == (500, E)


def test_DP_BID8_bids_and_passes_are_legal_without_announcements():
    auction, problems = run([Bid(seat=E, amount=500), Pass(seat=S), Pass(seat=W),
                             Pass(seat=N)], announcements=False)
    assert problems == []
    assert auction.over and auction.high_bidder is E


# --- DP-BID9 (D2) and the end (D1) ------------------------------------------------------------


def test_DP_BID9_fixture_4_all_four_pass_the_hands_are_thrown_in():
    auction, problems = run([Pass(seat=E), Pass(seat=S), Pass(seat=W), Pass(seat=N)])
    assert problems == []
    assert (auction.over, auction.thrown_in, auction.high_bidder) == (True, True, None)


def test_DP_BID9_fixture_4_only_announcements_the_hands_are_thrown_in():
    auction, _ = run([Announce(seat=E, meld=100), Pass(seat=S), Announce(seat=W, meld=60),
                      Pass(seat=N)])
    assert auction.thrown_in


def test_DP_BID9_a_bid_in_the_first_round_is_no_throw_in():
    auction, _ = run([Pass(seat=E), Pass(seat=S), Pass(seat=W), Bid(seat=N, amount=500)])
    assert (auction.over, auction.thrown_in, auction.high_bidder) == (True, False, N)


def test_DP_BID9_an_illegal_bid_is_no_bid_for_the_throw_in():
    auction, problems = run([Bid(seat=E, amount=450), Pass(seat=S), Pass(seat=W),
                             Pass(seat=N)])
    assert rules(problems) == ["DP-BID3"]
    assert auction.thrown_in


def test_DP_BID9_a_call_after_the_throw_in_is_illegal():
    auction, problems = run([Pass(seat=E), Pass(seat=S), Pass(seat=W), Pass(seat=N),
                             Bid(seat=E, amount=500)])
    assert rules(problems) == ["DP-BID9"]
    assert auction.high is None


def test_DP_BID1_D1_the_auction_ends_when_all_but_the_high_bidder_passed():
    auction, _ = run([Bid(seat=E, amount=500), Bid(seat=S, amount=510), Pass(seat=W),
                      Pass(seat=N)])
    assert not auction.over and auction.turn is E   # E has not passed: may raise
    auction.pass_(E)
    assert (auction.over, auction.high_bidder, auction.high) == (True, S, 510)


def test_DP_BID1_D1_a_call_after_the_end_is_illegal():
    auction, problems = run([Bid(seat=E, amount=500), Pass(seat=S), Pass(seat=W),
                             Pass(seat=N), Bid(seat=E, amount=510)])
    assert rules(problems) == ["DP-BID1"]
    assert "after the auction ended" in problems[0].message
    assert auction.high == 500
