"""Every rule id of Scarne's, 25-steps' and double-pack's specifications names at least one test
("tests named after each ruleset's ids cover every rule and law"; "tests named
after the DP ids cover every rule, positive and negative"). The ids are the
specifications' id tables (../shared/rulesets/*.md §1, copied in ``spec_rule_ids.py``: a clean
checkout has no ../shared), the test names are read from tests/ (a test function's name or its
file's name: ``test_SC_MISDEAL2_...`` or ``test_sc_renege.py``), so a test renamed away fails
here.

A few ids are not adjudicated: ``UNJUDGED`` says why for each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conformance.spec_rule_ids import (DOUBLE_PACK_SPEC_IDS, SCARNE_SPEC_IDS,
                                             SINGLE_DECK_SPEC_IDS, TWENTY_FIVE_SPEC_IDS)

TESTS = Path(__file__).resolve().parents[1]

SPEC_IDS = {"scarne": SCARNE_SPEC_IDS, "25-steps": TWENTY_FIVE_SPEC_IDS,
            "double-pack": DOUBLE_PACK_SPEC_IDS, "single-deck": SINGLE_DECK_SPEC_IDS}

#: Ids the referee does not judge, and why; a test may still name them.
UNJUDGED = {
    "SC-STAKES": "stakes are settled between the players, not in the record",
    "SC-SCORE3": "scoring with chips is a way of keeping the tally, not a rule of play",
    "SC-TIP": "strategy, not rules",
    "SC-DRAW4": "counting the stock changes nothing in the record",
    "TP0": "the text's list of what scores is lost (its contents are TP14-TP16, TP23)",
    "TP3": "the first dealer is chosen before the record starts (its first battle line)",
    "TP4": "shuffling and cutting are not in the record",
    "TP-LAWS": "the text's list of laws is lost (spec §7)",
    "TPV7": "the 64-card pack with eights and sevens is not supported (spec §1)",
    "TPV8": "three-handed, partnership and double-pack games are other rulesets",
    "DP-INTRO": "the game's description (no nines, bidding informs the partner), not a rule",
    "DP-DRAW1": "the draw for partners and the first deal happens before the record starts: "
                "the record states the seats and the first dealer (spec §2)",
    "DP-DRAW2": "ties in the draw are settled before the record starts (spec §2)",
    "DP-DEAL1": "shuffling and cutting are not in the record",
}


def _test_names() -> str:
    """Every test function's and test file's name, lower case, ``-`` and ``_`` dropped
    between a family and its number (``sc_misdeal2`` -> ``scmisdeal2``), one per line."""
    names = []
    for path in TESTS.rglob("test_*.py"):
        names.append(path.stem)
        names += re.findall(r"^(?:async )?def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    return "\n".join(name.lower().replace("_", " ") for name in names)


NAMES = _test_names()


def named(rule: str) -> bool:
    """A test name holds the id as a word of its own: SC-MELD1 not inside SC-MELD10."""
    words = rule.lower().replace("-", " ")
    return re.search(rf"(?<![a-z0-9]){re.escape(words)}(?![0-9])", NAMES) is not None


@pytest.mark.parametrize("ruleset", sorted(SPEC_IDS))
def test_every_rule_id_of_the_specification_names_a_test(ruleset: str) -> None:
    ids = SPEC_IDS[ruleset]
    missing = [rule for rule in ids if rule not in UNJUDGED and not named(rule)]
    assert missing == [], f"{ruleset}: no test is named after {missing}"


def test_the_unjudged_ids_are_ids_of_the_specifications() -> None:
    every = {rule for ids in SPEC_IDS.values() for rule in ids}
    assert set(UNJUDGED) <= every


def test_the_double_pack_faulty_records_are_named_after_specification_ids() -> None:
    """corpus/faulty/DP-RULE-what.pin: RULE (the id the record's finding cites, checked by
    tests/cli/test_validate.py) is one of the specification's ids, and every id a record can
    show a fault of has one."""
    faulty = TESTS.parent / "corpus" / "faulty"
    cited = {"-".join(p.stem.split("-")[:2]) for p in faulty.glob("DP-*.pin")}
    assert cited <= set(DOUBLE_PACK_SPEC_IDS)
    # no record: the unjudged ids, what the notation cannot say (a bid naming a suit, DP-BID5),
    # the rules applied, which are notices (DP-BID4, 6, 7, 9; DP-MELD7 through DP-MELD6's
    # claim)
    expected = set(DOUBLE_PACK_SPEC_IDS) - set(UNJUDGED) - {
        "DP-BID4", "DP-BID5", "DP-BID6", "DP-BID7", "DP-BID9", "DP-MELD7"}
    assert cited == expected
