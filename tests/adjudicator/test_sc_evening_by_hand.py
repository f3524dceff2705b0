"""The Scarne example game, checked the way a person checks it by hand, independently of the
engine.

``corpus/games/scarne-evening.pin`` is read as plain text with tables typed from the Scarne
specification (../shared/rulesets/scarne-two-handed-turn-up-trump.md): ranks A T K Q J 9 (S3),
card points 11-10-4-3-2 (S4), the old-time meld table (S1), no code of the project. Every card is
followed from the deal (SC-DEAL, SC-TRUMP) through each trick and draw (SC-PLAY8, SC-PLAY10), the
deece exchange and the laid deece (SC-PLAY5, SC-MELD8, SC-MELD9); each phase-2 follower's card is
checked by SC-PLAYB2/SC-PLAYB3 (a plain lead need not be beaten), each trick decided by SC-PLAY2W,
each meld judged (SC-MELD1-SC-MELD5, OT9G, SC-MELD6 (OT9C)) with a history of the classes each
exposed copy was in and whether it was in a marriage; the last trick's 10 (SC-LAST), every claim,
and West's call-out in battle 2 (SC-CALL: 509, short of 1000, so West loses). Then the engine
must agree: the record validates with only the call's notice, and the same scores.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from pinochle.adjudicator.model.findings import Kind
from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation import parse_file

from tests.adjudicator.byhandkit import Hand, at, other

GAME = Path(__file__).resolve().parents[2] / "corpus" / "games" / "scarne-evening.pin"

RANKS = "ATKQJN"                                          # S3, highest first; N is the nine
SUITS = "♣♠♥♦"
POINTS = dict(zip(RANKS, (11, 10, 4, 3, 2, 0)))           # S4, TrickScoring 11-10-4-3-2
LAST_TRICK = 10                                           # SC-LAST
TURNED_UP_NINE = 10                                       # SC-TRUMP, SC-MELD7
PACK = Counter({r + s: 2 for r in RANKS for s in SUITS})  # SC-REQ2: 48 cards
TARGET = 1000                                             # SC-OBJ

# S1, the old-time table: letter -> class, ranks, (single, double) in trumps, elsewhere.
SUIT_MELDS = {
    "F": ("A", "ATKQJ", (150, 300), None),                # flush (L98: 150)
    "M": ("A", "KQ", (40, 80), (20, 40)),                 # royal (L97: 40) / common marriage
}
FOURS = {"A": (100, 200), "K": (80, 160), "Q": (60, 120), "J": (40, 80)}   # class B (L36, L100)
PINOCHLE = ("C", ("Q♠", "J♦"), (40, 300))                 # class C
DIX = ("A", 10)                                           # the deece, laid or exchanged


def meld_table(kind: str, trump: str) -> tuple[str, int, Counter[str]]:
    """(class, points, cards needed with multiplicity) of a meld kind in this trump."""
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
        assert values is not None, f"{kind} is not a meld with {trump} trump (S1)"
        return klass, values[copies - 1], Counter({r + suit: copies for r in ranks})
    raise AssertionError(f"{kind} is not in the meld table (S1)")


def leader_wins(lead: str, follow: str, trump: str) -> bool:
    if lead[1] == follow[1]:                  # SC-PLAY2W: higher rank; identical: the first
        return RANKS.index(lead[0]) <= RANKS.index(follow[0])
    if follow[1] == trump:                    # SC-PLAY2W: a trump beats a non-trump
        return False
    return True


def legal_follow(hand: list[str], lead: str, trump: str) -> list[str]:
    """Phase 2 (SC-PLAYB2, SC-PLAYB3): follow suit; on a trump lead a higher trump if able;
    void, a trump; void in both, any card. A plain lead need not be beaten."""
    same = [c for c in hand if c[1] == lead[1]]
    if same:
        if lead[1] != trump:
            return same
        higher = [c for c in same if RANKS.index(c[0]) < RANKS.index(lead[0])]
        return higher or same
    trumps = [c for c in hand if c[1] == trump]
    return trumps or hand


def replay_by_hand(text: str) -> tuple[dict[str, str], list[dict], Counter[str], dict]:
    """Returns the tags, per battle the computed points and the claims, the rules seen, and the
    call-out (seat, total, wins)."""
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, re.MULTILINE))
    assert (tags["Ruleset"], tags["TrickScoring"], tags["GameEnd"], tags["Target"]) == \
        ("scarne", "11-10-4-3-2", "call-out", str(TARGET))
    battles: list[dict] = []
    seen: Counter[str] = Counter()
    dealers: list[str] = []
    totals = {"E": 0, "W": 0}
    call: dict = {}
    for line in text.splitlines():
        words = line.split(";")[0].split()
        if not words or line.startswith("["):
            continue
        assert not call, f"{line}: nothing comes after the call-out (SC-CALL)"
        if words[0] == "battle":
            assert int(words[1]) == len(battles) + 1
            dealer = words[3]
            assert not dealers or dealer != dealers[-1], "the deal alternates (SC-WIN2)"
            dealers.append(dealer)
            leader = other(dealer)                           # SC-PLAY1: nondealer leads
            deal: dict[str, list[str]] = {}
            tricks = {"E": 0, "W": 0}
            melds = {"E": 0, "W": 0}
            battles.append({"tricks": tricks, "melds": melds, "claims": {}})
        elif words[0] in ("E:", "W:", "stock:"):
            deal[words[0][:-1]] = words[1:]
        elif words[0] == "upcard:":
            upcard = words[1]
            assert [len(deal["E"]), len(deal["W"]), len(deal["stock"])] == [12, 12, 23]
            assert Counter(deal["E"] + deal["W"] + deal["stock"] + [upcard]) == PACK
            trump = upcard[1]                                # SC-TRUMP
            stock = deal["stock"] + [upcard]                 # SC-PLAY10: the upcard is last
            swapped = False
            hands = {seat: Hand(deal[seat], not_held="SC-PLAY7") for seat in "EW"}
            if upcard[0] == "N":                             # SC-MELD7
                melds[dealer] += TURNED_UP_NINE
                seen["SC-MELD7"] += 1
        elif words[0].endswith("."):
            number = int(words[0][:-1])
            lead, follow, mark, *rest = words[1:]
            follower = other(leader)
            phase_1 = bool(stock)
            assert phase_1 == (number <= 12), f"{line}: phase 1 is tricks 1-12"
            with at(line, leader):
                hands[leader].play(lead)                     # SC-PLAY1, SC-PLAYB1: any card
            if phase_1:
                seen["SC-PLAY2"] += 1                        # no obligation
            else:
                legal = legal_follow(hands[follower].faces(), lead, trump)
                assert follow in legal, f"{line}: {follower} must play one of {legal}"
                seen[_follow_rule(hands[follower].faces(), lead, follow, trump)] += 1
            with at(line, follower):
                hands[follower].play(follow)
            winner = leader if leader_wins(lead, follow, trump) else follower
            assert mark == winner, f"{line}: the winner is {winner}"
            seen[_trick_rule(lead, follow, trump)] += 1
            tricks[winner] += POINTS[lead[0]] + POINTS[follow[0]]
            if number == 24:
                tricks[winner] += LAST_TRICK                 # SC-LAST
                seen["SC-LAST"] += 1
            assert len(rest) % 2 == 0, f"{line}: a meld is a kind and its points"
            kinds = rest[::2]
            assert not kinds or phase_1, f"{line}: no meld once the stock is gone (SC-MELD4)"
            assert sum(k not in ("dix", "swap") for k in kinds) <= 1, f"{line}: SC-MELD2"
            for kind, points in zip(kinds, rest[1::2]):
                hand = hands[winner]
                assert hand.size() == 11, f"{line}: a melder holds 11 cards (SC-PLAY6)"
                klass, value, need = meld_table(kind, trump)
                assert int(points) == value, f"{line}: {kind} is worth {value} (S1)"
                if kind == "swap":                           # SC-PLAY5, SC-MELD8
                    nine = "N" + trump
                    assert stock and not swapped and hand.concealed[nine] > 0, line
                    hand.concealed[nine] -= 1
                    hand.concealed[upcard] += 1
                    stock[-1] = nine
                    swapped = True
                else:
                    with at(line, winner):
                        seen.update(hand.meld(klass, value, need, kind.endswith("M")))
                seen[_meld_name(kind, trump)] += 1
                melds[winner] += value
            for seat in (winner, other(winner)):             # SC-PLAY8, SC-PLAY10
                if stock:
                    hands[seat].concealed[stock.pop(0)] += 1
            if number == 12:
                assert not stock
                for hand in hands.values():
                    hand.pick_up()                           # SC-PLAY11
                assert [hands[s].size() for s in "EW"] == [12, 12]
            leader = winner
        elif words[0] in ("tricks", "melds", "score", "total"):
            battles[-1]["claims"][words[0]] = {words[1]: int(words[2]), words[3]: int(words[4])}
            if words[0] == "total":
                assert [hands[s].size() for s in "EW"] == [0, 0], "every card was played"
                for seat in "EW":
                    totals[seat] += tricks[seat] + melds[seat]
                battles[-1]["totals"] = dict(totals)
        elif words[0] == "call":                             # SC-CALL
            seat = words[1]
            assert hands["E"].size() + hands["W"].size() > 0, "before the last card"
            total = totals[seat] + melds[seat] + tricks[seat]
            call = {"seat": seat, "total": total, "wins": total >= TARGET}
            for s in "EW":
                totals[s] += tricks[s] + melds[s]
        else:
            raise AssertionError(f"{line}: not read by this check")
    return tags, battles, seen, {**call, "totals": totals}


def _meld_name(kind: str, trump: str) -> str:
    names = {"F": "flush", "4": "four of a kind", "P": "pinochle"}
    if kind[-1] == "M":
        return "royal marriage" if kind[0] == trump else "common marriage"
    return names.get(kind[-1], kind)


def _trick_rule(lead: str, follow: str, trump: str) -> str:
    if lead == follow:
        return "SC-PLAY2W identical"
    if lead[1] == follow[1]:
        return "SC-PLAY2W higher"
    return "SC-PLAY2W trump" if trump in (lead[1], follow[1]) else "SC-PLAY2W leader"


def _follow_rule(hand: list[str], lead: str, follow: str, trump: str) -> str:
    """Which phase-2 duty the follower's card met."""
    if follow[1] == lead[1]:
        if lead[1] == trump:
            return "SC-PLAYB2 higher trump"
        beats = any(c[1] == lead[1] and RANKS.index(c[0]) < RANKS.index(lead[0]) for c in hand)
        lower = RANKS.index(follow[0]) >= RANKS.index(lead[0])
        return "SC-PLAYB2 not beaten" if beats and lower else "SC-PLAYB2 follow"
    return "SC-PLAYB2 trump" if follow[1] == trump else "SC-PLAYB3"


