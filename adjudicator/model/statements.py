"""The statements of the three-handed game and single-deck partnership (docs/notation.md §12)
that the record may hold whatever its ruleset (the reader knows none), as a finding names them
where the ruleset has no such statement: both walkers report them under ``Ruleset`` and ignore
them (``ignored_statement``, the finding), never guess what they would mean.

Only what no earlier notation could say is named here: ``bury``, ``concede``, ``send``, the
widow, a three-card trick, a claim naming North, a renege claim naming the offender. The other
statements keep the findings they always had (a deal of four hands in a two-handed battle, a
two-card trick at a table of four, ...).
"""

from __future__ import annotations

from typing import Any

from pinochle.notation.events import (Bury, Claim, Concession, Hands, Objection, Send, Span,
                                      TableTrick)

from pinochle.adjudicator.model.findings import Finding, Kind

__all__ = ["CONCESSION", "claim_naming_north", "ignored_statement", "new_statement",
           "not_a_statement", "WIDOW"]

#: A concession (``Concession``), as a finding names it.
CONCESSION = "a concession (`concede`)"

#: The statements only the three-handed game and single-deck have, by their event's type.
_NEW: dict[type, str] = {
    Bury: "a bury (`bury`)",
    Concession: CONCESSION,
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
        return claim_naming_north(event.category)
    if kind is Objection and event.offender is not None:
        return "a renege claim naming the offender (`object renege N E`)"
    return None


def claim_naming_north(category: str) -> str:
    """What a claim by seat naming North is (§12), of its ``category`` (``tricks``, ...,
    ``game``)."""
    return f"a `{category}` claim naming North (`{category} N … E … W …`)"


def not_a_statement(what: str, ruleset: str) -> str:
    """The finding's message for a statement ``what`` that ruleset ``ruleset`` has not."""
    return f"{what} is not a statement of {ruleset}, so it is ignored"


def ignored_statement(what: str, ruleset: str, span: Span) -> Finding:
    """The finding for a statement ``what`` (``new_statement``'s words) at ``span`` that
    ruleset ``ruleset`` (its words: a name, or a name and what game it is) has not: under
    ``Ruleset``, malformed; the walker ignores the statement."""
    return Finding(rule="Ruleset", kind=Kind.MALFORMED, span=span,
                   message=not_a_statement(what, ruleset))
