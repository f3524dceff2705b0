"""Helpers for the old-time rule tests (OT1-OT9, ../shared/rulesets/old-time-two-handed.md):
small ``BattleState`` positions driven by hand, whole records written as text and validated, and
legal battles played by a seeded random chooser through ``BattleState`` with an upcard.

Conventions of the unit positions: West deals, so East leads trick 1 (OT8); ``east_wins`` plays
a trick East wins without trumps (OT8C2), so that East holds the meld turn (OT8D)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.adjudicator.report.validation import GameReport, validate_game
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.notation import parse
from pinochle.notation.cards import Seat, format_cards
from pinochle.notation.events import Battle, Claim, Deal, Game, Meld, Tag, Trick
from pinochle.simulator.deal import pack_cards
from tests.adjudicator.replaykit import card, cards, kind

E, W = Seat.EAST, Seat.WEST
OT = old_time()
EVENING = Path(__file__).resolve().parents[2] / "corpus" / "games" / "old-time-evening.pin"
#: Rule ids a finding of an old-time game may cite: OT ids (OT9G, OT8B1, OT-O2...).
OT_ID = re.compile(r"OT\d+[A-Z]?\d*|OT-O\d")




# --- positions driven by hand ----------------------------------------------------------------

#: A stock long enough that a few turns never reach phase B; no trump (spades/hearts) in it.
LONG_STOCK = "J♦ J♦ T♦ T♦ A♦ A♦ Q♦ Q♦ N♦ N♦ J♥ J♥"


def state(east: str, west: str, stock: str = LONG_STOCK, upcard: str = "N♠",
          dealer: Seat = W, ruleset: Ruleset = OT) -> BattleState:
    """A battle from hand-picked cards (not a whole pack: the deal is not checked here)."""
    return BattleState(ruleset, dealer, cards(east), cards(west), cards(stock),
                       upcard=card(upcard))


def east_wins(s: BattleState, lead: str = "A♣", follow: str = "N♣") -> None:
    """Close the open turn with the usual draws, then East leads ``lead`` and West follows
    ``follow``; East must win (by default a club trick: the higher rank, OT8C2)."""
    if s.in_turn:
        s.finish_turn()
    s.play(E, card(lead))
    step = s.play(W, card(follow))
    assert step is not None and step.winner is E, step


def meld_rules(s: BattleState, text: str, points: int, named: str | None = None,
               seat: Seat = E) -> list[str]:
    """The rules ``verify_meld`` cites for a meld, then the meld is made."""
    concealed = None if named is None else cards(named)
    rules = [f.rule for f in s.verify_meld(seat, kind(text), points, concealed)]
    s.meld(seat, kind(text), points, concealed)
    return rules


def count(counts: Sequence[int], text: str) -> int:
    return counts[card(text).index]


# --- whole records ---------------------------------------------------------------------------

HEADER = {"Ruleset": "old-time"}


def record(*battles: str, **tags: str) -> str:
    """An old-time record: tags (``Ruleset "old-time"`` and ``Result "*"`` unless given), then
    the battles' text."""
    tags = {**HEADER, **tags}
    tags.setdefault("Result", "*")
    head = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
    return head + "\n" + "\n".join(b.strip("\n") + "\n" for b in battles)


def validate(text: str) -> GameReport:
    (game,) = parse(text).games
    return validate_game(game)


def errors(report: GameReport) -> list[str]:
    """The rules of the findings that are not notices (info), in report order."""
    return [f.rule for f in report.findings if f.severity is not Severity.INFO]


def notices(report: GameReport) -> list[str]:
    return [f.rule for f in report.findings if f.severity is Severity.INFO]


def evening_battles() -> list[str]:
    """The two battles of corpus/games/old-time-evening.pin, as text (each from its ``battle``
    line to its last claim)."""
    text = EVENING.read_text(encoding="utf-8")
    body = text[text.index("battle 1"):]
    first, second = body.split("\nbattle 2")
    return [first, "battle 2" + second]


def evenings() -> tuple[str, str]:
    """The evening's two battles without their comments, each a record's battle 1 (battle 2
    renumbered, its running total its own score)."""
    first, second = (strip_comments(b) for b in evening_battles())
    second = edit_line(edit_line(second, "battle", "battle 1 dealer W"), "total",
                       "total E 208 W 322")
    return first, second


def strip_comments(text: str) -> str:
    return "\n".join(line.split(";")[0].rstrip() for line in text.splitlines())


def edit_line(battle: str, start: str, new: str) -> str:
    """``battle`` with its line that starts with ``start`` replaced by ``new``."""
    lines = battle.splitlines()
    hits = [i for i, line in enumerate(lines) if line.startswith(start)]
    assert len(hits) == 1, (start, hits)
    lines[hits[0]] = new
    return "\n".join(lines) + "\n"


