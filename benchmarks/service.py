"""The service under load: ``pinochle serve`` started locally with ``--workers 1``, then ``--workers
2``, and 200 concurrent clients (then 50, with ``--clients 50 200``) for 60 s each, mixing
``POST /v1/validate`` of a 4-battle game (corpus/games/club-night.pin) with ``POST /v1/melds``
questions about random positions. Prints requests/s, p50/p99 latency per kind and the error
count of each run, then a table of them all.

    .venv/bin/python benchmarks/service.py [--duration 60] [--clients 200 ...] [--workers 1 2]
        [--validate-share 0.5] [--think 0] [--warm-up 5] [--seed 1] [--pin [yes|both]]
        [--compare PINOCHLE]

Each client is one keep-alive connection sending its next request as soon as the answer is in
(``--think S``: after a random pause of S seconds on average), so with no pause the server is
saturated and the latencies are mostly queueing (Little's law: clients / throughput). The
clients are a lean asyncio HTTP/1.1 loop in this process (no HTTP library), so that they take
as little as possible of the cores the server runs on. Requests answered during ``--warm-up``
are not counted.

Each server worker has its event loop and its work processes (service/work.py), so one worker
alone can keep two cores busy. ``--pin`` gives each server as many cores as it has workers (CPU
affinity, inherited by every process it starts), which measures how the throughput grows with
workers when the cores grow with them; ``--pin both`` measures unpinned and pinned.
``--compare PINOCHLE`` runs the same load against another checkout's console script (e.g. the
commit before's ``.venv/bin/pinochle``) and prints its figures beside these.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from pinochle.adjudicator.rules.melding import counts, legal_melds
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.notation.cards import format_cards
from pinochle.notation.melds import MeldKind

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "corpus" / "games" / "club-night.pin"
PINOCHLE = str(Path(sys.executable).with_name("pinochle"))
HOST = "127.0.0.1"
KINDS = ("validate", "melds")
#: A connection idle this long is opened anew (uvicorn closes one idle for 5 s).
IDLE = 4.0


def request(port: int, path: str, body: bytes, kind: str) -> bytes:
    head = (f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("ascii") + body


def melds_bodies(n: int, rng: random.Random) -> list[bytes]:
    """``n`` dispute questions: an 11-card East Point hand, half of them asking about a meld
    (one it may make, or any kind at all)."""
    pack = [card for card, copies in EAST_POINT.pack.items() for _ in range(copies)]
    kinds = MeldKind.all()
    bodies = []
    for i in range(n):
        rng.shuffle(pack)
        hand = pack[:11]
        body: dict[str, object] = {"concealed": format_cards(hand)}
        if i % 2:
            legal = legal_melds(EAST_POINT, counts(hand), counts(()), frozenset())
            pick = rng.choice(legal).kind if legal and rng.random() < 0.5 else rng.choice(kinds)
            body["meld"] = str(pick)
        bodies.append(json.dumps(body, ensure_ascii=False).encode("utf-8"))
    return bodies


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    errors: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})
    reasons: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str, reason: str, counted: bool) -> None:
        if counted:
            self.errors[kind] += 1
            self.reasons[reason] = self.reasons.get(reason, 0) + 1


async def answer(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One HTTP/1.1 response: its status and body (uvicorn gives a Content-Length)."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = next(int(line.split(":", 1)[1]) for line in lines[1:]
                  if line.lower().startswith("content-length:"))
    return status, await reader.readexactly(length)


async def client(number: int, port: int, plan: dict[str, list[bytes]], share: float,
                 think: float, window: tuple[float, float], tally: Tally) -> None:
    rng = random.Random(number)
    start_at, stop_at = window
    connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    last = time.monotonic()
    if think:
        await asyncio.sleep(rng.uniform(0, think))
    while time.monotonic() < stop_at:
        kind = "validate" if rng.random() < share else "melds"
        sent = time.monotonic()
        counted = sent >= start_at
        try:
            if connection is not None and sent - last > IDLE:      # the server closed it by now
                connection[1].close()
                connection = None
            if connection is None:
                connection = await asyncio.open_connection(HOST, port)
            reader, writer = connection
            writer.write(rng.choice(plan[kind]))
            status, body = await asyncio.wait_for(answer(reader), 60)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                asyncio.TimeoutError, ValueError, StopIteration) as error:
            tally.error(kind, type(error).__name__, counted)
            if connection is not None:
                connection[1].close()
            connection = None
            continue
        done = last = time.monotonic()
        if status != 200 or not body:
            tally.error(kind, f"HTTP {status}", counted)
        elif counted and done <= stop_at:
            tally.latencies[kind].append(done - sent)
        if think:           # a random pause (mean ``think``), so that clients do not march
            await asyncio.sleep(rng.expovariate(1 / think))
    if connection is not None:
        connection[1].close()


async def load(port: int, plan: dict[str, list[bytes]], clients: int, share: float,
               think: float, warm_up: float, duration: float) -> Tally:
    tally = Tally()
    now = time.monotonic()
    window = (now + warm_up, now + warm_up + duration)
    await asyncio.gather(*(client(i, port, plan, share, think, window, tally)
                           for i in range(clients)))
    return tally


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def start_server(workers: int, port: int, data_dir: str, cores: set[int] | None = None,
                 pinochle: str = PINOCHLE) -> subprocess.Popen[bytes]:
    """``pinochle serve``; with ``cores``, it and every process it starts run only on those."""
    pin = None if cores is None else (lambda: os.sched_setaffinity(0, cores))
    server = subprocess.Popen([pinochle, "serve", "--workers", str(workers), "--port", str(port),
                               "--data-dir", data_dir], start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              preexec_fn=pin, cwd=data_dir)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"pinochle serve exited {server.returncode}: "
                             f"{server.stderr.read().decode() if server.stderr else ''}")
        try:
            with socket.create_connection((HOST, port), timeout=1) as sock:
                sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\n"
                             "Connection: close\r\n\r\n".encode())
                if sock.recv(64).startswith(b"HTTP/1.1 200"):
                    return server
        except OSError:
            time.sleep(0.1)
    stop_server(server)
    raise SystemExit("pinochle serve did not answer /healthz within 60 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


@dataclass(frozen=True)
class Figures:
    """One run's figures: validate requests/s, melds p50 and p99 (ms), errors."""

    validate: float
    melds_p50: float
    melds_p99: float
    errors: int


