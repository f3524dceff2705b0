"""Where the heavy answers are computed: processes of their own beside each server worker.

Reading and replaying a record (validate, format, replay, the dispute question at a point of a
record, a ruling's answer) is pure Python and holds the interpreter while it runs. In a thread of
the server's own process it would also hold up the event loop and every light request behind it.
So each server worker hands that work to *work processes* of its own (``Workers``): the
operating system, not the interpreter, shares the cores between them.

Each server worker has two lanes, each one work process with a first-come first-served queue
(``Turn``): records up to ``LIGHT_BYTES`` go to the light lane, larger ones to the heavy lane,
so that one client's megabyte never stands between another client's small record and its answer
(docs/service.md, "Deadlines and lanes", says why lanes rather than a fair queue).

Work has a deadline and a client. A job whose deadline passed, or whose client went away, while
it waited is never started; one running past its deadline (or whose client leaves, or whose
request is cancelled by the time limit) has its process killed, and the lane's next job starts a
new one. A process is forked, ready, from a ``forkserver`` that imported the engine once, so
that a new one is quick. If it dies by itself (killed, out of memory), the job is tried once more
on a new process; a second death answers 503. A function sent there must be importable by name
and what it raises must survive pickling (``ApiError``, ``NotationError``, ``TimeUp`` do).
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from starlette.requests import Request

from .bodies import ApiError

__all__ = ["ClientGone", "LIGHT_BYTES", "TimeUp", "Workers", "compute", "work"]

T = TypeVar("T")
#: What the fork server imports once, so that each process it forks starts with the engine
#: (``workstart`` first: it leaves Ctrl-C to the server).
PRELOAD = ["pinochle.service.workstart", "pinochle.service.api", "pinochle.service.page",
           "pinochle.service.answers"]
#: How often (seconds) a work process checks that its server worker is still there.
ORPHAN_CHECK = 0.5
#: A record up to this size (bytes) is light work (64 KiB: a few dozen games, well under a
#: second); a larger one goes to the heavy lane.
LIGHT_BYTES = 64 * 1024
#: How often (seconds) a job waiting for, or running in, a work process looks at its deadline
#: and its client.
CHECK = 0.25
LANES = ("light", "heavy")
#: How long (seconds) a look for the client's disconnect waits for it.
GONE_WAIT = 0.001


class TimeUp(Exception):
    """The request's time limit passed while it was waiting or being answered."""


class ClientGone(Exception):
    """The client closed its connection: nobody is waiting for the answer."""


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
    server's to handle (it stops the work processes when its requests are answered), not a
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


def _serve(conn: Connection, server: int) -> None:
    """A work process: answer ``(function, args)`` with ``(True, result)`` or ``(False,
    exception)``, one at a time, until the server worker closes the pipe."""
    _quiet(server)
    while True:
        try:
            function, args = conn.recv()
        except (EOFError, OSError):
            os._exit(0)
        try:
            reply: tuple[bool, Any] = (True, function(*args))
        except Exception as error:      # every failure goes back as a value
            reply = (False, error)
        try:
            conn.send(reply)
        except Exception as error:      # an answer that does not pickle
            conn.send((False, RuntimeError(f"{type(error).__name__}: {error}")))


class Turn:
    """A first-come first-served turn at one work process. A waiter that gives up (its
    deadline, its client, a cancelled request) leaves the queue and is never served."""

    def __init__(self) -> None:
        self.busy = False
        self.waiting: deque[asyncio.Future[None]] = deque()

    async def take(self, check: Callable[[], Awaitable[None]]) -> None:
        """Wait for the turn; ``check`` (every ``CHECK`` seconds) raises to give up."""
        if not self.busy and not self.waiting:
            self.busy = True
            return
        mine: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append(mine)
        try:
            while not mine.done():
                await asyncio.wait({mine}, timeout=CHECK)
                if not mine.done():
                    await check()
        except BaseException:
            if mine.done() and not mine.cancelled():     # the turn came as it gave up
                self.give()
            else:
                mine.cancel()
                self.waiting.remove(mine)
            raise

    def give(self) -> None:
        """The turn passes to the longest waiter, or the process is free."""
        while self.waiting:
            waiter = self.waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self.busy = False


class Lane:
    """One work process (started when first needed) and its turn."""

    def __init__(self, context: Any) -> None:
        self.context = context
        self.turn = Turn()
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None

    def ready(self) -> Connection:
        if self.process is None or self.conn is None:
            parent, child = self.context.Pipe()
            process = self.context.Process(target=_serve, args=(child, os.getpid()),
                                           name="pinochle-work")
            try:
                process.start()
            finally:
                child.close()
            self.process, self.conn = process, parent
        return self.conn

    def stop(self) -> None:
        """Kill the process (a job past its deadline, a shutdown); the next job starts
        another. A thread still reading its pipe gets EOF and closes it."""
        process, self.process, self.conn = self.process, None, None
        if process is not None:
            try:
                process.kill()
            except (OSError, ValueError, AttributeError):     # gone already, or never started
                pass


