"""What each grammar rule builds: the record nodes of ``events.py``, from already-typed tokens.

``builder(origin, roles)`` gives the function that reduces by one rule of ``grammar.lark``; it is
called with the values of the rule's symbols, in order (tokens are the lexer's tuples
``(type, value, line, column, end_line, end_column)``). ``roles`` names the symbols of the
rule's expansion (``*`` for a repetition) for the rules whose optional parts vary.

Repetitions (``event*``) build immutable cons cells ``(previous, item)``, unpacked by the rule
that owns them: no value on the parser's stack is ever changed, so the reader can go back to the
stack it had at the start of a line when the line turns out to be wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import nodes
from .cards import Seat
from .events import NOWHERE, Claim, Comment, Span

span = nodes.span


def unpack(cons: Any) -> tuple[Any, ...]:
    """The items of a cons list ``((…(None, a), b)…, z)``, in order."""
    items = []
    while cons is not None:
        cons, item = cons
        items.append(item)
    items.reverse()
    return tuple(items)


def _between(first: tuple[Any, ...], last: tuple[Any, ...]) -> Span:
    """The span from the start of token ``first`` to the end of token ``last``."""
    return span(first[2], first[3], last[4], last[5])


def _of(token: tuple[Any, ...]) -> Span:
    return span(token[2], token[3], token[4], token[5])


def _first(c: list[Any]) -> Any:
    return c[0]


def _none(c: list[Any]) -> None:
    return None


def _cons(c: list[Any]) -> tuple[Any, ...]:
    return (c[0], c[1]) if len(c) == 2 else (None, c[0])


def _comment(c: list[Any]) -> Comment:
    comment: Comment = c[0][1]  # the COMMENT token's value is the lexer's finished node
    return comment


def _tag(c: list[Any]) -> Any:
    lsqb, name, string, rsqb, eol = c
    return nodes.tag(_between(lsqb, rsqb), eol[1], name[1], string[1])


def _header(c: list[Any]) -> tuple[Any, ...]:
    return unpack(c[0]) if c else ()


def _closing(c: list[Any]) -> tuple[Any, ...]:
    return (c[0],) + unpack(c[1]) if len(c) == 2 else (c[0],)


def _game_span(header: tuple[Any, ...], battles: tuple[Any, ...], closing: tuple[Any, ...]) -> Span:
    items = header + battles + closing
    if not items:
        return NOWHERE
    first = items[0].span
    if closing:
        last = closing[-1].span
    elif battles:
        last = (battles[-1].events[-1] if battles[-1].events else battles[-1]).span
    else:
        last = header[-1].span
    return span(first.line, first.column, last.end_line, last.end_column)


def _make_game(roles: tuple[str, ...]) -> Callable[[list[Any]], Any]:
    def build(c: list[Any]) -> Any:
        parts = dict(zip(roles, c))
        header = parts["header"]
        if "tag" in parts:
            header = (parts["tag"],) + header
        battles = unpack(parts.get("*"))
        closing = parts.get("closing", ())
        if not (header or battles or closing):
            return None
        return nodes.game(_game_span(header, battles, closing), header, battles, closing)
    return build


def _battle(c: list[Any]) -> Any:
    keyword, number, _dealer, seat, eol = c[:5]
    # a TRICK_LINE, TABLE_TRICK_LINE or CLAIM_LINE event is its token, whose value the lexer made
    # the trick or the claim (lexer._trick_line, lexer._table_trick_line, lexer._claim_line)
    events = tuple([e[1] if type(e) is tuple else e for e in unpack(c[5])]) if len(c) == 6 else ()
    return nodes.battle(_between(keyword, seat), eol[1], number[1], seat[1], events)


def _hand(c: list[Any]) -> tuple[Any, ...]:
    label, cards, eol = c
    return cards[1], _between(label, cards), eol[1]


def _upcard(c: list[Any]) -> tuple[Any, ...]:
    label, card, eol = c
    return card[1], _between(label, card), eol[1]


def _deal(c: list[Any]) -> Any:
    east, west, stock = c[:3]
    upcard = c[3] if len(c) == 4 else (None, NOWHERE, ())
    last = upcard[1] if len(c) == 4 else stock[1]
    where = span(east[1].line, east[1].column, last.end_line, last.end_column)
    return nodes.deal(where, east[2] + west[2] + stock[2] + upcard[2], east[0], west[0],
                      stock[0], upcard[0], east[1], west[1], stock[1], upcard[1])


#: The seat a lead mark names (``E:``: the token's value is its spelling).
LEAD_MARKS = {"N:": Seat.NORTH, "E:": Seat.EAST, "S:": Seat.SOUTH, "W:": Seat.WEST}


def _lead_mark(token: Any) -> tuple[Any, Span]:
    """The seat and span of a lead mark's token (``lead_mark``, §2.4)."""
    return LEAD_MARKS[token[1]], _of(token)


