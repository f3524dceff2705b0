"""Irregularities in records, through the walker: redeals (R11A), objections to melds (R11B),
the draw events (R8E, R11C, R11D, R11E), discoveries (R11C, R11D), one player out of cards
(R11F) and exposures (M7). Irregular battles are made by driving BattleState with the
irregularity and writing the events that record it."""

from __future__ import annotations

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation.events import (
    Claim, Discovery, Draw, Exposure, ExtraDraw, Meld, MissedDraw, Objection, Trick,
)

from tests.adjudicator.replaykit import (
    E, W, findings_of, insert_after_trick, kind, one_battle_game, play_battle,
    replace_trick, tricks_of,
)


def rules_and_severities(g):
    return [(f.rule, f.severity) for f in findings_of(g)]


def same_as_engine(deal, events, state):
    """The walker finds what the engine found while the battle was played, and the same scores."""
    g = one_battle_game([deal, *events])
    found = findings_of(g)
    assert [(f.rule, f.message) for f in found] == [(f.rule, f.message) for f in state.findings]
    b = walk(g, Visitor()).battles[0]
    assert (b.east, b.west) == (state.score(E), state.score(W))
    return found


# --- R11A ----------------------------------------------------------------------------------

def test_R11A_timely_objection_then_a_new_deal_by_the_same_dealer():
    deal1, _, _ = play_battle(1, E)
    deal2, events2, state2 = play_battle(2, E)
    g = one_battle_game([deal1, Objection(target="deal", seat=W), deal2, *events2])
    assert rules_and_severities(g) == [("R11A", Severity.INFO)]
    b = walk(g, Visitor()).battles[0]
    assert (b.east, b.west) == (state2.score(E), state2.score(W))


def test_R11A_late_objection_the_deal_stands():
    deal, events, _ = play_battle(1, E)
    late = insert_after_trick(events, 1, Objection(target="shuffle", seat=E))
    assert rules_and_severities(one_battle_game([deal, *late])) == [("R11A", Severity.INFO)]


def test_R11A_timely_objection_without_a_new_deal_is_reported():
    deal, events, _ = play_battle(1, E)
    found = findings_of(one_battle_game([deal, Objection(target="cut", seat=W), *events]))
    assert [f.rule for f in found] == ["R11A", "R11A"]
    assert "followed by no new deal" in found[1].message


def test_R11A_R5_a_redeal_without_objection_and_a_deal_mid_battle():
    deal1, _, _ = play_battle(1, E)
    deal2, events2, _ = play_battle(2, E)
    assert rules_and_severities(one_battle_game([deal1, deal2, *events2])) == [
        ("R11A", Severity.WARNING)]
    mid = insert_after_trick(events2, 3, deal1)
    assert [f.rule for f in findings_of(one_battle_game([deal2, *mid]))] == ["R5"]


# --- R11B ----------------------------------------------------------------------------------

def first_meld(events):
    return next(t for t in tricks_of(events) if t.melds)


def with_points(events, number, points, claims_for):
    """Trick ``number``'s meld claims ``points``; the battle's claims as ``claims_for`` says."""
    t = next(t for t in tricks_of(events) if t.number == number)
    meld = t.melds[0].model_copy(update={"points": points})
    out = replace_trick(events, number, melds=(meld,))
    return [e for e in out if not isinstance(e, Claim)] + claims_for(t, meld)


def test_R11B_wrong_points_without_objection_stand_as_claimed():
    deal, events, state = play_battle(6)
    t = first_meld(events)
    true = t.melds[0].points
    delta = -1

    def claims(t, meld):
        east, west = state.meld_points(E), state.meld_points(W)
        east, west = (east + delta, west) if t.winner is E else (east, west + delta)
        return [Claim(category="melds", east=east, west=west)]

    g = one_battle_game([deal, *with_points(events, t.number, true + delta, claims)])
    [f] = findings_of(g)
    assert (f.rule, f.kind, f.severity) == ("R9A", Kind.MISCOUNT, Severity.WARNING)
    assert f.message.endswith("illegal, stands: no objection in time (R11B)")
    assert (f.claimed, f.expected, f.trick) == (true + delta, true, t.number)


def test_R11B_wrong_points_with_a_timely_objection_are_corrected():
    deal, events, state = play_battle(6)
    t = first_meld(events)
    true = t.melds[0].points

    def claims(t, meld):
        return [Claim(category="melds", east=state.meld_points(E), west=state.meld_points(W))]

    wrong = with_points(events, t.number, true + 10, claims)
    objected = insert_after_trick(wrong, t.number, Objection(target="meld", seat=t.winner.other))
    [f] = findings_of(one_battle_game([deal, *objected]))
    assert f.rule == "R9A" and f"corrected to {true}" in f.message
    assert f.severity is Severity.INFO
    late = insert_after_trick(wrong, t.number + 1, Objection(target="meld",
                                                              seat=t.winner.other))
    found = findings_of(one_battle_game([deal, *late]))
    assert [(f.rule, f.severity) for f in found] == [          # stands, late, claim miscount
        ("R9A", Severity.WARNING), ("R11B", Severity.INFO), ("R9A", Severity.ERROR)]


