"""Where a file's lines may be cut into chunks (``batch/chunks.py``): at a game start, a tag line
after a statement that is not a tag (docs/notation.md §2: "a new tag after a battle starts a new
game"), never inside a brace comment, found as the lines come, each line looked at once (twice at
most: see ``Scanner``), so that cutting a file takes time linear in its length whatever it holds
(a stray ``{``, a million comment lines).

Most chunks hold no ``{``: their lines are looked at only from the chunk's size on, where a cut
is sought, and a regular expression counts their games (``count_games``). A chunk that holds a
``{`` is read line by line from its start by a ``Scanner``, as the lexer reads braces.
"""

from __future__ import annotations

import re

from pinochle.notation.lexer import COMMENT_LIMIT


def _scan(line: str, at: int = 0, opens: bool = True) -> tuple[str, int]:
    """What ``line`` from ``at`` on is to the cut, and where a brace comment that it leaves open
    starts (just past its ``{``; -1 when none is open). What: ``""`` nothing but blanks and
    comments, ``"["`` a tag, ``"s"`` another statement. A brace comment cannot hold ``}``
    (docs/notation.md §1); a ``{`` in a quoted value or a ``;`` comment opens none; with
    ``opens`` False a ``{`` opens none either, and the rest of the line is not read (the lexer's
    unterminated comment)."""
    size = len(line)
    what = ""
    quoted = False
    while at < size:
        char = line[at]
        if quoted:
            if char == "\\":
                at += 1
            elif char == '"':
                quoted = False
        elif char == "{":
            if not opens:
                return what, -1
            close = line.find("}", at + 1)
            if close < 0:
                return what, at + 1
            at = close
        elif char == ";":
            break
        elif not char.isspace():
            if not what:
                what = "[" if char == "[" else "s"
            quoted = char == '"'
        at += 1
    return what, -1


def _plain(line: str) -> str:
    """``_scan``'s what, for a line without a brace."""
    text = line.lstrip()
    if not text or text[0] == ";":
        return ""
    return "[" if text[0] == "[" else "s"


class Scanner:
    """The cuts' reading of lines one by one, braces and all, from a game start or the file's
    start (outside a brace comment), as the lexer reads them (``Lexer._brace``): a ``{`` opens a
    comment only when a ``}`` follows within ``COMMENT_LIMIT`` characters. When none does, the
    ``{`` is an error that ends its line, the lines read in vain are read again as lines of
    their own, and a ``{`` on them opens no comment (the lexer's ``_unclosed``). No cut falls on
    those lines, so that a chunk read alone reads as in its file. ``starts`` goes on from where
    it stopped when more lines have come."""

    def __init__(self) -> None:
        self.at = 0                 # the next line to look at
        self.statement = False      # a statement other than a tag since the last tag
        self.vain = -1              # a '{' on a line up to this one opens no comment
        # the brace comment open: (its first line, its characters so far, ``statement`` then)
        self.open: tuple[int, int, bool] | None = None

    def starts(self, lines: list[str], start: int = 0) -> int | None:
        """Read on through ``lines``; the index of the next game start at or past ``start``
        (the scan stops before it), or None."""
        while self.at < len(lines):
            index = self.at
            if self._step(lines, index)[1] and index >= start and index > self.vain:
                self.at = index
                return index
        return None

    def games(self, lines: list[str]) -> int:
        """How many games ``lines`` holds, by the cuts' reading (one at the first statement
        or tag, then one at each start); a brace comment open at their end is not one (the
        lexer reads its lines again)."""
        games = 0
        while True:
            while self.at < len(lines):
                what, start = self._step(lines, self.at)
                if start or (what and not games):
                    games += 1
            if self.open is None:
                return games
            self._give_up(len(lines) - 1)

    def _give_up(self, last: int) -> None:
        """The brace comment open found no ``}`` up to line ``last``: read its lines again."""
        assert self.open is not None
        first, _, self.statement = self.open
        self.open = None
        self.vain = last
        self.at = first + 1

    def _step(self, lines: list[str], index: int) -> tuple[str, bool]:
        """Read line ``index``: what it is (``_scan``), and whether it starts a game after the
        first."""
        line = lines[index]
        self.at = index + 1
        inside = self.open is not None
        if self.open is not None:
            first, length, before = self.open
            close = line.find("}")
            if close < 0:
                length += len(line) + 1
                if length > COMMENT_LIMIT:
                    self._give_up(index)
                else:
                    self.open = (first, length, before)
                return "", False
            self.open = None
            what, opened = _scan(line, close + 1)
        elif "{" in line:
            what, opened = _scan(line, 0, index > self.vain)
        else:
            what, opened = _plain(line), -1
        start = False
        if what == "[":
            start = self.statement and not inside
            self.statement = False
        elif what == "s":
            self.statement = True
        if opened >= 0:
            self.open = (index, len(line) - opened, self.statement)
            if len(line) - opened > COMMENT_LIMIT:
                self._give_up(index)
        return what, start


#: A game start after the first, in lines joined by ``\n`` holding no brace: a statement line
#: (not a tag, comment or blank), then blank or ``;`` comment lines, then a tag line.
_LATER_START = re.compile(r"^[^\S\n]*[^\s\[;][^\n]*\n(?:[^\S\n]*(?:;[^\n]*)?\n)*[^\S\n]*\[",
                          re.M)
_ANYTHING = re.compile(r"^[^\S\n]*[^\s;]", re.M)


def count_games(lines: list[str]) -> int:
    """How many games ``lines`` (a chunk, which starts at a game start or the file's start)
    holds, by the cuts' reading."""
    text = "\n".join(lines)
    if "{" in text:
        return Scanner().games(lines)
    if not _ANYTHING.search(text):
        return 0
    return 1 + len(_LATER_START.findall(text))


class Cuts:
    """The game starts of one file's lines, sought as they come (``add``, then ``find``):
    ``held`` is the lines not yet cut off, from a game start (or the file's start) on."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.held: list[str] = []
        self.brace = -1             # the last line of ``held`` holding a '{' (-1: none)
        self.at = 0                 # ``held`` has no cut before this line (without a '{')
        self.scanner: Scanner | None = None

    def add(self, lines: list[str]) -> None:
        base = len(self.held)
        self.held.extend(lines)
        if "{" in "\n".join(lines):
            self.brace = base + max(i for i, line in enumerate(lines) if "{" in line)

    def take(self) -> list[str] | None:
        """The lines before the first game start at or past line ``size`` of ``held`` (cut off
        from it), or None when ``held`` has none yet."""
        cut = self._find()
        if cut is None:
            return None
        lines, self.held = self.held[:cut], self.held[cut:]
        self.brace -= cut
        self.at = 0
        self.scanner = None
        return lines

    def _find(self) -> int | None:
        held = self.held
        if len(held) <= self.size:
            return None
        if self.brace >= 0:
            if self.scanner is None:
                self.scanner = Scanner()
            return self.scanner.starts(held, self.size)
        for index in range(max(self.size, self.at), len(held)):
            line = held[index]
            if line[:1] != "[" and line.lstrip()[:1] != "[":
                continue
            before = index - 1
            while before >= 0 and _plain(held[before]) == "":
                before -= 1
            if before >= 0 and _plain(held[before]) == "s":
                return index
        self.at = len(held)
        return None
