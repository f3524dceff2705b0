"""Scarne's misdeal laws (spec ../shared/rulesets/scarne-two-handed-turn-up-trump.md §7.2,
SC-MISDEAL0-9, rulings S12-S14; docs/rulings.md "Scarne's two-handed Pinochle", Misdeals):
with ``Laws "scarne"`` a misdeal called before the nondealer's first draw from the stock is
redealt by the same dealer in the same battle; later the deal stands (a face-up card is then
taken by the next draw); an imperfect pack is a dead hand; a player's own cards shown stay
concealed. Whole records are cut from simulated games (the same dealer in both)."""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.laws.policy import EAST_POINT_LAWS, NO_LAWS, SCARNE_LAWS
from pinochle.adjudicator.laws.misdeals import pack_faults
from pinochle.adjudicator.report.validation import GameReport, validate_game
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.adjudicator.report.timeline import build_timeline
from pinochle.notation import parse
from pinochle.notation.cards import Seat
from pinochle.notation.writer import dumps
from pinochle.simulator.simulate import Settings, simulate_game

from tests.adjudicator.otkit import E, W, card, cards, count, east_wins, state
from tests.adjudicator.replaykit import kind

LAWS = scarne(laws="scarne")
TAGS = ('[Ruleset "scarne"]\n[Laws "scarne"]\n[GameEnd "single-hand"]\n'
        '[Result "*"]\n\n')
NO_LAWS_TAGS = '[Ruleset "scarne"]\n[Laws "none"]\n[GameEnd "single-hand"]\n[Result "*"]\n\n'


# --- records cut from simulated battles ---------------------------------------------------------

@cache
def simulated(seed: int) -> tuple[str, tuple[str, ...]]:
    """Battle 1 of a simulated single-hand Scarne game (Laws "scarne"): its header line and its
    statements (four deal lines, 24 tricks, four claims)."""
    ruleset = ruleset_from_tags({"Ruleset": "scarne", "Laws": "scarne",
                                 "GameEnd": "single-hand"})
    text = dumps(simulate_game(seed, Settings(ruleset=ruleset)).game)
    lines = text[text.index("battle 1"):].split("\nbattle 2")[0].splitlines()
    return lines[0], tuple(line for line in lines[1:] if line)


@cache
def two_battles() -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Two simulated battles with the same dealer: (header, first, second)."""
    first = simulated(1)
    second = next(simulated(seed) for seed in range(2, 40) if simulated(seed)[0] == first[0])
    return first[0], first[1], second[1]


def deal_of(body: tuple[str, ...]) -> list[str]:
    return list(body[:4])


def plays_of(body: tuple[str, ...]) -> list[str]:
    """The tricks (no claims)."""
    return [line for line in body[4:] if line[0].isdigit()]


def record(*lines: str, tags: str = TAGS) -> str:
    header = two_battles()[0]
    return tags + header + "\n" + "\n".join(lines) + "\n"


def validate(text: str) -> GameReport:
    (game,) = parse(text).games
    return validate_game(game)


def rules(report: GameReport) -> list[tuple[str, Severity]]:
    return [(f.rule, f.severity) for f in report.findings]


def scores(report: GameReport) -> tuple[int, int]:
    [battle] = report.battles
    return battle.east.score, battle.west.score


def played_scores(body: tuple[str, ...]) -> tuple[int, int]:
    """The battle's scores as its own claim line states them (the simulator counts right)."""
    [line] = [line for line in body if line.startswith("score")]
    words = line.split()
    return int(words[2]), int(words[4])


def trick_1_draws(body: tuple[str, ...]) -> str:
    """The draws after trick 1 as a statement: the winner, then the loser."""
    winner = plays_of(body)[0].split()[3]
    return f"draw {winner} {'W' if winner == 'E' else 'E'}"


def nondealer_drew(body: tuple[str, ...]) -> str:
    """Trick 1 then its draws: the nondealer has drawn from the stock."""
    return plays_of(body)[0] + "\n" + trick_1_draws(body)


# --- the policy ---------------------------------------------------------------------------------

