"""``pinochle simulate``: seeded legal games written as records (``pinochle.simulator``).

``pinochle simulate --games 1000 --seed 1 | pinochle validate -`` is the simulator's promise:
every game it writes is legal and its claimed totals are right. Game ``i`` of ``--seed S`` is
the game of seed ``S + i``; its tags (``Seed``, ``East``, ``West``, ``Battles``,
``Irregularities``, the ruleset and its options) are enough to write it again.

``--ruleset old-time`` plays old-time Pinochle (OT1-OT9): a turned-up card fixes trump, the game
ends by its target (OT4A), and ``--option NAME=VALUE`` chooses the ruleset's option tags (the
same names and values as a record's tags: ``PhaseB=scarne``, ``Target=1500``, ...). The old-time
rules have no irregularity laws, so ``--irregularities`` is not for them; ``--battles`` is East
Point's only. ``--ruleset scarne`` plays Scarne's two-handed game (SC-...) with its options
(``GameEnd=call-out``, ``Scale=tens``, ...); under its laws (the default; ``--option Laws=none``
turns them off) ``--irregularities`` plans its renege, claimed by the opponent (SC-RENEGE1,
SC-RENEGE2), a misdeal called before the first trick and redealt (SC-MISDEAL0-5), a drawing slip
and its repair (a missed draw, SC-SLIP1; an extra card put back or kept, SC-SLIP2, SC-SLIP3), or
a wrong meld value or a meld by the trick's loser, corrected before the last stock draw
(SC-BADMELD1). ``--ruleset
25-steps`` plays two-player 25-steps Pinochle (TP1-TP25): a player at the target knocks with
his count and wins, at once, at the battle's end, or not this battle (the target then rises;
TP25), with ``--option LastDraw=choice`` the last trick of the talon's winner chooses his card
(TPV1) and with ``--option KnockProof=next-trick`` his next trick proves the knock (TPV6).
``--ruleset double-pack`` plays double-pack partnership Pinochle (DP-...) at a table of four,
to its ``Target``: an auction with announcements and deemed bids (``Announcements=no``: bids and
passes only), trump named by the high bidder, every seat's declaration, twenty four-card tricks
(``TrumpLead``, ``TrickScoring``) and the two sides' signed claims (``SetPenalty``); ``--policy``
names North-South's and East-West's players.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from pinochle.adjudicator import (CATALOG, RULESET_NAMES, Ruleset, RulesetError,
                                  ruleset_from_tags)
from pinochle.notation import dumps
from pinochle.notation.errors import quoted
from pinochle.simulator.simulate import Settings, parse_policies, simulate

#: The agreed number of battles of an East Point game when ``--battles`` is not given.
BATTLES = Settings.battles

_OPTIONS_HELP = "; ".join(
    f"{name}: " + ", ".join(f"{tag} ({'|'.join(values)})" for tag, values in maker.options.items())
    for name, maker in CATALOG.items())


def _bad(message: str, option: str) -> typer.BadParameter:
    return typer.BadParameter(message, param_hint=f"'{option}'")


def parse_ruleset(name: str, options: list[str]) -> Ruleset:
    """The ruleset ``--ruleset`` names with the ``--option NAME=VALUE`` tags given (each one of
    that ruleset's option tags, its name in any case). Raises ``typer.BadParameter``."""
    maker = CATALOG.get(name.strip().lower())
    if maker is None:
        raise _bad(f"unknown ruleset {quoted(name)}; known: {', '.join(RULESET_NAMES)}",
                   "--ruleset")
    known = {tag.lower(): tag for tag in maker.options}
    tags = {"Ruleset": maker.name}
    for item in options:
        tag, equals, value = item.partition("=")
        if not equals or not tag.strip() or not value.strip():
            raise _bad(f"expected NAME=VALUE such as PhaseB=scarne, not {quoted(item)}",
                       "--option")
        canonical = known.get(tag.strip().lower())
        if canonical is None:
            raise _bad(f"{maker.name} has no option {quoted(tag.strip())}; its options: "
                       f"{', '.join(maker.options)}", "--option")
        tags[canonical] = value.strip()
    try:
        return ruleset_from_tags(tags)
    except RulesetError as error:
        raise _bad(str(error), "--option") from None


def simulate_command(
    games: Annotated[int, typer.Option(
        "--games", "-n", min=0, metavar="N", help="How many games to write.")] = 1,
    seed: Annotated[int, typer.Option(
        "--seed", "-s", metavar="N", help="Seed of the first game; game i is seed + i.")] = 0,
    policy: Annotated[str, typer.Option(
        "--policy", "-p", metavar="POLICY", help="random, greedy, or two separated by a comma "
        "(East's, West's; at a table of four North-South's, East-West's): random,greedy.")
    ] = "random",
    ruleset_name: Annotated[str, typer.Option(
        "--ruleset", "-r", metavar="NAME",
        help=f"The rules played: {' or '.join(RULESET_NAMES)}.")] = RULESET_NAMES[0],
    option: Annotated[Optional[list[str]], typer.Option(
        "--option", "-o", metavar="NAME=VALUE",
        help=f"A ruleset option tag, as a record writes it (repeatable): {_OPTIONS_HELP}.")
    ] = None,
    battles: Annotated[Optional[int], typer.Option(
        "--battles", "-b", metavar="N",
        help=f"East Point: the agreed number of battles, even (R4A); two more on a tie "
        f"(default {BATTLES}). An old-time game ends by its Target (OT4A).")] = None,
    irregularities: Annotated[float, typer.Option(
        "--irregularities", "-i", metavar="RATE", help="Probability that a battle has one "
        "irregularity, handled as the laws say: East Point's R11 (nodraw, extradraw with "
        "toomany, object deal, object meld), or Scarne's renege and its claim, a timely "
        "misdeal, a drawing slip and its repair (nodraw, extradraw with return), or a wrong "
        "meld and its correction (Scarne's laws: its default; 25-steps with --option "
        "Laws=scarne). A ruleset without laws (old-time, 25-steps by default, Scarne with "
        "--option Laws=none) refuses it.")] = 0.0,
) -> None:
    """Write simulated legal games to standard output (seeded).

    Old-time Pinochle, Scarne's phase-B rule, to 1500 points: pinochle simulate --ruleset
    old-time --option PhaseB=scarne --option Target=1500
    """
    try:
        policies = parse_policies(policy)
    except ValueError as error:
        raise _bad(str(error), "--policy") from None
    ruleset = parse_ruleset(ruleset_name, option or [])
    by_battles = ruleset.game_end.kind == "battles"
    if battles is not None and not by_battles:
        raise _bad(f"an {ruleset.name} game ends by its {ruleset.game_end.kind} "
                   f"({ruleset.ids.game}), not "
                   "after a number of battles; choose it with --option GameEnd=... or "
                   "--option Target=...", "--battles")
    if battles is None:
        battles = BATTLES
    if battles <= 0 or battles % 2:
        raise _bad(f"a game is an even number of battles (R4A), not {battles}", "--battles")
    if not 0.0 <= irregularities <= 1.0:
        raise _bad(f"a probability from 0 to 1, not {irregularities}", "--irregularities")
    if irregularities and not ruleset.laws.irregularities:
        raise _bad(f"the {ruleset.name} rules have no irregularity laws, so there are no "
                   "irregularities to simulate", "--irregularities")
    settings = Settings(battles=battles, policies=policies, irregularities=irregularities,
                        ruleset=ruleset)
    out = sys.stdout
    for i, game in enumerate(simulate(games, seed, settings)):
        if i:
            out.write("\n")
        out.write(dumps(game.game))
    out.flush()


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
