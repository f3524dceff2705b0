"""Single-deck partnership Pinochle by hand: a small referee typed from its specification alone
(../shared/rulesets/single-deck-partnership.md, SD ids), importing no code of the project.

``replay(text)`` reads a record as plain text, follows every card from the deal through the
auction (§5), the passing (§6.1), the declarations (§4), the tricks (§3) and the claims (§7), and
returns what a referee must find: each departure as (rule id, battle, trick, line) and each
hand's result. The by-hand game test and the single-deck corpus tests use it; the corpus's
generator (corpus/single-deck/make.py) plays its hands with ``legal`` and ``winner`` below.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

RANKS = "ATKQJN"                       # SD-PACK2, highest first; N is the nine
SUITS = "♣♠♥♦"
SEATS = "NESW"                         # SD-SEAT2, clockwise
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}        # SD-SEAT1
PACK = Counter({r + s: 2 for r in RANKS for s in SUITS})   # SD-PACK1: 48 cards
COUNTS = {"10-10-10": (10, 10, 10, 0, 0, 0), "11-10-4-3-2": (11, 10, 4, 3, 2, 0),
          "10-10-5-5": (10, 10, 5, 5, 0, 0)}               # SD-COUNT1
LAST_TRICK = 10                                            # SD-COUNT2
# §4.2: [0, single, double] per kind and DoubleMelds value.
DOUBLES = {
    "bonus": {"run": 1500, "A": 1000, "K": 800, "Q": 600, "J": 400, "P": 300},
    "plain": {"run": 300, "A": 200, "K": 160, "Q": 120, "J": 80, "P": 80},
    "old": {"run": 300, "A": 200, "K": 160, "Q": 120, "J": 80, "P": 300},
}
SINGLES = {"run": 150, "A": 100, "K": 80, "Q": 60, "J": 40, "P": 40}
DEFAULTS = {"MinBid": "250", "ForcedBid": "dealer", "Passing": "4", "FirstLead": "bidder",
            "Heading": "always", "TrickScoring": "10-10-10", "DoubleMelds": "bonus",
            "SaveMeld": "trick", "ConcedeBonus": "0", "Target": "1500",
            "GameEnd": "bidder-first", "Scale": "points", "Laws": "none"}


def left(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def partner(seat: str) -> str:
    return left(left(seat))


def rank(card: str) -> int:
    return -RANKS.index(card[0])


def winner(trick: list[str], trump: str) -> int:
    """The index of the card that wins (SD-PLAY7, §3.1): identical cards, the earlier."""
    best = 0
    for i, c in enumerate(trick[1:], 1):
        b = trick[best]
        if c[1] == b[1] and rank(c) > rank(b) or c[1] == trump and b[1] != trump:
            best = i
    return best


def legal(hand: list[str], trick: list[str], trump: str, heading: str = "always") -> list[str]:
    """The cards a follower may play (§3.2); every card for the leader."""
    if not trick:
        return list(hand)
    led, win = trick[0][1], trick[winner(trick, trump)]
    same = [c for c in hand if c[1] == led]
    if same:
        if (win[1] == led) if heading == "always" else (led == trump):
            return [c for c in same if rank(c) > rank(win)] or same
        return same
    trumps = [c for c in hand if c[1] == trump]
    if trumps:
        if heading == "always" and win[1] == trump:
            return [c for c in trumps if rank(c) > rank(win)] or trumps
        return trumps
    return list(hand)


def broken(card: str, hand: list[str], trick: list[str], trump: str, heading: str) -> str | None:
    """The first of SD-PLAY3-6 a card outside the legal set breaks (§3.2), or None."""
    if card in legal(hand, trick, trump, heading):
        return None
    led = trick[0][1]
    if any(c[1] == led for c in hand):
        return "SD-PLAY4" if card[1] == led else "SD-PLAY3"
    trumps = [c for c in hand if c[1] == trump]
    return "SD-PLAY6" if card[1] == trump and trumps else "SD-PLAY5"


def card_points(card: str, scoring: str = "10-10-10") -> int:
    return COUNTS[scoring][RANKS.index(card[0])]


# --- melds (§4) -------------------------------------------------------------------------------

def value(kind: str, copies: int, dbl: str) -> int:
    return 0 if copies == 0 else SINGLES[kind] if copies == 1 else DOUBLES[dbl][kind]


def best_meld(hand: list[str], t: str, dbl: str = "bonus") -> int:
    """§4.4, heading by heading on one player's hand."""
    n = Counter(hand)
    f = min(n[r + t] for r in "ATKQJ")
    seq = value("run", f, dbl) + 40 * (min(n["K" + t], n["Q" + t]) - f)
    seq += sum(20 * min(n["K" + s], n["Q" + s]) for s in SUITS if s != t)
    arounds = sum(value(r, min(n[r + s] for s in SUITS), dbl) for r in "AKQJ")
    return seq + arounds + value("P", min(n["Q♠"], n["J♦"]), dbl) + 10 * n["N" + t]