def test_SC_MISDEAL0_Laws_scarne_holds_the_misdeal_law_the_others_none():
    law = SCARNE_LAWS.misdeals
    assert law is not None and LAWS.laws is SCARNE_LAWS
    assert {"misdeal", "deadhand", "exposure"} <= SCARNE_LAWS.statements
    assert law.redeal == SCARNE_LAWS.redeal_rule == "SC-MISDEAL0"
    assert [law.rule(r) for r in ("cut-exposed", "not-cut", "faceup", "dealer-exposed",
                                  "count")] == ["SC-MISDEAL1", "SC-MISDEAL2", "SC-MISDEAL3",
                                                "SC-MISDEAL5", "SC-MISDEAL9"]
    assert NO_LAWS.misdeals is None and EAST_POINT_LAWS.misdeals is None
    assert scarne(laws="none").laws.misdeals is None


def test_SC_MISDEAL2_the_deadline_is_the_nondealers_first_draw():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)      # West deals: East is the nondealer
    assert s.laws.before_first_draw()
    east_wins(s)                                    # trick 1 gathered, its draws not made
    assert s.laws.before_first_draw()
    s.finish_turn()                                 # East draws (the nondealer), then West
    assert not s.laws.before_first_draw()


# --- SC-MISDEAL0: the redeal --------------------------------------------------------------------

def test_SC_MISDEAL0_a_timely_misdeal_is_redealt_by_the_same_dealer_in_the_same_battle():
    _, first, second = two_battles()
    text = record(*deal_of(first), plays_of(first)[0], "misdeal not-cut", *second)
    report = validate(text)
    assert rules(report) == [("SC-MISDEAL2", Severity.INFO)]
    assert "deals again (SC-MISDEAL0)" in report.findings[0].message
    assert len(report.battles) == 1 and scores(report) == played_scores(second)


def test_SC_MISDEAL0_a_timely_misdeal_with_no_new_deal_is_a_warning_and_play_goes_on():
    _, first, _ = two_battles()
    report = validate(record(*deal_of(first), plays_of(first)[0], "misdeal not-cut",
                             *first[5:]))
    assert rules(report) == [("SC-MISDEAL2", Severity.INFO), ("SC-MISDEAL0", Severity.WARNING)]
    assert scores(report) == played_scores(first)


def test_SC_MISDEAL0_a_new_deal_with_no_misdeal_called_is_a_warning():
    _, first, second = two_battles()
    report = validate(record(*deal_of(first), *second))
    assert rules(report) == [("SC-MISDEAL0", Severity.WARNING)]
    assert "without a misdeal called" in report.findings[0].message
    assert scores(report) == played_scores(second)


def test_SC_MISDEAL0_without_Scarnes_laws_a_misdeal_is_reported_and_ignored():
    _, first, second = two_battles()
    report = validate(record(*deal_of(first), plays_of(first)[0], "misdeal not-cut",
                             *second, tags=NO_LAWS_TAGS))
    found = rules(report)
    assert ("Laws", Severity.WARNING) in found
    assert not any(rule.startswith("SC-MISDEAL") for rule, _ in found)
    # the second deal is not a redeal: a deal in the middle of the battle, ignored
    assert ("SC-OBJ", Severity.ERROR) in found


# --- SC-MISDEAL1, 2, 3, 5: the misdeals and their deadline ---------------------------------------

TIMELY = {"cut-exposed": "SC-MISDEAL1", "not-cut": "SC-MISDEAL2", "faceup": "SC-MISDEAL3",
          "dealer-exposed": "SC-MISDEAL5"}


@pytest.mark.parametrize("reason", sorted(TIMELY))
@pytest.mark.parametrize("after_trick_1", [False, True])
def test_SC_MISDEAL1_2_3_5_a_misdeal_before_the_nondealers_first_draw_is_redealt(
        reason: str, after_trick_1: bool) -> None:
    _, first, second = two_battles()
    before = [plays_of(first)[0]] if after_trick_1 else []
    report = validate(record(*deal_of(first), *before, f"misdeal {reason}", *second))
    assert rules(report) == [(TIMELY[reason], Severity.INFO)]
    assert scores(report) == played_scores(second)


