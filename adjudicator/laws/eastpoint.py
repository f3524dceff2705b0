"""East Point's irregularity laws as the hook object a battle's state calls (``hooks.Laws``):
the statements of R11A (an objection to the shuffle, cut or deal: in time, the same dealer deals
again) and of R11C/R11D (a player found with too few cards plays on; with too many, he loses
every further trick and may not meld); and the penalties of the draws, which the state asks at
its draw hooks: a missed draw (R11C), an extra card (R11D: its finding waits for the battle to
show whether the penalty was applied), the lone card of the stock (R11E) and the uneven end
(R11F). The ids are the policy's (``LawsPolicy.redeal_rule``, ``PenaltyLaw``,
``LawsPolicy.uneven_end_rule``). Its meld window, the objection to a meld (R11B), is a part the
policy's ``meld_window`` chooses (``windows.MeldLaws``: ``objections.MeldObjections``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Any

from pinochle.notation.cards import Card, Seat, format_cards
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.laws.windows import MeldLaws
from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.model.steps import Discovered, ObjectedToDeal
from pinochle.adjudicator.twohanded.records import Problem

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["ALREADY_FOUND_OUT", "EastPointLaws", "FOUND_OUT", "NEVER_FOUND_OUT"]

# How an extra card's finding ends ({rule}: the penalty's id, ``PenaltyLaw.too_many``).
FOUND_OUT = "he is found with too many cards, and {rule}'s penalty applies"
ALREADY_FOUND_OUT = "he was already found with too many cards, and {rule}'s penalty applies"
NEVER_FOUND_OUT = ("he is never found with too many cards, so {rule}'s penalty never applies "
                   "and he plays on with the extra card")


class EastPointLaws(MeldLaws):
    """One battle under East Point's laws (R11)."""

    __slots__ = ("redeal", "too_few", "too_many",
                 "lone", "uneven", "extra", "lone_noticed")     # the draws: R11C-R11F

    def __init__(self, state: BattleCore) -> None:
        laws = state.ruleset.laws
        assert laws.redeal_rule is not None, "R11A: East Point's laws have a redeal"
        super().__init__(state)
        self.redeal = laws.redeal_rule
        self.too_few, self.too_many = laws.penalty.too_few, laws.penalty.too_many
        assert laws.lone_card_stays and laws.uneven_end_rule is not None, "R11E, R11F"
        self.lone, self.uneven = laws.penalty.lone_card, laws.uneven_end_rule
        #: Each seat's extra cards not yet found out (R11D), at its place in the seats.
        self.extra: list[list[Problem]] = [[] for _ in state.ruleset.seats]
        self.lone_noticed = False       # R11E is noticed once a battle

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
                self._settle_extra(i, FOUND_OUT, Severity.INFO)
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

    # --- the draws: R11C, R11D, R11E, R11F --------------------------------------------------

    def extra_draw(self, seat: Seat, cause: str, span: Span, claimed: Any,
                   expected: Any) -> bool:
        """An extra card drawn (R11D), ``cause`` saying how. Its finding waits for the battle to
        show whether R11D was applied: a notice once he is found with too many cards (or at once
        if he already was), a warning if the battle ends without it (``settle_draws``). R11D
        decides, and is cited first (docs/rulings.md, "The deciding rule's own id")."""
        state = self.state
        i = state._place[seat]
        rule = self.too_many
        message = f"{seat.word} holds too many cards ({rule}): {cause}"
        self.extra[i].append(Problem(rule, Kind.IRREGULARITY, message, claimed, expected, False,
                                     span, state.trick_number))
        if state._penalized[i]:
            self._settle_extra(i, ALREADY_FOUND_OUT, Severity.INFO)
        return True

    def _settle_extra(self, i: int, note: str, severity: Severity) -> None:
        report = self.state._report
        for p in self.extra[i]:
            report(p.rule, p.kind, f"{p.message}; {note.format(rule=p.rule)}", p.span,
                   severity, p.claimed, p.expected, p.trick)
        self.extra[i] = []

    def settle_draws(self) -> None:
        for i in range(len(self.extra)):
            self._settle_extra(i, NEVER_FOUND_OUT, Severity.WARNING)

    def wrong_draws(self, expected: tuple[Seat, ...], drawn: tuple[Seat, ...],
                    span: Span) -> bool:
        """Each player's draws against R8E's: too few (R11C: he plays on short), too many
        (R11D, ``extra_draw``; the lone last card taken, R11E); the counts right but not the
        order, R8E."""
        state = self.state
        n, draws = state.tricks_played, state.ids.draws
        counted = False
        for seat in state.ruleset.seats:
            want, got = expected.count(seat), drawn.count(seat)
            if got < want:
                counted = True
                rule = self.too_few
                state._report(rule, Kind.IRREGULARITY,
                              f"{seat.word} plays on with too few cards, his only penalty "
                              f"({rule}): he did not draw after trick {n} ({draws})", span,
                              Severity.INFO,
                              got, want)
            elif got > want:
                counted = True
                if state._stock_at_turn == 1 and not want:
                    rule = self.lone
                    state._report(rule, Kind.IRREGULARITY,
                                  f"{seat.word} takes the last card of the stock after trick "
                                  f"{n}; with exactly one card left neither player takes it "
                                  f"({rule})", span, Severity.ERROR, got, want)
                else:
                    extra = plural(got - want, "card")
                    self.extra_draw(seat, f"he draws {extra} more than R8E allows after trick "
                                          f"{n}", span, got, want)
        if not counted:
            state._report("R8E", Kind.IRREGULARITY,
                          f"after trick {n} the draws were {' '.join(map(str, drawn))}: the "
                          f"trick winner ({expected[0].word}) draws first, then the loser (R8E)",
                          span, Severity.ERROR, " ".join(map(str, drawn)),
                          " ".join(map(str, expected)))
        return True

    def lone_card_rule(self, rule: str, turn: bool) -> str:
        """R11E: a stock of exactly one card stays untaken."""
        if turn:
            return f"{rule}: winner, then loser; {self.lone}: none from a stock of one"
        return f"{rule}; with exactly one, nobody takes it, {self.lone}"

    def lone_card_left(self, span: Span) -> None:
        """R11E, noticed once a battle: the stock holds one card and nobody takes it."""
        if not self.lone_noticed:
            self.lone_noticed = True
            state, rule = self.state, self.lone
            state._report(rule, Kind.NOTICE,
                          f"after trick {state.tricks_played} the stock holds exactly one "
                          f"card: neither player takes it ({rule})", span, Severity.INFO)

    def uneven_end(self, holder: Seat, leftover: tuple[Card, ...], span: Span) -> str | None:
        """R11F: one hand runs out first; the battle ends, the other's cards count for
        neither player (a notice)."""
        uneven, state = self.uneven, self.state
        out = state.ruleset.seating.opponent(holder)
        state._report(uneven, Kind.NOTICE,
                      f"{out.word} has no cards left while {holder.word} still holds "
                      f"{len(leftover)} ({format_cards(leftover)}): the battle ends, and those "
                      f"cards count as trick winnings for neither player ({uneven})",
                      span, Severity.INFO)
        return uneven
