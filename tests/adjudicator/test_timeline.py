"""The replay page's timeline (adjudicator/report/timeline.py): one visitor of the walker that
snapshots every step of a battle. Checked against the record it replays (the deal, the tricks, the
draws from the stock), against the validation report (the same findings, the same corrected scores)
and against the pack (every card is somewhere at every step)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.report.timeline import build_timeline
from pinochle.notation.errors import NotationError
from pinochle.notation.events import Deal, Meld, Record, Trick
from pinochle.notation.reader import parse
from pinochle.notation.writer import dumps

from tests.adjudicator.replaykit import legal_game

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
RECORDS = sorted(CORPUS.glob("*/*.pin")) + sorted((CORPUS / "rulebook").glob("**/*.pin"))


def timeline_of(path: str):
    return build_timeline((CORPUS / path).read_text(encoding="utf-8"))


def steps_of_battle(game, battle):
    view = game.battles[battle - 1]
    return game.steps[view.first_step:view.last_step + 1]


# --- R9F: the finding, its step, its marked line -------------------------------------------

def test_R9F_the_repeated_meld_is_linked_to_the_meld_step_of_trick_6_with_its_place_marked():
    game = timeline_of("faulty/R9F-repeat.pin").games[0]
    [finding] = game.findings
    assert (finding.rule, finding.line, finding.column) == ("R9F", 14, 12)
    step = game.steps[finding.step]
    assert step.findings == [0]
    assert (step.kind, step.battle, step.trick, step.line) == ("meld", 1, 6, 14)
    assert step.label == "West melds ♣2 for 81"
    [meld] = step.melds
    assert (meld.seat, meld.kind, meld.claimed, meld.legal) == ("W", "♣2", 81, False)
    assert meld.status == "open"        # East may still object (R11B) ...
    later = game.steps[finding.step + 1].hands[1].melds[-1]
    assert (later.kind, later.status) == ("♣2", "stood")  # ... and does not: it stands
    assert finding.source is not None
    assert finding.source.marked == "♣2 81"
    assert finding.source.before + finding.source.marked + finding.source.after == \
        (CORPUS / "faulty/R9F-repeat.pin").read_text(encoding="utf-8").splitlines()[13]
    # the trick step before it shows the trick on the table and who won it
    trick = game.steps[finding.step - 1]
    assert trick.kind == "trick" and trick.table is not None
    assert (trick.table.lead.card, trick.table.follow.card) == ("J♥", "T♠")
    assert (trick.table.winner, trick.table.marked) == ("W", "W")
    assert trick.may_meld == "W"


def test_R9A_a_meld_step_shows_the_meld_cards_and_the_melder_exposes_what_it_takes():
    game = timeline_of("faulty/R9F-repeat.pin").games[0]
    first = next(s for s in game.steps if s.kind == "meld")
    [meld] = first.melds
    assert meld.kind == "♥3" and meld.points == 101
    west = first.hands[1]
    assert meld.takes and all(card in west.exposed for card in meld.takes)
    assert set(meld.takes) <= set(meld.cards)
    assert [m.kind for m in west.melds] == ["♥3"]
    before = game.steps[first.index - 1].hands[1]
    assert west.meld_points == before.meld_points + 101
    assert west.score == west.tricks + west.meld_points


# --- the deal, the tricks and the draws, against the record ---------------------------------

def test_R6_the_deal_step_shows_the_dealt_hands_and_the_stock():
    text = (CORPUS / "games/club-night.pin").read_text(encoding="utf-8")
    record, game = parse(text), build_timeline(text).games[0]
    for view, battle in zip(game.battles, record.games[0].battles):
        [deal] = [e for e in battle.events if isinstance(e, Deal)]
        step = game.steps[view.first_step]
        assert step.kind == "deal" and step.line == deal.span.line
        east, west = step.hands
        assert sorted(east.concealed) == sorted(map(str, deal.east))
        assert sorted(west.concealed) == sorted(map(str, deal.west))
        assert east.exposed == west.exposed == []
        assert step.stock == len(deal.stock)


def test_R8_one_trick_step_per_trick_line_with_its_cards_and_the_marked_winner():
    text = (CORPUS / "games/club-night.pin").read_text(encoding="utf-8")
    record, game = parse(text), build_timeline(text).games[0]
    for view, battle in zip(game.battles, record.games[0].battles):
        tricks = [e for e in battle.events if isinstance(e, Trick)]
        steps = [s for s in steps_of_battle(game, view.battle) if s.kind == "trick"]
        assert len(steps) == len(tricks)
        for step, trick in zip(steps, tricks):
            table = step.table
            assert (step.trick, step.line) == (trick.number, trick.span.line)
            assert (table.lead.card, table.follow.card) == (str(trick.lead), str(trick.follow))
            assert table.winner == table.marked == str(trick.winner)   # a clean record
        melds = [m for t in tricks for m in t.melds]
        made = [m for s in steps_of_battle(game, view.battle) for m in s.melds]
        assert [(m.kind, m.claimed) for m in made] == [(str(m.kind), m.points) for m in melds]


def test_R8E_the_draws_come_from_the_top_of_the_stock_winner_first():
    text = (CORPUS / "games/club-night.pin").read_text(encoding="utf-8")
    record, game = parse(text), build_timeline(text).games[0]
    for view, battle in zip(game.battles, record.games[0].battles):
        [deal] = [e for e in battle.events if isinstance(e, Deal)]
        steps = steps_of_battle(game, view.battle)
        drawn = [d.card for s in steps for d in s.drawn]
        assert drawn == [str(card) for card in deal.stock]
        for before, step in zip(steps, steps[1:]):
            if step.drawn:      # the winner of the trick before draws first
                assert step.drawn[0].seat == before.table.winner


def test_R7A_every_card_of_the_pack_is_in_a_hand_the_stock_or_a_trick_at_every_step():
    for seeds in ((1, 2, 3, 4), (5, 6)):
        game = legal_game(seeds)
        timeline = build_timeline(dumps(Record(games=(game,)))).games[0]
        assert not [f for f in timeline.findings if f.severity != "info"]
        for step in timeline.steps:
            held = 0
            for hand in step.hands:
                assert len(hand.concealed) + len(hand.exposed) == hand.size
                held += hand.size
            assert held + step.stock + 2 * step.trick == 48, step.label


def test_R4A_running_scores_end_each_battle_with_the_reports_scores_and_totals():
    text = (CORPUS / "games/club-night.pin").read_text(encoding="utf-8")
    record, game = parse(text), build_timeline(text).games[0]
    report = validate_game(record.games[0])
    totals = [0, 0]
    for view, battle in zip(game.battles, report.battles):
        first, end = game.steps[view.first_step], game.steps[view.last_step]
        assert [h.total for h in first.hands] == totals        # the deal: nothing scored yet
        assert end.kind == "end" and view.ended_by == "R8F"
        assert [h.score for h in end.hands] == [battle.east.score, battle.west.score]
        assert [h.tricks for h in end.hands] == [battle.east.tricks, battle.west.tricks]
        totals = [totals[0] + battle.east.score, totals[1] + battle.west.score]
        assert [h.total for h in end.hands] == totals
    assert (game.east, game.west) == (report.east, report.west) == tuple(totals)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(CORPUS)))
def test_every_finding_of_the_report_is_in_the_timeline_at_a_step(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record, timeline = parse(text), build_timeline(text)
    for number, (game, view) in enumerate(zip(record.games, timeline.games), 1):
        report = validate_game(game, number=number)
        assert [(f.rule, f.line, f.column, f.message) for f in report.findings] == \
            [(f.rule, f.line, f.column, f.message) for f in view.findings]
        for n, finding in enumerate(view.findings):
            assert n in view.steps[finding.step].findings
        assert sum(len(s.findings) for s in view.steps) == len(view.findings)
        assert [s.index for s in view.steps] == list(range(len(view.steps)))


# --- findings land on the step of their statement -------------------------------------------

@pytest.mark.parametrize("path, rule, kind", [
    ("faulty/R8C1-winner-mark.pin", "R8C1", "trick"),
    ("faulty/R11C-nodraw.pin", "R11C", "draw"),
    ("faulty/R11A-late-objection.pin", "R11A", "objection"),
    ("faulty/M7-exposed-out-of-turn.pin", "M7", "exposure"),
    ("faulty/R9A-meld-points.pin", "R9A", "meld"),
])
def test_a_finding_is_linked_to_the_step_of_the_statement_it_marks(path, rule, kind):
    game = timeline_of(path).games[0]
    found = [f for f in game.findings if f.rule == rule]
    assert found
    for finding in found:
        step = game.steps[finding.step]
        assert step.kind == kind and step.line == finding.line


def test_R11A_a_redeal_is_a_second_deal_step_of_the_same_battle():
    game = timeline_of("faulty/R11A-redeal.pin").games[0]
    kinds = [s.kind for s in steps_of_battle(game, 1)[:3]]
    assert kinds == ["deal", "objection", "deal"]
    assert game.steps[2].label == "East deals again"
    assert len(game.battles) == 1 and game.battles[0].first_step == 0


# --- records without the deal, old-time, no battles -----------------------------------------

def test_R6_a_record_without_the_deal_says_the_hands_are_unknown():
    game = timeline_of("faulty/R6-no-deal.pin").games[0]
    assert game.battles[0].deal_known is False
    first = game.steps[0]
    assert "omits the deal" in first.label and "unknown" in first.label
    assert first.findings and game.findings[first.findings[0]].rule == "R6"
    for step in game.steps:
        assert all(h.concealed is None and h.exposed is None for h in step.hands)
        assert all(d.card is None for d in step.drawn)
    trick = next(s for s in game.steps if s.kind == "trick")
    assert trick.table.lead.card == "J♥"       # the tricks are still shown


def test_OT6B_old_time_battles_show_trump_and_the_upcard():
    game = timeline_of("games/old-time-evening.pin").games[0]
    assert game.ruleset["Ruleset"] == "old-time"
    assert [(b.trump, b.upcard) for b in game.battles] == [("♥", "A♥"), ("♠", "N♠")]
    assert "A♥ turned up, ♥ trumps" in game.steps[0].label
    # the upcard is the stock's last card: counted in the stock (23 + 1)
    assert game.steps[0].stock == 24
    # OT9I2: the swap at trick 2 is a meld step
    swap = next(s for s in game.steps if s.kind == "meld")
    assert (swap.trick, swap.melds[0].kind, swap.melds[0].points) == (2, "swap", 10)
    assert any(s.phase_b for s in game.steps)


def test_OT6B_an_old_time_record_without_the_deal_says_trump_is_unknown():
    text = (CORPUS / "games/old-time-evening.pin").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines()
             if not line.startswith(("E:", "W:", "stock:", "upcard:"))]
    game = build_timeline("\n".join(lines) + "\n").games[0]
    for battle in game.battles:
        assert (battle.deal_known, battle.trump, battle.upcard) == (False, None, None)
        label = game.steps[battle.first_step].label
        assert "the hands are unknown" in label and "trump unknown" in label
    assert {game.findings[n].rule for n in game.steps[0].findings} == {"OT6", "OT6B"}


def test_an_unknown_ruleset_replays_no_battle_and_keeps_its_finding_on_one_step():
    text = (CORPUS / "faulty/R9F-repeat.pin").read_text(encoding="utf-8")
    game = build_timeline('[Ruleset "nonsense"]\n' + text).games[0]
    assert game.ruleset is None and game.battles == []
    [step] = game.steps
    assert step.kind == "game"
    assert [game.findings[n].rule for n in step.findings] == ["Ruleset"]


def test_every_game_of_a_record_has_its_timeline():
    text = (CORPUS / "faulty/R9F-repeat.pin").read_text(encoding="utf-8")
    games = build_timeline(text + "\n" + text).games
    assert [g.game for g in games] == [1, 2]
    assert games[1].findings[0].line == games[0].findings[0].line + text.count("\n") + 1


def test_a_syntax_error_is_a_notation_error_with_every_position():
    with pytest.raises(NotationError) as caught:
        build_timeline("battle 1 dealer E\n1. X♥ K♥\n2. K♥ Y♥\n")
    assert [e.line for e in caught.value.errors] == [2, 3]


def test_the_walkers_meld_events_are_steps_too():
    """A meld on a line of its own (``meld W ♥2 61``) is a step of its own."""
    text = (CORPUS / "faulty/R9F-repeat.pin").read_text(encoding="utf-8")
    record = parse(text)
    battle = record.games[0].battles[0]
    assert not any(isinstance(e, Meld) for e in battle.events)
    moved = text.replace("4. J♠ A♦ W ♥2 61", "4. J♠ A♦ W\nmeld W ♥2 61")
    game = build_timeline(moved).games[0]
    step = next(s for s in game.steps if s.kind == "meld" and s.trick == 4)
    assert step.line == 13 and step.label == "West melds ♥2 for 61"


def test_TPV1_a_last_draw_choice_is_a_step_and_the_next_draws_give_the_upcard_to_its_winner():
    from pinochle.adjudicator.rulesets.twenty_five import twenty_five
    from pinochle.notation.events import Choice
    from pinochle.simulator.simulate import Settings, simulate_game

    for seed in range(1, 40):
        game = simulate_game(seed, Settings(ruleset=twenty_five(last_draw="choice"))).game
        choices = [(b, e) for b, battle in enumerate(game.battles, 1) for e in battle.events
                   if isinstance(e, Choice) and e.take == "upcard"]
        if choices:
            break
    battle, choice = choices[0]
    view = build_timeline(dumps(game)).games[0]
    upcard = view.battles[battle - 1].upcard
    steps = steps_of_battle(view, battle)
    at = next(i for i, s in enumerate(steps)
              if s.label == f"{choice.seat.word} chooses the upcard")
    assert steps[at].kind == "draw"
    drawn = next(s.drawn for s in steps[at + 1:] if s.drawn)
    # the winner draws first: the card under the talon (the upcard, or a dix swapped for it)
    assert drawn[0].seat == str(choice.seat) and (drawn[0].card == upcard or
                                                  drawn[0].card.startswith("N"))
