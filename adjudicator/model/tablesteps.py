"""The step records of a partnership battle: one immutable tuple per action
``partnership.state.TableState`` applies (the two-handed battle's are ``steps``).

``TableState.log`` holds them in order. Like ``steps`` they are ``NamedTuple``s and record what
happened, including what the rules decided (a call's meaning, a declaration's credited points,
a trick's winner), never what was only claimed.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from pinochle.notation.cards import Card, Seat, Suit
from pinochle.notation.melds import MeldKind

__all__ = ["Called", "CardPlayed", "Closed", "Dealt", "Declared", "DeclaredMeld", "PlayBegan",
           "TableStep", "TrickWon", "TrumpNamed", "Sent", "Conceded"]


class Dealt(NamedTuple):
    """The hands, in the ruleset's seat order (DP-DEAL2); ``again``: a second deal that
    replaced the first and restarted the auction."""

    hands: tuple[tuple[Card, ...], ...]
    again: bool


class Called(NamedTuple):
    """A call of the auction. ``bid`` is the bid it made (stated, or deemed by an announcement:
    DP-BID6, DP-BID7), ``None`` for a pass, an information announcement or a void call;
    ``rule`` gives the call its meaning (or, when ``void``, the rule it broke: spec §5.3)."""

    seat: Seat
    call: Literal["bid", "announce", "pass"]
    bid: int | None
    rule: str
    void: bool


class TrumpNamed(NamedTuple):
    """Trump as the high bidder named it (DP-MELD1); ``bidder`` is ``None`` when the auction
    had not ended."""

    suit: Suit
    bidder: Seat | None


class DeclaredMeld(NamedTuple):
    """One meld of a declaration as the rules took it: the cards and value the ruleset's table
    gives its kind (none: the table has no such meld), the points claimed, whether it is legal
    (no illegal-meld error at its place: DP-MELD1-5) and what it scores alone (the table's
    value when legal, else 0); without the deal it is taken as declared (legal, its claimed
    points)."""

    kind: MeldKind
    cards: tuple[Card, ...]
    table_points: int | None
    claimed: int
    points: int
    legal: bool


class Declared(NamedTuple):
    """A seat's declaration as credited: ``points`` judged against the dealt hand
    (DP-MELD1-5), or taken as declared when the deal is not known (``judged`` false); ``melds``
    each meld it names (none for a total alone)."""

    seat: Seat
    points: int
    judged: bool
    melds: tuple[DeclaredMeld, ...] = ()


class PlayBegan(NamedTuple):
    """Trick 1 begins: the contract (the high bidder and his bid) and the seats that declared
    nothing and meld 0 (DP-MELD1); the high bidder leads (DP-PLAY1)."""

    bidder: Seat
    bid: int | None
    silent: tuple[Seat, ...]


class CardPlayed(NamedTuple):
    """A card laid to the trick. ``held``: the player held it (false: reported, still played);
    ``broken``: the obligation it broke (DP-PLAY2-4), or ``None``; on the trick's last card,
    ``winner``: who won it (DP-PLAY5) and leads next."""

    seat: Seat
    card: Card
    trick: int
    held: bool
    broken: str | None
    winner: Seat | None = None


class TrickWon(NamedTuple):
    """A trick of four cards decided (DP-PLAY5): its leader, the cards from him clockwise, the
    winner (who leads next, DP-PLAY6), its card points (with the last trick's) and whether it
    is a scoring trick for the winner's side (DP-MELD6)."""

    trick: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    points: int
    scoring: bool


class Closed(NamedTuple):
    """The battle's end: ``complete`` when the record played the hand out (or threw it in);
    ``sheet`` when it was judged as a score sheet (no deal, no trick)."""

    complete: bool
    sheet: bool


class Sent(NamedTuple):
    """Cards passed by ``seat`` to his partner, ``to`` (single-deck SD-PASS1-2), as written
    (``held``: all were in his hand)."""

    seat: Seat
    to: Seat
    cards: tuple[Card, ...]
    held: bool


class Conceded(NamedTuple):
    """The bidder conceded for his side (single-deck SD-CONCEDE1-3) after ``tricks`` tricks."""

    seat: Seat
    tricks: int


TableStep = (Dealt | Called | TrumpNamed | Declared | PlayBegan | CardPlayed | TrickWon | Closed
             | Sent | Conceded)
