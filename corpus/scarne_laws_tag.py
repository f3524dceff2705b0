"""Scarne's laws became the ``scarne`` ruleset's default (docs/rulings.md, "Scarne's
laws by default"): every Scarne record of the corpus written before, which had no ``Laws`` tag
and so was judged without the laws, gained one line, ``[Laws "none"]``, so that its meaning
does not change. This script proves it against the code before the change.

    .venv/bin/python corpus/scarne_laws_tag.py check --base REV   # old code, old records vs now
    .venv/bin/python corpus/scarne_laws_tag.py write --base REV   # (re)write scarne-laws-tag.json

For every record under corpus/ that is a Scarne game and, at ``REV``, has no ``Laws`` tag:

- the record now is the record at ``REV`` with exactly one added line, ``[Laws "none"]``, in
  each game's tag section (``check``);
- its JSON report (``pinochle validate --format json -j 1``) by this tree's code equals the
  report the code at ``REV`` gives the record at ``REV``, once the added tag is taken out of the
  report's ``tags`` and every line number after an added line is moved back by one (``normal``);
  ``check`` compares the two texts byte for byte, ``write`` records a SHA-256 of the old one in
  ``corpus/scarne-laws-tag.json``, which tests/cli/test_sc_laws_default.py compares with this
  tree's report on every run, without the history or the old code.

The code at ``REV`` runs from ``git archive REV`` unpacked in a temporary folder, its ``pinochle``
package found there first (the repository's ``pinochle/`` links), with this venv's libraries.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEDGER = ROOT / "corpus" / "scarne-laws-tag.json"
TAG = '[Laws "none"]'
SCARNE = '[Ruleset "scarne"]'


def report(paths: list[str], cwd: Path) -> dict:
    """The JSON report of ``pinochle validate`` run from ``cwd`` by the ``pinochle`` package
    found there (a tree's own ``pinochle/`` links come before the installed one)."""
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    run = subprocess.run([sys.executable, "-c", "from pinochle.console import main; main()",
                          "validate", "--format", "json", "-j", "1", *paths],
                         cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if run.returncode not in (0, 1):
        raise SystemExit(f"validate exited {run.returncode} in {cwd}: {run.stderr.strip()}")
    return json.loads(run.stdout)


def added_lines(path: str) -> list[int]:
    """The 1-based numbers of the lines ``[Laws "none"]`` in a record's tag sections."""
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    return [n for n, line in enumerate(lines, 1) if line == TAG]


def _moved_back(value: object, added: list[int]) -> object:
    if isinstance(value, dict):
        return {key: (item - sum(1 for n in added if n < item)
                      if key in ("line", "end_line") and isinstance(item, int)
                      else _moved_back(item, added))
                for key, item in value.items()}
    if isinstance(value, list):
        return [_moved_back(item, added) for item in value]
    return value


def normal(file_report: dict, added: list[int]) -> dict:
    """A file's report as the record without its added tag lines would have been written: the
    ``Laws`` tag out of each game's ``tags``, line numbers after an added line one less each."""
    for game in file_report.get("games", ()):
        tags = game.get("tags")
        if isinstance(tags, dict) and tags.get("Laws") == "none":
            del tags["Laws"]
    moved = _moved_back(file_report, added)
    assert isinstance(moved, dict)
    return moved


def text(file_report: dict) -> str:
    return json.dumps(file_report, ensure_ascii=False, sort_keys=True)


def digest(file_report: dict) -> str:
    return hashlib.sha256(text(file_report).encode("utf-8")).hexdigest()


def earlier_records(base: str) -> list[str]:
    """The Scarne records under corpus/ at ``base`` without a ``Laws`` tag, sorted."""
    names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", base,
                            "corpus"], capture_output=True, text=True, check=True).stdout
    found = []
    for name in names.splitlines():
        if not name.endswith(".pin"):
            continue
        old = _show(base, name)
        if SCARNE in old.splitlines() and not any(line.startswith("[Laws ")
                                                  for line in old.splitlines()):
            found.append(name)
    return sorted(found)


def _show(base: str, name: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), "show", f"{base}:{name}"],
                          capture_output=True, text=True, check=True).stdout


def old_reports(base: str, names: list[str]) -> dict[str, dict]:
    """Each record's report at ``base`` by the code at ``base``."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", base],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        files = report(names, Path(tmp))["files"]
    return {f["file"]: f for f in files}


def new_reports(names: list[str]) -> dict[str, dict]:
    return {f["file"]: f for f in report(names, ROOT)["files"]}


def check(base: str) -> int:
    names = earlier_records(base)
    old, new = old_reports(base, names), new_reports(names)
    bad = 0
    for name in names:
        was, now = _show(base, name).splitlines(), (ROOT / name).read_text(
            encoding="utf-8").splitlines()
        added = added_lines(name)
        kept = [line for n, line in enumerate(now, 1) if n not in added]
        if kept != was or not added:
            print(f"{name}: the record differs from {base}'s by more than its {TAG} line")
            bad += 1
        elif text(normal(new[name], added)) != text(old[name]):
            print(f"{name}: the report differs from {base}'s")
            bad += 1
    print(f"{len(names)} Scarne records without a Laws tag at {base}; "
          f"{len(names) - bad} keep their report through the added tag, {bad} do not")
    return 1 if bad else 0


def write(base: str) -> int:
    names = earlier_records(base)
    old = old_reports(base, names)
    ledger = {"base": subprocess.run(["git", "-C", str(ROOT), "rev-parse", base],
                                     capture_output=True, text=True, check=True).stdout.strip(),
              "records": {name: {"added": added_lines(name), "sha256": digest(old[name])}
                          for name in names}}
    LEDGER.write_text(json.dumps(ledger, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {LEDGER.relative_to(ROOT)}: {len(names)} records")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[0] not in ("check", "write") or argv[1] != "--base":
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    return (check if argv[0] == "check" else write)(argv[2])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
