"""The walker's side of a misdeal law (Scarne's SC-MISDEAL0-9; ``misdeals.py`` is the state's
side, a part of the battle's laws object, which this walker sends the statements:
``state.laws.misdeal``, ``state.laws.dead_hand``, ...). A part of ``replay._BattleWalk`` (its
``misdeals``), given the walker:

- at each deal: an imperfect pack is a dead hand (SC-MISDEAL8) found by the referee (an error
  at the deal, the rest of the hand not replayed) unless a ``deadhand`` statement of the
  battle finds it (then play is replayed up to it); a wrong count (a hand not dealt 12) is held
  back: a timely misdeal replaces the deal, else it is an SC-MISDEAL9 error once the nondealer
  has drawn (or the record of the battle ends);
- ``misdeal`` (a redeal follows, as R11A's objection) and ``deadhand``;
- statements after a dead hand are ignored: reported after a ``deadhand`` (play stopped), not
  after the referee's own discovery (the whole hand is dead).
"""

from __future__ import annotations

from weakref import proxy

from typing import TYPE_CHECKING, Any, Protocol

from pinochle.notation.events import Deal, DeadHand, Misdeal, Objection, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.laws.misdeals import (COUNTS_REPAIRED, PackFaults, irregular_counts,
                                                pack_faults)
from pinochle.adjudicator.model.ruleset import Ruleset

if TYPE_CHECKING:
    from pinochle.notation.events import Battle

    from pinochle.adjudicator.twohanded.state import BattleState

__all__ = ["MisdealWalk"]


class Walker(Protocol):
    """What the misdeal law uses of the battle's walker (``replay._BattleWalk``)."""

    ruleset: Ruleset
    battle: Battle
    state: BattleState | None
    redeal_pending: Objection | Misdeal | None

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, trick: int | None = None) -> None: ...

    def report(self, finding: Finding) -> None: ...

    def lawless(self, event: Any, what: str, statement: str) -> bool: ...


class MisdealWalk:
    """Misdeals, dead hands and held deal counts, for ``replay._BattleWalk``'s battle."""

    __slots__ = ("walk", "ruleset", "dead_by", "faults", "held", "dead_reported")

    def __init__(self, walk: Walker) -> None:
        self.walk: Walker = proxy(walk)     # (no cycle: laws/hooks.py)
        self.ruleset = walk.ruleset
        #: The statement that found the dead hand (``DeadHand``), or the deal (the referee's
        #: own discovery); None while the hand lives.
        self.dead_by: DeadHand | Deal | None = None
        self.faults: PackFaults | None = None   # the current deal's imperfections (SC-MISDEAL8)
        self.held: tuple[Finding, ...] = ()     # a wrong count awaiting its misdeal (SC-MISDEAL9)
        self.dead_reported = False              # a statement after ``deadhand`` was reported

    def judge_deal(self, deal: Deal, findings: list[Finding]) -> list[Finding]:
        """The deal's findings (``deals.check_deal``) as a misdeal law sees them: those to
        report now. An imperfect pack replaces them (a dead hand); a wrong count is held."""
        law = self.ruleset.laws.misdeals
        self.held, self.faults = (), None
        if law is None:
            return findings
        self.faults = pack_faults(self.ruleset, deal)
        if self.faults is not None:
            if self._deadhand_follows(deal):
                return []
            return [Finding(rule=law.dead_hand, kind=Kind.IRREGULARITY, span=deal.span,
                            message=f"the pack is imperfect: {self.faults.describe(self.ruleset)}"
                                    "; the hand is dead, its scores count for nobody, earlier "
                                    "hands stand; the rest of the hand is not replayed "
                                    f"({law.dead_hand})")]
        if not irregular_counts(self.ruleset, deal):
            return findings
        counts = (self.ruleset.ids.hand, self.ruleset.ids.stock)
        self.held = tuple(f for f in findings if f.rule in counts)
        return [f for f in findings if f.rule not in counts]

    def _deadhand_follows(self, deal: Deal) -> bool:
        """A ``deadhand`` statement follows this deal in the battle (before any other deal)."""
        events = self.walk.battle.events
        start = next(i for i, e in enumerate(events) if e is deal) + 1
        for event in events[start:]:
            if type(event) is DeadHand:
                return True
            if type(event) is Deal:
                return False
        return False

    def dealt_dead(self, deal: Deal) -> None:
        """After the state of a new deal starts: the referee's own discovery kills the hand; a
        wrong count held back counts from the regular hand (SC-MISDEAL9: should the deal
        stand, the drawing laws repair it)."""
        state = self.walk.state
        assert state is not None
        if self.held:
            state.laws.count_stands()
        if self.faults is not None and self.ruleset.laws.misdeals is not None \
                and not self._deadhand_follows(deal):
            state.laws.void_hand()
            self.dead_by = deal

    def count_deadline(self) -> None:
        """A wrong count held back from the deal: once the nondealer has drawn (or the record of
        the battle ends) with no misdeal, the deal stands: SC-MISDEAL9 errors."""
        state = self.walk.state
        law = self.ruleset.laws.misdeals
        if not self.held or state is None or law is None or state.laws.before_first_draw():
            return
        self.release_held()

    def release_held(self) -> None:
        law = self.ruleset.laws.misdeals
        held, self.held = self.held, ()
        if law is None or self.walk.state is None or self.walk.state.dead:
            return
        nondealer = self.walk.battle.dealer.other.word
        for finding in held:
            self.walk.report(finding.model_copy(update={
                "rule": law.count, "kind": Kind.IRREGULARITY,
                "message": f"the deal stands, no misdeal called before {nondealer}'s first "
                           f"draw from the stock ({law.count}): {finding.message}; "
                           f"{COUNTS_REPAIRED}"}))

    def on_misdeal(self, event: Misdeal) -> None:
        state = self.walk.state
        assert state is not None
        if self.walk.lawless(event, "a misdeal called", "misdeal"):
            return
        if state.laws.misdeal(event.reason, event.card, span=event.span):
            self.walk.redeal_pending = event
            self.held = ()                  # the deal is replaced: its counts do not matter

    def on_deadhand(self, event: DeadHand) -> None:
        state = self.walk.state
        assert state is not None
        if self.walk.lawless(event, "a dead hand (an imperfect pack)", "deadhand"):
            return
        if state.laws.dead_hand(self.faults, span=event.span):
            self.dead_by = event
            self.held = ()

    def after_dead(self, event: Any) -> None:
        """A statement after the hand died: ignored. The first one after a ``deadhand`` is
        reported (play stopped there); after the referee's own discovery at the deal the whole
        hand is dead, and nothing more is said."""
        law = self.ruleset.laws.misdeals
        found = self.dead_by
        if type(found) is not DeadHand or law is None or self.dead_reported:
            return
        self.dead_reported = True
        self.walk.new(law.dead_hand, Kind.MALFORMED, event.span,
                 f"play stops at the dead hand on line {found.span.line} ({law.dead_hand}): "
                 "nothing but the battle's claims may follow it; this statement and those "
                 "after it are ignored")

    def misdeal_not_followed(self, misdeal: Misdeal, continues: bool) -> None:
        """A valid misdeal with no new deal after it (SC-MISDEAL0)."""
        law = self.ruleset.laws.misdeals
        assert law is not None
        then = ": play continues with the first deal" if continues else ""
        self.walk.new(law.redeal, Kind.IRREGULARITY, misdeal.span,
                 f"the misdeal ({misdeal.reason}) is followed by no new deal{then} "
                 f"({law.redeal})", Severity.WARNING)
