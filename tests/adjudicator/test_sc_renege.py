"""Scarne's renege law (spec ../shared/rulesets/scarne-two-handed-turn-up-trump.md §7.1,
SC-RENEGE1, SC-RENEGE2; rulings in docs/rulings.md, "Scarne's two-handed Pinochle", Laws):
with ``Laws "scarne"`` a card that breaks SC-PLAYB2 is a renege, found from the record; the
claim ``object renege W`` (West claims East's renege) costs the reneger his count; unclaimed it
stands (warning); a false claim is an error. Positions as otkit's: West deals, East leads."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.laws.policy import EAST_POINT_LAWS, NO_LAWS, SCARNE_LAWS
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.model.ruleset import RulesetError
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation import parse
from pinochle.notation.events import Battle, Game, Objection, Tag, Trick
from pinochle.notation.writer import dumps

from tests.adjudicator.otkit import E, W, card, random_deal, state

LAWS = scarne(laws="scarne")
LAWS_LATE = scarne(laws="scarne", renege_check="end-of-hand")


def phase_2(east: str, west: str, ruleset=LAWS) -> BattleState:
    """Trick 2 led by East in phase 2: trick 1 exhausts a stock of one card and the upcard N♠
    (spades trumps): West wins it with A♣ (21 + 0 points), draws J♦, East the upcard."""
    s = state(east + " N♣", west + " A♣", stock="J♦", ruleset=ruleset)
    s.play(E, card("N♣"))
    s.play(W, card("A♣"))
    s.finish_turn()
    s.play(W, card("J♦"))
    s.play(E, card("N♠"))
    s.finish_turn()
    assert s.phase_b and s.to_play is E and s.findings == []
    return s


def renege_by_west(ruleset=LAWS) -> BattleState:
    """East leads K♥; West, void in hearts with trumps, plays A♣: a renege (SC-PLAYB2)."""
    s = phase_2("K♥ A♠ Q♥", "A♣ N♠ T♠", ruleset)
    s.play(E, card("K♥"))
    s.play(W, card("A♣"))
    return s


def rules(s: BattleState) -> list[tuple[str, Severity]]:
    return [(f.rule, f.severity) for f in s.findings]


# --- the ruleset ------------------------------------------------------------------------------

def test_SC_RENEGE1_Laws_scarne_selects_the_renege_law_none_keeps_none():
    assert LAWS.laws is SCARNE_LAWS and scarne(laws="none").laws is NO_LAWS
    assert LAWS.laws.renege == ("SC-RENEGE1", "SC-RENEGE2") and EAST_POINT_LAWS.renege is None
    assert ruleset_from_tags({"Ruleset": "scarne", "Laws": "scarne"}).laws is SCARNE_LAWS
    # RenegeCheck is a tag of Scarne's laws only: without them it is not among the options.
    assert "RenegeCheck" not in scarne(laws="none").options
    assert LAWS.options["RenegeCheck"] == "any-time"
    with pytest.raises(RulesetError):
        scarne(laws="scarne", renege_check="never")


# --- detection and the unclaimed renege ---------------------------------------------------------

def test_SC_RENEGE1_a_renege_is_not_an_error_at_once_under_the_law():
    s = renege_by_west()
    assert s.findings == []


def test_SC_RENEGE1_unclaimed_the_renege_stands_with_a_warning():
    s = renege_by_west()
    before = (s.trick_points(E), s.trick_points(W))
    s.close()
    [f] = s.findings
    assert (f.rule, f.severity, f.kind) == ("SC-RENEGE1", Severity.WARNING, Kind.ILLEGAL_PLAY)
    assert "unclaimed" in f.message and f.claimed == "A♣"
    assert (s.trick_points(E), s.trick_points(W)) == before


def test_SC_RENEGE1_without_the_law_the_renege_is_an_SC_PLAYB2_error_at_once():
    s = renege_by_west(scarne(laws="none"))
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-PLAYB2", Severity.ERROR)


def test_SC_RENEGE1_a_legal_follow_is_no_renege():
    s = phase_2("K♥ A♠ Q♥", "A♣ N♠ T♠")
    s.play(E, card("K♥"))
    s.play(W, card("T♠"))
    s.close()
    assert s.findings == []


# --- the claim and its penalty ------------------------------------------------------------------

def test_SC_RENEGE2_a_valid_claim_zeroes_the_reneger_and_credits_the_claimant_250():
    s = renege_by_west()
    melds = (s.meld_points(E), s.meld_points(W))
    assert s.laws.can_claim_renege(E) and not s.laws.can_claim_renege(W)
    assert s.laws.verify_claim_renege(E) == []
    assert s.laws.verify_claim_renege(W)[0].rule == "SC-RENEGE1"
    assert s.laws.claim_renege(E)
    assert (s.trick_points(E), s.trick_points(W)) == (250, 0)
    assert (s.meld_points(E), s.meld_points(W)) == melds       # both keep their melds
    assert (s.score(E), s.score(W)) == (250 + melds[0], melds[1])
    s.close()
    assert rules(s) == [("SC-RENEGE2", Severity.INFO)]         # no unclaimed warning after


def test_SC_RENEGE2_later_tricks_do_not_change_the_count():
    s = renege_by_west()
    s.laws.claim_renege(E)
    s.play(E, card("A♠"))        # East won the K♥ trick; he wins this one too, and the
    s.play(W, card("N♠"))        # count stays as the claim made it
    assert (s.trick_points(E), s.trick_points(W)) == (250, 0)


def test_SC_RENEGE2_a_further_renege_by_the_penalised_player_is_a_notice_in_his_penalty():
    s = phase_2("K♥ Q♥ J♥", "A♣ K♣ N♠ T♠")
    s.play(E, card("K♥"))
    s.play(W, card("A♣"))        # West, void in hearts with trumps, plays a club: a renege
    assert s.laws.claim_renege(E)
    s.play(E, card("Q♥"))
    s.play(W, card("K♣"))        # and again: his count is 0 already
    s.close()
    assert rules(s) == [("SC-RENEGE2", Severity.INFO), ("SC-RENEGE1", Severity.INFO)]
    further = s.findings[-1]
    assert "a further renege" in further.message and "(SC-RENEGE2)" in further.message
    assert further.trick == 4 and (s.trick_points(E), s.trick_points(W)) == (250, 0)


def test_SC_RENEGE2_the_count_follows_the_scale():
    s = renege_by_west(scarne(laws="scarne", trick_scoring="10-10-10", scale="tens"))
    s.laws.claim_renege(E)
    assert (s.trick_points(E), s.trick_points(W)) == (25, 0)


def test_SC_RENEGE1_a_false_claim_is_an_error_with_no_effect():
    s = renege_by_west()
    before = (s.trick_points(E), s.trick_points(W))
    assert not s.laws.claim_renege(W)                  # East did not renege
    assert (s.trick_points(E), s.trick_points(W)) == before
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-RENEGE1", Severity.ERROR)


def test_SC_RENEGE2_a_second_claim_once_settled_is_a_notice_with_no_effect():
    s = phase_2("K♥ A♣ Q♦", "Q♥ N♠ J♦ T♠")
    s.play(E, card("K♥"))
    s.play(W, card("N♠"))         # West should follow hearts: renege; West wins with a trump
    s.play(W, card("J♦"))
    s.play(E, card("A♣"))         # East holds Q♦: renege too
    assert s.laws.claim_renege(W)      # the first valid claim settles the count
    assert not s.laws.claim_renege(E)
    assert (s.trick_points(W), s.trick_points(E)) == (250, 0)
    assert rules(s) == [("SC-RENEGE2", Severity.INFO), ("SC-RENEGE2", Severity.INFO)]
    s.close()
    # West's own renege is left unclaimed: it stands, a warning.
    assert rules(s)[-1] == ("SC-RENEGE1", Severity.WARNING)


def test_SC_RENEGE1_RenegeCheck_end_of_hand_a_claim_before_the_end_is_an_error():
    s = renege_by_west(LAWS_LATE)
    assert not s.laws.can_claim_renege(E)
    assert not s.laws.claim_renege(E)
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-RENEGE1", Severity.ERROR) and "end-of-hand" in f.message
    assert "(SC-RENEGE1, SC-LOOK2)" in f.message     # the deciding rule first


def test_SC_RENEGE2_RenegeCheck_end_of_hand_a_claim_after_the_hand_counts():
    s = renege_by_west(LAWS_LATE)
    s.play(W, card("N♠")) if s.to_play is W else s.play(E, card("A♠"))
    while not s.is_over:
        seat = s.to_play
        s.play(seat, s.legal_cards(seat)[0])
        if s.in_turn:
            s.finish_turn()
    assert s.laws.claim_renege(E)
    assert (s.trick_points(E), s.trick_points(W)) == (250, 0)


# --- whole records: the statement, its round trip, validate ------------------------------------

def renege_game(seed: int) -> tuple[Game, BattleState]:
    """A random Scarne battle (Laws "scarne") in which the first follower in phase 2 who can
    renege does, and his opponent claims it at the end of the hand."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    s = BattleState(LAWS, W, deal.east, deal.west, deal.stock, upcard=deal.upcard)
    events: list = []
    reneger = None
    while not s.is_over:
        leader = s.to_play
        lead = rng.choice(s.legal_cards(leader))
        s.play(leader, lead)
        hand, legal = s.hand(leader.other), set(s.legal_cards(leader.other))
        wrong = sorted(set(hand) - legal)
        if reneger is None and s.follow_obliged() and wrong:
            follow, reneger = wrong[0], leader.other
        else:
            follow = rng.choice(sorted(legal))
        step = s.play(leader.other, follow)
        events.append(Trick(number=s.tricks_played, lead=lead, follow=follow,
                            winner=step.winner))
        if s.in_turn:
            s.finish_turn()
    assert reneger is not None
    events.append(Objection(target="renege", seat=reneger.other))
    s.laws.claim_renege(reneger.other)
    s.close()
    tags = {"Ruleset": "scarne", "Laws": "scarne", "Result": "*"}
    game = Game(header=tuple(Tag(name=k, value=v) for k, v in tags.items()),
                battles=(Battle(number=1, dealer=W, events=(deal, *events)),))
    return game, s


