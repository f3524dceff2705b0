"""Scarne's laws by default (docs/rulings.md, "Scarne's laws by default"): a
``[Ruleset "scarne"]`` record without a ``Laws`` tag is judged under Scarne's laws (the renege
claim SC-RENEGE1/2, misdeals and the dead hand SC-MISDEAL0-9, drawing slips SC-SLIP1-6/SC-DRAW1-4,
incorrect melds SC-BADMELD1/2, looking at tricks SC-LOOK1/2), and ``[Laws "none"]`` still turns
them off; every earlier Scarne record, which gained ``[Laws "none"]``, keeps its report.

Each law through the console script, from the faulty corpus's record of that law (written with
``[Laws "scarne"]``): with its ``Laws`` line made a comment the report is the record's expected
one, with ``[Laws "none"]`` instead none of the law's ids is cited and the report is another."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tests.cli.consolekit import ROOT, no_traceback, pinochle

FAULTY = ROOT / "corpus" / "faulty"
LAWS_LINE = '[Laws "scarne"]\n'


def _ledger_script():
    spec = importlib.util.spec_from_file_location("scarne_laws_tag",
                                                  ROOT / "corpus" / "scarne_laws_tag.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The faulty corpus's records of each law (written with ``[Laws "scarne"]``), by law.
RENEGE = ["SC-RENEGE1-unclaimed", "SC-RENEGE1-false-claim", "SC-RENEGE2-claimed"]
MISDEAL = ["SC-MISDEAL0-no-new-deal", "SC-MISDEAL0-redeal-uncalled", "SC-MISDEAL2-too-late",
           "SC-MISDEAL4-faceup-not-in-stock", "SC-MISDEAL8-imperfect-pack",
           "SC-MISDEAL8-deadhand-perfect", "SC-MISDEAL8-play-after-deadhand",
           "SC-MISDEAL9-regular-count", "SC-MISDEAL9-wrong-count"]
SLIPS = ["SC-DRAW1-void", "SC-SLIP2-nothing-to-return", "SC-SLIP3-toomany-false",
         "SC-SLIP4-toofew-false", "SC-SLIP5-give-in-turn", "SC-SLIP5-give-to-himself"]
BADMELD = ["SC-BADMELD1-late-correct", "SC-BADMELD1-no-meld", "SC-BADMELD2-short-meld"]
LOOK = ["SC-LOOK1-look", "SC-LOOK2-look-penalty"]
#: How each record is written: its ``[Laws "scarne"]`` line a comment (no ``Laws`` tag, every
#: other line where it was), or ``[Laws "none"]``.
VARIANTS = {"default": "{no Laws tag}\n", "none": '[Laws "none"]\n'}


def _validate(*paths: Path | str, cwd: Path | None = None) -> dict[str, dict]:
    """Each file's report (``pinochle validate --format json``), by the path as given."""
    done = pinochle("validate", "--format", "json", "-j", "1", *map(str, paths), cwd=cwd)
    no_traceback(done)
    assert done.returncode in (0, 1), done.stderr
    return {f["file"]: f for f in json.loads(done.stdout)["files"]}


@pytest.fixture(scope="module")
def judged(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], dict]:
    """Every law record in every variant, judged by one run of the console script: the game's
    report by (record, variant)."""
    folder = tmp_path_factory.mktemp("laws")
    paths = {}
    for name in [*RENEGE, *MISDEAL, *SLIPS, *BADMELD, *LOOK]:
        text = (FAULTY / f"{name}.pin").read_text(encoding="utf-8")
        assert LAWS_LINE in text
        for variant, line in VARIANTS.items():
            path = folder / f"{name}.{variant}.pin"
            path.write_text(text.replace(LAWS_LINE, line), encoding="utf-8")
            paths[name, variant] = path
    reports = _validate(*paths.values())
    return {key: reports[str(path)]["games"][0] for key, path in paths.items()}


def _findings(found: list[dict]) -> list[tuple]:
    """Each finding as the expected reports write it."""
    return [(f["rule"], f["kind"], f["severity"], f["message"], f["line"], f["column"],
             f["battle"], f["trick"], f["claimed"], f["expected"]) for f in found]


def _expected(name: str) -> dict:
    return json.loads((FAULTY / f"{name}.expected.json").read_text(encoding="utf-8"))


def assert_default_is_the_law(judged: dict, name: str) -> dict:
    """Without a ``Laws`` tag the record's report is its expected one (under the laws)."""
    expected, default = _expected(name), judged[name, "default"]
    assert default["ruleset"]["Laws"] == "scarne"
    assert "Laws" not in default["tags"]
    assert _findings(default["findings"]) == _findings(expected["findings"])
    assert default["battles"] == expected["battles"]
    assert (default["east"], default["west"]) == (expected["east"], expected["west"])
    return default


