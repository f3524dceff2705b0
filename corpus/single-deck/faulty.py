"""corpus/faulty/single-deck/: one record per single-deck fault kind, each beside the finding the
specification says a referee must report (../shared/rulesets/single-deck-partnership.md §8).

    .venv/bin/python corpus/single-deck/faulty.py

Most records are the spec's §11.2 hand (checked by hand) with one statement changed or added;
the revokes are staged hands (stage.py) whose follower breaks one duty once, the rest played
legally from what he then holds. The faulty statement carries ``; fault: RULE``. Each
``NAME.expected.json`` is typed here from the spec, never from the engine: the finding's rule,
its place (line, battle, trick), and for a wrong claim or mark what was claimed and what the
rules give; then each hand's result (bidder, contract, trump, each side's cards, melds and score)
and the game's totals, as the spec's §7 counts them (by tests/adjudicator/sdkit.py). A finding
about a statement outside the tricks has ``trick`` null, as in the rulebook fixtures.

Typed where the spec names no place (the readings the tests then hold the engine to):
- a deal fault is at the hand line that has it (SD-DEAL1, each short or long hand; SD-PACK1, the
  hand line holding the extra copy);
- a record without ``send`` lines (RULING P15) has its one SD-PASS1 finding at the first
  statement after trump (the first declaration), where the passing belonged;
- a late concession (SD-CONCEDE3, reported under SD-CONCEDE1) is at the ``concede`` line (a
  statement outside the tricks: ``trick`` null), and its claims are the scores only (the spec
  names no trick claim for it);
- a hand dealt after the game was won is not played (SD-GAME5): it counts for nobody, so the
  game's totals are those of the hand that won it (as docs/rulings.md rules for R4A, OT4A,
  SC-WIN1, TP2: "checked against the battles that were played");
- ``claimed`` and ``expected`` are typed only for a wrong claim or mark (null otherwise: the
  spec says nothing of what else a finding should carry).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game import SPEC_HAND, hand2, hand3, hand4
from stage import Battle, deal, replay, staged_lines
from tests.adjudicator.sdkit import SIDE, Hand

OUT = Path(__file__).resolve().parents[1] / "faulty" / "single-deck"
HEADER = '[Event "corpus/faulty"]\n[Ruleset "single-deck"]\n'
BASE = staged_lines(HEADER, [Battle(**{**SPEC_HAND.__dict__, "comments": {}})])


@dataclass
class Fault:
    name: str
    rule: str
    description: str
    text: Callable[[], str]
    claimed: object = None
    expected: object = None
    trick: int | None = None
    also: tuple[tuple[str, str], ...] = ()      # further findings: (rule, line text)


def mark(line: str, rule: str) -> str:
    return f"{line.split(' ;')[0]} ; fault: {rule}"


def changed(old: str, new: str, rule: str, text: str = BASE) -> str:
    """``text`` with the line ``old`` (its start) replaced by ``new``, marked."""
    lines = text.split("\n")
    [i] = [i for i, x in enumerate(lines) if x.split(" ;")[0] == old]
    lines[i] = mark(new, rule)
    return "\n".join(lines)


def added(after: str, new: str, rule: str, text: str = BASE) -> str:
    """``text`` with ``new`` (marked) inserted after the line ``after``."""
    lines = text.split("\n")
    [i] = [i for i, x in enumerate(lines) if x.split(" ;")[0] == after]
    lines.insert(i + 1, mark(new, rule))
    return "\n".join(lines)


def removed(text: str, *starts: str) -> str:
    return "\n".join(x for x in text.split("\n") if not x.startswith(starts))


def staged(*battles: Battle, header: str = HEADER, game: bool = False) -> str:
    return staged_lines(header, list(battles), game=game)


def revoke(rule: str, seed: str, trump: str) -> str:
    """A staged hand whose first follower able to break ``rule`` does, once."""
    for n in range(100):
        b = Battle(1, "E", deal(f"{seed}.{n}", {}),
                   ["bid S 250", "pass W", "pass N", "pass E"], trump, revoke=rule)
        text = staged(b)
        if b.revoked and [d[0] for d in replay(text).departures] == [rule]:
            trick = b.revoked[0]
            lines = text.split("\n")
            [i] = [i for i, x in enumerate(lines) if x.startswith(f"{trick}. ")]
            lines[i] = mark(lines[i], rule)
            return "\n".join(lines)
    raise SystemExit(f"no seed stages a {rule} revoke")


S_HAND = "S: A♣ Q♣ Q♠ T♥ K♥ Q♥ Q♥ N♥ T♦ Q♦ Q♦ J♦"
W_HAND = "W: T♣ K♣ J♣ A♠ A♠ T♠ T♠ N♠ A♥ A♥ J♥ J♦"


def deal_only(text: str, tags: str = "") -> str:
    """The header (with ``tags``), the battle line and the deal of ``text``'s first battle."""
    lines = text.split("\n")
    i = next(i for i, x in enumerate(lines) if x.startswith("battle 1 "))
    head = "\n".join(lines[:i]).replace('[Ruleset "single-deck"]\n',
                                        '[Ruleset "single-deck"]\n' + tags)
    return head + "\n" + "\n".join(lines[i:i + 5]) + "\n"