def meld_kind(kind: str, t: str, dbl: str) -> tuple[str, str, Counter[str], int] | None:
    """(heading, rule, cards needed, table value) of a declared kind, or None: no meld
    (SD-MELD7). ``dix`` is one nine of trump."""
    if kind == "dix":
        return "dix", "SD-MELD5", Counter({"N" + t: 1}), 10
    m = re.fullmatch(r"([♣♠♥♦])(\1?)([FM])", kind)
    if m:
        suit, copies = m.group(1), 1 + bool(m.group(2))
        if m.group(3) == "F":
            if suit != t:
                return None
            return "seq", "SD-MELD2", Counter({r + t: copies for r in "ATKQJ"}), \
                value("run", copies, dbl)
        single = 40 if suit == t else 20
        return "seq", "SD-MELD2", Counter({"K" + suit: copies, "Q" + suit: copies}), \
            single * copies
    m = re.fullmatch(r"([AKQJ])(\1?)4", kind)
    if m:
        copies = 1 + bool(m.group(2))
        return "around", "SD-MELD3", Counter({m.group(1) + s: copies for s in SUITS}), \
            value(m.group(1), copies, dbl)
    if kind in ("P", "PP"):
        return "pin", "SD-MELD4", Counter({"Q♠": len(kind), "J♦": len(kind)}), \
            value("P", len(kind), dbl)
    return None


# --- reading a record -------------------------------------------------------------------------

@dataclass
class Side:
    cards: int = 0
    melds: int = 0
    tricks: int = 0
    score: int = 0


@dataclass
class Hand:
    """One battle as a referee follows it."""
    number: int
    dealer: str
    hands: dict[str, list[str]] = field(default_factory=dict)
    high: int = 0
    bidder: str | None = None
    passed: set[str] = field(default_factory=set)
    turn: str = ""
    ended: bool = False
    trump: str | None = None
    sends: list[str] = field(default_factory=list)
    melds: dict[str, int] = field(default_factory=dict)
    leader: str | None = None
    tricks: int = 0
    conceded: bool = False
    sides: dict[str, Side] = field(default_factory=lambda: {"NS": Side(), "EW": Side()})
    thrown_in: bool = False
    unknown: set[str] = field(default_factory=set)     # P15: hands unknown after no passing
    after_end: bool = False     # dealt after the game was won (SD-GAME5): counts for nobody


@dataclass
class Replay:
    tags: dict[str, str]
    departures: list[tuple[str, int, int | None, int]] = field(default_factory=list)
    battles: list[Hand] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    winner: str | None = None
    claims: list[tuple[str, int, dict[str, int], dict[str, int]]] = field(default_factory=list)

    def report(self, rule: str, hand: Hand | None, trick: int | None, line: int) -> None:
        self.departures.append((rule, hand.number if hand else 0, trick, line))


CLAIM = re.compile(r"(tricks|melds|score|total|game) NS (-?\d+) EW (-?\d+)")


