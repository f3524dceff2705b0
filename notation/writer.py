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
from typing import Any, NoReturn

from .errors import NotationError, quoted
from .events import (Battle, CallOut, Claim, Comment, Deal, Discovery, Draw, Exposure, ExtraDraw,
                     Game, Knock, Look, Meld, MissedDraw, Objection, Record, Tag, Trick)
from .events import Correction, DeadHand, GiveCard, Misdeal, ReturnCard
from .events import Choice  # 25-steps TPV1's last-draw choice

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
    item: Tag | Claim | Comment  # the header's items, then the closing's
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
        if not (isinstance(first, Claim) and first.category == "game"):
            _refuse("a game's closing starts with its `game` claim")
        for item in game.closing:  # type: ignore[assignment]  # SideClaim: the notation branch writes it
            if isinstance(item, Claim):
                if item.category != "game":
                    _refuse(f"a `{item.category}` claim belongs in a battle, not after it")
                _blank(lines)
                lines.append(_claim(item))
            elif isinstance(item, Comment):
                lines.append(_comment(item))
            else:
                _refuse(f"a game's closing holds `game` claims and comments, "
                        f"not {type(item).__name__}")


def _battle(battle: Battle, lines: list[str]) -> None:
    if not isinstance(battle, Battle):
        _refuse(f"expected a Battle, found {type(battle).__name__}")
    lines.append(_with_comments(f"battle {_number(battle.number)} dealer {battle.dealer}",
                                battle.comments))
    for event in battle.events:
        writer = _EVENTS.get(type(event))
        if writer is None:
            _refuse(f"a battle cannot hold a {type(event).__name__}")
        if isinstance(event, Deal):
            lines.extend(_deal(event))
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
    # The comments, in order, cut after each ; comment (which ends its line); the last pieces
    # go on the last lines, so that a lone comment follows the whole deal.
    pieces: list[list[Comment]] = [[]]
    for comment in deal.comments:
        pieces[-1].append(comment)
        if not comment.brace:
            pieces.append([])
    if not pieces[-1]:
        pieces.pop()
    if len(pieces) > len(lines):
        _refuse(f"a deal's {len(lines)} lines can end with at most {len(lines)} ; comments")
    for offset, piece in enumerate(pieces):
        index = len(lines) - len(pieces) + offset
        lines[index] += _trailing(tuple(piece))
    return lines


def _meld(meld: Meld) -> str:
    text = f"{meld.kind} {_number(meld.points)}"
    if meld.concealed is not None:
        text += " (" + " ".join(str(card) for card in meld.concealed) + ")"
    return text


def _trick(trick: Trick) -> str:
    words = [f"{_number(trick.number)}.", str(trick.lead), str(trick.follow)]
    if trick.winner is not None:
        words.append(str(trick.winner))
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
    return _with_comments(f"meld {meld.seat} {_meld(meld)}", meld.comments)


def _objection(event: Objection) -> str:
    return _with_comments(f"object {event.target} {event.seat}", event.comments)


def _draw(event: Draw) -> str:
    return _with_comments(" ".join(["draw"] + [str(seat) for seat in event.seats]),
                          event.comments)


def _nodraw(event: MissedDraw) -> str:
    return _with_comments(f"nodraw {event.seat}", event.comments)


def _extradraw(event: ExtraDraw) -> str:
    return _with_comments(f"extradraw {event.seat}", event.comments)


def _discovery(event: Discovery) -> str:
    word = "toomany" if event.too_many else "toofew"
    return _with_comments(f"{word} {event.seat}", event.comments)


def _exposure(event: Exposure) -> str:
    return _with_comments(f"expose {event.seat} {_cards(event.cards, 'an exposure')}",
                          event.comments)


def _callout(event: CallOut) -> str:
    total = "" if event.total is None else f" {_number(event.total)}"
    return _with_comments(f"call {event.seat}{total}", event.comments)


def _knock(event: Knock) -> str:
    words = f"knock {event.seat}"
    if event.count is not None:
        words += f" {_number(event.count)}"
    return _with_comments(words, event.comments)


def _look(event: Look) -> str:
    return _with_comments(f"look {event.seat}", event.comments)


def _correction(event: Correction) -> str:
    return _with_comments(f"correct {event.seat} {_number(event.trick)}", event.comments)


def _misdeal(event: Misdeal) -> str:
    card = "" if event.card is None else f" {event.card}"
    return _with_comments(f"misdeal {event.reason}{card}", event.comments)


def _deadhand(event: DeadHand) -> str:
    return _with_comments("deadhand", event.comments)


def _return_card(event: ReturnCard) -> str:
    return _with_comments(f"return {event.seat}", event.comments)


def _give_card(event: GiveCard) -> str:
    return _with_comments(f"give {event.seat} {event.to}", event.comments)
def _choice(event: Choice) -> str:
    return _with_comments(f"choose {event.seat} {event.take}", event.comments)


def _claim(claim: Claim) -> str:
    if claim.east is None and claim.west is None:
        _refuse(f"a `{claim.category}` claim gives at least one side's total")
    words: list[str] = [claim.category]
    if claim.east is not None:
        words += ["E", _number(claim.east)]
    if claim.west is not None:
        words += ["W", _number(claim.west)]
    return _with_comments(" ".join(words), claim.comments)


def _battle_claim(claim: Claim) -> str:
    if claim.category == "game":
        _refuse("the `game` claim closes a game: it belongs in Game.closing, not in a battle")
    return _claim(claim)


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
}

__all__ = ["dumps"]