def assert_default_is_the_law_and_none_turns_it_off(judged: dict, name: str,
                                                    prefixes: tuple[str, ...]) -> None:
    assert any(f["rule"].startswith(prefixes) for f in _expected(name)["findings"]), name
    default = assert_default_is_the_law(judged, name)
    none = judged[name, "none"]
    assert none["ruleset"]["Laws"] == "none"
    assert "RenegeCheck" not in none["ruleset"]
    assert not [f for f in none["findings"] if f["rule"].startswith(prefixes)]
    assert _findings(none["findings"]) != _findings(default["findings"])


@pytest.mark.parametrize("name", RENEGE)
def test_SC_RENEGE1_SC_RENEGE2_a_Scarne_record_without_a_Laws_tag_has_the_renege_law(
        judged: dict, name: str) -> None:
    assert_default_is_the_law_and_none_turns_it_off(judged, name, ("SC-RENEGE",))


def test_SC_RENEGE2_the_claimed_renege_is_penalised_not_a_Laws_warning_and_miscounts(
        judged: dict) -> None:
    """The issue's example: without the tag a claimed renege was ignored with a ``Laws``
    warning and the claimed scores reported as miscounts."""
    default = judged["SC-RENEGE2-claimed", "default"]
    assert [f["rule"] for f in default["findings"]] == ["SC-RENEGE2"]
    none = judged["SC-RENEGE2-claimed", "none"]
    rules = [f["rule"] for f in none["findings"]]
    assert "Laws" in rules and any(f["kind"] == "miscount" for f in none["findings"]), rules


@pytest.mark.parametrize("name", MISDEAL)
def test_SC_MISDEAL_a_Scarne_record_without_a_Laws_tag_has_the_misdeal_law(
        judged: dict, name: str) -> None:
    assert_default_is_the_law_and_none_turns_it_off(judged, name, ("SC-MISDEAL",))


def test_SC_MISDEAL8_an_imperfect_pack_is_a_dead_hand_not_judged_trick_by_trick(
        judged: dict) -> None:
    """The issue's example: a deal showing an imperfect pack was judged trick by trick."""
    default = judged["SC-MISDEAL8-imperfect-pack", "default"]
    assert [f["rule"] for f in default["findings"]] == ["SC-MISDEAL8"]
    none = judged["SC-MISDEAL8-imperfect-pack", "none"]
    assert "SC-MISDEAL8" not in [f["rule"] for f in none["findings"]]


@pytest.mark.parametrize("name", SLIPS)
def test_SC_SLIP_SC_DRAW_a_Scarne_record_without_a_Laws_tag_has_the_drawing_slips(
        judged: dict, name: str) -> None:
    assert_default_is_the_law_and_none_turns_it_off(judged, name, ("SC-SLIP", "SC-DRAW"))


@pytest.mark.parametrize("name", BADMELD)
def test_SC_BADMELD_a_Scarne_record_without_a_Laws_tag_corrects_incorrect_melds(
        judged: dict, name: str) -> None:
    assert_default_is_the_law_and_none_turns_it_off(judged, name, ("SC-BADMELD",))


@pytest.mark.parametrize("name", LOOK)
def test_SC_LOOK1_SC_LOOK2_a_Scarne_record_without_a_Laws_tag_has_the_look_law(
        judged: dict, name: str) -> None:
    assert_default_is_the_law_and_none_turns_it_off(judged, name, ("SC-LOOK",))


def test_SC_Laws_the_default_ruleset_options_name_scarnes_laws(tmp_path: Path) -> None:
    path = tmp_path / "g.pin"
    path.write_text('[Ruleset "scarne"]\n[Result "*"]\n', encoding="utf-8")
    options = _validate(path)[str(path)]["games"][0]["ruleset"]
    assert (options["Laws"], options["RenegeCheck"], options["LookPenalty"]) == \
        ("scarne", "any-time", "none")


def test_SC_Laws_every_earlier_scarne_record_keeps_its_report_through_its_added_tag() -> None:
    """corpus/scarne-laws-tag.json holds, for each Scarne record of the corpus that had no
    ``Laws`` tag before the default changed, the digest of the report the code before gave it
    (``corpus/scarne_laws_tag.py write``); this tree's report of the record as it is now, the
    added ``[Laws "none"]`` taken back out (``normal``), has that digest."""
    script = _ledger_script()
    ledger = json.loads((ROOT / "corpus" / "scarne-laws-tag.json").read_text(encoding="utf-8"))
    records = ledger["records"]
    tagged = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "corpus").rglob("*.pin")
                    if '[Laws "none"]' in p.read_text(encoding="utf-8").splitlines()
                    and '[Ruleset "scarne"]' in p.read_text(encoding="utf-8"))
    assert sorted(records) == tagged
    reports = _validate(*records, cwd=ROOT)
    changed = [name for name, entry in records.items()
               if script.added_lines(name) != entry["added"]
               or script.digest(script.normal(reports[name], entry["added"])) != entry["sha256"]]
    assert changed == []
