"""What the by-hand checks of the example games share (test_old_time_by_hand.py,
test_sc_evening_by_hand.py, test_twenty_five_by_hand.py): a player's hand with a meld history
per exposed copy, and the small helpers of their replay loops. No code of the project: each test
still types its own ruleset's tables from its specification."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager


def covers(history: dict[str, int], than: dict[str, int]) -> bool:
    """``history`` is at least ``than`` in every class."""
    return all(history.get(klass, -1) >= value for klass, value in than.items())


class Hand:
    """A player's cards: concealed faces, and exposed copies each with its meld history
    {class: highest value of a meld of that class the copy was in} (old-time spec §4.4); a copy
    that was in a marriage also has the class "M" (Scarne's SC-MELD5). ``not_held`` is the rule
    a card played without being held breaks."""

    def __init__(self, cards: list[str], not_held: str = "OT8A, OT9H") -> None:
        self.concealed: Counter[str] = Counter(cards)
        self.exposed: list[tuple[str, dict[str, int]]] = []
        self.not_held = not_held

    def faces(self) -> list[str]:
        return sorted(self.concealed.elements()) + [face for face, _ in self.exposed]

    def size(self) -> int:
        return sum(self.concealed.values()) + len(self.exposed)

    def play(self, face: str) -> None:
        """Play a copy of ``face`` (OT8A). An exposed copy goes first: the concealed copy, never
        melded, keeps every eligibility; of two exposed copies, the one whose history is at
        least the other's in every class (no record here needs the spec's branching)."""
        copies = [i for i, (f, _) in enumerate(self.exposed) if f == face]
        if not copies:
            assert self.concealed[face] > 0, f"does not hold {face} ({self.not_held})"
            self.concealed[face] -= 1
            return
        best = max(copies, key=lambda i: sum(self.exposed[i][1].values()))
        assert all(covers(self.exposed[best][1], self.exposed[i][1]) for i in copies), \
            f"two exposed {face} with incomparable histories: the record is ambiguous"
        del self.exposed[best]

    def meld(self, klass: str, value: int, need: Counter[str], marriage: bool = False) -> list[str]:
        """Judge and make a meld (OT9B1, OT9G, OT9C); a marriage (Scarne) never reuses a card of
        a marriage (SC-MELD5). Returns the rules it relied on (OT9F / OT9G for each exposed
        copy reused)."""
        reasons: list[str] = []
        take: dict[str, tuple[list[int], int]] = {}       # face -> (exposed copies, concealed)
        for face, n in need.items():
            held = [i for i, (f, _) in enumerate(self.exposed) if f == face]
            assert n <= self.concealed[face] + len(held), f"{face} is not in the hand (OT9B1)"
            ok = sorted((i for i in held if self.exposed[i][1].get(klass, -1) < value
                         and not (marriage and "M" in self.exposed[i][1])),
                        key=lambda i: -self.exposed[i][1].get(klass, -1))
            used = ok[:n]
            assert n - len(used) <= self.concealed[face], \
                (f"{face} was in a {klass} meld worth as much already (OT9G)" if not marriage
                 else f"{face} was in a {klass} meld worth as much, or a marriage (OT9G, "
                      "SC-MELD5)")
            take[face] = (used, n - len(used))
        if not any(concealed for _, concealed in take.values()):   # OT9C: one must stand in
            face = next((f for f in need if self.concealed[f] > take[f][1]), None)
            assert face is not None, "no card of the meld comes from the concealed hand (OT9C)"
            used, concealed = take[face]
            take[face] = (used[:-1], concealed + 1)
        mark = {"M": 1} if marriage else {}
        for face, (used, concealed) in take.items():
            for i in used:
                history = self.exposed[i][1]
                reasons.append("OT9G" if klass in history else "OT9F")
                history[klass] = value
                history.update(mark)
            self.concealed[face] -= concealed
            self.exposed += [(face, {klass: value, **mark}) for _ in range(concealed)]
        return reasons

    def pick_up(self) -> None:
        """OT8F / OT7C3, SC-PLAY11: the exposed hand goes back to the concealed hand."""
        self.concealed.update(face for face, _ in self.exposed)
        self.exposed = []


@contextmanager
def at(line: str, seat: str) -> Iterator[None]:
    """Names the record line and the player in a failed check of a hand."""
    try:
        yield
    except AssertionError as error:
        raise AssertionError(f"{line}: {seat} {error}") from None


def other(seat: str) -> str:
    return "W" if seat == "E" else "E"
