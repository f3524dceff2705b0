"""Where the chunks are validated, and how their results come back in input order.

Three pools, one interface (``Pool``: ``submit`` a chunk, ``result`` of what was submitted,
``close``): ``Here`` validates in this process (``-j 1``, any run whose input is one chunk, the
service); the command line's ``Processes`` in worker processes (``-j N``, ``cli/jobs.py``) and
``Cluster`` on a Dask distributed cluster's workers (``--cluster``, ``cli/cluster.py``).
``ordered`` keeps a bounded number of chunks in flight (memory stays flat however large the
archive) and gives the results back in input order, checked:

* where two chunks of a file meet, the reader must have ended a game there: a chunk whose last
  item is a syntax error, or followed by one whose first item is, is read again together with
  its neighbour (the cut may have fallen inside what the reader would have read as one game);
* a chunk's games are numbered from the games the chunks before it really held: a chunk
  numbered otherwise (the cut counted a game the reader did not, or missed one) is done again,
  and the chunks of that file not yet sent are numbered with the difference (a pool that works
  only when asked, this process's, numbers each chunk from the one before, just before).

So a file's report is the same, byte for byte, however it was cut and wherever it ran.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any, Protocol

from pinochle.batch.chunks import Chunk, ChunkResult, Settings, validate_chunk
from pinochle.notation.errors import PinochleError

__all__ = ["Here", "Pool", "WorkersLost", "ordered"]


class Pool(Protocol):
    #: Whether a chunk's work waits for its result to be asked for (so that the chunk can still
    #: be numbered then).
    lazy: bool

    def submit(self, chunk: Chunk) -> Any: ...

    def result(self, handle: Any) -> ChunkResult: ...

    def close(self, abort: bool = False) -> None: ...


class Here:
    """Validation in this process, when the result is asked for."""

    lazy = True

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def submit(self, chunk: Chunk) -> Any:
        return chunk

    def result(self, handle: Any) -> ChunkResult:
        return validate_chunk(handle, self.settings)

    def close(self, abort: bool = False) -> None:
        """Nothing to stop."""


class WorkersLost(PinochleError):
    """Worker processes kept dying: the run stops (``ordered`` names the games not checked)."""



def _joined(first: Chunk, second: Chunk) -> Chunk:
    """Two neighbouring chunks as one: the second's end (``last``, and ``error`` when the
    file could not be read past it) with the first's start."""
    return replace(second, first_line=first.first_line, first_game=first.first_game,
                   shift=first.shift, lines=first.lines + second.lines,
                   games=first.games + second.games)


def _next_game(chunk: Chunk, result: ChunkResult) -> int:
    """The number of the game after ``chunk``'s, by what the reader found in it (each item a
    game, or the syntax errors that stand for one)."""
    return chunk.first_game + len(result.items)


def ordered(chunks: Iterable[Chunk], pool: Pool, settings: Settings,
            window: int) -> Iterator[ChunkResult]:
    """The results of ``chunks`` in their order, checked (see the module's text), with at most
    ``window`` chunks submitted and not yet given back."""
    source = iter(chunks)
    flight: deque[tuple[Chunk, Any]] = deque()
    shifts: dict[int, int] = {}         # a file's numbering found wrong, for its next chunks

    def fill() -> None:
        while len(flight) < window:
            chunk = next(source, None)
            if chunk is None:
                return
            shift = shifts.get(chunk.file, 0)
            if shift:
                chunk = replace(chunk, first_game=chunk.first_game + shift, shift=shift)
            flight.append((chunk, pool.submit(chunk)))

    # the last result, given back once the next chunk shows the cut was good; with its chunk
    # as sent (a result carries its chunk without the lines)
    held: tuple[Chunk, ChunkResult] | None = None
    fill()
    while flight:
        chunk, handle = flight.popleft()
        if held is not None and pool.lazy:   # numbered by the chunk before, before the work
            number = _next_game(*held)
            if chunk.first_game != number:
                chunk = replace(chunk, first_game=number)
                handle = pool.submit(chunk)
        try:
            result = pool.result(handle)
        except WorkersLost as lost:     # nothing from here on was reported: say where that is
            first = held[0] if held is not None else chunk
            raise PinochleError(f"{lost}; no report for {first.label} from game "
                                f"{first.first_game} (line {first.first_line}) on, nor for the "
                                "inputs after it: they were not checked") from None
        fill()
        if held is not None:
            before, done = held
            held = None
            if not (done.clean_ends[1] and result.clean_ends[0]):
                chunk = _joined(before, chunk)
                result = validate_chunk(chunk, settings)
            else:
                number = _next_game(before, done)
                if chunk.first_game != number:
                    shifts[chunk.file] = chunk.shift + number - chunk.first_game
                    chunk = replace(chunk, first_game=number)
                    result = validate_chunk(chunk, settings)
                yield done
        if chunk.last:
            yield result
        else:
            held = (chunk, result)