def _make_trick(roles: tuple[str, ...]) -> Callable[[list[Any]], Any]:
    """The builder of one expansion of ``trick``: with or without lead mark, winner mark and
    melds."""
    led = 1 if "lead_mark" in roles else 0
    marked = "EAST" in roles or "WEST" in roles
    melded = "*" in roles

    def build(c: list[Any], span: Any = span, make: Any = nodes.trick) -> Any:
        number, lead, follow = c[0], c[1 + led], c[2 + led]
        winner: Any = c[3 + led] if marked else None
        if melded:
            melds = unpack(c[-2])
            end = melds[-1].span
            where = span(number[2], number[3], end.end_line, end.end_column)
        else:
            melds = ()
            last = winner if marked else follow
            where = span(number[2], number[3], last[4], last[5])
        leader, leader_span = _lead_mark(c[1]) if led else (None, NOWHERE)
        return make(where, c[-1][1], number[1], lead[1], follow[1],
                    winner[1] if marked else None, melds,
                    span(lead[2], lead[3], lead[4], lead[5]),
                    span(follow[2], follow[3], follow[4], follow[5]),
                    span(winner[2], winner[3], winner[4], winner[5]) if marked else NOWHERE,
                    leader, leader_span)
    return build


def _concealed(c: list[Any]) -> tuple[Any, ...]:
    return (c[1][1] if len(c) == 3 else ()), c[-1]


def _meld(c: list[Any]) -> Any:
    kind, points = c[0], c[1]
    if len(c) == 3:
        cards, rpar = c[2]
        return nodes.meld(_between(kind, rpar), (), kind[1], points[1], cards, None, _of(points))
    return nodes.meld(_between(kind, points), (), kind[1], points[1], None, None, _of(points))


def _meld_line(c: list[Any]) -> Any:
    """``meld SEAT KIND POINTS [(CARDS)]``: a ``Meld`` naming its melder; ``meld SEAT KIND
    POINTS KIND POINTS …``: a ``Declaration`` of those melds; ``meld SEAT POINTS``: a
    ``Declaration`` of a total only (the partnership game, §11)."""
    keyword, seat, melds, eol = c
    if len(melds) != 2:  # a NUMBER token: the total only
        return nodes.declaration(_between(keyword, melds), eol[1], seat[1], (), melds[1])
    found = unpack(melds)
    last = found[-1].span
    where = span(keyword[2], keyword[3], last.end_line, last.end_column)
    if len(found) > 1:
        return nodes.declaration(where, eol[1], seat[1], found, None)
    (meld,) = found
    return nodes.meld(where, eol[1], meld.kind, meld.points, meld.concealed, seat[1],
                      meld.points_span)


