"""Helpers for the 25-steps tests (TP0-TP25, TPV1-TPV8, ../shared/rulesets/two-player-25-steps.md):
the old-time helpers (``otkit``) with the 25-steps ruleset, and 25-steps records.

Conventions as ``otkit``: West deals, so East leads trick 1 (TP9); ``east_wins`` plays a trick
East wins without trumps (TP11), so that East holds the meld turn (TP13)."""

from __future__ import annotations

import re

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.rulesets.twenty_five import twenty_five

from tests.adjudicator.otkit import LONG_STOCK, W, card, cards, east_wins, meld_rules
from tests.adjudicator.otkit import record as ot_record

TP = twenty_five()
#: Rule ids a finding of a 25-steps game may cite (TP19b2, TP25, TPV5...).
TP_ID = re.compile(r"TP(\d+[a-z]?\d*|V\d|-LAWS)")

__all__ = ["TP", "TP_ID", "east_wins", "meld_rules", "record", "state", "turns"]


def state(east: str, west: str, stock: str = LONG_STOCK, upcard: str = "N♠",
          dealer=W, ruleset: Ruleset = TP) -> BattleState:
    """A 25-steps battle from hand-picked cards (the deal is not checked here)."""
    return BattleState(ruleset, dealer, cards(east), cards(west), cards(stock),
                       upcard=card(upcard))


def record(*battles: str, **tags: str) -> str:
    """A 25-steps record: ``Ruleset "25-steps"`` and ``Result "*"`` unless given."""
    return ot_record(*battles, **{"Ruleset": "25-steps", **tags})


def turns(hand: str, melds: list, upcard: str = "A♠", ruleset: Ruleset = TP,
          west: str = "") -> list[list[str]]:
    """East holds ``hand`` (plus his leading aces of clubs) and wins one trick per meld, each
    on its own turn; the rules each meld cites. Spades are trumps unless ``upcard`` says."""
    s = state(hand + " A♣" * len(melds), "N♣ " * len(melds) + west, upcard=upcard,
              ruleset=ruleset)
    found = []
    for meld in melds:
        east_wins(s, "A♣", "N♣")
        found.append(meld_rules(s, *meld))
    return found
