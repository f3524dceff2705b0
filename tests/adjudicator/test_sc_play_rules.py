"""Scarne's game rules of the turn, each by its own id (spec
../shared/rulesets/scarne-two-handed-turn-up-trump.md §1-§3, §6): two players (SC-REQ1), the
nondealer's lead (SC-PLAY1), won and played cards (SC-PLAY3, SC-PLAY7), no meld after the draws
(SC-PLAY6), the draw order (SC-PLAY8), the turn and its numbering (SC-PLAY9), the leader once the
stock is gone (SC-PLAYB1), any trick winner's exchange of the deece (SC-MELD8), the scores
(SC-SCORE1) and the dealer's alternation (SC-WIN2). Each rule is tested where it holds (no
finding) and where it is broken (a finding citing it, at the line that broke it). Positions as
otkit's: West deals, East leads; whole records start from battle 1 of
corpus/games/scarne-evening.pin, legal under Scarne's rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation import NotationError, Seat, parse

from tests.adjudicator.otkit import (E, W, card, east_wins, edit_line, meld_rules, record, state,
                                     strip_comments)
from tests.adjudicator.otkit import validate as validate_record

SC = scarne(laws="none")
#: The game rules alone (Scarne's laws, the default, would read a missed draw as
#: a drawing slip and let an improper meld stand until corrected).
NO_LAWS = {"Ruleset": "scarne", "Laws": "none"}
EVENING = Path(__file__).resolve().parents[2] / "corpus" / "games" / "scarne-evening.pin"


def _first_battle() -> str:
    text = EVENING.read_text(encoding="utf-8")
    return strip_comments(text[text.index("battle 1"):].split("\nbattle 2")[0])


BATTLE = _first_battle()


def findings(battle: str, *more: str, **tags: str) -> list[tuple[str, str, int]]:
    report = validate_record(record(battle, *more, **{**NO_LAWS, **tags}))
    return [(f.rule, f.severity.value, f.line) for f in report.findings]


def line_of(battle: str, start: str) -> int:
    """The record line (tags and the blank line first) of the battle line starting ``start``."""
    head = record("", **NO_LAWS).count("\n")
    [i] = [n for n, line in enumerate(battle.splitlines()) if line.startswith(start)]
    return head + i


def test_the_evenings_first_battle_is_legal_under_scarne() -> None:
    assert findings(BATTLE) == []


def test_SC_REQ1_two_players_a_third_seat_is_not_a_seat() -> None:
    # Since the partnership game the battle line takes any of the four seats: the
    # reader does not know the ruleset, so a North dealer is the adjudicator's to report. The
    # two-handed statements still take E or W only: a North there is a syntax error.
    assert parse('[Ruleset "scarne"]\n\nbattle 1 dealer N\n').games[0].battles[0].dealer \
        is Seat.NORTH
    with pytest.raises(NotationError) as caught:
        parse('[Ruleset "scarne"]\n\nbattle 1 dealer W\nnodraw N\n')
    assert ":4:8:" in str(caught.value) and "expected a seat (E or W)" in str(caught.value)


def test_SC_PLAY1_the_nondealer_leads_the_first_trick() -> None:
    s = state("A♣ K♠", "N♣ T♣", ruleset=SC, dealer=W)
    assert s.to_play is E and s.verify_play(E, card("A♣")) == []
    [wrong] = s.verify_play(W, card("N♣"))
    assert wrong.rule == "SC-PLAY1" and "East's turn" in wrong.message
    assert state("A♣ K♠", "N♣ T♣", ruleset=SC, dealer=E).to_play is W


def test_SC_PLAY3_SC_PLAY7_a_card_played_to_a_trick_cannot_be_melded() -> None:
    s = state("K♥ Q♥ A♣ J♦", "N♣ T♣ J♣", ruleset=SC)
    east_wins(s, "K♥", "N♣")                    # East's K♥ wins the trick
    assert meld_rules(s, "♥M", 20) == ["SC-PLAY7"]
    [finding] = [f for f in s.findings if f.rule == "SC-PLAY7"]
    assert "K♥ won its trick" in finding.message and "(SC-PLAY3)" in finding.message
    assert s.meld_points(E) == 0


def test_SC_PLAY7_a_melded_card_may_be_played_it_is_still_in_the_hand() -> None:
    s = state("A♣ A♣ K♠ Q♠ J♦", "N♣ N♣ T♣ J♣", ruleset=SC)
    east_wins(s)
    assert meld_rules(s, "♠M", 40) == []
    s.finish_turn()
    assert s.verify_play(E, card("K♠")) == []
    s.play(E, card("K♠"))
    s.play(W, card("N♣"))
    assert s.findings == [] and s.meld_points(E) == 40


def test_SC_PLAY6_SC_MELD3_no_meld_once_the_draws_are_made() -> None:
    legal = edit_line(BATTLE, "6.", "6. T♦ J♦ E\nmeld E ♦M 20")
    late = edit_line(BATTLE, "6.", "6. T♦ J♦ E\ndraw E W\nmeld E ♦M 20")
    in_time = [f for f in findings(legal) if f[0] in ("SC-MELD3", "SC-PLAY6")]
    assert in_time == []
    assert ("SC-MELD3", "error", line_of(late, "meld E")) in findings(late)


def test_SC_PLAY8_the_winner_draws_first_then_the_loser() -> None:
    told = edit_line(BATTLE, "3.", "3. N♠ T♠ E ♠M 20\ndraw E W")
    assert findings(told) == []
    wrong = edit_line(BATTLE, "3.", "3. N♠ T♠ E ♠M 20\ndraw W E")
    first = findings(wrong)[0]
    assert first == ("SC-PLAY8", "error", line_of(wrong, "draw W E"))


def test_SC_PLAY9_the_tricks_are_numbered_in_turn() -> None:
    wrong = edit_line(BATTLE, "6.", "7. T♦ J♦ E")
    assert findings(wrong) == [("SC-PLAY9", "error", line_of(wrong, "7. T♦"))]


def test_SC_PLAYB1_the_winner_of_the_last_stock_trick_leads_trick_13() -> None:
    s = state("A♣ K♠ Q♠ J♦", "N♣ T♣ J♣ A♦", stock="J♥", ruleset=SC)  # and the upcard
    s.play(E, card("J♦"))
    step = s.play(W, card("A♦"))                # West wins the last stock trick
    assert step is not None and step.winner is W
    s.finish_turn()
    assert s.stock_count == 0 and s.phase_b
    assert s.to_play is W and s.verify_play(W, card("T♣")) == []
    [wrong] = s.verify_play(E, card("K♠"))
    assert wrong.rule == "SC-PLAY1"


def test_SC_MELD8_any_trick_winner_holding_the_deece_exchanges_it_for_10() -> None:
    report = validate_record(record(BATTLE, **NO_LAWS))
    west = report.battles[0].west
    assert west.melds == 200 and report.findings == []     # swap 10 + ♥M 40 + ♥F 150
    loser = edit_line(BATTLE, "2.", "2. A♣ N♦ W\nmeld E swap 10")
    assert ("SC-MELD1", "error", line_of(loser, "meld E swap")) in findings(loser)


def test_SC_SCORE1_the_battle_score_is_melds_plus_tricks() -> None:
    right = validate_record(record(BATTLE, **NO_LAWS)).battles[0]
    assert (right.east.score, right.west.score) == (278, 322)
    wrong = edit_line(BATTLE, "score", "score E 278 W 332")
    assert findings(wrong) == [("SC-SCORE1", "error", line_of(wrong, "score"))]


def test_SC_WIN2_the_last_dealer_becomes_the_nondealer() -> None:
    second = ("battle 2 dealer E\n1. A♣ N♣ W\n")
    report = validate_record(record(BATTLE, second, **NO_LAWS))
    dealer = [f for f in report.findings if f.rule == "SC-WIN2"]
    assert dealer and dealer[0].severity is not Severity.INFO
    assert "battle 2" in dealer[0].message or "dealer" in dealer[0].message
    fine = validate_record(record(BATTLE, second.replace("dealer E", "dealer W"),
                                  **NO_LAWS))
    assert [f for f in fine.findings if f.rule == "SC-WIN2"] == []
