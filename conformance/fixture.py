"""The conformance fixture: one rulebook example, its record, and the verdict an engine must give.

A fixture is a JSON file (this model, `model_dump_json`) next to a game record in the notation
(`docs/notation.md`). Everything in it is plain text and numbers (cards `Q♥`, meld kinds
`AA4`, `♥F`, seats `E`/`W`, rule ids `R8C2`, `OT9G`), so an engine written in any language can
read it; `docs/fixtures.md` gives the JSON schema (`fixture_schema()`) and what each check means.
The rulebooks are East Point's (`east-point.txt`, ids R1-R11, M1-M7, C, V) and old-time
Pinochle's (`old-time-two-handed.txt`, ids OT1-OT9); the record's `Ruleset` tag says which one
a game is played under.

Fields added for old-time Pinochle (`turns`, a meld check's `hand`) are written only when they
are given, so a fixture that does not ask them reads as before.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from pinochle.notation.cards import Seat, Suit

FORMAT: Final = "pinochle-fixture/1"

CardText = Annotated[str, Field(pattern=r"^[DAKQJTN][♣♠♥♦]$", description="a card: rank letter "
                                "(D A K Q J T N), then suit glyph (♣ ♠ ♥ ♦)")]
KindText = Annotated[str, Field(pattern=r"^([♣♠♥♦]{1,4}[532FM]|[AKQJT]{1,4}4|P{1,4}|dix|swap|RH)$",
                                description="a meld kind as the notation writes it: East Point's "
                                "♣5, AA4, ♦♦3, ♥2; old-time ♥F, ♠♠M, K4, P, PP, dix, swap; "
                                "Scarne's RH; 25-steps GP; double-pack up to four copies: "
                                "♥♥F, AAAA4, PPPP")]
RuleId = Annotated[str, Field(pattern=r"^(R\d+[A-Z]?\d*|[CMV]\d+(\.\d+)?|OT\d+[A-Z]?\d*"
                                      r"|SC-[A-Z]+\d*[A-Z]?( \(OT\d+[A-Z]?\d*\))?"
                                      r"|OT\d+[A-Z]?\d* \(Scarne silent\)"
                                      r"|TP\d+[a-z]?\d*|TPV\d+|DP-[A-Z]+\d*|SD-[A-Z]+\d*)$",
                              description="a rule id of east-point.txt (R8C2, R9F, M7, C4, V2), "
                              "old-time-two-handed.txt (OT8C2, OT9G), the Scarne spec "
                              "(SC-PLAY2W, SC-MELD5, \"SC-MELD6 (OT9C)\", \"OT9G (Scarne "
                              "silent)\"), two-player-25-steps.txt (TP19b2, TPV2), the "
                              "double-pack spec (DP-BID7, DP-MELD5) or the single-deck spec "
                              "(SD-PASS1, SD-GAME5)")]
SeatText = Literal["E", "W"]
#: A seat at a table of four, and a side (double-pack).
TableSeatText = Literal["N", "E", "S", "W"]
SideText = Literal["NS", "EW"]
SuitText = Literal["♣", "♠", "♥", "♦"]


def _unasked(value: Any) -> bool:
    """A check's optional field that was not given (``None`` or empty): left out of the JSON."""
    return value is None or value == [] or value == {}


def seat_text(seat: Seat) -> SeatText:
    """A seat as fixtures write it (``str(seat)``, with the type that says so)."""
    return "E" if seat is Seat.EAST else "W"


def table_seat_text(seat: Seat) -> TableSeatText:
    """A seat at a table of four as fixtures write it (``N``, ``E``, ``S``, ``W``)."""
    return cast(TableSeatText, str(seat))


def suit_text(suit: Suit) -> SuitText:
    return cast(SuitText, str(suit))


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Source(_Model):
    """Where the example is in its rulebook: section, row, and the row's text. East Point:
    the section and row of `east-point.txt` (`Examples of Tricks`, `1`); old-time: the rule id
    and the line of `old-time-two-handed.txt` (`OT8C2`, `L82`)."""

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
    `points` (the kind's value in the game's ruleset; `null` when its table has no such
    meld) are the answer of R9 for the cards alone. Old-time: the table is the battle's
    trump's; the order is OT9A, OT9B1 or OT9H, OT9G, OT9C. `hand`, when given: the number of
    cards in his hand (concealed and exposed) at that moment (OT9D: eleven)."""

    battle: int
    trick: int
    seat: SeatText
    kind: KindText
    concealed: list[CardText] | None
    turn: RuleId | None
    legal: bool
    rule: RuleId
    points: int | None
    hand: int | None = Field(default=None, exclude_if=_unasked)


class BattleCheck(_Model):
    """Totals of battle `battle` as the engine counts them: `trick_total` the two players'
    trick points together (R8G); `melds` each player's meld points (R9A, after R11B)."""

    battle: int
    trick_total: int | None = None
    melds: dict[SeatText, int] | None = None


