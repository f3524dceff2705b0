"""The engine's boundaries, read from the source: code outside the engine reaches it through its
public API, ``pinochle.adjudicator``, never its submodules; the service imports nothing from the
command line; and the API itself stays lazy (importing it loads no engine module).

Every import counts, wherever it is written: at the top, inside a function, under
``TYPE_CHECKING``. A folder joins the API rule with one line in ``API_ONLY``; the state classes
the simulator and the conformance scribe drive step by step are allowed by name in
``STATE_CLASSES``, and these game makers may use the engine's pure rules, value types and laws'
data as well (``MAKERS_MAY_IMPORT``).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = "pinochle.adjudicator"

#: The folders whose code imports only the engine's public API (and ``STATE_CLASSES``).
API_ONLY = [
    "cli",
    "service",
    "batch",
    "simulator",
    "conformance",
]

#: What the game makers (the simulator and the conformance scribe, which make games, legal and
#: faulty, and judge a fixture's statements) may import beyond the API and the state classes:
#: the engine's pure rules (``rules/``: the meld and trick tables, the meld judge), its value
#: types (``model/``: the steps a visitor hears, a ruleset's options) and the laws' data
#: (``laws/policy.py``: which ids each law cites). Never a walker's or a state's insides.
MAKERS = {"simulator", "conformance"}
MAKERS_MAY_IMPORT = ("pinochle.adjudicator.rules", "pinochle.adjudicator.model",
                     "pinochle.adjudicator.laws.policy")

#: Engine classes a caller may import from their own module: the states the simulator and the
#: conformance scribe drive a step at a time (the API gives whole games, not steps).
STATE_CLASSES: dict[str, set[str]] = {
    "pinochle.adjudicator.twohanded.state": {"BattleState", "SeatPosition"},
    "pinochle.adjudicator.partnership.state": {"TableState"},
}

#: Files that may still break a rule, each with why; an exemption no longer needed fails
#: (``test_every_exemption_is_still_needed``), so that it is deleted with its cause.
_HYPOTHETICAL_HANDS = ("the double-pack game makers weigh hands no battle state holds (a "
                       "policy's best meld under each suit, the greedy policy's cards: their "
                       "points, whether they would win; the mutator's swapped cards and "
                       "tricks); every legal action they take is the TableState's")
_PARTNERSHIP_RULES = ("the partnership game's rule functions, called one by one: the "
                      "conformance scribe builds its fixtures without driving a TableState")
EXEMPT: dict[str, dict[str, str]] = {
    **{file: dict.fromkeys(modules, _HYPOTHETICAL_HANDS) for file, modules in {
        "simulator/partnership/game.py": ("pinochle.adjudicator.partnership.melds",),
        "simulator/partnership/mutate.py": ("pinochle.adjudicator.partnership.melds",
                                            "pinochle.adjudicator.partnership.tricks"),
        "simulator/partnership/play.py": ("pinochle.adjudicator.partnership.contract",
                                          "pinochle.adjudicator.partnership.tricks"),
        # single-deck's passing: the cards a seat sends, by their points and its best meld
        "simulator/partnership/passing.py": ("pinochle.adjudicator.partnership.contract",
                                             "pinochle.adjudicator.partnership.melds"),
    }.items()},
    "conformance/partnership/build.py": {"pinochle.adjudicator.partnership.tricks":
                                         _PARTNERSHIP_RULES},
}


# --- reading the imports ------------------------------------------------------------------------


def module_name(path: Path) -> str:
    """``cli/melds.py`` -> ``pinochle.cli.melds`` (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["pinochle", *parts])


