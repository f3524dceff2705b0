"""No import cycles in the project's source: the import graph, read from the files themselves
(not from what one run happens to import), has no strongly connected component of two or more
modules, nor a module that imports itself.

The graph's nodes are the modules as installed (``pinochle.adjudicator.replay``), one for each
``.py`` file of each package pyproject.toml installs. Its edges are every ``import`` and ``from
... import`` statement anywhere in a file: at the top, inside a function, or under ``if
TYPE_CHECKING:`` (a cycle closed by a late import is still a cycle: the two modules cannot be
understood, tested or moved apart). Relative imports are resolved against the importing module's
package. ``from pkg import name`` is an edge to ``pkg.name`` when that is one of the project's
modules, else to ``pkg`` (``name`` is then something ``pkg`` defines). Imports of anything outside
the project are not edges."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

Graph = Mapping[str, Iterable[str]]

#: Cycles that another change removes, each a set of modules that is one strongly connected
#: component today. An entry that no longer matches a cycle fails the test too, so the change
#: that breaks a cycle deletes its entry here.
ALLOWED: tuple[frozenset[str], ...] = ()


def package_folders(root: Path = ROOT) -> dict[str, Path]:
    """Each installed package's name and folder, as pyproject.toml's setuptools tables say."""
    setuptools = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    mapping: dict[str, str] = setuptools.get("package-dir", {})
    folders = {}
    for package in setuptools["packages"]:
        parent = max((name for name in mapping if package == name
                      or package.startswith(name + ".")), key=len, default="")
        rest = package[len(parent):].lstrip(".").split(".") if package != parent else []
        base = root / mapping[parent] if parent else root
        folders[package] = base.joinpath(*rest) if rest else base
    return folders


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module the packages install, by its installed name, and its file."""
    modules = {}
    for package, folder in package_folders(root).items():
        for path in sorted(folder.glob("*.py")):
            name = package if path.stem == "__init__" else f"{package}.{path.stem}"
            modules[name] = path
    return modules


def import_graph(modules: Mapping[str, Path]) -> dict[str, set[str]]:
    """Each module's edges to the project's modules it imports. A ``from pkg import name`` adds
    ``pkg.name`` when that is a module; ``pkg`` itself only when some name is not a module."""
    graph = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text("utf-8"), str(path))
        graph[module] = edges(module, path, tree, modules)
    return graph


def edges(module: str, path: Path, tree: ast.AST, modules: Mapping[str, object]) -> set[str]:
    package = module if path.stem == "__init__" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[:len(parts) - node.level + 1])
                base = f"{anchor}.{node.module}" if node.module else anchor
            else:
                base = node.module or ""
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else base)
    return {name for name in found if name in modules and name != module} | (
        {module} if module in found else set())