def _objection(c: list[Any]) -> Any:
    """``object TARGET SEAT``, or ``object renege SEAT [SEAT]`` (``renege_seats``: the
    claimant's token, or the claimant's and the offender's)."""
    keyword, target, seats, eol = c
    if type(seats[0]) is str:  # one seat's token
        return nodes.objection(_between(keyword, seats), eol[1], target[1], seats[1])
    offender = seats[1][1] if len(seats) == 2 else None
    return nodes.objection(_between(keyword, seats[-1]), eol[1], target[1], seats[0][1],
                           offender)


def _tokens(c: list[Any]) -> tuple[Any, ...]:
    return tuple(c)


def _draw(c: list[Any]) -> Any:
    keyword, eol = c[0], c[-1]
    seats = unpack(c[1]) if len(c) == 3 else ()
    last = seats[-1] if seats else keyword
    return nodes.draw(_between(keyword, last), eol[1], tuple(s[1] for s in seats))


def _nodraw(c: list[Any]) -> Any:
    keyword, seat, eol = c
    return nodes.nodraw(_between(keyword, seat), eol[1], seat[1])


def _extradraw(c: list[Any]) -> Any:
    keyword, seat, eol = c
    return nodes.extradraw(_between(keyword, seat), eol[1], seat[1])


def _discovery(c: list[Any]) -> Any:
    keyword, seat, eol = c
    return nodes.discovery(_between(keyword, seat), eol[1], seat[1], keyword[0] == "TOOMANY")


def _callout(c: list[Any]) -> Any:
    keyword, seat, *number, eol = c
    if number:
        return nodes.callout(_between(keyword, number[0]), eol[1], seat[1], number[0][1],
                             _of(number[0]))
    return nodes.callout(_between(keyword, seat), eol[1], seat[1], None, NOWHERE)


def _look(c: list[Any]) -> Any:
    keyword, seat, eol = c
    return nodes.look(_between(keyword, seat), eol[1], seat[1])


def _correction(c: list[Any]) -> Any:
    keyword, seat, number, eol = c
    return nodes.correction(_between(keyword, number), eol[1], seat[1], number[1])


def _optional(c: list[Any]) -> tuple[Any, Any]:
    """Of a rule ``KEYWORD X Y? EOL``: the token ``Y`` (None when absent) and the statement's
    last token (``Y`` or ``X``), where its span ends."""
    token = c[2] if len(c) == 4 and c[2] is not None else None
    return token, (c[1] if token is None else token)


def _misdeal(c: list[Any]) -> Any:
    keyword, reason, eol = c[0], c[1], c[-1]
    card, last = _optional(c)
    return nodes.misdeal(_between(keyword, last), eol[1], reason[1],
                         None if card is None else card[1])


def _deadhand(c: list[Any]) -> Any:
    keyword, eol = c
    return nodes.deadhand(_of(keyword), eol[1])


def _return_card(c: list[Any]) -> Any:
    keyword, seat, eol = c
    return nodes.return_card(_between(keyword, seat), eol[1], seat[1])


def _give_card(c: list[Any]) -> Any:
    keyword, seat, to, eol = c
    return nodes.give_card(_between(keyword, to), eol[1], seat[1], to[1])


def _seat_and_cards(make: Callable[..., Any]) -> Callable[[list[Any]], Any]:
    """The builder of ``KEYWORD SEAT CARDS``: ``expose W A♥``, ``bury N J♥`` and
    ``send S K♥`` (§12), whose node ``make`` makes."""
    def build(c: list[Any]) -> Any:
        keyword, seat, cards, eol = c
        return make(_between(keyword, cards), eol[1], seat[1], cards[1])
    return build


def _knock(c: list[Any]) -> Any:
    keyword, seat, eol = c[0], c[1], c[-1]
    number, last = _optional(c)
    return nodes.knock(_between(keyword, last), eol[1], seat[1],
                       None if number is None else number[1])


def _choice(c: list[Any]) -> Any:
    keyword, seat, take, eol = c
    return nodes.choice(_between(keyword, take), eol[1], seat[1], take[1])


