"""A JSON value that is left out when there is none: an illegal meld has no ``points`` (what a
legal meld scores), and a legal one no ``table_points``. Never null, so the schema says an
integer with no default."""

from __future__ import annotations

from typing import Any

from pinochle.notation.plain import Deferred, field

__all__ = ["INTEGER", "present"]

#: In an ``Annotated`` optional integer that ``present`` declares: its JSON schema says an
#: integer (not "integer or null": the value is left out, never null).
INTEGER = Deferred("WithJsonSchema", {"type": "integer"})


def _absent(value: object) -> bool:
    return value is None


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def present(description: str) -> Any:
    """A field (default ``None``) left out of the JSON when it is ``None``."""
    return field(None, exclude_if=_absent, json_schema_extra=_no_default,
                 description=description)
