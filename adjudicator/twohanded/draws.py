"""The draws after each trick (R8E) and the end of the battle, when both hands are empty (R8F)
or only one player has cards, and ``close`` at the end of its record.

What a departure from the draws costs is the laws' (``laws/hooks.py``, "draws and deals"): East
Point's R11C-R11F (``laws/eastpoint.py``: a missed draw, an extra card, the lone last card of
the stock, the uneven end), Scarne's drawing slips (``laws/slips.py``, which make every turn's
draws under those laws); without laws a wrong draw or an uneven end is reported under the
ruleset's own rule, with no penalty. A battle whose laws do not make the draws pays no hook
call on its usual turn (``Laws.makes_draws`` is read once a turn).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pinochle.notation.cards import Card, Seat, format_cards
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.rules.meldtables import cards_of
from pinochle.adjudicator.twohanded.core import BattleCore, new_step
from pinochle.adjudicator.model.steps import Drew, Ended, TurnFinished

__all__ = ["Draws"]

EAST, WEST = Seat.EAST, Seat.WEST


class Draws(BattleCore):
    """The actions of R8E and the end (mixed into ``BattleState``); their laws' hooks."""

    __slots__ = ()

    def _next_draw(self) -> Seat | None:
        n = len(self._drawn)
        return self._expected[n] if self._turn and n < len(self._expected) else None

    def can_draw(self, seat: Seat) -> bool:
        """The draw R8E calls for next: winner, then loser, while the stock lasts (R11E; a
        ruleset without irregularity laws has the winner take a lone card)."""
        return self._next_draw() is seat

    def verify_draw(self, seat: Seat) -> list[Finding]:
        rule = self.ids.draws
        if self.can_draw(seat):
            return []
        nxt = self._next_draw()
        if not self._turn:
            message = f"{seat.word} may draw only after a trick, in the draws of {rule}"
        elif nxt is None:
            message = (f"no draw is due: the stock holds {plural(len(self._stock), 'card')} "
                       f"({self.laws.lone_card_rule(rule, False)})")
        else:
            message = (f"{nxt.word} draws next: the trick winner draws first, then the loser "
                       f"({rule})")
        return [Finding(rule=rule, kind=Kind.IRREGULARITY, message=message,
                        trick=self.trick_number)]

    def _take(self, seat: Seat, span: Span, at: int = -1) -> None:
        """The top card of the stock (``at``: another place, SC-SLIP6) to ``seat``."""
        i = self._place[seat]
        if not self._stock:
            self._report(self.ids.draws, Kind.IRREGULARITY,
                         f"{seat.word} draws, but the stock is empty ({self.ids.draws})", span)
            self._log(Drew(seat, None, self._tricks))
            return
        card = self._stock.pop(at)
        if card is not None:
            self._conc[i][card.index] += 1
        else:
            self._unknown[i] += 1
        self._size[i] += 1
        if self._turn:
            self._drawn.append(seat)
        self._log(Drew(seat, card, self._tricks))

    def draw(self, seat: Seat, *, span: Span = NOWHERE) -> None:
        """One card from the top of the stock to ``seat``'s concealed hand. Within a turn the
        draws are checked when the turn finishes; outside one it is an extra card, which the
        laws decide (East Point's R11D: ``Laws.extra_draw``), or the draw rule reports. Under
        Scarne's drawing slips the card is judged as it is drawn (``slips.draw_card``)."""
        laws = self.laws
        if laws.makes_draws:
            laws.draw(seat, span=span)
            return
        if not self._turn and not laws.extra_draw(
                seat, "he draws outside the draws after a trick (R8E)", span, None, None):
            self._report(self.ids.draws, Kind.IRREGULARITY,
                         f"{seat.word} draws outside the draws after a trick "
                         f"({self.ids.draws}): he holds too many cards; no penalty is "
                         "stated", span)
        self._take(seat, span)

    def _remaining_draws(self) -> list[Seat]:
        remaining = list(self._expected)
        for seat in self._drawn:
            if seat in remaining:
                remaining.remove(seat)
        return remaining

    def can_finish_turn(self, draws: Sequence[Seat] | None = None) -> bool:
        return not self.verify_finish_turn(draws)

    def verify_finish_turn(self, draws: Sequence[Seat] | None = None) -> list[Finding]:
        """Legal: a turn is open and ``draws`` is ``None`` or exactly the draws R8E still
        calls for (winner, then loser; none from a stock of one, R11E)."""
        rule = self.ids.draws
        if not self._turn:
            return [Finding(rule=rule, kind=Kind.IRREGULARITY, trick=self.trick_number,
                            message="no trick winner's turn is open: the draws follow a trick")]
        remaining = self._remaining_draws()
        if draws is None or list(draws) == remaining:
            return []
        due = " ".join(map(str, remaining)) or "none"
        lone = self.laws.lone_card_rule(rule, True)
        return [Finding(rule=rule, kind=Kind.IRREGULARITY, trick=self.trick_number,
                        claimed=" ".join(map(str, draws)), expected=due,
                        message=f"the draws due after trick {self._tricks} are: {due} ({lone})")]

    def close_turn(self, span: Span = NOWHERE) -> bool:
        """Before a trick of the record: the open turn, if any, ends with the draws due
        (``finish_turn``); returns whether the battle is over. (What the walker would ask of
        ``in_turn`` and ``is_over`` at every trick, in one call.)"""
        if self._turn:
            self.finish_turn(None, span=span)
        return self._over

    def finish_turn(self, draws: Sequence[Seat] | None = None, *, span: Span = NOWHERE) -> None:
        """End the trick winner's turn with the draws of R8E: winner, then loser, while the stock
        holds two or more (a stock of exactly one stays where it is under East Point's R11E).
        ``draws`` gives the draws that actually happened instead, in order; each departure from
        R8E is the laws' (``Laws.wrong_draws``: East Point's R11C a missed draw, R11D an extra
        one, R11E the lone card taken, R8E the order) or reported under the draw rule. Then the
        battle ends if a hand is empty (R8F). Under Scarne's drawing slips a turn with a count
        off, or with draws that depart from the due ones, is theirs (``Laws.finish_turn``)."""
        laws = self.laws
        if laws.makes_draws and laws.finish_turn(self, draws, span=span):
            return
        if not self._turn:
            for seat in draws or ():
                self.draw(seat, span=span)
            return
        last = self.last_draw
        if last.chosen is not None:               # 25-steps TPV1: the winner's choice
            last.apply()
        expected = self._expected
        if draws is None and not self._drawn:     # the usual turn: R8E's draws, as expected
            stock, conc, size, nominal = self._stock, self._conc, self._size, self._nominal
            log = self.log if self._keep_log else None
            n = self._tricks
            place = self._place
            for seat in expected:
                card = stock.pop()
                i = place[seat]
                if card is not None:
                    conc[i][card.index] += 1
                else:
                    self._unknown[i] += 1
                size[i] += 1
                nominal[i] += 1
                if log is not None:
                    log.append(new_step(Drew, (seat, card, n)))
            self._drawn = list(expected)
            if self._stock_at_turn == 1 and not expected:
                laws.lone_card_left(span)               # R11E
            self._turn = False
            if log is not None:
                log.append(new_step(TurnFinished, (n, expected, expected)))
            if not stock and not self._phase_b:
                self._enter_phase_b()
            # A hand may be empty (size at most debt for some seat; a cheap test that also
            # lets through a few that are not: _check_end tells them apart).
            if ((self.deal_known or self.ruleset.last_trick_bonus)
                    and min(size) <= max(self._debt)):
                self._check_end(span)
            return
        if draws is None:
            sequence: Sequence[Seat] = self._remaining_draws()
        else:
            sequence = draws
        top = self._stock[-2:] if not self._drawn else []
        for seat in sequence:
            self._take(seat, span)
        expected, drawn = self._expected, tuple(self._drawn)
        if drawn != expected:
            self._draw_findings(expected, drawn, span)
            if len(top) == 2 and len(expected) == 2 and drawn == expected[::-1]:
                self._doubt_draws(drawn, top[1], top[0])
        elif self._stock_at_turn == 1 and not expected:
            laws.lone_card_left(span)
        nominal = self._nominal
        for seat in expected:
            nominal[self._place[seat]] += 1
        self._turn = False
        self._log(TurnFinished(self._tricks, expected, drawn))
        if not self._stock and not self._phase_b:
            self._enter_phase_b()
        self._check_end(span)

    def _enter_phase_b(self) -> None:
        """The stock is exhausted: the hands are played out. Where the ruleset says so (OT8F),
        the exposed cards go back to the concealed hands, and their meld histories are gone."""
        self._phase_b = True
        self.laws.melds.deadline()              # SC-BADMELD1: uncorrected melds stand
        if not self.ruleset.phase_b_returns_exposed:
            return
        for conc, exp in zip(self._conc, self._exp):
            for x, n in enumerate(exp):
                if n:
                    conc[x] += n
                    exp[x] = 0
        if self._copies is not None:
            for ledger in self._copies:
                ledger.clear()

    def _draw_findings(self, expected: tuple[Seat, ...], drawn: tuple[Seat, ...],
                       span: Span) -> None:
        """The turn's draws departed from R8E's: the laws decide (East Point's R11C-R11E), or
        they are reported under the draw rule with no penalty."""
        if not self.laws.wrong_draws(expected, drawn, span):
            self._lawless_draws(expected, drawn, span)

    def _doubt_draws(self, drawn: tuple[Seat, ...], first: Card | None,
                     second: Card | None) -> None:
        """The loser drew first (R8E, reported): by the record he took the top card ``first``
        and the winner the next, ``second``; had they drawn in order it would be the other way
        round, and the record may be wrong about the order only. Which card each holds is in
        doubt until the play shows it (``_settle_draw``; docs/rulings.md, "One fault, one
        finding")."""
        if first is not None and second is not None and first is not second:
            place = self._place
            self._draw_doubts.append((place[drawn[0]], first.index, place[drawn[1]],
                                      second.index))

    def _settle_draw(self, i: int, x: int) -> bool:
        """The player at place ``i`` needs card ``x`` (to play it, or for a meld), which he does
        not hold: when a draw out of order left it in doubt (``_doubt_draws``) and his
        opponent still holds it, and he the card drawn instead, they drew as R8E says: the two
        cards change hands, silently. Returns whether they did."""
        conc = self._conc
        for k, (a, first, b, second) in enumerate(self._draw_doubts):
            if (i, x) == (a, second) or (i, x) == (b, first):
                mine, theirs = (first, second) if i == a else (second, first)
                j = b if i == a else a
                if conc[i][mine] and conc[j][theirs]:
                    conc[i][mine] -= 1
                    conc[j][mine] += 1
                    conc[j][theirs] -= 1
                    conc[i][theirs] += 1
                    del self._draw_doubts[k]
                    return True
        return False

    def _settle_draw_if(self, i: int, shown: Callable[[], bool]) -> bool:
        """Settle a draw in doubt of the player at place ``i`` (``_settle_draw``) when the play
        shows it: ``shown()`` (his card is legal, his meld is) is true only with the cards
        exchanged. Otherwise nothing changes. Returns whether they were exchanged."""
        for a, first, b, second in list(self._draw_doubts):
            if i not in (a, b):
                continue
            doubts, hands = list(self._draw_doubts), [list(hand) for hand in self._conc]
            if self._settle_draw(i, second if i == a else first) and shown():
                return True
            self._draw_doubts[:] = doubts
            for hand, before in zip(self._conc, hands):
                hand[:] = before
        return False

    def _lawless_draws(self, expected: tuple[Seat, ...], drawn: tuple[Seat, ...],
                       span: Span) -> None:
        """Draws that depart from the rule, in a ruleset without irregularity laws: reported
        under the draw rule, with no penalty; the hands are tracked as drawn."""
        rule = self.ids.draws
        self._report(rule, Kind.IRREGULARITY,
                     f"after trick {self._tricks} the draws were "
                     f"{' '.join(map(str, drawn)) or 'none'}: the rule is "
                     f"{' '.join(map(str, expected)) or 'none'} (the trick's winner draws first, "
                     f"then the loser) ({rule}); no penalty is stated, so play goes on with the "
                     "cards as drawn", span, Severity.ERROR, " ".join(map(str, drawn)),
                     " ".join(map(str, expected)))

    # --- the end (R8F, R11F) ---------------------------------------------------------------

    def _check_end(self, span: Span) -> None:
        if self._over:
            return
        east, west = self.hand_size(EAST), self.hand_size(WEST)
        if east > 0 and west > 0:
            return
        if not self.deal_known and (not self.ruleset.last_trick_bonus or east > 0 or west > 0):
            # Without the deal only the hands' sizes are known. A ruleset that scores the last
            # trick (OT8G) needs its end: when both hands are empty.
            return
        self._over = True
        bonus = self.ruleset.last_trick_bonus
        if bonus and self._winner is not None:          # OT8G: the last trick's 10
            self._trick_points[self._place[self._winner]] += bonus
        up = self.ruleset.round_up_from                 # 25-steps TPV3: rounded to ten
        if up:
            self._trick_points = [p - p % 10 + (10 if p % 10 >= up else 0)
                                  for p in self._trick_points]
        if east <= 0 and west <= 0:
            self.end = Ended(self.ids.end, None, ())
        else:
            holder = EAST if east > 0 else WEST
            i = self._place[holder]
            leftover = cards_of(tuple(c + e for c, e in zip(self._conc[i], self._exp[i])))
            uneven = self.laws.uneven_end(holder, leftover, span)     # East Point's R11F
            if uneven is None:     # no law says what happens: report it
                rule = self.ids.end
                self.end = Ended(rule, holder, leftover)
                if self._void:      # a void deal played out (SC-DRAW1): its counts are moot
                    self._log(self.end)
                    return
                self._report(rule, Kind.IRREGULARITY,
                             f"{holder.other.word} has no cards left while {holder.word} still "
                             f"holds {len(leftover)} ({format_cards(leftover)}): the hands should "
                             f"run out together ({rule}); the battle ends here, and those cards "
                             "count for neither player", span, Severity.ERROR)
            else:
                self.end = Ended(uneven, holder, leftover)
        self._log(self.end)

    def close(self) -> None:
        """The record of the battle ends: melds still open to objection stand (R11B), the
        laws settle what waited (``Laws.close``, ``Laws.settle_draws``)."""
        if self._closed:
            return
        self._closed = True
        self.laws.close()       # unclaimed reneges, open melds stand (SC-RENEGE1, R11B...)
        self.laws.settle_draws()            # extra cards never found out (R11D)
