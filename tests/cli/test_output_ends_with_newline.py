"""Every command's output, standard output and standard error alike, ends with a newline, so the
shell prompt or the next command's output starts on a line of its own: success, findings, bad
input, JSON and text, and a JSON report cut short by an internal error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pinochle.batch import chunks
from pinochle.cli.main import COMMANDS, app, main

ROOT = Path(__file__).resolve().parents[2]
GAME = str(ROOT / "corpus" / "games" / "club-night.pin")
FAULTY = str(ROOT / "corpus" / "faulty" / "R9F-repeat.pin")
MELDS_FIXTURES = str(ROOT / "corpus" / "rulebook" / "melds")
runner = CliRunner()

CALLS = [
    ["validate", GAME], ["validate", "--json", GAME], ["validate", "-q", GAME],
    ["validate", FAULTY], ["validate", "--json", FAULTY], ["validate", "--json", "/no/such.pin"],
    ["validate", "/no/such.pin"], ["validate", "--json", GAME, "/no/such.pin"],
    ["fmt", GAME], ["fmt", "/no/such.pin"],
    ["melds", "--concealed", "A♥ T♥"], ["melds", "--concealed", "A♥ T♥", "--json"],
    ["melds", "--concealed", "A♥", "--meld", "♥2"], ["melds", "--concealed", "N♣"],
    ["melds", "--concealed", "XX"],
    ["melds", GAME, "--battle", "1", "--trick", "1", "--seat", "E"],
    ["conformance", MELDS_FIXTURES], ["conformance", "/no/such/folder"],
    ["simulate", "--games", "1"], ["simulate", "--games", "-1"],
    ["--help"], *[[name, "--help"] for name in COMMANDS],
]


@pytest.mark.parametrize("args", CALLS, ids=" ".join)
def test_output_ends_with_a_newline(args, monkeypatch, capsys):
    """Through the console script's ``main`` (which prints the project's own errors)."""
    monkeypatch.setattr(sys, "argv", ["pinochle", *args])
    with pytest.raises(SystemExit):
        main()
    out, err = capsys.readouterr()
    assert out or err
    assert "Traceback" not in err
    for stream in (out, err):
        assert stream == "" or stream.endswith("\n"), (args, stream[-80:])


def test_examples_ends_with_a_newline(tmp_path):
    result = runner.invoke(app, ["examples", "--out", str(tmp_path)])
    assert result.exit_code == 0 and result.stdout.endswith("\n")


def test_every_command_is_covered():
    assert {args[0] for args in CALLS} | {"examples"} >= set(COMMANDS)


def test_validate_json_cut_short_by_an_internal_error_still_ends_its_line(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(chunks, "validate_game", broken)
    result = runner.invoke(app, ["validate", "--json", GAME])
    assert result.exit_code == 3
    assert result.stdout.startswith('{"schema_version":2') and result.stdout.endswith("\n")
    assert "internal error: RuntimeError: boom" in result.stderr