def test_SC_RENEGE2_object_renege_round_trips_through_the_canonical_writer():
    game, _ = renege_game(3)
    text = dumps(game)
    assert "\nobject renege " in text
    (again,) = parse(text).games
    assert dumps(again) == text


def test_SC_RENEGE2_a_claimed_renege_in_a_record_is_a_notice_and_the_scores_are_corrected():
    game, s = renege_game(5)
    (game,) = parse(dumps(game)).games
    report = validate_game(game)
    assert [(f.rule, f.severity) for f in report.findings] == [("SC-RENEGE2", Severity.INFO)]
    [battle] = report.battles
    assert (battle.east.tricks, battle.west.tricks) == (s.trick_points(E), s.trick_points(W))
    assert sorted((battle.east.tricks, battle.west.tricks)) == [0, 250]


def test_SC_RENEGE1_an_unclaimed_renege_in_a_record_is_a_warning():
    game, _ = renege_game(5)
    text = "\n".join(line for line in dumps(game).splitlines()
                     if not line.startswith(("object", "[Result")))
    (game,) = parse(text + "\n").games
    report = validate_game(game)
    assert [(f.rule, f.severity) for f in report.findings] == [("SC-RENEGE1", Severity.WARNING)]


def test_SC_RENEGE1_object_renege_without_the_laws_is_reported_and_ignored():
    game, _ = renege_game(5)
    text = dumps(game).replace('[Laws "scarne"]\n', '[Laws "none"]\n')
    text = "\n".join(line for line in text.splitlines() if not line.startswith("[Result"))
    (game,) = parse(text + "\n").games
    rules = [(f.rule, f.severity) for f in validate_game(game).findings]
    assert ("Laws", Severity.WARNING) in rules and ("SC-PLAYB2", Severity.ERROR) in rules


def test_SC_RENEGE2_pinochle_validate_through_the_console_script(tmp_path):
    """``pinochle validate`` as a person runs it: a claimed renege is a notice (exit 0), an
    unclaimed one a warning, a false claim an error (exit 1), each named in the output."""
    script = str(Path(sys.executable).with_name("pinochle"))
    game, _ = renege_game(5)
    claimed = dumps(game)
    reneger = "W" if "object renege E" in claimed else "E"
    false = claimed.replace(f"object renege {reneger.translate({69: 87, 87: 69})}",
                            f"object renege {reneger}")
    runs = {}
    for name, text in (("claimed", claimed), ("false", false)):
        path = tmp_path / f"{name}.pin"
        path.write_text(text, encoding="utf-8")
        runs[name] = subprocess.run([script, "validate", str(path)], capture_output=True,
                                    text=True, timeout=120)
    assert runs["claimed"].returncode == 0, runs["claimed"].stdout
    assert "SC-RENEGE2" in runs["claimed"].stdout
    assert runs["false"].returncode == 1 and "SC-RENEGE1" in runs["false"].stdout
    assert "Traceback" not in runs["false"].stderr + runs["claimed"].stderr
