"""Simulated games of East Point and old-time Pinochle, written as records in the notation.

Two policies (``policies.py``) play a seeded game: every card and meld is chosen among those the
adjudicator's own ``BattleState`` allows (``legal_cards``, ``legal_melds``); the simulator never
decides legality. Each battle is written as the notation's events (deal, tricks with winner marks
and melds, irregularities) with the claimed totals the battle state computed (``tricks``,
``melds``, ``score``), and the game closes with ``game`` and the ``Result`` tag (R4A).

An East Point game is ``settings.battles`` battles (R4A: even, two more while the totals tie);
a game that ends by a target (old-time Pinochle, OT4A: ``Ruleset.game_end``) goes on until a
player has reached it at a battle's end with the higher total (a tie goes on), each battle then
also claiming the running game totals (``total``). The first dealer is drawn by the generator
and the deal alternates (R4B, OT4B). In old-time Pinochle the deal turns up a card (OT6B) and a
trick's winner may make one meld and a dix or swap beside it (OT9E), as ``legal_melds`` offers.
Where a call-out is agreed (Scarne's ``GameEnd "call-out"``, SC-CALL) a player calls as soon as
his total reaches the target after a trick, and the game ends there (a right call). A 25-steps
game (TP25) ends by a knock, decided as ``knocking.py`` says (a player at the target may wait,
and the target rises); with ``LastDraw "choice"`` the winner of the last trick of the talon
states his choice (TPV1).

With ``irregularities`` > 0 an East Point battle has, with that probability, one R11 event
(under Scarne's laws, a claimed renege or a misdeal), handled exactly as the adjudicator rules it
(``irregular.py``); the game remembers which findings it meant to cause (``intended``).
A ruleset without irregularity laws (old-time, ``Laws "none"``) has none to simulate:
``Settings`` refuses a rate above 0 for it.

A ruleset of four seats (double-pack partnership Pinochle) is played by ``partnership/game.py``
(``simulate_any`` chooses): an auction, trump named by the high bidder, declarations, four-card
tricks and the two sides' signed claims, to the target.

Game ``i`` of ``simulate(n, seed)`` is ``simulate_any(seed + i)``: its tags (``Seed``,
``Policies``, ``Battles``, ``Irregularities``, and the ruleset options) are enough to make it
again (``settings_from_tags``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from pinochle.adjudicator import CATALOG, Ruleset, ruleset_tags
from pinochle.adjudicator.model.ruleset import GameEnd
from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.notation.cards import Seat
from pinochle.notation.events import (
    Battle, CallOut, Claim, Deal, Game, Meld, Record, Tag, Trick,
)

from .deal import Dealt, deal
from .partnership.game import TableGame, simulate_table_game
from .irregular import KINDS, KINDS_OF, LATER_KINDS, Plan, plan_irregularity
from .knocking import Knocker, last_choice
from .policies import Hand, Policy, policy

EAST, WEST = Seat.EAST, Seat.WEST


@dataclass(frozen=True)
class Settings:
    """What kind of games to simulate. ``policies`` is East's then West's policy name (at a
    table of four, North-South's then East-West's)."""

    battles: int = 4
    policies: tuple[str, str] = ("random", "random")
    irregularities: float = 0.0
    ruleset: Ruleset = CATALOG["east-point"].build()
    #: Extra tags written first (``Event``, ``Site``, ``Date``, ...); they replace the defaults.
    tags: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.irregularities and len(self.ruleset.seats) == 4:
            raise ValueError(f"the {self.ruleset.name} rules have no irregularity laws, so "
                             "there are no irregularities to simulate")
        if self.battles <= 0 or self.battles % 2:
            raise ValueError(f"a game is an even number of battles (R4A), not {self.battles}")
        if not 0.0 <= self.irregularities <= 1.0:
            raise ValueError(f"the irregularity rate is a probability, not {self.irregularities}")
        if self.irregularities and not self.ruleset.laws.irregularities:
            raise ValueError(f"the {self.ruleset.name} rules have no irregularity laws, so there "
                             "are no irregularities to simulate (Laws \"none\")")
        for name in self.policies:
            policy(name)


def settings_from_tags(tags: dict[str, str]) -> tuple[int, Settings]:
    """The seed and settings a simulated game's tags record (see ``_header``)."""
    from pinochle.adjudicator import ruleset_from_tags

    keep = tuple((name, tags[name]) for name in ("Event", "Site", "Date", "North", "East",
                                                 "South", "West") if name in tags)
    settings = Settings(battles=int(tags.get("Battles", Settings.battles)),
                        policies=parse_policies(tags["Policies"]),
                        irregularities=float(tags.get("Irregularities", "0")),
                        ruleset=ruleset_from_tags(tags), tags=keep)
    return int(tags["Seed"]), settings


