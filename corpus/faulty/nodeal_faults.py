"""Records without the deal (``…-no-deal-…``): one per fault kind the public cards decide
(``adjudicator/twohanded/publiccards.py``; docs/rulings.md, "Records without the deal"), each a
seeded legal battle with one fault and its hand lines removed, so that only the tricks, the melds
and the claims are left.

East Point: a card led or followed when every copy of the pack was already played (R8A, R8B
naming R2A4), a meld needing cards its melder played (R9G) or the opponent played (R9B1), a
meld whose every card is already exposed with no copy unseen (R9C), a
trick after the draws left the hands empty (R8F) and a finished record stopping with cards in
hand (R8F). Old-time Pinochle: a phase-B follower keeping back a card he plays later, of the
suit led (OT8B1) or beating the led card (OT8B2). Double-pack without the hands: a card
played when all four copies were played before (DP-PLAY6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from kit import (
    EAST_POINT_RULES, E, W, Refused, events_of, fault, judged, mark, phase_b_follow, replace,
    settle, tricks, with_events,
)
from dp_faults import DP, dp_fault, first, played
from ot_faults import OLD_TIME_RULES

from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.notation.cards import Seat
from pinochle.notation.events import Deal, Game, Hands, Meld, TableTrick, Trick

#: East Point's meld kinds by the cards they need.
EP_MELDS = tuple(EAST_POINT.melds.items())


def without_deal(g: Game) -> Game:
    """``g`` with every battle's deal (its hand lines) removed."""
    battles = tuple(b.model_copy(update={"events": tuple(e for e in b.events
                                                         if not isinstance(e, Deal))})
                    for b in g.battles)
    return g.model_copy(update={"battles": battles})


def first_judged(name: str, rule: str, candidates, consequences: tuple[str, ...] = ()) -> Game:
    """The first candidate game (no deal, claims settled) whose report names ``rule`` at its
    marked line and nothing else but ``consequences`` and the notice that the deal is omitted
    (R6)."""
    for g in candidates:
        g = settle(without_deal(g))
        try:
            judged(g, name, rule, (*consequences, "R6"))
        except Refused:
            continue
        return g
    raise SystemExit(f"{name}: no candidate gives a {rule} record")


def _leaders(events: list, dealer: Seat) -> dict[int, Seat]:
    leader, out = dealer.other, {}
    for t in tricks(events):
        out[t.number] = leader
        leader = t.winner if t.winner is not None else leader
    return out


def _played_before(events: list, number: int) -> Counter:
    return Counter(c for t in tricks(events) if t.number < number for c in (t.lead, t.follow))


def _over_the_pack(role: str, rule: str) -> Callable[[], Game]:
    """A card led (or followed) when both copies, or the one, were already played: swapped for
    the trick's card of the same suit, the trick's winner unchanged (the record's mark)."""
    def candidates():
        for seed in range(1, 120):
            g = EAST_POINT_RULES.one_battle(seed)
            events = events_of(g)
            for trick in tricks(events)[8:]:
                before = _played_before(events, trick.number)
                for card, n in before.items():
                    original = trick.lead if role == "lead" else trick.follow
                    if n < EAST_POINT.pack[card] or card.suit is not original.suit:
                        continue
                    new = trick.model_copy(update={role: card})
                    yield with_events(g, replace(events, trick, mark(new, rule)))
    return lambda: first_judged(f"{rule}-no-deal-pack", rule, candidates())


fault("R8A-no-deal-pack", "R8A", "no deal: a card led when every copy the pack holds (R2A4) "
      "was already played", ("R6",), settle_claims=False)(_over_the_pack("lead", "R8A"))
fault("R8B-no-deal-pack", "R8B", "no deal: a card followed when every copy the pack holds "
      "(R2A4) was already played", ("R6",), settle_claims=False)(_over_the_pack("follow", "R8B"))


def _meld_of_played(rule: str, own: bool) -> Callable[[], Game]:
    """A meld added to a trick line whose winner made none: it needs a card whose every copy
    the melder (``own``) or his opponent already played."""
    def candidates():
        for seed in range(1, 200):
            g = EAST_POINT_RULES.one_battle(seed)
            events = events_of(g)
            leaders = _leaders(events, E)
            played: dict[Seat, Counter] = {E: Counter(), W: Counter()}
            scored: dict[Seat, set] = {E: set(), W: set()}
            for trick in tricks(events):
                leader = leaders[trick.number]
                played[leader][trick.lead] += 1
                played[leader.other][trick.follow] += 1
                winner = trick.winner
                assert winner is not None
                scored[winner] |= {m.kind for m in trick.melds}
                if trick.melds or trick.number < 4 or trick.number > 20:
                    continue
                who = played[winner] if own else played[winner.other]
                for kind, entry in EP_MELDS:
                    if kind in scored[winner]:
                        continue
                    gone = [c for c in set(entry.cards) if who[c] >= EAST_POINT.pack[c]]
                    if gone:
                        new = trick.model_copy(update={
                            "melds": (Meld(kind=kind, points=entry.points),)})
                        yield with_events(g, replace(events, trick, mark(new, rule)))
                        break
    return lambda: first_judged(f"{rule}-no-deal", rule, candidates())


fault("R9G-no-deal-played-card", "R9G", "no deal: a meld needing a card whose every copy its "
      "melder already played to tricks", ("R6",), settle_claims=False)(_meld_of_played("R9G", True))
fault("R9B1-no-deal-opponent-card", "R9B1", "no deal: a meld needing a card whose every copy "
      "the opponent already played", ("R6",), settle_claims=False)(_meld_of_played("R9B1", False))


