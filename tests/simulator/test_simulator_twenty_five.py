"""Simulated 25-steps games (TP25, TPV1, TPV6): a player at the target knocks at once, at the
battle's end, or not this battle (his policy's seeded weights), so some games reach the target
unknocked and it rises, and some knocks come in the middle of a battle; LastDraw "choice" plays
`choose` lines, KnockProof "next-trick" proves knocks by the knocker's next trick. Every game
validates with the notices the simulator intended, and nothing else."""

from __future__ import annotations

import functools

import pytest

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.rulesets.twenty_five import twenty_five
from pinochle.notation.events import Choice, Knock, Trick
from pinochle.simulator.simulate import Settings, simulate_game

POLICIES = (("random", "random"), ("greedy", "greedy"), ("random", "greedy"))


class _Findings(Visitor):
    needs_log = False

    def __init__(self) -> None:
        self.findings: list = []

    def finding(self, finding) -> None:
        self.findings.append(finding)


def games(n: int, **options: str):
    """Games 1 to ``n`` under ``options``; several tests read the same games (the first 40 of
    each option's), each simulated once in this module (``_game``)."""
    for seed in range(1, n + 1):
        yield _game(seed, tuple(sorted(options.items())))


@functools.cache
def _game(seed: int, options: tuple[tuple[str, str], ...]):
    ruleset = twenty_five(**dict(options))
    return simulate_game(seed, Settings(policies=POLICIES[seed % 3], ruleset=ruleset))


def findings(game) -> list:
    visitor = _Findings()
    walk(game, visitor)
    return visitor.findings


@pytest.mark.parametrize("options", [{}, {"last_draw": "choice"},
                                     {"knock_proof": "next-trick"},
                                     {"last_draw": "choice", "knock_proof": "next-trick",
                                      "rounding": "5"}])
def test_TP25_simulated_games_have_only_their_intended_notices(options):
    for simulated in games(40, **options):
        found = findings(simulated.game)
        assert all(f.severity is Severity.INFO for f in found), simulated.seed
        assert {f.rule for f in found} <= simulated.intended, simulated.seed
        # the game ends by a knock: decided (TP25), or not proved (TPV6)
        assert {"TP25", "TPV6"} & {f.rule for f in found}


def test_TP25_some_games_reach_the_target_unknocked_and_it_rises():
    risen = [s for s in games(60) if any("the game now goes to" in f.message
                                         for f in findings(s.game))]
    assert risen
    knocks = [e for s in risen for b in s.game.battles for e in b.events
              if isinstance(e, Knock)]
    assert any(k.count is not None and k.count >= 1250 for k in knocks)


def test_TP25_some_knocks_come_in_the_middle_of_a_battle():
    middle = 0
    for simulated in games(40):
        last = simulated.game.battles[-1]
        tricks = [e for e in last.events if isinstance(e, Trick)]
        assert any(isinstance(e, Knock) for e in last.events)
        middle += len(tricks) < 24
    assert middle > 0


def test_TPV1_both_choices_are_played():
    takes = {e.take for s in games(20, last_draw="choice") for b in s.game.battles
             for e in b.events if isinstance(e, Choice)}
    assert takes == {"upcard", "talon"}


def test_TPV6_knocks_are_proved_or_lost_unproved():
    outcomes = set()
    for simulated in games(60, knock_proof="next-trick"):
        rules = {f.rule for f in findings(simulated.game)}
        outcomes.add("TPV6" in rules)
    assert outcomes == {True, False}


def test_TP25_simulation_is_reproducible_from_the_seed():
    a = simulate_game(7, Settings(ruleset=twenty_five(last_draw="choice")))
    b = simulate_game(7, Settings(ruleset=twenty_five(last_draw="choice")))
    assert a.game == b.game
