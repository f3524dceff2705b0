"""The double-pack mutation classes: each corrupts one thing of a legal simulated game
and nothing else. ``faults`` reads a game by the rules (the auction by the spec's §5 with §5.3's
no-effect ruling, the declarations by ``judge_declaration``, the cards by ``broken_rule`` and
``winning_index``, the claims by ``score_hand``) and lists every rule broken: none in the legal
game, exactly one in each mutant, and it is one the class names."""

from __future__ import annotations

import random
from collections import Counter
from math import ceil

import pytest

from pinochle.adjudicator.partnership.contract import is_scoring_trick, score_hand, trick_points
from pinochle.adjudicator.rulesets.double_pack import double_pack
from pinochle.adjudicator.partnership.melds import judge_declaration
from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.partnership.tricks import broken_rule, winning_index
from pinochle.notation.cards import FOUR_SEATS, Card, Seat, Side
from pinochle.notation.events import (
    Announce, Battle, Bid, Declaration, Game, Hands, Meld, Pass, SideClaim, TableTrick,
    TrumpNaming,
)
from pinochle.simulator.partnership.game import simulate_table_game
from pinochle.simulator.partnership.mutate import DOUBLE_PACK_MUTATIONS, table_sites
from pinochle.simulator.mutate import mutate, mutations_for

DP = double_pack()
BY_NAME = {m.name: m for m in DOUBLE_PACK_MUTATIONS}


def _auction_faults(battle: Battle, ruleset: Ruleset, found: Counter) -> tuple[Seat | None, int]:
    """The auction's broken rules (an illegal call has no effect; the next seat calls: §5.3)
    and its high bidder and contract."""
    turn, passed, high, high_seat = battle.dealer.left, set(), None, None
    for call in (e for e in battle.events if isinstance(e, (Bid, Announce, Pass))):
        if call.seat in passed:
            found["DP-BID2"] += 1
            continue
        if call.seat is not turn:
            found["DP-BID1"] += 1
            continue
        amount = None
        if isinstance(call, Pass):
            passed.add(call.seat)
        elif isinstance(call, Bid):
            amount = call.amount
        elif call.flush or call.long:
            amount = 500 if high is None else high + 10 * max(1, ceil((call.meld or 0) / 100))
        elif high is not None:
            amount = high + 10 * ceil((call.meld or 0) / 100)
        if amount is not None:
            if amount < 500 or amount % 10 or (high is not None and amount <= high):
                found["DP-BID3"] += 1
            else:
                high, high_seat = amount, call.seat
        turn = call.seat.left
        while turn in passed and len(passed) < 4:
            turn = turn.left
    return high_seat, high or 0


def faults(game: Game, ruleset: Ruleset = DP) -> Counter:
    found: Counter = Counter()
    for battle in game.battles:
        high, bid = _auction_faults(battle, ruleset, found)
        if high is None:
            continue
        hands: dict[Seat, list[Card]] = {}
        trump = None
        credited: dict[Seat, int] = {}
        leader = high
        tricks: list[tuple[tuple[Card, ...], Seat]] = []
        claims: dict[str, SideClaim] = {}
        for event in battle.events:
            if isinstance(event, Hands):
                hands = {s: list(h) for s, h in zip(FOUR_SEATS, event.hands)}
            elif isinstance(event, TrumpNaming):
                trump = event.suit
            elif isinstance(event, (Meld, Declaration)):
                assert trump is not None and event.seat is not None
                melds = (event,) if isinstance(event, Meld) else event.melds
                total = None if isinstance(event, Meld) else event.total
                verdict = judge_declaration(tuple(hands[event.seat]), melds, total, trump,
                                            ruleset, event.seat)
                credited[event.seat] = verdict.points
                found.update(f.rule for f in verdict.findings if f.severity is not Severity.INFO)
            elif isinstance(event, TableTrick):
                assert trump is not None
                seat = leader
                for k, card in enumerate(event.cards):
                    rule = broken_rule(hands[seat], event.cards[:k], card, trump, ruleset)
                    if rule:
                        found[rule] += 1
                    if card not in hands[seat]:
                        found["DP-DEAL2"] += 1
                    else:
                        hands[seat].remove(card)
                    seat = seat.left
                winner = leader
                for _ in range(winning_index(event.cards, trump, ruleset)):
                    winner = winner.left
                if event.winner is not winner:
                    found["DP-PLAY5"] += 1
                tricks.append((event.cards, winner))
                leader = winner
            elif isinstance(event, SideClaim):
                claims[event.category] = event
        cards = {Side.NS: 0, Side.EW: 0}
        scoring = {Side.NS: False, Side.EW: False}
        for i, (trick, winner) in enumerate(tricks):
            last = i == len(tricks) - 1
            cards[winner.side] += trick_points(trick, ruleset) + (20 if last else 0)
            scoring[winner.side] |= is_scoring_trick(trick, last, ruleset)
        melds = {side: sum(credited[s] for s in side.seats) for side in Side}
        result = score_hand(high.side, bid, cards, melds, scoring, ruleset)
        for side in Side:
            if claims["tricks"].of(side) != result[side].cards:
                found["DP-COUNT1"] += 1
            if claims["melds"].of(side) != result[side].melds:
                found["DP-MELD6"] += 1
            if claims["score"].of(side) != result[side].score:
                made = result[side].made >= bid
                found["DP-SCORE3" if side is not high.side else
                      "DP-SCORE1" if made else "DP-SCORE2"] += 1
    return found


