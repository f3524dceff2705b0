"""The engine's meld judgements against the by-hand model of test_old_time_by_hand.py, which
types the specification's card rules with no code of the project (OT9A, OT9B1, OT9C, OT9D,
OT9E, OT9F, OT9G, OT9H, and the per-copy histories of spec §4.4).

In random legal battles, after each phase-A trick whose winner made no meld, every kind of the
battle's table is put on the trick's line at its table value; the engine's verdict there (its
``verify_meld``) and the model's (does it accept the line) must agree. A battle whose upcard is
a nine is left out: there the model exchanges the nine for the identical upcard, keeping it
concealed, where the spec (§4.5, OT9I3) treats that swap as a dix."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pinochle.adjudicator.rules.meldtables import meld_table
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation import dumps, parse
from pinochle.notation.cards import Rank

from tests.adjudicator.otkit import random_deal, random_game
from tests.adjudicator.test_old_time_by_hand import replay_by_hand


class Verdicts(Visitor):
    """The engine's verdict on every kind, after each phase-A trick that has no meld."""

    def __init__(self) -> None:
        self.at: dict[int, dict[str, tuple[int, bool]]] = {}

    def trick(self, trick, state) -> None:
        if state.tricks_played > 12 or trick.melds:
            return
        seat = state.last_winner
        table = meld_table(state.ruleset, state.trump).needs
        self.at[state.tricks_played] = {
            str(kind): (need.points, not state.verify_meld(seat, kind, need.points))
            for kind, need in table.items()}


def by_hand_accepts(lines: list[str], k: int, meld: str) -> bool:
    new = lines[:k] + [f"{lines[k]} {meld}"] + lines[k + 1:]
    try:
        replay_by_hand("\n".join(new) + "\n")
    except AssertionError as error:
        return not str(error).startswith(new[k])        # it failed at another line
    return True


#: Seeds of battles whose upcard is not a nine (the module docstring says why).
SEEDS = [seed for seed in range(60)
         if random_deal(random.Random(seed)).upcard.rank is not Rank.NINE][:30]


@pytest.mark.parametrize("seed", SEEDS)
def test_OT9_engine_and_hand_model_judge_every_meld_alike(seed):
    game, _ = random_game([seed], PhaseB="must-win", Target="1000")
    text = dumps(game)
    lines = text.splitlines()
    verdicts = Verdicts()
    (parsed,) = parse(text).games
    walk(parsed, verdicts)
    tally: Counter[bool] = Counter()
    for number, kinds in verdicts.at.items():
        [k] = [i for i, line in enumerate(lines) if line.startswith(f"{number}. ")]
        for kind, (points, legal) in kinds.items():
            assert by_hand_accepts(lines, k, f"{kind} {points}") == legal, (number, kind)
            tally[legal] += 1
    assert tally[False] > 0
