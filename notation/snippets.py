"""Showing a piece of a record in a message: the source line in a line-number gutter with a
caret under the place, control characters escaped, and long lines and words cut to a readable
width with an ellipsis. Every message that quotes the input goes through here, so that no
input, however long or strange, makes a long or raw message.
"""

from __future__ import annotations

#: How many columns of a source line a snippet shows at most (a window around the caret).
LINE_WIDTH = 100

#: How many characters of a quoted word a message shows at most.
WORD_WIDTH = 40

ELLIPSIS = "…"


def _shown(ch: str) -> str:
    """How one character of the input is shown: itself, or an escape for a control character
    (C0, DEL, C1, and the line and paragraph separators), so that nothing raw reaches the
    terminal."""
    code = ord(ch)
    if ch == "\t" or (0x20 <= code < 0x7F) or (code > 0x9F and code not in (0x2028, 0x2029)):
        return ch
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character escaped (``\\x00``, ``\\x1b``…); a tab is kept."""
    if text.isprintable():
        return text
    return "".join(_shown(ch) for ch in text)


def clip(text: str, width: int = WORD_WIDTH) -> str:
    """``text`` made printable and cut to ``width`` characters, the last being an ellipsis."""
    text = printable(text[:width + 1] if len(text) > 4 * width else text)
    return text if len(text) <= width else text[:width - 1] + ELLIPSIS


def snippet(source: str, line: int | None, column: int, end_column: int | None = None) -> str:
    """The source line in a gutter, and carets under columns ``column`` up to ``end_column``
    (exclusive; one caret when it is missing or not after ``column``)::

           14 | 6. J♥ T♠ W ♣2 81
              |            ^^^^^

    A line longer than ``LINE_WIDTH`` is shown as a window around the caret, cut with an
    ellipsis at either end; control characters are escaped and the caret still lines up."""
    start = max(column - 1, 0)
    stop = start + 1
    if end_column is not None and end_column > column:
        stop = end_column - 1
    stop = min(stop, max(len(source), start + 1))
    # the window, in characters of the source: a third of it before the caret
    first = 0
    if len(source) > LINE_WIDTH:
        first = max(0, min(start - LINE_WIDTH // 3, len(source) - LINE_WIDTH))
    last = min(len(source), first + LINE_WIDTH)
    pieces = [_shown(ch) for ch in source[first:last]]
    text = "".join(pieces)
    pad = "".join("\t" if p == "\t" else " " * len(p) for p in pieces[:start - first])
    carets = sum(len(p) for p in pieces[start - first:stop - first]) or 1
    if first > 0:
        text = ELLIPSIS + text
        pad = " " + pad
    if last < len(source):
        text += ELLIPSIS
        carets = min(carets, len(text) - len(pad))
    number = "" if line is None else str(line)
    width = max(5, len(number))
    return f"{number:>{width}} | {text}\n{'':>{width}} | {pad}{'^' * carets}"
