"""Reading records: ``parse``, ``parse_file`` and ``iter_games``.

The lexer (``lexer.py``) gives one list of tokens per statement line; the LALR(1) table of
``grammar.lark`` (``grammar.py``) parses them, building nodes as it goes (``builders.py``).

Every syntax error in a file is reported, not just the first: a line that cannot be parsed is
reported and skipped, and the parser goes on from the state it had before that line. If the
next line cannot start there either (the bad line was part of a deal, say), the parser tries the
states of the few lines before, and reports nothing new when one fits: the error that broke the
construct has been reported already.

Nothing but ``NotationError`` leaves this module, whatever the input (and ``TypeError`` for an
argument of the wrong type). The reader's limits (``GAME_LIMIT``, ``ERROR_LIMIT`` here,
``LINE_LIMIT`` in ``source.py``, ``COMMENT_LIMIT`` in ``lexer.py``) keep its memory bounded
whatever the input: docs/notation.md §1.1.
"""

from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from collections import deque
from collections.abc import Iterable, Iterator
from typing import IO, Any

from . import nodes
from .builders import builder
from .cards import Card, Seat, Suit
from .errors import NotationError, quoted
from .events import NOWHERE, Game, Record
from .grammar import ONE_STEP, STATEMENT_STARTS, Table, table_data
from .lexer import Lexer, Token
from .melds import MeldKind
from .snippets import snippet
from .source import CutLines, SourceLines, item_lines, text_lines

TABLE = Table(table_data(), builder)

#: How many line-start states the parser keeps for recovering (a deal is three lines, and
#: an optional fourth, the upcard, which a placeholder stands in for when it is wrong).
_HISTORY = 3

#: The longest game the reader reads, in characters (a line end counts as one). A real game is
#: a few kilobytes (a battle is about one); past this the rest of the game is skipped.
GAME_LIMIT = 250_000

#: How many syntax errors the reader reports in one game before it skips the rest of it.
ERROR_LIMIT = 100

#: Stands in the finished games for a game whose end was skipped (its errors say why).
SKIPPED: Any = object()


