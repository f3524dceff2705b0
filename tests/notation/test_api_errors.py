"""The Python API's errors: bad input is a ``NotationError``; an argument of
the wrong type is a ``TypeError`` that names the function and what it expects (as each
docstring and docs/notation.md §5 say); never an AttributeError or a ValueError from inside."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Callable

import pytest

from pinochle.notation import (Card, MeldKind, NotationError, Rank, Seat, Suit, dumps, iter_games,
                               parse, parse_bytes, parse_cards, parse_file)

WRONG_TYPES: list[tuple[str, Callable[[], Any], str]] = [
    ("parse(bytes)", lambda: parse(b"battle 1 dealer E\n"),  # type: ignore[arg-type]
     r"parse\(\) expects the text of a record as str, got bytes \(use parse_bytes\)"),
    ("parse(None)", lambda: parse(None), r"parse\(\) expects .* got None"),  # type: ignore[arg-type]
    ("parse_bytes(str)", lambda: parse_bytes("battle 1 dealer E\n"),  # type: ignore[arg-type]
     r"parse_bytes\(\) expects bytes, got str \(use parse\)"),
    ("parse_bytes(None)", lambda: parse_bytes(None), r"got None"),  # type: ignore[arg-type]
    ("parse_file(None)", lambda: parse_file(None),  # type: ignore[arg-type]
     r"parse_file\(\) expects a file name \(str or path\), got None"),
    ("parse_file(3)", lambda: parse_file(3), r"got int"),  # type: ignore[arg-type]
    ("iter_games(None)", lambda: iter_games(None),  # type: ignore[arg-type]
     r"iter_games\(\) expects an open file, an iterable of lines or the text of a record, "
     r"got None"),
    ("iter_games(3)", lambda: iter_games(3), r"got int"),  # type: ignore[arg-type]
    ("a file name that is not a str", lambda: parse("battle 1 dealer E\n", 5),  # type: ignore[arg-type]
     r"a file name is a str, got int"),
    ("iter_games(..., filename=5)", lambda: iter_games("", 5),  # type: ignore[arg-type]
     r"a file name is a str, got int"),
    ("Card.parse(None)", lambda: Card.parse(None),  # type: ignore[arg-type]
     r"Card\.parse\(\) expects a str, got NoneType"),
    ("Seat.parse(1)", lambda: Seat.parse(1), r"Seat\.parse\(\) expects a str"),  # type: ignore[arg-type]
    ("Suit.parse(1)", lambda: Suit.parse(1), r"Suit\.parse\(\) expects a str"),  # type: ignore[arg-type]
    ("Rank.parse(1)", lambda: Rank.parse(1), r"Rank\.parse\(\) expects a str"),  # type: ignore[arg-type]
    ("MeldKind.parse(None)", lambda: MeldKind.parse(None),  # type: ignore[arg-type]
     r"MeldKind\.parse\(\) expects a str"),
    ("parse_cards(None)", lambda: parse_cards(None),  # type: ignore[arg-type]
     r"parse_cards\(\) expects a str, got NoneType"),
]


@pytest.mark.parametrize(("call", "match"), [(c, m) for _, c, m in WRONG_TYPES],
                         ids=[name for name, _, _ in WRONG_TYPES])
def test_a_wrong_type_is_a_type_error_that_says_what_was_expected(call: Callable[[], Any],
                                                                 match: str) -> None:
    with pytest.raises(TypeError, match=match):
        call()


def test_iter_games_refuses_a_wrong_type_at_once_not_when_first_read() -> None:
    with pytest.raises(TypeError):
        iter_games(None)  # type: ignore[arg-type]  (no next(): the call itself raises)


def test_a_closed_file_is_a_notation_error_among_the_games(tmp_path: Path) -> None:
    path = tmp_path / "g.pin"
    path.write_text("battle 1 dealer E\n", encoding="utf-8")
    for mode in ("rb", "r"):
        handle = open(path, mode)
        handle.close()
        (item,) = list(iter_games(handle))
        assert isinstance(item, NotationError)
        assert item.filename == str(path) and item.message.startswith("cannot read:")
        assert "closed file" in item.message


def test_lines_that_are_not_text_are_a_notation_error() -> None:
    (item,) = list(iter_games(["battle 1 dealer E\n", 3]))  # type: ignore[list-item]
    assert isinstance(item, NotationError) and item.message == "expected lines of text, found int"


def test_a_text_file_in_another_encoding_is_a_notation_error() -> None:
    data = "battle 1 dealer E\n1. T♠ N♠ W ; café\n".encode("latin-1", errors="replace")
    stream = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    (item,) = list(iter_games(stream))
    assert isinstance(item, NotationError)
    assert item.message.startswith("cannot decode the file as utf-8 (invalid continuation byte)")


def test_bad_files_and_values_are_notation_errors(tmp_path: Path) -> None:
    with pytest.raises(NotationError, match="cannot read the file: Is a directory"):
        parse_file(tmp_path)
    with pytest.raises(NotationError, match="cannot read the file: No such file"):
        parse_file(tmp_path / "missing.pin")
    with pytest.raises(NotationError, match="cannot write this record: expected a Game"):
        dumps(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="expected a card such as Q♥ or QH, found 'zz'"):
        parse_cards("A♠ zz")


def test_a_path_names_the_file_in_messages(tmp_path: Path) -> None:
    with pytest.raises(NotationError) as caught:
        parse("battle 1 dealer X\n", tmp_path / "p.pin")  # type: ignore[arg-type]
    assert caught.value.filename == str(tmp_path / "p.pin")
