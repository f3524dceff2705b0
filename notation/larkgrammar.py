"""``grammar.lark`` through Lark itself: the parser the tests use as the reference
(``LARK.parse``), and the LALR(1) table that Lark computes, as plain data for ``grammar.py``
(``grammarfile.TableData``).

The reader does not import this module: it runs the table stored in ``grammartable.py``, which
this module writes (``python -m pinochle.notation.larkgrammar``) and which ``grammar.py`` uses
only while it was made from the ``grammar.lark`` beside it. Importing Lark and loading its
cached grammar cost about 40 ms of every start; a grammar edited and
not written again is read through this module, correct but slower, and
``tests/notation/test_grammar.py`` fails until the table is written again.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import Any

from lark import Lark, Token as LarkToken
from lark.lexer import Lexer as LarkLexer
from lark.parsers.lalr_analysis import Shift

from .grammarfile import TableData, grammar_text
from .lexer import Lexer


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


GRAMMAR = grammar_text()
LARK = Lark(GRAMMAR, parser="lalr", lexer=NotationLexer, cache=True)


def table_data(lark: Lark = LARK) -> TableData:
    """Lark's LALR(1) table for ``lark`` as plain data (``grammarfile.TableData``): the start and
    end states, the rules (origin, symbols of the expansion) and, for each state, each
    symbol's action: a state to shift or go to, or ``-1 - i`` to reduce by rule ``i``."""
    table = lark.parser.parser.parser.parse_table
    rules: dict[Any, int] = {}
    states: dict[int, dict[str, int]] = {}
    for state, row in table.states.items():
        actions: dict[str, int] = {}
        for symbol, (action, arg) in row.items():
            if action is Shift:
                actions[str(symbol)] = arg
            else:
                actions[str(symbol)] = -1 - rules.setdefault(arg, len(rules))
        states[state] = actions
    return {
        "start": table.start_states["start"],
        "end": table.end_states["start"],
        "rules": [[str(rule.origin.name), [str(s.name) for s in rule.expansion]]
                  for rule in rules],
        "states": {str(state): actions for state, actions in states.items()},
    }


@functools.cache
def stored_source() -> str:
    """The text of ``grammartable.py`` for the grammar and table of now."""
    data = json.dumps(table_data(), separators=(",", ":"), ensure_ascii=True)
    return (
        '"""The LALR(1) table of grammar.lark as Lark computes it, stored for a\n'
        "fast start. Written by `python -m pinochle.notation.larkgrammar`: do not edit.\n"
        "grammar.py "
        'uses it only while GRAMMAR is the text of grammar.lark (one line each: quick to read)."""'
        f"\n\nGRAMMAR = {GRAMMAR!r}  # noqa: E501\n\nTABLE = {data!r}  # noqa: E501\n"
    )


def main() -> None:
    """Write ``grammartable.py`` beside this module (after an edit of ``grammar.lark``)."""
    path = Path(__file__).with_name("grammartable.py")
    path.write_text(stored_source(), encoding="utf-8")
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
