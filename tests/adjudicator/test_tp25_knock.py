"""Knocking (TP25; spec §6, T10-T13, T22): a player who judges he has reached the target knocks
(`knock W`, optionally with his count); play halts; his count (earlier battles, this battle's
melds, the cards in his tricks) at or above the target wins the game, below it loses. A battle
that ends with a player at the target and nobody knocking raises the target by 250 (once per
battle). The game ends only by a knock; anything after it is reported and ignored."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.twenty_five import twenty_five
from pinochle.notation import dumps, parse
from pinochle.notation.errors import NotationError
from pinochle.notation.events import Claim, Game, Knock, Tag, Trick

from tests.adjudicator.otkit import E, W, errors, random_game
from tests.adjudicator.tpkit import TP

SEEDS = range(21, 31)


def long_game(**tags: str) -> tuple[Game, list[tuple[int, int]]]:
    """Ten random legal battles with right claims; the running totals after each."""
    game, _ = random_game(SEEDS, ruleset=TP, **tags)
    running, totals = [], (0, 0)
    for battle in game.battles:
        [score] = [c for c in battle.events if isinstance(c, Claim) and c.category == "score"]
        totals = (totals[0] + score.east, totals[1] + score.west)
        running.append(totals)
    return game, running


def first_at(running: list[tuple[int, int]], target: int) -> int:
    """The 0-based index of the first battle after which a player has ``target``."""
    return next(k for k, (e, w) in enumerate(running) if max(e, w) >= target)


def with_knock(game: Game, battle: int, knock: Knock, after_trick: int | None = None,
               extra: tuple = ()) -> Game:
    """``game`` cut after its battle ``battle`` (0-based), with ``knock`` in that battle after
    its trick ``after_trick`` (None: after the last trick, before the claims)."""
    b = game.battles[battle]
    events = list(b.events)
    if after_trick is None:
        at = next(i for i, e in enumerate(events) if isinstance(e, Claim))
        events.insert(at, knock)
    else:
        at = next(i for i, e in enumerate(events)
                  if isinstance(e, Trick) and e.number == after_trick)
        events = events[:at + 1] + [knock, *extra]
    battles = (*game.battles[:battle], b.model_copy(update={"events": tuple(events)}))
    return game.model_copy(update={"battles": battles})


def rules(report, severity=None) -> list[str]:
    return [f.rule for f in report.findings if severity is None or f.severity is severity]


def knock_notice(report):
    [f] = [f for f in report.findings if f.rule == "TP25" and f.kind is Kind.NOTICE
           and "knocks" in f.message]
    return f


def test_TP25_a_knock_at_the_target_wins():
    game, running = long_game()
    k = first_at(running, 1000)
    leader = E if running[k][0] >= running[k][1] else W
    count = running[k][leader is W]
    report = validate_game(with_knock(game, k, Knock(seat=leader, count=count)))
    assert errors(report) == []
    f = knock_notice(report)
    assert f.severity is Severity.INFO and f"{leader.word} wins the game" in f.message
    assert f.expected == count and count >= 1000


def test_TP25_a_knock_below_the_target_loses():
    game, running = long_game()
    k = first_at(running, 1000)
    low = next(j for j in range(k) if max(running[j]) < 1000)     # a battle before it
    report = validate_game(with_knock(game, low, Knock(seat=E)))
    assert errors(report) == []
    f = knock_notice(report)
    assert "East loses the game" in f.message and f.expected == running[low][0] < 1000


def test_TP25_the_stated_count_is_checked():
    game, running = long_game()
    k = first_at(running, 1000)
    report = validate_game(with_knock(game, k, Knock(seat=E, count=running[k][0] + 1)))
    [miscount] = [f for f in report.findings if f.kind is Kind.MISCOUNT]
    assert (miscount.rule, miscount.claimed, miscount.expected) == \
        ("TP25", running[k][0] + 1, running[k][0])


def test_TP25_a_knock_in_the_middle_of_a_battle_counts_tricks_and_melds_so_far():
    game, running = long_game()
    battle = game.battles[1]
    tricks = [e for e in battle.events if isinstance(e, Trick)][:6]
    points = {E: 0, W: 0}
    for t in tricks:                                # the cards and melds of East's tricks
        if t.winner is E:
            points[E] += TP.card_points[t.lead] + TP.card_points[t.follow]
            points[E] += sum(m.points for m in t.melds)
    deal = battle.events[0]
    if deal.upcard.rank.name == "NINE" and battle.dealer is E:
        points[E] += 10                             # TP8: the dealer's turned-up nine
    cut = with_knock(game, 1, Knock(seat=E, count=0), after_trick=6)
    report = validate_game(cut)
    [miscount] = [f for f in report.findings if f.kind is Kind.MISCOUNT]
    assert miscount.expected == running[0][0] + points[E]
    assert errors(report) == ["TP25"]               # the miscount only: no R8F-like "stops"


def test_TP25_play_after_a_knock_is_reported_and_ignored():
    game, _ = long_game()
    later = [e for e in game.battles[0].events if isinstance(e, Trick)][7]
    cut = with_knock(game, 0, Knock(seat=W), after_trick=6, extra=(later,))
    report = validate_game(cut)
    [f] = [f for f in report.findings if f.severity is Severity.ERROR]
    assert f.rule == "TP25" and "play halts at West's knock" in f.message


def test_TP25_a_battle_after_the_knock_is_reported():
    game, running = long_game()
    k = first_at(running, 1000)
    knocked = with_knock(game, k, Knock(seat=E))
    more = knocked.model_copy(update={"battles": (*knocked.battles, game.battles[k + 1])})
    report = validate_game(more)
    assert "TP25" in errors(report)
    assert any("after the game ended by East's knock" in f.message for f in report.findings)


def test_TP25_the_target_rises_by_250_when_reached_unknocked():
    game, running = long_game()
    k = first_at(running, 1000)
    report = validate_game(game)
    rises = [f for f in report.findings if "the game now goes to" in f.message]
    assert rises[0].battle == k + 1 and rises[0].expected == 1250
    assert all(f.severity is Severity.INFO for f in rises)
    # one rise per battle at most, each by 250
    assert [f.expected for f in rises] == [1250 + 250 * n for n in range(len(rises))]


def test_TP25_after_a_rise_a_knock_needs_the_new_target():
    game, running = long_game()
    k = first_at(running, 1000)
    j = k + 1
    leader = E if running[j][0] >= running[j][1] else W
    count = running[j][leader is W]
    report = validate_game(with_knock(game, j, Knock(seat=leader)))
    verdict = "wins" if count >= 1250 else "loses"
    assert f"target of 1250: {leader.word} {verdict} the game" in knock_notice(report).message


def test_TP25_a_finished_game_without_a_knock_is_reported():
    game, _ = long_game(Result="*")
    header = tuple(t if t.name != "Result" else Tag(name="Result", value="1-1")
                   for t in game.header if isinstance(t, Tag))
    report = validate_game(game.model_copy(update={"header": header}))
    assert any(f.rule == "TP25" and "ends only by a knock" in f.message
               for f in report.findings)


def test_TP25_a_knock_without_knocking_is_ignored():
    ruleset = twenty_five(knocking="no", target="3550")
    game, _ = random_game(range(3), ruleset=ruleset)
    report = validate_game(with_knock(game, 1, Knock(seat=W)))
    [f] = [f for f in report.findings if f.severity is Severity.ERROR]
    assert f.rule == "TP25" and "not played with knocking" in f.message


def test_TP25_a_knock_in_an_old_time_game_cites_the_old_time_game_rule():
    from pinochle.adjudicator.rulesets.old_time import old_time
    game, _ = random_game(range(2), ruleset=old_time())
    report = validate_game(with_knock(game, 0, Knock(seat=E)))
    assert errors(report) == ["OT4A"]


def test_TP25_the_knock_line_round_trips():
    game, running = long_game()
    k = first_at(running, 1000)
    knocked = with_knock(game, k, Knock(seat=W, count=1234))
    text = dumps(knocked)
    assert "\nknock W 1234\n" in text
    again = parse(text).games[0]
    assert dumps(again) == text
    assert [e for b in again.battles for e in b.events if isinstance(e, Knock)][0].count == 1234


def test_TP25_a_knock_needs_a_seat():
    with pytest.raises(NotationError) as caught:
        parse('[Ruleset "25-steps"]\n\nbattle 1 dealer W\nknock 1000\n')
    assert "4:7" in str(caught.value) and "a seat (E or W)" in str(caught.value)

