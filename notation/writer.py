"""The canonical writer: ``dumps(record_or_game) -> str`` (docs/notation.md §3).

Tags one a line; a blank line before each ``battle`` and before ``game``; one blank line between
games; cards, melds and keywords in their canonical spelling; one space between words; a
statement's comments after it, in their order (a ``;`` comment can only end a line).

``parse(dumps(r)) == r`` for every record ``dumps`` accepts. A record that no text could give
back (a ``;`` comment that is not last on its line, a tag value with a line break, a meld on a
trick line that names a seat, …) is refused with a ``NotationError`` saying what is wrong, rather
than written so that it would read back differently.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NoReturn

from .errors import NotationError, quoted
from .events import (Battle, CallOut, Claim, Comment, Deal, Discovery, Draw, Exposure, ExtraDraw,
                     Game, Knock, Look, Meld, MissedDraw, Objection, Record, Tag, Trick)
from .events import Correction, DeadHand, GiveCard, Misdeal, ReturnCard
from .events import Choice  # 25-steps TPV1's last-draw choice
from .events import (Announce, Bid, Declaration, Hands, Pass, SideClaim, TableTrick,
                     TrumpNaming)  # the partnership game (§11)
from .events import Bury, Concession, Send  # the three-handed game and single-deck (§12)
from .cards import FOUR_SEATS, THREE_SEATS, TWO_SEATS, Seat

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_MAX_NUMBER = 10 ** 9


def _refuse(message: str) -> NoReturn:
    raise NotationError(f"cannot write this record: {message}")


def dumps(obj: Record | Game) -> str:
    """The canonical text of a record (or of one game)."""
    games = obj.games if isinstance(obj, Record) else (obj,)
    lines: list[str] = []
    for index, game in enumerate(games):
        if not isinstance(game, Game):
            _refuse(f"expected a Game, found {type(game).__name__}")
        if index and not (game.header and isinstance(game.header[0], Tag)):
            _refuse(f"game {index + 1} does not start with a tag (only the first game of a "
                    f"file may omit its tag section)")
        if not (game.header or game.battles or game.closing):
            _refuse(f"game {index + 1} is empty")
        if index + 1 < len(games) and not (game.battles or game.closing):
            _refuse(f"game {index + 1} has no battle and no `game` claim, so the next game's "
                    f"tags would continue its tag section")
        if lines:
            lines.append("")
        _game(game, lines)
    return "\n".join(lines) + "\n" if lines else ""


def _blank(lines: list[str]) -> None:
    if lines and lines[-1] != "":
        lines.append("")


def _game(game: Game, lines: list[str]) -> None:
    item: Tag | Claim | SideClaim | Comment  # the header's items, then the closing's
    for item in game.header:
        if isinstance(item, Tag):
            lines.append(_tag(item))
        elif isinstance(item, Comment):
            lines.append(_comment(item))
        else:
            _refuse(f"a game's header holds tags and comments, not {type(item).__name__}")
    for battle in game.battles:
        _blank(lines)
        _battle(battle, lines)
    if game.closing:
        first = game.closing[0]
        if not (isinstance(first, (Claim, SideClaim)) and first.category == "game"):
            _refuse("a game's closing starts with its `game` claim")
        for item in game.closing:
            if isinstance(item, (Claim, SideClaim)):
                if item.category != "game":
                    _refuse(f"a `{item.category}` claim belongs in a battle, not after it")
                _blank(lines)
                lines.append(_claim(item) if isinstance(item, Claim) else _side_claim(item))
            elif isinstance(item, Comment):
                lines.append(_comment(item))
            else:
                _refuse(f"a game's closing holds `game` claims and comments, "
                        f"not {type(item).__name__}")


def _battle(battle: Battle, lines: list[str]) -> None:
    if not isinstance(battle, Battle):
        _refuse(f"expected a Battle, found {type(battle).__name__}")
    dealer = _seat(battle.dealer, "a battle's dealer", FOUR_SEATS)
    lines.append(_with_comments(f"battle {_number(battle.number)} dealer {dealer}",
                                battle.comments))
    for event in battle.events:
        writer = _EVENTS.get(type(event))
        if writer is None:
            _refuse(f"a battle cannot hold a {type(event).__name__}")
        if isinstance(event, Deal):
            lines.extend(_deal(event))
        elif type(event) is Hands:
            lines.extend(_hands(event))
        else:
            lines.append(writer(event))


# ---- statements ----

def _number(value: int) -> str:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < _MAX_NUMBER:
        _refuse("numbers are written with at most nine digits and no sign, not "
                + _which_number(value))
    return str(value)


def _which_number(value: Any) -> str:
    """What a value that is not a writable number is (never its digits: there may be
    millions, and Python refuses to write more than a few thousand)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return f"a {type(value).__name__}"
    return "a negative number" if value < 0 else "a number of more than nine digits"


