"""The bundled example game, checked the way a person checks it by hand, independently of the
engine.

This test reads ``corpus/games/club-night.pin`` as plain text, with its own tables typed from the
rulebook (R2A1, R2A2, R8C, R8G, R9A) and no code of the project: it follows the cards from the
deal through every trick and draw (R8, R8E), decides each trick by R8C1–R8C4, checks each meld's
points against R9A, and adds up the claims (R3, R4A). Then it checks that the engine agrees:
the record validates clean with the same scores.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation import parse_file

GAME = Path(__file__).resolve().parents[2] / "corpus" / "games" / "club-night.pin"

RANKS = "DAKQJTN"              # R2A1, highest first
SUITS = "♣♠♥♦"                 # R2A2, highest first
POINTS = dict(zip(RANKS, (30, 25, 20, 15, 10, 5, 0)))   # R8G
MELD_POINTS = {                # R9A, single melds; a double is worth twice as much
    "♣5": 211, "♠5": 201, "♥5": 191, "♦5": 181, "A4": 171, "K4": 161, "Q4": 151, "J4": 141,
    "T4": 131, "♣3": 121, "♠3": 111, "♥3": 101, "♦3": 91, "♣2": 81, "♠2": 71, "♥2": 61, "♦2": 51,
}


def meld_value(kind: str) -> int:
    if len(kind) == 3:                       # ♣♣5, AA4: the symbol twice is a double meld
        return 2 * MELD_POINTS[kind[1:]]
    return MELD_POINTS[kind]


def trick_winner_is_leader(lead: str, follow: str) -> bool:
    (lr, ls), (fr, fs) = lead, follow
    if ls == fs and lr != fr:                # R8C1: same suit, higher rank wins
        return RANKS.index(lr) < RANKS.index(fr)
    if lr == fr and ls != fs:                # R8C2: same rank, higher suit wins
        return SUITS.index(ls) < SUITS.index(fs)
    if lead == follow:                       # R8C3: identical cards, follower wins
        return False
    return True                              # R8C4: nothing in common, leader wins


def replay_by_hand(text: str) -> tuple[list[dict[str, dict[str, int]]], dict[str, int],
                                       dict[str, int]]:
    """Returns per battle the computed and claimed points, the game claim and the Result tag."""
    battles: list[dict[str, dict[str, int]]] = []
    game_claim: dict[str, int] = {}
    result = re.search(r'\[Result "(\d+)-(\d+)"\]', text)
    assert result, "the example states its result"
    for line in text.splitlines():
        words = line.split()
        if not words or line.startswith("["):
            continue
        if words[0] == "battle":
            dealer = words[3]
            leader = "W" if dealer == "E" else "E"        # R8: nondealer leads the first trick
            hands: dict[str, Counter[str]] = {}
            tricks = {"E": 0, "W": 0}
            melds = {"E": 0, "W": 0}
            battles.append({"tricks": tricks, "melds": melds, "claims": {}})
        elif words[0] in ("E:", "W:"):
            hands[words[0][0]] = Counter(words[1:])
        elif words[0] == "stock:":
            stock = words[1:]
            assert len(stock) == 24 and [sum(h.values()) for h in hands.values()] == [12, 12]
            assert sum((hands["E"] + hands["W"] + Counter(stock)).values()) == 48   # R2A4
        elif words[0].endswith("."):
            lead, follow, mark, *rest = words[1:]
            follower = "W" if leader == "E" else "E"
            for seat, card in ((leader, lead), (follower, follow)):
                assert hands[seat][card] > 0, f"{line}: {seat} does not hold {card}"
                hands[seat][card] -= 1
            winner = leader if trick_winner_is_leader(lead, follow) else follower
            assert mark == winner, f"{line}: the winner is {winner}"
            tricks[winner] += POINTS[lead[0]] + POINTS[follow[0]]
            for kind, points in zip(rest[::2], rest[1::2]):
                assert int(points) == meld_value(kind), \
                    f"{line}: {kind} is worth {meld_value(kind)}"
                melds[winner] += int(points)
            for seat in (winner, "W" if winner == "E" else "E"):   # R8E: winner, then loser
                if stock:
                    hands[seat][stock.pop(0)] += 1
            leader = winner
        elif words[0] in ("tricks", "melds", "score"):
            battles[-1]["claims"][words[0]] = {words[1]: int(words[2]), words[3]: int(words[4])}
        elif words[0] == "game":
            game_claim = {words[1]: int(words[2]), words[3]: int(words[4])}
    return battles, game_claim, {"E": int(result.group(1)), "W": int(result.group(2))}


def test_R3_R4A_club_night_checked_by_hand() -> None:
    battles, game_claim, result = replay_by_hand(GAME.read_text(encoding="utf-8"))
    assert len(battles) == 4                                       # R4A: the agreed four
    totals = {"E": 0, "W": 0}
    for battle in battles:
        assert battle["tricks"]["E"] + battle["tricks"]["W"] == 720   # C4
        assert battle["claims"]["tricks"] == battle["tricks"]        # R8G
        assert battle["claims"]["melds"] == battle["melds"]          # R9A
        score = {s: battle["tricks"][s] + battle["melds"][s] for s in "EW"}
        assert battle["claims"]["score"] == score                   # R3
        for seat in "EW":
            totals[seat] += score[seat]
    assert game_claim == totals == result                          # R4A


def test_R3_engine_agrees_with_the_hand_count() -> None:
    battles, _, result = replay_by_hand(GAME.read_text(encoding="utf-8"))
    (game,) = parse_file(GAME).games
    report = validate_game(game)
    assert report.findings == []
    assert (report.east, report.west) == (result["E"], result["W"])
