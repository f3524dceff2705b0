"""The auction of the partnership game (double-pack DP-BID1-DP-BID9) as a small state object.

In PokerKit's manner, each call has three methods: ``verify_X`` says why the call would be
illegal now (an ``IllegalCall``, a value, or ``None``), ``can_X`` whether it is legal, and
``X`` makes it (``bid``, ``announce``, ``pass_``; a call ``verify_X`` refuses raises
``ValueError``). ``log`` holds the calls applied, frozen (``AppliedCall``), each with the bid
it made: stated, or deemed by an announcement (DP-BID6, DP-BID7).

A record's call that is illegal is ``void``: reported, it has no effect (spec §5.3, ruling D6):
the high bid stands and the caller has not passed. When he was the seat in turn, his turn is
used and the auction continues with the next seat; a call out of turn, after passing or after
the end takes no turn. ``call`` applies a record's ``Bid``, ``Announce`` or ``Pass`` that way
and returns what was illegal about it.

The rules, as the spec has them (docs/rulings.md, "Double-pack: auction, record checks,
report"):

- the dealer's left calls first, then clockwise, a seat that passed skipped (DP-BID1, DP-BID2);
  left and clockwise in the order of ``seats``, the table's seats (the ruleset's seating);
- a bid is at least ``minimum``, a multiple of ``step``, and higher than the high bid (DP-BID3);
- before any bid, a meld announced is information (DP-BID4), a flush or long suit announced is
  a bid of ``minimum`` (DP-BID6); after a bid, a meld announced tops the high bid by ``step``
  for each 100 or part of 100 (DP-BID7), a flush or long suit by at least one ``step`` (D3);
- with ``announcements`` off only bids and passes are calls (DP-BID8);
- a first round of four calls with no bid throws the hands in (DP-BID9, D2); otherwise the
  auction ends when every seat but the high bidder has passed (D1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, NamedTuple

from pinochle.notation.cards import Seat
from pinochle.notation.events import Announce, Bid, Pass

from pinochle.adjudicator.model.seating import FOUR_PARTNERS

__all__ = ["AppliedCall", "Auction", "IllegalCall"]


class IllegalCall(NamedTuple):
    """Why a call is illegal: the rule it breaks and a sentence saying how."""

    rule: str
    message: str


class AppliedCall(NamedTuple):
    """A call the auction applied. ``bid`` is the bid it made (stated, or deemed by an
    announcement), ``None`` for a pass or an announcement that is information only; ``rule``
    is the rule that gives the call its meaning (DP-BID3 a bid, DP-BID4 information, DP-BID6 /
    DP-BID7 a deemed bid, DP-BID2 a pass)."""

    seat: Seat
    call: Literal["bid", "announce", "pass"]
    bid: int | None
    rule: str


def _amount(points: int) -> str:
    return f"{points:,}"


class Auction:
    """One hand's auction, from ``dealer``'s left. See the module docstring."""

    def __init__(self, dealer: Seat, minimum: int = 500, step: int = 10,
                 announcements: bool = True,
                 seats: tuple[Seat, ...] = FOUR_PARTNERS.seats, forced: str = "none",
                 cites: Mapping[str, str] | None = None, void_uses_turn: bool = True) -> None:
        self.dealer = dealer
        self.void_uses_turn = void_uses_turn
        #: who must bid (``TableRules.forced``: ``dealer``, ``eldest`` or ``none``) and the
        #: rule that says so (``RuleIds.forced_bid``)
        self.forced = forced
        #: the named checks the ruleset cites by its own ids (``Ruleset.cites``)
        self.cites = cites or {}
        self.minimum = minimum
        self.step = step
        self.announcements = announcements
        self.seats = seats
        #: each seat's left-hand neighbour at this table (its seats are in clockwise order)
        self.left = {seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)}
        # DP-BID1 (a dealer without a seat here: the first seat); None once the auction is over
        self.turn: Seat | None = self.left.get(dealer, seats[0])
        self.passed: set[Seat] = set()
        self.high: int | None = None
        self.high_bidder: Seat | None = None
        self.turns = 0                              # turns used (applied or void in turn)
        self.thrown_in = False
        self.log: list[AppliedCall] = []

    # --- what the auction says ------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def next_bid(self) -> int:
        """The lowest legal bid now (DP-BID3)."""
        return self.minimum if self.high is None else self.high + self.step

    def deemed(self, meld: int | None, flush: bool = False,
               long: bool = False) -> tuple[int | None, str]:
        """The bid an announcement makes now, and the rule that says so: before any bid a flush
        or long suit is a bid of the minimum (DP-BID6), a meld information (DP-BID4, no bid);
        after a bid, ``step`` per 100 announced or part of 100 (DP-BID7), a flush or long suit
        at least one ``step`` (D3)."""
        if self.high is None:
            return (self.minimum, "DP-BID6") if flush or long else (None, "DP-BID4")
        raises = -(-(meld or 0) // 100)
        if flush or long:
            raises = max(1, raises)
        return self.high + self.step * raises, "DP-BID7"

    # --- verify / can ----------------------------------------------------------------------

    def verify_turn(self, seat: Seat) -> IllegalCall | None:
        """May ``seat`` call now at all (DP-BID1, DP-BID2, the end: D1, DP-BID9)?"""
        if self.turn is None:
            if self.thrown_in:
                return IllegalCall("DP-BID9", f"{seat.word} calls after the hands were thrown "
                                   "in: nobody bid in the first round of four calls (DP-BID9)")
            assert self.high_bidder is not None
            rule = self.cites.get("auction-end", "DP-BID1")
            cite = "DP-BID1, DP-BID2" if rule == "DP-BID1" else rule
            return IllegalCall(rule, f"{seat.word} calls after the auction ended: every "
                               f"seat but the high bidder, {self.high_bidder.word} "
                               f"({_amount(self.high or 0)}), has passed ({cite})")
        if seat in self.passed:
            return IllegalCall("DP-BID2", f"{seat.word} has passed and may not call again "
                               "this hand (DP-BID2)")
        if seat is not self.turn:
            return IllegalCall("DP-BID1", f"{seat.word} calls out of turn: it is "
                               f"{self.turn.word}'s turn, clockwise from the dealer's left "
                               "(DP-BID1)")
        return None

    def verify_bid(self, seat: Seat, amount: int) -> IllegalCall | None:
        """A bid of ``amount`` (DP-BID3). Its statements are ``verify_statements``'."""
        problem = self.verify_turn(seat)
        if problem is not None:
            return problem
        if amount < self.minimum:
            return IllegalCall("DP-BID3", f"a bid of {_amount(amount)} is below the minimum "
                               f"of {_amount(self.minimum)} (DP-BID3)")
        if amount % self.step:
            return IllegalCall("DP-BID3", f"a bid of {_amount(amount)} is not a multiple of "
                               f"{self.step} (DP-BID3)")
        if self.high is not None and amount <= self.high:
            assert self.high_bidder is not None
            rule = self.cites.get("higher-bid", "DP-BID3")
            return IllegalCall(rule, f"a bid of {_amount(amount)} is not higher than "
                               f"{self.high_bidder.word}'s {_amount(self.high)} ({rule})")
        return None

    def verify_statements(self, flush: bool = False, long: bool = False,
                          meld: int | None = None) -> IllegalCall | None:
        """A bid's statements (a flush, a long suit, a meld: DP-BID5) in a game with only bids
        and passes (DP-BID8)."""
        if self.announcements or not (flush or long or meld is not None):
            return None
        return IllegalCall("DP-BID8", "this game has no announcements (Announcements \"no\", "
                           "DP-BID8): a bid says no flush, long suit or meld; the statement is "
                           "ignored, the bid stands")

    def verify_announce(self, seat: Seat, meld: int | None = None, flush: bool = False,
                        long: bool = False) -> IllegalCall | None:
        problem = self.verify_turn(seat)
        if problem is not None:
            return problem
        if not self.announcements:
            return IllegalCall("DP-BID8", "this game has no announcements (Announcements "
                               "\"no\", DP-BID8): only bids and passes; the announcement has no "
                               "effect")
        bid, _ = self.deemed(meld, flush, long)
        if self.high is not None and bid is not None and bid <= self.high:
            return IllegalCall("DP-BID7", f"an announcement of {meld or 0} after a bid tops "
                               f"nothing (DP-BID7: {self.step} for each 100 or part of 100); "
                               "it has no effect")
        return None

    def verify_pass(self, seat: Seat) -> IllegalCall | None:
        problem = self.verify_turn(seat)
        return self.verify_forced(seat) if problem is None else problem

    def verify_forced(self, seat: Seat) -> IllegalCall | None:
        """A pass by a seat in turn that must bid (single-deck SD-BID6): the dealer after the
        three seats before him passed (``forced`` ``dealer``), or the first caller
        (``eldest``). Such a pass is reported and counts as a pass (spec §5.3)."""
        if self.high is not None or self.forced == "none":
            return None
        rule = self.cites.get("forced-bid", "forced-bid")
        if self.forced == "dealer" and seat is self.dealer and len(self.passed) == \
                len(self.seats) - 1:
            return IllegalCall(rule, f"{seat.word}, the dealer, passes after the three other "
                               f"seats passed: the dealer must bid ({rule}); the pass counts, "
                               "and the hand is thrown in")
        if self.forced == "eldest" and not self.turns:
            return IllegalCall(rule, f"{seat.word}, the first to call, passes: the first "
                               f"call must be a bid ({rule}); the pass counts")
        return None

    def can_bid(self, seat: Seat, amount: int) -> bool:
        return self.verify_bid(seat, amount) is None

    def can_announce(self, seat: Seat, meld: int | None = None, flush: bool = False,
                     long: bool = False) -> bool:
        return self.verify_announce(seat, meld, flush, long) is None

    def can_pass(self, seat: Seat) -> bool:
        return self.verify_pass(seat) is None

    # --- the calls ---------------------------------------------------------------------------

    def bid(self, seat: Seat, amount: int) -> None:
        _refuse(self.verify_bid(seat, amount))
        self._raise(seat, amount)
        self.log.append(AppliedCall(seat, "bid", amount, "DP-BID3"))
        self._next()

    def announce(self, seat: Seat, meld: int | None = None, flush: bool = False,
                 long: bool = False) -> None:
        _refuse(self.verify_announce(seat, meld, flush, long))
        bid, rule = self.deemed(meld, flush, long)
        if bid is not None:
            self._raise(seat, bid)
        self.log.append(AppliedCall(seat, "announce", bid, rule))
        self._next()

    def pass_(self, seat: Seat) -> None:
        _refuse(self.verify_pass(seat))
        self._pass(seat)

    def _pass(self, seat: Seat) -> None:
        self.passed.add(seat)
        self.log.append(AppliedCall(seat, "pass", None, "DP-BID2"))
        self._next()

    def void(self, seat: Seat) -> None:
        """An illegal call of ``seat``, with no effect (§5.3, D6): if he was in turn, his turn
        is used and the auction goes on with the next seat; otherwise nothing changes."""
        if self.turn is seat and self.void_uses_turn:
            self._next()

    def call(self, event: Bid | Announce | Pass) -> list[IllegalCall]:
        """Apply a record's call as the rules take it: a legal call is made, an illegal one
        is ``void``. Returns what was illegal (a bid's refused statements, DP-BID8, are
        reported while the bid stands)."""
        seat = event.seat
        if type(event) is Bid:
            problem = self.verify_bid(seat, event.amount)
            if problem is None:
                self.bid(seat, event.amount)
                statements = self.verify_statements(event.flush, event.long, event.meld)
                return [] if statements is None else [statements]
        elif type(event) is Announce:
            problem = self.verify_announce(seat, event.meld, event.flush, event.long)
            if problem is None:
                self.announce(seat, event.meld, event.flush, event.long)
                return []
        else:
            problem = self.verify_turn(seat)
            if problem is None:
                forced = self.verify_forced(seat)
                self._pass(seat)            # (a forced seat's pass counts: SD spec §5.3)
                return [] if forced is None else [forced]
        self.void(seat)
        return [problem]

    # --- turns -------------------------------------------------------------------------------

    def _raise(self, seat: Seat, amount: int) -> None:
        self.high, self.high_bidder = amount, seat

    def _next(self) -> None:
        """The turn moves on: the throw-in after a first round with no bid (DP-BID9, D2), the
        end when all but the high bidder have passed (D1), or the next seat that has not
        passed, clockwise (DP-BID1, DP-BID2)."""
        self.turns += 1
        if self.high is None:
            if self.turns >= len(self.seats):
                self.thrown_in, self.turn = True, None
                return
        elif all(s in self.passed for s in self.seats if s is not self.high_bidder):
            self.turn = None
            return
        assert self.turn is not None
        left = self.left
        seat = left[self.turn]
        while seat in self.passed:
            seat = left[seat]
        self.turn = seat


def _refuse(problem: IllegalCall | None) -> None:
    if problem is not None:
        raise ValueError(problem.message)
