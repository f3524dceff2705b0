"""``pinochle validate``: the faulty corpus (each record names its fault's rule at its line),
exit statuses, text and JSON output, standard input, and bad input without a traceback."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from tests.cli.consolekit import no_traceback, pinochle
from typer.testing import CliRunner

from pinochle.adjudicator.report.validation import Report, report_schema
from pinochle.cli.main import app
from pinochle.notation import dumps
from pinochle.simulator.simulate import simulate_record

ROOT = Path(__file__).resolve().parents[2]
FAULTY = ROOT / "corpus" / "faulty"
RECORDS = sorted(FAULTY.glob("*.pin"))
runner = CliRunner()


def validate(*args: str, input: str | bytes | None = None):
    return runner.invoke(app, ["validate", *args], input=input)


@pytest.fixture(scope="module")
def legal_text() -> str:
    return dumps(simulate_record(2, 7))


def marker(text: str) -> tuple[str, int]:
    """The rule and line of the ``; fault: RULE`` comment that marks the faulty statement."""
    found = [(m.group(1), i) for i, line in enumerate(text.splitlines(), 1)
             for m in [re.search(r"; fault: (\S+)", line)] if m]
    assert len(found) == 1, found
    return found[0]


def test_corpus_faulty_has_a_record_per_kind_of_fault():
    rules = {marker(p.read_text(encoding="utf-8"))[0] for p in RECORDS}
    assert {"R2A4", "R3", "R4A", "R4B", "R6", "R6B", "R8", "R8A", "R8B", "R8C1", "R8C2",
            "R8C3", "R8C4", "R8D", "R8E", "R8F", "R8G", "R9A", "R9B1", "R9C", "R9E", "R9F", "R9G",
            "R11A", "R11B", "R11C", "R11D", "R11E", "R7B2", "M7"} <= rules
    # old-time Pinochle (docs/rulings.md: no irregularity laws, each fault under its own rule)
    assert {"OT2A4", "OT3", "OT4A", "OT4B", "OT6B", "OT8B1", "OT8B2", "OT8B3", "OT8C1", "OT8C2",
            "OT8C3", "OT8D", "OT8E", "OT8H", "OT9A", "OT9B1", "OT9C", "OT9E", "OT9G", "OT9H",
            "OT9I"} <= rules
    for path in RECORDS:
        prefix = PREFIXES.get(ruleset_of(path.read_text(encoding="utf-8")))
        assert path.name.startswith(prefix) if prefix else not path.name.startswith(
            tuple(PREFIXES.values())), path.name
    for path in RECORDS:
        assert path.with_suffix("").with_suffix(".expected.json").name in {
            p.name for p in FAULTY.glob("*.expected.json")}


#: The name prefix of each two-handed ruleset's records (East Point's have none of these).
PREFIXES = {"old-time": "OT", "scarne": "SC-", "25-steps": "TP"}

#: Scarne's fault kinds, each record's name and the rule its finding cites (the first word of
#: "SC-MELD6 (OT9C)" and "OT9G (Scarne silent)"): the game rules without laws, then under
#: [Laws "scarne"] the renege (SC-RENEGE1 unclaimed or falsely claimed, SC-RENEGE2 claimed),
#: looking at won tricks (SC-LOOK1, and SC-LOOK2 with LookPenalty "count"), and the faults of
#: the later laws (each a warning or an error): incorrect melds (an improper meld or wrong points
#: never corrected stand under their own rule; a late correction or one naming no meld,
#: SC-BADMELD1; a meld with a wrong count, SC-BADMELD2), misdeals (SC-MISDEAL0, 2, 4, 8, 9),
#: drawing slips (SC-DRAW1's void deal; SC-SLIP2's, SC-SLIP3's, SC-SLIP4's and SC-SLIP5's
#: statements with nothing to act on), and a law statement without the laws (Laws).
SCARNE_KINDS = {
    "SC-PLAY1-not-held": "SC-PLAY1", "SC-PLAY2-not-held": "SC-PLAY2",
    "SC-PLAYB2-follow-suit": "SC-PLAYB2", "SC-PLAYB2-trump-void": "SC-PLAYB2",
    "SC-PLAYB2-head": "SC-PLAYB2", "SC-PLAY2W-winner-mark": "SC-PLAY2W",
    "SC-PLAY9-trick-number": "SC-PLAY9", "SC-PLAY8-draw-order": "SC-PLAY8",
    "SC-PLAY8-last-draws": "SC-PLAY8", "SC-MELD1-loser-melds": "SC-MELD1",
    "SC-MELD2-second-meld": "SC-MELD2", "SC-MELD3-after-draw": "SC-MELD3",
    "SC-MELD4-no-stock": "SC-MELD4", "SC-MELD5-marriage-reuse": "SC-MELD5",
    "SC-MELD6-all-exposed": "SC-MELD6", "SC-MELD6-roundhouse-piecewise": "SC-MELD6",
    "SC-OT9G-reuse": "OT9G", "SC-OT9G-deece-again": "OT9G",
    "SC-PLAY4-deece-without-nine": "SC-PLAY4", "SC-PLAY4-missing-card": "SC-PLAY4",
    "SC-PLAY7-played-card": "SC-PLAY7", "SC-PLAY4-meld-points": "SC-PLAY4",
    "SC-PLAY5-second-exchange": "SC-PLAY5", "SC-OBJ-tricks-claim": "SC-OBJ",
    "SC-PLAY4-melds-claim": "SC-PLAY4", "SC-SCORE1-score-claim": "SC-SCORE1",
    "SC-WIN1-total-claim": "SC-WIN1", "SC-WIN1-after-the-end": "SC-WIN1",
    "SC-WIN1-game-claim": "SC-WIN1", "SC-WIN1-result-tag": "SC-WIN1",
    "SC-WIN2-dealer": "SC-WIN2", "SC-CALL-loses": "SC-CALL", "SC-CALL-total-claim": "SC-CALL",
    "SC-CALL-not-agreed": "SC-CALL",
    "SC-RENEGE1-unclaimed": "SC-RENEGE1", "SC-RENEGE2-claimed": "SC-RENEGE2",
    "SC-RENEGE1-false-claim": "SC-RENEGE1", "SC-LOOK1-look": "SC-LOOK1",
    "SC-LOOK2-look-penalty": "SC-LOOK2",
    "SC-MELD1-uncorrected": "SC-MELD1", "SC-BADMELD1-late-correct": "SC-BADMELD1",
    "SC-BADMELD1-no-meld": "SC-BADMELD1", "SC-BADMELD2-short-meld": "SC-BADMELD2",
    "SC-MISDEAL2-too-late": "SC-MISDEAL2", "SC-MISDEAL9-regular-count": "SC-MISDEAL9",
    "SC-MISDEAL9-wrong-count": "SC-MISDEAL9", "SC-MISDEAL0-no-new-deal": "SC-MISDEAL0",
    "SC-MISDEAL0-redeal-uncalled": "SC-MISDEAL0", "SC-MISDEAL8-imperfect-pack": "SC-MISDEAL8",
    "SC-MISDEAL8-deadhand-perfect": "SC-MISDEAL8", "SC-DRAW1-void": "SC-DRAW1",
    "SC-SLIP2-nothing-to-return": "SC-SLIP2", "SC-SLIP5-give-in-turn": "SC-SLIP5",
    "SC-SLIP5-give-to-himself": "SC-SLIP5", "SC-Laws-correct-without-laws": "Laws",
    "SC-PLAY4-points-uncorrected": "SC-PLAY4", "SC-MISDEAL4-faceup-not-in-stock": "SC-MISDEAL4",
    "SC-MISDEAL8-play-after-deadhand": "SC-MISDEAL8", "SC-SLIP3-toomany-false": "SC-SLIP3",
    "SC-SLIP4-toofew-false": "SC-SLIP4",
}
#: 25-steps Pinochle's fault kinds (no laws: each an error under its own TP rule, the knock's
#: outcome a TP25 notice); a choice of the last draws without LastDraw "choice" (TP20), or by
#: the loser, out of time or twice (TPV1); under KnockProof "next-trick" play recorded after
#: the trick that decided a knock, or a second knock while one awaits its proof (TP25).
TWENTY_FIVE_KINDS = {
    "TP18-not-held": "TP18", "TP22-not-held": "TP22", "TP22-follow-suit": "TP22",
    "TP22-head": "TP22", "TP22-trump-void": "TP22", "TP11-winner-mark": "TP11",
    "TP9-trick-number": "TP9", "TP17-draw-order": "TP17", "TP17-last-draws": "TP17",
    "TP13-loser-melds": "TP13", "TP13-second-meld": "TP13", "TP13-missing-card": "TP13",
    "TP22-talon-gone-meld": "TP22", "TP13-dix-without-nine": "TP13",
    "TP12-played-card": "TP12", "TP19a1-reuse": "TP19a1", "TP19a3-reuse": "TP19a3",
    "TP19b1-reuse": "TP19b1", "TP19b2-reuse": "TP19b2", "TP19b3-reuse": "TP19b3",
    "TP19b4-reuse": "TP19b4", "TP14-meld-points": "TP14", "TP15-second-exchange": "TP15",
    "TP15-dix-again": "TP15",
    "TP23-tricks-claim": "TP23", "TP14-melds-claim": "TP14", "TP24-score-claim": "TP24",
    "TP2-total-claim": "TP2", "TP25-knock-short": "TP25", "TP25-knock-count": "TP25",
    "TP25-play-after-knock": "TP25", "TP25-result-without-knock": "TP25",
    "TP20-choose-fixed": "TP20", "TPV1-choose-loser": "TPV1", "TPV1-choose-early": "TPV1",
    "TPV1-choose-twice": "TPV1", "TP25-play-after-proof": "TP25", "TP25-second-knock": "TP25",
}


def ruleset_of(text: str) -> str:
    found = re.search(r'^\[Ruleset "([^"]*)"\]', text, re.MULTILINE)
    return found.group(1) if found else "east-point"


def cited(rule: str) -> str:
    """The rule id a finding cites: its first word ("SC-MELD6 (OT9C)" is SC-MELD6)."""
    return rule.split()[0]


@pytest.mark.parametrize("ruleset,kinds", [("scarne", SCARNE_KINDS),
                                           ("25-steps", TWENTY_FIVE_KINDS)])
def test_corpus_faulty_has_the_scarne_and_25_steps_kinds(ruleset, kinds):
    """Every Scarne (SC-...) and 25-steps (TP...) fault kind has its record, of that ruleset,
    marked with the rule its finding cites, and no record of the ruleset is left unlisted."""
    for name, rule in kinds.items():
        text = (FAULTY / f"{name}.pin").read_text(encoding="utf-8")
        assert ruleset_of(text) == ruleset, name
        assert marker(text)[0] == rule, name
        assert json.loads((FAULTY / f"{name}.expected.json").read_text("utf-8"))["rule"] == rule
    assert {p.stem for p in RECORDS if ruleset_of(p.read_text(encoding="utf-8")) == ruleset} \
        == set(kinds)


@pytest.mark.parametrize("name,severity,tricks", [
    ("SC-RENEGE1-unclaimed", "warning", {}),
    ("SC-RENEGE2-claimed", "info", {"east": 0, "west": 250}),
    ("SC-RENEGE1-false-claim", "error", {}),
    ("SC-LOOK2-look-penalty", "info", {"east": 0}),
    ("TP25-knock-short", "info", {}),
    ("SC-MELD6-roundhouse-piecewise", "error", {}),
    ("SC-MELD1-uncorrected", "warning", {}),
    ("SC-BADMELD1-late-correct", "error", {}),
    ("SC-BADMELD2-short-meld", "warning", {}),
    ("SC-MISDEAL2-too-late", "error", {}),
    ("SC-MISDEAL0-no-new-deal", "warning", {}),
    ("SC-MISDEAL0-redeal-uncalled", "warning", {}),
    ("SC-MISDEAL8-imperfect-pack", "error", {"east": 0, "west": 0}),
    ("SC-DRAW1-void", "error", {"east": 0, "west": 0}),
    ("SC-Laws-correct-without-laws", "warning", {}),
    ("SC-PLAY4-points-uncorrected", "warning", {}),
    ("SC-MISDEAL8-play-after-deadhand", "error", {"east": 0, "west": 0}),
])
def test_corpus_faulty_scarne_laws_and_knock_severities(name, severity, tricks):
    """SC-RENEGE1: an unclaimed renege stands (a warning), a false claim is an error;
    SC-RENEGE2: a claimed renege is a notice and the reneger's trick points are 0, the
    claimant's the hand's 250 (East reneged); SC-LOOK2: the looker's (East's) trick points are
    0; TP25: a knock below the target is a notice (the knocker loses); SC-MELD6: a roundhouse
    melded piece by piece stops at 220, the fourth marriage an error. SC-BADMELD1: an improper
    meld or wrong points never corrected stand, a warning under its own rule (SC-MELD1,
    SC-PLAY4), a late correction is an error; SC-BADMELD2: a meld with a card too few stands, a
    warning; SC-MISDEAL2: a misdeal after the nondealer's first draw is an error; SC-MISDEAL0:
    a misdeal with no new deal, a new deal with no misdeal, warnings; SC-MISDEAL8: an imperfect
    pack found at the deal is an error and the hand is dead (0 to 0), play after a dead hand
    declared is an error; SC-DRAW1: a hand short when the stock is gone voids the deal (0 to
    0), an error; Laws: a law statement without the laws is a warning."""
    expected = json.loads((FAULTY / f"{name}.expected.json").read_text("utf-8"))
    marked = [f for f in expected["findings"] if f["line"] == expected["line"]
              and cited(f["rule"]) == expected["rule"]]
    assert [f["severity"] for f in marked] == [severity]
    battle = expected["battles"][0]
    assert {seat: battle[seat]["tricks"] for seat in tricks} == tricks
    if name == "SC-MELD6-roundhouse-piecewise":
        assert battle["east"]["melds"] == 220


#: Every kind and severity a finding of a written record can have (docs/report-schema.md).
#: An illegal meld is an error in a ruleset without irregularity laws (old-time Pinochle).
#: An unclaimed renege under Scarne's laws stands: an illegal play, a warning (SC-RENEGE1).
#: A law statement in a game without that law is malformed and ignored, a warning (Laws).
REPORTABLE = {
    ("illegal play", "error"), ("illegal play", "warning"),
    ("illegal meld", "error"), ("illegal meld", "warning"), ("illegal meld", "info"),
    ("irregularity", "error"), ("irregularity", "warning"), ("irregularity", "info"),
    ("miscount", "error"), ("miscount", "warning"), ("miscount", "info"),
    ("malformed", "error"), ("malformed", "warning"),
    ("notice", "info"),
}


def test_corpus_faulty_shows_every_kind_and_severity():
    shown = set()
    for path in FAULTY.glob("*.expected.json"):
        for f in json.loads(path.read_text("utf-8"))["findings"]:
            shown.add((f["kind"], f["severity"]))
    assert shown == REPORTABLE
    statuses = {json.loads(p.read_text("utf-8"))["exit_status"]
                for p in FAULTY.glob("*.expected.json")}
    assert statuses == {0, 1}


def test_corpus_faulty_irregularities_handled_as_R11_says_exit_0():
    """A record whose only findings are notices (an R11 event handled as the rules say) is
    clean; a warning or an error fails it."""
    for path in FAULTY.glob("*.expected.json"):
        expected = json.loads(path.read_text("utf-8"))
        severities = {f["severity"] for f in expected["findings"]}
        assert expected["exit_status"] == (0 if severities <= {"info"} else 1), path.name
    for name in ("R11A-redeal", "R11B-voided", "R11C-nodraw", "R11D-extradraw",
                 "R9A-meld-points-corrected", "M7-exposed-out-of-turn"):
        assert json.loads((FAULTY / f"{name}.expected.json").read_text("utf-8"))[
            "exit_status"] == 0, name


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_corpus_faulty_report_names_the_rule_at_the_marked_line(path: Path):
    rule, line = marker(path.read_text(encoding="utf-8"))
    result = validate("--json", str(path))
    report = json.loads(result.stdout)
    findings = report["files"][0]["games"][0]["findings"]
    assert any(cited(f["rule"]) == rule and f["line"] == line for f in findings), findings
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))
    assert (expected["rule"], expected["line"]) == (rule, line)
    keep = ("rule", "kind", "severity", "message", "line", "column", "battle", "trick",
            "claimed", "expected")
    assert [{k: f[k] for k in keep} for f in findings] == expected["findings"]
    game = report["files"][0]["games"][0]
    assert game["battles"] == expected["battles"]
    # the game totals: East's and West's, or at a table of four the sides' and the winner
    totals = ("ns", "ew", "winner") if "ns" in expected else ("east", "west")
    assert [game[k] for k in totals] == [expected[k] for k in totals]
    assert result.exit_code == expected["exit_status"] == report["exit_status"]


def test_exit_0_for_a_legal_game_with_scores(tmp_path, legal_text):
    path = tmp_path / "legal.pin"
    path.write_text(legal_text, encoding="utf-8")
    result = validate(str(path))
    assert result.exit_code == 0, result.stdout
    assert "battle 1 (dealer" in result.stdout and "game: East" in result.stdout
    assert result.stdout.rstrip().endswith("0 errors, 0 warnings, 0 notices")


def test_exit_1_and_compiler_style_text_for_a_finding():
    path = FAULTY / "R9F-repeat.pin"
    rule, line = marker(path.read_text("utf-8"))
    result = validate(str(path))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    first = next(i for i, text in enumerate(lines) if text.startswith(f"{path}:{line}:"))
    assert re.match(rf"{re.escape(str(path))}:{line}:\d+: R9F illegal meld \(warning\): ",
                    lines[first])
    assert "illegal, stands: no objection in time (R11B)" in lines[first]
    assert lines[first + 1].lstrip().startswith(f"{line} | ")
    assert set(lines[first + 2].split("|")[1].strip()) == {"^"}


def test_notices_pass_unless_strict_which_says_which_notices_fail():
    path, other = FAULTY / "R6-no-deal.pin", FAULTY / "R11C-nodraw.pin"
    assert validate(str(path)).exit_code == 0
    done = pinochle("validate", "--strict", "-q", str(path), str(other), str(path))
    assert done.returncode == 1
    assert done.stdout.splitlines()[-2:] == [
        "3 games, 3 battles: 0 errors, 0 warnings, 5 notices",
        "--strict fails on 5 notices: R6 (2), R11C (1), R11E (1), R11F (1)"]
    data = json.loads(pinochle("validate", "--strict", "--json", str(path), str(other)).stdout)
    assert data["summary"]["notices_by_rule"] == {"R6": 1, "R11C": 1, "R11E": 1, "R11F": 1}
    assert data["exit_status"] == 1


def repeated(tmp_path: Path, name: str, copies: int) -> Path:
    """A record of ``copies`` copies of a faulty record's game."""
    text = (FAULTY / name).read_text(encoding="utf-8")
    path = tmp_path / f"{copies}x-{name}"
    path.write_text("\n".join([text] * copies), encoding="utf-8")
    return path


