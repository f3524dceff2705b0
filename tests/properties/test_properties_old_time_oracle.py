"""An independent referee for simulated old-time games: the spec's rules
(../shared/rulesets/old-time-two-handed.md) typed again from the text, with no adjudicator code,
checked against every trick and meld the simulator wrote. The simulator plays only what the
engine offers (``legal_cards``, ``legal_melds``), so a card or meld this oracle rejects is one the
engine should not have offered.

The oracle follows each hand from the deal: draws (OT8E: winner first; the upcard last, or the
nine that replaced it, OT8F), plays (an exposed copy first, the ruling R7B3 the spec keeps),
melds (OT9B1, OT9C, OT9E, OT9G, OT9I), the return of the exposed cards when the stock is gone
(OT8F), the follower's obligations in phase B (OT8B1-OT8B3, both ``PhaseB`` options), the
trick's winner (OT8C1-OT8C3), the card points (OT8H, all three schedules), the last trick
(OT8G), the turned-up nine (OT6B) and the claims. A copy whose meld history the record leaves
ambiguous (two exposed copies with different histories, only one used) is followed by its count
alone, and the OT9G/OT9C checks that would depend on it are skipped.

A second test wraps ``BattleState.legal_cards`` while games are simulated: the cards it offers a
phase-B follower are exactly the spec's ``legal_follow`` (OT8B), no more and no fewer.
"""

from __future__ import annotations

import random
from collections import Counter
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.notation.cards import Card, Rank, Seat, Suit
from pinochle.notation.events import Claim, Deal, Game, Meld, Trick
from pinochle.notation.melds import Family, MeldKind
from pinochle.simulator.mutate import OLD_TIME_MUTATIONS, mutate, trick_sites
from pinochle.simulator.simulate import Settings, simulate_game
from tests.strategies import SIM_POLICY_PAIRS

E, W = Seat.EAST, Seat.WEST
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)     # OT2A1
SCHEDULES = {                                                                  # OT8H
    "11-10-4-3-2": {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    "10-10-10": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10},
    "10-10-5-5": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5},
}
FOURS = {Rank.ACE: 100, Rank.KING: 80, Rank.QUEEN: 60, Rank.JACK: 40}         # OT9A
SPADE_QUEEN, DIAMOND_JACK = Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS)

OPTIONS = st.fixed_dictionaries({
    "trick_scoring": st.sampled_from(tuple(SCHEDULES)),
    "phase_b": st.sampled_from(("must-win", "scarne")),
    "double_after_single": st.sampled_from(("allowed", "forbidden")),
    "game_end": st.sampled_from(("target", "single-hand")),
})


def rank_of(card: Card) -> int:
    return len(RANKS) - RANKS.index(card.rank)


def follower_wins(lead: Card, follow: Card, trump: Suit) -> bool:
    """OT8C: same suit, the higher rank (identical: the leader); a trump beats a non-trump;
    otherwise the leader."""
    if lead.suit is follow.suit:
        return rank_of(follow) > rank_of(lead)
    return follow.suit is trump


def legal_follow(hand: list[Card], lead: Card, trump: Suit, mode: str) -> set[Card]:
    """The spec's §3.2 pseudo-code, in phase B."""
    same = [c for c in hand if c.suit is lead.suit]
    if same:
        if mode == "must-win" or lead.suit is trump:
            higher = [c for c in same if rank_of(c) > rank_of(lead)]
            return set(higher or same)
        return set(same)
    trumps = [c for c in hand if c.suit is trump]
    return set(trumps or hand)


