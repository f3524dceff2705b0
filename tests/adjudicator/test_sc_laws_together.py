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

from pinochle.adjudicator.findings import Severity
from pinochle.adjudicator.replay import position_at
from pinochle.notation import parse
from pinochle.notation.cards import Seat

from otkit import E, W, east_wins, state
from replaykit import kind
from test_sc_misdeal import (LAWS, NO_LAWS_TAGS, deal_of, miscounted, plays_of, record, rules,
                             two_battles, validate)

PINOCHLE = str(Path(sys.executable).with_name("pinochle"))


def lines_of(report, rule: str) -> list[int]:
    return [f.line for f in report.findings if f.rule == rule]


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
    from pinochle.adjudicator.scarne import scarne
    s = state("A♣ A♣ A♣ K♦ Q♦", "N♣ N♣ N♣ Q♥ K♥", ruleset=scarne())
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