def test_max_errors_shows_the_first_findings_of_a_file_then_how_many_more(tmp_path):
    path = repeated(tmp_path, "R9F-repeat.pin", 130)      # one warning a game
    done = pinochle("validate", "-q", str(path), str(FAULTY / "R9F-repeat.pin"))
    lines = done.stdout.splitlines()
    assert sum(" R9F illegal meld (warning): " in line for line in lines) == 101
    assert f"{path}: 30 more messages not shown (--max-errors 100; 0 shows all)" in lines
    assert lines[-1] == "131 games, 131 battles: 0 errors, 131 warnings, 0 notices"
    few = pinochle("validate", "-q", "--max-errors", "7", str(path)).stdout.splitlines()
    assert sum(" R9F " in line for line in few) == 7 and f"{path}: 123 more" in few[-2]
    every = pinochle("validate", "-q", "--max-errors", "0", str(path)).stdout
    assert every.count(" R9F illegal meld") == 130 and "more messages" not in every


def test_max_errors_in_the_json_report(tmp_path):
    path = repeated(tmp_path, "R9F-repeat.pin", 12)
    data = json.loads(pinochle("validate", "--json", "--max-errors", "5", str(path)).stdout)
    Report.model_validate(data)
    games = data["files"][0]["games"]
    assert [len(g["findings"]) for g in games] == [1] * 5 + [0] * 7
    assert [g["counts"]["warnings"] for g in games] == [1] * 12
    assert data["files"][0]["omitted"] == 7 and data["summary"]["warnings"] == 12


