"""One fault, one finding (issue 13, item 5) for melds and the game's end, and issue 13's item 6
rulings on a meld under a wrong winner mark (R8D) and a tied Result (R4A).

Each test writes a concrete record (a simulated legal game, seeded, with one fault put in),
validates it as ``pinochle validate`` would, and asserts the exact findings above a notice other
than miscounted claims: the fault's one finding, at its line, and nothing else; and that a real
second fault later in the record is still found."""

from __future__ import annotations

import re

from pinochle.adjudicator.catalog import ruleset_from_tags
from pinochle.adjudicator.findings import Finding, Kind, Severity
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation import dumps, parse
from pinochle.notation.events import Game
from pinochle.simulator.simulate import Settings, simulate_any

#: The lines of a claim (a miscounted claim that includes the fault is not a cascade).
CLAIMS = ("tricks ", "melds ", "score ", "total ", "game ", "[Result ")


class _Collect(Visitor):
    needs_log = False

    def __init__(self) -> None:
        self.found: list[Finding] = []

    def finding(self, finding: Finding) -> None:
        self.found.append(finding)


def legal(ruleset: str, seed: int, **options: str) -> Game:
    """A legal simulated game of ``ruleset`` (greedy against greedy)."""
    rules = ruleset_from_tags({"Ruleset": ruleset, **options})
    return simulate_any(seed, Settings(policies=("greedy", "greedy"), ruleset=rules)).game


def findings(text: str) -> list[Finding]:
    collect = _Collect()
    walk(parse(text, "test.pin").games[0], collect)
    return collect.found


def faults(text: str) -> list[tuple[str, int]]:
    """(rule, line) of each finding above a notice that is not a miscounted claim."""
    lines = text.splitlines()
    return [(f.rule, f.span.line) for f in findings(text) if f.severity is not Severity.INFO
            and not (f.kind is Kind.MISCOUNT and lines[f.span.line - 1].lstrip().startswith(
                CLAIMS))]


def line_of(text: str, start: str, after: int = 0) -> int:
    """The first line (1-based) after line ``after`` that starts with ``start``."""
    for n, line in enumerate(text.splitlines()[after:], after + 1):
        if line.startswith(start):
            return n
    raise AssertionError(f"no line {start!r}")


# --- a battle after the game's end (R4A, OT4A, SC-WIN1, TP25) -----------------------------------


def _replayed_again(game: Game) -> Game:
    """The game's last battle played again after the end, its dealer the other player."""
    last = game.battles[-1]
    extra = last.model_copy(update={"number": last.number + 1, "dealer": last.dealer.other})
    return game.model_copy(update={"battles": (*game.battles, extra)})


def test_OT4A_a_battle_after_the_target_is_one_finding_at_its_line_and_not_replayed():
    game = legal("old-time", 1)
    text = dumps(_replayed_again(game))
    at = line_of(text, f"battle {len(game.battles) + 1} ")
    assert faults(text) == [("OT4A", at)]
    [f] = [f for f in findings(text) if f.severity is not Severity.INFO]
    assert "is played after the game ended" in f.message and "it is not replayed" in f.message
    assert (f.claimed, f.expected) == (len(game.battles) + 1, len(game.battles))


def test_SC_WIN1_and_TP25_a_battle_after_the_end_is_one_finding_at_its_line():
    for ruleset, rule in (("scarne", "SC-WIN1"), ("25-steps", "TP25")):
        game = legal(ruleset, 2)
        text = dumps(_replayed_again(game))
        assert faults(text) == [(rule, line_of(text, f"battle {len(game.battles) + 1} "))]


def test_OT4A_a_battle_after_the_end_and_a_real_fault_before_it_are_both_found():
    game = _replayed_again(legal("old-time", 1))
    text = dumps(game)
    # a wrong winner mark on the first trick line without a meld: a second, real fault
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines, 1)
                 if re.fullmatch(r"\d+\. \S+ \S+ [EW]", line))
    lead_follow, mark = lines[first - 1].rsplit(" ", 1)
    lines[first - 1] = f"{lead_follow} {'W' if mark == 'E' else 'E'}"
    faulty = "\n".join(lines) + "\n"
    found = faults(faulty)
    assert len(found) == 2 and found[0][1] == first and found[0][0].startswith("OT8C")
    assert found[1] == ("OT4A", line_of(faulty, f"battle {len(game.battles)} "))
