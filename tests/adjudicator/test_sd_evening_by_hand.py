"""corpus/games/single-deck-evening.pin, a whole single-deck partnership game to 1,500, checked
the way a person checks it by hand, independently of the engine: read as plain text by
tests/adjudicator/sdkit.py, whose tables and duties are typed from
../shared/rulesets/single-deck-partnership.md alone (it imports no code of the project).

Battle 1 is the spec's whole hand (§11.2), whose numbers the spec states and this test types
again; battles 2-4 are the deal passing to the left (SD-DEAL2), the dealer stuck with the bid
(SD-BID6) and set (SD-SCORE3), East-West bidding 400 and set, and a double run of trumps (1,500,
SD-MELD2) taking North-South past the target as the bidding side (SD-GAME2), East-West's double
pinochle lost for want of a trick (SD-MELD8).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.adjudicator.sdkit import PACK, SEATS, best_meld, legal, replay

GAME = Path(__file__).resolve().parents[2] / "corpus" / "games" / "single-deck-evening.pin"
TEXT = GAME.read_text(encoding="utf-8")


def test_SD_GAME2_evening_replayed_by_hand_has_no_departure_and_every_claim_right() -> None:
    r = replay(TEXT)
    assert r.departures == []
    assert [(h.number, h.dealer, h.bidder, h.high, h.trump) for h in r.battles] == [
        (1, "E", "S", 300, "♥"), (2, "S", "S", 250, "♠"), (3, "W", "W", 400, "♦"),
        (4, "N", "N", 500, "♣")]
    assert r.totals == {"NS": 2190, "EW": -120} and r.winner == "NS"
    assert len(r.claims) == 4 * 4 + 1        # tricks, melds, score, total a hand; the game


def test_SD_spec_hand_11_2_as_the_spec_counts_it() -> None:
    """§11.2's 'What a referee must find', typed from its sentences: S 130 and N 20 in melds
    after the passing, E 30, W 0; N-S 7 tricks, 160 + 10 = 170, made 320 >= 300; E-W 5 tricks,
    80, +110."""
    (h, *_) = replay(TEXT).battles
    assert h.melds == {"N": 20, "E": 30, "S": 130, "W": 0}
    ns, ew = h.sides["NS"], h.sides["EW"]
    assert (ns.tricks, ns.cards, ns.melds, ns.score) == (7, 170, 150, 320)
    assert (ew.tricks, ew.cards, ew.melds, ew.score) == (5, 80, 30, 110)
    assert ns.cards + ew.cards == 250                                  # SD-COUNT3


def test_SD_DEAL1_SD_PACK1_every_deal_is_the_whole_pack_in_four_twelves() -> None:
    deals = [line for line in TEXT.splitlines() if line[:2] in ("N:", "E:", "S:", "W:")]
    assert len(deals) == 16
    for i in range(0, 16, 4):
        hands = [line.split(";")[0].split()[1:] for line in deals[i:i + 4]]
        assert [len(h) for h in hands] == [12] * 4
        assert Counter(c for h in hands for c in h) == PACK


def test_SD_PLAY3_to_SD_PLAY6_the_two_plays_a_careless_referee_flags() -> None:
    """§11.2: trick 3, N (no heart, no trump) may play Q♣ on the trump lead; trick 4, E's J♥
    does not beat the led J♥, so any heart is legal to him, while S must play Q♥."""
    assert "Q♣" in legal(["K♣", "J♣", "N♣", "N♣", "Q♣", "K♠", "J♠", "N♠", "N♦"], ["A♥"], "♥")
    assert set(legal(["J♥", "N♥", "A♣"], ["J♥", "A♣"], "♥")) == {"J♥", "N♥"}
    assert legal(["Q♥", "Q♥", "N♥", "T♦"], ["J♥", "A♣", "J♥"], "♥") == ["Q♥", "Q♥"]


def test_SD_MELD2_double_run_is_1500_and_north_holds_it_in_battle_4() -> None:
    run = [r + "♣" for r in "ATKQJ"] * 2
    assert best_meld(run, "♣") == 1500 and best_meld(run, "♣", "plain") == 300
    assert replay(TEXT).battles[3].melds["N"] == 1520          # + two dixes (SD-MELD5)


@pytest.mark.parametrize(("right", "wrong", "rule"), [
    ("tricks NS 170 EW 80", "tricks NS 160 EW 90", "SD-COUNT3"),
    ("melds NS 1540 EW 0", "melds NS 1540 EW 300", "SD-MELD8"),
    ("score NS -250 EW 170", "score NS 200 EW 170", "SD-SCORE3"),
    ("score NS 330 EW -400", "score NS 330 EW 160", "SD-SCORE3"),
    ("score NS 330 EW -400", "score NS 110 EW -400", "SD-SCORE4"),
    ("total NS 400 EW -120", "total NS 400 EW 280", "SD-GAME1"),
    ("battle 3 dealer W", "battle 3 dealer N", "SD-DEAL2"),
    ("4. J♥ A♣ J♥ Q♥ S", "4. J♥ A♣ J♥ N♥ E", "SD-PLAY4"),
    ("1. T♦ J♦ N♦ A♦ E", "1. T♦ J♦ N♦ A♦ S", "SD-PLAY7"),
    ("pass W\npass N\npass E\nbid S 250", "pass W\npass N\npass E\npass S", "SD-BID6"),
    ("send N K♥ A♦ T♦ K♦", "send N K♥ A♦ T♦", "SD-PASS1"),
])
def test_SD_each_claim_or_statement_changed_is_caught_by_hand(right: str, wrong: str,
                                                             rule: str) -> None:
    """The by-hand referee can fail: each change of the record is a departure under its id."""
    assert TEXT.count(right) == 1
    assert rule in {d[0] for d in replay(TEXT.replace(right, wrong)).departures}


def test_SD_SEAT2_seats_are_clockwise() -> None:
    assert SEATS == "NESW"
