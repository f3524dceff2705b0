"""The old-time example game, checked the way a person checks it by hand, independently of the
engine.

This test reads ``corpus/games/old-time-evening.pin`` as plain text, with its own tables typed
from the old-time specification (../shared/rulesets/old-time-two-handed.md: ranks OT2A1, card
points OT8H schedule 11-10-4-3-2, meld table OT9A) and no code of the project. It follows every
card from the deal (OT6B, OT6C) through each trick and draw (OT8E, OT8F), the dix exchange
(OT7C1, OT9I2) and the laid dix (OT9I3), checks each phase-B follower's card by the
specification's ``legal_follow`` (OT8B1-OT8B3, ``PhaseB "must-win"``), decides each trick by
OT8C1-OT8C3, judges each meld (OT8D, OT9B1, OT9C, OT9E, OT9F, OT9G, OT9H) with a history of the
classes each exposed copy was melded in, adds the last trick's 10 (OT8G) and the turned-up
nine's 10 (OT6B), and checks every claim. Then it checks that the engine agrees: the record
validates clean with the same scores.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation import parse_file

from tests.adjudicator.byhandkit import Hand, at, other

GAME = Path(__file__).resolve().parents[2] / "corpus" / "games" / "old-time-evening.pin"

RANKS = "ATKQJN"                                          # OT2A1, highest first; N is the nine
SUITS = "♣♠♥♦"                                            # OT2A2: no rank of suits
POINTS = dict(zip(RANKS, (11, 10, 4, 3, 2, 0)))           # OT8H, schedule 11-10-4-3-2
LAST_TRICK = 10                                           # OT8G
TURNED_UP_NINE = 10                                       # OT6B, written in the dealer's melds
PACK = Counter({r + s: 2 for r in RANKS for s in SUITS})  # OT2A4: 48 cards
TARGET = 1000                                             # OT4A, the Target tag

# OT9A. Suit melds: letter -> class, ranks, (single, double) in trumps, (single, double) in
# another suit (None: not a meld there, OT-O2).
SUIT_MELDS = {
    "F": ("A", "ATKQJ", (150, 300), None),                # sequence ("flush") of trumps
    "M": ("A", "KQ", (40, 80), (20, 40)),                 # royal / common marriage
}
FOURS = {"A": (100, 200), "K": (80, 160), "Q": (60, 120), "J": (40, 80)}   # class B; no T4
PINOCHLE = ("C", ("Q♠", "J♦"), (40, 300))                 # class C; double is 300 (L115)
DIX = ("A", 10)                                           # dix or swap: the nine of trumps


def meld_table(kind: str, trump: str) -> tuple[str, int, Counter[str]]:
    """(class, points, cards needed with multiplicity) of a meld kind in this trump (OT9A)."""
    if kind in ("dix", "swap"):
        return DIX[0], DIX[1], Counter({"N" + trump: 1})
    if set(kind) == {"P"} and len(kind) <= 2:
        klass, faces, values = PINOCHLE
        return klass, values[len(kind) - 1], Counter({f: len(kind) for f in faces})
    if kind[-1] == "4" and len(set(kind[:-1])) == 1 and len(kind) <= 3 and kind[0] in FOURS:
        copies = len(kind) - 1
        return "B", FOURS[kind[0]][copies - 1], Counter({kind[0] + s: copies for s in SUITS})
    if kind[-1] in SUIT_MELDS and len(set(kind[:-1])) == 1 and len(kind) <= 3:
        suit, copies = kind[0], len(kind) - 1
        klass, ranks, in_trumps, elsewhere = SUIT_MELDS[kind[-1]]
        values = in_trumps if suit == trump else elsewhere
        assert values is not None, f"{kind} is not a meld with {trump} trump (OT9A, OT-O2)"
        return klass, values[copies - 1], Counter({r + suit: copies for r in ranks})
    raise AssertionError(f"{kind} is not in the old-time meld table (OT9A)")


def leader_wins(lead: str, follow: str, trump: str) -> bool:
    if lead[1] == follow[1]:                  # OT8C2: higher rank wins, identical: the leader
        return RANKS.index(lead[0]) <= RANKS.index(follow[0])
    if follow[1] == trump:                    # OT8C1: a trump beats a non-trump
        return False
    return True                               # OT8C1 (leader's trump), OT8C3 (neither trump)


def legal_follow(hand: list[str], lead: str, trump: str) -> list[str]:
    """Phase B, PhaseB "must-win" (the specification's function, §3.2)."""
    same = [c for c in hand if c[1] == lead[1]]
    if same:
        higher = [c for c in same if RANKS.index(c[0]) < RANKS.index(lead[0])]
        return higher or same                 # OT8B2, else OT8B1
    trumps = [c for c in hand if c[1] == trump]
    return trumps or hand                     # OT8B3


def replay_by_hand(text: str) -> tuple[dict[str, str], list[dict[str, dict[str, int]]],
                                       Counter[str]]:
    """Returns the tags, per battle the computed points and the claims, and the rules seen."""
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, re.MULTILINE))
    assert (tags["Ruleset"], tags["TrickScoring"], tags["PhaseB"], tags["Target"]) == \
        ("old-time", "11-10-4-3-2", "must-win", str(TARGET))
    battles: list[dict[str, dict[str, int]]] = []
    seen: Counter[str] = Counter()
    dealers: list[str] = []
    totals = {"E": 0, "W": 0}
    for line in text.splitlines():
        words = line.split(";")[0].split()
        if not words or line.startswith("["):
            continue
        if words[0] == "battle":
            assert int(words[1]) == len(battles) + 1
            dealer = words[3]
            assert not dealers or dealer != dealers[-1], "the deal alternates (OT4B)"
            dealers.append(dealer)
            leader = other(dealer)                           # OT8: nondealer leads trick 1
            deal: dict[str, list[str]] = {}
            tricks = {"E": 0, "W": 0}
            melds = {"E": 0, "W": 0}
            battles.append({"tricks": tricks, "melds": melds, "claims": {}})
        elif words[0] in ("E:", "W:", "stock:"):
            deal[words[0][:-1]] = words[1:]
        elif words[0] == "upcard:":
            upcard = words[1]
            assert [len(deal["E"]), len(deal["W"]), len(deal["stock"])] == [12, 12, 23]  # OT6B
            assert Counter(deal["E"] + deal["W"] + deal["stock"] + [upcard]) == PACK    # OT2A4
            trump = upcard[1]                                # OT6B: the upcard fixes trump
            stock = deal["stock"] + [upcard]                 # OT6C: the upcard is drawn last
            swapped = False
            hands = {seat: Hand(deal[seat]) for seat in "EW"}
            if upcard[0] == "N":                             # OT6B: dealer scores 10 at once
                melds[dealer] += TURNED_UP_NINE
                seen["OT6B"] += 1
        elif words[0].endswith("."):
            number = int(words[0][:-1])
            lead, follow, mark, *rest = words[1:]
            follower = other(leader)
            phase_a = bool(stock)                            # A19: while the stock lasts
            assert phase_a == (number <= 12), f"{line}: phase A is tricks 1-12 (OT8)"
            with at(line, leader):
                hands[leader].play(lead)                     # OT8A: any card
            if not phase_a:                                  # OT8B1-OT8B3
                legal = legal_follow(hands[follower].faces(), lead, trump)
                assert follow in legal, f"{line}: {follower} must play one of {legal}"
                seen[_follow_rule(lead, follow, trump)] += 1
            with at(line, follower):
                hands[follower].play(follow)
            winner = leader if leader_wins(lead, follow, trump) else follower
            assert mark == winner, f"{line}: the winner is {winner}"
            seen[_trick_rule(lead, follow, trump)] += 1
            tricks[winner] += POINTS[lead[0]] + POINTS[follow[0]]
            if number == 24:
                tricks[winner] += LAST_TRICK                 # OT8G
                seen["OT8G"] += 1
            assert len(rest) % 2 == 0, f"{line}: a meld is a kind and its points"
            kinds = rest[::2]
            assert not kinds or phase_a, f"{line}: nobody melds in phase B (OT8D)"
            assert sum(k not in ("dix", "swap") for k in kinds) <= 1, f"{line}: one meld (OT9E)"
            for kind, points in zip(kinds, rest[1::2]):
                hand = hands[winner]
                assert hand.size() == 11, f"{line}: a melder holds 11 cards (OT9D)"
                klass, value, need = meld_table(kind, trump)
                assert int(points) == value, f"{line}: {kind} is worth {value} (OT9A)"
                if kind == "swap":                           # OT7C1, OT9I2
                    nine = "N" + trump
                    assert stock and not swapped and hand.concealed[nine] > 0, line
                    hand.concealed[nine] -= 1
                    hand.concealed[upcard] += 1
                    stock[-1] = nine
                    swapped = True
                else:
                    with at(line, winner):
                        seen.update(hand.meld(klass, value, need))
                seen[_meld_name(kind, trump)] += 1
                melds[winner] += value
            for seat in (winner, other(winner)):             # OT8E, OT8F: winner first
                if stock:
                    hands[seat].concealed[stock.pop(0)] += 1
            if number == 12:
                assert not stock
                for hand in hands.values():
                    hand.pick_up()                           # OT8F: phase B begins
                assert [hands[s].size() for s in "EW"] == [12, 12]
            leader = winner
        elif words[0] in ("tricks", "melds", "score", "total"):
            battles[-1]["claims"][words[0]] = {words[1]: int(words[2]), words[3]: int(words[4])}
            if words[0] == "total":
                assert [hands[s].size() for s in "EW"] == [0, 0], "every card was played"
                for seat in "EW":
                    totals[seat] += tricks[seat] + melds[seat]
                battles[-1]["totals"] = dict(totals)
    return tags, battles, seen


