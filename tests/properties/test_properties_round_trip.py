"""Round trip of simulated records through the notation (docs/notation.md §3): write, parse,
write gives the same text; parsing gives back the same record; the streamed output of
``pinochle simulate`` is the canonical text of the whole record. East Point and old-time games
(upcard lines, old-time meld kinds, ``total`` claims), mixed in one file."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.notation import Record, dumps, parse
from tests.strategies import SIM_OLD_TIME_RULESETS, SIM_RULESETS, simulated_games


@settings(max_examples=100, deadline=None)
@given(st.lists(simulated_games(irregular=True,
                                rulesets=SIM_RULESETS + SIM_OLD_TIME_RULESETS),
                min_size=1, max_size=3))
def test_notation_simulated_records_round_trip(games) -> None:
    record = Record(games=tuple(g.game for g in games))
    text = dumps(record)
    again = parse(text, "simulated.pin")
    assert again == record
    assert dumps(again) == text
    # A file of games is the games' own texts, one blank line apart (how `simulate` streams).
    assert text == "\n".join(dumps(g.game) for g in games)
