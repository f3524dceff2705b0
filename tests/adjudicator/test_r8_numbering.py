"""The numbering counter (``adjudicator/rules/numbering.py``; docs/rulings.md, "One fault, one
finding: numbering"): for each way a writer gets a numbering wrong, one fault at the line where it
goes wrong, and the lines after it read as the ruling says."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.rules.numbering import Fault, faults

CASES = {
    "clean": ([1, 2, 3, 4, 5], {}),
    "skip": ([1, 2, 4, 5, 6], {3: Fault(4, 3, "skipped", 2)}),
    "skip two": ([1, 2, 5, 6], {3: Fault(5, 3, "skipped", 2)}),
    "skip the first": ([2, 3, 4], {1: Fault(2, 1, "skipped", None)}),
    "skip the last": ([1, 2, 4], {3: Fault(4, 3, "skipped", 2)}),
    "repeat": ([1, 2, 2, 3, 4], {3: Fault(2, 3, "repeated", 2)}),
    "back": ([1, 2, 3, 4, 2, 3], {5: Fault(2, 5, "back", 4)}),
    "start at 0": ([0, 1, 2], {1: Fault(0, 1, "back", None)}),
    "swap": ([1, 3, 2, 4, 5], {2: Fault(3, 2, "swapped", 1)}),
    "swap the first": ([2, 1, 3], {1: Fault(2, 1, "swapped", None)}),
    "swap the last": ([1, 2, 4, 3], {3: Fault(4, 3, "swapped", 2)}),
    "slip": ([1, 2, 9, 4, 5], {3: Fault(9, 3, "slip", 2)}),
    "slip low": ([1, 2, 3, 3, 5], {4: Fault(3, 4, "slip", 3)}),
    "two faults": ([1, 3, 4, 4, 5], {2: Fault(3, 2, "skipped", 1),
                                     4: Fault(4, 5, "repeated", 4)}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_R8_one_fault_where_the_numbering_goes_wrong(name: str) -> None:
    numbers, expected = CASES[name]
    assert faults(numbers) == expected


@pytest.mark.parametrize("fault, message", [
    (Fault(4, 3, "skipped", 2), "the number 3 is skipped, and the tricks after it are read as "
                                "numbered on from 4"),
    (Fault(6, 3, "skipped", 2), "the numbers 3 to 5 are skipped"),
    (Fault(2, 3, "repeated", 2), "the number 2 is written twice"),
    (Fault(2, 5, "back", 4), "the number 2 comes after 4"),
    (Fault(0, 1, "back", None), "the numbering starts at 0"),
    (Fault(3, 2, "swapped", 1), "tricks 2 and 3 are written in the wrong order"),
])
def test_R8_the_message_says_what_the_fault_is(fault: Fault, message: str) -> None:
    text = fault.message("trick", "battle")
    assert text.startswith(f"trick {fault.claimed} is trick {fault.expected} of the battle: "
                           "tricks are numbered from 1 in each battle; ")
    assert message in text


def test_R8_a_slip_keeps_the_message_before_issue_25_and_R4A_cites_its_rule() -> None:
    assert Fault(9, 3, "slip", 2).message("trick", "battle") == \
        "trick 9 is trick 3 of the battle: tricks are numbered from 1 in each battle"
    assert Fault(9, 3, "slip", 2).message("battle", "game", "R4A") == \
        "battle 9 is battle 3 of the game: battles are numbered from 1 in each game (R4A)"
