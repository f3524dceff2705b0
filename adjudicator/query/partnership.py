"""The dispute question at a table of four (the partnership game, double-pack): a seat's best
meld and whether a declared one is legal.

Each player melds once, from his whole hand, after trump is named and before trick 1 (DP-MELD1):
there is no position in the play to ask about, only the hand and trump. So the question is
asked of a battle and a seat of a record (``record_table_question``: the hand dealt, the trump
named) or of a hand given directly (``table_question``). The answer (``TableMeldsReport``) is
the seat's best meld with its melds, by the heading rule (``partnership.melds.best_declaration``,
DP-MELD2-DP-MELD5), and, for a declaration (kinds with their points, ``♥F 150 ♥M 40``, a kind
alone counting its table value, or a total ``190``; in a record without one, the seat's own
declaration), the verdict of ``partnership.melds.judge_declaration``: each meld held or not
under its heading's rule, its points against the table, and what the declaration is worth. A
value that does not describe a hand, a battle or a declaration is a ``QueryError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Optional

from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.model.ruleset import Ruleset, RulesetError, ruleset_tags
from pinochle.adjudicator.partnership.melds import best_declaration, best_meld, judge_declaration
from pinochle.adjudicator.partnership.results import is_partnership
from pinochle.adjudicator.query.errors import QueryError
from pinochle.adjudicator.query.inputs import check_position, parse_card_list
from pinochle.adjudicator.query.jsonvalues import INTEGER as _INTEGER, present
from pinochle.adjudicator.rules.meldtables import NO_CARDS, cards_of, counts
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.rulesets.double_pack import HEADING_RULES
from pinochle.adjudicator.visitor import recite
from pinochle.notation.cards import Card, Seat, Suit
from pinochle.notation.errors import PinochleError, quoted
from pinochle.notation.events import (
    Declaration, Game, Hands, Meld, Record, Send, Span, TableTrick, TrumpNaming,
)
from pinochle.notation.melds import MeldKind
from pinochle.notation.plain import PlainModel

__all__ = ["TableFinding", "TableMeld", "TableMeldsReport", "TableQuestion", "is_table",
           "record_table_question", "table_question", "table_ruleset"]


class TableMeld(PlainModel):
    """One meld: its kind, the points declared (``claimed``), whether it is held under its
    heading's rule (``legal``), and the rule and reason when it is not or its points are wrong.
    ``points`` is what a legal meld scores, the table's value (declared at other points, it
    still counts the table's, DP-MELD2-DP-MELD4); an illegal meld scores nothing and has no
    ``points``: its table value is ``table_points``, as for a two-handed meld
    (``cli.melds.MeldAnswer``). A kind the table lacks has neither."""

    kind: MeldKind
    claimed: int
    points: Annotated[Optional[int], _INTEGER] = present(
        "what the meld scores: a legal meld's table value (absent for an illegal meld)")
    table_points: Annotated[Optional[int], _INTEGER] = present(
        "an illegal meld's table value, what it would score if it were legal (absent for a "
        "legal meld, and for a kind the table lacks)")
    legal: bool = True
    rule: Optional[str] = None
    reason: Optional[str] = None


class TableFinding(PlainModel):
    """A finding of the declaration's judgement (DP-MELD1-DP-MELD5)."""

    rule: str
    kind: Kind
    severity: Severity
    message: str


class TableQuestion(PlainModel):
    """A declaration judged: as written, its melds (or ``total`` alone), whether it is legal
    (no error: every meld held under its heading's rule, the points the table's), the deciding
    rule, what it is worth (``points``: its legal melds at the table's values, a total capped at
    the best meld), and the judgement's findings; ``line``: where the record declares it (0 for
    ``--meld``)."""

    declared: str
    melds: list[TableMeld]
    total: Optional[int] = None
    legal: bool
    rule: str
    points: int
    findings: list[TableFinding]
    line: int = 0


class TableMeldsReport(PlainModel):
    """The JSON form of ``pinochle melds`` at a table of four."""

    ruleset: dict[str, str]
    trump: Suit
    seat: Seat
    game: Optional[int] = None
    battle: Optional[int] = None
    hand: list[Card]
    best: int
    best_melds: list[TableMeld]
    question: Optional[TableQuestion] = None


def is_table(ruleset: Ruleset) -> bool:
    """A partnership game's ruleset (``partnership.results.is_partnership``): its question."""
    return is_partnership(ruleset)


def table_ruleset(record: Record, game: int) -> Ruleset | None:
    """The ruleset of game ``game`` of ``record`` when it seats four (else ``None``: the
    two-handed question, which reports a game the record does not have or an unknown
    ruleset)."""
    if not 1 <= game <= len(record.games):
        return None
    try:
        ruleset = ruleset_from_tags(record.games[game - 1].tags)
    except RulesetError:
        return None
    return ruleset if is_table(ruleset) else None


# --- the declaration as the command line writes it ------------------------------------------