def test_max_errors_counts_syntax_errors_too(tmp_path):
    path = tmp_path / "bad.pin"
    path.write_text(('[Event "x"]\nbattle 1 dealer E\n' + "1. XX YY\n" * 40) * 3,
                    encoding="utf-8")
    done = pinochle("validate", str(path))
    assert done.returncode == 2
    assert done.stdout.count(": syntax error: ") == 100
    assert f"{path}: 20 more messages not shown" in done.stdout
    assert done.stdout.splitlines()[-1].endswith("120 syntax errors")
    data = json.loads(pinochle("validate", "--json", str(path)).stdout)
    assert len(data["files"][0]["syntax_errors"]) == 100 and data["files"][0]["omitted"] == 20


def test_plural_forms():
    lines = validate(str(FAULTY / "R9F-repeat.pin")).stdout.splitlines()
    assert f"{FAULTY / 'R9F-repeat.pin'}: game 1: 1 battle" in lines
    assert lines[-1] == "1 game, 1 battle: 0 errors, 1 warning, 0 notices"


def test_standard_input_and_several_files(legal_text):
    result = validate("-", str(FAULTY / "R8C3-winner-mark.pin"), input=legal_text)
    assert result.exit_code == 1
    assert "<stdin>: game 1" in result.stdout and "R8C3 miscount" in result.stdout
    assert "3 games" in result.stdout