def replay(text: str) -> Replay:
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.MULTILINE))
    opt = {**DEFAULTS, **tags}
    r = Replay(tags)
    heading, scoring, dbl = opt["Heading"], opt["TrickScoring"], opt["DoubleMelds"]
    passing, min_bid, target = int(opt["Passing"]), int(opt["MinBid"]), int(opt["Target"])
    hand: Hand | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split(";")[0].strip()
        if not line or line.startswith("["):
            continue
        words = line.split()
        if words[0] == "battle":
            if hand:
                finish(r, hand, opt, no)
            dealer = words[3]
            if r.winner:
                r.report("SD-GAME5", None, None, no)
            if r.battles and dealer != left(r.battles[-1].dealer):
                r.report("SD-DEAL2", None, None, no)
            hand = Hand(int(words[1]), dealer, turn=left(dealer))
            r.battles.append(hand)
            r.departures = [(x, b or hand.number, t, ln) for x, b, t, ln in r.departures]
            continue
        assert hand is not None, f"line {no}: a statement before any battle"
        if re.fullmatch(r"[NESW]:", words[0]):
            hand.hands[words[0][0]] = words[1:]
            if len(words) - 1 != 12:
                r.report("SD-DEAL1", hand, None, no)
            if len(hand.hands) == 4:
                dealt = Counter(c for cs in hand.hands.values() for c in cs)
                if any(dealt[c] > PACK[c] for c in dealt) or set(dealt) - set(PACK):
                    r.report("SD-PACK1", hand, None, no)
        elif words[0] in ("bid", "pass", "announce"):
            call(r, hand, words, no, min_bid, opt["ForcedBid"])
        elif words[0] == "trump":
            if hand.trump:
                r.report("SD-TRUMP2", hand, None, no)       # a second trump: ignored
            else:
                if not hand.ended:                          # early: reported, it stands
                    r.report("SD-TRUMP1", hand, None, no)
                hand.trump = words[1]
        elif words[0] == "send":
            send(r, hand, words[1], words[2:], no, passing)
        elif words[0] == "meld":
            if passing and not hand.sends and hand.bidder and not hand.melds:
                r.report("SD-PASS1", hand, None, no)          # RULING P15: once, and the
                hand.unknown = {hand.bidder, partner(hand.bidder)}   # partners' cards unknown
            declare(r, hand, words[1], words[2:], no, dbl)
        elif words[0] == "concede":
            seat = words[1]
            if seat != hand.bidder or hand.trump is None:
                r.report("SD-CONCEDE1", hand, None, no)
            else:
                if hand.tricks:                 # late: SD-CONCEDE3, cited SD-CONCEDE1
                    r.report("SD-CONCEDE1", hand, None, no)
                hand.conceded = True
        elif re.fullmatch(r"\d+\.", words[0]):
            play(r, hand, words, no, heading, scoring, opt["FirstLead"])
        elif words[0] in ("tricks", "melds", "score", "total", "game"):
            if words[0] == "game":
                finish(r, hand, opt, no)
                hand = None
            m = CLAIM.fullmatch(line)
            assert m, f"line {no}: a side claim"
            claimed = {"NS": int(m.group(2)), "EW": int(m.group(3))}
            r.claims.append((words[0], no, claimed, {}))
        else:
            raise AssertionError(f"line {no}: not a single-deck statement: {line}")
    if hand:
        finish(r, hand, opt, len(text.splitlines()) + 1)
    check_claims(r, text, target)
    return r


