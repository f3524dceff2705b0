"""One ``pinochle validate`` run: the inputs read in order and cut into chunks of whole games
(``cli/chunks.py``), validated here, in worker processes or on a cluster (``cli/jobs.py``), and
the report written as their results come back, in input order: text, one JSON document, or one
JSON object a line (``jsonl``). The same inputs give the same report, byte for byte, however
many workers did the work.

``--max-errors`` is applied here, in the report's order: each file shows its first N messages
(findings and syntax errors), and a line says how many more there were. The counts count all.
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Iterator
from typing import IO

from pinochle.adjudicator.report.validation import (MAX_ERRORS, SCHEMA_VERSION, FileReport,
                                                    exit_status)
from pinochle.adjudicator.report.validation import render_omitted, render_strict, render_summary
from pinochle.cli import inputs
from pinochle.cli.chunks import LINES, Chunk, ChunkResult, Item, Settings, split
from pinochle.cli.exits import say
from pinochle.cli.jobs import Here, Pool, ordered
from pinochle.cli.progress import Progress
from pinochle.cli.tally import Tally
from pinochle.notation.source import SourceLines


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


class Run:
    """A run's report, written to ``out`` as results come back. ``pool`` (default: this
    process) validates; ``progress`` draws the progress line."""

    def __init__(self, out: IO[str], settings: Settings, max_errors: int = MAX_ERRORS) -> None:
        self.out = out
        self.settings = settings
        self.form = settings.form
        self.max_errors = max_errors
        self.tally = Tally()
        self.line_open = False      # the output so far does not end with a newline
        self.progress: Progress | None = None
        self.read = [0]             # bytes read of the inputs (for the progress line)
        self.files_done = 0
        self.started = time.monotonic()
        # the current file's state
        self.room = 0               # how many more messages it may show
        self.omitted = 0            # its messages not shown
        self.first_game = True
        self.syntax: list[str] = []

    # --- writing ------------------------------------------------------------------------

    def write(self, text: str) -> None:
        if text:
            self.out.write(text)
            self.line_open = not text.endswith("\n")

    def end_line(self) -> None:
        """End the output's last line (an internal error cuts a JSON report short)."""
        if self.line_open:
            self.write("\n")

    # --- reading -------------------------------------------------------------------------

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

    def stream_chunks(self, raw: IO[bytes], label: str, index: int = 0, size: int = LINES,
                      count: bool = True) -> Iterator[Chunk]:
        """The chunks of one open input (closed at its end)."""
        try:
            yield from split(SourceLines(raw, keep=False).pieces(), label, index, size, count)
        finally:
            raw.close()

    def run(self, chunks: Iterator[Chunk], pool: Pool | None = None, window: int = 1) -> None:
        """Validate ``chunks`` (``chunks`` or ``stream_chunks``) and write their report (not
        its end: ``finish``)."""
        pool = pool if pool is not None else Here(self.settings)
        self.begin()
        for result in ordered(chunks, pool, self.settings, window):
            self.take_result(result)

    def take_result(self, result: ChunkResult) -> None:
        chunk = result.chunk
        if chunk.first_line == 1:
            self.begin_file(result)
        self.tally.add(result)
        for item in result.items:
            if item.syntax:
                self.syntax_item(item)
            else:
                self.game_item(item)
        if chunk.last:
            self.end_file(result)
        if self.progress is not None:
            self.progress.show(self.files_done, self.tally.games, self.tally.battles,
                               self.read[0])

    # --- the report's parts ---------------------------------------------------------------

    def begin(self) -> None:
        if self.form == "json":
            self.write(f'{{"schema_version":{SCHEMA_VERSION},"files":[')

    def begin_file(self, result: ChunkResult) -> None:
        chunk = result.chunk
        self.tally.files += 1
        self.room, self.omitted = self.max_errors, 0
        self.first_game = True
        self.syntax = []
        if result.unread:
            return
        if self.form == "json":
            self.write(("," if chunk.file else "")
                       + f'{{"file":{_dumps(chunk.label)},"games":[')

    def take(self, items: list[str]) -> list[str]:
        """The first of ``items`` that the file still has room to show; the rest counted."""
        if not self.max_errors:
            return items
        shown = items[:self.room]
        self.room -= len(shown)
        self.omitted += len(items) - len(shown)
        return shown

    def game_item(self, item: Item) -> None:
        shown = self.take(item.messages)
        if len(shown) == len(item.messages):
            text = item.whole
        elif self.form == "text":
            text = "\n".join(shown + [item.tail] if self.settings.scores else shown)
        else:
            text = item.head + ",".join(shown) + item.tail
        if self.form == "json":
            self.write(("" if self.first_game else ",") + text)
            self.first_game = False
        elif self.form == "jsonl":
            self.write(text + "\n")
        elif text:
            self.write(text + "\n")

    def syntax_item(self, item: Item) -> None:
        shown = len(self.take(item.messages))
        if self.form == "text":
            for text in item.messages[:shown]:
                self.write(text + "\n")
        elif self.form == "jsonl":
            for report in item.reports[:shown]:
                self.write(f'{{"syntax_error":{report}}}\n')
        else:
            self.syntax.extend(item.reports[:shown])

    def end_file(self, result: ChunkResult) -> None:
        chunk, problem = result.chunk, result.error
        self.files_done += 1
        self.read[0] += chunk.size
        label = chunk.label
        if problem is not None:
            self.tally.unreadable_files += 1
            say("validate", f"{label}: {problem}")
        if self.form == "json":
            if result.unread:
                comma = "," if chunk.file else ""
                report = FileReport(file=label, games=[], syntax_errors=[], error=problem)
                self.write(comma + report.model_dump_json())
                return
            error = "null" if problem is None else _dumps(problem)
            self.write(f'],"syntax_errors":[{",".join(self.syntax)}],"omitted":{self.omitted},'
                       f'"error":{error}}}')
            return
        if self.form == "jsonl":
            if self.omitted:
                self.write(f'{{"omitted":{{"file":{_dumps(label)},"messages":{self.omitted}}}}}\n')
            if problem is not None:
                self.write(f'{{"file_error":{{"file":{_dumps(label)},'
                           f'"error":{_dumps(problem)}}}}}\n')
        elif self.omitted:
            self.write(render_omitted(label, self.omitted, self.max_errors) + "\n")

    def finish(self, strict: bool) -> int:
        """The report's end (the summary); the exit status."""
        summary = self.tally.summary()
        status = exit_status(summary, strict)
        if self.form == "json":
            self.write(f'],"summary":{summary.model_dump_json()},"exit_status":{status}}}\n')
        elif self.form == "jsonl":
            self.write(f'{{"summary":{summary.model_dump_json()},"exit_status":{status}}}\n')
        else:
            self.write(render_summary(summary) + "\n")
            if strict and status == 1 and summary.notices:
                self.write(render_strict(summary) + "\n")
        return status

    def seconds(self) -> float:
        return time.monotonic() - self.started


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
