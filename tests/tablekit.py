"""A partnership (double-pack) game for the tests, as a record's text and the game the notation
reads from it: a seeded deal of the 80 cards, an auction written call by call, trump, each
seat's declaration (its best, by dpmelds, unless given), and tricks played legally (the first
legal card, by tabletricks) from the high bidder's lead, each with its winner mark."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK
from pinochle.adjudicator.partnership.melds import best_declaration
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.partnership.tricks import legal_plays, winning_index
from pinochle.notation.cards import FOUR_SEATS, Card, Seat, Suit
from pinochle.notation.events import Game
from pinochle.notation.reader import parse

N, E, S, W = FOUR_SEATS
NAMES = {"North": "Ann", "East": "Bob", "South": "Cy", "West": "Di"}
#: The spec's §8 auction: E bids 500, S passes, W announces 140 (a bid of 520, DP-BID7), N
#: passes, E bids 530, W passes: East's side must make 530.
AUCTION = ("bid E 500", "pass S", "announce W 140", "pass N", "bid E 530", "pass W")


def deal(seed: int, ruleset: Ruleset = DOUBLE_PACK) -> dict[Seat, list[Card]]:
    pack = [card for card, n in ruleset.pack.items() for _ in range(n)]
    random.Random(seed).shuffle(pack)
    size = ruleset.hand_size
    return {seat: pack[i * size:(i + 1) * size] for i, seat in enumerate(FOUR_SEATS)}


def _bid(call: str, high: int) -> int:
    """The bid a call makes (DP-BID3, DP-BID6, DP-BID7), 0 for none; ``high`` the high bid."""
    words = call.split()
    numbers = [int(w) for w in words[2:] if w.isdigit()]
    if words[0] == "bid":
        return numbers[0]
    if words[0] != "announce":
        return 0
    if not high:
        return 500 if "flush" in words or "long" in words else 0
    return high + 10 * max(1, -(-(numbers[0] if numbers else 0) // 100))


def table_record(seed: int = 1, calls: Sequence[str] = AUCTION, trump: Suit | None = None,
                 declare: Mapping[Seat, str] | None = None, tricks: int = 20,
                 swap: Mapping[int, tuple[int, Card]] | None = None,
                 claims: Sequence[str] = (), ruleset: Ruleset = DOUBLE_PACK,
                 dealer: Seat = N) -> str:
    """The record's text. ``trump``: default the bidder's longest suit. ``declare``: a seat's
    declaration as the record writes it after ``meld N`` (``"♥F 150 ♥M 40"``, or a total
    ``"230"``). ``swap``: for a trick number, the position in the trick and the card played
    there instead of the legal one (held or not). ``claims``: side-claim lines after the last
    trick (``tricks NS 310 EW 190``)."""
    hands = deal(seed, ruleset)
    lines = [f'[{name} "{value}"]' for name, value in [("Ruleset", "double-pack"),
                                                      *NAMES.items()]]
    lines += ["", f"battle 1 dealer {dealer}"]
    lines += [f"{seat}: " + " ".join(map(str, hands[seat])) for seat in FOUR_SEATS]
    bidder: Seat | None = None
    high = 0
    for call in calls:
        lines.append(call)
        bid = _bid(call, high)
        if bid > high and bid >= 500:
            high, bidder = bid, Seat.parse(call.split()[1])
    leader = bidder or dealer.left
    if tricks or declare:
        suit = trump or max(Suit, key=lambda s: sum(c.suit is s for c in hands[leader]))
        lines.append(f"trump {suit}")
        for seat in FOUR_SEATS:
            given = (declare or {}).get(seat)
            if given is None:
                best = best_declaration(hands[seat], suit, ruleset)
                given = " ".join(f"{m.kind} {m.points}" for m in best) or "0"
            lines.append(f"meld {seat} {given}")
        held = {seat: list(hand) for seat, hand in hands.items()}
        for number in range(1, tricks + 1):
            seats = [leader]
            while len(seats) < len(FOUR_SEATS):
                seats.append(seats[-1].left)
            played: list[Card] = []
            for place, seat in enumerate(seats):
                card = legal_plays(held[seat], played, suit, ruleset)[0]
                if swap and number in swap and swap[number][0] == place:
                    card = swap[number][1]
                if card in held[seat]:
                    held[seat].remove(card)
                played.append(card)
            leader = seats[winning_index(played, suit, ruleset)]
            lines.append(f"{number}. " + " ".join(map(str, played)) + f" {leader}")
    lines += list(claims)
    return "\n".join(lines) + "\n"


def table_game(**options: Any) -> tuple[Game, str]:
    """``table_record(**options)`` and the game the notation reads from it."""
    text = table_record(**options)
    return parse(text).games[0], text
