"""The turn of a question asked directly (``pinochle melds --concealed ...``, ``/v1/melds``):
whether the player won or lost the trick just gathered (``--gathered won|lost``, R8D: only its
winner melds) and which melds he already made this turn (``--melded``, R9E: one meld a turn). A
point of a record needs neither: the record says who won each trick and what was melded.

What the question does not say is assumed, and the answer says so: the player won the trick
just gathered and has not melded this turn. A meld the table makes beside the turn's other meld
(the old-time dix, ``MeldNeed.free``) neither uses the turn nor is refused by it, as in the
replay (``twohanded.meldturns``). Every rule is the ruleset's own (R8D, OT8D, SC-MELD1...; R9E,
OT9E, SC-MELD2...). A turn that cannot be is a ``QueryError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Optional

from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.query.errors import QueryError
from pinochle.adjudicator.rules.meldtables import meld_table
from pinochle.notation.cards import Suit
from pinochle.notation.errors import quoted
from pinochle.notation.melds import MeldKind

__all__ = ["GATHERED", "NONE", "Gathered", "Turn", "is_free", "parse_gathered", "turn_of"]

#: ``--melded none``: the player has made no meld this turn, said rather than assumed.
NONE = "none"

Gathered = Literal["won", "lost"]
GATHERED: tuple[Gathered, ...] = ("won", "lost")


@dataclass(frozen=True)
class Turn:
    """The turn as the answer takes it: ``gathered`` (said or assumed), the melds already made
    this turn, whether the player may still make the turn's meld, the rule and reason when he
    may not (``only_free``: the turn's meld is made, a free meld may still be added), and the
    assumptions made about the player, each naming its rule ("won the trick just
    gathered (R8D)")."""

    gathered: Gathered
    melded: tuple[MeldKind, ...]
    may_meld: bool
    only_free: bool = False
    rule: Optional[str] = None
    reason: Optional[str] = None
    assumptions: tuple[str, ...] = ()


def parse_gathered(text: str | None) -> Gathered | None:
    """``--gathered``: ``won`` or ``lost`` (any case), or ``None`` when not said."""
    if text is None:
        return None
    word = text.strip().lower()
    for value in GATHERED:
        if word == value:
            return value
    raise QueryError(f"--gathered: expected won or lost (did the player win the trick just "
                     f"gathered?), found {quoted(text)}")


def is_free(ruleset: Ruleset, trump: Suit | None, kind: MeldKind) -> bool:
    """Whether ``kind`` is made beside the turn's other meld (the old-time dix, OT9I)."""
    need = meld_table(ruleset, trump).needs.get(kind)
    return need is not None and need.free


def turn_of(ruleset: Ruleset, trump: Suit | None, gathered: Gathered | None,
            melded: Sequence[MeldKind] | None) -> Turn:
    """The turn the options describe (``None``: not said); a meld made by the loser of the
    trick is an input error (R8D: he made none)."""
    ids = ruleset.ids
    made = tuple(melded or ())
    if gathered == "lost":
        if made:
            raise QueryError(f"--melded: the player lost the trick just gathered (--gathered "
                             f"lost), so he made no meld this turn ({ids.melder})")
        return Turn("lost", made, False, rule=ids.melder,
                    reason=(f"the player lost the trick just gathered: the trick loser does not "
                            f"get to meld ({ids.melder})"))
    assumptions = []
    if not ruleset.melds and not ruleset.trump_melds:   # no melds at all (V1C): no turn to assume
        pass
    elif gathered is None and not made:     # a meld made this turn says he won the trick
        assumptions.append(f"won the trick just gathered ({ids.melder})")
    if melded is None and (ruleset.melds or ruleset.trump_melds):
        assumptions.append(f"has not melded this turn ({ids.one_meld})")
    used = [kind for kind in made if not is_free(ruleset, trump, kind)]
    if not used:
        return Turn("won", made, True, assumptions=tuple(assumptions))
    names = " and ".join(str(kind) for kind in used)
    return Turn("won", made, False, only_free=True, rule=ids.one_meld,
                reason=(f"the player already melded {names} this turn: one meld per turn "
                        f"({ids.one_meld}; a double meld counts as one)"),
                assumptions=tuple(assumptions))