def meld_of(kind: MeldKind, trump: Suit) -> tuple[Counter[Card], int, int] | None:
    """OT9A: the cards a kind needs, its value and class (0 A, 1 B, 2 C); None: not a meld."""
    n = kind.copies
    family = kind.family
    if family is Family.SEQUENCE and kind.suit is trump and n <= 2:
        cards = [Card(r, trump) for r in RANKS[:5]]
        return Counter(cards * n), 150 * n, 0
    if family is Family.MARRIAGE and kind.suit is not None and n <= 2:
        value = 40 if kind.suit is trump else 20
        return Counter([Card(Rank.KING, kind.suit), Card(Rank.QUEEN, kind.suit)] * n), value * n, 0
    if family in (Family.DIX, Family.SWAP) and n == 1:
        return Counter([Card(Rank.NINE, trump)]), 10, 0
    if family is Family.QUARTET and kind.rank in FOURS and n <= 2:
        return Counter([Card(kind.rank, s) for s in Suit] * n), FOURS[kind.rank] * n, 1
    if family is Family.PINOCHLE and n <= 2:
        return Counter([SPADE_QUEEN, DIAMOND_JACK] * n), (40, 300)[n - 1], 2
    return None


class Hand:
    """One player's cards: concealed counts, exposed copies with their histories (highest meld
    value per class), and the faces whose split or histories the record leaves ambiguous."""

    def __init__(self, cards) -> None:
        self.concealed: Counter[Card] = Counter(cards)
        self.exposed: dict[Card, list[tuple[int, int, int]]] = {}
        self.unknown: Counter[Card] = Counter()       # ambiguous faces: total count only

    def count(self, card: Card) -> int:
        return self.concealed[card] + len(self.exposed.get(card, ())) + self.unknown[card]

    def cards(self) -> list[Card]:
        return [c for c in {*self.concealed, *self.exposed, *self.unknown}
                for _ in range(self.count(c))]

    def blur(self, card: Card) -> None:
        self.unknown[card] += self.concealed.pop(card, 0) + len(self.exposed.pop(card, []))

    def play(self, card: Card) -> None:
        assert self.count(card), f"{card} is played but not held"
        if self.unknown[card]:
            self.unknown[card] -= 1
            return
        copies = self.exposed.get(card)
        if not copies:
            self.concealed[card] -= 1
            return
        top = [h for h in copies if all(all(x >= y for x, y in zip(h, o)) for o in copies)]
        if not top:                     # incomparable histories: which copy went is unknown
            self.blur(card)
            self.unknown[card] -= 1
            return
        copies.remove(top[0])

    def pick_up(self) -> None:
        """OT8F: the exposed cards go back to the concealed hand (no histories remain)."""
        for card, copies in self.exposed.items():
            self.concealed[card] += len(copies)
        for card, n in self.unknown.items():
            self.concealed[card] += n
        self.exposed, self.unknown = {}, Counter()


def judge(hand: Hand, kind: MeldKind, named: tuple[Card, ...] | None, trump: Suit,
          fresh_doubles: bool) -> tuple[str | None, dict[Card, int]]:
    """The rule ``kind`` breaks in this hand (``None``: legal, as far as the record tells) and
    how many copies of each face it takes from the concealed hand (faces followed by their count
    alone are left out: ``Hand.unknown``)."""
    entry = meld_of(kind, trump)
    if entry is None:
        return "OT9A", {}
    need, value, klass = entry
    if any(hand.count(card) < n for card, n in need.items()):
        return "OT9B1", {}
    fresh_only = fresh_doubles and kind.copies == 2
    chosen = Counter(named) if named is not None else None
    takes: dict[Card, int] = {}
    for card, n in need.items():
        if hand.unknown[card]:
            continue
        eligible = [h for h in hand.exposed.get(card, ())
                    if (h[klass] == 0 if fresh_only else h[klass] < value)]
        if n > hand.concealed[card] + len(eligible):
            return "OT9G", {}            # an exposed copy already in a meld of its class
        takes[card] = chosen[card] if chosen is not None else max(0, n - len(eligible))
        if n - takes[card] > len(eligible):
            return "OT9G", {}
    if chosen is not None:
        if not sum(chosen.values()):
            return "OT9C", {}
        if not all(chosen[c] <= need[c] and (hand.unknown[c] or chosen[c] <= hand.concealed[c])
                   for c in chosen):
            return "OT9B1", {}
    elif len(takes) == len(need) and not sum(takes.values()):
        standing = [c for c in need if hand.concealed[c]]
        if not standing:
            return "OT9C", {}            # every card exposed
        takes[standing[0]] = 1
    return None, takes


