"""``pinochle melds``: the dispute question. Which melds may this player make here, and is this one
legal (R9)? The position is given directly (``--concealed``, ``--exposed``, ``--scored``,
``--played``, ``--won``) or as a point in a record (``FILE --battle B --trick T --seat S``).
A meld needing a card the player has played to a trick this battle, with no other copy in hand,
is answered with R9G (naming R9D when that card won its trick); a card he never had is R9B1.
A position given directly is asked right after the trick just gathered: ``--gathered won|lost``
and ``--melded MELDS`` (``none``) say whether the player won it (R8D) and what he already melded
this turn (R9E); what they leave out is assumed (won, nothing melded) and the answer says so
(``cli/meldturn.py``). A record says the turn itself. In JSON an illegal meld has no ``points``
(what a legal meld scores): its table value is ``table_points``.

Any ruleset: ``--ruleset-option Ruleset=old-time --trump ♥`` asks the old-time question, where
the table depends on trump and a card's reuse on the melds it was in (OT9F, OT9G): there
``--scored`` lists the melds made so far, in order, and the exposed cards they used carry them.
Every rule cited is the ruleset's own (R9C, OT9C…).

At a table of four (double-pack, a ruleset seating four) the question is a seat's best meld and
whether a declaration is legal (``cli/dpmelds.py``): ``RECORD --battle B --seat S [--meld
"♥F 150 ♥M 40"]``, or ``--ruleset-option Ruleset=double-pack --trump ♥ --concealed CARDS``.

The command line is read in ``cli/melds_command.py`` (typer) or, when it is plain,
``cli/fast.py``; both call ``run_melds`` here, which imports no typer.

Exit status 0 for an answered question; with ``--meld``, 1 when the answer is no; 2 for a record
that cannot be read; 4 for a command-line value that does not describe a position or a place in
the record (not a card, an impossible hand or turn, a battle or trick the record does not
have).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Optional


from pinochle.adjudicator.rules.melding import (MeldVerdict, counts, judge_meld, legal_melds,
                                                no_melds_reason)
from pinochle.adjudicator.rules.meldtables import NO_CARDS, Counts, cards_of
from pinochle.adjudicator.model.findings import plural
from pinochle.adjudicator.rulesets import RULESET_TAGS, ruleset_from_tags
from pinochle.adjudicator.rules.copies import CopyLedger, with_meld
from pinochle.adjudicator.rules.meldtables import meld_table
from pinochle.adjudicator.model.ruleset import Ruleset, ruleset_tags
from pinochle.cli import dpmelds, inputs
from pinochle.cli.exits import FINDINGS, OK, UsageProblem, echo
from pinochle.cli.inputs import STDIN
from pinochle.cli.jsonvalues import INTEGER as _INTEGER, present
from pinochle.cli.meldturn import NONE, Gathered, Turn, is_free, parse_gathered, turn_of
from pinochle.notation.cards import ALL_CARDS, Card, Seat, Suit, format_cards
from pinochle.notation.errors import PinochleError, quoted
from pinochle.notation.events import Record
from pinochle.notation.melds import MeldKind
from pinochle.notation.plain import PlainModel, field


class InputError(UsageProblem):
    """A command-line value that does not describe a position (exit 4)."""


class MeldAnswer(PlainModel):
    """One meld judged: legal or not, the deciding rule, why, what it scores and what it takes.
    ``points`` is what a legal meld scores; an illegal meld scores nothing and has no
    ``points``: its table value is ``table_points``. A kind the ruleset's table lacks has
    neither."""

    kind: MeldKind
    legal: bool
    rule: str
    reason: str
    points: Annotated[Optional[int], _INTEGER] = present(
        "what the meld scores: a legal meld's table value (absent for an illegal meld)")
    table_points: Annotated[Optional[int], _INTEGER] = present(
        "an illegal meld's table value, what it would score if it were legal (absent for a "
        "legal meld, and for a kind the ruleset's table lacks)")
    takes: list[Card]

    @classmethod
    def of(cls, verdict: MeldVerdict) -> MeldAnswer:
        value = {"points" if verdict.legal else "table_points": verdict.points}
        return cls(kind=verdict.kind, legal=verdict.legal, rule=verdict.rule,
                   reason=verdict.reason, takes=list(verdict.takes), **value)


class Question(PlainModel):
    """``--meld``: the answer, and, when the turn forbids melding, what the cards alone allow."""

    answer: MeldAnswer
    cards_alone: Optional[MeldAnswer] = None


class MeldsReport(PlainModel):
    """The JSON form of ``pinochle melds``."""

    ruleset: dict[str, str]
    trump: Optional[Suit] = None
    seat: Optional[Seat] = None
    game: Optional[int] = None
    battle: Optional[int] = None
    trick: Optional[int] = None
    concealed: list[Card]
    exposed: list[Card]
    scored: list[MeldKind]
    played: list[Card]
    won: list[Card]
    may_meld: bool = True
    turn_rule: Optional[str] = None
    turn_reason: Optional[str] = None
    gathered: Optional[Gathered] = field(None, description=(
        "a position given directly: whether the player won or lost the trick just gathered, "
        "as said or assumed (R8D); null at a point of a record, which says it"))
    melded: list[MeldKind] = field(default_factory=list, description=(
        "a position given directly: the melds already made this turn (R9E)"))
    assumptions: list[str] = field(default_factory=list, description=(
        "what the answer assumed because the question did not say it, each naming its rule"))
    gone: int = field(0, description=(
        "cards gone from the hand that the record does not name: one for each card the "
        "player played without holding it (R8A, R8B); which of those listed left is unknown"))
    size: int = field(0, description="how many cards he holds: those listed, less gone")
    question: Optional[Question] = None
    legal: list[MeldAnswer]


@dataclass(frozen=True)
class Position:
    """What the question is asked about, however it was given."""

    ruleset: Ruleset
    concealed: Counts
    exposed: Counts
    scored: frozenset[MeldKind]
    played: Counts = NO_CARDS       # cards he played to tricks this battle (R9G)
    won: Counts = NO_CARDS          # those of them that won their trick (R9D)
    may_meld: bool = True
    turn_rule: Optional[str] = None
    turn_reason: Optional[str] = None
    trump: Optional[Suit] = None
    ledger: Optional[CopyLedger] = None     # the exposed copies' meld histories (OT9G)
    pending: tuple[str, ...] = ()           # incorrect melds open to correction (SC-BADMELD1)
    turn: Optional[Turn] = None             # a direct question's turn (R8D, R9E; meldturn)
    gone: int = 0           # unnamed cards gone from the hand (R8A, R8B: a card not held played)


# --- reading the command line ---------------------------------------------------------------


def _words(text: str) -> list[str]:
    return [word for word in re.split(r"[\s,]+", text) if word]


def parse_card_list(option: str, text: str) -> tuple[Card, ...]:
    cards = []
    for n, word in enumerate(_words(text), 1):
        try:
            cards.append(Card.parse(word))
        except PinochleError:
            raise InputError(f"{option}: word {n}, {quoted(word)}, is not a card; expected a "
                             "card such as Q♥, QH or 10♥ (rank D A K Q J T N, then suit "
                             "♣ ♠ ♥ ♦ or C S H D)") from None
    return tuple(cards)


def parse_kind(option: str, word: str, n: int | None = None) -> MeldKind:
    try:
        return MeldKind.parse(word)
    except PinochleError:
        where = f"word {n}, " if n is not None else ""
        raise InputError(f"{option}: {where}{quoted(word)} is not a meld; expected a meld "
                         "such as ♣2, AA4, ♦♦3 or C5 (the symbol twice for a double "
                         "meld)") from None


def parse_ruleset(options: list[str]) -> Ruleset:
    tags: dict[str, str] = {}
    for item in options:
        name, equals, value = item.partition("=")
        if not equals or not name.strip() or not value.strip():
            raise InputError(f"--ruleset-option: expected NAME=VALUE such as MeldScoring=higher, "
                             f"found {quoted(item)}")
        tags[name.strip()] = value
    return ruleset_of(tags)


def ruleset_of(tags: Mapping[str, str], option: str = "--ruleset-option") -> Ruleset:
    """The ruleset ``tags`` choose (a record's tag names, in any case, and their values);
    ``option`` is what the messages call them."""
    known = {name.lower(): name for name in RULESET_TAGS}
    chosen: dict[str, str] = {}
    for name, value in tags.items():
        canonical = known.get(name.strip().lower())
        if canonical is None:
            raise InputError(f"{option}: unknown option {quoted(name.strip())}; known: "
                             f"{', '.join(known.values())}")
        if not value.strip():
            raise InputError(f"{option}: {canonical} needs a value")
        chosen[canonical] = value.strip()
    try:
        return ruleset_from_tags(chosen)
    except PinochleError as error:
        raise InputError(f"{option}: {error}") from None


def parse_trump(ruleset: Ruleset, text: str | None) -> Suit | None:
    """``--trump``: required where the ruleset's table depends on trump, refused elsewhere."""
    if text is None:
        if ruleset.trump_melds:
            raise InputError(f"--trump: {ruleset.name} melds depend on the trump suit; give it, "
                             f"e.g. --trump ♥ ({ruleset.ids.upcard})")
        return None
    if not ruleset.trump_melds:
        raise InputError(f"--trump: {ruleset.name} has no trump suit")
    try:
        return Suit.parse(text.strip())
    except PinochleError:
        raise InputError(f"--trump: expected a suit such as ♥ or H, found {quoted(text)}") from None


#: A question about no hand at all: a usage error, not "no legal meld" (issue 13 item 7).
NOTHING_TO_JUDGE = ("--concealed: nothing to judge: give the player's hand (--concealed, and "
                    "--exposed for his exposed cards) or a record file with --battle, --trick "
                    "and --seat")


def direct_position(ruleset: Ruleset, concealed: str, exposed: str, scored: str,
                    played: str, won: str = "", trump: str | None = None,
                    gathered: str | None = None, melded: str | None = None) -> Position:
    """The position given directly; ``gathered`` (won / lost the trick just gathered) and
    ``melded`` (the melds already made this turn, counted as scored this battle too; ``none``:
    no meld) are the turn (``meldturn``), assumed as the answer says when not given
    (``None``)."""
    suit = parse_trump(ruleset, trump)
    hidden = counts(parse_card_list("--concealed", concealed))
    shown = counts(parse_card_list("--exposed", exposed))
    gone = counts(parse_card_list("--played", played))
    winners = counts(parse_card_list("--won", won))
    order = [parse_kind("--scored", w, n) for n, w in enumerate(_words(scored), 1)]
    check_position(ruleset, hidden, shown, gone, frozenset(order), suit)
    words = [] if melded is None or melded.strip().lower() == NONE else _words(melded)
    made = [parse_kind("--melded", w, n) for n, w in enumerate(words, 1)]
    table = ruleset.melds_for(suit)
    for kind in made:
        if kind not in table:
            raise InputError(f"--melded: {kind} is not a meld of this ruleset "
                             f"({ruleset.ids.table})")
    turn = turn_of(ruleset, suit, parse_gathered(gathered), None if melded is None else made)
    order += [kind for kind in dict.fromkeys(made) if kind not in order]
    kinds = frozenset(order)
    for card in cards_of(winners):
        if winners[card.index] > gone[card.index]:
            raise InputError(f"--won: {card} won a trick more often than --played says it was "
                             "played; --won names cards of --played that won their trick "
                             f"({ruleset.ids.won})")
    if not concealed.strip() and not exposed.strip():   # checked last: a wrong value says so
        raise InputError(NOTHING_TO_JUDGE)
    ledger = None if not ruleset.by_copy else _ledger(ruleset, suit, shown, order)
    return Position(ruleset=ruleset, concealed=hidden, exposed=shown, scored=kinds, played=gone,
                    won=winners, may_meld=turn.may_meld, turn_rule=turn.rule,
                    turn_reason=turn.reason, trump=suit, ledger=ledger, turn=turn)


def _ledger(ruleset: Ruleset, trump: Suit | None, exposed: Counts,
            scored: list[MeldKind]) -> CopyLedger:
    """The exposed cards' meld histories from the melds made so far, in order: each meld
    marks as many exposed copies of each of its cards as it needs, the least used first."""
    ledger = CopyLedger()
    for card in cards_of(exposed):
        ledger.expose(card.index)
    needs = meld_table(ruleset, trump).needs
    for kind in scored:
        need = needs[kind]
        for alt in ledger.alternatives:
            for face, n in need.pairs:
                copies = sorted(alt.get(face, ()), key=lambda h: h[need.klass])
                worth = need.reuse_value if need.mark is None else need.mark
                marked = [with_meld(h, need.klass, worth, need.once, need.also)
                          for h in copies[:n]]
                alt[face] = tuple(sorted(marked + copies[n:]))
    return ledger


def check_position(ruleset: Ruleset, concealed: Counts, exposed: Counts, played: Counts,
                   scored: frozenset[MeldKind], trump: Suit | None = None) -> None:
    """A position no battle can reach is an input error, never an answer (R2A4, R6B, R9A)."""
    ids = ruleset.ids
    for card in ALL_CARDS:
        i = card.index
        total = concealed[i] + exposed[i] + played[i]
        copies = ruleset.pack[card]
        if total > copies:
            has = f"{copies} ({ids.pack})" if copies else f"none ({ruleset.pack_rule})"
            raise InputError(
                f"too many copies of {card}: the pack has {has}, but the "
                f"position holds {total} ({concealed[i]} concealed, {exposed[i]} exposed, "
                f"{played[i]} played)")
    held = sum(concealed) + sum(exposed)
    if held > ruleset.hand_size:
        raise InputError(f"the hand holds {held} cards, concealed and exposed; a player is dealt "
                         f"{ruleset.hand_size} and never holds more ({ids.hand}, {ids.draws})")
    table = ruleset.melds_for(trump)
    for kind in sorted(scored, key=str):
        if kind not in table:
            raise InputError(f"--scored: {kind} is not a meld of this ruleset ({ids.table})")


# --- answering --------------------------------------------------------------------------------


def answer(position: Position, meld: MeldKind | None) -> tuple[list[MeldVerdict],
                                                                 MeldVerdict | None,
                                                                 MeldVerdict | None]:
    """The legal melds now, the verdict on ``meld``, and (when the turn forbids melding) the
    verdict on ``meld`` from the cards alone. Once the turn's meld is made (R9E), a free meld
    (the old-time dix) is still judged and offered, as in the replay."""
    ruleset = position.ruleset
    args = (ruleset, position.concealed, position.exposed, position.scored)
    trump, ledger = position.trump, position.ledger
    cards_alone = None if meld is None else judge_meld(*args, meld, played=position.played,
                                                        won=position.won, trump=trump,
                                                        ledger=ledger)
    if position.may_meld:
        return legal_melds(*args, trump, ledger), cards_alone, None
    free = position.turn is not None and position.turn.only_free
    offered = [] if not free else [v for v in legal_melds(*args, trump, ledger)
                                   if is_free(ruleset, trump, v.kind)]
    if meld is None:
        return offered, None, None
    if free and is_free(ruleset, trump, meld):
        return offered, cards_alone, None
    assert cards_alone is not None
    turn = MeldVerdict(meld, False, position.turn_rule or ruleset.ids.melder,
                       position.turn_reason or "this player may not meld now",
                       cards_alone.points, ())
    return offered, turn, cards_alone


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


def melds_report(verdicts: list[MeldVerdict], question: MeldVerdict | None,
                 cards_alone: MeldVerdict | None, position: Position,
                 **where: Any) -> MeldsReport:
    """The answer as ``--json`` gives it (and the service's ``/v1/melds``)."""
    return MeldsReport(
        ruleset=ruleset_tags(position.ruleset),
        trump=position.trump,
        concealed=list(cards_of(position.concealed)),
        exposed=list(cards_of(position.exposed)),
        scored=sorted(position.scored, key=list(meld_table(position.ruleset,
                                                           position.trump).needs).index),
        played=list(cards_of(position.played)),
        won=list(cards_of(position.won)),
        may_meld=position.may_meld,
        turn_rule=position.turn_rule,
        turn_reason=position.turn_reason,
        gathered=None if position.turn is None else position.turn.gathered,
        melded=[] if position.turn is None else list(position.turn.melded),
        assumptions=[] if position.turn is None else [
            f"the player {assumed}" for assumed in position.turn.assumptions],
        question=None if question is None else Question(
            answer=MeldAnswer.of(question),
            cards_alone=None if cards_alone is None else MeldAnswer.of(cards_alone)),
        legal=[MeldAnswer.of(v) for v in verdicts],
        gone=position.gone,
        size=sum(position.concealed) + sum(position.exposed) - position.gone,
        **where,
    )


# --- the command --------------------------------------------------------------------------------


def run_melds(record: Path | None = None, concealed: str = "", exposed: str = "",
              scored: str = "", played: str = "", won: str = "", gathered: str | None = None,
              melded: list[str] | None = None, ruleset_option: list[str] | None = None,
              trump: str | None = None, meld: str | None = None, game: int = 1,
              battle: int | None = None, trick: int | None = None, seat: str | None = None,
              json: bool = False) -> int:
    """``pinochle melds``'s work, the options as the command line gives them
    (``cli/melds_command.py``, or ``cli/fast.py`` for a plain command line); its exit
    status."""
    where: dict[str, object] = {}
    value: object  # each option's value in turn, whatever its type
    made = None if melded is None else " ".join(melded)
    if record is None:
        ruleset = parse_ruleset(ruleset_option or [])
        table = dpmelds.is_table(ruleset)
        for name, value in (("--battle", battle), ("--trick", trick), ("--seat", seat)):
            if value is not None and not (table and name == "--seat"):
                raise InputError(f"{name} needs a record file; without one, give the "
                                 "position with --concealed, --exposed, --scored")
        if table:
            if not concealed.strip():
                raise InputError("--concealed: nothing to judge: give the player's whole hand "
                                 "(--concealed) and --trump, or a record file with --battle "
                                 "and --seat")
            return _say(dpmelds.table_question(ruleset, concealed, trump, seat, meld, (
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
        seated = dpmelds.table_ruleset(parsed, game)
        if seated is not None:
            return _say(dpmelds.record_table_question(parsed, seated, game, battle, trick, seat,
                                                      meld), json, meld)
        kind = None if meld is None else parse_kind("--meld", meld.strip())
        position, where = record_position(record, game, battle, trick, seat, parsed)
    verdicts, question, cards_alone = answer(position, kind)
    if json:
        echo(json_report(verdicts, question, cards_alone, position, **where))
    else:
        echo(text_report(verdicts, question, cards_alone, position))
    return _answer_exit(question is not None and not question.legal)


def _say(answer: dpmelds.TableMeldsReport, json: bool, meld: str | None) -> int:
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


def position_in(record: Record, game: int, battle: int, trick: int,
                seat: Seat) -> tuple[Position, dict[str, object]]:
    """``seat``'s position in game ``game``, battle ``battle``, right after trick ``trick`` is
    gathered and before that turn's meld (``replay.position_at``); a place the record does not
    have is an input error."""
    from pinochle.adjudicator.replay import PositionError, position_at

    if not 1 <= game <= len(record.games):
        raise InputError(f"--game: the record has {plural(len(record.games), 'game')}; there is "
                         f"no game {game}")
    try:
        at = position_at(record.games[game - 1], battle, trick, seat)
    except PositionError as error:
        raise InputError(str(error)) from None
    position = Position(ruleset=at.ruleset, concealed=at.concealed, exposed=at.exposed,
                        scored=at.scored, played=at.played, won=at.won, may_meld=at.may_meld,
                        turn_rule=at.turn_rule, turn_reason=at.turn_reason, trump=at.trump,
                        ledger=at.ledger, pending=at.pending, gone=at.gone)
    return position, {"seat": seat, "game": game, "battle": battle, "trick": trick}
