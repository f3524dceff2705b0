"""Scarne's drawing slips (SC-SLIP1-6, SC-DRAW1-4; ``LawsPolicy.draw_slips == "repaired"``).

The later, detailed laws (SC-SLIP) govern; the earlier list (SC-DRAW) only where they are silent
(spec §7.4, rulings S8-S11 in docs/rulings.md, Scarne's laws). A hand's count is measured
against what it should hold had every draw been made (``_nominal``):

- a short hand (a missed draw, ``nodraw E``) owes cards: at his next draw turn the player draws
  his own card, then the owed ones (SC-SLIP1; still short later, SC-SLIP4). Notice.
- a long hand (an extra card kept, ``extradraw E``) draws nothing until its count is legal: it
  skips draws (SC-SLIP3, "discarding" = playing to tricks, ruling S10). Notice.
- a card drawn extra or out of turn may be put back on top of the stock (``return E``: SC-SLIP2,
  SC-DRAW2, SC-SLIP5, SC-DRAW3); one drawn out of turn and seen goes to the opponent whose card
  it was (``give E W``, SC-SLIP5), and the offender then draws his proper card. Both players
  drawing the wrong card (the loser first) stands (SC-SLIP5). Notices.
- three cards at the last draw (two face down and the upcard): the winner takes the upcard, the
  loser the top card, the short player the other (SC-SLIP6, ruling S11). Notice.
- a hand still wrong once the stock is gone cannot be repaired: the deal is void, the hand
  counts for nobody and is dealt again (SC-DRAW1, SC-SLIP4; ruling S8). Error.
- a ``return`` or ``give`` that does not match what happened: error, no effect.

A turn's draws are actions one at a time (``draw_card``, ``return_card``, ``give_card``), then
``close_draws``; ``slip_draws`` does a whole draw group of the record. The usual turn (nobody's
count off, the draws implied) never comes here: ``Draws.finish_turn`` makes it as always.

``Slips`` is this law's part of a battle's laws object (``scarne.ScarneLaws``): it owns the
battle's slip book (``slipbook.SlipBook``) and reads and moves the cards of the state it is
given (a weak proxy, ``hooks.py``), which calls it at the draws of each turn
(``Laws.makes_draws``); the walker sends it the draw groups, ``return`` and ``give``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from weakref import proxy

from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import NOWHERE, Draw, ExtraDraw, GiveCard, MissedDraw, ReturnCard
from pinochle.notation.events import Span

from pinochle.adjudicator.model.findings import Kind, Severity, plural
from pinochle.adjudicator.laws.slipbook import DrawAct, SlipBook
from pinochle.adjudicator.model.steps import TurnFinished

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["Slips", "slip_actions"]

#: The law of a deal a count off voids once the stock is gone (ruling S8).
VOID_DEAL = "SC-DRAW1"


def slip_actions(group: Sequence[Any], expected: Sequence[Seat]
                 ) -> tuple[list[tuple[str, Seat, Seat | None, Span]], list[Any]]:
    """A draw group of the record as the actions it says happened, in order: ``draw`` lines
    (each seat one card; without any, the draws due, ``expected``), ``extradraw`` (one more
    card), ``return`` and ``give`` where they stand; ``nodraw S`` takes out one of S's draws.
    Returns the actions and the ``nodraw`` events that name no draw."""
    actions: list[tuple[str, Seat, Seat | None, Span]] = []
    implied: list[tuple[str, Seat, Seat | None, Span]] = []
    if not any(type(e) is Draw for e in group):
        implied = [("draw", seat, None, group[0].span) for seat in expected]
    missed: list[Any] = []
    for event in group:
        kind = type(event)
        if kind is Draw:
            actions.extend(("draw", seat, None, event.span) for seat in event.seats)
        elif kind is ExtraDraw:
            actions.append(("extra", event.seat, None, event.span))
        elif kind is ReturnCard:
            actions.append(("return", event.seat, None, event.span))
        elif kind is GiveCard:
            actions.append(("give", event.seat, event.to, event.span))
        elif kind is MissedDraw:
            missed.append(event)
    actions = implied + actions
    unmatched = []
    for event in missed:
        at = next((k for k, a in enumerate(actions) if a[0] == "draw" and a[1] is event.seat),
                  None)
        if at is None:
            unmatched.append(event)
        else:
            del actions[at]
    return actions, unmatched


class Slips:
    """Scarne's drawing slips: a part of the battle's laws object (``scarne.ScarneLaws``),
    owning its slip book (None until a count is off or a card is drawn one at a time)."""

    __slots__ = ("state", "book")

    def __init__(self, state: BattleCore) -> None:
        self.state: BattleCore = proxy(state)   # (no cycle: hooks.py)
        self.book: SlipBook | None = None

    # --- the plan of a turn (called when a trick is gathered) ------------------------------

    def plan_turn(self, core: BattleCore) -> None:
        """The draws the laws call for in the turn just opened in ``core`` (the state itself,
        not the proxy: this runs every turn): each player draws his card of SC-PLAY8 plus what
        he owes (SC-SLIP1, SC-SLIP4), less what he holds over (SC-SLIP3), the winner's first,
        while the stock lasts; three cards at the last draw go as SC-SLIP6."""
        seats, place = core._seats, core._place
        dev = tuple(core.count_off(seat) for seat in seats)
        book = self.book
        if book is None:
            if not any(dev):
                return
            book = self.book = SlipBook(seats)
        base = core._expected
        winner = core._winner
        assert winner is not None
        loser = winner.other
        need = [max(0, base.count(seat) - dev[place[seat]]) for seat in seats]
        nw, nl = need[place[winner]], need[place[loser]]
        due = [winner] * nw + [loser] * nl
        stock = len(core._stock)
        slip6 = bool(core.ruleset.upcard and stock == 3 and len(due) == 3 and nw and nl)
        if slip6:
            due = [winner, loser, winner if nw == 2 else loser]
        due = due[:stock]
        core._expected = tuple(due)
        book.new_turn(core._tricks, base, due, need, dev, slip6)

    def turn_open(self, core: BattleCore) -> bool:
        """The open turn of ``core`` is the laws' to make: a count is off, or a card was drawn
        one by one."""
        book = self.book
        return book is not None and book.turn == core._tricks and (book.off or bool(book.acts))

    def _turn_book(self) -> SlipBook:
        core = self.state
        book = self.book
        if book is None:
            book = self.book = SlipBook(core._seats)
        if book.turn != core._tricks:       # a turn plan_turn left alone: nobody's count off
            base = core._expected
            book.new_turn(core._tricks, base, base, [base.count(s) for s in core._seats],
                          tuple(0 for _ in core._seats), False)
        return book

    # --- the actions -----------------------------------------------------------------------

    def slip_draws(self, actions: Sequence[tuple[str, Seat, Seat | None, Span]], *,
                   span: Span = NOWHERE) -> None:
        """A draw group of the record (``slip_actions``), then the end of the turn."""
        core = self.state
        for what, seat, to, where in actions:
            if what == "return":
                self.return_card(seat, span=where)
            elif what == "give":
                assert to is not None
                self.give_card(seat, to, span=where)
            else:
                self.draw_card(seat, span=where)
        if core._turn:
            self.close_draws(span)

    def slip_turn(self, draws: Sequence[Seat] | None, *, span: Span = NOWHERE) -> None:
        """``finish_turn`` under these laws: ``draws`` (or the draws still due) one by one, then
        the end of the turn."""
        core = self.state
        if not core._turn:
            for seat in draws or ():
                self.draw_card(seat, span=span)
            return
        book = self._turn_book()
        for seat in (list(book.due) if draws is None else draws):
            self.draw_card(seat, span=span)
        self.close_draws(span)

    def draw_card(self, seat: Seat, *, span: Span = NOWHERE) -> None:
        """``seat`` draws the top card of the stock now: in turn, out of turn (it was the
        other's), or beyond his due (an extra card)."""
        core = self.state
        if not core._turn:
            empty = not core._stock
            core._take(seat, span)
            if not empty:
                core._report("SC-SLIP2", Kind.IRREGULARITY,
                             f"{seat.word} draws a card outside the draws after a trick: he "
                             "holds too many cards and draws no more until his count is legal "
                             "(SC-SLIP2, SC-SLIP3)", span, Severity.INFO)
            return
        book = self._turn_book()
        before = tuple(book.due)
        owner = None
        if book.due and book.due[0] is seat:
            kind = "due"
            book.due.pop(0)
        elif seat in book.due:
            kind, owner = "out", book.due[0]
            book.due.remove(seat)
        else:
            kind = "extra"
        at = -1
        if book.slip6 and seat is core._winner and not book.winner_drew:
            at, book.winner_drew = 0, True          # SC-SLIP6: the winner takes the upcard
        if not core._stock:                          # reported by _take: nothing drawn
            core._take(seat, span)
            book.due = list(before)
            return
        card = core._stock[at]
        core._take(seat, span, at)
        book.acts.append(DrawAct(seat, card, kind, before, owner))

    def _last_act(self, seat: Seat) -> DrawAct | None:
        core = self.state
        book = self.book
        if not core._turn or book is None or book.turn != core._tricks or not book.acts:
            return None
        last = book.acts[-1]
        return last if last.seat is seat else None

    def _untake(self, seat: Seat, card: Card | None) -> None:
        """The card last drawn by ``seat`` leaves his hand (to the stock or the opponent)."""
        core = self.state
        i = core._place[seat]
        if card is not None:
            core._conc[i][card.index] -= 1
        else:
            core._unknown[i] -= 1
        core._size[i] -= 1
        drawn = core._drawn
        for k in range(len(drawn) - 1, -1, -1):
            if drawn[k] is seat:
                del drawn[k]
                break

    def can_return(self, seat: Seat) -> bool:
        """``return``: the last card drawn was ``seat``'s, out of turn or beyond his due."""
        last = self._last_act(seat)
        return last is not None and last.kind in ("out", "extra")

    def return_card(self, seat: Seat, *, span: Span = NOWHERE) -> bool:
        """``return E``: East puts the card he drew last back on top of the stock; returns
        whether it matched what happened (else an error, no effect)."""
        core = self.state
        last = self._last_act(seat)
        if last is None or last.kind not in ("out", "extra"):
            core._report("SC-SLIP2", Kind.IRREGULARITY,
                         f"{seat.word} puts a card back on the stock, but the last card drawn "
                         f"was not {seat.word}'s drawn out of turn or beyond his due: nothing to "
                         "return (SC-SLIP2, SC-SLIP5); no effect", span, Severity.ERROR)
            return False
        book = self.book
        assert book is not None
        book.acts.pop()
        self._untake(seat, last.card)
        core._stock.append(last.card)
        book.due = list(last.before)
        if last.kind == "out":
            assert last.owner is not None
            core._report("SC-SLIP5", Kind.IRREGULARITY,
                         f"{seat.word} drew out of turn after trick {core._tricks} (the card was "
                         f"{last.owner.word}'s) and puts it back unseen on top of the stock: "
                         "the draws go on in order (SC-SLIP5, SC-DRAW3)", span, Severity.INFO)
        else:
            core._report("SC-SLIP2", Kind.IRREGULARITY,
                         f"{seat.word} drew a card more than due after trick {core._tricks} and "
                         "puts it back on top of the stock, in order (SC-SLIP2, SC-DRAW2)",
                         span, Severity.INFO)
        return True

    def can_give(self, seat: Seat, to: Seat) -> bool:
        """``give``: to the opponent, the card ``seat`` just drew out of turn (it was his)."""
        last = self._last_act(seat)
        return to is not seat and last is not None and last.kind == "out"

    def give_card(self, seat: Seat, to: Seat, *, span: Span = NOWHERE) -> bool:
        """``give E W``: East drew West's card out of turn and saw it: it goes to West, and
        East then draws his proper card and shows it (SC-SLIP5). Returns whether it matched
        what happened (else an error, no effect)."""
        core = self.state
        last = self._last_act(seat)
        if to is seat or last is None or last.kind != "out":
            why = ("a player cannot give a card to himself" if to is seat else
                   f"the last card drawn was not one {seat.word} drew out of turn")
            core._report("SC-SLIP5", Kind.IRREGULARITY,
                         f"{seat.word} gives a card to {to.word}, but {why}: only a card drawn "
                         "out of turn and seen goes to the opponent (SC-SLIP5); no effect", span,
                         Severity.ERROR)
            return False
        book = self.book
        assert book is not None
        self._untake(seat, last.card)
        j = core._place[to]
        if last.card is not None:
            core._conc[j][last.card.index] += 1
        else:
            core._unknown[j] += 1
        core._size[j] += 1
        core._drawn.append(to)
        due = list(last.before)
        due.remove(to)                  # the owner has his card; the offender still draws his
        book.due = due
        book.acts[-1] = DrawAct(to, last.card, "due", last.before, None)
        core._report("SC-SLIP5", Kind.IRREGULARITY,
                     f"{seat.word} drew {to.word}'s card out of turn after trick {core._tricks} "
                     f"and saw it: it goes to {to.word}, and {seat.word} draws his proper card "
                     "and shows it (SC-SLIP5)", span, Severity.INFO)
        return True

    # --- the end of the turn ---------------------------------------------------------------

    def close_draws(self, span: Span = NOWHERE) -> None:
        """The turn's draws are over: what each player drew against his due is told (notices),
        the counts carry to the next turn, and a count the stock can no longer repair voids the
        deal (SC-DRAW1)."""
        core = self.state
        book = self._turn_book()
        n = core._tricks
        for seat in book.base:
            core._nominal[core._place[seat]] += 1
        core._turn = False
        core._log(TurnFinished(n, core._expected, tuple(core._drawn)))
        drew = [sum(1 for a in book.acts if a.seat is seat) for seat in core._seats]
        if book.slip6:
            winner = core._winner
            assert winner is not None
            upcard = next((a.card for a in book.acts if a.seat is winner), None)
            taken = f" ({upcard})" if upcard is not None else ""
            core._report("SC-SLIP6", Kind.IRREGULARITY,
                         f"three cards are left at the last draw after trick {n}: the winner, "
                         f"{winner.word}, takes the upcard{taken}, the loser the top card, the "
                         "short player the other; no penalty, no misdeal (SC-SLIP6)", span,
                         Severity.INFO)
        for k, act in enumerate(book.acts):
            # Out of turn, and the card's owner drew after him: both drew the wrong card. (Had
            # the owner not drawn, he missed his draw and the other drew in his own turn.)
            if act.kind == "out" and any(a.seat is act.owner for a in book.acts[k + 1:]):
                assert act.owner is not None
                core._report("SC-SLIP5", Kind.IRREGULARITY,
                             f"after trick {n} {act.seat.word} drew out of turn, before "
                             f"{act.owner.word}, and the card was not put back: both drew the "
                             "wrong card, and play stands (SC-SLIP5)", span, Severity.INFO,
                             " ".join(map(str, core._drawn)), " ".join(map(str, book.base)))
                break
        if not core._stock and any(core.count_off(seat) for seat in core._seats):
            self._void_deal(span)
        else:
            for seat, drawn in zip(core._seats, drew):
                self._tell_count(book, seat, drawn, span)
        for i, seat in enumerate(core._seats):
            if core.count_off(seat) >= 0:
                book.owed_since[i] = None
            elif book.owed_since[i] is None:
                book.owed_since[i] = n
        if not core._stock and not core._phase_b:
            core._enter_phase_b()
        core._check_end(span)

    def _tell_count(self, book: SlipBook, seat: Seat, drew: int, span: Span) -> None:
        """The notice for one player's draws this turn, when they were not just his one card."""
        core = self.state
        i = core._place[seat]
        n, own, want, dev = core._tricks, book.base.count(seat), book.need[i], book.dev[i]
        off = core.count_off(seat)
        word = seat.word
        if drew > want:
            core._report("SC-SLIP2", Kind.IRREGULARITY,
                         f"{word} draws {plural(drew - want, 'card')} more than due after trick "
                         f"{n} and does not put it back (SC-SLIP2): he holds "
                         f"{plural(off, 'card')} too many and draws no more until his count is "
                         "legal (SC-SLIP3)", span, Severity.INFO, drew, want)
        elif drew < want:
            if dev < 0 or own < want:
                core._report("SC-SLIP4", Kind.IRREGULARITY,
                             f"{word} draws {drew} after trick {n}, {want} due: he is still "
                             f"{plural(-off, 'card')} short and draws enough at his next turn "
                             "(SC-SLIP4)", span, Severity.INFO, drew, want)
            else:
                core._report("SC-SLIP1", Kind.IRREGULARITY,
                             f"{word} did not draw after trick {n}: he owes "
                             f"{plural(-off, 'card')}, and at his next draw turn draws his own "
                             "card, then the owed one (SC-SLIP1)", span, Severity.INFO, drew,
                             want)
        elif want > own:
            since = book.owed_since[i]
            rule = "SC-SLIP1" if since is not None and since == n - 1 else "SC-SLIP4"
            owed = want - own
            core._report(rule, Kind.IRREGULARITY,
                         f"{word} draws {plural(want, 'card')} after trick {n}: his own, then "
                         f"the {plural(owed, 'card')} he owed ({rule})", span, Severity.INFO,
                         drew, want)
        elif want < own:
            core._report("SC-SLIP3", Kind.IRREGULARITY,
                         f"{word} holds {plural(dev, 'card')} too many: he does not draw after "
                         f"trick {n}, until his count is legal (SC-SLIP3)", span, Severity.INFO,
                         drew, want)

    def _void_deal(self, span: Span) -> None:
        """SC-DRAW1 (ruling S8): the stock is gone and a hand is still short (or long): no
        draw can repair it (SC-SLIP4), so the deal is void: no scores, the hand is replayed."""
        core = self.state
        if core._void:
            return
        core._count_for_nobody(VOID_DEAL)
        seats = core._seats
        counts = ", ".join(f"{s.word} {core.hand_size(s)}" for s in seats)
        legal = ", ".join(f"{s.word} {core.due_count(s)}" for s in seats)
        core._report("SC-DRAW1", Kind.IRREGULARITY,
                     f"the deal is void (SC-DRAW1): the stock is gone after trick {core._tricks} "
                     f"and the hands hold {counts} cards, not {legal}, and a short hand can no "
                     "longer draw enough (SC-SLIP4); the hand scores nothing for either player "
                     "and is dealt again", span, Severity.ERROR,
                     tuple(core.hand_size(s) for s in seats),
                     tuple(core.due_count(s) for s in seats))

    @property
    def voided(self) -> bool:
        """The deal was void (SC-DRAW1): the hand scores nothing and a new deal in the same
        battle replaces it (a dead hand, SC-MISDEAL8, also counts for nobody, but ends the
        battle: ``counts_for_nobody``)."""
        core = self.state
        return core._void == VOID_DEAL

    # --- toofew / toomany -------------------------------------------------------------------

    def slip_discovery(self, seat: Seat, too_many: bool, *, span: Span = NOWHERE) -> bool:
        """``toomany E`` / ``toofew E`` under these laws: a true count is a notice of what the
        laws do with it (SC-SLIP3: no draws until legal; SC-SLIP4: draws enough at his next
        turn); a false one an error, no effect. Returns whether the count was wrong."""
        core = self.state
        off = core.count_off(seat)
        rule = "SC-SLIP3" if too_many else "SC-SLIP4"
        held, should = core.hand_size(seat), core.due_count(seat)
        if (off > 0) if too_many else (off < 0):
            what = ("draws no card until his count is legal" if too_many else
                    "draws enough at his next turn")
            core._report(rule, Kind.NOTICE,
                         f"{seat.word} is found with too {'many' if too_many else 'few'} cards "
                         f"({held}, {should} due): he {what} ({rule})", span, Severity.INFO,
                         held, should)
            return True
        core._report(rule, Kind.IRREGULARITY,
                     f"{seat.word} is said to hold too {'many' if too_many else 'few'} cards, but "
                     f"holds {held}, {should} due: {rule} does not apply; no effect", span,
                     Severity.ERROR, held, should)
        return False