@pytest.mark.parametrize("reason", ["cut-exposed", "not-cut", "dealer-exposed"])
@pytest.mark.parametrize("late", ["drawn", "trick 2"])
def test_SC_MISDEAL1_2_5_after_the_nondealers_first_draw_the_deal_stands_an_error(
        reason: str, late: str) -> None:
    _, first, _ = two_battles()
    plays = plays_of(first)
    at = nondealer_drew(first) if late == "drawn" else plays[0] + "\n" + plays[1]
    rest = plays[1:] if late == "drawn" else plays[2:]
    report = validate(record(*deal_of(first), at, f"misdeal {reason}", *rest))
    assert rules(report) == [(TIMELY[reason], Severity.ERROR)]
    assert "too late, the deal stands" in report.findings[0].message
    assert scores(report) == played_scores(first)


# --- SC-MISDEAL4: a face-up card found after the deadline ---------------------------------------

def test_SC_MISDEAL4_a_late_face_up_card_is_the_next_card_drawn():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)
    east_wins(s)
    s.finish_turn()                            # East (nondealer) drew J♦, West J♦
    assert s.stock()[:3] == cards("T♦ T♦ A♦")
    assert not s.laws.misdeal("faceup", card("A♦"))   # no misdeal: the card is taken instead
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-MISDEAL4", Severity.INFO)
    assert s.stock()[:3] == cards("A♦ T♦ T♦")     # the face-up card is drawn next
    east_wins(s, "K♦", "Q♦")                    # East wins trick 2 and draws it
    s.finish_turn()
    assert count(s.concealed(E), "A♦") == 1 and count(s.concealed(W), "A♦") == 0


def test_SC_MISDEAL3_a_face_up_card_before_the_deadline_is_a_misdeal_not_taken():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)
    east_wins(s)
    stock = s.stock()
    assert s.laws.misdeal("faceup", card("A♦"))
    assert [(f.rule, f.severity) for f in s.findings] == [("SC-MISDEAL3", Severity.INFO)]
    assert s.stock() == stock


def test_SC_MISDEAL4_a_face_up_card_not_in_the_stock_is_an_error_with_no_effect():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)
    east_wins(s)
    s.finish_turn()
    stock = s.stock()
    s.laws.misdeal("faceup", card("K♠"))
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-MISDEAL4", Severity.ERROR) and s.stock() == stock


def test_SC_MISDEAL4_in_a_record_the_face_up_card_named_goes_to_the_next_draw():
    _, first, _ = two_battles()
    plays = plays_of(first)
    top = first[2].split()[1:][2]           # after trick 1's draws, the stock's top card
    report = validate(record(*deal_of(first), plays[0], plays[1], f"misdeal faceup {top}",
                             *plays[2:]))
    assert rules(report) == [("SC-MISDEAL4", Severity.INFO)]
    assert scores(report) == played_scores(first)


def test_SC_MISDEAL4_a_late_face_up_card_not_named_leaves_the_stock_as_dealt():
    _, first, _ = two_battles()
    plays = plays_of(first)
    report = validate(record(*deal_of(first), nondealer_drew(first), "misdeal faceup",
                             *plays[1:]))
    assert rules(report) == [("SC-MISDEAL4", Severity.INFO)]
    assert "does not name the card" in report.findings[0].message


# --- SC-MISDEAL5-7: a player's own cards exposed --------------------------------------------------

@pytest.mark.parametrize("seat, on_deal, rule", [(W, True, "SC-MISDEAL5"),
                                                  (E, True, "SC-MISDEAL6"),
                                                  (E, False, "SC-MISDEAL7"),
                                                  (W, False, "SC-MISDEAL7")])
def test_SC_MISDEAL5_6_7_own_cards_exposed_are_no_misdeal_and_stay_concealed(
        seat: Seat, on_deal: bool, rule: str) -> None:
    s = state("A♣ K♥ Q♥ K♦", "N♣ Q♦ J♦", ruleset=LAWS)    # West deals
    if not on_deal:
        east_wins(s)
    shown = cards("Q♦") if seat is W else cards("K♥ Q♥")
    concealed = s.concealed(seat)
    s.laws.expose_own(seat, shown)
    [f] = s.findings
    assert (f.rule, f.severity) == (rule, Severity.INFO) and "no penalty" in f.message
    assert s.concealed(seat) == concealed and not any(s.exposed(seat))


