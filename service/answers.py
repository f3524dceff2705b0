"""The answers a ruling stores: the API routes' own functions (``service.api``), so that a ruling
and a ``/v1/validate`` or ``/v1/melds`` request always give the same answer, from the same code
as ``pinochle validate --json`` and ``pinochle melds --json``.

``validate_answer`` and ``melds_answer`` take a request body (a ``/v1/validate`` or ``/v1/melds``
JSON body, as a dict) and return the report, or raise ``AnswerError`` for a question that cannot
be answered (a body off its schema, a record with syntax errors, a position no battle can
reach).
"""

from __future__ import annotations

from typing import Any

from pinochle.adjudicator import MeldsReport, Report, TableMeldsReport

from . import api
from .bodies import ApiError
from .schemas import MeldsRequest, ValidateRequest

__all__ = ["AnswerError", "MeldsRequest", "ValidateRequest", "melds_answer", "validate_answer"]


class AnswerError(Exception):
    """A question the engine cannot answer: ``message`` for a person, ``errors`` the positioned
    problems (``{"line", "column", "message"}``) when there are several."""

    def __init__(self, message: str, errors: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.message, self.errors = message, errors


def validate_answer(request: dict[str, Any]) -> Report:
    """``pinochle validate --json`` on the request's text (``service.api.validate_text``)."""
    try:
        body = api.validate_request(request)
        return api.validate_text(body.text, body.name, body.strict)
    except ApiError as error:
        raise AnswerError(error.message, error.errors) from None


def melds_answer(request: dict[str, Any]) -> MeldsReport | TableMeldsReport:
    """``pinochle melds --json`` for the request's question (``service.api.melds_answer``)."""
    try:
        return api.melds_answer(api.melds_request(request))
    except ApiError as error:
        raise AnswerError(error.message, error.errors) from None
