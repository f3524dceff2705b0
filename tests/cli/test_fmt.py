"""``pinochle fmt``, through the console script: the canonical form on standard output, game by
game (the first game is out before the input ends; memory does not grow with the file);
``--check``, ``--diff`` and ``--write`` as black and ruff have them; syntax errors compiler
style on standard error; exit statuses."""

from __future__ import annotations

import importlib.util
import os
import re
import select
import shutil
import stat
import sys
from pathlib import Path

import pytest
from tests.cli.consolekit import ROOT, no_traceback, pinochle, start

from pinochle.notation import dumps
from pinochle.simulator.simulate import simulate_record

DATA = ROOT / "tests" / "notation" / "data"
CANONICAL = (DATA / "club_night.pin").read_text(encoding="utf-8")


@pytest.fixture
def messy(tmp_path: Path) -> Path:
    path = tmp_path / "messy.pin"
    shutil.copy(DATA / "club_night_messy.pin", path)
    return path


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good.pin"
    path.write_text(CANONICAL, encoding="utf-8", newline="\n")
    return path


def test_prints_the_canonical_form(messy: Path) -> None:
    done = pinochle("fmt", str(messy))
    assert (done.returncode, done.stdout, done.stderr) == (0, CANONICAL, "")


def test_stdin_is_read_for_a_dash() -> None:
    done = pinochle("fmt", "-", input="battle 1 dealer e\n1. qh 10h   w\n")
    assert (done.returncode, done.stdout) == (0, "battle 1 dealer E\n1. Q♥ T♥ W\n")


def test_check_says_would_reformat_on_stderr_with_a_summary(good: Path, messy: Path) -> None:
    done = pinochle("fmt", "--check", str(good))
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr == "1 file already canonical\n"
    done = pinochle("fmt", "--check", str(good), str(messy))
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.splitlines() == [
        f"would reformat {messy}", "1 file would be reformatted, 1 file already canonical"]


@pytest.mark.parametrize("change", [
    lambda text: text.replace("\n", "\r\n"),           # Windows line ends
    lambda text: text.replace("\n", "\r"),             # old Mac line ends
    lambda text: "\ufeff" + text,                       # a byte-order mark
    lambda text: text[:-1],                             # no line end after the last line
    lambda text: text + "\n",                           # a blank line at the end
    lambda text: "\n" + text,                           # a blank line at the start
    lambda text: text.replace("\n\n[", "\n\n\n[", 1),   # two blank lines between games
    lambda text: text.replace("] ; the scorer", "]  ; the scorer", 1),  # two spaces, game 1
    lambda text: text.replace("1. T♠ N♠ W", "1. T♠ N♠  W", 2),          # in game 2 too
], ids=["crlf", "cr", "bom", "no-last-newline", "trailing-blank", "leading-blank",
        "two-blanks", "space-game-1", "space-game-2"])
def test_check_compares_every_byte_game_by_game(tmp_path: Path, change) -> None:
    changed = change(CANONICAL)
    assert changed != CANONICAL
    path = tmp_path / "changed.pin"
    path.write_bytes(changed.encode("utf-8"))
    done = pinochle("fmt", "--check", str(path))
    assert done.returncode == 1, done.stderr
    assert f"would reformat {path}" in done.stderr.splitlines()
    assert pinochle("fmt", str(path)).stdout == CANONICAL


def test_check_of_many_canonical_games(tmp_path: Path) -> None:
    text = dumps(simulate_record(30, 5))
    path = tmp_path / "sim.pin"
    path.write_text(text, encoding="utf-8", newline="\n")
    assert pinochle("fmt", "--check", str(path)).returncode == 0
    assert pinochle("fmt", str(path)).stdout == text


def apply(diff: str, old: list[str]) -> list[str]:
    """Apply a unified diff (one file) to ``old``'s lines."""
    new, at = [], 0
    for hunk in re.split(r"^(?=@@ )", diff, flags=re.M)[1:]:
        header, *body = hunk.splitlines()
        start = int(re.match(r"@@ -(\d+)", header).group(1))
        first = start - 1 if any(line[:1] in " -" for line in body) else start
        new += old[at:first]
        at = first
        for line in body:
            if line[:1] in " -":
                assert old[at] == line[1:], (at, line)
                at += 1
            if line[:1] in " +":
                new.append(line[1:])
    return new + old[at:]


