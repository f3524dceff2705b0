"""Where the chunks are validated, and how their results come back in input order.

Three pools, one interface (``submit`` a chunk, ``result`` of what was submitted, ``close``):
``Here`` validates in this process (``-j 1``, and any run whose input is one chunk); ``Processes``
in worker processes (``-j N``); ``Cluster`` on a Dask distributed cluster's workers
(``--cluster``). ``ordered`` keeps a bounded number of chunks in flight (memory stays flat
however large the archive) and gives the results back in input order, checked:

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

import signal
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any, Protocol

from pinochle.cli.chunks import Chunk, ChunkResult, Settings, validate_chunk
from pinochle.cli.exits import UsageProblem
from pinochle.notation.errors import PinochleError


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


def _quiet_worker() -> None:
    """A worker process leaves Ctrl-C to the command, which stops it (no traceback from it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Processes:
    """``jobs`` worker processes of this machine (forked where the system can, so that each
    starts with the engine already imported)."""

    lazy = False

    def __init__(self, jobs: int, settings: Settings) -> None:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.settings = settings
        self.pool = context.Pool(jobs, initializer=_quiet_worker)

    def submit(self, chunk: Chunk) -> Any:
        return self.pool.apply_async(validate_chunk, (chunk, self.settings))

    def result(self, handle: Any) -> ChunkResult:
        result: ChunkResult = handle.get()
        return result

    def close(self, abort: bool = False) -> None:
        if abort:
            self.pool.terminate()
        else:
            self.pool.close()
        self.pool.join()


class Cluster:
    """The workers of a Dask distributed cluster, through its scheduler at ``address``."""

    lazy = False

    #: How long to try to reach the scheduler, in seconds.
    TIMEOUT = 20

    def __init__(self, address: str, settings: Settings) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise UsageProblem("--cluster needs Dask distributed: pip install "
                               "'pinochle-referee[cluster]'") from None
        self.settings = settings
        try:
            self.client = Client(address, set_as_default=False, timeout=self.TIMEOUT)
        except (OSError, TimeoutError, ValueError) as error:
            raise PinochleError(f"cannot reach the cluster at {address}: {error}") from None

    def submit(self, chunk: Chunk) -> Any:
        return self.client.submit(validate_chunk, chunk, self.settings, pure=False)

    def result(self, handle: Any) -> ChunkResult:
        result: ChunkResult = handle.result()
        return result

    def close(self, abort: bool = False) -> None:
        self.client.close()


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
        result = pool.result(handle)
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
