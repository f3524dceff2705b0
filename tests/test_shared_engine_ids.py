"""No rulebook's own ids in the shared engine: the modules every ruleset runs (the two-handed
engine, the pure rules, the value types, the reports, the dispute question, the optional
features, the walker, the laws' hook interface) cite East Point's irregularity laws (R11...),
Scarne's (SC-...) and 25-steps' (TP...) only through data a ruleset carries: its ``RuleIds``
(``rulesets/``) and its laws (``laws/policy.py``: ``PenaltyLaw``, ``MisdealLaw``, ...).
Comments, docstrings and the schema's descriptions may name them: they explain, they decide
nothing."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "adjudicator"
SHARED = ["twohanded", "rules", "model", "report", "query", "features", "replay.py",
          "visitor.py",
          # the shared part of laws/: the hook interface (the null object, no laws) and the
          # table that starts each ruleset's laws object; each rulebook's laws are its own
          "laws/hooks.py", "laws/start.py",
          # the meld windows' shared part: the window interface and the choice by the policy's
          # data (R11B's objections and Scarne's corrections are each rulebook's)
          "laws/meldwindow.py", "laws/windows.py"]
#: East Point's laws (R11A-R11F), Scarne's ids (SC-...), 25-steps' (TP1..., TPV1..., TP-...).
RULEBOOK_ID = re.compile(r"\b(R11[A-F]?\d*|SC-[A-Z]+\d*|TPV?\d+[a-z]?\d*|TP-[A-Z]+)")


def documentation(tree: ast.AST) -> set[int]:
    """The string nodes that document: docstrings, and ``description=`` of a field."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        elif isinstance(node, ast.keyword) and node.arg == "description":
            found.update(id(inner) for inner in ast.walk(node.value))
    return found


def rulebook_ids(source: str) -> list[tuple[int, str]]:
    """``(line, id)`` of each rulebook id in a string of the code (not in its documentation)."""
    tree = ast.parse(source)
    skip = documentation(tree)
    return sorted((node.lineno, match) for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in skip for match in RULEBOOK_ID.findall(node.value))


def shared_sources() -> list[Path]:
    paths: list[Path] = []
    for part in SHARED:
        where = ENGINE / part
        paths += [where] if part.endswith(".py") else sorted(where.rglob("*.py"))
    return paths


@pytest.mark.parametrize("path", shared_sources(), ids=lambda p: str(p.relative_to(ENGINE)))
def test_the_shared_engine_names_no_rulebooks_ids(path: Path) -> None:
    found = rulebook_ids(path.read_text(encoding="utf-8"))
    assert not found, (f"{path.relative_to(ROOT)}: {found}: take the id from the ruleset's "
                       "RuleIds or its laws (laws/policy.py), not a literal")


#: Single-deck's ids (SD-...): the table engine (``partnership/``, double-pack's own ids its
#: check names) cites them only through the ruleset's ``RuleIds`` and ``cites``.
SINGLE_DECK_ID = re.compile(r"\bSD-[A-Z]+\d*")


@pytest.mark.parametrize("path", [*shared_sources(), *sorted((ENGINE / "partnership").glob(
    "*.py"))], ids=lambda p: str(p.relative_to(ENGINE)))
def test_SD_the_engine_names_no_single_deck_id(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = documentation(tree)
    found = [(node.lineno, match) for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and id(node) not in skip for match in SINGLE_DECK_ID.findall(node.value)]
    assert not found, (f"{path.relative_to(ROOT)}: {found}: take the id from the ruleset's "
                       "RuleIds or its cites (rulesets/single_deck.py), not a literal")


def test_the_check_sees_an_id_in_code_and_not_in_documentation() -> None:
    source = ('"""R11B in a docstring."""\n'
              'x = field(description="the rule (R11D)")\n'
              'def f(seat):\n'
              '    """SC-SLIP3 here too."""\n'
              '    return f"{seat} objects (R11B)", "TP25", "SC-MISDEAL8"\n')
    assert rulebook_ids(source) == [(5, "R11B"), (5, "SC-MISDEAL8"), (5, "TP25")]


def test_every_shared_folder_is_there() -> None:
    assert all((ENGINE / part).exists() for part in SHARED)
