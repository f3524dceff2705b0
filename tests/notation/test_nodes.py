"""The reader's fast node constructors make exactly what the classes' own ``__init__`` and
pydantic validation (through each class's twin, ``notation/plain.py``) make."""

from __future__ import annotations

from hypothesis import given, settings
from tests.strategies import notation_records

from pinochle.notation import Record, dumps, parse
from pinochle.notation.events import Node
from pinochle.notation.plain import FrozenError, fields_of, twin


def _walk(node):  # type: ignore[no-untyped-def]
    if isinstance(node, tuple):
        for item in node:
            yield from _walk(item)
    elif isinstance(node, Node):
        yield node
        for value in node.__dict__.values():
            yield from _walk(value)


@settings(max_examples=100, deadline=None)
@given(notation_records())
def test_parsed_nodes_equal_validated_nodes_field_for_field(record: Record) -> None:
    for node in _walk(parse(dumps(record))):
        fields = list(fields_of(type(node)))
        assert list(node.__dict__) == fields == list(twin(type(node)).model_fields), \
            type(node).__name__
        made = type(node)(**node.__dict__)
        assert made.__dict__ == node.__dict__ and list(made.__dict__) == fields
        validated = type(node).model_validate(node.__dict__)
        assert validated.__dict__ == node.__dict__
        assert validated == node and hash(validated) == hash(node)
        assert node.model_dump() == validated.model_dump()


def test_parsed_nodes_are_frozen() -> None:
    import pytest
    trick = parse("battle 1 dealer E\n1. T♠ N♠\n").games[0].battles[0].events[0]
    with pytest.raises(FrozenError, match="Trick is frozen: cannot set 'number'"):
        trick.number = 2  # type: ignore[misc]
    with pytest.raises(FrozenError):
        del trick.lead  # type: ignore[misc]
    assert trick.number == 1


def test_a_span_is_validated_and_dumped_as_the_object_it_was() -> None:
    from pinochle.notation import Span, Trick
    trick = parse("battle 1 dealer E\n1. T♠ N♠ W\n").games[0].battles[0].events[0]
    assert isinstance(trick.lead_span, Span) and str(trick.lead_span) == "2:4"
    dumped = trick.model_dump(mode="json")
    assert dumped["winner_span"] == {"line": 2, "column": 10, "end_line": 2, "end_column": 11}
    again = Trick.model_validate_json(trick.model_dump_json())
    assert again == trick and again.lead_span == trick.lead_span == Span(2, 4, 2, 6)
    assert Trick.model_validate({**dumped, "span": {"line": 7}}).span == Span(line=7)
