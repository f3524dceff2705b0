"""Parse throughput of the notation reader (target: at least 3 MB/s on one core).

Builds a large record in memory: games of six battles, each battle with its deal, 24 tricks with
winner marks, a meld after about a third of the tricks (half of them naming concealed cards),
the three claims, and a ``game`` claim per game. The cards are a real 48-card pack dealt at
random; the play is random too (legality is the adjudicator's business, not the reader's).
Then it parses the text with ``parse`` and streams it with ``iter_games``, and prints the file
size, battles per second and MB/s (MB = 10^6 bytes of UTF-8).

    .venv/bin/python benchmarks/parse.py [--battles 20000] [--repeat 3] [--profile]

``--game double-pack`` builds partnership hands instead (docs/notation.md §11): the four hands of
an 80-card pack dealt at random, an auction of six calls, trump, four declarations (two listing
kinds, two a total), 20 four-card tricks with winner marks, and the four side claims, one of them
negative; a side ``game`` claim per game of four hands.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time
from collections.abc import Iterator
from typing import cast

from pinochle.notation import (Announce, Battle, Bid, Card, Claim, Deal, Declaration, Game, Hands,
                               Meld, MeldKind, Pass, Record, Seat, SideClaim, Suit, TableTrick, Tag,
                               Trick, TrumpNaming, dumps, iter_games, parse)
from pinochle.notation.cards import ALL_CARDS, FOUR_SEATS


def pack() -> list[Card]:
    """East Point's 48 cards: deuces and nines single, the other ranks double (R2A4)."""
    cards: list[Card] = []
    for card in ALL_CARDS:
        cards += [card] if card.rank.letter in "DN" else [card, card]
    return cards


def build_battle(rng: random.Random, number: int) -> Battle:
    cards = pack()
    rng.shuffle(cards)
    east, west, stock = cards[:12], cards[12:24], cards[24:]
    hands = {Seat.EAST: list(east), Seat.WEST: list(west)}
    stock_left = list(stock)
    kinds = MeldKind.all()
    events: list = [Deal(east=tuple(east), west=tuple(west), stock=tuple(stock))]
    leader = Seat.WEST if number % 2 else Seat.EAST
    for trick in range(1, 25):
        follower = leader.other
        lead = hands[leader].pop(rng.randrange(len(hands[leader])))
        follow = hands[follower].pop(rng.randrange(len(hands[follower])))
        winner = rng.choice((leader, follower))
        melds: tuple[Meld, ...] = ()
        if rng.random() < 0.35:
            kind = rng.choice(kinds)
            concealed = tuple(rng.sample(hands[winner], min(2, len(hands[winner])))) \
                if rng.random() < 0.5 and hands[winner] else None
            melds = (Meld(kind=kind, points=rng.randrange(51, 423), concealed=concealed),)
        events.append(Trick(number=trick, lead=lead, follow=follow, winner=winner, melds=melds))
        for seat in (winner, winner.other):
            if stock_left:
                hands[seat].append(stock_left.pop(0))
        leader = winner
    events += [Claim(category="tricks", east=380, west=340),
               Claim(category="melds", east=412, west=300),
               Claim(category="score", east=792, west=640)]
    return Battle(number=number, dealer=Seat.EAST if number % 2 else Seat.WEST,
                  events=tuple(events))


def build_table_hand(rng: random.Random, number: int) -> Battle:
    """A partnership hand (§11): 80 cards (A T K Q J, four copies each) dealt 20 a seat."""
    cards = [card for card in ALL_CARDS if card.rank.letter in "ATKQJ"] * 4
    rng.shuffle(cards)
    hands = [cards[i * 20:(i + 1) * 20] for i in range(4)]
    dealer = FOUR_SEATS[number % 4]
    kind = MeldKind.parse
    events: list = [
        Hands(hands=tuple(tuple(hand) for hand in hands)),
        Announce(seat=dealer.left, meld=100), Bid(seat=dealer.left.left, amount=500),
        Announce(seat=dealer.left.left.left, meld=140), Pass(seat=dealer),
        Bid(seat=dealer.left, amount=530, flush=True), Pass(seat=dealer.left.left),
        TrumpNaming(suit=rng.choice(list(Suit))),
        Declaration(seat=Seat.NORTH, total=60),
        Declaration(seat=Seat.EAST, melds=(Meld(kind=kind("♠F"), points=150),
                                           Meld(kind=kind("K4"), points=80))),
        Declaration(seat=Seat.SOUTH, total=0),
        Declaration(seat=Seat.WEST, melds=(Meld(kind=kind("♥M"), points=20),
                                           Meld(kind=kind("AA4"), points=1000)))]
    for trick in range(20):
        played = tuple(hand[trick] for hand in hands)
        events.append(TableTrick(number=trick + 1, cards=played, winner=rng.choice(FOUR_SEATS)))
    events += [SideClaim(category="tricks", ns=210, ew=290),
               SideClaim(category="melds", ns=60, ew=1250),
               SideClaim(category="score", ns=270, ew=-530),
               SideClaim(category="total", ns=1270, ew=-30)]
    return Battle(number=number, dealer=dealer, events=tuple(events))


