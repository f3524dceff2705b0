"""East Point's irregularity laws as the hook object a battle's state calls (``hooks.Laws``):
the statements of R11A (an objection to the shuffle, cut or deal: in time, the same dealer deals
again) and of R11C/R11D (a player found with too few cards plays on; with too many, he loses
every further trick and may not meld). The ids are the policy's (``LawsPolicy.redeal_rule``,
``PenaltyLaw``). Its meld window, the objection to a meld (R11B), is a part the policy's
``meld_window`` chooses (``windows.MeldLaws``: ``objections.MeldObjections``). East Point's other
laws (R11C-R11E's draws, R11F's end) are still in the state's modules, reached through the
policy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pinochle.notation.cards import Seat
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.laws.windows import MeldLaws
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.model.steps import Discovered, ObjectedToDeal
from pinochle.adjudicator.twohanded.draws import FOUND_OUT

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["EastPointLaws"]


class EastPointLaws(MeldLaws):
    """One battle under East Point's laws (R11)."""

    __slots__ = ("redeal", "too_few", "too_many")

    def __init__(self, state: BattleCore) -> None:
        laws = state.ruleset.laws
        assert laws.redeal_rule is not None, "R11A: East Point's laws have a redeal"
        super().__init__(state)
        self.redeal = laws.redeal_rule
        self.too_few, self.too_many = laws.penalty.too_few, laws.penalty.too_many

    # --- R11A ------------------------------------------------------------------------------

    def can_object_deal(self, seat: Seat) -> bool:
        """R11A: before ``seat`` has played a card to the first trick."""
        state = self.state
        return state._played[state._place[seat]] == 0 and state.tricks_played == 0

    def verify_object_deal(self, seat: Seat) -> list[Finding]:
        if self.can_object_deal(seat):
            return []
        rule = self.redeal
        return [Finding(rule=rule, kind=Kind.IRREGULARITY, trick=self.state.trick_number,
                        message=f"{seat.word} has played to the first trick: too late to object "
                                f"to the shuffle, cut or deal ({rule})")]

    def object_deal(self, seat: Seat, target: str = "deal", *, span: Span = NOWHERE) -> bool:
        """R11A: an objection to the shuffle, cut or deal. In time (before the objector has
        played a card to the first trick) the same dealer deals again; returns whether it was."""
        state, rule = self.state, self.redeal
        timely = self.can_object_deal(seat)
        if timely:
            state.report(rule, Kind.IRREGULARITY,
                         f"{seat.word} objects to the {target} before playing to the first trick:"
                         f" {state.dealer.word} deals again ({rule})", span, Severity.INFO)
        else:
            state.report(rule, Kind.IRREGULARITY,
                         f"{seat.word}'s objection to the {target} comes after he played to the "
                         f"first trick: too late, the deal stands ({rule})", span, Severity.INFO)
        state._log(ObjectedToDeal(seat, target, timely))
        return timely

    # --- R11C, R11D ------------------------------------------------------------------------

    def can_discover(self, seat: Seat, too_many: bool) -> bool:
        """The player really holds too many (R11D) or too few (R11C) cards."""
        state = self.state
        if not state.deal_known:
            return True
        held, should = state.hand_size(seat), state.should_hold(seat)
        return held > should if too_many else held < should

    def verify_discover(self, seat: Seat, too_many: bool) -> list[Finding]:
        if self.can_discover(seat, too_many):
            return []
        state = self.state
        rule = self.too_many if too_many else self.too_few
        return [Finding(rule=rule, kind=Kind.IRREGULARITY, trick=state.trick_number,
                        claimed=state.hand_size(seat), expected=state.should_hold(seat),
                        message=f"{seat.word} holds {state.hand_size(seat)} cards, as many as "
                                f"are due or {'fewer' if too_many else 'more'}: {rule} does "
                                "not apply")]

    def discover(self, seat: Seat, too_many: bool, *, span: Span = NOWHERE) -> bool:
        """A player is found with too many (R11D: he loses all further tricks and cannot meld)
        or too few cards (R11C: no penalty). Returns whether the count really is wrong; a false
        discovery is reported and changes nothing."""
        state = self.state
        i = state._place[seat]
        held, should = state.hand_size(seat), state.should_hold(seat)
        valid = self.can_discover(seat, too_many)
        rule = self.too_many if too_many else self.too_few
        if valid:
            if too_many:
                state._penalized[i] = True
                text = f"he loses all further tricks, and thus cannot meld ({rule})"
                state._settle_extra(i, FOUND_OUT, Severity.INFO)
            else:
                text = f"no penalty: he finishes the battle with the shortage ({rule})"
            count = f" ({held} cards, {should} due)" if state.deal_known else ""
            state.report(rule, Kind.NOTICE,
                         f"{seat.word} is found with too {'many' if too_many else 'few'} "
                         f"cards{count}: {text}", span, Severity.INFO, held, should)
        else:
            state.report(rule, Kind.IRREGULARITY,
                         f"{seat.word} is said to hold too {'many' if too_many else 'few'} "
                         f"cards, but holds {held}, "
                         f"{'not more than' if too_many else 'not fewer than'} "
                         f"the {should} due: {rule} does not apply", span, Severity.ERROR,
                         held, should)
        state._log(Discovered(seat, too_many, held, should, valid))
        return valid
