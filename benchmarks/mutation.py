"""Mutation benchmark: how many single corruptions of legal records the adjudicator catches.

Simulates legal games (both policies, East and West alternately; a tenth of the battles with an
R11 irregularity), applies every mutation class of ``pinochle.simulator.mutate`` once to each
game, writes each mutant as text, reads it back and validates it. A mutant is *detected* when
the report holds a finding citing one of its class's rule ids. Every unmutated game is
validated too: a *false alarm* is a game with a finding its simulator did not intend, or any
finding above a notice (a warning or an error: an intended irregularity is handled as R11 says,
so ``pinochle validate`` must report it as a notice and exit 0).

    .venv/bin/python benchmarks/mutation.py --mutants 10000
    .venv/bin/python benchmarks/mutation.py --ruleset old-time --mutants 10000

prints the detection rate per mutation class (target 100%) and the false-alarm rate (target 0).
``--ruleset old-time`` corrupts old-time games with old-time Pinochle's classes
(``mutate.OLD_TIME_MUTATIONS``); its rules have no irregularity laws, so its legal games have no
irregularities and any finding on one is a false alarm. ``--option NAME=VALUE`` sets one of the
ruleset's option tags (``PhaseB=scarne``...); ``--option PhaseB=*`` cycles through its values,
one per game. ``--ruleset 25-steps`` uses old-time's classes caught under the 25-steps ids
(``mutate.TWENTY_FIVE_MUTATIONS``; the reuse by type, TP19) and a knock's count off by one (TP25).
``--ruleset double-pack`` corrupts partnership games (policies North-South's, East-West's) with
``partnership.mutate.DOUBLE_PACK_MUTATIONS``: bad bids, false declarations, revokes, wrong
winner marks, contract miscounts; the rules have no laws, so its legal games have no
irregularities either.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Collection

from pinochle.adjudicator.rulesets import CATALOG, ruleset_from_tags
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.replay import walk
from pinochle.adjudicator.report.validation import FindingCollector
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.notation import dumps, parse
from pinochle.notation.events import Game
from pinochle.simulator.mutate import mutate, mutations_for, sites_of
from pinochle.simulator.simulate import Settings, simulate_any

POLICY_PAIRS = (("random", "greedy"), ("greedy", "random"), ("greedy", "greedy"),
                ("random", "random"))


def findings_of(game: Game) -> list[Finding]:
    """Write, read back and replay: the findings a user would see from ``pinochle validate``."""
    return findings_of_text(dumps(game))


def findings_of_text(text: str) -> list[Finding]:
    parsed = parse(text, "mutant.pin").games[0]
    visitor = FindingCollector()        # the report's own visitor, of either walker
    walk(parsed, visitor)
    return visitor.result()


#: The lines that claim points: a miscount there includes the fault (a knock states the
#: knocker's count, TP25, and a call-out the caller's total, SC-CALL: claims like the totals).
CLAIM_WORDS = ("tricks ", "melds ", "score ", "total ", "game ", "[Result ", "knock ", "call ")


def mutated_line(original: str, mutant: str) -> int:
    """The first line (1-based) of the mutant's text that differs from the original's."""
    ours, theirs = original.splitlines(), mutant.splitlines()
    for n, (a, b) in enumerate(zip(ours, theirs), 1):
        if a != b:
            return n
    return min(len(ours), len(theirs)) + 1


def _about_totals(finding: Finding, lines: list[str]) -> bool:
    """A miscounted claim, or a finding on a tag line (the game's ``Result`` or its agreed
    ``Battles``: a game that the corrected totals leave tied needs two battles more, R4A):
    what the record says of the totals, which includes the fault rather than adding one."""
    line = finding.span.line
    if not 0 < line <= len(lines):
        return False
    text = lines[line - 1].lstrip()
    return text.startswith("[") or (finding.kind is Kind.MISCOUNT
                                     and text.startswith(CLAIM_WORDS))


def cascade(findings: list[Finding], lines: list[str], at: int) -> tuple[int, bool]:
    """The one-fault-one-finding measure of one mutant: how many findings above a notice
    are not miscounted claims (a claim that includes the fault is not a cascade), and whether
    the first of them as the report lists them (record order) is at the mutated line ``at``;
    for a mutant with claim findings only, the first of those."""
    above = [f for f in findings if f.severity is not Severity.INFO]
    others = [f for f in above if not _about_totals(f, lines)]
    listed = sorted(others or above, key=lambda f: (f.span.line or 1 << 30, f.span.column))
    first = listed[0].span if listed else None
    return len(others), first is not None and first.line <= at <= max(first.end_line,
                                                                       first.line)


def is_false_alarm(finding: Finding, intended: Collection[str]) -> bool:
    """A finding on an unmutated game that should not be there: one the simulator did not
    intend, or anything above a notice (a warning or an error)."""
    return finding.rule not in intended or finding.severity is not Severity.INFO


def rulesets(name: str, options: list[str]) -> list[Ruleset]:
    """The rulesets the games cycle through: ``name`` with the ``NAME=VALUE`` options; a value
    ``*`` stands for each of that option's values in turn."""
    maker = CATALOG[name]
    combos: list[dict[str, str]] = [{"Ruleset": name}]
    for item in options:
        tag, _, value = item.partition("=")
        values = maker.options[tag] if value == "*" else (value,)
        combos = [{**combo, tag: v} for combo in combos for v in values]
    return [ruleset_from_tags(combo) for combo in combos]


