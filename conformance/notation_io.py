"""Records to and from text, through the notation package's reader and writer.

The only place the conformance package touches the notation's text form: ``read_record`` parses
a file (``pinochle.notation.parse``), ``record_text`` writes the canonical form
(``pinochle.notation.dumps``).
"""

from __future__ import annotations

from pathlib import Path

from pinochle.notation.errors import PinochleError
from pinochle.notation.events import Record


def read_record(path: Path) -> Record:
    """Parse one record file; a ``PinochleError`` names the file (and line:column) on failure."""
    from pinochle.notation import parse

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PinochleError(f"{path}: cannot read: {error}") from None
    return parse(text, str(path))


def record_text(record: Record) -> str:
    from pinochle.notation import dumps

    return dumps(record)
