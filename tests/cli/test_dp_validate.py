"""``pinochle validate`` on partnership (double-pack) records written as text: the hand-checked
battle validates clean with readable scores, faults are reported with their DP ids at their
line and column, JSON has the partnership report, and statements of the other form of game
are findings, never a traceback.

The hand-checked battle: North holds the twenty spades, East the hearts, South the clubs, West
the diamonds; North bids 500 and names spades; he leads and wins every trick (each trick: his
spade and the three others' cards of their one suits). NS: cards 480 + 20 for the last trick =
500, melds ♠♠♠♠F 600 + ♣♣♣♣M 80 = 680, made and scored 1,180. EW: no trick, so its melds (80 +
80) do not count (DP-MELD6): 0."""

from __future__ import annotations

import json

from tests.cli.consolekit import no_traceback, pinochle

RANKS = "A A A A T T T T K K K K Q Q Q Q J J J J".split()


def hand(suit: str) -> str:
    return " ".join(rank + suit for rank in RANKS)


TRICKS = "\n".join(f"{n}. {r}♠ {r}♥ {r}♣ {r}♦ N" for n, r in enumerate(RANKS, 1))

HEADER = """[Ruleset "double-pack"]
[North "Ann"]
[East "Bob"]
[South "Cy"]
[West "Di"]
"""

BATTLE = f"""battle 1 dealer W
N: {hand("♠")}
E: {hand("♥")}
S: {hand("♣")}
W: {hand("♦")}
announce N flush
pass E
pass S
pass W
trump ♠
meld N ♠♠♠♠F 600
meld E ♥♥♥♥M 80
meld S ♣♣♣♣M 80
meld W ♦♦♦♦M 80
{TRICKS}
tricks NS 500 EW 0
melds NS 680 EW 0
score NS 1180 EW 0
total NS 1180 EW 0
"""

CLEAN = HEADER + '[Result "*"]\n\n' + BATTLE


def run(text: str, *args: str):
    done = pinochle("validate", *args, "-", input=text)
    no_traceback(done)
    return done


def test_DP_SCORE1_the_hand_checked_record_validates_clean_and_reads_well():
    done = run(CLEAN)
    assert done.returncode == 0, done.stdout
    assert ("<stdin>: game 1 (North Ann, East Bob, South Cy, West Di), double-pack: 1 battle"
            in done.stdout)
    assert ("battle 1 (dealer W): N bid 500, trump ♠, NS made: NS 1180 (cards 500, melds 680), "
            "EW 0 (cards 0, melds not counted)") in done.stdout
    assert "game: NS 1180, EW 0" in done.stdout
    assert "1 game, 1 battle: 0 errors, 0 warnings, 0 notices" in done.stdout


def test_DP_SCORE1_the_json_report_of_a_partnership_game():
    done = run(CLEAN, "--json")
    assert done.returncode == 0
    [game] = json.loads(done.stdout)["files"][0]["games"]
    assert (game["ns"], game["ew"], game["winner"]) == (1180, 0, None)
    [battle] = game["battles"]
    assert {k: battle[k] for k in ("dealer", "bidder", "bid", "trump", "thrown_in")} == {
        "dealer": "W", "bidder": "N", "bid": 500, "trump": "♠", "thrown_in": False}
    assert battle["ns"] == {"cards": 500, "melds": 680, "made": 1180, "score": 1180,
                            "counted": True}
    assert battle["ew"]["counted"] is False


def located(done, rule: str) -> list[str]:
    return [line for line in done.stdout.splitlines() if f": {rule} " in line]


def test_DP_MELD6_a_wrong_melds_claim_is_reported_at_its_number():
    text = CLEAN.replace("melds NS 680 EW 0", "melds NS 680 EW 160")
    done = run(text)
    assert done.returncode == 1
    [line] = located(done, "DP-MELD6")
    number = text.splitlines().index("melds NS 680 EW 160") + 1
    assert line.startswith(f"<stdin>:{number}:")
    assert "no scoring trick" in line


def test_DP_BID3_an_illegal_bid_is_reported_with_its_rule():
    text = CLEAN.replace("pass E", "bid E 505\npass N\npass E")
    done = run(text)
    assert done.returncode == 1
    [line] = located(done, "DP-BID3")
    assert "not a multiple of 10" in line


