"""The machinery ``make.py``'s fault lists share: seeded legal battles of a ruleset (``Rules``),
the fault registry (``fault``, ``FAULTS``), the marking comment, the claims the rules give
(``settle``), event-list edits, and the fault makers more than one ruleset uses (a turned winner
mark, an extra meld made during play, a phase-B follower's card, a claim off by some points)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.rules.follow import broken_obligation
from pinochle.adjudicator.rules.melding import judge_meld
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.report.validation import GameReport, validate_game
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.notation import dumps, parse
from pinochle.notation.cards import Seat
from pinochle.notation.events import (
    Battle, Claim, Comment, Deal, Draw, Game, Meld, Objection, Record, Tag, Trick,
)
from pinochle.notation.melds import Family, MeldKind
from pinochle.simulator.mutate import by_name, mutate
from pinochle.simulator.random_battle import random_battle

E, W = Seat.EAST, Seat.WEST
Hook = Callable[[BattleState, list, random.Random], None]
#: ``pick(state, seat, events)``: the meld (kind, points) ``seat`` makes now, or ``None``.
Pick = Callable[[BattleState, Seat, list], tuple[MeldKind, int] | None]


def mark(event, rule: str, why: str = ""):
    """The event with the comment that marks the fault's line."""
    text = f" fault: {rule}" + (f" ({why})" if why else "")
    return event.model_copy(update={"comments": (Comment(text=text),)})


def mark_deal(deal: Deal, rule: str, why: str, notes: tuple[str, ...]) -> Deal:
    """The deal marked on its first line (``E:``), where a finding about the whole deal is: a
    deal's ``;`` comments end its last lines, so each line after the first carries one of
    ``notes``."""
    assert len(notes) == 2 + (deal.upcard is not None)
    comments = (Comment(text=f" fault: {rule} ({why})"), *(Comment(text=f" {n}") for n in notes))
    return deal.model_copy(update={"comments": comments})


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


class Refused(Exception):
    """A record whose report does not name its fault's rule at the marked line, or has other
    findings than the fault's declared consequences."""


def marked_line(text: str, rule: str) -> int:
    needle = f"; fault: {rule}"
    lines = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(lines) == 1, (rule, lines)
    return lines[0]


def cited(rule: str) -> str:
    """The rule id a finding cites: its first word (Scarne's "SC-MELD6 (OT9C)" and "OT9G (Scarne
    silent)" gloss which rule of the family Scarne follows)."""
    return rule.split()[0]


def judged(g: Game, name: str, rule: str, consequences: tuple[str, ...] = ()
           ) -> tuple[str, int, GameReport]:
    """The record's text, its marked line and its report; ``Refused`` unless the report cites
    ``rule`` at the marked line and has no findings but those and ``consequences``."""
    text = dumps(Record(games=(g,)))
    line = marked_line(text, rule)
    record = parse(text, f"{name}.pin")
    report = validate_game(record.games[0], f"{name}.pin")
    at_line = [x for x in report.findings if cited(x.rule) == rule and x.line == line]
    if not at_line:
        raise Refused(f"{name}: no {rule} finding at line {line}: "
                      f"{[(x.rule, x.line) for x in report.findings]}")
    extra = [x for x in report.findings if x not in at_line and x.rule not in consequences]
    if extra:
        raise Refused(f"{name}: unexpected findings "
                      f"{[(x.rule, x.line, x.message) for x in extra]}")
    return text, line, report


# --- legal play, with an optional fault made during it ---------------------------------------


class Once:
    """A hook that makes its fault at the first trick where ``act`` succeeds (returns True)."""

    def __init__(self, act: Callable[[BattleState, list, random.Random], bool],
                 after: int = 1) -> None:
        self.act, self.after, self.done = act, after, False

    def __call__(self, state: BattleState, events: list, rng: random.Random) -> None:
        if not self.done and state.tricks_played >= self.after:
            self.done = self.act(state, events, rng)


def battle(number: int, dealer: Seat, events: list) -> Battle:
    return Battle(number=number, dealer=dealer, events=tuple(events))


