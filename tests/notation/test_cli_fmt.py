"""``pinochle fmt``: canonical form to stdout, ``--check``, ``-`` for stdin, exit statuses."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from pinochle.cli.main import app

DATA = Path(__file__).parent / "data"
runner = CliRunner()


def test_prints_the_canonical_form(tmp_path: Path) -> None:
    messy = tmp_path / "messy.pin"
    shutil.copy(DATA / "club_night_messy.pin", messy)
    result = runner.invoke(app, ["fmt", str(messy)])
    assert result.exit_code == 0
    assert result.stdout == (DATA / "club_night.pin").read_text(encoding="utf-8")


def test_check_is_silent_on_canonical_files_and_lists_the_others(tmp_path: Path) -> None:
    messy = tmp_path / "messy.pin"
    shutil.copy(DATA / "club_night_messy.pin", messy)
    good = DATA / "club_night.pin"
    assert runner.invoke(app, ["fmt", "--check", str(good)]).stdout == ""
    assert runner.invoke(app, ["fmt", "--check", str(good)]).exit_code == 0
    result = runner.invoke(app, ["fmt", "--check", str(good), str(messy)])
    assert result.exit_code == 1
    assert result.stdout == f"{messy}\n"


def test_stdin_is_read_for_a_dash() -> None:
    result = runner.invoke(app, ["fmt", "-"], input="battle 1 dealer e\n1. qh 10h   w\n")
    assert result.exit_code == 0
    assert result.stdout == "battle 1 dealer E\n1. Q♥ T♥ W\n"


def test_syntax_errors_go_to_stderr_compiler_style_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pin"
    bad.write_text("battle 1 dealer X\n1. T♠ Z9\n", encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(bad), str(DATA / "club_night.pin")])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{bad}:1:17: expected a seat (E or W), found 'X'", "battle 1 dealer X", " " * 16 + "^",
        f"{bad}:2:7: expected a card such as Q♥ or QH, found 'Z9'", "1. T♠ Z9", " " * 6 + "^"]
    # the good file is still formatted
    assert result.stdout == (DATA / "club_night.pin").read_text(encoding="utf-8")


def test_unreadable_and_non_utf8_files_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["fmt", str(tmp_path / "missing.pin")])
    assert result.exit_code == 2 and "cannot read" in result.stderr
    latin = tmp_path / "latin.pin"
    latin.write_bytes(b"[Event \"caf\xe9\"]\n")
    result = runner.invoke(app, ["fmt", "--check", str(latin)])
    assert result.exit_code == 2
    assert f"{latin}:1:12: this line is not valid UTF-8 (byte 0xe9)" in result.stderr


def test_the_console_script_runs_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pin"
    bad.write_bytes(b"\xff\xfe garbage {\n")
    result = subprocess.run([sys.executable, "-m", "pinochle.cli.main", "fmt", str(bad)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and f"{bad}:1:1:" in result.stderr