def check_meld(hand: Hand, meld: Meld, trump: Suit, fresh_doubles: bool) -> None:
    problem, takes = judge(hand, meld.kind, meld.concealed, trump, fresh_doubles)
    assert problem is None, f"{meld.kind}: {problem}"
    need, value, klass = meld_of(meld.kind, trump)  # type: ignore[misc]  # legal: in the table
    assert meld.points == value, f"{meld.kind} claims {meld.points}, not {value} (OT9A)"
    apply_meld(hand, need, takes, klass, value, fresh_doubles and meld.kind.copies == 2)


def table_kinds(trump: Suit) -> list[MeldKind]:
    """Every kind of OT9A's table with this trump (and a few that are not in it)."""
    kinds = [MeldKind(Family.SEQUENCE, suit, copies=n) for suit in Suit for n in (1, 2)]
    kinds += [MeldKind(Family.MARRIAGE, suit, copies=n) for suit in Suit for n in (1, 2)]
    kinds += [MeldKind(Family.QUARTET, rank, copies=n) for rank in (*FOURS, Rank.TEN)
              for n in (1, 2)]
    kinds += [MeldKind(Family.PINOCHLE, copies=n) for n in (1, 2)]
    return [*kinds, MeldKind(Family.DIX), MeldKind(Family.SWAP)]


def legal_kinds(hand: Hand, trump: Suit, fresh_doubles: bool, exchangeable: bool,
                ) -> tuple[set[MeldKind], set[MeldKind]]:
    """The kinds this hand may meld now, and those the record leaves undecided."""
    legal, undecided = set(), set()
    for kind in table_kinds(trump):
        entry = meld_of(kind, trump)
        if entry is not None and any(hand.unknown[c] for c in entry[0]):
            undecided.add(kind)
        elif judge(hand, kind, None, trump, fresh_doubles)[0] is None and (
                kind.family is not Family.SWAP or exchangeable):
            legal.add(kind)
    return legal, undecided


def apply_meld(hand: Hand, need: Counter[Card], takes: dict[Card, int], klass: int,
               value: int, fresh_only: bool) -> None:
    for card, n in need.items():
        if card not in takes:
            continue
        eligible = [h for h in hand.exposed.get(card, ())
                    if (h[klass] == 0 if fresh_only else h[klass] < value)]
        reuse = n - takes[card]
        if reuse < len(eligible) and len(set(eligible)) > 1:
            hand.concealed[card] -= takes[card]
            hand.blur(card)         # which eligible copy was reused is not recorded
            continue
        copies = list(hand.exposed.get(card, ()))
        for h in eligible[:reuse]:
            copies.remove(h)
        fresh = (0, 0, 0)
        grown = [h[:klass] + (max(h[klass], value),) + h[klass + 1:]
                 for h in [*eligible[:reuse], *[fresh] * takes[card]]]
        hand.concealed[card] -= takes[card]
        hand.exposed[card] = copies + grown
    for card in need:
        if card not in takes and hand.unknown[card] == 0:
            hand.blur(card)


