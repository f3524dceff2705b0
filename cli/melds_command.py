"""``pinochle melds``'s command line (typer): its argument and options, read and handed to
``melds.run_melds`` (the command itself, ``cli/melds.py``). A plain command line is read without
typer, by ``cli/fast.py`` from the table ``cli/optiontable.py`` made from this command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from pinochle.cli.melds import run_melds


def melds(
    record: Annotated[Optional[Path], typer.Argument(
        metavar="RECORD", show_default=False,
        help="A game record (- reads standard input); then --battle, --trick and --seat say "
             "where.")] = None,
    concealed: Annotated[str, typer.Option(
        metavar="CARDS", help="The concealed hand, e.g. \"A♥ K♥ QH\".")] = "",
    exposed: Annotated[str, typer.Option(metavar="CARDS", help="The exposed hand.")] = "",
    scored: Annotated[str, typer.Option(
        metavar="MELDS", help="Melds already scored this battle, e.g. \"♥3,A4\".")] = "",
    played: Annotated[str, typer.Option(
        metavar="CARDS",
        help="Cards already played to tricks this battle: a meld needing one is R9G.")] = "",
    won: Annotated[str, typer.Option(
        metavar="CARDS", help="Those of --played that won their trick (R9D).")] = "",
    gathered: Annotated[Optional[str], typer.Option(
        metavar="WON|LOST", show_default=False,
        help="Whether the player won or lost the trick just gathered: only its winner melds "
             "(R8D). Not given: won, and the answer says it assumed so.")] = None,
    melded: Annotated[Optional[list[str]], typer.Option(
        metavar="MELDS", show_default=False,
        help="Melds he already made this turn, e.g. ♥3 (repeatable, or a list; none: no "
             "meld): one meld a turn (R9E); they count as scored. Not given: none, and the "
             "answer says it assumed so.")] = None,
    ruleset_option: Annotated[Optional[list[str]], typer.Option(
        "--ruleset-option", metavar="NAME=VALUE",
        help="A ruleset option, e.g. MeldScoring=higher or Ruleset=old-time (repeatable).")
    ] = None,
    trump: Annotated[Optional[str], typer.Option(
        metavar="SUIT", help="The trump suit, where the ruleset has one (old-time: the "
                             "turned-up card's suit), e.g. ♥ or H.")] = None,
    meld: Annotated[Optional[str], typer.Option(
        metavar="MELD", help="Ask about one meld, e.g. ♥2; at a table of four a declaration, "
                             "e.g. \"♥F 150 ♥M 40\" or a total \"190\".")] = None,
    game: Annotated[int, typer.Option(
        metavar="N", help="Which game of the record (1 = first).")] = 1,
    battle: Annotated[Optional[int], typer.Option(
        metavar="N", help="Battle number in the record.")] = None,
    trick: Annotated[Optional[int], typer.Option(
        metavar="N", help="Right after this trick is gathered, before that turn's meld.")] = None,
    seat: Annotated[Optional[str], typer.Option(
        metavar="E|W|N|S", help="Whose melds (N and S at a table of four).")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print a JSON report.")] = False,
) -> None:
    """Which melds are legal here, and is this one? (R9, M1-M7)

    A position given directly is asked right after the trick just gathered: --gathered and
    --melded say whether the player won it (R8D) and what he already melded this turn (R9E);
    what they do not say is assumed (won, nothing melded) and the answer says so.

    At a table of four (double-pack): a seat's best meld, and whether a declaration is legal
    (DP-MELD1-DP-MELD5); each player melds once, before trick 1, so --gathered and --melded
    are refused there. With --meld, the exit status is the answer: 0 legal, 1 not."""
    raise typer.Exit(run_melds(record, concealed, exposed, scored, played, won, gathered,
                               melded, ruleset_option, trump, meld, game, battle, trick, seat,
                               json))


def register(app: typer.Typer) -> None:
    app.command("melds")(melds)
