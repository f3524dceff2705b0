"""The plain value classes (``notation/plain.py``): made, compared, copied and pickled without
pydantic, and written, read and described by pydantic exactly as pydantic models would be."""

from __future__ import annotations

import json
import pickle
from typing import Annotated, Any, Literal, Optional, Union

import pydantic
import pytest

from pinochle.notation.plain import Deferred, FrozenError, PlainModel, field, fields_of, twin


class Point(PlainModel):
    """A point on a line."""

    x: int
    label: str = "origin"
    tags: list[str] = field(default_factory=list, description="what it is called")
    note: Optional[str] = field(None, exclude=True)


class Named(Point):
    kind: Literal["named"] = "named"
    x: int = 5                             # a field of the base given a default here


class Other(PlainModel):
    kind: Literal["other"] = "other"
    size: int = 0


class Holder(PlainModel):
    items: tuple[Annotated[Union[Named, Other], Deferred("Field", discriminator="kind")], ...]
    either: Union[Point, Other]
    maybe: Annotated[Optional[int], Deferred("WithJsonSchema", {"type": "integer"})] = None


# --- the same declarations as pydantic models, to compare with ---------------------------

class _Config(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(frozen=True)


class PointModel(_Config):
    """A point on a line."""

    x: int
    label: str = "origin"
    tags: list[str] = pydantic.Field(default_factory=list, description="what it is called")
    note: Optional[str] = pydantic.Field(None, exclude=True)


def test_fields_are_in_pydantics_order_the_bases_first() -> None:
    assert fields_of(Point) == ("x", "label", "tags", "note")
    assert fields_of(Named) == ("x", "label", "tags", "note", "kind")
    assert list(twin(Named).model_fields) == list(fields_of(Named))
    assert Named().x == 5 and Named().kind == "named"


def test_init_is_keyword_only_with_defaults_and_fresh_factories() -> None:
    a, b = Point(x=1), Point(x=1)
    assert a.tags == [] and a.tags is not b.tags
    assert repr(Point(x=2, label="b")) == "Point(x=2, label='b', tags=[], note=None)"
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(x=1, colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1)  # type: ignore[misc]


def test_values_are_frozen_compared_by_fields_and_hashed() -> None:
    p = Point(x=1, label="a", tags=["t"])
    with pytest.raises(FrozenError, match="Point is frozen: cannot set 'x'"):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):            # FrozenError is an AttributeError
        p.new = 1  # type: ignore[attr-defined]
    assert p == Point(x=1, label="a", tags=["t"]) and p != Point(x=1, label="b", tags=["t"])
    assert Other(size=1) != Named(x=1) and Other() == Other(size=0)
    assert hash(Other(size=3)) == hash(Other(size=3))


def test_model_copy_replaces_fields_and_leaves_the_original() -> None:
    p = Point(x=1, tags=["t"])
    q = p.model_copy(update={"label": "moved"})
    assert (q.x, q.label, p.label) == (1, "moved", "origin") and type(q) is Point
    deep = p.model_copy(deep=True)
    assert deep == p and deep.tags is not p.tags


def test_a_value_pickles_to_itself() -> None:
    h = Holder(items=(Named(x=1), Other(size=2)), either=Point(x=3), maybe=4)
    assert pickle.loads(pickle.dumps(h)) == h


def test_json_and_schema_are_what_the_pydantic_model_makes() -> None:
    p = Point(x=1, tags=["t"], note="not written")
    model = PointModel(x=1, tags=["t"], note="not written")
    assert p.model_dump_json() == model.model_dump_json() == '{"x":1,"label":"origin","tags":["t"]}'
    assert p.model_dump() == model.model_dump()
    assert Point.model_json_schema() == {**PointModel.model_json_schema(), "title": "Point"}
    assert Point.model_validate_json('{"x": 7}') == Point(x=7)
    with pytest.raises(pydantic.ValidationError):
        Point.model_validate({"x": "seven"})


def test_unions_read_and_write_each_member_as_its_own_class() -> None:
    h = Holder(items=(Named(x=1), Other(size=2)), either=Other(size=9))
    text = h.model_dump_json()
    assert json.loads(text) == {
        "items": [{"x": 1, "label": "origin", "tags": [], "kind": "named"},
                  {"kind": "other", "size": 2}],
        "either": {"kind": "other", "size": 9}, "maybe": None}
    again = Holder.model_validate_json(text)
    assert again == h and type(again.items[0]) is Named and type(again.either) is Other
    schema = Holder.model_json_schema()
    assert schema["properties"]["items"]["items"]["discriminator"]["propertyName"] == "kind"
    assert schema["properties"]["maybe"]["type"] == "integer"        # the Deferred schema


def test_a_value_inside_a_pydantic_model_is_validated_and_written() -> None:
    class Envelope(pydantic.BaseModel):
        point: Point
        points: list[Point] = []

    e = Envelope(point=Point(x=1), points=[{"x": 2}])  # type: ignore[list-item]
    assert type(e.points[0]) is Point and e.points[0].x == 2
    assert e.point is not None and json.loads(e.model_dump_json())["point"]["x"] == 1
    adapter: Any = pydantic.TypeAdapter(list[Point])
    assert adapter.validate_python([Point(x=3)])[0] == Point(x=3)


def test_include_and_exclude_reach_nested_values() -> None:
    h = Holder(items=(Named(x=1),), either=Point(x=3, label="p"), maybe=2)
    assert h.model_dump(exclude={"either": {"tags", "note"}, "items": True}) == {
        "either": {"x": 3, "label": "p"}, "maybe": 2}
    assert h.model_dump_json(include={"either": {"label"}}) == '{"either":{"label":"p"}}'
    p = Point(x=1)
    assert p.model_dump(mode="json", exclude={"tags"}) == PointModel(x=1).model_dump(
        mode="json", exclude={"tags"})


def test_threads_asking_at_once_get_one_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    import time
    from concurrent.futures import ThreadPoolExecutor

    from pinochle.notation import plain

    class Fresh(PlainModel):
        inner: Other
        n: int = 0

    make = plain._make_twin

    def slow(cls: type[PlainModel]) -> Any:   # every thread is asking while the first builds
        time.sleep(0.05)
        return make(cls)

    monkeypatch.setattr(plain, "_make_twin", slow)
    with ThreadPoolExecutor(8) as pool:
        twins = set(pool.map(lambda _: id(twin(Fresh)), range(32)))
    assert len(twins) == 1
    assert Fresh(inner=Other()).model_dump() == {"inner": {"kind": "other", "size": 0}, "n": 0}
