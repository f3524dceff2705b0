"""How many ``legal_melds`` (and ``judge_meld``) calls per second on realistic positions.

A position is an 11-card hand (R9D: at most 11 when melding) dealt from a shuffled East Point
pack, in which the player has already made a few random legal melds, so that part of the hand is
exposed and some kinds are scored, as in the middle of a battle.

    .venv/bin/python benchmarks/melds.py [--positions 2000] [--seconds 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from pinochle.adjudicator.rules.melding import apply_meld, counts, judge_meld, legal_melds
from pinochle.adjudicator.rules.meldtables import Counts
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.notation.melds import MeldKind


Position = tuple[Counts, Counts, frozenset[MeldKind]]  # concealed, exposed, scored


def positions(n: int, rng: random.Random, rich: bool = False) -> list[Position]:
    pack = [card for card, copies in EAST_POINT.pack.items() for _ in range(copies)
            if not rich or card.suit.letter in "HS"]
    none = counts(())
    out: list[Position] = []
    while len(out) < n:
        rng.shuffle(pack)
        scored: frozenset[MeldKind] = frozenset()
        concealed, exposed = counts(pack[:11]), none
        for _ in range(rng.randint(0, 3)):
            options = legal_melds(EAST_POINT, concealed, exposed, scored)
            if not options:
                break
            verdict = rng.choice(options)
            concealed, exposed = apply_meld(concealed, exposed, verdict)
            scored |= {verdict.kind}
        out.append((concealed, exposed, scored))
    return out


def rate(call: Callable[..., object], cases: Sequence[tuple[Any, ...]],
         seconds: float) -> tuple[float, int]:
    calls, start = 0, time.perf_counter()
    while True:
        for case in cases:
            call(*case)
        calls += len(cases)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls / elapsed, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for rich in (False, True):
        run(positions(args.positions, random.Random(args.seed), rich), args.seconds, rich)


def run(cases: list[Position], seconds: float, rich: bool) -> None:
    what = "meld-rich (dealt from the hearts and spades)" if rich else "random"
    found = sum(len(legal_melds(EAST_POINT, *case)) for case in cases)
    print(f"{len(cases)} {what} positions (11-card hands, 0-3 melds made), "
          f"{found / len(cases):.2f} legal melds each on average")
    per_second, calls = rate(lambda c, e, s: legal_melds(EAST_POINT, c, e, s), cases, seconds)
    print(f"legal_melds: {per_second:,.0f} calls/s ({1e6 / per_second:.1f} µs each, {calls} calls)")
    kinds = MeldKind.all()
    judged = [(c, e, s, kinds[i % len(kinds)]) for i, (c, e, s) in enumerate(cases)]
    per_second, calls = rate(lambda c, e, s, k: judge_meld(EAST_POINT, c, e, s, k), judged,
                             seconds)
    print(f"judge_meld:  {per_second:,.0f} calls/s ({1e6 / per_second:.1f} µs each, {calls} calls)")


if __name__ == "__main__":
    main()
