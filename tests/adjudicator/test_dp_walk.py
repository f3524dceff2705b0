"""The partnership game's walker (``tablewalk``, ``tablebattle``) over records built as events:
the deal (DP-DEAL2, DP-PACK, DP-DEAL3), the auction in a record (DP-BID1-9), trump and the
declarations (DP-MELD1-6), the tricks (DP-PLAY1-6), the claims (DP-COUNT1/2, DP-MELD6,
DP-SCORE1-3, DP-GAME), statements of the other form of game, and the dispatch by ruleset data.

The hand-checked battle (``dpkit.one_suit_battle``): North holds the twenty spades, East the
hearts, South the clubs, West the diamonds; North bids 500, names spades and wins all twenty
tricks: NS cards 500, melds 600 + 80 = 680, score 1,180; EW has no trick, so its 160 in melds
does not count: 0."""

from __future__ import annotations

import random

import pytest

from pinochle.adjudicator.partnership.contract import score_hand, trick_points
from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK, double_pack
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.report.validation import (GameReport, TableGameReport, render_scores,
                                                    validate_game)
from pinochle.adjudicator.partnership.tricks import winning_index
from pinochle.notation.cards import Card, Seat, Side, Suit
from pinochle.notation.events import (
    Announce, Battle, Bid, Claim, Comment, Deal, Declaration, Draw, Game, Meld, Pass, SideClaim,
    TableTrick, Tag, Trick, TrumpNaming,
)
from pinochle.notation.melds import MeldKind

