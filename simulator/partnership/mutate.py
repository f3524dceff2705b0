"""The corruptions of a legal double-pack record, each with the rule ids that catch it (at any
seating of the table engine: the seats, their left and their scorers are the ruleset's).

``table_sites`` reads a legal game's hands back from its events (``TableSite``: the deal, the
auction replayed on the engine's ``TableState``, trump, each seat's declaration, each trick with
its leader and the hands before it, the claims). Each class changes one thing, chosen so that
nothing else in the record goes wrong with it (the rest of the auction, the contract, the
claims stay right), and names the DP rule a finding must cite to catch it:

- a bad bid (DP-BID3): below the minimum, not a multiple of the step, or not higher than the
  high bid, in place of a bid that is not the final one; a bid after passing (DP-BID2), made
  where the next call is by the seat to its left (in turn either way the walker reads it);
  an illegal call changes nothing (spec §5.3), so the auction goes on as written;
- a false meld declaration: a kind the seat does not hold (DP-MELD2 sequences, DP-MELD3
  groups, DP-MELD4 pinochle, by the kind's heading), a kind at the wrong points (the same ids),
  a total above the best meld (DP-MELD1's declaration: ``TOTAL_RULES``); the credited meld is
  unchanged, so the claims stay right;
- a revoke: a follower's card that breaks DP-PLAY2, DP-PLAY3 or DP-PLAY4 where his legal card
  was, swapped with a later card of his (the deal stays consistent), where every other card
  stays legal and both tricks keep their winners (so every claim stays right);
- a wrong trick winner mark (DP-PLAY5);
- a contract miscount: a set bidding side's score claimed as made (DP-SCORE2), or the bidding
  side's score with the wrong sign (DP-SCORE1 made, DP-SCORE2 set).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pinochle.adjudicator import ruleset_from_tags
from pinochle.adjudicator.partnership.melds import best_meld
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import FOUR_PARTNERS, Scorer, Seating
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.partnership.tricks import broken_rule, winning_index
from pinochle.notation.cards import Card, Seat, Side, Suit
from pinochle.notation.events import (
    Announce, Bid, Claim, Declaration, Game, Hands, Meld, Pass, Send, SideClaim, TableTrick,
    TrumpNaming,
)

from ..mutation import MutationClass, inserted, replaced
from .auction import Call
from .game import declaration_event

#: The rule of each meld heading (``MeldEntry.klass``: 0 sequences, 1 groups, 2 pinochle).
HEADING_RULES = ("DP-MELD2", "DP-MELD3", "DP-MELD4")
MELD_RULES = frozenset(HEADING_RULES)


@dataclass(frozen=True)
class TrickSite:
    """A trick of a hand: its event index, the event, its leader and the hands before it."""

    event: int
    trick: TableTrick
    leader: Seat
    hands: dict[Seat, tuple[Card, ...]]
    seating: Seating = FOUR_PARTNERS

    def seat_of(self, k: int) -> Seat:
        seat = self.leader
        for _ in range(k):
            seat = self.seating.left(seat)
        return seat


@dataclass(frozen=True)
class TableSite:
    """One hand of a legal game that was played (not thrown in), read from its events."""

    battle: int                              # index in game.battles
    ruleset: Ruleset
    hands: dict[Seat, tuple[Card, ...]]
    calls: tuple[tuple[int, Call, int | None], ...]   # event index, call, high bid before it
    made: dict[int, int | None]              # by a call's event index: the bid it made
    first: int                               # event index of the auction's first call
    high: Seat
    trump: Suit
    declarations: dict[Seat, tuple[int, Meld | Declaration]]
    tricks: tuple[TrickSite, ...]
    claims: dict[str, tuple[int, SideClaim | Claim]]
    #: the passing (single-deck SD-PASS1-2): each ``send`` line's event index and event, the
    #: partner's first; ``hands`` are then the hands after it, ``dealt`` the hands dealt
    sends: tuple[tuple[int, Send], ...] = ()
    dealt: dict[Seat, tuple[Card, ...]] | None = None

    @property
    def bidders(self) -> Scorer:
        """The high bidder's scorer: his side, or himself where each plays for himself."""
        return self.ruleset.seating.scorer(self.high)