def _read(conn: Connection, loop: asyncio.AbstractEventLoop,
          answer: asyncio.Future[tuple[bool, Any]]) -> None:
    """In a thread of its own: the work process's reply, handed to the event loop. (A daemon
    thread: one still reading when the server stops does not hold up its exit.)"""
    try:
        reply, error = conn.recv(), None
    except BaseException as exc:        # EOF: the process died or was killed
        conn.close()
        reply, error = None, exc
    try:
        loop.call_soon_threadsafe(_settle, answer, reply, error)
    except RuntimeError:                # the event loop is closed: nobody waits
        pass


def _settle(answer: asyncio.Future[Any], reply: Any, error: BaseException | None) -> None:
    if answer.done():                   # given up on (deadline, client gone, cancelled)
        return
    if error is not None:
        answer.set_exception(error)
    else:
        answer.set_result(reply)


class Workers:
    """The work processes of one server worker: one per lane."""

    def __init__(self) -> None:
        self.restarts = 0
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        self.lanes = {name: Lane(context) for name in LANES}
        # before multiprocessing's own exit handler, which waits for every child process
        atexit.register(self.close)

    def start(self) -> None:
        """Start the light lane's process at start-up (the heavy one starts when first
        needed). One that cannot start now (the process group is being stopped, and the fork
        server went with it) is left for the first request to start."""
        try:
            self.lanes["light"].ready()
        except (OSError, EOFError):
            self.lanes["light"].stop()

    def close(self) -> None:
        for lane in self.lanes.values():
            lane.stop()

    async def run(self, function: Callable[..., T], *args: Any, size: int = 0,
                  deadline: float | None = None,
                  gone: Callable[[], Awaitable[bool]] | None = None) -> T:
        """``function(*args)`` in the work process of the lane for a record of ``size`` bytes;
        the event loop goes on serving meanwhile. ``TimeUp`` once ``deadline``
        (``time.monotonic()``) passes, ``ClientGone`` once ``gone()`` says so: before the work
        starts it never starts, after that its process is killed."""

        async def check() -> None:
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeUp
            if gone is not None and await gone():
                raise ClientGone

        lane = self.lanes["light" if size <= LIGHT_BYTES else "heavy"]
        await lane.turn.take(check)
        try:
            await check()
            for _attempt in range(2):
                try:
                    ok, value = await self._answer(lane, function, args, check)
                except (EOFError, OSError):         # it died (or could not start)
                    lane.stop()
                    self.restarts += 1
                    continue
                if ok:
                    return value
                raise value
        finally:
            lane.turn.give()
        raise ApiError(503, "the process computing the answer stopped twice while answering "
                            "(out of memory?); try again, or send a smaller record")

    async def _answer(self, lane: Lane, function: Callable[..., Any], args: tuple[Any, ...],
                      check: Callable[[], Awaitable[None]]) -> tuple[bool, Any]:
        conn = lane.ready()
        conn.send((function, args))
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[bool, Any]] = loop.create_future()
        threading.Thread(target=_read, args=(conn, loop, answer), name="work-reader",
                         daemon=True).start()
        try:
            while True:
                done, _ = await asyncio.wait({answer}, timeout=CHECK)
                if done:
                    result: tuple[bool, Any] = answer.result()
                    return result
                await check()
        except BaseException:
            if not answer.done():   # past its deadline, its client gone, or cancelled
                answer.cancel()
                lane.stop()
            raise


def work(request: Request) -> Workers:
    """The work processes of the server worker answering ``request`` (``create_app`` makes
    them)."""
    workers: Workers = request.app.state.workers
    return workers


async def compute(request: Request, function: Callable[..., T], *args: Any,
                  record: str | bytes) -> T:
    """``function(*args)`` for ``request`` about ``record`` (its size chooses the lane) in a
    work process, within the request's time limit and while its client is there
    (``Workers.run``)."""
    limit: float = request.app.state.settings.time_limit
    size = len(record.encode("utf-8", "surrogatepass") if isinstance(record, str) else record)
    return await work(request).run(function, *args, size=size,
                                   deadline=time.monotonic() + limit,
                                   gone=lambda: _gone(request))


async def _gone(request: Request) -> bool:
    """Whether the client of ``request`` (its body read) closed its connection. (Not
    ``request.is_disconnected()``: under the application's ``http`` middleware its cancelled
    read loses the disconnect message, so it always says no.)"""
    try:
        message = await asyncio.wait_for(request.receive(), GONE_WAIT)
    except (asyncio.TimeoutError, RuntimeError):
        return False
    return bool(message.get("type") == "http.disconnect")
