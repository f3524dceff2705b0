"""The report of a ``pinochle validate`` run: its inputs cut into chunks of whole games
(``batch/chunks.py``), validated by a pool (``batch/pools.py``: here, in worker processes or on
a cluster) and the report written as their results come back, in input order: text, one JSON
document, or one JSON object a line (``jsonl``). The same inputs give the same report, byte for
byte, however many workers did the work. The command line (``cli/runner.py``: files, folders,
standard input, the progress line) and the service (``/v1/validate``: ``json_report``,
``write_report``) write it with the same ``Run``.

``--max-errors`` is applied here, in the report's order: each file shows its first N messages
(findings and syntax errors), and a line says how many more there were. The counts count all.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator
from typing import IO

from pinochle.adjudicator import (MAX_ERRORS, SCHEMA_VERSION, FileReport, Summary, exit_status,
                                  render_omitted, render_strict, render_summary)
from pinochle.batch.chunks import LINES, Chunk, ChunkResult, Item, Settings, split
from pinochle.batch.pools import Here, Pool, ordered
from pinochle.batch.tally import Tally
from pinochle.notation.source import SourceLines

__all__ = ["Run", "json_report", "write_report"]


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


class Run:
    """A run's report, written to ``out`` as results come back. ``pool`` (default: this
    process) validates. ``advanced`` (after each chunk) and ``unreadable`` (an input that could
    not be read to its end) do nothing here: the command line draws its progress line and
    says the problem on standard error (``cli/runner.py``); the report says it either way."""

    def __init__(self, out: IO[str], settings: Settings, max_errors: int = MAX_ERRORS) -> None:
        self.out = out
        self.settings = settings
        self.form = settings.form
        self.max_errors = max_errors
        self.tally = Tally()
        self.line_open = False      # the output so far does not end with a newline
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
        self.advanced()

    def advanced(self) -> None:
        """A chunk's result is in the report (``files_done``, ``tally``, ``read`` say how far
        the run is)."""

    def unreadable(self, label: str, problem: str) -> None:
        """Input ``label`` could not be read (to its end): ``problem`` says why."""

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
            self.unreadable(label, problem)
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


def write_report(raw: IO[bytes], name: str, out: IO[str], form: str = "json",
                 strict: bool = False, max_errors: int = 0, lines: int = LINES) -> Summary:
    """``pinochle validate --format FORM`` of one input, written to ``out`` as the games are
    replayed, ``lines`` of the input at a time (the service streams ``jsonl`` so); its
    summary."""
    run = Run(out, Settings(form), max_errors)
    run.run(run.stream_chunks(raw, name, size=lines, count=False))
    run.finish(strict)
    return run.tally.summary()


def json_report(raw: IO[bytes], name: str, strict: bool = False,
                max_errors: int = 0) -> tuple[str, Summary]:
    """What ``pinochle validate --json`` prints for one input (``raw``, read and closed, named
    ``name``; every finding unless ``max_errors``), and its summary: the service's
    ``/v1/validate`` answers with this (``service/api.py``)."""
    out = io.StringIO()
    summary = write_report(raw, name, out, "json", strict, max_errors)
    return out.getvalue(), summary
