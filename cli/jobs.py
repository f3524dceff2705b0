"""Where the chunks are validated, and how their results come back in input order.

Three pools, one interface (``submit`` a chunk, ``result`` of what was submitted, ``close``):
``Here`` validates in this process (``-j 1``, and any run whose input is one chunk); ``Processes``
in worker processes (``-j N``); ``cli/cluster.py``'s ``Cluster`` on a Dask distributed
cluster's workers (``--cluster``). ``ordered`` keeps a bounded number of chunks in flight
(memory stays flat however large the archive) and gives the results back in input order, checked:

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
from dataclasses import dataclass, replace
from typing import Any, Protocol

from pinochle.cli.chunks import Chunk, ChunkResult, Settings, validate_chunk
from pinochle.cli.exits import notice
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


class WorkersLost(PinochleError):
    """Worker processes kept dying: the run stops (``ordered`` names the games not checked)."""


@dataclass(slots=True)
class _Job:
    """A chunk sent to the worker processes: its work as the current pool does it."""

    chunk: Chunk
    future: Any


class Processes:
    """``jobs`` worker processes of this machine (forked where the system can, so that each
    starts with the engine already imported).

    A worker process that dies (killed, out of memory) takes its chunk's work with it, and the
    pool with it (``concurrent.futures``: every chunk in flight is lost): new worker processes
    are started and every chunk whose result had not come back is sent again, which standard
    error says. After ``RESTARTS`` such restarts in one run the run stops instead
    (``WorkersLost``, exit 2 naming the games not checked): never a hang, never a result for a
    game that was not validated."""

    lazy = False

    #: How many times one run starts its worker processes again.
    RESTARTS = 3

    def __init__(self, jobs: int, settings: Settings) -> None:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        self.context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.jobs = jobs
        self.settings = settings
        self.restarts = 0
        self.waiting: dict[int, _Job] = {}      # sent, their results not yet taken
        self.executor = self._executor()

    def _executor(self) -> Any:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(self.jobs, mp_context=self.context,
                                   initializer=_quiet_worker)

    def _send(self, job: _Job) -> None:
        """``job`` sent to the pool; if the pool is broken already, its future says so (and
        asking for its result starts the pool again)."""
        from concurrent.futures import Future
        from concurrent.futures.process import BrokenProcessPool

        try:
            job.future = self.executor.submit(validate_chunk, job.chunk, self.settings)
        except BrokenProcessPool as error:
            job.future = Future()
            job.future.set_exception(error)

    def submit(self, chunk: Chunk) -> Any:
        job = _Job(chunk, None)
        self._send(job)
        self.waiting[id(job)] = job
        return job

    def result(self, handle: Any) -> ChunkResult:
        from concurrent.futures.process import BrokenProcessPool

        while True:
            try:
                result: ChunkResult = handle.future.result()
            except BrokenProcessPool:
                self._restart(handle.future)
                continue
            del self.waiting[id(handle)]
            return result

    def _restart(self, broken: Any) -> None:
        """The pool broke (a worker process died): a new one, and every chunk whose result did
        not come back (``broken``'s among them) sent to it."""
        lost = [job for job in self.waiting.values() if job.future is broken
                or not (job.future.done() and job.future.exception() is None)]
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self.restarts == self.RESTARTS:
            raise WorkersLost(f"worker processes ended abruptly {self.restarts + 1} times "
                              "(killed, or out of memory?)")
        self.restarts += 1
        notice("validate", f"a worker process ended abruptly (killed, or out of memory?): "
               f"new worker processes validate the {len(lost)} "
               f"chunk{'s' if len(lost) > 1 else ''} whose work was lost "
               f"(restart {self.restarts} of at most {self.RESTARTS})")
        self.executor = self._executor()
        for job in lost:
            self._send(job)

    def close(self, abort: bool = False) -> None:
        if abort:
            import multiprocessing

            self.executor.shutdown(wait=False, cancel_futures=True)
            for process in multiprocessing.active_children():
                process.terminate()
        self.executor.shutdown(wait=True)


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
