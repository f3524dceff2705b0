"""A battle played by a seeded random chooser straight through ``BattleState``, written as record
events: the legal starting point of hand-made test records (``corpus/faulty/make.py``, the replay
tests' ``replaykit``). Simpler than ``simulate``: no policies, no irregularity plans, no claims.

Every card is one ``legal_cards`` offers (R8A, R8B) and every meld one ``legal_melds`` offers
(R9), made with probability ``meld_rate`` when there is one; draws are the ones R8E calls for.
In a ruleset that turns up a card (old-time, OT6B) the card after the hands is the upcard, and
after a meld the turn's other legal melds are offered (a dix or swap may accompany one other).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pinochle.adjudicator import CATALOG, Ruleset
from pinochle.adjudicator.twohanded.state import BattleState

from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import Deal, Meld, Trick

from .deal import Dealt
from .deal import deal as shuffle_and_deal

#: The ruleset a battle is played by unless another is given.
EAST_POINT = CATALOG["east-point"].build()

#: ``after_trick(state, events, rng)``: called once each trick is gathered and its winner has
#: (or has not) melded; it may act on the state and append the events that record what it did.
#: If it leaves the turn open, the draws R8E calls for follow.
AfterTrick = Callable[[BattleState, list, random.Random], None]
#: ``choose(state, seat)``: the card ``seat`` plays now instead of a random legal one (a test
#: record's deliberate fault), or ``None`` for the random legal one.
Choose = Callable[[BattleState, Seat], Card | None]


def random_battle(seed: int, dealer: Seat = Seat.EAST, ruleset: Ruleset = EAST_POINT,
                  meld_rate: float = 0.8, after_trick: AfterTrick | None = None,
                  choose: Choose | None = None, dealt: Dealt | None = None,
                  ) -> tuple[Deal, list, BattleState]:
    """The deal, the events (one ``Trick`` per trick with its meld, and whatever
    ``after_trick`` appended) and the final state of a battle played from ``random.Random(seed)``.
    ``dealt``: the deal to play instead of a seeded shuffle (a test record's arranged hands).
    """

    def pick(seat: Seat) -> Card:
        card = None if choose is None else choose(state, seat)
        return rng.choice(state.legal_cards(seat)) if card is None else card

    rng = random.Random(seed)
    if dealt is None:
        dealt = shuffle_and_deal(ruleset, dealer, rng)
    stock, upcard = dealt.stock, dealt.upcard       # OT6B: the deal turns up the upcard
    state = BattleState(ruleset, dealer, dealt.east, dealt.west, stock, upcard=upcard)
    events: list = []
    while not state.is_over:
        leader = state.to_play
        assert leader is not None
        lead = pick(leader)
        state.play(leader, lead)
        follower = ruleset.seating.opponent(leader)
        follow = pick(follower)
        step = state.play(follower, follow)
        assert step is not None  # a legal card completes the trick
        melds: tuple[Meld, ...] = ()
        seat = state.last_winner
        options = state.legal_melds(seat) if seat is not None else []
        while seat is not None and options and rng.random() < meld_rate:
            verdict = rng.choice(options)
            assert verdict.points is not None  # a legal meld has the ruleset's points
            state.meld(seat, verdict.kind, verdict.points)
            melds += (Meld(kind=verdict.kind, points=verdict.points),)
            # A free meld (the dix) may accompany the turn's other meld, not a second free one
            # (both dixes in one turn: the rulebooks are silent, OT9E).
            options = [v for v in state.legal_melds(seat)
                       if not (state.meld_entries[v.kind].free
                               and any(state.meld_entries[m.kind].free for m in melds))]
        events.append(Trick(number=state.tricks_played, lead=lead, follow=follow,
                            winner=step.winner, melds=melds))
        if after_trick is not None:
            after_trick(state, events, rng)
        if state.in_turn:
            state.finish_turn()
    state.close()
    return Deal(east=dealt.east, west=dealt.west, stock=stock, upcard=upcard), events, state
