"""``--help`` reads like ruff's or black's: plain text, a flag shown as a flag, an option's value
as a word in capitals (``--games N``), arguments by name (``FILE...``, ``[RECORD]``); ``-h`` as
well as ``--help``."""

from __future__ import annotations

import re

import pytest
from tests.cli.consolekit import pinochle

from pinochle.cli.main import COMMANDS

#: An option's row: short and long names (long ones lined up under a short one's; a flag's
#: on/off pair as ``--progress, --no-progress``), then its value's name in capitals when it
#: takes one.
ROW = re.compile(r"^  (-\w, |    )--[a-z-]+(, --no-[a-z-]+)?( [A-Z][A-Z=|.]*)?(  |$)")


def help_of(*command: str) -> str:
    done = pinochle(*command, "--help")
    assert done.returncode == 0 and done.stderr == ""
    return done.stdout


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_shows_flags_as_flags_and_values_in_capitals(command):
    text = help_of(*filter(None, [command]))
    for noise in ("<bool>", "<str>", "<int>", "<float>", "<path>", "list[", "{", "╭", "│"):
        assert noise not in text, (command, noise)
    options = text.split("Options:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    rows = [line for line in options if line.lstrip().startswith("-")]
    assert rows and all(ROW.match(line) for line in rows), rows
    assert any(line.startswith("  -h, --help") for line in rows)


def test_help_of_validate():
    text = help_of("validate")
    assert text.startswith("Usage: pinochle validate [OPTIONS] PATH...\n")
    assert "\n  PATH...  Record files (.pin; compressed .gz, .bz2, .xz, .zst too)" in text
    assert re.search(r"\n  -f, --format FORM +text \(the default\), json", text)
    assert re.search(r"\n      --json +The same as --format json", text)
    assert re.search(r"\n  -j, --jobs N +Validate in N worker processes", text)
    assert re.search(r"\n      --cluster ADDRESS +Validate on a Dask cluster", text)
    assert re.search(r"\n      --progress, --no-progress +A progress line", text)
    assert re.search(r"\n  -q, --quiet +Text output", text)
    assert re.search(r"\n      --max-errors N +Show at most N", text)


def test_help_of_melds_and_simulate_name_their_values():
    melds = help_of("melds")
    assert melds.startswith("Usage: pinochle melds [OPTIONS] [RECORD]\n")
    for row in ("--concealed CARDS", "--scored MELDS", "--ruleset-option NAME=VALUE",
                "--meld MELD", "--battle N", "--seat E|W"):
        assert f"      {row}" in melds
    simulate = help_of("simulate")
    for row in ("-n, --games N", "-s, --seed N", "-p, --policy POLICY",
                "-i, --irregularities RATE"):
        assert f"  {row}" in simulate


def test_help_of_the_program_lists_the_commands_and_version():
    text = help_of()
    assert text.startswith("Usage: pinochle [OPTIONS] COMMAND [ARGS]...\n")
    assert re.search(r"\n  -V, --version +Print the version and exit.", text)
    listed = text.split("Commands:\n", 1)[1].split()
    assert all(name in listed for name in COMMANDS)
    assert "..." not in text.split("Commands:\n", 1)[1]     # no description cut short
