"""A legal double-pack auction (DP-BID1-9), generated call by call from each seat's wishes.

Each seat comes to the auction with a ``Bidder``: the highest contract it is willing to play
(``limit``, from its hand: ``game.assess``) and what it may truthfully announce (its best
meld, a flush, a long suit). The auction's state is the engine's own
(``adjudicator.partnership.state.TableState``): the generator asks it whose turn it is, the
high bid and what an announcement would be deemed, offers a seat only calls that are legal
there (``can_call`` checks each), and applies them to it (``call``). The rules it keeps:

- calls go clockwise from the dealer's left, a seat that has passed is skipped (DP-BID1,
  DP-BID2);
- a bid is a multiple of ``step``, at least ``minimum`` and higher than the high bid (DP-BID3),
  and may carry statements (a flush, a long suit, a meld: DP-BID5);
- before any bid, a meld announcement is information only (DP-BID4), a flush or long suit
  announced is a bid of the minimum (DP-BID6); after a bid, an announcement of ``m`` tops the
  high bid by ``step`` for each 100 or part of 100 (DP-BID7; a flush or long suit at least one
  step, the spec's GUESS D3): ``TableState.deemed_bid``;
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

from pinochle.adjudicator.partnership.state import TableState
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


def run_auction(state: TableState, bidders: Mapping[Seat, Bidder],
                rng: random.Random) -> AuctionResult:
    """A legal auction on ``state`` (dealt, no call yet) from the dealer's left (DP-BID1) to
    its end or the throw-in."""
    auction = state.auction
    calls: list[Call] = []
    announced: dict[Seat, int] = {}         # what each seat announced: its partner counts on it
    deemed: set[str] = set()
    while not auction.over:
        seat = auction.turn
        assert seat is not None and seat is not auction.high_bidder
        call = _choose(state, seat, bidders[seat], announced, rng)
        assert state.can_call(call), state.verify_call(call)
        step = state.call(call)
        calls.append(call)
        if isinstance(call, Announce):
            if call.meld:
                announced[seat] = call.meld
            if step.bid is not None:
                deemed.add(step.rule)                               # DP-BID6, DP-BID7
    if auction.high_bidder is None:
        return AuctionResult(tuple(calls), None, 0)
    assert auction.high is not None
    return AuctionResult(tuple(calls), auction.high_bidder, auction.high, frozenset(deemed))


def _choose(state: TableState, seat: Seat, bidder: Bidder, announced: Mapping[Seat, int],
            rng: random.Random) -> Call:
    """A legal call for ``seat``: a raise within its limit (a bid, or an announcement that is
    a deemed bid), else a pass; before any bid perhaps a meld announcement (information)."""
    auction = state.auction
    greedy = bidder.policy == "greedy"
    partner = state.ruleset.seating.partner(seat)
    said = 0 if partner is None else announced.get(partner, 0)
    limit = bidder.limit + int(PARTNER_SHARE * said)
    floor = auction.next_bid
    announcing = auction.announcements
    if floor <= limit:
        options: list[Call] = []
        room = (limit - floor) // auction.step + 1                      # raises within limit
        top = floor if greedy else floor + auction.step * rng.randrange(min(4, room))
        options.append(_bid(seat, top, bidder, announcing and not greedy, rng))
        if announcing:
            shown = _announcement(seat, bidder, auction.high, greedy, rng)
            deemed = None if shown is None else state.deemed_bid(shown)
            if shown is not None and deemed is not None and deemed <= limit:
                options.append(shown)
        return options[0] if greedy and len(options) == 1 else rng.choice(options)
    if announcing and auction.high is None and seat not in announced \
            and bidder.meld and rng.random() < 0.4:
        shown = Announce(seat=seat, meld=_shown_meld(bidder, greedy, rng))     # DP-BID4
        if state.deemed_bid(shown) is None:
            return shown
    if auction.verify_forced(seat) is not None:     # a seat that must bid (SD-BID6) bids
        return Bid(seat=seat, amount=floor)
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
