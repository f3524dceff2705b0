"""Frozen value classes that pydantic reads and writes, without importing pydantic to make them.

The record's events, the findings and the reports are made by the thousand in every run, and a
plain ``pinochle validate`` prints text: it has no use for pydantic, whose import and first
model builds were half of the command's start (a start ≤ 0.15 s). So these classes are
``PlainModel``s: a class declares its fields as a pydantic model would (annotations, defaults,
``field(...)`` for a default factory or for what pydantic's ``Field`` says), and gets

- a keyword-only ``__init__`` (no validation: the callers pass typed values), ``==`` and hash
  over the fields, a repr to paste back, and instances that cannot be changed;
- ``model_copy(update=...)``, as a frozen pydantic model has it.

Pydantic comes in only for what needs it, on first use: ``model_dump``, ``model_dump_json``,
``model_validate``, ``model_validate_json``, ``model_json_schema``, and any pydantic model,
``TypeAdapter`` or FastAPI route that names the class. For that each class has a *twin*, a
pydantic model built from the same declarations (same name, fields, defaults, descriptions,
docstring), so the JSON, the JSON schema and the OpenAPI document are the pydantic model's own.
A value crosses between the two by its field dictionary (``_to_twin``, ``_from_twin``).

An annotation that needs a pydantic object (a discriminator, a JSON schema override) names it
with ``Deferred("Discriminator", "type")``: the twin gets ``pydantic.Discriminator("type")``.

What a ``PlainModel`` is not: it validates nothing, so a class that declares a field with
``pydantic.Field(...)`` (which would become the field's default value) or a pydantic decorator
(``@field_validator``, ``@model_validator``, ``@field_serializer``, ``@computed_field``, ...,
which would never run) is refused when it is defined, with a ``TypeError`` naming
``plain.field(...)``. ``construct(cls, values)`` adopts ``values`` as the instance's own
dictionary, uncopied: the reader makes every record node so, from a dictionary it has just
written, and a copy there would cost time on every node; a caller that keeps the dictionary
must not change it afterwards (``model_copy``, the twin's validator and unpickling all pass a
dictionary of their own). The twin writes three of pydantic's private attributes
(``_to_twin``), so pyproject.toml pins pydantic below its next major version, and
tests/notation/test_plain.py checks that ``BaseModel`` still has exactly those.

Which value idiom goes where:

- ``PlainModel`` for what the engine makes and the command line prints: the record's events,
  findings, reports, the melds answers, the replay page's views (pydantic only when one is
  written as JSON or read back);
- ``NamedTuple`` for the hot path's small records, made by the million (``Span``, the walker's
  steps): a tuple's speed and size, fields by name;
- frozen dataclasses for configuration and tables: a ruleset, its registration, the
  simulator's settings (the ruleset's option groups and rule-id maps are NamedTuples still,
  from before this rule);
- pydantic ``BaseModel`` only where input from outside is validated as it is read: the HTTP
  API's bodies (``service/``), the rulebook fixture files (``conformance/fixture.py``);
- a mutable slotted dataclass only for state that changes as the work goes on (a battle's meld
  turns, the command line's jobs), never for a value handed out.
"""

from __future__ import annotations

import _thread
import types
import typing
from typing import Any, ClassVar, Literal, TypeVar, Union, dataclass_transform

__all__ = ["Deferred", "FrozenError", "PlainModel", "construct", "field", "fields_of", "json_bytes",
           "twin"]

_MISSING: Any = object()


class FrozenError(AttributeError):
    """An attempt to change a field of a value (they are frozen, as the pydantic models were)."""


class _FieldSpec:
    """What ``field(...)`` declares: a default or a default factory, and the keywords that
    pydantic's ``Field`` takes for the twin (``description``, ``exclude``, ...)."""

    __slots__ = ("default", "factory", "options")

    def __init__(self, default: Any, factory: Any, options: dict[str, Any]) -> None:
        self.default = default
        self.factory = factory
        self.options = options


def field(default: Any = _MISSING, *, default_factory: Any = None, **options: Any) -> Any:
    """A field's declaration: ``default`` or ``default_factory``, and what the twin's pydantic
    ``Field`` says (``description=``, ``exclude=``, ``exclude_if=``, ``json_schema_extra=``)."""
    return _FieldSpec(default, default_factory, options)


