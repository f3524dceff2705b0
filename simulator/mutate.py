"""One corruption of a legal record, for testing that the adjudicator catches it.

Each ``MutationClass`` names the corruption, the rule ids a finding must cite to count as
catching it (data: ``rules``), and how to apply it to a legal ``Game``: ``apply(game, sites, rng)``
returns the mutant, or ``None`` when the game offers no place for that corruption. ``sites`` are
the game's tricks as the replay saw them (``trick_sites``): who led, who won, each player's hand
after the trick was gathered, and the melds already scored.

Where a corruption should be caught by one rule only, the place is chosen so that nothing else
is wrong there: a repeated meld (R9F) or a meld of a played card (R9G) is otherwise
available in the hand, the trick loser's meld (R8D) and a second meld (R9E) are otherwise legal
melds, and a meld with no concealed card (R9C) is a combination the player has not scored.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pinochle.adjudicator.battle import BattleState
from pinochle.adjudicator.meldtables import BY_INDEX, Counts, meld_table
from pinochle.adjudicator.melding import apply_meld, judge_meld, legal_melds
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.rulesets import Ruleset
from pinochle.adjudicator.steps import Played
from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import (
    Battle, Claim, Comment, Deal, Draw, Event, ExtraDraw, Game, Meld, MissedDraw, Objection,
    Trick,
)
from pinochle.notation.melds import MeldKind

SEATS = (Seat.EAST, Seat.WEST)


@dataclass(frozen=True)
class TrickSite:
    """One trick of a legal game, as the replay saw it right after the trick was gathered
    (before its meld): hands as counts (``Card.index``), melds scored before this trick."""

    battle: int                 # index in game.battles
    event: int                  # index of the Trick in battle.events
    trick: Trick
    ruleset: Ruleset
    leader: Seat
    winner: Seat
    concealed: dict[Seat, Counts]
    exposed: dict[Seat, Counts]
    scored: dict[Seat, frozenset[MeldKind]]
    draws_due: tuple[Seat, ...]
    penalized: bool             # someone was found with too many cards (R11D)

    def held(self, seat: Seat) -> Counts:
        return tuple(c + e for c, e in zip(self.concealed[seat], self.exposed[seat]))

    def card_of(self, seat: Seat) -> Card:
        return self.trick.lead if seat is self.leader else self.trick.follow


class _Sites(Visitor):
    def __init__(self, game: Game) -> None:
        self.game = game
        self.sites: list[TrickSite] = []
        self.battle = 0

    def begin_battle(self, battle: Battle, index: int, state: BattleState) -> None:
        self.battle = index - 1

    def trick(self, trick: Trick, state: BattleState) -> None:
        if not state.deal_known:
            return
        events = self.game.battles[self.battle].events
        event = next(i for i, e in enumerate(events) if e is trick)
        self.sites.append(TrickSite(
            self.battle, event, trick, state.ruleset, _leader_of(state),
            state.last_winner,  # type: ignore[arg-type]  # a trick was just gathered: a winner
            {s: state.concealed(s) for s in SEATS}, {s: state.exposed(s) for s in SEATS},
            {s: state.scored(s) for s in SEATS}, tuple(state.expected_draws),
            any(state.penalized(s) for s in SEATS)))


def _leader_of(state: BattleState) -> Seat:
    """Who led the trick just gathered: the other seat of its second card's step."""
    second = next(step for step in reversed(state.log)
                  if isinstance(step, Played) and step.winner is not None)
    return second.seat.other


def trick_sites(game: Game) -> list[TrickSite]:
    """Every trick of ``game`` with the position right after it was gathered."""
    visitor = _Sites(game)
    walk(game, visitor)
    return visitor.sites


# --- editing a game ----------------------------------------------------------------------------


def _with_events(game: Game, battle: int, events: list) -> Game:
    battles = list(game.battles)
    battles[battle] = battles[battle].model_copy(update={"events": tuple(events)})
    return game.model_copy(update={"battles": tuple(battles)})


def _replace(game: Game, battle: int, index: int, event: Event) -> Game:
    events = list(game.battles[battle].events)
    events[index] = event
    return _with_events(game, battle, events)


