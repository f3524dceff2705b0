"""Scarne's law of incorrect melds (spec ../shared/rulesets/scarne-two-handed-turn-up-trump.md
§7.3 and §9 S17, S18: SC-BADMELD1, SC-BADMELD2; rulings in docs/rulings.md, "Scarne's two-handed
Pinochle", Laws): with ``Laws "scarne"`` an improper meld or one with wrong points stands as
credited until ``correct W 5`` corrects it (wrong points: the table value) or withdraws it
(improper: 0 points, its cards back in the concealed hand, its reuse histories erased, the
turn's meld not given back), which is valid until the last stock card is drawn; uncorrected by
then it stands (a warning under its own rule); a late correction, or one naming a trick after
which the player made no meld, is an error. Positions as otkit's: West deals, East leads,
spades are trumps (upcard N♠: West, the dealer, is credited 10)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.laws.policy import EAST_POINT_LAWS, NO_LAWS, SCARNE_LAWS
from pinochle.adjudicator.replay import position_at
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation import parse
from pinochle.notation.events import Battle, Correction, Game, Meld, Tag, Trick
from pinochle.notation.writer import dumps

from tests.adjudicator.otkit import (E, W, card, count, east_wins, kind, meld_rules, random_deal,
                                     state)

LAWS = scarne(laws="scarne")
NONE = scarne(laws="none")


def sc(east: str, west: str, ruleset=LAWS, **kwargs) -> BattleState:
    return state(east, west, ruleset=ruleset, **kwargs)


def found(s: BattleState) -> list[tuple[str, Severity]]:
    return [(f.rule, f.severity) for f in s.findings]


def to_phase_b(s: BattleState) -> None:
    """Finish the open turn and play East's A♣ to West's N♣ turn by turn until the last stock
    card is drawn (the deadline)."""
    while not s.phase_b:
        east_wins(s)
    assert s.phase_b


# --- the policy ---------------------------------------------------------------------------------

def histories(s, face: str) -> list[tuple[int, ...]]:
    """East's meld histories of ``face``'s copies, in every reading of the copy ledger."""
    ledger = s.position(E).ledger
    assert ledger is not None
    return [h for alt in ledger.alternatives for h in alt.get(card(face).index, ())]


def test_SC_BADMELD1_Laws_scarne_has_the_correction_law_the_others_not():
    assert SCARNE_LAWS.meld_window == "correctable" and "correct" in SCARNE_LAWS.statements
    assert SCARNE_LAWS.bad_meld == ("SC-BADMELD1", "SC-BADMELD2")
    assert NO_LAWS.bad_meld is None and EAST_POINT_LAWS.bad_meld is None
    assert NO_LAWS.meld_window == "at-once" and EAST_POINT_LAWS.meld_window == "objection"
    assert "correct" not in NO_LAWS.statements | EAST_POINT_LAWS.statements


# --- an improper meld stands as credited until corrected ----------------------------------------

def test_SC_BADMELD1_an_improper_meld_is_not_judged_at_once_it_is_credited():
    s = sc("A♣", "N♣ K♥ Q♥", upcard="T♠")
    east_wins(s)
    assert meld_rules(s, "♥M", 20, seat=W) == ["SC-MELD1"]     # the question still says so
    assert s.findings == [] and s.meld_points(W) == 20
    assert count(s.exposed(W), "K♥") == 1 and count(s.exposed(W), "Q♥") == 1


def test_SC_BADMELD1_without_the_laws_the_improper_meld_is_judged_at_once():
    s = sc("A♣", "N♣ K♥ Q♥", ruleset=NONE, upcard="T♠")
    east_wins(s)
    meld_rules(s, "♥M", 20, seat=W)
    assert found(s) == [("SC-MELD1", Severity.ERROR)] and s.meld_points(W) == 0


def test_SC_BADMELD1_wrong_points_corrected_count_the_table_value():
    s = sc("A♣ K♥ Q♥", "N♣")
    east_wins(s)
    assert meld_rules(s, "♥M", 40) == ["SC-PLAY4"]              # a plain marriage is 20
    assert s.meld_points(E) == 40 and s.findings == []
    assert s.laws.melds.correct(E, 1)
    [f] = s.findings
    assert (f.rule, f.severity, f.kind) == ("SC-PLAY4", Severity.INFO, Kind.MISCOUNT)
    assert "corrected to 20" in f.message and "SC-BADMELD1" in f.message
    assert (f.claimed, f.expected) == (40, 20)
    assert s.meld_points(E) == 20
    assert count(s.exposed(E), "K♥") == 1          # the meld stays: only its points change


def test_SC_BADMELD1_wrong_points_uncorrected_stand_at_the_last_stock_draw_as_a_warning():
    s = sc("A♣ K♥ Q♥" + " A♣" * 6, "N♣" * 1 + " N♣" * 6, stock="J♦ J♦ T♦ T♦ A♦")
    east_wins(s)
    meld_rules(s, "♥M", 40)
    to_phase_b(s)
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-PLAY4", Severity.WARNING)
    assert "stands: not corrected before the last card was drawn from the stock" in f.message
    assert s.meld_points(E) == 40                  # as credited


# --- each improper kind corrected in time: withdrawn ---------------------------------------------

def _by_loser() -> tuple[BattleState, object, int]:
    s = sc("A♣", "N♣ K♥ Q♥", upcard="T♠")
    east_wins(s)
    s.meld(W, kind("♥M"), 20)
    return s, W, 1


def _second_meld() -> tuple[BattleState, object, int]:
    s = sc("A♣ K♥ Q♥ K♦ Q♦", "N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    s.meld(E, kind("♦M"), 20)
    return s, E, 1


def _after_draw() -> tuple[BattleState, object, int]:
    s = sc("A♣ K♥ Q♥", "N♣ N♣")
    east_wins(s)
    s.finish_turn()
    s.meld(E, kind("♥M"), 20)
    return s, E, 1


def _reuse_marriage() -> tuple[BattleState, object, int]:
    s = sc("A♣ A♣ K♥ Q♥ K♥ Q♥", "N♣ N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    east_wins(s)
    s.meld(E, kind("♥♥M"), 40)                     # reuses the marriage's K♥ Q♥ (SC-MELD5)
    return s, E, 2


def _reuse_lower() -> tuple[BattleState, object, int]:
    s = sc("A♣ A♣ A♠ T♠ K♠ Q♠ J♠", "N♣ N♣")
    east_wins(s)
    s.meld(E, kind("♠F"), 150)
    east_wins(s)
    s.meld(E, kind("♠M"), 40)                      # a flush's K♠ Q♠ into a royal marriage
    return s, E, 2


def _no_concealed() -> tuple[BattleState, object, int]:
    s = sc("A♣ A♣ A♣ K♥ K♠ K♦ K♣ Q♥ Q♠ Q♦ Q♣", "N♣ N♣ N♣")
    east_wins(s)
    s.meld(E, kind("K4"), 80)
    east_wins(s)
    s.meld(E, kind("Q4"), 60)
    east_wins(s)
    s.meld(E, kind("♥M"), 20)                      # K♥ and Q♥ both exposed: no concealed card
    return s, E, 3


def _not_held() -> tuple[BattleState, object, int]:
    s = sc("A♣ K♥", "N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)                      # no Q♥
    return s, E, 1


def _not_in_table() -> tuple[BattleState, object, int]:
    s = sc("A♣ A♥ T♥ K♥ Q♥ J♥", "N♣")
    east_wins(s)
    s.meld(E, kind("♥F"), 150)                     # a flush only in trumps (spades)
    return s, E, 1


IMPROPER = {"SC-PLAY4": _not_in_table, "SC-MELD1": _by_loser, "SC-MELD2": _second_meld,
            "SC-MELD3": _after_draw, "SC-MELD5": _reuse_marriage,
            "OT9G (Scarne silent)": _reuse_lower, "SC-MELD6 (OT9C)": _no_concealed}


@pytest.mark.parametrize("rule", list(IMPROPER))
def test_SC_BADMELD1_an_improper_meld_corrected_in_time_is_withdrawn(rule):
    s, seat, trick = IMPROPER[rule]()
    before = s.meld_points(seat)
    [record] = [r for r in s.melds if r.trick == trick and r.problems]
    assert [p.rule for p in record.problems] == [rule] and s.findings == []
    assert s.laws.melds.correct(seat, trick)
    assert found(s) == [(rule, Severity.INFO)]
    assert "withdrawn before the last card was drawn from the stock (SC-BADMELD1)" in \
        s.findings[0].message
    assert s.meld_points(seat) == before - record.claimed
    assert record.points == 0 and record.outcome == "voided"


@pytest.mark.parametrize("rule", list(IMPROPER))
def test_SC_BADMELD1_an_improper_meld_uncorrected_stands_with_a_warning(rule):
    s, seat, trick = IMPROPER[rule]()
    before = s.meld_points(seat)
    s.close()
    assert found(s) == [(rule, Severity.WARNING)]
    assert "stands: not corrected" in s.findings[0].message
    assert s.meld_points(seat) == before


def test_SC_BADMELD1_a_withdrawn_meld_of_exposed_cards_leaves_them_in_their_melds():
    s, _, _ = _no_concealed()
    s.laws.melds.correct(E, 3)
    assert count(s.exposed(E), "K♥") == count(s.exposed(E), "Q♥") == 1
    assert s.meld_points(E) == 140
    # no marriage left in their histories
    assert all(h[3] == 0 for face in ("K♥", "Q♥") for h in histories(s, face))


def test_SC_BADMELD1_a_meld_needing_an_unheld_card_is_withdrawn_and_scores_nothing():
    s, seat, trick = _not_held()
    assert s.meld_points(E) == 20
    assert s.laws.melds.correct(E, 1)
    assert [sev for _, sev in found(s)] == [Severity.INFO] and s.meld_points(E) == 0
    assert card("K♥") in s.hand(E) and sum(s.exposed(E)) == 0


def test_SC_BADMELD1_the_withdrawn_meld_s_cards_go_back_to_the_concealed_hand():
    s, _, _ = _second_meld()
    assert count(s.exposed(E), "K♦") == 1
    s.laws.melds.correct(E, 1)
    assert count(s.exposed(E), "K♦") == 0 and count(s.concealed(E), "K♦") == 1
    assert count(s.exposed(E), "K♥") == 1              # the turn's legal meld stays


def test_SC_BADMELD1_S17_the_turn_s_meld_is_not_given_back():
    s = sc("A♣ K♥ Q♥ K♦ Q♦", "N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 60)                          # wrong points: corrected, still the meld
    s.laws.melds.correct(E, 1)
    assert meld_rules(s, "♦M", 20) == ["SC-MELD2"]
    s = sc("A♣ K♥ Q♥ K♦ Q♦", "N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    s.meld(E, kind("♦M"), 20)                          # the second meld, withdrawn
    s.laws.melds.correct(E, 1)
    assert meld_rules(s, "♦M", 20) == ["SC-MELD2"]     # still one meld this turn


def test_SC_BADMELD1_the_withdrawn_meld_s_cards_may_be_melded_again():
    s = sc("A♣ A♣ K♥ Q♥ K♦ Q♦", "N♣ N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    s.meld(E, kind("♦M"), 20)
    s.laws.melds.correct(E, 1)
    east_wins(s)
    assert meld_rules(s, "♦M", 20) == [] and s.meld_points(E) == 40
    assert count(s.exposed(E), "K♦") == 1


def test_SC_BADMELD1_a_withdrawn_meld_s_card_played_since_is_gone_the_rest_go_back():
    s = sc("A♣ K♥ Q♥ K♦ Q♦", "N♣ N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    s.meld(E, kind("♦M"), 20)                          # improper (SC-MELD2), credited
    east_wins(s, "K♦", "N♣")                           # East leads the exposed K♦ (SC-PLAY7)
    assert s.laws.melds.correct(E, 1)
    assert count(s.exposed(E), "K♦") == count(s.concealed(E), "K♦") == 0
    assert count(s.exposed(E), "Q♦") == 0 and count(s.concealed(E), "Q♦") == 1
    assert count(s.exposed(E), "K♥") == 1 and s.meld_points(E) == 20


def test_SC_BADMELD1_a_card_a_later_meld_reused_stays_exposed_in_that_meld():
    """East's second meld ♦M (improper, credited); next turn four kings reuse its exposed K♦.
    Corrected turns later: ♦M is withdrawn, Q♦ goes back to the hand, K♦ stays exposed in the
    four kings with their history only, so ♦M may be melded again with it (S17: corrections
    may come turns later)."""
    s = sc("A♣ A♣ A♣ K♥ Q♥ K♦ Q♦ K♠ K♣", "N♣ N♣ N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    s.meld(E, kind("♦M"), 20)
    east_wins(s)
    assert meld_rules(s, "K4", 80) == [] and s.meld_points(E) == 120
    assert s.laws.melds.correct(E, 1) and s.meld_points(E) == 100
    assert count(s.exposed(E), "K♦") == 1 and count(s.exposed(E), "Q♦") == 0
    assert count(s.concealed(E), "Q♦") == 1
    assert all(h == (0, 80, 0, 0) for h in histories(s, "K♦"))
    east_wins(s)
    assert meld_rules(s, "♦M", 20) == [] and s.meld_points(E) == 120


def test_SC_BADMELD1_reuse_history_erased_a_marriage_may_use_the_cards_again():
    """Four kings (80) legal; then, as a second meld of a turn, a heart marriage reusing the
    exposed K♥ (improper, SC-MELD2): its history marks K♥ as in a marriage. Withdrawn, the mark
    is erased: the same marriage is legal at the next turn (SC-MELD5 would forbid it)."""
    s = sc("A♣ A♣ A♣ K♥ K♠ K♦ K♣ Q♥ Q♠ J♦", "N♣ N♣ N♣")
    east_wins(s)
    s.meld(E, kind("K4"), 80)
    east_wins(s)
    s.meld(E, kind("P"), 40)
    s.meld(E, kind("♥M"), 20)                          # second meld: improper, credited
    assert s.meld_points(E) == 140 and count(s.exposed(E), "Q♥") == 1
    assert any(h[3] for h in histories(s, "K♥"))
    s.laws.melds.correct(E, 2)
    assert s.meld_points(E) == 120
    assert count(s.exposed(E), "Q♥") == 0 and count(s.exposed(E), "K♥") == 1
    assert all(h == (0, 80, 0, 0) for h in histories(s, "K♥"))
    east_wins(s)
    assert meld_rules(s, "♥M", 20) == [] and s.meld_points(E) == 140


def test_SC_BADMELD1_an_uncorrected_meld_keeps_its_reuse_history():
    """The same marriage, not corrected: it stands as credited, and its mark makes the next
    marriage with that K♥ illegal (SC-MELD5) while the correction is still possible."""
    s = sc("A♣ A♣ A♣ K♥ K♠ K♦ K♣ Q♥ Q♥ Q♠ J♦", "N♣ N♣ N♣")
    east_wins(s)
    s.meld(E, kind("K4"), 80)
    east_wins(s)
    s.meld(E, kind("P"), 40)
    s.meld(E, kind("♥M"), 20)
    east_wins(s)
    assert meld_rules(s, "♥M", 20) == ["SC-MELD5"]


def test_SC_BADMELD2_a_melder_with_too_many_cards_makes_an_improper_meld():
    s = sc("A♣ A♣ K♥ Q♥", "N♣ N♣")
    east_wins(s)
    s.finish_turn([E, W, E])                           # East draws one card too many
    drawn = len(s.findings)
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    assert s.findings[drawn:] == [] and s.meld_points(E) == 20     # credited for now
    [record] = s.melds
    assert [p.rule for p in record.problems] == ["SC-BADMELD2"]
    assert "too few or too many cards cannot meld" in record.problems[0].message
    assert s.laws.melds.correct(E, 2)
    assert found(s)[drawn:] == [("SC-BADMELD2", Severity.INFO)] and s.meld_points(E) == 0
    assert count(s.concealed(E), "K♥") == 1 and sum(s.exposed(E)) == 0


def test_SC_BADMELD2_without_the_laws_the_count_is_an_error_at_once_and_the_meld_scores():
    s = sc("A♣ A♣ K♥ Q♥", "N♣ N♣", ruleset=NONE)
    east_wins(s)
    s.finish_turn([E, W, E])
    drawn = len(s.findings)
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    assert [r for r, _ in found(s)[drawn:]] == ["SC-PLAY3"] and s.meld_points(E) == 20


# --- the deadline and the statement's own faults -----------------------------------------------

def test_SC_BADMELD1_a_correction_after_the_last_stock_draw_is_an_error_with_no_effect():
    s = sc("A♣ K♥ Q♥" + " A♣" * 6, " N♣" * 7, stock="J♦ J♦ T♦ T♦ A♦")
    east_wins(s)
    s.meld(E, kind("♥M"), 40)
    to_phase_b(s)
    assert not s.laws.melds.can_correct(E, 1)
    assert s.laws.melds.verify_correct(E, 1)[0].rule == "SC-BADMELD1"
    assert not s.laws.melds.correct(E, 1)
    assert found(s) == [("SC-PLAY4", Severity.WARNING), ("SC-BADMELD1", Severity.ERROR)]
    assert "cannot be rectified" in s.findings[1].message and s.meld_points(E) == 40


def test_SC_BADMELD1_SC_MELD4_a_meld_after_the_last_stock_draw_stands_at_once():
    s = sc("A♣ K♥ Q♥ A♣", "N♣ N♣", stock="J♦")
    east_wins(s)
    s.finish_turn()
    assert s.phase_b
    s.play(E, card("A♣"))
    s.play(W, card("N♣"))
    s.meld(E, kind("♥M"), 20)
    assert found(s) == [("SC-MELD4", Severity.WARNING)]
    assert "cannot be rectified" in s.findings[0].message


def test_SC_BADMELD1_a_correction_naming_a_trick_without_a_meld_is_an_error():
    s = sc("A♣ K♥ Q♥", "N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 40)
    assert not s.laws.melds.correct(W, 1) and not s.laws.melds.correct(E, 4)
    assert found(s) == [("SC-BADMELD1", Severity.ERROR)] * 2
    assert "made no meld after trick 4" in s.findings[1].message
    assert s.meld_points(E) == 40


def test_SC_BADMELD1_the_correction_of_a_correct_meld_is_a_notice_and_changes_nothing():
    s = sc("A♣ K♥ Q♥", "N♣")
    east_wins(s)
    s.meld(E, kind("♥M"), 20)
    assert not s.laws.melds.can_correct(E, 1) and not s.laws.melds.correct(E, 1)
    assert found(s) == [("SC-BADMELD1", Severity.INFO)] and "is correct" in s.findings[0].message
    assert s.meld_points(E) == 20 and count(s.exposed(E), "K♥") == 1
    s.close()
    assert len(s.findings) == 1                         # nothing stands: it was correct


def test_SC_BADMELD1_a_second_correction_of_the_same_meld_is_a_notice():
    s, seat, trick = _by_loser()
    assert s.laws.melds.correct(seat, trick) and not s.laws.melds.correct(seat, trick)
    assert found(s) == [("SC-MELD1", Severity.INFO), ("SC-BADMELD1", Severity.INFO)]
    assert "already corrected" in s.findings[1].message


def test_SC_BADMELD1_a_second_correction_of_a_turn_with_a_right_and_a_wrong_meld_is_a_notice():
    s, seat, trick = _second_meld()                    # ♥M right, ♦M a second meld
    assert s.laws.melds.correct(seat, trick) and not s.laws.melds.correct(seat, trick)
    assert found(s) == [("SC-MELD2", Severity.INFO), ("SC-BADMELD1", Severity.INFO)]
    assert "was already corrected" in s.findings[1].message and s.meld_points(E) == 20


def test_SC_BADMELD1_either_player_may_raise_it_the_statement_names_the_melder():
    s, seat, trick = _by_loser()           # West's improper meld; the record says correct W 1
    assert seat is W and s.laws.melds.correct(W, trick) and s.meld_points(W) == 0


# --- whole records: validate, the meld question, the console script ------------------------------

def badmeld_game(seed: int, improper: bool, corrected: bool) -> Game:
    """A random Scarne battle (Laws "scarne", legal cards); at the first turn whose winner has
    two melds (not the deece), he makes the first with 10 points too many (wrong points) or,
    when ``improper``, the first rightly and the second as a second meld (SC-MELD2); with
    ``corrected``, ``correct`` follows the turn's draws."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    s = BattleState(LAWS, W, deal.east, deal.west, deal.stock, upcard=deal.upcard)
    events: list = []
    done = False
    while not s.is_over:
        leader = s.to_play
        lead = rng.choice(s.legal_cards(leader))
        s.play(leader, lead)
        follow = rng.choice(sorted(s.legal_cards(leader.other)))
        step = s.play(leader.other, follow)
        melds: tuple = ()
        winner = step.winner
        offer = [v for v in s.legal_melds(winner) if str(v.kind) not in ("dix", "swap")]
        if not done and not s.phase_b and len(offer) >= 2:
            first, second = offer[0], offer[1]
            if improper:
                melds = (Meld(kind=first.kind, points=first.points),
                         Meld(kind=second.kind, points=second.points))
            else:
                melds = (Meld(kind=first.kind, points=first.points + 10),)
            for m in melds:
                s.meld(winner, m.kind, m.points)
        events.append(Trick(number=s.tricks_played, lead=lead, follow=follow,
                            winner=winner, melds=melds))
        if s.in_turn:
            s.finish_turn()
        if melds and not done:
            done = True
            if corrected:
                events.append(Correction(seat=winner, trick=s.tricks_played))
    assert done
    tags = {"Ruleset": "scarne", "Laws": "scarne", "Result": "*"}
    return Game(header=tuple(Tag(name=k, value=v) for k, v in tags.items()),
                battles=(Battle(number=1, dealer=W, events=(deal, *events)),))


