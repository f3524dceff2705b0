"""A legal double-pack auction (DP-BID1-9), generated call by call from each seat's wishes.

Each seat comes to the auction with a ``Bidder``: the highest contract it is willing to play
(``limit``, from its hand: ``game.assess``) and what it may truthfully announce (its best
meld, a flush, a long suit). The generator keeps the auction's state exactly as the rules
define it, and offers a seat only calls that are legal in that state:

- calls go clockwise from the dealer's left, a seat that has passed is skipped (DP-BID1,
  DP-BID2);
- a bid is a multiple of ``step``, at least ``minimum`` and higher than the high bid (DP-BID3),
  and may carry statements (a flush, a long suit, a meld: DP-BID5);
- before any bid, a meld announcement is information only (DP-BID4), a flush or long suit
  announced is a bid of the minimum (DP-BID6); after a bid, an announcement of ``m`` tops the
  high bid by ``step`` for each 100 or part of 100 (DP-BID7; a flush or long suit at least one
  step, the spec's GUESS D3): ``deemed_bid``;
- if the first round of four calls has no bid (explicit or deemed), the hands are thrown in
  (DP-BID9, D2); otherwise the auction ends when every seat but the high bidder has passed (D1).

With ``Announcements "no"`` (DP-BID8) a seat only bids or passes, and bids carry no statements.
A seat raises while the next legal contract is within its limit (plus a share of what its
partner announced), so limits decide who plays and contracts are sometimes made, sometimes set.
The ``greedy`` policy raises by one step and announces what it holds; the ``random`` policy
jumps, announces at random and bluffs (the rules allow it: DP-BID4, D4).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil

from pinochle.adjudicator.model.ruleset import AuctionRules
from pinochle.notation.cards import Seat
from pinochle.notation.events import Announce, Bid, Pass

Call = Bid | Announce | Pass

#: How much of the partner's announced meld a seat counts on when it decides to raise.
PARTNER_SHARE = 0.5


@dataclass(frozen=True)
class Bidder:
    """What a seat brings to the auction: the highest contract it will play, its best meld
    in the suit it would name trump, and whether that suit is a flush (A T K Q J) or long."""

    limit: int
    meld: int
    flush: bool = False
    long: bool = False
    policy: str = "random"


@dataclass(frozen=True)
class AuctionResult:
    """The calls in order; the high bidder and the contract (``None`` and 0: thrown in,
    DP-BID9); which kinds of deemed bid occurred (the rule ids DP-BID6, DP-BID7)."""

    calls: tuple[Call, ...]
    high: Seat | None
    bid: int
    deemed: frozenset[str] = frozenset()

    @property
    def thrown_in(self) -> bool:
        return self.high is None


def deemed_bid(high: int | None, call: Announce, rules: AuctionRules) -> int | None:
    """The bid an announcement counts as, or ``None`` (information only, DP-BID4): before any
    bid a flush or long suit is a bid of the minimum (DP-BID6); after a bid, the high bid
    topped by ``step`` per 100 or part of 100 announced (DP-BID7), at least one step for a flush
    or long suit (D3)."""
    steps = ceil((call.meld or 0) / 100)
    if call.flush or call.long:
        return rules.minimum if high is None else high + rules.step * max(1, steps)
    if high is None or not steps:
        return None
    return high + rules.step * steps


class AuctionState:
    """The auction's state as the rules define it (DP-BID1-3, DP-BID9)."""

    def __init__(self, dealer: Seat, rules: AuctionRules) -> None:
        self.rules = rules
        self.turn = dealer.left
        self.calls: list[Call] = []
        self.passed: set[Seat] = set()
        self.high: int | None = None
        self.high_seat: Seat | None = None
        self.announced: dict[Seat, int] = {}
        self.deemed: set[str] = set()

    @property
    def thrown_in(self) -> bool:
        return self.high_seat is None and len(self.calls) >= 4          # DP-BID9, D2

    @property
    def over(self) -> bool:
        return self.thrown_in or (self.high_seat is not None and len(self.passed) == 3)  # D1

    @property
    def next_bid(self) -> int:
        return self.rules.minimum if self.high is None else self.high + self.rules.step

    def call(self, call: Call) -> None:
        assert call.seat is self.turn and call.seat not in self.passed      # DP-BID1, DP-BID2
        amount: int | None = None
        if isinstance(call, Pass):
            self.passed.add(call.seat)
        elif isinstance(call, Bid):
            amount = call.amount
        else:
            assert self.rules.announcements                                  # DP-BID8
            if call.meld:
                self.announced[call.seat] = call.meld
            amount = deemed_bid(self.high, call, self.rules)
            if amount is not None:
                self.deemed.add("DP-BID6" if self.high is None else "DP-BID7")
        if amount is not None:
            assert amount >= self.next_bid and amount % self.rules.step == 0  # DP-BID3
            self.high, self.high_seat = amount, call.seat
        self.calls.append(call)
        seat = call.seat.left
        while seat in self.passed and seat is not call.seat:
            seat = seat.left
        self.turn = seat


