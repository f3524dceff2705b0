"""A command imports what it uses and nothing else (the times
are measured by ``benchmarks/startup.py``, not here).

Each case runs the console script's entry point (``pinochle.console.main``, as the installed
``pinochle`` script runs it) in a child process with the command's arguments, and reads the
modules that process had imported when it ended.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from tests.cli.consolekit import ROOT

#: The console script, run by ``python -c``; the imported modules go to the file $MODULES_OUT.
_SCRIPT = """
import atexit, os, sys

def _modules():
    with open(os.environ["MODULES_OUT"], "w", encoding="utf-8") as out:
        out.write("\\n".join(sorted(sys.modules)))

atexit.register(_modules)
sys.argv[0] = "pinochle"
from pinochle.console import main
sys.exit(main())
"""

#: What no command but its own imports: the other commands, the service and its stack, the
#: simulator, the conformance corpus, the optional cluster and compression libraries, and Lark
#: (the reader runs the stored table, notation/grammartable.py).
ELSEWHERE = ["pinochle.simulator", "pinochle.conformance", "pinochle.service", "fastapi",
             "starlette", "uvicorn", "sqlalchemy", "alembic", "dask", "distributed",
             "zstandard", "lark", "pinochle.notation.larkgrammar"]
#: A plain command line of validate or melds is read without typer (cli/fast.py).
TYPER = ["typer", "click", "pinochle.cli.main", "pinochle.cli.validate_command",
         "pinochle.cli.melds_command"]
#: A text answer needs no pydantic: the records, findings and reports are plain values
#: (notation/plain.py); pydantic comes in to write JSON.
PYDANTIC = ["pydantic", "pydantic_core"]
COMMANDS = ["fmt", "melds", "examples", "conformance", "simulate", "validate", "serve"]
FMT, MELDS, EXAMPLES, CONFORMANCE, SIMULATE, VALIDATE, SERVE = (f"pinochle.cli.{name}"
                                                                for name in COMMANDS)
CARDS = ["--concealed", "A♥ T♥ J♥", "--exposed", "K♥ Q♥", "--scored", "♥M"]


def modules_of(*args: str, tmp_path, status: int = 0) -> set[str]:
    """The modules imported by ``pinochle ARGS``, run to its end with exit status ``status``."""
    out = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", _SCRIPT, *args], cwd=ROOT, capture_output=True,
                          env={**os.environ, "MODULES_OUT": str(out)}, timeout=120)
    assert done.returncode == status, done.stderr.decode("utf-8", "replace")[-2000:]
    return set(out.read_text(encoding="utf-8").split("\n"))


def imported(modules: set[str], names: list[str]) -> list[str]:
    """Those of ``modules`` that are one of ``names`` or inside one of them."""
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_validate_imports_the_reader_and_the_engine_only(tmp_path):
    modules = modules_of("validate", "corpus/games/club-night.pin", tmp_path=tmp_path)
    assert {VALIDATE, "pinochle.notation.reader", "pinochle.adjudicator.replay",
            "pinochle.notation.grammartable"} <= modules
    assert imported(modules, ELSEWHERE + TYPER + PYDANTIC + [FMT, MELDS, EXAMPLES, CONFORMANCE,
                                                             SIMULATE, SERVE]) == []


@pytest.mark.parametrize("args", [["--json"], ["-q", "--strict"]])
def test_validate_with_options_imports_no_more(args, tmp_path):
    modules = modules_of("validate", *args, "corpus/games/club-night-no-deal.pin",
                         tmp_path=tmp_path, status=1 if "--strict" in args else 0)
    assert imported(modules, ELSEWHERE + TYPER + [FMT, MELDS, SIMULATE, SERVE]) == []
    # JSON is pydantic's to write; text needs none of it
    assert ("pydantic" in modules) is ("--json" in args)


def test_melds_about_a_record_imports_no_other_command(tmp_path):
    modules = modules_of("melds", "corpus/games/old-time-evening.pin", "--battle", "1",
                         "--trick", "8", "--seat", "W", "--meld", "♥M", tmp_path=tmp_path,
                         status=1)
    assert {MELDS, "pinochle.notation.reader", "pinochle.adjudicator.replay"} <= modules
    assert imported(modules, ELSEWHERE + TYPER + PYDANTIC + [FMT, VALIDATE, EXAMPLES,
                                                             CONFORMANCE, SIMULATE, SERVE]) == []


def test_melds_about_a_position_does_not_read_or_replay_records(tmp_path):
    modules = modules_of("melds", "--ruleset-option", "Ruleset=old-time", "--trump", "♥",
                         *CARDS, "--meld", "♥F", tmp_path=tmp_path)
    assert {MELDS, "pinochle.adjudicator.rules.melding"} <= modules
    assert imported(modules, ELSEWHERE + TYPER + PYDANTIC + [
        VALIDATE, "pinochle.notation.reader", "pinochle.adjudicator.replay",
        "pinochle.adjudicator.report.validation"]) == []


@pytest.mark.parametrize("args", [["--help"], ["validat", "x.pin"]])
def test_help_and_unknown_commands_load_every_command(args, tmp_path):
    """The program's help lists every command, and a usage error offers them: there, every
    command's module is imported (the other side of the cases above)."""
    modules = modules_of(*args, tmp_path=tmp_path, status=0 if args == ["--help"] else 4)
    assert {f"pinochle.cli.{name}" for name in COMMANDS} <= modules