def _all_exposed() -> Game:
    """A meld added to a trick line whose winner made none: its every card lies exposed from
    his earlier melds and every other copy is played or exposed, so none can come from his
    concealed hand (R9C)."""
    def candidates():
        for seed in range(1, 400):
            g = EAST_POINT_RULES.one_battle(seed, meld_rate=1.0)
            events = events_of(g)
            leaders = _leaders(events, E)
            played: dict[Seat, Counter] = {E: Counter(), W: Counter()}
            shown: dict[Seat, Counter] = {E: Counter(), W: Counter()}
            scored: dict[Seat, set] = {E: set(), W: set()}
            for trick in tricks(events):
                leader = leaders[trick.number]
                for seat, card in ((leader, trick.lead), (leader.other, trick.follow)):
                    played[seat][card] += 1
                    shown[seat][card] = max(shown[seat][card] - 1, 0)
                winner = trick.winner
                assert winner is not None
                for m in trick.melds:
                    scored[winner].add(m.kind)
                    for card, n in Counter(EAST_POINT.melds[m.kind].cards).items():
                        shown[winner][card] = max(shown[winner][card], n)
                if trick.melds or trick.number < 4 or trick.number > 20:
                    continue
                for kind, entry in EP_MELDS:
                    need = Counter(entry.cards)
                    if kind in scored[winner] or not all(
                            shown[winner][c] >= n and EAST_POINT.pack[c] - played[E][c]
                            - played[W][c] - shown[winner.other][c] <= shown[winner][c]
                            for c, n in need.items()):
                        continue
                    new = trick.model_copy(update={
                        "melds": (Meld(kind=kind, points=entry.points),)})
                    yield with_events(g, replace(events, trick, mark(new, "R9C")))
                    break
    return first_judged("R9C-no-deal-all-exposed", "R9C", candidates())


fault("R9C-no-deal-all-exposed", "R9C", "no deal: a meld whose every card is already exposed "
      "from the melder's earlier melds, no other copy unseen", ("R6",),
      settle_claims=False)(_all_exposed)


def _after_the_end() -> Game:
    """A 25th trick: by the record's draws both hands were empty (R8F); its cards are over the
    pack too (R8A, R8B)."""
    def candidates():
        for seed in range(1, 40):
            g = EAST_POINT_RULES.one_battle(seed)
            events = events_of(g)
            last = tricks(events)[-1]
            extra = Trick(number=25, lead=last.lead, follow=last.follow, winner=last.winner)
            i = events.index(last)
            yield with_events(g, [*events[:i + 1], mark(extra, "R8F"), *events[i + 1:]])
    return first_judged("R8F-no-deal-after-the-end", "R8F", candidates(), ("R8A", "R8B"))


fault("R8F-no-deal-after-the-end", "R8F", "no deal: a trick after the draws the record implies "
      "left both hands empty", ("R8A", "R8B", "R6"), settle_claims=False)(_after_the_end)


def _stops_early() -> Game:
    """The first of two battles of a finished game stops before its last trick (R8F)."""
    def candidates():
        for seed in range(1, 40):
            g = EAST_POINT_RULES.game(EAST_POINT_RULES.battles(2, seed), result="?")
            events = events_of(g)
            *rest, last = tricks(events)
            events = [mark(e, "R8F") if e is rest[-1] else e for e in events if e is not last]
            yield with_events(g, events)
    return first_judged("R8F-no-deal-stops-early", "R8F", candidates())


fault("R8F-no-deal-stops-early", "R8F", "no deal: a finished record whose battle stops with a "
      "card in each hand by its draws", ("R6",), settle_claims=False)(_stops_early)


def _phase_b(rule: str, field: str) -> Callable[[], Game]:
    """Old-time's phase-B fault (``kit.phase_b_follow``), its claims settled with the deal (a
    turned-up nine's bonus in them), then the deal removed: the follower plays the card he
    kept back later, so he held it."""
    def build() -> Game:
        g = without_deal(settle(phase_b_follow(OLD_TIME_RULES, rule, field)))
        judged(g, f"{rule}-no-deal", rule, ("OT6", "OT6B"))
        return g
    return build


fault("OT8B1-no-deal-follow-suit", "OT8B1", "old-time, no deal: in phase B the follower plays "
      "another suit and later a card of the suit led", ("OT6", "OT6B"), settle_claims=False)(
    _phase_b("OT8B1", "follow_suit"))
fault("OT8B2-no-deal-head", "OT8B2", "old-time, no deal: in phase B the follower plays under "
      "the led card and later a higher card of its suit", ("OT6", "OT6B"),
      settle_claims=False)(
    _phase_b("OT8B2", "head"))


def _dp_over_the_pack(seed: int) -> Game | None:
    """Double-pack without the hands: a card of a late trick swapped for one of the same rank
    whose four copies were all played before (DP-PLAY6), the trick's winner and points kept
    (the oracle, ``first``, refuses any other finding)."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    events = [e for e in events if not isinstance(e, Hands)]
    table = [e for e in events if isinstance(e, TableTrick)]
    for trick in table[12:]:
        before = Counter(c for t in table if t.number < trick.number for c in t.cards)
        for k, card in enumerate(trick.cards):
            for other, n in before.items():
                if n < 4 or other.rank is not card.rank or other == card:
                    continue
                cards = list(trick.cards)
                cards[k] = other
                new = mark(trick.model_copy(update={"cards": tuple(cards)}), "DP-PLAY6")
                return with_events(g, replace(events, trick, new))
    return None


dp_fault("DP-PLAY6-no-deal-pack", "DP-PLAY6", "double-pack, no hands: a card played when "
         "all four copies were played before", ("DP-DEAL2",))(
    lambda: first("DP-PLAY6-no-deal-pack", "DP-PLAY6", _dp_over_the_pack,
                  consequences=("DP-DEAL2",)))
