"""Looking at won tricks under Scarne's laws (spec §7.5, SC-LOOK1, SC-LOOK2; ``look E``):
a notice with no penalty by default; with ``LookPenalty "count"`` the looker's trick points
for the hand are 0. Positions as otkit's: West deals, East leads."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.model.ruleset import RulesetError
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation import dumps, parse
from pinochle.notation.events import Look

from tests.adjudicator.otkit import E, W, east_wins, state

LAWS = scarne(laws="scarne")
COUNT = scarne(laws="scarne", look_penalty="count")


def two_tricks(ruleset):
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=ruleset)
    east_wins(s, "A♣", "N♣")
    s.finish_turn()
    east_wins(s, "A♣", "N♣")
    return s


def test_SC_LOOK2_LookPenalty_is_a_tag_of_Scarne_laws_only():
    assert LAWS.options["LookPenalty"] == "none" and COUNT.options["LookPenalty"] == "count"
    assert "LookPenalty" not in scarne(laws="none").options
    with pytest.raises(RulesetError):
        scarne(laws="scarne", look_penalty="double")


def test_SC_LOOK1_looking_through_won_tricks_is_a_notice_without_penalty_by_default():
    s = two_tricks(LAWS)
    before = s.trick_points(E)
    assert before > 0 and not s.laws.look(E)
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-LOOK1", Severity.INFO)
    assert s.trick_points(E) == before


def test_SC_LOOK1_looking_at_the_only_trick_gathered_is_allowed():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=COUNT)
    east_wins(s, "A♣", "N♣")
    before = s.trick_points(E)
    assert not s.laws.look(E)
    [f] = s.findings
    assert f.rule == "SC-LOOK1" and "allowed" in f.message and s.trick_points(E) == before


def test_SC_LOOK2_with_the_agreed_penalty_the_looker_loses_his_count():
    s = two_tricks(COUNT)
    melds = s.meld_points(E)
    assert s.laws.look(E)
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-LOOK2", Severity.INFO)
    assert s.trick_points(E) == 0 and s.score(E) == melds
    s.finish_turn()
    s.play(E, s.legal_cards(E)[0])      # later tricks add nothing to his count
    s.play(W, s.legal_cards(W)[0])
    assert s.trick_points(E) == 0


def test_SC_LOOK1_look_round_trips_and_without_the_laws_is_reported_and_ignored():
    text = ('[Ruleset "scarne"]\n[Laws "scarne"]\n[LookPenalty "count"]\n[Result "*"]\n\n'
            "battle 1 dealer W\nlook E ; East looks\n")
    (game,) = parse(text).games
    [look] = game.battles[0].events
    assert isinstance(look, Look) and look.seat is E
    assert dumps(parse(text)) == text
    rules = [f.rule for f in validate_game(game).findings]
    assert "SC-LOOK1" in rules                   # no tricks gathered yet: allowed, a notice
    lawless = text.replace('[Laws "scarne"]\n[LookPenalty "count"]\n', '[Laws "none"]\n')
    (game,) = parse(lawless).games
    assert [(f.rule, f.severity) for f in validate_game(game).findings
            if f.rule in ("Laws", "SC-LOOK1", "SC-LOOK2")] == [("Laws", Severity.WARNING)]
