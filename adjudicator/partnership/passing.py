"""The passing of cards between partners and the bidder's concession (single-deck SD-PASS1-3,
SD-CONCEDE1-3), as steps of ``state.TableState`` (this mixin is one of its parts).

In the state's manner each action has ``verify_X`` (the findings, empty = legal), ``can_X`` and
``X`` (applies it, never refuses what the record says happened):

- ``send(seat, cards)``: after trump is named (``TableRules.passing`` cards; 0: no passing)
  the bidder's partner passes that many of his cards to the bidder, then the bidder as many
  back, chosen from his whole hand (SD-PASS1, SD-PASS2); only they pass, once each, the partner
  first, before any meld (SD-PASS3). Whatever is wrong is reported and the cards move as written
  (cards not held are not taken from the sender, but reach the receiver: the referee follows
  the record). Declarations are judged on the hands after the passing.
- ``concede(seat)``: the bidder concedes for his side after trump is named (SD-CONCEDE1):
  before trick 1 the hand is over unplayed (SD-CONCEDE2); after play began it ends there
  (reported as late, SD-CONCEDE3); by any other seat, or before trump, it is void.

The rule ids are the ruleset's (``RuleIds.passing``, ``pass_back``, ``pass_order``,
``concede``); a ruleset without them (double-pack) has neither statement (``passes``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pinochle.notation.cards import Card, Seat, Suit, format_cards
from pinochle.notation.events import NOWHERE, Meld, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.model.statements import CONCESSION, ignored_statement
from pinochle.adjudicator.model.tablesteps import Conceded, Sent

if TYPE_CHECKING:
    from pinochle.adjudicator.model.ruleids import RuleIds
    from pinochle.adjudicator.model.ruleset import Ruleset
    from pinochle.adjudicator.model.seating import Seating
    from pinochle.adjudicator.model.tablesteps import TableStep
    from pinochle.adjudicator.partnership.auction import Auction

__all__ = ["TablePassing"]


class TablePassing:
    """The passing and the concession, for ``state.TableState``."""

    if TYPE_CHECKING:
        ruleset: Ruleset
        ids: RuleIds
        seats: tuple[Seat, ...]
        seating: Seating
        auction: Auction
        trump: Suit | None
        hands: list[dict[Card, int]] | None
        dealt: dict[Seat, tuple[Card, ...]]
        declared: dict[Seat, int]
        pending: list[tuple[Seat, tuple[Meld, ...], int | None, Span]]
        playing: bool
        ready: bool
        bidder: Seat | None
        bid: int | None
        tricks: int
        current: list[Card]
        once: set[str]
        findings: list[Finding]
        log: list[TableStep]
        keep_log: bool

    def new_passing(self) -> None:
        """No card passed, no concession (a new deal's auction)."""
        #: each seat's cards sent, in the order sent
        self.sent: dict[Seat, tuple[Card, ...]] = {}
        #: the seats whose hands the passing changed (their melds: ``meld_hand``)
        self.after_passing: dict[Seat, tuple[Card, ...]] = {}
        #: the number of tricks played when the bidder conceded (``None``: no concession)
        self.conceded: int | None = None
        #: seats whose hands the record does not show (a passing left out: spec P15)
        self.unknown: set[Seat] = set()
        #: seats that played a card breaking a duty (SD-PLAY3-6), and the offender of a renege
        #: claimed and found (``Laws "common"``, SD-LAW2): the hand ended there
        self.reneged: set[Seat] = set()
        self.renege_by: Seat | None = None

    def meld_hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` melds from: his hand after the passing (SD-MELD1), which is his
        hand now (the melds come before the play)."""
        if seat not in self.after_passing or self.hands is None:
            return self.dealt[seat]
        return tuple(card for card, n in self.hands[self.seats.index(seat)].items()
                     for _ in range(n))

    @property
    def passes(self) -> bool:
        """The ruleset passes cards (``TableRules.passing``)."""
        return self.ruleset.table.passing > 0

    # the passing ----------------------------------------------------------------------------

    def _bidder_pair(self) -> tuple[Seat, Seat | None] | None:
        bidder = self.auction.high_bidder if self.auction.over else None
        if bidder is None:
            return None
        return bidder, self.seating.partner(bidder)

    def verify_send(self, seat: Seat, cards: Sequence[Card],
                    span: Span = NOWHERE) -> list[Finding]:
        """Empty when ``seat`` may pass ``cards`` now (SD-PASS1-3)."""
        ids, count = self.ids, self.ruleset.table.passing
        order = ids.pass_order
        if not count:
            return [_finding(order, span, f"{seat.word} passes cards, but this game has no "
                             f"passing (Passing \"0\", {order}); the cards move as written")]
        pair = self._bidder_pair()
        if pair is None or self.trump is None:
            return [_finding(order, span, f"{seat.word} passes cards before the bidder named "
                             f"trump: the passing follows the auction and trump ({order}); "
                             "the cards move as written")]
        bidder, partner = pair
        if self.playing or self.declared or self.pending:
            return [_finding(order, span, f"{seat.word} passes cards after the melds began: "
                             f"the passing comes before any meld ({order}); the cards move "
                             "as written")]
        if seat is not bidder and seat is not partner:
            return [_finding(order, span, f"{seat.word} passes cards, but only the bidder, "
                             f"{bidder.word}, and his partner pass ({order}); the cards move as "
                             "written")]
        if seat in self.sent:
            return [_finding(order, span, f"{seat.word} passes a second time: each of the two "
                             f"passes once ({order}); the cards move as written")]
        found = []
        if seat is bidder and partner is not None and partner not in self.sent:
            found.append(_finding(order, span, f"{seat.word}, the bidder, passes before his "
                                  f"partner {partner.word}: the partner passes first ({order})"))
        rule = ids.pass_back if seat is bidder else ids.passing
        if len(cards) != count:
            found.append(_finding(rule, span, f"{seat.word} passes "
                                  f"{plural(len(cards), 'card')}; each of the two passes "
                                  f"{count} ({rule})", claimed=len(cards), expected=count))
        missing = self._unheld(seat, cards)
        if missing:
            found.append(_finding(rule, span, f"{seat.word} passes "
                                  f"{format_cards(missing)}, which he does not hold ({rule}); "
                                  "the card goes to his partner all the same",
                                  claimed=format_cards(missing)))
        return found

    def can_send(self, seat: Seat, cards: Sequence[Card]) -> bool:
        return not self.verify_send(seat, cards)

    def _unheld(self, seat: Seat, cards: Sequence[Card]) -> list[Card]:
        if self.hands is None or seat not in self.seats:
            return []
        hand = dict(self.hands[self.seats.index(seat)])
        missing = []
        for card in cards:
            if hand.get(card, 0):
                hand[card] -= 1
            else:
                missing.append(card)
        return missing

    def send(self, seat: Seat, cards: Sequence[Card], span: Span = NOWHERE) -> Sent | None:
        """Pass ``cards`` from ``seat`` to his partner, as written (reported when wrong)."""
        found = self.verify_send(seat, cards, span)
        if found:
            self.findings += found
        to = self.seating.partner(seat) if seat in self.seats else None
        if to is None:
            return None
        self.sent[seat] = tuple(cards)
        held = True
        if self.hands is not None:
            giver = self.hands[self.seats.index(seat)]
            taker = self.hands[self.seats.index(to)]
            for card in cards:
                copies = giver.get(card, 0)
                if copies:
                    if copies == 1:
                        del giver[card]
                    else:
                        giver[card] = copies - 1
                else:
                    held = False
                taker[card] = taker.get(card, 0) + 1
            self.after_passing[seat] = self.after_passing[to] = ()    # read from the hands
        step = Sent(seat, to, tuple(cards), held)
        if self.keep_log:
            self.log.append(step)
        return step

    def check_passed(self, span: Span) -> None:
        """Before the melds or the play: a hand with passing whose two partners have not both
        passed is reported once (SD-PASS1, spec P15)."""
        if len(self.sent) >= 2 or not self.passes or "passing" in self.once or \
                self.trump is None:
            return
        pair = self._bidder_pair()
        if pair is None or pair[1] is None:
            return
        bidder, partner = pair[0], pair[1]
        if bidder in self.sent and partner in self.sent:
            return
        self.once.add("passing")
        rule = self.ids.passing if partner not in self.sent else self.ids.pass_back
        who: Seat = partner if partner not in self.sent else bidder
        if self.sent or self.hands is None:
            self.findings.append(_finding(
                rule, span, f"{who.word} has not passed his {self.ruleset.table.passing} cards "
                f"before the melds and the play ({rule}); the hands are taken as they stand"))
            return
        # no send line at all (spec P15): the two hands after the passing are unknown
        for seat in (bidder, partner):
            self.hands[self.seats.index(seat)] = _Unknown()
            self.unknown.add(seat)
        self.findings.append(_finding(
            rule, span, f"the record has no passing: {partner.word} and {bidder.word} pass "
            f"{self.ruleset.table.passing} cards each before the melds ({rule}); their hands "
            "after it are unknown, so their melds are taken as declared and their cards are "
            "not checked against their hands"))

    # the concession -------------------------------------------------------------------------

    def verify_concede(self, seat: Seat, span: Span = NOWHERE) -> list[Finding]:
        """Empty when ``seat`` may concede now: the bidder, after trump is named, before trick
        1 (SD-CONCEDE1)."""
        rule = self.ids.concede
        if not self.ruleset.table.concede:
            return [ignored_statement(CONCESSION, self.ruleset.name, span)]
        pair = self._bidder_pair()
        if pair is None or self.trump is None:
            return [_finding(rule, span, f"{seat.word} concedes before the bidder named trump: "
                             f"only the bidder concedes, after the auction and trump ({rule}); "
                             "it is void")]
        if seat is not pair[0]:
            return [_finding(rule, span, f"{seat.word} concedes, but only the bidder, "
                             f"{pair[0].word}, may concede for his side ({rule}); it is void")]
        if self.conceded is not None:
            return [_finding(rule, span, f"{seat.word} concedes a second time ({rule}); it is "
                             "void")]
        if self.tricks or self.current:
            return [_finding(rule, span, f"{seat.word} concedes after trick 1 began: the bidder "
                             f"concedes before he leads ({rule}); the hand ends here, scored "
                             "as a late concession", Severity.WARNING)]
        return []

    def can_concede(self, seat: Seat) -> bool:
        return not self.verify_concede(seat)

    def concede(self, seat: Seat, span: Span = NOWHERE) -> Conceded | None:
        """The bidder concedes: the hand ends (``None``: void, reported)."""
        found = self.verify_concede(seat, span)
        if found:
            self.findings += found
        if found and found[-1].severity is not Severity.WARNING:
            return None
        self.conceded = self.tricks
        self.bidder, self.bid = self.auction.high_bidder, self.auction.high
        self._end_hand()
        step = Conceded(seat, self.tricks)
        if self.keep_log:
            self.log.append(step)
        return step

    def after_concession(self, span: Span) -> list[Finding]:
        """What play after a concession (or a renege claimed) is told (once): the hand is over;
        it is ignored."""
        if "conceded" in self.once:
            return []
        self.once.add("conceded")
        if self.renege_by is not None:
            rule = self.ids.renege_claim
            return [_finding(rule, span, f"a renege by {self.renege_by.word} was claimed and "
                             f"ended the hand ({rule}); the cards played after it are ignored")]
        rule = self.ids.concede
        return [_finding(rule, span, f"the bidder conceded the hand ({rule}); the cards played "
                         "after it are ignored")]

    # a renege claimed (Laws "common") -------------------------------------------------------

    def verify_claim_renege(self, seat: Seat, offender: Seat | None,
                            span: Span = NOWHERE) -> list[Finding]:
        """Empty when ``seat``'s claim that ``offender`` reneged stands: an opponent of his who
        played a card breaking SD-PLAY3-6 this hand (SD-LAW2)."""
        rule = self.ids.renege_claim
        if offender is None or self.seating.scorer(offender) == self.seating.scorer(seat):
            return [_finding(rule, span, f"{seat.word} claims a renege by "
                             f"{'nobody' if offender is None else offender.word}: a claim "
                             f"names an opponent ({rule}); it is void")]
        if offender not in self.reneged or self.renege_by is not None \
                or self.conceded is not None:
            return [_finding(rule, span, f"{seat.word} claims a renege by {offender.word}, who "
                             f"has played no card breaking a duty this hand ({rule}); the "
                             "claim is void and play goes on")]
        return []

    def claim_renege(self, seat: Seat, offender: Seat | None, span: Span = NOWHERE) -> bool:
        """Apply a renege claim: a true one ends the hand (``True``), scored by SD-LAW2."""
        found = self.verify_claim_renege(seat, offender, span)
        if found:
            self.findings += found
            return False
        self.renege_by = offender
        if self.bidder is None:
            self.bidder, self.bid = self.auction.high_bidder, self.auction.high
        self._end_hand()
        return True

    def _end_hand(self) -> None:
        """The hand ends before its last trick (a concession, a renege claimed and found): the
        trick under way is dropped, no card is played, every seat has declared."""
        self.current.clear()
        self.ready = False
        for who in self.seats:
            self.declared.setdefault(who, 0)


class _Unknown(dict[Card, int]):
    """A hand the record does not show (a passing left out, single-deck P15): it holds any
    card (never a card not held) and no card for the duties (``list(hand)`` is empty), so its
    plays are not checked against it."""

    def get(self, card: Card, default: Any = None) -> int:
        return 1

    def __contains__(self, card: object) -> bool:
        return True

    def __setitem__(self, card: Card, copies: int) -> None:
        pass

    def __delitem__(self, card: Card) -> None:
        pass


def _finding(rule: str, span: Span, message: str, severity: Severity = Severity.ERROR,
             claimed: Any = None, expected: Any = None) -> Finding:
    return Finding(rule=rule, kind=Kind.IRREGULARITY if rule != "Ruleset" else Kind.MALFORMED,
                   severity=severity, span=span, message=message, claimed=claimed,
                   expected=expected)
