"""``pinochle melds`` at a table of four (the partnership game, double-pack), in words: the verdict
on the declaration (if any), then the seat's best meld. The question and its answer
(``TableMeldsReport``) are the engine's (``adjudicator/query/partnership.py``); ``cli/melds.py``
asks it and prints the answer here, or as JSON.
"""

from __future__ import annotations

from pinochle.adjudicator import TableMeldsReport

__all__ = ["text_report"]


def text_report(answer: TableMeldsReport) -> str:
    """The answer in words: the verdict on the declaration (if any), then the best meld."""
    lines = []
    q = answer.question
    who = answer.seat.word
    if q is not None:
        where = f" (line {q.line})" if q.line else ""
        if q.legal:
            lines.append(f"yes: {who}'s declaration {q.declared}{where} is legal, worth "
                         f"{q.points} ({q.rule})")
        else:
            lines.append(f"no: {who}'s declaration {q.declared}{where} is not legal "
                         f"({q.rule}); it is worth {q.points}")
        lines += [f"{f.rule}: {f.message}" for f in q.findings]
    width = max([len(str(m.kind)) for m in answer.best_melds] + [1])
    lines.append(f"{who}'s best meld with {answer.trump} trumps: {answer.best}"
                 + (" (no meld)" if not answer.best_melds else ""))
    lines += [f"{str(m.kind):<{width}}  {m.points:>4}" for m in answer.best_melds]
    return "\n".join(lines)