def parse_declaration(text: str, trump: Suit, ruleset: Ruleset) -> tuple[tuple[Meld, ...],
                                                                          int | None]:
    """``--meld``: kinds each with its points (``♥F 150 ♥M 40``; a kind alone counts its table
    value, or 0 outside the table) or a total alone (``190``). Each meld gets a span of its own
    (column = its place) so that the judgement's findings name it."""
    words = text.split()
    if not words:
        raise QueryError("--meld: give the melds declared (\"♥F 150 ♥M 40\") or a total "
                         "(\"190\")")
    if len(words) == 1 and words[0].isdigit():
        return (), int(words[0])
    table = ruleset.melds_for(trump)
    melds: list[Meld] = []
    n = 0
    while n < len(words):
        word = words[n]
        try:
            kind = MeldKind.parse(word)
        except PinochleError:
            what = "a number after no meld" if word.isdigit() else "not a meld"
            raise QueryError(
                f"--meld: word {n + 1}, {quoted(word)}, is {what}; expected melds with their "
                "points such as \"♥F 150 ♥M 40 AA4 1000 P 40\", or a total such as "
                "\"190\"") from None
        points: int | None = None
        if n + 1 < len(words) and words[n + 1].isdigit():
            points, n = int(words[n + 1]), n + 1
        entry = table.get(kind)
        column = len(melds) + 1
        melds.append(Meld(kind=kind, points=points if points is not None else
                          (entry.points if entry is not None else 0),
                          span=Span(1, column, 1, column + 1)))
        n += 1
    return tuple(melds), None


def _declared_text(melds: Sequence[Meld], total: int | None) -> str:
    return " ".join(f"{m.kind} {m.points}" for m in melds) if melds else str(total or 0)


# --- the answer ------------------------------------------------------------------------------


def _best_melds(hand: Sequence[Card], trump: Suit, ruleset: Ruleset) -> list[TableMeld]:
    table = ruleset.melds_for(trump)
    return [TableMeld(kind=m.kind, claimed=m.points, points=table[m.kind].points)
            for m in best_declaration(hand, trump, ruleset)]


def judge(hand: Sequence[Card], melds: Sequence[Meld], total: int | None, trump: Suit,
          ruleset: Ruleset, seat: Seat, line: int = 0) -> TableQuestion:
    """The verdict on a declaration (``partnership.melds.judge_declaration``), meld by meld."""
    verdict = judge_declaration(hand, melds, total, trump, ruleset, seat)
    cites = ruleset.cites           # the ruleset's ids for the engine's (single-deck's SD-...)
    if cites:
        verdict = verdict._replace(findings=[recite(f, cites) for f in verdict.findings])
    table = ruleset.melds_for(trump)
    views = []
    for meld in melds:
        entry = table.get(meld.kind)
        mine = [f for f in verdict.findings if _within(meld.span, f.span)]
        illegal = next((f for f in mine if f.kind is Kind.ILLEGAL_MELD), None)
        wrong = next((f for f in mine if f.kind is Kind.MISCOUNT), None)
        fault = illegal or wrong
        legal = illegal is None and entry is not None
        value = None if entry is None else entry.points
        views.append(TableMeld(kind=meld.kind, claimed=meld.points,
                               **{"points" if legal else "table_points": value}, legal=legal,
                               rule=None if fault is None else fault.rule,
                               reason=None if fault is None else fault.message))
    errors = [f for f in verdict.findings if f.severity is not Severity.INFO]
    if errors:
        rule = errors[0].rule
    elif melds:
        headings = sorted({table[m.kind].klass for m in melds if m.kind in table})
        rules = (*HEADING_RULES, ruleset.ids.dix)
        rule = ", ".join(cites.get(rules[h], rules[h]) for h in headings)
    else:
        rule = cites.get("DP-MELD1", "DP-MELD1")
    return TableQuestion(declared=_declared_text(melds, total), melds=views,
                         total=None if melds else total or 0, legal=not errors, rule=rule,
                         points=verdict.points, findings=[_finding(f) for f in verdict.findings],
                         line=line)


def _within(span: Span, inner: Span) -> bool:
    """Whether ``inner`` starts inside ``span`` (a meld's finding: at its kind or points)."""
    start = (inner.line, inner.column)
    return bool(span.line) and (span.line, span.column) <= start < (span.end_line,
                                                                     span.end_column)


def _finding(finding: Finding) -> TableFinding:
    return TableFinding(rule=finding.rule, kind=finding.kind, severity=finding.severity,
                        message=finding.message)


def report(hand: Sequence[Card], trump: Suit, ruleset: Ruleset, seat: Seat,
           question: TableQuestion | None, game: int | None = None,
           battle: int | None = None) -> TableMeldsReport:
    return TableMeldsReport(ruleset=ruleset_tags(ruleset), trump=trump, seat=seat, game=game,
                            battle=battle, hand=list(cards_of(counts(hand))),
                            best=best_meld(hand, trump, ruleset),
                            best_melds=_best_melds(hand, trump, ruleset), question=question)


# --- where the question is asked ---------------------------------------------------------------


