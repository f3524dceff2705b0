"""Score sheets: a battle recorded as its melds and claimed totals, with no deal and no trick
line (docs/rulings.md, "Score sheets").

Most scorekeepers write only what a score sheet holds: each meld as it was laid down
(``meld E ♥2 61``), the trick points, the score, the running total. ``replay`` hands such a
battle (``coverage.is_sheet``) a ``SheetState``: a ``BattleState`` without the deal whose every
meld is made in a turn of its own, after a trick its melder won (the sheet does not say which),
so that what the melds decide is judged as in any record: each meld's value by the table (R9A),
no combination twice (R9F), the old-time family's table read in every trump. What the sheet
decides as a whole is judged when the battle closes:

- the trump: an old-time family sheet names no upcard; the melds must agree on one trump suit
  (a royal marriage and a sequence are the trump's), or no reading makes them all right;
- the copies: a card is held by one player from the deal (or draw) to its play, and a played
  card melds no more, so the copies of a card that the two players' melds need together (each
  player's most in any one meld) are at most the pack's, in some reading of the trump;
- one meld a turn: the melds (a dix aside) are at most the tricks after which a meld may be
  made (every trick but the last while cards are left; the old-time family: while the stock
  lasts); each player's melds need as many tricks won;
- the trick points: the two players' claimed trick points share the pack's count (with the
  last trick's bonus) when both are given, and each is a count some of the pack's tricks make,
  as many as his melds needed at least, the other player's melds leaving him enough.

The battle's trick points are the sheet's: the ``tricks`` claim (a player's left out is the
rest of the pack's count), or else the ``score`` claim less the melds; so ``score`` = tricks +
melds (R3) and the game totals (R4A) are checked on them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from pinochle.notation.cards import ALL_CARDS, Card, Seat, Suit
from pinochle.notation.events import NOWHERE, Battle, CallOut, Claim, Knock, Meld, Span
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.rules.meldtables import meld_table
from pinochle.adjudicator.twohanded.records import MeldRecord
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.steps import Ended, Melded

__all__ = ["SheetState", "reachable", "sheet_notice", "sheet_state",
           "turns_to_meld"]

EAST, WEST = Seat.EAST, Seat.WEST
_FACE = {card.index: card for card in ALL_CARDS}


class _Claims(NamedTuple):
    tricks: Claim | None
    score: Claim | None
    melds: Claim | None
    total: Claim | None = None
    before: tuple[int, int] = (0, 0)        # the game totals before the battle, E and W


def sheet_state(ruleset: Ruleset, battle: Battle, complete: bool, before: Mapping[Seat, int],
                *, keep_log: bool = True) -> SheetState:
    """The state of a score-sheet battle; ``complete``: the record plays it out (not the last
    battle of an unfinished game); ``before``: the game totals before it (a knock's count)."""
    return SheetState.from_battle(ruleset, battle, complete, before, keep_log=keep_log)


def sheet_notice(index: int, rule: str) -> str:
    return (f"battle {index} is a score sheet (no deal, no trick lines): the melds, the trick "
            "points and the totals are checked as far as a sheet shows them; who held, played "
            f"and won what, not ({rule}; the report lists the rules checked)")


def turns_to_meld(ruleset: Ruleset) -> int:
    """How many tricks of a two-handed battle are followed by a meld turn: all but the last
    (no card is left to meld with after it), or, where nobody melds once the stock is gone,
    those that draw from the stock."""
    tricks = ruleset.pack_size // len(ruleset.seats)
    if ruleset.melds_in_phase_b:
        return tricks - 1
    return (ruleset.stock_size + ruleset.upcard) // len(ruleset.seats)


@lru_cache(maxsize=16)
def _reach(values: tuple[int, ...]) -> tuple[int, ...]:
    """``reach[c]``: the bitmask of the counts that ``c`` cards of the pack can make."""
    reach = [0] * (len(values) + 1)
    reach[0] = 1
    for n, value in enumerate(values):
        for c in range(n, -1, -1):
            if reach[c]:
                reach[c + 1] |= reach[c] << value
    return tuple(reach)


def _values(ruleset: Ruleset) -> tuple[int, ...]:
    return tuple(sorted(ruleset.card_points.get(card, 0) for card, n in ruleset.pack.items()
                        for _ in range(n)))


def reachable(ruleset: Ruleset, least: int, most: int, last: bool | None = None) -> int:
    """The bitmask of the trick points (raw, before any rounding) a player can take with
    ``least`` to ``most`` tricks: the points of their cards, with the last trick's bonus when
    he won it (``last``: True he did, False he did not, None either)."""
    reach = _reach(_values(ruleset))
    tricks = ruleset.pack_size // len(ruleset.seats)
    bonus = ruleset.last_trick_bonus
    mask = 0
    for t in range(max(least, 0), min(most, tricks) + 1):
        cards = reach[len(ruleset.seats) * t]
        if not bonus:
            mask |= cards
            continue
        if t >= 1 and last is not False:
            mask |= cards << bonus
        if t <= tricks - 1 and last is not True:
            mask |= cards
    return mask


def _rounded(ruleset: Ruleset, points: int) -> int:
    up = ruleset.round_up_from                  # 25-steps TPV3
    return points - points % 10 + (10 if points % 10 >= up else 0) if up else points


class SheetState(BattleState):
    """A score sheet's battle (see the module docstring)."""

    __slots__ = ("_claims", "_complete", "_sheet_points", "_knock")

    _claims: _Claims
    _complete: bool
    _sheet_points: tuple[int, int] | None
    _knock: tuple[Seat, int] | None

    @classmethod
    def from_battle(cls, ruleset: Ruleset, battle: Battle, complete: bool,
                    before: Mapping[Seat, int], *, keep_log: bool = True) -> SheetState:
        """``sheet_state``'s state: its claims read from the battle's lines."""
        state = cls.without_deal(ruleset, battle.dealer, keep_log=keep_log)
        tricks = score = melds = total = None
        early = recorded = False
        knock: tuple[Seat, int] | None = None
        for event in battle.events:
            if isinstance(event, Claim) and event.north is None:  # (North's: off_table's)
                if event.category == "tricks" and tricks is None:
                    tricks = event
                elif event.category == "score" and score is None:
                    score = event
                elif event.category == "melds" and melds is None:
                    melds = event
                elif event.category == "total" and total is None:
                    total = event
                recorded = True
            elif isinstance(event, Meld):
                recorded = True
            elif isinstance(event, Knock | CallOut):
                early = True                # play stopped early: the counts are partial
                if (isinstance(event, Knock) and event.count is not None
                        and knock is None and ruleset.game_end.proof == "next-trick"):
                    # TPV6: the sheet's trick points hold the proving trick's cards; the count
                    # at the knock is the one stated (its cards are not on the sheet)
                    knock = (event.seat, event.count - before[event.seat])
        # a battle with no meld and no claim is not a sheet of a played battle: left unfinished
        state.take_sheet(battle, _Claims(tricks, score, melds, total, (before[EAST], before[WEST])),
                         knock, complete and recorded and not early)
        return state

    def take_sheet(self, battle: Battle, claims: _Claims, knock: tuple[Seat, int] | None,
                   complete: bool) -> None:
        """What the sheet says, read from ``battle``'s lines (``from_battle``): its ``claims``;
        a ``knock`` awaiting its proof, with the knocker's trick points at it (TPV6); whether
        its counts are ``complete``. The dealer's bonus for a turned-up nine is credited."""
        self._knock = knock
        self._claims = claims
        self._turned_nine(battle)
        self._complete = complete
        # Until the battle closes (a knock's count, TP25), the trick points are the sheet's claim.
        tricks = claims.tricks
        self._sheet_points = None if tricks is None else (tricks.east or 0, tricks.west or 0)

    def _turned_nine(self, battle: Battle) -> None:
        """The dealer's bonus for a nine turned up (OT6B) is meld points no meld line shows: the
        dealer has it when his claimed melds (or his score less his tricks) are his meld lines'
        and the bonus. Credited at once, as a deal credits it (a knock counts it)."""
        ruleset = self.ruleset
        bonus = ruleset.upcard_nine_bonus
        if not bonus or not ruleset.upcard:
            return
        dealer = battle.dealer
        tricks, score, melds = self._claims.tricks, self._claims.score, self._claims.melds
        lines = sum(e.points for e in battle.events if isinstance(e, Meld) and e.seat is dealer)

        def said(claim: Claim | None) -> int | None:
            return None if claim is None else claim.east if dealer is EAST else claim.west

        claimed = said(melds)
        if claimed is None:
            total, won = said(score), said(tricks)
            claimed = None if total is None or won is None else total - won
        if claimed == lines + bonus:
            self._meld_points[self._place[dealer]] += bonus

    @property
    def claims(self) -> _Claims:
        """The sheet's claims: its trick points, score, melds and total lines (the first of
        each), and the game totals before the battle."""
        return self._claims

    @property
    def complete(self) -> bool:
        """The record plays the battle out and its sheet has a meld or a claim, and play did
        not stop early: its counts are whole, so they are checked."""
        return self._complete

    def meld(self, seat: Seat, kind: MeldKind, points: int,
             from_concealed: Sequence[Card] | None = None, *, span: Span = NOWHERE,
             points_span: Span | None = None) -> Melded:
        """A meld of the sheet: made in a turn of its own, after a trick its melder won."""
        self._turn, self._winner, self._melded, self._free = True, seat, False, 0
        self._stock_at_turn = len(self._stock)
        try:
            return super().meld(seat, kind, points, from_concealed, span=span,
                                points_span=points_span)
        finally:
            self._turn, self._winner = False, None

    def trick_points(self, seat: Seat) -> int:
        knock = self._knock
        if knock is not None and knock[0] is seat and not self._closed:
            return knock[1] - self.meld_points(seat)
        points = self._sheet_points
        if points is None:
            return super().trick_points(seat)
        return points[0] if seat is EAST else points[1]

    def close(self) -> None:
        if self._closed:
            return
        super().close()
        judge = _SheetJudge(self)
        judge.run()
        self._sheet_points = judge.points
        if self._complete:
            self._over = True
            self.end = Ended(self.ids.end, None, ())


class _SheetJudge:
    """The checks of a whole sheet, when its battle closes."""

    def __init__(self, state: SheetState) -> None:
        self.state = state
        self.ruleset = ruleset = state.ruleset
        self.ids = ruleset.ids
        self.melds = [m for m in state.melds if m.status != "moot"]
        severe = ruleset.laws.judges_melds_at_once
        self.severity = Severity.ERROR if severe else Severity.WARNING
        self.points: tuple[int, int] | None = None

    def report(self, rule: str, kind: Kind, message: str, span: Span,
               severity: Severity = Severity.ERROR, claimed: Any = None,
               expected: Any = None) -> None:
        self.state.findings.append(Finding(rule=rule, kind=kind, severity=severity, span=span,
                                           message=message, claimed=claimed,
                                           expected=expected))

    def run(self) -> None:
        readings = self.check_trump()
        self.check_copies(readings)
        least = self.check_turns()
        self.points = self.check_trick_points(least)

    # the trump ---------------------------------------------------------------------------

    def _tables(self) -> dict[Suit | None, Any]:
        ruleset = self.ruleset
        if self.state.trump_known or not ruleset.trump_melds:
            return {self.state.trump: meld_table(ruleset, self.state.trump).needs}
        return {suit: meld_table(ruleset, suit).needs for suit in ruleset.trump_melds}

    def check_trump(self) -> list[Suit | None]:
        """The readings of the trump suit that make every meld right (those whose value is
        wrong in all readings are the table's findings already, and read nothing)."""
        tables = self._tables()
        readings = list(tables)
        if len(readings) == 1:
            return readings
        for record in self.melds:
            fits = [t for t in readings if record.kind in tables[t]
                    and tables[t][record.kind].points == record.claimed]
            anywhere = [t for t in tables if record.kind in tables[t]
                        and tables[t][record.kind].points == record.claimed]
            if not anywhere or fits:
                readings = fits or readings
                continue
            earlier = [m for m in self.melds[:record.index] if m.kind != record.kind]
            said = ", ".join(f"{m.kind} {m.claimed}" for m in earlier[-3:])
            self.report(self.ids.table, Kind.ILLEGAL_MELD,
                        f"{record.seat.word}'s {record.kind} {record.claimed} needs "
                        f"{_suits(anywhere)} as trumps, which the melds before it ({said}) rule "
                        f"out: no trump suit makes all the melds of this sheet right "
                        f"({self.ids.table})", record.span, self.severity)
        return readings

    # the copies --------------------------------------------------------------------------

    def check_copies(self, readings: list[Suit | None]) -> None:
        """A card's copies in both players' melds, each player's most in one meld, are at most
        the pack's, in some reading; the first meld that breaks it in every reading is
        reported (once)."""
        tables = self._tables()
        pack = self.ruleset.pack
        most: dict[Suit | None, dict[Seat, dict[int, tuple[int, MeldRecord]]]] = {
            t: {EAST: {}, WEST: {}} for t in readings}
        for record in self.melds:
            broken: list[tuple[Card, int, int, MeldRecord, int, MeldRecord]] = []
            for t in readings:
                need = tables[t].get(record.kind)
                if need is None:
                    break
                mine = most[t][record.seat]
                theirs = most[t][self.ruleset.seating.opponent(record.seat)]
                found = None
                for face, copies in need.pairs:
                    if copies > mine.get(face, (0, record))[0]:
                        mine[face] = (copies, record)
                    theirs_most = theirs.get(face)
                    if theirs_most is not None and found is None:
                        held = _FACE[face]
                        own = mine[face]
                        if own[0] + theirs_most[0] > pack.get(held, 0):
                            found = (held, pack.get(held, 0), own[0], own[1], theirs_most[0],
                                     theirs_most[1])
                if found is None:
                    break
                broken.append(found)
            if broken and len(broken) == len(readings):
                held, copies, n, first, m, second = broken[0]
                self.report(self.ids.cards, Kind.ILLEGAL_MELD,
                            f"{first.seat.word}'s {first.kind} {first.claimed} and "
                            f"{second.seat.word}'s {second.kind} {second.claimed} need {n} and "
                            f"{m}, {n + m} copies of {held}, and the pack holds {copies}: a "
                            "card is in one player's hand from the deal to its play, so they "
                            f"cannot both have melded them ({self.ids.cards})", record.span,
                            self.severity)
                return

    # one meld a turn ----------------------------------------------------------------------

    def check_turns(self) -> dict[Seat, int]:
        """The melds made in turns (a dix aside) are at most the meld turns of a battle; each
        player won at least as many tricks as he made turns of melds."""
        tables = self._tables()
        turns = turns_to_meld(self.ruleset)
        made = {EAST: 0, WEST: 0}
        free = {EAST: 0, WEST: 0}
        reported = False
        for record in self.melds:
            needs = [tables[t].get(record.kind) for t in tables]
            if any(n is not None and n.free for n in needs):
                free[record.seat] += 1
                continue
            made[record.seat] += 1
            if not reported and made[EAST] + made[WEST] > turns:
                reported = True
                rule = self.ids.one_meld
                self.report(rule, Kind.ILLEGAL_MELD,
                            f"this is the sheet's meld {made[EAST] + made[WEST]} (East "
                            f"{made[EAST]}, West {made[WEST]}), but a turn has one meld "
                            f"({rule}), and only {turns} tricks of a battle are followed by a "
                            f"meld turn ({self.ids.melder})", record.span, self.severity)
        return {seat: max(made[seat], 1 if free[seat] else 0) for seat in (EAST, WEST)}

    # the trick points --------------------------------------------------------------------

    def check_trick_points(self, least: dict[Seat, int]) -> tuple[int, int]:
        state, ruleset = self.state, self.ruleset
        rule = self.ids.trick_points
        claim, score = state.claims.tricks, state.claims.score
        total = ruleset.total_card_points + ruleset.last_trick_bonus
        tricks = ruleset.pack_size // len(ruleset.seats)
        east = west = None
        if claim is not None:
            east, west = claim.east, claim.west
        check = state.complete and claim is not None
        if check and east is not None and west is not None:
            assert claim is not None
            if not self._share(east, west, total):
                self.report(rule, Kind.MISCOUNT,
                            f"the trick points East {east} and West {west} make "
                            f"{east + west}, but the two players share the pack's count, "
                            f"{total}{self._with_bonus()} ({rule})", claim.span,
                            claimed=east + west, expected=total)
                check = False
        if check:
            assert claim is not None
            for seat, value, span in ((EAST, east, claim.east_span),
                                      (WEST, west, claim.west_span)):
                if value is None:
                    continue
                lo, hi = least[seat], tricks - least[ruleset.seating.opponent(seat)]
                if not self._made(reachable(ruleset, lo, hi), value):
                    self.report(rule, Kind.MISCOUNT,
                                f"{seat.word}'s trick points, {value}, are no count he can "
                                f"have won{self._why(seat, least)}: no "
                                f"{_tricks(lo, hi, tricks)} of this pack count {value} "
                                f"({rule})", span, claimed=value)
        if east is None and west is not None and state.complete:
            east = _rounded(ruleset, total - west) if not ruleset.round_up_from else None
        if west is None and east is not None and state.complete:
            west = _rounded(ruleset, total - east) if not ruleset.round_up_from else None
        if score is not None:
            if east is None and score.east is not None:
                east = score.east - state.meld_points(EAST)
            if west is None and score.west is not None:
                west = score.west - state.meld_points(WEST)
        running = state.claims.total
        if running is not None:             # the running total less the earlier ones
            before = state.claims.before
            if east is None and running.east is not None:
                east = running.east - before[0] - state.meld_points(EAST)
            if west is None and running.west is not None:
                west = running.west - before[1] - state.meld_points(WEST)
        source = score or running
        if (claim is None and source is not None and state.complete and east is not None
                and west is not None and not self._share(east, west, total)):
            self.report(rule, Kind.MISCOUNT,
                        f"the {source.category} claims leave trick points East {east} and "
                        f"West {west} (less the melds), which make {east + west}, but the "
                        f"two players share the pack's count, {total}{self._with_bonus()} "
                        f"({rule})", source.span, claimed=east + west, expected=total)
        return (east or 0, west or 0)

    def _share(self, east: int, west: int, total: int) -> bool:
        ruleset = self.ruleset
        if not ruleset.round_up_from:
            return east + west == total
        return any(_rounded(ruleset, raw) == east and _rounded(ruleset, total - raw) == west
                   for raw in range(max(east - 10, 0), east + 10))

    def _made(self, mask: int, value: int) -> bool:
        if not self.ruleset.round_up_from:
            return value >= 0 and bool(mask >> value & 1)
        return any(mask >> raw & 1 and _rounded(self.ruleset, raw) == value
                   for raw in range(max(value - 10, 0), value + 10))

    def _with_bonus(self) -> str:
        bonus = self.ruleset.last_trick_bonus
        if not bonus:
            return ""
        return f" (the cards' {self.ruleset.total_card_points} and the last trick's {bonus})"

    def _why(self, seat: Seat, least: dict[Seat, int]) -> str:
        parts = []
        if least[seat]:
            parts.append(f"his melds need {plural(least[seat], 'trick')} won")
        other = self.ruleset.seating.opponent(seat)
        if least[other]:
            parts.append(f"{other.word}'s need {plural(least[other], 'trick')}")
        return f" ({'; '.join(parts)})" if parts else ""


def _tricks(lo: int, hi: int, every: int) -> str:
    """``lo`` to ``hi`` of a battle's ``every`` tricks, in words."""
    if lo <= 0:
        return f"{hi} or fewer tricks" if hi < every else "tricks"
    return f"{lo} to {hi} tricks"


def _suits(suits: Sequence[Suit | None]) -> str:
    named = [str(s) for s in suits if s is not None]
    return " or ".join(named) if named else "no trump"
