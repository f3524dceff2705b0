"""``random_battle``: a seeded battle of legal cards and melds (R8A, R8B, R9) that replays clean,
the same for the same seed; what ``after_trick`` appends is kept in order."""

from __future__ import annotations

from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation.cards import Seat
from pinochle.notation.events import Battle, Comment, Game, Trick
from pinochle.simulator.random_battle import random_battle


def test_R8_R9_random_battle_is_legal_and_seeded():
    deal, events, state = random_battle(5, Seat.WEST)
    again = random_battle(5, Seat.WEST)
    assert (deal, events) == again[:2]
    assert state.is_over and not state.findings
    tricks = [e for e in events if isinstance(e, Trick)]
    assert [t.number for t in tricks] == list(range(1, 25))
    assert any(t.melds for t in tricks)
    game = Game(battles=(Battle(number=1, dealer=Seat.WEST, events=(deal, *events)),))
    result = walk(game, Visitor())
    assert result is not None
    assert result.battles[0].east + result.battles[0].west == state.score(Seat.EAST) + \
        state.score(Seat.WEST)


def test_R8E_after_trick_events_follow_their_trick_and_the_draws_still_happen():
    def note(state, events, rng) -> None:
        events.append(Comment(text=f"after {state.tricks_played}"))

    _, events, state = random_battle(5, meld_rate=0.0, after_trick=note)
    assert [type(e) for e in events[:4]] == [Trick, Comment, Trick, Comment]
    assert events[1].text == "after 1" and not state.findings
    assert not any(t.melds for t in events if isinstance(t, Trick))
