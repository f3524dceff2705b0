"""Check fixtures against the engine: ask the engine exactly what a fixture asks, and compare.

For each fixture the runner builds an *observed* verdict of the same shape as the expected one:

- ``findings``: every finding of the replay of the record (``replay.walk``), as (rule, battle,
  trick); compared as a multiset;
- ``tricks``: the trick's cards, leader, winner and deciding sub-rule from the battle's step log;
- ``melds``: the dispute question, ``replay.position_at`` then ``melding.judge_meld`` with the
  cards the player has played this battle (R9G);
- ``battles``: the battle totals the replay counts;
- ``tables``: the tables of ``ruleset_from_tags``;
- ``contracts``: a partnership battle's auction and side results (``TableBattleResult``, which
  ``replay.walk`` gives the visitor's ``end_battle`` at a table of four);
- ``turns``: the state after a trick's turn: the record cut just before the next trick is
  replayed (the walk's end makes that turn's draws), and its battle's state read at the end.

A case passes when observed equals expected; otherwise each difference is reported as
``where: expected X, got Y``. Bad input (a fixture or record that cannot be read) fails its case
with the reason; it never raises.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pinochle.adjudicator import (BattleResult, Finding, StopReplay, TableBattleResult, Visitor,
                                  position_at, ruleset_from_tags, walk)
from pinochle.adjudicator.rules.melding import judge_meld
from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.steps import Drew, Played
from pinochle.notation.cards import Card, Seat, Suit
from pinochle.notation.errors import PinochleError
from pinochle.notation.events import Battle, Game, Trick
from pinochle.notation.melds import MeldKind

from .fixture import (
    BattleCheck, ContractCheck, DrawCheck, Expected, FindingCheck, Fixture, Index, MeldCheck,
    TableCheck, TrickCheck, TurnCheck, seat_text,
)
from .notation_io import read_record, regular

#: The largest fixture file read, in bytes (the largest of corpus/ is some 80 kB).
FIXTURE_LIMIT = 4 << 20


@dataclass
class Outcome:
    """One case's result: ``differences`` empty means it passed; ``loaded`` is False when the
    file could not be read as a fixture at all."""

    id: str
    path: str
    differences: list[str] = field(default_factory=list)
    loaded: bool = True

    @property
    def passed(self) -> bool:
        return not self.differences


# --- reading ------------------------------------------------------------------------------------


def fixture_paths(directory: Path) -> list[Path]:
    """Every fixture file under ``directory`` (``*.json`` but ``index.json``): in the order of
    ``index.json`` when there is a readable one, then any others, sorted by path."""
    found = sorted(p for p in directory.rglob("*.json") if p.name != "index.json")
    try:
        index = Index.model_validate_json((directory / "index.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValidationError):
        return found
    listed = [directory / entry.fixture for entry in index.cases]
    first = [p for p in listed if p in set(found)]
    return first + [p for p in found if p not in set(first)]


def _problems(error: ValidationError) -> str:
    """What keeps a JSON value from being a fixture, briefly: the fields missing, the fields
    a fixture does not have, then any other complaint (the first few)."""
    by_type: dict[str, list[str]] = {"missing": [], "extra_forbidden": []}
    others = []
    for e in error.errors():
        where = ".".join(map(str, e["loc"])) or "the file"
        if e["type"] in by_type:
            by_type[e["type"]].append(where)
        else:
            others.append(f"{where}: {e['msg']}")
    parts = [f"{label} {', '.join(names)}" for label, names in
             (("missing", by_type["missing"]), ("unexpected", by_type["extra_forbidden"]))
             if names]
    return "; ".join(parts + others[:3] + ([f"… {len(others) - 3} more"]
                                            if len(others) > 3 else []))


def load_fixture(path: Path) -> Fixture:
    """Read and validate one fixture; a ``PinochleError`` names the file and what is wrong."""
    regular(path)
    if path.stat().st_size > FIXTURE_LIMIT:
        raise PinochleError(f"{path}: not a fixture: larger than {FIXTURE_LIMIT:,} bytes")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise PinochleError(f"{path}: cannot read: {error}") from None
    except json.JSONDecodeError as error:
        raise PinochleError(f"{path}:{error.lineno}:{error.colno}: not JSON: {error.msg}") from None
    except RecursionError:
        raise PinochleError(f"{path}: not a fixture: JSON nested too deeply") from None
    try:
        return Fixture.model_validate(data)
    except ValidationError as error:
        raise PinochleError(f"{path}: not a fixture (docs/fixtures.md): "
                            f"{_problems(error)}") from None


# --- observing ------------------------------------------------------------------------------------


class _Observer(Visitor):
    """Collects what a fixture can ask of one replay: findings, tricks, battle totals."""

    def __init__(self) -> None:
        self.findings: list[FindingCheck] = []
        self.tricks: dict[tuple[int, int], TrickCheck] = {}
        self.battles: dict[int, BattleResult] = {}
        self.contracts: dict[int, TableBattleResult] = {}
        self.index = 0

    def begin_battle(self, battle: Battle, index: int, state: BattleState) -> None:
        self.index = index

    def trick(self, trick: Trick, state: BattleState) -> None:
        played = [s for s in state.log if isinstance(s, Played)]
        if len(played) < 2 or played[-1].winner is None:
            return
        lead, follow = played[-2], played[-1]
        winner = follow.winner
        assert winner is not None
        self.tricks[(self.index, follow.trick)] = TrickCheck(
            battle=self.index, trick=follow.trick, lead=str(lead.card), follow=str(follow.card),
            leader=seat_text(lead.seat), winner=seat_text(winner),
            role="leader" if winner is lead.seat else "follower", rule=follow.rule or "?")

    def finding(self, finding: Finding) -> None:
        self.findings.append(FindingCheck(rule=finding.rule, battle=finding.battle,
                                          trick=finding.trick))

    def end_battle(self, battle: Battle, state: Any,
                   result: BattleResult | TableBattleResult) -> None:
        if type(result) is TableBattleResult:       # a table of four's (partnership.walker)
            self.contracts[result.index] = result
        else:
            self.battles[result.index] = result  # type: ignore[assignment]  # a BattleResult


def _observe_contract(check: ContractCheck,
                      results: dict[int, TableBattleResult]) -> ContractCheck | str:
    """A partnership battle's contract and side results, as the partnership walker judged them."""
    result = results.get(check.battle)
    if result is None:
        return f"the record has no battle {check.battle} at a table of four"
    seat = {"dealer": result.dealer, "bidder": result.bidder}
    observed: dict[str, Any] = {
        **{name: None if value is None else str(value) for name, value in seat.items()},
        "thrown_in": result.thrown_in, "bid": result.bid,
        "trump": None if result.trump is None else str(result.trump),
        "card_total": result.ns.cards + result.ew.cards,
        **{name: {"NS": getattr(result.ns, name), "EW": getattr(result.ew, name)}
           for name in ("cards", "melds", "made", "score", "counted")},
    }
    return check.model_copy(update={name: value for name, value in observed.items()
                                    if getattr(check, name) is not None})


