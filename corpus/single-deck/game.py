"""corpus/games/single-deck-evening.pin: a whole single-deck game to 1,500 (spec §7.2), from the
spec's §11.2 hand. Written with stage.py (the by-hand referee's rules, never the engine's):

    .venv/bin/python corpus/single-deck/game.py

Battle 1 is §11.2 as the spec gives it. Battle 2: three passes, the dealer must bid (SD-BID6).
Battle 3: East-West bid high and are set (SD-SCORE3). Battle 4: North holds a double run of
trumps (1,500, SD-MELD2 `bonus`), North-South pass the target as the bidding side and win
(SD-GAME2); the game ends there (SD-GAME5).
"""

from __future__ import annotations

from pathlib import Path

from stage import Battle, deal, replay, staged_lines

OUT = Path(__file__).resolve().parents[1] / "games" / "single-deck-evening.pin"

HEADER = """[Event "A single-deck evening, checked by hand"]
[Site "East Point Social Club, card room"]
[Date "2026.11.28"]
[North "Ann"]
[East "Bob"]
[South "Cy"]
[West "Di"]
[Ruleset "single-deck"]
"""

SPEC_HAND = Battle(
    1, "E",
    {"N": "K♣ J♣ N♣ N♣ K♠ J♠ N♠ K♥ A♦ T♦ K♦ N♦".split(),
     "E": "A♣ T♣ Q♣ K♠ Q♠ J♠ T♥ J♥ N♥ A♦ K♦ N♦".split(),
     "S": "A♣ Q♣ Q♠ T♥ K♥ Q♥ Q♥ N♥ T♦ Q♦ Q♦ J♦".split(),
     "W": "T♣ K♣ J♣ A♠ A♠ T♠ T♠ N♠ A♥ A♥ J♥ J♦".split()},
    ["bid S 250", "bid W 260", "pass N", "pass E", "bid S 300", "pass W"], "♥",
    sends=[("N", "K♥ A♦ T♦ K♦".split()), ("S", "Q♦ Q♦ Q♣ A♣".split())],
    declare={"N": "♣M 20", "E": "♠M 20 dix 10", "S": "♥♥M 80 P 40 dix 10", "W": "0"},
    script=[x.split() for x in (
        "T♦ J♦ N♦ A♦", "K♠ Q♠ A♠ N♠", "A♥ Q♣ T♥ Q♥", "J♥ A♣ J♥ Q♥", "N♥ A♥ J♠ N♥",
        "T♠ K♠ Q♠ K♥", "J♦ J♣ Q♦ K♦", "N♦ T♦ K♣ Q♦", "K♥ A♠ N♣ T♣", "A♦ N♠ K♣ J♠",
        "T♥ T♠ J♣ A♣", "K♦ T♣ N♣ Q♣")],
    comments={
        "battle 1": "the spec's whole hand (§11.2)",
        "bid S 250": "dealer E, so S calls first (SD-BID1)",
        "pass W": "N, E, W have passed: S is the bidder at 300 (SD-BID7)",
        "send N": "the partner passes first (SD-PASS1)",
        "send S": "the bidder passes four back (SD-PASS2)",
        "meld S": "K♥ K♥ Q♥ Q♥ after the passing: double royal marriage 80; Q♠ J♦ 40; N♥ 10",
        "1. ": "S leads (SD-PLAY1); W, N cannot beat T♦ (any ♦); E must: A♦ (SD-PLAY4)",
        "3. ": "N passed his only heart: no heart, no trump, any card on the trump lead",
        "4. ": "E's J♥ does not beat the led J♥ (identical), S must beat it: Q♥ (SD-PLAY4)",
    })


def hand2() -> Battle:
    """Dealer S: W, N, E pass; S is stuck and bids 250 (SD-BID6)."""
    return Battle(2, "S", deal("single-deck-evening.2", {}),
                  ["pass W", "pass N", "pass E", "bid S 250"], "♠",
                  comments={"battle 2": "the deal passes to the left (SD-DEAL2)",
                            "bid S 250": "three passes: the dealer must bid (SD-BID6)"})


def hand3(seed: int) -> Battle:
    """Dealer W: N calls first; East-West's 400 is set."""
    return Battle(3, "W", deal(f"single-deck-evening.3.{seed}", {}),
                  ["pass N", "bid E 250", "bid S 300", "bid W 400", "pass E", "pass S"], "♦",
                  comments={"pass N": "N, left of the dealer W, calls first (SD-BID1)",
                            "pass S": "W bids over S; his partner E passes: W at 400"})


RUN = "A♣ A♣ T♣ T♣ K♣ K♣ Q♣ Q♣ J♣ J♣".split()


def hand4(seed: int) -> Battle:
    """Dealer N: N holds a double run of clubs and bids it."""
    return Battle(4, "N", deal(f"single-deck-evening.4.{seed}", {"N": RUN}),
                  ["pass E", "pass S", "pass W", "bid N 500"], "♣",
                  comments={"bid N 500": "E, S, W passed: the dealer North bids, with a double "
                                         "run of trumps (SD-BID6)",
                            "meld N": "after the passing A♣ T♣ K♣ Q♣ J♣ twice: 1500 (SD-MELD2, "
                                      "DoubleMelds bonus), N♣ N♣ 20 (SD-MELD5)",
                            "meld E": "Q♠ Q♠ J♦ J♦: double pinochle 300 (SD-MELD4)",
                            "12. ": "North wins every trick: East-West's melds count 0 "
                                    "(SD-MELD8)"})


#: The claims' arithmetic, as comments on their lines (each line is once in the record).
NOTES = {
    "score NS -250 EW 170": "NS made 100 + 100 = 200 < 250: set (SD-SCORE3); EW 150 + 20",
    "score NS 330 EW -400": "EW made 140 + 20 = 160 < 400: set (SD-SCORE3); NS 110 + 220",
    "melds NS 1540 EW 0": "N 1520 + S 20; East-West won no trick: 0 (SD-MELD8)",
    "total NS 2190 EW -120": "North-South, the bidding side, reach 1500: they win (SD-GAME2)",
}


def annotated(text: str) -> str:
    for line, comment in NOTES.items():
        assert text.count(line + "\n") == 1, line
        text = text.replace(line + "\n", f"{line} ; {comment}\n")
    return text


def game() -> str:
    for seed in range(200):
        battles = [SPEC_HAND, hand2(), hand3(seed)]
        r = replay(staged_lines(HEADER, battles))      # the Result tag is not read
        h3 = r.battles[2]
        if h3.sides["EW"].score < 0 and r.departures == [] and r.totals["NS"] < 1500:
            break
    else:
        raise SystemExit("no seed sets East-West in battle 3")
    for seed4 in range(200):
        battles4 = battles + [hand4(seed4)]
        text = staged_lines(HEADER, battles4, game=True)
        r = replay(text)
        if r.departures == [] and r.winner == "NS":
            return annotated(text)
    raise SystemExit("no seed ends the game in battle 4")


if __name__ == "__main__":
    OUT.write_text(game(), encoding="utf-8")
    print(f"wrote {OUT}")
