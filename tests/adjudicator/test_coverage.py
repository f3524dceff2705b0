"""What a report says it checked: every game report lists the rules the
record let the referee check (``checked``) and the others with the reason (``not_checked``),
in JSON and in text (``adjudicator/report/coverage.py``; docs/rulings.md, "What a report says it
checked")."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.adjudicator.rulesets import RULESET_NAMES, ruleset_from_tags
from pinochle.adjudicator.report.coverage import battle_parts, coverage, rule_needs
from pinochle.adjudicator.report.validation import GameReport, render_scores, validate_game
from pinochle.notation import parse

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "corpus" / "games"


def report(text: str):
    game = parse(text).games[0]
    return validate_game(game, "t.pin")


def reasons(rep) -> dict[str, str]:
    return {m.rule: m.reason for m in rep.not_checked}


SHEET = """[Event "sheet"]
[Battles "2"]

battle 1 dealer E
meld W ♥2 61
tricks E 230 W 490
score E 230 W 551

battle 2 dealer W
meld E ♠2 71
tricks E 270 W 450
score E 341 W 450
"""


def test_r2a4_r9c_r8a_checked_in_a_full_record_nothing_left_out():
    """A record with the deal, the tricks and the claims lets every rule be checked."""
    rep = validate_game(parse((GAMES / "club-night.pin").read_text("utf-8")).games[0])
    assert rep.not_checked == []
    assert {"R2A4", "R3", "R4A", "R4B", "R8A", "R8B", "R8D", "R8G", "R9A", "R9C", "R9E",
            "R9F", "R9G"} <= set(rep.checked)
    text = render_scores(rep)
    assert "\n  not checked: none" in text
    assert "\n  checked: R2A4 R3 R4A" in text


def test_r6_r8_sheet_lacks_the_deal_and_the_tricks_r9a_r3_checked():
    rep = report(SHEET)
    assert isinstance(rep, GameReport)
    why = reasons(rep)
    assert why["R6B"] == "no deal in battles 1-2"
    assert why["R8"] == "no tricks in battles 1-2"
    assert why["R8A"] == "no deal, no tricks in battles 1-2"
    assert why["R8D"] == "no tricks in battles 1-2"
    assert {"R3", "R4A", "R4B", "R8G", "R9A", "R9B1", "R9E", "R9F"} == set(rep.checked)
    assert not set(rep.checked) & set(why)


def test_r6_sheet_clean_as_far_as_a_score_sheet_can_show():
    rep = report(SHEET)
    assert rep.counts.errors == rep.counts.warnings == 0, rep.findings
    lines = render_scores(rep).splitlines()
    assert lines[-2] == ("  checked (clean as far as a score sheet can show): R3 R4A R4B R8G R9A "
                         "R9B1 R9E R9F")
    assert lines[-1].startswith("  not checked: R2A4 R6 R6B R6C R7B2 R9C (no deal in battles "
                                "1-2); R5 R8 R8D (no tricks in battles 1-2)")


def test_r3_faulty_sheet_is_not_called_clean():
    rep = report(SHEET.replace("score E 230 W 551", "score E 230 W 550"))
    assert rep.counts.errors
    assert "clean" not in render_scores(rep)


def test_r6_deal_missing_in_one_battle_names_that_battle():
    text = (GAMES / "club-night.pin").read_text("utf-8")
    lines = text.splitlines()
    start = lines.index("battle 2 dealer W")
    del lines[start + 1:start + 4]           # battle 2's E:, W:, stock: lines
    rep = report("\n".join(lines) + "\n")
    why = reasons(rep)
    assert why["R6B"] == "no deal in battle 2"
    assert why["R9D"] == "no deal in battle 2"
    # the public cards check these without the deal (publiccards.py)
    assert {"R2A4", "R8A", "R8B", "R8F", "R9C", "R9G"} <= set(rep.checked)
    assert "R8" in rep.checked and "R8D" in rep.checked
    assert render_scores(rep).splitlines()[-2].startswith(
        "  checked (clean as far as the record shows): R2A4 R3 R4A R4B R5 R8 R8A R8B R8D")


def test_r3_no_claims_leaves_the_score_rule_unchecked():
    rep = report("battle 1 dealer E\nmeld W ♥2 61\n")
    assert reasons(rep)["R3"] == "no claimed totals in battle 1"
    assert reasons(rep)["R8G"] == "no tricks in battle 1"


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_r9a_every_ruleset_id_has_its_needs(name):
    """Every rule id a ruleset cites for an engine check is in the table, R9A's (the meld
    table) always checked, the deal's rules not without a deal."""
    ruleset = ruleset_from_tags({"Ruleset": name})
    needs = rule_needs(ruleset)
    ids = {v for k, v in ruleset.ids._asdict().items() if v and not k.startswith("ex_")}
    assert ids <= set(needs)
    assert any(not alt for alt in needs[ruleset.ids.table])
    assert all(alt for alt in needs[ruleset.ids.pack])


