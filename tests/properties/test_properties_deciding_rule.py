"""The deciding rule's own id over mutants (docs/rulings.md, "The deciding rule's own id"): a
legal simulated game of any simulated ruleset (East Point's options, old-time's, 25-steps',
Scarne's with and without its laws, double-pack), corrupted once by each of its ruleset's
mutation classes (``simulator.mutate``): every finding's message cites its rule first
(``tests/citations.py``). The corpora and the melds answers are checked through the console
script in ``tests/cli/test_deciding_rule_ids.py``; this reaches the findings no corpus record
holds."""

from __future__ import annotations

import random

import pytest
from tests.citations import disagreement
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation import dumps, parse
from pinochle.simulator import mutate as mutations
from pinochle.simulator.simulate import Settings, simulate_any
from tests.strategies import (
    SIM_OLD_TIME_RULESETS, SIM_RULESETS, SIM_SCARNE_RULESETS, SIM_TWENTY_FIVE_RULESETS,
)

RULESETS = (*SIM_RULESETS, *SIM_OLD_TIME_RULESETS, *SIM_TWENTY_FIVE_RULESETS,
            *SIM_SCARNE_RULESETS,
            ruleset_from_tags({"Ruleset": "scarne", "Laws": "scarne"}),
            ruleset_from_tags({"Ruleset": "scarne", "Laws": "scarne", "LookPenalty": "count"}),
            ruleset_from_tags({"Ruleset": "25-steps", "Laws": "scarne"}),
            ruleset_from_tags({"Ruleset": "double-pack"}))


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.sampled_from(RULESETS), st.integers(0, 2 ** 16), st.booleans())
def test_every_mutants_findings_cite_their_rule_first(ruleset, seed: int,
                                                     irregular: bool) -> None:
    rate = 1.0 if irregular and ruleset.laws.irregularities else 0.0
    game = simulate_any(seed, Settings(battles=2, irregularities=rate, ruleset=ruleset)).game
    sites = mutations.sites_of(game)
    wrong = set()
    for mutation in mutations.mutations_for(ruleset):
        mutant = mutations.mutate(game, mutation, random.Random(seed), sites)
        if mutant is None:
            continue
        for finding in validate_game(parse(dumps(mutant.game), "mutant.pin").games[0]).findings:
            why = disagreement(finding.rule, finding.message)
            if why is not None:
                wrong.add(f"{mutation.name}: {why}")
    assert sorted(wrong) == []
