"""The legal games of ``corpus/games/``: simulator output, each made from the seed and settings
recorded here (and in its own tags), so that a test can make them again byte for byte.

Every game is four battles of greedy play (the policy that melds the most), with melds of every
family (quintet, quartet, trio, duo), at least one double meld, and an R11A objection to the
shuffle, cut or deal followed by the redeal (``club-night.pin``, the README's example, has no
irregularity). They validate with exit status 0: no finding above a notice.

The double-pack games (``DP_CORPUS``) are whole partnership games to 3,550, made by
``simulate_table_game`` from their seed and policies (also in their ``Seed`` and ``Policies``
tags): each has a throw-in (DP-BID9), deemed bids (DP-BID6, DP-BID7) and a set contract
(DP-SCORE2), and validates with exit status 0.

    python -m pinochle.simulator.corpus [DIRECTORY]    # default corpus/games
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from pinochle.notation import dumps

from pinochle.adjudicator import CATALOG

from .partnership.game import TableGame, simulate_table_game
from .simulate import Settings, SimulatedGame, simulate_game

GREEDY = ("greedy", "greedy")


@dataclass(frozen=True)
class CorpusGame:
    filename: str
    seed: int
    settings: Settings

    def simulate(self) -> SimulatedGame:
        return simulate_game(self.seed, self.settings)

    def text(self) -> str:
        return dumps(self.simulate().game)


def _objection_game(seed: int) -> CorpusGame:
    return CorpusGame(f"greedy-{seed}.pin", seed,
                      Settings(policies=GREEDY, irregularities=0.25))


CORPUS: tuple[CorpusGame, ...] = (
    CorpusGame("club-night.pin", 21, Settings(policies=GREEDY, tags=(
        ("Event", "Thursday Club Night"), ("Site", "East Point Social Club, card room"),
        ("Date", "2026.11.19"), ("East", "Margaret Hale"), ("West", "Tom Reyes")))),
    *(_objection_game(seed) for seed in (115, 162, 179, 261, 611, 644)),
)


@dataclass(frozen=True)
class TableCorpusGame:
    """A double-pack game of the corpus: ``settings`` give its ruleset, the two sides'
    policies (North-South's, East-West's) and its first tags."""

    filename: str
    seed: int
    settings: Settings

    def simulate(self) -> TableGame:
        s = self.settings
        return simulate_table_game(self.seed, s.ruleset, s.policies, s.tags)

    def text(self) -> str:
        return dumps(self.simulate().game)


_TABLE_TAGS = (("Event", "Partnership night"), ("Site", "East Point Social Club, card room"),
               ("Date", "2026.11.26"), ("North", "Ann Moss"), ("East", "Bob Lund"),
               ("South", "Cy Ward"), ("West", "Di Park"))

_DOUBLE_PACK = CATALOG["double-pack"].build()

DP_CORPUS: tuple[TableCorpusGame, ...] = (
    TableCorpusGame("double-pack-night.pin", 3, Settings(policies=GREEDY, ruleset=_DOUBLE_PACK,
                                                          tags=_TABLE_TAGS)),
    TableCorpusGame("double-pack-2.pin", 2, Settings(policies=("random", "greedy"),
                                                      ruleset=_DOUBLE_PACK)),
)


def write_corpus(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    entries: tuple[CorpusGame | TableCorpusGame, ...] = (*CORPUS, *DP_CORPUS)
    for entry in entries:
        path = directory / entry.filename
        path.write_text(entry.text(), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("corpus/games")
    for path in write_corpus(target):
        print(path)
