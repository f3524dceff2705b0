"""A record's physical lines: the one reading of line ends, encodings and sizes.

Every way of reading a record (``parse``, ``parse_bytes``, ``parse_file``, ``iter_games`` over a
file, a stream, a list of lines or a string, ``pinochle validate`` and ``pinochle fmt``) gets
its lines from here, so they all read the same bytes the same way (docs/notation.md §1):

* a line ends at ``\\r\\n``, ``\\r`` or ``\\n``; a byte-order mark at the start is dropped;
* a line that is not UTF-8 is a ``BadLine`` saying where its first bad byte is;
* a line longer than ``LINE_LIMIT`` bytes is a ``BadLine`` holding the start of the line (for
  the message); read from a file, it is never held whole: the rest is skipped as it comes;
* a file that starts as UTF-16 or UTF-32 does is one ``BadLine`` saying so, and nothing more
  is read of it.

``SourceLines`` reads an open file (binary or text) a block at a time; ``text_lines`` cuts a
whole string, ``item_lines`` an iterable of lines (each item one or more whole lines, its last
line end optional). The three cut a piece of text with the same function (``_Cutter.cut``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .errors import NotationError

#: The longest line the notation reads, in bytes of UTF-8 without its line end. A real line is
#: under 200 bytes (a stock of 24 cards is 96); a longer one is reported and skipped.
LINE_LIMIT = 64 * 1024

#: How much is read from a file at a time.
BLOCK = 1 << 16

#: How many characters of an over-long line are kept, to be shown in its message.
_HEAD = 200

#: How much of the start of a file is looked at to recognize UTF-16 without a byte-order mark.
_SAMPLE = 128

_BOM = "\ufeff"

#: Byte-order marks of encodings that are not UTF-8 (longest first: UTF-32's starts as UTF-16's).
_FOREIGN_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                 (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


class BadLine(str):
    """A physical line that cannot be read as it is; ``problem`` is ``(column, message)``.
    The string is what can be shown of the line."""

    problem: tuple[int, str]

    @classmethod
    def make(cls, text: str, column: int, message: str) -> BadLine:
        line = cls(text)
        line.problem = (column, message)
        return line


def _long_line(head: str) -> BadLine:
    return BadLine.make(head[:_HEAD], 1, f"this line is longer than {LINE_LIMIT:,} bytes, "
                                         "the longest the notation reads; it is skipped")


def _foreign(start: bytes | str) -> str | None:
    """The name of the encoding that the start of a file shows (its first line, or bytes
    decoded wrongly as text), when it is UTF-16 or UTF-32 rather than UTF-8; else None."""
    if isinstance(start, bytes):
        for bom, name in _FOREIGN_BOMS:
            if start.startswith(bom):
                return name
    # the first line only, so that the answer is the same however the file is cut in lines
    first = start[:_SAMPLE].replace(*_ENDS[type(start)]).split(_ENDS[type(start)][1])[0]
    pairs = len(first) // 2
    if pairs < 8:
        return None
    zero = first[:0] + _ZERO[type(start)]
    even, odd = first[0:pairs * 2:2], first[1:pairs * 2:2]
    # Latin text in UTF-16: a NUL every other byte (but for a few other characters), and none
    # in between
    if (odd.count(zero) * 4 >= pairs * 3 and zero not in even) or \
            (even.count(zero) * 4 >= pairs * 3 and zero not in odd):
        return "UTF-16"
    return None


_ENDS: dict[type, tuple[Any, Any]] = {str: ("\r", "\n"), bytes: (b"\r", b"\n")}
_ZERO: dict[type, Any] = {str: "\x00", bytes: b"\x00"}


def _not_utf8(name: str) -> BadLine:
    return BadLine.make("", 1, f"this file is {name}; save it as UTF-8")


def _decode_line(raw: bytes) -> str:
    """One line of bytes as text; a ``BadLine`` at its first byte that is not UTF-8."""
    if len(raw) > LINE_LIMIT:
        return _long_line(raw[:4 * _HEAD].decode("utf-8", errors="replace"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[:exc.start].decode("utf-8")
        return BadLine.make(raw.decode("utf-8", errors="replace"), len(good) + 1,
                            f"this line is not valid UTF-8 (byte 0x{raw[exc.start]:02x})")


def _utf8_length(line: str) -> int:
    return len(line.encode("utf-8", errors="surrogatepass"))


class _Cutter:
    """Cuts pieces of a record into lines, noting whether the text so far was exactly as
    the canonical form would write its lines (``exact``)."""

    def __init__(self) -> None:
        self.exact = True
        self.first = True  # whether the next piece starts the file

    def start(self, piece: bytes | str) -> BadLine | None:
        """Before the first piece: a ``BadLine`` if the file is in another encoding."""
        name = _foreign(piece)
        if name is not None:
            self.exact = False
            return _not_utf8(name)
        return None

    def long(self, head: bytes | str) -> BadLine:
        """The ``BadLine`` of an over-long line that starts with ``head`` (its first
        ``4 * _HEAD`` bytes or more)."""
        first, self.first = self.first, False
        self.exact = False
        if isinstance(head, bytes):
            head = head.decode("utf-8", errors="replace")
        return _long_line(head[1:] if first and head.startswith(_BOM) else head)

    def cut(self, piece: bytes | str, ended: bool = True) -> list[str]:
        """The lines of ``piece``, which starts a line and ends with a line end (or, when not
        ``ended``, ends the file without one). A ``\\r`` at the end of a piece must be its line
        end (the caller does not cut between ``\\r`` and ``\\n``)."""
        first, self.first = self.first, False
        if isinstance(piece, bytes):
            try:
                text = piece.decode("utf-8")
            except UnicodeDecodeError:
                self.exact = False
                return self._cut_bytes(piece, first, ended)
        else:
            text = piece
        if first and text.startswith(_BOM):
            text = text[1:]
            self.exact = False
        if "\r" in text:
            self.exact = False
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        if ended:
            lines.pop()  # the empty text after the last line end
        elif lines[-1] == "":
            lines.pop()
        else:
            self.exact = False  # no line end at the end of the file
        # (a character is at most four bytes: most pieces are told apart without a loop)
        if len(text) * 4 > LINE_LIMIT and max(map(len, lines), default=0) * 4 > LINE_LIMIT:
            for i, line in enumerate(lines):
                if len(line) * 4 > LINE_LIMIT and _utf8_length(line) > LINE_LIMIT:
                    lines[i] = _long_line(line)
                    self.exact = False
        return lines

    def _cut_bytes(self, piece: bytes, first: bool, ended: bool) -> list[str]:
        """``cut`` for bytes that are not all UTF-8: line by line."""
        if first and piece.startswith(b"\xef\xbb\xbf"):
            piece = piece[3:]
        raw = piece.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        if ended or raw[-1] == b"":
            raw.pop()
        lines = [_decode_line(line) for line in raw]
        if any(type(line) is BadLine for line in lines):
            self.exact = False
        return lines


def _line_end(data: Any, start: int = 0, stop: int | None = None) -> int:
    """Where the last line end character (``\\n`` or ``\\r``) in ``data[start:stop]`` is,
    or -1."""
    newline, cr = ("\n", "\r") if isinstance(data, str) else (b"\n", b"\r")
    stop = len(data) if stop is None else stop
    return int(max(data.rfind(newline, start, stop), data.rfind(cr, start, stop)))


class SourceLines:
    """The physical lines of an open file (binary or text), read a block at a time, as the
    reader consumes them; ``line(n)`` gives line ``n`` back (for quoting it in a message)
    until ``forget_before`` drops it, so that the whole file is never in memory.

    ``exact`` stays True while the bytes read are exactly their lines, each followed by
    ``\\n``, in UTF-8: it turns False at a ``\\r``, a byte-order mark, text that is not
    UTF-8, an over-long line or a last line without its line end. (A file is in canonical
    form when ``exact`` is True at its end and its lines are those of the canonical text.)

    Lines are kept only with ``keep`` (and never more than ``KEEP`` of them: the oldest go
    first), so that memory stays bounded whatever the caller does.
    """

    #: The most lines kept for ``line(n)``: every line of the longest game the reader reads
    #: (``reader.GAME_LIMIT`` characters, a line end counting as one).
    KEEP = 250_000

    def __init__(self, raw: Any, keep: bool = True) -> None:
        read = getattr(raw, "read", None)
        if not callable(read):
            raise TypeError(f"expected an open file, got {type(raw).__name__}")
        self.raw = raw
        # ``read1`` returns what has arrived (a pipe, a terminal) instead of waiting for a
        # whole block, so a reader of standard input goes on with what has come
        self._read_block = getattr(raw, "read1", read)
        self.keep = keep
        self.first = 1  # the number of the first line kept
        self.lines: list[str] = []
        self._cutter = _Cutter()

    @property
    def exact(self) -> bool:
        return self._cutter.exact

    def __iter__(self) -> Iterator[str]:
        for lines in self.pieces():
            yield from lines

    def pieces(self) -> Iterator[list[str]]:
        """The lines, a block's worth at a time (for a reader that takes them in bulk)."""
        for lines in self._pieces():
            if self.keep:
                self._remember(lines)
            yield lines

    def _remember(self, lines: list[str]) -> None:
        kept = self.lines
        kept.extend(lines)
        if len(kept) > self.KEEP + self.KEEP // 4:
            drop = len(kept) - self.KEEP
            del kept[:drop]
            self.first += drop

    def _pieces(self) -> Iterator[list[str]]:
        """The lines of the file, a block's worth at a time."""
        cutter = self._cutter
        pending: Any = None  # the start of a line whose end has not been read
        skipping = False  # inside an over-long line: drop everything up to its end
        for block in self._blocks():
            if pending is None:  # the first block: is it in another encoding?
                pending = block[:0]
                foreign = cutter.start(block)
                if foreign is not None:
                    yield [foreign]
                    return
            data = pending + block if pending else block
            if skipping:
                data, skipping = self._skip(data)
                if skipping:
                    pending = data
                    continue
            cut = _line_end(data) + 1
            if cut == len(data) and data[-1:] in ("\r", b"\r"):
                cut = _line_end(data, 0, cut - 1) + 1  # a \n may follow in the next block
            pending = data[cut:]
            if cut:
                yield cutter.cut(data[:cut])
            if len(pending) > LINE_LIMIT:
                yield [cutter.long(pending[:4 * _HEAD])]
                pending, skipping = pending[:0], True
        if pending and not skipping:
            yield cutter.cut(pending, ended=False)

    def _blocks(self) -> Iterator[Any]:
        """The file's blocks; the first holds at least ``_SAMPLE`` bytes (unless the file is
        shorter), so that another encoding is recognized however the file arrives."""
        first = self._read()
        while first and len(first) < _SAMPLE:
            more = self._read()
            if not more:
                break
            first += more
        if not first:
            return
        yield first
        while block := self._read():
            yield block

    def _read(self) -> Any:
        try:
            block = self._read_block(BLOCK)
        except UnicodeDecodeError:  # a text file opened with another encoding: the caller says
            raise
        except ValueError as exc:  # a closed file
            raise NotationError(f"cannot read: {exc}") from None
        if not isinstance(block, (str, bytes)):
            raise NotationError(f"expected lines of text, found {type(block).__name__}")
        return block

    @staticmethod
    def _skip(data: Any) -> tuple[Any, bool]:
        """Drop the rest of an over-long line from ``data``: the text after its line end,
        and whether the line goes on past ``data``."""
        newline, cr = ("\n", "\r") if isinstance(data, str) else (b"\n", b"\r")
        ends = [i for i in (data.find(newline), data.find(cr)) if i >= 0]
        if not ends:
            return data[:0], True
        end = min(ends)
        if data[end:end + 1] == cr:
            if end + 1 == len(data):
                return data[end:], True  # a \n may follow: keep the \r and look again
            if data[end + 1:end + 2] == newline:
                end += 1
        return data[end + 1:], False

    def line(self, number: int) -> str | None:
        """Physical line ``number`` as read (without its line end), or None when it has not
        been read, was forgotten, or lines are not kept."""
        index = number - self.first
        if not 0 <= index < len(self.lines):
            return None
        return self.lines[index]

    def forget_before(self, number: int) -> None:
        """Drop the lines before line ``number``."""
        drop = min(number - self.first, len(self.lines))
        if drop > 0:
            del self.lines[:drop]
            self.first += drop


