"""The statements of the three-handed game and single-deck partnership (docs/notation.md §12)
that the record may hold whatever its ruleset (the reader knows none), as a finding names them
where the ruleset has no such statement: both walkers report them under ``Ruleset`` and ignore
them (``not_a_statement``), never guess what they would mean.

Only what no earlier notation could say is named here: ``bury``, ``concede``, ``send``, the
widow, a three-card trick, a claim naming North, a renege claim naming the offender. The other
statements keep the findings they always had (a deal of four hands in a two-handed battle, a
two-card trick at a table of four, ...).
"""

from __future__ import annotations

from typing import Any

from pinochle.notation.events import Bury, Claim, Concession, Hands, Objection, Send, TableTrick

__all__ = ["new_statement", "not_a_statement", "WIDOW"]

#: The statements only the three-handed game and single-deck have, by their event's type.
_NEW: dict[type, str] = {
    Bury: "a bury (`bury`)",
    Concession: "a concession (`concede`)",
    Send: "a passing of cards (`send`)",
}

#: The widow line of a three-handed deal (``Hands.widow``).
WIDOW = "a widow (`widow:`)"


def new_statement(event: Any) -> str | None:
    """What ``event`` is, when it is one of the statements of §12 (else None): a ``bury``,
    ``concede`` or ``send``; a deal of three hands with a widow; a three-card trick; a claim
    naming North; a renege claim naming its offender."""
    kind = type(event)
    named = _NEW.get(kind)
    if named is not None:
        return named
    if kind is Hands and len(event.hands) == 3:
        return "a deal of three hands (N:, E:, W: lines)" + (
            " and a widow (widow:)" if event.widow is not None else "")
    if kind is TableTrick and len(event.cards) == 3:
        return "a three-card trick"
    if kind is Claim and event.north is not None:
        return f"a `{event.category}` claim naming North (`{event.category} N … E … W …`)"
    if kind is Objection and event.offender is not None:
        return "a renege claim naming the offender (`object renege N E`)"
    return None


def not_a_statement(what: str, ruleset: str) -> str:
    """The finding's message for a statement ``what`` that ruleset ``ruleset`` has not."""
    return f"{what} is not a statement of {ruleset}, so it is ignored"
