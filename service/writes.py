"""Who may create a ruling, checked before its body is read (docs/service.md, The token).

``POST /v1/rulings`` runs through ``guarded_route``: with a token, a request without it (or with
another) is 401 before a byte of its body is read; without a token, each client address may
create ``write_rate`` rulings a minute (429 with ``Retry-After`` past it, per server worker).
Then the body is read as every route reads it (415 for another content type, 400 for an empty
body or malformed JSON, naming the place), and only then does FastAPI check it against the
model (422).
"""

from __future__ import annotations

import hmac
import math
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

from .bodies import JSON, ApiError, parse_json, read_body
from .errors import error_response
from .settings import ServiceSettings

__all__ = ["WriteRate", "guarded_route", "unauthorized"]

Handler = Callable[[Request], Coroutine[Any, Any, Response]]
#: Client addresses remembered at most (the oldest forgotten first).
REMEMBERED = 10_000


def unauthorized(message: str) -> Response:
    response = error_response(401, message)
    response.headers["WWW-Authenticate"] = 'Bearer realm="rulings"'
    return response


def token_problem(request: Request, token: str) -> str | None:
    """Why ``request`` does not carry ``token`` (compared in constant time); None when it
    does."""
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not given.strip():
        return "creating a ruling needs the server's token: send 'Authorization: Bearer TOKEN'"
    if not hmac.compare_digest(given.strip().encode("utf-8"), token.encode("utf-8")):
        return "the bearer token is not this server's"
    return None


class WriteRate:
    """A token bucket per client address: ``per_minute`` writes, refilled evenly."""

    def __init__(self, per_minute: int) -> None:
        self.rate = per_minute / 60.0
        self.capacity = float(per_minute)
        self.buckets: dict[str, tuple[float, float]] = {}      # address: (tokens, when)
        self.lock = threading.Lock()

    def wait(self, client: str, now: float | None = None) -> float:
        """0 when ``client`` may write now (and it is counted); else the seconds until it
        may."""
        now = time.monotonic() if now is None else now
        with self.lock:
            tokens, then = self.buckets.pop(client, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - then) * self.rate)
            if tokens >= 1:
                tokens -= 1
                waited = 0.0
            else:
                waited = (1 - tokens) / self.rate
            self.buckets[client] = (tokens, now)        # the newest last
            while len(self.buckets) > REMEMBERED:
                del self.buckets[next(iter(self.buckets))]
            return waited


def guarded_route(settings: ServiceSettings) -> type[APIRoute]:
    """The route class of ``POST /v1/rulings`` on a server with ``settings``."""
    rate = WriteRate(settings.write_rate)

    async def guard(request: Request) -> Response | None:
        if settings.token is not None:
            problem = token_problem(request, settings.token)
            if problem is not None:
                return unauthorized(problem)
        else:
            client = request.client.host if request.client else "?"
            waited = rate.wait(client)
            if waited > 0:
                response = error_response(429, f"a server without a token takes "
                                               f"{settings.write_rate} rulings a minute from "
                                               "one address; try again later")
                response.headers["Retry-After"] = str(math.ceil(waited))
                return response
        try:
            _, data = await read_body(request, (JSON,))
            parse_json(data)
        except ApiError as error:
            return error_response(error.status, error.message, error.errors)
        if settings.token is None and len(data) > settings.ruling_max:
            return error_response(413, too_large("request", len(data), settings.ruling_max))
        return None

    class GuardedRoute(APIRoute):
        def get_route_handler(self) -> Handler:
            handler = super().get_route_handler()

            async def guarded(request: Request) -> Response:
                refused = await guard(request)
                return refused if refused is not None else await handler(request)

            return guarded

    return GuardedRoute


def too_large(what: str, size: int, limit: int) -> str:
    return (f"the {what} is {size} bytes; a server without a token stores rulings of at most "
            f"{limit} bytes (PINOCHLE_RULING_MAX)")
