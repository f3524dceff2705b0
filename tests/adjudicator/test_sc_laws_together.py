"""Scarne's laws together (spec ../shared/rulesets/scarne-two-handed-turn-up-trump.md §7, §9;
docs/rulings.md "Scarne's two-handed Pinochle", Laws): the misdeals and the dead hand
(SC-MISDEAL0-9), the drawing slips (SC-SLIP1-6, SC-DRAW1-4), incorrect melds (SC-BADMELD1-2), the
renege (SC-RENEGE1-2) and looking at tricks (SC-LOOK1-2) where one law meets another. Whole
records cut from simulated games (test_sc_misdeal's), validated; one through the console
script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.replay import position_at
from pinochle.notation import parse
from pinochle.notation.cards import Seat

from tests.adjudicator.otkit import E, W, east_wins, state
from tests.adjudicator.replaykit import card, kind
from tests.adjudicator.test_sc_misdeal import (LAWS, NO_LAWS_TAGS, deal_of, miscounted,
                                               played_scores, plays_of, record, rules, scores,
                                               spare, two_battles, validate)
from tests.adjudicator.test_sc_renege import phase_2, renege_by_west
from tests.adjudicator.test_sc_slips import void_record

PINOCHLE = str(Path(sys.executable).with_name("pinochle"))


# --- SC-MISDEAL9 + SC-SLIP3/SC-SLIP4: a wrong count nobody misdealt is repaired by the draws ----

def test_SC_MISDEAL9_SC_SLIP3_SC_SLIP4_a_wrong_count_that_stands_is_repaired_by_the_draws():
    """East dealt 13, West 11 (S12): the deal stands at West's first draw; then the long hand
    skips his draw (SC-SLIP3) and the short one draws his own card and the owed one (SC-SLIP4),
    so both hold the regular count."""
    _, first, _ = two_battles()
    report = validate(record(*miscounted(first), *plays_of(first)[:2]))
    found = rules(report)
    assert found[:2] == [("SC-MISDEAL9", Severity.ERROR)] * 2
    assert ("SC-SLIP3", Severity.INFO) in found and ("SC-SLIP4", Severity.INFO) in found
    slip3 = next(f for f in report.findings if f.rule == "SC-SLIP3")
    assert "East holds 1 card too many" in slip3.message and "after trick 1" in slip3.message
    (game,) = parse(record(*miscounted(first), *plays_of(first)[:2])).games
    at = position_at(game, 1, 2, Seat.EAST)    # after trick 2: both hold eleven again
    assert sum(at.concealed) + sum(at.exposed) == 11
    assert sum(position_at(game, 1, 2, Seat.WEST).concealed) + sum(
        position_at(game, 1, 2, Seat.WEST).exposed) == 11


def test_SC_MISDEAL9_SC_SLIP3_a_regular_deal_is_never_repaired_and_without_laws_no_slip():
    """The negative sides: a regular deal has no slip finding; without Scarne's laws a wrong
    count is the deal error only, and nothing is repaired (SC-PLAY8 rules the draws)."""
    _, first, _ = two_battles()
    regular = validate(record(*deal_of(first), *plays_of(first)[:2]))
    assert not any(rule.startswith(("SC-SLIP", "SC-MISDEAL")) for rule, _ in rules(regular))
    plain = validate(record(*miscounted(first), *plays_of(first)[:2], tags=NO_LAWS_TAGS))
    assert not any(rule.startswith("SC-SLIP") for rule, _ in rules(plain))


def test_SC_MISDEAL9_SC_BADMELD2_a_meld_with_the_wrong_count_that_stood_is_improper():
    """West dealt 11 melds after trick 1 holding 10, not 11: the deal stood, so his meld is
    improper (SC-BADMELD2), open to correction; uncorrected it stands, a warning."""
    _, first, _ = two_battles()
    trick1 = plays_of(first)[0]
    assert trick1.split()[3] == "W" and "♣M" in trick1           # West wins and melds
    report = validate(record(*miscounted(first), trick1, "draw W W"))
    assert ("SC-BADMELD2", Severity.WARNING) in rules(report)
    corrected = validate(record(*miscounted(first), trick1, "correct W 1", "draw W W"))
    assert ("SC-BADMELD2", Severity.INFO) in rules(corrected)
    assert ("SC-BADMELD2", Severity.WARNING) not in rules(corrected)


def test_SC_MISDEAL9_SC_BADMELD2_a_misdeal_in_time_makes_trick_1_s_meld_count_for_nothing():
    """The same meld, then a timely misdeal (before West's first draw): the deal is replaced, the
    improper meld of the first deal is neither corrected nor left standing (SC-MISDEAL0)."""
    _, first, second = two_battles()
    report = validate(record(*miscounted(first), plays_of(first)[0], "misdeal count", *second))
    assert rules(report) == [("SC-MISDEAL9", Severity.INFO)]


# --- SC-BADMELD2 + legal_melds: no meld is legal while the count is off ---------------------

def test_SC_BADMELD2_SC_SLIP3_legal_melds_offers_nothing_while_the_count_is_off():
    s = state("A♣ A♣ A♣ K♦ Q♦", "N♣ N♣ N♣ Q♥ K♥", ruleset=LAWS)
    east_wins(s)
    s.finish_turn([E, W, E])                    # East keeps a card more (SC-SLIP2)
    east_wins(s)
    assert s.count_off(E) == 1
    assert s.legal_melds(E) == [] and s.melding_seat is None
    at = s.position(E)
    assert not at.may_meld and at.turn_rule == "SC-BADMELD2"
    assert "holds 5 cards" in at.turn_reason
    s = state("A♣ A♣ A♣ K♦ Q♦", "N♣ N♣ N♣ Q♥ K♥", ruleset=LAWS)
    east_wins(s)                                # the regular count: the marriage is on offer
    assert s.melding_seat is E and kind("♦M") in {v.kind for v in s.legal_melds(E)}
    assert s.position(E).may_meld


def test_SC_BADMELD2_without_the_laws_legal_melds_still_offers_the_melds():
    """Without Scarne's laws a wrong count is an SC-PLAY3 error that does not void the meld
    (docs/rulings.md), so the melds stay on offer."""
    from pinochle.adjudicator.rulesets.scarne import scarne
    s = state("A♣ A♣ A♣ K♦ Q♦", "N♣ N♣ N♣ Q♥ K♥", ruleset=scarne(laws="none"))
    east_wins(s)
    s.finish_turn([E, W, E])
    east_wins(s)
    assert s.melding_seat is E and kind("♦M") in {v.kind for v in s.legal_melds(E)}


def test_SC_BADMELD2_the_melds_question_says_the_player_cannot_meld(tmp_path):
    """``pinochle melds FILE --trick N`` after a kept extra card: West may not meld, SC-BADMELD2."""
    _, first, _ = two_battles()
    plays = plays_of(first)
    trick1, trick2 = plays[0], plays[1]
    assert trick1.split()[3] == "W" and trick2.split()[3] == "W"
    path = tmp_path / "slip.pin"
    path.write_text(record(*deal_of(first), trick1.split(" ♣M")[0], "draw W E", "extradraw W",
                           trick2.split(" dix")[0]), encoding="utf-8")
    out = subprocess.run([PINOCHLE, "melds", str(path), "--battle", "1", "--trick", "2",
                          "--seat", "W"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "SC-BADMELD2" in out.stdout and "cannot meld" in out.stdout


# --- SC-MISDEAL8 / SC-DRAW1: one "counts for nobody" ----------------------------------------

def dead_deal(body: tuple[str, ...]) -> list[str]:
    """The deal with one of East's cards (not played to trick 1) missing: an imperfect pack."""
    east = body[0].split()
    del east[spare(body)]
    return [" ".join(east), *body[1:4]]


def wrong_points(trick: str) -> str:
    """Trick 1 with West's marriage claimed at 30 (SC-PLAY4: wrong points)."""
    assert "♣M 20" in trick
    return trick.replace("♣M 20", "♣M 30")


def test_SC_MISDEAL8_SC_BADMELD1_an_incorrect_meld_pending_in_a_dead_hand_is_moot():
    """The dead hand counts for nobody: West's meld still open to correction is neither
    corrected nor left standing (no SC-BADMELD1 warning), and scores nothing."""
    _, first, _ = two_battles()
    report = validate(record(*dead_deal(first), wrong_points(plays_of(first)[0]), "deadhand"))
    assert rules(report) == [("SC-MISDEAL8", Severity.INFO)]
    assert scores(report) == (0, 0)
    alive = validate(record(*deal_of(first), wrong_points(plays_of(first)[0])))
    assert ("SC-PLAY4", Severity.WARNING) in rules(alive)       # the live hand: it stands


def test_SC_MISDEAL8_SC_BADMELD1_a_correction_before_the_dead_hand_is_made_after_it_ignored():
    _, first, _ = two_battles()
    trick1 = wrong_points(plays_of(first)[0])
    before = validate(record(*dead_deal(first), trick1, "correct W 1", "deadhand"))
    assert rules(before) == [("SC-PLAY4", Severity.INFO), ("SC-MISDEAL8", Severity.INFO)]
    assert scores(before) == (0, 0)
    after = validate(record(*dead_deal(first), trick1, "deadhand", "correct W 1"))
    assert rules(after) == [("SC-MISDEAL8", Severity.INFO), ("SC-MISDEAL8", Severity.ERROR)]
    assert "play stops at the dead hand" in after.findings[1].message


def test_SC_MISDEAL8_SC_LOOK1_a_look_after_the_dead_hand_is_ignored_before_it_a_notice():
    _, first, _ = two_battles()
    plays = plays_of(first)[:3]
    after = validate(record(*dead_deal(first), *plays, "deadhand", "look W"))
    assert rules(after) == [("SC-MISDEAL8", Severity.INFO), ("SC-MISDEAL8", Severity.ERROR)]
    before = validate(record(*dead_deal(first), *plays, "look W", "deadhand"))
    assert rules(before) == [("SC-LOOK1", Severity.INFO), ("SC-MISDEAL8", Severity.INFO)]
    assert scores(before) == (0, 0)


def test_SC_MISDEAL0_SC_BADMELD1_a_misdeal_after_an_incorrect_meld_on_trick_1_voids_it_too():
    """A misdeal in time after trick 1 (its draws not made): the first deal is replaced, so the
    incorrect meld on it is neither corrected nor standing; the second deal counts."""
    _, first, second = two_battles()
    report = validate(record(*deal_of(first), wrong_points(plays_of(first)[0]),
                             "misdeal not-cut", *second))
    assert rules(report) == [("SC-MISDEAL2", Severity.INFO)]
    assert scores(report) == played_scores(second)


def test_SC_MISDEAL8_SC_RENEGE2_a_renege_claimed_in_a_hand_then_dead_counts_for_nobody():
    s = renege_by_west()
    assert s.laws.claim_renege(E)                    # East's valid claim: 250 to 0
    assert s.trick_points(E) == 250
    s.laws.void_hand()                               # then the pack is found imperfect
    assert s.dead and s.counts_for_nobody == "SC-MISDEAL8"
    assert (s.score(E), s.score(W), s.trick_points(E)) == (0, 0, 0)
    s.close()
    assert [f.rule for f in s.findings] == ["SC-RENEGE2"]       # no SC-RENEGE1 warning


def test_SC_MISDEAL8_SC_RENEGE1_an_unclaimed_renege_in_a_dead_hand_is_not_settled():
    s = renege_by_west()
    s.laws.void_hand()
    s.close()
    assert s.findings == []
    s = renege_by_west()                        # the live hand: it stands, a warning
    s.close()
    assert [(f.rule, f.severity) for f in s.findings] == [("SC-RENEGE1", Severity.WARNING)]


def test_SC_DRAW1_SC_RENEGE2_a_renege_claim_in_a_void_deal_is_a_notice_with_no_effect():
    """The void deal (SC-DRAW1) counts for nobody as the dead hand does: a claim there settles
    nothing (it said 'East's trick points are 250' before), and a renege in it is not kept."""
    s = phase_2("K♥ A♠ Q♥", "A♣ N♠ T♠")
    s._count_for_nobody("SC-DRAW1")             # as _void_deal does at the last draw
    assert s.voided and not s.dead
    s.play(E, card("K♥"))
    s.play(W, card("A♣"))                    # a renege (SC-PLAYB2), in a void hand
    assert not s.laws.can_claim_renege(E)
    assert not s.laws.claim_renege(E)
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-RENEGE2", Severity.INFO)
    assert "counts for nobody (SC-DRAW1)" in f.message
    assert f.message.startswith("East claims a renege, but there is no count to settle "
                                "(SC-RENEGE2)")     # the deciding rule first (docs/rulings.md)
    s.close()
    assert [x.rule for x in s.findings] == ["SC-RENEGE2"]


def test_SC_DRAW1_SC_MISDEAL8_the_void_deal_is_replaced_in_the_battle_the_dead_hand_is_not():
    """One mechanism scores both hands 0 (``counts_for_nobody``); only the void deal is dealt
    again in the same battle (a new deal line replaces it), the dead hand ends the battle."""
    text = void_record()
    report = validate(text)
    assert [r for r, sev in rules(report) if sev is not Severity.INFO] == ["SC-DRAW1"]
    assert sum(scores(report)) > 0              # the replayed hand counts
    _, first, second = two_battles()
    dead = validate(record(*dead_deal(first), plays_of(first)[0], "deadhand", *second[:4]))
    assert rules(dead) == [("SC-MISDEAL8", Severity.INFO), ("SC-MISDEAL8", Severity.ERROR)]
    assert scores(dead) == (0, 0) and dead.battles[0].ended_by == "SC-MISDEAL8"


# --- the timeline: every law statement is a step ------------------------------------------------

def test_SC_BADMELD1_SC_LOOK1_SC_MISDEAL8_the_timeline_shows_correct_look_and_deadhand_steps():
    from pinochle.adjudicator.report.timeline import build_timeline
    _, first, _ = two_battles()
    plays = plays_of(first)
    (game,) = build_timeline(record(*dead_deal(first), wrong_points(plays[0]), "correct W 1",
                                    *plays[1:3], "look W", "deadhand")).games
    kinds = [step.kind for step in game.steps]
    assert kinds[:2] == ["deal", "trick"]
    assert kinds.index("correct") < kinds.index("look") < kinds.index("deadhand")
    correct = game.steps[kinds.index("correct")]
    assert correct.label == "West's meld after trick 1 is corrected" and correct.line == 12
    assert game.steps[kinds.index("look")].label == "West looks through his won tricks"


def test_SC_DRAW1_the_timeline_shows_the_void_deal_after_its_draws_then_the_new_deal():
    from pinochle.adjudicator.report.timeline import build_timeline
    (game,) = build_timeline(void_record()).games
    kinds = [step.kind for step in game.steps]
    at = kinds.index("void")
    assert kinds[at - 1] == "draw" and kinds.count("void") == 1
    assert kinds[at + 1:].count("deal") == 1
    assert "deals again" in game.steps[at + 1 + kinds[at + 1:].index("deal")].label


# --- through the console script -----------------------------------------------------------------

def test_SC_MISDEAL8_SC_BADMELD1_SC_MISDEAL9_SC_SLIP3_pinochle_validate_console_script(tmp_path):
    """``pinochle validate``: the dead hand with West's meld pending says only the notice (exit
    0, no SC-PLAY4 line); the wrong count that stands is an error (exit 1) whose draws after
    trick 1 are repaired (SC-SLIP3, SC-SLIP4 notices)."""
    _, first, _ = two_battles()
    dead = tmp_path / "dead.pin"
    dead.write_text(record(*dead_deal(first), wrong_points(plays_of(first)[0]), "deadhand"),
                    encoding="utf-8")
    out = subprocess.run([PINOCHLE, "validate", str(dead)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    # (a finding line names its rule after the place: "dead.pin:12:1: SC-MISDEAL8 ...")
    assert ": SC-MISDEAL8 " in out.stdout and ": SC-PLAY4 " not in out.stdout
    counted = tmp_path / "count.pin"
    counted.write_text(record(*miscounted(first), *plays_of(first)[:2]), encoding="utf-8")
    out = subprocess.run([PINOCHLE, "validate", str(counted)], capture_output=True, text=True)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "SC-MISDEAL9" in out.stdout
    assert "SC-SLIP3" in out.stdout and "SC-SLIP4" in out.stdout


def test_SC_DRAW1_SC_BADMELD1_a_meld_pending_when_the_deal_is_void_is_moot():
    """East's marriage claimed at 30 is open to correction until the last stock draw; that
    draw voids the deal (SC-DRAW1), so it is moot, not a warning that it stands."""
    from tests.adjudicator.test_sc_slips import last_draw
    s = last_draw()
    s.meld(E, kind("♦M"), 30)
    s.finish_turn([E, E])                       # East takes the upcard too: void
    s.close()
    assert [(f.rule, f.severity) for f in s.findings] == [("SC-DRAW1", Severity.ERROR)]
    assert [m.status for m in s.melds] == ["moot"] and s.meld_points(E) == 0
    s = last_draw()                             # the regular last draw: it stands, a warning
    s.meld(E, kind("♦M"), 30)
    s.finish_turn()
    assert {(f.rule, f.severity) for f in s.findings} == {("SC-PLAY4", Severity.WARNING)}
    assert [m.status for m in s.melds] == ["stood"]
