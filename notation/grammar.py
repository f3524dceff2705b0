"""The grammar, loaded once: ``grammar.lark`` compiled by Lark into LALR(1) tables.

``LARK`` is the Lark parser itself (``parser="lalr"``, our own lexer, cached). ``TABLE`` is its
LALR table turned into plain dictionaries for the reader's parsing loop: Lark's generic loop and
callback wrappers cost about 1.1 µs a token, more than the whole budget of a 3 MB/s reader, so
``reader.py`` runs the same table with a loop of its own (see ``Table.run``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import Any

from lark import Lark, Token as LarkToken
from lark.lexer import Lexer as LarkLexer
from lark.parsers.lalr_analysis import Shift

from .lexer import Lexer, Token


class NotationLexer(LarkLexer):
    """Our lexer in Lark's interface, so ``LARK.parse(text)`` works with Lark's own loop (the
    tests use it as a reference; the reader does not)."""

    __future_interface__ = 2

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any) -> Any:
        text = lexer_state.text
        text = text.text if hasattr(text, "text") else text
        for tokens in Lexer(text.split("\n")).lines():
            for kind, value, line, column, end_line, end_column in tokens:
                yield LarkToken(kind, value, None, line, column, end_line, end_column)


GRAMMAR = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
LARK = Lark(GRAMMAR, parser="lalr", lexer=NotationLexer, cache=True)

#: Terminals whose token may begin a statement line (used to tell a follow-on error from a
#: new one when recovering).
STATEMENT_STARTS = frozenset({
    "LSQB", "BATTLE", "EAST_HAND", "WEST_HAND", "STOCK", "UPCARD", "TRICK_NUMBER", "TRICK_LINE",
    "CLAIM_LINE", "MELD",
    "OBJECT", "DRAW", "NODRAW", "EXTRADRAW", "TOOFEW", "TOOMANY", "EXPOSE", "KNOCK", "TRICKS",
    "MELDS", "SCORE", "TOTAL", "GAME", "COMMENT", "CALL", "LOOK", "CORRECT", "MISDEAL", "DEADHAND",
    "RETURN", "GIVE", "CHOOSE", "TABLE_TRICK_LINE", "NORTH_HAND", "SOUTH_HAND", "BID",
    "ANNOUNCE", "PASS", "TRUMP"})


#: How to reduce by one rule: pop ``size`` values, call ``build`` on them, go to the state that
#: ``goto`` names for ``origin``; ``emits`` marks a finished game. (A plain tuple: the parsing
#: loop unpacks it at every reduction.)
Reduction = tuple[int, str, Callable[[list[Any]], Any], bool]  # (size, origin, build, emits)


class Table:
    """The LALR(1) table of ``LARK`` as dictionaries: ``actions[state][terminal]`` is
    ``(True, next_state)`` to shift or ``(False, Reduction)`` to reduce; ``goto[state][rule]``."""

    def __init__(self, lark: Lark,
                 builders: Callable[[str, tuple[str, ...]], Callable[[list[Any]], Any]]) -> None:
        table = lark.parser.parser.parser.parse_table
        self.start = table.start_states["start"]
        self.end = table.end_states["start"]
        reductions: dict[Any, Reduction] = {}
        rules: dict[Any, Any] = {}  # state -> the rule it reduces by on each terminal
        self.actions: dict[Any, dict[str, tuple[bool, Any]]] = {}
        self.goto: dict[Any, dict[str, Any]] = {}
        for state, row in table.states.items():
            actions: dict[str, tuple[bool, Any]] = {}
            goto: dict[str, Any] = {}
            for symbol, (action, arg) in row.items():
                symbol = str(symbol)
                if action is Shift:
                    if symbol.isupper() or symbol == "$END":
                        actions[symbol] = (True, arg)
                    else:
                        goto[symbol] = arg
                else:
                    if arg not in reductions:
                        roles = tuple(_role(str(s.name)) for s in arg.expansion)
                        origin = str(arg.origin.name)
                        reductions[arg] = (len(arg.expansion), origin, builders(origin, roles),
                                           origin in ("game", "first_game"))
                    actions[symbol] = (False, reductions[arg])
                    rules[state, symbol] = arg
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
        for terminal in ("TRICK_LINE", "CLAIM_LINE", "TABLE_TRICK_LINE"):
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
                origin = str(rule.origin.name)
                expansion = [str(s.name) for s in rule.expansion]
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
