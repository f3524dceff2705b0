"""Reading a request body, every way it can be wrong, each a JSON error (``ApiError``): a content
type the route does not read (415), a record that is not UTF-8 (422, naming the byte offset),
an empty body or malformed JSON (400, naming the line and column), a body that does not match
the route's model (422, naming the field)."""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from fastapi import Request
from fastapi.responses import JSONResponse
from pydantic import TypeAdapter, ValidationError

from .errors import error_response

__all__ = ["JSON", "TEXT", "ApiError", "api_error", "checked", "parse_json", "read_body",
           "utf8"]

TEXT, JSON = "text/plain", "application/json"
T = TypeVar("T")

#: The charsets a text body may declare: UTF-8, and ASCII (which is UTF-8).
_UTF8 = frozenset({"utf-8", "utf8", "us-ascii", "ascii"})
#: An escaped surrogate in JSON text: ``json`` makes a lone one a ``str`` that is not Unicode.
_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")


class ApiError(Exception):
    """A request the service refuses: ``status``, a message for a person, and the individual
    problems (each with its place) where there are several."""

    def __init__(self, status: int, message: str,
                 errors: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.errors = status, message, errors

    def __reduce__(self) -> tuple[Any, ...]:      # raised in the work process (``work.py``)
        return (type(self), (self.status, self.message, self.errors))


async def api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.message, exc.errors)


def media_type(request: Request) -> tuple[str, dict[str, str]]:
    """The request's content type, lower case, and its parameters (``charset``)."""
    header = request.headers.get("content-type", "")
    kind, *params = header.split(";")
    pairs = (p.partition("=") for p in params)
    return kind.strip().lower(), {k.strip().lower(): v.strip().strip('"') for k, _, v in pairs}


async def read_body(request: Request, reads: tuple[str, ...]) -> tuple[str, bytes]:
    """The body and which of ``reads`` it is (no content type: the first); 415 for another
    type or a charset that is not UTF-8; 400 for an empty body (every route that reads one
    requires it). The body limit (413) is counted as it is read."""
    kind, params = media_type(request)
    kind = kind or reads[0]
    if kind not in reads:
        hint = (" (curl sends that for --data; add -H 'Content-Type: text/plain')"
                if kind == "application/x-www-form-urlencoded" and TEXT in reads else "")
        raise ApiError(415, f"this address reads {' or '.join(reads)}, not {kind}{hint}")
    charset = params.get("charset", "utf-8").lower()
    if charset not in _UTF8:
        raise ApiError(415, f"the body must be UTF-8, not charset={charset}")
    data = await request.body()
    if not data:
        what = "the record (text/plain) or " if TEXT in reads else ""
        raise ApiError(400, f"the request body is empty; this address needs {what}a JSON "
                            "object")
    return kind, data


def utf8(data: bytes, what: str, status: int) -> str:
    """``data`` as text; where it is not UTF-8, ``status`` naming the first bad byte's offset,
    line and column (in characters, 1-based)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = exc.start
        line = data.count(b"\n", 0, offset) + 1
        start = data.rfind(b"\n", 0, offset) + 1
        column = len(data[start:offset].decode("utf-8", errors="replace")) + 1
        utf16 = " (it looks like UTF-16)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        message = (f"{what} is not UTF-8{utf16}: byte 0x{data[offset]:02x} at offset {offset} "
                   f"(line {line}, column {column}) does not decode; save it as UTF-8")
        raise ApiError(status, message, [{"offset": offset, "line": line, "column": column,
                                          "message": exc.reason}]) from None


def parse_json(data: bytes) -> Any:
    """The JSON value of ``data``; 400 saying where it is malformed."""
    text = utf8(data, "the JSON body", 400)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ApiError(400, f"malformed JSON: {exc.msg} at line {exc.lineno}, column "
                            f"{exc.colno}", [{"line": exc.lineno, "column": exc.colno,
                                              "message": exc.msg}]) from None
    except (ValueError, RecursionError) as exc:  # a number of 5,000 digits; [[[[... too deep
        problem = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise ApiError(400, f"malformed JSON: {problem}") from None
    if _SURROGATE.search(data):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ApiError(400, f"the JSON body holds a lone surrogate "
                                f"(\\u{ord(exc.object[exc.start]):04x}), which is not "
                                "Unicode text") from None
    return value


def checked(adapter: TypeAdapter[T], value: Any) -> T:
    """``value`` as the route's request model; 422 naming each field that does not fit (the
    shape of the app's own schema errors)."""
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        errors = [{"where": ".".join(str(p) for p in ("body", *e["loc"])), "problem": e["msg"]}
                  for e in exc.errors()]
        raise ApiError(422, "the request does not match its schema", errors) from None
