"""Every ruleset the referee knows, by the name a record's ``Ruleset`` tag gives it, with the
option tags each one reads. Each rulebook is one module here, data only, ending in its
``REGISTRATION``; adding a ruleset is one module and one line below (and the entries the
registry test, tests/test_registries.py, asks for): the engine never learns names.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from pinochle.notation.errors import quoted

from pinochle.adjudicator.model.ruleset import Ruleset, RulesetError, RulesetMaker
from pinochle.adjudicator.rulesets import (double_pack, east_point, old_time, scarne,
                                           single_deck, twenty_five)

__all__ = ["CATALOG", "RULESET_NAMES", "RULESET_TAGS", "RulesetMaker", "ruleset_from_tags"]

CATALOG: Mapping[str, RulesetMaker] = MappingProxyType({
    module.REGISTRATION.name: module.REGISTRATION
    for module in (east_point, old_time, scarne, twenty_five, double_pack, single_deck)})

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
