"""Fast constructors for the record nodes of ``events.py``, for the reader.

The reader builds nodes from values that are already typed (``Card``, ``Seat``, ``MeldKind``,
ints, tuples), so pydantic validation would only cost time (about 2 µs a node, and a battle has
some 150 nodes). These functions make the same frozen instances as validation would, field for
field and in the models' field order (``tests/notation/test_nodes.py`` checks both), by setting
the instance dictionary directly, which is what ``BaseModel.model_construct`` does after
slower bookkeeping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from pydantic import BaseModel

from .cards import Card, Seat
from .events import (NOWHERE, Battle, CallOut, Claim, Comment, Correction, DeadHand, Deal,
                     Discovery, Draw, Event, Exposure, ExtraDraw, Game, GiveCard, Knock, Look, Meld,
                     Misdeal, MissedDraw, Objection, Record, ReturnCard, Span, Tag, Trick)
from .events import Choice  # 25-steps TPV1's last-draw choice
from .events import (Announce, Bid, Declaration, Hands, Pass, SideClaim, TableTrick,
                     TrumpNaming)  # the partnership game (§11)

_new = object.__new__
# The setters of the four slots every pydantic model instance has (what BaseModel.__init__ and
# model_construct fill): calling the slot descriptors directly is the quickest way to fill them.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def _fields(cls: type[BaseModel]) -> set[str]:
    return set(cls.model_fields)


def span(line: int, column: int, end_line: int, end_column: int,
         _new: Callable[[type[Span], Iterable[int]], Span] = tuple.__new__,
         _cls: type[Span] = Span) -> Span:
    return _new(_cls, (line, column, end_line, end_column))  # what Span(...) does, directly


_N = TypeVar("_N", bound=BaseModel)


def _finish(node: _N, values: dict[str, Any], fields: set[str]) -> _N:
    _set_dict(node, values)
    _set_fields(node, fields)
    _set_extra(node, None)
    _set_private(node, None)
    return node


_COMMENT = _fields(Comment)
_TAG = _fields(Tag)
_DEAL = _fields(Deal)
_MELD = _fields(Meld)
_TRICK = _fields(Trick)
_OBJECTION = _fields(Objection)
_DRAW = _fields(Draw)
_NODRAW = _fields(MissedDraw)
_EXTRADRAW = _fields(ExtraDraw)
_DISCOVERY = _fields(Discovery)
_EXPOSURE = _fields(Exposure)
_KNOCK = _fields(Knock)
_CLAIM = _fields(Claim)
_CALL = _fields(CallOut)
_LOOK = _fields(Look)
_CORRECTION = _fields(Correction)
_MISDEAL = _fields(Misdeal)
_DEADHAND = _fields(DeadHand)
_RETURN = _fields(ReturnCard)
_GIVE = _fields(GiveCard)
_CHOICE = _fields(Choice)
_HANDS = _fields(Hands)
_BID = _fields(Bid)
_ANNOUNCE = _fields(Announce)
_PASS = _fields(Pass)
_TRUMP = _fields(TrumpNaming)
_DECLARATION = _fields(Declaration)
_TABLE_TRICK = _fields(TableTrick)
_SIDE_CLAIM = _fields(SideClaim)
_BATTLE = _fields(Battle)
_GAME = _fields(Game)
_RECORD = _fields(Record)


def comment(text: str, brace: bool, where: Span) -> Comment:
    return _finish(_new(Comment), {"span": where, "type": "comment", "text": text,
                                   "brace": brace}, _COMMENT)


def tag(where: Span, comments: tuple[Comment, ...], name: str, value: str) -> Tag:
    return _finish(_new(Tag), {"span": where, "comments": comments, "type": "tag", "name": name,
                               "value": value}, _TAG)


def deal(where: Span, comments: tuple[Comment, ...], east: tuple[Card, ...],
         west: tuple[Card, ...], stock: tuple[Card, ...], upcard: Card | None, east_span: Span,
         west_span: Span, stock_span: Span, upcard_span: Span) -> Deal:
    return _finish(_new(Deal), {"span": where, "comments": comments, "type": "deal", "east": east,
                                "west": west, "stock": stock, "upcard": upcard,
                                "east_span": east_span, "west_span": west_span,
                                "stock_span": stock_span, "upcard_span": upcard_span}, _DEAL)


def meld(where: Span, comments: tuple[Comment, ...], kind: Any, points: int,
         concealed: tuple[Card, ...] | None, seat: Any, points_span: Span) -> Meld:
    return _finish(_new(Meld), {"span": where, "comments": comments, "type": "meld", "kind": kind,
                                "points": points, "concealed": concealed, "seat": seat,
                                "points_span": points_span}, _MELD)


def trick(where: Span, comments: tuple[Comment, ...], number: int, lead: Any, follow: Any,
          winner: Any, melds: tuple[Meld, ...], lead_span: Span, follow_span: Span,
          winner_span: Span, leader: Any = None, leader_span: Span = NOWHERE,
          _new: Callable[[type[Trick]], Trick] = _new, _cls: type[Trick] = Trick,
          _fields: set[str] = _TRICK) -> Trick:
    node = _new(_cls)
    _set_dict(node, {"span": where, "comments": comments, "type": "trick",
                     "number": number, "lead": lead, "follow": follow, "winner": winner,
                     "melds": melds, "lead_span": lead_span, "follow_span": follow_span,
                     "winner_span": winner_span, "leader": leader, "leader_span": leader_span})
    _set_fields(node, _fields)
    _set_extra(node, None)
    _set_private(node, None)
    return node


def objection(where: Span, comments: tuple[Comment, ...], target: str, seat: Any) -> Objection:
    return _finish(_new(Objection), {"span": where, "comments": comments, "type": "objection",
                                     "target": target, "seat": seat}, _OBJECTION)


def draw(where: Span, comments: tuple[Comment, ...], seats: tuple[Seat, ...]) -> Draw:
    return _finish(_new(Draw), {"span": where, "comments": comments, "type": "draw",
                                "seats": seats}, _DRAW)


def nodraw(where: Span, comments: tuple[Comment, ...], seat: Any) -> MissedDraw:
    return _finish(_new(MissedDraw), {"span": where, "comments": comments, "type": "nodraw",
                                      "seat": seat}, _NODRAW)


def extradraw(where: Span, comments: tuple[Comment, ...], seat: Any) -> ExtraDraw:
    return _finish(_new(ExtraDraw), {"span": where, "comments": comments, "type": "extradraw",
                                     "seat": seat}, _EXTRADRAW)


def callout(where: Span, comments: tuple[Comment, ...], seat: Any, total: int | None,
            total_span: Span) -> CallOut:
    return _finish(_new(CallOut), {"span": where, "comments": comments, "type": "call",
                                   "seat": seat, "total": total, "total_span": total_span},
                   _CALL)


def look(where: Span, comments: tuple[Comment, ...], seat: Any) -> Look:
    return _finish(_new(Look), {"span": where, "comments": comments, "type": "look",
                                "seat": seat}, _LOOK)


def correction(where: Span, comments: tuple[Comment, ...], seat: Any, trick: int) -> Correction:
    return _finish(_new(Correction), {"span": where, "comments": comments, "type": "correct",
                                      "seat": seat, "trick": trick}, _CORRECTION)


def misdeal(where: Span, comments: tuple[Comment, ...], reason: str, card: Any) -> Misdeal:
    return _finish(_new(Misdeal), {"span": where, "comments": comments, "type": "misdeal",
                                   "reason": reason, "card": card}, _MISDEAL)


def deadhand(where: Span, comments: tuple[Comment, ...]) -> DeadHand:
    return _finish(_new(DeadHand), {"span": where, "comments": comments, "type": "deadhand"},
                   _DEADHAND)


def return_card(where: Span, comments: tuple[Comment, ...], seat: Any) -> ReturnCard:
    return _finish(_new(ReturnCard), {"span": where, "comments": comments, "type": "return",
                                      "seat": seat}, _RETURN)


def give_card(where: Span, comments: tuple[Comment, ...], seat: Any, to: Any) -> GiveCard:
    return _finish(_new(GiveCard), {"span": where, "comments": comments, "type": "give",
                                    "seat": seat, "to": to}, _GIVE)


def discovery(where: Span, comments: tuple[Comment, ...], seat: Any, too_many: bool) -> Discovery:
    return _finish(_new(Discovery), {"span": where, "comments": comments, "type": "discovery",
                                     "seat": seat, "too_many": too_many}, _DISCOVERY)


def exposure(where: Span, comments: tuple[Comment, ...], seat: Any,
             cards: tuple[Card, ...]) -> Exposure:
    return _finish(_new(Exposure), {"span": where, "comments": comments, "type": "exposure",
                                    "seat": seat, "cards": cards}, _EXPOSURE)


def knock(where: Span, comments: tuple[Comment, ...], seat: Any, count: int | None) -> Knock:
    return _finish(_new(Knock), {"span": where, "comments": comments, "type": "knock",
                                 "seat": seat, "count": count}, _KNOCK)


def choice(where: Span, comments: tuple[Comment, ...], seat: Any, take: str) -> Choice:
    return _finish(_new(Choice), {"span": where, "comments": comments, "type": "choose",
                                  "seat": seat, "take": take}, _CHOICE)


def claim(where: Span, comments: tuple[Comment, ...], category: str, east: int | None,
          west: int | None, east_span: Span, west_span: Span) -> Claim:
    return _finish(_new(Claim), {"span": where, "comments": comments, "type": "claim",
                                 "category": category, "east": east, "west": west,
                                 "east_span": east_span, "west_span": west_span}, _CLAIM)


# ---- the partnership game (§11) ----

def hands(where: Span, comments: tuple[Comment, ...], cards: tuple[tuple[Card, ...], ...],
          spans: tuple[Span, ...]) -> Hands:
    return _finish(_new(Hands), {"span": where, "comments": comments, "type": "hands",
                                 "hands": cards, "spans": spans}, _HANDS)


def bid(where: Span, comments: tuple[Comment, ...], seat: Any, amount: int, flush: bool,
        long: bool, meld: int | None, amount_span: Span) -> Bid:
    return _finish(_new(Bid), {"span": where, "comments": comments, "type": "bid", "seat": seat,
                               "amount": amount, "flush": flush, "long": long, "meld": meld,
                               "amount_span": amount_span}, _BID)


def announce(where: Span, comments: tuple[Comment, ...], seat: Any, meld: int | None,
             flush: bool, long: bool) -> Announce:
    return _finish(_new(Announce), {"span": where, "comments": comments, "type": "announce",
                                    "seat": seat, "meld": meld, "flush": flush, "long": long},
                   _ANNOUNCE)


def pass_call(where: Span, comments: tuple[Comment, ...], seat: Any) -> Pass:
    return _finish(_new(Pass), {"span": where, "comments": comments, "type": "pass",
                                "seat": seat}, _PASS)


def trump(where: Span, comments: tuple[Comment, ...], suit: Any) -> TrumpNaming:
    return _finish(_new(TrumpNaming), {"span": where, "comments": comments, "type": "trump",
                                       "suit": suit}, _TRUMP)


def declaration(where: Span, comments: tuple[Comment, ...], seat: Any, melds: tuple[Meld, ...],
                total: int | None) -> Declaration:
    return _finish(_new(Declaration), {"span": where, "comments": comments, "type": "declare",
                                       "seat": seat, "melds": melds, "total": total},
                   _DECLARATION)


def table_trick(where: Span, comments: tuple[Comment, ...], number: int,
                cards: tuple[Card, ...], winner: Any, card_spans: tuple[Span, ...],
                winner_span: Span, leader: Any = None,
                leader_span: Span = NOWHERE) -> TableTrick:
    return _finish(_new(TableTrick), {"span": where, "comments": comments,
                                      "type": "table-trick", "number": number, "cards": cards,
                                      "winner": winner, "card_spans": card_spans,
                                      "winner_span": winner_span, "leader": leader,
                                      "leader_span": leader_span}, _TABLE_TRICK)


def side_claim(where: Span, comments: tuple[Comment, ...], category: str, ns: int | None,
               ew: int | None, ns_span: Span, ew_span: Span) -> SideClaim:
    return _finish(_new(SideClaim), {"span": where, "comments": comments, "type": "side-claim",
                                     "category": category, "ns": ns, "ew": ew,
                                     "ns_span": ns_span, "ew_span": ew_span}, _SIDE_CLAIM)


def battle(where: Span, comments: tuple[Comment, ...], number: int, dealer: Any,
           events: tuple[Event, ...]) -> Battle:
    return _finish(_new(Battle), {"span": where, "comments": comments, "type": "battle",
                                  "number": number, "dealer": dealer, "events": events}, _BATTLE)


def game(where: Span, header: tuple[Tag | Comment, ...], battles: tuple[Battle, ...],
         closing: tuple[Claim | SideClaim | Comment, ...]) -> Game:
    return _finish(_new(Game), {"span": where, "header": header, "battles": battles,
                                "closing": closing}, _GAME)


def record(where: Span, games: tuple[Game, ...], filename: str | None) -> Record:
    return _finish(_new(Record), {"span": where, "games": games, "filename": filename}, _RECORD)


__all__ = ["NOWHERE", "span", "comment", "tag", "deal", "meld", "trick", "objection", "draw",
           "nodraw", "extradraw", "discovery", "exposure", "knock", "claim", "callout", "look",
           "correction", "misdeal", "deadhand", "return_card", "give_card",
           "choice", "hands", "bid", "announce", "pass_call", "trump", "declaration",
           "table_trick", "side_claim",
           "battle", "game", "record"]