def run(mutants: int, seed: int, rate: float, cycle: list[Ruleset] | None = None) -> int:
    cycle = cycle or [ruleset_from_tags({})]
    classes = mutations_for(cycle[0])
    detected: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    no_site: Counter[str] = Counter()
    missed: dict[str, list[str]] = {}
    extra: dict[str, list[int]] = {}       # findings per mutant other than claims
    at_line: Counter[str] = Counter()       # mutants whose first finding is at their line
    worst: dict[str, tuple[int, str]] = {}   # the mutant with the most of them, per class
    astray: dict[str, str] = {}             # a mutant whose first finding is elsewhere
    games = alarms = 0
    start = time.perf_counter()
    game_seed = seed
    while sum(tried.values()) < mutants:
        settings = Settings(policies=POLICY_PAIRS[game_seed % len(POLICY_PAIRS)],
                            irregularities=rate, ruleset=cycle[game_seed % len(cycle)])
        simulated = simulate_any(game_seed, settings)
        rng = random.Random(game_seed)
        game_seed += 1
        games += 1
        clean = findings_of(simulated.game)
        if any(is_false_alarm(f, simulated.intended) for f in clean):
            alarms += 1
        sites = sites_of(simulated.game)
        original = dumps(simulated.game)
        for mutation in classes:
            mutant = mutate(simulated.game, mutation, rng, sites)
            if mutant is None:
                no_site[mutation.name] += 1
                continue
            tried[mutation.name] += 1
            # a catch is a finding the unmutated game would not have: a notice it was
            # meant to have (a knock's verdict, a law applied) catches nothing
            text = dumps(mutant.game)
            found = findings_of_text(text)
            cited = {f.rule for f in found if is_false_alarm(f, simulated.intended)}
            at = mutated_line(original, text)
            others, first_at = cascade(found, text.splitlines(), at)
            extra.setdefault(mutation.name, []).append(others)
            at_line[mutation.name] += first_at
            shown = sorted((f.span.line for f in found if f.severity is not Severity.INFO))
            example = (f"seed {simulated.seed} line {at}: {others} findings, lines "
                       f"{' '.join(map(str, shown[:6]))}")
            if others > worst.get(mutation.name, (-1, ""))[0]:
                worst[mutation.name] = (others, example)
            if not first_at:
                astray.setdefault(mutation.name, example)
            if cited & mutation.rules:
                detected[mutation.name] += 1
            else:
                missed.setdefault(mutation.name, []).append(
                    f"seed {simulated.seed}: found {sorted(cited)}")
    elapsed = time.perf_counter() - start
    total, caught = sum(tried.values()), sum(detected.values())
    names = "; ".join(dict.fromkeys(" ".join([r.name, *(f"{k}={v}" for k, v in r.options.items())])
                                    for r in cycle))
    print(f"mutation benchmark: {total} mutants of {games} legal games "
          f"(seeds {seed}..{game_seed - 1}, irregularity rate {rate:g}), {elapsed:.1f} s")
    print(f"rulesets: {names}")
    print(f"{'mutation class':<24} {'rule ids':<28} {'detected':>15} {'rate':>8} {'no site':>8}")
    for mutation in classes:
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
    print()
    print("one fault, one finding: findings above a notice other than claims, per "
          "mutant; first finding at the mutated line (target: mean <= 1.2, max <= 3, 100%)")
    print(f"{'mutation class':<24} {'mean':>6} {'max':>5} {'first at line':>15}")
    all_extra = [n for counts in extra.values() for n in counts]
    for mutation in classes:
        counts = extra.get(mutation.name, [])
        if not counts:
            continue
        print(f"{mutation.name:<24} {sum(counts) / len(counts):>6.2f} {max(counts):>5} "
              f"{f'{at_line[mutation.name]}/{len(counts)}':>15}")
    met = all(sum(c) / len(c) <= 1.2 and max(c) <= 3 and at_line[name] == len(c)
              for name, c in extra.items())
    print(f"{'all classes':<24} {sum(all_extra) / max(len(all_extra), 1):>6.2f} "
          f"{max(all_extra, default=0):>5} {f'{sum(at_line.values())}/{len(all_extra)}':>15}"
          f"  target {'met' if met else 'not met'}")
    for name, (_, example) in worst.items():
        print(f"most findings, {name}: {example}")
    for name, example in astray.items():
        print(f"first finding elsewhere, {name}: {example}")
    return 0 if caught == total and not alarms else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=1000, help="at least this many mutants")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first legal game")
    parser.add_argument("--irregularities", type=float, default=None,
                        help="irregularity rate of the legal games (per battle); East Point's "
                        "default 0.1, old-time has none")
    parser.add_argument("--ruleset", choices=tuple(CATALOG), default="east-point")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a ruleset option tag (repeatable); VALUE * cycles through all")
    args = parser.parse_args(argv)
    cycle = rulesets(args.ruleset, args.option)
    rate = args.irregularities
    if rate is None:
        rate = 0.1 if cycle[0].laws.irregularities else 0.0
    return run(args.mutants, args.seed, rate, cycle)


if __name__ == "__main__":
    sys.exit(main())
