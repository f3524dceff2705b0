"""``grammar.lark``, the notation's grammar, as both of its readers take it: its text
(``grammar_text``) and the shape of its LALR(1) table as plain data (``TableData``). The reader's
table (``grammar.py``) and Lark's (``larkgrammar.py``) import it; neither imports the other back."""

from __future__ import annotations

import os
from typing import Any

__all__ = ["TableData", "grammar_text"]

#: The table as plain data (``larkgrammar.table_data``): ``start`` and ``end`` states,
#: ``rules`` (origin, expansion) and ``states[str(state)][symbol]``: a state to shift or go
#: to, or ``-1 - i`` to reduce by rule ``i``.
TableData = dict[str, Any]


def grammar_text() -> str:
    """The text of ``grammar.lark`` (package data, beside this module)."""
    path = os.path.join(os.path.dirname(__file__), "grammar.lark")
    with open(path, encoding="utf-8") as file:
        return file.read()
