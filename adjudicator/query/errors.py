"""The dispute question's one error: a value that does not describe a position, a hand, a turn,
a declaration or a place in a record. Its message names what was given (by its command-line
option, ``--concealed: ...``); the command line turns it into its usage error (exit 4), the
service into a 422 naming the request's field."""

from __future__ import annotations

from pinochle.notation.errors import PinochleError

__all__ = ["QueryError"]


class QueryError(PinochleError):
    """A question that cannot be answered as asked: a position no battle can reach, a value
    that is not a card, a meld, a suit or a seat, a battle or trick the record does not have."""
