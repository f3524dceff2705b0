"""Checking a deal against the ruleset's pack (R2A4) and deal sizes (R6B, R6C).

``BattleState`` takes whatever it is dealt; this module says what is wrong with a deal: a hand
that is not ``ruleset.hand_size`` cards (R6B), a stock of the wrong size (R6C), a face dealt more
often than the pack holds it or missing from the deal (R2A4), a face the pack leaves out (cited
under the rule that composes the pack, ``Ruleset.pack_rule``: V5 for the no-nines pack). Each
finding points at the line of the deal that holds the fault when the record gives spans.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from pinochle.notation.cards import Card, format_cards
from pinochle.notation.events import NOWHERE, Deal, Span

from pinochle.adjudicator.model.findings import Finding, Kind
from pinochle.adjudicator.rules.meldtables import BY_INDEX, FACES, per_card, per_ruleset
from pinochle.adjudicator.model.ruleset import Ruleset

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


_LINES = {"east": "East's hand", "west": "West's hand", "stock": "the stock",
          "upcard": "the turned-up card"}


def _either(names: list[str]) -> str:
    return ", ".join(names[:-1]) + f" or {names[-1]}"


def read_deal(ruleset: Ruleset, deal: Deal, findings: list[Finding],
              fits: Callable[[Deal], int]) -> tuple[Deal, list[Finding]]:
    """One card written wrong in a deal is one fault (one fault one finding): the
    deal is read as the record's play shows it and reported once, at the line that is wrong.

    - A hand one or more cards short, the deal lacking exactly those cards and holding no
      face too often: the hand is completed with them (R6B, at the hand's line).
    - A face dealt once more than the pack holds it (or one the pack leaves out, cited under
      ``Ruleset.pack_rule``: V5's nines) and another lacking once, every line of the right
      size: one copy of the first was written for the second. Each line holding
      it is tried (``fits(reading)``: the findings the battle draws when dealt so, above a
      notice); the reading that fits the play best is taken, and the finding (R2A4) is at
      its line; when the play cannot tell, it spans the lines that may be wrong.

    Any other deal, or ``findings`` empty, is returned unchanged: each of its faults is
    reported as ``check_deal`` finds it, and the hands are as dealt."""
    if not findings or ruleset.upcard != (deal.upcard is not None):
        return deal, findings
    ids = ruleset.ids
    pack = pack_vector(ruleset)
    dealt = [0] * FACES
    for cards in (deal.east, deal.west, deal.stock, (deal.upcard,) if deal.upcard else ()):
        for card in cards:
            dealt[card.index] += 1
    lacking = [BY_INDEX[x] for x in range(FACES) for _ in range(pack[x] - dealt[x])]
    extra = [BY_INDEX[x] for x in range(FACES) for _ in range(dealt[x] - pack[x])]
    sizes = {"east": ruleset.hand_size, "west": ruleset.hand_size, "stock": ruleset.stock_size}
    short = [name for name, size in sizes.items() if len(getattr(deal, name)) != size]
    whole: Span = deal.span
    if not extra and short in (["east"], ["west"]) and lacking and \
            len(getattr(deal, short[0])) + len(lacking) == sizes[short[0]]:
        name = short[0]
        span = getattr(deal, f"{name}_span") or whole
        reading = deal.model_copy(update={name: (*getattr(deal, name), *lacking)})
        n = len(getattr(deal, name))
        return reading, [Finding(
            rule=ids.hand, kind=Kind.MALFORMED, span=span, claimed=n, expected=sizes[name],
            message=(f"{_LINES[name]} is dealt {n} cards, and the deal lacks "
                     f"{format_cards(lacking)}: the dealer gives each player "
                     f"{_number(ruleset.hand_size)} ({ids.hand}); the missing "
                     f"{'card is' if len(lacking) == 1 else 'cards are'} taken to be his"))]
    if short or len(extra) != 1 or len(lacking) != 1:
        return deal, findings
    wrong, right = extra[0], lacking[0]
    holders = [name for name in sizes if wrong in getattr(deal, name)]
    readings = []
    for name in holders:
        line = list(getattr(deal, name))
        line[line.index(wrong)] = right
        readings.append((name, deal.model_copy(update={name: tuple(line)})))
    if deal.upcard is wrong:                # (the trump suit is then in doubt too)
        readings.append(("upcard", deal.model_copy(update={"upcard": right})))
    scores = [fits(reading) for _, reading in readings] if len(readings) > 1 else [0]
    best = min(scores)
    tied = [k for k, score in enumerate(scores) if score == best]
    name, reading = readings[tied[0]]
    spans = [getattr(deal, f"{readings[k][0]}_span") for k in tied]
    span = (Span(spans[0].line, spans[0].column, spans[-1].end_line, spans[-1].end_column)
            if all(spans) else whole)
    copies = ruleset.pack.get(wrong, 0)
    rule = ids.pack if copies else ruleset.pack_rule    # a face the pack leaves out (V5)
    what = (f"is dealt more often than the pack holds it ({copies} "
            f"{'copy' if copies == 1 else 'copies'})" if copies else
            f"is dealt, but the {ruleset.pack_size}-card pack has no {wrong}")
    where = (f"the {wrong} in {_LINES[name]} is taken to be {right}"
             + (", as the play shows" if len(readings) > 1 else "")
             if len(tied) == 1 else
             f"the play cannot tell whether {_either([_LINES[readings[k][0]] for k in tied])}"
             f" holds the wrong copy; the one in {_LINES[name]} is taken to be {right}")
    return reading, [Finding(
        rule=rule, kind=Kind.MALFORMED, span=span, claimed=str(wrong), expected=str(right),
        message=f"{wrong} {what}, and the deal lacks {right}: {where} ({rule})")]