def table_sites(game: Game, ruleset: Ruleset | None = None) -> list[TableSite]:
    """Every played hand of a legal double-pack ``game`` (its tags choose the ruleset; any
    seating of the table engine's: the claims by side, or by seat)."""
    if ruleset is None:
        ruleset = ruleset_from_tags(game.tags)
    assert ruleset.auction is not None
    sites = []
    for b, battle in enumerate(game.battles):
        events = battle.events
        if not any(isinstance(e, TrumpNaming) for e in events):
            continue                                          # thrown in (DP-BID9)
        auction = TableState(ruleset, battle.dealer, keep_log=False)
        calls = []
        made: dict[int, int | None] = {}
        hands: dict[Seat, tuple[Card, ...]] = {}
        trump: Suit | None = None
        declarations: dict[Seat, tuple[int, Meld | Declaration]] = {}
        tricks: list[TrickSite] = []
        claims: dict[str, tuple[int, SideClaim | Claim]] = {}
        sends: list[tuple[int, Send]] = []
        dealt: dict[Seat, tuple[Card, ...]] = {}
        leader: Seat | None = None
        for i, event in enumerate(events):
            if isinstance(event, Hands):
                hands = dealt = dict(zip(ruleset.seats, event.hands))
            elif isinstance(event, Send):
                sends.append((i, event))
                hands = _sent(hands, event, ruleset)
            elif isinstance(event, (Bid, Announce, Pass)):
                calls.append((i, event, auction.auction.high))
                made[i] = auction.call(event).bid
            elif isinstance(event, TrumpNaming):
                trump, leader = event.suit, auction.auction.high_bidder
            elif isinstance(event, (Meld, Declaration)) and event.seat is not None:
                declarations[event.seat] = (i, event)
            elif isinstance(event, TableTrick):
                assert leader is not None and event.winner is not None
                before = dict(hands) if not tricks else _after(tricks[-1])
                tricks.append(TrickSite(i, event, leader, before, ruleset.seating))
                leader = event.winner
            elif isinstance(event, (SideClaim, Claim)):
                claims[event.category] = (i, event)
        high = auction.auction.high_bidder
        assert trump is not None and high is not None
        sites.append(TableSite(b, ruleset, hands, tuple(calls), made, calls[0][0], high, trump,
                               declarations, tuple(tricks), claims, tuple(sends), dealt))
    return sites


def _sent(hands: dict[Seat, tuple[Card, ...]], send: Send,
          ruleset: Ruleset) -> dict[Seat, tuple[Card, ...]]:
    """The hands after ``send``: its cards leave the sender for his partner."""
    to = ruleset.seating.partner(send.seat)
    assert to is not None
    giver = list(hands[send.seat])
    for card in send.cards:
        giver.remove(card)
    return {**hands, send.seat: tuple(giver), to: (*hands[to], *send.cards)}


def _after(site: TrickSite) -> dict[Seat, tuple[Card, ...]]:
    """The hands after the trick: each seat's card taken out."""
    hands = {seat: list(cards) for seat, cards in site.hands.items()}
    for k, card in enumerate(site.trick.cards):
        hands[site.seat_of(k)].remove(card)
    return {seat: tuple(cards) for seat, cards in hands.items()}


TableApply = Callable[[Game, list[TableSite], random.Random], "Game | None"]


# --- the auction ---------------------------------------------------------------------------------


def _quiet_bids(site: TableSite) -> list[tuple[int, Bid, int | None]]:
    """The explicit bids an illegal amount can replace with nothing else going wrong: not the
    first round's only bid (no throw-in follows), its seat calls again, and the next raise is
    an explicit bid (a deemed bid would count from another high bid)."""
    calls = site.calls
    raises = [k for k, (i, _, _) in enumerate(calls) if site.made[i] is not None]
    seats = len(site.ruleset.seats)
    first_round_bids = [r for r in raises if r < seats]
    found = []
    for pos, k in enumerate(raises[:-1]):
        i, call, before = calls[k]
        nxt = calls[raises[pos + 1]][1]
        if not isinstance(call, Bid) or not isinstance(nxt, Bid):
            continue
        if k < seats and first_round_bids == [k]:
            continue
        if not any(c.seat is call.seat for _, c, _ in calls[k + 1:]):
            continue
        found.append((i, call, before))
    return found


