"""One JSON shape for every error the service returns: ``{"error": {"status", "message",
"errors"?}}``, never a stack trace."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from pydantic import BaseModel

__all__ = ["ErrorBody", "ErrorDetail", "error_response"]


class ErrorDetail(BaseModel):
    """``status``: the HTTP status; ``message``: what is wrong, for a person; ``errors``: the
    individual problems where there are several (each with its place)."""

    status: int
    message: str
    errors: list[dict[str, Any]] | None = None


class ErrorBody(BaseModel):
    """Every error response: ``{"error": {...}}``."""

    error: ErrorDetail


def error_response(status: int, message: str,
                   errors: list[dict[str, Any]] | None = None) -> JSONResponse:
    body = ErrorBody(error=ErrorDetail(status=status, message=message, errors=errors))
    return JSONResponse(body.model_dump(exclude_none=True), status_code=status)