class Deferred:
    """A pydantic object named, to be made when the twin is built: ``Deferred("WithJsonSchema",
    {"type": "integer"})`` in an ``Annotated`` stands for ``pydantic.WithJsonSchema(...)``."""

    __slots__ = ("name", "args", "kwargs")

    def __init__(self, name: str, *args: Any, **kwargs: Any) -> None:
        self.name = name
        self.args = args
        self.kwargs = kwargs

    def make(self) -> Any:
        import pydantic
        return getattr(pydantic, self.name)(*self.args, **self.kwargs)

    def __repr__(self) -> str:
        return f"Deferred({self.name!r}, ...)"


_M = TypeVar("_M", bound="PlainModel")


# dataclass_transform tells type checkers what __init_subclass__ makes: a keyword-only
# __init__ over the annotated fields, frozen instances, ``field(...)`` as a field's declaration
@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
class PlainModel:
    """Base of the frozen value classes (see the module's docstring)."""

    #: Each field's declaration (a default, a factory, the twin's Field keywords), in
    #: pydantic's order: a base class's fields first.
    __plain_specs__: ClassVar[dict[str, _FieldSpec]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in cls.__dict__.items():
            if type(value).__module__.partition(".")[0] == "pydantic":
                raise TypeError(_refusal(cls, name, value))
        specs: dict[str, _FieldSpec] = {}
        for base in reversed(cls.__mro__[1:]):
            specs.update(base.__dict__.get("__plain_specs__", {}))
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if name.startswith("_") or str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            value = cls.__dict__.get(name, _MISSING)
            if isinstance(value, _FieldSpec):
                spec = value
            elif value is _MISSING and name in specs:
                continue                          # annotated again, declared in a base
            else:
                spec = _FieldSpec(value, None, {})
            specs[name] = spec
            if spec.default is _MISSING:
                if name in cls.__dict__:
                    delattr(cls, name)
            else:
                setattr(cls, name, spec.default)
        cls.__plain_specs__ = specs
        cls.__init__ = _make_init(cls)            # type: ignore[method-assign]

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenError(f"{type(self).__name__} is frozen: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"{type(self).__name__} is frozen: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self.__dict__.values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (construct, (type(self), dict(self.__dict__)))

    def model_copy(self: _M, *, update: dict[str, Any] | None = None, deep: bool = False) -> _M:
        """A copy with ``update``'s fields replaced (not validated, as pydantic's)."""
        values = dict(self.__dict__)
        if deep:
            import copy
            values = copy.deepcopy(values)
        if update:
            values.update(update)
        return construct(type(self), values)

    # ---- pydantic, on first use ----------------------------------------------------------

    @classmethod
    def model_validate(cls: type[_M], obj: Any, **kwargs: Any) -> _M:
        return typing.cast(_M, _adapter(cls).validate_python(obj, **kwargs))

    @classmethod
    def model_validate_json(cls: type[_M], data: str | bytes, **kwargs: Any) -> _M:
        return typing.cast(_M, _adapter(cls).validate_json(data, **kwargs))

    def model_dump(self, *, mode: Literal["json", "python"] | str = "python",
                   **kwargs: Any) -> dict[str, Any]:
        model = twin(type(self))
        return typing.cast(dict[str, Any], _to_twin(model, self).model_dump(mode=mode, **kwargs))

    def model_dump_json(self, **kwargs: Any) -> str:
        return typing.cast(str, _to_twin(twin(type(self)), self).model_dump_json(**kwargs))

    @classmethod
    def model_json_schema(cls, mode: Literal["validation", "serialization"] = "validation",
                          **kwargs: Any) -> dict[str, Any]:
        return typing.cast(dict[str, Any], twin(cls).model_json_schema(mode=mode, **kwargs))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import PydanticSerializationUnexpectedValue, core_schema
        model = twin(cls)
        inner = handler.generate_schema(model)

        def from_twin(value: Any, validate: Any) -> Any:
            # A value of the class passes as it is (as pydantic's models do); anything else is
            # validated as the twin, then made a value of the class
            if type(value) is cls:
                return value
            return construct(cls, dict(validate(value).__dict__))

        def to_twin(value: Any, write: Any) -> Any:
            if type(value) is not cls:        # in a union, pydantic then tries the next type
                raise PydanticSerializationUnexpectedValue(
                    f"expected a {cls.__name__}, found {type(value).__name__}")
            return write(_to_twin(model, value))

        # a validator and a serializer wrapped around the twin's: a discriminated union can
        # then see the twin's fields (a tagged union takes such a schema, not a union of
        # schemas), and include= / exclude= reach the twin's fields
        return core_schema.no_info_wrap_validator_function(
            from_twin, inner, serialization=core_schema.wrap_serializer_function_ser_schema(
                to_twin, schema=inner))


#: Why a pydantic object in a ``PlainModel`` class is refused, by its type's name.
_REFUSALS = {
    "FieldInfo": "pydantic.Field(...) would become the field's default value, not its "
                 "declaration",
    "PydanticDescriptorProxy": "{decorator} would never run: a PlainModel is made without "
                               "validation (check the values where they are made)",
}


def _refusal(cls: type, name: str, value: Any) -> str:
    """The message refusing pydantic's ``value`` as ``cls``'s attribute ``name``."""
    info = getattr(value, "decorator_info", None)
    decorator = getattr(info, "decorator_repr", "a pydantic decorator")
    why = _REFUSALS.get(type(value).__name__,
                        f"pydantic's {type(value).__name__} means nothing to a PlainModel")
    return (f"{cls.__qualname__}.{name}: {why.format(decorator=decorator)}; a PlainModel "
            f"declares a field with an annotation and plain.field(...) (default, "
            f"default_factory, and pydantic Field's keywords for the twin)")


# The instance dictionary's setter: the quickest way to fill a new value's fields.
_set_dict = PlainModel.__dict__["__dict__"].__set__
_new = object.__new__


def construct(cls: type[_M], values: dict[str, Any]) -> _M:
    """An instance of ``cls`` whose fields are ``values``, in field order, unchecked. The
    dictionary becomes the instance's own, not a copy of it (the reader makes its nodes so,
    ``notation/nodes.py``, each from a dictionary it has just written): the caller hands it
    over and must not change it afterwards, or the frozen value changes with it."""
    obj = _new(cls)
    _set_dict(obj, values)
    return obj


def _make_init(cls: type[PlainModel]) -> Any:
    """A keyword-only ``__init__`` for ``cls``'s fields, compiled as dataclasses do, so that
    making a value costs one call."""
    params, items = [], []
    namespace: dict[str, Any] = {"_set_dict": _set_dict, "_MISSING": _MISSING}
    for name, spec in cls.__plain_specs__.items():
        if spec.factory is not None:
            namespace[f"_f_{name}"] = spec.factory
            params.append(f"{name}=_MISSING")
            items.append(f"{name!r}: _f_{name}() if {name} is _MISSING else {name}")
        elif spec.default is not _MISSING:
            namespace[f"_d_{name}"] = spec.default
            params.append(f"{name}=_d_{name}")
            items.append(f"{name!r}: {name}")
        else:
            params.append(name)
            items.append(f"{name!r}: {name}")
    signature = f"self, *, {', '.join(params)}" if params else "self"
    source = (f"def __init__({signature}):\n"
              f"    _set_dict(self, {{{', '.join(items)}}})\n")
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


#: Per class, the fields that ``exclude_if`` may leave out of the JSON (``json_bytes``).
_excludable: dict[type, tuple[tuple[str, Any], ...]] = {}


def _json_fields(value: Any) -> dict[str, Any]:
    """``json_bytes``'s fallback: a ``PlainModel``'s fields as the twin writes them, less those
    its ``exclude_if`` leaves out; anything else is refused."""
    cls = type(value)
    excludable = _excludable.get(cls)
    if excludable is None:
        if not isinstance(value, PlainModel):
            raise TypeError(f"json_bytes writes PlainModels, lists, dictionaries and JSON's "
                            f"scalars, not {cls.__name__}")
        if any(set(spec.options) - _JSON_NEUTRAL for spec in cls.__plain_specs__.values()):
            raise TypeError(f"json_bytes cannot write {cls.__name__}: a field's options change "
                            "its JSON (write it with model_dump_json)")
        excludable = _excludable[cls] = tuple(
            (name, spec.options["exclude_if"]) for name, spec in cls.__plain_specs__.items()
            if "exclude_if" in spec.options)
    fields = value.__dict__
    if not excludable:
        return typing.cast(dict[str, Any], fields)
    fields = dict(fields)
    for name, excluded in excludable:
        if excluded(fields[name]):
            del fields[name]
    return typing.cast(dict[str, Any], fields)


#: Field options that leave a field's JSON as it is (``exclude_if`` is applied by ``json_bytes``).
_JSON_NEUTRAL = {"description", "exclude_if", "json_schema_extra", "examples", "title"}


def json_bytes(value: PlainModel) -> bytes:
    """``value.model_dump_json()``, encoded, written some four times faster: pydantic's writer
    takes the tree as it is and asks for each ``PlainModel`` only its field dictionary, where
    ``model_dump_json`` has each one pass through its twin. For trees of ``PlainModel``s whose
    fields hold lists, dictionaries with string keys, strings, numbers, booleans, null and
    enumerations of those (the replay page's views); any other value, or a field option that
    changes its JSON (an alias, ``exclude``), is a ``TypeError``."""
    from pydantic_core import PydanticSerializationError, to_json
    try:
        return to_json(value, fallback=_json_fields)
    except PydanticSerializationError as error:
        raise TypeError(str(error)) from None


def fields_of(cls: type[PlainModel]) -> tuple[str, ...]:
    """``cls``'s field names, in order."""
    return tuple(cls.__plain_specs__)


# ---- the twins ---------------------------------------------------------------------------

_twins: dict[type, Any] = {}
_adapters: dict[type, Any] = {}
# One twin a class, however many threads ask at once (the service's worker threads): a second
# twin of the same name would make its schema's names ambiguous. Reentrant: building a twin
# builds the twins of its fields' classes.
_building = _thread.RLock()


def twin(cls: type[PlainModel]) -> Any:
    """The pydantic model that has ``cls``'s fields: built on first use, then kept."""
    model = _twins.get(cls)
    if model is not None:
        return model
    with _building:
        model = _twins.get(cls)
        if model is None:
            model = _twins[cls] = _make_twin(cls)
    return model


def _make_twin(cls: type[PlainModel]) -> Any:
    import pydantic
    hints = typing.get_type_hints(cls, include_extras=True)
    fields: dict[str, Any] = {}
    for name, spec in cls.__plain_specs__.items():
        options = dict(spec.options)
        if spec.factory is not None:
            options["default_factory"] = spec.factory
        elif spec.default is not _MISSING:
            options["default"] = spec.default
        fields[name] = (_real(hints[name]), pydantic.Field(**options))
    return pydantic.create_model(
        cls.__name__, __config__=pydantic.ConfigDict(frozen=True), __doc__=cls.__doc__,
        __module__=cls.__module__, **fields)


def _adapter(cls: type[PlainModel]) -> Any:
    adapter = _adapters.get(cls)
    if adapter is None:
        from pydantic import TypeAdapter
        with _building:
            adapter = _adapters.get(cls)
            if adapter is None:
                adapter = _adapters[cls] = TypeAdapter(cls)
    return adapter


def _real(annotation: Any) -> Any:
    """``annotation`` with each ``Deferred`` made into its pydantic object."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is None or not args or origin is Literal:
        return annotation
    if origin is typing.Annotated:
        base, *extras = args
        made = [m.make() if isinstance(m, Deferred) else m for m in extras]
        return typing.Annotated[(_real(base), *made)]
    new = tuple(_real(a) if a is not Ellipsis else a for a in args)
    if new == args:
        return annotation
    if origin is Union or origin is types.UnionType:
        return Union[new]
    return origin[new]


_twin_fields_set: dict[type, set[str]] = {}


def _to_twin(model: Any, value: PlainModel) -> Any:
    """The twin instance with ``value``'s fields (for pydantic to write)."""
    obj = _new(model)
    object.__setattr__(obj, "__dict__", value.__dict__)
    fields = _twin_fields_set.get(model)
    if fields is None:
        fields = _twin_fields_set[model] = set(model.model_fields)
    object.__setattr__(obj, "__pydantic_fields_set__", fields)
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj
