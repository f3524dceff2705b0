"""``pinochle melds``: the dispute question. Which melds may this player make here, and is this one
legal (R9)? The position is given directly (``--concealed``, ``--exposed``, ``--scored``,
``--played``, ``--won``) or as a point in a record (``FILE --battle B --trick T --seat S``).
A meld needing a card the player has played to a trick this battle, with no other copy in hand,
is answered with R9G (naming R9D when that card won its trick); a card he never had is R9B1.
A position given directly is asked right after the trick just gathered: ``--gathered won|lost``
and ``--melded MELDS`` (``none``) say whether the player won it (R8D) and what he already melded
this turn (R9E); what they leave out is assumed (won, nothing melded) and the answer says so
(``adjudicator/query/turn.py``). A record says the turn itself. In JSON an illegal meld has no
``points`` (what a legal meld scores): its table value is ``table_points``.

Any ruleset: ``--ruleset-option Ruleset=old-time --trump ♥`` asks the old-time question, where
the table depends on trump and a card's reuse on the melds it was in (OT9F, OT9G): there
``--scored`` lists the melds made so far, in order, and the exposed cards they used carry them.
Every rule cited is the ruleset's own (R9C, OT9C…).

At a table of four (double-pack, a ruleset seating four) the question is a seat's best meld and
whether a declaration is legal (``adjudicator/query/partnership.py``; in words,
``cli/dpmelds.py``): ``RECORD --battle B --seat S [--meld "♥F 150 ♥M 40"]``, or
``--ruleset-option Ruleset=double-pack --trump ♥ --concealed CARDS``.

The command line is read in ``cli/melds_command.py`` (typer) or, when it is plain,
``cli/fast.py``; both call ``run_melds`` here, which imports no typer. The question itself is
the engine's (``pinochle.adjudicator``: ``adjudicator/query/``); this module reads the command
line, prints the answer, and turns the engine's ``QueryError`` into the usage error.

Exit status 0 for an answered question; with ``--meld``, 1 when the answer is no; 2 for a record
that cannot be read; 4 for a command-line value that does not describe a position or a place in
the record (not a card, an impossible hand or turn, a battle or trick the record does not
have).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pinochle.adjudicator import (QueryError, answer, direct_position, is_table, melds_report,
                                  no_melds_reason, parse_kind, plural, position_in,
                                  record_table_question, ruleset_of, table_question,
                                  table_ruleset)

from pinochle.cli import dpmelds, inputs
from pinochle.cli.exits import FINDINGS, OK, UsageProblem, echo
from pinochle.cli.inputs import STDIN
from pinochle.notation.cards import Seat, format_cards
from pinochle.notation.errors import PinochleError, quoted
from pinochle.notation.events import Record

if TYPE_CHECKING:
    from pinochle.adjudicator import MeldVerdict, Position, Ruleset, TableMeldsReport


class InputError(UsageProblem):
    """A command-line value that does not say where the question is asked (exit 4)."""


# --- reading the command line ---------------------------------------------------------------


def parse_ruleset(options: list[str]) -> Ruleset:
    tags: dict[str, str] = {}
    for item in options:
        name, equals, value = item.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise InputError(f"--ruleset-option: expected NAME=VALUE such as MeldScoring=higher, "
                             f"found {quoted(item)}")
        tags[name.strip()] = value
    return ruleset_of(tags)


# --- printing the answer ----------------------------------------------------------------------


def text_report(verdicts: list[MeldVerdict], question: MeldVerdict | None,
                cards_alone: MeldVerdict | None, position: Position) -> str:
    notes = "".join(f"\nnote: {pending}" for pending in position.pending)  # SC-BADMELD1
    if position.gone:       # R8A, R8B: docs/rulings.md, one fault one finding
        ids = position.ruleset.ids
        held = sum(position.concealed) + sum(position.exposed) - position.gone
        notes += (f"\nnote: the hand holds {held} cards: the record shows "
                  f"{plural(position.gone, 'card')} played that the player did not hold "
                  f"({ids.lead}, {ids.follow}), so as many of those listed are gone, which "
                  "ones unknown; a meld counting on them may not be there")
    assumed = position.turn.assumptions if position.turn is not None else ()
    if assumed:             # R8D, R9E: what the question did not say
        notes += (f"\nassuming the player {' and '.join(assumed)}; --gathered won|lost and "
                  "--melded MELDS say otherwise")
    return _text_answer(verdicts, question, cards_alone, position) + notes


def _text_answer(verdicts: list[MeldVerdict], question: MeldVerdict | None,
                 cards_alone: MeldVerdict | None, position: Position) -> str:
    lines = []
    if question is not None:
        points = "" if question.points is None else f" for {question.points}"
        if question.legal:
            lines.append(f"yes: {question.kind} is legal{points} ({question.rule})")
            lines.append(f"takes from the concealed hand: {format_cards(question.takes)}")
        else:
            lines.append(f"no: {question.kind}{points} is not legal now ({question.rule})")
        lines.append(question.reason)
        if cards_alone is not None:
            alone = "legal" if cards_alone.legal else f"not legal ({cards_alone.rule})"
            lines.append(f"by the cards alone it would be {alone}: {cards_alone.reason}")
        return "\n".join(lines)
    if not position.may_meld:
        other = " other" if verdicts else ""        # a free meld is still offered (R9E)
        lines.append(f"no{other} meld is legal now ({position.turn_rule}): "
                     f"{position.turn_reason}")
        if not verdicts:
            return "\n".join(lines)
    if not verdicts:
        ruleset = position.ruleset
        if not ruleset.melds and not ruleset.trump_melds:       # V1C: no meld table at all
            return f"no legal meld: {no_melds_reason(ruleset)}"
        return "no legal meld"
    width = max(len(str(v.kind)) for v in verdicts)
    for verdict in verdicts:
        lines.append(f"{str(verdict.kind):<{width}}  {verdict.points:>3}  takes "
                     f"{format_cards(verdict.takes)}")
    return "\n".join(lines)


def json_report(verdicts: list[MeldVerdict], question: MeldVerdict | None,
                cards_alone: MeldVerdict | None, position: Position, **where: Any) -> str:
    return melds_report(verdicts, question, cards_alone, position,
                        **where).model_dump_json(indent=2)


# --- the command --------------------------------------------------------------------------------


def run_melds(record: Path | None = None, concealed: str = "", exposed: str = "",
              scored: str = "", played: str = "", won: str = "", gathered: str | None = None,
              melded: list[str] | None = None, ruleset_option: list[str] | None = None,
              trump: str | None = None, meld: str | None = None, game: int = 1,
              battle: int | None = None, trick: int | None = None, seat: str | None = None,
              json: bool = False) -> int:
    """``pinochle melds``'s work, the options as the command line gives them
    (``cli/melds_command.py``, or ``cli/fast.py`` for a plain command line); its exit
    status. The engine's ``QueryError`` (a value that does not describe a position) is the
    command line's usage error."""
    try:
        return _run(record, concealed, exposed, scored, played, won, gathered, melded,
                    ruleset_option, trump, meld, game, battle, trick, seat, json)
    except QueryError as error:
        raise UsageProblem(str(error)) from None


