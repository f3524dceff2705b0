"""The last two cards of the stock (TP20, TPV1; spec §8, docs/rulings.md): with LastDraw
"choice" the winner of the last trick of the talon chooses (`choose W upcard` / `choose W
talon`) and takes what he chose; without a `choose` line TP20's order holds (the loser takes
the upcard). A choice without LastDraw "choice" (TP20), by the loser, out of its time or a
second time (TPV1) is an error and is ignored."""

from __future__ import annotations

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.twenty_five import twenty_five
from pinochle.notation import MeldKind, dumps, parse
from pinochle.notation.events import Choice, Trick
from pinochle.simulator.simulate import Settings, simulate_game

from tests.adjudicator.otkit import E, W, card, east_wins, errors
from tests.adjudicator.tpkit import state

CHOICE = twenty_five(last_draw="choice")


def last_stock_turn(ruleset=CHOICE):
    """East has won the trick after which the stock holds the last talon card (Q♥) and the
    upcard (N♠)."""
    s = state("A♣ K♣", "N♣ N♦", stock="Q♥", upcard="N♠", ruleset=ruleset)
    east_wins(s, "A♣", "N♣")
    return s


def test_TPV1_the_winner_who_chooses_the_upcard_takes_it():
    s = last_stock_turn()
    assert s.last_draw.choose(E, "upcard")
    s.finish_turn()
    assert card("N♠") in s.hand(E) and card("Q♥") in s.hand(W)
    assert s.findings == []


def test_TPV1_choosing_the_talon_card_is_tp20s_order():
    s = last_stock_turn()
    assert s.last_draw.choose(E, "talon")
    s.finish_turn()
    assert card("Q♥") in s.hand(E) and card("N♠") in s.hand(W)


def test_TP20_without_a_choose_line_the_loser_takes_the_upcard():
    s = last_stock_turn()
    s.finish_turn()
    assert card("Q♥") in s.hand(E) and card("N♠") in s.hand(W)


def test_TPV1_the_choice_takes_the_dix_exchanged_later_in_the_turn():
    s = state("A♣ N♠", "N♣ N♦", stock="Q♥", upcard="A♠", ruleset=CHOICE)
    east_wins(s, "A♣", "N♣")
    assert s.last_draw.choose(E, "upcard")
    s.meld(E, MeldKind.parse("swap"), 10)
    s.finish_turn()
    # East swapped his nine for the A♠ under the talon, then takes the nine back as chosen
    assert card("A♠") in s.hand(E) and card("N♠") in s.hand(E) and card("Q♥") in s.hand(W)


def test_TP20_a_choice_without_lastdraw_choice_is_an_error_and_ignored():
    s = last_stock_turn(twenty_five())
    assert not s.last_draw.choose(E, "upcard")
    [f] = s.findings
    assert (f.rule, f.kind, f.severity) == ("TP20", Kind.MALFORMED, Severity.ERROR)
    assert 'LastDraw "choice" (TPV1)' in f.message
    s.finish_turn()
    assert card("N♠") in s.hand(W)


def test_TPV1_a_choice_in_another_ruleset_cites_its_draw_rule():
    s = last_stock_turn(old_time())
    assert not s.last_draw.choose(E, "upcard")
    assert [f.rule for f in s.findings] == ["OT8E"]


def test_TPV1_a_choice_by_the_loser_is_ignored():
    s = last_stock_turn()
    assert not s.last_draw.choose(W, "upcard")
    [f] = s.findings
    assert f.rule == "TPV1" and "the winner chooses" in f.message
    s.finish_turn()
    assert card("N♠") in s.hand(W)


def test_TPV1_a_choice_before_the_last_stock_trick_is_ignored():
    s = state("A♣ K♣", "N♣ N♦", stock="Q♥ J♥ K♥", upcard="N♠", ruleset=CHOICE)
    east_wins(s, "A♣", "N♣")
    assert not s.last_draw.choose(E, "upcard")
    assert [f.rule for f in s.findings] == ["TPV1"]


def test_TPV1_a_choice_after_the_last_draws_is_ignored():
    s = last_stock_turn()
    s.finish_turn()
    assert not s.last_draw.choose(E, "upcard")
    assert [f.rule for f in s.findings] == ["TPV1"]
    assert card("N♠") in s.hand(W)


def test_TPV1_a_second_choice_is_ignored_the_first_stands():
    s = last_stock_turn()
    assert s.last_draw.choose(E, "upcard") and not s.last_draw.choose(E, "talon")
    [f] = s.findings
    assert f.rule == "TPV1" and "first choice stands" in f.message
    s.finish_turn()
    assert card("N♠") in s.hand(E)


# --- through records -----------------------------------------------------------------------


def chosen_game(take: str = "upcard"):
    """A simulated LastDraw "choice" game with a `choose ... take` line."""
    for seed in range(1, 60):
        game = simulate_game(seed, Settings(ruleset=CHOICE)).game
        if any(isinstance(e, Choice) and e.take == take for b in game.battles
               for e in b.events):
            return game
    raise AssertionError("no simulated game chose " + take)


def with_choices(game, change):
    battles = tuple(b.model_copy(update={"events": tuple(
        x for e in b.events for x in change(e))}) for b in game.battles)
    return parse(dumps(game.model_copy(update={"battles": battles}))).games[0]


def test_TPV1_a_simulated_choice_game_validates_clean_and_round_trips():
    game = chosen_game()
    text = dumps(game)
    assert "choose " in text and dumps(parse(text)) == text
    assert errors(validate_game(parse(text).games[0])) == []


def test_TPV1_the_replay_follows_the_choice_without_it_the_upcard_is_not_held():
    game = with_choices(chosen_game(), lambda e: () if isinstance(e, Choice)
                        and e.take == "upcard" else (e,))
    found = errors(validate_game(game))
    assert found and set(found) <= {"TP18", "TP22"}        # cards played that were not drawn


def test_TPV1_a_choice_named_for_the_trick_loser_is_reported_under_tpv1():
    game = with_choices(chosen_game("talon"), lambda e: (
        e.model_copy(update={"seat": e.seat.other}),) if isinstance(e, Choice) else (e,))
    report = validate_game(game)
    assert "TPV1" in errors(report)


def test_TP20_choose_lines_under_lastdraw_fixed_are_errors():
    game = chosen_game("talon")
    text = dumps(game).replace('[LastDraw "choice"]', '[LastDraw "fixed"]')
    found = errors(validate_game(parse(text).games[0]))
    # each choice is reported and ignored; an upcard taken against TP20 then shows in play
    assert found.count("TP20") == text.count("\nchoose ") > 0
    assert set(found) <= {"TP20", "TP18", "TP22"}


def test_TPV1_a_choice_after_a_trick_is_its_own_statement():
    text = ('[Ruleset "25-steps"]\n[LastDraw "choice"]\n\nbattle 1 dealer W\n'
            "12. A♠ T♠ E\nchoose E upcard ; East takes the turned-up card\n")
    (event,) = [e for e in parse(text).games[0].battles[0].events if not isinstance(e, Trick)]
    assert (event.seat, event.take) == (E, "upcard") and event.comments[0].text.strip()
