"""Whole games through the replay walker: battles and totals (R4A), the alternating dealer (R4B),
claims (R3, R8G, R9A), the Result tag, and the ruleset tags."""

from __future__ import annotations

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation.events import Claim, Game, Tag, Trick

from tests.adjudicator.replaykit import (
    E, W, battle, card, findings_of, game, legal_game, one_battle_game, play_battle, rules_of,
)


def test_R4A_a_legal_game_has_no_findings_and_totals_are_sums_of_battle_scores():
    g = legal_game([1, 2, 3, 4])
    assert findings_of(g) == []
    result = walk(g, Visitor())
    assert result.east == sum(b.east for b in result.battles)
    assert result.west == sum(b.west for b in result.battles)
    assert [b.ended_by for b in result.battles] == ["R8F"] * 4
    assert result.expected_battles == 4


def test_R4A_result_tag_is_checked_against_the_totals():
    g = legal_game([1, 2])
    result = walk(g, Visitor())
    header = tuple(Tag(name=t.name, value="1-2" if t.name == "Result" else t.value)
                   for t in g.header)
    [f] = findings_of(g.model_copy(update={"header": header}))
    assert (f.rule, f.kind) == ("R4A", Kind.MISCOUNT)
    assert f.claimed == "1-2" and f.expected == f"{result.east}-{result.west}"


def test_R4A_game_claim_is_checked():
    g = legal_game([1, 2])
    result = walk(g, Visitor())
    good = g.model_copy(update={"closing": (Claim(category="game", east=result.east,
                                                  west=result.west),)})
    assert findings_of(good) == []
    bad = g.model_copy(update={"closing": (Claim(category="game", east=result.east + 10),)})
    [f] = findings_of(bad)
    assert (f.rule, f.claimed, f.expected) == ("R4A", result.east + 10, result.east)


def test_R4A_the_agreed_number_of_battles_is_even():
    g = legal_game([1, 2], Battles="3")
    assert "R4A" in rules_of(g)
    assert "even number" in findings_of(g)[0].message


def test_R4A_a_finished_game_plays_the_agreed_number_of_battles():
    short = legal_game([1, 2], Battles="4")
    [f] = findings_of(short)
    assert f.rule == "R4A" and f.claimed == 2 and f.expected == 4
    unfinished = legal_game([1, 2], Battles="4", Result="*")
    assert findings_of(unfinished) == []


def tie_battle(number: int, dealer) -> object:
    """A battle without a deal (possession unchecked): the nondealer leads D♣ and wins 30."""
    return battle(number, dealer, [Trick(number=1, lead=card("D♣"), follow=card("N♦"))])


def without_notices(g: Game) -> list[str]:
    return [f.rule for f in findings_of(g) if f.severity is not Severity.INFO]


def test_R4A_a_tie_calls_for_two_more_battles():
    # each battle is one trick of a finished game: without its deal it still stops with
    # cards in hand by its draws (R8F, docs/rulings.md "Records without the deal")
    two = game([tie_battle(1, E), tie_battle(2, W)], Battles="2", Result="30-30")
    found = [f for f in findings_of(two) if f.severity is not Severity.INFO]
    assert [f.rule for f in found] == ["R8F", "R8F", "R4A"] and found[-1].expected == 4
    four = game([tie_battle(i, E if i % 2 else W) for i in range(1, 5)], Battles="2",
                Result="60-60")
    assert without_notices(four) == ["R8F"] * 4 + ["R4A"]   # still tied: two more again
    six_then_done = legal_game([1, 2])
    assert walk(six_then_done, Visitor()).expected_battles == 2


def test_R4A_a_battle_after_the_game_is_decided_is_reported():
    """Reported once, at its line, and not replayed: the Result that counts it is a miscount."""
    g = legal_game([1, 2, 3], Battles="2")
    found = findings_of(g)
    assert [(f.rule, f.kind) for f in found] == [("R4A", Kind.MALFORMED), ("R4A", Kind.MISCOUNT)]
    assert found[0].battle == 3 and "after the game ended" in found[0].message
    assert found[0].span.line == g.battles[2].span.line
    two = walk(g, Visitor())
    assert len(two.battles) == 2 and found[1].expected == f"{two.east}-{two.west}"
    assert not findings_of(legal_game([1, 2], Battles="2"))


def test_R4A_battles_are_numbered_from_one():
    g = legal_game([1, 2])
    renumbered = g.model_copy(update={"battles": (g.battles[0].model_copy(update={"number": 5}),
                                                  g.battles[1])})
    [f] = findings_of(renumbered)
    assert f.rule == "R4A" and f.claimed == 5 and f.expected == 1


def test_R4B_the_deal_alternates():
    deal1, events1, _ = play_battle(1, E)
    deal2, events2, _ = play_battle(2, E)              # East deals again
    g = game([battle(1, E, [deal1, *events1]), battle(2, E, [deal2, *events2])],
             Battles="2", Result="*")
    [f] = findings_of(g)
    assert (f.rule, f.battle, f.claimed, f.expected) == ("R4B", 2, "E", "W")


def test_R8G_R9A_R3_claimed_battle_totals_are_checked():
    deal, events, state = play_battle(4)
    claims = [Claim(category="tricks", east=state.trick_points(E) + 5,
                    west=state.trick_points(W)),
              Claim(category="melds", west=state.meld_points(W) - 1),
              Claim(category="score", east=state.score(E), west=state.score(W) + 2)]
    tricks = [e for e in events if not isinstance(e, Claim)]
    found = findings_of(one_battle_game([deal, *tricks, *claims]))
    assert [(f.rule, f.kind) for f in found] == [("R8G", Kind.MISCOUNT), ("R9A", Kind.MISCOUNT),
                                                ("R3", Kind.MISCOUNT)]
    assert found[0].claimed == state.trick_points(E) + 5
    assert found[0].expected == state.trick_points(E)
    assert "West" in found[1].message and "West" in found[2].message


def test_R9A_an_unknown_ruleset_option_is_reported_and_nothing_replayed():
    g = legal_game([1, 2], MeldScoring="enormous")
    [f] = findings_of(g)
    assert (f.rule, f.kind) == ("MeldScoring", Kind.MALFORMED)
    assert walk(g, Visitor()).battles == ()


def test_R9A_V2_meld_scoring_tag_changes_the_table():
    g = legal_game([1, 2])
    higher = g.model_copy(update={"header": g.header + (Tag(name="MeldScoring", value="higher"),)})
    found = findings_of(higher)
    assert found and {f.rule for f in found} <= {"R9A", "R3", "R4A"}