class _Reader:
    """One pass of the parser over a lexer's lines; ``games`` fills as games are finished."""

    def __init__(self, lexer: Lexer, filename: str | None) -> None:
        self.lexer = lexer
        self.filename = filename
        self.states: list[Any] = [TABLE.start]
        self.values: list[Any] = []
        self.games: list[Game] = []
        self.errors: list[NotationError] = []
        self.history: deque[tuple[list[Any], list[Any]]] = deque(maxlen=_HISTORY)
        self.failed = False  # whether the last line was skipped
        self.line = 0  # where the line being parsed starts
        self.game_errors = 0  # the errors reported in the current game
        self.refused_at: list[Any] = []  # the state stack where the parser refused a token
        lexer.limit = GAME_LIMIT

    def read(self, statements: Iterator[list[Token]], one_game: bool = False) -> bool:
        """Parse statement lines until the input ends (returns True) or, with ``one_game``,
        until a game is finished (returns False). A line that cannot be parsed goes to
        ``_recover``."""
        run = TABLE.run
        states, values, games = self.states, self.values, self.games
        history = self.history
        remember = history.append
        # In a run of trick (or claim) lines each TRICK_LINE (CLAIM_LINE) is taken in one step
        # (``Table.repeats``): the state stack does not change, so the run's lines share one
        # copy of it for recovering.
        repeats = TABLE.repeats
        run_states = None
        token: Token | None  # None when _relex finds a refused line taken after all
        for tokens in statements:
            repeated = repeats.get(states[-1])
            if repeated is not None:
                token = tokens[0]
                if token[0] == repeated:
                    if run_states is None:
                        run_states = states[:]
                    remember((run_states, values[:]))
                    values[-2] = (values[-2], values[-1])
                    values[-1] = token
                    if self.failed:
                        self.failed = False
                    continue
            run_states = None
            before = (states[:], values[:])
            emitted = len(games)
            refused = run(tokens, states, values, games)
            if refused is not None:
                self.refused_at = states[:]
                token, state = refused
                self.line = tokens[0][2]
                if token[0] in MARKS:
                    MARKS[token[0]](self, token)
                    run_states = None
                    if one_game and games:
                        return False
                    continue
                if token[0] in ONE_STEP:
                    tokens, token, state = self._relex(tokens, before, emitted)
                if token is not None:
                    self._recover(tokens, before, emitted, token, state)
                elif len(games) != emitted:  # taken word by word (does not happen: both
                    self.history.clear()     # forms stand in the same places)
                history = self.history
                remember = history.append
                if token is None:
                    self.failed = False
                    remember(before)
            else:
                if self.failed:
                    self.failed = False
                if len(games) != emitted:
                    history.clear()  # never go back over a finished game
                    self.new_game()
                remember(before)
            if one_game and games:
                self.line = tokens[0][2]
                return False
        self.finish()
        return True

    def new_game(self) -> None:
        """A game starts at the statement just read: it has a size and errors of its own."""
        self.lexer.new_game(GAME_LIMIT)
        self.game_errors = 0

    def _too_big(self, mark: Token) -> None:
        """The lexer says (``GAME_LIMIT``) that the line of ``mark`` takes the current game
        past ``GAME_LIMIT``."""
        self._give_up(mark, f"this game is longer than {GAME_LIMIT:,} characters, the longest "
                            "the notation reads: the rest of it is skipped, up to the next "
                            "game's first tag")

    def _resume(self, mark: Token) -> None:
        """The lexer says (``SKIPPED``) that the next line is the next game's first tag."""
        self.games.append(SKIPPED)
        self.new_game()

    def _give_up(self, first: Token, message: str) -> None:
        """Report ``message`` at ``first`` and skip the rest of the current game: the parser
        starts again, as at the start of a file, at the next game's first tag."""
        line, column = first[2], first[3]
        self.errors.append(NotationError(message, filename=self.filename, line=line,
                                         column=column,
                                         snippet=snippet(self.lexer.source(line), line, column)))
        self.states[:] = [TABLE.start]
        self.values[:] = []
        self.history.clear()
        self.failed = False
        # what is skipped: the rest of the tag section, or of the game's body (the lexer
        # corrects it at the line of a GAME_LIMIT mark, which it has not read yet)
        self.lexer.skim("body" if first[0] not in ("LSQB", "GAME_LIMIT") else "tags")

    def _relex(self, tokens: list[Token], before: tuple[list[Any], list[Any]],
               emitted: int) -> tuple[list[Token], Token | None, Any]:
        """A line read in one step (``ONE_STEP``: ``TRICK_LINE``, ``CLAIM_LINE``...) was
        refused: read it again word by word from the stacks it started with, so that the error
        and the recovery are those of the word-by-word path. Returns its tokens and the token
        and state that refused it (the same place: a battle's events may start with either,
        wherever one may; ``None`` if it was taken after all)."""
        self.states[:], self.values[:] = before[0][:], before[1][:]
        del self.games[emitted:]
        tokens = self.lexer.relex(tokens[0][2])
        refused = TABLE.run(tokens, self.states, self.values, self.games)
        self.refused_at = self.states[:]
        return (tokens, *refused) if refused is not None else (tokens, None, None)

    def _recover(self, tokens: list[Token], before: tuple[list[Any], list[Any]], emitted: int,
                 token: Token, state: Any) -> None:
        """The line ``tokens`` was refused at ``token`` in ``state``: report it (unless it only
        follows from the last error), put the stacks back as they were before the line, and
        go on from the best state for what follows."""
        states, values = self.states, self.values
        states[:], values[:] = before
        del self.games[emitted:]
        at_start = token is tokens[0]
        if at_start:
            adopted = self._retry(tokens)
        else:
            adopted = self._stand_in(tokens[0])
        follow_on = self.failed and at_start and (adopted or token[0] in STATEMENT_STARTS)
        if not follow_on:
            if self.game_errors >= ERROR_LIMIT:
                self._give_up(tokens[0], f"more than {ERROR_LIMIT} syntax errors in this game: "
                                         "the rest of it is skipped, up to the next game's "
                                         "first tag")
                return
            self.game_errors += 1
            self.errors.append(self.error(token, state, tokens[0]))
        self.failed = not adopted

    def _stand_in(self, first: Token) -> bool:
        """After an error inside a statement whose first word was right, parse a placeholder
        statement of the same kind instead, so that what follows is read in the right place
        (the record is rejected anyway: the placeholder never leaves the reader)."""
        template = stand_in(first)
        if template is None:
            return False
        states, values = self.states[:], self.values[:]
        games: list[Game] = []
        if TABLE.run(template, states, values, games) is not None:
            return False
        self.states[:], self.values[:] = states, values
        self.games.extend(games)
        if games:
            self.history.clear()
            self.new_game()
        return True

    def _retry(self, tokens: list[Token]) -> bool:
        """Try the line from the states of the lines before (newest first); adopt the first
        that takes it, dropping the unfinished lines after that state."""
        history = list(self.history)
        for i in range(len(history) - 1, -1, -1):
            states, values = history[i][0][:], history[i][1][:]
            games: list[Game] = []
            if TABLE.run(tokens, states, values, games) is None:
                self.states[:], self.values[:] = states, values
                self.games.extend(games)
                self.history = deque(history[:i + 1], maxlen=_HISTORY)
                if games:
                    self.history.clear()
                    self.new_game()
                return True
        return False

    def finish(self) -> None:
        """Feed the end of the input."""
        if self.lexer.skimming is not None:
            self.games.append(SKIPPED)
        end = ("$END", None, self.lexer.last_line, self.lexer.last_column,
               self.lexer.last_line, self.lexer.last_column)
        refused = TABLE.finish(end, self.states, self.values, self.games)
        self.refused_at = self.states[:]
        if refused is not None and not self.failed:  # else it follows from the last error
            self.errors.append(self.error(*refused))

    def error(self, token: Token, state: Any, first: Token | None = None) -> NotationError:
        kind, value, line, column = token[0], token[1], token[2], token[3]
        source = self.lexer.source(line)
        if kind == "BAD":
            message = value
        else:
            stack = self.refused_at
            expected = (TABLE.expected_after(stack) if stack and stack[-1] == state
                        else set()) or TABLE.expected(state)
            message = f"expected {describe_expected(expected)}, " \
                      f"found {describe_found(token, source)}"
            if kind == "EAST" and "EOL" in expected and first is not None and \
                    first[0] in ("TRICKS", "MELDS", "SCORE", "TOTAL", "GAME"):
                message += f" (East's total comes first: `{first[1]} E … W …`)"
            elif kind == "NORTH" and first is not None and \
                    first[0] in ("TRICKS", "MELDS", "SCORE", "TOTAL", "GAME"):
                message += " (a claim names each seat once, in the order N, E, W)"
            elif kind == "CARD" and first is not None and first[0] == "UPCARD":
                message += " (the upcard line names exactly one card)"
            elif kind == "UPCARD":
                message += " (the upcard line comes right after the deal's `stock:` line)"
            elif _LEAD_MARKS <= expected:  # right after a trick's number (§2.4)
                message += _lead_mark_hint(kind, source[column - 1:token[5] - 1]
                                           if token[4] == line else "")
        end = token[5] if token[4] == line else None
        return NotationError(message, filename=self.filename, line=line, column=column,
                             snippet=snippet(source, line, column, end))


