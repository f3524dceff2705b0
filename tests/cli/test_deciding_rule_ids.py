"""The deciding rule's own id (docs/rulings.md, "The deciding rule's own id"):
no answer's ``rule`` differs from the id its message says decides it, the first id the message
cites (``tests/citations.py``). Checked through the console script over the faulty corpus
(corpus/faulty/), the conformance records (corpus/rulebook/) and the example games
(``validate --format json``), and over ``pinochle melds`` answers: a question at a meld of each
rule in the conformance fixtures, and direct questions down each path of the meld rules, in
every ruleset; the V1 beginner's game (V1C) first, the case the issue found."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.citations import deciding_id, disagreement, heads
from tests.cli.consolekit import ROOT, no_traceback, pinochle

RULEBOOK = ROOT / "corpus" / "rulebook"
BEGINNER = ("--ruleset-option", "Pack=beginner")


def melds_json(*args: str) -> dict[str, Any]:
    done = pinochle("melds", *args, "--json")
    no_traceback(done)
    assert done.returncode in (0, 1), done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def answers(report: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Each (rule, message) of a ``pinochle melds --json`` answer, two-handed or at a table of
    four: the question's answer and what the cards alone say, each legal meld, a declaration's
    melds and findings."""
    question = report.get("question") or {}
    for key in ("answer", "cards_alone"):
        if question.get(key):
            yield question[key]["rule"], question[key]["reason"]
    for meld in [*report.get("legal", []), *question.get("melds", [])]:
        if meld.get("rule"):
            yield meld["rule"], meld["reason"]
    for finding in question.get("findings", []):
        yield finding["rule"], finding["message"]
    if report.get("turn_rule"):
        yield report["turn_rule"], report["turn_reason"]


def disagreements(pairs: Iterator[tuple[str, str]]) -> list[str]:
    return sorted({why for rule, message in pairs
                   for why in [disagreement(rule, message)] if why is not None})


def findings(*paths: Path, least: int) -> Iterator[tuple[str, str]]:
    """Each (rule, message) of ``validate``'s findings on ``paths``: at least ``least``."""
    done = pinochle("validate", "--format", "json", *map(str, paths), timeout=300)
    no_traceback(done)
    assert done.returncode == 1, done.stderr         # some records have findings
    report = json.loads(done.stdout)
    seen = 0
    for file in report["files"]:
        for game in file.get("games", []):
            for finding in game["findings"]:
                seen += 1
                yield finding["rule"], finding["message"]
    assert seen >= least


# --- V1C: the beginner's game has no melds ------------------------------------------------------


def test_V1C_beginner_pack_has_no_melds_and_the_answer_cites_V1C() -> None:
    done = pinochle("melds", *BEGINNER, "--concealed", "A♥ K♥ Q♥ J♥ T♥", "--meld", "♥3")
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        "no: ♥3 is not legal now (V1C)",
        "♥3 cannot be melded: this game has no melds at all (V1C, the beginner's version)"]
    answer = melds_json(*BEGINNER, "--concealed", "A♥ K♥ Q♥ J♥ T♥", "--meld", "♥3")
    assert answer["question"]["answer"]["rule"] == "V1C"
    assert "R9A" not in answer["question"]["answer"]["reason"]
    listing = pinochle("melds", *BEGINNER, "--concealed", "A♥ K♥ Q♥ J♥ T♥")
    assert listing.stdout == "no legal meld: this game has no melds at all (V1C, the beginner's " \
                             "version)\n"


def test_V1C_a_meld_in_a_beginner_record_is_a_V1C_finding(tmp_path: Path) -> None:
    simulated = pinochle("simulate", "--games", "1", "--seed", "3", "--option", "Pack=beginner")
    assert simulated.returncode == 0, simulated.stderr
    lines = simulated.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    lines[first] += " ♦2 51"                        # the first trick's winner melds
    record = tmp_path / "beginner.pin"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = pinochle("validate", "--format", "json", str(record))
    no_traceback(done)
    found = [f for f in json.loads(done.stdout)["files"][0]["games"][0]["findings"]
             if f["line"] == first + 1]
    assert [f["rule"] for f in found] == ["V1C"], found
    assert deciding_id(found[0]["message"]) == "V1C"


