"""The plain value classes (``notation/plain.py``): made, compared, copied and pickled without
pydantic, and written, read and described by pydantic exactly as pydantic models would be."""

from __future__ import annotations

import enum
import importlib
import json
import pickle
import pkgutil
from typing import Annotated, Any, Literal, Optional, Union

import pydantic
import pytest

from pinochle.notation.plain import (
    Deferred, FrozenError, PlainModel, _to_twin, construct, field, fields_of, json_bytes, twin,
)


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


# --- the fence: what looks like pydantic but would not work --------------------------------

def test_a_pydantic_field_is_refused_naming_plain_field() -> None:
    with pytest.raises(TypeError, match=r"Bad\.x: pydantic\.Field\(\.\.\.\) would become the "
                                        r"field's default value.*plain\.field\(\.\.\.\)"):
        class Bad(PlainModel):
            x: int = pydantic.Field(3)


@pytest.mark.parametrize("decorator, name", [
    (pydantic.field_validator("x"), "@field_validator"),
    (pydantic.model_validator(mode="after"), "@model_validator"),
    (pydantic.field_serializer("x"), "@field_serializer"),
    (pydantic.model_serializer, "@model_serializer"),
])
def test_a_pydantic_decorator_is_refused_naming_plain_field(decorator: Any, name: str) -> None:
    def check(self: Any, *args: Any) -> Any:
        return args[0] if args else self

    def check_field(cls: Any, value: Any) -> Any:
        return value

    with pytest.raises(TypeError, match=rf"Bad\.check: {name} would never run: a PlainModel is "
                                        r"made without validation.*plain\.field\(\.\.\.\)"):
        made = classmethod(check_field) if name == "@field_validator" else check
        type("Bad", (PlainModel,), {"__annotations__": {"x": "int"}, "check": decorator(made)})


def test_a_computed_field_and_a_private_attribute_are_refused() -> None:
    with pytest.raises(TypeError, match=r"@computed_field would never run"):
        class Computed(PlainModel):
            x: int

            @pydantic.computed_field  # type: ignore[prop-decorator]
            @property
            def double(self) -> int:
                return 2 * self.x
    with pytest.raises(TypeError, match=r"pydantic's ModelPrivateAttr means nothing"):
        class Private(PlainModel):
            x: int
            _cache: int = pydantic.PrivateAttr(0)


def test_construct_adopts_the_callers_dictionary_and_the_copies_do_not_share_it() -> None:
    """``construct``'s ownership rule (the module's docstring): the dictionary becomes the
    value's own, uncopied; what the module itself passes it is always a dictionary of its own."""
    values: dict[str, Any] = {"x": 1, "label": "a", "tags": [], "note": None}
    p = construct(Point, values)
    assert p.__dict__ is values and p == Point(x=1, label="a")
    for other in (p.model_copy(), p.model_copy(update={"x": 1}),
                  pickle.loads(pickle.dumps(p)), Point.model_validate(p.model_dump())):
        assert other == p and other.__dict__ is not values


def test_the_private_attributes_the_twin_writes_are_still_pydantics() -> None:
    """``_to_twin`` makes a pydantic instance by hand: it sets ``__dict__`` and every other slot
    of ``BaseModel`` (pydantic's private attributes); a pydantic that renames or adds one fails
    here, not in a user's ``--format json`` (pyproject.toml pins pydantic below 3)."""
    slots = [s for k in pydantic.BaseModel.__mro__ for s in k.__dict__.get("__slots__", ())]
    assert set(slots) == {"__dict__", "__pydantic_fields_set__", "__pydantic_extra__",
                          "__pydantic_private__"}
    written = _to_twin(twin(Point), Point(x=1))
    for slot in slots:
        getattr(written, slot)                 # set: pydantic reads every one when it writes
    assert written.model_dump() == PointModel(x=1).model_dump()


class Opaque:
    """A class pydantic knows no schema for."""


def project_plain_models() -> list[type[PlainModel]]:
    """Every ``PlainModel`` subclass of the project, found by importing every module of the
    ``pinochle`` package."""
    import pinochle
    for module in pkgutil.walk_packages(pinochle.__path__, "pinochle."):
        importlib.import_module(module.name)
    found, todo = set(), [PlainModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("pinochle.") and sub not in found:
                found.add(sub)
                todo.append(sub)
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


def build_twin(cls: type[PlainModel]) -> None:
    """``cls``'s twin, built and its JSON schema made (pydantic completes a model lazily)."""
    twin(cls).model_json_schema()


@pytest.mark.slow
def test_every_plain_model_in_the_project_has_a_twin() -> None:
    classes = project_plain_models()
    assert len(classes) > 40 and {"Game", "Finding", "GameReport"} <= {
        c.__name__ for c in classes}
    for cls in classes:
        build_twin(cls)


def test_a_bad_annotation_fails_when_its_twin_is_built() -> None:
    """What the project-wide test would meet: an annotation pydantic cannot use."""
    class Unknown(PlainModel):
        x: NoSuchName  # type: ignore[name-defined]  # noqa: F821

    class Unusable(PlainModel):
        x: Opaque

    with pytest.raises(NameError, match="NoSuchName"):
        build_twin(Unknown)
    with pytest.raises(pydantic.PydanticSchemaGenerationError):
        build_twin(Unusable)


# --- json_bytes: the quick writer for trees of values ----------------------------------------

class _Kind(str, enum.Enum):
    ILLEGAL = "illegal meld"
    SCORE = "score"


class _Leaf(PlainModel):
    name: str
    kind: _Kind = _Kind.ILLEGAL
    extra: int | None = field(default=None, exclude_if=lambda value: value is None,
                              description="left out when null")


class _Tree(PlainModel):
    leaves: list[_Leaf]
    scores: dict[str, int] = field(default_factory=dict)
    top: _Leaf | None = None


def test_json_bytes_writes_what_model_dump_json_writes() -> None:
    tree = _Tree(leaves=[_Leaf(name="a♠"), _Leaf(name="b", kind=_Kind.SCORE, extra=3)],
                 scores={"E": 1}, top=_Leaf(name="c", extra=0))
    assert json_bytes(tree) == tree.model_dump_json().encode("utf-8")
    assert b'"extra"' not in json_bytes(_Leaf(name="a"))


def test_json_bytes_refuses_a_value_it_cannot_write_as_the_twin_would() -> None:
    class Odd(PlainModel):
        value: object

    class Hidden(PlainModel):
        secret: int = field(default=0, exclude=True)

    with pytest.raises(TypeError, match="not object"):
        json_bytes(Odd(value=object()))
    with pytest.raises(TypeError, match="cannot write Hidden"):
        json_bytes(Hidden())