def _validated(game: Game):
    (game,) = parse(dumps(game)).games
    return validate_game(game)


@pytest.mark.parametrize("improper", [False, True])
def test_SC_BADMELD1_a_corrected_meld_in_a_record_is_a_notice(improper):
    plain = _validated(badmeld_game(7, improper, corrected=False))
    fixed = _validated(badmeld_game(7, improper, corrected=True))
    rule = "SC-MELD2" if improper else "SC-PLAY4"
    assert [(f.rule, f.severity) for f in fixed.findings] == [(rule, Severity.INFO)]
    assert [(f.rule, f.severity) for f in plain.findings] == [(rule, Severity.WARNING)]
    [a], [b] = plain.battles, fixed.battles
    melder = "east" if a.east.melds != b.east.melds else "west"
    lost = getattr(a, melder).melds - getattr(b, melder).melds
    assert lost == 10 or (improper and lost > 10)


def test_SC_BADMELD1_correct_without_the_laws_is_reported_and_the_meld_judged_at_once():
    text = dumps(badmeld_game(7, True, corrected=True)).replace('[Laws "scarne"]\n',
                                                                '[Laws "none"]\n')
    (game,) = parse(text).games
    rules = [(f.rule, f.severity) for f in validate_game(game).findings]
    assert rules.count(("Laws", Severity.WARNING)) == 1
    assert ("SC-MELD2", Severity.ERROR) in rules


