"""Simulated old-time games (``--ruleset old-time``): the deal with its upcard (OT6B), the game
to the target (OT4A), the record's tags and claims, a meld and a dix or swap in one turn (OT9E),
and reproducibility from the tags (the command line: tests/cli/test_simulate_old_time.py).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pinochle.adjudicator.rulesets.old_time import OLD_TIME_OPTIONS, old_time
from pinochle.notation import dumps, parse
from pinochle.notation.cards import Seat
from pinochle.notation.events import Claim, Deal, Trick
from pinochle.notation.melds import Family
from pinochle.simulator import simulate as sim
from pinochle.simulator.deal import deal, pack_cards
from pinochle.simulator.simulate import Settings, settings_from_tags, simulate_game

OLD_TIME = old_time()
GREEDY = ("greedy", "greedy")


def test_OT6B_twelve_cards_each_then_the_upcard_under_a_stock_of_23() -> None:
    for seed in range(20):
        dealt = deal(OLD_TIME, Seat.EAST, random.Random(seed))
        assert len(dealt.east) == len(dealt.west) == 12 and len(dealt.stock) == 23
        assert dealt.upcard is not None
        assert Counter([*dealt.east, *dealt.west, *dealt.stock, dealt.upcard]) == \
            Counter(pack_cards(OLD_TIME))
        # The upcard is the card after the hands: the 25th of the shuffled pack.
        cards = pack_cards(OLD_TIME)
        random.Random(seed).shuffle(cards)
        assert dealt.upcard is cards[24] and dealt.stock == tuple(cards[25:])


def _totals(game):
    east = west = 0
    for battle in game.battles:
        score = next(e for e in battle.events if isinstance(e, Claim) and e.category == "score")
        east, west = east + score.east, west + score.west
        total = battle.events[-1]
        assert isinstance(total, Claim) and total.category == "total"
        assert (total.east, total.west) == (east, west)
        yield east, west


@pytest.mark.parametrize("target", ["1000", "1250", "2000"])
def test_OT4A_the_game_ends_when_a_player_has_reached_the_target_with_the_higher_total(
        target) -> None:
    goal = int(target)
    for seed in range(8):
        game = simulate_game(seed, Settings(ruleset=old_time(target=target))).game
        totals = list(_totals(game))
        *before, (east, west) = totals
        assert max(east, west) >= goal and east != west
        assert all(max(e, w) < goal or e == w for e, w in before)
        assert game.tags["Result"] == f"{east}-{west}"
        assert game.tags["Target"] == target
        closing = game.closing[0]
        assert (closing.category, closing.east, closing.west) == ("game", east, west)


def test_OT4A_single_hand_ends_after_the_first_battle_that_is_not_a_tie() -> None:
    for seed in range(5):
        game = simulate_game(seed, Settings(ruleset=old_time(game_end="single-hand"))).game
        totals = list(_totals(game))
        assert totals[-1][0] != totals[-1][1]
        assert all(e == w for e, w in totals[:-1])


def test_OT4A_a_tie_over_the_target_goes_on(monkeypatch) -> None:
    real = sim.simulate_battle
    scores = iter([(600, 400), (400, 600), (100, 0), (5, 5)])   # 1000 all, 1100-1000, ...

    def scripted(number, dealer, settings, players, rng):
        battle = real(number, dealer, settings, players, rng)
        east, west = next(scores)
        return sim.SimulatedBattle(battle.battle, east, west, None, frozenset())

    monkeypatch.setattr(sim, "simulate_battle", scripted)
    game = simulate_game(3, Settings(ruleset=OLD_TIME))
    assert len(game.battles) == 3
    assert (game.east, game.west) == (1100, 1000)
    assert game.game.tags["Result"] == "1100-1000"


def test_the_record_names_the_ruleset_and_every_option_and_no_agreed_battles() -> None:
    ruleset = old_time(phase_b="scarne", target="1500", trick_scoring="10-10-5-5")
    game = simulate_game(4, Settings(ruleset=ruleset)).game
    tags = game.tags
    assert tags["Ruleset"] == "old-time"
    assert {name: tags[name] for name in OLD_TIME_OPTIONS} == dict(ruleset.options)
    assert "Battles" not in tags
    text = dumps(game)
    seed, settings = settings_from_tags(parse(text, "g.pin").games[0].tags)
    assert (seed, settings.ruleset) == (4, ruleset)
    assert dumps(simulate_game(seed, settings).game) == text
    for battle in game.battles:
        deals = [e for e in battle.events if isinstance(e, Deal)]
        assert len(deals) == 1 and deals[0].upcard is not None
        assert [e.category for e in battle.events[-4:]] == ["tricks", "melds", "score", "total"]


def test_the_east_point_record_is_unchanged_no_ruleset_tag_no_upcard_no_total() -> None:
    game = simulate_game(1, Settings()).game
    assert "Ruleset" not in game.tags and game.tags["Battles"] == "4"
    for battle in game.battles:
        assert all(e.upcard is None for e in battle.events if isinstance(e, Deal))
        assert battle.events[-1].category == "score"


def test_OT9E_a_turn_is_one_meld_and_at_most_one_dix_or_swap_and_both_are_played() -> None:
    free = (Family.DIX, Family.SWAP)
    turns: Counter[str] = Counter()
    for seed in range(40):
        for policies in (GREEDY, ("random", "random")):
            game = simulate_game(seed, Settings(policies=policies, ruleset=OLD_TIME)).game
            for battle in game.battles:
                for trick in (e for e in battle.events if isinstance(e, Trick)):
                    families = [m.kind.family for m in trick.melds]
                    extra = [f for f in families if f in free]
                    assert len(families) - len(extra) <= 1 and len(extra) <= 1
                    if trick.number > 12:
                        assert not trick.melds                          # OT8D: phase B
                    if len(families) == 2:
                        turns[f"{policies[0]} meld and {extra[0].value}"] += 1
    assert turns["greedy meld and swap"] and turns["random meld and dix"]
    assert turns["random meld and swap"]