def is_module(name: str) -> bool:
    """Whether ``name`` (``pinochle.x.y``) is a module or package of the source tree."""
    parts = name.split(".")[1:]
    if not parts:
        return True
    where = ROOT.joinpath(*parts)
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def imports(source: str, module: str, package: bool = False) -> list[tuple[str, str | None, int]]:
    """Every import in ``source`` (the module ``module``), wherever it is: ``(module, name,
    line)``, ``name`` being what ``from module import name`` takes (``None`` for ``import
    module``); relative imports resolved."""
    found: list[tuple[str, str | None, int]] = []
    here = module.split(".") if package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here[:len(here) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if base.startswith("pinochle") and is_module(full):
                    found.append((full, None, node.lineno))     # a submodule, by name
                else:
                    found.append((base, alias.name, node.lineno))
    return found


def file_imports(path: Path) -> list[tuple[str, str | None, int]]:
    return imports(path.read_text(encoding="utf-8"), module_name(path),
                   package=path.name == "__init__.py")


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def engine_breaches(found: list[tuple[str, str | None, int]]) -> list[tuple[str, int]]:
    """The imports of the engine's submodules that the API rule forbids: ``(module, line)``."""
    breaches = []
    for module, name, line in found:
        if module == ENGINE and name is not None:
            continue                                    # from pinochle.adjudicator import X
        if not (module == ENGINE or module.startswith(ENGINE + ".")):
            continue
        if name is not None and name in STATE_CLASSES.get(module, set()):
            continue
        if module == ENGINE:                            # import pinochle.adjudicator
            continue
        breaches.append((module, line))
    return sorted(set(breaches), key=lambda breach: breach[1])


def cli_breaches(found: list[tuple[str, str | None, int]]) -> list[tuple[str, int]]:
    return sorted({(module, line) for module, _, line in found
                   if module == "pinochle.cli" or module.startswith("pinochle.cli.")},
                  key=lambda breach: breach[1])


def _exempt(path: Path, module: str) -> bool:
    return module in EXEMPT.get(str(path.relative_to(ROOT)), {})


# --- the rules -----------------------------------------------------------------------------------


def _maker_may(folder: str, module: str) -> bool:
    return folder in MAKERS and any(module == allowed or module.startswith(allowed + ".")
                                    for allowed in MAKERS_MAY_IMPORT)


@pytest.mark.parametrize("folder", API_ONLY)
def test_code_outside_the_engine_imports_only_its_api(folder):
    breaches = [f"{path.relative_to(ROOT)}:{line}: imports {module}"
                for path in sources(folder) for module, line in engine_breaches(file_imports(path))
                if not _exempt(path, module) and not _maker_may(folder, module)]
    assert not breaches, ("import these names from pinochle.adjudicator (add a missing one to "
                          "its _HOMES):\n" + "\n".join(breaches))


def test_the_service_imports_nothing_from_the_command_line():
    breaches = [f"{path.relative_to(ROOT)}:{line}: imports {module}"
                for path in sources("service") for module, line in cli_breaches(file_imports(path))
                if not _exempt(path, module)]
    assert not breaches, "\n".join(breaches)


def test_the_shared_report_imports_neither_the_command_line_nor_the_service():
    found = [(path, module, line) for path in sources("batch")
             for module, _, line in file_imports(path)
             if module.split(".")[:2] in (["pinochle", "cli"], ["pinochle", "service"])]
    assert not found


def test_the_engine_imports_neither_the_command_line_nor_the_service():
    found = [f"{path.relative_to(ROOT)}:{line}: imports {module}"
             for path in sources("adjudicator") for module, _, line in file_imports(path)
             if module.split(".")[:2] in (["pinochle", "cli"], ["pinochle", "service"])]
    assert not found, "\n".join(found)


def test_every_exemption_is_still_needed():
    for file, modules in EXEMPT.items():
        found = {module for module, _, _ in file_imports(ROOT / file)}
        assert set(modules) <= found, f"{file} no longer imports {set(modules) - found}: " \
                                      "delete its exemption"


def test_the_readers_see_every_kind_of_import():
    """The checks can fail: an import of an engine submodule or of the command line is found at
    the top, inside a function, under ``TYPE_CHECKING``, relative or as ``from package import
    module``."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "from pinochle.adjudicator import Finding\n"
        "from pinochle.adjudicator.twohanded.state import BattleState\n"
        "if TYPE_CHECKING:\n"
        "    from pinochle.adjudicator.replay import Visitor\n"
        "def f():\n"
        "    import pinochle.adjudicator.rules.melding\n"
        "    from pinochle.adjudicator import query\n"
        "    from pinochle.cli.melds import run_melds\n"
        "    from ..cli import exits\n"
        "    from ..adjudicator.twohanded.state import BattleRules\n")
    found = imports(source, "pinochle.service.api")
    assert engine_breaches(found) == [
        ("pinochle.adjudicator.replay", 5), ("pinochle.adjudicator.rules.melding", 7),
        ("pinochle.adjudicator.query", 8), ("pinochle.adjudicator.twohanded.state", 11)]
    assert cli_breaches(found) == [("pinochle.cli.melds", 9), ("pinochle.cli.exits", 10)]


# --- the API -------------------------------------------------------------------------------------


def test_the_api_lists_every_name_it_loads_and_each_one_loads():
    import pinochle.adjudicator as api

    homes = {name for names in api._HOMES.values() for name in names}
    assert sorted(api.__all__) == sorted(homes)
    assert len(api.__all__) == len(set(api.__all__))
    for name in api.__all__:
        assert getattr(api, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'battle'"):
        api.battle      # noqa: B018  (an unknown name: an AttributeError, as for any module)


_LOADED = """
import json, sys
exec(sys.argv[1])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("pinochle.adjudicator."))))
"""


def _loaded(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _LOADED, code], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout)


def test_the_api_is_lazy():
    """Importing the API loads no engine module; asking a question about a hand loads no
    replay walker (``pinochle melds --concealed`` starts as fast as before)."""
    assert _loaded("import pinochle.adjudicator") == []
    asked = _loaded("from pinochle.adjudicator import QueryError, direct_position")
    assert "pinochle.adjudicator.query.twohanded" in asked
    assert "pinochle.adjudicator.replay" not in asked
    assert "pinochle.adjudicator.report.validation" not in asked
