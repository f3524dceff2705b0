"""Building partnership (double-pack) games for the walker's tests, as events (the record's
meaning), and replaying them.

- ``one_suit_deal``: the hand-checked deal: North all twenty spades, East the hearts, South the
  clubs, West the diamonds. North names spades and wins every trick with his trumps:
  NS cards 500 (480 + the last trick's 20), melds North ♠♠♠♠F 600 + South ♣♣♣♣M 80 = 680,
  made 1,180; EW no trick, so its melds (♥♥♥♥M 80 + ♦♦♦♦M 80) do not count (DP-MELD6): 0.
- ``played_battle``: a seeded legal battle: a shuffled deal, an auction, trump, each seat's best
  declaration, and twenty tricks played by ``legal_plays`` (the first legal card, or a seeded
  choice), winners marked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle.adjudicator.partnership.melds import best_declaration
from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK
from pinochle.adjudicator.model.findings import Finding
from pinochle.adjudicator.replay import Visitor, walk_any
from pinochle.adjudicator.report.validation import TableGameReport, validate_game
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.partnership.results import TableGameResult
from pinochle.adjudicator.partnership.tricks import legal_plays, winning_index
from pinochle.notation.cards import FOUR_SEATS, Card, Rank, Seat, Suit
from pinochle.notation.events import (
    Battle, Bid, Declaration, Game, Hands, Meld, Pass, TableTrick, Tag, TrumpNaming,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
PACK = [Card(rank, suit) for suit in Suit for rank in RANKS for _ in range(4)]


def suit_cards(suit: Suit) -> list[Card]:
    return [Card(rank, suit) for rank in RANKS for _ in range(4)]


def one_suit_deal(bidder: Seat = N) -> dict[Seat, list[Card]]:
    """The bidder the spades, the next seats clockwise hearts, clubs, diamonds."""
    seats = [bidder, bidder.left, bidder.left.left, bidder.left.left.left]
    return {seat: suit_cards(suit) for seat, suit in zip(seats, (
        Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS))}


def hands_event(hands: dict[Seat, list[Card]]) -> Hands:
    return Hands(hands=tuple(tuple(hands[seat]) for seat in FOUR_SEATS))


def game(*battles: Battle, closing: tuple = (), **tags: str) -> Game:
    header = tuple(Tag(name=name, value=value) for name, value in
                   {"Ruleset": "double-pack", **tags}.items())
    return Game(header=header, battles=battles, closing=closing)


def declarations(hands: dict[Seat, list[Card]], trump: Suit,
                 ruleset: Ruleset = DOUBLE_PACK) -> list[Declaration | Meld]:
    """Each seat's best declaration, as the notation has it: one kind is a seated ``Meld``,
    none ``meld N 0``."""
    made: list[Declaration | Meld] = []
    for seat in FOUR_SEATS:
        melds = best_declaration(hands[seat], trump, ruleset)
        if len(melds) == 1:
            made.append(melds[0].model_copy(update={"seat": seat}))
        else:
            made.append(Declaration(seat=seat, melds=melds) if melds else
                        Declaration(seat=seat, total=0))
    return made


def play_out(hands: dict[Seat, list[Card]], leader: Seat, trump: Suit,
             ruleset: Ruleset = DOUBLE_PACK, rng: random.Random | None = None,
             mark: bool = True, first: int = 1) -> list[TableTrick]:
    """Legal tricks from ``hands`` (copied) until they are empty, ``leader`` leading the first,
    numbered from ``first``."""
    held = {seat: list(cards) for seat, cards in hands.items()}
    tricks = []
    for number in range(first, first + len(held[leader])):
        order = [leader]
        for _ in range(3):
            order.append(order[-1].left)
        cards: list[Card] = []
        for seat in order:
            legal = legal_plays(held[seat], cards, trump, ruleset)
            card = legal[0] if rng is None else rng.choice(legal)
            held[seat].remove(card)
            cards.append(card)
        winner = order[winning_index(cards, trump, ruleset)]
        tricks.append(TableTrick(number=number, cards=tuple(cards),
                                 winner=winner if mark else None))
        leader = winner
    return tricks


def one_suit_battle(number: int = 1, dealer: Seat = W, extra: Sequence = ()) -> Battle:
    """The hand-checked battle: dealer West, North (dealer's left) bids 500, the others pass;
    trump ♠; best declarations; North wins all twenty tricks. Another dealer: the same, turned
    round the table (his left holds the spades and bids)."""
    bidder = dealer.left
    hands = one_suit_deal(bidder)
    events = [hands_event(hands), Bid(seat=bidder, amount=500), Pass(seat=bidder.left),
              Pass(seat=bidder.left.left), Pass(seat=dealer), TrumpNaming(suit=Suit.SPADES),
              *declarations(hands, Suit.SPADES), *play_out(hands, bidder, Suit.SPADES),
              *extra]
    return Battle(number=number, dealer=dealer, events=tuple(events))


def shuffled(seed: int) -> dict[Seat, list[Card]]:
    cards = list(PACK)
    random.Random(seed).shuffle(cards)
    return {seat: sorted(cards[i * 20:(i + 1) * 20], key=lambda c: c.index)
            for i, seat in enumerate(FOUR_SEATS)}


def played_battle(seed: int, number: int = 1, dealer: Seat = N, trump: Suit = Suit.HEARTS,
                  bid: int = 500) -> tuple[Battle, dict[Seat, list[Card]]]:
    """A legal battle: the dealer's left bids ``bid``, the others pass, trump ``trump``."""
    hands = shuffled(seed)
    bidder = dealer.left
    calls = [Bid(seat=bidder, amount=bid), Pass(seat=bidder.left),
             Pass(seat=bidder.left.left), Pass(seat=dealer)]
    events = [hands_event(hands), *calls, TrumpNaming(suit=trump),
              *declarations(hands, trump),
              *play_out(hands, bidder, trump, rng=random.Random(seed))]
    return Battle(number=number, dealer=dealer, events=tuple(events)), hands


class Collect(Visitor):
    def __init__(self) -> None:
        self.findings: list[Finding] = []

    def finding(self, finding: Finding) -> None:
        self.findings.append(finding)


def replay(g: Game) -> tuple[TableGameResult, list[Finding]]:
    visitor = Collect()
    result = walk_any(g, visitor)
    assert isinstance(result, TableGameResult)
    return result, visitor.findings


def report(g: Game) -> TableGameReport:
    r = validate_game(g, "dp.pin")
    assert isinstance(r, TableGameReport)
    return r


def rules(findings: Sequence) -> list[str]:
    return [f.rule for f in findings]


def replace(battle: Battle, index: int, event: object) -> Battle:
    events = list(battle.events)
    events[index] = event
    return battle.model_copy(update={"events": tuple(events)})


def insert(battle: Battle, index: int, *new: object) -> Battle:
    events = list(battle.events)
    events[index:index] = new
    return battle.model_copy(update={"events": tuple(events)})


def drop(battle: Battle, index: int) -> Battle:
    events = list(battle.events)
    del events[index]
    return battle.model_copy(update={"events": tuple(events)})


def index_of(battle: Battle, kind: type, nth: int = 0) -> int:
    return [i for i, e in enumerate(battle.events) if type(e) is kind][nth]

