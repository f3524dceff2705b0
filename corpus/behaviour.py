"""The referee's observable behaviour, as one JSON document, and a comparison with another
revision's: the proof that a change meant to move code (not to change what it does) changed
nothing a user can see.

    .venv/bin/python corpus/behaviour.py compare --base REV    # REV's code against this tree's
    .venv/bin/python corpus/behaviour.py snapshot > now.json   # this tree's, to keep or diff

What it collects, each by the console script's own entry point (``pinochle.console.main``):

- ``validate --format json -j 1`` of every record folder (corpus/games, corpus/faulty,
  corpus/rulebook, the service's examples), and the text report of corpus/games;
- ``fmt`` of corpus/games (the canonical text);
- ``conformance corpus/rulebook`` and the fixtures ``examples`` writes;
- ``simulate`` of three games of every ruleset (seeded), and its mutation benchmark's records
  where the command line offers them;
- ``melds --json`` questions about a position in every ruleset;
- the OpenAPI document (which holds the report's JSON schema and every answer's) and the
  fixture schema;
- the replay page's timeline (``POST /v1/replay``'s answer) of every record in those folders.

``compare`` runs REV's code from ``git archive REV`` unpacked in a temporary folder (its
``pinochle/`` links found first, with this venv's libraries) over *this* tree's records, so
that only the code differs, and prints each item that differs with the first differing line.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN = "import sys; sys.argv[0] = 'pinochle'; from pinochle.console import main; main()"
FOLDERS = ("corpus/games", "corpus/faulty", "corpus/rulebook", "service/examples")
RULESETS = ("east-point", "old-time", "scarne", "25-steps", "double-pack")
#: A concealed hand of each seating's size, for the melds questions.
HANDS = {12: "A♠ T♠ K♠ Q♠ J♠ Q♠ J♦ K♥ Q♥ A♣ 9♣ 9♦",
         20: "A♠ T♠ K♠ Q♠ J♠ Q♠ J♦ K♥ Q♥ A♣ A♥ A♦ K♣ Q♣ K♦ Q♦ J♣ J♥ T♥ T♦"}
PYTHON_ITEMS = {
    "openapi": "import json; from pinochle.service.app import create_app; "
               "print(json.dumps(create_app().openapi(), indent=1, sort_keys=True))",
    "fixture-schema": "import json; from pinochle.conformance.fixture import fixture_schema; "
                      "print(json.dumps(fixture_schema(), indent=1, sort_keys=True))",
    # the replay page's timeline (``POST /v1/replay``'s answer) of every record that parses
    "replay": "import pathlib; from pinochle.adjudicator import build_timeline\n"
              "for folder in " + repr(FOLDERS) + ":\n"
              " for path in sorted(pathlib.Path(folder).rglob('*.pin')):\n"
              "  try: answer = build_timeline(path.read_text(encoding='utf-8'))"
              ".model_dump_json(indent=1)\n"
              "  except Exception as error: answer = type(error).__name__\n"
              "  print('==', path); print(answer)",
}


#: Run first in every item: the code is ``code_root``'s, or the item fails (``-P`` keeps the
#: working directory, this tree, from coming before ``PYTHONPATH`` on ``sys.path``).
WHOSE = ("import os, sys, pinochle\n"
         "if not os.path.realpath(pinochle.__path__[0]).startswith(os.environ['CODE_ROOT']):\n"
         "    sys.exit('the code run is ' + pinochle.__path__[0] + ', not under '"
         " + os.environ['CODE_ROOT'])\n")


def _run(code_root: Path, args: list[str], python: str | None = None) -> str:
    root = os.path.realpath(code_root)
    env = {**os.environ, "PYTHONPATH": root, "CODE_ROOT": root, "COLUMNS": "100",
           "NO_COLOR": "1"}
    command = [sys.executable, "-P", "-c", WHOSE + (python or RUN), *([] if python else args)]
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                         check=False)
    return f"exit {run.returncode}\n--- stdout\n{run.stdout}--- stderr\n{run.stderr}"


def snapshot(code_root: Path) -> dict[str, str]:
    """Every item's output by the code under ``code_root`` over this tree's records."""
    items: dict[str, str] = {}
    for folder in FOLDERS:
        items[f"validate-json {folder}"] = _run(code_root, ["validate", "--format", "json",
                                                            "-j", "1", folder])
    items["validate-text corpus/games"] = _run(code_root, ["validate", "-j", "1",
                                                           "corpus/games"])
    games = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "corpus/games").glob("*.pin"))
    items["fmt corpus/games"] = _run(code_root, ["fmt", *games])
    items["conformance corpus/rulebook"] = _run(code_root, ["conformance", "corpus/rulebook"])
    with tempfile.TemporaryDirectory() as out:
        _run(code_root, ["examples", "--out", out])
        items["examples"] = "\n".join(
            f"== {p.relative_to(out)}\n{p.read_text(encoding='utf-8')}"
            for p in sorted(Path(out).rglob("*")) if p.is_file())
    for name in RULESETS:
        items[f"simulate {name}"] = _run(code_root, ["simulate", "--ruleset", name, "-n", "3",
                                                     "--seed", "7", "--policy",
                                                     "random,greedy"])
        hand = HANDS[20] if name == "double-pack" else HANDS[12]
        trump = [] if name == "east-point" else ["--trump", "♠"]
        for meld in ("", "♠F", "♠2"):
            asked = ["--meld", meld] if meld else []
            items[f"melds {name} {meld}"] = _run(
                code_root, ["melds", "--json", "--ruleset-option", f"Ruleset={name}",
                            *trump, "--concealed", hand, *asked])
    for name, code in PYTHON_ITEMS.items():
        items[name] = _run(code_root, [], python=code)
    return items


def archived(base: str, into: str) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", base], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", into], input=archive, check=True)
    return Path(into)


def _sections(text: str) -> dict[str, list[str]]:
    """An item's lines by the ``== NAME`` lines that head its parts (one part, named "", for
    an item without them)."""
    parts: dict[str, list[str]] = {}
    name = ""
    for line in text.splitlines():
        if line.startswith("== "):
            name = line[3:]
        parts.setdefault(name, []).append(line)
    return parts


def _first_difference(before: list[str], now: list[str], base: str) -> list[str]:
    """The lines around the first place two texts differ (a linear scan: ``difflib`` takes
    minutes over the replay item's 61 MB)."""
    at = next((i for i, (a, b) in enumerate(zip(before, now)) if a != b),
              min(len(before), len(now)))
    return ([f"  line {at + 1}:"] + [f"  {base}: {line}" for line in before[at:at + 3]]
            + [f"  now: {line}" for line in now[at:at + 3]])


def compare(base: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        before = snapshot(archived(base, tmp))
    now = snapshot(ROOT)
    differing = [key for key in sorted(before.keys() | now.keys())
                 if before.get(key) != now.get(key)]
    for key in differing:
        print(f"DIFFERS: {key}")
        old, new = _sections(before.get(key, "")), _sections(now.get(key, ""))
        parts = [name for name in sorted(old.keys() | new.keys())
                 if old.get(name) != new.get(name)]
        if len(parts) > 1 or parts != [""]:
            print(f"  {len(parts)} of {len(new)} parts differ: " + ", ".join(parts[:20])
                  + (" ..." if len(parts) > 20 else ""))
        if parts:
            print("\n".join(_first_difference(old.get(parts[0], []), new.get(parts[0], []),
                                              base)))
    print(f"{len(now)} items, {len(differing)} differ from {base}")
    return 1 if differing else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("snapshot", help="print this tree's items as JSON")
    against = commands.add_parser("compare", help="compare with the code at --base")
    against.add_argument("--base", required=True, help="a git revision")
    args = parser.parse_args()
    if args.command == "snapshot":
        print(json.dumps(snapshot(ROOT), indent=1, ensure_ascii=False))
    else:
        raise SystemExit(compare(args.base))


if __name__ == "__main__":
    main()
