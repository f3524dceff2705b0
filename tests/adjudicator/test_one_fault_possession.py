"""One fault, one finding for card possession: a card played that its player
did not hold (R8A, R8B and each ruleset's ids), a renege (OT8B1-OT8B3, TP22, SC-PLAYB2), a deal
with a card written wrong (R2A4, R6B...), draws out of order (R8E...). Each mutant of a legal
simulated game draws exactly one finding above a notice (besides the claims that include the
fault), at the line the mutation changed; a second, independent fault later in the same battle
is still reported (the replay's resynchronisation hides no real fault). And after R8A/R8B the
player's hand, as ``position_at`` gives it to ``pinochle melds``, counts one card fewer.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.rules.meldtables import BY_INDEX
from pinochle.adjudicator.report.validation import FindingCollector
from pinochle.adjudicator.replay import position_at, walk
from pinochle.notation import dumps, parse
from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import Game, Trick
from pinochle.simulator.mutate import TrickSite, by_name, mutate, sites_of
from pinochle.simulator.simulate import Settings, simulate_any

ROOT = Path(__file__).resolve().parents[2]
CLAIMS = ("tricks ", "melds ", "score ", "total ", "game ", "[Result ", "knock ")
POLICIES = (("random", "greedy"), ("greedy", "random"), ("greedy", "greedy"), ("random", "random"))



def faults(text: str) -> list[tuple[str, int]]:
    """The findings above a notice, as (rule, line), that are not claims (a claim that
    includes the fault is its consequence)."""
    visitor = FindingCollector()
    walk(parse(text, "mutant.pin").games[0], visitor)
    lines = text.splitlines()
    return [(f.rule, f.span.line) for f in visitor.findings if f.severity is not Severity.INFO
            and not lines[f.span.line - 1].lstrip().startswith(CLAIMS)]


def changed_line(original: str, mutant: str) -> int:
    return next(n for n, (a, b) in enumerate(zip(original.splitlines(), mutant.splitlines()), 1)
                if a != b)


def legal(ruleset: str, seed: int, **options: str) -> Game:
    tags = {"Ruleset": ruleset, **options}
    game = simulate_any(seed, Settings(policies=POLICIES[seed % 4], irregularities=0.0,
                                       ruleset=ruleset_from_tags(tags))).game
    assert faults(dumps(game)) == []
    return game


def one_fault(ruleset: str, name: str, seed: int, **options: str
              ) -> tuple[str, int, frozenset[str]]:
    """The class ``name``'s mutant of a legal game: its text, changed line, rule ids."""
    game = legal(ruleset, seed, **options)
    mutation = by_name(game_ruleset(game))[name]
    mutant = mutate(game, mutation, random.Random(seed), sites_of(game))
    assert mutant is not None
    text = dumps(mutant.game)
    return text, changed_line(dumps(game), text), mutation.rules


def game_ruleset(game: Game):
    return ruleset_from_tags(game.tags)


CASES = [(ruleset, name) for ruleset in ("east-point", "old-time", "scarne", "25-steps")
         for name in ("lead-not-held", "follow-not-held", "phase-b-follow-suit", "phase-b-beat",
                      "phase-b-trump", "deal-duplicate-card", "deal-missing-card", "draw-order")
         if name in by_name(ruleset_from_tags({"Ruleset": ruleset}))]


@pytest.mark.parametrize("seed", (1, 2, 3))
@pytest.mark.parametrize(("ruleset", "name"), CASES)
def test_R8A_R8B_OT8B_R2A4_R6B_R8E_one_fault_is_one_finding_at_its_line(ruleset, name, seed):
    text, line, rules = one_fault(ruleset, name, seed)
    [(rule, at)] = faults(text)
    assert rule in rules and at == line


# --- concrete records: the exact finding, nothing else --------------------------------------


def test_R8A_a_lead_not_held_is_reported_once_and_the_mark_says_who_won():
    """East Point, seed 10: the leader of a trick leads a card he does not hold, the winner mark
    left as it was; the rest of the battle is read as written (the mark says who leads next)."""
    text, line, _ = one_fault("east-point", "lead-not-held", 10)
    number, lead, follow, mark = text.splitlines()[line - 1].split()[:4]
    assert number.endswith(".") and mark in ("E", "W")
    assert faults(text) == [("R8A", line)]


def test_OT8B2_a_renege_is_reported_once_and_the_next_trick_read_as_it_fits():
    """Old-time, seed 10: in phase B the follower does not beat the led card though he could
    (OT8B2), the mark following the rules; the record's next tricks were led by the original
    winner and the card he held back is played later as written: no more findings."""
    text, line, _ = one_fault("old-time", "phase-b-beat", 10)
    assert text.splitlines()[line - 1].split()[0].endswith(".")
    assert faults(text) == [("OT8B2", line)]


# --- a second, independent fault is still reported -------------------------------------------


def _sites(text: str) -> tuple[Game, list[TrickSite]]:
    game = parse(text, "mutant.pin").games[0]
    return game, sites_of(game)


def _with_trick(game: Game, site: TrickSite, **update: object) -> str:
    battle = game.battles[site.battle]
    events = list(battle.events)
    events[site.event] = site.trick.model_copy(update=update)
    battles = list(game.battles)
    battles[site.battle] = battle.model_copy(update={"events": tuple(events)})
    return dumps(game.model_copy(update={"battles": tuple(battles)}))


def _absent(site: TrickSite, seat: Seat, avoid: set[Card]) -> Card:
    """A card of the pack that ``seat`` does not hold at ``site`` (nor played to it)."""
    held = list(site.held(seat))
    held[site.card_of(seat).index] += 1
    return next(c for c in BY_INDEX if not held[c.index] and site.ruleset.pack.get(c, 0)
                and c not in avoid)