def test_exit_2_for_a_syntax_error_printed_compiler_style(tmp_path, legal_text):
    bad = legal_text.replace("1. ", "1. XX ", 1)
    path = tmp_path / "bad.pin"
    path.write_text(bad, encoding="utf-8")
    result = validate(str(path))
    assert result.exit_code == 2
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: ", result.stdout)
    assert "Traceback" not in result.stdout
    assert "1 syntax error" in result.stdout


def test_exit_2_for_a_missing_file_said_on_stderr_and_the_others_still_checked(tmp_path):
    done = pinochle("validate", str(tmp_path / "nope.pin"), str(FAULTY / "R6-no-deal.pin"))
    assert done.returncode == 2
    assert done.stderr == (f"pinochle validate: error: {tmp_path / 'nope.pin'}: cannot read "
                           "the file: No such file or directory\n")
    assert "R6 notice" in done.stdout
    assert done.stdout.splitlines()[-1].endswith(", 1 unreadable file")


def test_json_report_validates_against_its_model_and_schema(legal_text):
    result = validate("--json", "-", str(FAULTY / "R11C-nodraw.pin"), input=legal_text)
    data = json.loads(result.stdout)
    report = Report.model_validate(data)
    assert report.schema_version == 2
    assert report.summary.games == 3 and report.summary.files == 2
    # R11C, R11E, R11F: an irregularity handled as R11 says is a notice, and the run is clean.
    assert (report.summary.errors, report.summary.warnings, report.summary.notices) == (0, 0, 3)
    assert report.exit_status == result.exit_code == 0
    schema = report_schema()
    assert schema["properties"]["schema_version"]["const"] == 2


