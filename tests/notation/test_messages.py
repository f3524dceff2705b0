"""What the reader's messages show of the input: the line in a
line-number gutter with carets (``notation.snippets``), quoted words clipped, control characters
and NULs escaped, however long or strange the input; a UTF-16 or UTF-32 file named as such."""

from __future__ import annotations

import io
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.notation import NotationError, iter_games, parse, parse_bytes
from pinochle.notation.snippets import WORD_WIDTH

PINOCHLE = str(Path(sys.executable).with_name("pinochle"))


def errors(text: str) -> list[NotationError]:
    with pytest.raises(NotationError) as caught:
        parse(text, "t.pin")
    return caught.value.errors


def raw_controls(message: str) -> set[str]:
    """The control characters in a message other than its line breaks and the tabs that
    snippets keep so that carets line up."""
    return {ch for ch in message if ch not in "\n\t" and (
        unicodedata.category(ch) == "Cc" or ch in "\u2028\u2029")}


def test_a_syntax_error_is_compiler_style_with_the_line_in_a_gutter() -> None:
    (error,) = errors("battle 1 dealer E\n2. T♠ Z9 W\n")
    assert error.describe() == (
        "t.pin:2:7: syntax error: expected a card such as Q♥ or QH, found 'Z9'\n"
        "    2 | 2. T♠ Z9 W\n"
        "      |       ^^")


def test_a_long_line_and_a_long_word_make_a_short_message() -> None:
    word = "Z" * 40_000
    line = "1. T♠ " + "N♠ " * 1000 + word + " W"
    (error,) = errors("battle 1 dealer E\n" + line + "\n")
    # a fifth card (a trick has two cards, or four at a table of four: §11)
    assert error.column == len("1. T♠ N♠ N♠ N♠ ") + 1
    assert len(error.describe()) < 400
    (error,) = errors("battle 1 dealer E\n1. T♠ " + word + "\n")
    found = error.message.split("found ")[1]
    assert found == "'" + "Z" * (WORD_WIDTH - 1) + "…'"
    assert all(len(line) < 120 for line in error.describe().splitlines())


@pytest.mark.parametrize("text", [
    "battle 1 dealer \x1b[31mX\n",
    "battle 1 dealer E\n1. T♠ \x00\x07\x9b N♠\n",
    "battle 1 dealer E\nE: A♠ \x1b]0;title\x07\n",
    "battle 1 dealer E\n1. T♠ (\x08\x08) N♠\n",
    '[Event "\x1b[2J" \x1b[2J]\n',
    "battle 1 dealer E\nmeld W \u2028 61\n",
])
def test_control_characters_never_reach_a_message_raw(text: str) -> None:
    for error in errors(text):
        assert raw_controls(error.describe()) == set(), error.describe()
        assert "\\x" in error.describe() or "\\u" in error.describe()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.one_of(st.characters(), st.sampled_from(list("\x00\x1b\x07\x85 []{};\"♠EW1."))),
               max_size=60))
def test_no_input_puts_a_control_character_in_a_message(text: str) -> None:
    for item in iter_games(text, "t.pin"):
        if isinstance(item, NotationError):
            for error in item.errors:
                assert raw_controls(error.describe()) == set(), error.describe()


UTF16 = '[Event "x"]\nbattle 1 dealer E\n'
FOREIGN = [
    ("utf-16", "UTF-16"),           # with a byte-order mark, little-endian here
    ("utf-16-be", "UTF-16"),        # without one: a NUL every other byte
    ("utf-16-le", "UTF-16"),
    ("utf-32", "UTF-32"),
]


@pytest.mark.parametrize(("codec", "name"), FOREIGN)
def test_a_utf16_or_utf32_file_is_named_as_such(codec: str, name: str) -> None:
    data = UTF16.encode(codec)
    with pytest.raises(NotationError) as caught:
        parse_bytes(data, "u.pin")
    (error,) = caught.value.errors
    assert (error.line, error.column) == (1, 1)
    assert error.message == f"this file is {name}; save it as UTF-8"
    (item,) = list(iter_games(io.BytesIO(data), "u.pin"))
    assert isinstance(item, NotationError) and item.errors[0].message == error.message


def test_a_utf16_file_through_the_commands(tmp_path: Path) -> None:
    path = tmp_path / "u.pin"
    path.write_bytes(UTF16.encode("utf-16"))
    for command in ("validate", "fmt"):
        result = subprocess.run([PINOCHLE, command, str(path)], capture_output=True, text=True)
        assert result.returncode == 2, (command, result.stderr)
        shown = result.stdout + result.stderr
        assert f"{path}:1:1: syntax error: this file is UTF-16; save it as UTF-8" in shown
        assert shown.count("syntax error:") == 1
        assert raw_controls(shown) == set()


def test_nul_bytes_that_are_not_utf16_are_escaped() -> None:
    with pytest.raises(NotationError) as caught:
        parse_bytes(b"battle 1 dealer E\n1. T\x00 N\x00\n")
    assert "\\x00" in caught.value.describe()
    assert raw_controls(caught.value.describe()) == set()