def test_SC_OBJ_SC_CALL_the_scarne_evening_checked_by_hand() -> None:
    tags, battles, _, call = replay_by_hand(GAME.read_text(encoding="utf-8"))
    assert len(battles) == 2
    first = battles[0]
    assert first["tricks"]["E"] + first["tricks"]["W"] == 250              # S4, SC-LAST
    assert first["claims"]["tricks"] == first["tricks"]
    assert first["claims"]["melds"] == first["melds"]
    assert first["claims"]["score"] == {s: first["tricks"][s] + first["melds"][s] for s in "EW"}
    assert first["claims"]["total"] == first["totals"]                      # SC-SCORE1
    assert (call["seat"], call["total"], call["wins"]) == ("W", 509, False)  # SC-CALL
    assert tags["Result"] == "*"


def test_SC_rules_the_scarne_evening_shows() -> None:
    _, _, seen, _ = replay_by_hand(GAME.read_text(encoding="utf-8"))
    for rule in ("SC-PLAY2", "SC-PLAY2W identical", "SC-PLAY2W higher", "SC-PLAY2W trump",
                 "SC-PLAY2W leader", "SC-PLAYB2 follow", "SC-PLAYB2 trump",
                 "SC-PLAYB2 higher trump", "SC-PLAYB2 not beaten", "SC-PLAYB3",
                 "SC-LAST", "OT9F", "OT9G", "swap", "dix",
                 "royal marriage", "common marriage", "flush", "four of a kind", "pinochle"):
        assert seen[rule], f"the game does not show {rule}"


def test_SC_CALL_engine_agrees_with_the_hand_count() -> None:
    _, battles, _, call = replay_by_hand(GAME.read_text(encoding="utf-8"))
    (game,) = parse_file(GAME).games
    report = validate_game(game)
    [notice] = report.findings
    assert (notice.rule, notice.kind) == ("SC-CALL", Kind.NOTICE)
    assert "West calls out with 509" in notice.message and "West loses" in notice.message
    first = report.battles[0]
    assert ({"E": first.east.tricks, "W": first.west.tricks},
            {"E": first.east.melds, "W": first.west.melds}) == \
        (battles[0]["tricks"], battles[0]["melds"])
    assert {"E": report.east, "W": report.west} == call["totals"]
