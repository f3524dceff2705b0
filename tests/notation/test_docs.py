"""Every ```pinochle block of docs/notation.md parses; every ```pinochle-invalid block fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pinochle.notation import NotationError, dumps, parse

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
_BLOCK = re.compile(r"^```(pinochle(?:-invalid)?)\n(.*?)^```", re.M | re.S)


def _blocks(kind: str) -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(2)) for m in _BLOCK.finditer(text)
            if m.group(1) == kind]


def test_the_spec_has_examples_of_both_kinds() -> None:
    assert len(_blocks("pinochle")) >= 5 and len(_blocks("pinochle-invalid")) >= 3


@pytest.mark.parametrize("line, block", _blocks("pinochle"))
def test_valid_example_parses_and_round_trips(line: int, block: str) -> None:
    record = parse(block, f"notation.md:{line}")
    assert parse(dumps(record)) == record


@pytest.mark.parametrize("line, block", _blocks("pinochle-invalid"))
def test_invalid_example_is_rejected(line: int, block: str) -> None:
    with pytest.raises(NotationError):
        parse(block, f"notation.md:{line}")


def test_the_error_example_is_what_the_reader_prints() -> None:
    text = "battle 1 dealer E\n" + "\n" * 5 + "2. T♠ Z9 W\n"
    with pytest.raises(NotationError) as caught:
        parse(text, "game.pin")
    shown = caught.value.describe()
    assert shown.startswith("game.pin:7:7: syntax error: ")
    assert f"```\n{shown}\n```" in DOC.read_text(encoding="utf-8")
