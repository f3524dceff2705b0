"""Where ``pinochle validate`` validates the chunks of its files: in ``N`` worker processes of
this machine (``-j N``: ``Processes``) or in this process (``Here``), pools as
``batch/pools.py`` defines them (``ordered`` puts the results back in input order). A chunk
standing for a whole small file (``path``) is read by the pool's worker itself (``work``).
"""

from __future__ import annotations

import signal
from dataclasses import dataclass, replace
from typing import Any

from pinochle.batch.chunks import Chunk, ChunkResult, Settings, split, validate_chunk
from pinochle.batch import pools
from pinochle.batch.pools import WorkersLost
from pinochle.cli.exits import notice
from pinochle.cli.inputs import open_input
from pinochle.notation.source import SourceLines


class Here(pools.Here):
    """Validation in this process, when the result is asked for, a whole file's chunk read
    here."""

    def result(self, handle: Any) -> ChunkResult:
        return work(handle, self.settings)


def _quiet_worker() -> None:
    """A worker process leaves Ctrl-C to the command, which stops it (no traceback from it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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

    #: Seconds ``close`` waits for each pool's manager thread (it ends once its processes have).
    JOIN = 30.0

    def __init__(self, jobs: int, settings: Settings) -> None:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        self.context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.jobs = jobs
        self.settings = settings
        self.restarts = 0
        self.waiting: dict[int, _Job] = {}      # sent, their results not yet taken
        self.retired: list[Any] = []             # manager threads of pools shut down unwaited
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
            job.future = self.executor.submit(work, job.chunk, self.settings)
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
        self._retire()
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

    def _retire(self) -> None:
        """The current pool shut down without waiting for it, its manager thread kept for
        ``close`` to join. (``shutdown(wait=False)`` forgets the thread, which goes on to close
        its wake-up pipe; still running at exit, it races the interpreter's exit hook, which
        writes to that pipe: CPython 3.11 then prints an ``OSError`` traceback as the command
        ends.)"""
        thread = getattr(self.executor, "_executor_manager_thread", None)
        self.executor.shutdown(wait=False, cancel_futures=True)
        if thread is not None:
            self.retired.append(thread)

    def close(self, abort: bool = False) -> None:
        """The pool shut down (``abort``: its work dropped and its processes ended), and
        every pool's manager thread ended with it."""
        if abort:
            import multiprocessing

            self._retire()
            for process in multiprocessing.active_children():
                process.terminate()
        else:
            self.executor.shutdown(wait=True)
        for thread in self.retired:
            thread.join(self.JOIN)


def work(chunk: Chunk, settings: Settings) -> ChunkResult:
    """A worker process's job: ``validate_chunk``, or, for a chunk standing for a whole file
    (``path``: a file small enough to be held), the file read here first."""
    if chunk.path is None:
        return validate_chunk(chunk, settings)
    try:
        raw = open_input(chunk.path)
    except OSError as error:
        return ChunkResult(chunk, [], error=f"cannot read the file: {error.strerror or error}",
                           unread=True)
    try:
        (whole,) = split(SourceLines(raw, keep=False).pieces(), chunk.label, chunk.file,
                         size=1 << 62, count=False)
    finally:
        raw.close()
    result = validate_chunk(replace(whole, first_game=chunk.first_game), settings)
    result.chunk = chunk
    return result
