"""Properties of reader and writer together (Hypothesis, 100 examples of a whole written record
each, 200 of garbage and damaged records).

parse(dumps(r)) == r for every writable record; dumps is idempotent; iter_games streams the same
games; garbage, truncations and bytes that are not UTF-8 only ever raise NotationError.
"""

from __future__ import annotations

import io

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from tests.strategies import notation_records

from pinochle.notation import NotationError, Record, dumps, iter_games, parse, parse_bytes

EXAMPLES = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
#: The four properties of a whole written record: drawing the record is most of an example's
#: time (three quarters, profiled), and the same strategy's records are read back in this
#: module's damaged-record test (200), test_grammar's two (100, 200) and test_nodes' (100), so
#: 1,400 records a run were parsed from their written text; 100 each here, as there, make 1,000.
RECORD_EXAMPLES = settings(EXAMPLES, max_examples=100)


@RECORD_EXAMPLES
@given(notation_records())
def test_parse_of_dumps_is_the_identity(record: Record) -> None:
    text = dumps(record)
    assert parse(text) == record


@RECORD_EXAMPLES
@given(notation_records())
def test_dumps_is_idempotent(record: Record) -> None:
    once = dumps(parse(dumps(record)))
    assert dumps(parse(once)) == once
    assert once == dumps(record)


@RECORD_EXAMPLES
@given(notation_records())
def test_every_span_is_a_real_position(record: Record) -> None:
    parsed = parse(dumps(record))
    for span, where in _spans(parsed):
        assert span.line >= 1 and span.column >= 1, where
        assert (span.end_line, span.end_column) > (span.line, span.column), where


@RECORD_EXAMPLES
@given(notation_records(), st.booleans())
def test_iter_games_streams_the_same_games(record: Record, binary: bool) -> None:
    text = dumps(record)
    source = io.BytesIO(text.encode()) if binary else io.StringIO(text)
    games = list(iter_games(source))
    assert tuple(games) == record.games


@EXAMPLES
@given(st.text(max_size=300))
@example("{")
@example('[Event "')
@example("1. T♠ N♠ (")
@example("battle 99999999999999999999 dealer E")
@example("\x00\ufeff\r\r\n;")
def test_garbage_text_only_raises_notation_error(text: str) -> None:
    try:
        result = parse(text)
    except NotationError as error:
        assert error.errors and all(e.line is not None for e in error.errors)
    else:
        assert isinstance(result, Record)


@EXAMPLES
@given(st.binary(max_size=300))
@example(b"battle 1 dealer E\n\xff\xfe\n1. T\xe2\x99")
def test_garbage_bytes_only_raise_notation_error(data: bytes) -> None:
    try:
        parse_bytes(data, "garbage.pin")
    except NotationError as error:
        assert error.errors and all(e.filename == "garbage.pin" for e in error.errors)
    for item in iter_games(io.BytesIO(data), "garbage.pin"):  # yields errors, never raises
        assert not isinstance(item, NotationError) or item.filename == "garbage.pin"


@EXAMPLES
@given(notation_records(max_games=2), st.data())
def test_truncated_and_damaged_records_only_raise_notation_error(record: Record,
                                                                 data: st.DataObject) -> None:
    text = dumps(record)
    cut = data.draw(st.integers(0, len(text)))
    damage = data.draw(st.text(max_size=3))
    for candidate in (text[:cut], text[:cut] + damage + text[cut:]):
        try:
            parse(candidate)
        except NotationError as error:
            assert all(e.line is not None and e.column is not None for e in error.errors)
        try:
            for _ in iter_games(io.StringIO(candidate)):
                pass
        except NotationError:  # pragma: no cover - iter_games yields its errors
            raise AssertionError("iter_games raised instead of yielding") from None


def _spans(node, where="record"):  # type: ignore[no-untyped-def]
    """Every filled span field in a parsed tree, with a path for the failure message."""
    from pinochle.notation.events import NOWHERE, Node
    if isinstance(node, tuple):
        for i, item in enumerate(node):
            yield from _spans(item, f"{where}[{i}]")
        return
    if not isinstance(node, Node):
        return
    for name, value in node.__dict__.items():
        if name.endswith("span"):
            if value is not NOWHERE and value != NOWHERE:
                yield value, f"{where}.{name}"
            elif name in ("span", "lead_span", "follow_span", "points_span") and \
                    not (name == "span" and type(node).__name__ in ("Record", "Game")):
                raise AssertionError(f"{where}.{name} is not filled")
        else:
            yield from _spans(value, f"{where}.{name}")
