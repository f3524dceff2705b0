"""``pinochle validate`` and ``pinochle melds`` read a plain command line without typer
(``cli/fast.py``) and every other through typer: the two ways must not drift.

- the stored option table (``cli/optiontable.py``) is the one ``cli/maketable.py`` writes from
  the typer commands now;
- over a matrix of command lines, those the fast reading takes give the command's function the
  very arguments typer gives it, and the rest are left to typer;
- run as a person runs them, through the console script (the fast reading) and through the
  typer program alone (``cli/main.py``), each gives the same standard output, standard error
  and exit status.
"""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from typing import Any

import pytest
from tests.cli.consolekit import PINOCHLE, ROOT

from pinochle.cli import fast, maketable, optiontable
from pinochle.cli import melds, melds_command, validate, validate_command
from pinochle.cli.main import command

GAME = "corpus/games/club-night.pin"
NO_DEAL = "corpus/games/club-night-no-deal.pin"
FAULTY = "corpus/faulty/R9F-repeat.pin"
OLD = "corpus/games/old-time-evening.pin"
TABLE = "corpus/games/double-pack-evening.pin"
OLD_TIME = ["--ruleset-option", "Ruleset=old-time", "--trump", "♥"]
AT_W = ["--battle", "1", "--trick", "8", "--seat", "W"]

#: Command lines the fast reading takes (typer gives the same function the same arguments).
FAST = [
    ["validate", GAME],
    ["validate", GAME, NO_DEAL],
    ["validate", GAME, "--json"],
    ["validate", "--format", "jsonl", GAME],
    ["validate", "-f", "json", GAME, "--strict"],
    ["validate", "--format=json", GAME],
    ["validate", "-q", "--strict", NO_DEAL],
    ["validate", "--quiet", NO_DEAL, "--max-errors", "0"],
    ["validate", "--max-errors=1", FAULTY],
    ["validate", "--max-errors", "007", FAULTY],
    ["validate", "-j", "1", GAME, NO_DEAL],
    ["validate", "--jobs", "2", "--no-progress", "--no-stats", GAME, NO_DEAL, FAULTY],
    ["validate", "--progress", "--no-stats", GAME],
    ["validate", "--json", "--format", "text", GAME],           # a usage problem: exit 4
    ["validate", "--json", "--format", "json", GAME],
    ["validate", "--cluster", "tcp://127.0.0.1:9", "-j", "2", GAME],  # a usage problem
    ["validate", "missing.pin"],
    ["validate", "-"],
    ["validate", "", GAME],
    ["melds", OLD, *AT_W, "--meld", "♥M"],
    ["melds", OLD, *AT_W, "--json"],
    ["melds", OLD, "--game", "1", *AT_W],
    ["melds", "-", *AT_W],
    ["melds", OLD, "--battle", "99", "--trick", "8", "--seat", "W"],    # not in the record
    ["melds", OLD, "--concealed", "A♥"],                                # not with a record
    ["melds", *OLD_TIME, "--concealed", "A♥ T♥ J♥", "--exposed", "K♥ Q♥", "--scored", "♥M",
     "--meld", "♥F"],
    ["melds", "--concealed=A♥ T♥ K♥ Q♥ J♥", "--melded", "none", "--gathered", "won"],
    ["melds", "--concealed", "A♥ T♥ K♥ Q♥ J♥ Q♠ J♦", "--melded", "♥2", "--melded", "A4",
     "--gathered", "lost"],
    ["melds", "--concealed", "A♥ T♥", "--played", "K♥", "--won", "K♥", "--json"],
    ["melds", "--concealed", "XX"],
    ["melds"],
    ["melds", "--battle", "1"],
    ["melds", TABLE, "--battle", "1", "--seat", "N"],
    ["melds", TABLE, "--battle", "1", "--seat", "S", "--json", "--meld", "♣F 150"],
]

#: Command lines left to typer: help, errors its parser finds, anything unusual.
TYPER = [
    ["validate"], ["validate", "--help"], ["validate", "-h", GAME], ["validate", "--bogus", GAME],
    ["validate", "--json", "--json", GAME], ["validate", "--", GAME], ["validate", "-qj1", GAME],
    ["validate", "--json=1", GAME], ["validate", "--jobs", "0", GAME],
    ["validate", "--jobs", "+2", GAME], ["validate", "--max-errors", "-1", GAME],
    ["validate", "--max-errors", "", GAME], ["validate", "--format", "JSON", GAME],
    ["validate", "--format", "xml", GAME], ["validate", "-j2", GAME],
    ["validate", GAME, "--max-errors"], ["validate", "--progres", GAME],
    ["melds", OLD, OLD], ["melds", "--game", "x"], ["melds", "--battle", "1.5"],
    ["melds", "--meld", "-"], ["melds", "--concealed", "--json"], ["melds", "--json", "--json"],
    ["melds", "--help"],
]