class DrawCheck(_Model):
    """One card drawn from the stock: who drew it, and which card it was."""

    seat: SeatText
    card: CardText

    def __str__(self) -> str:
        return f"{self.seat} {self.card}"


class TurnCheck(_Model):
    """The table after trick `trick` of battle `battle` and its winner's turn (the meld, then
    the draws); `trick` 0 is right after the deal. Only the fields given are checked:
    `draws` the cards drawn after that trick, in order (R8E, OT8E, OT8F); `stock` the cards
    left in the stock, a turned-up card included (OT6C); `hands` the cards each player holds,
    concealed and exposed; `phase` the phase of the next trick (`A` while the stock lasts,
    `B` once it is exhausted, OT8); `trick_points` and `meld_points` each player's points so
    far (the last trick's bonus included once the hands are empty, OT8G; a turned-up nine's
    10 is the dealer's meld points from the deal on, OT6B)."""

    battle: int
    trick: int
    draws: list[DrawCheck] | None = Field(default=None, exclude_if=lambda v: v is None)
    stock: int | None = Field(default=None, exclude_if=_unasked)
    hands: dict[SeatText, int] | None = Field(default=None, exclude_if=_unasked)
    phase: Literal["A", "B"] | None = Field(default=None, exclude_if=_unasked)
    trick_points: dict[SeatText, int] | None = Field(default=None, exclude_if=_unasked)
    meld_points: dict[SeatText, int] | None = Field(default=None, exclude_if=_unasked)


class TableCheck(_Model):
    """A table of the ruleset the `tags` select (as a record's tag section would, e.g.
    `{"TrickScoring": "v3"}`, `{"Ruleset": "old-time"}`; empty: East Point's defaults).
    `card_points` maps cards to trick points (R8G, V3, OT8H); `meld_points` maps meld kinds to
    points (R9A, V2); `pack_points` has one key, `total`: the points of the whole pack, copies
    counted (C4, V3); `pack` maps cards to the number of copies the pack holds (R2A4, OT2A4;
    0 for a card it leaves out). `trump`, when given: the trump suit of a table that depends on
    it (double-pack's meld table: a royal marriage is the trump suit's K Q)."""

    table: Literal["card_points", "meld_points", "pack_points", "pack"]
    tags: dict[str, str] = {}
    values: dict[str, int]
    trump: SuitText | None = Field(default=None, exclude_if=_unasked)


class ContractCheck(_Model):
    """A battle at a table of four (double-pack) as the engine judges it. Only the fields given
    are checked: `dealer`; `thrown_in` (nobody bid, DP-BID9); `bidder` and `bid` (the high
    bidder and the contract, deemed bids included: DP-BID6, DP-BID7); `trump`; `card_total`
    (the two sides' cards together, the last trick's 20 included: 500, DP-COUNT); and for each
    side (`NS`, `EW`) its `cards`, the `melds` that count (0 without a scoring trick, DP-MELD6),
    `made` (cards + melds), its `score` (DP-SCORE1-3: the bid subtracted when set) and whether
    its melds were `counted`."""

    battle: int
    dealer: TableSeatText | None = Field(default=None, exclude_if=_unasked)
    thrown_in: bool | None = Field(default=None, exclude_if=_unasked)
    bidder: TableSeatText | None = Field(default=None, exclude_if=_unasked)
    bid: int | None = Field(default=None, exclude_if=_unasked)
    trump: SuitText | None = Field(default=None, exclude_if=_unasked)
    card_total: int | None = Field(default=None, exclude_if=_unasked)
    cards: dict[SideText, int] | None = Field(default=None, exclude_if=_unasked)
    melds: dict[SideText, int] | None = Field(default=None, exclude_if=_unasked)
    made: dict[SideText, int] | None = Field(default=None, exclude_if=_unasked)
    score: dict[SideText, int] | None = Field(default=None, exclude_if=_unasked)
    counted: dict[SideText, bool] | None = Field(default=None, exclude_if=_unasked)


class Expected(_Model):
    """Everything the engine must answer for this fixture. Empty lists check nothing, except
    `findings`: when the fixture has a record, its replay must report exactly these."""

    findings: list[FindingCheck] = []
    tricks: list[TrickCheck] = []
    melds: list[MeldCheck] = []
    battles: list[BattleCheck] = []
    tables: list[TableCheck] = []
    turns: list[TurnCheck] = Field(default=[], exclude_if=_unasked)
    contracts: list[ContractCheck] = Field(default=[], exclude_if=_unasked)


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
    """One case of the index: its id, its files (relative to the corpus folder), the rule ids
    it illustrates, and the ruleset (the `Ruleset` tag's value) whose rulebook it comes from."""

    id: str
    ruleset: str
    fixture: str
    record: str | None
    rules: list[RuleId]


class Index(_Model):
    """`index.json`: every fixture of the directory, each rulebook's in its order."""

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