class CutLines(list[str]):
    """Lines already cut by one of this module's readers (a run of a ``SourceLines``'s, say),
    to be read as they are: ``iter_games`` does not cut them again (which would turn a
    ``BadLine`` into plain text)."""


def text_lines(text: str | bytes) -> list[str]:
    """The lines of a whole record given as one string (or bytes), cut in one piece by the
    function that cuts a file's blocks (so, the same lines: tests/notation/test_reading_paths)."""
    cutter = _Cutter()
    foreign = cutter.start(text)
    if foreign is not None:
        return [foreign]
    if not text:
        return []
    return cutter.cut(text, ended=text[-1:] in ("\n", "\r", b"\n", b"\r"))


def item_lines(items: Iterable[Any]) -> Iterator[str]:
    """The lines of an iterable of lines (``str`` or ``bytes``): each item is one or more whole
    lines, with or without the line end of its last one."""
    cutter = _Cutter()
    for item in items:
        if not isinstance(item, (str, bytes)):
            raise NotationError(f"expected lines of text, found {type(item).__name__}")
        if cutter.first:
            foreign = cutter.start(item)
            if foreign is not None:
                yield foreign
                return
        if isinstance(item, str):
            if item[-1:] not in ("\n", "\r"):
                item += "\n"
        elif item[-1:] not in (b"\n", b"\r"):
            item += b"\n"
        yield from cutter.cut(item)