def _side(c: list[Any]) -> tuple[Any, ...]:
    return c[0], c[1]


_CLAIM_SEATS = {"NORTH": 0, "EAST": 1, "WEST": 2}


def _sides(c: list[Any]) -> tuple[Any, ...]:
    """The (seat, number) token pairs of a claim, as North's, East's and West's (None: not
    given)."""
    sides: list[Any] = [None, None, None]
    for side in c:
        sides[_CLAIM_SEATS[side[0][0]]] = side
    return tuple(sides)


def _claim(c: list[Any]) -> Claim:
    keyword, (north, east, west), eol = c
    last = (west or east or north)[1]
    return nodes.claim(_between(keyword, last), eol[1], keyword[1],
                       east[1][1] if east else None, west[1][1] if west else None,
                       _between(east[0], east[1]) if east else NOWHERE,
                       _between(west[0], west[1]) if west else NOWHERE,
                       north[1][1] if north else None,
                       _between(north[0], north[1]) if north else NOWHERE)


# ---- the partnership game (§11) ----

def _hands(c: list[Any]) -> Any:
    lines = c  # (cards, span, comments) of the N, E, S and W lines (or N, E, W and the widow)
    first, last = lines[0][1], lines[-1][1]
    comments = sum((line[2] for line in lines), ())
    if type(lines[-1]) is _Widow:
        widow = lines.pop()
        return nodes.hands(span(first.line, first.column, last.end_line, last.end_column),
                           comments, tuple(line[0] for line in lines),
                           tuple(line[1] for line in lines), widow[0], widow[1])
    return nodes.hands(span(first.line, first.column, last.end_line, last.end_column),
                       comments, tuple(line[0] for line in lines),
                       tuple(line[1] for line in lines))


class _Widow(tuple):  # type: ignore[type-arg]
    """The widow line's (cards, span, comments): a tuple that ``_hands`` tells apart."""


def _widow(c: list[Any]) -> Any:
    return _Widow(_hand(c))


def _words_after(c: list[Any], start: int) -> tuple[bool, bool, int | None, Any]:
    """Of ``… [flush] [long] [meld NUMBER] EOL`` from ``c[start]``: flush, long, the meld's
    number (None without), and the last token before the EOL."""
    flush = long = False
    meld = None
    last = c[start - 1]
    for i in range(start, len(c) - 1):
        token = c[i]
        kind = token[0]
        if kind == "FLUSH":
            flush = True
        elif kind == "LONG":
            long = True
        elif kind == "NUMBER" and c[i - 1][0] == "MELD":
            meld = token[1]
        last = token
    return flush, long, meld, last


def _bid(c: list[Any]) -> Any:
    keyword, seat, amount, eol = c[0], c[1], c[2], c[-1]
    flush, long, meld, last = _words_after(c, 3)
    return nodes.bid(_between(keyword, last), eol[1], seat[1], amount[1], flush, long, meld,
                     _of(amount))


def _announce(c: list[Any]) -> Any:
    keyword, seat, eol = c[0], c[1], c[-1]
    if c[2][0] == "NUMBER":
        return nodes.announce(_between(keyword, c[2]), eol[1], seat[1], c[2][1], False, False)
    flush, long, meld, last = _words_after(c, 2)
    return nodes.announce(_between(keyword, last), eol[1], seat[1], meld, flush, long)


def _pass_call(c: list[Any]) -> Any:
    keyword, seat, eol = c
    return nodes.pass_call(_between(keyword, seat), eol[1], seat[1])


def _trump(c: list[Any]) -> Any:
    keyword, suit, eol = c
    return nodes.trump(_between(keyword, suit), eol[1], suit[1])


