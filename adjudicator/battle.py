"""The state of one battle of East Point Pinochle, driven one action at a time.

``BattleState`` holds the eight sites of R7A as card counts, whose turn it is, the scores, and the
melds each player has scored. Every action comes in three forms, PokerKit-style:

- ``can_X(...) -> bool`` and ``verify_X(...) -> list[Finding]`` (empty = legal) ask;
- ``X(...)`` applies the action, appends a step record to ``log`` and any finding to
  ``findings``. It never raises and never refuses what a record says happened: an illegal meld
  is applied as made (R11B: it stands unless the opponent objects in time), a card the player
  does not hold is played all the same (reported; his hand counts one card fewer). Only what
  cannot be applied at all (a card out of turn, anything after the battle ended) is reported
  and ignored.

A battle runs: the nondealer leads (R8), ``play`` leader, ``play`` follower; the trick is decided
(R8C) and gathered (R8D); the winner may ``meld`` once (R8D, R9E); ``finish_turn`` makes the draws
(R8E, R11E); repeat until both hands are empty (R8F) or only one player has cards (R11F).
Call ``close()`` at the end: melds whose objection window is still open then stand (R11B).

The card rules of a meld (R9A, R9B1, R9C, R9F, R9G) are ``melding.judge_meld``'s; this module adds
whose turn it is (R8D, R9E, R11D) and the points claimed (R9A).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from pinochle.notation.cards import Card, Seat, format_cards
from pinochle.notation.errors import IllegalError
from pinochle.notation.events import NOWHERE, Span
from pinochle.notation.melds import MeldKind

from .deals import check_deal
from .findings import Finding, Kind, Severity
from .melding import MeldVerdict, judge_meld
from .melding import legal_melds as _legal_melds
from .meldtables import BY_INDEX, FACES, NO_CARDS, Counts, cards_of
from .rulesets import Ruleset
from .steps import (
    Discovered, Drew, Ended, ExposedCards, Melded, ObjectedToDeal, ObjectedToMeld, Played, Step,
    TurnFinished,
)
from .tricks import TABLE as _DECIDE

__all__ = ["BattleState", "MeldRecord", "SeatPosition", "Sites", "TableInfo", "check_deal"]

EAST, WEST = Seat.EAST, Seat.WEST
SEATS = (EAST, WEST)
#: Steps on the hot path are made with ``tuple.__new__`` (every field given), which skips the
#: Python-level ``__new__`` a NamedTuple has: the same value, made a few times faster.
_new = tuple.__new__
STANDS = "illegal, stands: no objection in time (R11B)"
FOUND_OUT = "he is found with too many cards, and R11D's penalty applies"
ALREADY_FOUND_OUT = "he was already found with too many cards, and R11D's penalty applies"
NEVER_FOUND_OUT = ("he is never found with too many cards, so R11D's penalty never applies "
                   "and he plays on with the extra card")

_POINTS: dict[int, tuple[Ruleset, list[int]]] = {}


def _card_points(ruleset: Ruleset) -> list[int]:
    """The ruleset's card points (R8G, V3) as a list indexed by ``Card.index``."""
    cached = _POINTS.get(id(ruleset))
    if cached is None or cached[0] is not ruleset:
        table = [0] * FACES
        for card, points in ruleset.card_points.items():
            table[card.index] = points
        cached = _POINTS[id(ruleset)] = (ruleset, table)
    return cached[1]


def _vector(cards: Sequence[Card]) -> list[int]:
    vector = [0] * FACES
    for card in cards:
        vector[card.index] += 1
    return vector


class Sites(NamedTuple):
    """The eight sites of R7A as card counts. For a record without faults each card of the pack
    is in exactly one of them (a card played without being held is counted in a pile but was
    never removed from a hand)."""

    stock: Counts
    east_concealed: Counts
    west_concealed: Counts
    east_exposed: Counts
    west_exposed: Counts
    trick: Counts
    east_pile: Counts
    west_pile: Counts


class TableInfo(NamedTuple):
    """What R10 entitles a player to know: the cards in his hand, in his opponent's hand (R10A),
    and in the stock (R10B); plus what lies face up (both exposed hands, the trick)."""

    seat: Seat
    hand: int
    opponent_hand: int
    stock: int
    own_exposed: Counts
    opponent_exposed: Counts
    trick: tuple[Card, ...]


@dataclass(frozen=True)
class SeatPosition:
    """One player's melding position: the hands and melds R9 looks at, and whether he may meld
    now (R8D, R9E, R11D) with the rule and a sentence that say why."""

    ruleset: Ruleset
    concealed: Counts
    exposed: Counts
    scored: frozenset[MeldKind]
    may_meld: bool
    turn_rule: str | None
    turn_reason: str
    played: Counts = NO_CARDS       # cards he played to tricks this battle (R9G)
    won: Counts = NO_CARDS          # those of them that won their trick (R9D)


class _Problem(NamedTuple):
    rule: str
    kind: Kind
    message: str
    claimed: Any
    expected: Any
    points_only: bool
    span: Span
    trick: int | None = None


@dataclass(slots=True, eq=False)
class MeldRecord:
    """A meld as made, and what became of it under R11B.

    ``status`` is ``open`` while the opponent may still object (until he plays his next card),
    then ``stood`` (no objection) or ``objected``; ``outcome`` after an objection is
    ``stands`` (the meld was correct), ``corrected`` or ``voided``."""

    index: int
    seat: Seat
    kind: MeldKind
    claimed: int
    table_points: int | None
    takes: tuple[Card, ...]
    trick: int
    span: Span
    problems: list[_Problem] = field(default_factory=list)
    added_scored: bool = False
    turn_slot: bool = False
    status: str = "open"
    outcome: str | None = None

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def points(self) -> int:
        """What the meld scores now: the claim, the table value once corrected, 0 once voided."""
        if self.outcome == "voided":
            return 0
        if self.outcome == "corrected" and self.table_points is not None:
            return self.table_points
        return self.claimed


