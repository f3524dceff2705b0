"""Regenerate ``corpus/faulty``: game records with exactly one known fault each, and beside each
the report ``pinochle validate`` must give (``NAME.expected.json``).

    .venv/bin/python corpus/faulty/make.py

Each record starts from a seeded legal battle, played by a random policy through
``BattleState`` (so every card and meld is legal), then receives one fault. A fault that changes
what happens next at the table (a missed draw, an extra meld that moves cards) is made while the
battle is played, so that the rest of the record stays consistent with it; a fault of the record
only (a wrong mark, claim or tag) is made in the finished record. The faulty statement carries the
comment ``; fault: RULE``: the tests find it there, independently of the expected report, and
check that the report names RULE at that line.

The script refuses to write a record whose report does not name the intended rule at the marked
line, or that has findings other than the fault's declared consequences.

East Point's records are named after R-ids (``R9F-repeat.pin``); old-time Pinochle's after OT-ids
(``OT9G-reuse.pin``), from legal old-time battles (an upcard, the phase-B obligations, a dix
beside another meld) under ``[Ruleset "old-time"]``, whose missing irregularity laws make every
fault an error under its own rule. ``make.py NAME…`` regenerates only the records named.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pinochle.adjudicator.battle import BattleState
from pinochle.adjudicator.catalog import ruleset_from_tags
from pinochle.adjudicator.follow import broken_obligation
from pinochle.adjudicator.findings import plural
from pinochle.adjudicator.melding import judge_meld
from pinochle.adjudicator.meldtables import Counts, meld_table
from pinochle.adjudicator.report import GameReport, Summary, add_game, exit_status, validate_game
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.rulesets import EAST_POINT
from pinochle.adjudicator.tricks import trick_table
from pinochle.notation import dumps, parse
from pinochle.notation.cards import ALL_CARDS, Card, Seat
from pinochle.notation.events import (
    Battle, Claim, Comment, Deal, Discovery, Draw, Exposure, ExtraDraw, Game, Meld, MissedDraw,
    Objection, Record, Tag, Trick,
)
from pinochle.notation.melds import Family, MeldKind
from pinochle.simulator.random_battle import random_battle

HERE = Path(__file__).parent
E, W = Seat.EAST, Seat.WEST
decide = trick_table(EAST_POINT).decide
Hook = Callable[[BattleState, list, random.Random], None]


def mark(event, rule: str, why: str = ""):
    """The event with the comment that marks the fault's line."""
    text = f" fault: {rule}" + (f" ({why})" if why else "")
    return event.model_copy(update={"comments": (Comment(text=text),)})


# --- legal play, with an optional fault made during it ---------------------------------------


def play(seed: int, dealer: Seat = E, hook: Hook | None = None, meld_rate: float = 0.8,
         ) -> tuple[Deal, list]:
    """A battle played by a seeded random policy (``random_battle``). ``hook(state, events,
    rng)`` runs after each trick's meld and may act on the state and append events (it must
    finish the turn if it changes the draws)."""
    deal, events, _ = random_battle(seed, dealer, EAST_POINT, meld_rate, hook)
    return deal, events


class Once:
    """A hook that makes its fault at the first trick where ``act`` succeeds (returns True)."""

    def __init__(self, act: Callable[[BattleState, list, random.Random], bool],
                 after: int = 1) -> None:
        self.act, self.after, self.done = act, after, False

    def __call__(self, state: BattleState, events: list, rng: random.Random) -> None:
        if not self.done and state.tricks_played >= self.after:
            self.done = self.act(state, events, rng)


# --- games ---------------------------------------------------------------------------------


def game(battles: list[Battle], finished: bool = False, agreed: int = 2, **tags: str) -> Game:
    header = [Tag(name="Event", value="corpus/faulty"), Tag(name="Battles", value=str(agreed)),
              Tag(name="Result", value="?" if finished else "*")]
    header += [Tag(name=k, value=v) for k, v in tags.items()]
    return Game(header=tuple(header), battles=tuple(battles))


def battle(number: int, dealer: Seat, events: list) -> Battle:
    return Battle(number=number, dealer=dealer, events=tuple(events))


def one_battle(seed: int, dealer: Seat = E, hook: Hook | None = None) -> Game:
    deal, events = play(seed, dealer, hook)
    return game([battle(1, dealer, [deal, *events])])


def settle(g: Game) -> Game:
    """The game with each battle's claims (tricks, melds, score) and the Result tag set to what
    the rules give, so that only the intended fault is wrong."""
    result = walk(g, Visitor())
    assert result is not None
    battles = []
    for b, r in zip(g.battles, result.battles):
        events = [e for e in b.events if not isinstance(e, Claim)]
        events += [Claim(category="tricks", east=r.east_tricks, west=r.west_tricks),
                   Claim(category="melds", east=r.east_melds, west=r.west_melds),
                   Claim(category="score", east=r.east, west=r.west)]
        battles.append(b.model_copy(update={"events": tuple(events)}))
    header = tuple(t.model_copy(update={"value": f"{result.east}-{result.west}"})
                   if isinstance(t, Tag) and t.name == "Result" and t.value == "?" else t
                   for t in g.header)
    return g.model_copy(update={"battles": tuple(battles), "header": header})


def events_of(g: Game, index: int = 0) -> list:
    return list(g.battles[index].events)


def with_events(g: Game, events: list, index: int = 0) -> Game:
    battles = list(g.battles)
    battles[index] = battles[index].model_copy(update={"events": tuple(events)})
    return g.model_copy(update={"battles": tuple(battles)})


def tricks(events: list) -> list[Trick]:
    return [e for e in events if isinstance(e, Trick)]


def replace(events: list, old, new) -> list:
    return [new if e is old else e for e in events]


