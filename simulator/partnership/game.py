"""Simulated games of double-pack partnership Pinochle, written as record events.

A game is hands until a side reaches the target (DP-GAME). Each hand: the whole pack dealt, 20
cards a seat, the dealer passing to the left (DP-DEAL1-3, ``deal.deal_table``); a legal auction
(``auction``: bids, meld announcements before and after the first bid, deemed bids, passes,
and the throw-in when nobody bids, DP-BID1-9); the high bidder names trump in a suit he is long
in (DP-MELD1); every seat declares its melds (``melds.best_declaration``: usually all of them,
sometimes only the total, ``meld E 0`` or less than it holds, which the rules allow: D12); twenty
tricks of legal cards (``play``); and the claims of the two sides (or, at a table where each
plays for himself, of each seat: ``scorer_claim``), signed: ``tricks``, ``melds``, ``score``
(``contract.score_hand``) and the running ``total``. The game ends when
``TableState.game_winner`` names a side, with the ``game`` claim and the ``Result`` tag (NS first).

Every rule comes from the engine: each hand is played on its ``TableState`` (the state the
partnership walker drives: the deal, the calls, trump, the declarations, the cards, the
score), which says what is legal and what each action scored; the simulator only chooses among
what it allows and writes down what it computes (a seat's policy weighs its hand with
``melds.best_meld`` and ``best_declaration``; the game's end is the state's ``game_winner``).
A seat's bidding limit (``assess``) is its best meld in the suit it would name, plus
its length there, plus what a side usually takes in cards, plus (for the random policy) noise;
so contracts are sometimes made and sometimes set, and sometimes nobody bids.

The notices such a game is meant to cause are ``intended``: a declaration below the best meld
(``judge_declaration``'s notices), the throw-in (DP-BID9), deemed bids (DP-BID6, DP-BID7), melds
not counted without a scoring trick (DP-MELD6) and a set contract (DP-SCORE2).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from pinochle.adjudicator.partnership.melds import best_declaration, best_meld
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.model.ruleset import Ruleset, ruleset_tags
from pinochle.adjudicator.model.seating import Scorer, Seating
from pinochle.notation.cards import Card, Seat, Side, Suit
from pinochle.notation.events import (
    Battle, Claim, Comment, Concession, Declaration, Game, Hands, Meld, SideClaim, Tag,
    TableTrick,
    TrumpNaming,
)

from ..deal import deal_table
from .auction import Bidder, run_auction
from .passing import CONCEDE_CHANCE, pass_cards
from .play import play_hand

#: What a bidder expects its side to take in cards (DP-COUNT: 500 in all, two sides); at a
#: table with another pack (single-deck: 250 in all) the same share of it.
CARDS_EXPECTED = 230
DP_CARDS = 500
#: A suit of this many cards is "long" (DP-BID5; a statement, never checked: D4).
LONG_SUIT = 7
#: Bound on a game's hands: a game that has not ended by then is a simulator bug.
MAX_HANDS = 500
ClaimCategory = Literal["tricks", "melds", "score", "total", "game"]


@dataclass(frozen=True)
class TableBattle:
    """A hand as simulated: its record battle, each side's score (0 when thrown in), the
    bidding side (``None``: thrown in), the notices it is meant to cause and the side that has
    won the game after it (``TableState.game_winner``, DP-GAME; ``None``: nobody yet, or
    thrown in)."""

    battle: Battle
    scores: Mapping[Scorer, int]
    bidders: Scorer | None
    intended: frozenset[str]
    winner: Scorer | None = None


@dataclass(frozen=True)
class TableGame:
    """A double-pack game and what the simulator knows about it: seed, hands, the sides' game
    totals, the winning side, and the notices it is meant to cause."""

    seed: int
    game: Game
    battles: tuple[TableBattle, ...]
    totals: Mapping[Scorer, int]
    winner: Scorer
    intended: frozenset[str]


def simulate_table_game(seed: int, ruleset: Ruleset, policies: tuple[str, str],
                        tags: tuple[tuple[str, str], ...] = ()) -> TableGame:
    """One complete game from ``random.Random(seed)``; ``policies`` are North-South's and
    East-West's (``random`` or ``greedy``): the seats take them in turn (``_players``)."""
    rng = random.Random(seed)
    seats = ruleset.seats
    players = _players(ruleset, policies)
    dealer = rng.choice(seats)
    totals: dict[Scorer, int] = dict.fromkeys(ruleset.seating.scorers, 0)
    battles: list[TableBattle] = []
    winner: Scorer | None = None
    while winner is None:
        assert len(battles) < MAX_HANDS, f"seed {seed}: no winner after {MAX_HANDS} hands"
        battle = simulate_hand(len(battles) + 1, dealer, ruleset, players, rng, totals)
        battles.append(battle)
        dealer = ruleset.seating.next_dealer(dealer)                    # DP-DEAL3: left
        if battle.bidders is None:                                      # DP-BID9
            continue
        totals = {side: total + battle.scores[side] for side, total in totals.items()}
        winner = battle.winner                                          # DP-GAME
    closing = (scorer_claim("game", totals, ruleset.seating),)
    game = Game(header=_header(seed, ruleset, policies, tags, totals),
                battles=tuple(b.battle for b in battles), closing=closing)
    intended = frozenset().union(*(b.intended for b in battles))
    return TableGame(seed, game, tuple(battles), totals, winner, intended)


