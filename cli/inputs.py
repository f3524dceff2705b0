"""What a command reads: the ``FILE...`` argument and ``--max-errors`` option that ``fmt`` and
``validate`` share, and opening a file by name, or standard input for ``-`` (read as it
arrives, so that a command reading a pipe goes on with what has come instead of waiting for a
whole block)."""

from __future__ import annotations

import errno
import sys
from typing import IO, Annotated, Any

import typer

STDIN = "-"

#: The record files a command reads (``fmt``, ``validate``).
Files = Annotated[list[str], typer.Argument(
    metavar="FILE...", show_default=False, help="Record files (.pin); - reads standard input.")]


def max_errors_option(messages: str) -> Any:
    """``--max-errors N``: how many ``messages`` one file shows (README: Messages)."""
    return typer.Option("--max-errors", metavar="N", min=0, help=f"Show at most N {messages} "
                        "per file, then a line saying how many more there were; 0 shows all.")


def label(name: str) -> str:
    """How messages name an input: ``<stdin>`` for ``-``."""
    return "<stdin>" if name == STDIN else name


class _Arriving:
    """Standard input, read as it arrives (``read1``, which ``SourceLines`` prefers), and left
    open when the command is done with it."""

    name = "<stdin>"

    def __init__(self, stream: Any) -> None:
        self.read = stream.read
        self.read1 = getattr(stream, "read1", stream.read)

    def close(self) -> None:
        """Standard input stays open for the rest of the process."""

    def __enter__(self) -> _Arriving:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_input(name: str) -> IO[bytes]:
    """The input ``name`` opened for reading bytes; ``OSError`` when it cannot be."""
    if name == STDIN:
        if sys.stdin is None:               # started with standard input closed
            raise OSError(errno.EBADF, "standard input is closed")
        return _Arriving(sys.stdin.buffer)  # type: ignore[return-value]
    return open(name, "rb")
