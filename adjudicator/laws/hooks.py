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
- the close of the battle (``close``): what waited for its fate is settled;
- the draws of a turn and the deal (the block "draws and deals" below): a trick gathered
  (``plan_draws``), a card drawn (``draw``), the turn's draws finished (``finish_turn``) when
  the laws make the draws themselves (``makes_draws``, a flag the state reads, so that a
  battle without such laws pays no call on its usual turn); draws that depart from the rule
  (``extra_draw``, ``wrong_draws``), the lone card of the stock (``lone_card_rule``,
  ``lone_card_left``), an uneven end (``uneven_end``) and the draws' penalties left at the end
  of the record (``settle_draws``). A hook that returns False (None: ``uneven_end``) leaves
  the case to the state, which reports it under the ruleset's own rule with no penalty.

Its law statements (``claim_renege``, ``look``, ...) are the walker's and the simulator's; those
of the meld window (``object_meld``, ``correct``, what they are about and whether they may be
made) are asked of it directly, ``laws.melds.object_meld(...)``: a window without them does
nothing (``meldwindow.AT_ONCE``).
A hook object that needs the state holds a weak proxy of it (``weakref.proxy``), never the
state itself: a state and its laws in a reference cycle would outlive their battle until a full
garbage collection, and the collections they call for cost a validation run a third of its time
(a run of 120 Scarne games took 1.78x main's, ``benchmarks/validate.py --baseline main``). The
walkers' parts (``laws/misdealwalk.py``, ``features/knock.py``, ``features/callout.py``,
``twohanded/gamerules.py``) hold their walker so too.

Each rulebook's laws are a subclass in a module of their own (``eastpoint.py``, ``scarne.py``),
each law family's code in one module (``renege.py``, ``looks.py``, ...). This module names no
rulebook's ids: they are the policy's data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import NOWHERE, MisdealReason, Span

from pinochle.adjudicator.laws.meldwindow import AT_ONCE, MeldWindow
from pinochle.adjudicator.model.findings import Finding

if TYPE_CHECKING:
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

    # --- draws and deals: the draws of a turn (R8E's departures, Scarne's drawing slips,
    # East Point's R11C-R11F) and the deal (Scarne's misdeals and dead hands) -----------------

    #: The laws make each turn's draws themselves (Scarne's SC-SLIP1-6): the state calls
    #: ``plan_draws``, ``draw`` and ``finish_turn`` only when this is set (read once a turn).
    #: The two called every turn are given the state (``state``, the battle's ``BattleCore``:
    #: not named here, its module imports this one), so that the laws read it directly, not
    #: through their weak proxy of it.
    makes_draws = False

    @property
    def voided(self) -> bool:
        """The deal was void (SC-DRAW1: a new deal in the same battle replaces the hand)."""
        return False

    @property
    def dead(self) -> bool:
        """The hand is dead (SC-MISDEAL8: it ends the battle)."""
        return False

    def plan_draws(self, state: Any) -> None:
        """A trick was gathered and its winner's turn opened in ``state`` (``makes_draws``
        only)."""

    def draw(self, seat: Seat, *, span: Span = NOWHERE) -> None:
        """``seat`` draws one card now (``makes_draws`` only)."""

    def finish_turn(self, state: Any, draws: Sequence[Seat] | None, *,
                    span: Span = NOWHERE) -> bool:
        """The turn's draws in ``state`` (``draws``, or those due), when the laws make them:
        returns whether they did (``makes_draws`` only; False: the usual turn, R8E's draws)."""
        return False

    def extra_draw(self, seat: Seat, cause: str, span: Span, claimed: Any,
                   expected: Any) -> bool:
        """``seat`` drew a card no draw was due for (``cause`` says how): True when a law
        decides it; False, the ruleset's draw rule reports it, no penalty."""
        return False

    def wrong_draws(self, expected: tuple[Seat, ...], drawn: tuple[Seat, ...],
                    span: Span) -> bool:
        """The turn's draws were ``drawn``, not ``expected``: True when a law decides them."""
        return False

    def lone_card_rule(self, rule: str, turn: bool) -> str:
        """What the draw rule ``rule`` says of a stock of one card, for a finding's message
        (``turn``: of the draws due in a turn): without laws the winner takes it."""
        return f"{rule}: winner, then loser, while the stock lasts"

    def lone_card_left(self, span: Span) -> None:
        """A turn ended with one card in the stock, untaken (only under a law that says so)."""

    def uneven_end(self, holder: Seat, leftover: tuple[Card, ...], span: Span) -> str | None:
        """One hand ran out while ``holder`` still holds ``leftover``: the rule a law ends the
        battle by (and reports it), or None (the ruleset's end rule reports it)."""
        return None

    def settle_draws(self) -> None:
        """The record of the battle ended: the draws' penalties still waiting are settled."""

    def slip_draws(self, actions: Sequence[tuple[str, Seat, Seat | None, Span]], *,
                   span: Span = NOWHERE) -> None:
        """A draw group of the record, as actions (``slips.slip_actions``): only under drawing
        slips laws (``makes_draws``); the walker sends it no other time."""

    def return_card(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        """``return E``: no law of drawing slips, no effect (the walker reports it)."""
        return False

    def give_card(self, seat: Seat, to: Seat, *, span: Span = NOWHERE) -> bool:
        """``give E W``: no law of drawing slips, no effect (the walker reports it)."""
        return False

    def misdeal(self, reason: MisdealReason, card: Card | None = None, *,
                span: Span = NOWHERE) -> bool:
        """``misdeal REASON``: no misdeal law, no effect (the walker reports it)."""
        return False

    def dead_hand(self, faults: Any, *, span: Span = NOWHERE) -> bool:
        """``deadhand``: no misdeal law, no effect (the walker reports it). ``faults``: how
        the pack is imperfect (``misdeals.PackFaults``, not named here: that module reads the
        state's core, which imports this one)."""
        return False

    def expose_own(self, seat: Seat, cards: Sequence[Card], *, span: Span = NOWHERE) -> bool:
        """``expose E ...``: True when a law makes it a player showing his own cards (Scarne's
        SC-MISDEAL5-7); False, the state's exposure applies."""
        return False

    def before_first_draw(self) -> bool:
        """A misdeal law's deadline has not passed (no misdeal law: it has no deadline)."""
        return False

    def count_stands(self) -> None:
        """A deal with a wrong count may stand (a misdeal law's; nothing without one)."""

    def void_hand(self) -> None:
        """The pack is imperfect, the hand dead (a misdeal law's; nothing without one)."""


#: The null object: a battle without laws of its own (stateless, shared by every battle).
NO_LAWS = Laws()
