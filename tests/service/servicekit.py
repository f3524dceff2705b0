"""A real ``pinochle serve`` for the service tests: the console script started on a free local
port with its own data directory, waited for until ``/healthz`` answers, stopped afterwards.
Requests go through httpx over real HTTP. Its standard output and error (the access log, the
start-up line) go to a file beside the data directory (``Server.log``): a pipe nobody reads
would fill and stop the server."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

PINOCHLE = str(Path(sys.executable).with_name("pinochle"))
#: The replay page's screen in the browser tests: a phone held upright.
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    data_dir: Path
    log_file: Path

    def log(self) -> str:
        """What the server wrote so far (standard output and error)."""
        return self.log_file.read_text(encoding="utf-8", errors="replace")

    def client(self, **options: object) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30, **options)  # type: ignore[arg-type]

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Stop the server (and its workers: they share its process group) with ``sig``."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, sig)
            self.process.wait(timeout=30)


def start_server(data_dir: Path, *args: str, env: dict[str, str] | None = None,
                 port: int | None = None, preexec: Callable[[], None] | None = None) -> Server:
    port = port or free_port()
    base = data_dir             # beside it, or beside the part of its path that exists
    while not base.parent.exists():
        base = base.parent
    log_file = base.with_name(f"{base.name}-{port}.log")
    with open(log_file, "ab") as log:
        process = subprocess.Popen([PINOCHLE, "serve", "--port", str(port), "--data-dir",
                                    str(data_dir), *args], stdout=log, stderr=log,
                                   env={**os.environ, **(env or {})}, start_new_session=True,
                                   preexec_fn=preexec)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"pinochle serve exited {process.returncode}: "
                               f"{log_file.read_text(errors='replace')}")
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return Server(url, process, data_dir, log_file)
        except httpx.HTTPError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("pinochle serve did not answer /healthz within 30 s")


@contextmanager
def running(data_dir: Path, *args: str, env: dict[str, str] | None = None,
            preexec: Callable[[], None] | None = None) -> Iterator[Server]:
    server = start_server(data_dir, *args, env=env, preexec=preexec)
    try:
        yield server
    finally:
        server.kill(signal.SIGTERM)
