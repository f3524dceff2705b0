"""corpus/single-deck/rulebook/: conformance fixtures (docs/fixtures.md, ``pinochle-fixture/1``)
for the worked statements of the single-deck spec (../shared/rulesets/single-deck-partnership.md
§11.1), one or more per statement, each a record that stages it and the verdict the statement
gives, typed here from the spec, never from the engine:

    .venv/bin/python corpus/single-deck/fixtures.py

``findings`` is each statement's own (rule, battle, trick); ``contracts`` are each hand as the
spec counts it (the by-hand referee, tests/adjudicator/sdkit.py, over the staged play);
``tables`` are the spec's tables (§3.3, §4.2, §7.3). The fixtures are written outside
corpus/rulebook/ until the engine (branch i29-sd) reads SD ids in fixtures and the conformance
generator lists them: corpus/rulebook/ must equal ``pinochle examples``' output byte for byte.
``index.json`` lists them in the spec's order, paths relative to this folder.

Not staged: §11.1 #11 (a sent card not held: the cards "move as written" cannot be played out
without a second fault, a card too many in one hand and one short in another); the exact
numbers of #24, #25, #27 (their rules are staged with the numbers a seeded deal gives: made,
set, and a game won by the side that did not bid, then a battle after it).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from collections import Counter

from faulty import FAULTS, added, renumbered
from game import SPEC_HAND, hand3, hand4
from stage import Battle, deal, replay, staged_lines

from tests.adjudicator.sdkit import COUNTS, PACK, RANKS, SUITS

OUT = Path(__file__).resolve().parent / "rulebook"
SPEC = "single-deck-partnership.md"
_LETTERS = str.maketrans({"♣": "C", "♠": "S", "♥": "H", "♦": "D", "#": "-"})


@dataclass
class Case:
    id: str
    row: str                         # "§11.1 #4"
    text: str                        # the statement, as the spec writes it
    rules: list[str]
    description: str
    record: Callable[[], str] | None
    findings: list[tuple[str, int, int | None]] = field(default_factory=list)
    tables: list[dict[str, object]] = field(default_factory=list)
    note: str | None = None


def faulty(name: str) -> str:
    """A record of corpus/faulty/single-deck, its fault marker dropped."""
    [f] = [f for f in FAULTS if f.name == name]
    return "\n".join(x.split(" ; fault:")[0] for x in f.text().split("\n"))


def unmarked(text: str) -> str:
    return "\n".join(x.split(" ; fault:")[0] for x in text.split("\n"))


def header(tags: str = "") -> str:
    return f'[Event "corpus/single-deck/rulebook"]\n[Ruleset "single-deck"]\n{tags}'


def simple(number: int, dealer: str, seed: str, trump: str = "♠") -> Battle:
    """A hand whose first caller bids 250 and the other three pass."""
    order = "NESW" * 2
    i = order.index(dealer) + 1
    calls = [f"bid {order[i]} 250"] + [f"pass {s}" for s in order[i + 1:i + 4]]
    return Battle(number, dealer, deal(seed, {}), calls, trump)


FILLERS = {t: [r + s for s in SUITS if s != t for r in "TN" for _ in range(2)] for t in SUITS}


def meld_hand(cards: list[str], trump: str, declared: str, tags: str = "",
              seed: str = "") -> str:
    """North (dealer W's left) holds ``cards`` and fillers that make no meld (tens, and nines
    of plain suits), bids 250, names ``trump``; South passes him four cards and gets the same
    four back; North declares ``declared``, the others their whole meld as a total."""
    fill = list((Counter(FILLERS[trump]) - Counter(cards)).elements())
    north = cards + fill[:12 - len(cards)]
    hands = deal(seed, {"N": north})
    four = hands["S"][:4]
    b = Battle(1, "W", hands, ["bid N 250", "pass E", "pass S", "pass W"], trump,
               sends=[("S", four), ("N", four)], declare={"N": declared})
    return staged_lines(header(tags), [b])


def trick_hand(fixed: dict[str, list[str]], void: dict[str, str], dealer: str, calls: list[str],
               trump: str, first: list[str], seed: str, tags: str = "", heading: str = "always",
               expect: list[str] | None = None) -> str:
    """A hand whose first trick starts with ``first`` (the rest of it and of the hand played
    by the policy); the bidder's partner passes four cards and gets the same four back."""
    for n in range(300):
        hands = deal(f"{seed}.{n}", fixed, void)
        r = replay(staged_lines(header(tags), [Battle(1, dealer, hands, calls, None)]))
        bidder = r.battles[0].bidder
        assert bidder
        partner = "NESW"[("NESW".index(bidder) + 2) % 4]
        four = [c for c in hands[partner] if c not in fixed.get(partner, [])][:4]
        b = Battle(1, dealer, hands, calls, trump, sends=[(partner, four), (bidder, four)],
                   script=[first], heading=heading)
        text = staged_lines(header(tags), [b])
        got = [(d[0]) for d in replay(text).departures]
        if got == (expect or []):
            return text
    raise SystemExit(f"no deal stages {first}")


