"""corpus/faulty/single-deck/: one record per single-deck fault kind (spec §8), each beside the
finding the spec says a referee must report, typed from the spec (corpus/single-deck/faulty.py),
never from the engine. Checked here by hand: the by-hand referee (sdkit.py, the spec alone)
finds in each record exactly the expected findings, at the marked line, and counts the hands and
the game as the expected report says; and every fault kind the issue names has its record."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.adjudicator.sdkit import replay

FOLDER = Path(__file__).resolve().parents[2] / "corpus" / "faulty" / "single-deck"
RECORDS = sorted(FOLDER.glob("*.pin"))


def expected_of(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))


def marker(text: str) -> tuple[str, int]:
    [found] = [(m.group(1), i) for i, line in enumerate(text.splitlines(), 1)
               for m in [re.search(r"; fault: (\S+)", line)] if m]
    return found


def test_SD_every_fault_kind_has_its_record() -> None:
    """The issue's kinds (bad calls, faulty pass, false declaration, revoke, wrong winner
    mark, miscounted claims, set not scored) and the deal, trump, concession and game faults."""
    rules = Counter(marker(p.read_text("utf-8"))[0] for p in RECORDS)
    assert set(rules) == {
        "SD-DEAL1", "SD-DEAL2", "SD-BID1", "SD-BID2", "SD-BID3", "SD-BID4", "SD-BID5",
        "SD-BID6", "SD-BID7", "SD-TRUMP2", "SD-PASS1", "SD-PASS3", "SD-MELD2", "SD-MELD6",
        "SD-MELD7", "SD-MELD9", "SD-PLAY3", "SD-PLAY4", "SD-PLAY5", "SD-PLAY6", "SD-PLAY7",
        "SD-CONCEDE1", "SD-COUNT3", "SD-MELD8", "SD-SCORE2", "SD-SCORE3", "SD-SCORE4",
        "SD-GAME1", "SD-GAME5"}
    for path in RECORDS:
        assert path.name.startswith(marker(path.read_text("utf-8"))[0] + "-")
        assert '[Ruleset "single-deck"]' in path.read_text("utf-8")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_SD_faulty_record_by_hand_finds_exactly_its_expected_findings(path: Path) -> None:
    text = path.read_text("utf-8")
    expected = expected_of(path)
    assert marker(text) == (expected["rule"], expected["line"])
    assert expected["record"] == path.name
    r = replay(text)
    assert sorted((rule, line, battle, trick) for rule, battle, trick, line in r.departures) \
        == sorted((f["rule"], f["line"], f["battle"], f["trick"]) for f in expected["findings"])
    assert (r.totals["NS"], r.totals["EW"], r.winner) == (expected["ns"], expected["ew"],
                                                         expected["winner"])
    assert [(h.dealer, h.bidder if not h.after_end else None) for h in r.battles] == [
        (b["dealer"], b.get("bidder")) for b in expected["battles"]]


@pytest.mark.parametrize("path", [p for p in RECORDS if expected_of(p)["findings"][0]["claimed"]
                                  is not None], ids=lambda p: p.stem)
def test_SD_claim_faults_name_the_claimed_and_the_right_value(path: Path) -> None:
    """A wrong claim or winner mark: the marked line holds the claimed value; written as the
    rules give it, the record is clean by hand."""
    text = path.read_text("utf-8")
    f = expected_of(path)["findings"][0]
    line = text.splitlines()[f["line"] - 1].split(" ;")[0]
    assert str(f["claimed"]) in line.split()
    words = line.split()
    right = " ".join(str(f["expected"]) if w == str(f["claimed"]) and i in (
        len(words) - 1, 2, 4) else w for i, w in enumerate(words))
    fixed = text.replace(text.splitlines()[f["line"] - 1], right)
    assert replay(fixed).departures == []
