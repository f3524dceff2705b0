"""Properties over many seeded legal battles (Hypothesis picks the seeds): the replay of a legal
record finds nothing and gives the engine's scores, through the text form too; the cards are
conserved (R7A); trick points total 720 (R8G, C4)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation import dumps, parse
from pinochle.notation.events import Record

from tests.adjudicator.replaykit import E, W, battle, findings_of, game, play_battle

seeds = st.integers(min_value=0, max_value=2**32 - 1)
dealers = st.sampled_from([E, W])


@settings(max_examples=60, deadline=None)
@given(seed=seeds, dealer=dealers)
def test_R7A_R8G_legal_battle_replays_clean_with_the_engines_scores(seed, dealer):
    deal, events, state = play_battle(seed, dealer)
    g = game([battle(1, dealer, [deal, *events])], Result="*")
    assert findings_of(g) == []
    b = walk(g, Visitor()).battles[0]
    assert (b.east, b.west) == (state.score(E), state.score(W))
    assert sum(b.trick_points.values()) == 720
    assert b.ended_by == "R8F" and b.tricks == 24
    piles = [x + y for x, y in zip(state.pile(E), state.pile(W))]
    assert piles == [state.ruleset.pack[c] for c in sorted(state.ruleset.pack,
                                                               key=lambda c: c.index)]


@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_R4A_legal_games_survive_the_text_form(seed):
    deal1, events1, s1 = play_battle(seed, E)
    deal2, events2, s2 = play_battle(seed + 1, W)
    east, west = s1.score(E) + s2.score(E), s1.score(W) + s2.score(W)
    if east == west:
        return                      # a tie would need two more battles (R4A)
    g = game([battle(1, E, [deal1, *events1]), battle(2, W, [deal2, *events2])],
             Battles="2", Result=f"{east}-{west}")
    text = dumps(Record(games=(g,)))
    report = validate_game(parse(text, "g.pin").games[0], "g.pin")
    assert report.findings == [] and (report.east, report.west) == (east, west)
