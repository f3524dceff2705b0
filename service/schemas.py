"""The request bodies of ``/v1/validate``, ``/v1/melds`` and ``/v1/format``, and the answer of
``/v1/rulesets``, as pydantic models: FastAPI publishes them in ``/openapi.json``. (The answers of
validate and melds are the engine's own models, the command line's too: ``Report``, and
``MeldsReport`` or ``TableMeldsReport``, from ``pinochle.adjudicator``.)"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, TypeAdapter

__all__ = ["FormatRequest", "MeldsAtPoint", "MeldsInPosition", "MeldsRequest", "RulesetInfo",
           "RulesetOption", "Rulesets", "ValidateRequest", "body_schema"]

RecordText = Annotated[str, Field(description="the record, as its .pin file holds it")]
MeldText = Annotated[Optional[str], Field(
    description="ask about this meld (as a record writes it: ♥2, AA4, ♦♦3, ♥M...); null "
                "lists every legal meld")]


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ValidateRequest(_Request):
    """``pinochle validate --json [--strict]`` of one record."""

    text: RecordText
    name: str = Field("<input>", description="what the report calls the record (its file)")
    strict: bool = Field(False, description="exit_status 1 on notices too (--strict)")


class MeldsAtPoint(_Request):
    """The dispute question at a point of a record: ``pinochle melds FILE --game G --battle B
    --trick T --seat S [--meld M]`` (right after trick T is gathered, before that turn's
    meld)."""

    text: RecordText
    game: int = Field(1, description="which game of the record (1 = first)")
    battle: int = Field(description="the battle's number in the record")
    trick: Optional[int] = Field(None, description="right after this trick is gathered "
                                 "(required in a two-handed game; at a table of four, where "
                                 "each player melds once before trick 1, left out)")
    seat: Literal["E", "W", "N", "S"] = Field(description="whose melds (N and S at a table "
                                              "of four)")
    meld: MeldText = None


class MeldsInPosition(_Request):
    """The dispute question about a position given directly: ``pinochle melds --concealed ...
    [--ruleset-option NAME=VALUE] [--trump SUIT] [--gathered won|lost] [--melded MELDS]
    [--meld M]``, asked right after the trick just gathered. Cards are words such as Q♥ or QH,
    separated by spaces or commas; melds likewise (♥3,A4)."""

    ruleset: dict[str, str] = Field(
        default_factory=dict, description="the ruleset's tags, as a record gives them: "
        '{"Ruleset": "old-time", "TrickScoring": "10-10-10"}; {} is East Point')
    trump: Optional[str] = Field(None, description="the trump suit where the ruleset has one "
                                 "(old-time), e.g. ♥ or H")
    concealed: str = Field(description="the concealed hand, e.g. \"A♥ K♥ QH\"")
    exposed: str = Field("", description="the exposed hand")
    scored: str = Field("", description="melds already scored this battle, in order")
    played: str = Field("", description="cards he played to tricks this battle (R9G)")
    won: str = Field("", description="those of played that won their trick (R9D)")
    gathered: Optional[Literal["won", "lost"]] = Field(
        None, description="whether the player won or lost the trick just gathered: only its "
        "winner melds (R8D); null: won, and the answer's assumptions say so (--gathered)")
    melded: Optional[str] = Field(
        None, description="melds he already made this turn, e.g. \"♥3\" (\"none\": no meld): "
        "one meld a turn (R9E); they count as scored. null: none, and the answer's assumptions "
        "say so (--melded)")
    meld: MeldText = None


def _melds_mode(value: Any) -> str:
    """A body with the record's ``text`` asks at a point of it; any other, about a position (a
    model already made says which it is)."""
    if isinstance(value, (MeldsAtPoint, MeldsInPosition)):
        return "point" if isinstance(value, MeldsAtPoint) else "position"
    return "point" if isinstance(value, dict) and "text" in value else "position"


MeldsRequest = Annotated[Union[Annotated[MeldsAtPoint, Tag("point")],
                               Annotated[MeldsInPosition, Tag("position")]],
                         Discriminator(_melds_mode)]


class FormatRequest(_Request):
    """``pinochle fmt`` of one record."""

    text: RecordText
    name: str = Field("<input>", description="what syntax errors call the record")


class RulesetOption(BaseModel):
    tag: str = Field(description="the record's tag that sets it, e.g. MeldScoring")
    values: list[str] = Field(description="its values, the default first")
    default: str


class RulesetInfo(BaseModel):
    name: str = Field(description="the value of the Ruleset tag, e.g. old-time")
    default: bool = Field(description="the ruleset of a record without a Ruleset tag")
    options: list[RulesetOption]
    # what a page needs to set a position up by tapping (issue 30), of the ruleset with its
    # default options
    seats: list[str] = Field(description="the seats at the table in playing order: E W for "
                                         "the two-handed games, N E S W for a table of four")
    trump: bool = Field(description="a position given directly names the trump suit (from "
                                    "the upcard, or named by the high bidder)")
    cards: list[str] = Field(description="the pack's cards, each once, by suit then rank")
    melds: list[str] = Field(description="every meld kind of its meld tables, as a record "
                                         "writes it (♥M, A4, P, dix…)")


class Rulesets(BaseModel):
    """Every ruleset the referee knows (``adjudicator/rulesets/__init__.py``), with its options."""

    tag: Literal["Ruleset"] = Field(default="Ruleset",
                                    description="the tag that chooses the ruleset")
    rulesets: list[RulesetInfo]


def body_schema(model: Any) -> dict[str, Any]:
    """The JSON schema of a flat request model, or a union of them, inline (each member in
    place of its reference): a route that reads its own body, in more than one content type,
    publishes it with ``openapi_extra``."""
    schema = TypeAdapter(model).json_schema()
    defs = schema.pop("$defs", {})
    for key in ("oneOf", "anyOf"):
        if key in schema:
            schema[key] = [defs[s["$ref"].rpartition("/")[2]] if "$ref" in s else s
                           for s in schema[key]]
    assert "$ref" not in str(schema), "a nested model: give it a component instead"
    return schema
