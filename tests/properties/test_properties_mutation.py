"""Mutation: one corruption of a legal simulated record (``simulator.mutate``) is caught, the
report holding a finding that cites the corruption's rule. One test per mutation class of each
ruleset (East Point's, then old-time Pinochle's over every option of old-time, 25-steps' and
Scarne's); each class
declares its rule ids as data (``MutationClass.rules``)."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.model.seating import TWO_HANDED as TWO_HANDED_SEATING
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.rulesets.twenty_five import twenty_five
from pinochle.notation import dumps, parse
from pinochle.simulator import mutate as mutations
from tests.strategies import (
    SIM_OLD_TIME, SIM_OLD_TIME_RULESETS, SIM_SCARNE_RULESETS, SIM_TWENTY_FIVE_RULESETS, sim_replay,
    simulated_games,
)

EXAMPLES = 25


def _caught(name: str, simulated, seed: int) -> None:
    mutation = mutations.by_name(ruleset_from_tags(simulated.game.tags))[name]
    mutant = mutations.mutate(simulated.game, mutation, random.Random(seed))
    assume(mutant is not None)
    assert mutant.game != simulated.game
    game = parse(dumps(mutant.game), "mutant.pin").games[0]
    _, findings = sim_replay(game)
    cited = {f.rule for f in findings}
    # A corruption the game's own irregularity already made illegal (a meld by a player a
    # drawing slip left a card short, SC-BADMELD2) is decided by that irregularity's rule and
    # cites the corruption's beside it ("besides, ... (OT9G (Scarne silent))"): caught too.
    cited |= {rule for rule in mutation.rules for f in findings if f"({rule})" in f.message}
    assert cited & mutation.rules, (f"{mutation.description}: no finding cites "
                                    f"{sorted(mutation.rules)}; found {sorted(cited)}")


def mutation_test(name: str, rulesets: tuple | None = None):
    """A property test for one mutation class, over legal games of both policies (East Point's
    games, or ``rulesets``')."""
    games = simulated_games(irregular=True) if rulesets is None else \
        simulated_games(irregular=True, rulesets=rulesets)

    @settings(max_examples=EXAMPLES, deadline=None)
    @given(games, st.integers(0, 2 ** 16))
    def test(simulated, seed) -> None:
        _caught(name, simulated, seed)
    test.mutation = (name, "east-point" if rulesets is None else rulesets[0].name)
    return test


def old_time_test(name: str):
    return mutation_test(name, SIM_OLD_TIME_RULESETS)


def twenty_five_test(name: str):
    return mutation_test(name, SIM_TWENTY_FIVE_RULESETS)


def scarne_test(name: str):
    """Over the Scarne rulesets that have the class: under Scarne's laws (the default) a draw
    out of order is no fault (SC-SLIP5), so ``draw-order`` runs without them."""
    return mutation_test(name, tuple(r for r in SIM_SCARNE_RULESETS
                                     if name in mutations.by_name(r)))


test_R8A_lead_swapped_for_a_card_not_in_hand = mutation_test("lead-not-held")
test_R8B_follow_swapped_for_a_card_not_in_hand = mutation_test("follow-not-held")
test_R9A_meld_value_off_by_one = mutation_test("meld-points-off-by-one")
test_R9F_meld_repeated_in_a_battle = mutation_test("meld-repeated")
test_R8D_meld_by_the_trick_loser = mutation_test("meld-by-loser")
test_R9C_meld_with_no_concealed_card = mutation_test("meld-no-concealed")
test_R9E_two_melds_in_one_turn = mutation_test("two-melds")
test_R9G_R9D_played_card_melded = mutation_test("played-card-melded")
test_R8C_wrong_winner_mark = mutation_test("wrong-winner")
test_R3_wrong_battle_total = mutation_test("wrong-battle-score")
test_R2A4_duplicated_card_in_the_deal = mutation_test("deal-duplicate-card")
test_R6B_missing_card_in_the_deal = mutation_test("deal-missing-card")
test_R8E_draw_out_of_order = mutation_test("draw-order")

test_OT8A_lead_swapped_for_a_card_not_in_hand = old_time_test("lead-not-held")
test_OT8B_follow_swapped_for_a_card_not_in_hand = old_time_test("follow-not-held")
test_OT8B1_phase_b_another_suit_while_holding_the_suit_led = old_time_test("phase-b-follow-suit")
test_OT8B2_phase_b_a_lower_card_while_able_to_beat = old_time_test("phase-b-beat")
test_OT8B3_phase_b_void_a_non_trump_while_holding_a_trump = old_time_test("phase-b-trump")
test_OT8C2_OT8C3_wrong_winner_mark = old_time_test("wrong-winner")
test_OT8C1_wrong_winner_mark_on_a_trump_trick = old_time_test("wrong-winner-trump")
test_OT9A_meld_value_off_by_one = old_time_test("meld-points-off-by-one")
test_OT8D_meld_by_the_trick_loser = old_time_test("meld-by-loser")
test_OT8D_meld_in_phase_b = old_time_test("meld-in-phase-b")
test_OT9E_two_melds_besides_the_dix = old_time_test("two-melds")
test_OT9C_meld_with_no_concealed_card = old_time_test("meld-no-concealed")
test_OT9H_played_card_melded = old_time_test("played-card-melded")
test_OT9G_exposed_card_reused_in_a_meld_of_its_class_not_worth_more = old_time_test("meld-reuse")
test_OT9B1_dix_without_the_nine = old_time_test("dix-without-nine")
test_OT9I_swap_after_the_upcard_is_gone = old_time_test("swap-too-late")
test_OT8G_OT8H_last_trick_miscounted = old_time_test("last-trick-miscounted")
test_OT9A_wrong_melds_claim = old_time_test("wrong-melds-claim")
test_OT3_wrong_battle_score = old_time_test("wrong-battle-score")
test_OT4A_wrong_running_total = old_time_test("wrong-total-claim")
test_OT4A_battle_after_the_game_ended = old_time_test("battle-after-end")
test_OT2A4_duplicated_card_in_the_deal = old_time_test("deal-duplicate-card")
test_OT6B_missing_card_in_the_deal = old_time_test("deal-missing-card")
test_OT8E_draw_out_of_order = old_time_test("draw-order")

test_TP18_lead_swapped_for_a_card_not_in_hand = twenty_five_test("lead-not-held")
test_TP22_follow_swapped_for_a_card_not_in_hand = twenty_five_test("follow-not-held")
test_TP22_phase_b_another_suit_while_holding_the_suit_led = twenty_five_test(
    "phase-b-follow-suit")
test_TP22_phase_b_a_lower_card_while_able_to_win = twenty_five_test("phase-b-beat")
test_TP22_phase_b_void_a_non_trump_while_holding_a_trump = twenty_five_test("phase-b-trump")
test_TP11_wrong_winner_mark = twenty_five_test("wrong-winner")
test_TP14_meld_value_off_by_one = twenty_five_test("meld-points-off-by-one")
test_TP13_meld_by_the_trick_loser = twenty_five_test("meld-by-loser")
test_TP22_meld_after_the_talon = twenty_five_test("meld-in-phase-b")
test_TP13_two_melds_besides_the_dix = twenty_five_test("two-melds")
test_TP19a3_meld_with_no_card_from_the_hand = twenty_five_test("meld-no-concealed")
test_TP12_played_card_melded = twenty_five_test("played-card-melded")
test_TP19_exposed_card_reused_in_a_type_not_ranked_higher = twenty_five_test("meld-reuse")
test_TP13_dix_without_the_nine = twenty_five_test("dix-without-nine")
test_TP15_swap_after_the_upcard_is_gone = twenty_five_test("swap-too-late")
test_TP23_last_trick_miscounted = twenty_five_test("last-trick-miscounted")
test_TP14_wrong_melds_claim = twenty_five_test("wrong-melds-claim")
test_TP24_wrong_battle_score = twenty_five_test("wrong-battle-score")
test_TP2_wrong_running_total = twenty_five_test("wrong-total-claim")
test_TP25_battle_after_the_game_ended = twenty_five_test("battle-after-end")
test_TP1_duplicated_card_in_the_deal = twenty_five_test("deal-duplicate-card")
test_TP5_missing_card_in_the_deal = twenty_five_test("deal-missing-card")
test_TP17_draw_out_of_order = twenty_five_test("draw-order")
test_TP25_knock_count_off_by_one = twenty_five_test("knock-miscounted")
test_TPV1_last_draw_choice_named_for_the_loser = mutation_test(
    "choice-by-loser", (twenty_five(last_draw="choice"),))

test_SC_PLAY1_lead_swapped_for_a_card_not_in_hand = scarne_test("lead-not-held")
test_SC_PLAY2_follow_swapped_for_a_card_not_in_hand = scarne_test("follow-not-held")
test_SC_PLAYB2_phase_2_another_suit_while_holding_the_suit_led = scarne_test(
    "phase-b-follow-suit")
test_SC_PLAYB2_phase_2_void_a_non_trump_while_holding_a_trump = scarne_test("phase-b-trump")
test_SC_PLAY2W_wrong_winner_mark = scarne_test("wrong-winner")
test_SC_PLAY4_meld_value_off_by_one = scarne_test("meld-points-off-by-one")
test_SC_MELD1_meld_by_the_trick_loser = scarne_test("meld-by-loser")
test_SC_MELD4_meld_once_the_stock_is_gone = scarne_test("meld-in-phase-b")
test_SC_MELD2_two_melds_besides_the_deece = scarne_test("two-melds")
test_SC_MELD6_OT9C_meld_with_no_concealed_card = scarne_test("meld-no-concealed")
test_SC_PLAY7_played_card_melded = scarne_test("played-card-melded")
test_SC_MELD5_OT9G_exposed_card_reused = scarne_test("meld-reuse")
test_SC_PLAY4_deece_without_the_nine = scarne_test("dix-without-nine")
test_SC_PLAY5_exchange_after_the_upcard_is_gone = scarne_test("swap-too-late")
test_SC_LAST_last_trick_miscounted = scarne_test("last-trick-miscounted")
test_SC_PLAY4_wrong_melds_claim = scarne_test("wrong-melds-claim")
test_SC_SCORE1_wrong_battle_score = scarne_test("wrong-battle-score")
test_SC_WIN1_wrong_running_total = scarne_test("wrong-total-claim")
test_SC_WIN1_SC_CALL_battle_after_the_game_ended = scarne_test("battle-after-end")
test_SC_REQ2_duplicated_card_in_the_deal = scarne_test("deal-duplicate-card")
test_SC_DEAL_missing_card_in_the_deal = scarne_test("deal-missing-card")
test_SC_PLAY8_draw_out_of_order = scarne_test("draw-order")


#: The two-handed games' families (their seating is the two-handed one), each class tested here;
#: the tables of four's are tested there (tests/simulator/test_dp_mutate.py and
#: test_sd_mutate.py, which check each has its own test).
TWO_HANDED = {family: classes for family, classes in mutations.BY_RULESET.items()
              if ruleset_from_tags({"Ruleset": family}).seating is TWO_HANDED_SEATING}


def test_every_mutation_class_has_its_own_test() -> None:
    tested = {v.mutation for v in globals().values() if hasattr(v, "mutation")}
    expected = {(m.name, family) for family, classes in TWO_HANDED.items() for m in classes}
    assert tested == expected
    for family, classes in TWO_HANDED.items():
        assert len({m.name for m in classes}) == len(classes), family
        for mutation in classes:
            assert mutation.rules, mutation.name
            assert all(rule.startswith("OT") for rule in mutation.rules) == \
                (family == "old-time"), mutation.name
    assert mutations.mutations_for(SIM_OLD_TIME) is mutations.OLD_TIME_MUTATIONS


def test_R9C_natural_site_a_combination_all_exposed_is_used_when_the_game_has_one() -> None:
    """M4.1: with A4 and T4 melded, A♠ T♠ are both exposed; a ♠2 from them alone is R9C. The
    mutator prefers such a real position to the written-out ``()``."""
    from pinochle.simulator.simulate import Settings, simulate_game

    natural = 0
    for seed in range(20):
        game = simulate_game(seed, Settings(policies=("greedy", "greedy"))).game
        mutant = mutations.mutate(game, mutations.BY_NAME["meld-no-concealed"],
                                  random.Random(seed))
        assert mutant is not None
        melds = [m for b in mutant.game.battles for e in b.events for m in getattr(e, "melds", ())]
        natural += all(m.concealed != () for m in melds)
    assert natural >= 5


def test_R9D_the_winning_card_melded_is_cited_as_R9G_naming_R9D_not_R9B1() -> None:
    """The played-card mutation melds the card that just won the trick: the finding is R9G, its
    message names R9D, and no R9B1 is reported (the card was his; it went to a trick)."""
    from pinochle.simulator.simulate import Settings, simulate_game

    seen = 0
    for seed in range(12):
        game = simulate_game(seed, Settings(policies=("greedy", "greedy"))).game
        mutant = mutations.mutate(game, mutations.BY_NAME["played-card-melded"],
                                  random.Random(seed))
        if mutant is None:
            continue
        _, findings = sim_replay(parse(dumps(mutant.game), "mutant.pin").games[0])
        assert "R9B1" not in {f.rule for f in findings}
        r9g = [f for f in findings if f.rule == "R9G"]
        assert r9g and all("(R9D)" in f.message for f in r9g)
        seen += 1
    assert seen >= 6
