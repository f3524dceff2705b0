"""One numbering fault, one finding (docs/rulings.md, "One fault, one finding:
numbering"): a clean simulated game of every ruleset, with one trick number or one battle number
skipped, repeated or swapped with the next at any position, is reported exactly once, at that
line, under the ruleset's own numbering id (R8, OT8, SC-PLAY9, TP9, DP-PLAY1 for tricks; its
``game`` id for battles), and its other findings are the clean game's."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.rulesets.double_pack import double_pack
from pinochle.adjudicator.model.findings import Finding, Kind
from pinochle.adjudicator.replay import walk_any
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation import dumps, parse
from pinochle.notation.events import Game, Knock, TableTrick, Trick
from pinochle.simulator.partnership.game import simulate_table_game
from pinochle.simulator.simulate import Settings, simulate_game
from tests.strategies import (SIM_OLD_TIME_RULESETS, SIM_RULESETS, SIM_SCARNE_RULESETS,
                        SIM_TWENTY_FIVE_RULESETS, SimFindings)

pytestmark = pytest.mark.slow

RULESETS = {
    "east-point": SIM_RULESETS,
    "old-time": SIM_OLD_TIME_RULESETS,
    "scarne": (*SIM_SCARNE_RULESETS, scarne(laws="scarne")),
    "25-steps": SIM_TWENTY_FIVE_RULESETS,
    "double-pack": (double_pack(), double_pack(trick_scoring="10-10-5-5")),
}
# The numbering ids each ruleset's findings must cite (never East Point's elsewhere).
TRICK_IDS = {"east-point": "R8", "old-time": "OT8", "scarne": "SC-PLAY9", "25-steps": "TP9",
             "double-pack": "DP-PLAY1"}
BATTLE_IDS = {"east-point": "R4A", "old-time": "OT4A", "scarne": "SC-WIN1", "25-steps": "TP2",
              "double-pack": "DP-GAME"}
FAULTS = ("skip", "repeat", "swap")


def renumbered(numbers: list[int], fault: str, place: int) -> list[int]:
    """``numbers`` (1..n) with one fault at index ``place``: every number from it on one more
    (skip), the number before it written again and the rest one less (repeat), or it and the
    next exchanged (swap)."""
    out = list(numbers)
    if fault == "skip":
        out[place:] = [n + 1 for n in numbers[place:]]
    elif fault == "repeat":
        out[place:] = [n - 1 for n in numbers[place:]]
    else:
        out[place], out[place + 1] = numbers[place + 1], numbers[place]
    return out


def places(fault: str, count: int) -> tuple[int, int]:
    """The indexes a fault can be at among ``count`` numbered lines (first, last)."""
    return {"skip": (0, count - 1), "repeat": (1, count - 1), "swap": (0, count - 2)}[fault]


def findings(game: Game) -> list[Finding]:
    visitor = SimFindings()
    walk_any(game, visitor)
    return visitor.findings


def key(finding: Finding) -> tuple:
    return (finding.rule, finding.kind, finding.severity, finding.message, finding.span.line,
            finding.battle, finding.trick)


def simulated(family: str, ruleset, seed: int, policies: tuple[str, str]) -> Game:
    if family == "double-pack":
        return simulate_table_game(seed, ruleset, policies).game
    return simulate_game(seed, Settings(policies=policies, ruleset=ruleset)).game


def numbered_lines(game: Game, battle: int | None) -> list[int]:
    """The indexes of the numbered lines: of the game's battles (``battle`` None), or of the
    tricks among battle ``battle``'s events."""
    if battle is None:
        return list(range(len(game.battles)))
    events = game.battles[battle].events
    return [i for i, e in enumerate(events) if type(e) in (Trick, TableTrick)]


def with_fault(game: Game, battle: int | None, fault: str, place: int) -> tuple[Game, int]:
    """``game`` with one numbering fault at the ``place``-th numbered line, parsed from its
    text, and that line's line number in the text."""
    at = numbered_lines(game, battle)
    if battle is None:
        new = renumbered([b.number for b in game.battles], fault, place)
        battles = [b.model_copy(update={"number": n}) for b, n in zip(game.battles, new)]
    else:
        old = game.battles[battle]
        new = renumbered([old.events[i].number for i in at], fault, place)
        events = list(old.events)
        for i, n in zip(at, new):
            events[i] = events[i].model_copy(update={"number": n})
        battles = list(game.battles)
        battles[battle] = old.model_copy(update={"events": tuple(events)})
    faulty = parse(dumps(game.model_copy(update={"battles": tuple(battles)})),
                   "faulty.pin").games[0]
    line = (faulty.battles[at[place]] if battle is None else
            faulty.battles[battle].events[at[place]]).span.line
    return faulty, line


