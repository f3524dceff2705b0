"""The project's exception kinds: one base, and a kind each for bad syntax, illegality, ambiguity.

Game-rule findings are *values* (see ``pinochle.adjudicator.model.findings``), never exceptions;
these are for input that cannot be read or a question that cannot be answered.
"""

from __future__ import annotations

from .snippets import clip


class PinochleError(Exception):
    """Base of every error this project raises."""


class NotationError(PinochleError, ValueError):
    """Text that is not valid notation.

    ``location`` is ``file:line:column`` when known; ``snippet`` is the source line in a
    line-number gutter with carets under the place (``notation.snippets.snippet``).
    ``errors`` holds every syntax error found in a file when the reader could recover
    (``self`` is the first of them).
    """

    def __init__(
        self,
        message: str,
        *,
        filename: str | None = None,
        line: int | None = None,
        column: int | None = None,
        snippet: str | None = None,
        errors: list[NotationError] | None = None,
    ) -> None:
        self.message = message
        self.filename = filename
        self.line = line
        self.column = column
        self.snippet = snippet
        self.errors: list[NotationError] = errors if errors is not None else [self]
        super().__init__(self.describe())

    @property
    def location(self) -> str:
        parts = [self.filename or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def describe(self) -> str:
        """``file:line:col: syntax error: message`` followed by the snippet, as a compiler
        prints it; without a position, ``file: message`` (or the message alone)."""
        if self.line is None:
            return self.message if self.filename is None else f"{self.filename}: {self.message}"
        text = f"{self.location}: syntax error: {self.message}"
        return f"{text}\n{self.snippet}" if self.snippet else text


def quoted(text: str) -> str:
    """A piece of the input as a message quotes it: in quotes, control characters escaped,
    cut to a readable width (``snippets.clip``)."""
    return f"'{clip(text)}'"


class IllegalError(PinochleError):
    """A question about a position that the rules answer with 'not allowed' and no value."""


class AmbiguousError(PinochleError):
    """Input that names more than one thing where one was required (e.g. an unclear meld)."""
