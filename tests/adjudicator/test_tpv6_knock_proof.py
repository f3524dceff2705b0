"""KnockProof (TPV6; spec §6, T14; docs/rulings.md): with "next-trick" a knock is decided only
when the knocker next wins a trick, counting that trick's cards; play goes on until then and
halts at that trick (its meld included). A knock the knocker never proves before the battle
ends fails: he loses (TPV6). "first-lead" is refused as too vague; "next-trick" without
knocking is refused."""

from __future__ import annotations

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.rulesets.twenty_five import twenty_five
from pinochle.notation import dumps, parse
from pinochle.notation.events import Knock, Trick

from tests.adjudicator.otkit import E, W, errors, random_game, validate
from tests.adjudicator.tpkit import record

PROOF = twenty_five(knock_proof="next-trick")


def knocked(after: int, seat=W, battles=range(21, 24), extra=None):
    """Three random legal battles under KnockProof "next-trick", ``seat`` knocking in the last
    one after its trick ``after``; written and read back (the findings have lines)."""
    game, _ = random_game(battles, ruleset=PROOF)
    b = game.battles[-1]
    events = list(b.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, Trick) and e.number == after)
    events.insert(at + 1, Knock(seat=seat))
    if extra is not None:
        events.insert(at + 2, extra)
    game = game.model_copy(update={"battles": (*game.battles[:-1], b.model_copy(
        update={"events": tuple(events)}))})
    return parse(dumps(game)).games[0]


def tricks_after(game, after: int):
    return [e for e in game.battles[-1].events if isinstance(e, Trick) and e.number > after]


def test_TPV6_first_lead_is_refused_as_too_vague():
    [f] = validate(record(KnockProof="first-lead")).findings
    assert f.rule == "KnockProof" and "T14" in f.message and "too vague" in f.message


def test_TPV6_next_trick_without_knocking_is_refused():
    [f] = validate(record(KnockProof="next-trick", Knocking="no")).findings
    assert f.rule == "KnockProof"
    assert validate(record(KnockProof="next-trick")).findings == []


def test_TPV6_the_knock_is_decided_at_the_knockers_next_trick_counting_it():
    game = knocked(5)
    proof = next(t for t in tricks_after(game, 5) if t.winner is W)
    report = validate_game(game)
    [verdict] = [f for f in report.findings if f.rule == "TP25" and f.kind is Kind.NOTICE]
    assert verdict.severity is Severity.INFO and verdict.line == proof.span.line
    assert f"West wins trick {proof.number}, which proves his knock" in verdict.message
    # play went on up to the proof: only what follows it is reported (TP25, play halts)
    halted = [f for f in report.findings if f.rule == "TP25" and f.severity is Severity.ERROR]
    assert halted and all(f.line >= proof.span.line for f in halted)   # its own meld too


def test_TPV6_the_proof_tricks_cards_count():
    game = knocked(5)
    proof = next(t for t in tricks_after(game, 5) if t.winner is W)
    text = dumps(game).replace("\nknock W\n", "\nknock W 3\n")
    report = validate_game(parse(text).games[0])
    [miscount] = [f for f in report.findings if f.kind is Kind.MISCOUNT and f.rule == "TP25"]
    assert miscount.claimed == 3                 # the stated count is checked at the knock
    [verdict] = [f for f in report.findings if f.rule == "TP25" and f.kind is Kind.NOTICE]
    # West won no trick between the knock and the proof, so he melded nothing either
    points = (PROOF.card_points[proof.lead] + PROOF.card_points[proof.follow]
              + (PROOF.last_trick_bonus if proof.number == 24 else 0))
    assert verdict.expected == miscount.expected + points


def test_TPV6_without_knock_proof_the_knock_halts_play_at_once():
    game, _ = random_game(range(21, 24), ruleset=twenty_five())
    b = game.battles[-1]
    events = list(b.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, Trick) and e.number == 5)
    events.insert(at + 1, Knock(seat=W))
    game = game.model_copy(update={"battles": (*game.battles[:-1], b.model_copy(
        update={"events": tuple(events)}))})
    report = validate_game(parse(dumps(game)).games[0])
    [verdict] = [f for f in report.findings if f.rule == "TP25" and f.kind is Kind.NOTICE]
    assert "West knocks with a count of" in verdict.message


def test_TPV6_a_meld_on_the_proof_trick_is_after_the_halt():
    game = knocked(5)
    proof = next(t for t in tricks_after(game, 5) if t.winner is W)
    text = dumps(game).replace(f"\n{proof.number}. {proof.lead} {proof.follow} W\n",
                               f"\n{proof.number}. {proof.lead} {proof.follow} W\nmeld W P 40\n")
    report = validate_game(parse(text).games[0])
    [meld] = [f for f in report.findings if f.line == proof.span.line + 1]
    assert meld.rule == "TP25" and "play halts at trick" in meld.message


def test_TPV6_a_knock_never_proved_loses():
    game, _ = random_game(range(21, 24), ruleset=PROOF)
    b = game.battles[-1]
    last = max(e.number for e in b.events if isinstance(e, Trick))
    loser = next(e for e in b.events if isinstance(e, Trick) and e.number == last).winner.other
    events = list(b.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, Trick) and e.number == last)
    events.insert(at, Knock(seat=loser))             # before the last trick, which he loses
    game = game.model_copy(update={"battles": (*game.battles[:-1], b.model_copy(
        update={"events": tuple(events)}))})
    report = validate_game(parse(dumps(game)).games[0])
    [f] = [f for f in report.findings if f.rule == "TPV6"]
    assert (f.kind, f.severity) == (Kind.NOTICE, Severity.INFO)
    assert f"{loser.word} loses the game" in f.message and "not proved" in f.message
    assert errors(report) == []                      # the battle was played to its end
    assert not [f for f in report.findings if "game now goes to" in f.message]


def test_TPV6_a_knock_after_the_last_trick_cannot_be_proved():
    game, _ = random_game(range(21, 24), ruleset=PROOF)
    b = game.battles[-1]
    events = list(b.events)
    at = max(i for i, e in enumerate(events) if isinstance(e, Trick))
    events.insert(at + 1, Knock(seat=E))
    game = game.model_copy(update={"battles": (*game.battles[:-1], b.model_copy(
        update={"events": tuple(events)}))})
    report = validate_game(parse(dumps(game)).games[0])
    assert [f.rule for f in report.findings if f.rule.startswith("TPV")] == ["TPV6"]


def test_TPV6_a_second_knock_awaiting_the_proof_is_ignored():
    game = knocked(5, extra=Knock(seat=E))
    report = validate_game(game)
    [second] = [f for f in report.findings if "awaits its proof" in f.message]
    assert second.rule == "TP25" and second.severity is Severity.ERROR
    [verdict] = [f for f in report.findings if f.rule == "TP25" and f.kind is Kind.NOTICE]
    assert "West wins trick" in verdict.message


def test_TPV6_an_unfinished_record_that_stops_before_the_proof_leaves_the_knock_undecided():
    game = knocked(5)
    b = game.battles[-1]
    cut = next(i for i, e in enumerate(b.events) if isinstance(e, Knock)) + 1
    game = game.model_copy(update={"battles": (*game.battles[:-1], b.model_copy(
        update={"events": b.events[:cut]}))})
    assert game.tags["Result"] == "*"
    report = validate_game(game)
    [f] = [f for f in report.findings if f.rule.startswith("TP")]
    assert (f.rule, f.severity) == ("TPV6", Severity.INFO) and "awaits its proof" in f.message
    assert errors(report) == []