def late_concession() -> str:
    """§11.2's hand; after trick 4 the bidder S concedes (SD-CONCEDE3): NS -300; EW their 30
    in melds and the 60 of tricks 1-3 (T♦ A♦ 20, K♠ A♠ 20, A♥ T♥ 20): 90."""
    lines = BASE.split("\n")
    i = next(i for i, x in enumerate(lines) if x.startswith("4. "))
    head = lines[:i + 1] + [mark("concede S", "SD-CONCEDE1"),
                            "score NS -300 EW 90", "total NS -300 EW 90", ""]
    return "\n".join(head)


def game_text(extra: Battle) -> str:
    """The evening's four battles, then ``extra`` without claims (no hand is played after the
    game is won, SD-GAME5: it counts for nobody)."""
    text = staged(SPEC_HAND, hand2(), hand3(0), hand4(0), extra)
    lines = text.split("\n")
    i = next(i for i, x in enumerate(lines) if x.startswith(f"battle {extra.number} "))
    return "\n".join(lines[:i] + [x for x in lines[i:]
                                  if not x.startswith(("tricks", "melds", "score", "total"))])


FAULTS = [
    # --- the deal and the auction (SD-DEAL, SD-PACK, SD-BID: a bad call is void, §5.3)
    Fault("SD-DEAL1-hand-size", "SD-DEAL1", "S dealt 13 cards and W 11 (four passes under "
          "ForcedBid none: not played)",
          lambda: deal_only(BASE.replace(S_HAND, mark(S_HAND + " A♥", "SD-DEAL1")).replace(
              W_HAND, W_HAND.replace(" A♥ A♥", " A♥") + " ; and West 11 (a deal's comments "
              "end its last lines)"), '[ForcedBid "none"]\n')
          + "pass S\npass W\npass N\npass E\n",
          also=(("SD-DEAL1", "W: "),)),
    Fault("SD-DEAL2-dealer", "SD-DEAL2", "battle 2 dealt by East again, not by South",
          lambda: mark_battle(staged(SPEC_HAND, Battle(
              2, "E", deal("faulty.SD-DEAL2", {}), ["bid S 250", "pass W", "pass N", "pass E"],
              "♣")), 2, "SD-DEAL2")),
    Fault("SD-BID1-out-of-turn", "SD-BID1", "North bids before South, whose call it is: void",
          lambda: added(W_HAND, "bid N 250", "SD-BID1")),
    Fault("SD-BID2-announcement", "SD-BID2", "North announces his meld in the auction: void",
          lambda: added("bid W 260", "announce N 20", "SD-BID2")),
    Fault("SD-BID3-not-multiple", "SD-BID3", "North bids 265, not a multiple of 10: void",
          lambda: added("bid W 260", "bid N 265", "SD-BID3")),
    Fault("SD-BID3-below-minimum", "SD-BID3", "South opens at 240, below MinBid 250: void",
          lambda: added(W_HAND, "bid S 240", "SD-BID3")),
    Fault("SD-BID4-not-higher", "SD-BID4", "North bids 260 over West's 260: void",
          lambda: added("bid W 260", "bid N 260", "SD-BID4")),
    Fault("SD-BID5-after-passing", "SD-BID5", "North bids 320 after his pass: void",
          lambda: added("bid S 300", "bid N 320", "SD-BID5")),
    Fault("SD-BID6-dealer-passes", "SD-BID6", "the dealer passes after three passes "
          "(ForcedBid dealer): reported, counts as a pass, the hand thrown in",
          lambda: deal_only(BASE) + "pass S\npass W\npass N\n" + mark("pass E", "SD-BID6") + "\n"),
    Fault("SD-BID7-after-the-end", "SD-BID7", "East bids after the auction ended: void",
          lambda: added("pass W", "bid E 310", "SD-BID7")),
    # --- trump and the passing (SD-TRUMP, SD-PASS)
    Fault("SD-TRUMP2-second-trump", "SD-TRUMP2", "a second trump line: ignored",
          lambda: added("trump ♥", "trump ♠", "SD-TRUMP2")),
    Fault("SD-PASS3-bidder-first", "SD-PASS3", "the bidder sends before his partner",
          lambda: BASE.replace(
              "send N K♥ A♦ T♦ K♦\nsend S Q♦ Q♦ Q♣ A♣",
              "send S Q♦ Q♦ Q♣ A♣ ; fault: SD-PASS3\nsend N K♥ A♦ T♦ K♦")),
    Fault("SD-PASS1-no-passing", "SD-PASS1", "no send lines with Passing 4 (RULING P15): "
          "one finding, the partners' held cards not checked",
          lambda: changed("meld N ♣M 20", "meld N ♣M 20", "SD-PASS1",
                          removed(BASE, "send "))),
    # --- declarations (SD-MELD2-9, §4.5)
    Fault("SD-MELD2-points", "SD-MELD2", "North's marriage in clubs declared 40: credited 20",
          lambda: changed("meld N ♣M 20", "meld N ♣M 40", "SD-MELD2"), 40, 20),
    Fault("SD-MELD2-not-held", "SD-MELD2", "East declares a clubs marriage without K♣",
          lambda: changed("meld E ♠M 20 dix 10", "meld E ♠M 20 ♣M 20 dix 10", "SD-MELD2")),
    Fault("SD-MELD6-heading", "SD-MELD6", "South's royal marriage declared beside his double "
          "royal marriage, the same K♥ Q♥ twice under one heading: dropped",
          lambda: changed("meld S ♥♥M 80 P 40 dix 10", "meld S ♥♥M 80 ♥M 40 P 40 dix 10",
                          "SD-MELD6")),
    Fault("SD-MELD7-not-a-meld", "SD-MELD7", "East declares four tens: no meld, credited 0",
          lambda: changed("meld E ♠M 20 dix 10", "meld E ♠M 20 dix 10 T4 100", "SD-MELD7")),
    Fault("SD-MELD9-total-too-high", "SD-MELD9", "West declares a total of 40 holding no meld:"
          " credited 0", lambda: changed("meld W 0", "meld W 40", "SD-MELD9")),
    # --- play (SD-PLAY3-7): the trick stands as played (SD-LAW1)
    Fault("SD-PLAY3-follow-suit", "SD-PLAY3", "a follower holding the suit led plays another",
          lambda: revoke("SD-PLAY3", "faulty.SD-PLAY3", "♠")),
    Fault("SD-PLAY4-head", "SD-PLAY4", "a follower able to beat the winning card of the suit "
          "led plays a lower one", lambda: revoke("SD-PLAY4", "faulty.SD-PLAY4", "♠")),
    Fault("SD-PLAY5-trump", "SD-PLAY5", "a follower void in the suit led, holding a trump, "
          "throws another suit", lambda: revoke("SD-PLAY5", "faulty.SD-PLAY5", "♠")),
    Fault("SD-PLAY6-overtrump", "SD-PLAY6", "a void follower able to overtrump the winning "
          "trump plays a lower trump", lambda: revoke("SD-PLAY6", "faulty.SD-PLAY6", "♠")),
    Fault("SD-PLAY7-winner-mark", "SD-PLAY7", "trick 1 marked won by South; East's A♦ wins it "
          "and East leads next", lambda: changed("1. T♦ J♦ N♦ A♦ E", "1. T♦ J♦ N♦ A♦ S",
                                                 "SD-PLAY7"), "S", "E", trick=1),
    # --- concession (SD-CONCEDE1-3)
    Fault("SD-CONCEDE1-not-the-bidder", "SD-CONCEDE1", "East concedes: only the bidder may; "
          "void, the hand is played", lambda: added("meld W 0", "concede E", "SD-CONCEDE1")),
    Fault("SD-CONCEDE1-late", "SD-CONCEDE1", "the bidder concedes after trick 4 (SD-CONCEDE3):"
          " NS -300, EW their melds and the card points of their tricks",
          late_concession),
    # --- claims (SD-COUNT3, SD-MELD8, SD-SCORE2-4, SD-GAME1, SD-GAME5)
    Fault("SD-COUNT3-tricks", "SD-COUNT3", "East-West's card points claimed 90, not 80",
          lambda: changed("tricks NS 170 EW 80", "tricks NS 170 EW 90", "SD-COUNT3"), 90, 80),
    Fault("SD-MELD8-no-trick", "SD-MELD8", "East-West claim their 300 in melds without a trick",
          lambda: changed("melds NS 1540 EW 0", "melds NS 1540 EW 300", "SD-MELD8",
                          staged(renumbered(hand4(0)))), 300, 0),
    Fault("SD-SCORE2-made", "SD-SCORE2", "the bidders claim their contract, not what they made",
          lambda: changed("score NS 320 EW 110", "score NS 300 EW 110", "SD-SCORE2"), 300, 320),
    Fault("SD-SCORE3-set-not-scored", "SD-SCORE3", "East-West, set at 400, claim what they made",
          lambda: changed("score NS 330 EW -400", "score NS 330 EW 160", "SD-SCORE3",
                          staged(renumbered(hand3(0)))), 160, -400),
    Fault("SD-SCORE4-opponents", "SD-SCORE4", "East-West's score claimed without their melds",
          lambda: changed("score NS 320 EW 110", "score NS 320 EW 80", "SD-SCORE4"), 80, 110),
    Fault("SD-GAME1-total", "SD-GAME1", "East-West's running total claimed 100, not 110",
          lambda: changed("total NS 320 EW 110", "total NS 320 EW 100", "SD-GAME1"), 100, 110),
    Fault("SD-GAME5-after-the-end", "SD-GAME5", "a fifth battle after North-South won",
          lambda: mark_battle(game_text(Battle(5, "E", deal("faulty.SD-GAME5", {}),
                                               ["bid S 250", "pass W", "pass N", "pass E"],
                                               "♥")), 5, "SD-GAME5")),
]


