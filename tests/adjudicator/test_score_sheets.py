"""Score sheets: a battle of meld lines and claims, with no deal and no trick
line, is a valid record; the referee checks what the sheet decides
(``adjudicator/twohanded/sheets.py``; docs/rulings.md, "Score sheets"), and its report says what it
could not check."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.report.validation import render_scores, validate_game
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.twohanded.sheets import reachable, turns_to_meld
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.notation import parse

ROOT = Path(__file__).resolve().parents[2]
SHEET = ROOT / "corpus" / "games" / "east-point-score-sheet.pin"


def report(text: str):
    return validate_game(parse(text).games[0], "t.pin")


def rules(rep, severity: Severity | None = None) -> list[tuple[str, int]]:
    """(rule, line) of the findings above a notice (or of one severity)."""
    return [(f.rule, f.line) for f in rep.findings
            if (f.severity is severity if severity else f.severity is not Severity.INFO)]


def battle(dealer: str, *lines: str) -> str:
    return f"battle 1 dealer {dealer}\n" + "\n".join(lines) + "\n"


# --- the corpus's sheet ----------------------------------------------------------------------


def test_r8d_corpus_score_sheet_is_clean_and_says_what_it_checked():
    """The East Point evening sheet: melds on meld lines, no trick, no R8D ("has won no trick
    yet"); four notices that each battle is a sheet; the lists name what a sheet shows."""
    rep = validate_game(parse(SHEET.read_text("utf-8")).games[0], "sheet.pin")
    assert rep.counts.errors == rep.counts.warnings == 0
    assert [f.rule for f in rep.findings] == ["R6"] * 4
    assert rep.checked == ["R3", "R4A", "R4B", "R8G", "R9A", "R9B1", "R9E", "R9F"]
    why = {m.rule: m.reason for m in rep.not_checked}
    assert set(why) == {"R2A4", "R5", "R6", "R6B", "R6C", "R7B2", "R8", "R8A", "R8B", "R8D",
                        "R8E", "R8F", "R9C", "R9D", "R9G"}
    assert why["R6B"] == "no deal in battles 1-4"
    assert why["R8D"] == "no tricks in battles 1-4"
    assert why["R9G"] == "no deal, no tricks in battles 1-4"
    assert [(b.east.score, b.west.score) for b in rep.battles] == [
        (627, 678), (843, 502), (501, 713), (708, 718)]
    assert (rep.east, rep.west) == (2679, 2611)
    text = render_scores(rep)
    assert "checked (clean as far as a score sheet can show): R3 R4A" in text
    assert "battle 1 (dealer E): East 627 (tricks 385, melds 242), West 678 (tricks 335, " \
           "melds 343), score sheet" in text


def test_r8d_sheet_meld_by_either_player_no_turn_finding():
    rep = report(battle("E", "meld W ♥2 61", "meld W ♠2 71", "meld E A4 171",
                        "tricks E 360 W 360"))
    assert rules(rep) == []
    assert (rep.battles[0].east.melds, rep.battles[0].west.melds) == (171, 132)


# --- R9A, R9F: each meld by the table ---------------------------------------------------------


def test_r9a_sheet_meld_points_wrong_stands_warning():
    rep = report(battle("E", "meld E K4 81", "tricks E 360 W 360"))
    assert rules(rep) == [("R9A", 2)]
    assert rep.findings[-1].severity is Severity.WARNING          # R11B: it stands
    assert rep.battles[0].east.melds == 81


def test_r9a_sheet_meld_not_in_table():
    rep = report(battle("E", "meld E ♥F 150", "tricks E 360 W 360"))
    assert rules(rep) == [("R9A", 2)]


def test_r9f_sheet_combination_twice():
    rep = report(battle("W", "meld E ♣2 81", "meld W ♣2 81", "meld E ♣2 81",
                        "tricks E 360 W 360"))
    assert rules(rep) == [("R9F", 4)]        # West's own ♣2 is no repeat


# --- R9B1: the copies of a card ---------------------------------------------------------------


def test_r9b1_sheet_copies_beyond_the_pack():
    rep = report(battle("E", "meld E ♥♥2 122", "meld W A4 171", "tricks E 360 W 360"))
    assert rules(rep) == [("R9B1", 3)]
    message = rep.findings[-1].message
    assert "need 1 and 2, 3 copies of A♥, and the pack holds 2" in message


def test_r9b1_sheet_singles_and_one_players_reuse_never_conflict():
    """One player's melds share his cards (each at most the most one meld needs); two single
    melds of both players fit a pack of two copies."""
    rep = report(battle("E", "meld E ♥♥2 122", "meld E ♥5 191", "meld E A4 171",
                        "meld W ♠5 201", "meld W K4 161", "tricks E 360 W 360"))
    assert rules(rep) == []


# --- R9E: one meld a turn, turns bounded ------------------------------------------------------


SINGLES = ["♣5 211", "♠5 201", "♥5 191", "♦5 181", "A4 171", "K4 161", "Q4 151", "J4 141",
           "T4 131", "♣3 121", "♠3 111", "♥3 101"]


def test_r9e_sheet_more_melds_than_meld_turns():
    assert turns_to_meld(EAST_POINT) == 23
    melds = [f"meld E {m}" for m in SINGLES] + [f"meld W {m}" for m in SINGLES]
    rep = report(battle("E", *melds, "tricks E 360 W 360"))
    assert rules(rep) == [("R9E", 25)]       # the 24th meld
    assert "only 23 tricks" in rep.findings[-1].message


def test_r9e_sheet_23_melds_fit():
    melds = [f"meld E {m}" for m in SINGLES] + [f"meld W {m}" for m in SINGLES[:11]]
    rep = report(battle("E", *melds, "tricks E 360 W 360"))
    assert rules(rep) == []


def test_ot9e_ot8d_sheet_melds_only_while_the_stock_lasts():
    assert turns_to_meld(old_time()) == 12
    melds = ["meld E ♥M 40", "meld W ♠M 20", "meld E P 40", "meld W ♦M 20",
             "meld E A4 100", "meld W K4 80", "meld E Q4 60", "meld W J4 40",
             "meld E ♣M 20", "meld W Q4 60", "meld E ♥F 150", "meld W ♣M 20", "meld E ♦M 20"]
    rep = report('[Ruleset "old-time"]\n\n' + battle("E", *melds, "tricks E 120 W 130"))
    assert rules(rep) == [("OT9E", 16)]


# --- R8G: trick points --------------------------------------------------------------------


def test_r8g_sheet_trick_points_share_the_pack():
    rep = report(battle("E", "meld E K4 161", "tricks E 400 W 300"))
    assert rules(rep) == [("R8G", 3)]
    f = rep.findings[-1]
    assert (f.claimed, f.expected) == (700, 720)


def test_r8g_sheet_trick_points_not_a_count():
    rep = report(battle("E", "tricks E 233"))
    assert rules(rep) == [("R8G", 2)]
    assert (rep.battles[0].east.tricks, rep.battles[0].west.tricks) == (233, 487)


def test_r8g_sheet_melds_need_tricks_won():
    """Five melds need five tricks won: ten cards count at least 30 in East Point (four nines
    0, six tens 5)."""
    assert not reachable(EAST_POINT, 5, 19) >> 25 & 1
    assert reachable(EAST_POINT, 5, 19) >> 30 & 1
    melds = [f"meld E {m}" for m in SINGLES[:5]]
    assert rules(report(battle("E", *melds, "tricks E 25"))) == [("R8G", 7)]
    assert rules(report(battle("E", *melds, "tricks E 30"))) == []


def test_ot8h_sheet_last_trick_counts_in_the_total():
    rep = report('[Ruleset "old-time"]\n\n' + battle("E", "tricks E 120 W 130"))
    assert rules(rep) == []
    rep = report('[Ruleset "old-time"]\n\n' + battle("E", "tricks E 120 W 120"))
    assert rules(rep) == [("OT8H", 4)]
    assert "(the cards' 240 and the last trick's 10)" in rep.findings[-1].message


# --- R3, R4A, R4B: score, totals, dealers, ties ----------------------------------------------


def test_r3_sheet_score_is_tricks_plus_melds():
    ok = battle("E", "meld W ♥2 61", "tricks E 300 W 420", "score E 300 W 481")
    assert rules(report(ok)) == []
    bad = ok.replace("W 481", "W 480")
    assert rules(report(bad)) == [("R3", 4)]


def test_r3_sheet_without_trick_points_takes_them_from_the_score():
    rep = report(battle("E", "meld W ♥2 61", "score E 300 W 481"))
    assert rules(rep) == []
    assert (rep.battles[0].east.tricks, rep.battles[0].west.tricks) == (300, 420)


def test_r4a_r4b_sheet_game_totals_dealers_and_ties():
    two = ("[Battles \"2\"]\n\nbattle 1 dealer E\ntricks E 360 W 360\n\n"
           "battle 2 dealer W\ntricks E 300 W 420\n\ngame E 660 W 780\n")
    assert rules(report(two)) == []
    assert rules(report(two.replace("game E 660", "game E 670"))) == [("R4A", 9)]
    assert rules(report(two.replace("battle 2 dealer W", "battle 2 dealer E"))) == [("R4B", 6)]
    tie = two.replace("tricks E 300 W 420", "tricks E 360 W 360").replace(
        "game E 660 W 780", "game E 720 W 720")
    assert [r for r, _ in rules(report(tie))] == ["R4A"]          # two more battles are due
    assert report(tie).expected_battles == 4


# --- the old-time family: the trump, the turned nine, the knock -------------------------------


def test_ot9a_sheet_no_trump_makes_all_melds_right():
    ok = battle("E", "meld E ♥F 150", "meld W ♥M 40", "meld W ♠M 20", "tricks E 120 W 130")
    assert rules(report('[Ruleset "old-time"]\n\n' + ok)) == []
    bad = battle("E", "meld E ♥F 150", "meld W ♠M 40", "tricks E 120 W 130")
    rep = report('[Ruleset "old-time"]\n\n' + bad)
    assert rules(rep) == [("OT9A", 5)]
    assert "needs ♠ as trumps" in rep.findings[-1].message


def test_ot9a_sc_play4_sc_badmeld1_sheet_wrong_value_says_what_it_counts():
    """A wrong value on a sheet, whose trump no upcard gives: without laws it counts its table
    value, and the message says so once; under Scarne's laws it stands as credited (SC-BADMELD1),
    and the message does not say it counts the table's value."""
    lines = ("meld W P 30", "tricks E 130 W 120", "melds E 0 W 30", "score E 130 W 150")
    lawless = report('[Ruleset "old-time"]\n\n' + battle("E", *lines))
    table = next(f for f in lawless.findings if f.rule == "OT9A" and f.line == 4)
    assert table.message == ("P is worth 40 points, not 30 (OT9A); it counts for its table "
                             "value, 40")
    assert lawless.battles[0].west.melds == 40
    laws = report('[Ruleset "scarne"]\n\n' + battle("E", *lines))
    assert rules(laws) == [("SC-PLAY4", 4)]
    assert laws.findings[-1].message == (
        "P is worth 40 points, not 30 (SC-PLAY4); stands: not corrected before the record of "
        "the battle ended (SC-BADMELD1)")
    assert laws.battles[0].west.melds == 30
    married = report('[Ruleset "old-time"]\n\n' + battle("E", "meld W ♦M 2",
                                                           "tricks E 130 W 120"))
    assert married.findings[-1].message.startswith(
        "♦M is worth 20 or 40 points, by the trump suit, which the record does not give, not 2 "
        "(OT9A); it counts for its table value, 20")


def test_ot6b_sheet_turned_nine_bonus_from_the_claims():
    """The dealer's 10 for a turned-up nine is on no meld line: the claims show it."""
    text = battle("E", "meld E ♥M 40", "tricks E 120 W 130", "melds E 50 W 0",
                  "score E 170 W 130")
    rep = report('[Ruleset "old-time"]\n\n' + text)
    assert rules(rep) == []
    assert rep.battles[0].east.melds == 50
    rep = report('[Ruleset "old-time"]\n\n' + text.replace("melds E 50", "melds E 45"))
    assert [r for r, _ in rules(rep)] == ["OT9A", "OT3"]


def test_tp25_sheet_knock_count_from_the_claims():
    text = ('[Ruleset "25-steps"]\n\nbattle 1 dealer E\nmeld E A4 100\nmeld E ♠F 150\n'
            "meld E K4 80\nmeld E P 40\nknock E {count}\ntricks E 200 W 50\n"
            "score E 570 W 50\n")
    rep = report(text.format(count=570))
    assert [f.rule for f in rep.findings if f.severity is not Severity.INFO] == []
    assert any(f.rule == "TP25" for f in rep.findings)          # below the target: a notice
    rep = report(text.format(count=580))
    assert [r for r, _ in rules(rep)] == ["TP25"]


@pytest.mark.parametrize("ruleset", ["east-point", "old-time", "scarne", "25-steps"])
def test_r6_sheet_notice_in_every_two_handed_ruleset(ruleset):
    rep = report(f'[Ruleset "{ruleset}"]\n\nbattle 1 dealer E\nmeld W K4 80\n')
    notices = [f for f in rep.findings if f.severity is Severity.INFO]
    assert "is a score sheet" in notices[0].message
    assert not any("won no trick" in f.message for f in rep.findings)


# --- the partnership game's sheet (double-pack) ----------------------------------------------


DP_SHEET = ('[Ruleset "double-pack"]\n[Result "*"]\n\nbattle 1 dealer N\nbid E 500\npass S\n'
            "pass W\npass N\ntrump ♠\nmeld N 60\nmeld E 100\nmeld S 0\nmeld W 20\n"
            "tricks NS {ns} EW {ew}\n")


def test_dp_deal2_dp_score1_sheet_contract_made_no_stop_finding():
    rep = report(DP_SHEET.format(ns=100, ew=400) + "score NS 160 EW 520\n")
    assert rules(rep) == []
    assert [f.rule for f in rep.findings] == ["DP-DEAL2"]           # the notice
    b = rep.battles[0]
    assert (b.bidder, b.bid, b.trump, b.complete) == ("E", 500, "♠", True)
    assert (b.ns.cards, b.ns.score, b.ew.cards, b.ew.score) == (100, 160, 400, 520)
    assert "clean as far as a score sheet can show" in render_scores(rep)


def test_dp_count1_sheet_card_points_share_the_pack():
    rep = report(DP_SHEET.format(ns=110, ew=400))
    assert rules(rep) == [("DP-COUNT1", 14)]
    assert (rep.findings[-1].claimed, rep.findings[-1].expected) == (510, 500)
    rep = report(DP_SHEET.format(ns=105, ew=395))          # 10-10-10: counts in tens
    assert [r for r, _ in rules(rep)] == ["DP-COUNT1", "DP-COUNT1"]


def test_dp_score2_sheet_contract_set():
    rep = report(DP_SHEET.format(ns=200, ew=300) + "score NS 260 EW -500\n")
    assert rules(rep) == []
    assert (rep.battles[0].ew.made, rep.battles[0].ew.score) == (420, -500)


def test_dp_meld6_sheet_side_without_card_points_scores_no_melds():
    rep = report(DP_SHEET.format(ns=0, ew=500))
    b = rep.battles[0]
    assert (b.ns.counted, b.ns.melds, b.ew.counted, b.ew.melds) == (False, 0, True, 120)


def test_r4a_sheet_trick_points_from_the_running_total():
    """A sheet that keeps only the melds and the running totals (OT2B's score sheet): each
    battle's trick points are its total less the earlier totals and its melds."""
    text = ("battle 1 dealer E\nmeld W ♥2 61\ntotal E 300 W 481\n\n"
            "battle 2 dealer W\nmeld E ♠2 71\ntotal E 671 W 901\n")
    rep = report(text)
    assert rules(rep) == []
    assert [(b.east.tricks, b.west.tricks) for b in rep.battles] == [(300, 420), (300, 420)]
    assert rules(report(text.replace("total E 671", "total E 676"))) == [("R8G", 7)]


def test_r8f_sheet_battle_with_nothing_recorded_is_unfinished():
    rep = report("battle 1 dealer E\n")
    assert rep.battles[0].ended_by is None
    rep = report(battle("E", "tricks E 360 W 360"))
    assert rep.battles[0].ended_by == "R8F"


def test_dp_meld1_sheet_without_trump_counts_declarations_as_declared():
    rep = report(DP_SHEET.format(ns=100, ew=400).replace("trump ♠\n", "")
                 + "score NS 160 EW 520\n")
    assert rules(rep) == []
    b = rep.battles[0]
    assert (b.trump, b.ns.melds, b.ew.melds, b.ew.score) == (None, 60, 120, 520)
    assert "), score sheet" in render_scores(rep)