#: What the reader does at the lexer's marks (tokens the grammar never takes).
MARKS = {"GAME_LIMIT": _Reader._too_big, "SKIPPED": _Reader._resume}


_SOME_CARD = Card.parse("D♣")
_STAND_INS: dict[str, list[tuple[str, Any]]] = {
    "LSQB": [("LSQB", "["), ("NAME", "X"), ("STRING", ""), ("RSQB", "]")],
    "BATTLE": [("BATTLE", "battle"), ("NUMBER", 1), ("DEALER", "dealer"), ("EAST", Seat.EAST)],
    "EAST_HAND": [("EAST_HAND", "E:"), ("CARDS", (_SOME_CARD,))],
    "WEST_HAND": [("WEST_HAND", "W:"), ("CARDS", (_SOME_CARD,))],
    "STOCK": [("STOCK", "stock:"), ("CARDS", (_SOME_CARD,))],
    "UPCARD": [("UPCARD", "upcard:"), ("CARD", _SOME_CARD)],
    "TRICK_NUMBER": [("TRICK_NUMBER", 1), ("CARD", _SOME_CARD), ("CARD", _SOME_CARD)],
    "MELD": [("MELD", "meld"), ("EAST", Seat.EAST), ("MELD_KIND", MeldKind.parse("♣2")),
             ("NUMBER", 0)],
    "OBJECT": [("OBJECT", "object"), ("DEAL", "deal"), ("EAST", Seat.EAST)],
    "DRAW": [("DRAW", "draw")],
    "NODRAW": [("NODRAW", "nodraw"), ("EAST", Seat.EAST)],
    "EXTRADRAW": [("EXTRADRAW", "extradraw"), ("EAST", Seat.EAST)],
    "TOOFEW": [("TOOFEW", "toofew"), ("EAST", Seat.EAST)],
    "TOOMANY": [("TOOMANY", "toomany"), ("EAST", Seat.EAST)],
    "EXPOSE": [("EXPOSE", "expose"), ("EAST", Seat.EAST), ("CARDS", (_SOME_CARD,))],
    "KNOCK": [("KNOCK", "knock"), ("EAST", Seat.EAST)],
    "TRICKS": [("TRICKS", "tricks"), ("EAST", Seat.EAST), ("NUMBER", 0)],
    "MELDS": [("MELDS", "melds"), ("EAST", Seat.EAST), ("NUMBER", 0)],
    "SCORE": [("SCORE", "score"), ("EAST", Seat.EAST), ("NUMBER", 0)],
    "TOTAL": [("TOTAL", "total"), ("EAST", Seat.EAST), ("NUMBER", 0)],
    "GAME": [("GAME", "game"), ("EAST", Seat.EAST), ("NUMBER", 0)],
    "CALL": [("CALL", "call"), ("EAST", Seat.EAST)],
    "LOOK": [("LOOK", "look"), ("EAST", Seat.EAST)],
    "CORRECT": [("CORRECT", "correct"), ("EAST", Seat.EAST), ("NUMBER", 1)],
    "MISDEAL": [("MISDEAL", "misdeal"), ("MISDEAL_REASON", "count")],
    "DEADHAND": [("DEADHAND", "deadhand")],
    "RETURN": [("RETURN", "return"), ("EAST", Seat.EAST)],
    "GIVE": [("GIVE", "give"), ("EAST", Seat.EAST), ("WEST", Seat.WEST)],
    "CHOOSE": [("CHOOSE", "choose"), ("EAST", Seat.EAST), ("CHOICE", "talon")],
    # the partnership game (§11)
    "NORTH_HAND": [("NORTH_HAND", "N:"), ("CARDS", (_SOME_CARD,))],
    "SOUTH_HAND": [("SOUTH_HAND", "S:"), ("CARDS", (_SOME_CARD,))],
    "BID": [("BID", "bid"), ("NORTH", Seat.NORTH), ("NUMBER", 500)],
    "ANNOUNCE": [("ANNOUNCE", "announce"), ("NORTH", Seat.NORTH), ("NUMBER", 0)],
    "PASS": [("PASS", "pass"), ("NORTH", Seat.NORTH)],
    "TRUMP": [("TRUMP", "trump"), ("SUIT", Suit.SPADES)],
}


