"""What the replay and validate benchmarks share: the workload (simulated legal games as record
text) and the timer (best of a few runs). Imported by the scripts beside it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from pinochle.notation import dumps
from pinochle.simulator.simulate import Settings, simulate


def record_chunks(games: int, seed: int,
                  settings: Settings = Settings()) -> Iterator[tuple[str, int]]:
    """``pinochle simulate``'s games as one record, a game at a time (a blank line between
    games), each with its number of battles; nothing but the current game is held."""
    for i, simulated in enumerate(simulate(games, seed, settings)):
        yield ("\n" if i else "") + dumps(simulated.game), len(simulated.game.battles)


def best(run: Callable[[], object], repeat: int) -> float:
    """The shortest of ``repeat`` runs, in seconds (the least disturbed by other work)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)
