"""corpus/games/double-pack-evening.pin, checked by hand (its comments give each claim's
arithmetic): battle 1 is the notation's example hand (EW make 530: NS 90, EW 1760), battle 2 a
throw-in (DP-BID9) after which the deal passes on (DP-DEAL3), battle 3 a hand of whole suits
where West's contract of 500 is set (DP-SCORE2) and East-West's melds do not count without a
scoring trick (DP-MELD6). The engine must agree with every claim, and catch each one changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.adjudicator.report.validation import TableGameReport, validate_game
from pinochle.notation import parse

PATH = Path(__file__).resolve().parents[2] / "corpus" / "games" / "double-pack-evening.pin"
TEXT = PATH.read_text(encoding="utf-8")


def report(text: str = TEXT) -> TableGameReport:
    r = validate_game(parse(text, PATH.name).games[0], PATH.name)
    assert isinstance(r, TableGameReport)
    return r


def test_DP_GAME_evening_validates_clean_with_the_hand_computed_results() -> None:
    r = report()
    assert r.findings == []
    b1, b2, b3 = r.battles
    assert (b1.bidder, b1.bid, b1.trump) == ("E", 530, "♠")
    assert (b1.ns.cards, b1.ns.melds, b1.ns.score) == (30, 60, 90)
    assert (b1.ew.cards, b1.ew.melds, b1.ew.score) == (470, 1290, 1760)
    assert b2.thrown_in and b2.bidder is None and b2.ns.score == b2.ew.score == 0
    assert (b3.dealer, b3.bidder, b3.bid, b3.trump) == ("S", "W", 500, "♣")
    assert (b3.ns.cards, b3.ns.melds, b3.ns.score) == (500, 680, 1180)
    assert (b3.ew.cards, b3.ew.melds, b3.ew.score, b3.ew.counted) == (0, 0, -500, False)
    assert (r.ns, r.ew, r.winner) == (1270, 1260, None)


@pytest.mark.parametrize(("right", "wrong", "rule"), [
    ("tricks NS 500 EW 0", "tricks NS 480 EW 0", "DP-COUNT1"),
    ("melds NS 680 EW 0", "melds NS 680 EW 160", "DP-MELD6"),
    ("score NS 1180 EW -500", "score NS 1180 EW 0", "DP-SCORE2"),
    ("score NS 1180 EW -500", "score NS 1160 EW -500", "DP-SCORE3"),
    ("total NS 1270 EW 1260", "total NS 1270 EW 1760", "DP-GAME"),
    ("battle 3 dealer S", "battle 3 dealer W", "DP-DEAL3"),
])
def test_DP_claims_of_the_evening_each_changed_is_caught(right: str, wrong: str,
                                                         rule: str) -> None:
    assert TEXT.count(right) == 1
    rules = {f.rule for f in report(TEXT.replace(right, wrong)).findings}
    assert rule in rules
