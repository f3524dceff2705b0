"""The 25-steps example game, checked the way a person checks it by hand, independently of the
engine.

This test reads ``corpus/games/25-steps-evening.pin`` as plain text, with its own tables typed
from the 25-steps specification (../shared/rulesets/two-player-25-steps.md: ranks TP11, card
points TP23, the meld table and its type ranks TP14) and no code of the project. It follows every
card from the deal (TP5-TP8) through each trick and draw (TP17, TP20), checks each phase-B
follower's card (TP22: follow, win if able, trump when void), decides each trick (TP11), judges
each meld (TP13, TP15, TP19: a card reused only in a meld of a higher-ranked type, with a card
from the hand) with the highest type each exposed copy was melded in, adds the last trick's 10
(TP23) and the turned-up nine's 10 (TP8), checks every claim, the rising target (TP25: West at
1018 after battle 3 and nobody knocked, so 1250) and West's knock (1440 >= 1250: West wins).
Then it checks that the engine agrees: the record validates clean with the same scores.

The game was made by ``pinochle simulate`` (seed 64, greedy players, 25-steps without knocking),
its first four battles kept and West's knock written in after battle 4's last trick.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation import parse_file

from tests.adjudicator.byhandkit import at, other

GAME = Path(__file__).resolve().parents[2] / "corpus" / "games" / "25-steps-evening.pin"

RANKS = "ATKQJN"                                          # TP11, highest first; N is the nine
SUITS = "♣♠♥♦"
POINTS = dict(zip(RANKS, (11, 10, 4, 3, 2, 0)))           # TP23
LAST_TRICK = 10                                           # TP23
TURNED_UP_NINE = 10                                       # TP8
PACK = Counter({r + s: 2 for r in RANKS for s in SUITS})  # TP1: 48 cards
TARGET, RISE = 1000, 250                                  # TP25
# TP14: type ranks, sequence highest.
SEQUENCE, MARRIAGE, PINOCHLE, FOUR = 4, 3, 2, 1
FOURS = {"A": 100, "K": 80, "Q": 60, "J": 40}


def meld_table(kind: str, trump: str) -> tuple[int, int, Counter[str]]:
    """(type rank, points, cards needed) of a meld kind with this trump (TP14, TP15)."""
    if kind in ("dix", "swap"):
        return 5, 10, Counter({"N" + trump: 1})            # no other meld holds the nine
    if kind == "P":
        return PINOCHLE, 40, Counter({"Q♠": 1, "J♦": 1})
    if kind == "PP":
        return PINOCHLE, 80, Counter({"Q♠": 2, "J♦": 2})
    if len(kind) == 2 and kind[1] == "4" and kind[0] in FOURS:
        return FOUR, FOURS[kind[0]], Counter({kind[0] + s: 1 for s in SUITS})
    if len(kind) == 2 and kind[1] == "M":
        return MARRIAGE, 40 if kind[0] == trump else 20, Counter({"K" + kind[0]: 1,
                                                                  "Q" + kind[0]: 1})
    if kind == trump + "F":
        return SEQUENCE, 150, Counter({r + trump: 1 for r in "ATKQJ"})
    raise AssertionError(f"{kind} is not in the 25-steps meld table with {trump} trump (TP14)")


def leader_wins(lead: str, follow: str, trump: str) -> bool:
    if lead[1] == follow[1]:                  # TP11: higher rank wins, identical: the first
        return RANKS.index(lead[0]) <= RANKS.index(follow[0])
    return follow[1] != trump                 # TP11: a trump wins, else the suit led


def legal_follow(hand: list[str], lead: str, trump: str) -> list[str]:
    """TP22: follow suit and win if able; trump when void; else anything."""
    same = [c for c in hand if c[1] == lead[1]]
    if same:
        higher = [c for c in same if RANKS.index(c[0]) < RANKS.index(lead[0])]
        return higher or same
    trumps = [c for c in hand if c[1] == trump]
    return trumps or hand


class Hand:
    """Concealed faces, and exposed copies each with the highest type rank it was melded in."""

    def __init__(self, cards: list[str]) -> None:
        self.concealed: Counter[str] = Counter(cards)
        self.exposed: list[tuple[str, int]] = []

    def faces(self) -> list[str]:
        return sorted(self.concealed.elements()) + [face for face, _ in self.exposed]

    def size(self) -> int:
        return sum(self.concealed.values()) + len(self.exposed)

    def play(self, face: str) -> None:
        """An exposed copy goes first, the most used (the concealed copy keeps every right)."""
        copies = [i for i, (f, _) in enumerate(self.exposed) if f == face]
        if not copies:
            assert self.concealed[face] > 0, f"does not hold {face} (TP18)"
            self.concealed[face] -= 1
            return
        del self.exposed[max(copies, key=lambda i: self.exposed[i][1])]

    def meld(self, rank: int, need: Counter[str]) -> list[str]:
        """Judge and make a meld (TP13, TP19); the rules it relied on (TP19a2 per reuse)."""
        reasons: list[str] = []
        take: dict[str, tuple[list[int], int]] = {}
        for face, n in need.items():
            held = [i for i, (f, _) in enumerate(self.exposed) if f == face]
            assert n <= self.concealed[face] + len(held), f"{face} is not in the hand (TP13)"
            used = [i for i in held if self.exposed[i][1] < rank][:n]      # TP19a1, TP19a2
            assert n - len(used) <= self.concealed[face], \
                f"{face} was melded in a type ranked as high already (TP19)"
            take[face] = (used, n - len(used))
        if not any(concealed for _, concealed in take.values()):   # TP19a3: one must
            face = next((f for f in need if self.concealed[f] > take[f][1]), None)
            assert face is not None, "no card of the meld comes from the hand (TP19a3)"
            used, concealed = take[face]                    # the hand's copy stands in
            take[face] = (used[:-1], concealed + 1)
        for face, (used, concealed) in take.items():
            for i in used:
                self.exposed[i] = (face, rank)
                reasons.append("TP19a2")
            self.concealed[face] -= concealed
            self.exposed += [(face, rank)] * concealed
        return reasons

    def pick_up(self) -> None:
        """TP21: the melded cards go back into the hand."""
        self.concealed.update(face for face, _ in self.exposed)
        self.exposed = []


def replay_by_hand(text: str) -> dict[str, object]:
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, re.MULTILINE))
    assert (tags["Ruleset"], tags["TrickScoring"], tags["Target"], tags["Knocking"]) == \
        ("25-steps", "11-10-4-3-2", str(TARGET), "yes")
    battles: list[dict[str, dict[str, int]]] = []
    seen: Counter[str] = Counter()
    totals = {"E": 0, "W": 0}
    target, rises, knock = TARGET, [], None
    dealer = ""
    for line in text.splitlines():
        words = line.split(";")[0].split()
        if not words or line.startswith("["):
            continue
        assert knock is None or words[0] in ("tricks", "melds", "score", "total", "game"), \
            f"{line}: play halts at the knock (TP25)"
        if words[0] == "battle":
            assert int(words[1]) == len(battles) + 1
            assert words[3] != dealer, "the deal moves to the left: it alternates (TP24)"
            dealer = words[3]
            leader = other(dealer)                           # TP9
            deal: dict[str, list[str]] = {}
            tricks = {"E": 0, "W": 0}
            melds = {"E": 0, "W": 0}
            battles.append({"tricks": tricks, "melds": melds, "claims": {}})
        elif words[0] in ("E:", "W:", "stock:"):
            deal[words[0][:-1]] = words[1:]
        elif words[0] == "upcard:":
            upcard = words[1]
            assert [len(deal["E"]), len(deal["W"]), len(deal["stock"])] == [12, 12, 23]  # TP5
            assert Counter(deal["E"] + deal["W"] + deal["stock"] + [upcard]) == PACK    # TP1
            trump = upcard[1]                                # TP7
            stock = deal["stock"] + [upcard]                 # TP8, TP20: the upcard last
            hands = {seat: Hand(deal[seat]) for seat in "EW"}
            if upcard[0] == "N":
                melds[dealer] += TURNED_UP_NINE              # TP8
        elif words[0].endswith("."):
            number = int(words[0][:-1])
            lead, follow, mark, *rest = words[1:]
            follower = other(leader)
            phase_a = bool(stock)
            assert phase_a == (number <= 12), f"{line}: the talon lasts 12 tricks"
            with at(line, leader):
                hands[leader].play(lead)                     # TP10, TP18: any card
            if not phase_a:
                legal = legal_follow(hands[follower].faces(), lead, trump)
                assert follow in legal, f"{line}: {follower} must play one of {legal} (TP22)"
                seen["TP22"] += 1
            with at(line, follower):
                hands[follower].play(follow)
            winner = leader if leader_wins(lead, follow, trump) else follower
            assert mark == winner, f"{line}: the winner is {winner} (TP11)"
            tricks[winner] += POINTS[lead[0]] + POINTS[follow[0]]
            if number == 24:
                tricks[winner] += LAST_TRICK                 # TP23
            kinds = rest[::2]
            assert not kinds or phase_a, f"{line}: no melds after the talon (TP22)"
            assert sum(k not in ("dix", "swap") for k in kinds) <= 1, f"{line}: one meld (TP13)"
            for kind, points in zip(kinds, rest[1::2]):
                hand = hands[winner]
                rank, value, need = meld_table(kind, trump)
                assert int(points) == value, f"{line}: {kind} is worth {value} (TP14)"
                if kind == "swap":                           # TP15
                    nine = "N" + trump
                    assert stock and hand.concealed[nine] > 0, line
                    hand.concealed[nine] -= 1
                    hand.concealed[stock[-1]] += 1
                    stock[-1] = nine
                else:
                    with at(line, winner):
                        seen.update(hand.meld(rank, need))
                seen[kind] += 1
                melds[winner] += value
            for seat in (winner, other(winner)):             # TP17, TP20: winner first
                if stock:
                    hands[seat].concealed[stock.pop(0)] += 1
            if number == 12:
                for hand in hands.values():
                    hand.pick_up()                           # TP21
            leader = winner
        elif words[0] == "knock":
            seat, stated = words[1], int(words[2])
            count = totals[seat] + tricks[seat] + melds[seat]
            assert stated == count, f"{line}: {seat}'s count is {count}"
            knock = (seat, count, count >= target, len(battles))
        elif words[0] in ("tricks", "melds", "score", "total"):
            battles[-1]["claims"][words[0]] = {words[1]: int(words[2]), words[3]: int(words[4])}
            if words[0] == "total":
                for seat in "EW":
                    totals[seat] += tricks[seat] + melds[seat]
                battles[-1]["totals"] = dict(totals)
                if knock is None and max(totals.values()) >= target:
                    target += RISE                           # TP25: reached, nobody knocked
                    rises.append((len(battles), target))
        elif words[0] == "game":
            assert {words[1]: int(words[2]), words[3]: int(words[4])} == totals
    return {"tags": tags, "battles": battles, "seen": seen, "rises": rises, "knock": knock,
            "totals": totals}


def test_TP24_TP25_25_steps_evening_checked_by_hand() -> None:
    game = replay_by_hand(GAME.read_text(encoding="utf-8"))
    battles = game["battles"]
    assert isinstance(battles, list) and len(battles) == 4
    for battle in battles:
        assert battle["tricks"]["E"] + battle["tricks"]["W"] == 250       # TP23
        assert battle["claims"]["tricks"] == battle["tricks"]
        assert battle["claims"]["melds"] == battle["melds"]               # TP14, TP8
        score = {s: battle["tricks"][s] + battle["melds"][s] for s in "EW"}
        assert battle["claims"]["score"] == score                        # TP24
        assert battle["claims"]["total"] == battle["totals"]
    assert game["rises"] == [(3, 1250)]                     # West 1018 after battle 3
    assert game["knock"] == ("W", 1440, True, 4)            # West knocks and wins
    assert game["tags"]["Result"] == "770-1440"             # type: ignore[index]


def test_TP19_TP22_the_evening_shows_reuse_and_the_phase_b_duties() -> None:
    seen = replay_by_hand(GAME.read_text(encoding="utf-8"))["seen"]
    assert isinstance(seen, Counter)
    assert seen["TP22"] == 4 * 12 and seen["TP19a2"] > 0
    assert seen["P"] and seen["K4"] and seen["A4"] and any(k.endswith("F") for k in seen)


def test_TP25_engine_agrees_with_the_hand_count() -> None:
    game = replay_by_hand(GAME.read_text(encoding="utf-8"))
    battles = game["battles"]
    assert isinstance(battles, list)
    (record,) = parse_file(GAME).games
    report = validate_game(record)
    assert [f for f in report.findings if f.severity.value != "info"] == []
    notices = [f.message for f in report.findings]
    assert any("the game now goes to 1250" in m for m in notices)
    assert any("West knocks with a count of 1440" in m and "West wins" in m for m in notices)
    assert [({"E": b.east.tricks, "W": b.west.tricks}, {"E": b.east.melds, "W": b.west.melds})
            for b in report.battles] == [(b["tricks"], b["melds"]) for b in battles]
    assert {"E": report.east, "W": report.west} == game["totals"]