from tests.adjudicator.dpkit import (
    Collect, declarations, drop, game, hands_event, index_of, insert, one_suit_battle,
    one_suit_deal, play_out, played_battle, replace, replay, report, rules,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
SPADES, HEARTS, CLUBS, DIAMONDS = Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS


def card(text: str) -> Card:
    return Card.parse(text)


def claims(ns: dict[str, int], ew: dict[str, int]) -> list[SideClaim]:
    return [SideClaim(category=c, ns=ns[c], ew=ew[c]) for c in ns]  # type: ignore[arg-type]


def right_claims(battle: Battle, before: tuple[int, int] = (0, 0)) -> list[SideClaim]:
    """The claims of a legal battle, counted here from the contract's functions (not the
    walker): each trick's points to its marked winner's side."""
    won = {Side.NS: 0, Side.EW: 0}
    tricks = [e for e in battle.events if type(e) is TableTrick]
    for t in tricks:
        won[t.winner.side] += trick_points(t.cards, DOUBLE_PACK) + (20 if t.number == 20 else 0)
    decl = {e.seat: sum(m.points for m in e.melds) + (e.total or 0) for e in battle.events
            if type(e) is Declaration}
    decl.update({e.seat: e.points for e in battle.events if type(e) is Meld})
    melds = {side: sum(decl[s] for s in side.seats) for side in Side}
    bid = next(e for e in battle.events if type(e) is Bid)
    scoring = {side: any(t.winner.side is side for t in tricks) for side in Side}
    r = score_hand(bid.seat.side, bid.amount, won, melds, scoring, DOUBLE_PACK)
    return [SideClaim(category="tricks", ns=r[Side.NS].cards, ew=r[Side.EW].cards),
            SideClaim(category="melds", ns=r[Side.NS].melds, ew=r[Side.EW].melds),
            SideClaim(category="score", ns=r[Side.NS].score, ew=r[Side.EW].score),
            SideClaim(category="total", ns=before[0] + r[Side.NS].score,
                      ew=before[1] + r[Side.EW].score)]


# --- the hand-checked battle and random legal ones -----------------------------------------


def test_DP_SCORE1_the_hand_checked_battle_is_clean_with_its_claims():
    b = one_suit_battle(extra=claims({"tricks": 500, "melds": 680, "score": 1180, "total": 1180},
                                     {"tricks": 0, "melds": 0, "score": 0, "total": 0}))
    r = report(game(b))
    assert r.findings == []
    [battle] = r.battles
    assert (battle.dealer, battle.bidder, battle.bid, battle.trump) == ("W", "N", 500, "♠")
    assert (battle.ns.cards, battle.ns.melds, battle.ns.made, battle.ns.score) == (
        500, 680, 1180, 1180)
    assert (battle.ew.cards, battle.ew.melds, battle.ew.counted) == (0, 0, False)
    assert (r.ns, r.ew, r.winner) == (1180, 0, None)


@pytest.mark.parametrize("seed", range(12))
def test_DP_PLAY_a_random_legal_battle_with_its_claims_is_clean(seed):
    b, _ = played_battle(seed, dealer=[N, E, S, W][seed % 4], trump=list(Suit)[seed % 4])
    b = b.model_copy(update={"events": b.events + tuple(right_claims(b))})
    r = report(game(b))
    assert r.findings == [], [f.message for f in r.findings]
    assert r.battles[0].ns.cards + r.battles[0].ew.cards == 500


def test_DP_DEAL3_a_legal_game_of_battles_dealt_in_turn_is_clean():
    battles, dealer, before = [], N, (0, 0)
    for number in range(1, 6):
        b, _ = played_battle(number, number=number, dealer=dealer)
        extra = right_claims(b, before)
        before = (extra[-1].ns, extra[-1].ew)
        battles.append(b.model_copy(update={"events": b.events + tuple(extra)}))
        dealer = dealer.left
    r = report(game(*battles, Result="*"))
    assert r.findings == [], [f.message for f in r.findings]
    assert (r.ns, r.ew) == before


# --- the deal ----------------------------------------------------------------------------------


def test_DP_DEAL2_a_hand_of_the_wrong_size_is_reported():
    hands = one_suit_deal()
    hands[E].append(hands[N].pop())        # North 19, East 21: the pack is whole
    b = replace(one_suit_battle(), 0, hands_event(hands))
    _, findings = replay(game(b, Result="*"))
    wrong = [f for f in findings if f.rule == "DP-DEAL2"]
    assert [f.expected for f in wrong] == [20, 20]
    assert "North is dealt 19 cards" in wrong[0].message
    assert "DP-PACK" not in rules(findings)


def test_DP_PACK_a_deal_that_is_not_the_pack_is_reported():
    hands = one_suit_deal()
    hands[N][0] = card("A♥")                 # five A♥, three A♠
    b = Battle(number=1, dealer=W, events=(hands_event(hands), Bid(seat=N, amount=500)))
    _, findings = replay(game(b, Result="*"))
    [f] = findings
    assert f.rule == "DP-PACK" and "5 × A♥" in f.message and "3 × A♠" in f.message


def test_DP_DEAL2_the_whole_pack_dealt_is_no_finding():
    _, findings = replay(game(one_suit_battle()))
    assert findings == []


def test_DP_DEAL2_a_battle_without_its_deal_is_a_notice_and_still_scored():
    b = drop(one_suit_battle(), 0)
    result, findings = replay(game(b))
    assert [(f.rule, f.severity) for f in findings] == [("DP-DEAL2", Severity.INFO)]
    assert (result.battles[0].deal_known, result.ns, result.ew) == (False, 1180, 0)


def test_DP_DEAL2_a_second_deal_before_play_replaces_the_first_with_a_warning():
    b = one_suit_battle()
    b = insert(b, 2, hands_event(one_suit_deal()))          # after North's bid
    b = insert(b, 3, Bid(seat=N, amount=500))              # the auction again
    result, findings = replay(game(b))
    assert [(f.rule, f.severity) for f in findings] == [("DP-DEAL2", Severity.WARNING)]
    assert result.ns == 1180


def test_DP_DEAL2_a_deal_in_the_middle_of_play_is_ignored():
    b = insert(one_suit_battle(), index_of(one_suit_battle(), TableTrick, 3),
               hands_event(one_suit_deal()))
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-DEAL2"] and "middle of play" in findings[0].message
    assert result.ns == 1180


def test_DP_DEAL2_a_record_that_stops_with_cards_in_hand():
    b = one_suit_battle()
    b = drop(b, index_of(b, TableTrick, 19))
    _, findings = replay(game(b))
    assert rules(findings) == ["DP-DEAL2"] and "after 19 tricks" in findings[0].message
    _, unfinished = replay(game(b, Result="*"))
    assert unfinished == []


def test_DP_DEAL3_the_deal_passes_to_the_left():
    first, second = one_suit_battle(1, W), one_suit_battle(2, W)
    _, findings = replay(game(first, second))
    [f] = [f for f in findings if f.rule == "DP-DEAL3"]
    assert (f.claimed, f.expected, f.battle) == ("W", "N", 2)


def test_DP_DEAL3_the_deal_passes_to_the_left_after_a_throw_in_too():
    thrown = Battle(number=1, dealer=S, events=(
        hands_event(one_suit_deal()), Pass(seat=W), Pass(seat=N), Pass(seat=E), Pass(seat=S)))
    _, findings = replay(game(thrown, one_suit_battle(2, W)))
    assert findings == []
    _, wrong = replay(game(thrown, one_suit_battle(2, W).model_copy(update={"dealer": S})))
    assert "DP-DEAL3" in rules(wrong)


# --- the auction in a record ---------------------------------------------------------------


def test_DP_BID3_an_illegal_bid_in_a_record_is_reported_and_void():
    """E's 505 uses his turn but is no pass (§5.3): the turn comes round to North, who passes
    (his bid stands), and to East, who passes: North's 500 is the contract."""
    b = replace(one_suit_battle(), 2, Bid(seat=E, amount=505))
    b = insert(b, 5, Pass(seat=N), Pass(seat=E))
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-BID3"]
    assert findings[0].kind is Kind.ILLEGAL_PLAY
    assert (result.battles[0].bidder, result.battles[0].bid) == (N, 500)


def test_DP_BID3_after_a_void_bid_the_auction_waits_for_the_callers_pass():
    b = replace(one_suit_battle(), 2, Bid(seat=E, amount=505))
    _, findings = replay(game(b))
    assert rules(findings)[:2] == ["DP-BID3", "DP-MELD1"]   # trump before the auction ended


def test_DP_BID1_a_call_out_of_turn_in_a_record():
    b = insert(one_suit_battle(), 1, Pass(seat=S))
    _, findings = replay(game(b))
    assert rules(findings) == ["DP-BID1"]


def test_DP_BID7_a_deemed_bid_makes_the_contract():
    hands = one_suit_deal()
    b = Battle(number=1, dealer=W, events=(
        hands_event(hands), Bid(seat=N, amount=500), Announce(seat=E, meld=140),  # E: 520
        Pass(seat=S), Pass(seat=W), Pass(seat=N), TrumpNaming(suit=SPADES),
        *declarations(hands, SPADES), *play_out(hands, E, SPADES)))
    result, findings = replay(game(b))
    assert findings == []
    assert (result.battles[0].bidder, result.battles[0].bid) == (E, 520)
    assert result.battles[0].ew.score == -520               # EW set: no trick (DP-SCORE2)


def test_DP_BID9_fixture_4_a_thrown_in_battle_scores_nothing():
    b = Battle(number=1, dealer=W, events=(
        hands_event(one_suit_deal()), Announce(seat=N, meld=600), Pass(seat=E), Pass(seat=S),
        Pass(seat=W), SideClaim(category="score", ns=0, ew=0),
        SideClaim(category="total", ns=0, ew=0)))
    r = report(game(b))
    assert r.findings == []
    assert (r.battles[0].thrown_in, r.battles[0].bidder, r.ns, r.ew) == (True, None, 0, 0)
    assert "thrown in" in render_scores(r)


def test_DP_BID9_play_after_a_throw_in_is_reported_once_and_ignored():
    b = one_suit_battle()
    b = replace(b, 1, Pass(seat=N))                          # nobody bids
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-BID9"]
    assert (result.ns, result.ew, result.battles[0].tricks) == (0, 0, 0)


def test_DP_BID9_a_claim_of_points_in_a_thrown_in_battle_is_a_miscount():
    b = Battle(number=1, dealer=W, events=(
        hands_event(one_suit_deal()), Pass(seat=N), Pass(seat=E), Pass(seat=S), Pass(seat=W),
        SideClaim(category="score", ns=500, ew=0)))
    _, findings = replay(game(b))
    [f] = findings
    assert (f.rule, f.claimed, f.expected) == ("DP-SCORE3", 500, 0)
    assert "thrown in" in f.message


def test_DP_BID1_play_before_the_auction_ended():
    b = drop(one_suit_battle(), 4)                           # West never passes
    result, findings = replay(game(b))
    assert "DP-BID1" in rules(findings)
    assert result.battles[0].bid == 500                      # North's bid is the contract


def test_DP_BID1_a_record_that_stops_during_the_auction():
    b = Battle(number=1, dealer=W, events=(hands_event(one_suit_deal()),
                                           Bid(seat=N, amount=500), Pass(seat=E)))
    _, findings = replay(game(b))
    assert rules(findings) == ["DP-BID1"] and "during the auction" in findings[0].message
    assert replay(game(b, Result="*"))[1] == []


def test_DP_BID8_an_announcement_in_a_game_without_them():
    b = replace(one_suit_battle(), 2, Announce(seat=E, meld=100))
    b = insert(b, 3, Pass(seat=E))          # illegal: E's turn was used; E passes out of turn
    _, findings = replay(game(b, Announcements="no"))
    assert rules(findings)[0] == "DP-BID8"


# --- trump and the declarations --------------------------------------------------------------


def test_DP_MELD1_no_trump_named_the_battle_is_not_judged():
    b = one_suit_battle()
    b = drop(b, index_of(b, TrumpNaming))
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1"]
    assert (result.ns, result.ew, result.battles[0].complete) == (0, 0, False)


def test_DP_MELD1_no_trump_named_one_finding_not_one_per_claim():
    """The battle cannot be judged without trump: its claims (here the ones a scorekeeper
    would write had trump been named) are not checked against a zero score, so the one fault
    is one finding (found while making the DP-MELD1-no-trump faulty record)."""
    whole = one_suit_battle()
    b = drop(whole, index_of(whole, TrumpNaming))
    b = Battle(number=b.number, dealer=b.dealer, events=(*b.events, *right_claims(whole)))
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1"] and "not checked" in findings[0].message
    assert (result.ns, result.ew) == (0, 0)


def test_DP_MELD1_trump_named_before_the_auction_ended_is_reported_and_taken():
    b = one_suit_battle()
    b = drop(b, index_of(b, TrumpNaming))
    b = insert(b, 2, TrumpNaming(suit=SPADES))
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1"] and "before the auction ended" in findings[0].message
    assert result.ns == 1180


def test_DP_MELD1_trump_named_after_the_melds_judges_them_with_it():
    b = one_suit_battle()
    naming = b.events[index_of(b, TrumpNaming)]
    b = drop(b, index_of(b, TrumpNaming))
    b = insert(b, index_of(b, TableTrick), naming)
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1"] and "after the melds began" in findings[0].message
    assert result.ns == 1180


def test_DP_MELD1_trump_named_after_play_began_is_ignored():
    b = one_suit_battle()
    naming = b.events[index_of(b, TrumpNaming)]
    b = drop(b, index_of(b, TrumpNaming))
    b = insert(b, index_of(b, TableTrick, 1), naming)
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1", "DP-MELD1"]      # none at trick 1, then late
    assert (result.ns, result.battles[0].complete) == (0, False)


def test_DP_MELD1_trump_named_twice():
    b = insert(one_suit_battle(), 6, TrumpNaming(suit=HEARTS))
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1"] and findings[0].expected == "♠"
    assert result.battles[0].trump is SPADES


def test_DP_MELD1_a_seat_declares_twice():
    b = one_suit_battle()
    b = insert(b, index_of(b, TableTrick), Declaration(seat=S, total=80))
    _, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1"] and "second time" in findings[0].message


def test_DP_MELD1_a_declaration_after_play_began_is_ignored():
    b = one_suit_battle()
    decl = b.events[index_of(b, Meld, 0)]
    b = drop(b, index_of(b, Meld, 0))
    b = insert(b, index_of(b, TableTrick, 1), decl)
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1", "DP-MELD1"]     # North silent (notice), then late
    assert findings[0].severity is Severity.INFO
    assert result.battles[0].ns.melds == 80                # only South's


def test_DP_MELD1_a_seated_meld_line_is_a_declaration_of_one_kind():
    b = one_suit_battle()
    i = index_of(b, Meld, 0)
    assert b.events[i] == Meld(seat=N, kind=MeldKind.parse("♠♠♠♠F"), points=600)
    result, findings = replay(game(b))
    assert findings == [] and result.ns == 1180
    b = replace(b, i, Declaration(seat=N, melds=(
        Meld(kind=MeldKind.parse("♠♠♠♠F"), points=600),)))
    assert replay(game(b)) == (result, findings)


def test_DP_MELD4_a_false_declaration_is_judged_and_not_credited():
    b = one_suit_battle()
    i = index_of(b, Meld, 0)
    b = replace(b, i, Declaration(seat=N, melds=(
        Meld(kind=MeldKind.parse("♠♠♠♠F"), points=600), Meld(kind=MeldKind.parse("P"),
                                                                points=40))))
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD4"]
    assert result.battles[0].ns.melds == 680               # the pinochle not credited


def test_DP_MELD1_a_total_above_the_hand_is_an_error_and_capped():
    b = one_suit_battle()
    b = replace(b, index_of(b, Meld, 0), Declaration(seat=N, total=700))
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-MELD1"] and findings[0].expected == 600
    assert result.ns == 1180


def test_DP_MELD6_a_side_without_a_trick_has_its_melds_uncounted():
    b = one_suit_battle(extra=[SideClaim(category="melds", ns=680, ew=160)])
    _, findings = replay(game(b))
    [f] = findings
    assert (f.rule, f.claimed, f.expected) == ("DP-MELD6", 160, 0)
    assert "no scoring trick" in f.message


# --- the tricks ------------------------------------------------------------------------------


def swapped_deal(moves: list[tuple[Seat, str, Seat, str]]) -> dict[Seat, list[Card]]:
    """The one-suit deal with cards exchanged: (a, card of a, b, card of b)."""
    hands = one_suit_deal()
    for a, ca, b, cb in moves:
        hands[a].remove(card(ca))
        hands[b].remove(card(cb))
        hands[a].append(card(cb))
        hands[b].append(card(ca))
    return hands


def battle_of(hands, trick1: list[str] | None = None, winner1: Seat | None = None,
              trump: Suit = SPADES) -> Battle:
    """North bids and names ``trump``; trick 1 as given (or legal), the rest played legally
    from what is left."""
    events = [hands_event(hands), Bid(seat=N, amount=500), Pass(seat=E), Pass(seat=S),
              Pass(seat=W), TrumpNaming(suit=trump), *declarations(hands, trump)]
    if trick1 is None:
        events += play_out(hands, N, trump)
        return Battle(number=1, dealer=W, events=tuple(events))
    cards = [card(c) for c in trick1]
    order = [N, E, S, W]
    rest = {seat: list(hands[seat]) for seat in order}
    for seat, c in zip(order, cards):
        rest[seat].remove(c)
    winner = order[winning_index(cards, trump, DOUBLE_PACK)]
    events.append(TableTrick(number=1, cards=tuple(cards), winner=winner1 or winner))
    events += play_out(rest, winner, trump, first=2)
    return Battle(number=1, dealer=W, events=tuple(events))


def test_DP_PLAY2_not_following_suit_when_able():
    hands = swapped_deal([(N, "J♠", E, "J♥")])      # East holds one spade
    b = battle_of(hands, ["A♠", "A♥", "A♣", "A♦"])
    _, findings = replay(game(b, Result="*"))
    [f] = [f for f in findings if f.rule.startswith("DP-PLAY")]
    assert (f.rule, f.kind, f.trick) == ("DP-PLAY2", Kind.ILLEGAL_PLAY, 1)
    assert "East plays A♥" in f.message


def test_DP_PLAY2_following_suit_is_legal():
    hands = swapped_deal([(N, "J♠", E, "J♥")])
    b = battle_of(hands, ["A♠", "J♠", "A♣", "A♦"])
    _, findings = replay(game(b, Result="*"))
    assert [f for f in findings if f.rule.startswith("DP-PLAY")] == []


def test_DP_PLAY3_not_topping_a_trump_lead_when_able():
    hands = swapped_deal([(N, "K♠", E, "A♥"), (N, "J♠", E, "T♥")])   # East: K♠ and J♠
    b = battle_of(hands, ["Q♠", "J♠", "A♣", "A♦"])
    _, findings = replay(game(b, Result="*"))
    assert [f.rule for f in findings if f.rule.startswith("DP-PLAY")] == ["DP-PLAY3"]
    good = battle_of(hands, ["Q♠", "K♠", "A♣", "A♦"])
    assert [f for f in replay(game(good, Result="*"))[1] if f.rule.startswith("DP-PLAY")] == []


def test_DP_PLAY4_not_trumping_when_void():
    hands = swapped_deal([(N, "A♠", E, "A♥"), (N, "J♠", S, "J♣")])  # North A♥; South J♠
    b = battle_of(hands, ["A♥", "K♥", "K♣", "A♦"])                  # South: a club, not J♠
    _, findings = replay(game(b, Result="*"))
    assert [f.rule for f in findings if f.rule.startswith("DP-PLAY")] == ["DP-PLAY4"]
    good = battle_of(hands, ["A♥", "K♥", "J♠", "A♦"])
    assert [f for f in replay(game(good, Result="*"))[1] if f.rule.startswith("DP-PLAY")] == []


def test_DP_PLAY5_identical_cards_the_first_played_wins_a_wrong_mark():
    hands = swapped_deal([(N, "A♠", E, "A♥")])                      # East holds one A♠
    b = battle_of(hands, ["A♠", "A♠", "A♣", "A♦"], winner1=E)
    result, findings = replay(game(b))
    [f] = findings
    assert (f.rule, f.kind, f.claimed, f.expected) == ("DP-PLAY5", Kind.MISCOUNT, "E", "N")
    assert "identical" in f.message
    assert result.battles[0].ns.cards == 500                # North's: he leads on, wins all
    assert replay(game(battle_of(hands, ["A♠", "A♠", "A♣", "A♦"])))[1] == []


def test_DP_PLAY1_the_high_bidder_leads_trick_1():
    b = one_suit_battle()
    i = index_of(b, TableTrick, 0)
    first = b.events[i]
    b = replace(b, i, first.model_copy(update={"cards": first.cards[1:] + first.cards[:1]}))
    _, findings = replay(game(b))
    assert rules(findings)[:1] == ["DP-PLAY1"]
    assert findings[0].message.startswith("North leads trick 1 as the high bidder")
    assert "does not hold A♥" in findings[0].message


def test_DP_PLAY6_the_winner_leads_the_next_trick():
    b = one_suit_battle()
    i = index_of(b, TableTrick, 4)
    t = b.events[i]
    b = replace(b, i, t.model_copy(update={"cards": t.cards[1:] + t.cards[:1]}))
    _, findings = replay(game(b))
    assert (findings[0].rule, findings[0].trick) == ("DP-PLAY6", 5)
    assert "led by North, the winner of trick 4" in findings[0].message


def test_DP_PLAY1_tricks_are_numbered_from_1():
    b = one_suit_battle()
    i = index_of(b, TableTrick, 2)
    b = replace(b, i, b.events[i].model_copy(update={"number": 7}))
    _, findings = replay(game(b))
    assert [(f.rule, f.claimed, f.expected) for f in findings] == [("DP-PLAY1", 7, 3)]


def test_DP_PLAYERS_a_trick_of_two_cards_is_ignored():
    b = one_suit_battle()
    b = insert(b, index_of(b, TableTrick), TableTrick(number=1, cards=(card("A♠"),
                                                                       card("A♥"))))
    _, findings = replay(game(b))
    assert rules(findings)[0] == "DP-PLAYERS"


def test_DP_DEAL2_a_trick_after_the_twentieth_is_ignored():
    b = one_suit_battle(extra=[TableTrick(number=21, cards=tuple(card(c) for c in
                                                              ("A♠", "A♥", "A♣", "A♦")))])
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-DEAL2"] and result.ns == 1180


# --- the claims and the game -----------------------------------------------------------------


@pytest.mark.parametrize("category, ns, rule", [("tricks", 480, "DP-COUNT1"),
                                                ("melds", 600, "DP-MELD6"),
                                                ("score", 1100, "DP-SCORE1"),
                                                ("total", 1100, "DP-GAME")])
def test_DP_SCORE_a_wrong_side_claim_is_a_miscount(category, ns, rule):
    b = one_suit_battle(extra=[SideClaim(category=category, ns=ns)])
    _, findings = replay(game(b))
    [f] = findings
    assert (f.rule, f.kind, f.claimed) == (rule, Kind.MISCOUNT, ns)


def test_DP_COUNT2_the_other_schedule_cites_its_rule():
    b = one_suit_battle(extra=[SideClaim(category="tricks", ns=480, ew=0)])
    _, findings = replay(game(b, TrickScoring="10-10-5-5"))
    [f] = findings
    assert (f.rule, f.expected) == ("DP-COUNT2", 500)


def test_DP_SCORE2_a_set_bidding_side_loses_its_bid():
    b = replace(one_suit_battle(), 1, Bid(seat=N, amount=1200))
    b = b.model_copy(update={"events": b.events + (SideClaim(category="score", ns=1180,
                                                                ew=0),)})
    result, findings = replay(game(b))
    [f] = findings
    assert (f.rule, f.expected) == ("DP-SCORE2", -1200)
    assert "set" in f.message
    made = replay(game(b, SetPenalty="made"))[0]
    assert made.ns == -1180


def test_DP_SCORE3_the_opponents_score_what_they_made():
    b, _ = played_battle(3)
    good = right_claims(b)
    score = good[2]
    b = b.model_copy(update={"events": b.events + (score.model_copy(
        update={"ns": score.ns + 10}),)})
    _, findings = replay(game(b))
    assert rules(findings) == ["DP-SCORE3"]                 # E bid: NS are the opponents


def test_DP_GAME_a_battle_after_the_game_was_won():
    """Each battle the dealer's left makes 1,180: to 2,000, NS (bidding in battles 1 and 3)
    has 2,360 after battle 3."""
    dealers = [W, N, E, S]
    battles = [one_suit_battle(n, dealers[n - 1]) for n in range(1, 4)]
    result, findings = replay(game(*battles, Target="2000", Result="2360-1180"))
    assert findings == []
    assert (result.winner, result.won_in, result.ns, result.ew) == (Side.NS, 3, 2360, 1180)
    _, more = replay(game(*battles, one_suit_battle(4, S), Target="2000"))
    assert rules(more) == ["DP-GAME"] and more[0].battle == 4
    _, unfinished = replay(game(*battles[:2], Target="2000", Result="1180-1180"))
    assert rules(unfinished) == ["DP-GAME"] and "no side has reached" in unfinished[0].message


def test_DP_GAME_result_and_game_claim_are_checked():
    g = game(one_suit_battle(), Result="1180-0",
             closing=(SideClaim(category="game", ns=1180, ew=0),))
    result, findings = replay(g)
    assert [f for f in findings if f.rule == "DP-GAME"] and all(
        "no side has reached" in f.message for f in findings if f.rule == "DP-GAME")
    g = game(one_suit_battle(), Result="*", closing=(SideClaim(category="game", ns=1100),))
    _, findings = replay(g)
    [f] = findings
    assert (f.rule, f.claimed, f.expected) == ("DP-GAME", 1100, 1180)


def test_DP_GAME_a_negative_result_is_read():
    b = replace(one_suit_battle(), 1, Bid(seat=N, amount=1200))
    _, findings = replay(game(b, Result="-1200-0"))
    assert all("Result says" not in f.message for f in findings)
    _, wrong = replay(game(b, Result="-1100-0"))
    assert any("Result says -1100-0" in f.message for f in wrong)


# --- statements of the other form ---------------------------------------------------------


@pytest.mark.parametrize("event", [
    Draw(seats=(E, W)), Claim(category="score", east=10, west=0),
    Trick(number=1, lead=Card.parse("A♠"), follow=Card.parse("A♥")),
    Deal(east=(), west=(), stock=())])
def test_DP_PLAYERS_a_two_handed_statement_in_a_partnership_battle(event):
    b = insert(one_suit_battle(), 1, event)
    result, findings = replay(game(b))
    assert rules(findings) == ["DP-PLAYERS"]
    assert result.ns == 1180


@pytest.mark.parametrize("event", [
    hands_event(one_suit_deal()), Bid(seat=E, amount=500), Pass(seat=W),
    TrumpNaming(suit=HEARTS), Declaration(seat=E, total=0),
    TableTrick(number=1, cards=(Card.parse("A♠"),) * 4), SideClaim(category="score", ns=0)])
def test_DP_PLAYERS_a_partnership_statement_in_a_two_handed_battle(event):
    g = Game(header=(Tag(name="Ruleset", value="east-point"),),
             battles=(Battle(number=1, dealer=E, events=(event,)),))
    r = validate_game(g)
    assert isinstance(r, GameReport)
    assert "Ruleset" in [f.rule for f in r.findings]


def test_DP_PLAYERS_dealer_north_in_a_two_handed_game_is_reported():
    g = Game(header=(Tag(name="Ruleset", value="old-time"),),
             battles=(Battle(number=1, dealer=N, events=(Comment(text="x"),)),))
    r = validate_game(g)
    assert [f.rule for f in r.findings] == ["Ruleset"]
    assert r.battles == []


def test_DP_PLAYERS_a_north_meld_in_a_two_handed_game_is_reported():
    g = Game(battles=(Battle(number=1, dealer=E, events=(
        Meld(seat=N, kind=MeldKind.parse("♥M"), points=20),)),))
    r = validate_game(g)
    assert "Ruleset" in [f.rule for f in r.findings]


def test_DP_PLAYERS_a_side_claim_closing_a_two_handed_game_is_reported():
    g = Game(battles=(), closing=(SideClaim(category="game", ns=0, ew=0),))
    assert [f.rule for f in validate_game(g).findings] == ["Ruleset"]


# --- dispatch and report ---------------------------------------------------------------------


def test_DP_PLAYERS_the_walker_is_chosen_by_the_rulesets_data():
    g = game(one_suit_battle())
    visitor = Collect()
    assert walk(g, visitor) is None                  # the two-handed result type has no place
    seen = []

    class Battles(Visitor):
        def end_battle(self, battle, state, result):
            seen.append(result.ns.score)

    walk(g, Battles())
    assert seen == [1180]
    assert double_pack().seats == (N, E, S, W)


def test_DP_PLAYERS_two_handed_json_reports_keep_their_keys():
    g = Game(battles=(Battle(number=1, dealer=E, events=()),))
    r = validate_game(g)
    assert isinstance(r, GameReport)
    assert set(r.model_dump()) == {"game", "file", "line", "tags", "ruleset", "battles",
                                   "expected_battles", "east", "west", "findings", "counts",
                                   "checked", "not_checked"}
    assert set(r.model_dump()["battles"][0]) == {"battle", "number", "dealer", "deal_checked",
                                                 "tricks", "ended_by", "east", "west"}


def test_DP_PLAYERS_the_partnership_report():
    r = report(game(one_suit_battle()))
    assert isinstance(r, TableGameReport)
    dumped = r.model_dump(mode="json")
    assert set(dumped) == {"game", "file", "line", "tags", "ruleset", "battles", "ns", "ew",
                           "winner", "findings", "counts", "checked", "not_checked"}
    assert dumped["battles"][0]["trump"] == "♠" and dumped["battles"][0]["dealer"] == "W"
    text = render_scores(r)
    assert "battle 1 (dealer W): N bid 500, trump ♠, NS made" in text
    assert "EW 0 (cards 0, melds not counted)" in text


def test_DP_PLAYERS_random_play_with_seeded_choices_is_clean():
    rng = random.Random(7)
    for seed in range(3):
        b, hands = played_battle(100 + seed, trump=rng.choice(list(Suit)))
        assert replay(game(b))[1] == []


def test_DP_PLAYERS_any_order_of_a_battles_statements_is_judged_without_raising():
    """Seeded mutations of a legal battle (statements dropped, repeated, moved; the deal cut
    short; a second battle's dealer) never raise: every departure is a finding."""
    rng = random.Random(12)
    base, _ = played_battle(5)
    events = list(base.events) + right_claims(base)
    for _ in range(150):
        mutated = list(events)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(mutated))
            choice = rng.random()
            if choice < 0.3:
                del mutated[i]
            elif choice < 0.6:
                mutated.insert(rng.randrange(len(mutated)), mutated[i])
            elif choice < 0.8:
                j = rng.randrange(len(mutated))
                mutated[i], mutated[j] = mutated[j], mutated[i]
            else:
                mutated[0] = hands_event({seat: list(h)[:rng.randint(0, 20)] for seat, h in
                                          zip((N, E, S, W), base.events[0].hands)})
        g = game(Battle(number=1, dealer=N, events=tuple(mutated)),
                 Battle(number=2, dealer=rng.choice([N, E, S, W]), events=()),
                 Result=rng.choice(["*", "0-0", "1-x"]))
        r = report(g)
        assert all(f.rule and f.message for f in r.findings)