def _run(record: Path | None, concealed: str, exposed: str, scored: str, played: str, won: str,
         gathered: str | None, melded: list[str] | None, ruleset_option: list[str] | None,
         trump: str | None, meld: str | None, game: int, battle: int | None, trick: int | None,
         seat: str | None, json: bool) -> int:
    where: dict[str, object] = {}
    value: object  # each option's value in turn, whatever its type
    made = None if melded is None else " ".join(melded)
    if record is None:
        ruleset = parse_ruleset(ruleset_option or [])
        table = is_table(ruleset)
        for name, value in (("--battle", battle), ("--trick", trick), ("--seat", seat)):
            if value is not None and not (table and name == "--seat"):
                raise InputError(f"{name} needs a record file; without one, give the "
                                 "position with --concealed, --exposed, --scored")
        if table:
            if not concealed.strip():
                raise InputError("--concealed: nothing to judge: give the player's whole hand "
                                 "(--concealed) and --trump, or a record file with --battle "
                                 "and --seat")
            return _say(table_question(ruleset, concealed, trump, seat, meld, (
                ("--exposed", exposed), ("--scored", scored), ("--played", played),
                ("--won", won), ("--gathered", gathered or ""), ("--melded", made or ""))),
                json, meld)
        kind = None if meld is None else parse_kind("--meld", meld.strip())
        position = direct_position(ruleset, concealed, exposed, scored, played, won, trump,
                                   gathered, made)
    else:
        for name, value in (("--concealed", concealed), ("--exposed", exposed),
                            ("--scored", scored), ("--played", played), ("--won", won),
                            ("--ruleset-option", ruleset_option), ("--trump", trump)):
            if value:
                raise InputError(f"{name} cannot be combined with a record: the position "
                                 "and ruleset come from the record")
        for name, value in (("--gathered", gathered), ("--melded", melded)):
            if value is not None:
                raise InputError(f"{name} cannot be combined with a record: the record says "
                                 "who won each trick and what was melded")
        parsed = read_record(record)
        seated = table_ruleset(parsed, game)
        if seated is not None:
            return _say(record_table_question(parsed, seated, game, battle, trick, seat, meld),
                        json, meld)
        kind = None if meld is None else parse_kind("--meld", meld.strip())
        position, where = record_position(record, game, battle, trick, seat, parsed)
    verdicts, question, cards_alone = answer(position, kind)
    if json:
        echo(json_report(verdicts, question, cards_alone, position, **where))
    else:
        echo(text_report(verdicts, question, cards_alone, position))
    return _answer_exit(question is not None and not question.legal)


