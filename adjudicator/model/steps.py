"""The step records of a battle: one immutable tuple per action ``BattleState`` applies.

``BattleState.log`` holds them in order. They are ``NamedTuple``s (cheap to make on the replay's
hot path, immutable, compared by value); a step records what happened, including what the rules
decided (the trick's winner and deciding sub-rule, a meld's verdict), never what was only claimed.
"""

from __future__ import annotations

from typing import NamedTuple

from pinochle.notation.cards import Card, Seat
from pinochle.notation.melds import MeldKind


class Played(NamedTuple):
    """A card laid to the trick (R8A leader, R8B follower). For follower's card, ``winner`` and
    ``rule`` say who won the trick and by which sub-rule (R8C1-R8C4, or R11D)."""

    seat: Seat
    card: Card
    trick: int
    from_exposed: bool
    held: bool                  # False: the player did not hold the card (reported, R8A/R8B)
    winner: Seat | None = None
    rule: str | None = None


class Melded(NamedTuple):
    """A meld as applied: the points it scored when made (the claim: R11B lets it stand until
    an objection), the cards it moved concealed -> exposed, and whether it was legal."""

    seat: Seat
    kind: MeldKind
    points: int
    table_points: int | None
    takes: tuple[Card, ...]
    legal: bool
    trick: int


class Drew(NamedTuple):
    """One card from the top of the stock to a concealed hand (R8E). ``card`` is ``None`` when
    the stock was empty (reported, nothing moved)."""

    seat: Seat
    card: Card | None
    trick: int


class TurnFinished(NamedTuple):
    """The end of a trick winner's turn: the draws R8E expected and those that happened."""

    trick: int
    expected: tuple[Seat, ...]
    drawn: tuple[Seat, ...]


class ExposedCards(NamedTuple):
    """Cards moved to the exposed hand without a meld (M7). They stay exposed."""

    seat: Seat
    cards: tuple[Card, ...]


class Discovered(NamedTuple):
    """A player found with too many (R11D) or too few (R11C) cards; ``valid`` when the count
    really was wrong (``held`` against ``should``)."""

    seat: Seat
    too_many: bool
    held: int
    should: int
    valid: bool


class ObjectedToMeld(NamedTuple):
    """R11B: ``outcome`` is ``stands`` (a correct meld, or a late objection), ``corrected`` (wrong
    points only: the table value replaces the claim) or ``voided``; ``adjustment`` is the change
    to the melder's meld points."""

    seat: Seat
    meld: int                   # index in BattleState.melds, -1 when there was none to object to
    outcome: str
    adjustment: int


class ObjectedToDeal(NamedTuple):
    """R11A: an objection to the shuffle, cut or deal; ``timely`` means a redeal follows."""

    seat: Seat
    target: str
    timely: bool


class Misdealt(NamedTuple):
    """A misdeal called (Scarne's SC-MISDEAL0-9): ``valid`` means the same dealer deals again;
    ``card`` the face-up card named, if any."""

    reason: str
    card: Card | None
    valid: bool


class Ended(NamedTuple):
    """The battle is over: R8F (both hands empty) or R11F (one player's remaining cards count
    for neither player; ``leftover`` are those cards)."""

    rule: str
    seat: Seat | None
    leftover: tuple[Card, ...]


Step = Played | Melded | Drew | TurnFinished | ExposedCards | Discovered | ObjectedToMeld \
    | ObjectedToDeal | Misdealt | Ended