def after_trick(g: Game, which: int, new: Callable[[Trick], object]) -> Game:
    """The one-battle game with ``new(trick)`` inserted after its trick ``tricks(...)[which]``."""
    events = events_of(g)
    anchor = tricks(events)[which]
    return with_events(g, insert_after(events, anchor, new(anchor)))


def insert_after(events: list, anchor, *new) -> list:
    i = events.index(anchor)
    return events[:i + 1] + list(new) + events[i + 1:]


# --- the faults ------------------------------------------------------------------------------


@dataclass
class Fault:
    name: str
    rule: str
    description: str
    build: Callable[[], Game]
    consequences: tuple[str, ...] = ()    # rules of further findings the fault brings with it
    settle: bool = True


FAULTS: list[Fault] = []


def fault(name: str, rule: str, description: str, consequences: tuple[str, ...] = (),
          settle_claims: bool = True):
    def register(build: Callable[[], Game]) -> Callable[[], Game]:
        FAULTS.append(Fault(name, rule, description, build, consequences, settle_claims))
        return build
    return register


def _not_held(role: str) -> Game:
    """A card the player does not hold, of the same rank and the same trick outcome, so that
    the points and the winner stay as they were."""
    g = one_battle(21)
    events = events_of(g)
    state_before = _hands_before_tricks(g)
    for trick in tricks(events)[2:]:
        hands = state_before[trick.number]
        leader = hands["leader"]
        seat = leader if role == "lead" else leader.other
        original = trick.lead if role == "lead" else trick.follow
        for card in ALL_CARDS:
            if card.rank is not original.rank or card is original:
                continue
            held = hands[seat]
            if held[card.index]:
                continue
            lead, follow = (card, trick.follow) if role == "lead" else (trick.lead, card)
            if decide(lead, follow).follower_wins != decide(trick.lead, trick.follow).follower_wins:
                continue
            rule = "R8A" if role == "lead" else "R8B"
            new = mark(trick.model_copy(update={role: card}), rule, f"{seat.word} holds no {card}")
            return with_events(g, replace(events, trick, new))
    raise SystemExit(f"no candidate for {role}")


def _hands_before_tricks(g: Game) -> dict[int, dict]:
    """Each player's hand (counts) and the leader just before each trick of battle 1."""
    before: dict[int, dict] = {}
    events = events_of(g)
    deal = events[0]
    state = BattleState(EAST_POINT, g.battles[0].dealer, deal.east, deal.west, deal.stock)
    for trick in tricks(events):
        if state.in_turn:
            state.finish_turn()
        before[trick.number] = {
            "leader": state.leader,
            E: tuple(c + e for c, e in zip(state.concealed(E), state.exposed(E))),
            W: tuple(c + e for c, e in zip(state.concealed(W), state.exposed(W)))}
        state.play(state.leader, trick.lead)
        state.play(state.leader.other, trick.follow)
        for meld in trick.melds:
            state.meld(state.last_winner, meld.kind, meld.points)
    return before


@fault("R8A-not-held", "R8A", "the leader plays a card he does not hold")
def _r8a() -> Game:
    return _not_held("lead")


@fault("R8B-not-held", "R8B", "the follower plays a card he does not hold")
def _r8b() -> Game:
    return _not_held("follow")


def _wrong_mark(rule: str, seeds=range(1, 400), battle=None, ruleset=EAST_POINT) -> Game:
    """The first battle (of ``battle(seed)``, East Point's ``one_battle`` by default) with a trick
    after the first decided by ``rule``, whose winner mark is turned round. An old-time OT8C2
    trick must be of identical cards (the rule also covers the higher rank)."""
    for seed in seeds:
        g = (battle or one_battle)(seed)
        events = events_of(g)
        table = trick_table(ruleset, getattr(events[0], "upcard", None) and events[0].upcard.suit)
        for trick in tricks(events)[1:]:
            if table.decide(trick.lead, trick.follow).rule == rule and (
                    rule != "OT8C2" or trick.lead == trick.follow):
                new = mark(trick.model_copy(update={"winner": trick.winner.other}), rule,
                           f"{trick.winner.word} won it")
                return with_events(g, replace(events, trick, new))
    raise SystemExit(f"no trick decided by {rule}")


for _rule, _what in (("R8C1", "equal suit, the higher rank wins"),
                     ("R8C2", "equal rank, the higher suit wins"),
                     ("R8C3", "identical cards, follower's card wins"),
                     ("R8C4", "unequal rank and suit, leader's card wins")):
    fault(f"{_rule}-winner-mark", _rule,
          f"a trick's winner mark names the loser ({_what})")(lambda r=_rule: _wrong_mark(r))


@fault("R8-trick-number", "R8", "a trick is misnumbered")
def _r8_number() -> Game:
    g = one_battle(3)
    events = events_of(g)
    t = tricks(events)[6]
    return with_events(g, replace(events, t, mark(t.model_copy(update={"number": 9}), "R8")))


def _claim_fault(category: str, rule: str, delta: int) -> Game:
    g = settle(one_battle(4))
    events = events_of(g)
    claim = next(e for e in events if isinstance(e, Claim) and e.category == category)
    new = mark(claim.model_copy(update={"west": claim.west + delta}), rule)
    return with_events(g, replace(events, claim, new))


fault("R8G-tricks-claim", "R8G", "West's trick points are claimed 10 too high",
      settle_claims=False)(lambda: _claim_fault("tricks", "R8G", 10))
fault("R9A-melds-claim", "R9A", "West's meld points are claimed 10 too low",
      settle_claims=False)(lambda: _claim_fault("melds", "R9A", -10))
fault("R3-score-claim", "R3", "West's battle score is claimed 1 too high",
      settle_claims=False)(lambda: _claim_fault("score", "R3", 1))


