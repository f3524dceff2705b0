"""Files kept in canonical form round-trip byte for byte: corpus/**/*.pin and the fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.notation import dumps, parse

ROOT = Path(__file__).resolve().parents[2]
CANONICAL = sorted((ROOT / "corpus").rglob("*.pin")) + [
    Path(__file__).parent / "data" / "club_night.pin"]


@pytest.mark.parametrize("path", CANONICAL, ids=lambda p: str(p.relative_to(ROOT)))
def test_canonical_file_round_trips_byte_for_byte(path: Path) -> None:
    text = path.read_bytes().decode("utf-8")
    assert dumps(parse(text, str(path))) == text