def _observe_meld(game: Game, check: MeldCheck) -> MeldCheck | str:
    try:
        position = position_at(game, check.battle, check.trick, Seat.parse(check.seat))
        concealed = None if check.concealed is None else \
            tuple(Card.parse(c) for c in check.concealed)
        verdict = judge_meld(position.ruleset, position.concealed, position.exposed,
                             position.scored, MeldKind.parse(check.kind), concealed,
                             played=position.played, won=position.won, trump=position.trump,
                             ledger=position.ledger)
    except PinochleError as error:
        return f"no answer: {error}"
    update: dict[str, Any] = {"turn": None if position.may_meld else position.turn_rule,
                              "legal": verdict.legal, "rule": verdict.rule,
                              "points": verdict.points}
    if check.hand is not None:
        update["hand"] = sum(position.concealed) + sum(position.exposed)
    return check.model_copy(update=update)


class _AfterTurn(Visitor):
    """Keeps the state of battle ``battle`` as the walk leaves it, and stops there."""

    def __init__(self, battle: int) -> None:
        self.battle = battle
        self.state: BattleState | None = None

    def end_battle(self, battle: Battle, state: BattleState, result: BattleResult) -> None:
        if result.index == self.battle:
            self.state = state
            raise StopReplay


def _cut(game: Game, battle: int, trick: int) -> Game:
    """The game up to battle ``battle``'s ``trick``-th trick line and what follows it until
    the next trick line (its melds, draws, objections); ``trick`` 0: the events before the first
    trick (the deal)."""
    kept, seen = [], 0
    for event in game.battles[battle - 1].events:
        if isinstance(event, Trick):
            if seen == trick:
                break
            seen += 1
        kept.append(event)
    cut = game.battles[battle - 1].model_copy(update={"events": tuple(kept)})
    return game.model_copy(update={"battles": game.battles[:battle - 1] + (cut,)})