def _players(ruleset: Ruleset, policies: tuple[str, str]) -> dict[Seat, str]:
    """Each seat's policy: the seats take ``policies`` in turn, clockwise (at a table of four,
    North-South the first, East-West the second)."""
    return {seat: policies[i % len(policies)] for i, seat in enumerate(ruleset.seats)}


def _header(seed: int, ruleset: Ruleset, policies: tuple[str, str],
            given_tags: tuple[tuple[str, str], ...], totals: Mapping[Scorer, int]
            ) -> tuple[Tag, ...]:
    """The tag section: Event, Site (Date), the four seats (their policies unless given), the
    ruleset and every option, the Result (NS first), then ``Seed`` and ``Policies``."""
    given = dict(given_tags)
    tags: dict[str, str] = {"Event": given.pop("Event", "Simulated game"),
                            "Site": given.pop("Site", "pinochle simulate")}
    if "Date" in given:
        tags["Date"] = given.pop("Date")
    players = _players(ruleset, policies)
    for seat in ruleset.seats:
        tags[seat.word] = given.pop(seat.word, players[seat])
    tags.update(ruleset_tags(ruleset))
    tags["Result"] = "-".join(str(total) for total in totals.values())    # scorers' order
    tags.update(given)
    tags["Seed"] = str(seed)
    tags["Policies"] = ",".join(policies)
    return tuple(Tag(name=name, value=value) for name, value in tags.items())


def simulate_hand(number: int, dealer: Seat, ruleset: Ruleset, players: Mapping[Seat, str],
                  rng: random.Random, totals: Mapping[Scorer, int]) -> TableBattle:
    """One hand (a ``battle``), from the deal to the claims; ``totals`` before it."""
    assert ruleset.auction is not None
    seats = ruleset.seats
    hands = deal_table(ruleset, dealer, rng)                             # DP-DEAL1-2
    state = TableState(ruleset, dealer, number, keep_log=False)
    state.deal(tuple(hands[seat] for seat in seats))
    events: list = [Hands(hands=tuple(hands[seat] for seat in seats))]
    suits = {seat: trump_choice(hands[seat], ruleset, players[seat], rng) for seat in seats}
    bidders = {seat: assess(hands[seat], suits[seat], ruleset, players[seat], rng)
               for seat in seats}
    auction = run_auction(state, bidders, rng)
    events += auction.calls
    if auction.high is None:                                             # DP-BID9
        events.append(Comment(text="thrown in: nobody bid (DP-BID9)"))
        return TableBattle(Battle(number=number, dealer=dealer, events=tuple(events)),
                           dict.fromkeys(totals, 0), None, _cited({"DP-BID9"}, ruleset))
    high = auction.high
    trump = suits[high]
    assert state.can_name_trump(trump)
    state.name_trump(trump)
    events.append(TrumpNaming(suit=trump))                               # DP-MELD1
    if ruleset.table.passing:                       # the partner, then the bidder (SD-PASS1-3)
        events += pass_cards(state, high, players, rng)
        hands = {seat: state.held(seat) for seat in seats}
    intended = set(auction.deemed)
    credited: dict[Seat, int] = {}
    for seat in seats:
        event, points, notices = declare(state, seat, hands[seat], players[seat], rng)
        events.append(event)
        credited[seat] = points
        intended |= notices
    if ruleset.table.concede and players[high] != "greedy" and \
            rng.random() < CONCEDE_CHANCE:                                # SD-CONCEDE1-2
        assert state.can_concede(high), state.verify_concede(high)
        state.concede(high)
        events.append(Concession(seat=high))
    else:
        tricks = play_hand(state, hands, players, rng)                   # DP-PLAY1-6
        events += [TableTrick(number=i, cards=t.cards, winner=t.winner)
                   for i, t in enumerate(tricks, 1)]
    state.close()
    result = state.results()                                             # DP-SCORE1-3
    seating = ruleset.seating
    after = {side: total + result[side].score for side, total in totals.items()}
    events += [                             # by side, or by seat (``scorer_claim``)
        scorer_claim("tricks", {scorer: r.cards for scorer, r in result.items()}, seating),
        scorer_claim("melds", {scorer: r.melds for scorer, r in result.items()}, seating),
        scorer_claim("score", {scorer: r.score for scorer, r in result.items()}, seating),
        scorer_claim("total", after, seating),
    ]
    melds = dict.fromkeys(totals, 0)
    for seat in seats:
        melds[seating.scorer(seat)] += credited[seat]
    if any(melds[side] and not result[side].counted for side in melds):
        intended.add("DP-MELD6")
    declarers = seating.scorer(high)         # the high bidder's side, or himself
    if result[declarers].score < 0:
        intended.add("DP-SCORE2")
    return TableBattle(Battle(number=number, dealer=dealer, events=tuple(events)),
                       {side: result[side].score for side in totals}, declarers,
                       _cited(intended, ruleset), state.game_winner(after))


