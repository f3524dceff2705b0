"""One corruption of a legal record, for testing that the adjudicator catches it.

Each ``MutationClass`` names the corruption, the rule ids a finding must cite to count as
catching it (data: ``rules``), and how to apply it to a legal ``Game``: ``apply(game, sites, rng)``
returns the mutant, or ``None`` when the game offers no place for that corruption. ``sites`` are
the game's tricks as the replay saw them (``trick_sites``): who led, who won, each player's hand
after the trick was gathered, and the melds already scored; with the battle's trump, whether the
trick was played in phase B, the rule that decided it, and each player's melding position
(``SeatPosition``: hands, melds, the exposed copies' histories) before and after the trick's
melds.

Where a corruption should be caught by one rule only, the place is chosen so that nothing else
is wrong there: a repeated meld (R9F) or a meld of a played card (R9G) is otherwise
available in the hand, the trick loser's meld (R8D) and a second meld (R9E) are otherwise legal
melds, and a meld with no concealed card (R9C) is a combination the player has not scored.

Each ruleset has its own classes (``mutations_for``): ``MUTATIONS`` are East Point's,
``OLD_TIME_MUTATIONS`` old-time Pinochle's (its phase-B obligations OT8B1-OT8B3, melds in phase
B, OT9G reuse, the dix and its exchange OT9I, the last trick OT8G, the running totals OT4A, and
East Point's classes that apply, citing the OT rule ids). A table of four (double-pack) has its
own classes (``partnership.mutate.DOUBLE_PACK_MUTATIONS``), which read the game's played hands
(``partnership.mutate.table_sites``) instead of its tricks: ``MutationClass``
(``mutation.py``) is generic in its sites, ``BY_RULESET`` gives each ruleset its classes, and
``sites_of`` gives a game the sites its engine's classes read.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from dataclasses import dataclass, field, replace

from pinochle.adjudicator import Ruleset, SeatPosition, Visitor, is_partnership, walk
from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.laws.policy import LawsPolicy
from pinochle.adjudicator.rules.meldtables import BY_INDEX, Counts, meld_table
from pinochle.adjudicator.rules.melding import MeldVerdict, apply_meld, judge_meld, legal_melds
from pinochle.adjudicator.model.steps import Played
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.notation.cards import Card, Rank, Seat, Suit
from pinochle.notation.events import (
    Battle, Claim, Comment, Deal, Draw, Event, ExtraDraw, Game, Knock, Meld, MissedDraw, Objection,
    Trick,
)
from pinochle.notation.events import Choice, Correction
from pinochle.notation.melds import Family, MeldKind

from .mutation import MutationClass, inserted, replaced
from .partnership.mutate import DOUBLE_PACK_MUTATIONS, SINGLE_DECK_MUTATIONS, table_sites

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
    trump: Suit | None = None   # the battle's trump suit (old-time: the upcard's)
    upcard: Card | None = None
    phase_b: bool = False       # played once the stock was exhausted (OT8)
    rule: str | None = None     # the rule that decided the trick (R8C1-R8C4, OT8C1-OT8C3)
    exchangeable: bool = False  # the upcard still lies under the stock, never exchanged (OT9I2)
    #: Each player's melding position right after the trick was gathered, and after its melds.
    positions: dict[Seat, SeatPosition] = field(default_factory=dict)
    after: dict[Seat, SeatPosition] = field(default_factory=dict)

    def held(self, seat: Seat) -> Counts:
        return tuple(c + e for c, e in zip(self.concealed[seat], self.exposed[seat]))

    def card_of(self, seat: Seat) -> Card:
        return self.trick.lead if seat is self.leader else self.trick.follow

    def judge(self, seat: Seat, kind: MeldKind, *, after: bool = False) -> MeldVerdict:
        """``kind`` judged in ``seat``'s position (after the trick's melds with ``after``): the
        card rules only (the turn is the replay's), with the battle's trump and the exposed
        copies' histories (OT9G), and the cards played to tricks (R9G, OT9H)."""
        p = (self.after if after else self.positions)[seat]
        return judge_meld(self.ruleset, p.concealed, p.exposed, p.scored, kind, played=p.played,
                          won=p.won, trump=p.trump, ledger=p.ledger)

    def legal_melds(self, seat: Seat, *, after: bool = False) -> list[MeldVerdict]:
        """The melds ``seat``'s cards allow in that position (``judge``'s rules)."""
        p = (self.after if after else self.positions)[seat]
        return legal_melds(self.ruleset, p.concealed, p.exposed, p.scored, p.trump, p.ledger)


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
        stock = state.stock()
        upcard = state.upcard
        self.sites.append(TrickSite(
            self.battle, event, trick, state.ruleset, _leader_of(state),
            state.last_winner,  # type: ignore[arg-type]  # a trick was just gathered: a winner
            {s: state.concealed(s) for s in SEATS}, {s: state.exposed(s) for s in SEATS},
            {s: state.scored(s) for s in SEATS}, tuple(state.expected_draws),
            any(state.penalized(s) for s in SEATS), state.trump, upcard, state.phase_b,
            state.last_rule, upcard is not None and bool(stock) and stock[-1] is upcard,
            {s: state.position(s) for s in SEATS}))

    def event(self, event: Event, state: BattleState) -> None:
        if isinstance(event, Trick) and self.sites and self.sites[-1].trick is event:
            if not state.in_turn:       # play halted at it (25-steps TPV6: a knock's proof):
                self.sites.pop()        # no turn follows it, so it is no site for a meld
                return
            self.sites[-1].after.update({s: state.position(s) for s in SEATS})


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


def _after_turn(game: Game, site: TrickSite) -> int:
    """Where the trick's turn ends in the record: after the meld lines and objections that
    follow the trick line (the draws come next)."""
    events = game.battles[site.battle].events
    i = site.event + 1
    while i < len(events) and isinstance(events[i], (Meld, Objection, Comment)):
        i += 1
    return i


def _corrected(events: Sequence[Any], i: int) -> bool:
    """The turn of the meld at ``events[i]`` has a ``correct`` (Scarne's SC-BADMELD1) or an
    ``object meld`` (East Point's R11B): its melds were judged then, corrected or withdrawn, so
    their claimed values no longer count."""
    i += 1
    while i < len(events) and isinstance(events[i], (Meld, Objection, Comment, Correction)):
        event = events[i]
        if isinstance(event, Correction) or (isinstance(event, Objection)
                                             and event.target == "meld"):
            return True
        i += 1
    return False


def _melds(game: Game) -> list[tuple[int, int, int | None, Meld]]:
    """Every meld that counts as claimed: (battle, event index, index on the trick line or
    None, meld); not one a ``correct`` settled (its corruption would change nothing)."""
    found: list[tuple[int, int, int | None, Meld]] = []
    for b, battle in enumerate(game.battles):
        for i, event in enumerate(battle.events):
            if isinstance(event, (Trick, Meld)) and _corrected(battle.events, i):
                continue
            if isinstance(event, Trick):
                found += [(b, i, k, m) for k, m in enumerate(event.melds)]
            elif isinstance(event, Meld):
                found.append((b, i, None, event))
    return found


def _set_meld(game: Game, battle: int, index: int, slot: int | None, meld: Meld) -> Game:
    event = game.battles[battle].events[index]
    if slot is None:
        return replaced(game, battle, index, meld)
    assert isinstance(event, Trick)  # a meld with a slot is written on a trick line
    melds = list(event.melds)
    melds[slot] = meld
    return replaced(game, battle, index, event.model_copy(update={"melds": tuple(melds)}))


def _add_meld(game: Game, site: TrickSite, meld: Meld) -> Game:
    trick = site.trick
    return replaced(game, site.battle, site.event,
                    trick.model_copy(update={"melds": (*trick.melds, meld)}))


def _bare(site: TrickSite, game: Game) -> bool:
    """A trick with no meld and no meld line or objection after it, before any R11D penalty."""
    return not site.trick.melds and _after_turn(game, site) == site.event + 1 \
        and not site.penalized


def _plain(site: TrickSite, game: Game) -> bool:
    """A bare trick whose winner may meld (not in phase B where nobody melds, OT8D)."""
    return _bare(site, game) and (site.ruleset.melds_in_phase_b or not site.phase_b)


Apply = Callable[[Game, list[TrickSite], random.Random], "Game | None"]


# --- the corruptions ---------------------------------------------------------------------------


def _card_not_held(role: str) -> Apply:
    def apply(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
        site = rng.choice(sites)
        seat = site.leader if role == "lead" else site.leader.other
        before = list(site.held(seat))
        before[site.card_of(seat).index] += 1
        absent = [card for card in BY_INDEX
                  if not before[card.index] and site.ruleset.pack.get(card, 0)]
        card = rng.choice(absent)
        return replaced(game, site.battle, site.event,
                        site.trick.model_copy(update={role: card}))
    return apply


def _points_off_by_one(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    melds = _melds(game)
    if not melds:
        return None
    b, i, slot, meld = rng.choice(melds)
    return _set_meld(game, b, i, slot, meld.model_copy(
        update={"points": meld.points + rng.choice((-1, 1))}))


def _add_at_table_value(game: Game, options: list[tuple[TrickSite, MeldKind]],
                        rng: random.Random) -> Game | None:
    """One (trick, kind) of ``options``, chosen at random, melded by the trick's winner for the
    kind's table value; ``None`` when there is none."""
    if not options:
        return None
    site, kind = rng.choice(options)
    return _add_meld(game, site, Meld(kind=kind,
                                      points=site.ruleset.meld_points(kind, site.trump) or 0))


def _winner_meld(game: Game, sites: list[TrickSite], rng: random.Random,
                 kinds: Callable[[TrickSite, Seat], list[MeldKind]]) -> Game | None:
    """At a trick with no meld yet (``_plain``), the winner makes one of ``kinds(site, winner)``
    for its table value: one such (trick, kind) chosen at random; ``None`` when there is none."""
    options = [(site, kind) for site in sites if _plain(site, game)
               for kind in kinds(site, site.winner)]
    return _add_at_table_value(game, options, rng)


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
        for verdict in site.legal_melds(loser):
            options.append((site, loser, verdict))
    if not options:
        return None
    site, loser, verdict = rng.choice(options)
    return inserted(game, site.battle, site.event + 1,
                    Meld(kind=verdict.kind, points=verdict.points or 0, seat=loser))


def _no_concealed(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """A combination not yet scored whose cards are all in the exposed hand, none concealed
    (M1.3, M4.1); where the game has none, a meld that names no concealed card: ``()``."""
    def all_exposed(site: TrickSite, w: Seat) -> list[MeldKind]:
        concealed, exposed = site.concealed[w], site.exposed[w]
        concealed_rule = site.ruleset.ids.concealed
        return [kind for kind, need in meld_table(site.ruleset, site.trump).needs.items()
                if kind not in site.scored[w]
                and all(exposed[i] >= n and not concealed[i] for i, n in need.pairs)
                and site.judge(w, kind).rule == concealed_rule]
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
        p = site.positions[w]
        return [kind for kind, entry in site.ruleset.melds_for(site.trump).items()
                if not kind.double and kind not in site.scored[w] and card in entry.cards
                and judge_meld(site.ruleset, concealed, site.exposed[w], site.scored[w],
                               kind, trump=site.trump, ledger=p.ledger).legal]
    return _winner_meld(game, sites, rng, with_the_winning_card)


def _wrong_winner(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """A wrong winner mark on a trick line without a meld: on a meld's line the mark also says
    who melded (replay.py), so changing it there would be a second fault, a meld by the trick's
    loser (R8D)."""
    sites = [site for site in sites if not site.trick.melds]
    if not sites:
        return None
    site = rng.choice(sites)
    return replaced(game, site.battle, site.event,
                    site.trick.model_copy(update={"winner": site.winner.other}))


def _wrong_winner_by(rules: frozenset[str]) -> Apply:
    """A wrong winner mark on a trick that one of ``rules`` decided (OT8C1: one card a trump)."""
    def apply(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
        decided = [site for site in sites if site.rule in rules]
        return _wrong_winner(game, decided, rng) if decided else None
    return apply


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
    return replaced(game, b, i, claim.model_copy(update={side: wrong}))


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
    return replaced(game, b, i, deal.model_copy(update={side: tuple(hand)}))


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
    return inserted(game, site.battle, at, Draw(seats=tuple(reversed(site.draws_due))))


# --- old-time corruptions --------------------------------------------------------------------


_OBLIGATIONS = ("follow_suit", "head", "trump_void")


def _renege_claimed(game: Game, site: TrickSite) -> bool:
    """The site's battle has a renege claim (``object renege``, Scarne's SC-RENEGE2)."""
    return any(isinstance(e, Objection) and e.target == "renege"
               for e in game.battles[site.battle].events)


def _follow_fault(obligation: str) -> Apply:
    """In phase B, the follower breaks one obligation (``follow_suit`` OT8B1, ``head`` OT8B2,
    ``trump_void`` OT8B3) with a card of his hand, where he could have kept it: a card of another
    suit while holding the suit led; a card of the suit led that does not beat it while holding
    one that does (when the rules make him beat that lead); a non-trump while void of the suit
    led and holding a trump. The winner mark follows the card played (OT8C)."""
    def apply(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
        options = []
        for site in sites:
            if not site.phase_b or site.trump is None:
                continue
            follower = site.leader.other
            hand = list(site.held(follower))
            hand[site.trick.follow.index] += 1            # no draws in phase B: his hand before
            held = [card for card in BY_INDEX if hand[card.index]]
            if any(site.trick.follow in _breaking(site, held, rule) for rule in _OBLIGATIONS) \
                    or _renege_claimed(game, site):
                continue    # already a renege, or one claimed this hand: under Scarne's laws
                #             (SC-RENEGE2) the reneger's count is 0, a further renege costs
                #             nothing more, so it would be no new fault
            options += [(site, card) for card in _breaking(site, held, obligation)]
        if not options:
            return None
        site, card = rng.choice(options)
        table = trick_table(site.ruleset, site.trump)
        winner = site.leader.other if table.beats(site.trick.lead, card) else site.leader
        return replaced(game, site.battle, site.event,
                        site.trick.model_copy(update={"follow": card, "winner": winner}))
    return apply


def _breaking(site: TrickSite, held: list[Card], obligation: str) -> list[Card]:
    """The cards of ``held`` that break ``obligation`` to the trick's lead, and only it."""
    lead, trump = site.trick.lead, site.trump
    table = trick_table(site.ruleset, trump)
    same = [c for c in held if c.suit is lead.suit]
    follow = site.ruleset.follow
    if obligation == "follow_suit":
        return [c for c in held if c.suit is not lead.suit] if same else []
    if obligation == "head":
        must = follow.head == "all" or (follow.head == "trump" and lead.suit is trump)
        if not must or not any(table.beats(lead, c) for c in same):
            return []
        return [c for c in same if not table.beats(lead, c)]
    if same or not follow.trump_if_void or not any(c.suit is trump for c in held):
        return []
    return [c for c in held if c.suit is not trump]


def _meld_in_phase_b(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """A phase-B trick's winner makes a meld his cards allow: nobody melds once the stock is
    exhausted (OT8D). Not a swap: its upcard is gone with the stock, swap-too-late's fault
    (OT9I), the one finding such a swap draws."""
    options = [(site, verdict) for site in sites if site.phase_b and _bare(site, game)
               for verdict in site.legal_melds(site.winner)
               if verdict.kind.family is not Family.SWAP]
    if not options:
        return None
    site, verdict = rng.choice(options)
    return _add_meld(game, site, Meld(kind=verdict.kind, points=verdict.points or 0))


def _winner_meld_breaking(rule: Callable[[Ruleset], str | frozenset[str]],
                          families: frozenset[Family] | None = None) -> Apply:
    """At a phase-A trick with no meld, the winner makes a meld (of ``families``, or any) whose
    first fault by the card rules' order of checks is ``rule(ruleset)`` (or one of them): OT9G
    reuse, OT9B1 a card not held, 25-steps TP19b2..."""
    def apply(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
        def kinds(site: TrickSite, w: Seat) -> list[MeldKind]:
            wanted = rule(site.ruleset)
            rules = {wanted} if isinstance(wanted, str) else wanted
            return [kind for kind in meld_table(site.ruleset, site.trump).needs
                    if (families is None or kind.family in families)
                    and not (verdict := site.judge(w, kind)).legal and verdict.rule in rules]
        return _winner_meld(game, sites, rng, kinds)
    return apply


def _swap_too_late(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """A trick's winner holding the nine of trumps (concealed) exchanges it for the upcard once
    the upcard is gone from under the stock: exchanged already, or drawn (OT9I2)."""
    options = []
    for site in sites:
        if (site.exchangeable or site.upcard is None or site.upcard.rank is Rank.NINE
                or not _bare(site, game)):
            continue
        for kind in meld_table(site.ruleset, site.trump).needs:
            if kind.family is Family.SWAP and site.judge(site.winner, kind).legal:
                options.append((site, kind))
    return _add_at_table_value(game, options, rng)


def _second_meld_by_class(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """After the winner's meld (and his dix or swap, if any), another meld that is not a dix
    his cards still allow (OT9E is the only fault)."""
    options = []
    for site in sites:
        if (site.penalized or not site.after
                or _corrected(game.battles[site.battle].events, site.event)):
            continue    # a turn a 'correct' settled: a second meld is corrected with it
        table = meld_table(site.ruleset, site.trump).needs
        others = [m for m in site.trick.melds if not table[m.kind].free]
        if len(others) != 1:
            continue
        for verdict in site.legal_melds(site.winner, after=True):
            if not table[verdict.kind].free:
                options.append((site, verdict))
    if not options:
        return None
    site, second = rng.choice(options)
    return _add_meld(game, site, Meld(kind=second.kind, points=second.points or 0))


def _claims(game: Game, category: str) -> list[tuple[int, int, Claim]]:
    return [(b, i, e) for b, battle in enumerate(game.battles)
            for i, e in enumerate(battle.events)
            if isinstance(e, Claim) and e.category == category]


def _wrong_claim(category: str) -> Apply:
    """One side of a ``category`` claim (``melds``, ``total``...) off by 1 to 50 points."""
    def apply(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
        claims = _claims(game, category)
        if not claims:
            return None
        b, i, claim = rng.choice(claims)
        side = rng.choice(("east", "west"))
        value = getattr(claim, side)
        delta = rng.randint(1, 50)
        wrong = value - delta if value - delta >= 0 and rng.random() < 0.5 else value + delta
        return replaced(game, b, i, claim.model_copy(update={side: wrong}))
    return apply


def _last_trick_miscounted(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """The ``tricks`` claim of a battle counts the last trick's 10 (OT8G) for the wrong player,
    or for nobody."""
    last = [site for site in sites if site.trick.number == 24]
    claims = {b: (i, claim) for b, i, claim in _claims(game, "tricks")}
    options = [site for site in last if site.battle in claims]
    if not options:
        return None
    site = rng.choice(options)
    i, claim = claims[site.battle]
    side, other = ("east", "west") if site.winner is Seat.EAST else ("west", "east")
    bonus = site.ruleset.last_trick_bonus
    update = {side: getattr(claim, side) - bonus}
    if update[side] < 0:        # a count a law set to 0 (Scarne's renege): no 10 to move
        return None
    if rng.random() < 0.5:
        update[other] = getattr(claim, other) + bonus
    return replaced(game, site.battle, i, claim.model_copy(update=update))


def _battle_after_the_end(game: Game, sites: list[TrickSite],
                          rng: random.Random) -> Game | None:
    """The game's last battle is played again after the game ended (OT4A): a copy of it, its
    dealer the other player, with the Result tag and game claim left as they were."""
    last = game.battles[-1]
    extra = last.model_copy(update={"number": last.number + 1, "dealer": last.dealer.other})
    return game.model_copy(update={"battles": (*game.battles, extra)})


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


def _ot(name: str, rules: set[str], description: str, apply: Apply) -> MutationClass:
    return MutationClass(name, frozenset(rules), description, apply)


#: Old-time Pinochle's corruptions (OT1-OT9), each with the old-time rule ids that catch it.
OLD_TIME_MUTATIONS: tuple[MutationClass, ...] = (
    _ot("lead-not-held", {"OT8A"}, "the leader's card swapped for one not in his hand",
        _card_not_held("lead")),
    _ot("follow-not-held", {"OT8B"}, "the follower's card swapped for one not in his hand",
        _card_not_held("follow")),
    _ot("phase-b-follow-suit", {"OT8B1"}, "in phase B, another suit while holding the suit led",
        _follow_fault("follow_suit")),
    _ot("phase-b-beat", {"OT8B2"}, "in phase B, a lower card of the suit led while able to beat "
        "it", _follow_fault("head")),
    _ot("phase-b-trump", {"OT8B3"}, "in phase B, void of the suit led, a non-trump while holding "
        "a trump", _follow_fault("trump_void")),
    _ot("wrong-winner", {"OT8C2", "OT8C3"}, "a wrong winner mark on a trick without one trump",
        _wrong_winner_by(frozenset({"OT8C2", "OT8C3"}))),
    _ot("wrong-winner-trump", {"OT8C1"}, "a wrong winner mark on a trick with one trump",
        _wrong_winner_by(frozenset({"OT8C1"}))),
    _ot("meld-points-off-by-one", {"OT9A"}, "a claimed meld value off by one",
        _points_off_by_one),
    _ot("meld-by-loser", {"OT8D"}, "a meld by the trick loser", _by_loser),
    _ot("meld-in-phase-b", {"OT8D"}, "a meld after a phase-B trick", _meld_in_phase_b),
    _ot("two-melds", {"OT9E"}, "two melds besides the dix in one turn", _second_meld_by_class),
    _ot("meld-no-concealed", {"OT9C"}, "a meld with no card from the concealed hand",
        _no_concealed),
    _ot("played-card-melded", {"OT9H"}, "the card that just won the trick melded",
        _played_card),
    _ot("meld-reuse", {"OT9G"}, "an exposed card reused in a meld of its class not worth more",
        _winner_meld_breaking(lambda ruleset: ruleset.ids.reuse)),
    # caught as the card missing (OT9B1), or, a swap after the upcard was exchanged, as the
    # dix rule (OT9I: found by the property test, a Scarne game's second swap)
    _ot("dix-without-nine", {"OT9B1", "OT9I"}, "a dix (or swap) by a player without the nine of "
        "trumps",
        _winner_meld_breaking(lambda ruleset: ruleset.ids.cards,
                              frozenset({Family.DIX, Family.SWAP}))),
    _ot("swap-too-late", {"OT9I"}, "the nine exchanged after the upcard is gone from the stock",
        _swap_too_late),
    _ot("last-trick-miscounted", {"OT8G", "OT8H"}, "the last trick's 10 in the wrong trick "
        "points claim", _last_trick_miscounted),
    _ot("wrong-melds-claim", {"OT9A"}, "a wrong meld points claim", _wrong_claim("melds")),
    _ot("wrong-battle-score", {"OT3"}, "a wrong battle score claim", _wrong_score),
    _ot("wrong-total-claim", {"OT4A"}, "a wrong running game total", _wrong_claim("total")),
    _ot("battle-after-end", {"OT4A"}, "a battle after the game ended", _battle_after_the_end),
    _ot("deal-duplicate-card", {"OT2A4"}, "a dealt card replaced by another face (one face too "
        "many)", _duplicate_card),
    _ot("deal-missing-card", {"OT6B"}, "a card missing from a dealt hand", _missing_card),
    _ot("draw-order", {"OT8E"}, "the loser draws before the winner", _draw_order),
)

def _knock_miscounted(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """The count a knock states, off by one (TP25)."""
    knocks = [(b, i, e) for b, battle in enumerate(game.battles)
              for i, e in enumerate(battle.events) if isinstance(e, Knock) and e.count]
    if not knocks:
        return None
    b, i, knock = rng.choice(knocks)
    assert knock.count is not None
    wrong = knock.model_copy(update={"count": knock.count + rng.choice((-1, 1))})
    battle = game.battles[b]
    events = (*battle.events[:i], wrong, *battle.events[i + 1:])
    battles = list(game.battles)
    battles[b] = battle.model_copy(update={"events": events})
    return game.model_copy(update={"battles": tuple(battles)})


def _choice_by_loser(game: Game, sites: list[TrickSite], rng: random.Random) -> Game | None:
    """A last-draw choice (TPV1, ``LastDraw "choice"``) named for the trick's loser."""
    choices = [(b, i, e) for b, battle in enumerate(game.battles)
               for i, e in enumerate(battle.events) if isinstance(e, Choice)]
    if not choices:
        return None
    b, i, choice = rng.choice(choices)
    return replaced(game, b, i, choice.model_copy(update={"seat": choice.seat.other}))


#: Old-time rule -> the 25-steps rules that catch the same corruption (spec §7).
_TP_RULES = {
    "OT8A": {"TP18"}, "OT8B": {"TP22"}, "OT8B1": {"TP22"}, "OT8B2": {"TP22"},
    "OT8B3": {"TP22"}, "OT8C1": {"TP11"}, "OT8C2": {"TP11"}, "OT8C3": {"TP11"},
    "OT9A": {"TP14"}, "OT8D": {"TP13", "TP22"}, "OT9E": {"TP13"}, "OT9C": {"TP19a3"},
    "OT9H": {"TP12"}, "OT9G": {"TP19a1", "TP19a2", "TP19b1", "TP19b2", "TP19b3", "TP19b4"},
    "OT9B1": {"TP13"}, "OT9I": {"TP15"}, "OT8G": {"TP23"}, "OT8H": {"TP23"}, "OT3": {"TP24"},
    "OT4A": {"TP2", "TP25"}, "OT2A4": {"TP1"}, "OT6B": {"TP5"}, "OT8E": {"TP17"},
}

#: 25-steps Pinochle's corruptions: old-time's, caught under the 25-steps ids (the reuse by
#: type, TP19), a knock's stated count off by one (TP25) and a last-draw choice named for the
#: trick's loser (TPV1; only games with ``LastDraw "choice"`` have a site).
_TP19 = frozenset(_TP_RULES["OT9G"])
_TP_OWN = {
    "wrong-winner": MutationClass("wrong-winner", frozenset({"TP11"}), "a wrong winner mark",
                                  _wrong_winner_by(frozenset({"TP11"}))),
    "meld-reuse": MutationClass("meld-reuse", _TP19, "an exposed card reused in a meld of a "
                                "type not ranked higher", _winner_meld_breaking(lambda _: _TP19)),
}
TWENTY_FIVE_MUTATIONS: tuple[MutationClass, ...] = tuple(
    _TP_OWN.get(m.name) or MutationClass(
        m.name, frozenset(r for rule in m.rules for r in _TP_RULES[rule]), m.description, m.apply)
    for m in OLD_TIME_MUTATIONS if m.name != "wrong-winner-trump") + (
    MutationClass("knock-miscounted", frozenset({"TP25"}), "a knock's stated count off by one",
                  _knock_miscounted),
    MutationClass("choice-by-loser", frozenset({"TPV1"}), "a last-draw choice named for the "
                  "trick's loser", _choice_by_loser),
)

def _same_check_ids(ours: Ruleset, theirs: Ruleset) -> dict[str, set[str]]:
    """Each rule id of ``ours`` -> the ids ``theirs`` cites for the same engine check (read off
    the two rulesets' id tables, so that nothing is copied by hand)."""
    same: dict[str, set[str]] = {}
    for table in ("ids", "trick_rule_ids"):
        mine, other = getattr(ours, table), getattr(theirs, table)
        for name in type(mine)._fields:
            if getattr(mine, name) and getattr(other, name):
                same.setdefault(getattr(mine, name), set()).add(getattr(other, name))
    return same


def _scarne_mutations() -> tuple[MutationClass, ...]:
    """Scarne's corruptions: old-time's, caught under Scarne's ids for the same checks (a meld
    out of its time may cite SC-MELD1, SC-MELD3 or SC-MELD4; a reuse SC-MELD5 too). Not the
    plain lead left unbeaten in phase 2: Scarne asks a higher card only on a trump lead
    (SC-PLAYB2), so that record is legal there; one wrong-winner class, as SC-PLAY2W decides
    every trick."""
    from pinochle.adjudicator.laws.policy import SCARNE_LAWS
    from pinochle.adjudicator import CATALOG

    ours, base = CATALOG["scarne"].build(), CATALOG["old-time"].build()
    same = _same_check_ids(base, ours)
    ids = ours.ids
    same[base.ids.melder] |= {ids.after_draw, ids.no_stock}
    same[base.ids.reuse] |= {ids.once}
    same[base.ids.cards] |= {ids.played, ids.reuse}  # a dix whose nine he played (SC-PLAY7)
    #                                                  or laid in the other dix (OT9G)
    same[base.ids.game] |= {ids.call}        # a battle after the call-out that ended the game
    renege = SCARNE_LAWS.renege              # under Scarne's laws a phase-2 fault is a renege
    assert renege is not None
    same[base.ids.follow_suit] |= set(renege)    # unclaimed (a warning), or claimed: penalised
    same[base.ids.trump_void] |= set(renege)
    misdeals = SCARNE_LAWS.misdeals          # under Scarne's laws an imperfect pack is a dead
    assert misdeals is not None              # hand (SC-MISDEAL8), found at the deal
    same[base.ids.pack] |= {misdeals.dead_hand}
    same[base.ids.hand] |= {misdeals.dead_hand}
    won = frozenset(ours.trick_rule_ids)     # one rule decides every trick (SC-PLAY2W)
    own = {"wrong-winner": MutationClass("wrong-winner", won, "a wrong winner mark",
                                         _wrong_winner_by(won))}
    return tuple(own.get(m.name) or MutationClass(
        m.name, frozenset(r for rule in m.rules for r in same[rule]), m.description, m.apply)
        for m in OLD_TIME_MUTATIONS if m.name not in ("phase-b-beat", "wrong-winner-trump"))


SCARNE_MUTATIONS = _scarne_mutations()

#: Each ruleset's corruptions, by the ruleset's name.
BY_RULESET: Mapping[str, tuple[MutationClass[Any], ...]] = {
    "east-point": MUTATIONS, "old-time": OLD_TIME_MUTATIONS, "25-steps": TWENTY_FIVE_MUTATIONS,
    "scarne": SCARNE_MUTATIONS, "double-pack": DOUBLE_PACK_MUTATIONS,
    "single-deck": SINGLE_DECK_MUTATIONS,
}


#: Classes that are no fault under laws that repair draw slips (Scarne's SC-SLIP5: both players
#: drawing the wrong card stands, a notice), so there is nothing to catch.
_REPAIRED_SLIPS = frozenset({"draw-order"})


#: The corruptions a law reports under its own ids: under a renege law a phase-2 follow fault is
#: a renege (unclaimed: SC-RENEGE1, a warning), under a misdeal law an imperfect pack a dead hand
#: (SC-MISDEAL8, found at the deal).
_RENEGES = frozenset({"phase-b-follow-suit", "phase-b-beat", "phase-b-trump"})
_DEAD_HANDS = frozenset({"deal-duplicate-card", "deal-missing-card"})


def _law_ids(mutation: MutationClass, laws: LawsPolicy) -> MutationClass:
    """``mutation`` also caught under the laws' own ids (``_RENEGES``, ``_DEAD_HANDS``)."""
    extra: set[str] = set()
    if laws.renege is not None and mutation.name in _RENEGES:
        extra |= set(laws.renege)
    if laws.misdeals is not None and mutation.name in _DEAD_HANDS:
        extra.add(laws.misdeals.dead_hand)
    return replace(mutation, rules=mutation.rules | extra) if extra - mutation.rules else mutation


def mutations_for(ruleset: Ruleset) -> tuple[MutationClass, ...]:
    """The corruptions of a ruleset's records (under laws that repair draw slips, not the draw
    order: docs/rulings.md, Scarne's laws), each caught under the laws' ids too (``_law_ids``:
    Scarne's laws borrowed by 25-steps, docs/rulings.md). A table of four seats (double-pack)
    has its own classes, read from its own sites (``partnership.mutate``)."""
    family = BY_RULESET[ruleset.name]
    classes = tuple(_law_ids(m, ruleset.laws) for m in family)
    if all(a is b for a, b in zip(classes, family)):
        classes = family                    # no law adds an id: the family's own table
    if ruleset.laws.repairs_draws:
        return tuple(m for m in classes if m.name not in _REPAIRED_SLIPS)
    return classes


def by_name(ruleset: Ruleset) -> dict[str, MutationClass]:
    return {m.name: m for m in mutations_for(ruleset)}


@dataclass(frozen=True)
class Mutant:
    mutation: MutationClass
    game: Game


def sites_of(game: Game) -> list[Any]:
    """What the mutation classes of ``game``'s ruleset read: its tricks (``trick_sites``), or,
    for a game of the partnership engine (``is_partnership``: a table of four), its played
    hands (``partnership.mutate.table_sites``)."""
    from pinochle.adjudicator import ruleset_from_tags

    if is_partnership(ruleset_from_tags(game.tags)):
        return table_sites(game)
    return trick_sites(game)


def mutate(game: Game, mutation: MutationClass, rng: random.Random,
           sites: list[Any] | None = None) -> Mutant | None:
    """``mutation`` applied once to the legal ``game``, or ``None`` when it has no place for it
    (``sites``: ``sites_of(game)``, given when several classes corrupt one game)."""
    if sites is None:
        sites = sites_of(game)
    if not sites:
        return None
    mutant = mutation.apply(game, sites, rng)
    return None if mutant is None else Mutant(mutation, mutant)

