"""Staging single-deck hands for the corpus (make.py): a deal with the cards a case names, an
auction, trump, the passing, the declarations, and the tricks played out by a fixed policy among
the cards the specification allows (tests/adjudicator/sdkit.py, a referee typed from
../shared/rulesets/single-deck-partnership.md alone, no code of the engine); then the claims as
that referee counts them.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.adjudicator.sdkit import (  # noqa: E402
    PACK, RANKS, SEATS, SUITS, best_meld, broken, left, legal, partner, rank, replay, winner,
)


def ordered(cards: list[str]) -> list[str]:
    """A hand as records write it: by suit (♣ ♠ ♥ ♦), each from the ace down."""
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))


def deal(seed: str, fixed: dict[str, list[str]],
         void: dict[str, str] | None = None) -> dict[str, list[str]]:
    """Each seat's named cards, the rest of the pack shuffled (seeded) into the four hands; a
    seat given suits in ``void`` gets no more cards of them (the seats with voids filled
    first)."""
    void = void or {}
    rest = PACK - Counter(c for cs in fixed.values() for c in cs)
    assert sum(rest.values()) + sum(len(cs) for cs in fixed.values()) == 48, fixed
    pool = sorted(rest.elements(), key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))
    random.Random(seed).shuffle(pool)
    hands = {s: list(fixed.get(s, [])) for s in SEATS}
    for s in sorted(SEATS, key=lambda s: -len(void.get(s, ""))):
        while len(hands[s]) < 12:
            i = max(i for i, c in enumerate(pool) if c[1] not in void.get(s, ""))
            hands[s].append(pool.pop(i))
    return {s: ordered(hands[s]) for s in SEATS}


def to_send(hand: list[str], trump: str, n: int) -> list[str]:
    """The partner's choice: his highest trumps, then aces, then his highest cards."""
    return sorted(hand, key=lambda c: (c[1] != trump, c[0] != "A", -rank(c)))[:n]


def to_return(hand: list[str], trump: str, n: int) -> list[str]:
    """The bidder's choice: one by one, the card whose loss costs least meld, then the least
    valuable (no trump while another will do)."""
    hand, out = list(hand), []
    for _ in range(n):
        card = max(ordered(hand), key=lambda c: (best_meld([x for x in hand if x is not c],
                                                           trump),
                                                 c[1] != trump, -rank(c)))
        hand.remove(card)
        out.append(card)
    return out


@dataclass
class Battle:
    """One staged hand: its lines (without claims) are ``lines()``."""

    number: int
    dealer: str
    hands: dict[str, list[str]]
    calls: list[str]                     # "bid S 250", "pass W", ...
    trump: str | None = None
    passing: int = 4
    declare: dict[str, str] = field(default_factory=dict)   # seat -> "♥F 150 P 40"
    script: list[list[str]] = field(default_factory=list)   # first tricks, in play order
    tricks: int = 12                     # tricks played (fewer: a concession or a cut)
    comments: dict[str, str] = field(default_factory=dict)  # line start -> comment
    sends: list[tuple[str, list[str]]] | None = None         # written sends, if not the policy
    extra: list[str] = field(default_factory=list)           # lines after the play
    after_melds: list[str] = field(default_factory=list)     # lines between melds and trick 1
    revoke: str | None = None            # the first follower able to break this duty breaks it
    revoked: tuple[int, int] | None = None   # (trick, position) where he did
    heading: str = "always"              # the Heading option the play follows
    leader: str | None = None            # who leads trick 1 (None: the bidder)
    named: bool = False                  # write trick 1's leader (``1. S: ...``)


def staged_lines(header: str, battles: list[Battle], claims: bool = True,
                 game: bool = False) -> str:
    """The record: header, then each battle played out, with its claims (as counted by the
    by-hand referee)."""
    text = header
    for b in battles:
        text = play_battle(text, b)
        if claims:
            text += claim_lines(text, b.number)
    if game:
        r = replay(text)
        text += f"\ngame NS {r.totals['NS']} EW {r.totals['EW']}\n"
    return text