def _insert(game: Game, battle: int, index: int, event: Event) -> Game:
    events = list(game.battles[battle].events)
    events.insert(index, event)
    return _with_events(game, battle, events)


def _after_turn(game: Game, site: TrickSite) -> int:
    """Where the trick's turn ends in the record: after the meld lines and objections that
    follow the trick line (the draws come next)."""
    events = game.battles[site.battle].events
    i = site.event + 1
    while i < len(events) and isinstance(events[i], (Meld, Objection, Comment)):
        i += 1
    return i


def _melds(game: Game) -> list[tuple[int, int, int | None, Meld]]:
    """Every meld: (battle, event index, index on the trick line or None, meld)."""
    found: list[tuple[int, int, int | None, Meld]] = []
    for b, battle in enumerate(game.battles):
        for i, event in enumerate(battle.events):
            if isinstance(event, Trick):
                found += [(b, i, k, m) for k, m in enumerate(event.melds)]
            elif isinstance(event, Meld):
                found.append((b, i, None, event))
    return found


def _set_meld(game: Game, battle: int, index: int, slot: int | None, meld: Meld) -> Game:
    event = game.battles[battle].events[index]
    if slot is None:
        return _replace(game, battle, index, meld)
    assert isinstance(event, Trick)  # a meld with a slot is written on a trick line
    melds = list(event.melds)
    melds[slot] = meld
    return _replace(game, battle, index, event.model_copy(update={"melds": tuple(melds)}))


def _add_meld(game: Game, site: TrickSite, meld: Meld) -> Game:
    trick = site.trick
    return _replace(game, site.battle, site.event,
                    trick.model_copy(update={"melds": (*trick.melds, meld)}))


def _plain(site: TrickSite, game: Game) -> bool:
    """A trick with no meld and no meld line or objection after it, before any R11D penalty."""
    return not site.trick.melds and _after_turn(game, site) == site.event + 1 \
        and not site.penalized


Apply = Callable[[Game, list[TrickSite], random.Random], "Game | None"]


@dataclass(frozen=True)
class MutationClass:
    name: str
    rules: frozenset[str]       # a finding citing one of these catches the corruption
    description: str
    apply: Apply


# --- the corruptions ---------------------------------------------------------------------------


