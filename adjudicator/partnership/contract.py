"""The double-pack contract (spec §6): card points, scoring tricks, a hand's score for each side
(each scorer of the ruleset's seating: a side, or a seat playing for himself) and the end of the
game.

- cards: the card points of a side's tricks (DP-COUNT1 or DP-COUNT2, the ruleset's schedule), with
  the last trick's 20 (DP-COUNT2); the two sides' cards make 500;
- a side's melds count only if it wins a scoring trick (DP-MELD6): one with a card worth more
  than 0 in the agreed schedule (D15; four jacks are worthless, DP-MELD7), or the last trick,
  worth 20 by itself (D14);
- the bidding side that made its bid in melds and cards scores all it made (DP-SCORE1); else its
  bid is subtracted (DP-SCORE2, D13; ``SetPenalty "made"``: what it made); the other side always
  scores what it made (DP-SCORE3);
- game (DP-GAME, D16): the bidding side's total is counted first: at the target it wins, even if
  the other side is there too; totals may be negative.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple, cast

from pinochle.notation.cards import Card

from pinochle.adjudicator.rules.meldtables import per_card, per_ruleset
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import ScorerT as _S

__all__ = ["SideResult", "game_winner", "is_scoring_trick", "score_conceded", "score_hand",
           "score_renege", "trick_points"]

_points = per_ruleset(lambda ruleset: tuple(per_card(ruleset.card_points)))


def trick_points(cards: Sequence[Card], ruleset: Ruleset) -> int:
    """The card points of a trick (or of any cards) in the ruleset's schedule, without the last
    trick's bonus (DP-COUNT1, DP-COUNT2)."""
    points = _points(ruleset)
    return sum([points[card.index] for card in cards])  # (a list: quicker than a generator)


def is_scoring_trick(cards: Sequence[Card], last: bool, ruleset: Ruleset) -> bool:
    """Does winning this trick make the winner's side's melds count (DP-MELD6)? The last trick
    always (D14); any other trick if a card in it scores in the agreed schedule (D15, DP-MELD7)."""
    if last or ruleset.table.save == "trick":       # any trick saves (SD-MELD8's default)
        return True
    points = _points(ruleset)
    return any([points[card.index] for card in cards])  # (four cards: a list is quicker)


class SideResult(NamedTuple):
    """One side's hand: its ``cards`` (with the last trick's 20), the ``melds`` that count (0
    when ``counted`` is false: no scoring trick, DP-MELD6), ``made`` = cards + melds, and the
    ``score`` it takes (DP-SCORE1-3; negative when set)."""

    cards: int
    melds: int
    made: int
    score: int
    counted: bool


def score_hand(bidders: _S, bid: int, cards: Mapping[_S, int], melds: Mapping[_S, int],
               scoring: Mapping[_S, bool], ruleset: Ruleset) -> dict[_S, SideResult]:
    """Each scorer's result for a hand played to ``bidders``' contract of ``bid``: ``cards``
    each scorer's card points (with the last trick), ``melds`` each scorer's declared melds (its
    players' credited points), ``scoring`` whether it won a scoring trick. In the seating's
    order (NS first)."""
    results: dict[_S, SideResult] = {}
    save = ruleset.table.save
    for side in _scorers(bidders, ruleset):
        counted = bool(scoring.get(side, False))
        if save != "counter" and save != "trick":   # single-deck's SaveMeld "none", "20"
            counted = save == "none" or cards.get(side, 0) >= ruleset.table.save_points
        meld = melds.get(side, 0) if counted else 0
        made = cards.get(side, 0) + meld
        score = made
        if side is bidders and made < bid:
            score = -(made if ruleset.set_penalty == "made" else bid)
        results[side] = SideResult(cards.get(side, 0), meld, made, score, counted)
    return results


def score_conceded(bidders: _S, bid: int, cards: Mapping[_S, int], melds: Mapping[_S, int],
                   ruleset: Ruleset) -> dict[_S, SideResult]:
    """Each scorer's result for a hand the bidder conceded (single-deck SD-CONCEDE2-3):
    the bidding side scores -contract, its melds and cards lost; the others their melds
    (no trick needed), the card points of the tricks they won before it and the
    ``TableRules.concede_bonus``. ``cards``: the card points won before the concession."""
    results: dict[_S, SideResult] = {}
    for side in _scorers(bidders, ruleset):
        won = cards.get(side, 0)
        if side is bidders:
            results[side] = SideResult(won, 0, 0, -bid, False)
            continue
        meld = melds.get(side, 0)
        made = won + meld
        results[side] = SideResult(won, meld, made, made + ruleset.table.concede_bonus, True)
    return results


def score_renege(bidders: _S, bid: int, offenders: _S, melds: Mapping[_S, int],
                 ruleset: Ruleset) -> dict[_S, SideResult]:
    """Each scorer's result for a hand ended by a renege claimed and found (single-deck
    SD-LAW2): the offenders -contract if they bid, else 0; the others their melds and every card
    point of the pack with the last trick's (as their made, checked against the contract when
    they bid)."""
    every = ruleset.total_card_points + ruleset.last_trick_bonus
    results: dict[_S, SideResult] = {}
    for side in _scorers(bidders, ruleset):
        if side is offenders:
            results[side] = SideResult(0, 0, 0, -bid if side is bidders else 0, False)
            continue
        made = every + melds.get(side, 0)
        score = made if side is not bidders or made >= bid else -bid
        results[side] = SideResult(every, melds.get(side, 0), made, score, True)
    return results


def game_winner(totals: Mapping[_S, int], bidders: _S | None,
                ruleset: Ruleset, made: bool = True) -> _S | None:
    """The scorer that has won the game with these running totals after a hand, or ``None``
    (DP-GAME): the bidding side at the target wins first (D16); else of the others at the
    target the highest (equal highest: nobody yet). After a hand without bidders (thrown in)
    likewise of all the scorers. ``TableRules.game_order`` (single-deck SD-GAME4): ``highest``
    counts nobody first; ``bid-out``: only bidders who ``made`` their contract win."""
    target = ruleset.game_end.target
    scorers = _scorers(bidders, ruleset)
    order = ruleset.table.game_order
    if order == "bid-out":
        if bidders is not None and made and totals.get(bidders, 0) >= target:
            return bidders
        return None
    if order == "highest":
        return _highest(totals, scorers, target)
    if bidders is not None:
        if totals.get(bidders, 0) >= target:
            return bidders
        return _highest(totals, [s for s in scorers if s is not bidders], target)
    return _highest(totals, scorers, target)


def _scorers(like: _S | None, ruleset: Ruleset) -> tuple[_S, ...]:
    """The seating's scorers (all of ``like``'s kind: a seating keeps scores by side or by
    seat)."""
    return cast("tuple[_S, ...]", ruleset.seating.scorers)


def _highest(totals: Mapping[_S, int], scorers: Sequence[_S], target: int) -> _S | None:
    """Of ``scorers`` at the target, the one with the highest total (a tie: ``None``)."""
    there = [scorer for scorer in scorers if totals.get(scorer, 0) >= target]
    if not there:
        return None
    best = max(totals[scorer] for scorer in there)
    top = [scorer for scorer in there if totals[scorer] == best]
    return top[0] if len(top) == 1 else None