def table_question(ruleset: Ruleset, concealed: str, trump: str | None, seat: str | None,
                   meld: str | None, others: Sequence[tuple[str, str]] = ()) -> TableMeldsReport:
    """The question about a hand given directly: ``concealed`` the whole hand, ``others`` the
    two-handed options given (each refused: a partnership player melds from his whole hand,
    once, before trick 1)."""
    for name, value in others:
        if value:
            raise QueryError(f"{name}: a player at a table of four melds once, from his "
                             "whole hand, before trick 1 (DP-MELD1); give the hand with "
                             "--concealed, the trump with --trump")
    if trump is None:
        raise QueryError(f"--trump: {ruleset.name} melds depend on the trump suit, named by "
                         "the high bidder (DP-MELD1); give it, e.g. --trump ♥")
    try:
        suit = Suit.parse(trump.strip())
    except PinochleError:
        raise QueryError(f"--trump: expected a suit such as ♥ or H, found "
                         f"{quoted(trump)}") from None
    who = _seat(seat) if seat is not None else Seat.NORTH
    hand = parse_card_list("--concealed", concealed)
    _check_hand(ruleset, hand)
    question = None
    if meld is not None:
        melds, total = parse_declaration(meld, suit, ruleset)
        question = judge(hand, melds, total, suit, ruleset, who)
    return report(hand, suit, ruleset, who, question)


def _seat(text: str) -> Seat:
    try:
        seat: Seat = Seat.parse(text)
    except PinochleError:
        raise QueryError(f"--seat: expected N, E, S or W, found {quoted(text)}") from None
    return seat


def _check_hand(ruleset: Ruleset, hand: Sequence[Card]) -> None:
    """A hand no deal gives is an input error (DP-PACK, DP-DEAL2)."""
    if len(hand) > ruleset.hand_size:
        raise QueryError(f"--concealed: the hand holds {len(hand)} cards; a player is dealt "
                         f"{ruleset.hand_size} ({ruleset.ids.hand})")
    try:
        check_position(ruleset, counts(hand), NO_CARDS, NO_CARDS, frozenset())
    except QueryError as problem:
        raise QueryError(f"--concealed: {problem}") from None


def record_table_question(record: Record, ruleset: Ruleset, game: int, battle: int | None,
                          trick: int | None, seat: str | None,
                          meld: str | None) -> TableMeldsReport:
    """The question about ``seat``'s hand in battle ``battle`` (1-based) of game ``game``: the
    hand dealt and the trump named there; the declaration ``meld``, else the seat's own in the
    record."""
    missing = [name for name, value in (("--battle", battle), ("--seat", seat)) if value is None]
    if missing:
        raise QueryError(f"a record needs {', '.join(missing)} to say where the question "
                         "is asked")
    assert battle is not None and seat is not None
    if trick is not None:
        raise QueryError("--trick: at a table of four each player melds once, before trick "
                         "1 (DP-MELD1); leave out --trick")
    who = _seat(seat)
    played = record.games[game - 1]
    hand, trump, declared = _battle_hand(played, battle, who, ruleset.seats,
                                         ruleset.seating.partner(who))
    if meld is not None:
        melds, total = parse_declaration(meld, trump, ruleset)
        question = judge(hand, melds, total, trump, ruleset, who)
    elif declared is not None:
        melds = declared.melds if isinstance(declared, Declaration) else (declared,)
        total = declared.total if isinstance(declared, Declaration) else None
        question = judge(hand, melds, total, trump, ruleset, who, declared.span.line)
    else:
        question = None
    return report(hand, trump, ruleset, who, question, game, battle)


def _battle_hand(game: Game, battle: int, seat: Seat, seats: tuple[Seat, ...],
                 partner: Seat | None = None
                 ) -> tuple[tuple[Card, ...], Suit, Declaration | Meld | None]:
    """``seat``'s hand dealt in battle ``battle``, after the passing (``send`` lines, single-deck
    SD-PASS1-2: what he sent leaves it, what his ``partner`` sent joins it), the trump named,
    and his declaration."""
    if not 1 <= battle <= len(game.battles):
        raise QueryError(f"--battle: the game has {plural(len(game.battles), 'battle')}; "
                         f"there is no battle {battle}")
    events = game.battles[battle - 1].events
    dealt = next((e for e in events if isinstance(e, Hands)), None)
    if dealt is None or len(dealt.hands) < len(seats):
        raise QueryError(f"the record of battle {battle} omits the deal: {seat.word}'s hand "
                         "is unknown")
    hand = dealt.hands[seats.index(seat)]
    held = list(hand)
    trump = None
    declared: Declaration | Meld | None = None
    for event in events:
        if isinstance(event, TableTrick):
            break
        if isinstance(event, TrumpNaming) and trump is None:
            trump = event.suit
        elif isinstance(event, (Declaration, Meld)) and event.seat is seat and declared is None:
            declared = event
        elif isinstance(event, Send) and event.seat is seat:
            for card in event.cards:
                if card in held:
                    held.remove(card)
        elif isinstance(event, Send) and event.seat is partner:
            held += event.cards
    if trump is None:
        raise QueryError(f"battle {battle} names no trump before its first trick: the "
                         "melds depend on it (DP-MELD1)")
    return tuple(held), trump, declared
