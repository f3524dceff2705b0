"""Scarne's laws in 25-steps Pinochle (spec ../shared/rulesets/two-player-25-steps.md §7: the
25-steps laws list is lost, TP-LAWS; `Laws "scarne"` borrows Scarne's; rulings in
docs/rulings.md, "25-steps two-player Pinochle", Laws): the same policy (``SCARNE_LAWS``) and the
laws-only tags ``RenegeCheck`` and ``LookPenalty``; the laws' findings cite Scarne's SC- ids, the
broken rule its TP id. Where the laws meet 25-steps' own features: a knock (TP25) halts play, so
an incorrect meld not corrected by then stands as credited (SC-BADMELD1) and a renege not claimed
by then stands (SC-RENEGE1); a claimed one is counted in the knock (SC-RENEGE2); with
``KnockProof "next-trick"`` (TPV6) play, and the laws, go on until the proof; three cards at the
last draw go as SC-SLIP6, where TPV1's choice (of two cards) has no place; an improper exchange
of the dix (TP15) is an incorrect meld like any; a hand that counts for nobody (SC-MISDEAL8,
SC-DRAW1) raises no target (TP25)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.laws.policy import NO_LAWS, SCARNE_LAWS
from pinochle.adjudicator.report.validation import GameReport, validate_game
from pinochle.adjudicator.model.ruleset import RulesetError
from pinochle.adjudicator.rulesets.scarne import SCARNE_OPTIONS
from pinochle.adjudicator.rulesets.twenty_five import TWENTY_FIVE_OPTIONS, twenty_five
from pinochle.notation import dumps, parse
from pinochle.notation.events import (
    Claim, Correction, Deal, Game, Knock, Meld, Objection, Trick,
)
from pinochle.simulator.mutate import by_name, mutate

from tests.adjudicator.otkit import E, W, card, east_wins, kind, random_game
from tests.adjudicator.tpkit import state

LAWS = twenty_five(laws="scarne")
SEEDS = range(21, 31)


# --- the option ---------------------------------------------------------------------------------

def test_TP_LAWS_Laws_scarne_is_scarnes_policy_with_its_laws_only_tags():
    assert LAWS.laws is SCARNE_LAWS
    # Scarne's own ruleset has its laws by default; 25-steps none (its text's are lost)
    assert TWENTY_FIVE_OPTIONS["Laws"] == ("none", "scarne")
    assert SCARNE_OPTIONS["Laws"] == ("scarne", "none")
    for tag in ("RenegeCheck", "LookPenalty"):
        assert TWENTY_FIVE_OPTIONS[tag] == SCARNE_OPTIONS[tag]
        assert tag in LAWS.options
    ruleset = ruleset_from_tags({"Ruleset": "25-steps", "Laws": "scarne",
                                 "RenegeCheck": "end-of-hand", "LookPenalty": "count"})
    assert ruleset.laws is SCARNE_LAWS
    assert ruleset.options["RenegeCheck"] == "end-of-hand"
    assert ruleset.options["LookPenalty"] == "count"


def test_TP_LAWS_without_laws_no_law_and_no_laws_only_tags():
    plain = twenty_five()
    assert plain.laws is NO_LAWS
    assert "RenegeCheck" not in plain.options and "LookPenalty" not in plain.options
    assert list(plain.options) == ["TrickScoring", "DoublePinochle", "Target", "Knocking",
                                   "GameEnd", "LastDraw", "Rounding", "Scale", "GrandPinochle",
                                   "Laws", "KnockProof"]


def test_TP_LAWS_an_unknown_laws_value_is_refused_naming_the_tag():
    with pytest.raises(RulesetError) as info:
        ruleset_from_tags({"Ruleset": "25-steps", "Laws": "east-point"})
    assert info.value.tag == "Laws"
    with pytest.raises(RulesetError):
        ruleset_from_tags({"Ruleset": "25-steps", "Laws": "scarne", "RenegeCheck": "never"})


# --- whole records: a knock meets the laws -------------------------------------------------------

def laws_game(ruleset=LAWS) -> Game:
    game, _ = random_game(SEEDS, ruleset=ruleset)
    return game


def reaching(game: Game) -> int:
    """The 0-based index of the first battle after which a player has 1000."""
    totals = (0, 0)
    for k, battle in enumerate(game.battles):
        [score] = [c for c in battle.events if isinstance(c, Claim) and c.category == "score"]
        totals = (totals[0] + score.east, totals[1] + score.west)
        if max(totals) >= 1000:
            return k
    raise AssertionError("nobody reaches 1000")


def edit(game: Game, k: int, change: Callable[[list], list]) -> Game:
    """``game`` with the events of its battle ``k`` changed, and the battles after it dropped."""
    battle = game.battles[k]
    events = change(list(battle.events))
    battles = (*game.battles[:k], battle.model_copy(update={"events": tuple(events)}))
    return game.model_copy(update={"battles": battles})


def at_trick(events: list, number: int) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, Trick) and e.number == number)


def meld_site(game: Game, k: int) -> tuple[int, Trick]:
    """The first phase-A trick of battle ``k`` before trick 10 whose winner makes one meld not
    a dix: (its number, the trick)."""
    for event in game.battles[k].events:
        if (isinstance(event, Trick) and event.number < 10 and len(event.melds) == 1
                and str(event.melds[0].kind) not in ("dix", "swap")):
            return event.number, event
    raise AssertionError("no meld in phase A")


def knock_after(game: Game, k: int, n: int, *extra) -> Game:
    """Battle ``k`` cut after its trick ``n``, then ``extra`` statements (a knock among them)."""
    return edit(game, k, lambda ev: ev[:at_trick(ev, n) + 1] + list(extra))


def wrong_points(game: Game, k: int, n: int, slip: int = 10) -> Game:
    def change(ev: list) -> list:
        i = at_trick(ev, n)
        meld = ev[i].melds[0]
        ev[i] = ev[i].model_copy(update={"melds": (meld.model_copy(
            update={"points": meld.points + slip}),)})
        return ev
    return edit(game, k, change)


def validate(game: Game) -> GameReport:
    return validate_game(parse(dumps(game)).games[0])


def knock_verdict(report: GameReport):
    [f] = [f for f in report.findings if f.rule == "TP25" and f.kind is Kind.NOTICE
           and "the game (TP25)" in f.message]
    return f


def found(report: GameReport, rule: str) -> list[tuple[Severity, str]]:
    return [(f.severity, f.message) for f in report.findings if f.rule == rule]


@pytest.fixture(scope="module")
def game() -> Game:
    return laws_game()


def test_SC_BADMELD1_a_knock_closes_the_window_the_meld_stands_as_credited(game):
    k = reaching(game)
    n, trick = meld_site(game, k)
    seat = trick.winner
    bad = wrong_points(game, k, n)
    report = validate(knock_after(bad, k, 11, Knock(seat=seat)))
    [(severity, message)] = [(f.severity, f.message) for f in report.findings
                             if f.rule == "TP14" and f.kind is Kind.MISCOUNT]
    assert severity is Severity.WARNING and "stands" in message and "SC-BADMELD1" in message
    corrected = validate(knock_after(bad, k, 11, Correction(seat=seat, trick=n),
                                     Knock(seat=seat)))
    [(severity, message)] = [(f.severity, f.message) for f in corrected.findings
                             if f.rule == "TP14" and f.kind is Kind.MISCOUNT]
    assert severity is Severity.INFO and "corrected" in message
    # the knock counts the meld as credited when it stands, at its table value when corrected
    assert knock_verdict(report).expected == knock_verdict(corrected).expected + 10


def test_SC_BADMELD1_a_correction_after_the_knock_is_ignored_TP25(game):
    k = reaching(game)
    n, trick = meld_site(game, k)
    bad = wrong_points(game, k, n)
    seat = trick.winner
    late = validate(knock_after(bad, k, 11, Knock(seat=seat), Correction(seat=seat, trick=n)))
    on_time = validate(knock_after(bad, k, 11, Knock(seat=seat)))
    assert any(s is Severity.ERROR and "play halts" in m for s, m in found(late, "TP25"))
    assert knock_verdict(late).expected == knock_verdict(on_time).expected
    assert not any(f.rule == "SC-BADMELD1" for f in late.findings)


def renege_game(game: Game) -> tuple[Game, int, Trick]:
    """``game`` with a phase-2 renege (the benchmark's corruption) in a battle after the first
    at 1000: (the game, its battle's index, the renege trick)."""
    import random
    cls = by_name(LAWS)["phase-b-follow-suit"]
    for seed in range(1, 60):
        mutant = mutate(game, cls, random.Random(seed))
        assert mutant is not None
        for k, (a, b) in enumerate(zip(game.battles, mutant.game.battles)):
            changed = [y for x, y in zip(a.events, b.events) if x != y]
            if changed and k >= reaching(game):
                return mutant.game, k, changed[0]
    raise AssertionError("no renege site")


def test_SC_RENEGE1_a_renege_unclaimed_at_the_knock_stands(game):
    mutant, k, trick = renege_game(game)
    report = validate(knock_after(mutant, k, trick.number, Knock(seat=E)))
    [(severity, message)] = found(report, "SC-RENEGE1")
    assert severity is Severity.WARNING and "unclaimed" in message
    assert not found(report, "SC-RENEGE2")


def test_SC_RENEGE2_a_renege_claimed_before_the_knock_counts_in_it(game):
    mutant, k, trick = renege_game(game)
    claimant = next(s for s in (E, W) if found(validate(knock_after(
        mutant, k, trick.number, Objection(target="renege", seat=s))), "SC-RENEGE2"))
    claimed = validate(knock_after(mutant, k, trick.number,
                                   Objection(target="renege", seat=claimant),
                                   Knock(seat=claimant)))
    unclaimed = validate(knock_after(mutant, k, trick.number, Knock(seat=claimant)))
    [(severity, _)] = found(claimed, "SC-RENEGE2")
    assert severity is Severity.INFO and not found(claimed, "SC-RENEGE1")
    # the claimant's trick points for the hand are all 250 (SC-RENEGE2), counted by the knock
    assert knock_verdict(claimed).expected > knock_verdict(unclaimed).expected


def test_SC_RENEGE1_end_of_hand_a_claim_after_the_knock_is_ignored(game):
    ruleset = twenty_five(laws="scarne", renege_check="end-of-hand")
    base = laws_game(ruleset)
    mutant, k, trick = renege_game(base)
    report = validate(knock_after(mutant, k, trick.number, Knock(seat=E),
                                  Objection(target="renege", seat=W),
                                  Objection(target="renege", seat=E)))
    assert [s for s, _ in found(report, "SC-RENEGE1")] == [Severity.WARNING]
    assert not found(report, "SC-RENEGE2")
    assert sum(s is Severity.ERROR and "play halts" in m for s, m in found(report, "TP25")) == 2


def test_TPV6_SC_BADMELD1_a_correction_while_the_knock_awaits_its_proof_counts():
    proof = twenty_five(laws="scarne", knock_proof="next-trick")
    game = laws_game(proof)
    k = reaching(game)
    n, trick = meld_site(game, k)
    seat = trick.winner
    bad = wrong_points(game, k, n)
    events = bad.battles[k].events
    # the knocker's next trick won after trick n proves the knock
    later = [e for e in events if isinstance(e, Trick) and n < e.number <= 11]
    proof_trick = next(e for e in later if e.winner is seat and e.number > n + 1)

    def with_knock(correct: bool) -> Game:
        def change(ev: list) -> list:
            i = at_trick(ev, proof_trick.number)
            knock_at = at_trick(ev, n + 1) + 1
            stmts = [Knock(seat=seat)] + ([Correction(seat=seat, trick=n)] if correct else [])
            played = [e for e in ev[knock_at:i] if not isinstance(e, Meld)]
            return (ev[:knock_at] + stmts + played
                    + [ev[i].model_copy(update={"melds": ()})])   # play halts at the proof
        return edit(bad, k, change)
    corrected, standing = validate(with_knock(True)), validate(with_knock(False))
    assert not [f for f in corrected.findings + standing.findings
                if f.rule == "TP25" and f.severity is Severity.ERROR]
    assert "proves his knock" in knock_verdict(standing).message
    assert [f.severity for f in corrected.findings
            if f.rule == "TP14" and f.kind is Kind.MISCOUNT] == [Severity.INFO]
    assert [f.severity for f in standing.findings
            if f.rule == "TP14" and f.kind is Kind.MISCOUNT] == [Severity.WARNING]
    assert knock_verdict(standing).expected == knock_verdict(corrected).expected + 10


# --- TPV1 and SC-SLIP6: the last draw --------------------------------------------------------

CHOICE_LAWS = twenty_five(laws="scarne", last_draw="choice")


def test_SC_SLIP6_with_LastDraw_choice_three_cards_go_as_slip6_no_choice():
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", stock="J♦ T♦ A♦", upcard="N♠", ruleset=CHOICE_LAWS)
    east_wins(s)
    s.finish_turn([E])                          # West misses a draw: three cards stay
    east_wins(s)
    assert s.stock_count == 3
    assert not s.last_draw.choose(E, "talon")             # TPV1 chooses between two cards only
    s.finish_turn()
    rules = [(f.rule, f.severity) for f in s.findings]
    assert ("TPV1", Severity.ERROR) in rules and ("SC-SLIP6", Severity.INFO) in rules
    assert s.concealed(E)[card("N♠").index] == 1            # the winner takes the upcard
    assert s.hand_size(E) == s.hand_size(W) == 3 and s.stock_count == 0


def test_TPV1_under_the_laws_two_cards_at_the_last_draw_are_the_winners_choice():
    s = state("A♣ K♦", "N♣ Q♦", stock="J♦", upcard="N♠", ruleset=CHOICE_LAWS)
    east_wins(s)
    assert s.last_draw.choose(E, "upcard")
    s.finish_turn()
    assert s.findings == []
    assert card("N♠") in s.hand(E) and card("J♦") in s.hand(W)


# --- TP15: the dix exchange as an incorrect meld ------------------------------------------------

def swap_by_loser(correct: bool):
    """West, the trick's loser, exchanges his nine of trumps for the upcard (TP13: he may not
    meld), then (``correct``) withdraws it."""
    s = state("A♣ A♣ A♣", "N♣ N♣ N♠", stock="J♦ T♦ A♦", upcard="A♠", ruleset=LAWS)
    east_wins(s)
    s.meld(W, kind("swap"), 10)
    if correct:
        assert s.laws.melds.correct(W, 1)
    east_wins(s)
    s.finish_turn()                             # the last stock card is drawn: the deadline
    assert s.phase_b
    return s


def test_TP15_SC_BADMELD1_an_improper_swap_withdrawn_leaves_the_upcard():
    s = state("A♣ A♣ A♣", "N♣ N♣ N♠", stock="J♦ T♦ A♦", upcard="A♠", ruleset=LAWS)
    east_wins(s)
    s.meld(W, kind("swap"), 10)
    # an improper exchange is not made: the nine is laid exposed, the upcard stays under
    assert s.exposed(W)[card("N♠").index] == 1 and card("A♠") not in s.hand(W)
    assert s.meld_points(W) == 10               # as credited, until corrected
    assert s.laws.melds.correct(W, 1)
    assert s.concealed(W)[card("N♠").index] == 1 and s.exposed(W)[card("N♠").index] == 0
    assert s.meld_points(W) == 0
    s = swap_by_loser(True)
    assert [(f.rule, f.severity) for f in s.findings] == [("TP13", Severity.INFO)]
    assert s.meld_points(W) == 0


def test_TP15_SC_BADMELD1_an_improper_swap_uncorrected_stands_a_warning():
    s = swap_by_loser(False)
    assert [(f.rule, f.severity) for f in s.findings if f.rule == "TP13"] == [
        ("TP13", Severity.WARNING)]
    assert s.meld_points(W) == 10


# --- TP25: the rising target and a hand that counts for nobody ----------------------------------

def dead_after_rise() -> tuple[Game, int]:
    """A game in which a battle leaves a player at the target even after it rose (so that the
    next battle would raise it again), the next battle's deal made imperfect (a dead hand,
    SC-MISDEAL8): (the game cut after that battle, its index)."""
    for start in range(1, 400, 10):
        game, _ = random_game(range(start, start + 10), ruleset=LAWS)
        totals, target = (0, 0), 1000
        for j, battle in enumerate(game.battles[:-1]):
            [score] = [c for c in battle.events
                       if isinstance(c, Claim) and c.category == "score"]
            totals = (totals[0] + score.east, totals[1] + score.west)
            if max(totals) >= target:
                target += 250
                if max(totals) >= target:
                    dead = game.battles[j + 1]
                    deal = dead.events[0]
                    assert isinstance(deal, Deal)
                    east = list(deal.east)
                    east[0] = next(c for c in deal.stock if c != east[0])
                    dead = dead.model_copy(update={"events": (
                        deal.model_copy(update={"east": tuple(east)}),)})
                    return game.model_copy(update={"battles": (*game.battles[:j + 1], dead)}), j + 1
    raise AssertionError("no such game")


def test_TP25_a_dead_hand_raises_no_target():
    game, index = dead_after_rise()
    report = validate(game)
    assert [f.severity for f in report.findings if f.rule == "SC-MISDEAL8"] == [Severity.ERROR]
    notes = [f for f in report.findings if f.rule == "TP25" and f.battle == index + 1]
    [note] = notes
    assert note.severity is Severity.INFO and "raises no target" in note.message
    assert "SC-MISDEAL8" in note.message
    assert note.message.startswith("the game still goes to ") and " (TP25): " in note.message


def test_TP25_a_played_battle_with_a_player_at_the_target_raises_it():
    game, index = dead_after_rise()
    # the battle before the dead one raised the target though a player stayed at it
    report = validate(game)
    risen = [f for f in report.findings if f.rule == "TP25" and f.battle == index
             and "now goes to" in f.message]
    assert len(risen) == 1 and risen[0].severity is Severity.INFO


# --- the console script ---------------------------------------------------------------------------

def test_TP_LAWS_simulate_and_validate_through_the_console_script():
    """``pinochle simulate --ruleset 25-steps --option Laws=scarne --irregularities`` writes games
    whose irregularities ``pinochle validate`` reports as notices under SC- ids (exit 0); without
    the laws there are no irregularities to simulate (a usage error, exit 4)."""
    script = str(Path(sys.executable).with_name("pinochle"))
    sim = subprocess.run([script, "simulate", "--ruleset", "25-steps", "--option",
                          "Laws=scarne", "--irregularities", "0.5", "--games", "12", "--seed",
                          "3"], capture_output=True, text=True, timeout=300)
    assert sim.returncode == 0, sim.stderr
    assert '[Laws "scarne"]' in sim.stdout and '[RenegeCheck "any-time"]' in sim.stdout
    val = subprocess.run([script, "validate", "-"], input=sim.stdout, capture_output=True,
                         text=True, timeout=300)
    assert val.returncode == 0, val.stdout
    assert "SC-" in val.stdout and "(notice)" in val.stdout
    assert "(warning)" not in val.stdout and "(error)" not in val.stdout
    plain = subprocess.run([script, "simulate", "--ruleset", "25-steps", "--irregularities",
                            "0.5", "--games", "1"], capture_output=True, text=True, timeout=120)
    assert plain.returncode == 4 and "no irregularity laws" in plain.stderr
    assert "Traceback" not in sim.stderr + val.stderr + plain.stderr
