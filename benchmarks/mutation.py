"""Mutation benchmark: how many single corruptions of legal records the adjudicator catches.

Simulates legal games (both policies, East and West alternately; a tenth of the battles with an
R11 irregularity), applies every mutation class of ``pinochle.simulator.mutate`` once to each
game, writes each mutant as text, reads it back and validates it. A mutant is *detected* when
the report holds a finding citing one of its class's rule ids. Every unmutated game is
validated too: a *false alarm* is a game with a finding its simulator did not intend, or any
finding above a notice (a warning or an error: an intended irregularity is handled as R11 says,
so ``pinochle validate`` must report it as a notice and exit 0).

    .venv/bin/python benchmarks/mutation.py --mutants 10000

prints the detection rate per mutation class (target 100%) and the false-alarm rate (target 0).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Collection

from pinochle.adjudicator.findings import Finding, Severity
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation import dumps, parse
from pinochle.notation.events import Game
from pinochle.simulator.mutate import MUTATIONS, mutate, trick_sites
from pinochle.simulator.simulate import Settings, simulate_game

POLICY_PAIRS = (("random", "greedy"), ("greedy", "random"), ("greedy", "greedy"),
                ("random", "random"))


class _Findings(Visitor):
    def __init__(self) -> None:
        self.findings: list[Finding] = []

    def finding(self, finding: Finding) -> None:
        self.findings.append(finding)


def findings_of(game: Game) -> list[Finding]:
    """Write, read back and replay: the findings a user would see from ``pinochle validate``."""
    parsed = parse(dumps(game), "mutant.pin").games[0]
    visitor = _Findings()
    walk(parsed, visitor)
    return visitor.findings


def is_false_alarm(finding: Finding, intended: Collection[str]) -> bool:
    """A finding on an unmutated game that should not be there: one the simulator did not
    intend, or anything above a notice (a warning or an error)."""
    return finding.rule not in intended or finding.severity is not Severity.INFO


def run(mutants: int, seed: int, rate: float) -> int:
    detected: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    no_site: Counter[str] = Counter()
    missed: dict[str, list[str]] = {}
    games = alarms = 0
    start = time.perf_counter()
    game_seed = seed
    while sum(tried.values()) < mutants:
        settings = Settings(policies=POLICY_PAIRS[game_seed % len(POLICY_PAIRS)],
                            irregularities=rate)
        simulated = simulate_game(game_seed, settings)
        rng = random.Random(game_seed)
        game_seed += 1
        games += 1
        clean = findings_of(simulated.game)
        if any(is_false_alarm(f, simulated.intended) for f in clean):
            alarms += 1
        sites = trick_sites(simulated.game)
        for mutation in MUTATIONS:
            mutant = mutate(simulated.game, mutation, rng, sites)
            if mutant is None:
                no_site[mutation.name] += 1
                continue
            tried[mutation.name] += 1
            cited = {f.rule for f in findings_of(mutant.game)}
            if cited & mutation.rules:
                detected[mutation.name] += 1
            else:
                missed.setdefault(mutation.name, []).append(
                    f"seed {simulated.seed}: found {sorted(cited)}")
    elapsed = time.perf_counter() - start
    total, caught = sum(tried.values()), sum(detected.values())
    print(f"mutation benchmark: {total} mutants of {games} legal games "
          f"(seeds {seed}..{game_seed - 1}, irregularity rate {rate:g}), {elapsed:.1f} s")
    print(f"{'mutation class':<24} {'rule ids':<28} {'detected':>15} {'rate':>8} {'no site':>8}")
    for mutation in MUTATIONS:
        n, d = tried[mutation.name], detected[mutation.name]
        rate_text = f"{100 * d / n:.2f}%" if n else "-"
        print(f"{mutation.name:<24} {','.join(sorted(mutation.rules)):<28} {f'{d}/{n}':>15} "
              f"{rate_text:>8} {no_site[mutation.name]:>8}")
    print(f"{'all classes':<24} {'':<28} {f'{caught}/{total}':>15} "
          f"{100 * caught / max(total, 1):.2f}%")
    print(f"false alarms on unmutated games: {alarms}/{games} "
          f"({100 * alarms / max(games, 1):.2f}%)")
    for name, examples in missed.items():
        print(f"missed {name}: {'; '.join(examples[:3])}")
    return 0 if caught == total and not alarms else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=1000, help="at least this many mutants")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first legal game")
    parser.add_argument("--irregularities", type=float, default=0.1,
                        help="irregularity rate of the legal games (per battle)")
    args = parser.parse_args(argv)
    return run(args.mutants, args.seed, args.irregularities)


if __name__ == "__main__":
    sys.exit(main())