def build_table_text(battles: int, seed: int = 1) -> str:
    """The text of a partnership record of ``battles`` hands, four to a game."""
    rng = random.Random(seed)
    games: list[Game] = []
    made = 0
    while made < battles:
        count = min(4, battles - made)
        header = (Tag(name="Event", value=f"Benchmark {len(games) + 1}"),
                  Tag(name="Ruleset", value="double-pack"), Tag(name="North", value="Ann"),
                  Tag(name="East", value="Bob"), Tag(name="South", value="Cy"),
                  Tag(name="West", value="Di"))
        games.append(Game(header=header,
                          battles=tuple(build_table_hand(rng, n) for n in range(1, count + 1)),
                          closing=(SideClaim(category="game", ns=3610, ew=2950),)))
        made += count
    return dumps(Record(games=tuple(games)))


def build_text(battles: int, seed: int = 1) -> str:
    """The text of a record of ``battles`` battles, six to a game."""
    rng = random.Random(seed)
    games: list[Game] = []
    made = 0
    while made < battles:
        count = min(6, battles - made)
        header = (Tag(name="Event", value=f"Benchmark {len(games) + 1}"),
                  Tag(name="East", value="Ann"), Tag(name="West", value="Bob"),
                  Tag(name="Battles", value=str(count)))
        games.append(Game(header=header,
                          battles=tuple(build_battle(rng, n) for n in range(1, count + 1)),
                          closing=(Claim(category="game", east=3120, west=2710),)))
        made += count
    return dumps(Record(games=tuple(games)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="profile one parse")
    parser.add_argument("--game", choices=("two-handed", "double-pack"), default="two-handed",
                        help="the records built: two-handed battles (default) or partnership "
                             "hands")
    args = parser.parse_args()

    started = time.perf_counter()
    text = (build_text if args.game == "two-handed" else build_table_text)(args.battles)
    size = len(text.encode("utf-8"))
    print(f"built {args.battles} battles, {size / 1e6:.2f} MB, {text.count(chr(10))} lines "
          f"in {time.perf_counter() - started:.1f} s")

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(parse, text)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
        return

    # Wall-clock and CPU time of the calling process: on a shared machine the CPU time is the
    # steadier figure.
    best = best_cpu = float("inf")
    record = None
    for _ in range(args.repeat):
        record = None  # free the last one outside the timing
        started, started_cpu = time.perf_counter(), time.process_time()
        record = parse(text)
        best = min(best, time.perf_counter() - started)
        best_cpu = min(best_cpu, time.process_time() - started_cpu)
    assert record is not None and sum(len(g.battles) for g in record.games) == args.battles
    record = None
    report("parse", args.battles, size, best, best_cpu, f"best of {args.repeat}")

    started, started_cpu = time.perf_counter(), time.process_time()
    games = cast("Iterator[Game]", iter_games(io.StringIO(text)))  # no syntax error: all Games
    count = sum(len(g.battles) for g in games)
    report("iter_games", count, size, time.perf_counter() - started,
           time.process_time() - started_cpu, "streamed from memory")


def report(what: str, battles: int, size: int, wall: float, cpu: float, note: str) -> None:
    print(f"{what + ':':12}{wall:6.2f} s wall  {battles / wall:7,.0f} battles/s  "
          f"{size / wall / 1e6:5.2f} MB/s   |  {cpu:6.2f} s CPU  {battles / cpu:7,.0f} battles/s  "
          f"{size / cpu / 1e6:5.2f} MB/s  ({note})")


if __name__ == "__main__":
    main()
