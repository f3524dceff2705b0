"""Every ruleset the referee knows, by the name a record's ``Ruleset`` tag gives it, with the
option tags each one reads. Adding a ruleset is one entry here: the engine never learns names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pinochle.notation.errors import quoted

from .doublepack import DOUBLE_PACK_OPTIONS, double_pack
from .oldtime import OLD_TIME_OPTIONS, old_time
from .rulesets import OPTION_VALUES, Ruleset, RulesetError, east_point
from .scarne import SCARNE_OPTIONS, scarne
from .twentyfive import TWENTY_FIVE_OPTIONS, twenty_five

__all__ = ["CATALOG", "RULESET_NAMES", "RULESET_TAGS", "RulesetMaker", "ruleset_from_tags"]


@dataclass(frozen=True)
class RulesetMaker:
    """How to build one ruleset from tags: ``options`` maps each option tag to its values (the
    first is the default), ``params`` each option tag to the builder's keyword."""

    name: str
    build: Callable[..., Ruleset]
    options: Mapping[str, tuple[str, ...]]
    params: Mapping[str, str]

    def from_tags(self, tags: Mapping[str, str]) -> Ruleset:
        values = {self.params[tag]: tags.get(tag, allowed[0]).strip().lower()
                  for tag, allowed in self.options.items()}
        return self.build(**values)


CATALOG: Mapping[str, RulesetMaker] = MappingProxyType({
    "east-point": RulesetMaker(
        "east-point", east_point, OPTION_VALUES,
        {"MeldScoring": "meld_scoring", "TrickScoring": "trick_scoring", "Pack": "pack"}),
    "old-time": RulesetMaker(
        "old-time", old_time, OLD_TIME_OPTIONS,
        {"TrickScoring": "trick_scoring", "PhaseB": "phase_b", "GameEnd": "game_end",
         "Target": "target", "DoubleAfterSingle": "double_after_single", "Laws": "laws"}),
    "scarne": RulesetMaker(
        "scarne", scarne, SCARNE_OPTIONS,
        {"TrickScoring": "trick_scoring", "GameEnd": "game_end", "Target": "target",
         "Scale": "scale", "Roundhouse": "roundhouse", "Laws": "laws",
         "RenegeCheck": "renege_check", "LookPenalty": "look_penalty"}),
    "25-steps": RulesetMaker(
        "25-steps", twenty_five, TWENTY_FIVE_OPTIONS,
        {"TrickScoring": "trick_scoring", "DoublePinochle": "double_pinochle",
         "Target": "target", "Knocking": "knocking", "GameEnd": "game_end",
         "LastDraw": "last_draw", "Rounding": "rounding", "Scale": "scale",
         "GrandPinochle": "grand_pinochle", "Laws": "laws", "KnockProof": "knock_proof",
         "RenegeCheck": "renege_check", "LookPenalty": "look_penalty"}),
    "double-pack": RulesetMaker(
        "double-pack", double_pack, DOUBLE_PACK_OPTIONS,
        {"TrickScoring": "trick_scoring", "TrumpLead": "trump_lead",
         "Announcements": "announcements", "SetPenalty": "set_penalty", "Target": "target"}),
})

RULESET_NAMES = tuple(CATALOG)

#: The tags that choose the ruleset and its options (read by ``ruleset_from_tags``).
RULESET_TAGS = tuple(dict.fromkeys(["Ruleset", *(tag for maker in CATALOG.values()
                                                 for tag in maker.options)]))


def ruleset_from_tags(tags: Mapping[str, str]) -> Ruleset:
    """The ruleset a game's tags select: ``Ruleset`` (default ``east-point``) and that ruleset's
    option tags; a missing tag takes its default. Raises ``RulesetError`` naming the tag for an
    unknown ruleset or value."""
    name = tags.get("Ruleset", "east-point").strip().lower()
    maker = CATALOG.get(name)
    if maker is None:
        raise RulesetError(f"unknown ruleset {quoted(name)}; known: {', '.join(RULESET_NAMES)}")
    return maker.from_tags(tags)