def stand_in(first: Token) -> list[Token] | None:
    """A placeholder statement line of the kind that ``first`` begins, at its position."""
    words = _STAND_INS.get(first[0])
    if words is None:
        return None
    where = first[2:6]
    return [(kind, value, *where) for kind, value in words] + [("EOL", (), *where)]


# ---- words for the parser's expectations (never raw terminal names) ----

_PHRASES = {
    "TRICK_NUMBER": "a trick such as `1. T♠ N♠`",
    "TRICK_LINE": "a trick such as `1. T♠ N♠`",
    "TABLE_TRICK_LINE": "a trick such as `1. T♠ N♠`",
    "CARD": "a card such as Q♥ or QH",
    "CARDS": "a card such as Q♥ or QH",
    "EAST": "a seat (E or W)",
    "WEST": "a seat (E or W)",
    "THREE_SEATS": "a seat (N, E or W)",
    "NORTH": "a seat (N, E, S or W)",
    "SOUTH": "a seat (N, E, S or W)",
    "NS": "a side (NS or EW)",
    "EW": "a side (NS or EW)",
    "NUMBER": "a number",
    "NEGATIVE": "a number",
    "SUIT": "a suit such as ♥ or H",
    "MELD_KIND": "a meld such as ♣2, AA4 or ♦♦3",
    "LSQB": 'a tag such as [Event "…"]',
    "NAME": "a tag name such as Event",
    "STRING": 'a quoted value such as "East Point"',
    "RSQB": "`]`",
    "LPAR": "`(`",
    "RPAR": "`)`",
    "EAST_HAND": "the deal (`E:` and East's cards)",
    "WEST_HAND": "West's hand (`W:` and West's cards)",
    "STOCK": "the stock (`stock:` and its cards, top first)",
    "UPCARD": "the upcard (`upcard:` and one card)",
    "BATTLE": "`battle N dealer E`",
    "DEALER": "`dealer`",
    "SHUFFLE": "`shuffle`",
    "CUT": "`cut`",
    "DEAL": "`deal`",
    "MELD": "`meld`",
    "RENEGE": "`renege`",
    "OBJECT": "`object`",
    "DRAW": "`draw`",
    "NODRAW": "`nodraw`",
    "EXTRADRAW": "`extradraw`",
    "TOOFEW": "`toofew`",
    "TOOMANY": "`toomany`",
    "EXPOSE": "`expose`",
    "KNOCK": "`knock`",
    "TRICKS": "a claim (`tricks`, `melds`, `score`, `total`)",
    "CLAIM_LINE": "a claim (`tricks`, `melds`, `score`, `total`)",
    "SIDE_CLAIM_LINE": "a claim (`tricks`, `melds`, `score`, `total`)",
    "MELDS": "a claim (`tricks`, `melds`, `score`, `total`)",
    "SCORE": "a claim (`tricks`, `melds`, `score`, `total`)",
    "TOTAL": "a claim (`tricks`, `melds`, `score`, `total`)",
    "GAME": "the game totals (`game E … W …`)",
    "CALL": "a call-out (`call E`)",
    "LOOK": "`look`",
    "CORRECT": "a meld correction (`correct W 5`)",
    "MISDEAL": "a misdeal (`misdeal faceup`)",
    "MISDEAL_REASON": ("a misdeal's reason (`cut-exposed`, `not-cut`, `faceup`, "
                       "`dealer-exposed` or `count`)"),
    "DEADHAND": "`deadhand`",
    "RETURN": "`return`",
    "GIVE": "`give`",
    "CHOOSE": "`choose`",
    "CHOICE": "`upcard` or `talon`",
    "NORTH_HAND": "the hands (`N:` and North's cards)",
    "SOUTH_HAND": "South's hand (`S:` and South's cards)",
    "BID": "a bid (`bid N 500`)",
    "AUCTION_LINE": "a bid (`bid N 500`)",
    "ANNOUNCE": "an announcement (`announce N 140`)",
    "PASS": "`pass`",
    "TRUMP": "`trump`",
    "FLUSH": "`flush`",
    "LONG": "`long`",
    "EOL": "the end of the line",
    "$END": "the end of the file",
}