def spec_hand(tags: str = "", **changes: object) -> str:
    return staged_lines(header(tags), [Battle(**{**SPEC_HAND.__dict__, "comments": {},
                                                 **changes})])


def moved(text: str, line: str, after: str) -> str:
    """``text`` with ``line`` moved to just after ``after``."""
    lines = [x for x in text.split("\n") if x != line]
    i = lines.index(after)
    return "\n".join(lines[:i + 1] + [line] + lines[i + 1:])


def rotation() -> str:
    for n in range(100):
        battles = [simple(i + 1, d, f"SD-DEAL2.{n}.{i}") for i, d in enumerate("NESWN")]
        text = staged_lines(header(), battles)
        if replay(text).departures == []:
            return text
    raise SystemExit("rotation")


def throw_in() -> str:
    text = staged_lines(header('[ForcedBid "none"]\n'), [
        Battle(1, "N", deal("SD-BID8.1", {}), ["pass E", "pass S", "pass W", "pass N"]),
        simple(2, "E", "SD-BID8.2")])
    return text


def card_table(scoring: str, tags: dict[str, str]) -> dict[str, object]:
    values = {r + s: COUNTS[scoring][RANKS.index(r)] for s in SUITS for r in RANKS}
    return {"table": "card_points", "tags": {"Ruleset": "single-deck", **tags}, "values": values}


MELD_TABLE = {  # §4.2, hearts trump: single, then double under bonus, plain, old
    "♥F": 150, "♥M": 40, "♠M": 20, "A4": 100, "K4": 80, "Q4": 60, "J4": 40, "P": 40, "dix": 10}
DOUBLE = {"bonus": {"♥♥F": 1500, "♥♥M": 80, "♠♠M": 40, "AA4": 1000, "KK4": 800, "QQ4": 600,
                    "JJ4": 400, "PP": 300},
          "plain": {"♥♥F": 300, "♥♥M": 80, "♠♠M": 40, "AA4": 200, "KK4": 160, "QQ4": 120,
                    "JJ4": 80, "PP": 80},
          "old": {"♥♥F": 300, "♥♥M": 80, "♠♠M": 40, "AA4": 200, "KK4": 160, "QQ4": 120,
                  "JJ4": 80, "PP": 300}}


def meld_table(dbl: str) -> dict[str, object]:
    tags = {"Ruleset": "single-deck"} | ({} if dbl == "bonus" else {"DoubleMelds": dbl})
    return {"table": "meld_points", "tags": tags, "values": {**MELD_TABLE, **DOUBLE[dbl]},
            "trump": "♥"}


RUN = {t: [r + t for r in "ATKQJ"] for t in SUITS}
S_DEALER = ["pass W", "pass N", "pass E", "bid S 250"]