def find_cycles(graph: Graph) -> list[list[str]]:
    """One cycle for each strongly connected component that has one (Tarjan's algorithm,
    iterative): the component's least module, then a shortest path through the component back
    to it, e.g. ``["a", "b", "a"]``. Sorted, so that a failure reads the same every run."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    nodes = sorted(set(graph) | {t for targets in graph.values() for t in targets})
    successors = {node: sorted(graph.get(node, ())) for node in nodes}
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(successors[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(successors[child])))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    components.append(component)
    cycles = [shortest_cycle(component, successors) for component in components
              if len(component) > 1 or next(iter(component)) in successors[next(iter(component))]]
    return sorted(cycles)


def shortest_cycle(component: set[str], successors: Mapping[str, list[str]]) -> list[str]:
    """A shortest path from the component's least member back to itself, inside the component
    (breadth first)."""
    start = min(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in successors[node]:
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if child in component and child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"{start} is not on a cycle")


def strongly_connected(graph: Graph, cycle: list[str]) -> frozenset[str]:
    """The whole component the cycle lies in: every module reachable from its first module
    that reaches it back."""
    def reach(edges: Mapping[str, Iterable[str]]) -> set[str]:
        seen, todo = {cycle[0]}, [cycle[0]]
        while todo:
            for child in edges.get(todo.pop(), ()):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        return seen
    backwards: dict[str, set[str]] = {}
    for node, targets in graph.items():
        for target in targets:
            backwards.setdefault(target, set()).add(node)
    return frozenset(reach(graph) & reach(backwards))


def describe(cycles: list[list[str]]) -> str:
    return "\n".join(" -> ".join(cycle) for cycle in cycles)


# --- the project's graph ---------------------------------------------------------------------

def test_the_graph_covers_every_package_pyproject_installs():
    modules = project_modules()
    for package in ("pinochle.notation", "pinochle.adjudicator", "pinochle.cli",
                    "pinochle.simulator", "pinochle.conformance", "pinochle.service"):
        assert package in modules
        assert any(name.startswith(package + ".") for name in modules), package
    assert "pinochle.adjudicator.replay" in modules
    graph = import_graph(modules)
    assert "pinochle.notation.events" in graph["pinochle.adjudicator.replay"]


def test_the_source_has_no_import_cycles():
    graph = import_graph(project_modules())
    cycles = find_cycles(graph)
    components = {strongly_connected(graph, cycle): cycle for cycle in cycles}
    unexpected = [cycle for component, cycle in components.items() if component not in ALLOWED]
    assert not unexpected, "import cycles:\n" + describe(unexpected)
    stale = [sorted(entry) for entry in ALLOWED if entry not in components]
    assert not stale, f"no longer a cycle, delete its ALLOWED entry: {stale}"


# --- the cycle finder, on graphs made up for it ----------------------------------------------

def test_a_cycle_through_three_modules_is_reported_by_name():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert find_cycles(graph) == [["a", "b", "c", "a"]]
    assert describe(find_cycles(graph)) == "a -> b -> c -> a"
    assert strongly_connected(graph, ["a", "b", "c", "a"]) == {"a", "b", "c"}


def test_each_component_is_reported_once_by_a_shortest_cycle():
    graph = {"a": {"b", "c"}, "b": {"a"}, "c": {"d"}, "d": {"a"}, "x": {"y"}, "y": {"x"}}
    assert find_cycles(graph) == [["a", "b", "a"], ["x", "y", "x"]]


def test_a_module_importing_itself_is_a_cycle():
    assert find_cycles({"a": {"a"}, "b": {"a"}}) == [["a", "a"]]


def test_a_graph_without_cycles_reports_none():
    assert find_cycles({"a": {"b", "c"}, "b": {"c"}, "c": set(), "d": {"a"}}) == []


def test_a_long_chain_does_not_exhaust_the_stack():
    chain = {f"m{i:05}": {f"m{i + 1:05}"} for i in range(5000)}
    assert find_cycles(chain) == []
    chain["m05000"] = {"m00000"}
    assert len(find_cycles(chain)[0]) == 5002


# --- reading the edges -----------------------------------------------------------------------

def edges_of(module: str, source: str, modules: Iterable[str], init: bool = False) -> set[str]:
    path = Path("__init__.py" if init else module.rpartition(".")[2] + ".py")
    return edges(module, path, ast.parse(source), dict.fromkeys(modules))


def test_late_and_type_checking_imports_are_edges():
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from p.a import Thing\n"
              "def f():\n    import p.b\n    from p import c\n")
    assert edges_of("p.x", source, ["p", "p.a", "p.b", "p.c", "p.x"]) == {"p.a", "p.b", "p.c"}


def test_relative_imports_resolve_against_the_package():
    source = "from . import a\nfrom .a import name\nfrom ..q import r\nfrom .. import s\n"
    modules = ["p", "p.sub", "p.sub.a", "p.q", "p.q.r", "p.s", "p.sub.x"]
    assert edges_of("p.sub.x", source, modules) == {"p.sub.a", "p.q.r", "p.s"}
    assert edges_of("p.sub", "from . import a\nfrom .. import s\n", modules, init=True) == {
        "p.sub.a", "p.s"}


def test_from_a_package_import_a_name_it_defines_is_an_edge_to_the_package():
    modules = ["p", "p.a", "p.x"]
    assert edges_of("p.x", "from p import helper, a\n", modules) == {"p", "p.a"}
    assert edges_of("p.x", "from os import path\nimport json\n", modules) == set()
