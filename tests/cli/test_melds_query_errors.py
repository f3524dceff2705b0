"""The dispute question is the engine's (``adjudicator/query/``) and fails with the engine's own
``QueryError``; ``pinochle melds`` turns it into its usage error: one line naming the value and
what was expected, the usage line, exit 4, never a traceback. (The service's 422 for the same
errors: tests/service/test_api_melds.py, test_api_dp_melds.py.)"""

from __future__ import annotations

import pytest

from tests.cli.consolekit import ROOT, no_traceback, pinochle

from pinochle.adjudicator import QueryError, direct_position, ruleset_of, table_question
from pinochle.notation.errors import PinochleError

CLUB_NIGHT = str(ROOT / "corpus" / "games" / "club-night.pin")
DOUBLE_PACK = str(ROOT / "corpus" / "games" / "double-pack-evening.pin")
USAGE = "Usage: pinochle melds [OPTIONS] [RECORD]"


@pytest.mark.parametrize("args, message", [
    (["--concealed", "X♥"], "--concealed: word 1, 'X♥', is not a card; expected a card such "
                            "as Q♥, QH or 10♥ (rank D A K Q J T N, then suit ♣ ♠ ♥ ♦ or C S "
                            "H D)"),
    (["--concealed", "A♥ A♥ A♥"], "too many copies of A♥: the pack has 2 (R2A4), but the "
                                  "position holds 3 (3 concealed, 0 exposed, 0 played)"),
    (["--concealed", "A♥", "--gathered", "maybe"],
     "--gathered: expected won or lost (did the player win the trick just gathered?), found "
     "'maybe'"),
    ([CLUB_NIGHT, "--game", "3", "--battle", "1", "--trick", "2", "--seat", "E"],
     "--game: the record has 1 game; there is no game 3"),
    (["--ruleset-option", "Ruleset=double-pack", "--trump", "H", "--concealed", "A♥",
      "--seat", "Q"], "--seat: expected N, E, S or W, found 'Q'"),
    ([DOUBLE_PACK, "--battle", "1", "--seat", "N", "--trick", "2"],
     "--trick: at a table of four each player melds once, before trick 1 (DP-MELD1); leave "
     "out --trick"),
], ids=["card", "R2A4-copies", "R8D-gathered", "place", "DP-seat", "DP-MELD1-trick"])
def test_a_query_error_is_the_usage_error(args, message):
    done = pinochle("melds", *args)
    no_traceback(done)
    assert (done.returncode, done.stdout) == (4, "")
    assert done.stderr.splitlines()[:2] == [f"pinochle melds: error: {message}", USAGE]


def test_the_engine_raises_its_own_error():
    """Not the command line's usage error: the service and any other caller get a
    ``PinochleError`` they can say in their own words."""
    ruleset = ruleset_of({})
    with pytest.raises(QueryError, match="--concealed: word 1") as raised:
        direct_position(ruleset, "X♥", "", "", "")
    assert isinstance(raised.value, PinochleError)
    assert [cls.__module__ for cls in type(raised.value).__mro__ if "cli" in cls.__module__] == []
    with pytest.raises(QueryError, match="DP-MELD1"):
        table_question(ruleset_of({"Ruleset": "double-pack"}), "A♥", None, None, None)
