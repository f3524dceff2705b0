"""The README's examples run as written after its set-up command (which leaves ``pinochle`` in
``.venv/bin``; the examples' first line puts it on the PATH), and the README says which Python
it needs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from tests.cli.consolekit import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```sh\n(.*?)```", README, flags=re.S)
SET_UP = BLOCKS[0].splitlines()
#: Every later block is examples: it starts by putting ``pinochle`` on the PATH.
EXAMPLE_BLOCKS = [block.splitlines() for block in BLOCKS[1:]]
EXAMPLES = EXAMPLE_BLOCKS[0]


def test_the_set_up_is_the_one_ci_runs():
    assert SET_UP[0] == (
        "(command -v chromium >/dev/null && ls /usr/lib/postgresql/*/bin/initdb >/dev/null "
        "2>&1 || (apt-get update -q && apt-get install -y -q chromium postgresql)) && "
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && "
        ".venv/bin/python -m compileall -q pinochle notation adjudicator batch cli simulator "
        "conformance service && .venv/bin/pinochle validate corpus/games/club-night.pin")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == SET_UP[1]                       # CI runs exactly the README's test line
    # and sets up the browser and the database server too
    assert "apt-get install -y -q chromium postgresql" in "\n".join(ci)
    assert SET_UP[1].endswith(".venv/bin/python -m pytest")
    assert "mypy" in SET_UP[1] and "ruff check" in SET_UP[1]


def test_the_readme_names_the_python_it_needs():
    assert "Python 3.11 or newer" in README
    assert 'requires-python = ">=3.11"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_examples_start_by_putting_pinochle_on_the_path():
    assert len(EXAMPLE_BLOCKS) >= 2
    assert all(block[0] == ". .venv/bin/activate" for block in EXAMPLE_BLOCKS)
    assert Path(sys.executable).parent == ROOT / ".venv" / "bin"    # the set-up's .venv


@pytest.mark.parametrize("line", [line for block in EXAMPLE_BLOCKS for line in block[1:]])
def test_each_example_runs_as_written(line):
    command = line.split("  #")[0].strip()
    done = subprocess.run(["bash", "-c", f"{EXAMPLES[0]} && {command}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr      # 1: the faulty record's finding
    assert (done.stdout or done.stderr) and "Traceback" not in done.stderr
    assert "command not found" not in done.stderr


def test_the_readme_names_the_quick_loop_beside_the_full_one():
    """Its explanation of the first lines names the loop without the slow tests, whose marker
    pyproject.toml declares."""
    explanation = README.split("```", 2)[2].split("\n\n", 2)[1]
    assert '`.venv/bin/python -m pytest -m "not slow"`' in explanation
    assert 'markers = ["slow: ' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
