"""docs/fixtures.md documents the fixture format as it is: its JSON schema block is the model's
current schema, and its table of folders counts what the corpus holds."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from pinochle.conformance.corpus import ALL_CASES, folder
from pinochle.conformance.fixture import fixture_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "fixtures.md"


def test_doc_schema_equals_the_models_schema():
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"<!-- fixture-schema -->\n```json\n(.*?)\n```", text, re.S)
    assert match, "docs/fixtures.md lost its schema block"
    assert json.loads(match.group(1)) == fixture_schema(), \
        "regenerate the block with: python -m pinochle.conformance.fixture"


def test_doc_folder_table_counts_the_cases():
    text = DOC.read_text(encoding="utf-8")
    documented = {name: int(n) for name, n in
                  re.findall(r"^\| `([\w/-]+)/` \| (\d+) \|", text, re.M)}
    assert documented == dict(Counter(folder(case) for case in ALL_CASES))
