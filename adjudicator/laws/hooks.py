"""The laws a battle's state calls at fixed points: the hook object a ruleset's laws policy
starts (``laws.start.start_laws``), one per battle, owning the state its laws keep.

``Laws`` is the null object, the battle without irregularity laws: every hook does nothing, every
law statement is refused (the walker sends only those the policy honours, ``LawsPolicy.
statements``). The state calls it at:

- a broken follow obligation (``note_renege``): kept for a claim, or reported at once (False);
- a player's trick points asked for (``trick_points``): a claimed renege or a lost count may
  change them;
- a meld made, and the cards played past it (its ``melds``, the meld window the policy
  chooses, ``meldwindow.MeldWindow``: judged at once here; kept open to objection or to
  correction by the laws that have such a window, ``windows.MeldLaws``);
- the last card drawn from the stock (``melds.deadline``);
- the hand counting for nobody (``counts_for_nobody``): nothing waiting in it is settled;
- the close of the battle (``close``): what waited for its fate is settled.

Its law statements (``claim_renege``, ``look``, ``object_meld``, ``correct``, ...) are the
walker's and the simulator's.
A hook object that needs the state holds a weak proxy of it (``weakref.proxy``), never the
state itself: a state and its laws in a reference cycle would outlive their battle until a full
garbage collection, and the collections they call for cost a validation run a third of its time
(a run of 120 Scarne games took 1.78x main's, ``benchmarks/validate.py --baseline main``). The
battle walker's parts (``laws/misdealwalk.py``, ``features/earlyendwalk.py``) hold it so too.

Each rulebook's laws are a subclass in a module of their own (``eastpoint.py``, ``scarne.py``),
each law family's code in one module (``renege.py``, ``looks.py``, ...). This module names no
rulebook's ids: they are the policy's data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.laws.meldwindow import AT_ONCE, MeldWindow
from pinochle.adjudicator.model.findings import Finding

if TYPE_CHECKING:
    from pinochle.adjudicator.model.steps import ObjectedToMeld
    from pinochle.adjudicator.twohanded.records import MeldRecord

__all__ = ["Laws", "NO_LAWS"]


class Laws:
    """No irregularity laws (the null object): see the module docstring."""

    __slots__ = ()

    #: The meld window (``meldwindow.MeldWindow``): none, every meld is judged when made.
    melds: MeldWindow = AT_ONCE
    #: The melds open to objection (the window's ``open``, the same list): the state asks it at
    #: each card and calls ``melds.played_past`` only when it is not empty.
    open_melds: Sequence[MeldRecord] = ()

    # --- hooks the state calls -------------------------------------------------------------

    def note_renege(self, seat: Seat, rule: str, message: str, span: Span, could: str,
                    card: str) -> bool:
        """A broken follow obligation by ``seat``: True when a renege law keeps it for its
        claim, False to report it at once as an illegal play."""
        return False

    def trick_points(self, seat: Seat, points: int) -> int:
        """``seat``'s trick points as the laws count them, from ``points`` as played."""
        return points

    def counts_for_nobody(self) -> None:
        """The hand counts for nobody: no law waiting in it is settled."""
        self.melds.counts_for_nobody()

    def close(self) -> None:
        """The record of the battle ended: what waited for its fate is settled."""
        self.melds.close()

    # --- law statements --------------------------------------------------------------------

    def can_object_deal(self, seat: Seat) -> bool:
        return False

    def verify_object_deal(self, seat: Seat) -> list[Finding]:
        return []

    def object_deal(self, seat: Seat, target: str = "deal", *, span: Span = NOWHERE) -> bool:
        """``object shuffle|cut|deal E``: no redeal law, no effect (the walker reports it)."""
        return False

    def can_discover(self, seat: Seat, too_many: bool) -> bool:
        return False

    def verify_discover(self, seat: Seat, too_many: bool) -> list[Finding]:
        return []

    def discover(self, seat: Seat, too_many: bool, *, span: Span = NOWHERE) -> bool:
        """``toomany E`` / ``toofew E``: no law of the count, no effect (the walker reports
        it)."""
        return False

    def has_renege(self, seat: Seat) -> bool:
        """A renege by ``seat`` is noted this hand, its fate not yet known."""
        return False

    def note_renege_at(self, seat: Seat, rule: str, message: str, span: Span, could: str,
                       card: str, trick: int) -> None:
        """A renege the public cards of a record without the deal show (none without a renege
        law: ``publiccards`` reports it as an illegal play)."""

    def can_claim_renege(self, seat: Seat) -> bool:
        return False

    def verify_claim_renege(self, seat: Seat) -> list[Finding]:
        return []

    def claim_renege(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        """``object renege W``: no renege law, no effect (the walker reports the statement)."""
        return False

    def look(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        """``look E``: no law of looking, no effect (the walker reports the statement)."""
        return False

    # the meld window's statements (``melds``: no effect without a window)

    def objection_target(self, seat: Seat) -> MeldRecord | None:
        """The meld an objection by ``seat`` now would be to, or None."""
        return self.melds.objection_target(seat)

    def can_object_meld(self, seat: Seat) -> bool:
        return self.melds.can_object_meld(seat)

    def verify_object_meld(self, seat: Seat) -> list[Finding]:
        return self.melds.verify_object_meld(seat)

    def object_meld(self, seat: Seat, *, span: Span = NOWHERE) -> ObjectedToMeld | None:
        """``object meld W``: West objects to East's last meld still open to objection."""
        return self.melds.object_meld(seat, span=span)

    def correction_targets(self, seat: Seat, trick: int) -> list[MeldRecord]:
        """``seat``'s melds after trick ``trick``: what ``correct SEAT TRICK`` is about."""
        return self.melds.correction_targets(seat, trick)

    def open_to_correction(self, seat: Seat) -> tuple[str, ...]:
        """``seat``'s incorrect melds that may still be corrected, each as a sentence."""
        return self.melds.open_to_correction(seat)

    def can_correct(self, seat: Seat, trick: int) -> bool:
        return self.melds.can_correct(seat, trick)

    def verify_correct(self, seat: Seat, trick: int) -> list[Finding]:
        return self.melds.verify_correct(seat, trick)

    def correct(self, seat: Seat, trick: int, *, span: Span = NOWHERE) -> bool:
        """``correct W 5``: West's meld after trick 5 is corrected or withdrawn."""
        return self.melds.correct(seat, trick, span=span)


#: The null object: a battle without laws of its own (stateless, shared by every battle).
NO_LAWS = Laws()
