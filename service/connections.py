"""Connection hygiene for uvicorn's HTTP protocol: a deadline for each request's head, a cap on
open connections, and a quiet accept loop at the open-file limit (docs/service.md, Limits).

uvicorn (h11) closes a kept-alive connection that says nothing for ``keep_alive`` seconds, but
any byte resets that, a connection that never sends a byte is never closed, and nothing caps how
many are open: 1,100 idle connections exhaust a 1,024 open-file limit, after which ``accept``
fails for every client. Here:

- **Head deadline.** A connection must complete a request's head within ``header_timeout``
  seconds of its opening (or of its last answer): one byte every few seconds does not keep it.
- **Cap.** At most ``max_connections`` connections per server worker, and never more than the
  open-file limit leaves room for (``RESERVED_FILES`` kept for the database, the work process,
  the log). A connection past the cap closes the longest-open connection that is waiting for a
  request's head (an idle or slow one) to make room, so that idle connections cannot lock
  others out; when every open connection has a request in progress, the newcomer is answered
  503 with ``Retry-After`` and closed.
- **Accept failures** (``EMFILE``...) are logged at most once every ``LOG_EVERY`` seconds, with
  how many there were, not one traceback each.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from functools import cache
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .settings import ServiceSettings

__all__ = ["GuardedH11", "PROTOCOL", "connection_cap", "quiet_accept_errors"]

#: Files a server worker keeps beside its connections (listening socket, database, work process
#: pipes, log, imports).
RESERVED_FILES = 64
#: At most one accept-failure message this often (seconds).
LOG_EVERY = 10.0
#: What ``pinochle serve`` gives uvicorn as its HTTP protocol.
PROTOCOL = "pinochle.service.connections:GuardedH11"
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
        b"retry-after: 1\r\nconnection: close\r\ncontent-length: %d\r\n\r\n%s")
BUSY_BODY = (b'{"error":{"status":503,"message":"the server has as many connections with a '
             b'request in progress as it takes; try again in a second"}}')

log = logging.getLogger("uvicorn.error")


def connection_cap(wanted: int, files: int) -> int:
    """``wanted``, or fewer where the open-file limit ``files`` leaves room for fewer."""
    if files == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, files - RESERVED_FILES))


@cache
def _settings() -> tuple[float, int]:
    settings = ServiceSettings.from_env()
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return settings.header_timeout, connection_cap(settings.max_connections, files)


#: The open connections of this process, oldest first.
_open: dict[GuardedH11, None] = {}


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a head deadline and the connection cap."""

    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        header_timeout, cap = _settings()
        if len(_open) >= cap and not self._make_room():
            body = BUSY_BODY
            transport.write(BUSY % (len(body), body))
            transport.close()
            return
        super().connection_made(transport)
        _open[self] = None
        self._arm_head(header_timeout)

    def _make_room(self) -> bool:
        for other in _open:
            if other.waiting():
                other._close()
                return True
        return False

    def waiting(self) -> bool:
        """No request in progress: waiting for a request's head."""
        return self.cycle is None or self.cycle.response_complete

    def _arm_head(self, seconds: float) -> None:
        self._cancel_head()
        self._head_timer = self.loop.call_later(seconds, self._head_late)

    def _cancel_head(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_late(self) -> None:
        self._head_timer = None
        if self.waiting():
            self._close()

    def _close(self) -> None:
        _open.pop(self, None)
        self._cancel_head()
        if self.transport is not None and not self.transport.is_closing():
            if self.conn.our_state not in (h11.ERROR, h11.CLOSED, h11.MUST_CLOSE):
                self.conn.send(h11.ConnectionClosed())
            self.transport.close()

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not before:            # a request's head is in
            self._cancel_head()

    def on_response_complete(self) -> None:
        self._arm_head(_settings()[0])
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is None:              # refused in connection_made
            return
        _open.pop(self, None)
        self._cancel_head()
        super().connection_lost(exc)


class _Quiet:
    """The event loop's exception handler: accept failures counted and logged at most once
    every ``LOG_EVERY`` seconds; everything else as before."""

    def __init__(self) -> None:
        self.last = -LOG_EVERY
        self.missed = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if "accept" not in str(context.get("message", "")):
            loop.default_exception_handler(context)
            return
        self.missed += 1
        now = time.monotonic()
        if now - self.last >= LOG_EVERY:
            error = context.get("exception")
            log.warning("cannot accept connections (%s); %d time(s) since the last message; "
                        "next message in %g s at the earliest", error, self.missed, LOG_EVERY)
            self.last, self.missed = now, 0


async def quiet_accept_errors() -> None:
    """Install the rate-limited accept-failure message on the running loop (at start-up)."""
    asyncio.get_running_loop().set_exception_handler(_Quiet())
