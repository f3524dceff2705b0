"""Speed of the replay alone (target, with the report: at least 1,000 battles a second end to end
on one core; aim 2,000; see ``benchmarks/validate.py`` for the end-to-end figure).

Simulates ``--games`` legal games (four battles each; ``--irregularities`` adds R11 events),
parses them once, then times over the parsed games, best of ``--repeat``:

- ``walk``: ``replay.walk`` with a visitor that listens to nothing (the rules engine alone);
- ``validate_game``: the walk plus the report (findings located, scores, pydantic models);

and prints microseconds a battle and battles a second for each. ``--profile`` prints the top of
a cProfile of ``validate_game`` over the games instead (sorted by own time).

    .venv/bin/python benchmarks/replay.py [--games 500] [--repeat 5] [--seed 1] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from benchkit import best, record_chunks

from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation import parse
from pinochle.simulator.simulate import Settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--irregularities", type=float, default=0.0)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()

    text = "".join(chunk for chunk, _ in record_chunks(
        args.games, args.seed, Settings(irregularities=args.irregularities)))
    games = list(parse(text, "bench.pin").games)
    battles = sum(len(g.battles) for g in games)
    print(f"{len(games)} games, {battles} battles (seed {args.seed}, "
          f"irregularities {args.irregularities})")

    def replay_only() -> None:
        visitor = Visitor()
        for i, g in enumerate(games, 1):
            walk(g, visitor, i)

    def with_report() -> None:
        for i, g in enumerate(games, 1):
            validate_game(g, "bench.pin", i)

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(with_report)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return
    for name, run in (("walk", replay_only), ("validate_game", with_report)):
        seconds = best(run, args.repeat)
        print(f"{name:>14}: {seconds / battles * 1e6:6.0f} µs a battle, "
              f"{battles / seconds:7.0f} battles/s")


if __name__ == "__main__":
    main()
