"""The progress line of a long ``pinochle validate`` run, on standard error when it is a
terminal: files done, games, battles, battles per second and the time left (from the bytes
read of the inputs whose size is known). Redrawn at most ten times a second, in place, and
cleared at the end, so that what stays on the screen is the report."""

from __future__ import annotations

import time
from typing import IO

#: The least time between two drawings, in seconds.
EVERY = 0.1


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """One line, redrawn: ``files`` inputs of ``size`` bytes in all (0 when unknown, such as
    standard input)."""

    def __init__(self, stream: IO[str], files: int, size: int) -> None:
        self.stream = stream
        self.files = files
        self.size = size
        self.start = time.monotonic()
        self.last = 0.0
        self.width = 0

    def show(self, files: int, games: int, battles: int, done: int, final: bool = False) -> None:
        """Redraw with ``files`` inputs finished, ``games`` and ``battles`` validated and
        ``done`` bytes read (unless it was drawn less than ``EVERY`` ago)."""
        now = time.monotonic()
        if not final and now - self.last < EVERY:
            return
        self.last = now
        spent = now - self.start
        parts = [f"{files:,}/{self.files:,} files", f"{games:,} games", f"{battles:,} battles"]
        if spent > 0:
            parts.append(f"{battles / spent:,.0f} battles/s")
        if self.size and 0 < done < self.size:
            parts.append(f"ETA {_clock(spent * (self.size - done) / done)}")
        line = "validating: " + " · ".join(parts)
        pad = max(0, self.width - len(line))
        self.width = len(line)
        self.stream.write("\r" + line + " " * pad)
        self.stream.flush()

    def clear(self) -> None:
        """Take the line off the screen."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