def test_SC_MISDEAL7_cards_shown_in_play_still_count_as_concealed_for_a_meld():
    s = state("A♣ K♥ Q♥ K♦", "N♣ Q♦ J♦", upcard="N♠", ruleset=LAWS)
    east_wins(s)
    s.laws.expose_own(E, cards("K♥ Q♥"))
    s.meld(E, kind("♥M"), 20)
    assert s.meld_points(E) == 20
    assert [f.rule for f in s.findings] == ["SC-MISDEAL7"]      # the meld is legal


def test_SC_MISDEAL7_a_card_not_in_the_hand_cannot_be_exposed():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)
    s.laws.expose_own(E, cards("Q♠"))            # nothing is shown: the error only
    assert [(f.rule, f.severity) for f in s.findings] == [("SC-MISDEAL6", Severity.ERROR)]
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)
    s.laws.expose_own(E, cards("Q♠ K♦"))         # the card he holds is shown
    assert [(f.rule, f.severity) for f in s.findings] == [("SC-MISDEAL6", Severity.ERROR),
                                                          ("SC-MISDEAL6", Severity.INFO)]
    assert "his own K♦" in s.findings[1].message and "Q♠" not in s.findings[1].message


def test_SC_MISDEAL6_expose_in_a_record_is_a_notice_and_without_the_laws_ignored():
    _, first, _ = two_battles()
    nondealer = "W" if two_battles()[0].endswith("E") else "E"
    own = first[0 if nondealer == "E" else 1].split()[1]
    lines = (*deal_of(first), f"expose {nondealer} {own}", *first[4:])
    report = validate(record(*lines))
    assert rules(report) == [("SC-MISDEAL6", Severity.INFO)]
    assert scores(report) == played_scores(first)
    lawless = validate(record(*lines, tags=NO_LAWS_TAGS))
    assert rules(lawless) == [("Laws", Severity.WARNING)]


# --- SC-MISDEAL8: the dead hand -----------------------------------------------------------------

def spare(body: tuple[str, ...]) -> int:
    """The place on East's deal line of a card he does not play to trick 1 (not his first)."""
    east, trick = body[0].split(), plays_of(body)[0].split()[1:3]
    return next(i for i in range(len(east) - 1, 1, -1) if east[i] not in trick)


def imperfect(body: tuple[str, ...]) -> list[str]:
    """The deal with one of East's cards (not played to trick 1) replaced by his first: a face
    one copy over, another missing."""
    east = body[0].split()
    east[spare(body)] = east[1]
    return [" ".join(east), *body[1:4]]


def test_SC_MISDEAL8_the_referee_finds_an_imperfect_pack_from_the_deal_the_hand_is_dead():
    _, first, _ = two_battles()
    report = validate(record(*imperfect(first), *plays_of(first)))
    assert rules(report) == [("SC-MISDEAL8", Severity.ERROR)]
    [f] = report.findings
    assert f.line == 7 and "dealt 3 times" in f.message and "lacks" in f.message
    assert scores(report) == (0, 0) and report.battles[0].ended_by == "SC-MISDEAL8"


def test_SC_MISDEAL8_a_dead_hand_counts_for_nobody_earlier_hands_stand():
    header, first, second = two_battles()
    other = "battle 2 dealer " + ("W" if header.endswith("E") else "E")
    tags = TAGS.replace('[GameEnd "single-hand"]\n', "")
    text = (tags + header + "\n" + "\n".join(first[:-1]) + "\n" + other + "\n"
            + "\n".join(imperfect(second)) + "\n" + "\n".join(plays_of(second)) + "\n")
    report = validate(text)
    assert rules(report) == [("SC-MISDEAL8", Severity.ERROR)]
    first_scores = played_scores(first)
    assert (report.battles[0].east.score, report.battles[0].west.score) == first_scores
    assert (report.battles[1].east.score, report.battles[1].west.score) == (0, 0)
    assert (report.east, report.west) == first_scores


