"""Which rule id a message says decides it (docs/rulings.md, "The deciding rule's own id").

A message names rule ids in citations: ``(R9C)``, ``(R9C; compare M3, M4.2)``,
``(SC-LOOK2, LookPenalty "none")``, ``(SC-MELD6 (OT9C))``, or in its sentence (``R11D's
penalty applies``). A citation's *head* is its first id; the ids after it in the same
parentheses (worked examples, a law beside it, a gloss in parentheses of its own) only
accompany it. An id outside parentheses is a head of its own.

The first head of a message is the id that decides it: a message leads with its rule, and the
ids it cites after that give the facts the finding rests on (the pack's R2A4, the draw R8E that
left a hand short, the play rule a renege breaks) and what followed (an objection R11B, a
correction SC-BADMELD1, a repair). A message that names no id says nothing against its rule.
"""

from __future__ import annotations

import re

#: A rule id of any of the rulebooks: East Point's R8C3, M4.1, V1C, C4; old-time's OT9G;
#: the specifications' SC-RENEGE1, TP19a3, TPV1, DP-BID3.
RULE_ID = re.compile(
    r"(?<![\w♣♠♥♦-])(?:R\d{1,2}(?:[A-Z]\d*)?|M\d(?:\.\d)?|V\d[A-Z]?|C\d{1,2}|OT\d[A-Z]?\d*"
    r"|SC-[A-Z]+\d*[A-Z]?|TPV?\d+(?:[ab]\d)?|DP-[A-Z]+\d*)(?![\w♣♠♥♦])")


def heads(text: str) -> list[str]:
    """The head ids of ``text``'s citations, in order."""
    found: list[str] = []
    headed: list[bool] = []     # per open parenthesis: its citation (or one around it) has a head
    start = 0
    for match in re.finditer(r"[()]", text + "("):
        for rule in RULE_ID.findall(text[start:match.start()]):
            if headed and headed[-1]:
                continue
            if headed:
                headed[-1] = True
            found.append(rule)
        if match.group() == "(":
            headed.append(bool(headed) and headed[-1])
        elif headed:
            headed.pop()
        start = match.end()
    return found


def deciding_id(message: str) -> str | None:
    """The id ``message`` says decides it: its first head (``None``: it names no id)."""
    named = heads(message)
    return named[0] if named else None


def rule_head(rule: str) -> str:
    """The id a ``rule`` field gives: its first (``SC-MELD6 (OT9C)``: SC-MELD6); a tag's name
    (``Laws``) as it is."""
    found = RULE_ID.search(rule)
    return found.group() if found else rule


def disagreement(rule: str, message: str) -> str | None:
    """Why ``message`` and its ``rule`` disagree (the message says another id decides), or
    ``None``."""
    decided = deciding_id(message)
    if decided is not None and decided != rule_head(rule):
        return f"{rule}: the message says {decided} decides: {message}"
    return None
