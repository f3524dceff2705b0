"""Score sheets' faulty records (``*-sheet-*``): one per kind of fault the referee decides from a
score sheet, a battle of meld lines and claims with no deal and no trick line
(``adjudicator/twohanded/sheets.py``; docs/rulings.md, "Score sheets"). Each is a small sheet
written here in the notation, its claims right but for the fault: a meld's value (R9A), a
combination twice (R9F), a card in both players' melds more often than the pack holds it (R9B1),
more melds than a battle has meld turns (R9E), trick points that do not share the pack's count or
that no tricks can make (R8G), the score (R3), the game total and the tie extension (R4A), the
dealer (R4B); old-time Pinochle's melds that no trump suit makes right (OT9A); a double-pack
sheet's card points (DP-COUNT1). Built from text, so ``settle`` (which recounts tricks) is not
used."""

from __future__ import annotations

from kit import fault

from pinochle.notation import parse
from pinochle.notation.events import Game

#: Each sheet battle's notice (the ruleset's deal id: R6, OT6, DP-DEAL2) says it is a sheet.
NOTICE = ("R6", "OT6", "DP-DEAL2")

HEAD = ('[Event "corpus/faulty: a score sheet"]\n[East "Ruth Okafor"]\n[West "Dan Whitley"]\n'
        '[Battles "2"]\n[Result "{result}"]\n\n')


def sheet(text: str, result: str, tags: str = "", head: str = HEAD) -> Game:
    return parse(head.format(result=result) + tags + text).games[0]


def _two(first: str, second: str, game: str, result: str, tags: str = "") -> Game:
    return sheet(f"battle 1 dealer E\n{first}\nbattle 2 dealer W\n{second}\n{game}\n", result,
                 tags)


B1 = """meld W ♥2 61
meld E K4 161
meld W ♠3 111
meld E ♣2 81
tricks E 385 W 335
melds E 242 W 172
score E 627 W 507
"""
B2 = """meld E ♦3 91
meld W ♣3 121
tricks E 410 W 310
melds E 91 W 121
score E 501 W 431
"""


@fault("R9A-sheet-meld-points", "R9A", "a score sheet: East's K4 written at 151, not 161; "
       "nobody objected, so it stands as written (R11B)", consequences=NOTICE, settle_claims=False)
def _r9a() -> Game:
    first = B1.replace("meld E K4 161", "meld E K4 151 ; fault: R9A").replace(
        "melds E 242", "melds E 232").replace("score E 627", "score E 617")
    return _two(first, B2, "game E 1118 W 938", "1118-938")


@fault("R9F-sheet-repeat", "R9F", "a score sheet: East melds ♣2 twice in one battle",
       consequences=NOTICE, settle_claims=False)
def _r9f() -> Game:
    first = B1.replace("tricks E 385", "meld E ♣2 81 ; fault: R9F\ntricks E 385").replace(
        "melds E 242", "melds E 323").replace("score E 627", "score E 708")
    return _two(first, B2, "game E 1209 W 938", "1209-938")


@fault("R9B1-sheet-copies", "R9B1", "a score sheet: West's ♥2 and East's double ♥♥2 need "
       "three A♥ (and three T♥); the pack has two", consequences=NOTICE, settle_claims=False)
def _r9b1() -> Game:
    first = B1.replace("meld E ♣2 81", "meld E ♥♥2 122 ; fault: R9B1").replace(
        "melds E 242", "melds E 283").replace("score E 627", "score E 668")
    return _two(first, B2, "game E 1169 W 938", "1169-938")


SINGLES = ["♣5 211", "♠5 201", "♥5 191", "♦5 181", "A4 171", "K4 161", "Q4 151", "J4 141",
           "T4 131", "♣3 121", "♠3 111", "♥3 101"]


@fault("R9E-sheet-too-many-melds", "R9E", "a score sheet: 24 melds in one battle; only 23 "
       "tricks are followed by a meld turn", consequences=NOTICE, settle_claims=False)
def _r9e() -> Game:
    melds = [f"meld E {m}" for m in SINGLES] + [f"meld W {m}" for m in SINGLES]
    melds[-1] += " ; fault: R9E"
    each = sum(int(m.split()[1]) for m in SINGLES)          # 1922
    first = "\n".join(melds) + (f"\ntricks E 360 W 360\nmelds E {each} W {each}\n"
                                f"score E {360 + each} W {360 + each}\n")
    return _two(first, B2, f"game E {360 + each + 501} W {360 + each + 431}",
                f"{360 + each + 501}-{360 + each + 431}")


