"""A record without the deal and a score sheet are read by modules beside the battle state
(``publiccards.py``, ``claimreadings.py``, ``sheets.py``): what they learn reaches the state
through its public methods (``report``, ``credit_meld_points``, ``unscore``,
``end_as_hands_ran_out``, ``add_problem``, its laws' ``note_renege_at``, ``has_renege``,
``objection_target`` and ``correction_targets``), never by setting or reading its private fields,
so that the state's invariants are its own. A state class's own body (``SheetState``) may use
its fields."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
READERS = ["adjudicator/twohanded/publiccards.py", "adjudicator/twohanded/claimreadings.py",
           "adjudicator/twohanded/sheets.py"]
#: Base classes whose subclasses' bodies are the state's own code.
STATES = {"BattleState", "BattleCore"}


def private_reaches(source: str) -> list[tuple[int, str]]:
    """``(line, name._field)`` for each private field of another object that ``source``
    reaches outside a state class's own body (``self`` and ``cls`` are the object itself)."""
    tree = ast.parse(source)
    own: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Name) and base.id in STATES for base in node.bases):
            own.update(id(inner) for inner in ast.walk(node))
    return sorted((node.lineno, f"{node.value.id}.{node.attr}") for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and id(node) not in own
                  and node.attr.startswith("_") and not node.attr.startswith("__")
                  and isinstance(node.value, ast.Name) and node.value.id not in ("self", "cls"))


@pytest.mark.parametrize("reader", READERS)
def test_a_reader_of_a_record_without_the_deal_uses_the_states_public_methods(reader):
    found = private_reaches((ROOT / reader).read_text(encoding="utf-8"))
    assert not found, f"{reader}: {found}: give the state a public method for it"


def test_the_check_sees_a_private_field_and_lets_the_states_own_body_be():
    source = ("def f(state):\n"
              "    state._meld_points[0] += 1\n"
              "    return state.report, self._x\n"
              "class SheetState(BattleState):\n"
              "    @classmethod\n"
              "    def make(cls, state):\n"
              "        state._claims = 1\n")
    assert private_reaches(source) == [(2, "state._meld_points")]
