"""A partnership (double-pack) game for the replay page's tests, as a record's text and its
events (with the spans the text gives them): a seeded deal of the 80 cards, an auction written
call by call, trump, each seat's declaration (its best, by dpmelds, unless given), and tricks
played legally (the first legal card, by tabletricks) from the high bidder's lead."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pinochle.adjudicator.doublepack import DOUBLE_PACK
from pinochle.adjudicator.dpmelds import best_declaration
from pinochle.adjudicator.rulesets import Ruleset
from pinochle.adjudicator.tabletricks import legal_plays, winning_index
from pinochle.notation.cards import FOUR_SEATS, Card, Seat, Suit
from pinochle.notation.events import (
    Announce, Battle, Bid, Declaration, Game, Hands, Meld, Pass, SideClaim, Span, TableTrick,
    Tag, TrumpNaming,
)
from pinochle.notation.melds import MeldKind

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


class _Text:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def line(self, text: str) -> Span:
        self.lines.append(text)
        n = len(self.lines)
        return Span(n, 1, n, len(text) + 1)


def _call(words: list[str], span: Span) -> Bid | Announce | Pass:
    kind, seat, rest = words[0], Seat.parse(words[1]), words[2:]
    if kind == "pass":
        return Pass(seat=seat, span=span)
    flush, long = "flush" in rest, "long" in rest
    numbers = [int(w) for w in rest if w.lstrip("-").isdigit()]
    if kind == "bid":
        return Bid(seat=seat, amount=numbers[0], flush=flush, long=long,
                   meld=numbers[1] if len(numbers) > 1 else None, span=span)
    return Announce(seat=seat, meld=numbers[0] if numbers else None, flush=flush, long=long,
                    span=span)


def _declaration(seat: Seat, melds: Sequence[tuple[str, int]], total: int | None,
                 text: _Text) -> Declaration:
    words = [f"{kind} {points}" for kind, points in melds]
    line = f"meld {seat} " + (" ".join(words) if melds else str(total or 0))
    span = text.line(line)
    column = len(f"meld {seat} ") + 1
    placed = []
    for (kind, points), word in zip(melds, words):
        placed.append(Meld(kind=MeldKind.parse(kind), points=points, seat=seat,
                           span=Span(span.line, column, span.line, column + len(word))))
        column += len(word) + 1
    return Declaration(seat=seat, melds=tuple(placed), total=None if melds else total or 0,
                       span=span)


def table_game(seed: int = 1, calls: Sequence[str] = AUCTION, trump: Suit | None = None,
               declare: Mapping[Seat, str] | None = None, tricks: int = 20,
               swap: Mapping[int, tuple[int, Card]] | None = None,
               claims: Sequence[str] = (), ruleset: Ruleset = DOUBLE_PACK,
               dealer: Seat = N) -> tuple[Game, str]:
    """The game and its record text. ``trump``: default the bidder's longest suit (the first
    seat to bid when nobody stands out). ``declare``: a seat's declaration as the record writes
    it after ``meld N`` (``"♥F 150 ♥M 40"``, or a total ``"230"``). ``swap``: for a trick
    number, the position in the trick and the card played there instead of the legal one
    (held or not). ``claims``: side-claim lines after the last trick (``tricks NS 310 EW
    190``)."""
    hands = deal(seed, ruleset)
    text = _Text()
    header = [Tag(name=name, value=value, span=text.line(f'[{name} "{value}"]'))
              for name, value in [("Ruleset", "double-pack"), *NAMES.items()]]
    text.line("")
    battle_span = text.line(f"battle 1 dealer {dealer}")
    spans = tuple(text.line(f"{seat}: " + " ".join(map(str, hands[seat])))
                  for seat in FOUR_SEATS)
    events: list[object] = [Hands(hands=tuple(tuple(hands[s]) for s in FOUR_SEATS), spans=spans,
                                  span=Span(spans[0].line, 1, spans[-1].line,
                                            spans[-1].end_column))]
    bidder: Seat | None = None
    high = 0
    for call in calls:
        event = _call(call.split(), text.line(call))
        events.append(event)
        bid = 0                 # the bid a call makes (DP-BID3, DP-BID6, DP-BID7)
        if isinstance(event, Bid):
            bid = event.amount
        elif isinstance(event, Announce):
            bid = (500 if event.flush or event.long else 0) if not high else \
                high + 10 * max(1, -(-(event.meld or 0) // 100))
        if bid > high and bid >= 500:
            high, bidder = bid, event.seat
    leader = bidder or dealer.left
    if tricks or declare:
        suit = trump or max(Suit, key=lambda s: sum(c.suit is s for c in hands[leader]))
        events.append(TrumpNaming(suit=suit, span=text.line(f"trump {suit}")))
        for seat in FOUR_SEATS:
            given = (declare or {}).get(seat)
            if given is None:
                best = [(str(m.kind), m.points) for m in best_declaration(hands[seat], suit,
                                                                           ruleset)]
                events.append(_declaration(seat, best, None if best else 0, text))
            elif given.lstrip("-").isdigit():
                events.append(_declaration(seat, [], int(given), text))
            else:
                words = given.split()
                events.append(_declaration(seat, [(k, int(p)) for k, p in
                                                  zip(words[::2], words[1::2])], None, text))
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
            winner = seats[winning_index(played, suit, ruleset)]
            line = f"{number}. " + " ".join(map(str, played)) + f" {winner}"
            events.append(TableTrick(number=number, cards=tuple(played), winner=winner,
                                     span=text.line(line)))
            leader = winner
    for claim in claims:
        words = claim.split()
        events.append(SideClaim(category=words[0], ns=int(words[2]), ew=int(words[4]),
                                span=text.line(claim)))
    battle = Battle(number=1, dealer=dealer, events=tuple(events),
                    span=battle_span)
    game = Game(header=tuple(header), battles=(battle,), span=Span(1, 1, len(text.lines), 1))
    return game, "\n".join(text.lines) + "\n"