@fault("R8G-sheet-sum", "R8G", "a score sheet: the trick points East 385 and West 345 make "
       "730; the pack counts 720", consequences=NOTICE, settle_claims=False)
def _r8g_sum() -> Game:
    first = B1.replace("tricks E 385 W 335", "tricks E 385 W 345 ; fault: R8G").replace(
        "score E 627 W 507", "score E 627 W 517")
    return _two(first, B2, "game E 1128 W 948", "1128-948")


@fault("R8G-sheet-count", "R8G", "a score sheet: East melded five times, so won five tricks at "
       "least, whose ten cards count 30 or more; his trick points are written 25",
       consequences=NOTICE, settle_claims=False)
def _r8g_count() -> Game:
    melds = "\n".join(f"meld E {m}" for m in SINGLES[:5])
    each = sum(int(m.split()[1]) for m in SINGLES[:5])      # 955
    first = f"{melds}\ntricks E 25 ; fault: R8G\nscore E {25 + each} W 695\n"
    return _two(first, B2, f"game E {25 + each + 501} W {695 + 431}",
                f"{25 + each + 501}-{695 + 431}")


@fault("R3-sheet-score", "R3", "a score sheet: West's battle score written 10 too low",
       consequences=NOTICE, settle_claims=False)
def _r3() -> Game:
    first = B1.replace("score E 627 W 507", "score E 627 W 497 ; fault: R3")
    return _two(first, B2, "game E 1128 W 938", "1128-938")


@fault("R4A-sheet-game-total", "R4A", "a score sheet: East's game total written 100 too high",
       consequences=NOTICE, settle_claims=False)
def _r4a() -> Game:
    return _two(B1, B2, "game E 1228 W 938 ; fault: R4A", "1128-938")


@fault("R4B-sheet-dealer", "R4B", "a score sheet: East deals both battles",
       consequences=NOTICE, settle_claims=False)
def _r4b() -> Game:
    return sheet(f"battle 1 dealer E\n{B1}\nbattle 2 dealer E ; fault: R4B\n{B2}\n"
                 "game E 1128 W 938\n", "1128-938")


@fault("R4A-sheet-tie", "R4A", "a score sheet: two battles end in a tie, 1033 each, and the "
       "game stops; a tie calls for two more battles", consequences=NOTICE, settle_claims=False)
def _r4a_tie() -> Game:
    second = B2.replace("tricks E 410 W 310", "tricks E 315 W 405").replace(
        "score E 501 W 431", "score E 406 W 526")
    head = HEAD.replace('[Battles "2"]', '[Battles "2"] ; fault: R4A')
    return sheet(f"battle 1 dealer E\n{B1}\nbattle 2 dealer W\n{second}\n"
                 "game E 1033 W 1033\n", "1033-1033", head=head)


@fault("OT9A-sheet-trump", "OT9A", "an old-time score sheet: East's sequence in hearts makes "
       "hearts trump, so West's 40 for the spade marriage is no royal marriage in any reading",
       consequences=NOTICE, settle_claims=False)
def _ot9a() -> Game:
    first = ("meld E ♥F 150\nmeld W ♠M 40 ; fault: OT9A\ntricks E 130 W 120\n"
             "melds E 150 W 40\nscore E 280 W 160\n")
    second = "meld E ♣M 20\ntricks E 100 W 150\nmelds E 20 W 0\nscore E 120 W 150\n"
    return _two(first, second, "game E 400 W 310", "*", '[Ruleset "old-time"]\n')


@fault("DP-COUNT1-sheet-sum", "DP-COUNT1", "a double-pack score sheet: the card points NS 110 "
       "and EW 400 make 510; the pack counts 480 and the last trick 20", consequences=NOTICE,
       settle_claims=False)
def _dp() -> Game:
    text = ('[Event "corpus/faulty: a partnership score sheet"]\n[Ruleset "double-pack"]\n'
            '[Result "*"]\n\nbattle 1 dealer N\nbid E 500\npass S\npass W\npass N\n'
            'trump ♠\nmeld N 60\nmeld E 100\nmeld S 0\nmeld W 20\n'
            'tricks NS 110 EW 400 ; fault: DP-COUNT1\nscore NS 170 EW 520\n')
    return parse(text).games[0]
