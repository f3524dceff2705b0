"""The grammar's LALR(1) table, loaded once, as plain dictionaries for the reader's parsing loop.

``grammar.lark`` is the grammar; Lark computes its LALR(1) table (``larkgrammar.py``: Lark's own
parser, which the tests use as the reference). Lark's generic loop and callback wrappers cost
about 1.1 µs a token, more than the whole budget of a 3 MB/s reader, so ``reader.py`` runs the
same table with a loop of its own (see ``Table.run``). The table is stored in
``grammartable.py`` (written by ``python -m pinochle.notation.larkgrammar``) and read from there
while it was made from this very ``grammar.lark``: a command that reads records then never
imports Lark, whose import and cached grammar cost about 40 ms of every start (a fast
start). A grammar edited but not written again is read through Lark, as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .grammarfile import TableData, grammar_text
from .lexer import Token


def table_data() -> TableData:
    """The grammar's table: the stored one while it is this grammar's, else Lark's."""
    from . import grammartable

    if grammartable.GRAMMAR == grammar_text():
        data: TableData = json.loads(grammartable.TABLE)
        return data
    from .larkgrammar import table_data as computed  # grammar.lark edited: ask Lark

    return computed()


def __getattr__(name: str) -> Any:
    """``LARK``, ``NotationLexer``, ``GRAMMAR``: Lark's parser of the grammar and its parts
    (``larkgrammar.py``), imported on first use."""
    if name in ("LARK", "NotationLexer", "GRAMMAR"):
        from . import larkgrammar

        return getattr(larkgrammar, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Terminals whose token may begin a statement line (used to tell a follow-on error from a
#: new one when recovering).
STATEMENT_STARTS = frozenset({
    "LSQB", "BATTLE", "EAST_HAND", "WEST_HAND", "STOCK", "UPCARD", "TRICK_NUMBER", "TRICK_LINE",
    "CLAIM_LINE", "MELD",
    "OBJECT", "DRAW", "NODRAW", "EXTRADRAW", "TOOFEW", "TOOMANY", "EXPOSE", "KNOCK", "TRICKS",
    "MELDS", "SCORE", "TOTAL", "GAME", "COMMENT", "CALL", "LOOK", "CORRECT", "MISDEAL", "DEADHAND",
    "RETURN", "GIVE", "CHOOSE", "TABLE_TRICK_LINE", "NORTH_HAND", "SOUTH_HAND", "BID",
    "ANNOUNCE", "PASS", "TRUMP", "AUCTION_LINE", "SIDE_CLAIM_LINE"})


#: The tokens that are a whole statement read in one step (the lexer's fast paths).
ONE_STEP = frozenset({"TRICK_LINE", "CLAIM_LINE", "TABLE_TRICK_LINE", "AUCTION_LINE",
                      "SIDE_CLAIM_LINE"})


#: How to reduce by one rule: pop ``size`` values, call ``build`` on them, go to the state that
#: ``goto`` names for ``origin``; ``emits`` marks a finished game. (A plain tuple: the parsing
#: loop unpacks it at every reduction.)
Reduction = tuple[int, str, Callable[[list[Any]], Any], bool]  # (size, origin, build, emits)


class Table:
    """The LALR(1) table (``TableData``) as dictionaries: ``actions[state][terminal]`` is
    ``(True, next_state)`` to shift or ``(False, Reduction)`` to reduce; ``goto[state][rule]``."""

    def __init__(self, data: TableData,
                 builders: Callable[[str, tuple[str, ...]], Callable[[list[Any]], Any]]) -> None:
        self.start = data["start"]
        self.end = data["end"]
        reductions = [(len(expansion), origin, builders(origin, tuple(map(_role, expansion))),
                       origin in ("game", "first_game")) for origin, expansion in data["rules"]]
        rules: dict[Any, Any] = {}  # (state, terminal) -> the rule it reduces by there
        self.actions: dict[Any, dict[str, tuple[bool, Any]]] = {}
        self.goto: dict[Any, dict[str, Any]] = {}
        for key, row in data["states"].items():
            state = int(key)
            actions: dict[str, tuple[bool, Any]] = {}
            goto: dict[str, Any] = {}
            for symbol, arg in row.items():
                if arg >= 0:
                    if symbol.isupper() or symbol == "$END":
                        actions[symbol] = (True, arg)
                    else:
                        goto[symbol] = arg
                else:
                    actions[symbol] = (False, reductions[-1 - arg])
                    rules[state, symbol] = data["rules"][-1 - arg]
            self.actions[state] = actions
            self.goto[state] = goto
        self.repeats = self._repeats(rules)

    def _repeats(self, rules: dict[Any, Any]) -> dict[Any, str]:
        """``repeats[state]`` is a terminal of which one more only lengthens a list: ``state``
        has just shifted that terminal after such a list (``list: list terminal``), and only one
        state shifts it into ``state``. There the parser would reduce ``list terminal`` into
        ``list`` (a cons cell: a repetition's builder, see builders.py), go back to the state
        that holds the list (the one that shifted the terminal) and shift the terminal again,
        into ``state``: the state stack ends as it was, and the values end ``(list, last),
        token``. The reader takes such a token in that one step (``_Reader.read``)."""
        repeats: dict[Any, str] = {}
        for terminal in ONE_STEP:
            into: dict[Any, set[Any]] = {}
            for state, actions in self.actions.items():
                action = actions.get(terminal)
                if action is not None and action[0]:
                    into.setdefault(action[1], set()).add(state)
            for state, sources in into.items():
                action = self.actions[state].get(terminal)
                rule = rules.get((state, terminal))
                if action is None or action[0] or rule is None or len(sources) != 1:
                    continue
                origin, expansion = rule
                (source,) = sources
                if expansion == [origin, terminal] and _role(origin) == "*" \
                        and self.actions[source][terminal] == (True, state):
                    repeats[state] = terminal
        return repeats

    def run(self, tokens: list[Token], states: list[Any], values: list[Any],
            games: list[Any]) -> tuple[Token, Any] | None:
        """Feed ``tokens`` to the parser whose stacks are ``states`` and ``values``; finished
        games go to ``games``. Returns None, or the token that cannot come next and the state
        that refused it (the stacks are then left half-way: the caller restores them)."""
        actions = self.actions
        goto = self.goto
        for token in tokens:
            kind = token[0]
            while True:
                action = actions[states[-1]].get(kind)
                if action is None:
                    return token, states[-1]
                if action[0]:
                    states.append(action[1])
                    values.append(token)
                    break
                size, origin, build, emits = action[1]
                if size:
                    value = build(values[-size:])
                    del values[-size:]
                    del states[-size:]
                else:
                    value = build([])
                if emits:
                    if value is not None:
                        games.append(value)
                    value = None
                states.append(goto[states[-1]][origin])
                values.append(value)
        return None

    def finish(self, end: Token, states: list[Any], values: list[Any],
               games: list[Any]) -> tuple[Token, Any] | None:
        """Feed the end of the input: reduce until the start rule is done."""
        actions = self.actions
        while True:
            action = actions[states[-1]].get("$END")
            if action is None:
                return end, states[-1]
            size, origin, build, emits = action[1]
            children = values[-size:] if size else []
            if size:
                del values[-size:]
                del states[-size:]
            value = build(children)
            if emits:
                if value is not None:
                    games.append(value)
                value = None
            states.append(self.goto[states[-1]][origin])
            values.append(value)
            if states[-1] == self.end:
                return None

    def expected(self, state: Any) -> set[str]:
        return set(self.actions[state])

    def expected_after(self, states: list[Any]) -> set[str]:
        """The terminals that the parser whose state stack is ``states`` would shift next
        (after the reductions it makes on them): fewer than ``expected(states[-1])`` where
        LALR merged the states after a word used in several rules (the state after a seat
        reduces on whatever follows a seat anywhere). For error messages only."""
        return {terminal for terminal in self.actions[states[-1]]
                if self._viable(states, terminal)}

    def _viable(self, states: list[Any], terminal: str) -> bool:
        stack = list(states)
        while True:
            action = self.actions[stack[-1]].get(terminal)
            if action is None:
                return False
            if action[0]:
                return True
            size, origin = action[1][0], action[1][1]
            if size:
                del stack[-size:]
            stack.append(self.goto[stack[-1]][origin])
            if stack[-1] == self.end:
                return True


def _role(name: str) -> str:
    """A symbol's role in a rule: its name, or ``*`` for Lark's repetition helpers."""
    if name.startswith("__") and ("_star_" in name or "_plus_" in name):
        return "*"
    return name
