"""Helpers for the replay tests: legal battles made by driving ``BattleState`` with a seeded
random policy and written as record events, and small builders for hand-made records."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle.adjudicator.battle import BattleState
from pinochle.adjudicator.rulesets import EAST_POINT, Ruleset
from pinochle.notation.cards import Card, Seat, parse_cards
from pinochle.notation.events import Battle, Claim, Deal, Game, Meld, Tag, Trick
from pinochle.notation.melds import MeldKind
from pinochle.simulator.deal import deal as shuffle_and_deal

E, W = Seat.EAST, Seat.WEST


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def kind(text: str) -> MeldKind:
    return MeldKind.parse(text)


def play_battle(seed: int, dealer: Seat = E, ruleset: Ruleset = EAST_POINT,
                meld_rate: float = 0.8) -> tuple[Deal, list, BattleState]:
    """A legal battle: seeded deal, random legal cards, a random legal meld most turns.
    Returns the deal, the events (tricks with their melds, then the claims) and the state."""
    rng = random.Random(seed)
    dealt = shuffle_and_deal(ruleset, dealer, rng)
    state = BattleState(ruleset, dealer, dealt.east, dealt.west, dealt.stock)
    events: list = []
    while not state.is_over:
        leader = state.to_play
        lead = rng.choice(state.legal_cards(leader))
        state.play(leader, lead)
        follow = rng.choice(state.legal_cards(leader.other))
        step = state.play(leader.other, follow)
        melds = ()
        seat = state.melding_seat
        options = state.legal_melds(seat) if seat is not None else []
        if options and rng.random() < meld_rate:
            verdict = rng.choice(options)
            state.meld(seat, verdict.kind, verdict.points)
            melds = (Meld(kind=verdict.kind, points=verdict.points),)
        events.append(Trick(number=state.tricks_played, lead=lead, follow=follow,
                            winner=step.winner, melds=melds))
        state.finish_turn()
    state.close()
    assert not state.findings, state.findings
    events.append(Claim(category="tricks", east=state.trick_points(E), west=state.trick_points(W)))
    events.append(Claim(category="melds", east=state.meld_points(E), west=state.meld_points(W)))
    events.append(Claim(category="score", east=state.score(E), west=state.score(W)))
    deal = Deal(east=dealt.east, west=dealt.west, stock=dealt.stock)
    return deal, events, state


def battle(number: int, dealer: Seat, events: Sequence) -> Battle:
    return Battle(number=number, dealer=dealer, events=tuple(events))


def game(battles: Sequence[Battle], **tags: str) -> Game:
    return Game(header=tuple(Tag(name=k, value=v) for k, v in tags.items()),
                battles=tuple(battles))


def legal_game(seeds: Sequence[int], first_dealer: Seat = E, **tags: str) -> Game:
    """A game of legal battles (dealer alternating, R4B) with a correct Result tag."""
    battles, east, west, dealer = [], 0, 0, first_dealer
    for number, seed in enumerate(seeds, 1):
        deal, events, state = play_battle(seed, dealer)
        battles.append(battle(number, dealer, [deal, *events]))
        east, west = east + state.score(E), west + state.score(W)
        dealer = dealer.other
    tags.setdefault("Battles", str(len(seeds)))
    tags.setdefault("Result", f"{east}-{west}")
    return game(battles, **tags)
