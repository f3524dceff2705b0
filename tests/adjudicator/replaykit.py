"""Helpers for the replay tests: legal battles made by driving ``BattleState`` with a seeded
random policy and written as record events, and small builders for hand-made records."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.notation.cards import Card, Seat, parse_cards
from pinochle.notation.events import Battle, Claim, Deal, Game, Tag, Trick
from pinochle.notation.melds import MeldKind
from pinochle.simulator.random_battle import random_battle

E, W = Seat.EAST, Seat.WEST


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def kind(text: str) -> MeldKind:
    return MeldKind.parse(text)


def play_battle(seed: int, dealer: Seat = E, ruleset: Ruleset = EAST_POINT,
                meld_rate: float = 0.8, after_trick=None) -> tuple[Deal, list, BattleState]:
    """A battle: seeded deal, random legal cards, a random legal meld most turns.
    Returns the deal, the events (tricks with their melds, then the claims) and the state.

    ``after_trick(state, number)``, when given, is called once each trick is gathered (after
    the winner's meld); it may act on the state itself (an irregular draw, a discovery...) and
    return the events that record what it did, having finished the turn; ``None`` means it did
    nothing and the normal draws follow. Without it the battle must be free of findings."""
    def record_extra(state: BattleState, events: list, rng: random.Random) -> None:
        extra = after_trick(state, state.tricks_played)
        if extra is not None:
            events.extend(extra)

    deal, events, state = random_battle(seed, dealer, ruleset, meld_rate,
                                        None if after_trick is None else record_extra)
    if after_trick is None:
        assert not state.findings, state.findings
    events.append(Claim(category="tricks", east=state.trick_points(E), west=state.trick_points(W)))
    events.append(Claim(category="melds", east=state.meld_points(E), west=state.meld_points(W)))
    events.append(Claim(category="score", east=state.score(E), west=state.score(W)))
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


def findings_of(g: Game) -> list:
    """Every finding of a game's replay, in walk order."""
    from pinochle.adjudicator.replay import Visitor, walk

    class Collect(Visitor):
        def __init__(self) -> None:
            self.found: list = []

        def finding(self, finding) -> None:
            self.found.append(finding)

    collect = Collect()
    walk(g, collect)
    return collect.found


def rules_of(g: Game) -> list[str]:
    return [f.rule for f in findings_of(g)]


def one_battle_game(events: Sequence, dealer: Seat = E, **tags: str) -> Game:
    tags.setdefault("Result", "*")
    return game([battle(1, dealer, events)], **tags)


def tricks_of(events: Sequence) -> list[Trick]:
    return [e for e in events if isinstance(e, Trick)]


def replace_trick(events: Sequence, which: int, **changes) -> list:
    """The events with trick number ``which`` changed (``model_copy``)."""
    return [e.model_copy(update=changes) if isinstance(e, Trick) and e.number == which else e
            for e in events]


def insert_after_trick(events: Sequence, number: int, *new) -> list:
    out: list = []
    for e in events:
        out.append(e)
        if isinstance(e, Trick) and e.number == number:
            out.extend(new)
    return out