def _games(n: int, ruleset: Ruleset = DP) -> list[Game]:
    return [simulate_table_game(seed, ruleset, (("random", "greedy"), ("random", "random"),
                                                ("greedy", "greedy"))[seed % 3]).game
            for seed in range(n)]


GAMES = _games(9)


def test_DP_legal_games_break_no_rule_by_the_test_s_reading() -> None:
    for game in GAMES:
        assert faults(game) == Counter()


def _mutants(name: str, games: list[Game], ruleset: Ruleset = DP) -> list[tuple[Game, Game]]:
    mutation = BY_NAME[name]
    pairs = []
    for i, game in enumerate(games):
        sites = table_sites(game, ruleset)
        mutant = mutate(game, mutation, random.Random(i), sites)
        if mutant is not None:
            pairs.append((game, mutant.game))
    assert len(pairs) >= len(games) // 2, name
    return pairs


def mutation_test(name: str, ruleset: Ruleset = DP):
    def test() -> None:
        games = GAMES if ruleset is DP else _games(6, ruleset)
        rules = BY_NAME[name].rules
        for game, mutant in _mutants(name, games, ruleset):
            found = faults(mutant, ruleset)
            assert sum(found.values()) == 1 and set(found) <= rules, (name, found)
            assert mutant != game
    test.__doc__ = f"{name}: {BY_NAME[name].description}, one fault, under {BY_NAME[name].rules}"
    return test


test_DP_BID3_bid_below_minimum = mutation_test("bid-below-minimum")
test_DP_BID3_bid_not_a_multiple_of_ten = mutation_test("bid-not-multiple")
test_DP_BID3_bid_not_higher = mutation_test("bid-not-higher")
test_DP_BID2_bid_after_passing = mutation_test("bid-after-pass")
test_DP_MELD2_DP_MELD3_DP_MELD4_meld_not_held = mutation_test("meld-not-held")
test_DP_MELD2_DP_MELD3_DP_MELD4_meld_at_wrong_points = mutation_test("meld-points-wrong")
test_DP_MELD1_declared_total_above_the_best_meld = mutation_test("meld-total-too-high")
test_DP_PLAY2_revoke_not_following_suit = mutation_test("revoke-follow-suit")
test_DP_PLAY3_revoke_not_topping_a_trump_lead = mutation_test("revoke-top-trump")
test_DP_PLAY3_revoke_not_topping_the_highest_trump = mutation_test(
    "revoke-top-trump", double_pack(trump_lead="top-highest"))
test_DP_PLAY4_revoke_not_trumping_when_void = mutation_test("revoke-trump-void")
test_DP_PLAY5_wrong_trick_winner_mark = mutation_test("wrong-winner")
test_DP_SCORE2_set_contract_claimed_as_made = mutation_test("contract-set-as-made")
test_DP_SCORE1_DP_SCORE2_contract_score_with_the_wrong_sign = mutation_test(
    "contract-wrong-sign")


def test_DP_every_mutation_class_has_its_own_test_and_names_DP_rules() -> None:
    tested = {v.__doc__.split(":")[0] for k, v in globals().items()
              if k.startswith("test_DP") and callable(v) and v.__doc__ and ":" in v.__doc__}
    assert tested == set(BY_NAME)
    assert len(BY_NAME) == len(DOUBLE_PACK_MUTATIONS)
    for mutation in DOUBLE_PACK_MUTATIONS:
        assert mutation.rules and all(r.startswith("DP-") for r in mutation.rules)


def test_DP_mutations_for_a_table_of_four_are_the_double_pack_classes() -> None:
    assert mutations_for(DP) is DOUBLE_PACK_MUTATIONS
    assert mutations_for(double_pack(set_penalty="made")) is DOUBLE_PACK_MUTATIONS


def test_DP_PLAY2_revoke_swaps_two_cards_of_one_seat_and_keeps_the_deal() -> None:
    for game, mutant in _mutants("revoke-follow-suit", GAMES):
        changed = [(b, i) for b, (x, y) in enumerate(zip(game.battles, mutant.battles))
                   for i, (e, f) in enumerate(zip(x.events, y.events)) if e != f]
        assert len(changed) == 2 and changed[0][0] == changed[1][0]
        b = changed[0][0]
        before = [game.battles[b].events[i] for _, i in changed]
        after = [mutant.battles[b].events[i] for _, i in changed]
        assert sorted(c for t in before for c in t.cards) == \
            sorted(c for t in after for c in t.cards)
        assert [t.winner for t in before] == [t.winner for t in after]


@pytest.mark.parametrize("name", ["bid-after-pass", "bid-not-higher"])
def test_DP_BID1_an_illegal_call_leaves_the_rest_of_the_auction_in_turn(name) -> None:
    """The mutant's other calls stay in turn under §5.3 (no DP-BID1 besides the fault)."""
    for _, mutant in _mutants(name, GAMES):
        assert "DP-BID1" not in faults(mutant)