def _meld_trick(g: Game, skip: int = 0) -> Trick:
    return [t for t in tricks(events_of(g)) if t.melds][skip]


@fault("R9A-meld-points", "R9A",
       "a meld claims one point too few; nobody objects, so it stands as claimed (R11B)")
def _r9a_points() -> Game:
    g = one_battle(6)
    events = events_of(g)
    t = _meld_trick(g)
    meld = t.melds[0].model_copy(update={"points": t.melds[0].points - 1})
    return with_events(g, replace(events, t, mark(t.model_copy(update={"melds": (meld,)}),
                                                  "R9A")))


@fault("R9A-meld-points-corrected", "R9A",
       "a meld claims ten points too many; the opponent objects in time and the table value "
       "replaces the claim (R11B): a notice, the rules repaired it")
def _r9a_corrected() -> Game:
    g = one_battle(6)
    events = events_of(g)
    t = _meld_trick(g)
    meld = t.melds[0].model_copy(update={"points": t.melds[0].points + 10})
    new = mark(t.model_copy(update={"melds": (meld,)}), "R9A")
    events = replace(events, t, new)
    return with_events(g, insert_after(events, new, Objection(target="meld",
                                                              seat=t.winner.other)))


def _extra_meld(rule: str, choose: Callable[[BattleState, Seat, list], tuple[MeldKind, int] | None],
                loser: bool = False, seeds=range(30, 200), after: int = 2,
                objected: bool = False, old_time: bool = False, meld_rate: float = 0.8) -> Game:
    """A meld made during play (applied to the state, so later play is consistent) by the
    trick's winner (or loser), chosen by ``choose(state, seat, events)`` (the events: the record
    so far); written on the trick's line (the loser's on a line of its own). ``old_time``: in an
    old-time battle (``ot_play``)."""
    for seed in seeds:
        made: list = []

        def act(state: BattleState, events: list, rng: random.Random) -> bool:
            seat = state.last_winner.other if loser else state.last_winner
            picked = choose(state, seat, events)
            if picked is None:
                return False
            kind, points = picked
            state.meld(seat, kind, points)
            trick = events[-1]
            if loser:
                events.append(mark(Meld(kind=kind, points=points, seat=seat), rule))
                if objected:
                    state.object_meld(seat.other)
                    events.append(Objection(target="meld", seat=seat.other))
            else:
                events[-1] = mark(trick.model_copy(update={
                    "melds": trick.melds + (Meld(kind=kind, points=points),)}), rule)
            made.append(seed)  # noqa: B023 - act is called in this same iteration (play below)
            return True

        hook = Once(act, after)
        if old_time:
            deal, events = ot_play(seed, E, hook, meld_rate)
        else:
            deal, events = play(seed, E, hook, meld_rate)
        if made:
            return (ot_game if old_time else game)([battle(1, E, [deal, *events])])
    raise SystemExit(f"no seed gives a {rule} meld")


def _hand(state: BattleState, seat: Seat):
    return state.concealed(seat), state.exposed(seat), state.scored(seat)


def _repeat(state: BattleState, seat: Seat, _record: list):
    if state.melding_seat is not seat:
        return None
    conc, exp, scored = _hand(state, seat)
    for kind in scored:
        verdict = judge_meld(EAST_POINT, conc, exp, scored - {kind}, kind)
        if verdict.legal:
            return kind, verdict.points
    return None


Fits = Callable[[MeldKind, tuple[Card, ...], Counts, Counts], bool]


def _first_fitting(state: BattleState, seat: Seat, fits: Fits, doubles: bool = False):
    """When ``seat`` may meld now: the first combination in table order (R9A) he has not
    scored, single unless ``doubles``, for which ``fits(kind, cards, concealed, exposed)``; as
    (kind, table points), or ``None``."""
    if state.melding_seat is not seat:
        return None
    conc, exp, scored = _hand(state, seat)
    for kind, entry in EAST_POINT.melds.items():
        if kind in scored or (kind.double and not doubles):
            continue
        if fits(kind, entry.cards, conc, exp):
            return kind, entry.points
    return None


def _all_exposed(state: BattleState, seat: Seat, _record: list):
    """Every card of the meld exposed, none with a concealed copy (R9C)."""
    return _first_fitting(state, seat, lambda kind, cards, conc, exp: all(
        exp[i] >= n and not conc[i] for i, n in meld_table(EAST_POINT).needs[kind].pairs),
        doubles=True)


def _missing_card(state: BattleState, seat: Seat, _record: list):
    """All but one of the meld's cards in the hand, one of them concealed (R9B1)."""
    return _first_fitting(state, seat, lambda kind, cards, conc, exp: (
        sum(1 for card in cards if conc[card.index] + exp[card.index]) == len(cards) - 1
        and any(conc[c.index] for c in cards)))


def _played_card(won: bool):
    """A meld whose one lacking card the melder played to a trick this battle (R9G), a card
    that won its trick (R9D) or lost it, as ``won`` says; its other cards are in his hand, one
    concealed."""
    def choose(state: BattleState, seat: Seat, _record: list):
        played, winners = state.played_to_tricks(seat), state.won_with(seat)

        def fits(kind: MeldKind, cards: tuple[Card, ...], conc: Counts, exp: Counts) -> bool:
            lacking = [c for c in cards if not conc[c.index] + exp[c.index]]
            return (len(lacking) == 1 and bool(played[lacking[0].index])
                    and bool(winners[lacking[0].index]) is won
                    and any(conc[c.index] for c in cards))
        return _first_fitting(state, seat, fits)
    return choose


def _second(state: BattleState, seat: Seat, _record: list):
    if state.melding_seat is not None or state.last_winner is not seat:
        return None                      # only after the winner has melded
    conc, exp, scored = _hand(state, seat)
    for kind in EAST_POINT.melds:
        verdict = judge_meld(EAST_POINT, conc, exp, scored, kind)
        if verdict.legal:
            return kind, verdict.points
    return None