def _signed(value: int) -> str:
    """A number of a side claim: a minus sign allowed (§11)."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return "-" + _number(-value)
    return _number(value)


def _seat(seat: Any, what: str, seats: tuple[Seat, ...] = TWO_SEATS) -> str:
    """A seat where ``seats`` may stand: the two-handed statements take East and West only
    (the reader refuses N or S there)."""
    if seat not in seats:
        _refuse(f"{what} is {' or '.join(str(s) for s in seats)}, not {seat}")
    return str(seat)


def _cards(cards: Any, what: str) -> str:
    if not cards:
        _refuse(f"{what} names at least one card")
    return " ".join(str(card) for card in cards)


def _comment_text(comment: Comment) -> str:
    text = comment.text
    if "\r" in text:
        _refuse("a comment cannot hold a carriage return")
    if comment.brace:
        if "}" in text:
            _refuse("a {…} comment cannot hold '}'")
        return "{" + text + "}"
    if "\n" in text:
        _refuse("a ; comment ends at the end of its line: it cannot hold a line break")
    if text != text.rstrip(" \t"):
        _refuse("a ; comment cannot end with blanks (trailing white space is not kept)")
    return ";" + text


def _comment(comment: Comment) -> str:
    if not isinstance(comment, Comment):
        _refuse(f"expected a Comment, found {type(comment).__name__}")
    return _comment_text(comment)


def _trailing(comments: tuple[Comment, ...]) -> str:
    for comment in comments[:-1]:
        if not comment.brace:
            _refuse("a ; comment runs to the end of its line: only the last comment of a "
                    "statement can be one")
    return "".join(" " + _comment(c) for c in comments)


def _with_comments(text: str, comments: tuple[Comment, ...]) -> str:
    return text + _trailing(comments)


def _tag(tag: Tag) -> str:
    if not _NAME.match(tag.name):
        _refuse(f"a tag name is a letter then letters, digits or _, not {quoted(tag.name)}")
    if "\n" in tag.value or "\r" in tag.value:
        _refuse("a tag value cannot hold a line break")
    value = tag.value.replace("\\", "\\\\").replace('"', '\\"')
    return _with_comments(f'[{tag.name} "{value}"]', tag.comments)


def _deal(deal: Deal) -> list[str]:
    lines = [f"E: {_cards(deal.east, 'East’s hand')}", f"W: {_cards(deal.west, 'West’s hand')}",
             f"stock: {_cards(deal.stock, 'the stock')}"]
    if deal.upcard is not None:
        lines.append(f"upcard: {_cards((deal.upcard,), 'the upcard')}")
    return _lines_with_comments(lines, deal.comments, "deal")


#: The seats of the hand lines, by their number: the partnership game's four (§11), the
#: three-handed game's three (§12).
_HAND_SEATS = {4: FOUR_SEATS, 3: THREE_SEATS}


def _hands(event: Hands) -> list[str]:
    """The four hands of the partnership game, N E S W (§11), or the three of the three-handed
    game, N E W, and its widow (§12)."""
    seats = _HAND_SEATS.get(len(event.hands))
    if seats is None:
        _refuse(f"the hands are four (N, E, S, W) or three (N, E, W), not {len(event.hands)}")
    lines = [f"{seat}: {_cards(hand, f'{seat.word}’s hand')}"
             for seat, hand in zip(seats, event.hands)]
    if event.widow is not None:
        if seats is not THREE_SEATS:
            _refuse("a widow is dealt with three hands (N, E, W), not four")
        lines.append(f"widow: {_cards(event.widow, 'the widow')}")
    return _lines_with_comments(lines, event.comments, "hands")


def _lines_with_comments(lines: list[str], comments: tuple[Comment, ...],
                         what: str) -> list[str]:
    """The lines of a statement written over several (a deal, the hands) with its comments."""
    # The comments, in order, cut after each ; comment (which ends its line); the last pieces
    # go on the last lines, so that a lone comment follows the whole statement.
    pieces: list[list[Comment]] = [[]]
    for comment in comments:
        pieces[-1].append(comment)
        if not comment.brace:
            pieces.append([])
    if not pieces[-1]:
        pieces.pop()
    if len(pieces) > len(lines):
        _refuse(f"a {what}'s {len(lines)} lines can end with at most {len(lines)} ; comments")
    for offset, piece in enumerate(pieces):
        index = len(lines) - len(pieces) + offset
        lines[index] += _trailing(tuple(piece))
    return lines


def _meld(meld: Meld) -> str:
    text = f"{meld.kind} {_number(meld.points)}"
    if meld.concealed is not None:
        text += " (" + " ".join(str(card) for card in meld.concealed) + ")"
    return text


def _lead_mark(leader: Any) -> list[str]:
    """The lead mark's word (§2.4), ``E:``, when the record has one: any of the four seats."""
    if leader is None:
        return []
    return [_seat(leader, "a trick's lead mark", FOUR_SEATS) + ":"]


