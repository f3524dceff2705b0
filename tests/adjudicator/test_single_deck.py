"""Single-deck partnership Pinochle (../shared/rulesets/single-deck-partnership.md, ids SD-…):
the spec's whole hand (§11.2) and its worked statements (§11.1), each changed from that hand,
validated as a record. Expectations are typed from the spec, never from the engine."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.partnership.melds import best_meld, judge_declaration
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.partnership.tricks import broken_rule, legal_plays, winning_index
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.rulesets.single_deck import SINGLE_DECK, single_deck
from pinochle.adjudicator.model.ruleset import RulesetError
from pinochle.notation.cards import Card, Seat, Side, Suit, parse_cards
from pinochle.notation.events import Meld
from pinochle.notation.melds import MeldKind
from pinochle.notation.reader import parse

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

#: The spec's §11.2 hand (defaults): clean, NS 320, EW 110.
HAND = """[Ruleset "single-deck"]
[North "Ann"]
[East "Bob"]
[South "Cy"]
[West "Di"]

battle 1 dealer E
N: K♣ J♣ N♣ N♣ K♠ J♠ N♠ K♥ A♦ T♦ K♦ N♦
E: A♣ T♣ Q♣ K♠ Q♠ J♠ T♥ J♥ N♥ A♦ K♦ N♦
S: A♣ Q♣ Q♠ T♥ K♥ Q♥ Q♥ N♥ T♦ Q♦ Q♦ J♦
W: T♣ K♣ J♣ A♠ A♠ T♠ T♠ N♠ A♥ A♥ J♥ J♦
bid S 250
bid W 260
pass N
pass E
bid S 300
pass W
trump ♥
send N K♥ A♦ T♦ K♦
send S Q♦ Q♦ Q♣ A♣
meld N ♣M 20
meld E ♠M 20 dix 10
meld S ♥♥M 80 P 40 dix 10
meld W 0
1. T♦ J♦ N♦ A♦ E
2. K♠ Q♠ A♠ N♠ W
3. A♥ Q♣ T♥ Q♥ W
4. J♥ A♣ J♥ Q♥ S
5. N♥ A♥ J♠ N♥ W
6. T♠ K♠ Q♠ K♥ S
7. J♦ J♣ Q♦ K♦ E
8. N♦ T♦ K♣ Q♦ S
9. K♥ A♠ N♣ T♣ S
10. A♦ N♠ K♣ J♠ S
11. T♥ T♠ J♣ A♣ S
12. K♦ T♣ N♣ Q♣ S
tricks NS 170 EW 80
melds NS 150 EW 30
score NS 320 EW 110
total NS 320 EW 110
"""


def report(text: str):
    return validate_game(parse(text).games[0])


def rules(text: str, severity: Severity | None = Severity.ERROR) -> list[str]:
    return [f.rule for f in report(text).findings
            if severity is None or f.severity is severity]


def changed(old: str, new: str, text: str = HAND) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def test_SD_SCORE2_SD_SCORE4_the_specs_whole_hand_is_clean_with_its_scores() -> None:
    found = report(HAND)
    assert found.findings == []
    assert (found.ns, found.ew) == (320, 110)


def test_SD_PACK1_SD_DEAL1_the_ruleset_is_48_cards_twelve_each_no_widow() -> None:
    assert SINGLE_DECK.pack_size == 48 and SINGLE_DECK.hand_size == 12
    assert SINGLE_DECK.stock_size == 0
    assert set(SINGLE_DECK.pack.values()) == {0, 2}


def test_SD_DEAL1_a_hand_of_13_and_one_of_11() -> None:
    text = changed("S: A♣ Q♣", "S: J♦ A♣ Q♣")
    text = changed("W: T♣ K♣ J♣ A♠ A♠ T♠ T♠ N♠ A♥ A♥ J♥ J♦", "W: T♣ K♣ J♣ A♠ A♠ T♠ T♠ N♠ A♥ "
                   "A♥ J♥", text)
    assert rules(text)[:2] == ["SD-DEAL1", "SD-DEAL1"]


def test_SD_BID1_SD_LAW3_a_call_out_of_turn_is_void() -> None:
    text = changed("bid S 250\n", "bid N 250\nbid S 250\n")
    assert rules(text) == ["SD-BID1"]


@pytest.mark.parametrize("amount, rule", [(255, "SD-BID3"), (240, "SD-BID3")])
def test_SD_BID3_a_bid_is_a_multiple_of_10_at_least_250(amount: int, rule: str) -> None:
    text = changed("bid S 250\n", f"bid S {amount}\nbid S 250\n")
    assert rules(text)[0] == rule


def test_SD_BID4_a_bid_not_higher_than_the_high_bid() -> None:
    assert rules(changed("bid W 260\n", "bid W 250\nbid W 260\n"))[0] == "SD-BID4"


def test_SD_BID5_a_pass_is_final() -> None:
    text = changed("bid S 300\npass W\n", "bid S 300\nbid N 310\npass W\n")
    assert "SD-BID5" in rules(text)


def test_SD_BID7_no_call_after_the_end() -> None:
    assert rules(changed("trump ♥\n", "bid W 400\ntrump ♥\n")) == ["SD-BID7"]


def test_SD_BID6_the_dealer_must_bid_after_three_passes() -> None:
    text = changed("bid S 250\nbid W 260\npass N\npass E\nbid S 300\npass W\n",
                   "pass S\npass W\npass N\npass E\n")
    found = rules(text, None)
    assert found[0] == "SD-BID6"


def test_SD_BID8_four_passes_throw_the_hand_in_with_forced_bid_none() -> None:
    text = changed('[Ruleset "single-deck"]', '[Ruleset "single-deck"]\n[ForcedBid "none"]')
    text = text.split("bid S 250")[0] + "pass S\npass W\npass N\npass E\n"
    found = report(text)
    assert [f.rule for f in found.findings if f.severity is Severity.ERROR] == []
    assert (found.ns, found.ew) == (0, 0)


def test_SD_TRUMP2_trump_is_named_once() -> None:
    assert rules(changed("trump ♥\n", "trump ♥\ntrump ♠\n")) == ["SD-TRUMP2"]


def test_SD_TRUMP1_trump_before_the_auction_ended() -> None:
    assert rules(changed("bid S 300\n", "trump ♥\nbid S 300\n")
                 .replace("pass W\ntrump ♥\n", "pass W\n"))[0] == "SD-TRUMP1"


def test_SD_PASS1_the_partner_passes_four() -> None:
    text = changed("send N K♥ A♦ T♦ K♦", "send N K♥ A♦ T♦")
    assert "SD-PASS1" in rules(text)
    three = changed('[Ruleset "single-deck"]', '[Ruleset "single-deck"]\n[Passing "3"]',
                    changed("send S Q♦ Q♦ Q♣ A♣", "send S Q♦ Q♦ Q♣", text))
    assert "SD-PASS1" not in rules(three) and "SD-PASS2" not in rules(three)


def test_SD_PASS1_a_passed_card_not_held() -> None:
    text = changed("send N K♥ A♦ T♦ K♦", "send N A♠ A♦ T♦ K♦")
    assert rules(text)[0] == "SD-PASS1"


def test_SD_PASS2_the_bidder_passes_as_many_back_cards_just_received_included() -> None:
    back = changed("send S Q♦ Q♦ Q♣ A♣", "send S Q♦ Q♦ Q♣")
    assert "SD-PASS2" in rules(back)
    state = _passing_state()
    assert state.verify_send(N, cards("K♥ A♦ T♦ K♦")) == []
    state.send(N, cards("K♥ A♦ T♦ K♦"))
    assert state.can_send(S, cards("K♥ A♦ Q♦ Q♦"))     # two just received


@pytest.mark.parametrize("line", ["send E A♣ T♣ Q♣ K♠", "send S Q♦ Q♦ Q♣ A♣"])
def test_SD_PASS3_only_the_two_once_each_the_partner_first(line: str) -> None:
    state = _passing_state()
    assert state.verify_send(*_send(line))[0].rule == "SD-PASS3"


def test_SD_PASS3_a_send_before_trump_and_with_passing_0() -> None:
    assert rules(changed("trump ♥\nsend N K♥ A♦ T♦ K♦\n", "send N K♥ A♦ T♦ K♦\ntrump ♥\n")
                 )[0] == "SD-PASS3"
    none = changed('[Ruleset "single-deck"]', '[Ruleset "single-deck"]\n[Passing "0"]')
    assert rules(none)[0] == "SD-PASS3"


def test_SD_PASS1_a_record_without_send_lines_is_one_finding() -> None:
    # spec P15: the partners' hands after the passing are unknown: their melds are taken as
    # declared, their cards not checked; the scores are the record's
    text = changed("send N K♥ A♦ T♦ K♦\nsend S Q♦ Q♦ Q♣ A♣\n", "")
    found = report(text)
    assert [f.rule for f in found.findings if f.severity is not Severity.INFO] == ["SD-PASS1"]
    assert (found.ns, found.ew) == (320, 110)


def test_SD_MELD1_melds_are_judged_on_the_hands_after_the_passing() -> None:
    # N melds the Q♣ he received with his K♣; dealt, he had none
    text = changed("send S Q♦ Q♦ Q♣ A♣", "send S Q♦ Q♦ J♦ A♣")
    assert "SD-MELD2" in rules(text)


def _passing_state() -> TableState:
    """The §11.2 hand after trump (S the bidder at 300, hearts)."""
    state = TableState(SINGLE_DECK, E)
    lines = HAND.split("battle 1 dealer E\n")[1].splitlines()
    state.deal([cards(line[3:]) for line in lines[:4]])
    game = parse(HAND).games[0]
    for event in game.battles[0].events:
        if type(event).__name__ in ("Bid", "Pass"):
            state.call(event)
    state.name_trump(Suit.HEARTS)
    return state


def _send(line: str) -> tuple[Seat, tuple[Card, ...]]:
    _, seat, *faces = line.split()
    return Seat.parse(seat), cards(" ".join(faces))


@pytest.mark.parametrize("hand, trump, points", [
    ("A♠ T♠ K♠ Q♠ J♠ J♦", Suit.SPADES, 190),                     # §11.1 12
    ("A♣ A♣ T♣ T♣ K♣ K♣ Q♣ Q♣ J♣ J♣", Suit.CLUBS, 1500),         # 13
    ("A♥ T♥ K♥ K♥ Q♥ J♥", Suit.HEARTS, 150),                     # 14
    ("K♠ K♥ K♦ K♣ Q♠ Q♥", Suit.CLUBS, 120),                      # 15
    ("N♠ N♠", Suit.SPADES, 20),                                  # 16
    ("N♥", Suit.SPADES, 0),                                      # 17
    ("A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣", Suit.SPADES, 1000),               # 18
])
def test_SD_MELD2_to_SD_MELD6_a_hands_best_meld(hand: str, trump: Suit, points: int) -> None:
    assert best_meld(cards(hand), trump, SINGLE_DECK) == points


def test_SD_MELD2_double_run_plain_is_300_and_double_aces_200() -> None:
    plain = single_deck(double_melds="plain")
    assert best_meld(cards("A♣ A♣ T♣ T♣ K♣ K♣ Q♣ Q♣ J♣ J♣"), Suit.CLUBS, plain) == 300
    assert best_meld(cards("A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣"), Suit.SPADES, plain) == 200
    old = single_deck(double_melds="old")
    assert best_meld(cards("Q♠ Q♠ J♦ J♦"), Suit.CLUBS, old) == 300


def test_SD_MELD6_run_and_royal_marriage_from_one_king_drops_the_marriage() -> None:
    hand = cards("A♥ T♥ K♥ K♥ Q♥ J♥")
    melds = (Meld(kind=MeldKind.parse("♥F"), points=150),
             Meld(kind=MeldKind.parse("♥M"), points=40))
    verdict = judge_declaration(hand, melds, None, Suit.HEARTS, SINGLE_DECK, N)
    assert verdict.points == 150
    assert [f.rule for f in verdict.findings] == ["DP-MELD5"]   # recited SD-MELD6 by the sink


def test_SD_MELD6_SD_MELD7_findings_cite_single_deck_ids_in_a_record() -> None:
    text = changed("meld N ♣M 20", "meld N ♣M 20 T4 100")
    assert rules(text)[0] == "SD-MELD7"


def test_SD_MELD5_a_dix_is_ten_each_nine_of_trump() -> None:
    assert best_meld(cards("N♥ N♥ N♠"), Suit.HEARTS, SINGLE_DECK) == 20


def test_SD_PLAY7_winners() -> None:
    assert winning_index(cards("A♣ T♣ N♥ A♥"), Suit.HEARTS, SINGLE_DECK) == 3
    assert winning_index(cards("K♠ K♠ Q♠ J♠"), Suit.HEARTS, SINGLE_DECK) == 0


def test_SD_PLAY4_heading_always_and_on_trump_leads_only() -> None:
    hand = cards("Q♥ N♥")
    assert legal_plays(hand, cards("J♥"), Suit.DIAMONDS, SINGLE_DECK) == cards("Q♥")
    assert broken_rule(hand, cards("J♥"), cards("N♥")[0], Suit.DIAMONDS,
                       SINGLE_DECK) == "SD-PLAY4"
    lead = single_deck(heading="trump-lead")
    assert set(legal_plays(hand, cards("J♥"), Suit.DIAMONDS, lead)) == set(hand)


def test_SD_PLAY4_the_partners_winning_card_must_be_beaten_too() -> None:
    # N leads K♠, E plays 9♠, S (N's partner) holds A♠ 9♠: only A♠
    assert legal_plays(cards("A♠ N♠"), cards("K♠ N♠"), Suit.HEARTS,
                       SINGLE_DECK) == cards("A♠")


def test_SD_PLAY4_a_trump_lead_under_both_heading_values() -> None:
    for ruleset in (SINGLE_DECK, single_deck(heading="trump-lead")):
        assert legal_plays(cards("K♣ N♣"), cards("Q♣"), Suit.CLUBS, ruleset) == cards("K♣")


def test_SD_PLAY3_follow_suit_once_trumped_any_card_of_it() -> None:
    # ♥ led, trumped by ♠: the follower with hearts plays any heart
    assert set(legal_plays(cards("A♥ N♥"), cards("K♥ N♠"), Suit.SPADES,
                           SINGLE_DECK)) == set(cards("A♥ N♥"))
    assert broken_rule(cards("A♥ N♠"), cards("K♥"), cards("N♠")[0], Suit.SPADES,
                       SINGLE_DECK) == "SD-PLAY3"


def test_SD_PLAY5_void_no_trump_any_card_void_with_trump_must_trump() -> None:
    assert set(legal_plays(cards("A♦ K♣"), cards("A♥"), Suit.SPADES,
                           SINGLE_DECK)) == set(cards("A♦ K♣"))
    assert broken_rule(cards("A♦ N♠"), cards("A♥"), cards("A♦")[0], Suit.SPADES,
                       SINGLE_DECK) == "SD-PLAY5"


def test_SD_PLAY6_overtrump_with_heading_always_only() -> None:
    hand = cards("A♠ N♠")
    assert legal_plays(hand, cards("A♥ K♠"), Suit.SPADES, SINGLE_DECK) == cards("A♠")
    assert broken_rule(hand, cards("A♥ K♠"), cards("N♠")[0], Suit.SPADES,
                       SINGLE_DECK) == "SD-PLAY6"
    lead = single_deck(heading="trump-lead")
    assert set(legal_plays(hand, cards("A♥ K♠"), Suit.SPADES, lead)) == set(hand)


def test_SD_PLAY4_a_revoke_in_a_record_is_reported_and_stands() -> None:
    # trick 1: S leads T♦; E, holding A♦, must beat it (K♦ is lower than T♦); the A♦ he
    # keeps is played in trick 7 instead of the K♦
    text = changed("1. T♦ J♦ N♦ A♦ E", "1. T♦ J♦ N♦ K♦ S")
    text = changed("7. J♦ J♣ Q♦ K♦ E", "7. J♦ J♣ Q♦ A♦ E", text)
    assert rules(text)[0] == "SD-PLAY4"


def test_SD_COUNT1_schedules_total_240_and_SD_COUNT2_ten_for_the_last() -> None:
    for scoring in ("10-10-10", "11-10-4-3-2", "10-10-5-5"):
        ruleset = single_deck(trick_scoring=scoring)
        assert ruleset.total_card_points == 240 and ruleset.last_trick_bonus == 10


def test_SD_COUNT3_a_wrong_tricks_claim() -> None:
    """Spec §8: a wrong ``tricks`` claim is SD-COUNT3 (a side's card points), not the
    schedule's SD-COUNT1."""
    assert rules(changed("tricks NS 170 EW 80", "tricks NS 160 EW 80"))[0] == "SD-COUNT3"


def test_SD_SCORE3_set_scores_minus_the_contract() -> None:
    text = changed("bid S 300\npass W", "bid S 330\npass W")
    found = report(text)
    assert found.ns == -330 and found.ew == 110
    assert "SD-SCORE3" in [f.rule for f in found.findings]   # the score claim of 320


def test_SD_MELD8_no_trick_no_meld_and_the_options() -> None:
    state = TableState(single_deck(save_meld="20"), E)
    assert state.ruleset.table.save == "points" and state.ruleset.table.save_points == 20
    assert single_deck(save_meld="none").table.save == "none"


def test_SD_CONCEDE2_a_concession_before_trick_1() -> None:
    text = HAND.split("1. T♦")[0] + "concede S\ntricks NS 0 EW 0\nmelds NS 0 EW 30\n" \
        "score NS -300 EW 30\n"
    found = report(text)
    assert [f.rule for f in found.findings] == []
    assert (found.ns, found.ew) == (-300, 30)


def test_SD_CONCEDE2_the_concede_bonus() -> None:
    text = changed('[Ruleset "single-deck"]', '[Ruleset "single-deck"]\n[ConcedeBonus "50"]')
    text = text.split("1. T♦")[0] + "concede S\n"
    found = report(text)
    assert (found.ns, found.ew) == (-300, 80)


def test_SD_CONCEDE1_only_the_bidder_and_not_before_trump() -> None:
    other = HAND.split("1. T♦")[0] + "concede N\n"
    assert rules(other)[0] == "SD-CONCEDE1"
    early = changed("trump ♥\n", "concede S\ntrump ♥\n")
    assert rules(early)[0] == "SD-CONCEDE1"


def test_SD_CONCEDE3_a_late_concession_ends_thecards() -> None:
    text = HAND.split("5. N♥")[0] + "concede S\n"
    found = report(text)
    assert [f.rule for f in found.findings if f.severity is not Severity.INFO] == \
        ["SD-CONCEDE1"]
    # E-W won tricks 1-3, 20 each (T♦ A♦; K♠ A♠; A♥ T♥): 60, and their melds 30
    assert found.ns == -300 and found.ew == 30 + 60


def test_SD_GAME2_SD_GAME4_game_end_options() -> None:
    from pinochle.adjudicator.partnership.contract import game_winner
    both = {Side.NS: 1510, Side.EW: 1600}
    assert game_winner(both, Side.NS, SINGLE_DECK) is Side.NS
    assert game_winner(both, Side.NS, single_deck(game_end="highest")) is Side.EW
    bid_out = single_deck(game_end="bid-out")
    assert game_winner(both, Side.NS, bid_out, made=False) is None
    assert game_winner(both, Side.EW, bid_out) is Side.EW


def test_SD_SCALE1_tens_divides_every_value_and_goes_with_10_10_10_only() -> None:
    tens = single_deck(scale="tens")
    assert tens.total_card_points + tens.last_trick_bonus == 25
    assert tens.auction is not None and tens.auction.minimum == 25
    assert tens.game_end.target == 150
    assert best_meld(cards("A♣ T♣ K♣ Q♣ J♣"), Suit.CLUBS, tens) == 15
    with pytest.raises(RulesetError):
        single_deck(scale="tens", trick_scoring="11-10-4-3-2")


def test_SD_LAW1_options_are_tags_default_first() -> None:
    ruleset = ruleset_from_tags({"Ruleset": "single-deck"})
    assert ruleset is SINGLE_DECK
    assert ruleset.options["Heading"] == "always" and ruleset.options["Laws"] == "none"


def test_SD_SEAT1_SD_SEAT2_statements_of_single_deck_are_not_foreign_here() -> None:
    assert not [f for f in report(HAND).findings if f.rule == "Ruleset"]


def test_SD_PACK2_ranks_a_t_k_q_j_9_and_no_suit_order() -> None:
    assert [r.value for r in SINGLE_DECK.rank_order] == ["A", "T", "K", "Q", "J", "N"]
    assert SINGLE_DECK.suit_order == ()
    assert winning_index(cards("N♠ A♣ A♦ A♥"), Suit.CLUBS, SINGLE_DECK) == 1


def test_SD_DEAL2_the_deal_passes_to_the_left() -> None:
    second = HAND.split("battle 1 dealer E\n")[1].split("tricks NS")[0]
    text = HAND + "\nbattle 2 dealer N\n" + second
    assert "SD-DEAL2" in rules(text)


def test_SD_BID2_only_bids_and_passes_a_void_call_keeps_the_turn() -> None:
    assert rules(changed("bid S 250\n", "announce S 140\nbid S 250\n")) == ["SD-BID2"]
    assert rules(changed("bid S 250\n", "bid S 255\nbid S 250\n")) == ["SD-BID3"]


def test_SD_MELD3_arounds_and_their_doubles() -> None:
    assert best_meld(cards("K♠ K♥ K♦ K♣"), Suit.CLUBS, SINGLE_DECK) == 80
    assert best_meld(cards("J♠ J♥ J♦ J♣ J♠ J♥ J♦ J♣"), Suit.HEARTS, SINGLE_DECK) == 400


def test_SD_MELD4_pinochle_and_double_pinochle() -> None:
    assert best_meld(cards("Q♠ J♦"), Suit.CLUBS, SINGLE_DECK) == 40
    assert best_meld(cards("Q♠ J♦ Q♠ J♦"), Suit.CLUBS, SINGLE_DECK) == 300


def test_SD_MELD9_a_total_only_declaration_above_the_best_is_credited_the_best() -> None:
    found = report(changed("meld W 0", "meld W 50"))
    assert [f.rule for f in found.findings] == ["SD-MELD9", "SD-SCORE4", "SD-SCORE4"][:1] + \
        [f.rule for f in found.findings][1:]
    assert found.findings[0].rule == "SD-MELD9" and found.ew == 110


def test_SD_PLAY1_the_bidder_leads_trick_1_a_lead_by_another_is_reported() -> None:
    assert rules(changed("1. T♦ J♦ N♦ A♦ E", "1. W: J♦ N♦ A♦ T♦ E"))[0] == "SD-PLAY1"


def test_SD_PLAY1_first_lead_eldest_leads_the_dealers_left() -> None:
    state = TableState(single_deck(first_lead="eldest"), W)
    state.deal([cards("A♠ " * 12)] * 4)   # the pack is wrong; the leader is the question
    for event in parse(HAND.replace("dealer E", "dealer W").replace(
            "bid S 250\nbid W 260\npass N\npass E\nbid S 300\npass W",
            "pass N\npass E\nbid S 300\npass W")).games[0].battles[0].events:
        if type(event).__name__ in ("Bid", "Pass"):
            state.call(event)
    state.name_trump(Suit.HEARTS)
    wrong = state.verify_play(S, cards("A♠")[0])
    assert any("the dealer's left leads the first trick" in f.message for f in wrong)
    assert state.open_play() and state.to_play is N     # dealer W: N leads, not S


def test_SD_PLAY2_the_winner_leads_the_next_trick() -> None:
    assert rules(changed("2. K♠ Q♠ A♠ N♠ W", "2. S: Q♠ A♠ N♠ K♠ W"))[0] == "SD-PLAY2"


def test_SD_PLAY7_a_wrong_winner_mark() -> None:
    assert rules(changed("1. T♦ J♦ N♦ A♦ E", "1. T♦ J♦ N♦ A♦ S"))[0] == "SD-PLAY7"


def test_SD_SCORE1_made_is_melds_and_card_points() -> None:
    found = report(HAND)
    battle = found.battles[0]
    assert found.ns == 150 + 170 and battle is not None


def test_SD_GAME1_a_wrong_total_claim() -> None:
    assert rules(changed("total NS 320 EW 110", "total NS 300 EW 110")) == ["SD-GAME1"]


def test_SD_GAME3_the_other_side_wins_at_the_target() -> None:
    from pinochle.adjudicator.partnership.contract import game_winner
    assert game_winner({Side.NS: -300, Side.EW: 1520}, Side.NS, SINGLE_DECK) is Side.EW


SHEET = """[Ruleset "single-deck"]

battle 1 dealer E
bid S 250
pass W
pass N
pass E
trump ♣
meld S ♣♣F 1500
meld N 0
meld E 0
meld W 0
tricks NS 250 EW 0
score NS 1750 EW 0
"""


def test_SD_GAME5_no_hand_after_the_game_is_won() -> None:
    after = SHEET + SHEET.split("\n\n", 1)[1].replace("battle 1 dealer E", "battle 2 dealer S")
    assert "SD-GAME5" in rules(after)


def test_SD_MELD9_a_multiplicity_not_held_is_credited_as_the_largest_held() -> None:
    hand = cards("K♥ Q♥ A♠ A♥ A♦ A♣")
    melds = (Meld(kind=MeldKind.parse("♥♥M"), points=80),
             Meld(kind=MeldKind.parse("AA4"), points=1000))
    verdict = judge_declaration(hand, melds, None, Suit.HEARTS, SINGLE_DECK, N)
    assert verdict.points == 40 + 100
    assert len(verdict.findings) == 2


def test_SD_MELD7_RH_is_shorthand_for_kings_queens_and_four_marriages() -> None:
    hand = cards("K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣ Q♣ A♠ T♠ N♣ N♦")
    rh = (Meld(kind=MeldKind.parse("RH"), points=240),)
    assert judge_declaration(hand, rh, None, Suit.HEARTS, SINGLE_DECK, N) == (240, [])
    wrong = judge_declaration(hand, (Meld(kind=MeldKind.parse("RH"), points=250),), None,
                              Suit.HEARTS, SINGLE_DECK, N)
    assert wrong.points == 240 and [f.rule for f in wrong.findings] == ["SD-MELD7"]
    missing = judge_declaration(cards("K♠ Q♠ K♥ Q♥ K♦ Q♦ K♣"), rh, None, Suit.HEARTS,
                                SINGLE_DECK, N)
    assert missing.points < 240 and missing.findings


COMMON = HAND.replace('[Ruleset "single-deck"]', '[Ruleset "single-deck"]\n[Laws "common"]')


def test_SD_LAW2_a_renege_claimed_ends_the_hand_the_offenders_lose() -> None:
    # trick 1: E plays K♦ while holding A♦ (SD-PLAY4), his A♦ kept for trick 7; S claims
    text = changed("1. T♦ J♦ N♦ A♦ E", "1. T♦ J♦ N♦ K♦ S", COMMON)
    text = changed("7. J♦ J♣ Q♦ K♦ E", "7. J♦ J♣ Q♦ A♦ E", text)
    text = text.split("2. K♠")[0] + "object renege S E\n"
    found = report(text)
    assert [f.rule for f in found.findings if f.severity is not Severity.INFO] == ["SD-PLAY4"]
    # N-S bid 300: melds 150 + all 250 card points = 400, made; E-W (offenders, not bidding) 0
    assert (found.ns, found.ew) == (400, 0)


def test_SD_LAW2_a_claim_without_a_renege_is_void() -> None:
    text = changed("2. K♠ Q♠ A♠ N♠ W", "object renege S E\n2. K♠ Q♠ A♠ N♠ W", COMMON)
    found = report(text)
    assert [f.rule for f in found.findings] == ["SD-LAW2"]
    assert (found.ns, found.ew) == (320, 110)


def test_SD_CONCEDE1_a_ruleset_without_the_concession_refuses_it_as_not_its_statement() -> None:
    """The state asked directly (``verify_concede``) under double-pack, which has no
    concession, answers as the walkers do: one ``Ruleset`` finding, the statement ignored."""
    state = TableState(ruleset_from_tags({"Ruleset": "double-pack"}), E)
    found = state.verify_concede(Seat.SOUTH)
    assert [(f.rule, f.message) for f in found] == [
        ("Ruleset", "a concession (`concede`) is not a statement of double-pack, so it is "
                    "ignored")]
    assert not state.can_concede(Seat.SOUTH)
