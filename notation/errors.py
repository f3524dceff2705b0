"""The project's exception kinds: one base, and a kind each for bad syntax, illegality, ambiguity.

Game-rule findings are *values* (see ``pinochle.adjudicator.findings``), never exceptions; these
are for input that cannot be read or a question that cannot be answered.
"""

from __future__ import annotations


class PinochleError(Exception):
    """Base of every error this project raises."""


class NotationError(PinochleError, ValueError):
    """Text that is not valid notation.

    ``location`` is ``file:line:column`` when known; ``snippet`` is the source line with a caret.
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
        """``file:line:col: message`` followed by the snippet, as a compiler prints it."""
        if self.line is None:
            return self.message if self.filename is None else f"{self.filename}: {self.message}"
        text = f"{self.location}: {self.message}"
        return f"{text}\n{self.snippet}" if self.snippet else text


class IllegalError(PinochleError):
    """A question about a position that the rules answer with 'not allowed' and no value."""


class AmbiguousError(PinochleError):
    """Input that names more than one thing where one was required (e.g. an unclear meld)."""
