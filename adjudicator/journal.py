"""A reuse ledger that can take one meld back (Scarne's SC-BADMELD1: a withdrawn meld's reuse
histories are erased; ``corrections.py``)."""

from __future__ import annotations

from typing import Any

from .copies import CopyLedger

__all__ = ["JournalLedger"]


class JournalLedger(CopyLedger):
    """A ``CopyLedger`` that remembers what it applied, so that one meld's part can be taken
    back (``drop``)."""

    __slots__ = ("journal", "dropped", "_quiet")

    def __init__(self) -> None:
        super().__init__()
        self.journal: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.dropped: set[int] = set()
        self._quiet = False

    def _note(self, op: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        if not self._quiet:
            self.journal.append((op, args, kwargs))

    def clear(self) -> None:
        super().clear()
        self.journal, self.dropped = [], set()

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

    def mark(self) -> int:
        """Where the next operation will be written (a meld's first, then one past its last)."""
        return len(self.journal)

    def drop(self, start: int, end: int) -> None:
        """Take back the operations ``start``..``end - 1`` (a withdrawn meld's): the ledger is
        rebuilt from the others, in order."""
        self.dropped.update(range(start, end))
        self.alternatives = [{}]
        self._quiet = True
        try:
            for k, (op, args, kwargs) in enumerate(self.journal):
                if k not in self.dropped:
                    getattr(CopyLedger, op)(self, *args, **kwargs)
        finally:
            self._quiet = False

    def exposed(self, face: int) -> int:
        """How many copies of ``face`` the ledger holds (the same in every alternative)."""
        return len(self.alternatives[0].get(face, ()))