def _line_of(text: str, trick: Trick, after: int) -> int:
    lines = text.splitlines()
    head = f"{trick.number}. "
    return next(n for n in range(after + 1, len(lines) + 1) if lines[n - 1].startswith(head))


#: The option tags that leave a ruleset's irregularity laws out.
GAME_RULES_ONLY = {"scarne": {"Laws": "none"}}


@pytest.mark.parametrize(("ruleset", "name", "seed"), [
    ("east-point", "lead-not-held", 10), ("east-point", "deal-duplicate-card", 5),
    ("east-point", "draw-order", 2), ("old-time", "phase-b-beat", 10),
    ("25-steps", "follow-not-held", 3), ("scarne", "deal-missing-card", 9)])
def test_R8B_a_later_card_not_held_by_the_opponent_is_still_reported(ruleset, name, seed):
    """After the first fault (and its resynchronisation), the follower of a trick two or more
    tricks later in the same battle plays a card he does not hold: a second R8B (the ruleset's
    id), at its line."""
    # the game rules alone: under Scarne's laws (the default) a card missing from the deal is
    # a dead hand (SC-MISDEAL8) and play stops there
    text, line, rules = one_fault(ruleset, name, seed, **GAME_RULES_ONLY.get(ruleset, {}))
    game, sites = _sites(text)
    lines = text.splitlines()
    battle = next(i for i, b in enumerate(game.battles) if b.span.line <= line
                  and (i + 1 == len(game.battles) or game.battles[i + 1].span.line > line))
    later = [s for s in sites if s.battle == battle and s.trick.span.line > line + 2]
    site = later[len(later) // 2]
    follower = site.leader.other
    card = _absent(site, follower, {site.trick.lead, site.trick.follow})
    second = _with_trick(game, site, follow=card)
    at = _line_of(second, site.trick, line)
    assert lines[at - 1] != second.splitlines()[at - 1]
    found = faults(second)
    assert found[0][0] in rules and found[0][1] == line
    assert (game_ruleset(game).ids.follow, at) in found
    assert len(found) == 2


def test_OT8C_a_later_wrong_winner_mark_after_a_renege_is_still_reported():
    text, line, _ = one_fault("old-time", "phase-b-follow-suit", 2)
    game, sites = _sites(text)
    site = next(s for s in sites if s.trick.span.line > line + 1)
    wrong = site.winner.other
    second = _with_trick(game, site, winner=wrong)
    at = _line_of(second, site.trick, line)
    found = faults(second)
    assert found[0] == ("OT8B1", line)
    assert found[1][1] == at and found[1][0].startswith("OT8C") and len(found) == 2


def test_OT8B3_a_second_renege_by_the_other_player_is_still_reported():
    """A renege leaves only the reneger's hand in doubt: his opponent's later renege (the
    mutation applied again, to a trick where East breaks the obligation and West reneged
    first) is a fault of its own."""
    found_any = False
    for seed in range(1, 40):
        text, line, _ = one_fault("old-time", "phase-b-follow-suit", seed)
        game, sites = _sites(text)
        first = next(s for s in sites if s.trick.span.line == line)
        reneger = first.leader.other
        ids = game_ruleset(game).ids
        for site in sites:
            if site.battle != first.battle or site.trick.span.line <= line + 1 \
                    or site.leader.other is reneger or not site.phase_b:
                continue
            hand = [c for c in BY_INDEX if site.held(site.leader.other)[c.index]]
            suit = [c for c in hand if c.suit is site.trick.lead.suit]
            other = [c for c in hand if c.suit is not site.trick.lead.suit
                     and c.suit is not site.trump]
            if len(suit) < 2 or not other:
                continue
            second = _with_trick(game, site, follow=other[0], winner=site.leader)
            at = _line_of(second, site.trick, line)
            found = faults(second)
            assert found[0] == ("OT8B1", line)
            assert (ids.follow_suit, at) in found
            found_any = True
            break
        if found_any:
            break
    assert found_any


# --- the hand counts one card fewer after R8A/R8B ----------------------------


def test_R8A_the_hand_counts_one_card_fewer_after_a_card_not_held():
    """corpus/faulty/R8A-not-held.pin: East leads D♣ at trick 5, which he does not hold. Right
    after trick 5 his position lists the cards he held (which one left is unknown) and counts
    one of them gone: eleven cards, as after trick 4, not twelve."""
    game = parse((ROOT / "corpus/faulty/R8A-not-held.pin").read_text("utf-8"),
                 "R8A.pin").games[0]
    before, after = (position_at(game, 1, trick, Seat.EAST) for trick in (4, 5))
    assert (before.gone, before.size) == (0, 11)
    assert after.gone == 1
    assert sum(after.concealed) + sum(after.exposed) == 12
    assert after.size == 11


def test_R8B_the_follower_counts_one_card_fewer_and_his_opponent_none():
    game = parse((ROOT / "corpus/faulty/R8B-not-held.pin").read_text("utf-8"),
                 "R8B.pin").games[0]
    lines = (ROOT / "corpus/faulty/R8B-not-held.pin").read_text("utf-8").splitlines()
    marked = next(line for line in lines if "fault: R8B" in line)
    trick = int(marked.split(".")[0])
    west = position_at(game, 1, trick, Seat.WEST)
    east = position_at(game, 1, trick, Seat.EAST)
    assert west.gone == 1 and west.size == sum(west.concealed) + sum(west.exposed) - 1
    assert east.gone == 0
    assert west.size == east.size
