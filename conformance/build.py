"""Turn a case into a game record reached by legal play, and its expected verdict.

The deal is built so that the example's situation arises: the cards the example names are dealt
(or placed in the stock where the player will draw them), the rest of the pack is shuffled with a
generator seeded by the case id, and the scripted tricks are played with cards chosen so that the
intended player wins each one (the engine decides who does). Then the battle is played out to its
end by the scribe's policy, and the claimed totals are the engine's count. If a seed gives no
way to stage the script, the next seed is tried: the output depends on the case id alone.

The verdict comes from the case (the rulebook), never from the engine: the engine is what the
fixture checks. Only the positions (which trick, which seat) come from the staging.

Old-time Pinochle's cases are staged the same way, with the card after the hands turned up (a card
of the case's trump suit; ``oldtime_cases.expected_turns`` says what the table then looks like
after each trick), and without objections: that ruleset has no irregularity laws, so an illegal
meld is reported at once and scores nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any

from pinochle.adjudicator import Ruleset, ruleset_from_tags
from pinochle.notation.cards import Card, Rank, Seat, Suit
from pinochle.notation.events import Battle, Claim, Comment, Game, Record, Tag, Trick
from pinochle.notation.melds import MeldKind
from pinochle.simulator.deal import deal

from . import oldtime_cases
from .cases import (
    PACK, Attempt, Case, GameCase, MeldCase, PlayCase, TrickCase,
    meld_cards, ruleset_name, table_value,
)
from .built import RULEBOOKS, Built, NoFit, first_fit, table_checks
from .fixture import (
    BattleCheck, DrawCheck, Expected, FindingCheck, MeldCheck, TrickCheck, TurnCheck,
    seat_text,
)
from .partnership.build import build_double_pack
from .partnership.cases import DPCase
from .scribe import BuildError, Scribe

EAST, WEST = Seat.EAST, Seat.WEST
HAND = 12
ATTEMPTS = 200


#: Who stages each ruleset's cases: the partnership game's at a table of four
#: (``partnership.build``); a ruleset not named here is two-handed (``build_two_handed``).
STAGINGS: Mapping[str, Callable[[Any], Built]] = {"double-pack": build_double_pack}


def build(case: Case | DPCase) -> Built:
    """The case staged by its ruleset's staging (``STAGINGS``)."""
    return STAGINGS.get(ruleset_name(case), build_two_handed)(case)


def build_two_handed(case: Case) -> Built:
    """A two-handed game's case staged by its kind (a table case needs no record)."""
    if isinstance(case, TrickCase):
        return first_fit(case, _build_trick, ATTEMPTS)
    if isinstance(case, MeldCase):
        return first_fit(case, _build_meld, ATTEMPTS)
    if isinstance(case, GameCase):
        return _build_game(case)
    if isinstance(case, PlayCase):
        return first_fit(case, _build_play, ATTEMPTS)
    return Built(case, None, Expected(tables=table_checks(case.tables)))


# --- records ------------------------------------------------------------------------------------


def _record(case: Case, battles: Iterable[Battle], tags: Mapping[str, str],
            game_claim: tuple[int, int] | None = None) -> Record:
    rulebook = RULEBOOKS[ruleset_name(case)]
    header: list[Tag | Comment] = [Tag(name="Event", value=f"{rulebook}: {case.id}")]
    header += [Tag(name=name, value=value) for name, value in tags.items()]
    quote = f"{case.source.section}, {case.source.row}: {case.source.text}".replace("}", ")")
    header.append(Comment(text=quote, brace=True))
    closing = () if game_claim is None else (
        Claim(category="game", east=game_claim[0], west=game_claim[1]),)
    return Record(games=(Game(header=tuple(header), battles=tuple(battles), closing=closing),))


def _shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    result = list(cards)
    rng.shuffle(result)
    return result


def _minus(cards: Iterable[Card], taken: Iterable[Card]) -> list[Card]:
    left = list(cards)
    for card in taken:
        left.remove(card)
    return left


def _pack(ruleset: Ruleset) -> tuple[Card, ...]:
    """The ruleset's pack, copies counted: East Point's as ``cases.PACK`` lists it, old-time
    Pinochle's as its rulebook does (``oldtime_cases.pack``), in the same order."""
    return oldtime_cases.pack() if ruleset.upcard else PACK