CASES = [
    Case("SD-DEAL1.four-twelves", "§11.1 #1", "four hands of 12, 48 distinct copies: clean.",
         ["SD-DEAL1", "SD-PACK1"], "The spec's whole hand (§11.2): four hands of 12, the pack.",
         lambda: spec_hand()),
    Case("SD-DEAL1.13-and-11", "§11.1 #1", "S with 13 and W with 11: SD-DEAL1 (twice).",
         ["SD-DEAL1"], "South is dealt 13 cards, West 11 (four passes under ForcedBid none).",
         lambda: faulty("SD-DEAL1-hand-size"), [("SD-DEAL1", 1, None), ("SD-DEAL1", 1, None)]),
    Case("SD-DEAL2.N-E-S-W-N", "§11.1 #2", "dealers N, E, S, W, N in battles 1–5: clean.",
         ["SD-DEAL2"], "Five hands dealt by N, E, S, W, N.", rotation),
    Case("SD-DEAL2.S-after-N", "§11.1 #2", "`battle 2 dealer S` after dealer N: SD-DEAL2.",
         ["SD-DEAL2"], "Battle 2 dealt by South after North: it is East's deal.",
         lambda: staged_lines(header(), [simple(1, "N", "SD-DEAL2.b.1"),
                                         simple(2, "S", "SD-DEAL2.b.2")]),
         [("SD-DEAL2", 2, None)]),
    Case("SD-BID1.dealer-S", "§11.1 #3", "dealer S: W calls first, then N, E, S.", ["SD-BID1"],
         "Dealer South: West, North, East, South call in turn; South is stuck (SD-BID6).",
         lambda: staged_lines(header(), [Battle(1, "S", deal("SD-BID1.a", {}), S_DEALER,
                                                "♦")])),
    Case("SD-BID1.N-first", "§11.1 #3", "A first call `bid N 250`: SD-BID1, void; W is still "
         "to call.", ["SD-BID1"], "Dealer South; North calls first, out of turn: void.",
         lambda: staged_lines(header(), [Battle(1, "S", deal("SD-BID1.b", {}),
                                                ["bid N 250", "bid W 250", "pass N", "pass E",
                                                 "pass S"], "♦")]),
         [("SD-BID1", 1, None)]),
    Case("SD-BID3.250", "§11.1 #4", "`bid E 250` first: legal.", ["SD-BID3"],
         "Dealer North; East opens at 250.", lambda: staged_lines(header(), [
             simple(1, "N", "SD-BID3.250")])),
    Case("SD-BID3.255", "§11.1 #4", "`bid E 255`: SD-BID3.", ["SD-BID3"],
         "East's 255 is not a multiple of 10: void; East then bids 250.",
         lambda: staged_lines(header(), [Battle(1, "N", deal("SD-BID3.255", {}),
                                                ["bid E 255", "bid E 250", "pass S", "pass W",
                                                 "pass N"], "♠")]), [("SD-BID3", 1, None)]),
    Case("SD-BID3.240", "§11.1 #4", "`bid E 240`: SD-BID3.", ["SD-BID3"],
         "East's 240 is below MinBid 250: void; East then bids 250.",
         lambda: staged_lines(header(), [Battle(1, "N", deal("SD-BID3.240", {}),
                                                ["bid E 240", "bid E 250", "pass S", "pass W",
                                                 "pass N"], "♠")]), [("SD-BID3", 1, None)]),
    Case("SD-BID4.260-over-260", "§11.1 #4", "With 260 the high bid, `bid W 260`: SD-BID4.",
         ["SD-BID4"], "South's 260 stands; West's 260 is not higher: void.",
         lambda: staged_lines(header(), [Battle(1, "N", deal("SD-BID4.a", {}),
                                                ["bid E 250", "bid S 260", "bid W 260",
                                                 "pass W", "pass N", "pass E"], "♠")]),
         [("SD-BID4", 1, None)]),
    Case("SD-BID4.250-then-300", "§11.1 #4", "250 then 300: legal.", ["SD-BID4"],
         "East 250, South 300 (a jump): legal.",
         lambda: staged_lines(header(), [Battle(1, "N", deal("SD-BID4.b", {}),
                                                ["bid E 250", "bid S 300", "pass W", "pass N",
                                                 "pass E"], "♠")])),
    Case("SD-BID4.over-partner", "§11.1 #4", "N bids 270 over his partner S's 260: legal.",
         ["SD-BID4"], "Dealer East: South 260, North 270 over his partner.",
         lambda: staged_lines(header(), [Battle(1, "E", deal("SD-BID4.c", {}),
                                                ["bid S 260", "pass W", "bid N 270", "pass E",
                                                 "pass S"], "♠")])),
    Case("SD-BID7.N-at-270", "§11.1 #5", "dealer N: `bid E 250`, `bid S 260`, `pass W`, `bid N "
         "270`, `pass E`, `pass S`: over; N is the bidder at 270; N–S the bidding side.",
         ["SD-BID7"], "The auction ends when W, E and S have passed: North at 270.",
         lambda: staged_lines(header(), [Battle(1, "N", deal("SD-BID7", {}),
                                                ["bid E 250", "bid S 260", "pass W",
                                                 "bid N 270", "pass E", "pass S"], "♣")])),
    Case("SD-BID5.W-after-pass", "§11.1 #6", "W has passed; a later `bid W 300`: SD-BID5, void.",
         ["SD-BID5"], "West passed, then bids 300: void; North stays on 270.",
         lambda: staged_lines(header(), [Battle(1, "N", deal("SD-BID7", {}),
                                                ["bid E 250", "bid S 260", "pass W",
                                                 "bid N 270", "bid W 300", "pass E", "pass S"],
                                                "♣")]), [("SD-BID5", 1, None)]),
    Case("SD-BID8.four-passes", "§11.1 #7", "`ForcedBid \"none\"`, four passes: no score; the "
         "next dealer deals.", ["SD-BID8", "SD-DEAL2"],
         "Four passes throw battle 1 in; East deals battle 2.", throw_in),
    Case("SD-PASS3.send-before-trump", "§11.1 #8", "`send S …` before `trump`: SD-PASS3.",
         ["SD-PASS3", "SD-TRUMP1"], "§11.2's hand with the partner's send before trump.",
         lambda: moved(spec_hand(), "send N K♥ A♦ T♦ K♦", "pass W"), [("SD-PASS3", 1, None)]),
    Case("SD-TRUMP1.before-the-end", "§11.1 #8", "`trump` written before the auction ends: "
         "SD-TRUMP1.", ["SD-TRUMP1"], "§11.2's hand with trump named before South's 300 and "
         "West's pass; it is the only trump named and stands.",
         lambda: moved(spec_hand(), "trump ♥", "pass E"), [("SD-TRUMP1", 1, None)],
         note="The spec says the early trump is SD-TRUMP1, not what it does; read here: "
              "reported, and it stands (it is the bidder's suit, named once)."),
    Case("SD-PASS1.three-cards", "§11.1 #9", "`Passing \"4\"`, the partner's `send S A♥ T♥ K♥` "
         "(three cards): SD-PASS1.", ["SD-PASS1", "SD-PASS2"],
         "§11.2's deal; North (the partner) sends three cards; South returns three.",
         lambda: spec_hand(sends=[("N", "K♥ A♦ T♦".split()), ("S", "Q♦ Q♦ Q♣".split())],
                           script=[], declare={}),
         [("SD-PASS1", 1, None), ("SD-PASS2", 1, None)],
         note="The bidder returns three, as many as he received; §6.1: each send names "
              "`Passing` cards (SD-PASS1 for the partner's, SD-PASS2 for the bidder's), so "
              "his is a finding too. Four back would leave hands of 13 and 11."),
    Case("SD-PASS1.Passing-3", "§11.1 #9", "`Passing \"3\"`: clean.", ["SD-PASS1"],
         "The same three each way under Passing 3.",
         lambda: spec_hand('[Passing "3"]\n', passing=3,
                           sends=[("N", "K♥ A♦ T♦".split()), ("S", "Q♦ Q♦ Q♣".split())],
                           script=[], declare={})),
    Case("SD-PASS3.opponent", "§11.1 #10", "`send E …` (an opponent): SD-PASS3.",
         ["SD-PASS3"], "§11.2's hand; East and West also send four cards (the same four, "
         "back): each send by an opponent.",
         lambda: unmarked(added("send E A♣ T♣ Q♣ K♠",
                                "send W A♣ T♣ Q♣ K♠", "SD-PASS3",
                                added("send S Q♦ Q♦ Q♣ A♣", "send E A♣ T♣ Q♣ K♠", "SD-PASS3",
                                      spec_hand()))),
         [("SD-PASS3", 1, None), ("SD-PASS3", 1, None)]),
    Case("SD-PASS3.Passing-0", "§11.1 #10", "With `Passing \"0\"`, any `send`: SD-PASS3.",
         ["SD-PASS3"], "§11.2's hand under Passing 0: both sends are SD-PASS3 (the cards move "
         "as written).", lambda: spec_hand('[Passing "0"]\n'),
         [("SD-PASS3", 1, None), ("SD-PASS3", 1, None)]),
    Case("SD-MELD6.♠F+P", "§11.1 #12", "spades trump, A♠ T♠ K♠ Q♠ J♠ J♦: `♠F 150` + `P 40` = 190.",
         ["SD-MELD6", "SD-MELD2", "SD-MELD4"], "North melds the run and the pinochle: 190.",
         lambda: meld_hand(RUN["♠"] + ["J♦"], "♠", "♠F 150 P 40", seed="SD-MELD6.a")),
    Case("SD-MELD2.♣♣F", "§11.1 #13", "clubs trump, two each of A♣ T♣ K♣ Q♣ J♣: `♣♣F 1500`.",
         ["SD-MELD2"], "North's double run: 1500.",
         lambda: meld_hand(RUN["♣"] * 2, "♣", "♣♣F 1500", seed="SD-MELD2.a")),
    Case("SD-MELD2.♣♣F.plain", "§11.1 #13", "`DoubleMelds \"plain\"`: 300.", ["SD-MELD2"],
         "North's double run under DoubleMelds plain: 300.",
         lambda: meld_hand(RUN["♣"] * 2, "♣", "♣♣F 300", '[DoubleMelds "plain"]\n',
                           seed="SD-MELD2.b")),
    Case("SD-MELD2.♥F+K♥", "§11.1 #14", "hearts trump, A♥ T♥ K♥ K♥ Q♥ J♥: 150 only (a second "
         "royal marriage needs a second Q♥).", ["SD-MELD2", "SD-MELD6"],
         "North holds the run and a lone second K♥: 150.",
         lambda: meld_hand(RUN["♥"] + ["K♥"], "♥", "♥F 150", seed="SD-MELD2.c")),
    Case("SD-MELD6.♥F+♥M", "§11.1 #14", "`♥F 150 ♥M 40` declared: `♥M` is dropped (SD-MELD6); "
         "150 credited.", ["SD-MELD6"], "North declares the run's own K♥ Q♥ again: 150.",
         lambda: meld_hand(RUN["♥"] + ["K♥"], "♥", "♥F 150 ♥M 40", seed="SD-MELD2.c"),
         [("SD-MELD6", 1, None)]),
    Case("SD-MELD3.K4+♠M+♥M", "§11.1 #15", "clubs trump, K♠ K♥ K♦ K♣ Q♠ Q♥: `K4 80` + `♠M 20` "
         "+ `♥M 20` = 120.", ["SD-MELD3", "SD-MELD6"], "Kings around and two marriages: 120.",
         lambda: meld_hand("K♠ K♥ K♦ K♣ Q♠ Q♥".split(), "♣", "K4 80 ♠M 20 ♥M 20",
                           seed="SD-MELD3.a")),
    Case("SD-MELD5.two-dixes", "§11.1 #16", "spades trump, N♠ N♠: 20.", ["SD-MELD5"],
         "North's two nines of trump: 20.",
         lambda: meld_hand(["N♠", "N♠"], "♠", "dix 10 dix 10", seed="SD-MELD5")),
    Case("SD-MELD7.T4", "§11.1 #17", "`T4 100`: SD-MELD7, credited 0.", ["SD-MELD7"],
         "North declares four tens: no meld.",
         lambda: meld_hand("T♣ T♠ T♥ T♦".split(), "♥", "T4 100", seed="SD-MELD7"),
         [("SD-MELD7", 1, None)]),
    Case("SD-MELD3.AA4", "§11.1 #18", "all eight aces: `AA4 1000`.", ["SD-MELD3"],
         "North's eight aces: 1000.",
         lambda: meld_hand([f"A{s}" for s in SUITS] * 2, "♥", "AA4 1000", seed="SD-MELD3.b")),
    Case("SD-MELD3.AA4.plain", "§11.1 #18", "(`plain`: 200).", ["SD-MELD3"],
         "North's eight aces under DoubleMelds plain: 200.",
         lambda: meld_hand([f"A{s}" for s in SUITS] * 2, "♥", "AA4 200",
                           '[DoubleMelds "plain"]\n', seed="SD-MELD3.c")),
    Case("SD-PLAY7.higher-trump", "§11.1 #19", "hearts trump, N leads: `A♣ T♣ N♥ A♥`: W wins "
         "(the higher trump).", ["SD-PLAY7", "SD-PLAY5", "SD-PLAY6"],
         "North leads A♣; South and West have no club and trump, West over South.",
         lambda: trick_hand({"N": "A♣ A♣ K♣ Q♣ J♣ N♣".split(),
                             "E": "T♣ T♣ K♣ Q♣ J♣ N♣".split(), "S": ["N♥"], "W": ["A♥"]},
                            {"S": "♣", "W": "♣"}, "W",
                            ["bid N 250", "pass E", "pass S", "pass W"], "♥",
                            "A♣ T♣ N♥ A♥".split(), "SD-PLAY7.a")),
    Case("SD-PLAY7.identical", "§11.1 #19", "`K♠ K♠ Q♠ J♠`: N wins (identical: first played).",
         ["SD-PLAY7", "SD-PLAY4"], "North leads K♠, East plays the other K♠: North wins.",
         lambda: trick_hand({"N": "K♠ A♠ A♠ T♠ T♠".split(), "E": ["K♠"], "S": ["Q♠"],
                             "W": ["J♠"]}, {}, "W",
                            ["bid N 250", "pass E", "pass S", "pass W"], "♥",
                            "K♠ K♠ Q♠ J♠".split(), "SD-PLAY7.b")),
    Case("SD-PLAY4.J♥", "§11.1 #20", "diamonds trump; N leads J♥; E holds Q♥ N♥: only Q♥.",
         ["SD-PLAY4"], "East plays N♥ under North's J♥ holding Q♥: SD-PLAY4.",
         lambda: trick_hand({"N": ["J♥"], "E": ["Q♥", "N♥"]}, {"E": "♥"}, "W",
                            ["bid N 250", "pass E", "pass S", "pass W"], "♦", ["J♥", "N♥"],
                            "SD-PLAY4.a", expect=["SD-PLAY4"]), [("SD-PLAY4", 1, 1)]),
    Case("SD-PLAY4.J♥.trump-lead", "§11.1 #20", "With `Heading \"trump-lead\"`: either.",
         ["SD-PLAY4"], "The same play under Heading trump-lead: legal.",
         lambda: trick_hand({"N": ["J♥"], "E": ["Q♥", "N♥"]}, {"E": "♥"}, "W",
                            ["bid N 250", "pass E", "pass S", "pass W"], "♦", ["J♥", "N♥"],
                            "SD-PLAY4.b", '[Heading "trump-lead"]\n', "trump-lead")),
    Case("SD-PLAY4.Q♣", "§11.1 #21", "clubs trump; E leads Q♣; S holds K♣ N♣: only K♣, under "
         "both `Heading` values.", ["SD-PLAY4"], "South plays N♣ on East's trump lead: "
         "SD-PLAY4.",
         lambda: trick_hand({"E": ["Q♣"], "S": ["K♣", "N♣"]}, {"S": "♣"}, "N",
                            ["bid E 250", "pass S", "pass W", "pass N"], "♣", ["Q♣", "N♣"],
                            "SD-PLAY4.c", expect=["SD-PLAY4"]), [("SD-PLAY4", 1, 1)]),
    Case("SD-PLAY4.Q♣.trump-lead", "§11.1 #21", "only K♣, under both `Heading` values.",
         ["SD-PLAY4"], "The same under Heading trump-lead: SD-PLAY4.",
         lambda: trick_hand({"E": ["Q♣"], "S": ["K♣", "N♣"]}, {"S": "♣"}, "N",
                            ["bid E 250", "pass S", "pass W", "pass N"], "♣", ["Q♣", "N♣"],
                            "SD-PLAY4.d", '[Heading "trump-lead"]\n', "trump-lead",
                            expect=["SD-PLAY4"]), [("SD-PLAY4", 1, 1)]),
    Case("SD-PLAY5.void-no-trump", "§11.1 #22", "spades trump; N leads A♥; E has no heart and "
         "no spade: any card.", ["SD-PLAY5"], "East, void in hearts and spades, throws a club.",
         lambda: trick_hand({"N": ["A♥"]}, {"E": "♥♠"}, "W",
                            ["bid N 250", "pass E", "pass S", "pass W"], "♠", ["A♥"],
                            "SD-PLAY5")),
    Case("SD-COUNT1.counters", "§11.1 #23", "`A♥ T♥ K♥ Q♥` = 30; the winner of trick 12 adds "
         "10; the two sides total 250.", ["SD-COUNT1", "SD-COUNT2", "SD-COUNT3"],
         "The 10-10-10 count: A T K 10, Q J 9 0; the pack 240, a hand 250 (§11.2).",
         lambda: spec_hand(), tables=[card_table("10-10-10", {}),
                                      {"table": "pack_points", "tags": {"Ruleset": "single-deck"},
                                       "values": {"total": 240}}]),
    Case("SD-SCORE2.made", "§11.1 #24", "N–S bid 300; melds 120, cards 190: made 310 → +310. "
         "E–W melds 60, cards 60: +120.", ["SD-SCORE2", "SD-SCORE4"],
         "§11.2: South bids 300 and makes 320 (melds 150, cards 170): +320; East-West +110.",
         lambda: spec_hand(), note="Staged with §11.2's numbers, not the statement's."),
    Case("SD-SCORE3.set", "§11.1 #25", "E–W bid 350; melds 150, cards 180: 330 → −350. N–S "
         "melds 40, cards 70: +110.", ["SD-SCORE3", "SD-SCORE4"],
         "West bids 400 and East-West make 160: -400; North-South +330.",
         lambda: unmarked(staged_lines(header(), [renumbered(hand3(0))])),
         note="Staged with a seeded hand's numbers, not the statement's."),
    Case("SD-MELD8.no-trick", "§11.1 #26", "E–W (not bidding) win no trick: melds 0, cards 0: "
         "E–W score 0.", ["SD-MELD8"], "North wins all twelve tricks: East's 300 (double "
         "pinochle) counts 0.", lambda: staged_lines(header(), [renumbered(hand4(0))])),
    Case("SD-GAME3.other-side", "§11.1 #27", "Target 1500; N–S bid and are set; E–W go from 1410 "
         "to 1520: E–W win. A following `battle` line: SD-GAME5.", ["SD-GAME3", "SD-GAME5"],
         "North-South are set in battle 2 while East-West, who did not bid, pass 1500 with "
         "their eight aces; battle 3 after the end.", lambda: game_other_side(),
         [("SD-GAME5", 3, None)], note="Staged with a seeded game's numbers."),
    Case("SD-COUNT1.11-10-4-3-2", "§11.1 #29", "a trick A♠ T♠ K♠ Q♠ = 28.", ["SD-COUNT1"],
         "The old count: A 11, T 10, K 4, Q 3, J 2, 9 0; the pack 240.", None,
         tables=[card_table("11-10-4-3-2", {"TrickScoring": "11-10-4-3-2"}),
                 card_table("10-10-5-5", {"TrickScoring": "10-10-5-5"})]),
    Case("SD-SCALE1.tens", "§11.1 #28", "`[Scale \"tens\"]`: `bid N 25` is 250; `♣F 15`; a "
         "hand's card points total 25.", ["SD-SCALE1"],
         "In tens: A T K 1, the pack 24, a run 15.", None,
         tables=[{"table": "card_points", "tags": {"Ruleset": "single-deck", "Scale": "tens"},
                  "values": {r + s: int(r in "ATK") for s in SUITS for r in RANKS}},
                 {"table": "pack_points", "tags": {"Ruleset": "single-deck", "Scale": "tens"},
                  "values": {"total": 24}},
                 {"table": "meld_points", "tags": {"Ruleset": "single-deck", "Scale": "tens"},
                  "values": {"♣F": 15, "♣♣F": 150, "A4": 10, "P": 4, "dix": 1},
                  "trump": "♣"}]),
    Case("SD-PLAY1.eldest", "§11.1 #30", "`FirstLead \"eldest\"`, dealer W, S the bidder: N "
         "leads trick 1.", ["SD-PLAY1"], "North, left of the dealer, leads trick 1.",
         lambda: eldest(False)),
    Case("SD-PLAY1.bidder-leads", "§11.1 #30", "a lead by S is SD-PLAY1.", ["SD-PLAY1"],
         "South, the bidder, leads trick 1 under FirstLead eldest.", lambda: eldest(True),
         [("SD-PLAY1", 1, 1)]),
    Case("SD-CONCEDE3.late", "§11.1 #31", "N–S bid 300; after trick 4 (E–W have won 60 in card "
         "points), `concede N`: SD-CONCEDE1 (late); N–S −300; E–W their melds + 60.",
         ["SD-CONCEDE3", "SD-CONCEDE1"], "§11.2 (South the bidder at 300): after trick 4, "
         "South concedes: NS -300; EW 30 + 60.", lambda: faulty("SD-CONCEDE1-late"),
         [("SD-CONCEDE1", 1, None)]),
    Case("SD-PACK1.pack", "§11.1 #1", "48 distinct copies.", ["SD-PACK1"],
         "Two of each of A T K Q J 9 in each suit; no deuces.", None,
         tables=[{"table": "pack", "tags": {"Ruleset": "single-deck"},
                  "values": {**{c: n for c, n in sorted(PACK.items())},
                             **{"D" + s: 0 for s in SUITS}}}]),
    Case("SD-MELD2.table", "§11.1 #13", "`♣♣F 1500`; `DoubleMelds \"plain\"`: 300.",
         ["SD-MELD2", "SD-MELD3", "SD-MELD4", "SD-MELD5"],
         "The meld table of §4.2 with hearts trump, under each DoubleMelds value.", None,
         tables=[meld_table(d) for d in ("bonus", "plain", "old")]),
]


