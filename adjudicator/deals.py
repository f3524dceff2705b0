"""Checking a deal against the ruleset's pack (R2A4) and deal sizes (R6B, R6C).

``BattleState`` takes whatever it is dealt; this module says what is wrong with a deal: a hand
that is not ``ruleset.hand_size`` cards (R6B), a stock of the wrong size (R6C), a face dealt more
often than the pack holds it or missing from the deal (R2A4), a face the pack leaves out (cited
under the rule that composes the pack, ``Ruleset.pack_rule``: V5 for the no-nines pack). Each
finding points at the line of the deal that holds the fault when the record gives spans.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from pinochle.notation.cards import Card
from pinochle.notation.events import NOWHERE, Span

from .findings import Finding, Kind
from .meldtables import BY_INDEX, FACES, per_card, per_ruleset
from .rulesets import Ruleset

_NUMBER_WORDS = {7: "seven", 11: "eleven", 12: "twelve", 14: "fourteen", 22: "twenty-two",
                 24: "twenty-four"}


def _number(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


#: The pack as copies per ``Card.index`` (R2A4).
pack_vector = per_ruleset(lambda ruleset: per_card(ruleset.pack))


class DealLike(Protocol):
    # read-only members, so that a frozen Deal (tuples) and a plain object (lists) both match
    @property
    def east(self) -> Sequence[Card]: ...
    @property
    def west(self) -> Sequence[Card]: ...
    @property
    def stock(self) -> Sequence[Card]: ...


def unnamed_upcard(ruleset: Ruleset, dealt: Iterable[Card]) -> Card | None:
    """The card a deal that does not name its upcard (OT6B) must have turned up: the one card
    of the pack that the hands and the stock lack, when they hold every other card exactly;
    ``None`` when the ruleset turns up no card or the deal does not say which it was."""
    if not ruleset.upcard:
        return None
    lacking = list(pack_vector(ruleset))
    for card in dealt:
        lacking[card.index] -= 1
    if min(lacking) < 0 or sum(lacking) != 1:
        return None
    return BY_INDEX[lacking.index(1)]


def check_deal(ruleset: Ruleset, deal: DealLike) -> list[Finding]:
    """Every way the deal differs from the ruleset's pack and deal sizes; empty when it is right.

    ``deal`` is a ``notation.events.Deal`` (its line spans are used) or anything with ``east``,
    ``west`` and ``stock`` card sequences."""
    ids = ruleset.ids
    hand, stock_size = ruleset.hand_size, ruleset.stock_size
    upcard: Card | None = getattr(deal, "upcard", None)
    inferred = (unnamed_upcard(ruleset, (*deal.east, *deal.west, *deal.stock))
                if upcard is None else None)
    turned = (upcard,) if upcard is not None else (inferred,) if inferred is not None else ()
    if (len(deal.east) == hand and len(deal.west) == hand and len(deal.stock) == stock_size
            and ruleset.upcard == (upcard is not None)):
        vector = [0] * FACES
        for cards in (deal.east, deal.west, deal.stock, turned):
            for card in cards:
                vector[card.index] += 1
        if vector == pack_vector(ruleset):
            return []
    spans: dict[str, Span] = {
        "east": getattr(deal, "east_span", NOWHERE),
        "west": getattr(deal, "west_span", NOWHERE),
        "stock": getattr(deal, "stock_span", NOWHERE),
        "upcard": getattr(deal, "upcard_span", NOWHERE),
    }
    whole: Span = getattr(deal, "span", NOWHERE)
    findings: list[Finding] = []
    for name, who in (("east", "East"), ("west", "West")):
        dealt = len(getattr(deal, name))
        if dealt != ruleset.hand_size:
            findings.append(Finding(
                rule=ids.hand, kind=Kind.MALFORMED, span=spans[name] or whole,
                message=(f"{who} is dealt {dealt} cards; the dealer gives each player "
                         f"{_number(ruleset.hand_size)} ({ids.hand})"),
                claimed=dealt, expected=ruleset.hand_size))
    if len(deal.stock) != ruleset.stock_size:
        findings.append(Finding(
            rule=ids.stock, kind=Kind.MALFORMED, span=spans["stock"] or whole,
            message=(f"the stock holds {len(deal.stock)} cards; after the deal "
                     f"{_number(ruleset.stock_size)} remain"
                     f"{' face down under the turned-up card' if ruleset.upcard else ''} "
                     f"({ids.stock})"),
            claimed=len(deal.stock), expected=ruleset.stock_size))
    if ruleset.upcard and upcard is None:
        taken = ("" if inferred is None else
                 f"; the one card the deal lacks, {inferred}, is taken to be the upcard")
        findings.append(Finding(
            rule=ids.upcard, kind=Kind.MALFORMED, span=spans["stock"] or whole,
            message=(f"the deal gives no upcard line: the card turned up after the hands fixes "
                     f"trump and is the last card of the stock{taken} ({ids.upcard})")))
    elif upcard is not None and not ruleset.upcard:
        findings.append(Finding(
            rule=ids.stock, kind=Kind.MALFORMED, span=spans["upcard"] or whole,
            message=(f"the deal turns up {upcard}, but this ruleset turns up no card: the "
                     f"cards the hands leave are the stock ({ids.stock}); the upcard is ignored"),
            claimed=str(upcard)))
    seen: dict[Card, int] = {}
    lines = {"east": deal.east, "west": deal.west, "stock": deal.stock,
             "upcard": turned if ruleset.upcard else ()}
    if inferred is not None:        # the lacking card is reported as the missing upcard
        return findings
    for name, dealt_cards in lines.items():
        for card in dealt_cards:
            seen[card] = seen.get(card, 0) + 1
            copies = ruleset.pack.get(card, 0)
            if seen[card] == 1 and not copies:         # a face the pack leaves out (V5's nines)
                findings.append(Finding(
                    rule=ruleset.pack_rule, kind=Kind.MALFORMED, span=spans[name] or whole,
                    message=(f"{card} is dealt, but the {ruleset.pack_size}-card pack has no "
                             f"{card} ({ruleset.pack_rule})"),
                    expected=0))
            elif seen[card] == copies + 1:
                findings.append(Finding(
                    rule=ids.pack, kind=Kind.MALFORMED, span=spans[name] or whole,
                    message=(f"{card} is dealt more often than the pack holds it "
                             f"({copies} {'copy' if copies == 1 else 'copies'}) ({ids.pack})"),
                    expected=copies))
    missing = [card for card, n in sorted(ruleset.pack.items(), key=lambda kv: -kv[0].index)
               for _ in range(n - seen.get(card, 0))]
    if missing:
        findings.append(Finding(
            rule=ids.pack, kind=Kind.MALFORMED, span=whole,
            message=(f"the deal lacks {' '.join(str(c) for c in missing)}: every card of the "
                     f"{ruleset.pack_size}-card pack is dealt ({ids.pack}, {ids.stock})")))
    return findings