# Where a battle's next statement may begin, the list would be long: say it in one phrase
# (right after a deal's stock line, the upcard line may come too).
_BATTLE_STATEMENT = ("a statement: a trick such as `1. T♠ N♠`, the deal (`E: …`), `meld`, "
                     "`draw`, `nodraw`, `extradraw`, `object`, `toofew`, `toomany`, `expose`, "
                     "`knock`, a claim, `battle`, `game` or a tag")
_AFTER_STOCK = _BATTLE_STATEMENT.replace("the deal (`E: …`)",
                                         "the deal (`E: …`) or its upcard (`upcard: …`)")


#: The lead mark's words (§2.4): where all four may come, a trick's number was just read.
_LEAD_MARKS = frozenset({"NORTH_HAND", "EAST_HAND", "SOUTH_HAND", "WEST_HAND"})
_LEAD_MARK_PHRASE = ("a lead mark naming who led (`E:` or `W:`; at a table of four `N:`, `E:`, "
                     "`S:` or `W:`)")
_SEAT_WORDS = frozenset({"NORTH", "EAST", "SOUTH", "WEST"})


def _lead_mark_hint(kind: str, text: str) -> str:
    """What a word refused right after a trick's number probably meant: a lead mark without
    its colon (``1. E T♥ T♣``), or with no blank after it (``1. E:T♥ T♣``)."""
    if kind in _SEAT_WORDS:
        return f" (a lead mark is the seat and a colon: `{text.upper()}:`)"
    if len(text) > 2 and text[1] == ":" and text[0] in "NESWnesw":
        return f" (a blank follows the lead mark: `{text[:2].upper()} {text[2:]}`)"
    return ""


