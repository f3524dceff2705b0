"""Every finding of a Scarne game cites a Scarne id (SC-..., "SC-MELD6 (OT9C)", "OT9G (Scarne
silent)") or the name of a tag, never an East Point or a bare old-time id: the engine's checks
are named by ``SCARNE_IDS``; without ``Laws "scarne"`` a statement of irregularity laws is
reported under ``Laws``. The game: battle 1 of corpus/games/scarne-evening.pin with one
statement of every kind put in, or a line changed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pinochle.adjudicator.report.validation import GameReport, validate_game
from pinochle.adjudicator.rulesets.scarne import SCARNE_OPTIONS
from pinochle.notation import parse

from tests.adjudicator.otkit import edit_line, strip_comments

GAME = Path(__file__).resolve().parents[2] / "corpus" / "games" / "scarne-evening.pin"
SC_ID = re.compile(r"SC-[A-Z]+\d*[A-Z]?( \(OT9C\))?|OT9G \(Scarne silent\)")
TAGS = {"Ruleset", "Result", *SCARNE_OPTIONS}
TEXT = GAME.read_text(encoding="utf-8")
HEAD = TEXT[:TEXT.index("battle 1")]
BATTLE_1 = strip_comments(TEXT[TEXT.index("battle 1"):TEXT.index("battle 2")])


def foreign(report: GameReport) -> list[tuple[str, str]]:
    return [(f.rule, f.message) for f in report.findings
            if not (SC_ID.fullmatch(f.rule) or f.rule in TAGS or f.rule == "Laws")]


def report_of(battle: str) -> GameReport:
    (game,) = parse(HEAD + battle).games
    return validate_game(game)


def after(battle: str, start: str, *new: str) -> str:
    lines = battle.splitlines()
    [k] = [i for i, line in enumerate(lines) if line.startswith(start)]
    return "\n".join(lines[:k + 1] + list(new) + lines[k + 1:]) + "\n"


STATEMENTS = [
    "draw W E", "draw E", "draw", "nodraw W", "extradraw E", "object deal W", "object meld E",
    "toofew W", "toomany E", "expose E A♠ T♠", "meld W ♠M 20", "meld E K4 80", "meld E dix 10",
    "meld E swap 10", "meld W T4 100", "meld E ♣5 211", "meld E RH 240", "meld E ♣♣M 40",
    "tricks E 1 W 2", "melds E 7", "score W 1", "total E 9", "call E", "call W 1000",
]


@pytest.mark.parametrize("statement", STATEMENTS)
@pytest.mark.parametrize("where", ["2. ", "12. ", "13. ", "24. "])
def test_SC_ids_only_whatever_statement_follows_a_trick(statement, where):
    report = report_of(after(BATTLE_1, where, statement))
    assert foreign(report) == []


@pytest.mark.parametrize("battle", [
    edit_line(BATTLE_1, "13. ", "13. K♣ Q♠ W"),                  # SC-PLAYB2
    edit_line(BATTLE_1, "1. ", "1. J♣ J♣ E"),                    # SC-PLAY2W
    edit_line(BATTLE_1, "3. ", "3. N♠ T♠ W ♠M 20"),              # the loser melds: SC-MELD1
    edit_line(BATTLE_1, "upcard:", "upcard: D♥"),
    edit_line(BATTLE_1, "battle", "battle 1 dealer W"),
])
def test_SC_ids_only_for_a_broken_battle(battle):
    report = report_of(battle)
    assert report.findings and foreign(report) == []