def renumbered(b: Battle) -> Battle:
    """A battle of the evening as battle 1 of its own record (dealt by the same dealer)."""
    return Battle(**{**b.__dict__, "number": 1, "comments": {}})


def mark_battle(text: str, number: int, rule: str) -> str:
    start = f"battle {number} dealer "
    return "\n".join(mark(x, rule) if x.startswith(start) else x for x in text.split("\n"))


def findings(f: Fault, text: str) -> tuple[int, list[dict[str, object]]]:
    lines = text.split("\n")
    [line] = [i for i, x in enumerate(lines, 1) if x.endswith(f"; fault: {f.rule}")]
    battle = sum(1 for x in lines[:line] if x.startswith("battle "))
    found = [{"rule": f.rule, "line": line, "battle": battle, "trick": f.trick,
              "claimed": f.claimed, "expected": f.expected}]
    for rule, start in f.also:
        [at] = [i for i, x in enumerate(lines, 1) if x.startswith(start)]
        found.append({"rule": rule, "line": at, "battle": battle, "trick": None,
                      "claimed": None, "expected": None})
    for x in found:
        if x["rule"] in {"SD-PLAY3", "SD-PLAY4", "SD-PLAY5", "SD-PLAY6"}:
            x["trick"] = int(lines[x["line"] - 1].split(".")[0])     # type: ignore[index]
    return line, sorted(found, key=lambda x: x["line"])           # type: ignore[arg-type,return-value]


