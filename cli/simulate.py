"""``pinochle simulate``: seeded legal games written as records (``pinochle.simulator``).

``pinochle simulate --games 1000 --seed 1 | pinochle validate -`` is the simulator's promise:
every game it writes is legal and its claimed totals are right. Game ``i`` of ``--seed S`` is
the game of seed ``S + i``; its tags (``Seed``, ``East``, ``West``, ``Battles``,
``Irregularities``) are enough to write it again.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from pinochle.notation import dumps
from pinochle.simulator.simulate import Settings, parse_policies, simulate


def simulate_command(
    games: Annotated[int, typer.Option(
        "--games", "-n", min=0, metavar="N", help="How many games to write.")] = 1,
    seed: Annotated[int, typer.Option(
        "--seed", "-s", metavar="N", help="Seed of the first game; game i is seed + i.")] = 0,
    policy: Annotated[str, typer.Option(
        "--policy", "-p", metavar="POLICY", help="random, greedy, or two separated by a comma "
        "(East's, West's): random,greedy.")] = "random",
    battles: Annotated[int, typer.Option(
        "--battles", "-b", metavar="N",
        help="The agreed number of battles: even (R4A); two more on a tie.")] = 4,
    irregularities: Annotated[float, typer.Option(
        "--irregularities", "-i", metavar="RATE", help="Probability that a battle has one R11 "
        "irregularity (nodraw, extradraw with toomany, object deal, object meld), handled as "
        "the rules say.")] = 0.0,
) -> None:
    """Write simulated legal games to standard output (seeded)."""
    try:
        policies = parse_policies(policy)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="'--policy'") from None
    if battles <= 0 or battles % 2:
        raise typer.BadParameter(f"a game is an even number of battles (R4A), not {battles}",
                                 param_hint="'--battles'")
    if not 0.0 <= irregularities <= 1.0:
        raise typer.BadParameter(f"a probability from 0 to 1, not {irregularities}",
                                 param_hint="'--irregularities'")
    settings = Settings(battles=battles, policies=policies, irregularities=irregularities)
    out = sys.stdout
    for i, game in enumerate(simulate(games, seed, settings)):
        if i:
            out.write("\n")
        out.write(dumps(game.game))
    out.flush()


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