def _say(answer: TableMeldsReport, json: bool, meld: str | None) -> int:
    """A table of four's answer, as ``--json`` or in words; with ``--meld``, its exit status."""
    echo(answer.model_dump_json(indent=2) if json else dpmelds.text_report(answer))
    return _answer_exit(meld is not None and answer.question is not None
                        and not answer.question.legal)


def _answer_exit(illegal: bool) -> int:
    """The question ``--meld`` asks is answered by the exit status too, so that a script can
    use it: 0 legal (or nothing asked), 1 not legal (as ``validate`` exits 1 on findings)."""
    return FINDINGS if illegal else OK


def record_position(path: Path, game: int, battle: int | None, trick: int | None,
                    seat: str | None, record: Record | None = None
                    ) -> tuple[Position, dict[str, object]]:
    """The position in a record file (``record``: the file already read): see
    ``position_in``."""
    missing = [name for name, value in (("--battle", battle), ("--trick", trick),
                                        ("--seat", seat)) if value is None]
    if missing:
        raise InputError(f"a record needs {', '.join(missing)} to say where the question is asked")
    assert battle is not None and trick is not None and seat is not None
    try:
        who = Seat.parse(seat)
    except PinochleError:
        raise InputError(f"--seat: expected E or W, found {quoted(seat)}") from None
    return position_in(read_record(path) if record is None else record, game, battle, trick,
                       who)


def read_record(path: Path) -> Record:
    """The record in ``path`` (``-``: standard input); syntax errors are ``NotationError``."""
    from pinochle.notation.reader import parse_bytes, parse_file

    if str(path) == STDIN:
        try:
            with inputs.open_input(STDIN) as stream:
                return parse_bytes(b"".join(iter(lambda: stream.read(1 << 16), b"")), "<stdin>")
        except OSError as error:
            raise PinochleError(f"<stdin>: cannot read: {error.strerror or error}") from None
    return parse_file(path)