class BattleState:
    """One battle: R7A's sites, turn order, draws, melds and scores. See the module docstring."""

    __slots__ = (
        "ruleset", "dealer", "deal_known", "end", "melds", "log", "findings",
        "_points", "_conc", "_exp", "_size", "_stock", "_piles", "_to_tricks", "_won_with",
        "_lead_held", "_trick_points", "_meld_points", "_scored", "_leader", "_lead", "_tricks",
        "_turn", "_winner", "_rule", "_melded", "_expected", "_stock_at_turn", "_drawn",
        "_nominal", "_debt", "_penalized", "_extra", "_played", "_over", "_closed",
        "_lone_noticed", "_open", "_keep_log",
    )

    def __init__(self, ruleset: Ruleset, dealer: Seat, east: Sequence[Card],
                 west: Sequence[Card], stock: Sequence[Card], *, keep_log: bool = True) -> None:
        """``keep_log=False`` leaves ``log`` empty (a replay that reads no steps is cheaper)."""
        self._setup(ruleset, dealer, True, keep_log)
        self._conc = [_vector(east), _vector(west)]
        self._size = [len(east), len(west)]
        self._stock: list[Card | None] = list(reversed(stock))

    @classmethod
    def without_deal(cls, ruleset: Ruleset, dealer: Seat, *, keep_log: bool = True
                     ) -> BattleState:
        """A battle whose deal the record omits: card possession cannot be checked, so plays and
        melds are checked only for turn order, trick winners, points and R9F. The stock is
        assumed to be the ruleset's size, so that draws can still be counted."""
        state = cls.__new__(cls)
        state._setup(ruleset, dealer, False, keep_log)
        state._conc = [[0] * FACES, [0] * FACES]
        state._size = [ruleset.hand_size, ruleset.hand_size]
        state._stock = [None] * ruleset.stock_size
        return state

    def _setup(self, ruleset: Ruleset, dealer: Seat, known: bool, keep_log: bool) -> None:
        self.ruleset = ruleset
        self.dealer = dealer
        self.deal_known = known
        self._points = _card_points(ruleset)
        self._exp = [[0] * FACES, [0] * FACES]
        self._piles = [[0] * FACES, [0] * FACES]
        self._to_tricks = [[0] * FACES, [0] * FACES]   # cards each played from his hand (R9G)
        self._won_with = [[0] * FACES, [0] * FACES]    # those that won their trick (R9D)
        self._lead_held = False
        self._trick_points = [0, 0]
        self._meld_points = [0, 0]
        self._scored: list[set[MeldKind]] = [set(), set()]
        self._leader = dealer.other            # R8: nondealer leads the first trick
        self._lead: Card | None = None          # leader's card of the trick in progress
        self._tricks = 0                        # tricks gathered
        self._turn = False                      # a trick winner's turn is open (meld, draws)
        self._winner: Seat | None = None
        self._rule: str | None = None           # the sub-rule that decided the last trick
        self._melded = False
        self._expected: tuple[Seat, ...] = ()   # the draws R8E calls for in this turn
        self._stock_at_turn = 0
        self._drawn: list[Seat] = []
        self._nominal = [ruleset.hand_size, ruleset.hand_size]  # what each should hold (R10A)
        self._debt = [0, 0]                     # cards played that the player did not hold
        self._penalized = [False, False]        # R11D: found with too many cards
        self._extra: list[list[_Problem]] = [[], []]  # R11D draws not yet discovered
        self._played = [0, 0]
        self._over = False
        self._closed = False
        self._lone_noticed = False
        self.end: Ended | None = None
        self.melds: list[MeldRecord] = []
        self._open: list[MeldRecord] = []
        self.log: list[Step] = []
        self._keep_log = keep_log
        self.findings: list[Finding] = []

    def _log(self, step: Step) -> None:
        if self._keep_log:
            self.log.append(step)

    # --- queries ---------------------------------------------------------------------------

    @property
    def leader(self) -> Seat:
        """Leader of the trick in progress, or of the next trick."""
        return self._leader

    @property
    def to_play(self) -> Seat | None:
        """Whose card the trick waits for; ``None`` during a winner's turn or after the end."""
        if self._over or self._turn:
            return None
        return self._leader if self._lead is None else self._leader.other

    @property
    def trick_number(self) -> int:
        """The trick being played, or the one just gathered while its winner's turn is open."""
        return self._tricks if self._turn else self._tricks + 1

    @property
    def tricks_played(self) -> int:
        return self._tricks

    @property
    def last_winner(self) -> Seat | None:
        return self._winner

    @property
    def last_rule(self) -> str | None:
        """The sub-rule that decided the last trick (R8C1-R8C4, or R11D)."""
        return self._rule

    @property
    def in_turn(self) -> bool:
        """A trick has been gathered and its winner's turn (meld, then draws) is open."""
        return self._turn

    @property
    def expected_draws(self) -> tuple[Seat, ...]:
        """The draws R8E calls for in the open turn: winner, then loser; none when the stock
        holds fewer than two (R11E) or no turn is open."""
        return self._expected if self._turn else ()

    @property
    def lead_card(self) -> Card | None:
        return self._lead

    def _need_deal(self) -> None:
        if not self.deal_known:
            raise IllegalError("the record omits this battle's deal: card possession is unknown")

    def concealed(self, seat: Seat) -> Counts:
        self._need_deal()
        return tuple(self._conc[seat is WEST])

    def exposed(self, seat: Seat) -> Counts:
        self._need_deal()
        return tuple(self._exp[seat is WEST])

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards in a player's hand, concealed and exposed together (R7A)."""
        self._need_deal()
        i = seat is WEST
        return cards_of(tuple(c + e for c, e in zip(self._conc[i], self._exp[i])))

    def hand_size(self, seat: Seat) -> int:
        """Cards in the hand, concealed plus exposed (R10A)."""
        i = seat is WEST
        return self._size[i] - self._debt[i]

    def should_hold(self, seat: Seat) -> int:
        """How many cards the player would hold had every draw been made as R8E says."""
        return self._nominal[seat is WEST]

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    def stock(self) -> tuple[Card, ...]:
        """The stock, top first."""
        self._need_deal()
        return tuple(reversed(self._stock))  # type: ignore[arg-type]

    def scored(self, seat: Seat) -> frozenset[MeldKind]:
        """The combinations the player has scored this battle (R9F)."""
        return frozenset(self._scored[seat is WEST])

    def trick_points(self, seat: Seat) -> int:
        """Points of the cards in the player's trick pile (R8G, V3)."""
        return self._trick_points[seat is WEST]

    def meld_points(self, seat: Seat) -> int:
        return self._meld_points[seat is WEST]

    def score(self, seat: Seat) -> int:
        """The battle score so far: trick points plus meld points (R3, R4A)."""
        i = seat is WEST
        return self._trick_points[i] + self._meld_points[i]

    def played_to_tricks(self, seat: Seat) -> Counts:
        """The cards the player has played from his hand to tricks this battle (R9G)."""
        return tuple(self._to_tricks[seat is WEST])

    def won_with(self, seat: Seat) -> Counts:
        """The cards of his that won their trick this battle (R9D)."""
        return tuple(self._won_with[seat is WEST])

    def pile(self, seat: Seat) -> Counts:
        return tuple(self._piles[seat is WEST])

    def penalized(self, seat: Seat) -> bool:
        """Found with too many cards: loses every further trick, cannot meld (R11D)."""
        return self._penalized[seat is WEST]

    @property
    def melding_seat(self) -> Seat | None:
        """Who may meld now: the last trick's winner, once, before the draws (R8D, R9E, R11D)."""
        if self._turn and not self._melded and not self._over:
            winner = self._winner
            if winner is not None and not self._penalized[winner is WEST]:
                return winner
        return None

    @property
    def is_over(self) -> bool:
        return self._over

    def sites(self) -> Sites:
        """R7A's eight sites as counts (stock, concealed E/W, exposed E/W, trick, piles E/W)."""
        self._need_deal()
        trick = [0] * FACES
        if self._lead is not None:
            trick[self._lead.index] += 1
        stock = _vector(self._stock)  # type: ignore[arg-type]
        return Sites(tuple(stock), tuple(self._conc[0]), tuple(self._conc[1]),
                     tuple(self._exp[0]), tuple(self._exp[1]), tuple(trick),
                     tuple(self._piles[0]), tuple(self._piles[1]))

    def info(self, seat: Seat) -> TableInfo:
        """What R10 entitles ``seat`` to ask: cards in each hand and in the stock."""
        i = seat is WEST
        trick = () if self._lead is None else (self._lead,)
        return TableInfo(seat, self.hand_size(seat), self.hand_size(seat.other), len(self._stock),
                         tuple(self._exp[i]), tuple(self._exp[not i]), trick)

    def legal_cards(self, seat: Seat) -> tuple[Card, ...]:
        """The distinct cards ``seat`` may play now (R8A, R8B): any card of his hand on his turn."""
        if self.to_play is not seat or not self.deal_known:
            return ()
        i = seat is WEST
        conc, exp = self._conc[i], self._exp[i]
        return tuple(BY_INDEX[x] for x in range(FACES - 1, -1, -1) if conc[x] or exp[x])

    def position(self, seat: Seat) -> SeatPosition:
        """The player's melding position now (see ``replay.position_at``)."""
        problem = self._turn_problem(seat)
        if problem is None:
            rule, reason = None, (f"{seat.word} won trick {self._tricks} ({self._rule}) and may "
                                  "make one meld before the draws (R8D, R9E)")
        else:
            rule, reason = problem
        return SeatPosition(self.ruleset, self.concealed(seat), self.exposed(seat),
                            self.scored(seat), problem is None, rule, reason,
                            self.played_to_tricks(seat), self.won_with(seat))

    # --- findings --------------------------------------------------------------------------

    def _report(self, rule: str, kind: Kind, message: str, span: Span = NOWHERE,
                severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
                trick: int | None = None) -> Finding:
        finding = Finding(rule=rule, kind=kind, severity=severity, span=span, message=message,
                          claimed=claimed, expected=expected,
                          trick=self.trick_number if trick is None else trick)
        self.findings.append(finding)
        return finding

    def _as_finding(self, problem: tuple[str, Kind, str]) -> Finding:
        rule, kind, message = problem
        return Finding(rule=rule, kind=kind, message=message, trick=self.trick_number)

    # --- play (R8A-R8D) --------------------------------------------------------------------

    def _play_problem(self, seat: Seat, card: Card) -> tuple[str, Kind, str] | None:
        if self._over:
            return "R8F", Kind.ILLEGAL_PLAY, f"the battle is over; {seat.word} cannot play {card} (R8F)"
        if self._turn:
            return ("R8E", Kind.ILLEGAL_PLAY,
                    f"{self._winner.word} won trick {self._tricks}; the draws come before the "  # type: ignore[union-attr]
                    "next lead (R8E): finish the turn first")
        leading = self._lead is None
        to_play = self._leader if leading else self._leader.other
        rule = "R8A" if leading else "R8B"
        if seat is not to_play:
            why = ("nondealer leads the first trick (R8)" if self._tricks == 0 and leading else
                   f"{self._leader.word} won trick {self._tricks} and leads (R8)" if leading else
                   f"{to_play.word} follows {self._leader.word}'s {self._lead} (R8B)")
            return rule, Kind.ILLEGAL_PLAY, f"it is {to_play.word}'s turn to play: {why}"
        if self.deal_known:
            i = seat is WEST
            x = card.index
            if not (self._conc[i][x] or self._exp[i][x]):
                return (rule, Kind.ILLEGAL_PLAY,
                        f"{seat.word} {'leads' if leading else 'follows with'} {card}, which he "
                        f"does not hold (his hand: {self._hand_text(i)}) ({rule})")
        return None

    def _hand_text(self, i: bool) -> str:
        conc = cards_of(tuple(self._conc[i]))
        exp = cards_of(tuple(self._exp[i]))
        text = format_cards(conc) or "nothing concealed"
        return text + (f"; exposed {format_cards(exp)}" if exp else "")

    def can_play(self, seat: Seat, card: Card) -> bool:
        return self._play_problem(seat, card) is None

    def verify_play(self, seat: Seat, card: Card) -> list[Finding]:
        problem = self._play_problem(seat, card)
        return [] if problem is None else [self._as_finding(problem)]

    def play(self, seat: Seat, card: Card, *, from_exposed: bool | None = None,
             span: Span = NOWHERE) -> Played | None:
        """Lay ``card`` from ``seat``'s hand to the trick (R8A, R8B); after the second card the
        trick is decided (R8C1-R8C4; R11D) and gathered into the winner's pile (R8D), and the
        winner's turn opens. A card the player holds both exposed and concealed comes from the
        exposed hand unless ``from_exposed=False``. During an open turn the default draws are
        made first (the next lead ends the turn)."""
        if self._turn:
            self.finish_turn(span=span)
        leader, lead = self._leader, self._lead
        if self._over or (seat is not leader if lead is None else seat is leader):
            self._report(*self._play_problem(seat, card), span=span)  # type: ignore[misc]
            return None
        i = seat is WEST
        x = card.index
        held, exposed_copy = True, False
        if self.deal_known:
            exp = self._exp[i]
            if exp[x] and (from_exposed is not False or not self._conc[i][x]):
                exp[x] -= 1
                exposed_copy = True
                self._size[i] -= 1
            else:
                conc = self._conc[i]
                if conc[x]:
                    conc[x] -= 1
                    self._size[i] -= 1
                else:
                    self._report(*self._play_problem(seat, card), span=span)  # type: ignore[misc]
                    held = False
                    self._debt[i] += 1
        else:
            self._size[i] -= 1
        if held and self.deal_known:
            self._to_tricks[i][x] += 1
        self._nominal[i] -= 1
        self._played[i] += 1
        if self._open:
            self._close_windows(seat)
        if lead is None:
            self._lead = card
            self._lead_held = held
            step = Played(seat, card, self._tricks + 1, exposed_copy, held)
            self._log(step)
            return step
        return self._gather(leader, seat, i, lead, card, exposed_copy, held, self._lead_held)

    def play_trick(self, lead: Card, follow: Card, *, lead_span: Span = NOWHERE,
                   follow_span: Span = NOWHERE) -> Played | None:
        """The next trick in one step: the leader plays ``lead``, then the follower ``follow``.
        Exactly ``play(leader, lead)`` then ``play(follower, follow)`` (the same findings, steps
        and state), made cheaper for the replay; returns the follower's step."""
        if self._turn:
            self.finish_turn(span=lead_span)
        leader = self._leader
        i = leader is WEST
        j = not i
        a, b = lead.index, follow.index
        conc, exp = self._conc, self._exp
        lead_conc, lead_exp, follow_conc, follow_exp = conc[i], exp[i], conc[j], exp[j]
        if (self._over or self._lead is not None or not self.deal_known
                or not (lead_exp[a] or lead_conc[a]) or not (follow_exp[b] or follow_conc[b])):
            self.play(leader, lead, span=lead_span)       # the general case: anything irregular
            return self.play(SEATS[j], follow, span=follow_span)
        follower = SEATS[j]
        size, nominal, played, gone = self._size, self._nominal, self._played, self._to_tricks
        # Leader's card (R8A): the exposed copy when there is one (ruling R7B3).
        lead_exposed = bool(lead_exp[a])
        if lead_exposed:
            lead_exp[a] -= 1
        else:
            lead_conc[a] -= 1
        size[i] -= 1
        nominal[i] -= 1
        played[i] += 1
        gone[i][a] += 1
        if self._open:
            self._close_windows(leader)
        self._lead = lead
        self._lead_held = True
        if self._keep_log:
            self.log.append(_new(Played, (leader, lead, self._tricks + 1, lead_exposed, True,
                                          None, None)))
        # Follower's card (R8B).
        follow_exposed = bool(follow_exp[b])
        if follow_exposed:
            follow_exp[b] -= 1
        else:
            follow_conc[b] -= 1
        size[j] -= 1
        nominal[j] -= 1
        played[j] += 1
        gone[j][b] += 1
        if self._open:
            self._close_windows(follower)
        return self._gather(leader, follower, j, lead, follow, follow_exposed, True, True)

    def _gather(self, leader: Seat, follower: Seat, j: bool, lead: Card, card: Card,
                exposed_copy: bool, held: bool, lead_held: bool) -> Played:
        """The trick's second card is down: decide it (R8C1-R8C4, or R11D), gather it into the
        winner's pile (R8D), and open the winner's turn (meld, then the draws of R8E)."""
        a, b = lead.index, card.index
        pen = self._penalized
        if pen[0] != pen[1]:                       # R11D: he loses all further tricks
            winner = leader if pen[j] else follower
            rule = "R11D"
        else:
            follower_wins, rule = _DECIDE[a * FACES + b]
            winner = follower if follower_wins else leader
        w = winner is WEST
        if winner is follower:
            if held:
                self._won_with[w][b] += 1
        elif lead_held:
            self._won_with[w][a] += 1
        pile = self._piles[w]
        pile[a] += 1
        pile[b] += 1
        points = self._points
        self._trick_points[w] += points[a] + points[b]
        self._tricks = tricks = self._tricks + 1
        self._lead = None
        self._leader = self._winner = winner
        self._rule = rule
        self._turn = True
        self._melded = False
        self._drawn = []
        self._stock_at_turn = stock = len(self._stock)
        self._expected = (winner, SEATS[not w]) if stock >= 2 else ()
        step = _new(Played, (follower, card, tricks, exposed_copy, held, winner, rule))
        if self._keep_log:
            self.log.append(step)
        return step

    # --- melds (R8D, R9, R11B) -------------------------------------------------------------

    def _turn_problem(self, seat: Seat) -> tuple[str, str] | None:
        """Why ``seat`` may not meld now (R8D, R9E, R11D, R8F), or ``None`` if he may."""
        n = self._tricks
        if self._over:
            return "R8F", f"the battle is over (after trick {n}): there is no meld after it (R8F)"
        if not self._turn:
            if n == 0 and self._lead is None:
                return "R8D", (f"{seat.word} has won no trick yet: a meld is made only by a "
                               "trick's winner, after the trick is gathered (R8D)")
            if self._lead is not None:
                return "R8D", (f"trick {n + 1} is in progress: a meld is made only after a trick "
                               "is gathered, by its winner (R8D)")
            return "R8D", (f"the turn of trick {n} is over (the draws were made): a meld comes "
                           "after the trick is gathered and before the draws (R8D, R8E)")
        if seat is not self._winner:
            return "R8D", (f"{seat.word} lost trick {n}: the trick loser does not get to meld "
                           "(R8D)")
        if self._penalized[seat is WEST]:
            return "R11D", (f"{seat.word} was found with too many cards: he loses all further "
                            "tricks and cannot meld (R11D)")
        if self._melded:
            return "R9E", (f"{seat.word} already melded after trick {n}: one meld per turn "
                           "(R9E; a double meld counts as one)")
        return None

    def _judge(self, seat: Seat, kind: MeldKind, points: int,
               from_concealed: Sequence[Card] | None, span: Span,
               points_span: Span) -> tuple[list[_Problem], tuple[Card, ...], int | None]:
        problems: list[_Problem] = []
        turn = self._turn_problem(seat)
        if turn is not None:
            problems.append(_Problem(turn[0], Kind.ILLEGAL_MELD, turn[1], None, None, False, span))
        i = seat is WEST
        table = self.ruleset.meld_points(kind)
        takes: tuple[Card, ...] = ()
        if self.deal_known:
            named = None if from_concealed is None else tuple(from_concealed)
            # judge_meld only reads the position and keeps none of it, so the live lists and
            # set go in as they are (no copies on the hot path).
            verdict: MeldVerdict = judge_meld(self.ruleset, self._conc[i], self._exp[i],
                                              self._scored[i], kind, named,
                                              played=self._to_tricks[i], won=self._won_with[i])
            takes = verdict.takes
            if not verdict.legal:
                problems.append(_Problem(verdict.rule, Kind.ILLEGAL_MELD, verdict.reason, None,
                                         None, False, span))
        elif table is None:
            problems.append(_Problem("R9A", Kind.ILLEGAL_MELD,
                                     f"{kind} is not a meld in this game's table (R9A)",
                                     None, None, False, span))
        elif kind in self._scored[i]:
            problems.append(_Problem("R9F", Kind.ILLEGAL_MELD,
                                     f"{kind} was already scored this battle; a combination "
                                     "scores only once per battle (R9F)", None, None, False, span))
        if table is not None and points != table:
            problems.append(_Problem("R9A", Kind.MISCOUNT,
                                     f"{kind} is worth {table} points, not {points} (R9A)",
                                     points, table, True, points_span))
        return problems, takes, table

    def can_meld(self, seat: Seat, kind: MeldKind, points: int,
                 from_concealed: Sequence[Card] | None = None) -> bool:
        return not self._judge(seat, kind, points, from_concealed, NOWHERE, NOWHERE)[0]

    def verify_meld(self, seat: Seat, kind: MeldKind, points: int,
                    from_concealed: Sequence[Card] | None = None) -> list[Finding]:
        problems = self._judge(seat, kind, points, from_concealed, NOWHERE, NOWHERE)[0]
        return [Finding(rule=p.rule, kind=p.kind, message=p.message, claimed=p.claimed,
                        expected=p.expected, trick=self.trick_number) for p in problems]

    def legal_melds(self, seat: Seat) -> list[MeldVerdict]:
        """Every meld ``seat`` may make now (empty when it is not his turn to meld)."""
        if self._turn_problem(seat) is not None or not self.deal_known:
            return []
        i = seat is WEST
        return _legal_melds(self.ruleset, tuple(self._conc[i]), tuple(self._exp[i]),
                            frozenset(self._scored[i]))

    def meld(self, seat: Seat, kind: MeldKind, points: int,
             from_concealed: Sequence[Card] | None = None, *, span: Span = NOWHERE,
             points_span: Span | None = None) -> Melded:
        """Make a meld as claimed. A legal meld scores its points and moves its cards (R9B1).
        An illegal one is applied the same way (R11B: it stands as if correct unless the
        opponent objects before playing his next card, ``object_meld``); its findings are
        reported when its fate is known."""
        problems, takes, table = self._judge(seat, kind, points, from_concealed, span,
                                             span if points_span is None else points_span)
        i = seat is WEST
        turn_slot = self._turn and seat is self._winner and not self._melded
        if turn_slot:
            self._melded = True
        if self.deal_known:
            conc, exp = self._conc[i], self._exp[i]
            for card in takes:
                conc[card.index] -= 1
                exp[card.index] += 1
        self._meld_points[i] += points
        scored = self._scored[i]
        added = kind not in scored
        scored.add(kind)
        record = MeldRecord(len(self.melds), seat, kind, points, table, takes, self._tricks,
                            span, problems, added, turn_slot)
        self.melds.append(record)
        self._open.append(record)
        step = _new(Melded, (seat, kind, points, table, takes, not problems, self._tricks))
        self._log(step)
        return step

    def _close_windows(self, objector: Seat) -> None:
        """``objector`` plays a card: the melds he could object to now stand (R11B)."""
        still = []
        for record in self._open:
            if record.seat is objector:
                still.append(record)
            else:
                self._stand(record)
        self._open = still

    def _stand(self, record: MeldRecord) -> None:
        record.status = "stood"
        for p in record.problems:
            self._report(p.rule, p.kind, f"{p.message}; {STANDS}", p.span, Severity.WARNING,
                         p.claimed, p.expected, record.trick)

    def _objection_target(self, seat: Seat) -> MeldRecord | None:
        for record in reversed(self._open):
            if record.seat is not seat:
                return record
        return None

    def can_object_meld(self, seat: Seat) -> bool:
        """An objection is in time: the opponent has a meld ``seat`` has not yet played past."""
        return self._objection_target(seat) is not None

    def verify_object_meld(self, seat: Seat) -> list[Finding]:
        if self.can_object_meld(seat):
            return []
        return [Finding(rule="R11B", kind=Kind.IRREGULARITY, trick=self.trick_number,
                        message=f"{seat.word} has no meld of his opponent's to object to: an "
                                "objection comes before the objector plays to the next trick "
                                "(R11B)")]

    def object_meld(self, seat: Seat, *, span: Span = NOWHERE) -> ObjectedToMeld:
        """R11B: ``seat`` objects to his opponent's last meld. In time (before the objector's
        next card): a correct meld stands (a notice); wrong points only are corrected to the
        table value; any other error voids it (it scores nothing, its combination does not count
        as scored, the cards it moved stay exposed as in M7). Late: the meld stands."""
        record = self._objection_target(seat)
        melder = seat.other
        if record is None:
            earlier = [r for r in self.melds if r.seat is melder]
            if not earlier:
                self._report("R11B", Kind.IRREGULARITY,
                             f"{seat.word} objects to a meld, but {melder.word} has made none "
                             "this battle (R11B)", span, Severity.INFO)
                step = ObjectedToMeld(seat, -1, "stands", 0)
            else:
                last = earlier[-1]
                why = ("was already objected to" if last.status == "objected" else
                       f"stands: {seat.word} has played a card since, and an objection must "
                       "come before the objector plays to the next trick")
                self._report("R11B", Kind.IRREGULARITY,
                             f"{seat.word}'s objection to {melder.word}'s {last.kind} "
                             f"{last.claimed} is too late: the meld {why} (R11B)",
                             span, Severity.INFO)
                step = ObjectedToMeld(seat, last.index, "stands", 0)
            self._log(step)
            return step
        self._open.remove(record)
        record.status = "objected"
        i = melder is WEST
        if not record.problems:
            record.outcome = "stands"
            adjustment = 0
            self._report("R11B", Kind.NOTICE,
                         f"{seat.word} objects to {melder.word}'s {record.kind} "
                         f"{record.claimed}, which is correct: it stands (R11B)",
                         span, Severity.INFO)
        elif all(p.points_only for p in record.problems) and record.table_points is not None:
            record.outcome = "corrected"
            adjustment = record.table_points - record.claimed
            note = (f"corrected to {record.table_points} on {seat.word}'s objection (R11B)")
            for p in record.problems:
                self._report(p.rule, p.kind, f"{p.message}; {note}", p.span, Severity.INFO,
                             p.claimed, p.expected, record.trick)
        else:
            record.outcome = "voided"
            adjustment = -record.claimed
            if record.added_scored:
                self._scored[i].discard(record.kind)
            if record.turn_slot and self._turn and self._tricks == record.trick:
                self._melded = False
            note = (f"voided on {seat.word}'s objection (R11B): it scores nothing, and the "
                    "cards it moved stay exposed (M7)")
            for p in record.problems:
                self._report(p.rule, p.kind, f"{p.message}; {note}", p.span, Severity.INFO,
                             p.claimed, p.expected, record.trick)
        self._meld_points[i] += adjustment
        step = ObjectedToMeld(seat, record.index, record.outcome, adjustment)
        self._log(step)
        return step

    # --- draws (R8E, R11C, R11D, R11E) -----------------------------------------------------

    def _next_draw(self) -> Seat | None:
        n = len(self._drawn)
        return self._expected[n] if self._turn and n < len(self._expected) else None

    def can_draw(self, seat: Seat) -> bool:
        """The draw R8E calls for next: winner, then loser, while the stock lasts (R11E)."""
        return self._next_draw() is seat

    def verify_draw(self, seat: Seat) -> list[Finding]:
        if self.can_draw(seat):
            return []
        nxt = self._next_draw()
        if not self._turn:
            message = f"{seat.word} may draw only after a trick, in the draws of R8E"
        elif nxt is None:
            message = (f"no draw is due: the stock holds {len(self._stock)} card(s) "
                       "(R8E; with exactly one, nobody takes it, R11E)")
        else:
            message = f"{nxt.word} draws next: the trick winner draws first, then the loser (R8E)"
        return [Finding(rule="R8E", kind=Kind.IRREGULARITY, message=message,
                        trick=self.trick_number)]

    def _take(self, seat: Seat, span: Span) -> None:
        i = seat is WEST
        if not self._stock:
            self._report("R8E", Kind.IRREGULARITY,
                         f"{seat.word} draws, but the stock is empty (R8E)", span)
            self._log(Drew(seat, None, self._tricks))
            return
        card = self._stock.pop()
        if card is not None:
            self._conc[i][card.index] += 1
        self._size[i] += 1
        if self._turn:
            self._drawn.append(seat)
        self._log(Drew(seat, card, self._tricks))

    def draw(self, seat: Seat, *, span: Span = NOWHERE) -> None:
        """One card from the top of the stock to ``seat``'s concealed hand. Within a turn the
        draws are checked when the turn finishes; outside one it is an extra card (R11D)."""
        if not self._turn:
            self._too_many(seat, f"{seat.word} draws outside the draws after a trick (R8E): "
                                 "he holds too many cards", span, None, None)
        self._take(seat, span)

    def _too_many(self, seat: Seat, message: str, span: Span, claimed: Any,
                  expected: Any) -> None:
        """An extra card drawn (R11D). Its finding waits for the battle to show whether R11D
        was applied: a notice once he is found with too many cards (or at once if he already
        was), a warning if the battle ends without it (``close``)."""
        i = seat is WEST
        problem = _Problem("R11D", Kind.IRREGULARITY, message, claimed, expected, False, span,
                           self.trick_number)
        self._extra[i].append(problem)
        if self._penalized[i]:
            self._settle_extra(i, ALREADY_FOUND_OUT, Severity.INFO)

    def _settle_extra(self, i: int, note: str, severity: Severity) -> None:
        for p in self._extra[i]:
            self._report(p.rule, p.kind, f"{p.message}; {note}", p.span, severity, p.claimed,
                         p.expected, p.trick)
        self._extra[i] = []

    def _remaining_draws(self) -> list[Seat]:
        remaining = list(self._expected)
        for seat in self._drawn:
            if seat in remaining:
                remaining.remove(seat)
        return remaining

    def can_finish_turn(self, draws: Sequence[Seat] | None = None) -> bool:
        return not self.verify_finish_turn(draws)

    def verify_finish_turn(self, draws: Sequence[Seat] | None = None) -> list[Finding]:
        """Legal: a turn is open and ``draws`` is ``None`` or exactly the draws R8E still
        calls for (winner, then loser; none from a stock of one, R11E)."""
        if not self._turn:
            return [Finding(rule="R8E", kind=Kind.IRREGULARITY, trick=self.trick_number,
                            message="no trick winner's turn is open: the draws follow a trick")]
        remaining = self._remaining_draws()
        if draws is None or list(draws) == remaining:
            return []
        due = " ".join(map(str, remaining)) or "none"
        return [Finding(rule="R8E", kind=Kind.IRREGULARITY, trick=self.trick_number,
                        claimed=" ".join(map(str, draws)), expected=due,
                        message=f"the draws due after trick {self._tricks} are: {due} (R8E: "
                                "winner, then loser; R11E: none from a stock of one)")]

    def finish_turn(self, draws: Sequence[Seat] | None = None, *, span: Span = NOWHERE) -> None:
        """End the trick winner's turn with the draws of R8E: winner, then loser, while the stock
        holds two or more (a stock of exactly one stays where it is, R11E). ``draws`` gives the
        draws that actually happened instead, in order; each departure from R8E is reported
        (R11C a missed draw, R11D an extra one, R11E the lone card taken, R8E the order). Then
        the battle ends if a hand is empty (R8F, R11F)."""
        if not self._turn:
            for seat in draws or ():
                self.draw(seat, span=span)
            return
        expected = self._expected
        if draws is None and not self._drawn:     # the usual turn: R8E's draws, as expected
            stock, conc, size, nominal = self._stock, self._conc, self._size, self._nominal
            log = self.log if self._keep_log else None
            n = self._tricks
            for seat in expected:
                card = stock.pop()
                i = seat is WEST
                if card is not None:
                    conc[i][card.index] += 1
                size[i] += 1
                nominal[i] += 1
                if log is not None:
                    log.append(_new(Drew, (seat, card, n)))
            self._drawn = list(expected)
            if self._stock_at_turn == 1 and not self._lone_noticed:
                self._lone_noticed = True
                self._report("R11E", Kind.NOTICE,
                             f"after trick {n} the stock holds exactly one card: "
                             "neither player takes it (R11E)", span, Severity.INFO)
            self._turn = False
            if log is not None:
                log.append(_new(TurnFinished, (n, expected, expected)))
            if self.deal_known and (size[0] <= self._debt[0] or size[1] <= self._debt[1]):
                self._check_end(span)
            return
        if draws is None:
            sequence: Sequence[Seat] = self._remaining_draws()
        else:
            sequence = draws
        for seat in sequence:
            self._take(seat, span)
        expected, drawn = self._expected, tuple(self._drawn)
        if drawn != expected:
            self._draw_findings(expected, drawn, span)
        elif self._stock_at_turn == 1 and not self._lone_noticed:
            self._lone_noticed = True
            self._report("R11E", Kind.NOTICE,
                         f"after trick {self._tricks} the stock holds exactly one card: "
                         "neither player takes it (R11E)", span, Severity.INFO)
        nominal = self._nominal
        for seat in expected:
            nominal[seat is WEST] += 1
        self._turn = False
        self._log(TurnFinished(self._tricks, expected, drawn))
        self._check_end(span)

    def _draw_findings(self, expected: tuple[Seat, ...], drawn: tuple[Seat, ...],
                       span: Span) -> None:
        n = self._tricks
        counted = False
        for seat in SEATS:
            want, got = expected.count(seat), drawn.count(seat)
            if got < want:
                counted = True
                self._report("R11C", Kind.IRREGULARITY,
                             f"{seat.word} did not draw after trick {n} (R8E): he plays on with "
                             "too few cards, his only penalty (R11C)", span, Severity.INFO,
                             got, want)
            elif got > want:
                counted = True
                if self._stock_at_turn == 1 and not want:
                    self._report("R11E", Kind.IRREGULARITY,
                                 f"{seat.word} takes the last card of the stock after trick {n}; "
                                 "with exactly one card left neither player takes it (R11E)",
                                 span, Severity.ERROR, got, want)
                else:
                    self._too_many(seat, f"{seat.word} draws {got - want} card(s) more than "
                                         f"R8E allows after trick {n}: he holds too many cards",
                                   span, got, want)
        if not counted:
            self._report("R8E", Kind.IRREGULARITY,
                         f"after trick {n} the draws were {' '.join(map(str, drawn))}: the "
                         f"trick winner ({expected[0].word}) draws first, then the loser (R8E)",
                         span, Severity.ERROR, " ".join(map(str, drawn)),
                         " ".join(map(str, expected)))

    # --- the end (R8F, R11F) ---------------------------------------------------------------

    def _check_end(self, span: Span) -> None:
        if not self.deal_known or self._over:
            return
        east, west = self.hand_size(EAST), self.hand_size(WEST)
        if east > 0 and west > 0:
            return
        self._over = True
        if east <= 0 and west <= 0:
            self.end = Ended("R8F", None, ())
        else:
            holder = EAST if east > 0 else WEST
            i = holder is WEST
            leftover = cards_of(tuple(c + e for c, e in zip(self._conc[i], self._exp[i])))
            self.end = Ended("R11F", holder, leftover)
            self._report("R11F", Kind.NOTICE,
                         f"{holder.other.word} has no cards left while {holder.word} still "
                         f"holds {len(leftover)} ({format_cards(leftover)}): the battle ends, and "
                         "those cards count as trick winnings for neither player (R11F)",
                         span, Severity.INFO)
        self._log(self.end)

    def close(self) -> None:
        """The record of the battle ends: melds still open to objection stand (R11B)."""
        if self._closed:
            return
        self._closed = True
        for record in self._open:
            self._stand(record)
        self._open = []
        for i in (0, 1):
            self._settle_extra(i, NEVER_FOUND_OUT, Severity.WARNING)

    # --- irregularities (R11A, R11C, R11D, M7) ---------------------------------------------

    def can_object_deal(self, seat: Seat) -> bool:
        """R11A: before ``seat`` has played a card to the first trick."""
        return self._played[seat is WEST] == 0 and self._tricks == 0

    def verify_object_deal(self, seat: Seat) -> list[Finding]:
        if self.can_object_deal(seat):
            return []
        return [Finding(rule="R11A", kind=Kind.IRREGULARITY, trick=self.trick_number,
                        message=f"{seat.word} has played to the first trick: too late to object "
                                "to the shuffle, cut or deal (R11A)")]

    def object_deal(self, seat: Seat, target: str = "deal", *, span: Span = NOWHERE) -> bool:
        """R11A: an objection to the shuffle, cut or deal. In time (before the objector has
        played a card to the first trick) the same dealer deals again; returns whether it was."""
        timely = self.can_object_deal(seat)
        if timely:
            self._report("R11A", Kind.IRREGULARITY,
                         f"{seat.word} objects to the {target} before playing to the first trick:"
                         f" {self.dealer.word} deals again (R11A)", span, Severity.INFO)
        else:
            self._report("R11A", Kind.IRREGULARITY,
                         f"{seat.word}'s objection to the {target} comes after he played to the "
                         "first trick: too late, the deal stands (R11A)", span, Severity.INFO)
        self._log(ObjectedToDeal(seat, target, timely))
        return timely

    def can_discover(self, seat: Seat, too_many: bool) -> bool:
        """The player really holds too many (R11D) or too few (R11C) cards."""
        if not self.deal_known:
            return True
        held, should = self.hand_size(seat), self._nominal[seat is WEST]
        return held > should if too_many else held < should

    def verify_discover(self, seat: Seat, too_many: bool) -> list[Finding]:
        if self.can_discover(seat, too_many):
            return []
        rule = "R11D" if too_many else "R11C"
        return [Finding(rule=rule, kind=Kind.IRREGULARITY, trick=self.trick_number,
                        claimed=self.hand_size(seat), expected=self._nominal[seat is WEST],
                        message=f"{seat.word} holds {self.hand_size(seat)} cards, as many as "
                                f"are due or {'fewer' if too_many else 'more'}: {rule} does "
                                "not apply")]

    def discover(self, seat: Seat, too_many: bool, *, span: Span = NOWHERE) -> bool:
        """A player is found with too many (R11D: he loses all further tricks and cannot meld)
        or too few cards (R11C: no penalty). Returns whether the count really is wrong; a false
        discovery is reported and changes nothing."""
        i = seat is WEST
        held, should = self.hand_size(seat), self._nominal[i]
        valid = self.can_discover(seat, too_many)
        rule = "R11D" if too_many else "R11C"
        if valid:
            if too_many:
                self._penalized[i] = True
                text = "he loses all further tricks, and thus cannot meld (R11D)"
                self._settle_extra(i, FOUND_OUT, Severity.INFO)
            else:
                text = "no penalty: he finishes the battle with the shortage (R11C)"
            count = f" ({held} cards, {should} due)" if self.deal_known else ""
            self._report(rule, Kind.NOTICE,
                         f"{seat.word} is found with too {'many' if too_many else 'few'} "
                         f"cards{count}: {text}", span, Severity.INFO, held, should)
        else:
            self._report(rule, Kind.IRREGULARITY,
                         f"{seat.word} is said to hold too {'many' if too_many else 'few'} "
                         f"cards, but holds {held}, {'not more than' if too_many else 'not fewer than'} "
                         f"the {should} due: {rule} does not apply", span, Severity.ERROR,
                         held, should)
        self._log(Discovered(seat, too_many, held, should, valid))
        return valid

    def verify_expose(self, seat: Seat, cards: Sequence[Card]) -> list[Finding]:
        """Exposing cards without a meld is never legal (R7B2 only through R9B1; M7)."""
        return [Finding(rule="M7", kind=Kind.IRREGULARITY, trick=self.trick_number,
                        message=f"{seat.word} may move cards to the exposed hand only by melding "
                                "(R9B1, M7)")]

    def can_expose(self, seat: Seat, cards: Sequence[Card]) -> bool:
        return False

    def expose(self, seat: Seat, cards: Sequence[Card], *, span: Span = NOWHERE) -> ExposedCards:
        """M7: cards moved to the exposed hand without a meld. They stay exposed, with the
        eligibility exposed cards have (a later meld needs a concealed card, R9C)."""
        i = seat is WEST
        moved: list[Card] = []
        for card in cards:
            if not self.deal_known:
                moved.append(card)
            elif self._conc[i][card.index]:
                self._conc[i][card.index] -= 1
                self._exp[i][card.index] += 1
                moved.append(card)
            else:
                self._report("R7B2", Kind.IRREGULARITY,
                             f"{seat.word} exposes {card}, which is not in his concealed hand "
                             "(R7B2)", span)
        self._report("M7", Kind.IRREGULARITY,
                     f"{seat.word} moves {format_cards(cards)} to the exposed hand without a "
                     "meld: they stay exposed, and can be melded later only with a card from the "
                     "concealed hand (R9C, M7)", span, Severity.INFO)
        step = ExposedCards(seat, tuple(moved))
        self._log(step)
        return step
