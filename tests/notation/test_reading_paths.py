"""Every way of reading a record reads it alike: ``iter_games`` over a binary
file, a text file, a list of lines, a pipe read as standard input is, a ``str``, and ``parse``
and ``parse_bytes`` give the same games or the same errors (same positions, same messages), for
any text that mixes the three line ends (``\\r``, ``\\r\\n``, ``\\n``) with record-like lines."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pinochle.notation import NotationError, iter_games, parse, parse_bytes
from pinochle.notation.source import SourceLines

# Pieces of lines: statements, broken statements, comments that span lines, marks and
# characters that stress a reader (a byte-order mark, a NUL, a no-break space, a tab).
PIECES = st.sampled_from([
    "battle 1 dealer E", "battle 2 dealer W", "1. T♠ N♠ W", "2. A♣ T♣ E ♣2 81 (A♣)", "1. T♠",
    "E: D♣ A♣", "W: N♦", "stock: K♥", '[Event "x"]', '[Event "a', "game E 1 W 2",
    "tricks E 380 W 340", "{", "}", "; note", "{a}", "X", " ", "\t", "\ufeff", "\x00", "\xa0",
    "é", "", "draw", "meld W ♥2 61",
])
ENDS = st.sampled_from(["\n", "\r", "\r\n", "\n", "", " "])
TEXTS = st.lists(st.tuples(PIECES, ENDS), max_size=30).map(
    lambda parts: "".join(piece + end for piece, end in parts))
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


class Trickle:
    """A stream that gives at most ``sizes[i]`` bytes (or characters) on its i-th read, as a
    pipe or a terminal does: line ends, characters and the byte-order mark are cut anywhere."""

    def __init__(self, data: Any, sizes: list[int]) -> None:
        self.data, self.sizes, self.at, self.reads = data, sizes or [1], 0, 0

    def read(self, size: int = -1) -> Any:
        size = min(size, self.sizes[self.reads % len(self.sizes)])
        self.reads += 1
        piece = self.data[self.at:self.at + size]
        self.at += len(piece)
        return piece


def outcome(items: Iterable[Any]) -> tuple[list, list]:
    """The games read, and every error as (line, column, message, snippet), in order."""
    games, errors = [], []
    for item in items:
        if isinstance(item, NotationError):
            errors += [(e.line, e.column, e.message, e.snippet) for e in item.errors]
        else:
            games.append(item)
    return games, errors


def parsed(read: Any, data: Any) -> tuple[list, list]:
    try:
        return list(read(data).games), []
    except NotationError as error:
        return [], outcome([error])[1]


def through_a_pipe(data: bytes, text: bool) -> tuple[list, list]:
    """``iter_games`` over the read end of a real pipe, as ``pinochle validate -`` reads
    standard input (``sys.stdin.buffer``), or as text as ``sys.stdin`` is (universal newlines)."""
    read_end, write_end = os.pipe()

    def write() -> None:
        with open(write_end, "wb", buffering=0) as sink:
            for start in range(0, len(data), 7):
                sink.write(data[start:start + 7])

    writer = threading.Thread(target=write)
    writer.start()
    try:
        with open(read_end, "rb") as stdin:
            stream = io.TextIOWrapper(stdin, encoding="utf-8") if text else stdin
            return outcome(iter_games(stream))
    finally:
        writer.join()


def check_alike(text: str, sizes: list[int]) -> None:
    data = text.encode("utf-8")
    games, errors = outcome(iter_games(io.BytesIO(data)))
    if errors:
        assert parsed(parse, text) == parsed(parse_bytes, data) == ([], errors)
    else:
        assert parsed(parse, text) == parsed(parse_bytes, data) == (games, [])
    expected = (games, errors)
    assert outcome(iter_games(text)) == expected
    assert outcome(iter_games(data)) == expected
    assert outcome(iter_games(Trickle(data, sizes))) == expected
    assert outcome(iter_games(Trickle(text, sizes))) == expected
    assert outcome(iter_games(io.StringIO(text, newline=""))) == expected
    assert outcome(iter_games(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))) == expected
    assert outcome(iter_games(SourceLines(Trickle(data, sizes)))) == expected
    assert outcome(iter_games(io.BytesIO(data).readlines())) == expected
    assert outcome(iter_games(io.StringIO(text, newline="").readlines())) == expected
    # lines without their line ends, as a caller who split them would give them
    lines = io.StringIO(text, newline="").read().splitlines()  # only \r, \n, \r\n here
    if not any(ch in text for ch in "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"):
        assert outcome(iter_games(lines)) == expected


@SETTINGS
@given(TEXTS, st.lists(st.integers(1, 9), max_size=5))
@example("battle 1 dealer E\r1. T♠ N♠ W\n", [])
@example("battle 1 dealer E\n1. T♠\rN♠ W\n", [])
@example('[Event "a\rb"]\n', [])
@example("\ufeffbattle 1 dealer E\r\n1. T♠ {a\r\nb} N♠ W\r", [1])
def test_every_path_reads_the_same_games_or_errors(text: str, sizes: list[int]) -> None:
    check_alike(text, sizes)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
@example("battle 1 dealer E\r1. T♠ N♠ W\r\n2. A♣ T♣ E\r")
def test_a_pipe_read_as_standard_input_reads_the_same(text: str) -> None:
    data = text.encode("utf-8")
    expected = outcome(iter_games(io.BytesIO(data)))
    assert through_a_pipe(data, text=False) == expected
    assert through_a_pipe(data, text=True) == expected


@pytest.mark.parametrize("end", ["\n", "\r", "\r\n"])
def test_the_same_record_with_any_line_end_is_the_same_games(end: str) -> None:
    text = "[Event \"x\"]\n\nbattle 1 dealer E\n1. T♠ N♠ W\n{a\nb}\ngame E 1 W 2\n"
    assert parse(text.replace("\n", end)) == parse(text)


@pytest.mark.parametrize("text", [
    "battle 1 dealer E\r" + "x" * 70_000 + "\r\n1. T♠ N♠ W\n",
    "\ufeff" + "♠" * 30_000 + "\n" + '[Event "a"]\r',
    "battle 1 dealer E\n1. T♠ N♠ W {" + "é\r" * 40_000 + "}\n2. A♣ T♣ E",
    "battle 1 dealer E\n" + "X\n" * 150 + '[Event "2"]\n' + "battle 1 dealer E\r" * 3,
])
def test_the_limits_are_the_same_on_every_path(text: str) -> None:
    check_alike(text, [4096, 7, 65536])