def side(h: Hand, x: str) -> dict[str, int]:
    """A side's result; of a conceded hand, the bidders' score alone (their cards and melds
    count for nothing, SD-CONCEDE2-3)."""
    s = h.sides[x]
    if h.conceded and h.bidder and SIDE[h.bidder] == x:
        return {"score": s.score}
    return {"cards": s.cards, "melds": s.melds, "score": s.score}


def results(text: str) -> dict[str, object]:
    """Each hand's result and the game's totals; a hand dealt after the game was won is not
    played (SD-GAME5): its number and dealer only."""
    r = replay(text)
    return {
        "battles": [{"battle": i, "dealer": h.dealer} if h.after_end else
                    {"battle": i, "dealer": h.dealer, "thrown_in": h.thrown_in,
                     "bidder": h.bidder, "bid": h.high or None, "trump": h.trump,
                     "ns": side(h, "NS"), "ew": side(h, "EW")}
                    for i, h in enumerate(r.battles, 1)],
        "ns": r.totals["NS"], "ew": r.totals["EW"], "winner": r.winner,
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for f in FAULTS:
        text = f.text()
        line, found = findings(f, text)
        expected = {"record": f"{f.name}.pin", "fault": f"single-deck: {f.description}",
                    "rule": f.rule, "line": line, "findings": found, **results(text)}
        (OUT / f"{f.name}.pin").write_text(text, encoding="utf-8")
        (OUT / f"{f.name}.expected.json").write_text(
            json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{f.name}: {f.rule} at line {line}")


if __name__ == "__main__":
    main()
