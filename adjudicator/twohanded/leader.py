"""Who leads a trick of a record (R8): the one place that decides it (docs/rulings.md, "Who
led"), from

- the rules' leader (the nondealer first, R8, then each trick's winner: ``state.leader``);
- the record's lead mark (docs/notation.md §2.4), followed when it names the other player
  (the walker reports it), ignored when it names a seat the ruleset does not seat;
- no mark, but cards the rules' order cannot have played and the other order fits (the leader
  does not hold the lead, nor the follower the follow, and each holds the other's);
- the doubt a card in doubt leaves (a card played without being held, R8A/R8B, or a broken
  follow obligation's card, ``TrickPlay._check_follow``): who won the trick before may be
  other than the replay took, so the next one is read with the leader it fits, silently (the
  fault was reported once).

``who_leads`` changes nothing; ``BattleState.play_trick(..., leader=...)`` plays the trick so,
and when its caller gave no leader after a doubt it asks ``who_leads`` itself. Everything here
reads the state through its public queries (``holds``, ``holds_in_doubt``, ``lead_in_doubt``,
...). A draw out of order (R8E, ``draws.py``) is no doubt about who leads: it settles which of
two drawn cards each player holds, when a play or a meld shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from pinochle.notation.cards import Card, Seat

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.core import BattleCore

__all__ = ["LeadReading", "who_leads"]


class LeadReading(NamedTuple):
    """Who leads the next trick of a record, and what says so (``who_leads``): ``rules`` the
    rules' leader; ``mark`` the record's lead mark, naming the other player; ``cards`` no mark,
    and the cards fit only the other order; ``doubt`` after a card in doubt, the reading that
    fits (the fault was reported: no new one); ``unseated`` a mark naming a seat the ruleset
    does not seat (ignored: the rules' leader)."""

    seat: Seat
    said: Literal["rules", "mark", "cards", "doubt", "unseated"]


def who_leads(state: BattleCore, lead: Card, follow: Card, lead_mark: Seat | None,
              winner_mark: Seat | None) -> LeadReading:
    """Who leads the trick a record writes as ``lead`` then ``follow`` (its lead mark
    ``lead_mark`` and winner mark ``winner_mark``, or None), in ``state`` before it is played.
    (``BattleState.who_leads`` is this function.)"""
    rules = state.leader
    if state.lead_in_doubt:             # the record says who led, silently
        if lead_mark is not None and lead_mark in state.ruleset.seats:
            return LeadReading(lead_mark, "doubt")
        return LeadReading(_reread(state, lead, follow, winner_mark), "doubt")
    if lead_mark is None:
        if not state.holds(rules, lead) and _other_order_fits(state, lead, follow, winner_mark):
            return LeadReading(state.ruleset.seating.opponent(rules), "cards")
        return LeadReading(rules, "rules")
    if lead_mark not in state.ruleset.seats:
        return LeadReading(rules, "unseated")
    return LeadReading(lead_mark, "rules" if lead_mark is rules else "mark")


def _other_order_fits(state: BattleCore, lead: Card, follow: Card,
                      winner_mark: Seat | None) -> bool:
    """A trick without a lead mark whose two cards the rules' order cannot have played (the
    leader does not hold the lead, checked by the caller, nor the follower the follow) while
    the other order fits both hands, and its winner mark (if any, the trump known) too: the
    other player led."""
    leader = state.leader
    follower = state.ruleset.seating.opponent(leader)
    if not (not state.holds(follower, follow) and state.holds(follower, lead)
            and state.holds(leader, follow)):
        return False
    if winner_mark is None or not state.trump_known or \
            state.penalized(leader) is not state.penalized(follower):
        return True
    # a winner mark that the other order contradicts says the rules' order was played (and
    # the hands are wrong: a draw out of order, say); in the other order the rules' leader
    # follows, and wins when the second card beats the first
    return winner_mark is (leader if state.trick_table.beats(lead, follow) else follower)


def _reread(state: BattleCore, lead: Card, follow: Card, mark: Seat | None) -> Seat:
    """The trick after one with a card in doubt: the reading in which fewer of its cards are
    not held by their players and its winner mark is right; the rules' leader when both fit
    as well."""
    leader = state.leader
    if state.lead_card is not None or state.is_over or not state.deal_known:
        return leader
    ours = _misfits(state, leader, lead, follow, mark)
    other = state.ruleset.seating.opponent(leader)
    if ours and _misfits(state, other, lead, follow, mark) < ours:
        return other
    return leader


def _misfits(state: BattleCore, leader: Seat, lead: Card, follow: Card,
             mark: Seat | None) -> int:
    """How badly a trick fits ``leader`` leading it: each card its player does not hold (nor
    may, a renege's card in doubt), and a winner mark the rules contradict."""
    follower = state.ruleset.seating.opponent(leader)
    misfits = (not (state.holds(leader, lead) or state.holds_in_doubt(leader, lead))) + (
        not (state.holds(follower, follow) or state.holds_in_doubt(follower, follow)))
    if mark is not None and state.trump_known:
        misfits += (mark is not leader) != state.trick_table.beats(lead, follow)
    return misfits
