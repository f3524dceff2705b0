"""Where the heavy answers are computed: a process of its own beside each server worker.

Reading and replaying a record (validate, format, replay, the dispute question at a point of a
record, a ruling's answer) is pure Python and holds the interpreter while it runs. In a thread of
the server's own process it would also hold up the event loop and every light request behind it
(a melds question about a position waits for the interpreter between the slices of a
validation, and for the reader's full garbage collections). So each server worker hands that
work to one process of its own (``Workers``): the operating system, not the interpreter, shares
the cores between them, and ``--workers N`` still means N cores' worth of validation.

The process is started when the application starts (a ``forkserver`` forks it from a clean
process that has already imported the engine, so that a restart is quick). If it dies (killed,
out of memory), the pool is started again and the request is tried once more on the new one; a
second death answers 503. A function sent there must be importable by name and what it raises
must survive pickling (``ApiError`` and ``NotationError`` do).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, TypeVar

from starlette.requests import Request

from .bodies import ApiError

__all__ = ["Workers", "work"]

T = TypeVar("T")
#: What the fork server imports once, so that each process it forks starts with the engine
#: (``workstart`` first: it leaves Ctrl-C to the server).
PRELOAD = ["pinochle.service.workstart", "pinochle.service.api", "pinochle.service.page",
           "pinochle.service.answers"]
#: How often (seconds) a work process checks that its server worker is still there.
ORPHAN_CHECK = 0.5


def _ready() -> bool:
    return True


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:     # the number now belongs to another user's process
        return False
    return True


def _quiet(server: int) -> None:
    """In each work process: Ctrl-C and a stop signal sent to the whole process group are the
    server's to handle (it shuts the pool down when its requests are answered), not a
    traceback here. The process ends by itself when its server worker (``server``, a pid) is
    gone: after a ``kill -9`` nothing is left behind. (Its parent is the fork server, which
    waits for it, so the parent's death cannot be the sign.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

    def watch() -> None:
        while _alive(server):
            time.sleep(ORPHAN_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


class Workers:
    """The heavy work's process pool (``size`` processes) of one server worker."""

    def __init__(self, size: int = 1) -> None:
        self.size = size
        self._pool: ProcessPoolExecutor | None = None
        self.restarts = 0

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        pool = ProcessPoolExecutor(max_workers=self.size, mp_context=context,
                                   initializer=_quiet, initargs=(os.getpid(),))
        try:
            pool.submit(_ready)         # start it now, not on the first request
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        return pool

    def start(self) -> None:
        """Start the pool at start-up. One that cannot start now (the process group is being
        stopped, and the fork server went with it) is left for the first request to start."""
        try:
            self._running()
        except (OSError, EOFError):
            pass

    def close(self) -> None:
        """At shutdown (no request is in flight by then): wait for the pool to stop, so that its
        queues' semaphores are released here, not reported leaked by multiprocessing's resource
        tracker when a worker of ``--workers N`` ends by its stop signal."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _running(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = self._new_pool()
        return self._pool

    def _drop(self, broken: ProcessPoolExecutor | None) -> None:
        """Drop a broken pool (unless another request did already); the next call starts a
        new one."""
        if broken is not None and self._pool is broken:
            self._pool = None
            broken.shutdown(wait=False, cancel_futures=True)
            self.restarts += 1

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the pool; the event loop goes on serving meanwhile."""
        loop = asyncio.get_running_loop()
        for _attempt in range(2):
            pool = self._pool
            try:
                pool = self._running()
                answer = loop.run_in_executor(pool, function, *args)
            except (BrokenProcessPool, OSError, EOFError):      # it could not start
                self._drop(pool)
                continue
            try:
                return await answer
            except BrokenProcessPool:                           # it died meanwhile
                self._drop(pool)
        raise ApiError(503, "the process computing the answer stopped twice while answering "
                            "(out of memory?); try again, or send a smaller record")


def work(request: Request) -> Workers:
    """The work process of the server worker answering ``request`` (``create_app`` makes it)."""
    workers: Workers = request.app.state.workers
    return workers
