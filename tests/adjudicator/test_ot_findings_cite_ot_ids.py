"""Every finding of an old-time game cites an old-time id (OT1-OT9 and their sub-rules) or the
name of a tag, never an East Point R-id: the engine's checks are named by the ruleset's
``RuleIds``, and a statement of East Point's irregularity laws is reported under ``Laws``.

The games: the evening's battles with one statement of every kind put in or taken out, and
random legal games with random lines added, dropped, doubled or changed."""

from __future__ import annotations

import random

import pytest

from pinochle.adjudicator.rulesets.old_time import OLD_TIME_OPTIONS, old_time
from pinochle.adjudicator.report.validation import GameReport, validate_game
from pinochle.notation import dumps, parse
from pinochle.notation.errors import PinochleError

from tests.adjudicator.otkit import OT, OT_ID, drop_lines, edit_line, evenings, random_game, record

EVENING_1, EVENING_2 = evenings()
TAGS = {"Ruleset", *OLD_TIME_OPTIONS}


def foreign(report: GameReport, tags: set[str]) -> list[tuple[str, str]]:
    """The findings that cite neither an old-time id nor a tag name."""
    return [(f.rule, f.message) for f in report.findings
            if not (OT_ID.fullmatch(f.rule) or f.rule in TAGS or f.rule in tags)]


def old_time_reports(text: str) -> list[tuple[GameReport, set[str]]]:
    try:
        games = parse(text).games
    except PinochleError:
        return []
    reports = [(validate_game(g), set(g.tags)) for g in games]
    return [(r, tags) for r, tags in reports
            if r.ruleset is not None and r.ruleset["Ruleset"] == "old-time"]


def after(battle: str, start: str, *new: str) -> str:
    """``battle`` with ``new`` lines after its line that starts with ``start``."""
    lines = battle.splitlines()
    [k] = [i for i, line in enumerate(lines) if line.startswith(start)]
    return "\n".join(lines[:k + 1] + list(new) + lines[k + 1:]) + "\n"


STATEMENTS = [
    "draw W E", "draw E", "draw", "nodraw W", "extradraw E", "object deal W", "object meld E",
    "object shuffle E", "object cut W", "toofew W", "toomany E", "expose E A♠ T♠",
    "meld W ♠M 20", "meld E K4 80", "meld E dix 10", "meld E swap 10", "meld W T4 100",
    "meld E ♣5 211", "meld E ♥♥♥F 450", "meld E PPP 900", "tricks E 1 W 2", "melds E 7",
    "score W 1", "total E 9",
]


@pytest.mark.parametrize("statement", STATEMENTS)
@pytest.mark.parametrize("where", ["2. ", "12. ", "13. ", "24. "])
def test_OT_ids_only_whatever_statement_follows_a_trick(statement, where):
    text = record(after(EVENING_1, where, statement), TrickScoring="11-10-4-3-2")
    [(report, tags)] = old_time_reports(text)
    assert foreign(report, tags) == []


@pytest.mark.parametrize("battle", [
    after(EVENING_1, "upcard:", *EVENING_1.splitlines()[1:5]),               # dealt again
    after(EVENING_1, "3. ", *EVENING_1.splitlines()[1:5]),                   # mid-battle deal
    after(EVENING_1, "upcard:", "object deal W", *EVENING_1.splitlines()[1:5]),
    drop_lines(EVENING_1, "E:", "W:", "stock:", "upcard:"),
    drop_lines(EVENING_1, "upcard:"),
    edit_line(EVENING_1, "E:", "E: D♣ K♣ J♣ A♠ K♠ Q♠ J♠ K♥ T♦ T♦ Q♦"),
    edit_line(EVENING_1, "upcard:", "upcard: D♥"),
    drop_lines(EVENING_1, "24. "),
    after(EVENING_1, "24. ", "25. A♣ K♣ E"),
    edit_line(EVENING_1, "1. ", "1. J♣ J♣ E"),
    edit_line(EVENING_1, "1. ", "3. J♣ J♣ W"),
    edit_line(EVENING_1, "13. ", "13. K♣ Q♠ W"),
    edit_line(EVENING_1, "2. ", "2. A♣ N♦ W swap 10 swap 10"),
    edit_line(EVENING_1, "battle", "battle 1 dealer W"),
    EVENING_1 + "\n" + EVENING_2.replace("battle 1", "battle 2").replace("dealer W",
                                                                         "dealer E"),
])
def test_OT_ids_only_for_a_broken_deal_or_battle(battle):
    [(report, tags)] = old_time_reports(record(battle))
    assert report.findings
    assert foreign(report, tags) == []


@pytest.mark.parametrize("tags", [
    {"Result": "1-2"}, {"Result": "East"}, {"Battles": "2"}, {"Target": "1000"},
])
def test_OT_ids_only_for_the_game_tags(tags):
    text = record(EVENING_1, **tags) + "game E 1 W 2\n"
    for report, names in old_time_reports(text):
        assert foreign(report, names) == []


def test_OT_ids_only_for_a_tag_given_twice():
    text = record(EVENING_1).replace('[Result "*"]', '[Result "*"]\n[PhaseB "scarne"]\n'
                                     '[PhaseB "must-win"]\n[Result "1-1"]')
    [(report, tags)] = old_time_reports(text)
    assert {f.rule for f in report.findings} >= {"PhaseB", "OT4A"}
    assert foreign(report, tags) == []


INSERTS = STATEMENTS + ["E: A♣", "upcard: K♥", "1. A♣ A♣ E", "game E 1 W 1"]


def mutate(text: str, rng: random.Random) -> str:
    """A legal record with one to four lines added, dropped, doubled or changed; its tags are
    left alone, so that it stays an old-time game."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("battle"))
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(first, len(lines))
        line, op = lines[k], rng.randrange(5)
        if op == 0:
            lines.insert(k + 1, rng.choice(INSERTS))
        elif op == 1:
            del lines[k]
        elif op == 2:
            lines.insert(k, line)
        elif line[:1].isdigit():
            words = line.split()
            if op == 3 and len(words) > 3:
                words[3] = {"E": "W", "W": "E"}.get(words[3], words[3])
            else:
                words[rng.choice((1, 2))] = rng.choice(("A♣", "N♠", "K♥", "Q♦", "D♣", "J♠"))
            lines[k] = " ".join(words)
    return "\n".join(lines) + "\n"


RULESETS = [OT, old_time(phase_b="scarne"), old_time(game_end="single-hand"),
            old_time(trick_scoring="10-10-5-5", double_after_single="forbidden")]


@pytest.mark.parametrize("seed", range(40))
def test_OT_ids_only_in_random_games_with_random_faults(seed):
    rng = random.Random(seed)
    game, _ = random_game([seed, seed + 100], ruleset=RULESETS[seed % len(RULESETS)])
    text = dumps(game)
    assert [foreign(r, t) for r, t in old_time_reports(text)] == [[]]
    for _ in range(5):
        for report, tags in old_time_reports(mutate(text, rng)):
            assert foreign(report, tags) == []