def _by_loser(state: BattleState, seat: Seat, _record: list):
    conc, exp, scored = _hand(state, seat)
    for kind in EAST_POINT.melds:
        verdict = judge_meld(EAST_POINT, conc, exp, scored, kind)
        if verdict.legal:
            return kind, verdict.points
    return None


fault("R9F-repeat", "R9F", "a combination already scored this battle is melded again with new "
      "cards; nobody objects, so it stands (R11B)")(lambda: _extra_meld("R9F", _repeat))
fault("R9C-all-exposed", "R9C", "a meld made only of cards already exposed (M4.1); it stands "
      "(R11B)")(lambda: _extra_meld("R9C", _all_exposed))
fault("R9B1-missing-card", "R9B1", "a meld the player holds one card short of; it stands "
      "(R11B)")(lambda: _extra_meld("R9B1", _missing_card))
fault("R9G-played-card", "R9G", "a meld needing a card the melder lost to a trick earlier and "
      "holds no other copy of (R9G); it stands (R11B)")(
    lambda: _extra_meld("R9G", _played_card(won=False), after=4))
fault("R9D-winning-card-melded", "R9G", "a meld needing a card that won a trick for the melder "
      "earlier, with no other copy in hand: R9G, the message naming R9D; it stands (R11B)")(
    lambda: _extra_meld("R9G", _played_card(won=True), after=4))
fault("R9E-second-meld", "R9E", "a second meld after one trick; it stands (R11B)")(
    lambda: _extra_meld("R9E", _second))
fault("R8D-loser-melds", "R8D", "the trick's loser melds; it stands (R11B)")(
    lambda: _extra_meld("R8D", _by_loser, loser=True))
fault("R11B-voided", "R8D", "the trick's loser melds and the winner objects in time: the meld is "
      "voided (R11B) and its cards stay exposed (M7): a notice, the rules repaired it")(
    lambda: _extra_meld("R8D", _by_loser, loser=True, objected=True))


@fault("R11B-late-objection", "R11B", "an objection to a correct meld after the objector has "
       "played to the next trick: too late, and the meld was correct anyway (a notice)")
def _r11b_late() -> Game:
    g = one_battle(6)
    events = events_of(g)
    following = {x.number - 1: x for x in tricks(events)}
    t = next(x for x in tricks(events) if x.melds and not following[x.number].melds)
    nxt = following[t.number]
    return with_events(g, insert_after(events, nxt, mark(Objection(target="meld",
                                                                   seat=t.winner.other),
                                                         "R11B")))


@fault("R11A-late-objection", "R11A", "an objection to the deal after the first trick: too "
       "late, the deal stands (a notice: the deal was right, and a wrong one has its own "
       "findings)")
def _r11a_late() -> Game:
    return after_trick(one_battle(7), 0, lambda first: mark(Objection(target="deal", seat=E),
                                                             "R11A"))


@fault("R11A-redeal", "R11A", "West objects to the deal in time and the same dealer deals "
       "again (a notice: the rules handle it, nothing is wrong)")
def _r11a_redeal() -> Game:
    deal1, _ = play(8, E)
    deal2, events = play(9, E)
    return game([battle(1, E, [deal1, mark(Objection(target="deal", seat=W), "R11A"), deal2,
                               *events])])


def _during_play(rule: str, act, seed: int, after: int = 2) -> Game:
    hook = Once(act, after)
    deal, events = play(seed, E, hook)
    assert hook.done
    return game([battle(1, E, [deal, *events])])


def _nodraw(state: BattleState, events: list, rng) -> bool:
    if state.stock_count < 8:
        return False
    w = state.last_winner
    state.finish_turn([w])
    events.append(mark(MissedDraw(seat=w.other), "R11C"))
    return True


def _extradraw(state: BattleState, events: list, rng) -> bool:
    if state.stock_count < 8:
        return False
    w = state.last_winner
    state.finish_turn([w, w.other, w])
    state.discover(w, too_many=True)
    events.append(mark(ExtraDraw(seat=w), "R11D"))
    events.append(Discovery(seat=w, too_many=True))
    return True


def _draw_order(state: BattleState, events: list, rng) -> bool:
    if state.stock_count < 8:
        return False
    w = state.last_winner
    state.finish_turn([w.other, w])
    events.append(mark(Draw(seats=(w.other, w)), "R8E"))
    return True


def _expose(state: BattleState, events: list, rng) -> bool:
    loser = state.last_winner.other
    conc = state.concealed(loser)
    cards = [c for c in ALL_CARDS if conc[c.index]][:2]
    if len(cards) < 2:
        return False
    state.expose(loser, cards)
    events.append(mark(Exposure(seat=loser, cards=tuple(cards)), "M7"))
    return True


fault("R11C-nodraw", "R11C", "the trick's loser does not draw; he plays on short, and in the "
      "end the other player's last card counts for neither (R11F) and the last card of the "
      "stock stays (R11E): notices, handled as R11 says", ("R11E", "R11F"))(
    lambda: _during_play("R11C", _nodraw, 31, 3))
fault("R11D-extradraw", "R11D", "the trick's winner draws an extra card and is found with too "
      "many: he loses every further trick (R11D): notices, handled as R11 says",
      ("R11D", "R11E", "R11F"))(
    lambda: _during_play("R11D", _extradraw, 32, 3))
fault("R8E-draw-order", "R8E", "the loser draws before the winner")(
    lambda: _during_play("R8E", _draw_order, 33, 2))