@dataclass(frozen=True)
class Rules:
    """One ruleset's records: battles played by a seeded random policy through ``BattleState``
    (``random_battle``: every card and meld legal), in a game whose header is ``Event``, the
    ``tags`` (the ruleset and its options) and ``Result "*"``."""

    ruleset: Ruleset
    tags: tuple[tuple[str, str], ...] = ()

    def play(self, seed: int, dealer: Seat = E, hook: Hook | None = None,
             meld_rate: float = 0.8, choose=None, dealt=None) -> tuple[Deal, list]:
        """``hook(state, events, rng)`` runs after each trick's meld and may act on the state and
        append events (it must finish the turn if it changes the draws); ``choose(state, seat)``
        may pick a card instead of the random legal one; ``dealt`` arranges the deal."""
        deal, events, _ = random_battle(seed, dealer, self.ruleset, meld_rate, hook, choose,
                                        dealt)
        return deal, events

    def game(self, battles: list[Battle], result: str = "*", **tags: str) -> Game:
        """``result``: the Result tag (``?``: the game totals, set by ``settle``)."""
        header = [Tag(name="Event", value="corpus/faulty")]
        header += [Tag(name=k, value=v) for k, v in (*self.tags, *tags.items())]
        header.append(Tag(name="Result", value=result))
        return Game(header=tuple(header), battles=tuple(battles))

    def one_battle(self, seed: int, dealer: Seat = E, hook: Hook | None = None,
                   meld_rate: float = 0.8, choose=None) -> Game:
        deal, events = self.play(seed, dealer, hook, meld_rate, choose)
        return self.game([battle(1, dealer, [deal, *events])])

    def battles(self, n: int, first_seed: int, dealers: list[Seat] | None = None
                ) -> list[Battle]:
        dealers = dealers or [E if i % 2 == 0 else W for i in range(n)]
        out = []
        for i in range(n):
            deal, events = self.play(first_seed + i, dealers[i])
            out.append(battle(i + 1, dealers[i], [deal, *events]))
        return out

    def during_play(self, act, seed: int, after: int = 2) -> Game:
        """The battle of ``seed`` with ``act`` made once, at the first trick (from ``after``)
        where it succeeds."""
        hook = Once(act, after)
        deal, events = self.play(seed, E, hook)
        assert hook.done
        return self.game([battle(1, E, [deal, *events])])


EAST_POINT_RULES = Rules(EAST_POINT, (("Battles", "2"),))


# --- games ---------------------------------------------------------------------------------


def settle(g: Game) -> Game:
    """The game with each battle's claims (tricks, melds, score) and the Result tag set to what
    the rules give, so that only the intended fault is wrong."""
    result = walk(g, Visitor())
    assert result is not None
    battles = []
    replayed = {r.index: r for r in result.battles}
    for i, b in enumerate(g.battles, 1):
        r = replayed.get(i)
        if r is None:           # a battle after the game's end is not replayed: its claims
            alone = walk(g.model_copy(update={"battles": (b,)}), Visitor())   # on its own
            if alone is None or not alone.battles:      # one no walk replays: left out
                continue
            r = alone.battles[0]
        events = [e for e in b.events if not isinstance(e, Claim)]
        tricks, melds = r.trick_points, r.meld_points
        events += [Claim(category="tricks", east=tricks[Seat.EAST], west=tricks[Seat.WEST]),
                   Claim(category="melds", east=melds[Seat.EAST], west=melds[Seat.WEST]),
                   Claim(category="score", east=r.east, west=r.west)]
        battles.append(b.model_copy(update={"events": tuple(events)}))
    header = tuple(t.model_copy(update={"value": f"{result.east}-{result.west}"})
                   if isinstance(t, Tag) and t.name == "Result" and t.value == "?" else t
                   for t in g.header)
    return g.model_copy(update={"battles": tuple(battles), "header": header})


