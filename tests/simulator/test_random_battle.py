"""``random_battle``: a seeded battle of legal cards and melds (R8A, R8B, R9) that replays clean,
the same for the same seed; what ``after_trick`` appends is kept in order."""

from __future__ import annotations

from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation.cards import Seat
from pinochle.notation.events import Battle, Comment, Game, Tag, Trick
from pinochle.notation.melds import Family
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


def test_OT6B_OT8G_OT9E_old_time_random_battles_are_legal_with_an_upcard():
    """Old-time: the card after the hands is the upcard (OT6B: 23 face down on it); each battle
    replays with no finding at all, its trick points sum to 250 with the last trick (OT8G,
    OT8H), and a dix or swap may accompany the turn's other meld (OT9E), never a second one."""
    from pinochle.adjudicator.rulesets import ruleset_from_tags

    ruleset = ruleset_from_tags({"Ruleset": "old-time"})
    tags = (Tag(name="Ruleset", value="old-time"),)
    with_free = 0
    for seed in range(40):
        deal, events, state = random_battle(seed, Seat.WEST, ruleset, 0.9)
        assert deal.upcard is not None and len(deal.stock) == 23 and len(deal.east) == 12
        assert state.trump is deal.upcard.suit and not state.findings
        assert state.trick_points(Seat.EAST) + state.trick_points(Seat.WEST) == 250
        game = Game(header=tags, battles=(Battle(number=1, dealer=Seat.WEST,
                                                 events=(deal, *events)),))
        findings: list = []
        walk(game, Collect(findings))
        assert findings == [], (seed, findings)
        for trick in (e for e in events if isinstance(e, Trick)):
            free = [m for m in trick.melds if m.kind.family in (Family.DIX, Family.SWAP)]
            assert len(free) <= 1 and len(trick.melds) - len(free) <= 1
            with_free += len(trick.melds) == 2
    assert with_free > 0


class Collect(Visitor):
    def __init__(self, into: list) -> None:
        self.into = into

    def finding(self, finding) -> None:  # type: ignore[no-untyped-def]
        self.into.append((finding.rule, finding.message))


def test_choose_plays_the_card_it_names_even_an_illegal_one():
    """``choose`` makes a test record's deliberate fault: its card is played (here the
    follower's first card in phase B that breaks OT8B1-OT8B3), the others are random legal."""
    from pinochle.adjudicator.rulesets import ruleset_from_tags

    ruleset = ruleset_from_tags({"Ruleset": "old-time"})
    chosen: list = []

    def choose(state, seat):  # type: ignore[no-untyped-def]
        if chosen or state.lead_card is None or not state.follow_obliged():
            return None
        wrong = [c for c in state.hand(seat) if c not in state.legal_cards(seat)]
        if wrong:
            chosen.append((state.trick_number, wrong[0]))
            return wrong[0]
        return None

    for seed in range(20):
        _, events, state = random_battle(seed, Seat.EAST, ruleset, 0.5, choose=choose)
        if chosen:
            break
    number, card = chosen[0]
    trick = next(t for t in events if isinstance(t, Trick) and t.number == number)
    assert trick.follow == card and number > 12
    assert [f.rule for f in state.findings] in (["OT8B1"], ["OT8B2"], ["OT8B3"])
