"""The conformance fixture: one rulebook example, its record, and the verdict an engine must give.

A fixture is a JSON file (this model, `model_dump_json`) next to a game record in the notation
(`docs/notation.md`). Everything in it is plain text and numbers (cards `Q♥`, meld kinds
`AA4`, seats `E`/`W`, rule ids `R8C2`), so an engine written in any language can read it;
`docs/fixtures.md` gives the JSON schema (`fixture_schema()`) and what each check means.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from pinochle.notation.cards import Seat

FORMAT: Final = "pinochle-fixture/1"

CardText = Annotated[str, Field(pattern=r"^[DAKQJTN][♣♠♥♦]$", description="a card: rank letter "
                                "(D A K Q J T N), then suit glyph (♣ ♠ ♥ ♦)")]
KindText = Annotated[str, Field(pattern=r"^([♣♠♥♦]{1,2}[532]|[AKQJT]{1,2}4)$",
                                description="a meld kind as R9A writes it: ♣5, AA4, ♦♦3, ♥2")]
RuleId = Annotated[str, Field(pattern=r"^(R\d+[A-Z]?\d*|[CMV]\d+(\.\d+)?)$",
                              description="a rule id of east-point.txt: R8C2, R9F, M7, C4, V2")]
SeatText = Literal["E", "W"]


def seat_text(seat: Seat) -> SeatText:
    """A seat as fixtures write it (``str(seat)``, with the type that says so)."""
    return "E" if seat is Seat.EAST else "W"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Source(_Model):
    """Where the example is in `east-point.txt`: section, row, and the row's text."""

    section: str
    row: str
    text: str


class FindingCheck(_Model):
    """A finding the engine's replay of the record must report: its rule id, and where (battle
    number, and trick number after which it arose). The replay's findings, as (rule, battle,
    trick), must equal the fixture's list exactly (as a multiset)."""

    rule: RuleId
    battle: int | None = None
    trick: int | None = None


class TrickCheck(_Model):
    """Trick `trick` of battle `battle`: `lead` by `leader` against `follow`; the
    engine must find `winner` (who was the `role`) by sub-rule `rule` (R8C1-R8C4)."""

    battle: int
    trick: int
    lead: CardText
    follow: CardText
    leader: SeatText
    winner: SeatText
    role: Literal["leader", "follower"]
    rule: RuleId


class MeldCheck(_Model):
    """The dispute question: in the position of `seat` just after trick `trick` of battle
    `battle` was gathered (before any meld of that turn), may he meld `kind` taking
    `concealed` from the concealed hand (`null`: not named, exposed copies first)?

    `turn` is whether he may meld at all now: `null` when he may (he won the trick, R8D),
    else the rule that forbids it (R8D for the trick's loser, R9E, R11D). `legal`, `rule`
    (`R9A` when legal; else the first rule broken, checked in the order R9A, R9F, R9B1 or
    R9G, R9C: R9G when every card the hand lacks is one he played to a trick this battle) and
    `points` (the kind's value in the game's ruleset) are the answer of R9 for the cards
    alone."""

    battle: int
    trick: int
    seat: SeatText
    kind: KindText
    concealed: list[CardText] | None
    turn: RuleId | None
    legal: bool
    rule: RuleId
    points: int


class BattleCheck(_Model):
    """Totals of battle `battle` as the engine counts them: `trick_total` the two players'
    trick points together (R8G); `melds` each player's meld points (R9A, after R11B)."""

    battle: int
    trick_total: int | None = None
    melds: dict[SeatText, int] | None = None


class TableCheck(_Model):
    """A table of the ruleset the `tags` select (as a record's tag section would, e.g.
    `{"TrickScoring": "v3"}`; empty: East Point's defaults). `card_points` maps cards to
    trick points (R8G, V3); `meld_points` maps meld kinds to points (R9A, V2); `pack_points`
    has one key, `total`: the points of the whole pack, copies counted (C4, V3)."""

    table: Literal["card_points", "meld_points", "pack_points"]
    tags: dict[str, str] = {}
    values: dict[str, int]


class Expected(_Model):
    """Everything the engine must answer for this fixture. Empty lists check nothing, except
    `findings`: when the fixture has a record, its replay must report exactly these."""

    findings: list[FindingCheck] = []
    tricks: list[TrickCheck] = []
    melds: list[MeldCheck] = []
    battles: list[BattleCheck] = []
    tables: list[TableCheck] = []


class Fixture(_Model):
    """One conformance case: a rulebook example, the record that stages it, its verdict."""

    format: Literal["pinochle-fixture/1"] = FORMAT
    id: str = Field(description="the case id, also the test id: tricks.6.A♣#1, M4.2, R9A.AA4")
    source: Source
    rules: list[RuleId] = Field(description="the rule ids the example illustrates")
    description: str
    record: str | None = Field(description="the game record's file name, in the fixture's "
                               "directory; null when the case is about tables alone")
    note: str | None = None
    expected: Expected


class IndexEntry(_Model):
    id: str
    fixture: str
    record: str | None
    rules: list[RuleId]


class Index(_Model):
    """`index.json`: every fixture of the directory, in the rulebook's order."""

    format: Literal["pinochle-fixture-index/1"] = "pinochle-fixture-index/1"
    cases: list[IndexEntry]


def fixture_schema() -> dict[str, Any]:
    """The JSON schema of a fixture file (what `docs/fixtures.md` prints)."""
    return Fixture.model_json_schema()


def to_json(model: BaseModel) -> str:
    """Stable text: sorted keys are not used (the model's field order is the reading order),
    two-space indent, real Unicode (♣), one final newline."""
    data = model.model_dump(mode="json")
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def schema_text() -> str:
    """The schema as `docs/fixtures.md` shows it: `python -m pinochle.conformance.fixture`."""
    return json.dumps(fixture_schema(), ensure_ascii=False, indent=2)


if __name__ == "__main__":
    print(schema_text())