def _trick(trick: Trick) -> str:
    words = [f"{_number(trick.number)}.", *_lead_mark(trick.leader), str(trick.lead),
             str(trick.follow)]
    if trick.winner is not None:
        words.append(_seat(trick.winner, "a two-card trick's winner"))
    for meld in trick.melds:
        if meld.seat is not None:
            _refuse("a meld written on a trick line is the trick winner's: its seat is None "
                    "(write a `meld SEAT …` line to name the melder)")
        if meld.comments:
            _refuse("a meld on a trick line has no comments of its own (they are the trick's)")
        words.append(_meld(meld))
    return _with_comments(" ".join(words), trick.comments)


def _meld_line(meld: Meld) -> str:
    if meld.seat is None:
        _refuse("a meld on a line of its own names its melder: `meld W ♥2 61`")
    return _with_comments(f"meld {_seat(meld.seat, 'a melder', FOUR_SEATS)} {_meld(meld)}",
                          meld.comments)


def _objection(event: Objection) -> str:
    if event.offender is not None:  # `object renege N E` (§12): any two seats
        if event.target != "renege":
            _refuse(f"only a renege claim names the offender, not an objection to the "
                    f"{event.target}")
        return _with_comments(f"object renege {_seat(event.seat, 'a claimant', FOUR_SEATS)} "
                              f"{_seat(event.offender, 'an offender', FOUR_SEATS)}",
                              event.comments)
    return _with_comments(f"object {event.target} {_seat(event.seat, 'an objector')}",
                          event.comments)


def _draw(event: Draw) -> str:
    return _with_comments(" ".join(["draw"] + [_seat(seat, "a drawer") for seat in event.seats]),
                          event.comments)


def _nodraw(event: MissedDraw) -> str:
    return _with_comments(f"nodraw {_seat(event.seat, 'a seat')}", event.comments)


def _extradraw(event: ExtraDraw) -> str:
    return _with_comments(f"extradraw {_seat(event.seat, 'a seat')}", event.comments)


def _discovery(event: Discovery) -> str:
    word = "toomany" if event.too_many else "toofew"
    return _with_comments(f"{word} {_seat(event.seat, 'a seat')}", event.comments)


def _exposure(event: Exposure) -> str:
    return _with_comments(f"expose {_seat(event.seat, 'a seat')} "
                          f"{_cards(event.cards, 'an exposure')}", event.comments)


def _callout(event: CallOut) -> str:
    total = "" if event.total is None else f" {_number(event.total)}"
    return _with_comments(f"call {_seat(event.seat, 'a caller')}{total}", event.comments)


def _knock(event: Knock) -> str:
    words = f"knock {_seat(event.seat, 'a knocker')}"
    if event.count is not None:
        words += f" {_number(event.count)}"
    return _with_comments(words, event.comments)


def _look(event: Look) -> str:
    return _with_comments(f"look {_seat(event.seat, 'a seat')}", event.comments)


def _correction(event: Correction) -> str:
    return _with_comments(f"correct {_seat(event.seat, 'a seat')} {_number(event.trick)}",
                          event.comments)


def _misdeal(event: Misdeal) -> str:
    card = "" if event.card is None else f" {event.card}"
    return _with_comments(f"misdeal {event.reason}{card}", event.comments)


def _deadhand(event: DeadHand) -> str:
    return _with_comments("deadhand", event.comments)


def _return_card(event: ReturnCard) -> str:
    return _with_comments(f"return {_seat(event.seat, 'a seat')}", event.comments)


def _give_card(event: GiveCard) -> str:
    return _with_comments(f"give {_seat(event.seat, 'a giver')} {_seat(event.to, 'a receiver')}",
                          event.comments)


def _choice(event: Choice) -> str:
    return _with_comments(f"choose {_seat(event.seat, 'a chooser')} {event.take}",
                          event.comments)


def _claim(claim: Claim) -> str:
    return _claim_line(claim, (("N", claim.north), ("E", claim.east), ("W", claim.west)),
                       _signed)


def _claim_line(claim: Claim | SideClaim, sides: tuple[tuple[str, int | None], ...],
                number: Callable[[int], str]) -> str:
    """A claim's line, by players (``E``/``W``) or by sides (``NS``/``EW``, signed)."""
    if all(value is None for _, value in sides):
        _refuse(f"a `{claim.category}` claim gives at least one side's total")
    words: list[str] = [claim.category]
    for label, value in sides:
        if value is not None:
            words += [label, number(value)]
    return _with_comments(" ".join(words), claim.comments)


