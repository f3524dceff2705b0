"""Records to and from text, through the notation package's reader and writer.

The only place the conformance package touches the notation's text form: ``read_record`` parses
a file (``pinochle.notation.parse_file``), ``record_text`` writes the canonical form
(``pinochle.notation.dumps``).
"""

from __future__ import annotations

import stat
from pathlib import Path

from pinochle.notation.errors import PinochleError
from pinochle.notation.events import Record


def regular(path: Path) -> None:
    """A ``PinochleError`` unless ``path`` is a regular file: a fixture names files beside it,
    and a named pipe would block, a device (``/dev/zero``) never end (docs/rulings.md, "Odd
    inputs")."""
    try:
        mode = path.stat().st_mode
    except OSError as error:
        raise PinochleError(f"{path}: cannot read: {error.strerror or error}") from None
    if not stat.S_ISREG(mode):
        raise PinochleError(f"{path}: not a regular file; a fixture and its record are files")


def read_record(path: Path) -> Record:
    """Parse one record file, as ``pinochle validate`` reads one (a block at a time, its lines
    and games bounded); a ``PinochleError`` names the file (and line:column) on failure."""
    from pinochle.notation.reader import parse_file

    regular(path)
    return parse_file(path)


def record_text(record: Record) -> str:
    from pinochle.notation import dumps

    return dumps(record)
