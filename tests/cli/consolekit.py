"""Running the ``pinochle`` console script as a person does: a child process of the installed
script (``.venv/bin/pinochle``, beside the Python running the tests), its exit status, standard
output and standard error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PINOCHLE = str(Path(sys.executable).with_name("pinochle"))


def pinochle(*args: str, input: str | bytes | None = None, timeout: float = 120,
             **options) -> subprocess.CompletedProcess:
    """``pinochle ARGS`` run to the end; ``stdout``/``stderr`` as text (UTF-8)."""
    data = input.encode("utf-8") if isinstance(input, str) else input
    done = subprocess.run([PINOCHLE, *args], input=data, capture_output=True, timeout=timeout,
                          **options)
    done.stdout = done.stdout.decode("utf-8", errors="replace")
    done.stderr = done.stderr.decode("utf-8", errors="replace")
    return done


def start(*args: str, **options) -> subprocess.Popen:
    """``pinochle ARGS`` started, its standard streams pipes (bytes)."""
    options.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.Popen([PINOCHLE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            **options)


def no_traceback(done: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in done.stdout + done.stderr, done.stderr[-2000:]
