"""Write the conformance corpus: for each case, its record (``.pin``) and fixture (``.json``), in
one folder per rulebook section, and ``index.json`` listing them all in the rulebook's order,
each with its ruleset. East Point's cases are in the top folders (``tricks/``, ``melds/``, …),
old-time Pinochle's under ``old-time/`` (``old-time/tricks/``, ``old-time/OT9A/``, …),
double-pack's in ``double-pack/``.

The output depends on the cases alone (seeded by case id; fixed field order; two-space JSON with
real Unicode; canonical notation), so generating twice gives identical trees and the checked-in
``corpus/rulebook`` can be compared with a fresh generation.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from .build import build
from .built import Built
from .cases import CASES, Case, ruleset_name
from .fixture import Fixture, Index, IndexEntry, Source, to_json
from .notation_io import record_text
from .oldtime_cases import OLD_TIME_CASES
from .scarne_cases import SCARNE_CASES
from .partnership.cases import DOUBLE_PACK_CASES, DPCase
from .twentyfive_cases import TWENTY_FIVE_CASES

#: Every rulebook's cases: East Point's, old-time Pinochle's, Scarne's, 25-steps Pinochle's,
#: then double-pack's.
ALL_CASES: tuple[Case | DPCase, ...] = (CASES + OLD_TIME_CASES + SCARNE_CASES + TWENTY_FIVE_CASES
                                        + DOUBLE_PACK_CASES)

#: The folder of each rulebook section (old-time: of each rule id a case quotes).
FOLDERS = {"Examples of Tricks": "tricks", "Examples of Melds": "melds", "R9A": "R9A",
           "C4": "C4", "V2": "V2", "V3": "V3", "V4": "V4",
           "OT2A1": "old-time/pack", "OT2A4": "old-time/pack",
           "OT6B": "old-time/deal", "OT6C": "old-time/deal",
           "OT8C1": "old-time/tricks", "OT8C2": "old-time/tricks", "OT8C3": "old-time/tricks",
           "OT8": "old-time/play", "OT8E": "old-time/play", "OT8F": "old-time/play",
           "OT8G": "old-time/play", "OT9A": "old-time/OT9A",
           "OT9D": "old-time/melds", "OT9E": "old-time/melds", "OT9G": "old-time/melds",
           "SC-PLAY2W": "scarne/tricks", "SC-MELD2": "scarne/melds", "SC-MELD5": "scarne/melds",
           "SC-MELD6": "scarne/melds", "SC-TIP": "scarne/melds",
           **{rule: "25-steps/TP14" for rule in ("TP14", "TPV2")},
           **{rule: "25-steps/TP19" for rule in ("TP19a1", "TP19a2", "TP19b2", "TP19b3",
                                                 "TP19b4")},
           **{case.source.section: "double-pack" for case in DOUBLE_PACK_CASES}}

#: The source checkout this code runs from, when it does (an editable install or a clone).
_CHECKOUT = Path(__file__).resolve().parents[1]

_LETTERS = str.maketrans({"♣": "C", "♠": "S", "♥": "H", "♦": "D", "#": "-"})


def checkout_corpus() -> Path | None:
    """``corpus/rulebook`` of the source checkout this code runs from, or None when it runs
    from an installation without one."""
    if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "corpus").is_dir():
        return _CHECKOUT / "corpus" / "rulebook"
    return None


def file_stem(case_id: str) -> str:
    """A case id as a portable file name: suit glyphs as letters, ``#`` as ``-``
    (``tricks.6.A♣#1`` -> ``tricks.6.AC-1``, ``R9A.♣♣5`` -> ``R9A.CC5``)."""
    return case_id.translate(_LETTERS)


def folder(case: Case | DPCase) -> str:
    return FOLDERS[case.source.section]


def fixture_of(built: Built) -> Fixture:
    case = built.case
    return Fixture(
        id=case.id,
        source=Source(section=case.source.section, row=case.source.row, text=case.source.text),
        rules=list(case.rules),
        description=case.description,
        record=None if built.record is None else file_stem(case.id) + ".pin",
        note=getattr(case, "note", None),
        expected=built.expected,
    )


def render(cases: Iterable[Case | DPCase] = ALL_CASES) -> dict[str, str]:
    """Every file of the corpus: relative path -> text."""
    files: dict[str, str] = {}
    entries = []
    for case in cases:
        built = build(case)
        fixture = fixture_of(built)
        base = f"{folder(case)}/{file_stem(case.id)}"
        files[base + ".json"] = to_json(fixture)
        record = None
        if built.record is not None:
            record = base + ".pin"
            files[record] = record_text(built.record)
        entries.append(IndexEntry(id=case.id, ruleset=ruleset_name(case), fixture=base + ".json",
                                  record=record, rules=list(case.rules)))
    files["index.json"] = to_json(Index(cases=entries))
    return files


def write(out: Path, cases: Iterable[Case | DPCase] = ALL_CASES) -> list[Path]:
    """Write the corpus under ``out``, each file whole or not at all (a temporary file renamed
    over it, so that a reader never sees half of one). Stale ``.json``/``.pin`` files in the
    section folders (left by cases that no longer exist) are removed; nothing else in ``out``
    is touched. Returns the files written."""
    files = render(cases)
    written = []
    for relative, text in files.items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.tmp")
        try:
            temporary.write_text(text, encoding="utf-8", newline="\n")
            temporary.replace(path)
        finally:
            temporary.unlink(missing_ok=True)
        written.append(path)
    keep = {out / relative for relative in files}
    for name in dict.fromkeys(FOLDERS.values()):
        for path in sorted((out / name).glob("*")) if (out / name).is_dir() else ():
            if path.suffix in (".json", ".pin") and path not in keep:
                path.unlink()
    return written
