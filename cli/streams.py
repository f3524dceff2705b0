"""Standard output and error as every command writes them (closed and full
output streams), set up by the console script before any command runs (``pinochle/console.py``).

* **Standard output that cannot be written** (closed at the start, ``>&-``; a full disk,
  ``> /dev/full``; any other write error but a broken pipe) raises ``OutputFailed`` at the
  write that failed: the command's guard (``exits.ended``) says so in one line and exits 2, the
  status of an output that cannot be written. A broken pipe stays ``BrokenPipeError`` (141,
  quietly). A command that writes nothing to standard output (``fmt --write``, ``serve``) is not
  disturbed by it being closed.
* **Standard error is for people**, and best effort: a message that cannot be written there
  (closed, full) is dropped, and the exit status alone tells what happened.
* A standard stream closed at the start has its file descriptor taken by the null device
  (opened for reading only, so that a write to it still fails): a file the command opens later
  never becomes descriptor 1 or 2, where a message would be written into it.
"""

from __future__ import annotations

import io
import os
import sys
from typing import IO, Any

from pinochle.notation.errors import PinochleError


class OutputFailed(PinochleError):
    """Standard output could not be written (not a broken pipe): exit 2 with this message."""


class _Raw(io.RawIOBase):
    """Descriptor ``fd`` written as it is, a write error given to ``failed``."""

    def __init__(self, fd: int, closed_at_start: bool, keep_errors: bool) -> None:
        super().__init__()
        self.fd = fd
        self.closed_at_start = closed_at_start
        self.keep_errors = keep_errors

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return not self.closed_at_start and os.isatty(self.fd)

    def write(self, data: Any) -> int:
        try:
            return os.write(self.fd, data)
        except BrokenPipeError:
            if self.keep_errors:
                raise
        except OSError as error:
            if self.keep_errors:
                why = "it is closed" if self.closed_at_start else error.strerror or str(error)
                raise OutputFailed(f"cannot write to standard output: {why}") from None
        return len(data)        # standard error: dropped


def _occupy(fd: int) -> bool:
    """Whether descriptor ``fd`` was closed; if so it is now the null device, read-only."""
    try:
        os.fstat(fd)
        return False
    except OSError:
        pass
    null = os.open(os.devnull, os.O_RDONLY)
    if null != fd:
        os.dup2(null, fd)
        os.close(null)
    return True


def _wrapped(fd: int, old: IO[str] | None, keep_errors: bool) -> io.TextIOWrapper:
    closed = _occupy(fd)
    raw = _Raw(fd, closed, keep_errors)
    if old is None or not isinstance(old, io.TextIOWrapper):
        return io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8",
                                errors="strict" if keep_errors else "backslashreplace",
                                line_buffering=not keep_errors)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding=old.encoding, errors=old.errors,
                            line_buffering=old.line_buffering, write_through=old.write_through)


def install() -> None:
    """Standard output and error as this module's text says (the console script, once)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
    sys.stdout = _wrapped(1, sys.stdout, keep_errors=True)
    sys.stderr = _wrapped(2, sys.stderr, keep_errors=False)