def test_ot9g_reuse_by_copy_needs_the_deal_r9f_by_combination_does_not():
    ot = report('[Ruleset "old-time"]\n\nbattle 1 dealer E\nmeld W ♥M 40\n')
    assert reasons(ot)["OT9G"] == "no deal in battle 1"
    ep = report(SHEET)
    assert "R9F" in ep.checked


def test_dp_bid9_thrown_in_hands_lack_nothing():
    rep = validate_game(parse((GAMES / "double-pack-evening.pin").read_text("utf-8")).games[0])
    assert rep.not_checked == []
    battle = parse((GAMES / "double-pack-evening.pin").read_text("utf-8")).games[0].battles[1]
    assert {"tricks", "claims", "auction", "deal"} <= battle_parts(battle)


def test_dp_meld1_partnership_sheet_lists_its_unchecked_rules():
    rep = report('[Ruleset "double-pack"]\n\nbattle 1 dealer N\nbid E 500\npass S\npass W\n'
                 'pass N\ntrump ♠\nmeld E 100\n')
    why = reasons(rep)
    assert {"DP-BID1", "DP-BID3", "DP-DEAL3", "DP-GAME"} <= set(rep.checked)
    assert why["DP-PLAY1"] == "no tricks in battle 1"
    assert why["DP-PACK"] == "no deal in battle 1"
    assert why["DP-MELD5"] == "no deal in battle 1"


def test_r4a_unknown_ruleset_lists_nothing():
    game = parse('[Ruleset "bezique"]\n\nbattle 1 dealer E\n').games[0]
    assert coverage(game, None) == ([], [])
    rep = validate_game(game)
    assert rep.checked == [] and rep.not_checked == []


def test_r6_json_has_checked_and_not_checked():
    data = report(SHEET).model_dump(mode="json")
    assert data["checked"][:3] == ["R3", "R4A", "R4B"]
    assert {"rule": "R6B", "reason": "no deal in battles 1-2"} in data["not_checked"]


def test_dp_bid9_thrown_in_after_announcements_only_lacks_nothing():
    """Announcements before any bid are information (DP-BID4): four calls with no bid throw the
    hands in, and the battle lacks no part."""
    text = ('[Ruleset "double-pack"]\n\nbattle 1 dealer E\npass S\nannounce W 90\npass N\n'
            "announce E 120\n")
    battle = parse(text).games[0].battles[0]
    assert {"tricks", "claims"} <= battle_parts(battle)
    with_deal = (GAMES / "double-pack-evening.pin").read_text("utf-8")
    changed = with_deal.replace("pass W\npass N\npass E ;", "announce W 90\npass N\npass E ;")
    assert changed != with_deal
    rep = validate_game(parse(changed).games[0])
    assert rep.battles[1].thrown_in and rep.not_checked == []