def _turn_up(cards: list[Card], trump: Suit | None, avoid: AbstractSet[Card] = frozenset(),
             ) -> Card | None:
    """For a ruleset that turns up a card: take one of the ``trump`` suit out of ``cards`` to be
    the upcard (OT6B), not one of ``avoid`` and not a nine when another will do (a turned-up
    nine scores the dealer 10); ``None`` without a trump suit. No such card: ``NoFit``."""
    if trump is None:
        return None
    suited = [c for c in cards if c.suit is trump]
    for fits in (lambda c: c not in avoid and c.rank is not Rank.NINE,
                 lambda c: c not in avoid, lambda c: c.rank is not Rank.NINE):
        chosen = [c for c in suited if fits(c)]
        if chosen:
            cards.remove(chosen[0])
            return chosen[0]
    raise NoFit()


# --- Examples of Tricks -------------------------------------------------------------------------


def _build_trick(case: TrickCase, rng: random.Random) -> Built:
    """The example is the battle's first trick: the leader (nondealer) was dealt ``lead`` and the
    follower (dealer) ``follow``; the rest of the pack is shuffled into the hands and stock."""
    ruleset = ruleset_from_tags(case.tags)
    rest = _shuffled(_minus(_pack(ruleset), (case.lead, case.follow)), rng)
    hands = {case.leader: [case.lead, *rest[:HAND - 1]],
             case.leader.other: [case.follow, *rest[HAND - 1:2 * HAND - 2]]}
    stock = rest[2 * HAND - 2:]
    upcard = _turn_up(stock, case.trump)
    scribe = Scribe(ruleset, 1, case.leader.other, sorted(hands[EAST]), sorted(hands[WEST]), stock,
                    upcard)
    winner = scribe.trick(case.lead, case.follow)
    expected_winner = case.leader if case.winner == "leader" else case.leader.other
    if winner is not expected_winner:
        raise BuildError(f"{case.id}: the engine gives the trick to {winner.word}, the rulebook "
                         f"to the {case.winner}; fix the engine before regenerating")
    scribe.play_out(melds=True)
    check = TrickCheck(battle=1, trick=1, lead=str(case.lead), follow=str(case.follow),
                       leader=seat_text(case.leader), winner=seat_text(expected_winner),
                       role=case.winner,
                       rule=case.rule)
    return Built(case, _record(case, [scribe.finish()], case.tags), Expected(tricks=[check]))


# --- melding examples, R9A, V2 ------------------------------------------------------------------


def _build_meld(case: MeldCase, rng: random.Random) -> Built:
    ruleset = ruleset_from_tags(case.tags)
    melder, other = case.melder, case.melder.other
    steps = case.steps
    winners = [step.winner or melder for step in steps]

    # Faces the example speaks of reach the melder only as scripted; other cards are fillers.
    reserved = set(case.hold) | set(case.opponent_holds)
    for step in steps:
        reserved |= {c for c in (step.play, step.draw) if c is not None}
        for attempt in _attempts(step):
            reserved |= set(_kind_cards(case, attempt.kind))
    if case.never is not None:
        reserved |= set(meld_cards(case.never))
    drawn = [step.draw for step in steps if step.draw is not None]
    pool = _minus(_pack(ruleset), [*case.hold, *case.opponent_holds, *drawn])
    upcard = _turn_up(pool, case.trump, reserved)
    fillers = _shuffled([c for c in pool if c not in reserved], rng)
    spare = _shuffled([c for c in pool if c in reserved], rng)

    melder_hand = [*case.hold, *fillers[:HAND - len(case.hold)]]
    fillers = fillers[HAND - len(case.hold):]
    stock: list[Card | None] = [None] * ruleset.stock_size
    for k, (step, winner) in enumerate(zip(steps, winners)):
        slot = 2 * k + (0 if winner is melder else 1)
        last = k == len(steps) - 1
        if slot < len(stock) and (step.draw is not None or not last):
            stock[slot] = step.draw if step.draw is not None else fillers.pop()
    rest = _shuffled(fillers + spare, rng)
    other_hand = [*case.opponent_holds, *rest[:HAND - len(case.opponent_holds)]]
    rest = rest[HAND - len(case.opponent_holds):]
    stock = [card if card is not None else rest.pop() for card in stock]
    assert not rest

    hands = {melder: sorted(melder_hand), other: sorted(other_hand)}
    # ignore: every slot of the stock holds a card now (filled just above)
    scribe = Scribe(ruleset, 1, case.dealer, hands[EAST], hands[WEST],
                    stock, upcard)  # type: ignore[arg-type]
    meld_totals = {seat: case.total if seat is melder else 0 for seat in (EAST, WEST)}
    if upcard is not None and upcard.rank is Rank.NINE:         # OT6B: the dealer's 10
        meld_totals[case.dealer] += oldtime_cases.NINE_UP
    expected = Expected(battles=[BattleCheck(battle=1, melds={
        seat_text(seat): points for seat, points in meld_totals.items()})],
        tables=table_checks(case.tables))
    melds: list[MeldCheck] = []
    findings: list[FindingCheck] = []
    scores: list[int] = []          # what each meld of the record scores, in order
    for number, (step, winner) in enumerate(zip(steps, winners), start=1):
        lead, follow = _choose(scribe, melder, winner, step.play, reserved)
        if scribe.trick(lead, follow) is not winner:
            raise BuildError(f"{case.id}: trick {number} did not go as planned")
        for attempt in _attempts(step):
            seat = attempt.seat or winner
            if attempt is step.meld:
                melds.append(_meld_check(number, seat, attempt, case.hand))
            scribe.meld(seat, attempt.kind, attempt.claimed, attempt.concealed)
            scores.append(attempt.claimed if attempt.finding is None else 0)
            if attempt.finding is not None:
                findings.append(FindingCheck(rule=attempt.finding, battle=1, trick=number))
                if ruleset.laws.melds_await_objection:
                    scribe.object_meld(seat.other)
        scribe.end_turn()
    scribe.play_out(melds=False)
    battle = scribe.finish()
    if case.never is not None:
        melds += _never_checks(case, battle)
        melds.sort(key=lambda m: m.trick)
    update: dict[str, Any] = {"melds": melds, "findings": findings}
    if case.turns:
        assert upcard is not None, "turns are asked of a battle with a turned-up card"
        dealt = tuple(card for card in stock if card is not None)
        update["turns"] = _turn_checks(case, battle, upcard, dealt,
                                       ("draws", "stock", "hands", "phase"), scores)
    expected = expected.model_copy(update=update)
    return Built(case, _record(case, [battle], case.tags), expected)


