"""The words of a dispute question, read, and a position no deal can give, refused: what the
two-handed question (``twohanded``) and a table of four's (``partnership``) share.

Each reader raises ``QueryError`` naming the value by its command-line option (``--concealed``,
``--scored``...): the service says the same with its field names (``service/api.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.query.errors import QueryError
from pinochle.adjudicator.rules.meldtables import Counts
from pinochle.adjudicator.rulesets import RULESET_TAGS, ruleset_from_tags
from pinochle.notation.cards import ALL_CARDS, Card, Suit
from pinochle.notation.errors import PinochleError, quoted
from pinochle.notation.melds import MeldKind

__all__ = ["check_position", "parse_card_list", "parse_kind", "parse_trump", "ruleset_of",
           "words"]


def words(text: str) -> list[str]:
    """The words of a list of cards or melds: separated by spaces or commas."""
    return [word for word in re.split(r"[\s,]+", text) if word]


def parse_card_list(option: str, text: str) -> tuple[Card, ...]:
    cards = []
    for n, word in enumerate(words(text), 1):
        try:
            cards.append(Card.parse(word))
        except PinochleError:
            raise QueryError(f"{option}: word {n}, {quoted(word)}, is not a card; expected a "
                             "card such as Q♥, QH or 10♥ (rank D A K Q J T N, then suit "
                             "♣ ♠ ♥ ♦ or C S H D)") from None
    return tuple(cards)


def parse_kind(option: str, word: str, n: int | None = None) -> MeldKind:
    try:
        kind: MeldKind = MeldKind.parse(word)
    except PinochleError:
        where = f"word {n}, " if n is not None else ""
        raise QueryError(f"{option}: {where}{quoted(word)} is not a meld; expected a meld "
                         "such as ♣2, AA4, ♦♦3 or C5 (the symbol twice for a double "
                         "meld)") from None
    return kind


def ruleset_of(tags: Mapping[str, str], option: str = "--ruleset-option") -> Ruleset:
    """The ruleset ``tags`` choose (a record's tag names, in any case, and their values);
    ``option`` is what the messages call them."""
    known = {name.lower(): name for name in RULESET_TAGS}
    chosen: dict[str, str] = {}
    for name, value in tags.items():
        canonical = known.get(name.strip().lower())
        if canonical is None:
            raise QueryError(f"{option}: unknown option {quoted(name.strip())}; known: "
                             f"{', '.join(known.values())}")
        if not value.strip():
            raise QueryError(f"{option}: {canonical} needs a value")
        chosen[canonical] = value.strip()
    try:
        return ruleset_from_tags(chosen)
    except PinochleError as error:
        raise QueryError(f"{option}: {error}") from None


def parse_trump(ruleset: Ruleset, text: str | None) -> Suit | None:
    """``--trump``: required where the ruleset's table depends on trump, refused elsewhere."""
    if text is None:
        if ruleset.trump_melds:
            raise QueryError(f"--trump: {ruleset.name} melds depend on the trump suit; give it, "
                             f"e.g. --trump ♥ ({ruleset.ids.upcard})")
        return None
    if not ruleset.trump_melds:
        raise QueryError(f"--trump: {ruleset.name} has no trump suit")
    try:
        suit: Suit = Suit.parse(text.strip())
    except PinochleError:
        raise QueryError(f"--trump: expected a suit such as ♥ or H, found {quoted(text)}") from None
    return suit


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
            raise QueryError(
                f"too many copies of {card}: the pack has {has}, but the "
                f"position holds {total} ({concealed[i]} concealed, {exposed[i]} exposed, "
                f"{played[i]} played)")
    held = sum(concealed) + sum(exposed)
    if held > ruleset.hand_size:
        raise QueryError(f"the hand holds {held} cards, concealed and exposed; a player is dealt "
                         f"{ruleset.hand_size} and never holds more ({ids.hand}, {ids.draws})")
    table = ruleset.melds_for(trump)
    for kind in sorted(scored, key=str):
        if kind not in table:
            raise QueryError(f"--scored: {kind} is not a meld of this ruleset ({ids.table})")
