"""After a card-not-held fault (R8A, R8B) the player's hand, as ``pinochle
melds`` shows it, counts one card fewer (docs/rulings.md, one fault one finding: the record is
believed, so one unknown card of his is gone). Through the console script, on the faulty
corpus's R8A and R8B records (their fault lines are marked ``; fault: R8A``)."""

from __future__ import annotations

import json

import pytest
from tests.cli.consolekit import ROOT, no_traceback, pinochle

FAULTY = ROOT / "corpus" / "faulty"


def _fault(name: str) -> tuple[int, str]:
    """The trick number of the record's fault line, and its seat letter (who played it)."""
    for line in (FAULTY / name).read_text(encoding="utf-8").splitlines():
        if "; fault:" in line:
            number = int(line.split(".")[0])
            return number, line.split(";")[1].split("(")[1].split()[0]
    raise AssertionError(f"{name} marks no fault")


def _melds(name: str, trick: int, seat: str, *extra: str):
    done = pinochle("melds", str(FAULTY / name), "--battle", "1", "--trick", str(trick),
                    "--seat", seat[0], *extra)
    no_traceback(done)
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.parametrize("name", ["R8A-not-held.pin", "R8B-not-held.pin"])
def test_R8A_R8B_after_a_card_not_held_the_hand_counts_one_card_fewer(name: str) -> None:
    trick, who = _fault(name)
    seat = "E" if who == "East" else "W"
    before = json.loads(_melds(name, trick - 1, seat, "--json").stdout)
    after = json.loads(_melds(name, trick, seat, "--json").stdout)
    listed = len(after["concealed"]) + len(after["exposed"])
    assert (before["gone"], after["gone"]) == (0, 1)
    assert after["size"] == listed - 1 == before["size"]    # drew one, played one
    text = _melds(name, trick, seat).stdout
    assert f"note: the hand holds {listed - 1} cards" in text and "(R8A, R8B)" in text
    assert "note: the hand holds" not in _melds(name, trick - 1, seat).stdout
    other = "W" if seat == "E" else "E"
    assert json.loads(_melds(name, trick, other, "--json").stdout)["gone"] == 0