#: The function each command line is handed to, and the typer command's module that hands it.
CORES = {"validate": (validate.run_validate, validate_command, "run_validate"),
         "melds": (melds.run_melds, melds_command, "run_melds")}


def test_the_stored_table_is_the_one_the_typer_commands_give():
    """``python -m pinochle.cli.maketable`` writes it: rerun it after changing an option."""
    assert maketable.OUT.read_text(encoding="utf-8") == maketable.render()
    assert set(optiontable.COMMANDS) == set(CORES)


def typer_arguments(argv: list[str], monkeypatch) -> dict[str, Any]:
    """The arguments the typer command hands its function for ``pinochle ARGV``."""
    function, module, name = CORES[argv[0]]
    seen: list[dict[str, Any]] = []

    def record(*args: Any, **kwargs: Any) -> int:
        bound = inspect.signature(function).bind(*args, **kwargs)
        bound.apply_defaults()
        seen.append(dict(bound.arguments))
        return 0

    monkeypatch.setattr(module, name, record)
    status = command((argv[0],)).main(argv, "pinochle", standalone_mode=False)
    assert (status, len(seen)) == (0, 1)
    return seen[0]


@pytest.mark.parametrize("argv", FAST, ids=" ".join)
def test_a_plain_command_line_gives_the_function_what_typer_gives_it(argv, monkeypatch):
    arguments = fast.parse(argv[0], argv[1:])
    assert arguments is not None
    assert arguments == typer_arguments(argv, monkeypatch)
    assert {key: type(value) for key, value in arguments.items()} == {
        key: type(value) for key, value in typer_arguments(argv, monkeypatch).items()}


@pytest.mark.parametrize("argv", TYPER, ids=" ".join)
def test_anything_else_is_left_to_typer(argv):
    assert fast.parse(argv[0], argv[1:]) is None


#: Runs the typer program alone, as the console script ran it before ``cli/fast.py``.
TYPER_ONLY = "import sys; sys.argv[0] = 'pinochle'; from pinochle.cli.main import main; main()"


def _run(argv: list[str], fast_reading: bool) -> tuple[int, str, str]:
    start = [PINOCHLE] if fast_reading else [sys.executable, "-c", TYPER_ONLY]
    stdin = (ROOT / OLD if argv[0] == "melds" else ROOT / GAME).read_bytes()
    done = subprocess.run([*start, *argv], cwd=ROOT, input=stdin, capture_output=True,
                          timeout=120, env={**os.environ, "COLUMNS": "100"})
    return (done.returncode, done.stdout.decode("utf-8", "replace"),
            done.stderr.decode("utf-8", "replace"))


@pytest.mark.parametrize("argv", [a for a in FAST + TYPER[:6] if "--progress" not in a],
                         ids=" ".join)
def test_the_console_script_prints_what_the_typer_program_prints(argv):
    """Byte for byte, with the exit status (the progress line, which shows times, left out)."""
    assert _run(argv, True) == _run(argv, False)


def test_the_fast_reading_imports_no_typer(tmp_path):
    """The point of it: typer and its command are not built for a plain command line."""
    script = ("import sys; sys.argv[0] = 'pinochle'; from pinochle.console import main\n"
              "try:\n    main()\nfinally:\n"
              "    print(sorted(m for m in sys.modules if m.split('.')[0] in "
              "('typer', 'click')), file=sys.stderr)")
    for argv in (["validate", GAME], ["melds", OLD, *AT_W, "--meld", "♥M"]):
        done = subprocess.run([sys.executable, "-c", script, *argv], cwd=ROOT,
                              capture_output=True, timeout=120)
        assert done.stderr.decode().splitlines()[-1] == "[]"


def test_a_shell_completion_request_is_left_to_typer(monkeypatch):
    monkeypatch.setenv(fast.COMPLETE, "bash_complete")
    assert fast.run(["validate", GAME]) is None
