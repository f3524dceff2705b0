"""The two-handed dispute question: which melds may this player make here, and is this one legal
(R9)? Asked of a position given directly (``direct_position``: the hands, the melds scored, the
cards played and won, the turn) or of a point in a record (``position_in``: right after a trick
is gathered, before that turn's meld). A meld needing a card the player has played to a trick
this battle, with no other copy in hand, is answered with R9G (naming R9D when that card won its
trick); a card he never had is R9B1. ``answer`` judges, ``melds_report`` is the answer as
``pinochle melds --json`` and ``/v1/melds`` give it. In JSON an illegal meld has no ``points``
(what a legal meld scores): its table value is ``table_points``.

Any two-handed ruleset: old-time's table depends on trump and a card's reuse on the melds it was
in (OT9F, OT9G), so its ``scored`` melds are listed in order and the exposed cards they used
carry them (``CopyLedger``). Every rule cited is the ruleset's own (R9C, OT9C...). A value that
does not describe a position or a place in the record is a ``QueryError``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Optional

from pinochle.adjudicator.model.findings import plural
from pinochle.adjudicator.model.ruleset import Ruleset, ruleset_tags
from pinochle.adjudicator.query.errors import QueryError
from pinochle.adjudicator.query.inputs import (check_position, parse_card_list, parse_kind,
                                               parse_trump, words)
from pinochle.adjudicator.query.jsonvalues import INTEGER as _INTEGER, present
from pinochle.adjudicator.query.turn import NONE, Gathered, Turn, is_free, parse_gathered, turn_of
from pinochle.adjudicator.rules.copies import CopyLedger, with_meld
from pinochle.adjudicator.rules.melding import MeldVerdict, counts, judge_meld, legal_melds
from pinochle.adjudicator.rules.meldtables import NO_CARDS, Counts, cards_of, meld_table
from pinochle.notation.cards import Card, Seat, Suit
from pinochle.notation.events import Record
from pinochle.notation.melds import MeldKind
from pinochle.notation.plain import PlainModel, field

__all__ = ["NOTHING_TO_JUDGE", "MeldAnswer", "MeldsReport", "Position", "Question", "answer",
           "direct_position", "melds_report", "position_in"]


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
    turn: Optional[Turn] = None             # a direct question's turn (R8D, R9E)
    gone: int = 0           # unnamed cards gone from the hand (R8A, R8B: a card not held played)


#: A question about no hand at all: a ``QueryError``, not "no legal meld".
NOTHING_TO_JUDGE = ("--concealed: nothing to judge: give the player's hand (--concealed, and "
                    "--exposed for his exposed cards) or a record file with --battle, --trick "
                    "and --seat")


def direct_position(ruleset: Ruleset, concealed: str, exposed: str, scored: str,
                    played: str, won: str = "", trump: str | None = None,
                    gathered: str | None = None, melded: str | None = None) -> Position:
    """The position given directly; ``gathered`` (won / lost the trick just gathered) and
    ``melded`` (the melds already made this turn, counted as scored this battle too; ``none``:
    no meld) are the turn (``turn``), assumed as the answer says when not given
    (``None``)."""
    suit = parse_trump(ruleset, trump)
    hidden = counts(parse_card_list("--concealed", concealed))
    shown = counts(parse_card_list("--exposed", exposed))
    gone = counts(parse_card_list("--played", played))
    winners = counts(parse_card_list("--won", won))
    order = [parse_kind("--scored", w, n) for n, w in enumerate(words(scored), 1)]
    check_position(ruleset, hidden, shown, gone, frozenset(order), suit)
    said = [] if melded is None or melded.strip().lower() == NONE else words(melded)
    made = [parse_kind("--melded", w, n) for n, w in enumerate(said, 1)]
    table = ruleset.melds_for(suit)
    for kind in made:
        if kind not in table:
            raise QueryError(f"--melded: {kind} is not a meld of this ruleset "
                             f"({ruleset.ids.table})")
    turn = turn_of(ruleset, suit, parse_gathered(gathered), None if melded is None else made)
    order += [kind for kind in dict.fromkeys(made) if kind not in order]
    kinds = frozenset(order)
    for card in cards_of(winners):
        if winners[card.index] > gone[card.index]:
            raise QueryError(f"--won: {card} won a trick more often than --played says it was "
                             "played; --won names cards of --played that won their trick "
                             f"({ruleset.ids.won})")
    if not concealed.strip() and not exposed.strip():   # checked last: a wrong value says so
        raise QueryError(NOTHING_TO_JUDGE)
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


def position_in(record: Record, game: int, battle: int, trick: int,
                seat: Seat) -> tuple[Position, dict[str, object]]:
    """``seat``'s position in game ``game``, battle ``battle``, right after trick ``trick`` is
    gathered and before that turn's meld (``replay.position_at``); a place the record does not
    have is a ``QueryError``."""
    from pinochle.adjudicator.replay import PositionError, position_at

    if not 1 <= game <= len(record.games):
        raise QueryError(f"--game: the record has {plural(len(record.games), 'game')}; there is "
                         f"no game {game}")
    try:
        at = position_at(record.games[game - 1], battle, trick, seat)
    except PositionError as error:
        raise QueryError(str(error)) from None
    position = Position(ruleset=at.ruleset, concealed=at.concealed, exposed=at.exposed,
                        scored=at.scored, played=at.played, won=at.won, may_meld=at.may_meld,
                        turn_rule=at.turn_rule, turn_reason=at.turn_reason, trump=at.trump,
                        ledger=at.ledger, pending=at.pending, gone=at.gone)
    return position, {"seat": seat, "game": game, "battle": battle, "trick": trick}