def with_totals(g: Game) -> Game:
    """The game with each battle's running game totals claimed (``total``)."""
    result = walk(g, Visitor())
    east = west = 0
    battles = []
    for b, r in zip(g.battles, result.battles):
        east, west = east + r.east, west + r.west
        events = list(b.events) + [Claim(category="total", east=east, west=west)]
        battles.append(b.model_copy(update={"events": tuple(events)}))
    return g.model_copy(update={"battles": tuple(battles)})


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


def claim_fault(g: Game, category: str, rule: str, delta) -> Game:
    """The settled one-battle game ``g`` with its ``category`` claim changed by
    ``delta(claim, events)`` (the fields to update)."""
    g = settle(g)
    events = events_of(g)
    claim = next(e for e in events if isinstance(e, Claim) and e.category == category)
    new = mark(claim.model_copy(update=delta(claim, events)), rule)
    return with_events(g, replace(events, claim, new))


def without_last_trick(claim: Claim, events: list) -> dict:
    """The last trick's winner's trick points claimed without the last trick's 10."""
    last = tricks(events)[-1].winner
    side = "east" if last is E else "west"
    return {side: getattr(claim, side) - 10}


# --- faults more than one ruleset makes ------------------------------------------------------


def wrong_mark(rule: str, seeds=range(1, 400), battle=None, ruleset=EAST_POINT,
               accept: Callable[[Trick], bool] = lambda t: True) -> Game:
    """The first battle (of ``battle(seed)``, East Point's one battle by default) with a trick
    after the first decided by ``rule``, whose winner mark is turned round. An old-time OT8C2
    trick must be of identical cards (the rule also covers the higher rank); ``accept`` may ask
    more of the trick. Never a trick with a meld on its line: there the mark also says who
    melded (a meld by the marked loser would be a second fault, R8D)."""
    for seed in seeds:
        g = (battle or EAST_POINT_RULES.one_battle)(seed)
        events = events_of(g)
        table = trick_table(ruleset, getattr(events[0], "upcard", None) and events[0].upcard.suit)
        for trick in tricks(events)[1:]:
            if table.decide(trick.lead, trick.follow).rule == rule and (
                    rule != "OT8C2" or trick.lead == trick.follow) and accept(trick) \
                    and not trick.melds:
                new = mark(trick.model_copy(update={"winner": trick.winner.other}), rule,
                           f"{trick.winner.word} won it")
                return with_events(g, replace(events, trick, new))
    raise SystemExit(f"no trick decided by {rule}")


def extra_meld(rule: str, choose: Pick, loser: bool = False, seeds=range(30, 200),
               after: int = 2, objected: bool = False, rules: Rules = EAST_POINT_RULES,
               meld_rate: float = 0.8) -> Game:
    """A meld made during play (applied to the state, so later play is consistent) by the
    trick's winner (or loser), chosen by ``choose(state, seat, events)`` (the events: the record
    so far); written on the trick's line (the loser's on a line of its own), in a battle of
    ``rules``."""
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
                    state.laws.melds.object_meld(seat.other)
                    events.append(Objection(target="meld", seat=seat.other))
            else:
                events[-1] = mark(trick.model_copy(update={
                    "melds": trick.melds + (Meld(kind=kind, points=points),)}), rule)
            made.append(seed)  # noqa: B023 - act is called in this same iteration (play below)
            return True

        hook = Once(act, after)
        deal, events = rules.play(seed, E, hook, meld_rate)
        if made:
            return rules.game([battle(1, E, [deal, *events])])
    raise SystemExit(f"no seed gives a {rule} meld")


def verdicts(state: BattleState, seat: Seat):
    """Each kind of the battle's table, judged for ``seat``'s cards alone (not his turn)."""
    position = state.position(seat)
    for kind, entry in state.meld_entries.items():
        yield kind, entry, judge_meld(state.ruleset, position.concealed, position.exposed,
                                      position.scored, kind, played=position.played,
                                      won=position.won, trump=state.trump,
                                      ledger=position.ledger)


