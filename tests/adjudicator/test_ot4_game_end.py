"""The game (OT4A, list lost; spec §6): a sequence of battles, its score the sum of theirs, ended
at the end of the battle in which a player reaches the target (``Target``, default 1000): one
player there, she wins; both, the higher; both equal, play on until the tie breaks; a battle
after the end is reported; the ``Result`` tag and the running ``total`` claims are checked;
``GameEnd "single-hand"``: one battle, replayed while tied. The deal alternates (OT4B).

The games are random legal battles (otkit.random_game) chosen by their scores: the seeds below
give a tied battle with the dealer shown (``TIES``), which lets the totals be steered."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.adjudicator.report.validation import validate_game
from pinochle.notation.events import Claim, Game, Tag

from tests.adjudicator.otkit import E, OT, W, random_battle, random_game

#: (seed, dealer, each player's score): battles that end in a tie.
TIES = [(27, E, 175), (75, W, 175), (81, E, 195), (523, W, 225), (185, E, 210), (560, W, 195)]
#: Six tied battles, dealers alternating from East: 175 350 545 770 980 1175 each.
SIX_TIES = [seed for seed, _, _ in TIES]


def scores(seed: int, dealer) -> tuple[int, int]:
    _, _, s = random_battle(seed, dealer)
    return s.score(E), s.score(W)


def test_the_seeds_give_the_scores_the_tests_rely_on():
    for seed, dealer, each in TIES:
        assert scores(seed, dealer) == (each, each)
    assert scores(323, E) == (529, 151)
    assert scores(5, E) == (150, 280)
    assert scores(0, W) == (146, 164)


def run(seeds: list[int], ruleset=OT, result: str | None = None):
    game, totals = random_game(seeds, ruleset=ruleset)
    if result is not None:
        game = with_result(game, result)
    return validate_game(game), totals


def with_result(game: Game, result: str) -> Game:
    header = tuple(t for t in game.header if t.name != "Result") + (Tag(name="Result",
                                                                        value=result),)
    return game.model_copy(update={"header": header})


def problems(report) -> list:
    """The findings that are not notices (a random battle may lay both dixes in a turn, an
    info notice under OT9E)."""
    return [f for f in report.findings if f.severity is not Severity.INFO]


# --- OT4A: the target ------------------------------------------------------------------------

def test_OT4A_the_game_score_is_the_sum_of_the_battle_scores():
    report, totals = run([27, 75, 323])
    assert (report.east, report.west) == totals == (175 + 175 + 529, 175 + 175 + 151)
    assert problems(report) == []


def test_OT4A_one_player_reaches_the_target_the_game_ends_with_that_battle():
    """770 each after four battles; East scores 529 in the fifth: 1299 to 921."""
    report, totals = run(SIX_TIES[:4] + [323], result="1299-921")
    assert totals == (1299, 921)
    assert report.expected_battles == 5
    assert problems(report) == []


def test_OT4A_the_target_is_checked_at_the_end_of_each_battle_only():
    report, _ = run(SIX_TIES[:4], result="770-770")
    [f] = problems(report)
    assert (f.rule, f.kind) == ("OT4A", Kind.MALFORMED)
    assert "nobody has a total of 1000 and more than the other" in f.message


def test_OT4A_a_battle_after_the_end_is_reported():
    report, _ = run(SIX_TIES[:4] + [323, 0])
    [f] = problems(report)
    assert (f.rule, f.kind, f.battle) == ("OT4A", Kind.MALFORMED, 6)
    assert "battle 6 is played after the game ended" in f.message
    assert "East has reached the target of 1000 with the higher total" in f.message


def test_OT4A_both_over_the_target_the_higher_wins():
    """980 each after five battles; the sixth gives 146 to 164: both pass 1000, West wins."""
    report, totals = run(SIX_TIES[:5] + [0], result="1126-1144")
    assert totals == (1126, 1144)
    assert report.expected_battles == 6 and problems(report) == []
    report, _ = run(SIX_TIES[:5] + [0, 3])
    assert [f.rule for f in problems(report)] == ["OT4A"]
    assert "West has reached the target" in problems(report)[0].message


def test_OT4A_a_tie_over_the_target_goes_on():
    """1175 each after six battles: both over the target, tied, so the game is not over."""
    report, totals = run(SIX_TIES, result="1175-1175")
    assert totals == (1175, 1175) and report.expected_battles is None
    [f] = problems(report)
    assert f.rule == "OT4A" and "nobody has a total of 1000 and more than the other" in f.message
    report, totals = run(SIX_TIES + [5], result="1325-1455")
    assert totals == (1325, 1455)
    assert report.expected_battles == 7 and problems(report) == []


def test_OT4A_an_unfinished_game_has_Result_star():
    report, _ = run(SIX_TIES[:3], result="*")
    assert problems(report) == []


def test_OT4A_a_wrong_Result_is_a_miscount():
    report, _ = run(SIX_TIES[:4] + [323], result="1299-920")
    [f] = problems(report)
    assert (f.rule, f.kind, f.claimed, f.expected) == ("OT4A", Kind.MISCOUNT, "1299-920",
                                                       "1299-921")


def test_OT4A_a_Result_that_is_not_totals_is_reported():
    report, _ = run([27], result="East")
    found = problems(report)
    assert [(f.rule, f.kind) for f in found] == [("OT4A", Kind.MALFORMED)] * 2
    assert "Result should be the game totals" in found[1].message


@pytest.mark.parametrize("target, ended", [("1000", 5), ("1250", 7), ("1500", None)])
def test_OT4A_the_Target_tag(target, ended):
    """770 each after four battles, East 1299 after the fifth; with 1250, the tie at 1175 after
    six goes on and the seventh (1325 to 1455) ends it; 1500 is not reached."""
    seeds = SIX_TIES[:4] + [323] if target == "1000" else SIX_TIES + [5]
    report, _ = run(seeds, ruleset=old_time(target=target))
    assert report.expected_battles == ended
    assert problems(report) == []                         # Result "*": not claimed finished


def test_OT4A_the_running_total_claim_is_checked():
    game, _ = random_game([27, 75, 81])
    battle = game.battles[1]
    events = tuple(Claim(category="total", east=351, west=350) if isinstance(e, Claim)
                   and e.category == "total" else e for e in battle.events)
    battles = (game.battles[0], battle.model_copy(update={"events": events}), game.battles[2])
    report = validate_game(game.model_copy(update={"battles": battles}))
    [f] = problems(report)
    assert (f.rule, f.kind, f.battle, f.claimed, f.expected) == ("OT4A", Kind.MISCOUNT, 2, 351,
                                                                 350)


# --- OT4A: single hand -------------------------------------------------------------------------

SINGLE = old_time(game_end="single-hand")


def test_OT4A_single_hand_one_battle_decides():
    report, totals = run([5], ruleset=SINGLE, result="150-280")
    assert report.expected_battles == 1 and problems(report) == []


def test_OT4A_single_hand_a_second_battle_is_after_the_end():
    report, _ = run([5, 0], ruleset=SINGLE)
    [f] = problems(report)
    assert (f.rule, f.battle) == ("OT4A", 2) and "not a tie" in f.message


def test_OT4A_single_hand_a_tie_is_played_again():
    report, _ = run([27], ruleset=SINGLE, result="175-175")
    [f] = problems(report)
    assert f.rule == "OT4A" and "a battle that is not a tie" in f.message
    report, totals = run([27, 0], ruleset=SINGLE, result="321-339")
    assert totals == (321, 339)
    assert report.expected_battles == 2 and problems(report) == []


# --- OT4B: the deal alternates -----------------------------------------------------------------

def test_OT4B_the_deal_alternates():
    game, _ = random_game([27, 75])
    assert [b.dealer for b in game.battles] == [E, W]
    assert problems(validate_game(game)) == []


def test_OT4B_the_same_dealer_twice_is_reported():
    game, _ = random_game([27, 75, 81])
    battle = game.battles[1].model_copy(update={"dealer": E})
    report = validate_game(game.model_copy(update={"battles": (game.battles[0], battle,
                                                               game.battles[2])}))
    found = [(f.rule, f.battle) for f in problems(report)]
    assert ("OT4B", 2) in found and ("OT4B", 3) in found


def test_OT4B_the_first_dealer_is_by_agreement():
    game, _ = random_game([75], first_dealer=W)
    assert problems(validate_game(game)) == []