def test_SC_MISDEAL8_in_a_single_hand_game_the_dead_hand_is_a_tie_another_hand_follows():
    header, first, _ = two_battles()
    other = next(simulated(seed) for seed in range(2, 60) if simulated(seed)[0] != header)
    east, west = played_scores(other[1])
    tags = TAGS.replace('[Result "*"]', f'[Result "{east}-{west}"]')
    text = (tags + header + "\n" + "\n".join([*imperfect(first), *plays_of(first)]) + "\n"
            + other[0].replace("battle 1", "battle 2") + "\n" + "\n".join(other[1]) + "\n")
    report = validate(text)
    assert rules(report) == [("SC-MISDEAL8", Severity.ERROR)]
    assert report.expected_battles == 2 and (report.east, report.west) == (east, west)


def test_SC_MISDEAL8_deadhand_in_a_battle_whose_deal_is_omitted_is_taken_as_found():
    s = BattleState.without_deal(LAWS, W)
    assert s.laws.dead_hand(None) and s.dead and s.is_over
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-MISDEAL8", Severity.INFO) and "omits the deal" in f.message
    assert (s.score(E), s.score(W)) == (0, 0)


def test_SC_MISDEAL8_deadhand_stops_play_a_notice_and_what_follows_is_ignored():
    _, first, _ = two_battles()
    plays = plays_of(first)
    # A missing card (East's hand one short) the players find after trick 1's draws.
    east = first[0].split()
    del east[spare(first)]
    deal = [" ".join(east), *first[1:4]]
    text = record(*deal, nondealer_drew(first), "deadhand", plays[1], "score E 0 W 0")
    report = validate(text)
    assert rules(report) == [("SC-MISDEAL8", Severity.INFO), ("SC-MISDEAL8", Severity.ERROR)]
    assert "play stops" in report.findings[0].message
    assert "ignored" in report.findings[1].message and report.findings[1].line == 14
    assert scores(report) == (0, 0)         # the claim 0 0 agrees: no miscount


def test_SC_MISDEAL8_deadhand_with_a_perfect_pack_is_an_error_with_no_effect():
    _, first, _ = two_battles()
    report = validate(record(*deal_of(first), nondealer_drew(first), "deadhand",
                             *plays_of(first)[1:]))
    assert rules(report) == [("SC-MISDEAL8", Severity.ERROR)]
    assert "no dead hand" in report.findings[0].message
    assert scores(report) == played_scores(first)


def test_SC_MISDEAL8_without_Scarnes_laws_an_imperfect_pack_is_the_deal_error_as_before():
    _, first, _ = two_battles()
    report = validate(record(*imperfect(first), tags=NO_LAWS_TAGS))
    found = {rule for rule, _ in rules(report)}
    assert "SC-REQ2" in found and not any(r.startswith("SC-MISDEAL") for r in found)


def test_SC_MISDEAL8_pack_faults_reads_the_deal():
    _, first, _ = two_battles()
    (game,) = parse(record(*deal_of(first))).games
    deal = game.battles[0].events[0]
    assert pack_faults(LAWS, deal) is None
    (game,) = parse(record(*imperfect(first))).games
    faults = pack_faults(LAWS, game.battles[0].events[0])
    assert faults is not None and len(faults.extra) == 1 and len(faults.missing) == 1


# --- SC-MISDEAL9: a wrong count ---------------------------------------------------------------

def miscounted(body: tuple[str, ...]) -> list[str]:
    """One of West's cards (not played to trick 1) dealt to East: 13 and 11, the pack
    perfect."""
    east, west = body[0].split(), body[1].split()
    trick = plays_of(body)[0].split()[1:3]
    moved = next(i for i in range(len(west) - 1, 0, -1) if west[i] not in trick)
    return [" ".join(east + [west[moved]]), " ".join(west[:moved] + west[moved + 1:]),
            *body[2:4]]