def _battle_claim(claim: Claim | SideClaim) -> str:
    if claim.category == "game":
        _refuse("the `game` claim closes a game: it belongs in Game.closing, not in a battle")
    return _claim(claim) if isinstance(claim, Claim) else _side_claim(claim)


# ---- the partnership game (§11) ----

def _bid(event: Bid) -> str:
    words = ["bid", _seat(event.seat, "a bidder", FOUR_SEATS), _number(event.amount)]
    words += _statements(event.flush, event.long, event.meld)
    return _with_comments(" ".join(words), event.comments)


def _statements(flush: bool, long: bool, meld: int | None) -> list[str]:
    """What a bid or an announcement says besides its number: ``flush``, ``long``, ``meld N``."""
    words = ["flush"] if flush else []
    if long:
        words.append("long")
    if meld is not None:
        words += ["meld", _number(meld)]
    return words


def _announce(event: Announce) -> str:
    seat = _seat(event.seat, "an announcer", FOUR_SEATS)
    if not (event.flush or event.long):
        if event.meld is None:
            _refuse("an announcement says a meld, a flush or a long suit")
        return _with_comments(f"announce {seat} {_number(event.meld)}", event.comments)
    words = ["announce", seat] + _statements(event.flush, event.long, event.meld)
    return _with_comments(" ".join(words), event.comments)


def _pass(event: Pass) -> str:
    return _with_comments(f"pass {_seat(event.seat, 'a passer', FOUR_SEATS)}", event.comments)


def _trump(event: TrumpNaming) -> str:
    return _with_comments(f"trump {event.suit}", event.comments)


def _declaration(event: Declaration) -> str:
    seat = _seat(event.seat, "a declarer", FOUR_SEATS)
    if event.melds:
        if event.total is not None:
            _refuse("a declaration gives its melds or its total, not both")
        if len(event.melds) == 1:
            _refuse("a declaration of one meld is a Meld with its seat (`meld N ♥F 150`)")
        for meld in event.melds:
            if meld.seat is not None or meld.comments:
                _refuse("a declaration's melds have no seat and no comments of their own "
                        "(they are the declaration's)")
        text = " ".join(_meld(meld) for meld in event.melds)
    elif event.total is None:
        _refuse("a declaration gives its melds or its total (`meld E 0`: no meld)")
    else:
        text = _number(event.total)
    return _with_comments(f"meld {seat} {text}", event.comments)


def _table_trick(trick: TableTrick) -> str:
    if len(trick.cards) not in (3, 4):
        _refuse(f"a trick at a table of four has four cards (of three, three), not "
                f"{len(trick.cards)}")
    words = [f"{_number(trick.number)}.", *_lead_mark(trick.leader)]
    words += [str(card) for card in trick.cards]
    if trick.winner is not None:
        words.append(_seat(trick.winner, "a trick's winner", FOUR_SEATS))
    return _with_comments(" ".join(words), trick.comments)


def _side_claim(claim: SideClaim) -> str:
    return _claim_line(claim, (("NS", claim.ns), ("EW", claim.ew)), _signed)


# ---- the three-handed game and single-deck partnership (§12) ----

def _bury(event: Bury) -> str:
    return _with_comments(f"bury {_seat(event.seat, 'a seat', FOUR_SEATS)} "
                          f"{_cards(event.cards, 'a bury')}", event.comments)


def _concede(event: Concession) -> str:
    return _with_comments(f"concede {_seat(event.seat, 'a seat', FOUR_SEATS)}", event.comments)


def _send(event: Send) -> str:
    return _with_comments(f"send {_seat(event.seat, 'a sender', FOUR_SEATS)} "
                          f"{_cards(event.cards, 'a pass of cards')}", event.comments)


def _deal_placeholder(deal: Deal) -> str:  # pragma: no cover - deals are written by _deal
    raise AssertionError


_EVENTS: dict[type, Any] = {
    Comment: _comment,
    Deal: _deal_placeholder,
    Trick: _trick,
    Meld: _meld_line,
    Objection: _objection,
    Draw: _draw,
    MissedDraw: _nodraw,
    ExtraDraw: _extradraw,
    Discovery: _discovery,
    Exposure: _exposure,
    Knock: _knock,
    Claim: _battle_claim,
    CallOut: _callout,
    Look: _look,
    Correction: _correction,
    Misdeal: _misdeal,
    DeadHand: _deadhand,
    ReturnCard: _return_card,
    GiveCard: _give_card,
    Choice: _choice,
    Hands: _deal_placeholder,  # written by _hands
    Bid: _bid,
    Announce: _announce,
    Pass: _pass,
    TrumpNaming: _trump,
    Declaration: _declaration,
    TableTrick: _table_trick,
    SideClaim: _battle_claim,
    Bury: _bury,
    Concession: _concede,
    Send: _send,
}

__all__ = ["dumps"]