# --- the comparison, and that it can fail ------------------------------------------------------


@pytest.mark.parametrize("message, decides", [
    # the answer: it said V1C decides, its rule was R9A
    ("♥3 cannot be melded: this game has no melds at all (V1C, the beginner's version) (R9A)",
     "V1C"),
    ("every card ♦5 needs is already exposed (R9C; M1.3, M4.1, M7); illegal, stands: no "
     "objection in time (R11B)", "R9C"),
    ("every card P needs is already exposed (SC-MELD6 (OT9C)); it scores nothing", "SC-MELD6"),
    ("West holds too many cards (R11D): he draws 1 card more than R8E allows", "R11D"),
    ("a renege (SC-RENEGE1), unclaimed: East follows N♦ with J♣ (♦ led) (SC-PLAYB2)",
     "SC-RENEGE1"),
    ("MeldScoring must be one of original, lower, higher", None),
])
def test_the_first_id_a_message_cites_decides(message: str, decides: str | None) -> None:
    assert deciding_id(message) == decides


def test_a_message_naming_another_rule_first_disagrees() -> None:
    old = "♥3 cannot be melded: this game has no melds at all (V1C, the beginner's version) (R9A)"
    assert disagreement("R9A", old) is not None and disagreement("V1C", old) is None
    assert disagreement("SC-MELD6 (OT9C)", "at least one card (SC-MELD6 (OT9C))") is None
    assert heads("(R9C; compare M3, M4.2, M7.1) then (TP19a3) and DP-MELD1-DP-MELD5") == [
        "R9C", "TP19a3", "DP-MELD1"]
    assert disagreement("Laws", "this ruleset has no irregularity laws (Laws \"none\")") is None


# --- every finding of the corpora ----------------------------------------------------------------


@pytest.mark.slow
def test_every_finding_of_the_faulty_corpus_cites_its_rule_first() -> None:
    assert disagreements(findings(ROOT / "corpus" / "faulty", least=300)) == []


@pytest.mark.slow
def test_every_finding_of_the_conformance_records_and_example_games_cites_its_rule_first() -> None:
    assert disagreements(findings(RULEBOOK, ROOT / "corpus" / "games", least=40)) == []


# --- the melds answers --------------------------------------------------------------------------


def fixture_questions() -> list[tuple[str, ...]]:
    """One ``pinochle melds`` question for each rule, legal and not, that the conformance
    fixtures' melds show in each ruleset's folder: at the fixture's meld, asking about it."""
    chosen: dict[tuple[str, str, bool], tuple[str, ...]] = {}
    for path in sorted(RULEBOOK.rglob("*.json")):
        fixture = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(fixture, dict) or not isinstance(fixture.get("expected"), dict):
            continue
        folder = path.relative_to(RULEBOOK).parts[0]
        for meld in fixture["expected"].get("melds") or []:
            key = (folder, meld["rule"], meld["legal"])
            chosen.setdefault(key, (
                str(path.parent / fixture["record"]), "--battle", str(meld["battle"]),
                "--trick", str(meld["trick"]), "--seat", meld["seat"], "--meld", meld["kind"]))
    return sorted(chosen.values())


QUESTIONS = fixture_questions()