def test_DP_PLAY2_a_revoke_in_a_record_is_reported_at_each_trick():
    """East is dealt a J♠ for a J♥ (North the J♥ for it) and keeps it to the last trick: he
    fails to follow suit on each of the nineteen spade leads before it (DP-PLAY2, at his card),
    and wins trick 20 with it, which the record gives North (DP-PLAY5)."""
    text = (CLEAN.replace(f"E: {hand('♥')}", "E: " + hand("♥").replace("J♥ J♥ J♥ J♥",
                                                                          "J♥ J♥ J♥ J♠"))
            .replace(f"N: {hand('♠')}", "N: " + hand("♠").replace("J♠ J♠ J♠ J♠",
                                                                     "J♠ J♠ J♠ J♥"))
            .replace("20. J♠ J♥ J♣ J♦ N", "20. J♥ J♠ J♣ J♦ N"))
    done = run(text)
    assert done.returncode == 1
    lines = text.splitlines()
    first = lines.index("1. A♠ A♥ A♣ A♦ N") + 1
    revokes = located(done, "DP-PLAY2")
    assert [line.split(":")[1] for line in revokes] == [str(first + k) for k in range(19)]
    assert all(f"East plays {lines[first + k - 1].split()[2]} to a ♠ lead" in revokes[k]
               for k in range(19))
    [mark] = located(done, "DP-PLAY5")
    assert mark.startswith(f"<stdin>:{first + 19}:17:") and "won by East's J♠" in mark


def test_DP_BID9_a_thrown_in_battle_reads_as_such():
    text = HEADER + '[Result "*"]\n\n' + f"""battle 1 dealer W
N: {hand("♠")}
E: {hand("♥")}
S: {hand("♣")}
W: {hand("♦")}
announce N 600
pass E
pass S
pass W
score NS 0 EW 0
"""
    done = run(text)
    assert done.returncode == 0, done.stdout
    assert "battle 1 (dealer W): thrown in, nobody bid: no score" in done.stdout


def test_DP_SCORE2_a_set_is_a_negative_score():
    text = CLEAN.replace("announce N flush", "bid N 1200").replace(
        "score NS 1180 EW 0", "score NS -1200 EW 0").replace("total NS 1180", "total NS -1200")
    done = run(text)
    assert done.returncode == 0, done.stdout
    assert "N bid 1200, trump ♠, NS set: NS -1200" in done.stdout


def test_DP_PLAYERS_a_two_handed_statement_in_a_partnership_record():
    done = run(CLEAN.replace("trump ♠", "trump ♠\ndraw E W"))
    assert done.returncode == 1
    [line] = located(done, "DP-PLAYERS")
    assert "a draw is a statement of the two-handed games" in line


def test_DP_PLAYERS_dealer_north_in_a_two_handed_record():
    done = run('[Ruleset "old-time"]\n\nbattle 1 dealer N\n')
    assert done.returncode == 1
    assert "North deals battle 1, but the seats of old-time are East and West" in done.stdout


def test_DP_PLAYERS_four_hands_in_an_east_point_record():
    done = run(f"battle 1 dealer E\nN: {hand('♠')}\nE: {hand('♥')}\nS: {hand('♣')}\n"
               f"W: {hand('♦')}\n")
    assert done.returncode == 1
    assert "a deal of four hands (N:, E:, S:, W: lines) is a statement of the partnership " \
           "game" in done.stdout


def test_DP_PLAYERS_a_mixed_json_report_reads_back_as_its_models():
    from pinochle.adjudicator.report.validation import GameReport, Report, TableGameReport
    two_handed = "[Result \"*\"]\n\nbattle 1 dealer E\n"
    done = run(CLEAN + "\n" + two_handed, "--json")
    report = Report.model_validate_json(done.stdout)
    assert [type(g) for g in report.files[0].games] == [TableGameReport, GameReport]
    assert json.loads(report.model_dump_json()) == json.loads(done.stdout)


def test_DP_SCORE1_the_notations_example_game_validates_clean():
    from tests.cli.consolekit import ROOT
    done = pinochle("validate", str(ROOT / "tests" / "notation" / "data" / "double_pack.pin"))
    no_traceback(done)
    assert done.returncode == 0, done.stdout
    assert "1 game, 1 battle: 0 errors, 0 warnings, 0 notices" in done.stdout
