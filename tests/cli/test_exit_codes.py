"""Every exit status has one meaning for every command (README.md, docs/report-schema.md),
tested through the console script: 4 a usage error, 3 an internal error or out of memory (one
line, never a traceback), 130 Ctrl-C, 141 standard output closed early (quietly)."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from importlib.metadata import version
from pathlib import Path

import pytest
from tests.cli.consolekit import PINOCHLE, ROOT, no_traceback, pinochle, start

from pinochle.cli.main import COMMANDS
from pinochle.notation import dumps
from pinochle.simulator.simulate import simulate_record

GAME = str(ROOT / "corpus" / "games" / "club-night.pin")


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    """2,000 games (20 simulated ones, repeated): several seconds of work for validate."""
    path = tmp_path_factory.mktemp("big") / "big.pin"
    path.write_text("\n".join([dumps(simulate_record(20, 9))] * 100), encoding="utf-8")
    return path


# --- 4: usage errors ------------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    ([], "pinochle: error: no command given"),
    (["nope"], "pinochle: error: no such command 'nope'"),
    (["validate"], "pinochle validate: error: missing argument 'PATH...'"),
    (["validate", "--nope", GAME], "pinochle validate: error: no such option: --nope"),
    (["validate", "--max-errors", "-1", GAME], "pinochle validate: error: invalid value for "
                                                "'--max-errors'"),
    (["fmt", "--check", "--write", GAME], "pinochle fmt: error: --write cannot be combined"),
    (["melds", "--concealed", "XX"], "pinochle melds: error: --concealed: word 1, 'XX', is "
                                     "not a card"),
    (["melds", GAME, "--battle", "1", "--trick", "99", "--seat", "E"],
     "pinochle melds: error: battle 1 has 24 tri"),
    (["simulate", "--games", "many"], "pinochle simulate: error: invalid value for '--games'"),
    (["simulate", "--battles", "3"], "pinochle simulate: error: invalid value for '--battles'"),
    (["examples", "--out", ""], "pinochle examples: error: --out: the path is empty"),
    (["conformance"], "pinochle conformance: error: missing argument 'DIR'"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else None)
def test_usage_errors_exit_4_with_the_usage_line(args, message):
    done = pinochle(*args)
    assert done.returncode == 4
    no_traceback(done)
    assert done.stdout == ""
    assert done.stderr.startswith(message), done.stderr
    assert "Usage: pinochle" in done.stderr


def test_version_and_help_exit_0():
    for flag in ("--version", "-V"):
        done = pinochle(flag)
        assert (done.returncode, done.stdout) == (0, f"pinochle {version('pinochle-referee')}\n")
    assert pinochle("-h").stdout == pinochle("--help").stdout != ""
    for command in COMMANDS:
        short, long = pinochle(command, "-h"), pinochle(command, "--help")
        assert short.returncode == long.returncode == 0
        assert short.stdout == long.stdout and long.stdout.startswith(f"Usage: pinochle {command}")


# --- 3: internal errors and out of memory, whatever the command -----------------------------

#: A function each command calls, to break from outside (``sitecustomize``), in the installed
#: console script, and the arguments that reach it.
BREAK = {
    "fmt": ("pinochle.cli.fmt", "dumps", ["fmt", GAME]),
    "melds": ("pinochle.adjudicator.query.twohanded", "legal_melds",
              ["melds", "--concealed", "A♥ T♥"]),
    "examples": ("pinochle.cli.examples", "write", ["examples", "--out", "{tmp}"]),
    "conformance": ("pinochle.cli.conformance", "run_directory",
                    ["conformance", str(ROOT / "corpus" / "rulebook" / "V2")]),
    "simulate": ("pinochle.cli.simulate", "simulate", ["simulate", "--games", "1"]),
    "validate": ("pinochle.batch.chunks", "validate_game", ["validate", GAME]),
    "serve": ("pinochle.cli.serve", "run_server", ["serve", "--data-dir", "{tmp}"]),
}

SITECUSTOMIZE = """\
import builtins, importlib, os
module, name, error = os.environ["PINOCHLE_TEST_BREAK"].split(":")
def broken(*args, **kwargs):
    raise getattr(builtins, error)("injected by the test")