def _make_table_trick(roles: tuple[str, ...]) -> Callable[[list[Any]], Any]:
    """The builder of one expansion of ``table_trick``: with or without lead and winner
    marks, of four cards or three (§12)."""
    led = 1 if "lead_mark" in roles else 0
    n = roles.count("CARD")

    def build(c: list[Any]) -> Any:
        number, eol = c[0], c[-1]
        cards = c[1 + led:1 + n + led]
        winner = c[1 + n + led] if len(c) == 3 + n + led else None
        last = winner or cards[-1]
        leader, leader_span = _lead_mark(c[1]) if led else (None, NOWHERE)
        return nodes.table_trick(_between(number, last), eol[1], number[1],
                                 tuple(card[1] for card in cards),
                                 winner[1] if winner else None,
                                 tuple(_of(card) for card in cards),
                                 _of(winner) if winner else NOWHERE, leader, leader_span)
    return build


def _side_sides(c: list[Any]) -> tuple[Any, ...]:
    if len(c) == 2:
        return c[0], c[1]
    return (c[0], None) if c[0][0][0] == "NS" else (None, c[0])


def _side_claim(c: list[Any]) -> Any:
    keyword, (ns, ew), eol = c
    last = (ew or ns)[1]
    return nodes.side_claim(_between(keyword, last), eol[1], keyword[1],
                            ns[1][1] if ns else None, ew[1][1] if ew else None,
                            _between(ns[0], ns[1]) if ns else NOWHERE,
                            _between(ew[0], ew[1]) if ew else NOWHERE)


# ---- the three-handed game and single-deck partnership (§12) ----

def _concede(c: list[Any]) -> Any:
    keyword, seat, eol = c
    return nodes.concession(_between(keyword, seat), eol[1], seat[1])



_BUILDERS: dict[str, Callable[[list[Any]], Any]] = {
    "start": _none,
    "header": _header,
    "closing": _closing,
    "tag": _tag,
    "battle": _battle,
    "comment": _comment,
    "deal": _deal,
    "east_hand": _hand,
    "west_hand": _hand,
    "stock_hand": _hand,
    "upcard_line": _upcard,
    "meld": _meld,
    "concealed": _concealed,
    "meld_line": _meld_line,
    "objection": _objection,
    "objection_target": _first,
    "renege_seats": _tokens,
    "draw": _draw,
    "nodraw": _nodraw,
    "extradraw": _extradraw,
    "discovery": _discovery,
    "exposure": _seat_and_cards(nodes.exposure),
    "callout": _callout,
    "knock": _knock,
    "look": _look,
    "correction": _correction,
    "misdeal": _misdeal,
    "deadhand": _deadhand,
    "return_card": _return_card,
    "give_card": _give_card,
    "choice": _choice,
    "claim": _claim,
    "game_claim": _claim,
    "sides": _sides,
    "north_side": _side,
    "east_side": _side,
    "west_side": _side,
    "seat": _first,
    "any_seat": _first,
    "hands": _hands,
    "north_hand": _hand,
    "south_hand": _hand,
    "hands_east": _hand,
    "hands_west": _hand,
    "widow_line": _widow,
    "bid": _bid,
    "announce": _announce,
    "pass_call": _pass_call,
    "trump": _trump,
    "lead_mark": _first,
    "side_claim": _side_claim,
    "game_side_claim": _side_claim,
    "side_sides": _side_sides,
    "ns_side": _side,
    "ew_side": _side,
    "signed": _first,
    "bury": _seat_and_cards(nodes.bury),
    "concede": _concede,
    "send": _seat_and_cards(nodes.send),
}


def builder(origin: str, roles: tuple[str, ...]) -> Callable[[list[Any]], Any]:
    """The function that reduces by the rule ``origin -> roles``."""
    if origin in ("first_game", "game"):
        return _make_game(roles)
    if origin == "trick":
        return _make_trick(roles)
    if origin == "table_trick":
        return _make_table_trick(roles)
    if origin.startswith("__start_"):
        return _none  # finished games leave through the parser's list, not the stack
    if origin.startswith("__"):
        return _cons
    return _BUILDERS[origin]