def test_json_with_a_syntax_error_and_unreadable_file(tmp_path):
    result = validate("--json", str(tmp_path / "nope.pin"), "-", input="battle x\n")
    data = json.loads(result.stdout)
    assert data["exit_status"] == 2 == result.exit_code
    assert data["files"][0]["error"].startswith("cannot read")
    assert data["files"][1]["syntax_errors"][0]["line"] == 1


def test_no_traceback_on_binary_garbage_through_the_console_script(tmp_path):
    path = tmp_path / "garbage.pin"
    path.write_bytes(bytes(range(256)) * 4)
    done = pinochle("validate", str(path))
    assert done.returncode == 2
    no_traceback(done)


def test_report_schema_doc_holds_the_generated_schema():
    doc = (ROOT / "docs" / "report-schema.md").read_text(encoding="utf-8")
    block = doc.split("## JSON schema", 1)[1].split("```json\n", 1)[1].split("\n```", 1)[0]
    assert json.loads(block) == report_schema()


def test_report_schema_doc_text_example_is_what_validate_prints():
    doc = (ROOT / "docs" / "report-schema.md").read_text(encoding="utf-8")
    example = doc.split("## Text form", 1)[1].split("```\n", 1)[1].split("```", 1)[0]
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        result = validate("corpus/faulty/R9F-repeat.pin")
    finally:
        os.chdir(cwd)
    assert result.stdout == example


def test_R11_simulated_irregularities_validate_clean():
    """``pinochle simulate --games 200 --seed 3 --irregularities 0.3 | pinochle validate -``
    exits 0: every irregularity the simulator makes is handled as R11 says (notices only)."""
    simulated = runner.invoke(app, ["simulate", "--games", "200", "--seed", "3",
                                    "--irregularities", "0.3"])
    assert simulated.exit_code == 0
    result = validate("-", input=simulated.stdout)
    assert result.exit_code == 0, [line for line in result.stdout.splitlines()
                                   if "(warning)" in line or " error" in line][:5]
    summary = result.stdout.rstrip().splitlines()[-1]
    assert summary.startswith("200 games") and "0 errors, 0 warnings" in summary
    notices = int(summary.split("warnings, ")[1].split(" ")[0])
    assert notices > 100                # the irregularities did happen, and were reported