def test_SC_BADMELD1_the_meld_question_at_a_point_sees_the_pending_meld_as_credited():
    game = badmeld_game(7, True, corrected=False)
    (game,) = parse(dumps(game)).games
    battle = game.battles[0]
    trick = next(e for e in battle.events if isinstance(e, Trick) and len(e.melds) == 2)
    melder = trick.winner
    after = position_at(game, 1, trick.number + 1, melder)
    second = trick.melds[1].kind
    assert second in after.scored                  # the pending meld counts as made
    fixed = badmeld_game(7, True, corrected=True)
    (fixed,) = parse(dumps(fixed)).games
    after_fix = position_at(fixed, 1, trick.number + 1, melder)
    assert second not in after_fix.scored          # withdrawn: its combination is free again
    assert sum(after_fix.exposed) < sum(after.exposed)
    [note] = after.pending                         # and the position says it may be corrected
    assert note.startswith(f"{second} ") and "(SC-MELD2)" in note and "SC-BADMELD1" in note
    assert after_fix.pending == ()
    assert position_at(parse(dumps(badmeld_game(7, False, False))).games[0], 1, trick.number + 1,
                       melder).pending != ()       # wrong points are pending too


def test_SC_BADMELD1_pinochle_validate_through_the_console_script(tmp_path):
    """``pinochle validate`` as a person runs it: a corrected meld is a notice (exit 0); the
    same meld uncorrected stands, a warning (exit 1); a correction of a correct meld's trick
    after the deadline is an error."""
    script = str(Path(sys.executable).with_name("pinochle"))
    runs = {}
    for name, corrected in (("corrected", True), ("uncorrected", False)):
        path = tmp_path / f"{name}.pin"
        path.write_text(dumps(badmeld_game(11, True, corrected)), encoding="utf-8")
        runs[name] = subprocess.run([script, "validate", str(path)], capture_output=True,
                                    text=True, timeout=120)
    assert runs["corrected"].returncode == 0, runs["corrected"].stdout
    assert "SC-MELD2" in runs["corrected"].stdout and "SC-BADMELD1" in runs["corrected"].stdout
    assert runs["uncorrected"].returncode == 1 and "stands" in runs["uncorrected"].stdout
    assert "Traceback" not in runs["corrected"].stderr + runs["uncorrected"].stderr