def _attempts(step: Any) -> tuple[Attempt, ...]:
    """A step's melds in order: its meld, then any further ones of the same turn."""
    return ((step.meld,) if step.meld is not None else ()) + step.also


def _kind_cards(case: MeldCase, kind: MeldKind) -> tuple[Card, ...]:
    """The cards a meld kind names: R9A's contents column, or old-time's (``nominal_cards``)."""
    if case.trump is None:
        return meld_cards(kind)
    return oldtime_cases.nominal_cards(kind, case.trump)


def _turn_checks(case: PlayCase | MeldCase, battle: Battle, upcard: Card,
                 stock: tuple[Card, ...], asks: tuple[str, ...],
                 scores: list[int] | None = None) -> list[TurnCheck]:
    """The ``TurnCheck`` of each trick of ``case.turns``: the fields ``asks`` names, with the
    values the rules give (``oldtime_cases.expected_turns``)."""
    turns = oldtime_cases.expected_turns(case, battle, upcard, stock, scores)
    checks = []
    for trick, values in turns.items():
        fields: dict[str, Any] = {name: values[name] for name in asks}
        if "draws" in fields:
            fields["draws"] = [DrawCheck(**d) for d in fields["draws"]]
        checks.append(TurnCheck(battle=battle.number, trick=trick, **fields))
    return checks


def _choose(scribe: Scribe, melder: Seat, winner: Seat, play: Card | None,
            reserved: set[Card]) -> tuple[Card, Card]:
    """Cards for a scripted trick that ``winner`` wins: the melder plays ``play`` or a filler;
    his opponent a card that gives the trick to ``winner``, a filler if he can."""
    state = scribe.state
    leader = state.leader
    hand = {seat: state.hand(seat) for seat in (EAST, WEST)}
    if play is not None:
        mine = [play]
    else:
        mine = list(dict.fromkeys(c for c in hand[melder] if c not in reserved))
    theirs = sorted(dict.fromkeys(hand[melder.other]), key=lambda c: c in reserved)
    leads, follows = (mine, theirs) if leader is melder else (theirs, mine)
    for lead in leads:
        for follow in follows:
            if (leader.other if state.trick_table.beats(lead, follow) else leader) is winner:
                return lead, follow
    raise NoFit()


def _meld_check(trick: int, seat: Seat, attempt: Attempt, hand: int | None = None) -> MeldCheck:
    return MeldCheck(battle=1, trick=trick, seat=seat_text(seat), kind=str(attempt.kind),
                     concealed=None if attempt.concealed is None else
                     [str(c) for c in attempt.concealed],
                     turn=attempt.turn, legal=attempt.legal, rule=attempt.rule,
                     points=attempt.points, hand=hand)