def clean_findings(game: Game) -> set[tuple]:
    before = findings(parse(dumps(game), "clean.pin").games[0])
    assert not [f for f in before if f.severity != "info"], before
    return {key(f) for f in before}


def one_finding(family: str, game: Game, battle: int | None, fault: str, place: int,
                before: set[tuple]) -> None:
    faulty, line = with_fault(game, battle, fault, place)
    after = findings(faulty)
    new = [f for f in after if key(f) not in before]
    rule = (BATTLE_IDS if battle is None else TRICK_IDS)[family]
    assert len(new) == 1, (fault, place, [f.message for f in new])
    found = new[0]
    assert (found.rule, found.kind, found.span.line) == (rule, Kind.MALFORMED, line), found
    assert len(after) == len(before) + 1, (fault, place, [f.message for f in after])


@st.composite
def faulty_games(draw: st.DrawFn, family: str, lines: str):
    """A clean simulated game of ``family``, and where to put one numbering fault among its
    ``lines`` (``tricks`` of one battle, or ``battles``): the battle (None: the battle
    numbers), the fault and the place among the numbered lines."""
    ruleset = draw(st.sampled_from(RULESETS[family]))
    policies = draw(st.sampled_from((("random", "random"), ("greedy", "random"))))
    game = simulated(family, ruleset, draw(st.integers(0, 2 ** 32 - 1)), policies)
    fault = draw(st.sampled_from(FAULTS))
    # a battle with tricks (a double-pack hand thrown in has none); a game of one battle
    # has no battle numbering to break: a trick's fault instead
    played = [i for i in range(len(game.battles)) if len(numbered_lines(game, i)) > 1]
    battle = None if lines == "battles" and len(game.battles) > 1 else draw(
        st.sampled_from(played))
    first, last = places(fault, len(numbered_lines(game, battle)))
    return game, battle, fault, draw(st.integers(first, last))


def numbering_test(family: str, lines: str):
    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(faulty_games(family, lines))
    def test(case) -> None:
        game, battle, fault, place = case
        one_finding(family, game, battle, fault, place, clean_findings(game))
    return test


@pytest.mark.parametrize("family", list(RULESETS))
def test_every_place_of_one_battle_and_of_the_battles_one_finding(family: str) -> None:
    """Exhaustively, for one game of each ruleset: every fault at every place among its first
    battle's tricks and among its battles."""
    game = simulated(family, RULESETS[family][0], 25, ("greedy", "random"))
    before = clean_findings(game)
    first_played = next(i for i in range(len(game.battles)) if len(numbered_lines(game, i)) > 1)
    for battle in (first_played, None):
        for fault in FAULTS:
            first, last = places(fault, len(numbered_lines(game, battle)))
            for place in range(first, last + 1):
                one_finding(family, game, battle, fault, place, before)


test_R8_one_trick_numbering_fault_one_finding = numbering_test("east-point", "tricks")
test_R4A_one_battle_numbering_fault_one_finding = numbering_test("east-point", "battles")
test_OT8_one_trick_numbering_fault_one_finding = numbering_test("old-time", "tricks")
test_OT4A_one_battle_numbering_fault_one_finding = numbering_test("old-time", "battles")
test_SC_PLAY9_one_trick_numbering_fault_one_finding = numbering_test("scarne", "tricks")
test_SC_WIN1_one_battle_numbering_fault_one_finding = numbering_test("scarne", "battles")
test_TP9_one_trick_numbering_fault_one_finding = numbering_test("25-steps", "tricks")
test_TP2_one_battle_numbering_fault_one_finding = numbering_test("25-steps", "battles")
test_DP_PLAY1_one_trick_numbering_fault_one_finding = numbering_test("double-pack", "tricks")
test_DP_GAME_one_battle_numbering_fault_one_finding = numbering_test("double-pack", "battles")


def test_TP9_TPV6_a_misnumbered_trick_leaves_the_knock_proofs_notice_as_it_was() -> None:
    """The notice of a knock proved by the knocker's next trick (TPV6) names the trick by its
    place in the deal, not by the record's label: a trick numbered wrong before it is the
    numbering's one finding (TP9), and the notice stays the same. (Hypothesis found it in a
    full run: 25-steps, KnockProof "next-trick", seed 0, greedy against random, battle 4.)"""
    ruleset = next(r for r in RULESETS["25-steps"]
                   if r.options.get("KnockProof") == "next-trick")
    game = simulated("25-steps", ruleset, 0, ("greedy", "random"))
    knocked = [b for b, battle in enumerate(game.battles)
               if any(isinstance(e, Knock) for e in battle.events)]
    assert 3 in knocked
    before = clean_findings(game)
    assert any("which proves his knock" in message for _, _, _, message, *_ in before)
    for fault in FAULTS:
        first, last = places(fault, len(numbered_lines(game, 3)))
        for place in (first, last):
            one_finding("25-steps", game, 3, fault, place, before)
