"""The value idioms' boundary (docs/architecture.md, "Which value idiom goes where"): a pydantic
model validates what comes in from outside, so pydantic is imported at a module's top only where
such input is read (the HTTP API's bodies in ``service/``, the rulebook fixture files in
``conformance/``). Everywhere else it is imported inside a function, on first use (a value's
JSON, a schema), so that a plain ``pinochle validate`` never loads it; and the values the engine
makes (the replay page's views among them) are ``PlainModel``s, not pydantic models."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ["notation", "adjudicator", "batch", "cli", "simulator", "conformance", "service"]

#: Where pydantic may be imported at the top of a module, each with why.
TOP_LEVEL_PYDANTIC = {
    "service": "the HTTP API's request and answer bodies, validated as they come in",
    "conformance/fixture.py": "the fixture files' schema: a fixture read from disk is validated",
    "conformance/runner.py": "the fixture files' validation errors, reported by file",
}


def top_level_imports(tree: ast.Module) -> list[tuple[str, int]]:
    """The modules ``tree`` imports at its top (not in a function, class or TYPE_CHECKING)."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.append((node.module or "", node.lineno))
    return found


def allowed(path: Path) -> bool:
    relative = path.relative_to(ROOT).as_posix()
    return any(relative == place or relative.startswith(place + "/")
               for place in TOP_LEVEL_PYDANTIC)


@pytest.mark.parametrize("folder", FOLDERS)
def test_pydantic_is_imported_at_the_top_only_where_outside_input_is_validated(folder):
    breaches = [f"{path.relative_to(ROOT)}:{line}: imports {module}"
                for path in sorted((ROOT / folder).rglob("*.py")) if not allowed(path)
                for module, line in top_level_imports(ast.parse(path.read_text("utf-8")))
                if module.partition(".")[0] in ("pydantic", "pydantic_core")]
    assert not breaches, ("import pydantic inside the function that needs it, or make the "
                          "value a PlainModel (notation/plain.py):\n" + "\n".join(breaches))


def test_every_place_allowed_exists_and_imports_pydantic():
    """An allowance whose file no longer imports pydantic at its top is deleted with it."""
    for place in TOP_LEVEL_PYDANTIC:
        paths = [ROOT / place] if place.endswith(".py") else sorted((ROOT / place).rglob("*.py"))
        assert any(module.partition(".")[0] == "pydantic"
                   for path in paths
                   for module, _ in top_level_imports(ast.parse(path.read_text("utf-8")))), place


def test_the_finder_sees_a_top_level_import_and_not_a_lazy_one():
    tree = ast.parse("import pydantic\ndef f():\n    from pydantic import BaseModel\n")
    assert top_level_imports(tree) == [("pydantic", 1)]


def test_the_replay_views_are_plain_values():
    from pinochle.adjudicator.report import views
    from pinochle.notation.plain import PlainModel

    classes = [getattr(views, name) for name in views.__all__
               if isinstance(getattr(views, name), type)]
    assert classes and all(issubclass(cls, PlainModel) for cls in classes), classes
