"""One ``pinochle validate`` run over files: the report's ``Run`` (``batch/report.py``) with the
command line's inputs (files, folders of records, compressed files, standard input:
``cli/inputs.py``), its progress line on standard error, and each input that cannot be read
said there too.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import IO

from pinochle.adjudicator import MAX_ERRORS
from pinochle.batch.chunks import LINES, Chunk, Settings
from pinochle.batch.report import Run as ReportRun
from pinochle.cli import inputs
from pinochle.cli.exits import say
from pinochle.cli.progress import Progress


class Run(ReportRun):
    """A run's report over the command line's inputs (``chunks``); ``progress`` draws the
    progress line."""

    def __init__(self, out: IO[str], settings: Settings, max_errors: int = MAX_ERRORS) -> None:
        super().__init__(out, settings, max_errors)
        self.progress: Progress | None = None

    def chunks(self, names: list[str], size: int = LINES, whole: int = 0, count: bool = True
               ) -> Iterator[Chunk]:
        """Every input's chunks, in order; a file that cannot be read is one empty chunk
        saying why. A file of at most ``whole`` bytes is one chunk naming it, for the worker
        to read. ``count``: ``split``'s."""
        for index, (name, problem) in enumerate(inputs.expand(names)):
            label = inputs.label(name)
            if problem is not None:
                yield Chunk(label, index, 1, 1, [], 0, last=True, error=problem)
                continue
            if whole and name != inputs.STDIN:
                try:
                    found = os.stat(name)
                except OSError:             # opened here, to say why it cannot be
                    found = None
                if found and stat.S_ISREG(found.st_mode) and found.st_size <= whole:
                    yield Chunk(label, index, 1, 1, [], 1, last=True, path=name,
                                size=found.st_size)
                    continue
            try:
                raw = inputs.open_input(name, self.read)
            except OSError as error:
                yield Chunk(label, index, 1, 1, [], 0, last=True,
                            error=f"cannot read the file: {error.strerror or error}")
                continue
            yield from self.stream_chunks(raw, label, index, size, count)

    def advanced(self) -> None:
        if self.progress is not None:
            self.progress.show(self.files_done, self.tally.games, self.tally.battles,
                               self.read[0])

    def unreadable(self, label: str, problem: str) -> None:
        say("validate", f"{label}: {problem}")


def sizes(names: list[str]) -> tuple[int, int]:
    """How many inputs ``names`` stand for, and their bytes in all (0 when one of them has no
    size that can be known, such as standard input)."""
    files = total = 0
    known = True
    for name, _ in inputs.expand(names):
        files += 1
        try:
            total += os.stat(name).st_size if name != inputs.STDIN else 0
            known = known and name != inputs.STDIN
        except OSError:
            pass
    return files, total if known else 0