def _card_not_held(role: str) -> Apply:
    def apply(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
        site = rng.choice(sites)
        seat = site.leader if role == "lead" else site.leader.other
        before = list(site.held(seat))
        before[site.card_of(seat).index] += 1
        absent = [card for card in BY_INDEX if not before[card.index]]
        card = rng.choice(absent)
        return _replace(game, site.battle, site.event,
                        site.trick.model_copy(update={role: card}))
    return apply


def _points_off_by_one(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    melds = _melds(game)
    if not melds:
        return None
    b, i, slot, meld = rng.choice(melds)
    return _set_meld(game, b, i, slot, meld.model_copy(
        update={"points": meld.points + rng.choice((-1, 1))}))


def _winner_meld(game: Game, sites: list[TrickSite], rng: random.Random,
                 kinds: Callable[[TrickSite, Seat], list[MeldKind]]) -> Game | None:
    """At a trick with no meld yet (``_plain``), the winner makes one of ``kinds(site, winner)``
    for its table value: one such (trick, kind) chosen at random; ``None`` when there is none."""
    options = [(site, kind) for site in sites if _plain(site, game)
               for kind in kinds(site, site.winner)]
    if not options:
        return None
    site, kind = rng.choice(options)
    return _add_meld(game, site, Meld(kind=kind, points=site.ruleset.meld_points(kind) or 0))


def _repeated(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """A combination the winner already scored, made again where its cards are in his hand
    with one concealed (R9F is then the only fault; M1.1, M2)."""
    def scored_again(site: TrickSite, w: Seat) -> list[MeldKind]:
        return [kind for kind in site.scored[w]
                if judge_meld(site.ruleset, site.concealed[w], site.exposed[w], frozenset(),
                              kind).legal]
    return _winner_meld(game, sites, rng, scored_again)


def _by_loser(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """The trick loser makes a meld his cards allow (R8D is the only fault)."""
    options = []
    for site in sites:
        if not _plain(site, game):
            continue
        loser = site.winner.other
        for verdict in legal_melds(site.ruleset, site.concealed[loser], site.exposed[loser],
                                   site.scored[loser]):
            options.append((site, loser, verdict))
    if not options:
        return None
    site, loser, verdict = rng.choice(options)
    return _insert(game, site.battle, site.event + 1,
                   Meld(kind=verdict.kind, points=verdict.points or 0, seat=loser))


def _no_concealed(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """A combination not yet scored whose cards are all in the exposed hand, none concealed
    (M1.3, M4.1); where the game has none, a meld that names no concealed card: ``()``."""
    def all_exposed(site: TrickSite, w: Seat) -> list[MeldKind]:
        concealed, exposed = site.concealed[w], site.exposed[w]
        return [kind for kind, need in meld_table(site.ruleset).needs.items()
                if kind not in site.scored[w]
                and all(exposed[i] >= n and not concealed[i] for i, n in need.pairs)]
    mutant = _winner_meld(game, sites, rng, all_exposed)
    if mutant is not None:
        return mutant
    melds = _melds(game)
    if not melds:
        return None
    b, i, slot, meld = rng.choice(melds)
    return _set_meld(game, b, i, slot, meld.model_copy(update={"concealed": ()}))


def _second_meld(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """After the winner's meld, another meld his cards still allow (R9E is the only fault)."""
    options = []
    for site in sites:
        if len(site.trick.melds) != 1 or site.penalized:
            continue
        w, first = site.winner, site.trick.melds[0]
        verdict = judge_meld(site.ruleset, site.concealed[w], site.exposed[w], site.scored[w],
                             first.kind, first.concealed)
        if not verdict.legal:
            continue
        concealed, exposed = apply_meld(site.concealed[w], site.exposed[w], verdict)
        for second in legal_melds(site.ruleset, concealed, exposed,
                                  site.scored[w] | {first.kind}):
            options.append((site, second))
    if not options:
        return None
    site, second = rng.choice(options)
    return _add_meld(game, site, Meld(kind=second.kind, points=second.points or 0))


def _played_card(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """The winner melds the card he just won the trick with, having no other copy of it (R9D:
    once a card wins a trick it cannot be melded). The meld's other cards are in his hand, one
    concealed, and he has not scored the combination. The adjudicator cites R9G (a card played
    to a trick is unavailable for any future meld), naming R9D in its message."""
    def with_the_winning_card(site: TrickSite, w: Seat) -> list[MeldKind]:
        card = site.card_of(w)
        if site.held(w)[card.index]:
            return []
        concealed = list(site.concealed[w])
        concealed[card.index] += 1          # as if the card were still concealed
        return [kind for kind, entry in site.ruleset.melds.items()
                if not kind.double and kind not in site.scored[w] and card in entry.cards
                and judge_meld(site.ruleset, concealed, site.exposed[w], site.scored[w],
                               kind).legal]
    return _winner_meld(game, sites, rng, with_the_winning_card)


def _wrong_winner(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    site = rng.choice(sites)
    return _replace(game, site.battle, site.event,
                    site.trick.model_copy(update={"winner": site.winner.other}))


def _wrong_score(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    claims = [(b, i, e) for b, battle in enumerate(game.battles)
              for i, e in enumerate(battle.events)
              if isinstance(e, Claim) and e.category == "score"]
    if not claims:
        return None
    b, i, claim = rng.choice(claims)
    side = rng.choice(("east", "west"))
    if getattr(claim, side) is None:
        side = "west" if side == "east" else "east"
    value = getattr(claim, side)
    delta = rng.randint(1, 50)
    wrong = value - delta if value - delta >= 0 and rng.random() < 0.5 else value + delta
    return _replace(game, b, i, claim.model_copy(update={side: wrong}))


def _deals(game: Game) -> list[tuple[int, int, Deal]]:
    """The deal each battle is played with (the last one, after a redeal)."""
    found = []
    for b, battle in enumerate(game.battles):
        deals = [(b, i, e) for i, e in enumerate(battle.events) if isinstance(e, Deal)]
        found += deals[-1:]
    return found


def _edit_dealt_hand(game: Game, rng: random.Random,
                     edit: Callable[[list[Card]], object]) -> Game:
    """One battle's deal with one hand, East's or West's at random, changed in place by
    ``edit``."""
    b, i, deal = rng.choice(_deals(game))
    side = rng.choice(("east", "west"))
    hand = list(getattr(deal, side))
    edit(hand)
    return _replace(game, b, i, deal.model_copy(update={side: tuple(hand)}))


def _duplicate_card(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    def replace_one(hand: list[Card]) -> None:
        k = rng.randrange(len(hand))
        hand[k] = rng.choice([card for card in BY_INDEX if card is not hand[k]])
    return _edit_dealt_hand(game, rng, replace_one)


def _missing_card(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    return _edit_dealt_hand(game, rng, lambda hand: hand.pop(rng.randrange(len(hand))))


def _draw_order(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """After a trick whose draws are the implied ones, the loser draws first (R8E)."""
    options = []
    for site in sites:
        if len(site.draws_due) != 2:
            continue
        events = game.battles[site.battle].events
        at = _after_turn(game, site)
        if at < len(events) and isinstance(events[at], (Draw, MissedDraw, ExtraDraw)):
            continue
        options.append((site, at))
    if not options:
        return None
    site, at = rng.choice(options)
    return _insert(game, site.battle, at, Draw(seats=tuple(reversed(site.draws_due))))


#: The corruptions, each with the rule ids that catch it.
MUTATIONS: tuple[MutationClass, ...] = (
    MutationClass("lead-not-held", frozenset({"R8A"}),
                  "the leader's card swapped for one not in his hand", _card_not_held("lead")),
    MutationClass("follow-not-held", frozenset({"R8B"}),
                  "the follower's card swapped for one not in his hand",
                  _card_not_held("follow")),
    MutationClass("meld-points-off-by-one", frozenset({"R9A"}),
                  "a claimed meld value off by one", _points_off_by_one),
    MutationClass("meld-repeated", frozenset({"R9F"}),
                  "a combination scored twice in a battle", _repeated),
    MutationClass("meld-by-loser", frozenset({"R8D"}),
                  "a meld by the trick loser", _by_loser),
    MutationClass("meld-no-concealed", frozenset({"R9C"}),
                  "a meld with no card from the concealed hand", _no_concealed),
    MutationClass("two-melds", frozenset({"R9E"}),
                  "two melds in one turn", _second_meld),
    MutationClass("played-card-melded", frozenset({"R9G"}),
                  "the card that just won the trick melded", _played_card),
    MutationClass("wrong-winner", frozenset({"R8C1", "R8C2", "R8C3", "R8C4", "R11D"}),
                  "a wrong winner mark", _wrong_winner),
    MutationClass("wrong-battle-score", frozenset({"R3"}),
                  "a wrong battle score claim", _wrong_score),
    MutationClass("deal-duplicate-card", frozenset({"R2A4"}),
                  "a dealt card replaced by another face (one face too many)", _duplicate_card),
    MutationClass("deal-missing-card", frozenset({"R6B"}),
                  "a card missing from a dealt hand", _missing_card),
    MutationClass("draw-order", frozenset({"R8E"}),
                  "the loser draws before the winner", _draw_order),
)

BY_NAME = {m.name: m for m in MUTATIONS}


@dataclass(frozen=True)
class Mutant:
    mutation: MutationClass
    game: Game


def mutate(game: Game, mutation: MutationClass, rng: random.Random,
           sites: list[TrickSite] | None = None) -> Mutant | None:
    """``mutation`` applied once to the legal ``game``, or ``None`` when it has no place for it."""
    if sites is None:
        sites = trick_sites(game)
    if not sites:
        return None
    mutant = mutation.apply(game, sites, rng)
    return None if mutant is None else Mutant(mutation, mutant)

