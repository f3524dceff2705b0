"""When a meld's fate is known: the window a laws object keeps over the melds made (its
``melds`` part, ``hooks.Laws.melds``), which the ruleset's laws policy chooses by its
``meld_window`` (``start.meld_window_of``):

- ``MeldWindow`` (this module): no window, a meld is judged when made (``meld_window``
  ``at-once``: an improper meld scores nothing, a miscount its table value). Stateless: one
  instance, ``AT_ONCE``, serves every battle without laws;
- ``objections.MeldObjections``: a meld stands as made unless the opponent objects before his
  next card (East Point's R11B);
- ``corrections.MeldCorrections``: a meld stands as credited until a ``correct`` statement
  corrects or withdraws it, which is valid until the last stock card is drawn (Scarne's
  SC-BADMELD1, SC-BADMELD2).

The state asks the window when a meld is made (``made``: kept open, or judged at once by the
state), when a card is played past melds open to objection (``played_past``, asked only while
``open`` is not empty: a card costs no call), when the last stock card is drawn (``deadline``)
and at the close (``close``); the walker sends the window's statements (``object meld``,
``correct``) through the laws object. This module names no rulebook's ids."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import NOWHERE, Span
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.model.findings import Finding
from pinochle.adjudicator.rules.copies import CopyLedger

if TYPE_CHECKING:
    from pinochle.adjudicator.model.steps import ObjectedToMeld
    from pinochle.adjudicator.rules.meldtables import MeldNeed
    from pinochle.adjudicator.twohanded.records import MeldRecord, Problem

__all__ = ["AT_ONCE", "MeldWindow"]


class MeldWindow:
    """No window: every meld is judged when made (the null part; see the module docstring)."""

    __slots__ = ()

    #: A meld is judged when made: an improper one is not made at all (docs/rulings.md).
    at_once = True
    #: A meld is applied as credited, its cards moved and its reuse histories kept, whatever is
    #: wrong with it, until it is corrected (a correction law).
    credits = False
    #: The melds still open to objection, oldest first (empty: a card closes nothing).
    open: Sequence[MeldRecord] = ()
    #: The kind of ledger of the exposed copies' meld histories (OT9G) the state keeps.
    ledger: type[CopyLedger] = CopyLedger
    #: A melder whose count is off cannot meld: any meld of his is improper (a correction law).
    bars_miscount = False

    # --- hooks the state calls -------------------------------------------------------------

    def made(self, record: MeldRecord) -> bool:
        """``record`` was just made: True when the window keeps it open (its findings wait for
        its fate), False for the state to judge it at once."""
        return False

    def played_past(self, seat: Seat) -> None:
        """``seat`` plays a card while ``open`` is not empty: the melds he could object to
        now stand."""

    def deadline(self) -> None:
        """The last card was drawn from the stock: what waited for it is settled."""

    def counts_for_nobody(self) -> None:
        """The hand counts for nobody: a meld still waiting is settled neither way (moot)."""

    def close(self) -> None:
        """The record of the battle ended: every meld still waiting meets its fate."""

    def count_problem(self, seat: Seat) -> tuple[str, str] | None:
        """Why ``seat``'s count bars him from melding (rule, sentence), or None."""
        return None

    def open_to_correction(self, seat: Seat) -> tuple[str, ...]:
        """``seat``'s incorrect melds that may still be corrected, each as a sentence."""
        return ()

    # --- how a meld is applied under a correction law (``credits``) ------------------------

    def move_as_credited(self, i: int, need: MeldNeed | None, takes: tuple[Card, ...],
                         problems: list[Problem]
                         ) -> tuple[tuple[Card, ...], tuple[int, int] | None]:
        raise NotImplementedError("only a window that credits melds moves them as credited")

    def resynchronise(self, seat: Seat, kind: MeldKind, named: Sequence[Card] | None,
                      free: bool, problems: list[Problem], takes: tuple[Card, ...],
                      span: Span) -> tuple[Card, ...]:
        raise NotImplementedError("only a window that credits melds resynchronises them")

    # --- the window's statements -----------------------------------------------------------

    def objection_target(self, seat: Seat) -> MeldRecord | None:
        """The meld an objection by ``seat`` now would be to, or None."""
        return None

    def can_object_meld(self, seat: Seat) -> bool:
        return False

    def verify_object_meld(self, seat: Seat) -> list[Finding]:
        return []

    def object_meld(self, seat: Seat, *, span: Span = NOWHERE) -> ObjectedToMeld | None:
        """``object meld W``: no objection window, no effect (the walker reports it)."""
        return None

    def correction_targets(self, seat: Seat, trick: int) -> list[MeldRecord]:
        """``seat``'s melds after trick ``trick`` that ``correct`` would be about."""
        return []

    def can_correct(self, seat: Seat, trick: int) -> bool:
        return False

    def verify_correct(self, seat: Seat, trick: int) -> list[Finding]:
        return []

    def correct(self, seat: Seat, trick: int, *, span: Span = NOWHERE) -> bool:
        """``correct W 5``: no correction law, no effect (the walker reports it)."""
        return False


#: The window of every battle without one (stateless, shared).
AT_ONCE = MeldWindow()
