"""corpus/single-deck/rulebook/: the conformance fixtures of the single-deck spec's worked
statements (§11.1), typed from the spec (corpus/single-deck/fixtures.py), checked here without the
engine: the by-hand referee (sdkit.py, the spec alone) finds in each record exactly the
fixture's findings and counts each hand as its contracts say; the tables are the spec's; every
statement but #11 has its fixture; and each file is one the conformance runner can read (the
fixture model, with the SD ids the engine's pattern does not list yet, and the notation)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.adjudicator.sdkit import COUNTS, meld_kind, replay

FOLDER = Path(__file__).resolve().parents[2] / "corpus" / "single-deck" / "rulebook"
INDEX = json.loads((FOLDER / "index.json").read_text("utf-8"))["cases"]
FIXTURES = [json.loads((FOLDER / e["fixture"]).read_text("utf-8")) for e in INDEX]
WITH_RECORDS = [f for f in FIXTURES if f["record"]]


def test_SD_index_lists_every_fixture_once_in_the_spec_order() -> None:
    assert sorted(e["fixture"] for e in INDEX) == sorted(
        p.name for p in FOLDER.glob("*.json") if p.name != "index.json")
    assert len({e["id"] for e in INDEX}) == len(INDEX) == 50
    assert {e["ruleset"] for e in INDEX} == {"single-deck"}
    rows = {int(f["source"]["row"].split("#")[1]) for f in FIXTURES}
    assert set(range(1, 32)) - rows == {11}           # #11 not staged (fixtures.py says why)


@pytest.mark.parametrize("fixture", WITH_RECORDS, ids=lambda f: f["id"])
def test_SD_fixture_record_by_hand_has_its_findings_and_contracts(fixture: dict) -> None:
    text = (FOLDER / fixture["record"]).read_text("utf-8")
    assert '[Ruleset "single-deck"]' in text
    r = replay(text)
    assert Counter((rule, battle, trick) for rule, battle, trick, _ in r.departures) == Counter(
        (f["rule"], f["battle"], f["trick"]) for f in fixture["expected"]["findings"])
    for c, h in zip(fixture["expected"]["contracts"], r.battles, strict=True):
        assert c["dealer"] == h.dealer
        if "bidder" in c:
            assert (c["bidder"], c["bid"], c["trump"]) == (h.bidder, h.high, h.trump)
            assert c["score"] == {x: h.sides[x].score for x in ("NS", "EW")}
        if "card_total" in c:
            assert c["card_total"] == 250                                   # SD-COUNT3
            assert c["made"] == {x: c["cards"][x] + c["melds"][x] for x in ("NS", "EW")}


def test_SD_the_statements_numbers_in_their_fixtures() -> None:
    """Numbers §11.1 states, read in the fixtures: #5 N at 270; #7 thrown in, East deals next;
    #12 190; #13 1500 / 300; #14 150; #15 120; #16 20; #17 0; #18 1000 / 200 (each North's meld,
    his side's with South's); #26 E-W 0; #31 N-S -300, E-W 30 + 60."""
    by = {f["id"]: f["expected"]["contracts"] for f in WITH_RECORDS}
    assert (by["SD-BID7.N-at-270"][0]["bidder"], by["SD-BID7.N-at-270"][0]["bid"]) == ("N", 270)
    assert by["SD-BID8.four-passes"][0]["thrown_in"] and by["SD-BID8.four-passes"][1][
        "dealer"] == "E"
    north = {"SD-MELD6.♠F+P": 190, "SD-MELD2.♣♣F": 1500, "SD-MELD2.♣♣F.plain": 300,
             "SD-MELD2.♥F+K♥": 150, "SD-MELD6.♥F+♥M": 150, "SD-MELD3.K4+♠M+♥M": 120,
             "SD-MELD5.two-dixes": 20, "SD-MELD7.T4": 0, "SD-MELD3.AA4": 1000,
             "SD-MELD3.AA4.plain": 200}
    for case, points in north.items():
        [f] = [f for f in WITH_RECORDS if f["id"] == case]
        h = replay((FOLDER / f["record"]).read_text("utf-8")).battles[0]
        assert h.melds["N"] == points, case
    assert by["SD-MELD8.no-trick"][0]["score"]["EW"] == 0
    assert by["SD-MELD8.no-trick"][0]["counted"]["EW"] is False
    assert by["SD-CONCEDE3.late"][0]["score"] == {"NS": -300, "EW": 90}


def test_SD_tables_are_the_specs() -> None:
    """§3.3: each schedule's pack is 240; §4.2: the meld values, as the by-hand table gives
    them; §7.3: tens."""
    tables = [t for f in FIXTURES for t in f["expected"]["tables"]]
    for t in tables:
        if t["table"] == "card_points" and "Scale" not in t["tags"]:
            scoring = t["tags"].get("TrickScoring", "10-10-10")
            assert 2 * sum(t["values"].values()) == 240
            assert all(v == COUNTS[scoring]["ATKQJN".index(c[0])] for c, v in t["values"].items())
        if t["table"] == "meld_points" and "Scale" not in t["tags"]:
            dbl = t["tags"].get("DoubleMelds", "bonus")
            for kind, value in t["values"].items():
                found = meld_kind(kind, t["trump"], dbl)
                assert found is not None and found[3] == value, kind
        if t["table"] == "pack":
            assert sum(t["values"].values()) == 48


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda f: f["id"])
def test_SD_fixture_reads_as_a_fixture_and_its_record_as_canonical_notation(
        fixture: dict) -> None:
    """The runner's model reads it once the SD ids are in its rule-id pattern (here they are
    read as DP ids, the same shape); the record is canonical notation."""
    from pinochle.conformance.fixture import Fixture
    from pinochle.notation import dumps, parse

    as_dp = re.sub(r'"SD-([A-Z]+\d*)"', r'"DP-\1"', json.dumps(fixture, ensure_ascii=False))
    Fixture.model_validate_json(as_dp)
    if fixture["record"]:
        text = (FOLDER / fixture["record"]).read_text("utf-8")
        assert dumps(parse(text, fixture["record"])) == text