def referee(game: Game, options: dict[str, str],
            offered: dict[tuple[int, int], set[MeldKind]] | None = None) -> int:
    """Check every battle of ``game``; returns the number of phase-B follows checked. With
    ``offered`` (battle index from 0 and trick number -> the kinds ``legal_melds`` offered the
    trick's winner before he melded), check that these are the kinds the spec allows."""
    schedule = SCHEDULES[options["trick_scoring"]]
    follows = 0
    totals = {E: 0, W: 0}
    fresh_doubles = options["double_after_single"] == "forbidden"
    for b, battle in enumerate(game.battles):
        # A legal old-time record: the deal, the tricks with their melds, the claims; no draw
        # statement (the draws are the rule's, OT8E) and no meld line of its own (a loser's).
        assert {type(e) for e in battle.events} <= {Deal, Trick, Claim}
        deal = next(e for e in battle.events if isinstance(e, Deal))
        upcard = deal.upcard
        assert upcard is not None and len(deal.stock) == 23                      # OT6B
        assert len(deal.east) == len(deal.west) == 12
        trump = upcard.suit
        hands = {E: Hand(deal.east), W: Hand(deal.west)}
        stock = [*deal.stock, upcard]                                            # OT6C
        swapped = False
        melds = {E: 0, W: 0}
        tricks = {E: 0, W: 0}
        if upcard.rank is Rank.NINE:
            melds[battle.dealer] += 10                                           # OT6B
        leader = battle.dealer.other                                             # OT8
        phase_b = False
        played = [e for e in battle.events if isinstance(e, Trick)]
        assert len(played) == 24
        for trick in played:
            follower = leader.other
            if phase_b:                                                          # OT8B
                hand = hands[follower].cards()
                assert trick.follow in legal_follow(hand, trick.lead, trump, options["phase_b"])
                follows += 1
            hands[leader].play(trick.lead)                                       # OT8A
            hands[follower].play(trick.follow)
            winner = follower if follower_wins(trick.lead, trick.follow, trump) else leader
            assert trick.winner is winner                                        # OT8C
            tricks[winner] += schedule.get(trick.lead.rank, 0) + schedule.get(trick.follow.rank,
                                                                              0)
            others = [m for m in trick.melds if m.kind.family not in (Family.DIX, Family.SWAP)]
            assert not trick.melds or not phase_b                                # OT8D
            assert len(others) <= 1 and len(trick.melds) - len(others) <= 1     # OT9E
            if offered is not None and not phase_b:
                exchangeable = not swapped and bool(stock) and stock[-1] is upcard
                legal, undecided = legal_kinds(hands[winner], trump, fresh_doubles, exchangeable)
                engine = offered[(b, trick.number)]
                assert engine - undecided == legal, (trick, engine ^ legal)
            for meld in trick.melds:
                assert meld.seat in (None, winner)                               # OT8D
                if meld.kind.family is Family.SWAP:
                    assert not swapped and stock and stock[-1] is upcard         # OT9I
                if meld.kind.family is Family.SWAP and upcard.rank is not Rank.NINE:
                    nine = Card(Rank.NINE, trump)
                    assert meld.concealed in (None, (nine,))                     # OT9C
                    assert meld.points == 10 and hands[winner].count(nine)
                    hands[winner].concealed[nine] -= 1
                    hands[winner].concealed[upcard] += 1
                    stock[-1], swapped = nine, True
                else:
                    check_meld(hands[winner], meld, trump, fresh_doubles)
                melds[winner] += meld.points
            if not phase_b:                                                      # OT8E
                for seat in (winner, winner.other):
                    hands[seat].concealed[stock.pop(0)] += 1
                if not stock:                                                    # OT8F
                    phase_b = True
                    for hand in hands.values():
                        hand.pick_up()
            leader = winner
        tricks[leader] += 10                                                     # OT8G
        assert not hands[E].cards() and not hands[W].cards()
        assert tricks[E] + tricks[W] == 250
        claims = {e.category: (e.east, e.west) for e in battle.events if isinstance(e, Claim)}
        assert claims["tricks"] == (tricks[E], tricks[W])
        assert claims["melds"] == (melds[E], melds[W])
        assert claims["score"] == (tricks[E] + melds[E], tricks[W] + melds[W])
        totals = {seat: totals[seat] + tricks[seat] + melds[seat] for seat in (E, W)}
        assert claims["total"] == (totals[E], totals[W])                        # OT4A
    return follows


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(SIM_POLICY_PAIRS), OPTIONS)
def test_OT8_OT9_every_card_and_meld_of_a_simulated_game_is_legal_by_the_spec(
        seed, policies, options) -> None:
    simulated = simulate_game(seed, Settings(policies=policies, ruleset=old_time(**options)))
    assert referee(simulated.game, options) > 0


