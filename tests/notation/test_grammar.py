"""The reader's own parsing loop agrees with Lark's, on the same grammar and tokens.

``reader.py`` drives the LALR table of ``grammar.lark`` with a loop of its own (for speed);
Lark's own loop (``LARK.parse``, through ``NotationLexer``) is the reference: both must accept
and refuse the same texts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput
from strategies import notation_records

from pinochle.notation import NotationError, Record, dumps, parse
from pinochle.notation.grammar import LARK

DATA = Path(__file__).parent / "data"


def _lark_accepts(text: str) -> bool:
    try:
        LARK.parse(text)
    except UnexpectedInput:
        return False
    return True


def _reader_accepts(text: str) -> bool:
    try:
        parse(text)
    except NotationError:
        return False
    return True


def test_the_grammar_is_loaded_once_as_lalr() -> None:
    from pinochle.notation import grammar, reader
    assert LARK.options.parser == "lalr"
    assert reader.TABLE.start == grammar.LARK.parser.parser.parser.parse_table.start_states["start"]


def test_lark_accepts_the_fixture() -> None:
    assert _lark_accepts((DATA / "club_night.pin").read_text(encoding="utf-8"))


@settings(max_examples=100, deadline=None)
@given(notation_records())
def test_both_loops_accept_every_written_record(record: Record) -> None:
    text = dumps(record)
    assert _lark_accepts(text) and _reader_accepts(text)


@settings(max_examples=200, deadline=None)
@given(notation_records(max_games=2), st.data())
def test_both_loops_agree_on_damaged_records(record: Record, data: st.DataObject) -> None:
    text = dumps(record)
    lines = text.split("\n")
    if len(lines) > 1:
        i = data.draw(st.integers(0, len(lines) - 1))
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]  # statements out of order
        del lines[data.draw(st.integers(0, len(lines) - 1))]
    damaged = "\n".join(lines)
    assert _lark_accepts(damaged) == _reader_accepts(damaged), damaged


@pytest.mark.parametrize("text", [
    "battle 1 dealer E\nE: D♣\nstock: D♣\n", "game E 1\nbattle 1 dealer E\n",
    "1. T♠ N♠\n", "battle 1 dealer E\ntricks W 1 E 2\n", "[A \"x\"]\n[B \"y\"]\n",
    "battle 1 dealer E\n1. T♠ N♠ W ♣2 81 ()\nmeld E ♣2 81\n",
])
def test_both_loops_agree_on_structure(text: str) -> None:
    assert _lark_accepts(text) == _reader_accepts(text)