def run_auction(dealer: Seat, bidders: Mapping[Seat, Bidder], rules: AuctionRules,
                rng: random.Random) -> AuctionResult:
    """A legal auction from the dealer's left (DP-BID1) to its end or the throw-in."""
    auction = AuctionState(dealer, rules)
    while not auction.over:
        assert auction.turn is not auction.high_seat     # the others pass or raise first
        auction.call(_choose(auction, auction.turn, bidders[auction.turn], rng))
    if auction.high_seat is None:
        return AuctionResult(tuple(auction.calls), None, 0)
    assert auction.high is not None
    return AuctionResult(tuple(auction.calls), auction.high_seat, auction.high,
                         frozenset(auction.deemed))


def _choose(auction: AuctionState, seat: Seat, bidder: Bidder, rng: random.Random) -> Call:
    """A legal call for ``seat``: a raise within its limit (a bid, or an announcement that is
    a deemed bid), else a pass; before any bid perhaps a meld announcement (information)."""
    rules = auction.rules
    greedy = bidder.policy == "greedy"
    limit = bidder.limit + int(PARTNER_SHARE * auction.announced.get(seat.partner, 0))
    floor = auction.next_bid
    announcing = rules.announcements
    if floor <= limit:
        options: list[Call] = []
        room = (limit - floor) // rules.step + 1                        # raises within limit
        top = floor if greedy else floor + rules.step * rng.randrange(min(4, room))
        options.append(_bid(seat, top, bidder, announcing and not greedy, rng))
        if announcing:
            shown = _announcement(seat, bidder, auction.high, greedy, rng)
            deemed = None if shown is None else deemed_bid(auction.high, shown, rules)
            if shown is not None and deemed is not None and deemed <= limit:
                options.append(shown)
        return options[0] if greedy and len(options) == 1 else rng.choice(options)
    if announcing and auction.high is None and seat not in auction.announced \
            and bidder.meld and rng.random() < 0.4:
        shown = Announce(seat=seat, meld=_shown_meld(bidder, greedy, rng))     # DP-BID4
        if deemed_bid(None, shown, rules) is None:
            return shown
    return Pass(seat=seat)


def _bid(seat: Seat, amount: int, bidder: Bidder, statements: bool, rng: random.Random) -> Bid:
    """A bid, sometimes with the statements a bid may carry (DP-BID5; never checked, D4)."""
    if not statements or rng.random() < 0.7:
        return Bid(seat=seat, amount=amount)
    meld = bidder.meld if bidder.meld and rng.random() < 0.5 else None
    return Bid(seat=seat, amount=amount, flush=bidder.flush, long=bidder.long and not
               bidder.flush, meld=meld)


def _announcement(seat: Seat, bidder: Bidder, high: int | None, greedy: bool,
                  rng: random.Random) -> Announce | None:
    """An announcement that raises: before any bid a flush or long suit (DP-BID6); after a bid
    a meld (DP-BID7), sometimes with the flush or long suit (D3)."""
    flush, long = bidder.flush, bidder.long and not bidder.flush
    if high is None:
        return Announce(seat=seat, flush=flush, long=long) if flush or long else None
    if not bidder.meld:
        return None
    with_suit = not greedy and rng.random() < 0.2
    return Announce(seat=seat, meld=_shown_meld(bidder, greedy, rng), flush=flush and with_suit,
                    long=long and with_suit)


def _shown_meld(bidder: Bidder, greedy: bool, rng: random.Random) -> int:
    """The meld a seat announces: its own (greedy), or, at random, more or less (a bluff is
    allowed: DP-BID4), a positive multiple of 10."""
    if greedy:
        return bidder.meld
    return max(10, bidder.meld + 10 * rng.randint(-5, 5))
