"""``pinochle validate --cluster ADDRESS``: the chunks validated on the workers of a Dask
distributed cluster (docs/scale.md), a pool as ``batch/pools.py`` defines one.

Every wait on the cluster is bounded, each failure one line and exit 2:

* the address is read first (``tcp://HOST:PORT``; ``garbage`` is no address);
* a scheduler answers a connection at once (Dask's handshake): before Dask's client is made,
  the address is tried with a plain socket for ``TIMEOUT`` seconds, so that a port where
  something silent listens, or something that answers with what is not Dask's handshake, is
  said so (Dask's own client would wait forever on the one, and fail with a traceback on the
  other);
* a cluster with no workers is said so at once, then waited for ``wait`` seconds
  (``--cluster-wait``) for a worker to join; a cluster whose workers all leave during the run
  is waited for as long, then the run stops naming the games not checked (``WorkersLost``).
"""

from __future__ import annotations

import socket
import time
from typing import Any

from pinochle.batch.chunks import Chunk, ChunkResult, Settings, validate_chunk
from pinochle.batch.pools import WorkersLost
from pinochle.cli.exits import UsageProblem, notice
from pinochle.notation.errors import PinochleError

#: How long to try to reach the scheduler, and to wait for its first answer, in seconds.
TIMEOUT = 10.0

#: The largest first message a scheduler sends (its handshake, some 60 bytes): a length past
#: it is not Dask's.
HANDSHAKE = 1 << 20

#: How often a result is looked for while the cluster's workers are checked on (seconds).
POLL = 1.0


def probe(address: str, timeout: float = TIMEOUT) -> None:
    """Raise ``PinochleError`` unless a Dask scheduler seems to listen at ``address``: a
    ``tcp://`` one must send the start of its handshake within ``timeout`` seconds (other
    protocols, such as ``tls://``, are only connected to)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    def fail(why: str) -> PinochleError:
        return PinochleError(f"cannot reach the cluster at {address}: {why}")

    try:
        scheme, rest = parse_address(address)
        host, port = parse_host_port(rest)
    except ValueError:
        raise fail("not an address; expected tcp://HOST:PORT") from None
    try:
        connection = socket.create_connection((host, port), timeout=timeout)
    except TimeoutError:
        raise fail(f"no connection within {timeout:g} s") from None
    except OSError as error:
        raise fail(error.strerror or str(error)) from None
    with connection:
        if scheme != "tcp":
            return
        try:
            head = _read(connection, 8)
        except TimeoutError:
            raise fail(f"no answer within {timeout:g} s (is it a Dask scheduler?)") from None
        except OSError as error:
            raise fail(error.strerror or str(error)) from None
    if len(head) < 8 or not 0 < int.from_bytes(head, "little") <= HANDSHAKE:
        raise fail("what answers is not a Dask scheduler")


def _read(connection: socket.socket, count: int) -> bytes:
    """Up to ``count`` bytes, fewer only when the peer closed the connection."""
    data = b""
    while len(data) < count:
        more = connection.recv(count - len(data))
        if not more:
            break
        data += more
    return data


class Cluster:
    """The workers of a Dask distributed cluster, through its scheduler at ``address``;
    ``wait``: how long to wait for a worker when it has none (seconds)."""

    lazy = False

    def __init__(self, address: str, settings: Settings, wait: float) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise UsageProblem("--cluster needs Dask distributed: pip install "
                               "'pinochle-referee[cluster]'") from None
        probe(address)
        self.address = address
        self.settings = settings
        self.wait = wait
        try:
            self.client = Client(address, set_as_default=False, timeout=TIMEOUT)
        except Exception as error:  # whatever Dask's client raises: one line, exit 2
            raise PinochleError(f"cannot reach the cluster at {address}: "
                                f"{type(error).__name__}: {error}") from None
        self.threads = self._workers()

    def _workers(self) -> int:
        """The cluster's worker threads, once it has any (said, and waited for, if not)."""
        threads = sum(self.client.nthreads().values())
        if threads:
            return threads
        notice("validate", f"the cluster at {self.address} has no workers: waiting up to "
               f"{self.wait:g} s for one to join (--cluster-wait)")
        try:
            if self.wait <= 0:       # Dask's wait takes 0 for "no limit"
                raise TimeoutError
            self.client.wait_for_workers(1, timeout=self.wait)
        except TimeoutError:
            self.close()
            raise PinochleError(f"no worker joined the cluster at {self.address} within "
                                f"{self.wait:g} s; nothing was checked") from None
        return sum(self.client.nthreads().values()) or 1

    def submit(self, chunk: Chunk) -> Any:
        return self.client.submit(validate_chunk, chunk, self.settings, pure=False)

    def result(self, handle: Any) -> ChunkResult:
        """``handle``'s result, once it comes; the run stops if the cluster has had no
        workers for ``wait`` seconds meanwhile."""
        alone: float | None = None
        while True:
            try:
                result: ChunkResult = handle.result(timeout=POLL)
                return result
            except TimeoutError:
                pass
            if self.client.nthreads():
                alone = None
                continue
            alone = alone if alone is not None else time.monotonic()
            if time.monotonic() - alone > self.wait:
                raise WorkersLost(f"the cluster at {self.address} has had no workers for "
                                  f"{self.wait:g} s")

    def close(self, abort: bool = False) -> None:
        self.client.close(timeout=TIMEOUT)