def test_SC_BADMELD1_pinochle_melds_at_a_point_counts_the_pending_meld_until_corrected(tmp_path):
    """``pinochle melds FILE --battle 1 --trick N``: while the improper second meld may still be
    corrected its cards stand in a marriage, so the same marriage is SC-MELD5 by the cards; once
    withdrawn its cards are back in the hand and the marriage is legal by the cards again."""
    script = str(Path(sys.executable).with_name("pinochle"))
    game = badmeld_game(7, True, corrected=False)
    trick = next(e for b in game.battles for e in b.events
                 if isinstance(e, Trick) and len(e.melds) == 2)
    second, melder = str(trick.melds[1].kind), trick.winner.name[0]
    answers = {}
    for name, corrected in (("pending", False), ("fixed", True)):
        path = tmp_path / f"{name}.pin"
        path.write_text(dumps(badmeld_game(7, True, corrected)), encoding="utf-8")
        run = subprocess.run([script, "melds", str(path), "--battle", "1", "--trick",
                              str(trick.number + 1), "--seat", melder, "--meld", second],
                             capture_output=True, text=True, timeout=120)
        assert "Traceback" not in run.stderr, run.stderr
        answers[name] = run.stdout
    assert "by the cards alone it would be not legal (SC-MELD5)" in answers["pending"]
    assert "by the cards alone it would be legal" in answers["fixed"]
    # the pending meld is named, with the rule it breaks and the law that may still repair it
    assert (f"note: {second} {trick.melds[1].points} after trick {trick.number} is incorrect "
            "(SC-MELD2)") in answers["pending"]
    assert answers["pending"].rstrip().endswith("(SC-BADMELD1)")
    assert "note:" not in answers["fixed"]


def test_SC_BADMELD1_the_replay_timeline_shows_the_pending_meld_and_the_correction_step():
    from pinochle.adjudicator.report.timeline import build_timeline

    [game] = build_timeline(dumps(badmeld_game(7, True, corrected=True))).games
    [step] = [s for s in game.steps if s.kind == "correct"]
    assert step.label.endswith("'s meld after trick 1 is corrected")
    melder = 0 if step.label.startswith("East") else 1
    before = game.steps[step.index - 1].hands[melder].melds
    after = step.hands[melder].melds
    assert [m.status for m in before] == ["pending", "pending"]
    assert [(m.status, m.outcome, m.points) for m in after][1] == ("corrected", "voided", 0)
    [finding] = game.findings
    assert finding.rule == "SC-MELD2" and finding.severity == Severity.INFO
