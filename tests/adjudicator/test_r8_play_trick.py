"""``BattleState.play_trick`` (the replay's one-step trick) is exactly ``play`` leader then
``play`` follower (R8A, R8B, R8C, R8D), in regular and irregular play; and a battle kept without
its step log (``keep_log=False``) reaches the same findings and scores."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.notation.cards import ALL_CARDS
from pinochle.simulator.deal import deal
from pinochle.simulator.simulate import Settings, simulate_game

from tests.adjudicator.replaykit import E, W, card, cards


def twin(seed: int) -> tuple[BattleState, BattleState]:
    """Two states of the same seeded deal."""
    dealer = E if seed % 2 else W
    dealt = deal(EAST_POINT, dealer, random.Random(seed))
    return tuple(BattleState(EAST_POINT, dealer, dealt.east, dealt.west, dealt.stock)
                 for _ in range(2))  # type: ignore[return-value]


def same(a: BattleState, b: BattleState) -> None:
    assert a.log == b.log
    assert [(f.rule, f.severity, f.message, f.trick) for f in a.findings] == \
        [(f.rule, f.severity, f.message, f.trick) for f in b.findings]
    assert a.sites() == b.sites()
    for seat in (E, W):
        assert (a.score(seat), a.hand_size(seat), a.should_hold(seat)) == \
            (b.score(seat), b.hand_size(seat), b.should_hold(seat))
        assert a.played_to_tricks(seat) == b.played_to_tricks(seat)
        assert a.won_with(seat) == b.won_with(seat)
    assert (a.is_over, a.tricks_played, a.last_winner, a.last_rule) == \
        (b.is_over, b.tricks_played, b.last_winner, b.last_rule)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.0, 0.3), st.booleans())
def test_R8_play_trick_is_play_then_play(seed, odd, penalize):
    """Random tricks, some with a card the player does not hold (R8A, R8B), some with exposed
    cards (M7), one player found with too many cards (R11D), through the end (R8F, R11F)."""
    rng = random.Random(seed)
    one, two = twin(seed)
    while not one.is_over:
        leader = one.leader
        lead = rng.choice(one.legal_cards(leader))
        follower = leader.other
        options = one.hand(follower)
        follow = rng.choice(ALL_CARDS) if rng.random() < odd or not options else rng.choice(options)
        if rng.random() < odd:
            lead = rng.choice(ALL_CARDS)
        one.play(leader, lead)
        one.play(follower, follow)
        two.play_trick(lead, follow)
        same(one, two)
        if penalize and one.tricks_played == 3:
            for state in (one, two):
                state.finish_turn([state.last_winner, state.last_winner.other,
                                   state.last_winner])
                state.laws.discover(state.last_winner, too_many=True)
        if one.tricks_played == 2 and not one.is_over:
            loser = one.last_winner.other
            hidden = [c for c in one.hand(loser) if one.concealed(loser)[c.index]][:1]
            for state in (one, two):
                state.expose(loser, hidden)
        for state in (one, two):
            if state.in_turn:
                state.finish_turn()
        same(one, two)
    for state in (one, two):
        state.close()
    same(one, two)


def test_R8_play_trick_plays_the_exposed_copy_first_and_falls_back_when_out_of_turn():
    s = BattleState(EAST_POINT, W, cards("A♥ A♥ N♣"), cards("N♦ K♠"), cards(""))
    s.play(E, card("N♣"))
    s.play(W, card("N♦"))                   # East wins (R8C4)
    s.expose(E, cards("A♥"))                # M7
    step = s.play_trick(card("A♥"), card("K♠"))
    assert step.winner is E and s.exposed(E)[card("A♥").index] == 0
    assert s.concealed(E)[card("A♥").index] == 1
    assert [x.from_exposed for x in s.log[-2:]] == [True, False]
    s.finish_turn()
    assert s.play_trick(card("A♥"), card("K♠")) is None    # the battle is over: R8F
    assert {f.rule for f in s.findings} >= {"R8F"}


def test_R8_a_replay_without_its_step_log_finds_the_same():
    for seed in range(4):
        game = simulate_game(seed, Settings(irregularities=0.5)).game
        with_log = walk(game, Visitor())

        class Quiet(Visitor):
            needs_log = False
            steps = 0

            def end_battle(self, battle, state, result) -> None:
                Quiet.steps += len(state.log)

        assert walk(game, Quiet()) == with_log
        assert Quiet.steps == 0
        report = validate_game(game)
        assert (report.east, report.west) == (with_log.east, with_log.west)


#: BattleState's public surface, which the simulator, the conformance runner and ``pinochle
#: melds`` use: the split of battle.py into sites, trickplay, meldturns, draws and
#: irregularities kept it as it was; ``trick_table`` (the battle's trick decisions, from its
#: ruleset) was added for the simulator and the fixture builder; the general engine
#: added the trump suit and upcard, the rule-id map, the meld table of the battle, phase B and
#: the follower's obligations. The laws' statements left it for the laws object (``laws``:
#: the renege claim, the look, the objection to a meld and the correction, issue 28 item 4).
PUBLIC = {
    "follow_obliged", "ids", "meld_entries", "phase_b", "trump", "trump_known", "upcard",
    "can_draw", "can_expose", "can_finish_turn", "can_meld",
    "can_play", "close", "concealed", "deal_known", "dealer",
    "draw", "end", "expected_draws", "expose", "exposed", "findings", "finish_turn", "hand",
    "hand_size", "in_turn", "info", "is_over", "last_rule", "last_winner", "lead_card", "leader",
    "legal_cards", "legal_melds", "log", "meld", "meld_points", "melding_seat", "melds",
    "penalized", "pile", "play", "play_trick", "played_to_tricks",
    "position", "ruleset", "score", "scored", "should_hold", "sites", "stock", "stock_count",
    "to_play", "trick_number", "trick_table", "trick_points", "tricks_played",
    "verify_draw", "verify_expose", "verify_finish_turn", "verify_meld",
    "verify_play", "without_deal", "won_with",
    "laws",     # the laws' hook object: the objection to the deal, to a meld and the
    #             discoveries (R11A, R11B, R11C, R11D), the renege claim (SC-RENEGE), the look
    #             (SC-LOOK), the correction of a meld (SC-BADMELD1)
    "tricks_won",
    "gone_unnamed",                 # R8A/R8B: the unknown cards gone (position_at)
    "dead",     # SC-MISDEAL8 (the misdeal law's statements are the laws object's, state.laws)
    "due_count", "cannot_meld_count", "counts_for_nobody",          # Scarne's laws together
    "last_draw",                        # the last draws: the choice (TPV1, 25-steps)
    "count_off", "voided",          # SC-SLIP3/4, SC-DRAW1 (the drawing slips: state.laws)
    "holds",                                                    # who led (R8)
    "who_leads",            # who leads a record's trick: the rules, the mark, the cards (R8)
    "lead_in_doubt", "holds_in_doubt",  # what twohanded/leader.py reads of a doubt (R8A)
    "stock_at_turn", "drawn_this_turn", "draw_under_card_first",   # the last draws (TPV1)
    # what a record without the deal or a score sheet tells the state (tests/adjudicator/
    # test_state_boundary.py: those readers use no private field)
    "report", "credit_meld_points", "unscore", "end_as_hands_ran_out", "add_problem",
    "close_turn",       # the walker, before each trick: the open turn's draws, then is_over
}


def test_R7A_battle_state_public_surface():
    assert {n for n in dir(BattleState) if not n.startswith("_")} == PUBLIC
    state = BattleState.without_deal(EAST_POINT, E)
    assert type(state) is BattleState and not state.deal_known
    with pytest.raises(AttributeError):
        state.unknown_attribute = 1                 # __slots__: a typo cannot add state
