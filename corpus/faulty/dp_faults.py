"""Double-pack partnership Pinochle's faulty records (``DP-…``): one per fault kind,
from seeded legal hands of the simulator (``simulator/partnership/game.py``: the deal, a legal
auction, trump, the declarations, twenty legal tricks and the side claims, all computed by the
engine), under ``[Ruleset "double-pack"]`` and its option tags (the text has no irregularity
laws: each fault an error under the rule the finding cites). Named after that rule: the auction
(DP-BID1 out of turn, DP-BID2 after passing, DP-BID3 three ways, DP-BID8 an announcement under
``[Announcements "no"]``), trump and the declarations (DP-MELD1-5, a meld's points, DP-MELD6
melds claimed without a scoring trick), the deal (DP-DEAL2, DP-PACK, DP-DEAL3), play (a card
not held: DP-PLAY1 at trick 1, DP-PLAY6 after it, where the previous winner's lead fixes the
order; DP-PLAY2-4 with both ``TrumpLead`` readings, DP-PLAY5), the claims (DP-COUNT1/2 by
``TrickScoring``, DP-SCORE1-3) and the game (DP-GAME: its claim, the Result tag, play after
the end).

Most faults are the mutation benchmark's double-pack classes (``simulator/partnership/mutate.py``,
through ``kit.mutated``); the others are made here on a finished legal hand, trying seeds until
the record has that one fault (``first``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from kit import Refused, fault, judged, mark, mutated, replace, with_events

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.partnership.melds import judge_declaration
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.model.ruleset import Ruleset, ruleset_tags
from pinochle.notation.cards import FOUR_SEATS, Card, Rank, Seat, Side
from pinochle.notation.events import (
    Announce, Battle, Bid, Claim, Comment, Declaration, Game, Hands, Meld, Pass, SideClaim, Tag,
    TableTrick, TrumpNaming,
)
from pinochle.notation.melds import Family, MeldKind
from pinochle.simulator.partnership.game import (declaration_event, simulate_hand,
                                                  simulate_table_game)
from pinochle.simulator.partnership.mutate import table_sites

N = Seat.NORTH


def dp_fault(name: str, rule: str, description: str, consequences: tuple[str, ...] = ()):
    """``kit.fault`` without ``kit.settle`` (two-handed claims): the simulator's claims are
    right, and each maker leaves them so but for its fault."""
    return fault(name, rule, description, consequences, settle_claims=False)


@dataclass(frozen=True)
class TableRules:
    """Double-pack records under ``options`` (tags): hands simulated by the random policy
    (``simulate_hand``: every call, declaration and card legal, the claims right), in a game
    whose header is ``Event``, the ruleset's tags and ``Result "*"``. The same interface as
    ``kit.Rules`` (``ruleset``, ``battles``, ``game``), so ``kit.mutated`` takes it."""

    options: tuple[tuple[str, str], ...] = ()

    @property
    def ruleset(self) -> Ruleset:
        return ruleset_from_tags({"Ruleset": "double-pack", **dict(self.options)})

    def battles(self, n: int, first_seed: int, dealers: list[Seat] | None = None
                ) -> list[Battle]:
        """``n`` hands from ``random.Random(first_seed)``, North dealing first and the deal
        passing to the left (or ``dealers``), with their running totals."""
        rng = random.Random(first_seed)
        totals = {Side.NS: 0, Side.EW: 0}
        out, dealer = [], N
        for i in range(n):
            dealer = dealers[i] if dealers else dealer
            hand = simulate_hand(i + 1, dealer, self.ruleset,
                                 {s: "random" for s in FOUR_SEATS}, rng, totals)
            out.append(hand.battle)
            totals = {side: totals[side] + hand.scores[side] for side in Side}
            dealer = dealer.left
        return out

    def game(self, battles: list[Battle], result: str = "*") -> Game:
        header = [Tag(name="Event", value="corpus/faulty")]
        header += [Tag(name=k, value=v) for k, v in ruleset_tags(self.ruleset).items()]
        header.append(Tag(name="Result", value=result))
        return Game(header=tuple(header), battles=tuple(battles))

    def one_battle(self, seed: int) -> Game:
        return self.game(self.battles(1, seed))

    def whole_game(self, seed: int) -> Game:
        """A complete game to the target (``simulate_table_game``, greedy players: they declare
        their best melds, so the game has no under-declaration notices), its header ours."""
        g = simulate_table_game(seed, self.ruleset, ("greedy", "greedy")).game
        result = next(t.value for t in g.header if t.name == "Result")
        return self.game(list(g.battles), result).model_copy(update={"closing": g.closing})


DP = TableRules()
FIVES = TableRules((("TrickScoring", "10-10-5-5"),))
HIGHEST = TableRules((("TrumpLead", "top-highest"),))
SILENT = TableRules((("Announcements", "no"),))


def first(name: str, rule: str, make: Callable[[int], Game | None], seeds=range(1, 400),
          consequences: tuple[str, ...] = ()) -> Game:
    """The first ``make(seed)`` that is a record of the one ``rule`` fault (``kit.judged``)."""
    for seed in seeds:
        g = make(seed)
        if g is None:
            continue
        try:
            judged(g, name, rule, consequences)
        except Refused:
            continue
        return g
    raise SystemExit(f"no seed gives a {rule} record for {name}")


def _mutated(rules: TableRules, mutation: str, rule: str, seeds=range(1, 200)) -> Game:
    """``kit.mutated`` on a hand of ``rules`` as simulated (its claims already right)."""
    return mutated(rules, mutation, rule, seeds, prepare=lambda g: g)


def played(rules: TableRules, seed: int) -> tuple[Game, list] | None:
    """A one-battle game of ``rules`` that was played (not thrown in), and its events."""
    g = rules.one_battle(seed)
    events = list(g.battles[0].events)
    if not any(isinstance(e, TrumpNaming) for e in events):
        return None
    return g, events


def of(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def dealt(events: list) -> dict[Seat, tuple[Card, ...]]:
    return dict(zip(FOUR_SEATS, of(events, Hands)[0].hands))


def claim(events: list, category: str) -> SideClaim:
    return next(e for e in events if isinstance(e, SideClaim) and e.category == category)


def bidders(events: list) -> Side:
    """The contract's side: the high bidder's, by the auction as the mutation classes replay it
    (``partnership.mutate.table_sites``)."""
    g = DP.game([Battle(number=1, dealer=N, events=tuple(events))])
    return table_sites(g, DP.ruleset)[0].high.side


def side_field(side: Side) -> str:
    return "ns" if side is Side.NS else "ew"


def claim_off(rules: TableRules, category: str, rule: str, who: Callable[[list], Side],
              delta: int, accept: Callable[[list], bool] = lambda events: True
              ) -> Callable[[], Game]:
    """A fault maker: the ``category`` claim of side ``who(events)`` ``delta`` off, in the
    first played hand whose events ``accept``."""
    def make(seed: int) -> Game | None:
        got = played(rules, seed)
        if got is None or not accept(got[1]):
            return None
        g, events = got
        c = claim(events, category)
        field = side_field(who(events))
        new = mark(c.model_copy(update={field: getattr(c, field) + delta}), rule)
        return with_events(g, replace(events, c, new))
    return lambda: first(f"{rule}-{category}", rule, make)


# --- the auction -----------------------------------------------------------------------------

def _out_of_turn(seed: int) -> Game | None:
    """A pass by the seat that has just called, before the next seat's call."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    calls = of(events, (Bid, Announce, Pass))
    call = calls[0]
    return with_events(g, _insert_after(events, call, mark(Pass(seat=call.seat), "DP-BID1")))


