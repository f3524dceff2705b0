"""The call-out (SC-CALL, sc:L60; spec §6, rulings S19, S20): only with ``GameEnd "call-out"``;
at any time before all the cards are played a player calls; the game ends at once: his total
(previous hands, this hand's melds so far, the cards in his tricks now) at or above the target,
he wins; below, he loses. Statements and battles after the call are reported and ignored; if
nobody calls, the game ends by the target (SC-WIN1)."""

from __future__ import annotations

from pinochle.adjudicator.features.callout import judge_call
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.notation import dumps, parse
from pinochle.notation.events import Battle, CallOut, Game, Tag, Trick

from tests.adjudicator.otkit import E, W, random_battle

CALL_OUT = scarne(game_end="call-out")


def battles(ruleset, n: int, first=E):
    """``n`` random legal battles, dealers alternating, and each battle's final state."""
    out, dealer = [], first
    for seed in range(n):
        deal, events, s = random_battle(seed, dealer, ruleset)
        out.append((Battle(number=seed + 1, dealer=dealer, events=(deal, *events)), s))
        dealer = dealer.other
    return out


def game(ruleset, played, result="*") -> Game:
    header = {"Ruleset": "scarne", **ruleset.options, "Result": result}
    return Game(header=tuple(Tag(name=k, value=v) for k, v in header.items()),
                battles=tuple(played))


def counted(events, seat, upto: int) -> tuple[int, int]:
    """``seat``'s melds and card points after ``upto`` tricks of a battle's events (the deal
    is events[0]; the dealer's turned deece is not counted here)."""
    melds = tricks = 0
    for event in events[1:upto + 1]:
        assert isinstance(event, Trick)
        melds += sum(m.points for m in event.melds) if event.winner is seat else 0
        if event.winner is seat:
            tricks += CALL_OUT.card_points[event.lead] + CALL_OUT.card_points[event.follow]
    return melds, tricks


def called_game(call_total=None, after=5, extra_battle=False, ruleset=CALL_OUT):
    """Battle 1 played out, battle 2 cut after ``after`` tricks by East's call."""
    (b1, s1), (b2, _), (b3, _) = battles(ruleset, 3)
    cut = b2.model_copy(update={"events": (*b2.events[:after + 1],
                                          CallOut(seat=E, total=call_total))})
    played = [b1, cut, b3] if extra_battle else [b1, cut]
    return game(ruleset, played), s1, b2


def findings_of(g):
    return validate_game(g).findings


def test_SC_CALL_the_call_ends_the_game_and_says_who_wins():
    g, s1, b2 = called_game()
    [f] = findings_of(g)
    assert (f.rule, f.kind, f.severity) == ("SC-CALL", Kind.NOTICE, Severity.INFO)
    melds, tricks = counted(b2.events, E, 5)
    upcard = b2.events[0].upcard
    dealer_deece = 10 if upcard.rank.name == "NINE" and b2.dealer is E else 0
    total = s1.score(E) + melds + dealer_deece + tricks
    assert f"East calls out with {total}" in f.message
    assert "East loses the game" in f.message           # far from 1000 after a hand and a bit


def test_SC_CALL_a_right_call_wins():
    """Battles are played until East's count during a hand reaches 1000; he calls there."""
    played, before = [], 0
    for b, s in battles(CALL_OUT, 20):
        dealer_deece = 10 if b.events[0].upcard.rank.name == "NINE" and b.dealer is E else 0
        for n in range(1, 24):
            melds, tricks = counted(b.events, E, n)
            total = before + dealer_deece + melds + tricks
            if total >= 1000:
                cut = b.model_copy(update={"events": (*b.events[:n + 1],
                                                      CallOut(seat=E, total=total))})
                [f] = findings_of(game(CALL_OUT, [*played, cut]))
                assert (f.rule, f.kind) == ("SC-CALL", Kind.NOTICE)
                assert f"East calls out with {total}" in f.message
                assert "he has reached 1000: East wins the game" in f.message
                return
        played.append(b)
        before += s.score(E)
    raise AssertionError("East never reached 1000")


def test_SC_CALL_a_wrong_call_loses_whatever_the_other_score():
    verdict = judge_call(CALL_OUT, CallOut(seat=E), 900, 40, 59, True)
    assert verdict.ends and not verdict.wins
    assert "has not reached 1000: East loses the game, whatever" in verdict.findings[0].message


def test_SC_CALL_a_wrong_claimed_total_is_a_miscount():
    g, s1, b2 = called_game(call_total=1234)
    f, notice = findings_of(g)
    assert (f.rule, f.kind, f.claimed) == ("SC-CALL", Kind.MISCOUNT, 1234)
    assert notice.kind is Kind.NOTICE


def test_SC_CALL_statements_and_battles_after_the_call_are_reported():
    (b1, _), (b2, _), (b3, _) = battles(CALL_OUT, 3)
    cut = b2.model_copy(update={"events": (*b2.events[:4], CallOut(seat=W), b2.events[4])})
    rules = [(f.rule, f.kind) for f in findings_of(game(CALL_OUT, [b1, cut, b3]))]
    assert rules == [("SC-CALL", Kind.NOTICE), ("SC-CALL", Kind.MALFORMED),
                     ("SC-CALL", Kind.MALFORMED)]


def test_SC_CALL_no_call_out_unless_agreed():
    g, _, _ = called_game(ruleset=scarne())
    report = validate_game(g)
    assert ("SC-CALL", Kind.MALFORMED) in [(f.rule, f.kind) for f in report.findings]
    assert "only when agreed" in report.findings[0].message


def test_SC_CALL_after_the_last_card_is_too_late():
    verdict = judge_call(CALL_OUT, CallOut(seat=E), 1000, 0, 10, False)
    assert not verdict.ends and verdict.findings[0].kind is Kind.MALFORMED


def test_SC_CALL_round_trips_in_the_notation():
    g, _, _ = called_game(call_total=321)
    text = dumps(g)
    assert "\ncall E 321\n" in text
    again = parse(text).games[0]
    assert dumps(again) == text
    [call] = [e for e in again.battles[1].events if isinstance(e, CallOut)]
    assert (call.seat, call.total) == (E, 321)


def test_SC_WIN1_with_call_out_agreed_and_nobody_calling_the_target_ends_the_game():
    played, totals = [], (0, 0)
    for b, s in battles(CALL_OUT, 12):
        played.append(b)
        totals = (totals[0] + s.score(E), totals[1] + s.score(W))
        if max(totals) >= 1000 and totals[0] != totals[1]:
            break
    assert max(totals) >= 1000
    assert [f for f in findings_of(game(CALL_OUT, played, f"{totals[0]}-{totals[1]}"))
            if f.severity is not Severity.INFO] == []


def test_SC_CALL_a_call_after_the_last_trick_is_too_late_in_a_record():
    (b1, _), = battles(CALL_OUT, 1)
    late = b1.model_copy(update={"events": (*b1.events, CallOut(seat=E))})
    rules = [(f.rule, f.kind) for f in findings_of(game(CALL_OUT, [late]))]
    assert rules == [("SC-CALL", Kind.MALFORMED)]