def report(workers: int, tally: Tally, duration: float) -> Figures:
    """Print one run's figures; return the table's."""
    print(f"--workers {workers}")
    rates = {}
    for kind in (*KINDS, "all"):
        times = (tally.latencies[kind] if kind != "all"
                 else [t for k in KINDS for t in tally.latencies[k]])
        errors = sum(tally.errors.values()) if kind == "all" else tally.errors[kind]
        rates[kind] = len(times) / duration
        print(f"  {kind:<8} {len(times):>8,} answered  {rates[kind]:>8,.1f} req/s  "
              f"p50 {percentile(times, 0.5) * 1e3:>8.1f} ms  "
              f"p99 {percentile(times, 0.99) * 1e3:>8.1f} ms  errors {errors}")
    if tally.reasons:
        print("  errors by kind: " + ", ".join(f"{r} {n}" for r, n in tally.reasons.items()))
    melds = tally.latencies["melds"]
    return Figures(rates["validate"], percentile(melds, 0.5) * 1e3,
                   percentile(melds, 0.99) * 1e3, sum(tally.errors.values()))


def table(figures: dict[tuple[str, str, int, int], Figures], labels: list[str]) -> None:
    """Every run's figures, one row a setting, the servers (``labels``) side by side."""
    print("\n| pinned | workers | clients | " + " | ".join(
        f"{label}: validate/s | melds p50 | melds p99 | errors" for label in labels) + " |")
    print("| --- | ---: | ---: | " + " | ".join("---: | ---: | ---: | ---:" for _ in labels)
          + " |")
    for pinned, workers, clients in sorted({key[1:] for key in figures}):
        cells = []
        for label in labels:
            f = figures.get((label, pinned, workers, clients))
            cells.append("– | – | – | –" if f is None else
                         f"{f.validate:.1f} | {f.melds_p50:.1f} ms | {f.melds_p99:.1f} ms | "
                         f"{f.errors}")
        print(f"| {pinned} | {workers} | {clients} | " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0].replace("\n", " "),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured per run")
    parser.add_argument("--clients", type=int, nargs="+", default=[200])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--validate-share", type=float, default=0.5,
                        help="the share of requests that are validations (the rest: melds)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="each client's pause between an answer and its next request")
    parser.add_argument("--warm-up", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pin", nargs="?", const="yes", default="no",
                        choices=["no", "yes", "both"],
                        help="run each server on as many cores as it has workers (the first "
                             "ones), to measure how throughput grows with workers and cores; "
                             "'both': unpinned, then pinned")
    parser.add_argument("--compare", metavar="PINOCHLE",
                        help="another checkout's console script, measured the same way")
    args = parser.parse_args()
    available = sorted(os.sched_getaffinity(0))
    pins = {"no": [False], "yes": [True], "both": [False, True]}[args.pin]
    if True in pins and max(args.workers) > len(available):
        parser.error(f"--pin: {max(args.workers)} workers need as many cores; "
                     f"this machine has {len(available)}")
    servers = {"this": PINOCHLE}
    if args.compare:
        servers["compared"] = args.compare

    record = RECORD.read_bytes()
    bodies = melds_bodies(200, random.Random(args.seed))
    print(f"{'/'.join(map(str, args.clients))} clients, {args.duration:g} s measured after "
          f"{args.warm_up:g} s of warm-up; {args.validate_share:.0%} validate ({RECORD.name}, "
          f"4 battles, {len(record):,} bytes), the rest melds (200 random 11-card positions); "
          f"think time {args.think:g} s; load average before: {os.getloadavg()[0]:.2f} on "
          f"{os.cpu_count()} cores; servers: " + ", ".join(f"{k} {v}" for k, v in servers.items()))
    figures: dict[tuple[str, str, int, int], Figures] = {}
    with tempfile.TemporaryDirectory() as data_dir:
        for label, pinochle in servers.items():
            for pinned in pins:
                for workers in args.workers:
                    for clients in args.clients:
                        print(f"[{label}, {'pinned' if pinned else 'unpinned'}, "
                              f"{clients} clients]", end=" ")
                        figures[(label, "yes" if pinned else "no", workers, clients)] = run(
                            args, pinochle, workers, clients, pinned, available, record,
                            bodies, data_dir)
    table(figures, list(servers))
    if args.think:
        print("(paced clients: the throughput is the load they offer, not the capacity)")


def run(args: argparse.Namespace, pinochle: str, workers: int, clients: int, pinned: bool,
        available: list[int], record: bytes, bodies: list[bytes], data_dir: str) -> Figures:
    """One server, one load: its figures."""
    port = free_port()
    plan = {"validate": [request(port, "/v1/validate", record, "text/plain")],
            "melds": [request(port, "/v1/melds", b, "application/json") for b in bodies]}
    cores = set(available[:workers]) if pinned else None
    server = start_server(workers, port, data_dir, cores, pinochle)
    try:
        tally = asyncio.run(load(port, plan, clients, args.validate_share, args.think,
                                 args.warm_up, args.duration))
    finally:
        stop_server(server)
    figures = report(workers, tally, args.duration)
    print(f"  load average after the run (1 min): {os.getloadavg()[0]:.2f}, on "
          f"{os.cpu_count()} cores")
    return figures


if __name__ == "__main__":
    main()
