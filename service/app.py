"""The FastAPI application: ``create_app(settings)`` (``app_from_env`` for uvicorn's workers).

What every route shares lives here: the engine version in a response header, the body-size limit
(413), the time limit per request (504), and one JSON shape for every error, never a stack
trace. The routes are in ``api`` (validate, melds, format, rulesets), ``rulings`` (the stored
rulings) and ``page`` (the replay page and its data); each module's ``install(app, settings)``
adds its own.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import signal
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException

from . import api, page, rulings
from .errors import error_response
from .connections import quiet_accept_errors
from .engine import ENGINE_HEADER, engine_version
from .settings import SUPERVISOR, ServiceSettings
from .work import Workers

__all__ = ["ENGINE_HEADER", "app_from_env", "create_app", "engine_version"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
#: prctl's option: the signal this process gets when its parent dies (linux/prctl.h).
PR_SET_PDEATHSIG = 1


class BodyLimit:
    """ASGI middleware: a request body past ``limit`` bytes is refused with 413, whether its
    length is declared or streamed; the engine version header goes on every response."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], limit: int,
                 engine: str) -> None:
        self.app, self.limit, self.engine = app, limit, engine.encode("ascii")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_header(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                headers.append((ENGINE_HEADER.lower().encode("ascii"), self.engine))
                message["headers"] = headers
            await send(message)

        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._too_large(scope, receive, send_with_header)
            return
        seen = 0

        class TooLarge(Exception):
            pass

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise TooLarge
            return message

        try:
            await self.app(scope, counted, send_with_header)
        except* TooLarge:       # bare, or in the group of the time limit's middleware task
            if not started:
                await self._too_large(scope, receive, send_with_header)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(413, f"the request body is larger than the limit of "
                                       f"{self.limit} bytes")
        await response(scope, receive, send)


class TimeLimit:
    """ASGI middleware: a request whose response has not started within ``seconds`` is
    cancelled (its work stops with it) and answered 504. Once the response has started (a
    streamed answer) the deadline is lifted: the stream keeps its own (``work.Workers``).
    (Plain ASGI rather than an ``http`` middleware, which runs every request in a task of its
    own and passes its body through a stream: a third of a small request's time.)"""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]],
                 seconds: float) -> None:
        self.app, self.seconds = app, seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        async with asyncio.timeout(self.seconds) as deadline:

            async def send_started(message: Message) -> None:
                nonlocal started
                if message["type"] == "http.response.start":
                    started = True
                    if not deadline.expired():
                        deadline.reschedule(None)
                await send(message)

            try:
                await self.app(scope, receive, send_started)
            except asyncio.CancelledError:
                if started or not deadline.expired():
                    raise
        if deadline.expired() and not started:
            response = error_response(504, f"the request took longer than the limit of "
                                           f"{self.seconds:g} s")
            await response(scope, receive, send)


def create_app(settings: ServiceSettings | None = None) -> FastAPI:
    settings = settings or ServiceSettings()
    engine = engine_version()
    # the API pages (/docs, /redoc) with their scripts served from the installed package, not
    # a content network: they work offline
    app = FastAPIOffline(title="Pinochle referee", version=engine,
                  description="Rules adjudication and replay verification for Pinochle game "
                              "records: validate a record, ask the dispute question, store "
                              "rulings with permalinks. See docs/service.md.")
    app.state.settings = settings
    app.state.workers = workers = Workers()
    app.router.on_startup.append(workers.start)
    app.router.on_startup.append(quiet_accept_errors)
    app.router.on_shutdown.append(workers.close)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        response = error_response(exc.status_code, str(exc.detail))
        response.headers.update(exc.headers or {})      # 405's Allow, 401's WWW-Authenticate
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"where": ".".join(str(p) for p in e.get("loc", ())), "problem": e.get("msg")}
                  for e in exc.errors()]
        return error_response(422, "the request does not match its schema", errors)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        return error_response(500, f"internal error: {type(exc).__name__}")

    @app.get("/healthz", tags=["service"])
    def healthz() -> dict[str, str]:
        """The service is up; the engine version it runs."""
        return {"status": "ok", "engine": engine}

    for module in (api, rulings, page):
        module.install(app, settings)
    app.add_middleware(TimeLimit, seconds=settings.time_limit)
    app.add_middleware(BodyLimit, limit=settings.max_body, engine=engine)
    return app


def app_from_env() -> FastAPI:
    """The application with the settings ``pinochle serve`` put in the environment (uvicorn's
    factory, in each worker process)."""
    supervisor = os.environ.get(SUPERVISOR)
    if supervisor is not None and supervisor.isdigit():
        die_with(int(supervisor))
    return create_app(ServiceSettings.from_env())


def die_with(parent: int) -> None:
    """End this worker when ``parent`` (``pinochle serve`` supervising several workers) dies,
    even by ``kill -9``: the kernel sends SIGKILL (Linux's PR_SET_PDEATHSIG), or, where there is
    no such call, a thread notices within a second. Its work process ends with it
    (``work.py``), and nothing keeps the port."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        watched = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        watched = False
    if os.getppid() != parent:          # it died before the call
        os._exit(1)
    if not watched:
        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(1)
            os._exit(1)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()