def note(b: Battle, line: str) -> str:
    for start, comment in b.comments.items():
        if line.startswith(start):
            return f"{line} ; {comment}"
    return line


def play_battle(text: str, b: Battle) -> str:
    lines = [f"battle {b.number} dealer {b.dealer}"]
    lines += [f"{s}: {' '.join(b.hands[s])}" for s in SEATS]
    lines += b.calls
    r = replay(text + "\n".join(lines) + "\n")
    hand = r.battles[-1]
    if b.trump:
        lines.append(f"trump {b.trump}")
    bidder = hand.bidder
    if bidder and b.trump:
        held = {s: list(b.hands[s]) for s in SEATS}
        sends = b.sends
        if sends is None and b.passing:
            give = to_send(held[partner(bidder)], b.trump, b.passing)
            back = to_return(held[bidder] + give, b.trump, b.passing)
            sends = [(partner(bidder), give), (bidder, back)]
        for seat, cards in sends or []:
            lines.append(f"send {seat} {' '.join(cards)}")
            for c in cards:
                if c in held[seat]:
                    held[seat].remove(c)
                held[partner(seat)].append(c)
        dbl = re.search(r'\[DoubleMelds "(\w+)"\]', text)
        for s in SEATS:
            best = best_meld(held[s], b.trump, dbl.group(1) if dbl else "bonus")
            lines.append(f"meld {s} {b.declare.get(s) or best}")
        lines += b.after_melds
        leader = b.leader or bidder
        for n in range(1, b.tricks + 1):
            cards = list(b.script[n - 1]) if n <= len(b.script) else []
            if len(cards) < 4:
                seat = leader
                for _ in range(len(cards)):
                    seat = left(seat)
                for _ in range(4 - len(cards)):
                    allowed = legal(held[seat], cards, b.trump, b.heading)
                    wrong = [c for c in held[seat] if cards and b.revoke
                             and broken(c, held[seat], cards, b.trump, b.heading) == b.revoke]
                    if wrong:
                        cards.append(min(wrong, key=rank))
                        b.revoke, b.revoked = None, (n, len(cards))
                    else:
                        cards.append(lead(allowed, b.trump) if not cards else
                                     min(allowed, key=lambda c: (c[1] == b.trump, rank(c))))
                    seat = left(seat)
            seat = leader
            for c in cards:
                held[seat].remove(c)
                seat = left(seat)
            won = SEATS[(SEATS.index(leader) + winner(cards, b.trump)) % 4]
            who = f"{leader}: " if n == 1 and b.named else ""
            lines.append(f"{n}. {who}{' '.join(cards)} {won}")
            leader = won
    lines += b.extra
    return text + "\n" + "\n".join(note(b, x) for x in lines) + "\n"


def lead(allowed: list[str], trump: str) -> str:
    """The leader's card: his highest non-trump ace or ten, else his lowest card."""
    top = [c for c in allowed if c[0] in "AT" and c[1] != trump]
    return max(top, key=rank) if top else min(allowed, key=lambda c: (c[1] == trump, rank(c)))


def claim_lines(text: str, number: int) -> str:
    r = replay(text)
    hand = next(h for h in r.battles if h.number == number)
    running = {"NS": 0, "EW": 0}
    for h in r.battles[:r.battles.index(hand) + 1]:
        for x in running:
            running[x] += h.sides[x].score
    if hand.thrown_in:
        return ""
    ns, ew = hand.sides["NS"], hand.sides["EW"]
    return (f"tricks NS {ns.cards} EW {ew.cards}\nmelds NS {ns.melds} EW {ew.melds}\n"
            f"score NS {ns.score} EW {ew.score}\ntotal NS {running['NS']} EW {running['EW']}\n")