def parse_policies(text: str) -> tuple[str, str]:
    """``random`` (both players), or ``random,greedy`` (East, West)."""
    names = [name.strip().lower() for name in text.split(",")]
    if len(names) == 1:
        names *= 2
    if len(names) != 2:
        raise ValueError(f"expected one policy or two separated by a comma, not {text!r}")
    for name in names:
        policy(name)
    return names[0], names[1]


@dataclass(frozen=True)
class SimulatedBattle:
    """A battle, its scores, its irregularity (a key of ``irregular.INTENDED``) if any, and the
    rule ids of the findings it is meant to cause."""

    battle: Battle
    east: int
    west: int
    irregularity: str | None
    intended: frozenset[str]
    called: bool = False        # a call-out in it ended the game (SC-CALL)
    knocked: bool = False       # a knock in it decided the game (25-steps TP25)


@dataclass(frozen=True)
class SimulatedGame:
    """A game and what the simulator knows about it: its seed, battle scores, game totals and
    the rule ids of the findings its irregularities were meant to cause."""

    seed: int
    game: Game
    battles: tuple[SimulatedBattle, ...]
    east: int
    west: int
    intended: frozenset[str] = field(default_factory=frozenset)


def simulate(games: int, seed: int, settings: Settings = Settings()
             ) -> Iterator[SimulatedGame | TableGame]:
    """``games`` games; game ``i`` (from 0) is ``simulate_any(seed + i, settings)``."""
    for i in range(games):
        yield simulate_any(seed + i, settings)


def simulate_any(seed: int, settings: Settings = Settings()) -> SimulatedGame | TableGame:
    """One game of the settings' ruleset: two-handed (``simulate_game``), or at a table of four
    seats, double-pack partnership Pinochle (``partnership.game.simulate_table_game``: the two
    policies are North-South's and East-West's)."""
    if len(settings.ruleset.seats) == 4:
        return simulate_table_game(seed, settings.ruleset, settings.policies, settings.tags)
    return simulate_game(seed, settings)


def simulate_record(games: int, seed: int, settings: Settings = Settings()) -> Record:
    return Record(games=tuple(g.game for g in simulate(games, seed, settings)))


def simulate_game(seed: int, settings: Settings = Settings()) -> SimulatedGame:
    """One complete game from ``random.Random(seed)``."""
    rng = random.Random(seed)
    players = {EAST: policy(settings.policies[0]), WEST: policy(settings.policies[1])}
    dealer = rng.choice(settings.ruleset.seats)
    battles: list[SimulatedBattle] = []
    east = west = 0
    end = settings.ruleset.game_end
    knocker = Knocker(end, players) if end.kind == "knock" else None       # TP25
    called = False
    while not called and _more_battles(end, settings.battles, len(battles), east, west):
        more = 2 if end.kind == "battles" and len(battles) >= settings.battles else 1
        for _ in range(more):                                    # R4A: two more on a tie
            totals = {EAST: east, WEST: west}                   # the game totals by seat
            so_far: dict = {"before": totals} if end.call_out else {}            # SC-CALL
            if knocker is not None:                                            # TP25
                so_far.update(before=totals, knocker=knocker)
            battle = simulate_battle(len(battles) + 1, dealer, settings, players, rng, **so_far)
            called = battle.called or battle.knocked
            east, west = east + battle.east, west + battle.west
            if knocker is not None:
                battle = _knock_ends(battle, knocker, east, west, settings.ruleset)
                called = battle.knocked
            if end.kind != "battles":                            # OT4A: the running totals
                battle = _with_total(battle, east, west)
            battles.append(battle)
            dealer = settings.ruleset.seating.next_dealer(dealer)   # R4B, OT4B
    game = Game(
        header=_header(seed, settings, east, west),
        battles=tuple(b.battle for b in battles),
        closing=(Claim(category="game", east=east, west=west),),
    )
    intended = frozenset().union(*(b.intended for b in battles))
    return SimulatedGame(seed, game, tuple(battles), east, west, intended)


def _more_battles(end: GameEnd, agreed: int, played: int, east: int, west: int) -> bool:
    """Whether the game goes on after ``played`` battles with these totals: East Point's agreed
    number, two more while tied (R4A); a target reached with the higher total, or one battle
    that is not a tie (OT4A: ``replay.check_target``'s test)."""
    if end.kind == "battles":
        return played < agreed or east == west
    if end.kind == "single-hand":
        return not played or east == west
    if end.kind == "knock":                 # TP25: until a knock (``knocking.Knocker``)
        return True
    return east == west or max(east, west) < end.target


