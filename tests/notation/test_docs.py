"""Every ```pinochle block of docs/notation.md parses; every ```pinochle-invalid block fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from collections import Counter

from pinochle.notation import Card, Claim, Deal, NotationError, Trick, dumps, parse
from pinochle.notation.melds import Family

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
_BLOCK = re.compile(r"^```(pinochle(?:-invalid)?)\n(.*?)^```", re.M | re.S)


def _blocks(kind: str) -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(2)) for m in _BLOCK.finditer(text)
            if m.group(1) == kind]


def test_the_spec_has_examples_of_both_kinds() -> None:
    assert len(_blocks("pinochle")) >= 5 and len(_blocks("pinochle-invalid")) >= 3


@pytest.mark.parametrize("line, block", _blocks("pinochle"))
def test_valid_example_parses_and_round_trips(line: int, block: str) -> None:
    record = parse(block, f"notation.md:{line}")
    assert parse(dumps(record)) == record


@pytest.mark.parametrize("line, block", _blocks("pinochle-invalid"))
def test_invalid_example_is_rejected(line: int, block: str) -> None:
    with pytest.raises(NotationError):
        parse(block, f"notation.md:{line}")


def test_the_old_time_example_reads_as_the_spec_says() -> None:
    (line, block), = [(n, b) for n, b in _blocks("pinochle") if "battle 1 dealer E" in b
                      and '[Ruleset "old-time"]' in b]
    record = parse(block, f"notation.md:{line}")
    assert dumps(record) == block                       # canonical, byte for byte
    (game,) = record.games
    assert game.tags["Ruleset"] == "old-time" and game.tags["TrickScoring"] == "11-10-4-3-2"
    events = game.battles[0].events
    deal = events[0]
    assert isinstance(deal, Deal) and deal.upcard == Card.parse("K♥")
    assert (len(deal.east), len(deal.west), len(deal.stock)) == (12, 12, 23)
    dealt = Counter(deal.east + deal.west + deal.stock + (deal.upcard,))
    assert dealt == Counter({Card.parse(r + s): 2 for r in "ATKQJN" for s in "♣♠♥♦"})
    tricks = [e for e in events if isinstance(e, Trick)]
    assert [str(m.kind) for m in tricks[0].melds] == ["swap", "A4"]
    assert tricks[0].melds[1].concealed == tuple(Card.parse(c) for c in ("A♣", "A♠", "A♥", "A♦"))
    (sequence,) = tricks[4].melds
    assert (sequence.kind.family, sequence.kind.suit, sequence.kind.copies) == \
        (Family.SEQUENCE, Card.parse("K♥").suit, 1)
    assert events[-1] == Claim(category="total", east=442, west=128)


def test_the_error_example_is_what_the_reader_prints() -> None:
    text = "battle 1 dealer E\n" + "\n" * 5 + "2. T♠ Z9 W\n"
    with pytest.raises(NotationError) as caught:
        parse(text, "game.pin")
    shown = caught.value.describe()
    assert shown.startswith("game.pin:7:7: syntax error: ")
    assert f"```\n{shown}\n```" in DOC.read_text(encoding="utf-8")
