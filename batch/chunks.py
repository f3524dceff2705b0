"""An archive cut into chunks of whole games, and the work done on one chunk: what
``pinochle validate`` sends to a worker (a process of ``-j N``, or a Dask worker of
``--cluster``) and what comes back.

``split`` cuts a file's physical lines (``SourceLines``) at game starts (``batch/cuts.py``): a tag
line after a statement that is not a tag (docs/notation.md §2: "a new tag after a battle starts
a new game"), never inside a brace comment. ``validate_chunk`` reads a chunk's games
(``iter_games`` numbering the lines as the file does), validates each and renders it, in the
requested format, as the text the report will print, so that the process writing the report only
joins strings. A game's findings come back one by one as well, so that ``--max-errors`` can cut
a file's messages where the whole run's order says.

Whether the cut was where the reader would have ended a game is checked when the chunks come
back (``batch/pools.py``): a chunk whose last item, or whose neighbour's first, is a syntax error
is read again together with its neighbour, so a file's report is the same however it was cut.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from pinochle.adjudicator import (GameReport, SeatGameReport, SyntaxErrorReport, TableGameReport,
                                  render_finding, render_scores, validate_game)
from pinochle.batch.cuts import Cuts, count_games
from pinochle.notation.errors import NotationError
from pinochle.notation.reader import iter_games
from pinochle.notation.source import CutLines

#: How many lines a chunk holds at least (then it ends at the next game start): about a dozen
#: games of four battles, some 30 ms of work, large enough that handing it to a process costs
#: little beside it.
LINES = 2_000

#: A finding's tally key: its rule id and severity (``"error"``, ``"warning"``, ``"info"``).
RuleSeverity = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Settings:
    """What the report looks like: ``form`` is ``text``, ``json`` or ``jsonl``; ``scores``
    false leaves the text report's scores out (``--quiet``)."""

    form: str = "text"
    scores: bool = True


@dataclass(slots=True)
class Chunk:
    """Lines ``first_line``... of the file ``label`` (the run's ``file``-th input), holding (by
    the cut) ``games`` games, the first of them game ``first_game`` of the file (``shift`` of
    that number is a correction, ``batch/pools.py``); ``last`` when the file ends with it, and
    ``error`` when it ends there because the rest cannot be read (why). A chunk with a
    ``path`` (of ``size`` bytes) stands for that whole file, which the worker reads itself
    (``cli/runner.py`` sends small files so to the worker processes, ``cli/jobs.py``: their
    reading is then done on the workers' cores too)."""

    label: str
    file: int
    first_line: int
    first_game: int
    lines: list[str]
    games: int
    last: bool = False
    shift: int = 0
    error: str | None = None
    path: str | None = None
    size: int = 0


@dataclass(slots=True)
class Item:
    """A game's report, or a game's syntax errors (``syntax``), as the report prints them.

    ``whole`` is the game's text (or JSON) with every message. ``messages`` are its findings
    (or syntax errors) rendered one by one; for a game, ``head`` and ``tail`` are what goes
    before and after them when only some are shown (text: ``head`` empty, ``tail`` the scores;
    JSON: the report up to its ``findings`` list, and after it). ``reports`` holds a syntax
    error's JSON (``SyntaxErrorReport``), one per message."""

    syntax: bool
    whole: str
    messages: list[str]
    head: str = ""
    tail: str = ""
    reports: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ChunkResult:
    """What a chunk's work gives back: its items in order, and its counts; ``error`` when the
    file could not be read to its end (``unread``: nothing of it)."""

    chunk: Chunk
    items: list[Item]
    games: int = 0
    battles: int = 0
    syntax_errors: int = 0
    findings: Counter[RuleSeverity] = field(default_factory=Counter)
    error: str | None = None
    unread: bool = False

    @property
    def clean_ends(self) -> tuple[bool, bool]:
        """Whether the first and the last item are games read without a syntax error (the cut
        before and after this chunk can then only have been where the reader ends a game)."""
        if not self.items:
            return True, True
        return not self.items[0].syntax, not self.items[-1].syntax