def describe_expected(expected: set[str]) -> str:
    expected = expected - {"COMMENT"}
    if _LEAD_MARKS <= expected:  # right after a trick's number: a card, or the lead mark
        rest = describe_expected(expected - _LEAD_MARKS)
        return f"{rest} or {_LEAD_MARK_PHRASE}"
    if expected == {"EAST_HAND"}:  # after the hands' N: line (a deal starts elsewhere)
        return "East's hand (`E:` and East's cards)"
    if "NORTH" in expected and "SOUTH" not in expected:  # a claim by seat: N, E, W (§12)
        expected = (expected - {"NORTH", "EAST", "WEST"}) | {"THREE_SEATS"}
    elif "NORTH" in expected:  # any of the four seats: one phrase for them
        expected = expected - {"EAST", "WEST"}
    if "TRICK_NUMBER" in expected and "BATTLE" in expected:
        return _AFTER_STOCK if "UPCARD" in expected else _BATTLE_STATEMENT
    phrases: list[str] = []
    for name in _PHRASES:
        if name in expected and _PHRASES[name] not in phrases:
            phrases.append(_PHRASES[name])
    phrases += sorted(f"`{name}`" for name in expected if name not in _PHRASES)
    if not phrases:
        return "nothing more"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


def describe_found(token: Token, source: str) -> str:
    kind = token[0]
    if kind == "EOL":
        return "the end of the line"
    if kind == "$END":
        return "the end of the file"
    if kind == "COMMENT":
        return "a comment"
    line, column, end_line, end_column = token[2:6]
    text = source[column - 1:end_column - 1] if end_line == line else source[column - 1:]
    return quoted(text or str(token[1]))


# ---- the public entry points ----

