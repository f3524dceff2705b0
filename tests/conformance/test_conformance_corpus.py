"""The checked-in corpus is exactly what the generator writes now, and the two commands work:
``pinochle examples`` writes it, ``pinochle conformance`` runs it and shows any failing case with
its difference (exit 1)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pinochle.cli.main import app
from pinochle.conformance.corpus import write
from pinochle.notation import parse

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "rulebook"


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("rulebook")
    result = CliRunner().invoke(app, ["examples", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote 372 fixtures and 366 records" in result.output
    return out


def test_checked_in_corpus_equals_a_fresh_generation(generated):
    fresh, checked_in = tree(generated), tree(CORPUS)
    assert sorted(fresh) == sorted(checked_in)
    changed = [name for name in fresh if fresh[name] != checked_in[name]]
    assert changed == [], "regenerate with: pinochle examples"


def test_generation_is_deterministic(generated, tmp_path):
    write(tmp_path)
    assert tree(tmp_path) == tree(generated)


def test_generation_removes_stale_fixtures_only(tmp_path):
    (tmp_path / "melds").mkdir()
    (tmp_path / "melds" / "M9.9.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("mine")
    write(tmp_path)
    assert not (tmp_path / "melds" / "M9.9.json").exists()
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_index_names_each_cases_ruleset_and_old_time_records_carry_its_tag(generated):
    index = json.loads((generated / "index.json").read_text(encoding="utf-8"))
    rulesets = {entry["id"]: entry["ruleset"] for entry in index["cases"]}
    assert set(rulesets.values()) == {"east-point", "old-time", "scarne", "25-steps",
                                      "double-pack"}
    assert rulesets["M4.2"] == "east-point" and rulesets["OT9G.♥F-then-♥M"] == "old-time"
    assert rulesets["SC-MELD6.RH"] == "scarne"
    assert rulesets["DP-MELD3.AAAA4"] == "double-pack"
    for entry in index["cases"]:
        scarne = entry["fixture"].startswith("scarne/")
        assert scarne == (entry["ruleset"] == "scarne") == entry["id"].startswith("SC-")
        double_pack = entry["fixture"].startswith("double-pack/")
        assert double_pack == (entry["ruleset"] == "double-pack") == entry["id"].startswith("DP-")
        if scarne or double_pack:
            continue
        old_time = entry["fixture"].startswith("old-time/")
        assert old_time == (entry["ruleset"] == "old-time") == entry["id"].startswith("OT")
        if entry["record"] is not None:
            text = (generated / entry["record"]).read_text(encoding="utf-8")
            assert ('[Ruleset "old-time"]' in text) == old_time, entry["id"]


def test_records_are_canonical_notation(generated):
    from pinochle.notation import dumps

    for path in sorted(generated.rglob("*.pin"))[::15]:
        text = path.read_text(encoding="utf-8")
        assert dumps(parse(text, str(path))) == text


def test_conformance_passes_on_the_corpus():
    result = CliRunner().invoke(app, ["conformance", str(CORPUS)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == "372 passed, 0 failed"
    assert lines[0].split()[:2] == ["PASS", "tricks.1"]
    assert sum(line.startswith("PASS") for line in lines) == 372
    assert any(line.split()[:2] == ["PASS", "OT8C2.K♣-K♣"] for line in lines)


def test_conformance_shows_an_edited_expectation_failing_with_its_difference(tmp_path):
    copy = tmp_path / "rulebook"
    shutil.copytree(CORPUS, copy)
    path = copy / "melds" / "M4.2.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["expected"]["melds"][2]["points"] == 71
    data["expected"]["melds"][2]["points"] = 72
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    result = CliRunner().invoke(app, ["conformance", str(copy)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    failing = [i for i, line in enumerate(lines) if line.startswith("FAIL")]
    assert len(failing) == 1 and lines[failing[0]].split()[1] == "M4.2"
    assert "meld (battle 1, trick 3, seat E, kind ♠2) points: expected 72, got 71" in \
        lines[failing[0] + 1]
    assert lines[-1] == "371 passed, 1 failed"


def test_conformance_fails_a_broken_record_with_its_location(tmp_path):
    copy = tmp_path / "rulebook"
    shutil.copytree(CORPUS / "tricks", copy)
    record = copy / "tricks.1.pin"
    record.write_text(record.read_text(encoding="utf-8").replace("1. T♠ N♠", "1. T♠ X♠"),
                      encoding="utf-8")
    (copy / "tricks.2.json").write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(app, ["conformance", str(copy)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert f"record: {record}:" in result.output
    assert f"{copy / 'tricks.2.json'}:1:2: not JSON" in result.output
    assert result.output.splitlines()[-1] == "97 passed, 2 failed"


def test_conformance_on_a_folder_without_fixtures_exits_2(tmp_path):
    from pinochle.cli.main import main

    with pytest.raises(SystemExit) as exit_:
        import sys
        argv, sys.argv = sys.argv, ["pinochle", "conformance", str(tmp_path)]
        try:
            main()
        finally:
            sys.argv = argv
    assert exit_.value.code == 2