def split(pieces: Iterable[list[str]], label: str, file: int = 0, size: int = LINES,
          count: bool = True) -> Iterator[Chunk]:
    """The chunks of one file's physical lines, given a block's worth at a time
    (``SourceLines.pieces``): each ends just before a game start once it holds ``size``
    lines. A game start is a tag line after a statement that is not a tag, outside a brace
    comment. Game numbers are counted from the cuts: ``batch/pools.py`` checks them against what
    the reader found. When the lines stop coming because the file cannot be read further
    (``OSError``: a compressed file cut short), the last chunk holds the lines read and says
    why.

    The cuts are sought as the lines come (``batch/cuts.py``: in time linear in the file's
    length, whatever it holds). Without
    ``count`` the games are not counted (each chunk says 0): for a pool that numbers a chunk
    when its turn comes (``batch/pools.py``)."""
    cuts = Cuts(size)
    first_line = first_game = 1
    error = None
    try:
        for piece in pieces:
            cuts.add(piece)
            while (lines := cuts.take()) is not None:
                games = count_games(lines) if count else 0
                yield Chunk(label, file, first_line, first_game, lines, games)
                first_line, first_game = first_line + len(lines), first_game + games
    except (OSError, NotationError) as problem:
        reason = problem.message if isinstance(problem, NotationError) else (
            problem.strerror or str(problem))
        read = first_line - 1 + len(cuts.held)
        error = (f"cannot read the file past line {read}: {reason}" if read
                 else f"cannot read the file: {reason}")
    held = cuts.held
    yield Chunk(label, file, first_line, first_game, held, count_games(held) if count else 0,
                last=True, error=error)


def validate_chunk(chunk: Chunk, settings: Settings) -> ChunkResult:
    """Read, validate and render the games of ``chunk`` (the worker's whole job). A chunk
    standing for a whole file (``path``) is read by the pool that sent it (``cli/jobs.py``)."""
    if chunk.path is not None:
        raise ValueError(f"{chunk.label}: a whole file's chunk is read by its pool first")
    result = ChunkResult(chunk, [], error=chunk.error,
                         unread=chunk.error is not None and chunk.first_line == 1
                         and not chunk.lines)
    lines, first = chunk.lines, chunk.first_line
    if not lines:
        return result

    def source_line(number: int) -> str | None:
        index = number - first
        return lines[index] if 0 <= index < len(lines) else None

    number = chunk.first_game
    for item in iter_games(CutLines(lines), chunk.label, first):
        if isinstance(item, NotationError):
            result.items.append(_syntax(item, chunk.label))
            result.syntax_errors += len(item.errors)
        else:
            report = validate_game(item, chunk.label, number)
            result.games += 1
            result.battles += len(report.battles)
            for finding in report.findings:
                result.findings[finding.rule, finding.severity.value] += 1
            result.items.append(_game(report, source_line, settings))
        number += 1
    result.chunk = replace(chunk, lines=[])    # not sent back: the caller has them
    return result


def _syntax(error: NotationError, label: str) -> Item:
    texts, reports = [], []
    for each in error.errors:
        if each.filename is None:
            each.filename = label
        texts.append(each.describe().rstrip("\n"))
        reports.append(SyntaxErrorReport(
            file=each.filename or label, line=each.line or 0, column=each.column or 0,
            message=each.message, snippet=each.snippet).model_dump_json())
    return Item(True, "", texts, reports=reports)


_FINDINGS = '"findings":['


def _game(report: GameReport | TableGameReport | SeatGameReport,
          source_line: Callable[[int], str | None], settings: Settings) -> Item:
    if settings.form == "text":
        texts = [render_finding(f, source_line(f.line) if f.line else None)
                 for f in report.findings]
        tail = render_scores(report) if settings.scores else ""
        whole = "\n".join(texts + [tail] if settings.scores else texts)
        return Item(False, whole, texts, tail=tail)
    if not report.findings:
        return Item(False, report.model_dump_json(), [])
    bare = report.model_copy(update={"findings": []}).model_dump_json()
    cut = bare.index(_FINDINGS + "]") + len(_FINDINGS)
    texts = [f.model_dump_json() for f in report.findings]
    return Item(False, bare[:cut] + ",".join(texts) + bare[cut:], texts, bare[:cut], bare[cut:])