fault("M7-exposed-out-of-turn", "M7", "the trick's loser moves two cards to his exposed hand "
      "without a meld; they stay exposed (a notice, handled as M7 says)")(
    lambda: _during_play("M7", _expose, 34, 2))


def _extradraw_unnoticed(state: BattleState, events: list, rng) -> bool:
    if state.stock_count < 8:
        return False
    w = state.last_winner
    state.finish_turn([w, w.other, w])
    events.append(mark(ExtraDraw(seat=w), "R11D"))
    return True


def _lone_card_taken() -> Game:
    """A missed draw (R11C) leaves an odd stock; when one card is left, the player who missed
    his draw takes it (R11E: neither player takes it)."""
    short: list[Seat] = []

    def act(state: BattleState, events: list, rng) -> bool:
        w = state.last_winner
        if not short and state.stock_count >= 8:
            state.finish_turn([w])
            events.append(MissedDraw(seat=w.other))
            short.append(w.other)
        elif short and state.stock_count == 1:
            state.finish_turn([short[0]])
            events.append(mark(Draw(seats=(short[0],)), "R11E"))
            return True
        return False

    return _during_play("R11E", act, 31, 2)


def _expose_not_held(state: BattleState, events: list, rng) -> bool:
    loser = state.last_winner.other
    conc, exp = state.concealed(loser), state.exposed(loser)
    absent = [c for c in ALL_CARDS if not conc[c.index] and not exp[c.index]]
    state.expose(loser, absent[:1])
    events.append(mark(Exposure(seat=loser, cards=tuple(absent[:1])), "R7B2"))
    return True


fault("R11D-never-found-out", "R11D", "the trick's winner draws an extra card and is never found "
      "with too many: R11D's penalty never applies (a warning), and in the end his last card "
      "counts for neither (R11F) and the last card of the stock stays (R11E)",
      ("R11E", "R11F"))(lambda: _during_play("R11D", _extradraw_unnoticed, 32, 3))
fault("R11E-lone-card-taken", "R11E", "after a missed draw (R11C, a notice) the stock comes down "
      "to one card, and the player who missed his draw takes it: neither player may (R11E)",
      ("R11C",))(_lone_card_taken)
fault("R7B2-expose-not-held", "R7B2", "the trick's loser exposes a card he does not hold (R7B2); "
      "the exposure itself is an M7 notice", ("M7",))(
    lambda: _during_play("R7B2", _expose_not_held, 34, 2))


@fault("R11A-no-redeal", "R11A", "West objects to the deal in time, but no new deal follows: "
       "play goes on with the first deal, not as R11A says (a warning)")
def _r11a_no_redeal() -> Game:
    deal, events = play(8, E)
    return game([battle(1, E, [deal, mark(Objection(target="deal", seat=W), "R11A"),
                                *events])])


@fault("R11C-false-toofew", "R11C", "a player is said to hold too few cards, but his count is "
       "right")
def _false_toofew() -> Game:
    return after_trick(one_battle(10), 4, lambda t: mark(Discovery(seat=W, too_many=False),
                                                         "R11C"))


@fault("R8F-record-stops-early", "R8F", "the record of a finished game stops before the "
       "battle's hands are exhausted")
def _r8f_early() -> Game:
    deal1, events1 = play(11, E)
    deal2, events2 = play(12, W)
    cut = [t for t in events2 if not (isinstance(t, Trick) and t.number > 20)]
    cut[-1] = mark(cut[-1], "R8F")
    return game([battle(1, E, [deal1, *events1]), battle(2, W, [deal2, *cut])], finished=True)


@fault("R8F-trick-after-end", "R8F", "a trick is recorded after both hands are empty")
def _r8f_after() -> Game:
    return after_trick(one_battle(13), -1, lambda last: mark(
        Trick(number=last.number + 1, lead=last.lead, follow=last.follow), "R8F"))


@fault("R6-no-deal", "R6", "the record omits the deal: a notice says card possession was not "
       "checked (nothing is wrong)")
def _r6() -> Game:
    g = one_battle(14)
    return game([mark(battle(1, E, events_of(g)[1:]), "R6")])


@fault("R6B-deal-short-hand", "R6B", "East is dealt eleven cards and the twelfth is left on the "
       "stock (R6C); the record of the battle stops after the deal", ("R6C",))
def _r6b() -> Game:
    deal, _ = play(15, E)
    bad = Deal(east=deal.east[1:], west=deal.west, stock=deal.east[:1] + deal.stock,
               comments=(Comment(text=" fault: R6B (eleven cards)"), Comment(text=" West"),
                         Comment(text=" the stock, top first")))
    return game([battle(1, E, [bad])])


@fault("R2A4-deal-duplicate", "R2A4", "a card is dealt three times (and so another is missing "
       "from the deal); the record of the battle stops after the deal", ("R2A4",))
def _r2a4() -> Game:
    deal, _ = play(16, E)
    west = list(deal.west)
    twice = next(c for c in deal.east if EAST_POINT.pack[c] == 2 and deal.east.count(c) == 1
                 and c in deal.stock)
    west[-1] = twice
    bad = Deal(east=deal.east, west=tuple(west), stock=deal.stock)
    return game([battle(1, E, [mark(bad, "R2A4")])])


def _games(n: int, agreed: int, dealers: list[Seat] | None = None) -> list[Battle]:
    dealers = dealers or [E if i % 2 == 0 else W for i in range(n)]
    out = []
    for i in range(n):
        deal, events = play(40 + i, dealers[i])
        out.append(battle(i + 1, dealers[i], [deal, *events]))
    return out


@fault("R4A-result-tag", "R4A", "the Result tag does not match the game totals",
       settle_claims=False)
def _r4a_result() -> Game:
    g = settle(game(_games(2, 2), finished=True))
    header = tuple(mark(t.model_copy(update={"value": "2000-1500"}), "R4A")
                   if isinstance(t, Tag) and t.name == "Result" else t for t in g.header)
    return g.model_copy(update={"header": header})