def _raise(errors: list[NotationError]) -> None:
    first = errors[0]
    first.errors = list(errors)
    raise first


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while nodes are built. A record's nodes hold no
    cycles, but the collector does not know that: with it running, a big record is walked
    again and again as it grows (a third of the reading time). Freed memory is still freed at
    once (reference counting does not pause).

    Afterwards the new nodes are moved to the collector's oldest generation without a walk
    (``gc.freeze`` then ``gc.unfreeze``), else the first collection after the pause would walk
    them all at once (another sixth of the time). This is skipped when the program has frozen
    objects of its own (a pre-fork server, say), which must stay frozen. (Measured with a plain
    ``gc.disable()``/``gc.enable()`` instead: 2.3 s against 2.8 s for 8,000 battles, the
    difference being that first walk.)

    Objects moved that way skip the collector's own count of what reached the oldest
    generation, which alone decides when it is collected: the oldest generation would never be
    collected, and cyclic garbage (an error list holding its first error, say) would pile up in
    a process that reads many records (700 MB after 30,000 small faulty records, measured;
    72 MB with the collections here).
    So the oldest generation is collected here when what is alive has grown by a quarter since
    the last full collection, or since the least it was after it (and by at least
    ``_FULL_COLLECTION_MIN`` memory blocks): garbage that only a collection frees grows it,
    nodes already freed do not. The count is the allocator's (``sys.getallocatedblocks``, a few
    microseconds). (Counting the objects moved instead, as the collector does, counts every
    game's nodes although they are freed as soon as the game is replayed: a full collection
    every 150 games of East Point, each walking the whole heap, some 8% of ``pinochle
    validate``'s time, for no garbage in a clean record.)"""
    import sys
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            _OLDEST.moved += gc.get_count()[0]  # new objects since the last move (O(1))
            gc.freeze()
            gc.unfreeze()
            # (an allocator that counts no blocks, PYTHONMALLOC=malloc: the objects moved)
            blocks = sys.getallocatedblocks() or _OLDEST.moved
            if _OLDEST.blocks is None:  # the first game: growth is counted from here (a
                _OLDEST.blocks = blocks  # collection now would only slow the start)
            elif blocks - _OLDEST.blocks > max(_OLDEST.blocks // 4, _FULL_COLLECTION_MIN):
                gc.collect()
                _OLDEST.blocks, _OLDEST.moved = sys.getallocatedblocks(), 0
            elif blocks < _OLDEST.blocks:  # freed: growth is counted from here
                _OLDEST.blocks = blocks
        if enabled:
            gc.enable()


#: The fewest memory blocks the heap must have grown by to be worth a full collection.
_FULL_COLLECTION_MIN = 100_000


class _OldestGeneration:
    """How many memory blocks were allocated after ``_collector_paused``'s last full
    collection, or the fewest since (at its first pause, before any: None), and the objects it
    moved to the oldest generation since."""

    blocks: int | None = None
    moved = 0


_OLDEST = _OldestGeneration()


def _read(lines: Iterable[str], filename: str | None) -> Record:
    reader = _Reader(Lexer(lines), filename)
    with _collector_paused():
        reader.read(reader.lexer.lines())
    if reader.errors:
        _raise(reader.errors)
    games = tuple(reader.games)
    where = NOWHERE
    if games:
        first, last = games[0].span, games[-1].span
        where = nodes.span(first.line, first.column, last.end_line, last.end_column)
    return nodes.record(where, games, filename)


def parse(text: str, filename: str | None = None) -> Record:
    """Parse a whole record. Raises ``NotationError`` whose ``errors`` lists every syntax error
    (each with file:line:column, the source line and a caret, and what was expected), and
    ``TypeError`` when ``text`` is not a ``str``."""
    if not isinstance(text, str):
        raise TypeError(f"parse() expects the text of a record as str, got {_kind(text)}"
                        + (" (use parse_bytes)" if isinstance(text, (bytes, bytearray)) else ""))
    return _read(text_lines(text), _filename(filename))


def parse_bytes(data: bytes, filename: str | None = None) -> Record:
    """Parse a record given as UTF-8 bytes (text that is not UTF-8 is reported with its
    position, like a syntax error). Raises ``NotationError``, and ``TypeError`` when ``data``
    is not ``bytes`` (or a ``bytearray``)."""
    if isinstance(data, bytearray):
        data = bytes(data)
    if not isinstance(data, bytes):
        raise TypeError(f"parse_bytes() expects bytes, got {_kind(data)}"
                        + (" (use parse)" if isinstance(data, str) else ""))
    return _read(text_lines(data), _filename(filename))


def parse_file(path: str | os.PathLike[str]) -> Record:
    """Parse the record in a file (UTF-8), read as it goes. Text that is not UTF-8 is reported
    like a syntax error, with its position; a file that cannot be read is a ``NotationError``
    too. Raises ``TypeError`` when ``path`` is not a ``str`` or a path."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"parse_file() expects a file name (str or path), got {_kind(path)}")
    filename = os.fspath(path)
    if not isinstance(filename, str):
        raise TypeError(f"parse_file() expects a file name (str or path), got {_kind(path)}")
    try:
        with open(filename, "rb") as handle:
            return _read(SourceLines(handle, keep=False), filename)
    except OSError as exc:
        raise NotationError(f"cannot read the file: {exc.strerror or exc}",
                            filename=filename) from None


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _filename(filename: Any) -> str | None:
    """The file name that messages name: a ``str`` (a path is made one), or None."""
    if isinstance(filename, os.PathLike):
        filename = os.fspath(filename)
    if filename is not None and not isinstance(filename, str):
        raise TypeError(f"a file name is a str, got {_kind(filename)}")
    return filename


def iter_games(file_or_lines: IO[str] | IO[bytes] | Iterable[str] | Iterable[bytes] | str,
               filename: str | None = None, first_line: int = 1
               ) -> Iterator[Game | NotationError]:
    """The games of a record, one at a time, reading as it goes (memory does not grow with the
    number of games). A game with syntax errors comes out as its ``NotationError`` (``errors``
    lists them all) instead of being raised, so a caller can report it and go on; so does a
    file that cannot be read (closed, or failing part way).

    ``file_or_lines``: an open file (text or binary), a ``SourceLines`` over one, any iterable
    of lines (``str`` or ``bytes``, each item one or more whole lines, with or without the line
    end of its last), or the whole text as one ``str`` (or ``bytes``). Anything else raises
    ``TypeError`` at once.

    ``first_line``: the number of the first line given, when they are the lines of a file from
    that line on (a chunk of an archive, ``cli/chunks.py``): spans and messages number the
    lines as the file does."""
    lines = _lines_of(file_or_lines)
    filename = _filename(filename)
    if filename is None:
        named = file_or_lines.raw if isinstance(file_or_lines, SourceLines) else file_or_lines
        filename = getattr(named, "name", None)
        filename = filename if isinstance(filename, str) else None
    return _games(lines, filename, first_line)


def _lines_of(source: Any) -> Iterable[str]:
    """The physical lines of what ``iter_games`` was given (``source.py`` reads them all)."""
    if isinstance(source, (SourceLines, CutLines)):
        return source
    if isinstance(source, (str, bytes, bytearray)):
        return text_lines(bytes(source) if isinstance(source, bytearray) else source)
    if callable(getattr(source, "read", None)):
        return SourceLines(source, keep=False)
    if isinstance(source, Iterable):
        return item_lines(source)
    raise TypeError("iter_games() expects an open file, an iterable of lines or the text of a "
                    f"record, got {_kind(source)}")


def _games(lines: Iterable[str], filename: str | None, first_line: int = 1
           ) -> Iterator[Game | NotationError]:
    reader = _Reader(Lexer(lines), filename)
    reader.lexer.number = first_line - 1
    pending: list[NotationError] = []

    def drain(finished: bool) -> Iterator[Game | NotationError]:
        """The finished games; each takes the errors found before the line that ended it."""
        games = reader.games
        while games:
            game = games.pop(0)
            pending.extend(reader.errors)
            reader.errors.clear()
            mine = [e for e in pending if finished or (e.line or 0) < reader.line]
            if mine:
                del pending[:len(mine)]
                first = mine[0]
                first.errors = mine
                yield first
            elif game is not SKIPPED:  # (a skipped game always has its error)
                yield game

    statements = reader.lexer.lines()
    try:
        while True:
            # The collector is paused while a game is read, and runs while the caller has it.
            with _collector_paused():
                finished = reader.read(statements, one_game=True)
            yield from drain(finished)
            if finished:
                break
    except OSError as exc:
        reader.errors.append(NotationError(f"cannot read: {exc}", filename=filename))
    except NotationError as exc:  # not lines of text
        reader.errors.append(NotationError(exc.message, filename=filename))
    except UnicodeDecodeError as exc:  # a text file opened with the wrong encoding
        reader.errors.append(NotationError(
            f"cannot decode the file as {exc.encoding} ({exc.reason}); open it in binary mode "
            "('rb') to have the lines that are not UTF-8 reported", filename=filename))
    yield from drain(True)
    pending.extend(reader.errors)
    if pending:
        first = pending[0]
        first.errors = pending
        yield first
