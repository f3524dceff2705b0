"""The 25-steps ruleset by its tags (spec §8): ``[Ruleset "25-steps"]`` and its option tags, each
with its default (TP2, TP14, TP20, TP23, TP25 and the variations TPV1-TPV6); a value the
ruleset does not know is reported under its tag; a random legal game validates clean, citing
only TP ids."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.rulesets import RULESET_NAMES, ruleset_from_tags
from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.twenty_five import TWENTY_FIVE_OPTIONS, twenty_five

from tests.adjudicator.otkit import errors, random_game, validate
from tests.adjudicator.tpkit import TP, TP_ID, record

DEFAULTS = {"TrickScoring": "11-10-4-3-2", "DoublePinochle": "80", "Target": "1000",
            "Knocking": "yes", "GameEnd": "target", "LastDraw": "fixed", "Rounding": "none",
            "Scale": "points", "GrandPinochle": "no", "Laws": "none", "KnockProof": "none"}


def test_TP_the_ruleset_is_in_the_catalog_by_its_name():
    assert "25-steps" in RULESET_NAMES
    assert ruleset_from_tags({"Ruleset": "25-steps"}) == TP


def test_TP_defaults_are_the_steps_values():
    assert dict(TP.options) == DEFAULTS
    # the table also holds the tags of Scarne's laws (Laws "scarne"), absent from the ruleset's
    # options without them
    assert {tag: values[0] for tag, values in TWENTY_FIVE_OPTIONS.items()} == {
        **DEFAULTS, "RenegeCheck": "any-time", "LookPenalty": "none"}


def test_TP2_TP25_the_default_game_is_knocking_to_1000_rising_by_250():
    assert (TP.game_end.kind, TP.game_end.target, TP.game_end.rise) == ("knock", 1000, 250)


def test_TPV6_no_knocking_ends_at_the_target():
    r = ruleset_from_tags({"Ruleset": "25-steps", "Knocking": "no", "Target": "1500"})
    assert (r.game_end.kind, r.game_end.target) == ("target", 1500)


def test_TPV6_single_hand():
    r = ruleset_from_tags({"Ruleset": "25-steps", "GameEnd": "single-hand"})
    assert r.game_end.kind == "single-hand"


@pytest.mark.parametrize("tag, value", [("DoublePinochle", "100"), ("Knocking", "maybe"),
                                        ("Rounding", "3"), ("LastDraw", "choose"),
                                        ("KnockProof", "yes")])
def test_TP_an_unknown_option_value_is_reported_under_its_tag(tag, value):
    report = validate(record(**{tag: value}))
    assert [f.rule for f in report.findings] == [tag]
    assert value in report.findings[0].message


def test_TPV5_tens_with_a_schedule_not_in_tens_is_reported_under_scale():
    report = validate(record(Scale="tens", TrickScoring="10-10-5-5-5"))
    assert [f.rule for f in report.findings] == ["Scale"]


def test_TP_an_old_time_option_is_a_warning_under_its_name():
    report = validate(record(PhaseB="scarne"))
    [f] = report.findings
    assert (f.rule, f.severity) == ("PhaseB", Severity.WARNING)


@pytest.mark.parametrize("options", [{}, {"DoublePinochle": "300"}, {"Rounding": "5"},
                                     {"TrickScoring": "10-10-10", "Scale": "tens"},
                                     {"TrickScoring": "10-10-5-5-5", "Knocking": "no"}])
def test_TP_a_random_legal_game_validates_clean_citing_tp_ids(options):
    ruleset = twenty_five(**{k.lower(): v for k, v in {
        "trick_scoring": options.get("TrickScoring", "11-10-4-3-2"),
        "double_pinochle": options.get("DoublePinochle", "80"),
        "rounding": options.get("Rounding", "none"),
        "scale": options.get("Scale", "points"),
        "knocking": options.get("Knocking", "yes")}.items()})
    game, _ = random_game(range(11, 14), ruleset=ruleset)
    report = validate_game(game)
    assert errors(report) == []
    assert all(TP_ID.fullmatch(f.rule) for f in report.findings)