def _knock_ends(battle: SimulatedBattle, knocker: Knocker, east: int, west: int,
                ruleset: Ruleset) -> SimulatedBattle:
    """The battle's end in a knocking game (TP25): a knock awaiting its proof fails (TPV6); with
    no knock, a player at the target raises it. The adjudicator's notices are intended: the
    knock's verdict or the rise (TP25), an unproved knock (TPV6)."""
    ids = ruleset.ids
    unproved = knocker.pending is not None
    rose = not knocker.knocked and not unproved and max(east, west) >= knocker.target
    knocked = knocker.end_battle(east, west)
    intended = battle.intended | ({ids.knock} if knocked or rose else set())
    intended |= {ids.knock_proof} if unproved else set()
    return SimulatedBattle(battle.battle, battle.east, battle.west, battle.irregularity,
                           frozenset(intended), battle.called, knocked)


def _with_total(battle: SimulatedBattle, east: int, west: int) -> SimulatedBattle:
    """The battle with the running game totals claimed after its score (``total``, OT4A)."""
    total = Claim(category="total", east=east, west=west)
    events = (*battle.battle.events, total)
    return SimulatedBattle(battle.battle.model_copy(update={"events": events}), battle.east,
                           battle.west, battle.irregularity, battle.intended, battle.called,
                           battle.knocked)


def _header(seed: int, settings: Settings, east: int, west: int) -> tuple[Tag, ...]:
    """The tag section: the seven usual tags (``settings.tags`` replace the defaults), then
    what it takes to simulate the game again (``Seed``, ``Policies``, ``Irregularities``)."""
    given = dict(settings.tags)
    tags: dict[str, str] = {
        "Event": given.pop("Event", "Simulated game"),
        "Site": given.pop("Site", "pinochle simulate"),
    }
    if "Date" in given:
        tags["Date"] = given.pop("Date")
    tags["East"] = given.pop("East", settings.policies[0])
    tags["West"] = given.pop("West", settings.policies[1])
    ruleset = settings.ruleset
    implicit = IMPLICIT_TAGS.get(ruleset.name, {})
    for name, value in ruleset_tags(ruleset).items():
        if implicit.get(name) != value:
            tags[name] = value
    if ruleset.game_end.kind == "battles":
        tags["Battles"] = str(settings.battles)
    tags["Result"] = f"{east}-{west}"
    tags.update(given)
    tags["Seed"] = str(seed)
    tags["Policies"] = ",".join(settings.policies)
    if settings.irregularities:
        tags["Irregularities"] = str(settings.irregularities)   # repr: reads back exactly
    return tuple(Tag(name=name, value=value) for name, value in tags.items())


#: The ruleset options a record need not name (docs/notation.md §2.1).
DEFAULT_OPTIONS = {"MeldScoring": "original", "TrickScoring": "standard", "Pack": "regular"}
#: The tags the simulator leaves out when they have these values: East Point's, the defaults
#: (a record without a ``Ruleset`` tag is East Point). Any other ruleset is named with every
#: option it was played with.
IMPLICIT_TAGS: dict[str, dict[str, str]] = {
    "east-point": {"Ruleset": "east-point", **DEFAULT_OPTIONS},
}


def simulate_battle(number: int, dealer: Seat, settings: Settings, players: dict[Seat, Policy],
                    rng: random.Random, before: Mapping[Seat, int] | None = None,
                    knocker: Knocker | None = None) -> SimulatedBattle:
    """One battle, from the deal to the claimed totals. Where a call-out is agreed (SC-CALL) a
    player whose game total (``before`` this battle, plus his points so far) reaches the target
    calls out after a trick, and the battle (and game) ends there. In a knocking game
    (``knocker``, TP25) a player at the target may knock between tricks; play halts there, or
    with KnockProof "next-trick" (TPV6) at the trick that proves it."""
    ruleset = settings.ruleset
    if before is None:
        before = {seat: 0 for seat in ruleset.seats}
    plan = plan_irregularity(rng, settings.irregularities, KINDS_OF.get(ruleset.laws, KINDS),
                             LATER_KINDS.get(ruleset.laws, ()))
    dealt = deal(ruleset, dealer, rng)
    events: list = [_deal_event(dealt)]
    state = _start(ruleset, dealer, dealt)
    called = halted = False
    if plan.before_play(state, events, rng):                 # R11A, SC-MISDEAL0: redeal
        dealt = deal(ruleset, dealer, rng)
        events.append(_deal_event(dealt))
        state = _start(ruleset, dealer, dealt)
    if knocker is not None:
        knocker.start_battle()
    while not state.is_over:
        plan.before_trick(state, events, rng)                # R11C, R11D discoveries
        trick = _play_trick(state, players, plan, rng, knocker)
        events.append(trick)
        assert trick.winner is not None
        if knocker is not None and knocker.proved(trick.winner):     # TPV6: play halts
            state.finish_turn()
            break
        plan.after_trick(state, events, rng)                 # R11B objections
        plan.claim(state, events)                            # SC-RENEGE2 claims
        call = _call_out(state, before)
        if call is not None:
            events.append(call)
            called = True
            break
        if ruleset.last_draw_choice:                         # TPV1
            choice = last_choice(state, players[trick.winner], rng)
            if choice is not None:
                events.append(choice)
        plan.draws(state, events, rng)                       # R8E, R11C, R11D
        knock = None if knocker is None else knocker.knock(state, before, rng)   # TP25
        if knock is not None:
            events.append(knock)
            if knocker is not None and knocker.knocked:      # play halts at the knock
                halted = True
                break
    plan.claim(state, events)                                # RenegeCheck "end-of-hand"
    state.close()
    events += [
        Claim(category="tricks", east=state.trick_points(EAST), west=state.trick_points(WEST)),
        Claim(category="melds", east=state.meld_points(EAST), west=state.meld_points(WEST)),
        Claim(category="score", east=state.score(EAST), west=state.score(WEST)),
    ]
    battle = Battle(number=number, dealer=dealer, events=tuple(events))
    intended = plan.intended() | ({ruleset.ids.call} if called else frozenset())  # its notice
    return SimulatedBattle(battle, state.score(EAST), state.score(WEST), plan.happened,
                           intended, called, halted)


