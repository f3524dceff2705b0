"""One reading of line ends: ``\\r``, ``\\r\\n`` and ``\\n`` end a line on every
path, ``pinochle validate`` and ``pinochle fmt`` included, so they agree on every record."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle.notation import NotationError, iter_games, parse, parse_bytes
from pinochle.notation.source import SourceLines

PINOCHLE = str(Path(sys.executable).with_name("pinochle"))

# The reproducers: the bytes, and the line and column of each error (None: valid)
REPRODUCERS = [
    # an unfinished game: a finished battle of one trick is R8F's (the hands not exhausted)
    ('[Result "*"]\nbattle 1 dealer E\r1. T♠ N♠ W\n'.encode(), None),
    ("battle 1 dealer E\n1. T♠\rN♠ W\n".encode(), [(2, 6), (3, 1)]),
    (b'[Event "a\rb"]\n', [(1, 8), (2, 1)]),
]


def outcome(items: list) -> list:
    """Games as they are; errors as (line, column, message) of each."""
    return [[(e.line, e.column, e.message) for e in item.errors]
            if isinstance(item, NotationError) else item for item in items]


@pytest.mark.parametrize(("data", "error"), REPRODUCERS)
def test_every_reading_path_cuts_lines_alike(data: bytes, error: list[tuple[int, int]] | None,
                                             tmp_path: Path) -> None:
    path = tmp_path / "r.pin"
    path.write_bytes(data)
    with open(path, "rb") as handle:
        from_file = outcome(list(iter_games(handle)))
    with open(path, "rb") as handle:
        from_source = outcome(list(iter_games(SourceLines(handle))))
    from_lines = outcome(list(iter_games(io.BytesIO(data).readlines())))
    assert from_file == from_source == from_lines
    if error is None:
        assert parse_bytes(data).games == tuple(from_file) == parse(data.decode()).games
    else:
        with pytest.raises(NotationError) as caught:
            parse_bytes(data)
        assert [(e.line, e.column) for e in caught.value.errors] == error
        assert outcome([caught.value]) == from_file


@pytest.mark.parametrize(("data", "error"), REPRODUCERS)
def test_validate_and_fmt_agree(data: bytes, error: list[tuple[int, int]] | None,
                                tmp_path: Path) -> None:
    path = tmp_path / "r.pin"
    path.write_bytes(data)
    validate = subprocess.run([PINOCHLE, "validate", "-q", str(path)], capture_output=True,
                              text=True)
    fmt = subprocess.run([PINOCHLE, "fmt", str(path)], capture_output=True, text=True)
    expected = 0 if error is None else 2
    assert (validate.returncode, fmt.returncode) == (expected, expected), \
        (validate.stdout, validate.stderr, fmt.stderr)
    if error is not None:
        where = f"{path}:{error[0][0]}:{error[0][1]}:"
        assert where in validate.stdout + validate.stderr and where in fmt.stderr