def test_diff_is_a_unified_diff_that_turns_the_file_canonical(messy: Path, tmp_path) -> None:
    plain = tmp_path / "plain.pin"      # the messy record with plain line ends and no BOM
    plain.write_text(messy.read_text(encoding="utf-8-sig"), encoding="utf-8", newline="\n")
    done = pinochle("fmt", "--diff", str(plain))
    assert done.returncode == 1
    assert done.stdout.startswith(f"--- {plain}\n+++ {plain}\n@@ -1,")
    lines = plain.read_text(encoding="utf-8").splitlines()
    assert apply(done.stdout.split("\n", 2)[2], lines) == CANONICAL.splitlines()
    assert done.stderr.splitlines() == [
        f"would reformat {plain}", "1 file would be reformatted"]


def test_diff_of_a_canonical_file_is_empty_and_says_line_end_changes(good: Path,
                                                                      messy: Path) -> None:
    done = pinochle("fmt", "--diff", str(good))
    assert (done.returncode, done.stdout) == (0, "")
    done = pinochle("fmt", "--diff", str(messy))      # Windows line ends and a BOM
    assert done.returncode == 1
    assert f"{messy}: its line ends" in done.stderr


def test_write_rewrites_atomically_and_keeps_the_mode(good: Path, messy: Path) -> None:
    messy.chmod(0o640)
    before = good.stat()
    done = pinochle("fmt", "--write", str(good), str(messy))
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr.splitlines() == [f"reformatted {messy}",
                                        "1 file reformatted, 1 file left unchanged"]
    assert messy.read_text(encoding="utf-8") == CANONICAL
    assert stat.S_IMODE(messy.stat().st_mode) == 0o640
    after = good.stat()               # the canonical file is not touched
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert sorted(os.listdir(messy.parent)) == ["good.pin", "messy.pin"]  # no temporary file
    again = pinochle("fmt", "-w", str(messy))
    assert again.stderr == "1 file left unchanged\n"


@pytest.mark.parametrize("suffix", [".gz", ".bz2", ".xz", ".zst"])
def test_write_refuses_a_compressed_file_and_leaves_it_as_it_was(tmp_path: Path,
                                                                 suffix: str) -> None:
    """Before, ``fmt --write x.pin.gz`` replaced it with plain text under
    the same name."""
    import bz2
    import gzip
    import lzma

    import zstandard

    compress = {".gz": gzip.compress, ".bz2": bz2.compress, ".xz": lzma.compress,
                ".zst": zstandard.ZstdCompressor().compress}[suffix]
    path = tmp_path / f"messy.pin{suffix}"
    data = compress((DATA / "club_night_messy.pin").read_bytes())
    path.write_bytes(data)
    done = pinochle("fmt", "--write", str(path))
    assert done.returncode == 2
    assert f"{path}: not rewritten: it is " in done.stderr and "-compressed" in done.stderr
    assert path.read_bytes() == data and os.listdir(tmp_path) == [path.name]
    assert pinochle("fmt", "--check", str(path)).returncode == 1   # still read, as ever


def test_write_refuses_a_read_only_file_even_as_root(messy: Path) -> None:
    """Before, the rename beside it replaced a 0444 file (its folder
    writable), as root or not. The mode decides, as editors and formatters have it."""
    text = messy.read_bytes()
    messy.chmod(0o444)
    done = pinochle("fmt", "--write", str(messy))
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (f"pinochle fmt: error: {messy}: not rewritten: it is "
                                           "read-only (mode 0444); --write does not rewrite it")
    assert messy.read_bytes() == text and stat.S_IMODE(messy.stat().st_mode) == 0o444
    messy.chmod(0o644)
    assert pinochle("fmt", "--write", str(messy)).returncode == 0


