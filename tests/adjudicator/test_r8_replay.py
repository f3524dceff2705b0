"""The walker over a battle's tricks: winner marks (checked, never trusted: R8C1-R8C4), trick
numbers (R8), a record without its deal (R6 notice), a record that stops early or goes on after
the end (R8F), melds on the trick line (R8D, R9E, R9F)."""

from __future__ import annotations

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation.events import Claim, Draw, Meld, Trick

from tests.adjudicator.replaykit import (
    E, W, card, findings_of, kind, one_battle_game, play_battle, replace_trick, tricks_of,
)


def legal(seed: int = 5, dealer=E):
    deal, events, state = play_battle(seed, dealer)
    return deal, events, state


def test_R8C_a_wrong_winner_mark_is_reported_with_the_deciding_sub_rule():
    deal, events, _ = legal()
    trick = tricks_of(events)[2]
    bad = replace_trick(events, 3, winner=trick.winner.other)
    [f] = findings_of(one_battle_game([deal, *bad]))
    assert f.kind is Kind.MISCOUNT and f.rule.startswith("R8C") and f.trick == 3
    assert f"won by {trick.winner.word}" in f.message


def test_R8C3_identical_cards_mark_names_R8C3():
    trick = Trick(number=1, lead=card("K♥"), follow=card("K♥"), winner=W)  # East deals, W leads
    found = findings_of(one_battle_game([trick]))
    assert [f.rule for f in found] == ["R6", "R8C3"]
    assert "won by East, the follower" in found[1].message


def test_R8_trick_numbers_run_from_one_in_each_battle():
    deal, events, _ = legal()
    bad = replace_trick(events, 4, number=7)
    [f] = findings_of(one_battle_game([deal, *bad]))
    assert f.rule == "R8" and f.kind is Kind.MALFORMED and "trick 7 is trick 4" in f.message


def test_R6_without_the_deal_possession_is_not_checked_but_marks_and_points_are():
    deal, events, state = legal()
    found = findings_of(one_battle_game(events))
    assert [(f.rule, f.severity) for f in found] == [("R6", Severity.INFO)]
    assert "card possession" in found[0].message
    result = walk(one_battle_game(events), Visitor())
    assert not result.battles[0].deal_known
    assert result.battles[0].east == state.score(E)
    trick = next(t for t in tricks_of(events) if not t.melds)   # a mark that says no melder
    bad = replace_trick(events, trick.number, winner=trick.winner.other)
    assert [f.rule[:3] for f in findings_of(one_battle_game(bad))] == ["R6", "R8C"]


def test_R9F_without_the_deal_a_repeated_meld_is_still_found():
    tricks = [Trick(number=1, lead=card("D♣"), follow=card("N♦"),
                    melds=(Meld(kind=kind("♣2"), points=81),)),
              Trick(number=2, lead=card("D♠"), follow=card("N♥"),
                    melds=(Meld(kind=kind("♣2"), points=81),))]
    found = findings_of(one_battle_game(tricks, dealer=E))
    assert [f.rule for f in found] == ["R6", "R9F"]
    assert found[1].severity is Severity.WARNING and "stands" in found[1].message


def test_R8F_a_record_that_stops_with_cards_in_hand_is_reported():
    deal, events, _ = legal()
    cut = [e for e in events if not (isinstance(e, Trick) and e.number > 20)]
    cut = [e for e in cut if not isinstance(e, Claim)]
    g = one_battle_game([deal, *cut], Result="1-1")
    assert [f.rule for f in findings_of(g)] == ["R8F", "R4A", "R4A"]    # odd, and Result
    assert findings_of(one_battle_game([deal, *cut])) == []       # Result "*": unfinished


def test_R8F_a_trick_after_the_end_is_reported_and_ignored():
    deal, events, state = legal()
    extra = Trick(number=25, lead=card("D♣"), follow=card("N♦"))
    tricks = [e for e in events if isinstance(e, Trick)]
    claims = [e for e in events if isinstance(e, Claim)]
    [f] = findings_of(one_battle_game([deal, *tricks, extra, *claims]))
    assert f.rule == "R8F" and "after the battle ended" in f.message


def test_R8A_a_card_the_leader_does_not_hold_is_reported_at_its_trick():
    deal, events, _ = legal()
    trick = tricks_of(events)[0]
    held = set(deal.east) | set(deal.west)
    foreign = next(c for c in deal.stock if c not in held)
    bad = replace_trick(events, 1, lead=foreign)
    found = findings_of(one_battle_game([deal, *bad]))
    assert found[0].rule == "R8A" and found[0].trick == 1
    assert trick.lead is not foreign


def test_R8D_a_meld_on_the_trick_line_is_the_winners():
    deal, events, state = legal()
    with_meld = [t for t in tricks_of(events) if t.melds]
    assert with_meld
    t = with_meld[0]
    assert findings_of(one_battle_game([deal, *events])) == []
    bad = replace_trick(events, t.number, melds=t.melds + t.melds)
    found = findings_of(one_battle_game([deal, *bad]))
    assert found[0].rule == "R9E"


def test_R8C_R8D_a_meld_on_a_wrongly_marked_trick_line_is_the_marked_seats():
    """The writer said who melded (the marked seat), so the meld is judged as
    his: the trick's loser (R8D, standing under R11B); then the claims that credit it to him."""
    deal, events, _ = legal(6)
    t = next(x for x in tricks_of(events) if x.melds)
    bad = replace_trick(events, t.number, winner=t.winner.other)
    found = [f for f in findings_of(one_battle_game([deal, *bad]))
             if f.kind is not Kind.MISCOUNT or f.rule[:3] == "R8C"]
    assert [f.rule[:3] for f in found] == ["R8C", "R8D"]
    assert found[1].severity is Severity.WARNING and f"{t.winner.other.word} lost" in \
        found[1].message


def test_R8F_a_meld_after_the_battle_ended_is_reported():
    deal, events, _ = legal(6)
    tricks = tricks_of(events)
    late = Meld(kind=kind("♣2"), points=81, seat=tricks[-1].winner)
    found = findings_of(one_battle_game([deal, *tricks, Draw(seats=()), late]))
    assert [f.rule for f in found] == ["R8F"]      # one meld, one finding: R9B1 named in it
    assert "the battle is over" in found[0].message and "(R9B1)" in found[0].message
    in_turn = findings_of(one_battle_game([deal, *tricks, late]))
    assert [f.rule for f in in_turn] == ["R9B1"]       # the last winner's turn: no cards left