def _call_out(state: BattleState, before: Mapping[Seat, int]) -> CallOut | None:
    """A right call-out (SC-CALL) by a player whose total has reached the target while cards
    are left to play; the winner of the trick first."""
    end = state.ruleset.game_end
    if not end.call_out or not state.hand_size(EAST) + state.hand_size(WEST):
        return None
    for seat in sorted(state.ruleset.seats, key=lambda s: s is not state.last_winner):
        total = before[seat] + state.score(seat)
        if total >= end.target:
            return CallOut(seat=seat, total=total)
    return None


def _deal_event(dealt: Dealt) -> Deal:
    return Deal(east=dealt.east, west=dealt.west, stock=dealt.stock, upcard=dealt.upcard)


def _start(ruleset: Ruleset, dealer: Seat, dealt: Dealt) -> BattleState:
    return BattleState(ruleset, dealer, dealt.east, dealt.west, dealt.stock,
                       upcard=dealt.upcard)


def _hand(state: BattleState, seat: Seat) -> Hand:
    held = tuple(c + e for c, e in zip(state.concealed(seat), state.exposed(seat)))
    return Hand(state.ruleset, held, state.scored(seat), state.trump)


def _play_trick(state: BattleState, players: dict[Seat, Policy], plan: Plan,
                rng: random.Random, knocker: Knocker | None = None) -> Trick:
    number = state.trick_number
    leader = state.leader
    lead = players[leader].lead(_hand(state, leader), state.legal_cards(leader), rng)
    state.play(leader, lead)
    follower = state.ruleset.seating.opponent(leader)
    follow = players[follower].follow(_hand(state, follower), lead,
                                      state.legal_cards(follower), state.trick_table.beats, rng)
    follow = plan.follow(state, follower, follow, rng)          # SC-RENEGE1
    step = state.play(follower, follow)
    assert step is not None and step.winner is not None
    winner = step.winner
    melds: list[Meld] = []
    proof = knocker is not None and knocker.pending is not None and knocker.pending.seat is winner
    # SC-BADMELD2: a player whose count a drawing slip put off is no melding seat.
    if state.melding_seat is winner and not proof:      # TPV6: play halts at the proof
        options = state.legal_melds(winner)
        free_made = False
        while True:
            chosen = players[winner].meld(_hand(state, winner), options, rng)
            if chosen is None or chosen.points is None:
                break
            points = plan.meld_points(state, winner, chosen, rng)
            named = _name_cards(chosen.takes, players[winner], rng)
            state.meld(winner, chosen.kind, points, named)
            melds.append(Meld(kind=chosen.kind, points=points, concealed=named))
            # OT9E: a free meld (the dix, laid or swapped) may go beside the turn's one other
            # meld; legal_melds offers what is left, and one free meld a turn is enough.
            free_made = free_made or state.meld_entries[chosen.kind].free
            options = [v for v in state.legal_melds(winner)
                       if not (free_made and state.meld_entries[v.kind].free)]
            if not options:
                break
    return Trick(number=number, lead=lead, follow=follow, winner=winner, melds=tuple(melds))


def _name_cards(takes: Sequence, player: Policy, rng: random.Random) -> tuple | None:
    """The cards a meld takes from the concealed hand, written out (``(A♣ T♣)``) half the time
    by the random player; otherwise left to the adjudicator's default (the same cards)."""
    if player.name == "random" and rng.random() < 0.5:
        return tuple(takes)
    return None
