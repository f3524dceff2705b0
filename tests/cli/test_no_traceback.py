"""The issue's reproducers, through the console script: whatever the input, every command ends
with a message and a documented exit status, never a traceback."""

from __future__ import annotations

import json
import os
import resource
import shutil
from pathlib import Path

import pytest
from tests.cli.consolekit import ROOT, no_traceback, pinochle

RULEBOOK = ROOT / "corpus" / "rulebook"


# --- examples --out --------------------------------------------------------------------------

def test_examples_refuses_an_out_that_is_a_file(tmp_path):
    (tmp_path / "afile").write_text("mine", encoding="utf-8")
    done = pinochle("examples", "--out", "afile", cwd=tmp_path)
    assert done.returncode == 4
    no_traceback(done)
    assert done.stderr.startswith("pinochle examples: error: --out: afile is a file, not a "
                                  "folder\n")
    assert (tmp_path / "afile").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_examples_refuses_an_empty_out(tmp_path):
    done = pinochle("examples", "--out", "", cwd=tmp_path)
    assert done.returncode == 4
    assert "--out: the path is empty" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_examples_says_when_it_cannot_write():
    done = pinochle("examples", "--out", "/proc/nope")
    assert done.returncode == 2
    no_traceback(done)
    assert done.stderr == ("pinochle examples: error: cannot write /proc/nope: No such file or "
                           "directory\n")


def test_examples_without_out_writes_the_checkouts_corpus_and_says_where(tmp_path):
    """Not under the current folder: into corpus/rulebook of the checkout, named absolutely
    (it writes the files the checkout already holds, each replaced whole)."""
    done = pinochle("examples", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"wrote 372 fixtures and 366 records under {RULEBOOK}\n"
    assert list(tmp_path.iterdir()) == []


def test_examples_out_is_named_absolutely(tmp_path):
    done = pinochle("examples", "--out", "fixtures", cwd=tmp_path)
    assert done.stdout == f"wrote 372 fixtures and 366 records under {tmp_path / 'fixtures'}\n"


# --- conformance ----------------------------------------------------------------------------

def test_conformance_on_a_folder_of_no_fixtures_says_so_in_one_line():
    faulty = ROOT / "corpus" / "faulty"
    done = pinochle("conformance", str(faulty))
    assert (done.returncode, done.stdout) == (2, "")
    [line] = done.stderr.splitlines()
    count = len(list(faulty.rglob("*.json")))     # its subfolders too (single-deck/)
    assert count > 100
    assert line.startswith(f"pinochle conformance: error: {faulty}: no fixture among its "
                           f"{count} JSON files; e.g. ")
    assert "not a fixture (docs/fixtures.md): missing id, source" in line


@pytest.fixture
def deep(tmp_path) -> Path:
    path = tmp_path / "deep.json"
    path.write_text("[" * 1000 + "]" * 1000, encoding="utf-8")
    return path


def test_conformance_with_a_fixture_nested_1000_deep(deep):
    done = pinochle("conformance", str(deep.parent))
    assert done.returncode == 2
    no_traceback(done)
    assert done.stderr == (f"pinochle conformance: error: {deep.parent}: no fixture among its "
                           f"1 JSON file; e.g. {deep}: not a fixture: JSON nested too deeply\n")


def test_conformance_fails_a_1000_deep_fixture_among_good_ones(deep):
    for path in (RULEBOOK / "V2").iterdir():
        shutil.copy(path, deep.parent)
    done = pinochle("conformance", str(deep.parent))
    assert done.returncode == 1
    no_traceback(done)
    assert "FAIL  deep" in done.stdout
    assert f"      {deep}: not a fixture: JSON nested too deeply" in done.stdout.splitlines()


def test_conformance_row_of_a_file_that_is_not_a_fixture_is_short(tmp_path):
    for path in (RULEBOOK / "V2").iterdir():
        shutil.copy(path, tmp_path)
    (tmp_path / "other.json").write_text(json.dumps({"rule": "R9F", "line": 3}))
    lines = pinochle("conformance", str(tmp_path)).stdout.splitlines()
    row = lines.index(next(line for line in lines if line.startswith("FAIL  other")))
    assert lines[row + 1] == (f"      {tmp_path / 'other.json'}: not a fixture "
                              "(docs/fixtures.md): missing id, source, rules, description, "
                              "record, expected; unexpected rule, line")


# --- a 50 MB line under a memory limit ------------------------------------------------------

def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (800_000 * 1024, 800_000 * 1024))


@pytest.fixture(scope="module")
def long_line(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("long") / "long.pin"
    with open(path, "w", encoding="utf-8") as out:
        out.write("battle 1 dealer E\n1. ")
        for _ in range(50):
            out.write("T♠ " * 250_000)
        out.write("\n")
    return path


@pytest.mark.parametrize("args", [
    ["fmt", "{path}"], ["fmt", "--check", "{path}"], ["validate", "{path}"],
    ["melds", "{path}", "--battle", "1", "--trick", "1", "--seat", "E"],
], ids=lambda args: args[0] + (" --check" if "--check" in args else ""))
def test_a_50_mb_line_under_a_memory_limit(long_line, args):
    """``ulimit -v 800000``: the line is reported and skipped, never read whole."""
    done = pinochle(*[a.format(path=long_line) for a in args], preexec_fn=limited)
    no_traceback(done)
    assert done.returncode == 2, done.stderr[-500:]
    assert f"{long_line}:2:1: syntax error: this line is longer than" in done.stderr + done.stdout
    assert len(done.stderr) + len(done.stdout) < 5000


# --- control characters are never echoed raw ---------------------------------------------------

def test_control_characters_in_file_names_are_escaped(tmp_path):
    named = tmp_path / "a\x1b[31mb.pin"
    shutil.copy(ROOT / "corpus" / "faulty" / "R9F-repeat.pin", named)
    (tmp_path / "c\x07d.pin").write_text("battle 1 dealer E\n1.  T♠ N♠ W\n", encoding="utf-8")
    for args in (["validate", str(named)], ["validate", str(tmp_path / "gone\x1b.pin")],
                 ["fmt", "--check", str(named), str(tmp_path / "c\x07d.pin")],
                 ["fmt", "--diff", str(tmp_path / "c\x07d.pin")]):
        done = pinochle(*args)
        text = done.stdout + done.stderr
        assert done.returncode in (1, 2), args
        assert "\\x1b" in text or "\\x07" in text, args
        assert "\x1b" not in text and "\x07" not in text, args


def close_stdin() -> None:
    os.close(0)


@pytest.mark.parametrize("args", [["validate", "-"], ["fmt", "-"],
                                  ["melds", "-", "--battle", "1", "--trick", "1", "--seat", "E"]],
                         ids=lambda args: args[0])
def test_standard_input_closed(args):
    done = pinochle(*args, stdin=None, preexec_fn=close_stdin)
    no_traceback(done)
    assert done.returncode == 2
    assert f"pinochle {args[0]}: error: <stdin>: cannot read" in done.stderr
    assert "standard input is closed" in done.stderr
