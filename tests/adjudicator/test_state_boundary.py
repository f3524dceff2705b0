"""The battle state's private fields are its own (issue 28 item 5): what a module beside it
learns reaches the state through its public methods, never by setting or reading its private
fields from outside, so that the state's invariants are its own. A record without the deal
(``publiccards.py``, ``claimreadings.py``: ``report``, ``credit_meld_points``, ``unscore``,
``end_as_hands_ran_out``, ``add_problem``, its laws' ``note_renege_at`` and ``has_renege``,
their meld window's ``objection_target``, ``correction_targets``), a score sheet (``sheets.py``:
``take_sheet``, a method of ``SheetState``'s own), the walker (``in_turn``, ``is_over``,
``close_turn``), who leads a trick (``leader.py``: ``holds``, ``holds_in_doubt``,
``lead_in_doubt``), the last draws (``features/lastdraw.py``: ``stock_at_turn``,
``drawn_this_turn``, ``draw_under_card_first``), the simulator and the conformance scribe.

Scanned: every module of the engine and of the packages that drive it. The bodies of the classes
``BattleState`` is made of (``BattleCore`` and the action mixins of ``twohanded/``)
are the state's own code; a subclass elsewhere (``SheetState``) uses its own ``self``'s fields
only, so that its factory hands what it read to a method (``take_sheet``). Left as they are,
and why:

- ``laws/``, all but its shared interface (``hooks.py``, ``start.py``): the law objects hold a
  weak proxy of the state and are its parts (East Point's ``eastpoint.py`` reads ``_place``,
  ``_played``, ``_penalized`` and ``_log`` of it, and the meld windows and Scarne's parts more);
  the law mixins became such objects (issue 28 item 4); public hooks of the state for all they
  read are still to come.
"""

from __future__ import annotations

import ast
from pathlib import Path

from pinochle.adjudicator.twohanded.core import BattleCore
from pinochle.adjudicator.twohanded.sheets import SheetState
from pinochle.adjudicator.twohanded.state import BattleState

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ["adjudicator", "simulator", "conformance", "service", "cli", "batch"]
#: The law objects (see the module docstring); their shared interface is scanned.
LAW_OBJECTS = ROOT / "adjudicator" / "laws"
SHARED_LAWS = {"hooks.py", "start.py"}


def state_classes() -> set[type]:
    """``BattleCore`` and every class of the state's, its subclasses (``SheetState``) too."""
    found: set[type] = set()
    todo: list[type] = [BattleCore, BattleState, SheetState]
    while todo:
        cls = todo.pop()
        if cls not in found:
            found.add(cls)
            todo += cls.__subclasses__()
            todo += [base for base in cls.__mro__ if issubclass(base, BattleCore)]
    return found


def private_names() -> frozenset[str]:
    """The state's private fields and methods: its slots and what its classes define."""
    names: set[str] = set()
    for cls in state_classes():
        for base in cls.__mro__:
            slots = vars(base).get("__slots__", ())
            names.update((slots,) if isinstance(slots, str) else slots)
            names.update(vars(base))
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


#: The classes ``BattleState`` is made of: their bodies are the state's own code (a subclass
#: elsewhere, ``SheetState``, may use its own ``self``'s fields, not another state's).
STATE_CLASS_NAMES = frozenset(cls.__name__ for cls in BattleState.__mro__
                              if issubclass(cls, BattleCore))
PRIVATE = private_names()


def private_reaches(source: str, private: frozenset[str] = PRIVATE,
                    states: frozenset[str] = STATE_CLASS_NAMES) -> list[tuple[int, str]]:
    """``(line, text)`` for each of the state's private fields or methods that ``source``
    reaches on an object other than ``self`` / ``cls``, outside a state class's own body."""
    tree = ast.parse(source)
    own: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in states:
            own.update(id(inner) for inner in ast.walk(node))
    return sorted((node.lineno, ast.unparse(node)) for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and id(node) not in own
                  and node.attr in private
                  and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")))


def scanned() -> list[Path]:
    paths = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.parent == LAW_OBJECTS and path.name not in SHARED_LAWS:
                continue
            paths.append(path)
    return paths


def test_a_module_beside_the_state_uses_its_public_methods() -> None:
    found = {str(path.relative_to(ROOT)): reaches for path in scanned()
             if (reaches := private_reaches(path.read_text(encoding="utf-8")))}
    assert not found, f"{found}: give the state a public method for each"


def test_the_readers_of_records_without_the_deal_are_scanned() -> None:
    names = {str(p.relative_to(ROOT)) for p in scanned()}
    assert {"adjudicator/twohanded/publiccards.py", "adjudicator/twohanded/claimreadings.py",
            "adjudicator/twohanded/sheets.py", "adjudicator/twohanded/leader.py",
            "adjudicator/replay.py", "adjudicator/features/lastdraw.py",
            "adjudicator/laws/hooks.py"} <= names
    assert {"_knock", "_claims", "_turn", "_over", "_stock", "_doubt", "_place",
            "_turned_nine"} <= PRIVATE


def test_the_check_sees_a_private_field_and_lets_the_states_own_body_be() -> None:
    source = ("def f(state):\n"
              "    state._meld_points[0] += 1\n"
              "    return state.report, self._turn, self.state._stock, other._key\n"
              "class SheetState(BattleState):\n"
              "    @classmethod\n"
              "    def make(cls, state):\n"
              "        self._claims = 2\n"
              "        state._claims = 1\n"
              "class BattleCore:\n"
              "    def make(cls, state):\n"
              "        state._claims = 1\n")
    assert private_reaches(source) == [(2, "state._meld_points"), (3, "self.state._stock"),
                                       (8, "state._claims")]
