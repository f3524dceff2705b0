"""Fast constructors for the record nodes of ``events.py``, for the reader.

The reader builds nodes from values that are already typed (``Card``, ``Seat``, ``MeldKind``,
ints, tuples), so even the classes' keyword ``__init__`` would only cost time (a battle has
some 150 nodes). These functions make the same frozen instances, field for field and in the
classes' field order (``tests/notation/test_nodes.py`` checks both), by setting the instance
dictionary directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .cards import Card, Seat
from .plain import construct as _construct
from .events import (NOWHERE, Battle, CallOut, Claim, Comment, Correction, DeadHand, Deal,
                     Discovery, Draw, Event, Exposure, ExtraDraw, Game, GiveCard, Knock, Look, Meld,
                     Misdeal, MissedDraw, Objection, Record, ReturnCard, Span, Tag, Trick)
from .events import Choice  # 25-steps TPV1's last-draw choice
from .events import (Announce, Bid, Declaration, Hands, Pass, SideClaim, TableTrick,
                     TrumpNaming)  # the partnership game (§11)
from .events import Bury, Concession, Send  # the three-handed game and single-deck (§12)


def span(line: int, column: int, end_line: int, end_column: int,
         _new: Callable[[type[Span], Iterable[int]], Span] = tuple.__new__,
         _cls: type[Span] = Span) -> Span:
    return _new(_cls, (line, column, end_line, end_column))  # what Span(...) does, directly


def comment(text: str, brace: bool, where: Span) -> Comment:
    return _construct(Comment, {"span": where, "type": "comment", "text": text,
                                "brace": brace})


def tag(where: Span, comments: tuple[Comment, ...], name: str, value: str) -> Tag:
    return _construct(Tag, {"span": where, "comments": comments, "type": "tag", "name": name,
                            "value": value})


def deal(where: Span, comments: tuple[Comment, ...], east: tuple[Card, ...],
         west: tuple[Card, ...], stock: tuple[Card, ...], upcard: Card | None, east_span: Span,
         west_span: Span, stock_span: Span, upcard_span: Span) -> Deal:
    return _construct(Deal, {"span": where, "comments": comments, "type": "deal", "east": east,
                             "west": west, "stock": stock, "upcard": upcard,
                             "east_span": east_span, "west_span": west_span,
                             "stock_span": stock_span, "upcard_span": upcard_span})


def meld(where: Span, comments: tuple[Comment, ...], kind: Any, points: int,
         concealed: tuple[Card, ...] | None, seat: Any, points_span: Span) -> Meld:
    return _construct(Meld, {"span": where, "comments": comments, "type": "meld", "kind": kind,
                             "points": points, "concealed": concealed, "seat": seat,
                             "points_span": points_span})


def trick(where: Span, comments: tuple[Comment, ...], number: int, lead: Any, follow: Any,
          winner: Any, melds: tuple[Meld, ...], lead_span: Span, follow_span: Span,
          winner_span: Span, leader: Any = None, leader_span: Span = NOWHERE) -> Trick:
    return _construct(Trick, {"span": where, "comments": comments, "type": "trick",
                              "number": number, "lead": lead, "follow": follow,
                              "winner": winner, "melds": melds, "lead_span": lead_span,
                              "follow_span": follow_span, "winner_span": winner_span,
                              "leader": leader, "leader_span": leader_span})


def objection(where: Span, comments: tuple[Comment, ...], target: str, seat: Any,
              offender: Any = None) -> Objection:
    return _construct(Objection, {"span": where, "comments": comments, "type": "objection",
                                  "target": target, "seat": seat, "offender": offender})


def draw(where: Span, comments: tuple[Comment, ...], seats: tuple[Seat, ...]) -> Draw:
    return _construct(Draw, {"span": where, "comments": comments, "type": "draw",
                             "seats": seats})


def nodraw(where: Span, comments: tuple[Comment, ...], seat: Any) -> MissedDraw:
    return _construct(MissedDraw, {"span": where, "comments": comments, "type": "nodraw",
                                   "seat": seat})


def extradraw(where: Span, comments: tuple[Comment, ...], seat: Any) -> ExtraDraw:
    return _construct(ExtraDraw, {"span": where, "comments": comments, "type": "extradraw",
                                  "seat": seat})


def callout(where: Span, comments: tuple[Comment, ...], seat: Any, total: int | None,
            total_span: Span) -> CallOut:
    return _construct(CallOut, {"span": where, "comments": comments, "type": "call",
                                "seat": seat, "total": total, "total_span": total_span})


def look(where: Span, comments: tuple[Comment, ...], seat: Any) -> Look:
    return _construct(Look, {"span": where, "comments": comments, "type": "look",
                             "seat": seat})


def correction(where: Span, comments: tuple[Comment, ...], seat: Any, trick: int) -> Correction:
    return _construct(Correction, {"span": where, "comments": comments, "type": "correct",
                                   "seat": seat, "trick": trick})


def misdeal(where: Span, comments: tuple[Comment, ...], reason: str, card: Any) -> Misdeal:
    return _construct(Misdeal, {"span": where, "comments": comments, "type": "misdeal",
                                "reason": reason, "card": card})


def deadhand(where: Span, comments: tuple[Comment, ...]) -> DeadHand:
    return _construct(DeadHand, {"span": where, "comments": comments, "type": "deadhand"})


def return_card(where: Span, comments: tuple[Comment, ...], seat: Any) -> ReturnCard:
    return _construct(ReturnCard, {"span": where, "comments": comments, "type": "return",
                                   "seat": seat})


def give_card(where: Span, comments: tuple[Comment, ...], seat: Any, to: Any) -> GiveCard:
    return _construct(GiveCard, {"span": where, "comments": comments, "type": "give",
                                 "seat": seat, "to": to})


def discovery(where: Span, comments: tuple[Comment, ...], seat: Any, too_many: bool) -> Discovery:
    return _construct(Discovery, {"span": where, "comments": comments, "type": "discovery",
                                  "seat": seat, "too_many": too_many})


def exposure(where: Span, comments: tuple[Comment, ...], seat: Any,
             cards: tuple[Card, ...]) -> Exposure:
    return _construct(Exposure, {"span": where, "comments": comments, "type": "exposure",
                                 "seat": seat, "cards": cards})


def knock(where: Span, comments: tuple[Comment, ...], seat: Any, count: int | None) -> Knock:
    return _construct(Knock, {"span": where, "comments": comments, "type": "knock",
                              "seat": seat, "count": count})


def choice(where: Span, comments: tuple[Comment, ...], seat: Any, take: str) -> Choice:
    return _construct(Choice, {"span": where, "comments": comments, "type": "choose",
                               "seat": seat, "take": take})


def claim(where: Span, comments: tuple[Comment, ...], category: str, east: int | None,
          west: int | None, east_span: Span, west_span: Span, north: int | None = None,
          north_span: Span = NOWHERE) -> Claim:
    return _construct(Claim, {"span": where, "comments": comments, "type": "claim",
                              "category": category, "east": east, "west": west,
                              "east_span": east_span, "west_span": west_span, "north": north,
                              "north_span": north_span})


# ---- the partnership game (§11) ----

def hands(where: Span, comments: tuple[Comment, ...], cards: tuple[tuple[Card, ...], ...],
          spans: tuple[Span, ...], widow: tuple[Card, ...] | None = None,
          widow_span: Span = NOWHERE) -> Hands:
    return _construct(Hands, {"span": where, "comments": comments, "type": "hands",
                              "hands": cards, "spans": spans, "widow": widow,
                              "widow_span": widow_span})


def bid(where: Span, comments: tuple[Comment, ...], seat: Any, amount: int, flush: bool,
        long: bool, meld: int | None, amount_span: Span) -> Bid:
    return _construct(Bid, {"span": where, "comments": comments, "type": "bid", "seat": seat,
                            "amount": amount, "flush": flush, "long": long, "meld": meld,
                            "amount_span": amount_span})


def announce(where: Span, comments: tuple[Comment, ...], seat: Any, meld: int | None,
             flush: bool, long: bool) -> Announce:
    return _construct(Announce, {"span": where, "comments": comments, "type": "announce",
                                 "seat": seat, "meld": meld, "flush": flush, "long": long})


def pass_call(where: Span, comments: tuple[Comment, ...], seat: Any) -> Pass:
    return _construct(Pass, {"span": where, "comments": comments, "type": "pass",
                             "seat": seat})


def trump(where: Span, comments: tuple[Comment, ...], suit: Any) -> TrumpNaming:
    return _construct(TrumpNaming, {"span": where, "comments": comments, "type": "trump",
                                    "suit": suit})


def declaration(where: Span, comments: tuple[Comment, ...], seat: Any, melds: tuple[Meld, ...],
                total: int | None) -> Declaration:
    return _construct(Declaration, {"span": where, "comments": comments, "type": "declare",
                                    "seat": seat, "melds": melds, "total": total})


def table_trick(where: Span, comments: tuple[Comment, ...], number: int,
                cards: tuple[Card, ...], winner: Any, card_spans: tuple[Span, ...],
                winner_span: Span, leader: Any = None,
                leader_span: Span = NOWHERE) -> TableTrick:
    return _construct(TableTrick, {"span": where, "comments": comments,
                                   "type": "table-trick", "number": number, "cards": cards,
                                   "winner": winner, "card_spans": card_spans,
                                   "winner_span": winner_span, "leader": leader,
                                   "leader_span": leader_span})


def side_claim(where: Span, comments: tuple[Comment, ...], category: str, ns: int | None,
               ew: int | None, ns_span: Span, ew_span: Span) -> SideClaim:
    return _construct(SideClaim, {"span": where, "comments": comments, "type": "side-claim",
                                  "category": category, "ns": ns, "ew": ew,
                                  "ns_span": ns_span, "ew_span": ew_span})


# ---- the three-handed game and single-deck partnership (§12) ----

def bury(where: Span, comments: tuple[Comment, ...], seat: Any, cards: tuple[Card, ...]) -> Bury:
    return _construct(Bury, {"span": where, "comments": comments, "type": "bury", "seat": seat,
                             "cards": cards})


def concession(where: Span, comments: tuple[Comment, ...], seat: Any) -> Concession:
    return _construct(Concession, {"span": where, "comments": comments, "type": "concede",
                                   "seat": seat})


def send(where: Span, comments: tuple[Comment, ...], seat: Any, cards: tuple[Card, ...]) -> Send:
    return _construct(Send, {"span": where, "comments": comments, "type": "send", "seat": seat,
                             "cards": cards})


def battle(where: Span, comments: tuple[Comment, ...], number: int, dealer: Any,
           events: tuple[Event, ...]) -> Battle:
    return _construct(Battle, {"span": where, "comments": comments, "type": "battle",
                               "number": number, "dealer": dealer, "events": events})


def game(where: Span, header: tuple[Tag | Comment, ...], battles: tuple[Battle, ...],
         closing: tuple[Claim | SideClaim | Comment, ...]) -> Game:
    return _construct(Game, {"span": where, "header": header, "battles": battles,
                             "closing": closing})


def record(where: Span, games: tuple[Game, ...], filename: str | None) -> Record:
    return _construct(Record, {"span": where, "games": games, "filename": filename})


__all__ = ["NOWHERE", "span", "comment", "tag", "deal", "meld", "trick", "objection", "draw",
           "nodraw", "extradraw", "discovery", "exposure", "knock", "claim", "callout", "look",
           "correction", "misdeal", "deadhand", "return_card", "give_card",
           "choice", "hands", "bid", "announce", "pass_call", "trump", "declaration",
           "table_trick", "side_claim", "bury", "concession", "send",
           "battle", "game", "record"]
