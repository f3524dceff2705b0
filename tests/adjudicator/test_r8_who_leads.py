"""R8: who leads a trick of a record, decided in one place (``BattleState.who_leads``): the
rules' leader (the nondealer first, then each trick's winner); a lead mark naming the other
player (reported by the walker, followed); no mark, but cards only the other order fits (the
same); after a card in doubt, the reading that fits, silently; a mark naming no seat of the
ruleset, ignored. It changes nothing; ``play_trick(..., leader=...)`` plays the trick so."""

from __future__ import annotations

import random

from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.notation.cards import Seat
from pinochle.simulator.deal import deal

from tests.adjudicator.replaykit import E, W


def dealt(seed: int = 3) -> BattleState:
    cards = deal(EAST_POINT, E, random.Random(seed))
    return BattleState(EAST_POINT, E, cards.east, cards.west, cards.stock)


def test_R8_the_nondealer_leads_the_first_trick_by_the_rules() -> None:
    state = dealt()
    lead, follow = state.hand(W)[0], state.hand(E)[0]
    assert state.who_leads(lead, follow, None, None) == (W, "rules")
    assert state.who_leads(lead, follow, W, None) == (W, "rules")


def test_R8_a_lead_mark_naming_the_other_player_is_followed() -> None:
    state = dealt()
    lead, follow = state.hand(E)[0], state.hand(W)[0]
    assert state.who_leads(lead, follow, E, None) == (E, "mark")
    before = list(state.log)
    state.who_leads(lead, follow, E, None)
    assert state.log == before and state.leader is W           # it changed nothing
    state.play_trick(lead, follow, leader=E)
    assert state.log[0].seat is E and state.log[0].card == lead


def test_R8_without_a_mark_cards_only_the_other_order_fits_say_who_led() -> None:
    state = dealt()
    east, west = state.hand(E), state.hand(W)
    lead = next(c for c in east if c not in west)
    follow = next(c for c in west if c not in east)
    assert state.who_leads(lead, follow, None, None) == (E, "cards")
    # a card neither order fits leaves the rules' leader
    assert state.who_leads(lead, lead, None, None).said == "rules"


def test_R8_a_mark_naming_no_seat_of_the_ruleset_is_ignored() -> None:
    state = dealt()
    lead, follow = state.hand(W)[0], state.hand(E)[0]
    assert state.who_leads(lead, follow, Seat.NORTH, None) == (W, "unseated")


def test_R8A_after_a_card_in_doubt_the_trick_is_read_with_the_leader_it_fits() -> None:
    """West leads a card he does not hold (R8A, reported), and the record marks a winner: who
    won is in doubt (the mark says it), so the next trick is read with the leader whose cards
    fit it, not reported again."""
    state = dealt()
    east, west = state.hand(E), state.hand(W)
    stranger = next(c for c in east if c not in west)
    state.play_trick(stranger, west[-1], mark=W)
    assert any(f.rule == "R8A" for f in state.findings)
    east, west = state.hand(E), state.hand(W)
    lead = next(c for c in east if c not in west)
    follow = next(c for c in west if c not in east)
    reading = state.who_leads(lead, follow, None, None)
    assert reading == (E, "doubt")
    assert state.who_leads(lead, follow, W, None) == (W, "doubt")   # a mark says it silently


def test_R8A_play_trick_without_a_leader_after_a_doubt_asks_the_one_place() -> None:
    """``play_trick`` given no leader after a card in doubt (a caller that did not ask) plays
    the trick as ``who_leads`` reads it: the state has no arbitration of its own."""
    from pinochle.adjudicator.twohanded import leader

    assert BattleState.who_leads is leader.who_leads
    state = dealt()
    east, west = state.hand(E), state.hand(W)
    stranger = next(c for c in east if c not in west)
    state.play_trick(stranger, west[-1], mark=W)
    east, west = state.hand(E), state.hand(W)
    lead = next(c for c in east if c not in west)
    follow = next(c for c in west if c not in east)
    assert state.who_leads(lead, follow, None, None) == (E, "doubt")
    assert state.leader is W                    # the rules' leader: the marked winner
    state.play_trick(lead, follow)
    assert state.log[-2].seat is E and state.log[-2].card == lead
    assert not state.lead_in_doubt