def _observe_turn(game: Game, check: TurnCheck) -> TurnCheck | str:
    if not 1 <= check.battle <= len(game.battles):
        return f"the record has no battle {check.battle}"
    visitor = _AfterTurn(check.battle)
    walk(_cut(game, check.battle, check.trick), visitor)
    state = visitor.state
    if state is None or not state.deal_known:
        return f"no answer: battle {check.battle} could not be replayed with its deal"
    if state.tricks_played != check.trick:
        return f"the record has no trick {check.trick} in battle {check.battle}"
    seats = (Seat.EAST, Seat.WEST)
    observed: dict[str, Any] = {
        "draws": [DrawCheck(seat=seat_text(s.seat), card=str(s.card)) for s in state.log
                  if isinstance(s, Drew) and s.trick == check.trick and s.card is not None],
        "stock": state.stock_count,
        "hands": {seat_text(s): state.hand_size(s) for s in seats},
        "phase": "B" if state.phase_b else "A",
        "trick_points": {seat_text(s): state.trick_points(s) for s in seats},
        "meld_points": {seat_text(s): state.meld_points(s) for s in seats},
    }
    return check.model_copy(update={name: value for name, value in observed.items()
                                    if getattr(check, name) is not None})


def _observe_battle(check: BattleCheck, results: dict[int, BattleResult]) -> BattleCheck | str:
    result = results.get(check.battle)
    if result is None:
        return f"the record has no battle {check.battle}"
    update: dict[str, Any] = {}
    if check.trick_total is not None:
        update["trick_total"] = sum(result.trick_points.values())
    if check.melds is not None:
        update["melds"] = {str(seat): points for seat, points in result.meld_points.items()}
    return check.model_copy(update=update)


def _observe_table(check: TableCheck) -> TableCheck | str:
    try:
        ruleset = ruleset_from_tags(check.tags)
        values: dict[str, int] = {}
        for key in check.values:
            if check.table == "pack_points":
                values[key] = ruleset.total_card_points
            elif check.table == "card_points":
                values[key] = ruleset.card_points[Card.parse(key)]
            elif check.table == "pack":
                values[key] = ruleset.pack.get(Card.parse(key), 0)
            else:
                trump = None if check.trump is None else Suit.parse(check.trump)
                points = ruleset.meld_points(MeldKind.parse(key), trump)
                values[key] = -1 if points is None else points
    except (PinochleError, KeyError) as error:
        return f"no answer: {error}"
    return check.model_copy(update={"values": values})


# --- comparing ------------------------------------------------------------------------------------


def _where(check: Any) -> str:
    parts = [f"{name} {getattr(check, name)}" for name in ("battle", "trick", "seat", "kind")
             if getattr(check, name, None) is not None]
    return ", ".join(parts) or getattr(check, "table", "")