def judged_as(rule: str, first: bool = True, phase_b: bool = False, second: bool = False,
              short: int | None = None, legal: bool | None = None) -> Pick:
    """A picker: a kind whose cards alone break ``rule`` (the table's rule, or ``legal``: a
    legal one), at the turn's first meld (``first``), after its first meld (``second``), or
    after a phase-B trick; ``short``: the hand lacks exactly that many of its cards."""
    def pick(state: BattleState, seat: Seat, events: list):
        if state.phase_b is not phase_b:
            return None
        melded = [m for m in events[-1].melds if not state.meld_entries[m.kind].free]
        if (first and (melded or events[-1].melds)) or (second and not melded):
            return None
        held = Counter(state.hand(seat) * 2)
        held = Counter({c: min(n, state.concealed(seat)[c.index] + state.exposed(seat)[c.index])
                        for c, n in held.items()})
        want = rule == state.ruleset.ids.table if legal is None else legal
        for kind, entry, verdict in verdicts(state, seat):
            if entry.free or verdict.rule != rule or want != verdict.legal:
                continue
            if short is not None and sum((Counter(entry.cards) - held).values()) != short:
                continue
            return kind, entry.points
        return None
    return pick


def dix_again(rule: str) -> Pick:
    """A picker: the dix laid again with the nine of an earlier one, judged ``rule`` (a second
    dix needs the other nine), beside no other free meld, before the stock is gone."""
    def pick(state: BattleState, seat: Seat, events: list):
        if state.phase_b or any(state.meld_entries[m.kind].free for m in events[-1].melds):
            return None
        for kind, entry, verdict in verdicts(state, seat):
            if kind.family is Family.DIX and verdict.rule == rule and not verdict.legal:
                return kind, entry.points
        return None
    return pick


def phase_b_follow(rules: Rules, rule: str, field: str, seeds=range(120, 400),
                   accept: Callable[[BattleState], bool] = lambda state: True) -> Game:
    """A phase-B follower's card that breaks the obligation ``field`` (a ``RuleIds`` field:
    ``follow_suit``, ``head``, ``trump_void``), chosen during play so that the rest of the
    battle is played from the hands as they then are; its trick marked ``rule``."""
    for seed in seeds:
        made: list = []

        def choose(state: BattleState, seat: Seat):
            lead = state.lead_card
            if made or lead is None or not state.follow_obliged():  # noqa: B023 - as below
                return None
            if not accept(state):
                return None
            for card in state.hand(seat):
                broken = broken_obligation(rules.ruleset.follow, state.trick_table, state.trump,
                                           lead, state.hand(seat), card)
                if broken is not None and broken[0] == field and (
                        field != "follow_suit" or card.suit is not state.trump):
                    made.append(state.trick_number)  # noqa: B023 - called in this iteration
                    return card
            return None

        deal, events = rules.play(seed, E, choose=choose)
        if made:
            trick = next(t for t in tricks(events) if t.number == made[0])
            return rules.game([battle(1, E, [deal, *replace(events, trick, mark(trick, rule))])])
    raise SystemExit(f"no seed gives a {rule} card")


def draw_order(rule: str):
    """An act: the loser draws before the winner (the stock holding at least 8 cards)."""
    def act(state: BattleState, events: list, rng) -> bool:
        if state.stock_count < 8:
            return False
        w = state.last_winner
        state.finish_turn([w.other, w])
        events.append(mark(Draw(seats=(w.other, w)), rule))
        return True
    return act


def mutated(rules: Rules, mutation: str, rule: str, seeds=range(1, 200), battles: int = 1,
            consequences: tuple[str, ...] = (), prepare: Callable[[Game], Game] = settle,
            ) -> Game:
    """The first seeded legal game of ``rules`` (``battles`` battles, ``prepare``: claims
    settled) that the simulator's corruption ``mutation`` (``simulator/mutate.py``, the
    ruleset's class of that name, applied with the same seed) turns into a record of one
    ``rule`` fault: its changed statement (or tag, or added battle) marked."""
    mutation_class = by_name(rules.ruleset)[mutation]
    for seed in seeds:
        legal = prepare(rules.game(rules.battles(battles, seed)))
        mutant = mutate(legal, mutation_class, random.Random(seed))
        if mutant is None:
            continue
        g = _mark_change(legal, mutant.game, rule)
        try:
            judged(g, mutation, rule, consequences)
        except Refused:
            continue
        return g
    raise SystemExit(f"no seed gives a {rule} record by {mutation}")