def _insert_after(events: list, anchor, new) -> list:
    i = events.index(anchor)
    return events[:i + 1] + [new] + events[i + 1:]


def _announced_without_announcements(seed: int) -> Game | None:
    """A hand of the default rules with a meld announcement, recorded under ``Announcements
    "no"``: the announcement (the first) marked."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    said = of(events, Announce)
    if not said:
        return None
    g = with_events(g, replace(events, said[0], mark(said[0], "DP-BID8")))
    return g.model_copy(update={"header": SILENT.game([]).header})


dp_fault("DP-BID1-out-of-turn", "DP-BID1", "double-pack: a seat calls (passes) again right after "
      "its own call, out of turn")(lambda: first("DP-BID1-out-of-turn", "DP-BID1", _out_of_turn))
dp_fault("DP-BID2-after-passing", "DP-BID2", "double-pack: a seat bids after it passed")(
    lambda: _mutated(DP, "bid-after-pass", "DP-BID2"))
dp_fault("DP-BID3-below-minimum", "DP-BID3", "double-pack: a bid below 500")(
    lambda: _mutated(DP, "bid-below-minimum", "DP-BID3"))
dp_fault("DP-BID3-not-multiple", "DP-BID3", "double-pack: a bid not a multiple of 10")(
    lambda: _mutated(DP, "bid-not-multiple", "DP-BID3"))
dp_fault("DP-BID3-not-higher", "DP-BID3", "double-pack: a bid not higher than the high bid")(
    lambda: _mutated(DP, "bid-not-higher", "DP-BID3"))
dp_fault("DP-BID8-announcement", "DP-BID8", "double-pack: a meld announced under "
      "[Announcements \"no\"] (only bids and passes)")(
    lambda: first("DP-BID8-announcement", "DP-BID8", _announced_without_announcements))


# --- trump and the declarations --------------------------------------------------------------

def _no_trump(seed: int) -> Game | None:
    """The trump line left out, trick 1 marked (where the engine finds it missing); without
    trump the battle cannot be judged, so it carries no claims."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    events = [e for e in events if not isinstance(e, (TrumpNaming, SideClaim))]
    trick = of(events, TableTrick)[0]
    return with_events(g, replace(events, trick, mark(trick, "DP-MELD1", "no trump named")))


