"""What the API tests share: the records they send, the command line they compare the service
with (``pinochle validate --json``, ``melds --json``, ``fmt`` run as a child process), and the
checks every error response must pass."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from pinochle.service.app import ENGINE_HEADER

ROOT = Path(__file__).resolve().parents[2]
PINOCHLE = str(Path(sys.executable).with_name("pinochle"))
CLUB_NIGHT = ROOT / "corpus" / "games" / "club-night.pin"
OLD_TIME = ROOT / "corpus" / "games" / "old-time-evening.pin"


def many_games(copies: int) -> bytes:
    """``copies`` of the club-night game (four battles each), one record."""
    return b"\n".join([CLUB_NIGHT.read_bytes()] * copies)


def cli(*args: str, input: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """``pinochle ARGS`` run from the checkout's folder, its output as text."""
    done = subprocess.run([PINOCHLE, *args], input=input, capture_output=True, cwd=ROOT,
                          timeout=120)
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))


def error_of(answer: httpx.Response, status: int) -> dict[str, Any]:
    """The JSON error of ``answer``, which must have ``status``, the engine header and no stack
    trace."""
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    assert ENGINE_HEADER in answer.headers
    assert "Traceback" not in answer.text and 'File "' not in answer.text
    body = answer.json()
    assert set(body) == {"error"} and body["error"]["status"] == status
    error: dict[str, Any] = body["error"]
    assert error["message"]
    return error


def as_json(text: str) -> Any:
    return json.loads(text)