def _meld_name(kind: str, trump: str) -> str:
    names = {"F": "sequence", "4": "four of a kind", "P": "pinochle"}
    if kind[-1] == "M":
        return "royal marriage" if kind[0] == trump else "common marriage"
    return names.get(kind[-1], kind)


def _trick_rule(lead: str, follow: str, trump: str) -> str:
    if lead == follow:
        return "OT8C2 identical"
    if lead[1] == follow[1]:
        return "OT8C2"
    return "OT8C1" if trump in (lead[1], follow[1]) else "OT8C3"


def _follow_rule(lead: str, follow: str, trump: str) -> str:
    """Which phase-B duty the follower's card met."""
    if follow[1] == lead[1]:
        return "OT8B2" if RANKS.index(follow[0]) < RANKS.index(lead[0]) else "OT8B1"
    return "OT8B3" if follow[1] == trump else "OT8B3 void"


def test_OT3_OT4A_old_time_evening_checked_by_hand() -> None:
    tags, battles, _ = replay_by_hand(GAME.read_text(encoding="utf-8"))
    assert len(battles) == 2
    for battle in battles:
        assert battle["tricks"]["E"] + battle["tricks"]["W"] == 250       # OT8H, OT8G
        assert battle["claims"]["tricks"] == battle["tricks"]             # OT8H
        assert battle["claims"]["melds"] == battle["melds"]               # OT9A, OT6B
        score = {s: battle["tricks"][s] + battle["melds"][s] for s in "EW"}
        assert battle["claims"]["score"] == score                        # OT3
        assert battle["claims"]["total"] == battle["totals"]             # OT4A
    assert tags["Result"] == "*"                                          # OT4A: not finished
    assert max(battles[-1]["totals"].values()) < TARGET


def test_OT8_OT9_old_time_evening_shows_the_rules_it_is_meant_to() -> None:
    """The showcase: each rule the game was written to show happens in it."""
    _, _, seen = replay_by_hand(GAME.read_text(encoding="utf-8"))
    for rule in ("OT6B", "OT8C1", "OT8C2", "OT8C2 identical", "OT8C3", "OT8B1", "OT8B2",
                 "OT8B3", "OT8B3 void", "OT8G", "OT9F", "OT9G", "swap", "dix", "royal marriage",
                 "common marriage", "sequence", "four of a kind", "pinochle"):
        assert seen[rule], f"the game does not show {rule}"


def test_OT3_engine_agrees_with_the_hand_count() -> None:
    _, battles, _ = replay_by_hand(GAME.read_text(encoding="utf-8"))
    (game,) = parse_file(GAME).games
    report = validate_game(game)
    assert [f for f in report.findings if f.severity.value != "info"] == []
    assert [({"E": b.east.tricks, "W": b.west.tricks}, {"E": b.east.melds, "W": b.west.melds})
            for b in report.battles] == [(b["tricks"], b["melds"]) for b in battles]
    assert {"E": report.east, "W": report.west} == battles[-1]["totals"]
