"""A reuse ledger that can take one meld back (Scarne's SC-BADMELD1: a withdrawn meld's reuse
histories are erased; ``corrections.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pinochle.adjudicator.rules.copies import EMPTY, CopyLedger

__all__ = ["JournalLedger"]


class JournalLedger(CopyLedger):
    """A ``CopyLedger`` that remembers what it applied, so that one meld's part can be taken
    back (``withdraw``)."""

    __slots__ = ("journal", "_quiet")

    def __init__(self) -> None:
        super().__init__()
        self.journal: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self._quiet = False

    def _note(self, op: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        if not self._quiet:
            self.journal.append((op, args, kwargs))

    def clear(self) -> None:
        super().clear()
        self.journal = []

    def expose(self, face: int, n: int = 1) -> None:
        self._note("expose", (face, n), {})
        super().expose(face, n)

    def play(self, face: int) -> None:
        self._note("play", (face,), {})
        super().play(face)

    def meld(self, *args: Any, **kwargs: Any) -> None:
        self._note("meld", args, kwargs)
        quiet, self._quiet = self._quiet, True      # its own exposures are part of it
        try:
            super().meld(*args, **kwargs)
        finally:
            self._quiet = quiet

    def twin(self) -> JournalLedger:
        """An independent ledger with the same alternatives and journal (a trial withdrawal:
        ``MeldCorrections.resynchronise``)."""
        twin = JournalLedger()
        twin.alternatives = [dict(alt) for alt in self.alternatives]
        twin.journal = list(self.journal)
        return twin

    def mark(self) -> int:
        """Where the next operation will be written (a meld's first, then one past its last)."""
        return len(self.journal)

    def withdraw(self, start: int, end: int, laid: Sequence[tuple[int, int]]) -> dict[int, int]:
        """Take back a meld: its operations ``start``..``end - 1`` become the bare laying of
        the cards it took from the hand (``laid``: face, copies; no history), the ledger is
        rebuilt from the journal, and the laid copies no meld uses now (a later meld may have
        reused one; a copy of the face played since is taken from the others first, as
        ``play`` does) leave the exposed hand. Returns how many copies of each face left."""
        for k in range(start, end):
            self.journal[k] = ("skip", (), {})
        if end > start:
            self.journal[start] = ("lay", (tuple(laid),), {})
        self._rebuild()
        back: dict[int, int] = {}
        for face, n in laid:
            free = min(sum(h == EMPTY for h in alt.get(face, ())) for alt in self.alternatives)
            if min(n, free) > 0:
                back[face] = min(n, free)
                self._release(face, back[face])
                self.journal.append(("release", (face, back[face]), {}))
        return back

    def _rebuild(self) -> None:
        self.alternatives = [{}]
        self._quiet = True
        try:
            for op, args, kwargs in self.journal:
                if op == "lay":
                    for face, n in args[0]:
                        CopyLedger.expose(self, face, n)
                elif op == "release":
                    self._release(*args)
                elif op != "skip":
                    getattr(CopyLedger, op)(self, *args, **kwargs)
        finally:
            self._quiet = False

    def _release(self, face: int, n: int) -> None:
        """``n`` copies of ``face`` with no history go back to the concealed hand."""
        for alt in self.alternatives:
            copies = list(alt.get(face, ()))
            for _ in range(n):
                copies.remove(EMPTY)
            alt[face] = tuple(copies)
