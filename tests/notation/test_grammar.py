"""The reader's own parsing loop agrees with Lark's, on the same grammar and tokens.

``reader.py`` drives the LALR table of ``grammar.lark`` with a loop of its own (for speed);
Lark's own loop (``LARK.parse``, through ``NotationLexer``) is the reference: both must accept
and refuse the same texts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput
from tests.strategies import notation_records

from pinochle.notation import (NotationError, Record, dumps, grammar, grammarfile, grammartable,
                               larkgrammar)
from pinochle.notation import parse
from pinochle.notation.grammar import LARK, Table

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


def _named(origin: str, roles: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """A stand-in for ``builders.builder``: the rule it would build, by name."""
    return origin, roles


def _same_table(a: Table, b: Table) -> bool:
    """Whether ``a`` and ``b`` are the same automaton up to the numbering of their states
    (Lark numbers them in an order that varies from process to process): walked together from
    the start, paired states have the same terminals and rules, shift and go to paired states
    and reduce by the same rules; every state is paired, one to one, and the end states and the
    one-step repeats pair up too."""
    pair = {a.start: b.start}
    todo = [a.start]
    while todo:
        s = todo.pop()
        t = pair[s]
        if a.actions[s].keys() != b.actions[t].keys() or a.goto[s].keys() != b.goto[t].keys():
            return False
        nexts = [(v, b.goto[t][k]) for k, v in a.goto[s].items()]
        for k, (shift, arg) in a.actions[s].items():
            other_shift, other_arg = b.actions[t][k]
            if shift != other_shift or (not shift and arg != other_arg):
                return False
            if shift:
                nexts.append((arg, other_arg))
        for x, y in nexts:
            if x not in pair:
                pair[x] = y
                todo.append(x)
            elif pair[x] != y:
                return False
    return (len(pair) == len(a.actions) == len(b.actions) == len(set(pair.values()))
            and pair[a.end] == b.end
            and {pair[s]: terminal for s, terminal in a.repeats.items()} == b.repeats)


def test_the_grammar_is_loaded_once_as_lalr() -> None:
    from pinochle.notation import reader
    assert LARK.options.parser == "lalr"
    assert reader.TABLE.start == grammar.table_data()["start"]


def test_the_stored_table_is_the_one_lark_makes_of_grammar_lark() -> None:
    """``grammartable.py`` (the table the reader runs without importing Lark) was written from
    this grammar.lark, and is the automaton Lark computes from it now. If not: run
    ``python -m pinochle.notation.larkgrammar`` after editing grammar.lark."""
    assert grammartable.GRAMMAR == grammarfile.grammar_text()
    assert grammar.table_data() == json.loads(grammartable.TABLE)
    assert _same_table(Table(grammar.table_data(), _named),
                       Table(larkgrammar.table_data(), _named))
    assert not _same_table(Table(grammar.table_data(), _named),     # the check can fail
                           Table(larkgrammar.table_data(), lambda o, r: (o, r[:-1])))


def test_a_grammar_edited_and_not_stored_again_is_read_through_lark(monkeypatch) -> None:
    asked = []
    computed = larkgrammar.table_data
    monkeypatch.setattr(larkgrammar, "table_data", lambda: asked.append("lark") or computed())
    grammar.table_data()
    assert asked == []                                       # the stored table, while fresh
    monkeypatch.setattr(grammartable, "GRAMMAR", grammartable.GRAMMAR + "// edited\n")
    data = grammar.table_data()
    assert asked == ["lark"]
    assert _same_table(Table(data, _named), Table(json.loads(grammartable.TABLE), _named))


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
