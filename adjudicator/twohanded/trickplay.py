"""Trick play (R8A-R8D): the leader's card, the follower's, who wins (R8C1-R8C4, or R11D) and
the gathering of the trick into the winner's pile, which opens his turn (a meld, then the draws).

``play`` lays one card; ``play_trick`` lays both in one step, the replay's hot path. A card the
player does not hold is played all the same (reported under R8A or R8B; his hand counts one card
fewer); a card out of turn or after the end is reported and ignored.
"""

from __future__ import annotations

from pinochle.notation.cards import Card, Seat, format_cards
from pinochle.notation.events import NOWHERE, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rules.follow import broken_obligation, removals_to_allow
from pinochle.adjudicator.rules.meldtables import BY_INDEX, FACES, cards_of
from pinochle.adjudicator.twohanded.core import BattleCore, new_step
from pinochle.adjudicator.twohanded.leader import who_leads
from pinochle.adjudicator.model.steps import Played

__all__ = ["TrickPlay"]


class TrickPlay(BattleCore):
    """The actions of R8A-R8D (mixed into ``BattleState``)."""

    __slots__ = ()

    #: Who leads a record's next trick: ``leader.who_leads``, the one place that decides it.
    who_leads = who_leads

    def _play_problem(self, seat: Seat, card: Card) -> tuple[str, Kind, str] | None:
        ids = self.ids
        if self._over:
            return (ids.end, Kind.ILLEGAL_PLAY,
                    f"the battle is over; {seat.word} cannot play {card} ({ids.end})")
        if self._turn:
            assert self._winner is not None  # a turn is open only after a trick was won
            return (ids.draws, Kind.ILLEGAL_PLAY,
                    f"{self._winner.word} won trick {self._tricks}; the draws come before the "
                    f"next lead ({ids.draws}): finish the turn first")
        leading = self._lead is None
        to_play = self._leader if leading else self._leader.other
        rule = ids.lead if leading else ids.follow
        if seat is not to_play:
            why = (f"nondealer leads the first trick ({ids.trick})"
                   if self._tricks == 0 and leading else
                   f"{self._leader.word} won trick {self._tricks} and leads ({ids.trick})"
                   if leading else
                   f"{to_play.word} follows {self._leader.word}'s {self._lead} ({ids.follow})")
            return rule, Kind.ILLEGAL_PLAY, f"it is {to_play.word}'s turn to play: {why}"
        if self.deal_known:
            i = self._place[seat]
            x = card.index
            if not (self._conc[i][x] or self._exp[i][x] or self._unknown[i]):
                return (rule, Kind.ILLEGAL_PLAY,
                        f"{seat.word} {'leads' if leading else 'follows with'} {card}, which he "
                        f"does not hold (his hand: {self._hand_text(i)}) ({rule})")
        return None

    def _hand_text(self, i: int) -> str:
        conc = cards_of(tuple(self._conc[i]))
        exp = cards_of(tuple(self._exp[i]))
        text = format_cards(conc) or "nothing concealed"
        return text + (f"; exposed {format_cards(exp)}" if exp else "")

    def can_play(self, seat: Seat, card: Card) -> bool:
        return self._play_problem(seat, card) is None and self._follow_problem(seat, card) is None

    def verify_play(self, seat: Seat, card: Card) -> list[Finding]:
        """Empty when ``seat`` may play ``card`` now: his turn, a card he holds, and the
        follower's obligations kept (OT8B1-OT8B3), as ``legal_cards`` says."""
        problem = self._play_problem(seat, card)
        if problem is not None:
            return [self._as_finding(problem)]
        follow = self._follow_problem(seat, card)
        if follow is None:
            return []
        rule, message, could = follow
        return [Finding(rule=rule, kind=Kind.ILLEGAL_PLAY, message=message, claimed=str(card),
                        expected=could, trick=self.trick_number)]

    def play(self, seat: Seat, card: Card, *, from_exposed: bool | None = None,
             span: Span = NOWHERE, mark: Seat | None = None) -> Played | None:
        """Lay ``card`` from ``seat``'s hand to the trick (R8A, R8B); after the second card the
        trick is decided (R8C1-R8C4; R11D) and gathered into the winner's pile (R8D), and the
        winner's turn opens. A card the player holds both exposed and concealed comes from the
        exposed hand unless ``from_exposed=False``. During an open turn the default draws are
        made first (the next lead ends the turn)."""
        if self._turn:
            self.finish_turn(span=span)
        leader, lead = self._leader, self._lead
        if self._over or (seat is not leader if lead is None else seat is leader):
            # ignore: on this path _play_problem finds a problem (it is not None)
            self._report(*self._play_problem(seat, card), span=span)  # type: ignore[misc]
            return None
        i = self._place[seat]
        x = card.index
        held, exposed_copy = True, False
        if lead is None:
            self._doubt = False
        if self.deal_known:
            exp = self._exp[i]
            if self._follow is not None and (exp[x] or self._conc[i][x] or self._unknown[i]):
                self._check_follow(seat, card, span)   # a card not held: R8A/R8B says it all
            if exp[x] and (from_exposed is not False or not self._conc[i][x]):
                exp[x] -= 1
                exposed_copy = True
                self._size[i] -= 1
                if self._copies is not None:
                    self._copies[i].play(x)
            else:
                conc = self._conc[i]
                if conc[x] or (self._draw_doubts and self._settle_draw(i, x)):
                    conc[x] -= 1
                    self._size[i] -= 1
                elif self._unknown[i]:     # the card he drew that the record does not name
                    self._unknown[i] -= 1
                    self._size[i] -= 1
                else:
                    held = False
                    self._debt[i] += 1
                    if x in self._doubted[i]:   # his renege's card again: see _check_follow
                        self._doubted[i].remove(x)
                    else:  # ignore: a card not held is a problem (not None)
                        self._report(*self._play_problem(seat, card),  # type: ignore[misc]
                                     span=span)
        else:
            self._size[i] -= 1
        if held and self.deal_known:
            self._to_tricks[i][x] += 1
        self._nominal[i] -= 1
        self._played[i] += 1
        if self.laws.open_melds:                # the melds seat could object to stand
            self.laws.melds.played_past(seat)
        if lead is None:
            self._lead = card
            self._lead_held = held
            step = Played(seat, card, self._tricks + 1, exposed_copy, held)
            self._log(step)
            return step
        return self._gather(leader, seat, self._place[leader], i, lead, card, exposed_copy, held,
                            self._lead_held, mark, span)

    def _follow_problem(self, seat: Seat, card: Card) -> tuple[str, str, str] | None:
        """The follower's obligation ``card`` breaks (``Ruleset.follow``: OT8B1-OT8B3), as its
        rule, a message and the cards that would have kept it; ``None`` when none applies."""
        lead, follow = self._lead, self._follow
        if (lead is None or follow is None or not self.deal_known or not self._lead_held
                or not self.follow_obliged()):
            return None             # (a lead card not held is in doubt: so is what it obliges)
        if card.suit is lead.suit and (follow.head == "none" or self.trick_table.beats(lead, card)
                                       or (follow.head == "trump" and lead.suit is not self.trump)):
            return None                 # the usual case: followed, and beat where he must
        i = self._place[seat]
        conc, exp = self._conc[i], self._exp[i]
        hand = [card for card, c, e in zip(BY_INDEX, conc, exp) if c or e]  # (index order)
        if card not in hand and self._unknown[i]:
            hand.append(card)           # it is the card he drew unseen (an unnamed upcard)
        broken = broken_obligation(follow, self.trick_table, self.trump, lead, hand, card)
        if broken is None:
            return None
        debt = self._debt[i] + len(self._doubted[i])
        if debt and removals_to_allow(follow, self.trick_table, self.trump, lead, {
                BY_INDEX[x]: conc[x] + exp[x] for x in range(FACES) if conc[x] or exp[x]},
                card) <= debt:
            return None     # the cards he played unheld (R8A/R8B) or in doubt may be those
        field, could = broken
        rule = getattr(self.ids, field)
        what = {"follow_suit": f"follow suit ({lead.suit} led)",
                "head": f"beat the led {lead} when able",
                "trump_void": f"play a trump ({self.trump}) when he cannot follow suit"}[field]
        return (rule, f"{seat.word} follows {lead} with {card}, but once the stock is exhausted "
                      f"the follower must {what}: he could play {format_cards(could)} ({rule})",
                format_cards(could))

    def _check_follow(self, seat: Seat, card: Card, span: Span) -> None:
        """The follower's obligations, checked before his card leaves his hand. A broken one is
        reported, and the card is played all the same, but in doubt: the record may have named
        the wrong card (docs/rulings.md, "One fault, one finding"). So the next trick's leader
        is in doubt (``who_leads``); the card is kept in ``_doubted``: should he play it again
        without holding it, that is this fault's consequence, not a new one (his hand counts
        one unknown card fewer, ``_debt``); until then his later obligations are judged
        allowing for one card of his hand that may be gone instead (``_follow_problem``)."""
        problem = self._follow_problem(seat, card)
        if problem is None or (self._draw_doubts and self._settle_draw_if(
                self._place[seat], lambda: self._follow_problem(seat, card) is None)):
            return              # (kept, had the draws been in order: so they were)
        self._doubt = True
        self._doubted[self._place[seat]].append(card.index)
        rule, message, could = problem
        if not self.laws.note_renege(seat, rule, message, span, could, str(card)):
            self._report(rule, Kind.ILLEGAL_PLAY, message, span, claimed=str(card),
                         expected=could)

    def play_trick(self, lead: Card, follow: Card, *, lead_span: Span = NOWHERE,
                   follow_span: Span = NOWHERE, mark: Seat | None = None,
                   leader: Seat | None = None) -> Played | None:
        """The next trick in one step: the leader plays ``lead``, then the follower ``follow``.
        Exactly ``play(leader, lead)`` then ``play(follower, follow)`` (the same findings, steps
        and state), made cheaper for the replay; returns the follower's step. ``leader``: the
        seat that led, as the record's lead mark says, when it is not the rules' leader (the
        caller has reported that): the trick is played in the record's order."""
        if self._turn:
            self.finish_turn(span=lead_span)
        if self._doubt:
            if leader is None:              # (a caller that did not ask who_leads)
                leader = who_leads(self, lead, follow, None, mark).seat
            self._doubt = False
        if leader is not None and self._lead is None and not self._over:
            self._leader = leader           # the record's reading is followed
        leader = self._leader
        i, follower, j = self._facing[leader]
        a, b = lead.index, follow.index
        conc, exp = self._conc, self._exp
        lead_conc, lead_exp, follow_conc, follow_exp = conc[i], exp[i], conc[j], exp[j]
        if (self._over or self._lead is not None or not self.deal_known
                or not (lead_exp[a] or lead_conc[a]) or not (follow_exp[b] or follow_conc[b])):
            self.play(leader, lead, span=lead_span)       # the general case: anything irregular
            return self.play(follower, follow, span=follow_span, mark=mark)
        ledgers = self._copies
        size, nominal, played, gone = self._size, self._nominal, self._played, self._to_tricks
        # Leader's card (R8A): the exposed copy when there is one (ruling R7B3).
        lead_exposed = lead_exp[a] != 0     # (bool(), without the call)
        if lead_exposed:
            lead_exp[a] -= 1
            if ledgers is not None:
                ledgers[i].play(a)
        else:
            lead_conc[a] -= 1
        size[i] -= 1
        nominal[i] -= 1
        played[i] += 1
        gone[i][a] += 1
        if self.laws.open_melds:                # the melds leader could object to stand
            self.laws.melds.played_past(leader)
        self._lead = lead
        self._lead_held = True
        if self._keep_log:
            self.log.append(new_step(Played, (leader, lead, self._tricks + 1, lead_exposed, True,
                                          None, None)))
        # Follower's card (R8B), after his obligations are checked (OT8B).
        if self._follow is not None:
            self._check_follow(follower, follow, follow_span)
        follow_exposed = follow_exp[b] != 0
        if follow_exposed:
            follow_exp[b] -= 1
            if ledgers is not None:
                ledgers[j].play(b)
        else:
            follow_conc[b] -= 1
        size[j] -= 1
        nominal[j] -= 1
        played[j] += 1
        gone[j][b] += 1
        if self.laws.open_melds:                # the melds follower could object to stand
            self.laws.melds.played_past(follower)
        return self._gather(leader, follower, i, j, lead, follow, follow_exposed, True, True)

    def _unmarked(self, leader: Seat, lead: Card, card: Card, span: Span) -> Seat:
        """A trick of two suits with no winner mark when the trump suit is unknown: whether
        one card is a trump cannot be told, so it is counted to the leader, and reported."""
        rule = self.ids.upcard
        self._report(rule, Kind.MALFORMED,
                     f"trick {self._tricks + 1} ({lead} {card}) has no winner mark and the "
                     "record does not give the trump suit, so who won it cannot be told; it is "
                     f"counted to the leader, {leader.word} ({rule})", span, Severity.WARNING)
        return leader

    def _gather(self, leader: Seat, follower: Seat, i: int, j: int, lead: Card, card: Card,
                exposed_copy: bool, held: bool, lead_held: bool,
                mark: Seat | None = None, span: Span = NOWHERE) -> Played:
        """The trick's second card is down: decide it (R8C1-R8C4, or R11D), gather it into the
        winner's pile (R8D), and open the winner's turn (meld, then the draws of R8E). ``i`` and
        ``j`` are the leader's and the follower's places."""
        a, b = lead.index, card.index
        pen = self._penalized
        if pen[i] != pen[j]:                       # R11D: he loses all further tricks
            winner = leader if pen[j] else follower
            rule = self.ruleset.laws.penalty.too_many
        elif mark is not None and not (held and lead_held):
            # A card not held (R8A/R8B) is in doubt: the record's mark says who won (ruling),
            # and the next trick says who leads (``who_leads``).
            winner, rule = mark, self.ids.trick
            self._doubt = True
        elif self._trusted and (mark is not None or lead.suit is not card.suit):
            # Trump unknown: the record's mark decides; without one, two suits cannot be told.
            winner = mark if mark is not None else self._unmarked(leader, lead, card, span)
            rule = self.ids.trick
        else:
            follower_wins, rule = self._decide[a * FACES + b]
            winner = follower if follower_wins else leader
        w = j if winner is follower else i     # a two-card trick's mark is E or W
        if winner is follower:
            if held:
                self._won_with[w][b] += 1
        elif lead_held:
            self._won_with[w][a] += 1
        pile = self._piles[w]
        pile[a] += 1
        pile[b] += 1
        points = self._points
        self._trick_points[w] += points[a] + points[b]
        self._tricks = tricks = self._tricks + 1
        self._lead = None
        self._leader = self._winner = winner
        self._rule = rule
        self._turn = True
        self._melded = False
        self._free = 0
        self._drawn = []
        self._stock_at_turn = stock = len(self._stock)
        loser = leader if winner is follower else follower
        self._expected = ((winner, loser) if stock >= 2 else
                          (winner,) if stock and not self.ruleset.laws.lone_card_stays else ())
        laws = self.laws
        if laws.makes_draws:              # Scarne's drawing slips: owed or skipped draws
            laws.plan_draws(self)
        step = new_step(Played, (follower, card, tricks, exposed_copy, held, winner, rule))
        if self._keep_log:
            self.log.append(step)
        return step