def _mark_change(legal: Game, mutant: Game, rule: str) -> Game:
    """``mutant`` with the first statement where it departs from ``legal`` marked ``rule``."""
    if mutant.header != legal.header:
        header = [mark(t, rule) if t not in legal.header else t for t in mutant.header]
        return mutant.model_copy(update={"header": tuple(header)})
    battles = list(mutant.battles)
    for i, b in enumerate(battles):
        old = legal.battles[i] if i < len(legal.battles) else None
        if old is None or (b.number, b.dealer) != (old.number, old.dealer):
            battles[i] = mark(b, rule)
            break
        changed = [j for j, (x, y) in enumerate(zip(b.events, old.events)) if x != y]
        if changed or len(b.events) != len(old.events):
            j = changed[0] if changed else min(len(b.events), len(old.events))
            events = list(b.events)
            events[j] = mark(events[j], rule)
            battles[i] = b.model_copy(update={"events": tuple(events)})
            break
    return mutant.model_copy(update={"battles": tuple(battles)})


# --- faults more than one family makes -------------------------------------------------------

def second_swap(state: BattleState, seat: Seat, events: list):
    """A swap (the dix, Scarne's deece) by a winner holding the other nine of trumps, after
    the first was exchanged."""
    swapped = any(m.kind.family is Family.SWAP for t in tricks(events) for m in t.melds)
    if not swapped or state.phase_b or any(state.meld_entries[m.kind].free
                                           for m in events[-1].melds):
        return None
    for kind, entry, verdict in verdicts(state, seat):
        if entry.exchange and verdict.legal:
            return kind, entry.points
    return None


def last_draws(rule: str):
    """A hook for ``Rules.during_play``: at the stock's last card and the upcard, the loser
    takes the stock's card and the winner the upcard (the rules give the upcard to the loser);
    the draw line is marked with ``rule``."""
    def hook(state: BattleState, events: list, rng) -> bool:
        if state.stock_count != 2:
            return False
        w = state.last_winner
        state.finish_turn([w.other, w])
        events.append(mark(Draw(seats=(w.other, w)), rule))
        return True
    return hook


def misnumbered(g: Game, rule: str) -> Game:
    """The battle's seventh trick numbered 9."""
    events = events_of(g)
    t = tricks(events)[6]
    return with_events(g, replace(events, t, mark(t.model_copy(update={"number": 9}), rule)))


def total_too_high(rules: Rules, first_seed: int, rule: str) -> Game:
    """Two hands with their running totals, East's after the second claimed 100 too high."""
    g = with_totals(settle(rules.game(rules.battles(2, first_seed))))
    events = events_of(g, 1)
    claim = events[-1]
    return with_events(g, replace(events, claim, mark(
        claim.model_copy(update={"east": claim.east + 100}), rule)), 1)


def claim_faults(rules: Rules, seed: int, family: str, tricks_rule: str, melds_rule: str,
                 score_rule: str, last_trick: str = "") -> None:
    """One battle's three claim faults, each named ``RULE-CATEGORY-claim``: the tricks claim
    without the last trick's 10 (``last_trick`` adds the rule that gives it), the melds claim
    10 too low, the hand score 1 too high."""
    for rule, category, text, delta in (
            (tricks_rule, "tricks", "the last trick's winner claims his trick points without "
             f"the 10 for the last trick{last_trick}", without_last_trick),
            (melds_rule, "melds", "West's meld points are claimed 10 too low",
             lambda c, e: {"west": c.west - 10}),
            (score_rule, "score", "West's hand score is claimed 1 too high",
             lambda c, e: {"west": c.west + 1})):
        fault(f"{rule}-{category}-claim", rule, f"{family}: {text}", settle_claims=False)(
            lambda r=rule, c=category, d=delta: claim_fault(rules.one_battle(seed), c, r, d))