HEARTS = ("--concealed", "A♥ K♥ Q♥ J♥ T♥ A♣")
OLD_TIME = ("--ruleset-option", "Ruleset=old-time", "--trump", "♥")
#: Direct questions down each path of the meld rules, named by the rule that answers them.
DIRECT = {
    "R9A-legal-R9B1": (*HEARTS, "--meld", "♥3"),
    "R9A-legal-stand-in-R9C": ("--concealed", "A♥", "--exposed", "A♥ K♥ Q♥ J♥ T♥", "--scored",
                               "♥3 ♥5", "--meld", "♥2"),
    "R9F": ("--concealed", "A♣ T♣", "--scored", "♣2", "--meld", "♣2"),
    "R9B1": ("--concealed", "A♥", "--meld", "♥2"),
    "R9G-R9D": ("--concealed", "A♥", "--played", "T♥", "--won", "T♥", "--meld", "♥2"),
    "R9C": ("--concealed", "Q♥", "--exposed", "A♥ T♥", "--meld", "♥2"),
    "R8D-turn": (*HEARTS, "--gathered", "lost", "--meld", "♥3"),
    "R9E-turn": (*HEARTS, "--melded", "♥2", "--meld", "♥3"),
    "OT9A-legal-OT9G": (*OLD_TIME, "--concealed", "A♥ T♥ J♥", "--exposed", "K♥ Q♥", "--scored",
                        "♥M", "--meld", "♥F"),
    "OT9G": (*OLD_TIME, "--concealed", "J♣", "--exposed", "A♥ T♥ K♥ Q♥ J♥", "--scored", "♥F",
             "--meld", "♥M"),
    "SC-MELD5": ("--ruleset-option", "Ruleset=scarne", "--trump", "♣", "--concealed", "K♣ Q♣",
                 "--exposed", "K♣ Q♣", "--scored", "♣M", "--meld", "♣♣M"),
    "TP19b2": ("--ruleset-option", "Ruleset=25-steps", "--trump", "♠", "--concealed", "J♦",
               "--exposed", "K♠ Q♠", "--scored", "♠M", "--meld", "P"),
    "DP-MELD5": ("--ruleset-option", "Ruleset=double-pack", "--trump", "♥", "--concealed",
                 "A♥ T♥ K♥ K♥ Q♥ Q♥ J♥", "--meld", "♥F 150 ♥M 40 ♥M 40"),
    "V1C": (*BEGINNER, "--concealed", "A♥ T♥", "--meld", "♥2"),
}


def test_the_fixture_questions_cover_each_ruleset_and_illegal_melds() -> None:
    folders = {Path(q[0]).relative_to(RULEBOOK).parts[0] for q in QUESTIONS}
    assert {"melds", "old-time", "scarne", "25-steps"} <= folders
    assert len(QUESTIONS) >= 15


@pytest.mark.slow
@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: f"{Path(q[0]).stem}:{q[-1]}")
def test_each_melds_answer_at_a_fixture_cites_its_rule_first(question: tuple[str, ...]) -> None:
    report = melds_json(*question)
    assert list(answers(report))
    assert disagreements(answers(report)) == []


#: Questions at a table of four asked of a record: a seat's own declaration judged.
TABLE_RECORDS = {
    "DP-MELD2": ("corpus/faulty/DP-MELD2-not-held.pin", "N"),
    "DP-MELD1": ("corpus/faulty/DP-MELD1-total-too-high.pin", "W"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLE_RECORDS)
def test_each_table_of_four_declaration_answer_cites_its_rule_first(name: str) -> None:
    record, seat = TABLE_RECORDS[name]
    report = melds_json(str(ROOT / record), "--battle", "1", "--seat", seat)
    assert report["question"]["rule"] == name
    assert [rule for rule, _ in answers(report)]
    assert disagreements(answers(report)) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", DIRECT)
def test_each_direct_melds_answer_cites_its_rule_first(name: str) -> None:
    report = melds_json(*DIRECT[name])
    question = report["question"]
    rule = question["rule"] if "declared" in question else question["answer"]["rule"]
    assert rule == name.split("-legal")[0].split("-turn")[0].removesuffix("-R9D"), rule
    assert disagreements(answers(report)) == []
