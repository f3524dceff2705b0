"""``corpus/behaviour.py compare`` runs the base revision's code, not this tree's: each item is
run with the code root it is given first on ``sys.path`` (``python -P``: the working directory,
this tree, is not put before it), and an item whose ``pinochle`` is imported from elsewhere
fails instead of passing as "the same". Before, every comparison ran this tree on both sides."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def behaviour():
    spec = importlib.util.spec_from_file_location("behaviour", ROOT / "corpus" / "behaviour.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_item_runs_the_code_root_it_is_given(tmp_path: Path) -> None:
    (tmp_path / "pinochle").mkdir()
    (tmp_path / "pinochle" / "__init__.py").write_text("WHERE = 'the other code'\n")
    said = behaviour()._run(tmp_path, [], "import pinochle; print(pinochle.WHERE)")
    assert said.startswith("exit 0\n") and "the other code" in said, said


def test_an_item_whose_code_comes_from_elsewhere_fails(tmp_path: Path) -> None:
    # a code root without the package: pinochle is found elsewhere (the installed checkout)
    said = behaviour()._run(tmp_path, [], "print('ran')")
    assert said.startswith("exit 1\n") and "not under" in said and "ran" not in said.split(
        "--- stderr")[0], said


def test_a_differing_item_names_its_differing_parts_and_shows_the_first_difference() -> None:
    """An item of many records (the replay item: 605 parts, 61 MB) is told apart by record, in
    a linear scan (``difflib`` took many minutes over it)."""
    tool = behaviour()
    lines = [f"line {i}" for i in range(200_000)]
    before = "== a.pin\n" + "\n".join(lines) + "\n== b.pin\nsame\n"
    now = "== a.pin\n" + "\n".join(lines[:150_000] + ["changed"] + lines[150_001:]) \
        + "\n== b.pin\nsame\n"
    old, new = tool._sections(before), tool._sections(now)
    assert list(new) == ["a.pin", "b.pin"] and old["b.pin"] == new["b.pin"]
    shown = tool._first_difference(old["a.pin"], new["a.pin"], "base")
    assert shown[0] == "  line 150002:" and "  base: line 150000" in shown \
        and "  now: changed" in shown