setattr(importlib.import_module(module), name, broken)
"""


def test_every_command_is_broken_here():
    assert set(BREAK) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(BREAK))
@pytest.mark.parametrize("error, line", [
    ("RecursionError", "pinochle {command}: internal error: RecursionError: injected by the "
                       "test (please report it with the input)"),
    ("MemoryError", "pinochle {command}: error: out of memory: the input is too large for the "
                    "memory available"),
    ("KeyError", "pinochle {command}: internal error: KeyError: 'injected by the test' (please "
                 "report it with the input)"),
])
def test_an_internal_error_is_one_line_and_exit_3(tmp_path, command, error, line):
    (tmp_path / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    module, name, args = BREAK[command]
    env = {**os.environ, "PYTHONPATH": str(tmp_path),
           "PINOCHLE_TEST_BREAK": f"{module}:{name}:{error}"}
    done = pinochle(*[a.format(tmp=tmp_path / "out") for a in args], env=env)
    assert done.returncode == 3
    no_traceback(done)
    assert done.stderr == line.format(command=command) + "\n"


# --- 141: standard output closed early ------------------------------------------------------

@pytest.mark.parametrize("args", [["validate", "{big}"], ["validate", "--json", "{big}"],
                                  ["fmt", "{big}"], ["simulate", "--games", "1000"]],
                         ids=" ".join)
def test_a_closed_pipe_exits_141_quietly(big, args):
    """``pinochle validate big.pin | head -c 100``: the reader goes away after a little."""
    child = start(*[a.format(big=big) for a in args])
    assert os.read(child.stdout.fileno(), 100)
    child.stdout.close()
    assert child.wait(120) == 141
    assert child.stderr.read() == b""


# --- 130: Ctrl-C ------------------------------------------------------------------------------

def drained(child: subprocess.Popen):
    """Read the child's standard output and error as it writes them (so that it never waits on
    a full pipe); returns a function that waits for the end and gives the two."""
    out: list[bytes] = [b"", b""]

    def read(i: int, stream) -> None:
        out[i] = stream.read()

    threads = [threading.Thread(target=read, args=(i, stream), daemon=True)
               for i, stream in enumerate((child.stdout, child.stderr))]
    for thread in threads:
        thread.start()

    def ended() -> list[bytes]:
        for thread in threads:
            thread.join(60)
        return out

    return ended


def test_ctrl_c_while_validating_a_large_file_exits_130(big):
    child = start("validate", str(big))
    assert os.read(child.stdout.fileno(), 1)     # it is validating (past its start-up)
    output = drained(child)
    child.send_signal(signal.SIGINT)
    assert child.wait(60) == 130
    assert output()[1] == b""


def test_ctrl_c_while_reading_a_pipe_exits_130(big):
    """Standard input still open, and the record still coming: Ctrl-C stops it."""
    child = start("validate", "-", stdin=subprocess.PIPE)
    output = drained(child)
    child.stdin.write(big.read_bytes()[:1_000_000])   # it has read most of it: it is running
    child.stdin.flush()
    child.send_signal(signal.SIGINT)
    assert child.wait(60) == 130
    assert output()[1] == b""



@pytest.mark.parametrize("delay", [0.0, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.15, 0.18, 0.25])
def test_ctrl_c_during_start_up_exits_130_without_a_traceback(delay, tmp_path):
    """Ctrl-C while the program is still importing what it needs (``delay`` seconds after its
    entry point has been imported, which Python's import-time log on standard error tells):
    exit 130, no traceback. (Ctrl-C before that is in Python's own start-up, not ours.) Late
    delays reach the end of the run: then it has exited 0 or 1 already, or Ctrl-C came while
    the interpreter was shutting down, whose last step gives SIGINT its default action back:
    the process dies by the signal (-2 here; a shell reports that as 130, as for 130 itself)."""
    record = tmp_path / "r.pin"
    record.write_text("battle 1 dealer E\n", encoding="utf-8")
    child = subprocess.Popen([PINOCHLE, "validate", str(record)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env={**os.environ,
                                                          "PYTHONPROFILEIMPORTTIME": "1"})
    seen = b""
    for line in child.stderr:
        seen += line
        if line.rstrip().endswith(b"pinochle.console"):
            break
    time.sleep(delay)
    child.send_signal(signal.SIGINT)
    rest = child.stderr.read()
    status = child.wait(60)
    assert b"pinochle.console" in seen
    assert status in (130, 0, 1, -signal.SIGINT)   # 0 or 1: it had finished before Ctrl-C
    assert b"Traceback" not in seen + rest
