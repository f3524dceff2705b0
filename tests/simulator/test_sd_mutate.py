"""Single-deck's mutation classes (``simulator.partnership.mutate.SINGLE_DECK_MUTATIONS``): on
simulated legal games each class's mutant is validated and caught under its SD ids, with one
finding above a notice besides the claims (the one-fault-one-finding measure), and the legal
games have none."""

from __future__ import annotations

import random

import pytest

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.single_deck import SINGLE_DECK
from pinochle.simulator.mutate import mutate, mutations_for
from pinochle.simulator.partnership.game import simulate_table_game
from pinochle.simulator.partnership.mutate import SINGLE_DECK_MUTATIONS, table_sites

BY_NAME = {m.name: m for m in SINGLE_DECK_MUTATIONS}
GAMES = [simulate_table_game(seed, SINGLE_DECK, (("random", "greedy"), ("greedy", "random"))[
    seed % 2]).game for seed in range(4)]
#: Classes whose sites are rare (an overtrump that swaps cleanly, a second bid in an auction).
RARE = {"revoke-overtrump", "bid-not-higher"}


def serious(game) -> list:
    return [f for f in validate_game(game).findings if f.severity is not Severity.INFO]


def test_SD_legal_simulated_games_have_no_finding_above_a_notice() -> None:
    assert [serious(game) for game in GAMES] == [[] for _ in GAMES]


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_SD_each_mutation_class_is_caught_under_its_ids(name: str) -> None:
    mutation = BY_NAME[name]
    caught = 0
    for i, game in enumerate(GAMES):
        mutant = mutate(game, mutation, random.Random(i), table_sites(game, SINGLE_DECK))
        if mutant is None:
            continue
        found = serious(mutant.game)
        assert {f.rule for f in found} & mutation.rules, (name, [f.rule for f in found])
        assert len([f for f in found if f.rule not in ("SD-COUNT3", "SD-MELD8", "SD-SCORE2",
                                                       "SD-SCORE3", "SD-SCORE4", "SD-GAME1")
                    or f.rule in mutation.rules]) <= 3, (name, found)
        caught += 1
    assert caught or name in RARE, name


def test_SD_mutations_for_single_deck_are_its_own_and_cite_SD_ids() -> None:
    assert mutations_for(SINGLE_DECK) is SINGLE_DECK_MUTATIONS
    assert all(r.startswith("SD-") for m in SINGLE_DECK_MUTATIONS for r in m.rules)
    assert {"pass-order", "meld-not-held", "revoke-head", "wrong-winner",
            "contract-set-as-made", "bid-after-pass"} <= set(BY_NAME)
