"""Every command with its standard output closed (``>&-``) or on a full disk
(``> /dev/full``) says so in one line and exits 2 (output that cannot be written,
``cli/exits.py``), never a traceback, never "internal error"; with its standard error closed or
full it does its work and exits as it would (standard error is best effort, ``cli/streams.py``).
Through the console script, its streams set up by a shell as a person's shell sets them."""

from __future__ import annotations

import subprocess

import pytest
from tests.cli.consolekit import PINOCHLE, ROOT

from pinochle.cli.main import COMMANDS

pytestmark = pytest.mark.slow       # some forty runs of the console script, a second or more each

GAME = str(ROOT / "corpus" / "games" / "club-night.pin")
FAULTY = str(ROOT / "corpus" / "faulty" / "DP-BID1-out-of-turn.pin")

#: A command line of each command that writes to standard output (``serve`` writes nothing
#: there but its log, and runs until stopped: not here).
WRITERS = {
    "validate": ["validate", GAME],
    "validate -j 2 --json": ["validate", "-j", "2", "--json", GAME, GAME, GAME],
    "melds": ["melds", "--concealed", "A♥ T♥ K♥ Q♥ J♥"],
    "fmt": ["fmt", GAME],
    "simulate": ["simulate", "--games", "3"],
    "conformance": ["conformance", str(ROOT / "corpus" / "rulebook" / "V2")],
    "examples": ["examples", "--out", "{tmp}/examples"],
    "--help": ["--help"],
    "--version": ["--version"],
    "validate --help": ["validate", "--help"],
}


def test_every_command_is_tried():
    assert set(COMMANDS) - {"serve"} <= {words[0] for words in WRITERS.values()}


def shell(redirect: str, args: list[str], tmp_path) -> subprocess.CompletedProcess:
    """``pinochle ARGS REDIRECT`` run by ``sh`` (``>&-``, ``2>&-``, ``>/dev/full``...); the
    streams not redirected are pipes."""
    words = [a.format(tmp=tmp_path) for a in args]
    done = subprocess.run(["sh", "-c", f'exec "$0" "$@" {redirect}', PINOCHLE, *words],
                          capture_output=True, timeout=120)
    done.stdout = done.stdout.decode("utf-8", "replace")
    done.stderr = done.stderr.decode("utf-8", "replace")
    return done


@pytest.mark.parametrize("name", sorted(WRITERS))
@pytest.mark.parametrize("redirect, why", [(">&-", "it is closed"),
                                           (">/dev/full", "No space left on device")])
def test_standard_output_that_cannot_be_written_is_one_line_and_exit_2(tmp_path, name,
                                                                       redirect, why):
    done = shell(redirect, WRITERS[name], tmp_path)
    command = WRITERS[name][0] if not WRITERS[name][0].startswith("-") else ""
    prefix = f"pinochle {command}" if command else "pinochle"
    assert done.stderr == f"{prefix}: error: cannot write to standard output: {why}\n"
    assert done.returncode == 2


@pytest.mark.parametrize("redirect", ["2>&-", "2>/dev/full"])
@pytest.mark.parametrize("args, status", [(["validate", GAME], 0), (["validate", FAULTY], 1),
                                          (["validate", "/nonexistent.pin"], 2),
                                          (["fmt", "--check", GAME], 0),
                                          (["simulate", "--games", "1"], 0),
                                          (["validate", "--nope"], 4)],
                         ids=lambda v: " ".join(v) if isinstance(v, list) else str(v))
def test_standard_error_that_cannot_be_written_leaves_the_status_alone(tmp_path, redirect,
                                                                       args, status):
    done = shell(redirect, args, tmp_path)
    assert done.returncode == status
    here = subprocess.run([PINOCHLE, *args], capture_output=True, timeout=120)
    assert done.stdout == here.stdout.decode("utf-8", "replace")


def test_a_file_opened_with_standard_error_closed_never_gets_its_messages(tmp_path):
    """With descriptor 2 closed, the first file the command opens would be descriptor 2, and
    a message written "to standard error" would land in it: it is taken by the null device
    first. (``fmt --write`` rewrites the file it reads, a faulty one has a message.)"""
    record = tmp_path / "r.pin"
    record.write_text("battle 1 dealer E\n\ngarbage ###\n", encoding="utf-8")
    before = record.read_bytes()
    done = shell("2>&- >/dev/null", ["fmt", "--write", str(record)], tmp_path)
    assert done.returncode == 2
    assert record.read_bytes() == before


def test_a_command_that_writes_nothing_there_does_not_mind_a_closed_output(tmp_path):
    record = tmp_path / "r.pin"
    record.write_text((ROOT / "corpus" / "games" / "club-night.pin").read_text("utf-8"),
                      encoding="utf-8")
    done = shell(">&-", ["fmt", "--write", str(record)], tmp_path)
    assert done.returncode == 0, done.stderr
