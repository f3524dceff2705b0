"""Misdeals and dead hands: a misdeal law (Scarne's SC-MISDEAL0-9, ``LawsPolicy.misdeals``).

- ``misdeal REASON [CARD]`` in time (before the nondealer's first draw from the stock, i.e.
  before the draws after trick 1): a new shuffle and cut, the same dealer deals again
  (SC-MISDEAL0: the record's next deal in the same battle). Late: the deal stands, an error;
  for a face-up card in the stock the player whose turn it is to draw takes it (SC-MISDEAL4:
  the named card becomes the top of the stock). ``misdeal count`` on a regular deal: an
  error, no effect.
- An imperfect pack (a face dealt more often than the pack holds it, or missing): the hand is
  dead, its scores count for nobody (SC-MISDEAL8), from a ``deadhand`` statement or from the
  deal lines themselves (the referee's discovery, an error at the deal).
- ``expose E ...``: a player shows his own cards: no misdeal, no penalty, they stay concealed
  (SC-MISDEAL5-7).

``pack_faults`` reads a deal; ``Misdeals`` is the state's side, a part of Scarne's laws object
(``scarne.ScarneLaws``), which the walker sends the statements; the walker's side is
``misdealwalk.MisdealWalk``. Rulings: docs/rulings.md
(Scarne's laws, Misdeals).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple
from weakref import proxy

from pinochle.notation.cards import Card, Seat, format_cards
from pinochle.notation.events import NOWHERE, MisdealReason, Span

from pinochle.adjudicator.rules.deals import DealLike, pack_vector
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.laws.policy import MisdealLaw
from pinochle.adjudicator.rules.meldtables import BY_INDEX, FACES
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.steps import Ended, ExposedCards, Misdealt

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["COUNTS_REPAIRED", "Misdeals", "PackFaults", "irregular_counts", "pack_faults"]

#: What becomes of a wrong count once the deal stands (SC-MISDEAL9, S12; ``count_stands``).
COUNTS_REPAIRED = "the hands' counts are repaired by the drawing laws (SC-SLIP3, SC-SLIP4)"


class PackFaults(NamedTuple):
    """How a deal's cards differ from the pack: faces dealt more often than the pack holds them
    (with the times dealt), and faces missing (one entry per missing copy); ``unknown`` when the
    record does not give the upcard (one missing card may be it)."""

    extra: tuple[tuple[Card, int], ...]
    missing: tuple[Card, ...]
    unknown: bool

    def describe(self, ruleset: Ruleset) -> str:
        parts = [f"{card} is dealt {times} times (the pack holds {ruleset.pack.get(card, 0)})"
                 for card, times in self.extra]
        if self.missing:
            parts.append(f"the deal lacks {format_cards(self.missing)}"
                         + (" (one of them may be the upcard the record does not give)"
                            if self.unknown else ""))
        return "; ".join(parts)


def pack_faults(ruleset: Ruleset, deal: DealLike) -> PackFaults | None:
    """The deal's cards (hands, stock and upcard) against the ruleset's pack; ``None`` when they
    are the pack, card for card."""
    upcard: Card | None = getattr(deal, "upcard", None)
    have = [0] * FACES
    for card in (*deal.east, *deal.west, *deal.stock,
                 *((upcard,) if upcard is not None and ruleset.upcard else ())):
        have[card.index] += 1
    pack = pack_vector(ruleset)
    extra = tuple((BY_INDEX[x], have[x]) for x in range(FACES - 1, -1, -1) if have[x] > pack[x])
    missing = tuple(BY_INDEX[x] for x in range(FACES - 1, -1, -1)
                    for _ in range(pack[x] - have[x]))
    unknown = ruleset.upcard and upcard is None
    if not extra and len(missing) <= unknown:
        return None
    return PackFaults(extra, missing, unknown)


def irregular_counts(ruleset: Ruleset, deal: DealLike) -> bool:
    """A hand or the stock dealt a wrong number of cards (SC-MISDEAL9)."""
    return (len(deal.east) != ruleset.hand_size or len(deal.west) != ruleset.hand_size
            or len(deal.stock) != ruleset.stock_size)


def _why(reason: MisdealReason, card: Card | None, dealer: Seat) -> str:
    """What the misdeal says happened."""
    nondealer = dealer.other.word
    return {"cut-exposed": "cards exposed in cutting or reuniting the pack",
            "not-cut": f"the pack not offered to {nondealer} to cut",
            "faceup": "a card face up in the pack" + (f" ({card})" if card else ""),
            "dealer-exposed": f"{dealer.word} exposing {nondealer}'s cards on the deal",
            "count": "a hand dealt the wrong number of cards"}[reason]


class Misdeals:
    """Misdeals called, dead hands, own cards exposed: a part of the battle's laws object
    (``scarne.ScarneLaws``), given the battle's state (a weak proxy, ``hooks.py``) and its
    misdeal law (``LawsPolicy.misdeals``)."""

    __slots__ = ("state", "law")

    def __init__(self, state: BattleCore, law: MisdealLaw) -> None:
        self.state: BattleCore = proxy(state)   # (no cycle: hooks.py)
        self.law = law

    def before_first_draw(self) -> bool:
        """The nondealer has not drawn from the stock yet: no trick gathered, or trick 1's turn
        still open (its draws not made). The deadline of every misdeal (SC-MISDEAL2-4, S12)."""
        core = self.state
        return core._tricks == 0 or (core._tricks == 1 and core._turn)

    def dealt_regularly(self) -> bool:
        """Each player was dealt the ruleset's hand (unknown deal: taken as regular)."""
        core = self.state
        return not core.deal_known or all(n == core.ruleset.hand_size for n in core._dealt)

    def count_stands(self) -> None:
        """A deal with a wrong count (the pack perfect) that may stand (SC-MISDEAL9, S12):
        each hand's count is measured from the regular hand, not from what was dealt, so that
        the drawing laws repair it once the deal stands (SC-SLIP3: the long hand skips draws,
        SC-SLIP4: the short one draws enough) and a meld by a player holding a wrong count is
        improper (SC-BADMELD2). A timely misdeal replaces the deal before any draw."""
        core = self.state
        core._due_from = [core.ruleset.hand_size] * len(core._seats)

    def misdeal(self, reason: MisdealReason, card: Card | None = None, *,
                span: Span = NOWHERE) -> bool:
        """``misdeal REASON [CARD]``: returns whether it is a misdeal (the same dealer deals
        again); otherwise the deal stands and the finding says why."""
        core = self.state
        law = self.law
        rule = law.rule(reason)
        dealer, nondealer = core.dealer, core.dealer.other
        why = _why(reason, card, dealer)
        if reason == "count" and not self.dealt_regularly():
            dealt = ", ".join(f"{seat.word} {core._dealt[core._place[seat]]}"
                              for seat in core._seats)
            why += f" ({dealt})"
        valid = False
        if reason == "count" and self.dealt_regularly():
            core._report(rule, Kind.IRREGULARITY,
                         f"a misdeal is called for {why}, but each player was dealt "
                         f"{core.ruleset.hand_size} cards ({rule}): no misdeal, the deal stands",
                         span, Severity.ERROR)
        elif self.before_first_draw():
            valid = True
            core._report(rule, Kind.IRREGULARITY,
                         f"a misdeal: {why}, called before {nondealer.word}'s first draw from "
                         f"the stock ({rule}): a new shuffle and cut, {dealer.word} deals "
                         f"again ({law.redeal})", span, Severity.INFO)
        elif reason == "faceup":
            self._late_faceup(law, card, span)
        else:
            repair = f"; {COUNTS_REPAIRED}" if reason == "count" else ""
            core._report(rule, Kind.IRREGULARITY,
                         f"a misdeal is called for {why} after {nondealer.word}'s first draw "
                         f"from the stock: too late, the deal stands ({rule}){repair}",
                         span, Severity.ERROR)
        core._log(Misdealt(reason, card, valid))
        return valid

    def _late_faceup(self, law: MisdealLaw, card: Card | None, span: Span) -> None:
        """SC-MISDEAL4: no misdeal; the player whose turn it is to draw takes the face-up card:
        the named card is moved to the top of the stock, the next card drawn."""
        core = self.state
        rule = law.late_faceup
        head = (f"a card face up in the stock{f' ({card})' if card else ''} after "
                f"{core.dealer.other.word}'s first draw from the stock: no misdeal ({rule})")
        if card is None or not core.deal_known:
            what = ("the record does not name the card" if card is None else
                    "the record omits the deal")
            core._report(rule, Kind.IRREGULARITY,
                         f"{head}; the player whose turn it is to draw takes it, but {what}, "
                         "so the stock is left as dealt", span, Severity.INFO)
            return
        stock, bottom = core._stock, 1 if core.ruleset.upcard else 0  # bottom: the upcard
        places = [x for x in range(bottom, len(stock)) if stock[x] == card]
        if not places:
            core._report(rule, Kind.IRREGULARITY,
                         f"{head}, but {card} is not in the stock (the turned-up card "
                         f"excepted): nothing to take, no effect ({rule})", span, Severity.ERROR)
            return
        stock.append(stock.pop(places[-1]))
        core._report(rule, Kind.IRREGULARITY,
                     f"{head}; the player whose turn it is to draw takes it: {card} is the "
                     "next card drawn from the stock", span, Severity.INFO)

    def void_hand(self) -> None:
        """SC-MISDEAL8: play stops, the hand is dead: it counts for nobody (tricks and melds 0
        for both, no renege or incorrect meld to settle: ``_count_for_nobody``); the battle is
        over."""
        core = self.state
        law = self.law
        core._count_for_nobody(law.dead_hand)
        core._turn = False
        core._lead = None
        core._over = True
        core.end = Ended(law.dead_hand, None, ())
        core._log(core.end)

    @property
    def dead(self) -> bool:
        """The hand is dead (SC-MISDEAL8)."""
        return self.state.counts_for_nobody == self.law.dead_hand

    def dead_hand(self, faults: PackFaults | None, *, span: Span = NOWHERE) -> bool:
        """``deadhand``: the pack is found imperfect. With the deal known, ``faults`` says how
        (None: the pack is perfect, an error with no effect). Returns whether the hand is dead."""
        core = self.state
        rule = self.law.dead_hand
        if core.deal_known and faults is None:
            core._report(rule, Kind.IRREGULARITY,
                         "a dead hand is declared, but the deal holds every card of the "
                         f"{core.ruleset.pack_size}-card pack as often as the pack does ({rule}): "
                         "no dead hand, play goes on", span, Severity.ERROR)
            return False
        how = (faults.describe(core.ruleset) if faults is not None else
               "the record omits the deal, so the pack is taken as found")
        core._report(rule, Kind.IRREGULARITY,
                     f"play stops: the pack is imperfect ({how}); the hand is dead, its scores "
                     f"count for nobody, earlier hands stand ({rule})", span, Severity.INFO)
        self.void_hand()
        return True

    def expose_own(self, seat: Seat, cards: Sequence[Card], *, span: Span = NOWHERE) -> bool:
        """``expose E ...`` under a misdeal law: a player shows his own cards, on the deal (the
        dealer: SC-MISDEAL5, the nondealer: SC-MISDEAL6) or in play (SC-MISDEAL7): no misdeal,
        no penalty, and they stay in his concealed hand (ruling S13). Returns True: the
        misdeal law decides every exposure (the state's own, M7, never applies)."""
        core = self.state
        law = self.law
        on_deal = core._tricks == 0 and core._lead is None
        rule = law.own_exposure[2 if not on_deal else 0 if seat is core.dealer else 1]
        i = core._place[seat]
        shown = list(cards)
        if core.deal_known:
            shown = [card for card in cards
                     if core._conc[i][card.index] or core._exp[i][card.index]]
            for card in cards:
                if card not in shown:
                    core._report(rule, Kind.IRREGULARITY,
                                 f"{seat.word} exposes {card}, which is not in his hand: "
                                 f"nothing to expose ({rule})", span, Severity.ERROR)
        when = "on the deal" if on_deal else "during play"
        if shown:
            core._report(rule, Kind.IRREGULARITY,
                         f"{seat.word} exposes his own {format_cards(shown)} {when}: no misdeal "
                         f"and no penalty; the cards stay in his concealed hand ({rule})", span,
                         Severity.INFO)
        core._log(ExposedCards(seat, ()))
        return True