def _never_checks(case: MeldCase, battle: Battle) -> list[MeldCheck]:
    """M7.2: at every trick the melder wins, ``case.never`` is out of reach: R9C while its cards
    are all still in his hand (exposed, with no concealed copy to be had), R9G once one of them
    has gone to a trick (its other copy is the opponent's). Which cards he had played is read
    off the record's lines."""
    kind = case.never
    assert kind is not None
    value = table_value(kind)
    needed, held = Counter(meld_cards(kind)), Counter(case.hold)
    played: Counter[Card] = Counter()
    leader = battle.dealer.other
    checks = []
    for event in battle.events:
        if not isinstance(event, Trick):
            continue
        played[event.lead if leader is case.melder else event.follow] += 1
        leader = event.winner  # type: ignore[assignment]  # the scribe marks every winner
        if event.winner is case.melder:
            complete = all(held[c] - played[c] >= n for c, n in needed.items())
            checks.append(MeldCheck(battle=battle.number, trick=event.number,
                                    seat=seat_text(case.melder), kind=str(kind), concealed=None,
                                    turn=None, legal=False, rule="R9C" if complete else "R9G",
                                    points=value))
    return checks


# --- C4, V3 -------------------------------------------------------------------------------------


def _build_game(case: GameCase) -> Built:
    """Seeded battles, dealt by the simulator's shuffle, dealer alternating (R4B), played out."""
    ruleset: Ruleset = ruleset_from_tags(case.tags)
    rng = random.Random(case.id)
    battles, checks = [], []
    totals = {seat: 0 for seat in ruleset.seats}     # the game totals by seat
    dealer = EAST
    for number in range(1, case.battles + 1):
        dealt = deal(ruleset, dealer, rng)
        scribe = Scribe(ruleset, number, dealer, dealt.east, dealt.west, dealt.stock)
        scribe.play_out(melds=True)
        for seat in ruleset.seats:
            totals[seat] += scribe.score(seat)
        battles.append(scribe.finish())
        checks.append(BattleCheck(battle=number, trick_total=case.trick_total))
        dealer = dealer.other
    tags = dict(case.tags)
    claim = None
    if case.battles > 1:
        tags["Battles"] = str(case.battles)
        claim = (totals[EAST], totals[WEST])
    record = _record(case, battles, tags, claim)
    return Built(case, record, Expected(battles=checks, tables=table_checks(case.tables)))


# --- old-time: a battle played out, the table after given tricks -------------------------------


def _build_play(case: PlayCase, rng: random.Random) -> Built:
    """The deal is shuffled, with ``case.upcard`` turned up (else the card after the hands) and
    ``case.first``'s cards dealt to the leader and the follower; the battle is played out by
    the policy; the checks are the case's."""
    ruleset = ruleset_from_tags(case.tags)
    dealer = case.dealer
    fixed = [] if case.first is None else [case.first[0], case.first[1]]
    rest = _shuffled(_minus(_pack(ruleset), fixed + ([case.upcard] if case.upcard else [])), rng)
    hands = {dealer.other: fixed[:1] + rest[:HAND - len(fixed[:1])]}
    rest = rest[HAND - len(fixed[:1]):]
    hands[dealer] = fixed[1:] + rest[:HAND - len(fixed[1:])]
    rest = rest[HAND - len(fixed[1:]):]
    upcard = case.upcard or rest.pop(0)
    scribe = Scribe(ruleset, 1, dealer, sorted(hands[EAST]), sorted(hands[WEST]), rest, upcard)
    tricks: list[TrickCheck] = []
    if case.first is not None:
        lead, follow, role, rule = case.first
        winner = dealer.other if role == "leader" else dealer
        if scribe.trick(lead, follow) is not winner:
            raise BuildError(f"{case.id}: the engine gives trick 1 to the other player; fix the "
                             "engine before regenerating")
        tricks.append(TrickCheck(battle=1, trick=1, lead=str(lead), follow=str(follow),
                                 leader=seat_text(dealer.other), winner=seat_text(winner),
                                 role=role, rule=rule))
    scribe.play_out(melds=case.melds)
    battle = scribe.finish()
    totals = case.meld_totals
    check = BattleCheck(battle=1, trick_total=case.trick_total, melds=None if totals is None else {
        seat_text(seat): totals["dealer" if seat is dealer else "nondealer"]
        for seat in (EAST, WEST)})
    expected = Expected(tricks=tricks, tables=table_checks(case.tables),
                        battles=[check] if check != BattleCheck(battle=1) else [],
                        turns=_turn_checks(case, battle, upcard, tuple(rest), case.asks))
    return Built(case, _record(case, [battle], case.tags), expected)


__all__ = ["STAGINGS", "Built", "BuildError", "build", "build_two_handed"]