def drop_lines(battle: str, *starts: str) -> str:
    return "\n".join(line for line in battle.splitlines()
                     if not line.startswith(starts)) + "\n"


def full_deal(east: str, west: str, stock: str = "", upcard: str = "N♠") -> tuple[str, ...]:
    """The four deal lines of a whole old-time deal (OT2A4, OT6B, OT6C): the cards given, the
    rest of the 48-card pack filled in, in a fixed order, hands to 12, stock to 23 (the given
    stock cards on top)."""
    pack = Counter(pack_cards(OT))
    hands = [list(cards(east)), list(cards(west)), list(cards(stock))]
    turned = card(upcard)
    pack.subtract([*hands[0], *hands[1], *hands[2], turned])
    assert min(pack.values()) >= 0, "more copies than the pack holds"
    rest = sorted(pack.elements(), key=lambda c: -c.index)
    for hand, size in zip(hands, (12, 12, 23)):
        while len(hand) < size:
            hand.append(rest.pop())
    assert not rest
    return (f"E: {format_cards(hands[0])}", f"W: {format_cards(hands[1])}",
            f"stock: {format_cards(hands[2])}", f"upcard: {turned}")


# --- legal battles played at random ----------------------------------------------------------


def random_deal(rng: random.Random) -> Deal:
    """A shuffled 48-card pack: 12 each, 23 face down, the 25th card turned up (OT6B, OT6C)."""
    pack = pack_cards(OT)
    rng.shuffle(pack)
    return Deal(east=tuple(sorted(pack[:12])), west=tuple(sorted(pack[12:24])),
                stock=tuple(pack[24:47]), upcard=pack[47])


def random_battle(seed: int, dealer: Seat = E, ruleset: Ruleset = OT,
                  meld_rate: float = 0.9) -> tuple[Deal, list, BattleState]:
    """A legal old-time battle: random legal cards (``legal_cards``: OT8A, OT8B), and most turns
    a random legal meld, then each further free meld on offer (a dix beside it, OT9E)."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    s = BattleState(ruleset, dealer, deal.east, deal.west, deal.stock, upcard=deal.upcard)
    events: list = []
    while not s.is_over:
        leader = s.to_play
        assert leader is not None
        lead = rng.choice(s.legal_cards(leader))
        s.play(leader, lead)
        follow = rng.choice(s.legal_cards(leader.other))
        step = s.play(leader.other, follow)
        assert step is not None and step.winner is not None
        melds: list[Meld] = []
        seat = s.melding_seat
        while seat is not None and rng.random() < meld_rate:
            options = s.legal_melds(seat)
            if not options:
                break
            verdict = rng.choice(options)
            assert verdict.points is not None
            s.meld(seat, verdict.kind, verdict.points)
            melds.append(Meld(kind=verdict.kind, points=verdict.points))
        events.append(Trick(number=s.tricks_played, lead=lead, follow=follow,
                            winner=step.winner, melds=tuple(melds)))
        if s.in_turn:
            s.finish_turn()
    s.close()
    return deal, events, s


def claims(s: BattleState, before: tuple[int, int] = (0, 0)) -> list[Claim]:
    """The battle's claims as the state counts them; ``total`` adds ``before``."""
    score = (s.score(E), s.score(W))
    return [Claim(category="tricks", east=s.trick_points(E), west=s.trick_points(W)),
            Claim(category="melds", east=s.meld_points(E), west=s.meld_points(W)),
            Claim(category="score", east=score[0], west=score[1]),
            Claim(category="total", east=before[0] + score[0], west=before[1] + score[1])]


def random_game(seeds: Iterable[int], first_dealer: Seat = E, ruleset: Ruleset = OT,
                **tags: str) -> tuple[Game, tuple[int, int]]:
    """A game of random legal battles (dealer alternating, OT4B) with every claim right; its
    totals. The tags are the ruleset's plus ``tags`` (``Result "*"`` unless given)."""
    battles, totals, dealer = [], (0, 0), first_dealer
    for number, seed in enumerate(seeds, 1):
        deal, events, s = random_battle(seed, dealer, ruleset)
        battles.append(Battle(number=number, dealer=dealer,
                              events=(deal, *events, *claims(s, totals))))
        totals = (totals[0] + s.score(E), totals[1] + s.score(W))
        dealer = dealer.other
    header = {"Ruleset": ruleset.name, **ruleset.options, **tags}
    header.setdefault("Result", "*")
    game = Game(header=tuple(Tag(name=k, value=v) for k, v in header.items()),
                battles=tuple(battles))
    return game, totals