def _cited(rules: set[str], ruleset: Ruleset) -> frozenset[str]:
    """The notices a hand is meant to cause by the ids a report cites (``Ruleset.cites``: the
    state's own findings name double-pack's ids for the checks it has)."""
    cites = ruleset.cites
    return frozenset(cites.get(rule, rule) for rule in rules)


def scorer_claim(category: ClaimCategory, values: Mapping[Scorer, int],
                 seating: Seating) -> SideClaim | Claim:
    """The claim of ``values`` (each scorer's) as the table writes it: by side (``tricks NS
    310 EW 190``) where sides keep the score, else by seat (``tricks N 80 E 110 W 60``)."""
    if seating.by_side:
        return SideClaim(category=category, ns=values[Side.NS], ew=values[Side.EW])
    return Claim(category=category, north=values.get(Seat.NORTH), east=values.get(Seat.EAST),
                 west=values.get(Seat.WEST))


def trump_choice(hand: tuple[Card, ...], ruleset: Ruleset, policy: str,
                 rng: random.Random) -> Suit:
    """The suit a seat would name trump: one of its longest suits (within one card), the best
    meld there first (greedy), or any of them (random)."""
    length = {suit: sum(1 for c in hand if c.suit is suit) for suit in Suit}
    long = [suit for suit in Suit if length[suit] >= max(length.values()) - 1]
    if policy == "greedy":
        return max(long, key=lambda s: (best_meld(hand, s, ruleset), length[s]))
    return rng.choice(long)


def assess(hand: tuple[Card, ...], suit: Suit, ruleset: Ruleset, policy: str,
           rng: random.Random) -> Bidder:
    """The seat's bidding limit with ``suit`` as trump: its best meld, 10 a card of the suit
    beyond five, what a side usually takes in cards (``CARDS_EXPECTED``), and for the random
    policy a noise of -100..+150; with the flush and long-suit statements it could make."""
    meld = best_meld(hand, suit, ruleset)
    length = sum(1 for c in hand if c.suit is suit)
    noise = 0 if policy == "greedy" else rng.randrange(-100, 151, 10)
    flush = all(Card(rank, suit) in hand for rank in ruleset.rank_order)
    scale = (ruleset.total_card_points + ruleset.last_trick_bonus) / DP_CARDS
    if scale != 1:      # another pack than double-pack's (single-deck's 250): its share
        assert ruleset.auction is not None
        step = ruleset.auction.step
        limit = meld + round(scale * (CARDS_EXPECTED + noise) / step) * step + \
            step * max(0, length - 6)
    else:
        limit = meld + CARDS_EXPECTED + 10 * max(0, length - 5) + noise
    return Bidder(limit=limit, meld=meld, flush=flush, long=length >= LONG_SUIT, policy=policy)


def declare(state: TableState, seat: Seat, hand: tuple[Card, ...], policy: str,
            rng: random.Random) -> tuple[Meld | Declaration, int, frozenset[str]]:
    """The seat's declaration on ``state`` (trump named: DP-MELD1), the meld it is credited
    with and the notices it causes (the state's findings, which must be nothing above a
    notice). The greedy player declares its best melds; the random one, half the time, only
    their total, ``meld E 0``, or less than it holds (one meld left out, or a lower total: D12,
    a notice)."""
    assert state.trump is not None
    best = best_declaration(hand, state.trump, state.ruleset)
    melds: tuple[Meld, ...] = best
    total: int | None = None
    if policy != "greedy" and rng.random() < 0.5:
        way = rng.randrange(3)
        if way == 0:
            melds, total = (), sum(m.points for m in best)
        elif way == 1 and len(best) > 1:
            left_out = rng.randrange(len(best))
            melds = best[:left_out] + best[left_out + 1:]
        elif best:          # a lower total, in the auction's steps (tens: 1; SD-SCALE1)
            unit = 10 if state.ruleset.auction is None else state.ruleset.auction.step
            melds, total = (), unit * rng.randrange(sum(m.points for m in best) // unit)
    before = len(state.findings)
    step = state.declare(seat, melds, total)
    found = state.findings[before:]
    assert step is not None and all(f.severity is Severity.INFO for f in found), found
    return declaration_event(seat, melds, total), step.points, frozenset(f.rule for f in found)


def declaration_event(seat: Seat, melds: tuple[Meld, ...], total: int | None
                      ) -> Meld | Declaration:
    """A declaration as the notation reads it back: one kind is a seated ``Meld``
    (``meld N ♥F 150``), several a ``Declaration``; no kind, the total (``meld E 0`` when there
    is none)."""
    if len(melds) == 1 and total is None:
        return melds[0].model_copy(update={"seat": seat})
    if melds:
        return Declaration(seat=seat, melds=tuple(m.model_copy(update={"seat": None})
                                                  for m in melds), total=total)
    return Declaration(seat=seat, total=total or 0)