def test_write_leaves_a_file_with_syntax_errors_as_it_was(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pin"
    text = CANONICAL.replace("1. T♠ N♠ W", "1. T♠ Z9 W", 1)
    bad.write_text(text, encoding="utf-8")
    done = pinochle("fmt", "--write", str(bad))
    assert done.returncode == 2
    assert bad.read_text(encoding="utf-8") == text
    assert os.listdir(tmp_path) == ["bad.pin"]
    assert done.stderr.splitlines()[-1] == "1 file not formatted (errors)"


@pytest.mark.parametrize("args, message", [
    (["--write", "-"], "standard input (-) cannot be"),
    (["--write", "--check", "x.pin"], "--write cannot be combined with --check or --diff"),
    (["--max-errors", "-1", "x.pin"], "--max-errors"),
    ([], "missing argument 'FILE...'"),
])
def test_usage_errors_exit_4(args, message) -> None:
    done = pinochle("fmt", *args)
    assert done.returncode == 4
    assert done.stderr.startswith("pinochle fmt: error: ") and message in done.stderr
    assert "Usage: pinochle fmt [OPTIONS] FILE..." in done.stderr


def test_the_first_game_is_out_before_the_input_ends() -> None:
    """``fmt`` streams: with the second game still being written, the first is printed."""
    games = dumps(simulate_record(2, 3)).split("\n\n[")
    child = start("fmt", "-", stdin=-1)
    child.stdin.write((games[0] + "\n\n[" + games[1][:50]).encode("utf-8"))
    child.stdin.flush()
    ready, _, _ = select.select([child.stdout], [], [], 60)
    assert ready, "nothing printed while the input was still open"
    assert child.stdout.readline().decode("utf-8") == '[Event "Simulated game"]\n'
    child.stdin.write(games[1][50:].encode("utf-8"))
    child.stdin.close()
    rest = child.stdout.read().decode("utf-8")
    assert child.wait(60) == 0
    assert '[Event "Simulated game"]\n' + rest == dumps(simulate_record(2, 3))


@pytest.fixture(scope="module")
def bench():
    """benchmarks/fmt.py, whose ``measure`` runs the console script and reads its peak memory."""
    folder = str(ROOT / "benchmarks")
    sys.path.insert(0, folder)          # for its benchkit
    try:
        spec = importlib.util.spec_from_file_location("fmt_benchmark", f"{folder}/fmt.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(folder)
    return module


def test_memory_does_not_grow_with_the_file(tmp_path: Path, bench) -> None:
    block = dumps(simulate_record(20, 11))
    small, large = tmp_path / "small.pin", tmp_path / "large.pin"
    small.write_text(block, encoding="utf-8")
    large.write_text("\n".join([block] * 40), encoding="utf-8")   # 800 games
    _, small_peak, status = bench.measure(["fmt", "--check", str(small)])
    _, large_peak, large_status = bench.measure(["fmt", "--check", str(large)])
    _, validate_peak, _ = bench.measure(["validate", str(large)])
    assert status == large_status == 0
    assert 10e6 < small_peak and large_peak < small_peak * 1.15
    assert large_peak < validate_peak * 1.5


def test_syntax_errors_go_to_stderr_compiler_style_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pin"
    bad.write_text("battle 1 dealer X\n1. T♠ Z9\n", encoding="utf-8")
    done = pinochle("fmt", str(bad), str(DATA / "club_night.pin"))
    assert done.returncode == 2
    no_traceback(done)
    errors = [line for line in done.stderr.splitlines() if line.startswith(str(bad))]
    assert errors == [f"{bad}:1:17: syntax error: expected a seat (N, E, S or W), found 'X'",
                      f"{bad}:2:7: syntax error: expected a card such as Q♥ or QH, found 'Z9'"]
    assert "    1 | battle 1 dealer X" in done.stderr.splitlines()
    assert done.stdout == CANONICAL     # the good file is still formatted


def test_nothing_of_a_file_is_printed_after_its_first_syntax_error(tmp_path: Path) -> None:
    games = dumps(simulate_record(3, 4)).split("\n\n[")
    games[1] = games[1].replace("1. ", "1. XX ", 1)
    path = tmp_path / "three.pin"
    path.write_text("\n\n[".join(games), encoding="utf-8")
    done = pinochle("fmt", str(path))
    assert done.returncode == 2
    assert done.stdout == games[0] + "\n"
    assert "syntax error" in done.stderr


def test_max_errors_bounds_the_messages_of_a_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.pin"
    game = '[Event "x"]\nbattle 1 dealer E\n' + "1. XX YY\n" * 50
    path.write_text(game * 3, encoding="utf-8")
    done = pinochle("fmt", str(path))
    assert done.returncode == 2
    assert sum(": syntax error: " in line for line in done.stderr.splitlines()) == 100
    assert f"{path}: 50 more messages not shown (--max-errors 100; 0 shows all)" in done.stderr
    shown = pinochle("fmt", "--max-errors", "0", str(path)).stderr
    assert sum(": syntax error: " in line for line in shown.splitlines()) == 150


def test_unreadable_and_non_utf8_files_exit_2(tmp_path: Path) -> None:
    done = pinochle("fmt", str(tmp_path / "missing.pin"))
    assert done.returncode == 2
    assert done.stderr == (f"pinochle fmt: error: {tmp_path / 'missing.pin'}: cannot read the "
                           "file: No such file or directory\n")
    latin = tmp_path / "latin.pin"
    latin.write_bytes(b"[Event \"caf\xe9\"]\n")
    done = pinochle("fmt", "--check", str(latin))
    assert done.returncode == 2
    assert f"{latin}:1:12: syntax error: this line is not valid UTF-8 (byte 0xe9)" in done.stderr


def test_binary_garbage_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pin"
    bad.write_bytes(b"\xff\xfe garbage {\n")
    done = pinochle("fmt", str(bad))
    assert done.returncode == 2
    no_traceback(done)
    assert f"{bad}:1:1:" in done.stderr