def call(r: Replay, hand: Hand, words: list[str], no: int, min_bid: int, forced: str) -> None:
    """§5.1-5.3: a call; an illegal one is void."""
    seat = words[1]
    rule = ("SD-BID7" if hand.ended else "SD-BID5" if seat in hand.passed
            else "SD-BID1" if seat != hand.turn else None)
    if rule is None and words[0] == "announce":
        rule = "SD-BID2"
    if rule is None and words[0] == "bid":
        amount = int(words[2])
        rule = ("SD-BID3" if amount % 10 or amount < min_bid
                else "SD-BID4" if amount <= hand.high else None)
    if rule:
        r.report(rule, hand, None, no)
        return
    if words[0] == "bid":
        hand.high, hand.bidder = int(words[2]), seat
    else:
        if forced == "dealer" and seat == hand.dealer and hand.bidder is None:
            r.report("SD-BID6", hand, None, no)
        if forced == "eldest" and seat == left(hand.dealer) and not hand.passed \
                and hand.bidder is None:
            r.report("SD-BID6", hand, None, no)
        hand.passed.add(seat)
    if len(hand.passed) == 4 or (hand.bidder and len(hand.passed) == 3):
        hand.ended = True
        hand.thrown_in = hand.bidder is None
        return
    nxt = left(seat)
    while nxt in hand.passed:
        nxt = left(nxt)
    hand.turn = nxt


def send(r: Replay, hand: Hand, seat: str, cards: list[str], no: int, passing: int) -> None:
    """§6.1: the partner sends, then the bidder; the cards move as written anyway."""
    bidder = hand.bidder
    if (not passing or hand.trump is None or hand.melds or bidder is None
            or seat not in (bidder, partner(bidder)) or seat in hand.sends
            or seat == bidder and partner(bidder) not in hand.sends):
        r.report("SD-PASS3", hand, None, no)
    else:
        held = Counter(hand.hands[seat])
        if len(cards) != passing or any(held[c] < n for c, n in Counter(cards).items()):
            r.report("SD-PASS1" if seat != bidder else "SD-PASS2", hand, None, no)
    hand.sends.append(seat)
    for c in cards:
        if c in hand.hands[seat]:
            hand.hands[seat].remove(c)
        hand.hands[partner(seat)].append(c)


def declare(r: Replay, hand: Hand, seat: str, words: list[str], no: int, dbl: str) -> None:
    """§4.5 for the declarations these records make: each kind held, heading by heading, at its
    table value; a total-only declaration is credited min(it, best)."""
    t = hand.trump or ""
    cards = hand.hands[seat]
    best = best_meld(cards, t, dbl)
    if seat in hand.unknown:                    # P15: held-card checks skipped
        hand.melds[seat] = sum(int(w) for w in words[1::2]) if len(words) > 1 else int(words[0])
        return
    if len(words) == 1:
        total = int(words[0])
        credited = min(total, best)
        if total > best:
            r.report("SD-MELD9", hand, None, no)
    else:
        credited, used = 0, {"seq": Counter(), "around": Counter(), "pin": Counter(),
                             "dix": Counter()}
        held = Counter(cards)
        for kind, points in zip(words[::2], words[1::2]):
            found = meld_kind(kind, t, dbl)
            if found is None:
                r.report("SD-MELD7", hand, None, no)
                continue
            head, rule, need, table = found
            if any(held[c] < n for c, n in need.items()):
                r.report(rule, hand, None, no)
                continue
            if any(held[c] < used[head][c] + n for c, n in need.items()):
                r.report("SD-MELD6", hand, None, no)
                continue
            used[head] += need
            if int(points) != table:
                r.report(rule, hand, None, no)
            credited += table
    if credited < best:
        r.report("SD-MELD9", hand, None, no)        # below the best: a notice
    hand.melds[seat] = credited


