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

Work has a deadline and, in the heavy lane, a client. A job whose deadline passed while it
waited, or whose client is gone when its turn comes, is never started; one running past its
deadline (or whose client leaves, or whose request is cancelled by the time limit) has its
process killed, and the lane's next job starts a new one. A process is forked, ready, from a
``forkserver`` that imported the engine once, so that a new one is quick. If it dies by itself
(killed, out of memory), the job is tried once more on a new process; a second death answers
503. A function sent there must be importable by name
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
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from contextlib import aclosing
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
#: How much lower than the server workers the work processes run (``nice``).
NICE = 10
#: How often (seconds) a work process checks that its server worker is still there.
ORPHAN_CHECK = 0.5
#: A record up to this size (bytes) is light work (64 KiB: a few dozen games, well under a
#: second); a larger one goes to the heavy lane.
LIGHT_BYTES = 64 * 1024
#: How often (seconds) a job waiting for, or running in, a work process looks at its deadline
#: and its client.
CHECK = 0.25
LANES = ("light", "heavy")
#: A streamed answer goes from the work process in pieces of about this many characters, at
#: most ``WINDOW`` of them read ahead of the client.
PIECE = 64 * 1024
WINDOW = 8


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
    os.nice(NICE)

    def watch() -> None:
        while _alive(server):
            time.sleep(ORPHAN_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


class _Emitter:
    """In a work process: a streamed answer's text, sent to the server worker in pieces of
    about ``PIECE`` characters."""

    def __init__(self, conn: Connection) -> None:
        self.conn, self.pending, self.size = conn, [], 0    # type: ignore[var-annotated]

    def write(self, text: str) -> int:
        self.pending.append(text)
        self.size += len(text)
        if self.size >= PIECE:
            self.flush()
        return len(text)

    def flush(self) -> None:
        if self.pending:
            self.conn.send(("more", "".join(self.pending)))
            self.pending, self.size = [], 0


def _serve(conn: Connection, server: int) -> None:
    """A work process: answer ``(function, args, streamed)`` with ``("ok", result)`` or
    ``("error", exception)``, one at a time, until the server worker closes the pipe. A
    streamed function is called with a writer first (``_Emitter``), whose text goes out as
    ``("more", text)`` messages before the result."""
    _quiet(server)
    while True:
        try:
            function, args, streamed = conn.recv()
        except (EOFError, OSError):
            os._exit(0)
        try:
            if streamed:
                out = _Emitter(conn)
                function(out, *args)
                out.flush()
                reply: tuple[str, Any] = ("ok", None)
            else:
                reply = ("ok", function(*args))
        except Exception as error:      # every failure goes back as a value
            reply = ("error", error)
        try:
            conn.send(reply)
        except Exception as error:      # an answer that does not pickle
            conn.send(("error", RuntimeError(f"{type(error).__name__}: {error}")))


class Turn:
    """A first-come first-served turn at one work process. A waiter that gives up (its
    deadline, its client, a cancelled request) leaves the queue and is never served."""

    def __init__(self) -> None:
        self.busy = False
        self.waiting: deque[asyncio.Future[None]] = deque()

    async def take(self, deadline: Callable[[], float | None]) -> None:
        """Wait for the turn; ``TimeUp`` once ``deadline()`` passes first. (Waiters are not
        woken to look for their clients: a hundred waiting requests doing so four times a
        second took the event loop from the work; the client is looked for when the turn
        comes.)"""
        if not self.busy and not self.waiting:
            self.busy = True
            return
        mine: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append(mine)
        try:
            while not mine.done():
                limit = deadline()
                await asyncio.wait({mine}, timeout=None if limit is None
                                   else max(0.0, limit - time.monotonic()))
                if not mine.done() and limit is not None and time.monotonic() >= limit:
                    raise TimeUp
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


class _Reader:
    """The messages of one job, read from the work process's pipe by a daemon thread (one
    still reading when the server stops does not hold up its exit) and handed to the event
    loop, at most ``WINDOW`` ahead of the route that sends them on."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self.room = threading.Semaphore(WINDOW)
        self.stopped = threading.Event()
        threading.Thread(target=self.read, name="work-reader", daemon=True).start()

    def read(self) -> None:
        while True:
            self.room.acquire()
            if self.stopped.is_set():
                return
            try:
                message = self.conn.recv()
            except BaseException as exc:        # EOF: the process died or was killed
                self.conn.close()
                message = ("died", exc)
            try:
                self.loop.call_soon_threadsafe(self.queue.put_nowait, message)
            except RuntimeError:                # the event loop is closed: nobody waits
                return
            if message[0] != "more":
                return

    async def next(self, check: Callable[[], Awaitable[None]]) -> tuple[str, Any]:
        """The next message; ``check`` every ``CHECK`` seconds meanwhile."""
        getter = asyncio.ensure_future(self.queue.get())
        try:
            while True:
                done, _ = await asyncio.wait({getter}, timeout=CHECK)
                if done:
                    self.room.release()
                    message = getter.result()
                    if message[0] == "died":
                        raise message[1]
                    return message
                await check()
        finally:
            getter.cancel()

    def stop(self) -> None:
        self.stopped.set()
        self.room.release()


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

    def _lane(self, size: int) -> Lane:
        return self.lanes["light" if size <= LIGHT_BYTES else "heavy"]

    async def run(self, function: Callable[..., T], *args: Any, size: int = 0,
                  deadline: float | None = None,
                  gone: Callable[[], Awaitable[bool]] | None = None) -> T:
        """``function(*args)`` in the work process of the lane for a record of ``size`` bytes;
        the event loop goes on serving meanwhile. ``TimeUp`` once ``deadline``
        (``time.monotonic()``) passes, ``ClientGone`` once ``gone()`` says so: before the work
        starts it never starts, after that its process is killed."""
        check = _checker(lambda: deadline, gone)
        lane = self._lane(size)
        await lane.turn.take(lambda: deadline)
        try:
            await check()
            for _attempt in range(2):
                try:
                    async with aclosing(self._job(lane, function, args, False, check)) as job:
                        async for kind, value in job:
                            if kind == "error":
                                raise value
                            return value
                except (EOFError, OSError):     # it died (or could not start)
                    self.restarts += 1
        finally:
            lane.turn.give()
        raise ApiError(503, "the process computing the answer stopped twice while answering "
                            "(out of memory?); try again, or send a smaller record")

    async def stream(self, function: Callable[..., None], *args: Any, size: int = 0,
                     idle: float | None = None,
                     gone: Callable[[], Awaitable[bool]] | None = None) -> AsyncIterator[str]:
        """``function(out, *args)`` in a work process, what it writes to ``out`` given as it
        comes. ``TimeUp`` when ``idle`` seconds pass without a piece (the work is stopped),
        ``ClientGone`` as for ``run``; 503 if the process dies."""
        last = [time.monotonic()]

        def limit() -> float | None:
            return None if idle is None else last[0] + idle

        check = _checker(limit, gone)
        lane = self._lane(size)
        await lane.turn.take(limit)
        try:
            await check()
            async with aclosing(self._job(lane, function, args, True, check)) as job:
                async for kind, value in job:
                    if kind == "error":
                        raise value
                    if kind == "more":
                        last[0] = time.monotonic()
                        yield value
        except (EOFError, OSError):
            self.restarts += 1
            raise ApiError(503, "the process computing the answer stopped (out of memory?); "
                                "try again, or send a smaller record") from None
        finally:
            lane.turn.give()

    async def _job(self, lane: Lane, function: Callable[..., Any], args: tuple[Any, ...],
                   streamed: bool, check: Callable[[], Awaitable[None]]
                   ) -> AsyncGenerator[tuple[str, Any], None]:
        """The messages of one job, the last ``("ok", result)`` or ``("error", exception)``.
        Left early (its deadline, its client gone, cancelled, the process dead), its process
        is killed."""
        finished = False
        reader: _Reader | None = None
        try:
            conn = lane.ready()
            conn.send((function, args, streamed))
            reader = _Reader(conn)
            while not finished:
                message = await reader.next(check)
                finished = message[0] != "more"
                yield message
        finally:
            if not finished:
                if reader is not None:
                    reader.stop()
                lane.stop()


def _checker(deadline: Callable[[], float | None],
             gone: Callable[[], Awaitable[bool]] | None) -> Callable[[], Awaitable[None]]:
    """What a job waiting for, or in, a work process checks: ``TimeUp`` past ``deadline()``,
    ``ClientGone`` when ``gone()``."""

    async def check() -> None:
        limit = deadline()
        if limit is not None and time.monotonic() >= limit:
            raise TimeUp
        if gone is not None and await gone():
            raise ClientGone

    return check


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
                                   gone=None if size <= LIGHT_BYTES else lambda: _gone(request))


async def _gone(request: Request) -> bool:
    """Whether the client of ``request`` (its body read) closed its connection."""
    return await request.is_disconnected()
