"""25-steps' game rules of the deal and the turn, each by its own id (spec
../shared/rulesets/two-player-25-steps.md §1-§3): the pack (TP1), the deal (TP5, TP6), the
turned-up trump (TP7), the nondealer's lead (TP9), the trick's winner (TP11), won and played
cards (TP12), melds staying face up and playable (TP16, TP18), the draw order (TP17), the
winner's lead (TP18) and the melds picked up when the talon is gone (TP21). Each rule is tested
where it holds (no finding) and where it is broken (a finding citing it, at its line). Whole
records start from battle 1 of corpus/games/25-steps-evening.pin, legal under 25-steps."""

from __future__ import annotations

from pathlib import Path

from tests.adjudicator.otkit import E, W, card, east_wins, edit_line, meld_rules, strip_comments
from tests.adjudicator.otkit import validate as validate_record
from tests.adjudicator.tpkit import TP, record, state

EVENING = Path(__file__).resolve().parents[2] / "corpus" / "games" / "25-steps-evening.pin"


def _first_battle() -> str:
    text = EVENING.read_text(encoding="utf-8")
    return strip_comments(text[text.index("battle 1"):].split("\nbattle 2")[0])


BATTLE = _first_battle()


def findings(battle: str) -> list[tuple[str, str, int]]:
    return [(f.rule, f.severity.value, f.line) for f in validate_record(record(battle)).findings]


def line_of(battle: str, start: str) -> int:
    head = record("").count("\n")
    [i] = [n for n, line in enumerate(battle.splitlines()) if line.startswith(start)]
    return head + i


def exposed(s) -> list[str]:
    """East's exposed cards (``BattleState.exposed`` counts copies per card index)."""
    return sorted((str(card(text)) for text in ("K♠", "Q♠", "J♦", "A♣")
                   if s.exposed(E)[card(text).index]), key=lambda t: "KQJA".index(t[0]))


def test_the_evenings_first_battle_is_legal_under_25_steps() -> None:
    assert findings(BATTLE) == []


def test_TP1_TP6_every_card_of_the_48_card_pack_is_dealt() -> None:
    assert (TP.pack_size, TP.stock_size, TP.pack[card("N♠")]) == (48, 23, 2)
    twice = edit_line(BATTLE, "upcard:", "upcard: N♠")      # a third N♠, no J♥
    # one card written wrong is one finding, at the line the play shows wrong
    assert findings(twice) == [("TP1", "error", line_of(twice, "upcard:"))]
    [found] = validate_record(record(twice)).findings
    assert "the deal lacks J♥" in found.message and found.expected == "J♥"


def test_TP5_twelve_cards_each() -> None:
    assert TP.hand_size == 12
    short = edit_line(BATTLE, "E:", "E: K♣ N♣ A♠ K♠ Q♠ J♠ N♠ K♥ N♥ K♦ J♦")
    assert findings(short)[0] == ("TP5", "error", line_of(short, "E:"))


def test_TP7_the_turned_up_card_makes_trumps() -> None:
    # J♥ is turned up: hearts are trumps, and trick 1's N♥ beats the led N♣
    mark = edit_line(BATTLE, "1.", "1. N♣ N♥ E")
    assert findings(mark) == [("TP11", "error", line_of(mark, "1."))]
    s = state("A♣ K♠", "N♣ N♥", upcard="J♥")
    s.play(E, card("A♣"))
    step = s.play(W, card("N♥"))
    assert step is not None and step.winner is W


def test_TP9_the_nondealer_leads_the_first_trick() -> None:
    s = state("A♣ K♠", "N♣ T♣", dealer=W)
    assert s.to_play is E and s.verify_play(E, card("A♣")) == []
    [wrong] = s.verify_play(W, card("N♣"))
    assert wrong.rule == "TP18" and "(TP9)" in wrong.message
    assert state("A♣ K♠", "N♣ T♣", dealer=E).to_play is W


def test_TP11_the_higher_card_of_the_suit_led_wins_identical_cards_the_first() -> None:
    s = state("J♣ K♦", "J♣ A♦")
    s.play(E, card("J♣"))
    step = s.play(W, card("J♣"))
    assert step is not None and step.winner is E          # identical: the first played
    s.finish_turn()
    s.play(E, card("K♦"))
    step = s.play(W, card("A♦"))
    assert step is not None and step.winner is W          # the higher of the suit led


def test_TP12_a_card_gathered_in_a_trick_cannot_be_melded() -> None:
    s = state("K♥ Q♥ A♣ J♦", "N♣ T♣ J♣")
    east_wins(s, "K♥", "N♣")
    assert meld_rules(s, "♥M", 20) == ["TP12"]
    assert s.meld_points(E) == 0


def test_TP16_TP18_a_meld_stays_face_up_and_may_be_led_from_the_melded_cards() -> None:
    s = state("A♣ A♣ K♠ Q♠ J♦", "N♣ N♣ T♣ J♣")
    east_wins(s)
    assert meld_rules(s, "♠M", 40) == []
    assert exposed(s) == ["K♠", "Q♠"]
    s.finish_turn()
    assert s.to_play is E and s.verify_play(E, card("K♠")) == []   # the winner leads (TP18)
    s.play(E, card("K♠"))
    s.play(W, card("N♣"))
    assert s.findings == [] and s.meld_points(E) == 40


def test_TP17_the_trick_winner_draws_first() -> None:
    told = edit_line(BATTLE, "1.", "1. N♣ N♥ W\ndraw W E")
    assert findings(told) == []
    wrong = edit_line(BATTLE, "1.", "1. N♣ N♥ W\ndraw E W")
    assert findings(wrong)[0] == ("TP17", "error", line_of(wrong, "draw E W"))


def test_TP18_the_winner_leads_the_next_trick() -> None:
    s = state("A♣ K♠", "N♣ T♣ A♦")
    s.play(E, card("K♠"))
    s.play(W, card("N♣"))                       # East wins: a spade led, a club played
    s.finish_turn()
    [wrong] = s.verify_play(W, card("A♦"))
    assert wrong.rule == "TP18"


def test_TP21_the_melded_cards_go_back_into_the_hand_when_the_talon_is_gone() -> None:
    assert TP.phase_b_returns_exposed
    s = state("A♣ K♠ Q♠ J♦", "N♣ T♣ J♣ A♦", stock="J♥")      # and the upcard
    east_wins(s)
    meld_rules(s, "♠M", 40)
    assert exposed(s) == ["K♠", "Q♠"]
    s.finish_turn()
    assert s.phase_b and exposed(s) == [] and s.concealed(E)[card("K♠").index] == 1