def test_R11B_an_out_of_turn_meld_objected_in_time_is_voided():
    deal, events, state = play_battle(8)
    loser_meld_after = None
    for t in tricks_of(events):
        if not t.melds:
            loser_meld_after = t
            break
    loser = loser_meld_after.winner.other
    meld = Meld(kind=kind("♣♣5"), points=422, seat=loser)   # nobody holds this early
    events2 = insert_after_trick(events, loser_meld_after.number, meld,
                                 Objection(target="meld", seat=loser.other))
    found = findings_of(one_battle_game([deal, *events2]))
    # one meld, one finding: its first rule, the other named in its message
    assert [(f.rule, f.severity) for f in found] == [("R8D", Severity.INFO)]
    assert "(R9B1)" in found[0].message and found[0].message.endswith("(M7)")
    assert all("voided on" in f.message for f in found)
    b = walk(one_battle_game([deal, *events2]), Visitor()).battles[0]
    assert (b.east, b.west) == (state.score(E), state.score(W))


def test_R11B_objection_to_a_correct_meld_is_a_notice():
    deal, events, _ = play_battle(6)
    t = first_meld(events)
    g = one_battle_game([deal, *insert_after_trick(events, t.number,
                                                  Objection(target="meld", seat=t.winner.other))])
    assert rules_and_severities(g) == [("R11B", Severity.INFO)]


# --- draws ---------------------------------------------------------------------------------

def test_R11C_nodraw_then_toofew_matches_the_engine():
    def hook(state, n):
        if n == 2:
            loser = state.last_winner.other
            state.finish_turn([state.last_winner])
            state.laws.discover(loser, too_many=False)
            return [MissedDraw(seat=loser), Discovery(seat=loser, too_many=False)]
        return None

    deal, events, state = play_battle(9, after_trick=hook)
    found = same_as_engine(deal, events, state)
    assert [f.rule for f in found][:2] == ["R11C", "R11C"]
    assert state.end.rule == "R11F"                 # the short player runs out first
    assert found[-1].rule == "R11F"


def test_R11D_extradraw_then_toomany_loses_every_further_trick():
    def hook(state, n):
        if n == 3:
            w = state.last_winner
            state.finish_turn([w, w.other, w])
            state.laws.discover(w, too_many=True)
            hook.penalized = w
            return [ExtraDraw(seat=w), Discovery(seat=w, too_many=True)]
        return None

    deal, events, state = play_battle(10, after_trick=hook)
    found = same_as_engine(deal, events, state)
    assert [f.rule for f in found][:2] == ["R11D", "R11D"]
    later = [t for t in tricks_of(events) if t.number > 3]
    assert all(t.winner is hook.penalized.other for t in later)


def test_R8E_draw_event_loser_first():
    def hook(state, n):
        if n == 1:
            w = state.last_winner
            state.finish_turn([w.other, w])
            return [Draw(seats=(w.other, w))]
        return None

    deal, events, state = play_battle(11, after_trick=hook)
    found = same_as_engine(deal, events, state)
    assert [f.rule for f in found] == ["R8E"]


def test_R11E_lone_card_after_a_missed_draw_is_noticed():
    def hook(state, n):
        if n == 1:
            w = state.last_winner
            state.finish_turn([w])
            return [MissedDraw(seat=w.other)]
        return None

    deal, events, state = play_battle(12, after_trick=hook)
    found = same_as_engine(deal, events, state)
    assert "R11E" in [f.rule for f in found] and state.stock_count == 1


def test_R8E_nodraw_naming_a_seat_with_no_draw_due():
    deal, events, _ = play_battle(3)
    bad = insert_after_trick(events, 20, MissedDraw(seat=E))     # the stock is empty by then
    assert [f.rule for f in findings_of(one_battle_game([deal, *bad]))] == ["R8E"]


# --- M7 --------------------------------------------------------------------------------------

def test_M7_expose_event_matches_the_engine():
    def hook(state, n):
        if n == 2:
            loser = state.last_winner.other
            hand = [c for c in state.hand(loser) if state.concealed(loser)[c.index]]
            state.expose(loser, hand[:1])
            return [Exposure(seat=loser, cards=tuple(hand[:1]))]
        return None

    deal, events, state = play_battle(13, after_trick=hook)
    found = same_as_engine(deal, events, state)
    assert [(f.rule, f.severity) for f in found] == [("M7", Severity.INFO)]


def test_R11C_a_false_toofew_in_a_record():
    deal, events, _ = play_battle(2)
    bad = insert_after_trick(events, 5, Discovery(seat=W, too_many=False))
    [f] = findings_of(one_battle_game([deal, *bad]))
    assert (f.rule, f.severity) == ("R11C", Severity.ERROR)


def test_R8D_a_meld_line_naming_no_seat_is_the_last_winners():
    deal, events, state = play_battle(6)
    t = first_meld(events)
    moved = replace_trick(events, t.number, melds=())
    moved = insert_after_trick(moved, t.number, t.melds[0])
    assert findings_of(one_battle_game([deal, *moved])) == []
    assert isinstance(moved[moved.index(t.melds[0]) - 1], Trick)
