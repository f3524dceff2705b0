"""Whole simulated games: R4A length and ties, R4B alternating dealer, reproducibility from a
seed and from a game's own tags, the irregularities, and ``pinochle simulate``."""

from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

from pinochle.cli.main import app
from pinochle.notation import Record, dumps, parse
from pinochle.notation.events import Discovery, ExtraDraw, MissedDraw, Objection, Trick
from pinochle.simulator import simulate as sim
from pinochle.simulator.irregular import INTENDED, KINDS, PRIMARY
from pinochle.simulator.simulate import Settings, settings_from_tags, simulate_game


def test_R4A_a_game_is_the_agreed_even_number_of_battles() -> None:
    for battles in (2, 4, 6):
        game = simulate_game(1, Settings(battles=battles)).game
        assert len(game.battles) == battles
        assert [b.number for b in game.battles] == list(range(1, battles + 1))
        assert game.tags["Battles"] == str(battles)
    with pytest.raises(ValueError, match="even"):
        Settings(battles=3)


def test_R4A_a_tie_adds_two_more_battles(monkeypatch) -> None:
    real = sim.simulate_battle
    scores = iter([(500, 400), (400, 500), (300, 300), (300, 300),   # tied after four
                   (10, 10), (5, 5),                                   # still tied after six
                   (100, 0), (0, 50)])                                 # East ahead after eight

    def scripted(number, dealer, settings, players, rng):
        battle = real(number, dealer, settings, players, rng)
        east, west = next(scores)
        return sim.SimulatedBattle(battle.battle, east, west, None, frozenset())

    monkeypatch.setattr(sim, "simulate_battle", scripted)
    game = simulate_game(3, Settings(battles=4))
    assert len(game.battles) == 8
    assert (game.east, game.west) == (1615, 1565)
    assert game.game.tags["Result"] == "1615-1565"


def test_R4B_the_deal_alternates() -> None:
    for seed in range(10):
        dealers = [b.dealer for b in simulate_game(seed).game.battles]
        assert all(a is not b for a, b in zip(dealers, dealers[1:]))


def test_the_same_seed_gives_the_same_game_and_the_tags_are_enough_to_make_it_again() -> None:
    settings = Settings(policies=("random", "greedy"), irregularities=0.123456789)
    text = dumps(simulate_game(11, settings).game)
    assert dumps(simulate_game(11, settings).game) == text
    assert dumps(simulate_game(12, settings).game) != text
    seed, again = settings_from_tags(parse(text, "g.pin").games[0].tags)
    assert seed == 11
    assert dumps(simulate_game(seed, again).game) == text


def test_R8_tricks_are_numbered_with_winner_marks_and_both_hands_run_out() -> None:
    game = simulate_game(5, Settings(policies=("greedy", "greedy"))).game
    for battle in game.battles:
        tricks = [e for e in battle.events if isinstance(e, Trick)]
        assert [t.number for t in tricks] == list(range(1, 25))
        assert all(t.winner is not None for t in tricks)
        assert [e.category for e in battle.events[-3:]] == ["tricks", "melds", "score"]
    assert game.closing[0].category == "game"


def test_R11_every_irregularity_occurs_and_is_written_as_the_notation_says() -> None:
    seen: Counter[str] = Counter()
    events: Counter[str] = Counter()
    for seed in range(40):
        game = simulate_game(seed, Settings(irregularities=1.0))
        for battle in game.battles:
            if battle.irregularity is not None:
                seen[battle.irregularity] += 1
                assert battle.intended == INTENDED[battle.irregularity]
                assert PRIMARY[battle.irregularity] in battle.intended
            for event in battle.battle.events:
                if isinstance(event, (MissedDraw, ExtraDraw, Discovery)):
                    events[event.type + ("+" if getattr(event, "too_many", False) else "")] += 1
                elif isinstance(event, Objection):
                    events[f"object {event.target if event.target == 'meld' else 'deal'}"] += 1
    assert set(seen) == set(KINDS)
    assert {"nodraw", "extradraw", "discovery+", "discovery", "object meld",
            "object deal"} <= set(events)
    # R11D: every extra draw is discovered (toomany) before the stock runs out.
    assert events["discovery+"] == events["extradraw"]


def test_R11_rate_zero_means_no_irregularity() -> None:
    for seed in range(10):
        assert not simulate_game(seed, Settings(irregularities=0.0)).intended


def _run(*args: str):
    return CliRunner().invoke(app, ["simulate", *args])


def test_cli_simulate_writes_the_games_of_consecutive_seeds_in_canonical_form() -> None:
    result = _run("--games", "3", "--seed", "7", "--policy", "random,greedy",
                  "--irregularities", "0.5")
    assert result.exit_code == 0, result.output
    settings = Settings(policies=("random", "greedy"), irregularities=0.5)
    record = Record(games=tuple(simulate_game(s, settings).game for s in (7, 8, 9)))
    assert result.stdout == dumps(record)
    assert dumps(parse(result.stdout, "-")) == result.stdout


def test_cli_simulate_battles_option() -> None:
    result = _run("--games", "1", "--seed", "2", "--battles", "6")
    assert result.exit_code == 0
    assert len(parse(result.stdout, "-").games[0].battles) == 6


@pytest.mark.parametrize("args, word", [
    (("--policy", "clever"), "--policy"),
    (("--battles", "3"), "--battles"),
    (("--irregularities", "1.5"), "--irregularities"),
    (("--games", "-1"), "--games"),
])
def test_cli_simulate_bad_options_are_usage_errors_exit_4_naming_the_option(args, word) -> None:
    result = _run(*args)
    assert result.exit_code == 4
    assert word in result.output
    assert "Traceback" not in result.output



def test_R11D_an_extra_card_is_found_out_even_when_a_lone_card_stays_in_the_stock() -> None:
    """Found by the property test over every ruleset option: East's extra draw emptied the stock
    down to the one card nobody takes (R11E); the discovery then waited for a coin flip that
    never came before the battle ended (R11F), and the game validated with an unintended R11D
    warning ("never found with too many cards")."""
    from pinochle.adjudicator.rulesets import ruleset_from_tags
    from pinochle.adjudicator.report.validation import validate_game

    settings = Settings(policies=("random", "greedy"), battles=2, irregularities=0.25,
                        ruleset=ruleset_from_tags({"Pack": "beginner"}))
    game = simulate_game(179739, settings).game
    assert any(isinstance(e, ExtraDraw) for b in game.battles for e in b.events)
    assert any(isinstance(e, Discovery) and e.too_many for b in game.battles for e in b.events)
    [again] = parse(dumps(Record(games=(game,)))).games
    report = validate_game(again)
    assert [f.rule for f in report.findings if f.severity != "info"] == []