def _bad_bid(way: str) -> TableApply:
    def apply(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
        options = [(site, i, bid, before) for site in sites
                   for i, bid, before in _quiet_bids(site)
                   if way != "not-higher" or before is not None]
        if not options:
            return None
        site, i, bid, before = rng.choice(options)
        rules = site.ruleset.auction
        assert rules is not None
        if way == "below-minimum":
            amount = rules.minimum - rules.step * rng.randint(1, 10)
        elif way == "not-multiple":
            amount = bid.amount + rng.randint(1, rules.step - 1)
        else:
            assert before is not None
            amount = before - rules.step * rng.randrange(2)     # equal to, or below, the high
        return replaced(game, site.battle, i, bid.model_copy(update={"amount": amount}))
    return apply


def _bid_after_pass(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
    """A seat that passed bids (a legal amount otherwise) just before the call of the seat to
    its left, later in the auction."""
    options = []
    for site in sites:
        rules = site.ruleset.auction
        assert rules is not None
        for k, (_, call, _) in enumerate(site.calls):
            if not isinstance(call, Pass):
                continue
            for i, later, before in site.calls[k + 1:]:
                if later.seat is site.ruleset.seating.left(call.seat):
                    amount = rules.minimum if before is None else before + rules.step
                    options.append((site, i, Bid(seat=call.seat, amount=amount)))
    if not options:
        return None
    site, i, bid = rng.choice(options)
    return inserted(game, site.battle, i, bid)


# --- the declarations ----------------------------------------------------------------------------


def _declared(site: TableSite) -> list[tuple[Seat, int, tuple[Meld, ...]]]:
    """Each seat's declared kinds (a total-only declaration has none)."""
    found = []
    for seat, (i, event) in site.declarations.items():
        melds = (event,) if isinstance(event, Meld) else event.melds
        found.append((seat, i, melds))
    return found


def _with_melds(seat: Seat, melds: tuple[Meld, ...]) -> Meld | Declaration:
    return declaration_event(seat, melds, None)


def _meld_not_held(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
    """A kind whose cards the seat does not all hold, at its table points, added to a
    declaration of kinds (or in place of ``meld E 0``): it scores nothing, the credit stays."""
    options = []
    for site in sites:
        table = site.ruleset.trump_melds[site.trump]
        for seat, i, melds in _declared(site):
            event = site.declarations[seat][1]
            if isinstance(event, Declaration) and not melds and event.total:
                continue                                  # a total: a kind would replace it
            hand = site.hands[seat]
            for kind, entry in table.items():
                if any(entry.cards.count(c) > hand.count(c) for c in set(entry.cards)):
                    options.append((site, seat, i, melds, Meld(kind=kind, points=entry.points)))
    if not options:
        return None
    site, seat, i, melds, extra = rng.choice(options)
    return replaced(game, site.battle, i, _with_melds(seat, (*melds, extra)))


def _meld_points_wrong(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
    """A declared kind claimed at other points than the table's (it counts at the table's)."""
    options = [(site, seat, i, melds, k) for site in sites
               for seat, i, melds in _declared(site) for k in range(len(melds))]
    if not options:
        return None
    site, seat, i, melds, k = rng.choice(options)
    points = melds[k].points
    wrong = points + rng.choice([d for d in (-10, 10, 20, 100) if points + d > 0])
    changed = (*melds[:k], melds[k].model_copy(update={"points": wrong}), *melds[k + 1:])
    return replaced(game, site.battle, i, _with_melds(seat, changed))


def _total_too_high(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
    """A total-only declaration (``meld S 230``) above the seat's best meld; it is credited the
    best, as the legal record's full total was (so only a total equal to the best is used)."""
    options = []
    for site in sites:
        for seat, (i, event) in site.declarations.items():
            if isinstance(event, Declaration) and not event.melds and event.total is not None:
                best = best_meld(site.hands[seat], site.trump, site.ruleset)
                if event.total == best:
                    options.append((site, i, event, best))
    if not options:
        return None
    site, i, event, best = rng.choice(options)
    total = best + 10 * rng.randint(1, 20)
    return replaced(game, site.battle, i, event.model_copy(update={"total": total}))


# --- the play ------------------------------------------------------------------------------------


def _revoke(rule: str) -> TableApply:
    """A follower's card at trick t that breaks ``rule``, swapped with his card of a later
    trick t2, where nothing else breaks a rule and both tricks keep their winners (won by one
    side, so every claim stays right)."""
    def apply(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
        options = [(site, t, k, t2, k2) for site in sites
                   for t, k, t2, k2 in _revokes(site, rule)]
        if not options:
            return None
        site, t, k, t2, k2 = rng.choice(options)
        tricks = _swapped(site, t, k, t2, k2)
        mutant = game
        for n in (t, t2):
            old = site.tricks[n]
            mutant = replaced(mutant, site.battle, old.event,
                              old.trick.model_copy(update={"cards": tricks[n]}))
        return mutant
    return apply


def _swapped(site: TableSite, t: int, k: int, t2: int, k2: int) -> dict[int, tuple[Card, ...]]:
    cards = {n: list(site.tricks[n].trick.cards) for n in (t, t2)}
    cards[t][k], cards[t2][k2] = cards[t2][k2], cards[t][k]
    return {n: tuple(c) for n, c in cards.items()}


def _revokes(site: TableSite, rule: str) -> list[tuple[int, int, int, int]]:
    """(t, k, t2, k2): trick t's k-th card and trick t2's k2-th card, one seat's, swapped."""
    found = []
    trump, ruleset = site.trump, site.ruleset
    for t, trick in enumerate(site.tricks):
        for k in range(1, len(trick.trick.cards)):
            seat = trick.seat_of(k)
            for t2 in range(t + 1, len(site.tricks)):
                later = site.tricks[t2]
                k2 = next(j for j in range(len(later.trick.cards)) if later.seat_of(j) is seat)
                bad = later.trick.cards[k2]
                played = trick.trick.cards[:k]
                if broken_rule(trick.hands[seat], played, bad, trump, ruleset) != rule:
                    continue
                if _clean(site, t, k, t2, k2, rule):
                    found.append((t, k, t2, k2))
    return found


def _clean(site: TableSite, t: int, k: int, t2: int, k2: int, rule: str) -> bool:
    """With the swap, only trick t's k-th card breaks a rule (``rule``) from trick t to t2,
    both tricks keep their winners, and one side wins both."""
    tricks = _swapped(site, t, k, t2, k2)
    seat = site.tricks[t].seat_of(k)
    moved, back = site.tricks[t].trick.cards[k], site.tricks[t2].trick.cards[k2]
    for n in range(t, t2 + 1):
        trick = site.tricks[n]
        cards = tricks.get(n, trick.trick.cards)
        for j, card in enumerate(cards):
            who = trick.seat_of(j)
            hand = list(trick.hands[who])
            if who is seat and n > t:                   # he holds the card he kept back
                hand[hand.index(back)] = moved
            found = broken_rule(hand, cards[:j], card, site.trump, site.ruleset)
            if found != (rule if (n, j) == (t, k) else None):
                return False
        if trick.seat_of(winning_index(cards, site.trump, site.ruleset)) is not trick.trick.winner:
            return False
    winners = {site.tricks[t].trick.winner, site.tricks[t2].trick.winner}
    return len({site.ruleset.seating.scorer(w) for w in winners if w is not None}) == 1


def _wrong_winner(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
    site = rng.choice(sites) if sites else None
    if site is None or not site.tricks:
        return None
    trick = rng.choice(site.tricks)
    wrong = rng.choice([s for s in site.ruleset.seats if s is not trick.trick.winner])
    return replaced(game, site.battle, trick.event,
                    trick.trick.model_copy(update={"winner": wrong}))


# --- the contract --------------------------------------------------------------------------------


#: A scorer's field in a claim: by side (``SideClaim``) or by seat (``Claim``).
_CLAIM_FIELDS: dict[Scorer, str] = {Side.NS: "ns", Side.EW: "ew", Seat.NORTH: "north",
                                    Seat.EAST: "east", Seat.WEST: "west"}


def _score_claim(site: TableSite) -> tuple[int, SideClaim | Claim, int]:
    i, claim = site.claims["score"]
    bidders: Any = site.bidders     # a scorer of the claim's kind
    value = claim.of(bidders)
    assert value is not None
    return i, claim, value


def _set_as_made(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
    """A set bidding side's score claimed as what it made (cards + counted melds)."""
    options = [site for site in sites if _score_claim(site)[2] < 0]
    if not options:
        return None
    site = rng.choice(options)
    i, claim, _ = _score_claim(site)
    bidders: Any = site.bidders     # a scorer of the claims' kind
    made = sum(site.claims[c][1].of(bidders) or 0 for c in ("tricks", "melds"))
    field = _CLAIM_FIELDS[site.bidders]
    return replaced(game, site.battle, i, claim.model_copy(update={field: made}))


def _wrong_sign(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
    """The bidding side's score with the wrong sign."""
    options = [site for site in sites if _score_claim(site)[2]]
    if not options:
        return None
    site = rng.choice(options)
    i, claim, value = _score_claim(site)
    field = _CLAIM_FIELDS[site.bidders]
    return replaced(game, site.battle, i, claim.model_copy(update={field: -value}))


def _dp(name: str, rules: set[str], description: str, apply: TableApply
        ) -> MutationClass[TableSite]:
    return MutationClass(name, frozenset(rules), description, apply)


#: The rule a total-only declaration above the best meld is caught under.
TOTAL_RULES = frozenset({"DP-MELD1"})

#: Double-pack's corruptions, each with the DP rule ids that catch it.
DOUBLE_PACK_MUTATIONS: tuple[MutationClass[TableSite], ...] = (
    _dp("bid-below-minimum", {"DP-BID3"}, "a bid below the minimum", _bad_bid("below-minimum")),
    _dp("bid-not-multiple", {"DP-BID3"}, "a bid not a multiple of the step",
        _bad_bid("not-multiple")),
    _dp("bid-not-higher", {"DP-BID3"}, "a bid not higher than the high bid",
        _bad_bid("not-higher")),
    _dp("bid-after-pass", {"DP-BID2"}, "a bid by a seat that passed", _bid_after_pass),
    _dp("meld-not-held", set(MELD_RULES), "a declared meld the seat does not hold",
        _meld_not_held),
    _dp("meld-points-wrong", set(MELD_RULES), "a declared meld at the wrong points",
        _meld_points_wrong),
    _dp("meld-total-too-high", set(TOTAL_RULES), "a declared total above the best meld",
        _total_too_high),
    _dp("revoke-follow-suit", {"DP-PLAY2"}, "not following suit while able", _revoke("DP-PLAY2")),
    _dp("revoke-top-trump", {"DP-PLAY3"}, "not topping a trump lead while able",
        _revoke("DP-PLAY3")),
    _dp("revoke-trump-void", {"DP-PLAY4"}, "not trumping when void while able",
        _revoke("DP-PLAY4")),
    _dp("wrong-winner", {"DP-PLAY5"}, "a wrong trick winner mark", _wrong_winner),
    _dp("contract-set-as-made", {"DP-SCORE2"}, "a set bidding side's score claimed as made",
        _set_as_made),
    _dp("contract-wrong-sign", {"DP-SCORE1", "DP-SCORE2"}, "the bidding side's score with the "
        "wrong sign", _wrong_sign),
)


# --- single-deck ---------------------------------------------------------------------------------


def _bad_bid_before(way: str) -> TableApply:
    """An illegal bid just before a legal bid of the same seat: void, it changes nothing, the
    seat's turn included (single-deck spec §5.3), so the auction goes on as written."""
    def apply(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
        options = [(site, i, call, before) for site in sites for i, call, before in site.calls
                   if isinstance(call, Bid) and (way != "not-higher" or before is not None)]
        rules = sites[0].ruleset.auction if sites else None
        if not options or rules is None or (way == "not-multiple" and rules.step == 1):
            return None
        site, i, bid, before = rng.choice(options)
        if way == "below-minimum":
            amount = rules.minimum - rules.step * rng.randint(1, 10)
        elif way == "not-multiple":
            amount = bid.amount + rng.randint(1, rules.step - 1)
        else:
            assert before is not None
            amount = before                                     # equal to the high bid
        return inserted(game, site.battle, i, Bid(seat=bid.seat, amount=amount))
    return apply


def _pass_order(game: Game, sites: list[TableSite], rng: random.Random) -> Game | None:
    """The bidder's send written before his partner's (SD-PASS3), where each sends only cards
    dealt to him (so every card is still held when it is sent, and the hands end the same)."""
    options = []
    for site in sites:
        if len(site.sends) != 2 or site.dealt is None:
            continue
        (i, first), (j, second) = site.sends
        if all(_within(send.cards, site.dealt[send.seat]) for send in (first, second)):
            options.append((site, i, first, j, second))
    if not options:
        return None
    site, i, first, j, second = rng.choice(options)
    return replaced(replaced(game, site.battle, i, second), site.battle, j, first)


def _within(cards: tuple[Card, ...], hand: tuple[Card, ...]) -> bool:
    left = list(hand)
    for card in cards:
        if card not in left:
            return False
        left.remove(card)
    return True


#: The rules single-deck's meld headings cite (sequences, arounds, pinochle, dix).
SD_MELD_RULES = frozenset({"SD-MELD2", "SD-MELD3", "SD-MELD4", "SD-MELD5"})

#: Single-deck's corruptions (its spec's fault kinds: bad calls, faulty pass, false
#: declaration, revoke, wrong winner mark, miscounted claims, set not scored), each with the SD
#: ids that catch it. The declarations and the play are read on the hands after the passing.
SINGLE_DECK_MUTATIONS: tuple[MutationClass[TableSite], ...] = (
    _dp("bid-below-minimum", {"SD-BID3"}, "a bid below the minimum",
        _bad_bid_before("below-minimum")),
    _dp("bid-not-multiple", {"SD-BID3"}, "a bid not a multiple of 10",
        _bad_bid_before("not-multiple")),
    _dp("bid-not-higher", {"SD-BID4"}, "a bid not higher than the high bid",
        _bad_bid_before("not-higher")),
    _dp("bid-after-pass", {"SD-BID5"}, "a bid by a seat that passed", _bid_after_pass),
    _dp("pass-order", {"SD-PASS3"}, "the bidder passes before his partner", _pass_order),
    _dp("meld-not-held", set(SD_MELD_RULES), "a declared meld the seat does not hold",
        _meld_not_held),
    _dp("meld-points-wrong", set(SD_MELD_RULES), "a declared meld at the wrong points",
        _meld_points_wrong),
    _dp("meld-total-too-high", {"SD-MELD9"}, "a declared total above the best meld",
        _total_too_high),
    _dp("revoke-follow-suit", {"SD-PLAY3"}, "not following suit while able",
        _revoke("SD-PLAY3")),
    _dp("revoke-head", {"SD-PLAY4"}, "not beating the winning card while able",
        _revoke("SD-PLAY4")),
    _dp("revoke-trump-void", {"SD-PLAY5"}, "not trumping when void while able",
        _revoke("SD-PLAY5")),
    _dp("revoke-overtrump", {"SD-PLAY6"}, "not overtrumping when void while able",
        _revoke("SD-PLAY6")),
    _dp("wrong-winner", {"SD-PLAY7"}, "a wrong trick winner mark", _wrong_winner),
    _dp("contract-set-as-made", {"SD-SCORE3"}, "a set bidding side's score claimed as made",
        _set_as_made),
    _dp("contract-wrong-sign", {"SD-SCORE2", "SD-SCORE3"}, "the bidding side's score with the "
        "wrong sign", _wrong_sign),
)
