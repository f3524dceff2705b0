"""One numbering fault, one finding, through the console script
(docs/rulings.md, "One fault, one finding: numbering"): a game made by ``pinochle simulate``,
one trick or battle number of its text changed as a writer would get it wrong, then
``pinochle validate --format json``: exactly one finding, at the faulty line, under the
ruleset's own id, saying how the rest is read."""

from __future__ import annotations

import json
import re
from functools import cache

from tests.cli.consolekit import no_traceback, pinochle

TRICK = re.compile(r"^(\d+)\.(?= )")
BATTLE = re.compile(r"^battle (\d+)(?= )")


@cache
def simulated(ruleset: str, seed: int = 4) -> tuple[str, ...]:
    made = pinochle("simulate", "--ruleset", ruleset, "--seed", str(seed), "--policy", "greedy")
    assert made.returncode == 0, made.stderr
    return tuple(made.stdout.split("\n"))


def numbered(lines: tuple[str, ...], pattern: re.Pattern[str], battle: int = 1) -> list[int]:
    """The indexes of the numbered lines: the battle lines (``BATTLE``), or the trick lines of
    battle ``battle`` (the ``battle``-th battle line's, up to the next)."""
    if pattern is BATTLE:
        return [i for i, line in enumerate(lines) if BATTLE.match(line)]
    starts = numbered(lines, BATTLE) + [len(lines)]
    return [i for i in range(starts[battle - 1], starts[battle]) if TRICK.match(lines[i])]


def renumbered(lines: tuple[str, ...], pattern: re.Pattern[str], numbers: dict[int, int]
               ) -> str:
    """The text with the numbered line at index ``i`` numbered ``numbers[i]``."""
    out = list(lines)
    for i, n in numbers.items():
        found = pattern.match(out[i])
        assert found is not None
        out[i] = f"{out[i][:found.start(1)]}{n}{out[i][found.end(1):]}"
    return "\n".join(out)


def validate(text: str) -> tuple[int, list[dict]]:
    """``pinochle validate --format json -`` of ``text``: its exit status and findings."""
    done = pinochle("validate", "--format", "json", "-", input=text)
    no_traceback(done)
    report = json.loads(done.stdout)
    return done.returncode, [f for file in report["files"] for game in file["games"]
                             for f in game["findings"]]


@cache
def clean_findings(ruleset: str) -> frozenset[tuple]:
    """The simulated game's findings: notices only."""
    status, clean = validate("\n".join(simulated(ruleset)))
    assert status == 0 and all(f["severity"] == "info" for f in clean), clean
    return frozenset(key(f) for f in clean)


def faulty(ruleset: str, pattern: re.Pattern[str], change, place: int) -> tuple[str, int]:
    """The simulated game's text with ``change`` (numbers -> numbers) made to its numbered
    lines (``TRICK``: of its first battle), and the faulty line's number (1-based)."""
    lines = simulated(ruleset)
    at = numbered(lines, pattern)
    new = change([int(pattern.match(lines[i]).group(1)) for i in at], place)
    return renumbered(lines, pattern, dict(zip(at, new))), at[place] + 1


def skip(numbers: list[int], place: int) -> list[int]:
    return numbers[:place] + [n + 1 for n in numbers[place:]]


def repeat(numbers: list[int], place: int) -> list[int]:
    return numbers[:place] + [n - 1 for n in numbers[place:]]


def swap(numbers: list[int], place: int) -> list[int]:
    out = list(numbers)
    out[place], out[place + 1] = out[place + 1], out[place]
    return out


def slip(numbers: list[int], place: int) -> list[int]:
    return numbers[:place] + [numbers[place] + 3] + numbers[place + 1:]


def key(finding: dict) -> tuple:
    return finding["rule"], finding["line"], finding["message"]


def only_finding(text: str, rule: str, line: int, ruleset: str) -> dict:
    """The one finding ``text`` has beyond the clean game's."""
    clean = clean_findings(ruleset)
    status, findings = validate(text)
    assert status == 1
    new = [f for f in findings if key(f) not in clean]
    assert [(f["rule"], f["kind"], f["line"]) for f in new] == [(rule, "malformed", line)], new
    assert len(findings) == len(clean) + 1
    return new[0]


def test_R8_a_skipped_trick_number_is_one_finding_and_the_rest_is_read_on_from_it():
    text, line = faulty("east-point", TRICK, skip, 5)
    found = only_finding(text, "R8", line, "east-point")
    assert found["message"] == (
        "trick 7 is trick 6 of the battle: tricks are numbered from 1 in each battle; the "
        "number 6 is skipped, and the tricks after it are read as numbered on from 7")


def test_OT8_a_repeated_trick_number_is_one_finding():
    text, line = faulty("old-time", TRICK, repeat, 9)
    found = only_finding(text, "OT8", line, "old-time")
    assert "the number 9 is written twice" in found["message"]


def test_SC_PLAY9_two_trick_numbers_out_of_order_are_one_finding():
    text, line = faulty("scarne", TRICK, swap, 0)
    found = only_finding(text, "SC-PLAY9", line, "scarne")
    assert found["message"].endswith("tricks 1 and 2 are written in the wrong order")


def test_TP9_a_trick_number_gone_back_is_one_finding():
    text, line = faulty("25-steps", TRICK, lambda numbers, place: repeat(
        repeat(repeat(numbers, place), place), place), 7)
    found = only_finding(text, "TP9", line, "25-steps")
    assert "the number 5 comes after 7, and the tricks after it" in found["message"]


def test_DP_PLAY1_a_skipped_trick_number_at_the_last_trick_is_one_finding():
    lines = simulated("double-pack")
    last = len(numbered(lines, TRICK)) - 1
    text, line = faulty("double-pack", TRICK, skip, last)
    found = only_finding(text, "DP-PLAY1", line, "double-pack")
    assert (found["claimed"], found["expected"]) == (last + 2, last + 1)


def test_R8_a_slip_of_one_trick_number_keeps_its_message_and_the_count():
    text, line = faulty("east-point", TRICK, slip, 6)
    found = only_finding(text, "R8", line, "east-point")
    assert found["message"] == ("trick 10 is trick 7 of the battle: tricks are numbered from 1 "
                                "in each battle")


def test_R4A_a_skipped_battle_number_is_one_finding():
    text, line = faulty("east-point", BATTLE, skip, 1)
    found = only_finding(text, "R4A", line, "east-point")
    assert (found["claimed"], found["expected"], found["battle"]) == (3, 2, 2)
    assert found["message"] == (
        "battle 3 is battle 2 of the game: battles are numbered from 1 in each game (R4A); the "
        "number 2 is skipped, and the battles after it are read as numbered on from 3")


def test_OT4A_two_battle_numbers_out_of_order_are_one_finding():
    text, line = faulty("old-time", BATTLE, swap, 0)
    only_finding(text, "OT4A", line, "old-time")


def test_DP_GAME_a_repeated_battle_number_is_one_finding():
    text, line = faulty("double-pack", BATTLE, repeat, 2)
    found = only_finding(text, "DP-GAME", line, "double-pack")
    assert "the number 2 is written twice" in found["message"]


def test_SC_WIN1_and_TP2_a_skipped_battle_number_cites_the_ruleset_s_own_id():
    for ruleset, rule in (("scarne", "SC-WIN1"), ("25-steps", "TP2")):
        text, line = faulty(ruleset, BATTLE, skip, 0)
        found = only_finding(text, rule, line, ruleset)
        assert found["message"].startswith("battle 2 is battle 1 of the game") and \
            f"({rule})" in found["message"]