def _diff(section: str, expected: Any, observed: Any | str) -> list[str]:
    label = f"{section} ({_where(expected)})"
    if isinstance(observed, str):
        return [f"{label}: {observed}"]
    out = []
    for name in type(expected).model_fields:
        want, got = getattr(expected, name), getattr(observed, name)
        if isinstance(want, dict) and isinstance(got, dict):
            out += [f"{label} {name}[{k}]: expected {want[k]}, got {got.get(k)}"
                    for k in want if want[k] != got.get(k)]
        elif want != got:
            out.append(f"{label} {name}: expected {_text(want)}, got {_text(got)}")
    return out


def _text(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(map(str, value)) if value else "(none)"
    return "null" if value is None else str(value)


def _finding_text(f: FindingCheck) -> str:
    where = ", ".join(f"{n} {v}" for n, v in (("battle", f.battle), ("trick", f.trick))
                      if v is not None)
    return f"{f.rule} ({where})" if where else f.rule


def _diff_findings(expected: Iterable[FindingCheck], observed: Iterable[FindingCheck]) -> list[str]:
    want = Counter((f.rule, f.battle, f.trick) for f in expected)
    got = Counter((f.rule, f.battle, f.trick) for f in observed)
    missing = sorted((want - got).elements(), key=str)
    extra = sorted((got - want).elements(), key=str)
    out = []
    for key in missing:
        out.append(f"findings: expected "
                   f"{_finding_text(FindingCheck(rule=key[0], battle=key[1], trick=key[2]))}, "
                   "got none")
    for key in extra:
        out.append(f"findings: expected none, got "
                   f"{_finding_text(FindingCheck(rule=key[0], battle=key[1], trick=key[2]))}")
    return out


def check(fixture: Fixture, game: Game | None) -> list[str]:
    """The differences between what ``fixture`` expects and what the engine answers."""
    expected: Expected = fixture.expected
    out: list[str] = []
    observer = _Observer()
    if game is not None:
        walk(game, observer)
        out += _diff_findings(expected.findings, observer.findings)
    elif fixture.record is not None or expected.findings or expected.tricks or expected.melds \
            or expected.battles or expected.turns or expected.contracts:
        return ["the fixture asks about a record, but none was read"]
    for trick in expected.tricks:
        seen = observer.tricks.get((trick.battle, trick.trick))
        out += _diff("trick", trick, seen or f"the record has no trick {trick.trick}")
    for meld in expected.melds:  # ignore: melds to check mean a game (else returned above)
        out += _diff("meld", meld, _observe_meld(game, meld))  # type: ignore[arg-type]
    for battle in expected.battles:
        out += _diff("battle", battle, _observe_battle(battle, observer.battles))
    for table in expected.tables:
        out += _diff("table", table, _observe_table(table))
    for turn in expected.turns:  # ignore: turns to check mean a game (else returned above)
        out += _diff("turn", turn, _observe_turn(game, turn))  # type: ignore[arg-type]
    for contract in expected.contracts:
        out += _diff("contract", contract, _observe_contract(contract, observer.contracts))
    return out


def run_fixture(path: Path) -> Outcome:
    """Load one fixture and its record, check them; every failure is a difference."""
    try:
        fixture = load_fixture(path)
    except PinochleError as error:
        return Outcome(path.stem, str(path), [str(error)], loaded=False)
    outcome = Outcome(fixture.id, str(path))
    game = None
    if fixture.record is not None:
        try:
            record = read_record(path.parent / fixture.record)
        except PinochleError as error:
            outcome.differences.append(f"record: {error}")
            return outcome
        if len(record.games) != 1:
            outcome.differences.append(f"record: {fixture.record} holds {len(record.games)} "
                                       "games; a fixture's record holds one")
            return outcome
        game = record.games[0]
    outcome.differences += check(fixture, game)
    return outcome


def run_directory(directory: Path) -> list[Outcome]:
    return [run_fixture(path) for path in fixture_paths(directory)]