def _late_trump(seed: int) -> Game | None:
    """The trump line after the declarations (before trick 1), marked."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    trump = of(events, TrumpNaming)[0]
    events = [e for e in events if e is not trump]
    last = of(events, (Meld, Declaration))[-1]
    return with_events(g, _insert_after(events, last, mark(trump, "DP-MELD1")))


def _kinds(event: Meld | Declaration) -> tuple[Meld, ...]:
    return (event,) if isinstance(event, Meld) else event.melds


def _twice(seed: int) -> Game | None:
    """A declaration of the trump flush beside a royal marriage whose king or queen the seat
    holds once (the card counted twice under the sequences' heading)."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    trump = of(events, TrumpNaming)[0].suit
    hands = dealt(events)
    for event in of(events, (Meld, Declaration)):
        melds = _kinds(event)
        if event.seat is None or isinstance(event, Declaration) and event.total is not None:
            continue
        if not any(m.kind == MeldKind(Family.SEQUENCE, trump) for m in melds):
            continue
        held = Counter(hands[event.seat])
        if min(held[Card(Rank.KING, trump)], held[Card(Rank.QUEEN, trump)]) != 1:
            continue
        royal = Meld(kind=MeldKind(Family.MARRIAGE, trump), points=40)
        new = declaration_event(event.seat, tuple(m.model_copy(update={"seat": None})
                                                  for m in melds) + (royal,), None)
        return with_events(g, replace(events, event, mark(new, "DP-MELD5")))
    return None


dp_fault("DP-MELD1-no-trump", "DP-MELD1", "double-pack: the high bidder's trump is not recorded")(
    lambda: first("DP-MELD1-no-trump", "DP-MELD1", _no_trump))
dp_fault("DP-MELD1-late-trump", "DP-MELD1", "double-pack: trump is named after the declarations")(
    lambda: first("DP-MELD1-late-trump", "DP-MELD1", _late_trump))
dp_fault("DP-MELD1-total-too-high", "DP-MELD1", "double-pack: a declared total above the seat's "
      "best meld")(
    lambda: _mutated(DP, "meld-total-too-high", "DP-MELD1"))
for _rule, _heading in (("DP-MELD2", "sequences"), ("DP-MELD3", "groups"),
                        ("DP-MELD4", "pinochle")):
    dp_fault(f"{_rule}-not-held", _rule, f"double-pack: a declared meld ({_heading}) the seat "
          "does not hold")(
        lambda r=_rule: _mutated(DP, "meld-not-held", r, range(1, 600)))
dp_fault("DP-MELD5-card-twice", "DP-MELD5", "double-pack: the trump flush and a royal marriage "
      "declared with one king or queen of trumps (a card in two melds under one heading)")(
    lambda: first("DP-MELD5-card-twice", "DP-MELD5", _twice, range(1, 800)))
dp_fault("DP-MELD3-points", "DP-MELD3", "double-pack: a declared meld at the wrong points")(
    lambda: _mutated(DP, "meld-points-wrong", "DP-MELD3", range(1, 600)))


def _melds_without_trick() -> Game:
    """Seed 538's hand, where a side won no scoring trick: its declared melds claimed."""
    def make(seed: int) -> Game | None:
        got = played(DP, seed)
        if got is None:
            return None
        g, events = got
        hands = dealt(events)
        trump = of(events, TrumpNaming)[0].suit
        c = claim(events, "melds")
        for side in Side:
            declared = 0
            for event in of(events, (Meld, Declaration)):
                if event.seat in side.seats:
                    total = event.total if isinstance(event, Declaration) else None
                    melds = () if total is not None and not _kinds(event) else _kinds(event)
                    declared += judge_declaration(hands[event.seat], melds, total, trump,
                                                  DP.ruleset, event.seat).points
            if declared and getattr(c, side_field(side)) == 0:
                new = mark(c.model_copy(update={side_field(side): declared}), "DP-MELD6")
                return with_events(g, replace(events, c, new))
        return None
    return first("DP-MELD6-claimed", "DP-MELD6", make, (538,))


dp_fault("DP-MELD6-claimed", "DP-MELD6", "double-pack: a side that won no scoring trick claims "
      "its declared melds")(_melds_without_trick)


# --- the deal --------------------------------------------------------------------------------

def _hands_event(events: list, hands: dict[Seat, tuple[Card, ...]], rule: str,
                 notes: tuple[str, str, str, str]):
    """The hands event and its replacement with ``hands``, marked on its first line (``N:``,
    where the engine reports a fault of the whole deal): a ``;`` comment ends a line, so each
    of the four lines carries one of ``notes`` (the first the fault's)."""
    h = of(events, Hands)[0]
    comments = (Comment(text=f" fault: {rule} ({notes[0]})"),
                *(Comment(text=f" {n}") for n in notes[1:]))
    return h, h.model_copy(update={"hands": tuple(hands[s] for s in FOUR_SEATS),
                                   "comments": comments})


def _short_long(seed: int) -> Game | None:
    """The last card of North's dealt hand dealt to East instead (North 19 cards, East 21):
    North's play of it is a card not held (a consequence); the deal is marked."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    hands = dealt(events)
    moved = hands[N][-1]
    hands[N] = hands[N][:-1]
    hands[Seat.EAST] = tuple(sorted(hands[Seat.EAST] + (moved,), key=_order(events)))
    old, new = _hands_event(events, hands, "DP-DEAL2", (
        "North is dealt 19 cards", "East 21", "South 20", "West 20"))
    return with_events(g, replace(events, old, new))


def _order(events: list) -> Callable[[Card], int]:
    """The deal's card order (the simulator's: by each card's place in the dealt hands)."""
    places = {c: i for hand in of(events, Hands)[0].hands for i, c in enumerate(hand)}
    return lambda c: places.get(c, 0)


def _imperfect_pack(seed: int) -> Game | None:
    """A follower's queen of a plain suit dealt and played as the jack of its suit: five of that
    jack, three of that queen; the first such card whose record has no other finding (the trick
    keeps its winner and points, both count 0, and no declared meld used the queen)."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    trump = of(events, TrumpNaming)[0].suit
    hands = dealt(events)
    for site in table_sites(g, DP.ruleset)[0].tricks:
        t = site.trick
        for k, card in enumerate(t.cards):
            if card.rank is not Rank.QUEEN or card.suit is trump or k == 0:
                continue
            jack, seat = Card(Rank.JACK, card.suit), site.seat_of(k)
            hand = list(hands[seat])
            hand[hand.index(card)] = jack
            hands[seat] = tuple(hand)
            cards = list(t.cards)
            cards[k] = jack
            old, new = _hands_event(events, hands, "DP-PACK", (
                f"five {jack}, three {card}", f"{seat.word} holds a {jack} for a {card}",
                "and plays it", f"to trick {t.number}"))
            events = replace(replace(events, old, new), t,
                             t.model_copy(update={"cards": tuple(cards)}))
            return with_events(g, events)
    return None


def _wrong_dealer(seed: int) -> Game | None:
    """Two hands, the second dealt by the first dealer's partner (not his left): played as
    dealt, the second battle's line marked."""
    battles = DP.battles(2, seed, [N, Seat.SOUTH])
    if not all(any(isinstance(e, TrumpNaming) for e in b.events) for b in battles):
        return None
    battles[1] = mark(battles[1], "DP-DEAL3")
    return DP.game(battles)


dp_fault("DP-DEAL2-hand-size", "DP-DEAL2", "double-pack: North is dealt 19 cards, East 21 "
         "(East's hand reported too; North's play of the card is one not held)",
         consequences=("DP-DEAL2", "DP-PLAY6", "DP-PLAY1"))(
    lambda: first("DP-DEAL2-hand-size", "DP-DEAL2", _short_long,
                  consequences=("DP-DEAL2", "DP-PLAY6", "DP-PLAY1")))
dp_fault("DP-PACK-imperfect", "DP-PACK", "double-pack: a deal of five copies of a jack and three "
      "of its queen")(lambda: first("DP-PACK-imperfect", "DP-PACK", _imperfect_pack))
dp_fault("DP-DEAL3-dealer", "DP-DEAL3", "double-pack: the second hand is dealt by the first "
      "dealer's partner, not the seat to his left")(
    lambda: first("DP-DEAL3-dealer", "DP-DEAL3", _wrong_dealer))


# --- play ------------------------------------------------------------------------------------

def _not_held(number: int, rule: str):
    """A follower's queen of trick ``number`` (of a plain suit) played as the jack of its suit,
    which he does not hold (the trick's winner and points unchanged); his queen stays in his
    hand unplayed, and the jack's holder ends with one card over: only the trick is marked."""
    def make(seed: int) -> Game | None:
        got = played(DP, seed)
        if got is None:
            return None
        g, events = got
        trump = of(events, TrumpNaming)[0].suit
        site = table_sites(g, DP.ruleset)[0].tricks[number - 1]
        t = site.trick
        for k, card in enumerate(t.cards):
            jack = Card(Rank.JACK, card.suit)
            if k == 0 or card.rank is not Rank.QUEEN or card.suit is trump:
                continue
            if jack in site.hands[site.seat_of(k)]:
                continue
            cards = list(t.cards)
            cards[k] = jack
            new = mark(t.model_copy(update={"cards": tuple(cards)}), rule,
                       f"the {_NTH[k]} player holds no {jack}")
            return with_events(g, replace(events, t, new))
        return None
    return make


_NTH = ("first", "second", "third", "fourth")

dp_fault("DP-PLAY1-not-held", "DP-PLAY1", "double-pack: a card not held played to trick 1")(
    lambda: first("DP-PLAY1-not-held", "DP-PLAY1", _not_held(1, "DP-PLAY1")))
dp_fault("DP-PLAY6-not-held", "DP-PLAY6", "double-pack: a card not held played to trick 5 (the "
      "players' order fixed by trick 4's winner)")(
    lambda: first("DP-PLAY6-not-held", "DP-PLAY6", _not_held(5, "DP-PLAY6")))
dp_fault("DP-PLAY2-follow-suit", "DP-PLAY2", "double-pack: a follower holding the suit led "
      "plays another")(
    lambda: _mutated(DP, "revoke-follow-suit", "DP-PLAY2"))
def _top_highest_only() -> Game:
    """A ``top-highest`` revoke that the ``top-led`` reading allows: the follower beats the
    trump led but not the higher trump played before him, while holding one that would."""
    for seed in range(1, 400):
        try:
            g = _mutated(HIGHEST, "revoke-top-trump", "DP-PLAY3", (seed,))
        except SystemExit:
            continue
        as_led = g.model_copy(update={"header": DP.game([]).header})
        if not validate_game(as_led).findings:
            return g
    raise SystemExit("no seed gives a top-highest revoke the top-led reading allows")


dp_fault("DP-PLAY3-top-led", "DP-PLAY3", "double-pack, [TrumpLead \"top-led\"]: on a trump lead "
      "a follower does not beat the trump led while able")(
    lambda: _mutated(DP, "revoke-top-trump", "DP-PLAY3"))
dp_fault("DP-PLAY3-top-highest", "DP-PLAY3", "double-pack, [TrumpLead \"top-highest\"]: on a "
      "trump lead a follower beats the trump led but not the highest trump played, holding "
      "one that would (legal under \"top-led\")")(
    _top_highest_only)
dp_fault("DP-PLAY4-trump-void", "DP-PLAY4", "double-pack: a follower void in the suit led "
      "does not trump while able")(
    lambda: _mutated(DP, "revoke-trump-void", "DP-PLAY4"))
dp_fault("DP-PLAY5-winner-mark", "DP-PLAY5", "double-pack: a trick's winner mark names another "
      "seat")(lambda: _mutated(DP, "wrong-winner", "DP-PLAY5"))


# --- the claims ------------------------------------------------------------------------------

def _two_handed_claim(seed: int) -> Game | None:
    """A two-handed tricks claim (East and West as players) after the side claims."""
    got = played(DP, seed)
    if got is None:
        return None
    g, events = got
    c = claim(events, "tricks")
    two = mark(Claim(category="tricks", east=c.ew, west=c.ns), "DP-PLAYERS")
    return with_events(g, _insert_after(events, claim(events, "total"), two))


dp_fault("DP-PLAYERS-two-handed-claim", "DP-PLAYERS", "double-pack: a two-handed claim by "
         "East and West (players, not sides) in a partnership battle")(
    lambda: first("DP-PLAYERS-two-handed-claim", "DP-PLAYERS", _two_handed_claim))


def _other(events: list) -> Side:
    return bidders(events).other


dp_fault("DP-COUNT1-tricks", "DP-COUNT1", "double-pack, [TrickScoring \"10-10-10\"]: the bidding "
      "side's card points claimed 20 short (the last trick's 20 left out)")(
    claim_off(DP, "tricks", "DP-COUNT1", bidders, -20))
dp_fault("DP-COUNT2-tricks", "DP-COUNT2", "double-pack, [TrickScoring \"10-10-5-5\"]: the "
      "bidding side's card points claimed 5 too many")(
    claim_off(FIVES, "tricks", "DP-COUNT2", bidders, 5))


def _made(events: list) -> bool:
    """The bidding side made its contract (a positive score)."""
    return getattr(claim(events, "score"), side_field(bidders(events))) > 0


dp_fault("DP-SCORE1-made", "DP-SCORE1", "double-pack: the bidding side made its contract; its "
      "score claimed 10 too high")(
    claim_off(DP, "score", "DP-SCORE1", bidders, 10, _made))
dp_fault("DP-SCORE2-set-as-made", "DP-SCORE2", "double-pack: a set bidding side's score claimed "
      "as made")(lambda: _mutated(DP, "contract-set-as-made", "DP-SCORE2"))
dp_fault("DP-SCORE3-opponents", "DP-SCORE3", "double-pack: the opponents' score claimed 10 too "
      "low")(claim_off(DP, "score", "DP-SCORE3", _other, -10))


# --- the game --------------------------------------------------------------------------------

def _game_claim(seed: int) -> Game | None:
    g = DP.whole_game(seed)
    c = g.closing[0]
    return g.model_copy(update={"closing": (mark(c.model_copy(update={"ns": c.ns + 10}),
                                                 "DP-GAME"),)})


def _result(seed: int) -> Game | None:
    g = DP.whole_game(seed)
    header = tuple(mark(t.model_copy(update={"value": "-".join(reversed(t.value.split("-")))}),
                        "DP-GAME", "the sides' totals swapped")
                   if t.name == "Result" else t for t in g.header)
    if header == g.header or header[-1].value == g.header[-1].value:
        return None
    return g.model_copy(update={"header": header})


def _after_the_end(seed: int) -> Game | None:
    """A hand recorded after the game was won (the game claim after it)."""
    g = DP.whole_game(seed)
    last = g.battles[-1]
    dealer = last.dealer.left
    extra = DP.battles(1, seed + 1000, [dealer])[0]
    extra = mark(extra.model_copy(update={"number": last.number + 1,
                                          "events": tuple(e for e in extra.events
                                                          if not isinstance(e, SideClaim))}),
                 "DP-GAME")
    return g.model_copy(update={"battles": (*g.battles, extra), "closing": ()})


dp_fault("DP-GAME-claim", "DP-GAME", "double-pack: the game claim's North-South total 10 too "
      "high")(lambda: first("DP-GAME-claim", "DP-GAME", _game_claim, range(1, 20)))
dp_fault("DP-GAME-result", "DP-GAME", "double-pack: the Result tag with the sides' totals "
      "swapped")(lambda: first("DP-GAME-result", "DP-GAME", _result, range(1, 20)))
dp_fault("DP-GAME-after-the-end", "DP-GAME", "double-pack: a hand played after a side reached "
      "the target")(lambda: first("DP-GAME-after-the-end", "DP-GAME", _after_the_end,
                                   range(1, 20)))
