"""The knock (25-steps TP25, TPV6) and the call-out (Scarne's SC-CALL) are features a ruleset
chooses from its data (issue 28 item 4), as the last draws are (``features/lastdraw.py``): the
game's walker holds the knock's game part (``features/knock.knocks_of``), each battle's walker
the knock's and the call-out's battle parts (``knock_walk_of``, ``callout.call_out_of``); a
ruleset without them holds their null parts, which report such a statement and ignore it, and
builds no knock or call-out machinery. Neither walker is assembled from mixins: the game's
rules (``twohanded/gamerules.GameRules``) are a part both game walkers hold."""

from __future__ import annotations

import pytest

from pinochle.adjudicator import replay
from pinochle.adjudicator.features.callout import CallingOut, NoCallOut
from pinochle.adjudicator.features.knock import KnockWalk, Knocking, NoKnocking, NoKnockWalk
from pinochle.adjudicator.partnership.walker import TableGameWalk
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.twohanded.gamerules import GameRules
from pinochle.notation import parse


def walks(tags: str) -> tuple[replay._GameWalk, replay._BattleWalk]:
    """The game walker of a one-battle record with ``tags``, run, and its battle's walker."""
    (game,) = parse(f'{tags}\n[Result "*"]\n\nBattle 1 dealer W\n').games
    ruleset = ruleset_from_tags(game.tags)
    walker = replay._GameWalk(game, replay.Visitor(), 1)
    walker.run(ruleset, None)
    return walker, replay._BattleWalk(walker, ruleset, game.battles[0], 1)


def test_neither_game_walker_is_assembled_from_mixins() -> None:
    assert replay._GameWalk.__mro__ == (replay._GameWalk, object)
    assert replay._BattleWalk.__mro__ == (replay._BattleWalk, object)
    assert TableGameWalk.__mro__ == (TableGameWalk, object)
    walker, _ = walks('[Ruleset "east-point"]')
    assert type(walker.rules) is GameRules and walker.rules.walk.game is walker.game


@pytest.mark.parametrize("tags", ['[Ruleset "east-point"]', '[Ruleset "old-time"]',
                                  '[Ruleset "scarne"]',
                                  '[Ruleset "25-steps"]\n[Knocking "no"]'])
def test_a_ruleset_without_knock_or_call_out_holds_their_null_parts(tags: str) -> None:
    walker, battle = walks(tags)
    assert type(walker.knocks) is NoKnocking
    assert type(battle.knock) is NoKnockWalk and type(battle.call_out) is NoCallOut
    assert battle.knock.knocked is None and battle.knock.proving is None
    assert not battle.call_out.called


def test_TP25_a_ruleset_with_knocking_holds_the_knock_parts() -> None:
    walker, battle = walks('[Ruleset "25-steps"]')
    assert type(walker.knocks) is Knocking and walker.knocks.target == 1000
    assert type(battle.knock) is KnockWalk and type(battle.call_out) is NoCallOut


def test_SC_CALL_a_ruleset_with_the_call_out_holds_its_part() -> None:
    walker, battle = walks('[Ruleset "scarne"]\n[GameEnd "call-out"]')
    assert type(battle.call_out) is CallingOut and type(battle.knock) is NoKnockWalk
    assert type(walker.knocks) is NoKnocking


@pytest.mark.parametrize("tags, statement, rule, says", [
    ('[Ruleset "east-point"]', "knock E", "R4A", "not played with knocking"),
    ('[Ruleset "25-steps"]\n[Knocking "no"]', "knock E", "TP25", "not played with knocking"),
    ('[Ruleset "east-point"]', "call E", "R4A", "this game has no call-out"),
    ('[Ruleset "scarne"]', "call E", "SC-CALL", "this game has no call-out"),
])
def test_SC_CALL_TP25_the_null_parts_report_the_statement_and_ignore_it(
        tags: str, statement: str, rule: str, says: str) -> None:
    record = f'{tags}\n[Result "*"]\n\nBattle 1 dealer W\n{statement}\n'
    (game,) = parse(record).games
    found = [f for f in validate_game(game).findings if says in f.message]
    assert [(f.rule, f.line) for f in found] == [(rule, 5 + tags.count("\n"))]


def test_TP25_a_deal_read_another_way_decides_the_knock_once() -> None:
    """A deal with one card written wrong (TP1) is replayed once per reading to choose one
    (``_BattleWalk.probe``, on a copy of the game's walker): a knock in it is decided by the
    replay that counts, once; the probes' copies of the knock's game part report nowhere."""
    from collections import Counter

    from pinochle.notation.events import Deal, Knock
    from pinochle.simulator.simulate import Settings, simulate_game

    ruleset = ruleset_from_tags({"Ruleset": "25-steps"})
    game = simulate_game(1, Settings(ruleset=ruleset)).game
    index, battle = next((i, b) for i, b in enumerate(game.battles)
                         if any(isinstance(e, Knock) for e in b.events))
    deal = next(e for e in battle.events if isinstance(e, Deal))
    held = Counter([*deal.east, *deal.west, *deal.stock, deal.upcard])
    full = next(c for c in deal.east if held[c] == ruleset.pack[c])
    wrong = deal.model_copy(update={"east": (*deal.east[:-1], full)})
    events = tuple(wrong if e is deal else e for e in battle.events)
    battles = list(game.battles)
    battles[index] = battle.model_copy(update={"events": events})
    findings = validate_game(game.model_copy(update={"battles": tuple(battles)})).findings
    said = [(f.rule, f.message) for f in findings
            if "is dealt more often" in f.message or "knocks with a count of" in f.message]
    right = [(f.rule, f.message) for f in validate_game(game).findings
             if "knocks with a count of" in f.message]
    assert [rule for rule, _ in said] == ["TP1", "TP25"] and said[1:] == right