def game_other_side() -> str:
    aces = [f"A{s}" for s in SUITS] * 2
    for n in range(300):
        one = Battle(1, "N", deal(f"SD-GAME3.{n}.1", {"E": aces}),
                     ["bid E 250", "pass S", "pass W", "pass N"], "♥")
        two = Battle(2, "E", deal(f"SD-GAME3.{n}.2", {"W": aces}),
                     ["bid S 250", "pass W", "pass N", "pass E"], "♠")
        three = simple(3, "S", f"SD-GAME3.{n}.3")
        text = staged_lines(header(), [one, two])
        r = replay(text)
        if r.winner == "EW" and r.battles[1].sides["NS"].score < 0 \
                and r.battles[1].bidder == "S" and r.battles[0].sides["EW"].score < 1500:
            lines = staged_lines(header(), [one, two, three]).split("\n")
            i = next(i for i, x in enumerate(lines) if x.startswith("battle 3 "))
            return "\n".join(lines[:i] + [x for x in lines[i:] if not x.startswith(
                ("tricks", "melds", "score", "total"))])
    raise SystemExit("no game for SD-GAME3")


def eldest(bidder_leads: bool) -> str:
    calls = ["pass N", "pass E", "bid S 250", "pass W"]
    b = Battle(1, "W", deal("SD-PLAY1", {}), calls, "♣", leader="S" if bidder_leads else "N",
               named=bidder_leads)
    return staged_lines(header('[FirstLead "eldest"]\n'), [b])


