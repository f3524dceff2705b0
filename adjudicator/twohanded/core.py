"""A battle's state: R7A's eight sites as card counts, whose turn it is, the scores, and the
questions a player may ask about them (R10). ``BattleCore`` holds them; the actions live in
``trickplay`` (R8), ``meldturns`` (R8D, R9; R11B through the laws' meld window), ``draws`` (R8E,
the end; R11C-R11F and Scarne's drawing slips through the laws' hooks) and ``exposures`` (M7),
and ``battle.BattleState`` puts them together.

Each seat's state (its counts: lists of 28 ints indexed by ``Card.index``; its points, its
flags) is in lists built from the ruleset's seats, at the seat's place among them
(``places(ruleset.seats)[seat]``); the opponent is the seating's (``Seating.opponents``: the
other seat of a table of two).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, Self

from pinochle.notation.cards import Card, Rank, Seat, Suit
from pinochle.notation.errors import IllegalError
from pinochle.notation.events import NOWHERE, Span
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.features.lastdraw import last_draw_of
from pinochle.adjudicator.laws.hooks import NO_LAWS, Laws
from pinochle.adjudicator.rules.copies import CopyLedger
from pinochle.adjudicator.rules.deals import unnamed_upcard
from pinochle.adjudicator.rules.follow import legal_follow
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rules.meldtables import (BY_INDEX, FACES, NO_CARDS, Counts, cards_of,
                                                   counts, per_card, per_ruleset)
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import Seating
from pinochle.adjudicator.rules.tricks import trick_table
from pinochle.adjudicator.model.steps import Ended, Step
from pinochle.adjudicator.twohanded.records import MeldRecord, Problem, one_problem

if TYPE_CHECKING:
    from pinochle.adjudicator.rules.meldtables import MeldNeed

__all__ = ["BattleCore", "SeatPosition", "Sites", "TableInfo", "facing", "places"]

EAST, WEST = Seat.EAST, Seat.WEST
#: Steps on the hot path are made with ``tuple.__new__`` (every field given), which skips the
#: Python-level ``__new__`` a NamedTuple has: the same value, made a few times faster.
new_step = tuple.__new__

#: The ruleset's card points (R8G, V3) as a list indexed by ``Card.index``.
_card_points = per_ruleset(lambda ruleset: per_card(ruleset.card_points))


@cache
def places(seats: tuple[Seat, ...]) -> dict[Seat, int]:
    """Each seat's place in a ruleset's ``seats``: the index of its state in the per-seat lists
    (one table per seats tuple, shared: read it, never change it)."""
    return {seat: i for i, seat in enumerate(seats)}


@cache
def facing(seating: Seating) -> dict[Seat, tuple[int, Seat, int]]:
    """Each seat's place, his opponent (the seating's, at a table of two) and the
    opponent's place: the leader's and the follower's of a trick, in one lookup (the hot path,
    ``play_trick``)."""
    place, opponents = places(seating.seats), seating.opponents
    return {seat: (place[seat], other, place[other]) for seat, other in opponents.items()}


def _vector(cards: Sequence[Card]) -> list[int]:
    return list(counts(cards))


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
    trump: Suit | None = None       # the battle's trump suit (its meld table)
    ledger: CopyLedger | None = None    # the exposed copies' meld histories (OT9G)
    pending: tuple[str, ...] = ()       # his incorrect melds open to correction (SC-BADMELD1)
    #: Cards gone from his hand that the record does not name: one for each card he played
    #: without holding it (R8A, R8B), so which of ``concealed`` and ``exposed`` left is unknown.
    gone: int = 0

    @property
    def size(self) -> int:
        """How many cards he holds (R10A): those listed, less the unnamed ones gone."""
        return sum(self.concealed) + sum(self.exposed) - self.gone


class BattleCore:
    """A battle's state (R7A's sites, turn order, scores) and its queries; ``BattleState``
    (battle.py) adds the actions of the other modules. See battle.py's docstring."""

    __slots__ = (
        "ruleset", "trick_table", "dealer", "deal_known", "end", "melds", "log", "findings",
        "_seats", "_place", "_facing",      # the ruleset's seats, each one's place in them
        "_points", "_decide", "_conc", "_exp", "_size", "_stock", "_piles", "_to_tricks",
        "_won_with", "_lead_held", "_trick_points", "_meld_points", "_scored", "_leader",
        "_lead", "_tricks",
        "_turn", "_winner", "_rule", "_melded", "_expected", "_stock_at_turn", "_drawn",
        "_nominal", "_debt", "_penalized", "_played", "_over", "_closed",
        "_keep_log",
        "trump", "upcard", "ids", "meld_entries", "_copies", "_phase_b", "_swapped", "_free",
        "_follow", "_trusted", "_unknown", "_dealt", "_due_from",
        "laws",                             # the laws' hook object (laws/hooks.py)
        "__weakref__",                      # the hook objects hold a weak proxy of the state
        "last_draw",                        # the last draws (features/lastdraw.py: TPV1)
        "_void",                            # the hand counts for nobody (SC-MISDEAL8, SC-DRAW1)
        "_doubt", "_doubted",               # trickplay.py: cards in doubt (one fault, one finding)
        "_draw_doubts",                     # draws.py: draws out of order, who took which card
    )

    upcard: Card | None

    def __init__(self, ruleset: Ruleset, dealer: Seat, east: Sequence[Card],
                 west: Sequence[Card], stock: Sequence[Card], *, upcard: Card | None = None,
                 keep_log: bool = True) -> None:
        """``keep_log=False`` leaves ``log`` empty (a replay that reads no steps is cheaper).
        ``upcard``: the card turned up under the stock (a ruleset whose trump is the upcard's
        suit); it is the stock's last card, and a nine scores the dealer's bonus at once."""
        if upcard is None and ruleset.upcard:       # a deal without its upcard line (OT6B)
            upcard = unnamed_upcard(ruleset, (*east, *west, *stock))
        trump = upcard.suit if upcard is not None and ruleset.upcard else None
        self._setup(ruleset, dealer, True, keep_log, trump)
        by_seat = {EAST: east, WEST: west}
        hands = [by_seat[seat] for seat in self._seats]
        self._conc = [_vector(hand) for hand in hands]
        self._size = [len(hand) for hand in hands]
        self._dealt = list(self._size)
        self._due_from = list(self._dealt)    # what counts are measured from (``due_count``)
        self._stock: list[Card | None] = list(reversed(stock))
        if trump is not None and upcard is not None:
            self.upcard = upcard
            self._stock.insert(0, upcard)
            if upcard.rank is Rank.NINE:
                self._meld_points[self._place[dealer]] += ruleset.upcard_nine_bonus
        elif ruleset.upcard:
            # A deal that does not name its upcard (OT6B), nor lets it be told as the one card
            # it lacks, still has one under the stock: an unknown card, drawn last (OT8F),
            # which its taker may play as any card he is not known to hold (``_unknown``).
            self._stock.insert(0, None)

    @classmethod
    def without_deal(cls, ruleset: Ruleset, dealer: Seat, *, keep_log: bool = True) -> Self:
        """A battle whose deal the record omits: card possession cannot be checked, so plays and
        melds are checked only for turn order, trick winners, points and R9F. The stock is
        assumed to be the ruleset's size, so that draws can still be counted."""
        state = cls.__new__(cls)
        state._setup(ruleset, dealer, False, keep_log)
        state._conc = [[0] * FACES for _ in state._seats]
        state._size = [ruleset.hand_size] * len(state._seats)
        state._dealt = list(state._size)
        state._due_from = list(state._dealt)
        state._stock = [None] * (ruleset.stock_size + ruleset.upcard)
        return state

    def _setup(self, ruleset: Ruleset, dealer: Seat, known: bool, keep_log: bool,
               trump: Suit | None = None) -> None:
        self.ruleset = ruleset
        self._seats = seats = ruleset.seats
        n = len(seats)                          # per-seat lists: immutable items by [x] * n
        self._place = places(seats)
        self._facing = facing(ruleset.seating)
        self.ids = ruleset.ids
        self.dealer = dealer
        self.deal_known = known
        self.trump = trump
        self.upcard = None
        self._points = _card_points(ruleset)
        self.trick_table = trick_table(ruleset, trump)
        self._decide = self.trick_table.entries
        self.meld_entries = ruleset.melds_for(trump)
        # Per-copy meld histories of the exposed cards (OT9G), or None (East Point: R9F): of
        # the kind the laws' meld window keeps (``BattleState._setup``, ``MeldWindow.ledger``).
        self._copies: list[CopyLedger] | None = None
        self._phase_b = False
        self._swapped = False
        self._free = 0                          # free melds (a dix) made in the open turn
        self._follow = ruleset.follow if ruleset.follow.when != "never" else None
        # Trump comes from a card the record does not give: the winner marks decide tricks.
        self._trusted = ruleset.upcard and trump is None
        self._exp = [[0] * FACES for _ in seats]
        self._piles = [[0] * FACES for _ in seats]
        self._to_tricks = [[0] * FACES for _ in seats]  # cards each played from his hand (R9G)
        self._won_with = [[0] * FACES for _ in seats]   # those that won their trick (R9D)
        self._lead_held = False
        self._trick_points = [0] * n
        self.laws: Laws = NO_LAWS               # BattleState starts its ruleset's laws
        self.last_draw = last_draw_of(self)
        self._void: str | None = None           # the law by which the hand counts for nobody
        self._doubt = False                     # a card in doubt: who leads next (trickplay)
        self._doubted: list[list[int]] = [[] for _ in seats]    # reneges' cards (trickplay)
        self._draw_doubts: list[tuple[int, int, int, int]] = []  # draws.py: _doubt_draws
        self._meld_points: list[int] = [0] * n
        self._scored: list[set[MeldKind]] = [set() for _ in seats]
        self._leader = ruleset.seating.left(dealer)  # R8: nondealer leads the first trick
        self._lead: Card | None = None          # leader's card of the trick in progress
        self._tricks = 0                        # tricks gathered
        self._turn = False                      # a trick winner's turn is open (meld, draws)
        self._winner: Seat | None = None
        self._rule: str | None = None           # the sub-rule that decided the last trick
        self._melded = False
        self._expected: tuple[Seat, ...] = ()   # the draws R8E calls for in this turn
        self._stock_at_turn = 0
        self._drawn: list[Seat] = []
        self._nominal = [ruleset.hand_size] * n  # what each should hold (R10A)
        self._debt = [0] * n                    # cards played that the player did not hold
        self._penalized = [False] * n           # R11D: found with too many cards
        self._played = [0] * n
        self._unknown = [0] * n                 # cards drawn whose face the record never gave
        self._over = False
        self._closed = False
        self.end: Ended | None = None
        self.melds: list[MeldRecord] = []
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
        return self._leader if self._lead is None else self._facing[self._leader][1]

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

    @property
    def stock_at_turn(self) -> int:
        """The cards the stock held when the open turn began (the last one's, after it)."""
        return self._stock_at_turn

    @property
    def drawn_this_turn(self) -> tuple[Seat, ...]:
        """The seats that have drawn in the open turn so far, in order."""
        return tuple(self._drawn)

    def draw_under_card_first(self) -> None:
        """The stock's last two cards are drawn the other way round: the winner of the last
        trick of the talon takes the card under it (the upcard, or the dix exchanged for it)
        and the loser the talon's last card (25-steps' choice, ``features/lastdraw.py``)."""
        stock = self._stock
        if len(stock) == 2:
            stock[0], stock[1] = stock[1], stock[0]

    def _need_deal(self) -> None:
        if not self.deal_known:
            raise IllegalError("the record omits this battle's deal: card possession is unknown")

    def concealed(self, seat: Seat) -> Counts:
        self._need_deal()
        return tuple(self._conc[self._place[seat]])

    def exposed(self, seat: Seat) -> Counts:
        self._need_deal()
        return tuple(self._exp[self._place[seat]])

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards in a player's hand, concealed and exposed together (R7A)."""
        self._need_deal()
        i = self._place[seat]
        return cards_of(tuple(c + e for c, e in zip(self._conc[i], self._exp[i])))

    def holds(self, seat: Seat, card: Card) -> bool:
        """Whether ``seat`` may hold ``card`` now: a copy in his concealed or exposed hand, or
        a card he drew that the record does not name (it may be any card). True when the deal
        is unknown (nothing says he does not)."""
        if not self.deal_known:
            return True
        i = self._place[seat]
        x = card.index
        return bool(self._conc[i][x] or self._exp[i][x] or self._unknown[i])

    def holds_in_doubt(self, seat: Seat, card: Card) -> bool:
        """``card`` is the card of ``seat``'s renege in doubt (``TrickPlay._check_follow``):
        the record may have named it wrongly, so he may play it again without holding it."""
        return card.index in self._doubted[self._place[seat]]

    @property
    def lead_in_doubt(self) -> bool:
        """A card of the last trick was in doubt (played without being held, R8A/R8B, or a
        broken follow obligation's): who leads the next trick is the reading of it that fits
        (``leader.who_leads``)."""
        return self._doubt

    def hand_size(self, seat: Seat) -> int:
        """Cards in the hand, concealed plus exposed (R10A)."""
        i = self._place[seat]
        return self._size[i] - self._debt[i]

    def gone_unnamed(self, seat: Seat) -> int:
        """Cards gone from the hand that the record does not name: one for each card played
        without being held (R8A, R8B; ``hand_size`` counts them out)."""
        return self._debt[self._place[seat]]

    def should_hold(self, seat: Seat) -> int:
        """How many cards the player would hold had every draw been made as R8E says."""
        return self._nominal[self._place[seat]]

    def due_count(self, seat: Seat) -> int:
        """The cards ``seat`` should hold had every draw been made, from the cards he was dealt
        (a position dealt fewer counts from there, as OT9D's count): what a melder holds
        (OT9D, SC-BADMELD2) and what Scarne's drawing slips repair a hand to (SC-SLIP3,
        SC-SLIP4). A deal that stands with a wrong count counts from the regular hand
        (SC-MISDEAL9, ``Misdeals.count_stands``)."""
        i = self._place[seat]
        return self._nominal[i] + self._due_from[i] - self.ruleset.hand_size

    def count_off(self, seat: Seat) -> int:
        """How many cards ``seat`` holds over (+) or under (-) what he should hold had every
        draw been made (``due_count``; 0: a legal count, such a player may meld, SC-BADMELD2;
        what Scarne's drawing slips repair, ``laws/slips.py``)."""
        return self.hand_size(seat) - self.due_count(seat)

    def cannot_meld_count(self, seat: Seat) -> bool:
        """Under a correction law, ``seat`` holds too few or too many cards at his meld turn:
        every meld he made would be improper (SC-BADMELD2), so none is legal (the laws' meld
        window says whether it bars such a melder, ``MeldWindow.bars_miscount``)."""
        return (self.laws.melds.bars_miscount and self.deal_known and not self._phase_b
                and self.hand_size(seat) != self.due_count(seat))

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    def stock(self) -> tuple[Card, ...]:
        """The stock, top first."""
        self._need_deal()
        return tuple(card for card in reversed(self._stock) if card is not None)

    def scored(self, seat: Seat) -> frozenset[MeldKind]:
        """The combinations the player has scored this battle (R9F)."""
        return frozenset(self._scored[self._place[seat]])

    def trick_points(self, seat: Seat) -> int:
        """Points of the cards in the player's trick pile (R8G, V3), as the laws count them
        (``Laws.trick_points``: after a renege claimed, SC-RENEGE2, the claimant's are the
        hand's whole count, the reneger's none; a player who lost his count for looking at his
        tricks, SC-LOOK2, has none); none for anyone in a hand that counts for nobody
        (SC-MISDEAL8, SC-DRAW1)."""
        if self._void:
            return 0
        return self.laws.trick_points(seat, self._trick_points[self._place[seat]])

    def meld_points(self, seat: Seat) -> int:
        """Meld points; none in a hand that counts for nobody (SC-MISDEAL8, SC-DRAW1)."""
        return 0 if self._void else self._meld_points[self._place[seat]]

    def score(self, seat: Seat) -> int:
        """The battle score so far: trick points plus meld points (R3, R4A)."""
        return self.trick_points(seat) + self.meld_points(seat)

    @property
    def counts_for_nobody(self) -> str | None:
        """The law by which the hand counts for nobody (Scarne's dead hand, SC-MISDEAL8; the
        void deal, SC-DRAW1), or None."""
        return self._void

    @property
    def voided(self) -> bool:
        """The deal was void (the laws': Scarne's SC-DRAW1): the hand scores nothing and a new
        deal in the same battle replaces it (a dead hand also counts for nobody, but ends the
        battle: ``dead``)."""
        return self.laws.voided

    @property
    def dead(self) -> bool:
        """The hand is dead (the laws': Scarne's SC-MISDEAL8, an imperfect pack)."""
        return self.laws.dead

    def _count_for_nobody(self, rule: str) -> None:
        """The hand counts for nobody, by ``rule``: its trick and meld points are 0 for both
        (the queries above), and what waits for its fate in it is not settled: no renege is
        claimed or left standing (SC-RENEGE1/2), no incorrect meld is corrected or left
        standing (SC-BADMELD1: status ``moot``): the laws' (``Laws.counts_for_nobody``). The one
        mechanism of the dead hand (``Misdeals.void_hand``) and the void deal
        (``Slips._void_deal``), parts of Scarne's laws object; the flag stays here, where the
        scores read it."""
        self._void = rule
        self.laws.counts_for_nobody()

    def tricks_won(self, seat: Seat) -> int:
        """How many tricks the player has gathered this battle."""
        return sum(self._piles[self._place[seat]]) // 2

    def played_to_tricks(self, seat: Seat) -> Counts:
        """The cards the player has played from his hand to tricks this battle (R9G)."""
        return tuple(self._to_tricks[self._place[seat]])

    def won_with(self, seat: Seat) -> Counts:
        """The cards of his that won their trick this battle (R9D)."""
        return tuple(self._won_with[self._place[seat]])

    def pile(self, seat: Seat) -> Counts:
        return tuple(self._piles[self._place[seat]])

    def penalized(self, seat: Seat) -> bool:
        """Found with too many cards: loses every further trick, cannot meld (R11D)."""
        return self._penalized[self._place[seat]]

    @property
    def melding_seat(self) -> Seat | None:
        """Who may meld now: the last trick's winner, once, before the draws (R8D, R9E), unless
        found with too many cards (R11D) or, under Scarne's laws, holding too few or too many
        (SC-BADMELD2: his meld would be improper)."""
        if self._turn and not self._melded and not self._over:
            winner = self._winner
            if winner is not None and not self._penalized[self._place[winner]] \
                    and not self.cannot_meld_count(winner):     # R11D, SC-BADMELD2
                return winner
        return None

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def phase_b(self) -> bool:
        """The stock is exhausted and the hands are played out (the old-time phase B, OT8)."""
        return self._phase_b

    @property
    def trump_known(self) -> bool:
        """False when the trump suit comes from a turned-up card the record does not give."""
        return not self._trusted

    def follow_obliged(self) -> bool:
        """The follower's obligations apply to the trick in progress (``Ruleset.follow``)."""
        follow = self._follow
        return follow is not None and (follow.when == "always" or self._phase_b)

    def sites(self) -> Sites:
        """R7A's eight sites as counts (stock, concealed E/W, exposed E/W, trick, piles E/W)."""
        self._need_deal()
        trick = [0] * FACES
        if self._lead is not None:
            trick[self._lead.index] += 1
        stock = _vector([card for card in self._stock if card is not None])
        e, w = self._place[EAST], self._place[WEST]
        return Sites(tuple(stock), tuple(self._conc[e]), tuple(self._conc[w]),
                     tuple(self._exp[e]), tuple(self._exp[w]), tuple(trick),
                     tuple(self._piles[e]), tuple(self._piles[w]))

    def info(self, seat: Seat) -> TableInfo:
        """What R10 entitles ``seat`` to ask: cards in each hand and in the stock."""
        i, other, j = self._facing[seat]
        trick = () if self._lead is None else (self._lead,)
        return TableInfo(seat, self.hand_size(seat), self.hand_size(other), len(self._stock),
                         tuple(self._exp[i]), tuple(self._exp[j]), trick)

    def legal_cards(self, seat: Seat) -> tuple[Card, ...]:
        """The distinct cards ``seat`` may play now (R8A, R8B): any card of his hand on his turn,
        unless the follower's obligations apply (``Ruleset.follow``: OT8B1-OT8B3)."""
        if self.to_play is not seat or not self.deal_known:
            return ()
        i = self._place[seat]
        conc, exp = self._conc[i], self._exp[i]
        cards = tuple(BY_INDEX[x] for x in range(FACES - 1, -1, -1) if conc[x] or exp[x])
        lead = self._lead
        if lead is not None and self.follow_obliged():
            assert self._follow is not None
            return legal_follow(self._follow, self.trick_table, self.trump, lead, cards)[0]
        return cards

    if TYPE_CHECKING:
        # What one action module calls of another's (meldturns, draws): declared for readers
        # and type checkers only; BattleState has the real ones.
        def finish_turn(self, draws: Sequence[Seat] | None = None, *,
                        span: Span = NOWHERE) -> None: ...


        def _take(self, seat: Seat, span: Span, at: int = -1) -> None: ...

        def _settle_draw(self, i: int, x: int) -> bool: ...

        def _settle_draw_if(self, i: int, shown: Callable[[], bool]) -> bool: ...

        def _enter_phase_b(self) -> None: ...

        def _check_end(self, span: Span) -> None: ...

        def _move(self, i: int, need: MeldNeed | None, takes: tuple[Card, ...], legal: bool,
                  force: bool = False) -> None: ...

        def _turn_problem(self, seat: Seat, free: bool = False, exchange: bool = False
                          ) -> tuple[str, str] | None: ...

        def _can_exchange(self) -> bool: ...

    # --- what a reader of a record without the deal tells the state -----------------------
    # (publiccards.py, claimreadings.py, sheets.py: what the public cards and the claims show)

    def report(self, rule: str, kind: Kind, message: str, span: Span = NOWHERE,
               severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
               trick: int | None = None) -> Finding:
        """A finding about this battle, among the state's own (``findings``)."""
        return self._report(rule, kind, message, span, severity, claimed, expected, trick)

    def credit_meld_points(self, seat: Seat, points: int) -> None:
        """``points`` more (or, negative, fewer) meld points for ``seat``: what the record's
        claims show he was credited (a turned-up nine, a meld's fate read from a count)."""
        self._meld_points[self._place[seat]] += points

    def unscore(self, seat: Seat, kind: MeldKind) -> None:
        """``seat``'s combination ``kind`` no longer counts as scored this battle (R9F): a
        meld whose fate only the claims will tell."""
        self._scored[self._place[seat]].discard(kind)

    def end_as_hands_ran_out(self) -> None:
        """The battle is over: the record's draws exhaust both hands with its last trick
        (R8F), as a deal would show."""
        self._over = True
        self.end = Ended(self.ids.end, None, ())
        self._log(self.end)

    # --- findings --------------------------------------------------------------------------

    def _report(self, rule: str, kind: Kind, message: str, span: Span = NOWHERE,
                severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
                trick: int | None = None) -> Finding:
        finding = Finding(rule=rule, kind=kind, severity=severity, span=span, message=message,
                          claimed=claimed, expected=expected,
                          trick=self.trick_number if trick is None else trick)
        self.findings.append(finding)
        return finding

    def _tell_meld(self, record: MeldRecord, note: str, severity: Severity) -> None:
        """A meld's fate is known (judged, stood, objected to, corrected): its problems are
        reported as one finding (``one_problem``), with ``note`` saying what became of it."""
        for p in one_problem(record.problems):
            self._report(p.rule, p.kind, f"{p.message}; {note}", p.span, severity, p.claimed,
                         p.expected, record.trick)

    def _same_fault(self, fault: Problem, seat: Seat, earlier: MeldRecord, how: str,
                    span: Span) -> None:
        """A later meld illegal only because of ``seat``'s earlier illegal meld ``earlier``:
        the same fault seen again, a notice naming it (one fault, one finding)."""
        self._report(fault.rule, Kind.NOTICE,
                     f"{fault.message}, but only because of {seat.word}'s illegal "
                     f"{earlier.kind} on line {earlier.span.line}, reported there: the same "
                     f"fault, so this meld is judged as if that one had {how}, and it counts "
                     "(docs/rulings.md)", span, Severity.INFO)

    def _as_finding(self, problem: tuple[str, Kind, str]) -> Finding:
        rule, kind, message = problem
        return Finding(rule=rule, kind=kind, message=message, trick=self.trick_number)