def play(r: Replay, hand: Hand, words: list[str], no: int, heading: str, scoring: str,
         first: str = "bidder") -> None:
    """A trick: its cards in play order from the leader (a ``SEAT:`` before them names him),
    then the winner's mark. The rules' leader: the bidder (or the dealer's left, ``FirstLead
    "eldest"``) for trick 1, then the last winner (SD-PLAY1, SD-PLAY2)."""
    named = words[1][0] if words[1].endswith(":") else None
    cards = words[2:6] if named else words[1:5]
    mark = (words[6:] if named else words[5:])[:1]
    hand.tricks += 1
    rules = hand.leader or (left(hand.dealer) if first == "eldest" else hand.bidder) \
        or left(hand.dealer)
    if named and named != rules:
        r.report("SD-PLAY1" if hand.tricks == 1 else "SD-PLAY2", hand, hand.tricks, no)
    leader = named or rules
    trump = hand.trump or ""
    seat = leader
    for i, c in enumerate(cards):
        held = hand.hands[seat]
        if seat in hand.unknown:                # P15: not checked
            seat = left(seat)
            continue
        if c not in held:
            r.report("SD-PLAY2", hand, hand.tricks, no)
        else:
            rule = broken(c, held, cards[:i], trump, heading) if i else None
            if rule:
                r.report(rule, hand, hand.tricks, no)
            held.remove(c)
        seat = left(seat)
    won = SEATS[(SEATS.index(leader) + winner(cards, trump)) % 4]
    if mark != [won]:
        r.report("SD-PLAY7", hand, hand.tricks, no)
    hand.leader = won
    side = hand.sides[SIDE[won]]
    side.tricks += 1
    side.cards += sum(card_points(c, scoring) for c in cards)
    if hand.tricks == 12:
        side.cards += LAST_TRICK


def finish(r: Replay, hand: Hand, opt: dict[str, str], no: int) -> None:
    """§7.1 per hand, §7.2 the game."""
    if hand.thrown_in or hand.bidder is None:
        return
    b, o = SIDE[hand.bidder], "EW" if SIDE[hand.bidder] == "NS" else "NS"
    for x in ("NS", "EW"):
        s = hand.sides[x]
        s.melds = sum(v for seat, v in hand.melds.items() if SIDE[seat] == x)
        saved = s.tricks > 0 or (hand.conceded and x == o)
        if not saved:
            s.melds = 0
    if hand.conceded:
        hand.sides[o].score = hand.sides[o].melds + hand.sides[o].cards \
            + int(opt["ConcedeBonus"]) * (hand.tricks == 0)
        hand.sides[b].score = -hand.high
        hand.sides[b].melds = 0
        hand.sides[b].cards = 0
    else:
        made = hand.sides[b].melds + hand.sides[b].cards
        hand.sides[b].score = made if made >= hand.high else -hand.high
        hand.sides[o].score = hand.sides[o].melds + hand.sides[o].cards
    if r.winner:                # SD-GAME5: a hand after the game is won counts for nobody
        hand.after_end = True
        return
    for x in ("NS", "EW"):
        r.totals[x] += hand.sides[x].score
    target = int(opt["Target"])
    if r.winner is None:
        if r.totals[b] >= target:
            r.winner = b
        elif r.totals[o] >= target:
            r.winner = o


def check_claims(r: Replay, text: str, target: int) -> None:
    """Each side claim against the count: tricks SD-COUNT3, melds SD-MELD8, score SD-SCORE2-4,
    total SD-GAME1, game SD-GAME1."""
    lines = text.splitlines()
    running = {"NS": 0, "EW": 0}
    by_line = {}
    for i, hand in enumerate(r.battles):
        start = next(n for n, t in enumerate(lines, 1) if t.startswith(f"battle {hand.number} "))
        end = next((n for n, t in enumerate(lines, 1) if i + 1 < len(r.battles)
                    and t.startswith(f"battle {r.battles[i + 1].number} ")), len(lines) + 1)
        for x in ("NS", "EW"):
            running[x] += hand.sides[x].score
        for n in range(start, end):
            by_line[n] = (hand, dict(running))
    for category, no, claimed, _ in r.claims:
        if category == "game":
            if claimed != r.totals:
                r.report("SD-GAME1", None, None, no)
            continue
        hand, running = by_line[no]
        b = SIDE[hand.bidder] if hand.bidder else None
        for x in ("NS", "EW"):
            s = hand.sides[x]
            right = {"tricks": s.cards, "melds": s.melds, "score": s.score,
                     "total": running[x]}[category]
            if claimed[x] != right:
                rule = {"tricks": "SD-COUNT3", "melds": "SD-MELD8", "total": "SD-GAME1",
                        "score": "SD-SCORE4" if x != b else
                        "SD-SCORE2" if s.score >= 0 else "SD-SCORE3"}[category]
                r.report(rule, hand, None, no)