def contracts(text: str) -> list[dict[str, object]]:
    """Each hand as the spec counts it (§7.1): the by-hand referee over the record."""
    out = []
    for i, h in enumerate(replay(text).battles, 1):
        if h.after_end:
            out.append({"battle": i, "dealer": h.dealer})
            continue
        c: dict[str, object] = {"battle": i, "dealer": h.dealer, "thrown_in": h.thrown_in}
        if h.thrown_in:
            c["score"] = {"NS": 0, "EW": 0}
        else:
            c |= {"bidder": h.bidder, "bid": h.high, "trump": h.trump}
            if not h.conceded:
                c["card_total"] = h.sides["NS"].cards + h.sides["EW"].cards
                c["cards"] = {x: h.sides[x].cards for x in ("NS", "EW")}
                c["melds"] = {x: h.sides[x].melds for x in ("NS", "EW")}
                c["made"] = {x: h.sides[x].melds + h.sides[x].cards for x in ("NS", "EW")}
            c["score"] = {x: h.sides[x].score for x in ("NS", "EW")}
            if not h.conceded:
                c["counted"] = {x: h.sides[x].tricks > 0 for x in ("NS", "EW")}
        out.append(c)
    return out


def stem(case_id: str) -> str:
    return case_id.translate(_LETTERS)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*"):
        old.unlink()
    index = []
    for case in CASES:
        text = case.record() if case.record else None
        record = stem(case.id) + ".pin" if text else None
        if text:
            text = unmarked(text)
            (OUT / record).write_text(text if text.endswith("\n") else text + "\n",  # type: ignore[operator]
                                      encoding="utf-8")
        expected: dict[str, object] = {
            "findings": [{"rule": r, "battle": b, "trick": t} for r, b, t in case.findings],
            "tricks": [], "melds": [], "battles": [], "tables": case.tables}
        if text:
            expected["contracts"] = contracts(text)
        fixture = {"format": "pinochle-fixture/1", "id": case.id,
                   "source": {"section": case.rules[0], "row": case.row, "text": case.text},
                   "rules": case.rules, "description": case.description, "record": record,
                   "note": case.note, "expected": expected}
        (OUT / (stem(case.id) + ".json")).write_text(
            json.dumps(fixture, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        index.append({"id": case.id, "ruleset": "single-deck",
                      "fixture": stem(case.id) + ".json", "record": record,
                      "rules": case.rules})
    (OUT / "index.json").write_text(json.dumps(
        {"format": "pinochle-fixture-index/1", "cases": index}, indent=2, ensure_ascii=False)
        + "\n", encoding="utf-8")
    print(f"wrote {len(CASES)} fixtures under {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
