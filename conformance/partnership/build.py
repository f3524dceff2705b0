"""Stage a double-pack case (``cases``) as a legal record of a table of four, with its
expected verdict.

Each battle: the cards the case names are dealt to their seats, the rest of the pack shuffled
(seeded by the case id) into the four hands, 20 each (a seat marked ``exact`` takes no filler
card that would add to its meld, so that it holds the case's meld and nothing more); the auction
is the case's calls; the high bidder names the case's trump; each seat declares (the case's
declaration, or its whole meld as a total); the case's scripted tricks are played, then the hand
is played out by the simulator's greedy policy among the cards the engine allows
(``partnership.tricks.legal_plays``). Who wins each trick, the card points, the melds and the
scores are the text's (``cases``: ``trick_winner``, ``card_points``, ``best_meld``, ``score``),
written as the record's claims and as the fixture's expected ``contracts``; where the engine's
``winning_index`` names another winner the staging stops (fix the engine, then regenerate). If
a seed does not stage the case (L58's 570, L52's single trick), the next is tried.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pinochle.adjudicator import ruleset_from_tags
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.partnership.tricks import legal_plays, winning_index
from pinochle.notation import parse
from pinochle.notation.cards import FOUR_SEATS, Card, Seat, Side
from pinochle.simulator.partnership.play import choose

from ..built import RULEBOOKS, Built, NoFit, first_fit, table_checks
from ..fixture import ContractCheck, Expected, FindingCheck, suit_text, table_seat_text
from ..scribe import BuildError
from .cases import (
    LAST_TRICK, DPCase, Hand, SideVerdict, best_meld, card_points, pack, score, trick_winner,
)

ATTEMPTS = 2000
HAND = 20
NS, EW = Side.NS, Side.EW


def build_double_pack(case: DPCase) -> Built:
    return first_fit(case, _stage, ATTEMPTS)


def _order(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: -c.index)


def _text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def _stage(case: DPCase, rng: random.Random) -> Built:
    ruleset = ruleset_from_tags(case.tags)
    schedule = case.tags.get("TrickScoring", "10-10-10")
    lines = [f'[Event "{RULEBOOKS["double-pack"]}: {case.id}"]']
    lines += [f'[{name} "{value}"]' for name, value in case.tags.items()]
    quote = f"{case.source.section}, {case.source.row}: {case.source.text}".replace("}", ")")
    lines.append("{" + quote + "}")
    checks = []
    for number, hand in enumerate(case.hands, 1):
        text, check = _battle(case, number, hand, ruleset, schedule, rng)
        lines += ["", *text]
        checks.append(check)
    record = parse("\n".join(lines) + "\n", f"{case.id}.pin")
    expected = Expected(
        findings=[FindingCheck(rule=rule, battle=battle, trick=trick)
                  for rule, battle, trick in case.findings],
        tables=table_checks(case.tables),
        contracts=checks)
    return Built(case, record, expected)


def deal(hand: Hand, rng: random.Random) -> dict[Seat, list[Card]]:
    """The four hands: each seat's fixed cards, then the shuffled rest; an ``exact`` seat
    takes only cards that add nothing to its meld (with the case's trump)."""
    pool = list(pack())
    for cards in hand.fixed.values():
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    hands = {seat: list(hand.fixed.get(seat, ())) for seat in FOUR_SEATS}
    for seat in hand.exact:
        meld = best_meld(hands[seat], hand.trump)
        for card in list(pool):
            if len(hands[seat]) == HAND:
                break
            if best_meld([*hands[seat], card], hand.trump) == meld:
                hands[seat].append(card)
                pool.remove(card)
    for seat in FOUR_SEATS:
        need = HAND - len(hands[seat])
        hands[seat] += pool[:need]
        pool = pool[need:]
    assert not pool and all(len(cards) == HAND for cards in hands.values())
    return {seat: _order(cards) for seat, cards in hands.items()}


def _battle(case: DPCase, number: int, hand: Hand, ruleset: Ruleset, schedule: str,
            rng: random.Random) -> tuple[list[str], ContractCheck]:
    hands = deal(hand, rng)
    lines = [f"battle {number} dealer {hand.dealer}"]
    lines += [f"{seat}: {_text(hands[seat])}" for seat in FOUR_SEATS]
    lines += list(hand.calls)
    if hand.bidder is None or hand.bid is None:                      # DP-BID9: thrown in
        return lines, ContractCheck(battle=number, dealer=table_seat_text(hand.dealer),
                                    thrown_in=True,
                                    score={"NS": 0, "EW": 0})
    trump = hand.trump
    lines.append(f"trump {trump}")
    credited: dict[Seat, int] = {}
    for seat in FOUR_SEATS:
        whole = best_meld(hands[seat], trump)
        declared = hand.declare.get(seat)
        if declared is None:
            declared = str(whole)
        elif seat not in hand.credited:
            assert sum(int(t) for t in declared.split() if t.isdigit()) == whole, (case.id, seat)
        credited[seat] = hand.credited.get(seat, whole)
        lines.append(f"meld {seat} {declared}")
    tricks = _play(case, hand, hands, ruleset, rng)
    won = {NS: 0, EW: 0}
    scoring = {NS: False, EW: False}
    ns_tricks = []
    for i, (cards, winner) in enumerate(tricks, 1):
        last = i == len(tricks)
        points = card_points(cards, schedule) + (LAST_TRICK if last else 0)
        won[winner.side] += points
        scoring[winner.side] |= points > 0                              # L51, L52
        if winner.side is NS:
            ns_tricks.append(i)
        lines.append(f"{i}. {_text(cards)} {winner}")
    if case.only_trick is not None and ns_tricks != [case.only_trick]:
        raise BuildError(f"{case.id}: North-South win tricks {ns_tricks}, not only trick "
                         f"{case.only_trick}")
    melds = {side: sum(credited[seat] for seat in side.seats) for side in (NS, EW)}
    verdict = score(hand.bidder.side, hand.bid, won, melds, scoring)
    if case.made is not None and verdict[hand.bidder.side].made != case.made:
        raise NoFit()
    for claim in ("cards", "melds", "score"):
        word = "tricks" if claim == "cards" else claim
        lines.append(f"{word} NS {getattr(verdict[NS], claim)} EW {getattr(verdict[EW], claim)}")
    check = ContractCheck(
        battle=number, dealer=table_seat_text(hand.dealer), thrown_in=False,
        bidder=table_seat_text(hand.bidder), bid=hand.bid, trump=suit_text(trump),
        card_total=won[NS] + won[EW],
        cards=_sides(verdict, "cards"), melds=_sides(verdict, "melds"),
        made=_sides(verdict, "made"), score=_sides(verdict, "score"),
        counted=_sides(verdict, "counted"))
    return lines, check


def _sides(verdict: Mapping[Side, SideVerdict], name: str) -> dict[Any, Any]:
    """A field of each side's verdict, as fixtures write it: ``{"NS": …, "EW": …}``."""
    return {str(side): getattr(verdict[side], name) for side in (NS, EW)}


def _play(case: DPCase, hand: Hand, hands: Mapping[Seat, list[Card]], ruleset: Ruleset,
          rng: random.Random) -> list[tuple[tuple[Card, ...], Seat]]:
    """Twenty tricks from the high bidder (L54): the scripted ones, then the greedy policy's
    cards among the engine's legal ones; each trick's winner by the text (``trick_winner``),
    checked against the engine's."""
    assert hand.bidder is not None
    held = {seat: list(cards) for seat, cards in hands.items()}
    leader, trump = hand.bidder, hand.trump
    tricks = []
    for number in range(1, HAND + 1):
        script = hand.first[number - 1] if number <= len(hand.first) else None
        played: list[Card] = []
        seat = leader
        for k in range(4):
            legal = legal_plays(held[seat], played, trump, ruleset)
            if script is not None:
                card = script[k]
                if card not in legal:
                    raise BuildError(f"{case.id}: the engine does not let {seat.word} play "
                                     f"{card} to trick {number}")
            else:
                card = choose("greedy", held[seat], played, legal, trump, ruleset, rng)
            held[seat].remove(card)
            played.append(card)
            seat = seat.left
        index = trick_winner(played, trump)
        if winning_index(played, trump, ruleset) != index:
            raise BuildError(f"{case.id}: the engine gives trick {number} ({_text(played)}) to "
                             "another card than the text (L54); fix the engine before "
                             "regenerating")
        winner = leader
        for _ in range(index):
            winner = winner.left
        tricks.append((tuple(played), winner))
        leader = winner
    return tricks