@fault("R4A-game-claim", "R4A", "the claimed game total for East is wrong", settle_claims=False)
def _r4a_claim() -> Game:
    g = settle(game(_games(2, 2), finished=True))
    result = walk(g, Visitor())
    claim = mark(Claim(category="game", east=result.east + 100, west=result.west), "R4A")
    return g.model_copy(update={"closing": (claim,)})


@fault("R4A-too-few-battles", "R4A", "a finished game of four agreed battles records two")
def _r4a_short() -> Game:
    g = game(_games(2, 4), finished=True, agreed=4)
    header = tuple(mark(t, "R4A") if isinstance(t, Tag) and t.name == "Battles" else t
                   for t in g.header)
    return g.model_copy(update={"header": header})


@fault("R4B-dealer", "R4B", "East deals two battles running")
def _r4b() -> Game:
    battles = _games(2, 2, [E, E])
    battles[1] = mark(battles[1], "R4B")
    return game(battles, finished=True)


@fault("Ruleset-unknown-option", "MeldScoring", "the MeldScoring tag names no V2 schedule: the "
       "game cannot be replayed")
def _unknown() -> Game:
    g = game(_games(2, 2), finished=True)
    header = g.header + (mark(Tag(name="MeldScoring", value="generous"), "MeldScoring"),)
    return g.model_copy(update={"header": header})


# --- old-time Pinochle ----------------------------------------------------------------------
#
# One record per old-time fault kind, each from seeded legal old-time battles (``random_battle``
# with the old-time ruleset: an upcard, the phase-B obligations, a dix beside another meld). The
# ruleset has no irregularity laws (Laws "none"): a fault is reported under the rule it breaks,
# as an error, and nothing is repaired or penalized.

OLD_TIME = ruleset_from_tags({"Ruleset": "old-time"})


def ot_play(seed: int, dealer: Seat = E, hook: Hook | None = None, meld_rate: float = 0.8,
            choose=None) -> tuple[Deal, list]:
    deal, events, _ = random_battle(seed, dealer, OLD_TIME, meld_rate, hook, choose)
    return deal, events


def ot_game(battles: list[Battle]) -> Game:
    header = (Tag(name="Event", value="corpus/faulty"), Tag(name="Ruleset", value="old-time"),
              Tag(name="Result", value="*"))
    return Game(header=header, battles=tuple(battles))


def ot_one_battle(seed: int, dealer: Seat = E, hook: Hook | None = None,
                  meld_rate: float = 0.8, choose=None) -> Game:
    deal, events = ot_play(seed, dealer, hook, meld_rate, choose)
    return ot_game([battle(1, dealer, [deal, *events])])


def _ot_games(n: int, first_seed: int, dealers: list[Seat] | None = None) -> list[Battle]:
    dealers = dealers or [E if i % 2 == 0 else W for i in range(n)]
    out = []
    for i in range(n):
        deal, events = ot_play(first_seed + i, dealers[i])
        out.append(battle(i + 1, dealers[i], [deal, *events]))
    return out


@fault("OT2A4-deal-duplicate", "OT2A4", "old-time: the face of the turned-up card is dealt "
       "three times, West's last card being replaced by it (so that card is missing from the "
       "deal); the record of the battle stops after the deal", ("OT2A4",))
def _ot2a4() -> Game:
    deal, _ = ot_play(116, E)
    west = list(deal.west)
    assert deal.upcard not in west
    west[-1] = deal.upcard
    bad = deal.model_copy(update={"west": tuple(sorted(west))})
    return ot_game([battle(1, E, [mark(bad, "OT2A4")])])


@fault("OT6B-no-upcard", "OT6B", "old-time: the deal gives no upcard line, so the turned-up "
       "card (and so the trump suit) is unknown, a notice says so, and that card is missing "
       "from the deal; the record of the battle stops after the deal", ("OT2A4", "OT6B"))
def _ot6b() -> Game:
    deal, _ = ot_play(117, E)
    bad = deal.model_copy(update={"upcard": None})
    return ot_game([battle(1, E, [mark(bad, "OT6B", f"{deal.upcard} was turned up")])])


def _phase_b_follow(rule: str, seeds=range(120, 400)) -> Game:
    """A phase-B follower's card that breaks ``rule`` (OT8B1-OT8B3), chosen during play so that
    the rest of the battle is played from the hands as they then are."""
    field = {"OT8B1": "follow_suit", "OT8B2": "head", "OT8B3": "trump_void"}[rule]
    for seed in seeds:
        made: list = []

        def choose(state: BattleState, seat: Seat):
            lead = state.lead_card
            if made or lead is None or not state.follow_obliged():  # noqa: B023 - as below
                return None
            for card in state.hand(seat):
                broken = broken_obligation(OLD_TIME.follow, state.trick_table, state.trump,
                                           lead, state.hand(seat), card)
                if broken is not None and broken[0] == field and (
                        field != "follow_suit" or card.suit is not state.trump):
                    made.append(state.trick_number)  # noqa: B023 - called in this iteration
                    return card
            return None

        deal, events = ot_play(seed, E, choose=choose)
        if made:
            trick = next(t for t in tricks(events) if t.number == made[0])
            return ot_game([battle(1, E, [deal, *replace(events, trick, mark(trick, rule))])])
    raise SystemExit(f"no seed gives a {rule} card")


fault("OT8B1-follow-suit", "OT8B1", "old-time: in phase B the follower holds the suit led but "
      "plays another (not a trump)")(lambda: _phase_b_follow("OT8B1"))
fault("OT8B2-head", "OT8B2", "old-time: in phase B the follower follows suit with a card lower "
      "than the led one while holding a higher")(lambda: _phase_b_follow("OT8B2"))