def test_OT9_the_oracle_sees_every_kind_of_turn_in_a_few_games() -> None:
    """The oracle is exercised where it matters: swaps, laid dixes, a meld with a dix, reuse
    within a class (OT9G's legal side), and phase-B follows."""
    families: Counter[str] = Counter()
    for seed in range(30):
        for policies in (("random", "random"), ("greedy", "greedy")):
            game = simulate_game(seed, Settings(policies=policies, ruleset=old_time())).game
            referee(game, {"trick_scoring": "11-10-4-3-2", "phase_b": "must-win",
                           "double_after_single": "allowed"})
            for battle in game.battles:
                for trick in (e for e in battle.events if isinstance(e, Trick)):
                    names = sorted(m.kind.family.name for m in trick.melds)
                    families[" ".join(names)] += 1
                    families.update(m.kind.family.name for m in trick.melds)
    for name in ("SWAP", "DIX", "SEQUENCE", "MARRIAGE", "QUARTET", "PINOCHLE",
                 "DIX MARRIAGE", "MARRIAGE SWAP"):
        assert families[name], name


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(SIM_POLICY_PAIRS),
       st.sampled_from(("must-win", "scarne")))
def test_OT8B_the_cards_offered_to_a_phase_b_follower_are_exactly_the_specs(
        seed, policies, mode) -> None:
    real = BattleState.legal_cards
    checked = []

    def offered(state: BattleState, seat: Seat) -> tuple[Card, ...]:
        cards = real(state, seat)
        lead = state.lead_card
        if lead is not None and state.phase_b:
            expected = legal_follow(list(state.hand(seat)), lead, state.trump, mode)
            assert set(cards) == expected, (lead, state.hand(seat), cards)
            checked.append(lead)
        elif cards:
            assert set(cards) == set(state.hand(seat))          # phase A, or the leader: any
        return cards

    with mock.patch.object(BattleState, "legal_cards", offered):
        simulate_game(seed, Settings(policies=policies, ruleset=old_time(phase_b=mode)))
    assert checked


def test_the_oracle_can_fail_it_rejects_every_old_time_mutant() -> None:
    """Each corruption of ``simulator.mutate.OLD_TIME_MUTATIONS`` breaks a rule this oracle
    checks: it rejects every mutant, so its passing the simulated games means something."""
    options = {"trick_scoring": "11-10-4-3-2", "phase_b": "must-win",
               "double_after_single": "allowed"}
    rejected: Counter[str] = Counter()
    for seed in range(6):
        policies = SIM_POLICY_PAIRS[seed % len(SIM_POLICY_PAIRS)]
        game = simulate_game(seed, Settings(policies=policies, ruleset=old_time())).game
        sites, rng = trick_sites(game), random.Random(seed)
        for mutation in OLD_TIME_MUTATIONS:
            mutant = mutate(game, mutation, rng, sites)
            if mutant is not None:
                with pytest.raises((AssertionError, StopIteration, KeyError)):
                    referee(mutant.game, options)
                rejected[mutation.name] += 1
    assert set(rejected) == {m.name for m in OLD_TIME_MUTATIONS}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(SIM_POLICY_PAIRS), OPTIONS)
def test_OT9_the_melds_offered_to_a_trick_winner_are_exactly_the_specs(
        seed, policies, options) -> None:
    """What ``legal_melds`` offers a phase-A trick's winner before he melds is the set of kinds
    the spec allows in his hand (OT9A-OT9I), no more and no fewer (kinds on a copy whose history
    the record leaves ambiguous excepted)."""
    real = BattleState.legal_melds
    states: list[BattleState] = []
    offered: dict[tuple[int, int], set[MeldKind]] = {}

    def first_offer(state: BattleState, seat: Seat):
        verdicts = real(state, seat)
        if state not in states:
            states.append(state)
        offered.setdefault((states.index(state), state.tricks_played),
                           {v.kind for v in verdicts})
        return verdicts

    ruleset = old_time(**options)
    with mock.patch.object(BattleState, "legal_melds", first_offer):
        simulated = simulate_game(seed, Settings(policies=policies, ruleset=ruleset))
    referee(simulated.game, options, offered)
    # A game in which no trick's winner could ever meld (seed 174203, random policies, one
    # battle) offers nothing to compare: it is set aside, not passed; hypothesis fails the test
    # as unsatisfiable if too many games are.
    assume(any(offered.values()))