@pytest.mark.parametrize("after_trick_1", [False, True])
def test_SC_MISDEAL9_a_wrong_count_misdealt_in_time_is_redealt(after_trick_1: bool) -> None:
    _, first, second = two_battles()
    before = plays_of(first)[:1] if after_trick_1 else []
    report = validate(record(*miscounted(first), *before, "misdeal count", *second))
    assert rules(report) == [("SC-MISDEAL9", Severity.INFO)]
    assert "East 13, West 11" in report.findings[0].message
    assert scores(report) == played_scores(second)


def test_SC_MISDEAL9_a_wrong_count_with_no_misdeal_is_an_error_once_the_nondealer_draws():
    _, first, _ = two_battles()
    report = validate(record(*miscounted(first), nondealer_drew(first)))
    assert rules(report)[:2] == [("SC-MISDEAL9", Severity.ERROR)] * 2
    assert not any(rule == "SC-DEAL" for rule, _ in rules(report))
    assert {f.line for f in report.findings[:2]} == {7, 8}      # the two hands' lines
    assert "SC-SLIP3" in report.findings[0].message


def test_SC_MISDEAL9_a_late_misdeal_for_a_wrong_count_is_an_error_the_deal_stands():
    _, first, _ = two_battles()
    report = validate(record(*miscounted(first), nondealer_drew(first), "misdeal count"))
    found = rules(report)
    assert found.count(("SC-MISDEAL9", Severity.ERROR)) == 3
    assert any("too late" in f.message for f in report.findings)


def test_SC_MISDEAL9_a_misdeal_for_a_wrong_count_on_a_regular_deal_is_an_error():
    _, first, _ = two_battles()
    report = validate(record(*deal_of(first), "misdeal count", *first[4:]))
    assert rules(report) == [("SC-MISDEAL9", Severity.ERROR)]
    assert "no misdeal" in report.findings[0].message
    assert scores(report) == played_scores(first)


def test_SC_MISDEAL9_without_Scarnes_laws_a_wrong_count_is_the_deal_error_as_before():
    _, first, _ = two_battles()
    report = validate(record(*miscounted(first), tags=NO_LAWS_TAGS))
    assert [rule for rule, _ in rules(report)] == ["SC-DEAL", "SC-DEAL"]


# --- the timeline and the console script ----------------------------------------------------------

def test_SC_MISDEAL0_SC_MISDEAL8_the_timeline_shows_misdeals_and_dead_hands_as_steps():
    _, first, second = two_battles()
    (game,) = build_timeline(record(*deal_of(first), plays_of(first)[0], "misdeal not-cut",
                                    *second)).games
    kinds = [step.kind for step in game.steps]
    at = kinds.index("misdeal")
    assert kinds[:2] == ["deal", "trick"] and kinds[at + 1] == "deal"
    assert "deals again" in game.steps[at + 1].label and len(game.battles) == 1
    assert game.steps[at].findings == [0]
    (dead,) = build_timeline(record(*imperfect(first), *plays_of(first))).games
    assert [step.kind for step in dead.steps] == ["deal", "deadhand", "end"]
    assert [h.score for h in dead.steps[-1].hands] == [0, 0]


def test_SC_MISDEAL2_SC_MISDEAL8_pinochle_validate_through_the_console_script(tmp_path):
    """``pinochle validate`` as a person runs it: a timely misdeal is a notice (exit 0); the
    referee's own discovery of an imperfect pack an error (exit 1)."""
    script = str(Path(sys.executable).with_name("pinochle"))
    _, first, second = two_battles()
    texts = {"misdeal": record(*deal_of(first), "misdeal not-cut", *second),
             "dead": record(*imperfect(first), *plays_of(first))}
    runs = {}
    for name, text in texts.items():
        path = tmp_path / f"{name}.pin"
        path.write_text(text, encoding="utf-8")
        runs[name] = subprocess.run([script, "validate", str(path)], capture_output=True,
                                    text=True, timeout=120)
    assert runs["misdeal"].returncode == 0 and "SC-MISDEAL2" in runs["misdeal"].stdout
    assert runs["dead"].returncode == 1 and "SC-MISDEAL8" in runs["dead"].stdout
    assert "ended by SC-MISDEAL8" in runs["dead"].stdout
    assert "Traceback" not in runs["misdeal"].stderr + runs["dead"].stderr
