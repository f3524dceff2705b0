"""The book a battle keeps of its drawing slips under Scarne's laws (SC-SLIP1-6, SC-DRAW1-4):
the open turn's draws, one ``DrawAct`` a card, and what each player owes or holds over. The
drawing slips' part of the battle's laws object (``slips.Slips``) holds one and writes it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pinochle.notation.cards import Card, Seat

__all__ = ["DrawAct", "SlipBook"]


class DrawAct(NamedTuple):
    """One card drawn this turn: ``kind`` ``due`` (in turn), ``out`` (out of turn: the card was
    ``owner``'s) or ``extra`` (none was due); ``before`` the draws still due before it."""

    seat: Seat
    card: Card | None
    kind: str
    before: tuple[Seat, ...]
    owner: Seat | None


class SlipBook:
    """A battle's drawing slips: the open turn's draws and what each player owes or holds over.
    Its per-seat lists are at each seat's place in the ruleset's ``seats``."""

    __slots__ = ("turn", "base", "need", "due", "acts", "dev", "slip6", "off", "owed_since",
                 "winner_drew")

    def __init__(self, seats: tuple[Seat, ...]) -> None:
        self.turn = -1                              # the trick whose turn this book describes
        self.base: tuple[Seat, ...] = ()            # the draws of SC-PLAY8 (one each)
        self.need = [0 for _ in seats]              # cards each is to draw this turn
        self.due: list[Seat] = []                   # the draws still due, in order
        self.acts: list[DrawAct] = []                  # the cards drawn this turn, in order
        self.dev = tuple(0 for _ in seats)          # each count over (+) or under (-) at the trick
        self.slip6 = False                          # three cards at the last draw (SC-SLIP6)
        self.off = False                            # a count is off: the laws make this turn
        self.owed_since: list[int | None] = [None for _ in seats]  # the turn a shortage began
        self.winner_drew = False

    def new_turn(self, trick: int, base: tuple[Seat, ...], due: Sequence[Seat],
                 need: list[int], dev: tuple[int, ...], slip6: bool) -> None:
        self.turn, self.base, self.need, self.due = trick, base, need, list(due)
        self.acts, self.dev, self.slip6, self.winner_drew = [], dev, slip6, False
        self.off = any(dev)