fault("OT8B3-trump-void", "OT8B3", "old-time: in phase B the follower, void in the suit led, "
      "plays a non-trump while holding a trump")(lambda: _phase_b_follow("OT8B3"))


for _rule, _what in (("OT8C1", "a trump beats a non-trump"),
                     ("OT8C2", "identical cards, the leader's card wins"),
                     ("OT8C3", "different suits, neither a trump, the leader's card wins")):
    fault(f"{_rule}-winner-mark", _rule,
          f"old-time: a trick's winner mark names the loser ({_what})")(
        lambda r=_rule: _wrong_mark(r, range(130, 400), ot_one_battle, OLD_TIME))


def _ot_meld(rule: str, pick, seeds=range(140, 600), after: int = 1, loser: bool = False,
             meld_rate: float = 0.5) -> Game:
    """``_extra_meld`` in an old-time battle."""
    return _extra_meld(rule, pick, loser, seeds, after, old_time=True, meld_rate=meld_rate)


def _verdicts(state: BattleState, seat: Seat):
    """Each kind of the battle's table, judged for ``seat``'s cards alone (not his turn)."""
    position = state.position(seat)
    for kind, entry in state.meld_entries.items():
        yield kind, entry, judge_meld(OLD_TIME, position.concealed, position.exposed,
                                      position.scored, kind, played=position.played,
                                      won=position.won, trump=state.trump,
                                      ledger=position.ledger)


def _judged_as(rule: str, first: bool = True, phase_b: bool = False, second: bool = False,
               short: int | None = None):
    """A picker: a kind whose cards alone break ``rule`` (``OT9A``: a legal one), at the turn's
    first meld (``first``), after its first meld (``second``), or after a phase-B trick;
    ``short``: the hand lacks exactly that many of its cards."""
    def pick(state: BattleState, seat: Seat, events: list):
        if state.phase_b is not phase_b:
            return None
        melded = [m for m in events[-1].melds if not state.meld_entries[m.kind].free]
        if (first and (melded or events[-1].melds)) or (second and not melded):
            return None
        held = Counter(state.hand(seat) * 2)
        held = Counter({c: min(n, state.concealed(seat)[c.index] + state.exposed(seat)[c.index])
                        for c, n in held.items()})
        for kind, entry, verdict in _verdicts(state, seat):
            if entry.free or verdict.rule != rule or (rule == "OT9A") != verdict.legal:
                continue
            if short is not None and sum((Counter(entry.cards) - held).values()) != short:
                continue
            return kind, entry.points
        return None
    return pick


fault("OT8D-loser-melds", "OT8D", "old-time: the trick's loser melds; with no irregularity laws "
      "it scores nothing (its cards stay exposed)")(
    lambda: _ot_meld("OT8D", _judged_as("OT9A", first=False), loser=True))
fault("OT8D-phase-b-meld", "OT8D", "old-time: a trick's winner melds in phase B, when nobody "
      "melds; it scores nothing")(
    lambda: _ot_meld("OT8D", _judged_as("OT9A", phase_b=True), after=13))
fault("OT9B1-missing-card", "OT9B1", "old-time: a meld the player holds one card short of; it "
      "scores nothing")(lambda: _ot_meld("OT9B1", _judged_as("OT9B1", short=1)))
fault("OT9C-all-exposed", "OT9C", "old-time: a meld made only of cards already exposed, none "
      "from the concealed hand; it scores nothing")(
    lambda: _ot_meld("OT9C", _judged_as("OT9C"), meld_rate=1.0))
fault("OT9E-second-meld", "OT9E", "old-time: a second meld after one trick, neither a dix; it "
      "scores nothing")(
    lambda: _ot_meld("OT9E", _judged_as("OT9A", first=False, second=True), meld_rate=1.0))
fault("OT9G-reuse", "OT9G", "old-time: a meld reusing an exposed card of a meld of the same "
      "class worth as much or more; it scores nothing")(
    lambda: _ot_meld("OT9G", _judged_as("OT9G"), meld_rate=1.0))
fault("OT9H-played-card", "OT9H", "old-time: a meld needing a card the melder played to a "
      "trick and holds no other copy of; it scores nothing")(
    lambda: _ot_meld("OT9H", _judged_as("OT9H"), after=4))


def _second_swap(state: BattleState, seat: Seat, events: list):
    """A swap by a winner holding the other nine of trumps, after the first was exchanged."""
    swapped = any(m.kind.family is Family.SWAP for t in tricks(events) for m in t.melds)
    if not swapped or state.phase_b or any(state.meld_entries[m.kind].free
                                           for m in events[-1].melds):
        return None
    for kind, entry, verdict in _verdicts(state, seat):
        if entry.exchange and verdict.legal:
            return kind, entry.points
    return None


fault("OT9I-bad-swap", "OT9I", "old-time: a swap after the turned-up card was already "
      "exchanged for the other nine; it scores nothing")(
    lambda: _ot_meld("OT9I", _second_swap, meld_rate=0.4))


@fault("OT8E-draw-order", "OT8E", "old-time: the loser draws before the winner; with no "
       "irregularity laws the hands go on as drawn, no penalty")
def _ot8e() -> Game:
    def act(state: BattleState, events: list, rng: random.Random) -> bool:
        if state.stock_count < 8:
            return False
        w = state.last_winner
        state.finish_turn([w.other, w])
        events.append(mark(Draw(seats=(w.other, w)), "OT8E"))
        return True

    hook = Once(act, 2)
    deal, events = ot_play(133, E, hook)
    assert hook.done
    return ot_game([battle(1, E, [deal, *events])])


@fault("OT9A-meld-points", "OT9A", "old-time: a meld claims the wrong points (a common marriage "
       "claimed as a royal one, 40); with no laws it counts for its table value")
def _ot9a_points() -> Game:
    for seed in range(150, 400):
        g = ot_one_battle(seed)
        events = events_of(g)
        trump = events[0].upcard.suit
        for t in tricks(events):
            for i, m in enumerate(t.melds):
                if m.kind.family is Family.MARRIAGE and m.kind.suit is not trump \
                        and not m.kind.double:
                    melds = list(t.melds)
                    melds[i] = m.model_copy(update={"points": 40})
                    new = mark(t.model_copy(update={"melds": tuple(melds)}), "OT9A")
                    return with_events(g, replace(events, t, new))
    raise SystemExit("no common marriage")


def _ot_claim_fault(category: str, rule: str, delta) -> Game:
    g = settle(ot_one_battle(160))
    events = events_of(g)
    claim = next(e for e in events if isinstance(e, Claim) and e.category == category)
    new = mark(claim.model_copy(update=delta(claim, events)), rule)
    return with_events(g, replace(events, claim, new))


def _without_last_trick(claim: Claim, events: list) -> dict:
    last = tricks(events)[-1].winner
    side = "east" if last is E else "west"
    return {side: getattr(claim, side) - 10}


fault("OT8H-tricks-claim", "OT8H", "old-time: the last trick's winner claims his trick points "
      "without the 10 for the last trick (OT8G)", settle_claims=False)(
    lambda: _ot_claim_fault("tricks", "OT8H", _without_last_trick))
fault("OT3-score-claim", "OT3", "old-time: West's battle score is claimed 1 too high",
      settle_claims=False)(
    lambda: _ot_claim_fault("score", "OT3", lambda c, e: {"west": c.west + 1}))


def with_totals(g: Game) -> Game:
    """The game with each battle's running game totals claimed (``total``), as OT4A adds up."""
    result = walk(g, Visitor())
    east = west = 0
    battles = []
    for b, r in zip(g.battles, result.battles):
        east, west = east + r.east, west + r.west
        events = list(b.events) + [Claim(category="total", east=east, west=west)]
        battles.append(b.model_copy(update={"events": tuple(events)}))
    return g.model_copy(update={"battles": tuple(battles)})


@fault("OT4A-total-claim", "OT4A", "old-time: East's running game total after battle 2 is "
       "claimed 100 too high", settle_claims=False)
def _ot4a_total() -> Game:
    g = with_totals(settle(ot_game(_ot_games(2, 170))))
    events = events_of(g, 1)
    claim = events[-1]
    return with_events(g, replace(events, claim, mark(
        claim.model_copy(update={"east": claim.east + 100}), "OT4A")), 1)


@fault("OT4A-after-the-end", "OT4A", "old-time: a battle is recorded after a player reached "
       "the target of 1000 with the higher total")
def _ot4a_after() -> Game:
    battles: list[Battle] = []
    east = west = 0
    dealer = E
    while True:
        deal, events = ot_play(180 + len(battles), dealer)
        battles.append(battle(len(battles) + 1, dealer, [deal, *events]))
        r = walk(ot_game(battles[-1:]), Visitor())
        east, west = east + r.east, west + r.west
        dealer = dealer.other
        if east != west and max(east, west) >= 1000:
            break
    deal, events = ot_play(180 + len(battles), dealer)
    battles.append(mark(battle(len(battles) + 1, dealer, [deal, *events]), "OT4A"))
    return ot_game(battles)


@fault("OT4B-dealer", "OT4B", "old-time: East deals two battles running")
def _ot4b() -> Game:
    battles = _ot_games(2, 190, [E, E])
    battles[1] = mark(battles[1], "OT4B")
    return ot_game(battles)


# --- writing ---------------------------------------------------------------------------------


def marked_line(text: str, rule: str) -> int:
    needle = f"; fault: {rule}"
    lines = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(lines) == 1, (rule, lines)
    return lines[0]


def expected(report: GameReport, f: Fault, line: int) -> dict:
    summary = add_game(Summary(files=1), report)
    return {
        "record": f"{f.name}.pin",
        "fault": f.description,
        "rule": f.rule,
        "line": line,
        "exit_status": exit_status(summary),
        "findings": [x.model_dump(mode="json", exclude={"file", "end_line", "end_column",
                                                         "game"}) for x in report.findings],
        "battles": [b.model_dump(mode="json") for b in report.battles],
        "east": report.east,
        "west": report.west,
    }


def make(f: Fault) -> tuple[str, dict]:
    g = f.build()
    if f.settle:
        g = settle(g)
    text = dumps(Record(games=(g,)))
    line = marked_line(text, f.rule)
    record = parse(text, f"{f.name}.pin")
    report = validate_game(record.games[0], f"{f.name}.pin")
    at_line = [x for x in report.findings if x.rule == f.rule and x.line == line]
    if not at_line:
        raise SystemExit(f"{f.name}: no {f.rule} finding at line {line}: "
                         f"{[(x.rule, x.line) for x in report.findings]}")
    extra = [x for x in report.findings if x not in at_line and x.rule not in f.consequences]
    if extra:
        raise SystemExit(f"{f.name}: unexpected findings "
                         f"{[(x.rule, x.line, x.message) for x in extra]}")
    return text, expected(report, f, line)


def main() -> None:
    names = set(sys.argv[1:])
    for f in FAULTS:
        if names and f.name not in names:
            continue
        text, report = make(f)
        (HERE / f"{f.name}.pin").write_text(text, encoding="utf-8")
        (HERE / f"{f.name}.expected.json").write_text(
            json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{f.name}: {f.rule} at line {report['line']}, "
              f"{plural(len(report['findings']), 'finding')}, exit {report['exit_status']}")


if __name__ == "__main__":
    main()
