"""One battle of the partnership game (double-pack), replayed event by event in record order:
the deal of four hands (DP-DEAL2, DP-PACK), the auction (``auction.Auction``, DP-BID1-9),
trump named by the high bidder (DP-MELD1), each seat's declaration before trick 1 (judged by
``melds.judge_declaration``: DP-MELD2-5), twenty tricks of four cards (the high bidder leads
the first, DP-PLAY1, each winner the next, DP-PLAY6; the obligations DP-PLAY2-4 by
``tricks.broken_rule``; the winner by ``winning_index``, DP-PLAY5), and the battle's side
claims checked against ``contract.score_hand`` (``claims``: DP-COUNT, DP-MELD6,
DP-SCORE1-3).

The record is followed as the rules order play; a departure is reported once, with its rule,
and has the effect spec §7 gives it (none, mostly: a card not held is still played, a revoke
stands, a wrong winner mark is corrected, an illegal call is void). A statement of the
two-handed games (a ``draw``, a two-card trick, an E/W deal) is reported and ignored. What the
record leaves out is said in a notice (a battle without its deal: possession and melds are not
checked).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pinochle.notation.cards import Card, Seat, Side, Suit
from pinochle.notation.events import (
    Announce, Bid, Comment, Declaration, Hands, Meld, Pass, SideClaim, Span, TableTrick,
    TrumpNaming,
)

from pinochle.adjudicator.partnership.auction import Auction
from pinochle.adjudicator.partnership.contract import (SideResult, is_scoring_trick, score_hand,
                                                       trick_points)
from pinochle.adjudicator.partnership.melds import judge_declaration
from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.rules.meldtables import BY_INDEX, FACES, per_card, per_ruleset
from pinochle.adjudicator.rules.numbering import Numbering, following
from pinochle.adjudicator.twohanded.publiccards import PackCount
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.partnership.sheet import TableSheet
from pinochle.adjudicator.partnership.claims import Contract, claim_findings
from pinochle.adjudicator.partnership.results import NO_SCORE, TableBattleResult
from pinochle.adjudicator.partnership.tricks import broken_rule, winning_index

__all__ = ["TableBattle"]

NS, EW = Side.NS, Side.EW
_CALLS = (Bid, Announce, Pass)

#: How a statement of the two-handed games is named in a finding (by its event ``type``).
_FOREIGN = {
    "deal": "a two-handed deal (E:, W: and stock: lines)", "trick": "a two-card trick",
    "meld": "a meld naming no melder", "objection": "an objection", "draw": "a draw",
    "nodraw": "a missed draw (nodraw)", "extradraw": "an extra draw (extradraw)",
    "discovery": "a discovery (toomany / toofew)", "exposure": "an exposure (expose)",
    "claim": "a claim by East and West", "call": "a call-out", "knock": "a knock",
    "look": "a look at the tricks", "correct": "a meld correction", "misdeal": "a misdeal",
    "deadhand": "a dead hand", "return": "a card put back (return)",
    "give": "a card given (give)", "choose": "a choice of the last draw (choose)",
}


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


class TableBattle(TableSheet):
    """One battle's events through the auction, the melds and the tricks. ``run`` returns its
    ``TableBattleResult`` (the game walker checks the game's rules around it)."""

    def __init__(self, report: Callable[[Finding, int | None], None], ruleset: Ruleset,
                 battle: Any, index: int, before: dict[Side, int], unfinished: bool) -> None:
        self.report = report            # the game walker's: the finding, with its battle
        self.ruleset = ruleset
        self.ids = ruleset.ids
        self.battle = battle
        self.index = index
        self.before = before            # the game totals before this battle
        self.unfinished = unfinished    # the game's last battle, and the game unfinished
        self.seats: tuple[Seat, ...] = ruleset.seats
        self.size = ruleset.hand_size
        #: each seat's cards in hand by its place in ``seats``, as face -> copies (the hot path
        #: indexes seats by place: an Enum's hash is a Python call)
        self.hands: list[dict[Card, int]] | None = None
        self.public: PackCount | None = None   # the copies played, without the deal
        self.orders = _orders(len(self.seats))
        self.sides = tuple(0 if seat.side is NS else 1 for seat in self.seats)
        self.dealt: dict[Seat, tuple[Card, ...]] = {}
        self.deal_noticed = False
        self.new_auction()
        self.claims: list[SideClaim] = []
        self.last_span: Span = battle.span
        self.once: set[str] = set()     # departures reported once a battle

    def new_auction(self) -> None:
        rules = self.ruleset.auction
        self.auction = (Auction(self.battle.dealer, seats=self.seats) if rules is None else
                        Auction(self.battle.dealer, rules.minimum, rules.step,
                                rules.announcements, self.seats))
        self.trump: Suit | None = None
        self.declared: dict[Seat, int] = {}
        #: declarations made before trump was named, judged once it is
        self.pending: list[tuple[Seat, tuple[Meld, ...], int | None, Span]] = []
        self.bidder: Seat | None = None
        self.bid: int | None = None
        self.playing = False            # trick 1 has begun
        self.ready = False              # playing, trump known, nothing stopped: the fast path
        self.stopped = False            # the battle cannot be judged further (no trump)
        self.tricks = 0
        self.numbering = Numbering()    # the trick lines' numbers
        self.leader = 0                 # the place in ``seats`` of the next trick's leader
        self.won = [0, 0]               # card points won by NS, EW (with the last trick's)
        self.scoring = [False, False]   # NS, EW won a scoring trick (DP-MELD6, DP-MELD7)

    # findings -------------------------------------------------------------------------------

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
            trick: int | None = None) -> None:
        self.report(Finding(rule=rule, kind=kind, severity=severity, span=span,
                              message=message, claimed=claimed, expected=expected,
                              trick=trick), self.index)

    def first_time(self, key: str) -> bool:
        if key in self.once:
            return False
        self.once.add(key)
        return True

    # the walk -------------------------------------------------------------------------------

    def run(self) -> TableBattleResult:
        for event in self.battle.events:
            kind = type(event)
            if kind is TableTrick:
                self.on_trick(event)
            elif kind is Comment:
                continue
            elif kind in _CALLS:
                self.on_call(event)
            elif kind is Declaration:
                self.on_declaration(event.seat, event.melds, event.total, event.span)
            elif kind is Meld and event.seat is not None:    # a one-kind declaration
                self.on_declaration(event.seat, (event,), None, event.span)
            elif kind is Hands:
                self.on_hands(event)
            elif kind is TrumpNaming:
                self.on_trump(event)
            elif kind is SideClaim:
                self.on_claim(event)
            else:
                self.foreign(event)
            self.last_span = event.span
        return self.finish()

    def foreign(self, event: Any) -> None:
        what = _FOREIGN.get(getattr(event, "type", ""), f"a {type(event).__name__}")
        self.new("DP-PLAYERS", Kind.MALFORMED, event.span,
                 f"{what} is a statement of the two-handed games; a partnership battle of four "
                 "players (DP-PLAYERS) has none, so it is ignored")

    def no_deal(self, span: Span) -> None:
        """The first event is not the deal: the battle is replayed without possession."""
        if self.hands is None and not self.deal_noticed:
            self.deal_noticed = True
            self.new(self.ids.deal, Kind.NOTICE, self.battle.span,
                     f"the record of battle {self.index} omits the deal: card possession, the "
                     "play's obligations and the melds were not checked; each declared meld is "
                     "taken as declared", Severity.INFO)

    def thrown(self, event: Any) -> bool:
        """After a throw-in (DP-BID9) the hand is over: melds, trump and tricks are reported
        once and ignored."""
        if not self.auction.thrown_in:
            return False
        if self.first_time("thrown"):
            self.new("DP-BID9", Kind.MALFORMED, event.span,
                     "nobody bid in the first round of four calls: the hands were thrown in "
                     "(DP-BID9), so there is no trump, meld or play in this battle; what follows "
                     "is ignored")
        return True

    # the deal ---------------------------------------------------------------------------

    def on_hands(self, hands: Hands) -> None:
        started = (self.auction.turns or self.trump is not None or self.declared
                   or self.pending)
        if self.playing:
            self.new(self.ids.deal, Kind.MALFORMED, hands.span,
                     "a deal in the middle of play: a battle is one deal and its tricks "
                     f"({self.ids.deal}); this deal is ignored")
            return
        if self.hands is not None or started:
            self.new(self.ids.deal, Kind.IRREGULARITY, hands.span,
                     "a second deal with no throw-in before it: the later deal replaces the "
                     f"first, and the auction starts again ({self.ids.deal})", Severity.WARNING)
            self.new_auction()
        self.check_deal(hands)
        self.dealt = {seat: tuple(cards) for seat, cards in zip(self.seats, hands.hands)}
        for seat in self.seats[len(hands.hands):]:
            self.dealt[seat] = ()
        self.hands = [_copies(self.dealt[seat]) for seat in self.seats]

    def check_deal(self, hands: Hands) -> None:
        """Twenty cards each (DP-DEAL2), the pack's copies of each face (DP-PACK)."""
        if len(hands.hands) != len(self.seats):
            self.new(self.ids.hand, Kind.MALFORMED, hands.span,
                     f"the deal has {plural(len(hands.hands), 'hand')}; a table of "
                     f"{len(self.seats)} has {len(self.seats)} ({self.ids.hand})")
        for i, (seat, cards) in enumerate(zip(self.seats, hands.hands)):
            if len(cards) != self.size:
                span = hands.spans[i] if i < len(hands.spans) else hands.span
                self.new(self.ids.hand, Kind.MALFORMED, span,
                         f"{seat.word} is dealt {plural(len(cards), 'card')}; each player is "
                         f"dealt {self.size} ({self.ids.hand})",
                         claimed=len(cards), expected=self.size)
        counts = [0] * FACES
        for cards in hands.hands:
            for card in cards:
                counts[card.index] += 1
        pack = _pack(self.ruleset)
        if counts == pack:
            return
        wrong = [f"{counts[i]} × {card}" + (" (none dealt)" if not counts[i] else "")
                 for i, card in enumerate(BY_INDEX) if counts[i] != pack[i]]
        if wrong:
            rule = self.ruleset.pack_rule
            self.new(rule, Kind.MALFORMED, hands.span,
                     f"the deal is not the pack ({rule}: {self.ruleset.pack_size} cards, "
                     f"{max(pack)} copies of each face): it has {', '.join(wrong)}")

    # the auction ------------------------------------------------------------------------

    def on_call(self, call: Bid | Announce | Pass) -> None:
        self.no_deal(call.span)
        for problem in self.auction.call(call):
            span = call.amount_span if (type(call) is Bid and problem.rule == "DP-BID3"
                                        and call.amount_span.line) else call.span
            self.new(problem.rule, Kind.ILLEGAL_PLAY, span, problem.message)

    def on_trump(self, naming: TrumpNaming) -> None:
        self.no_deal(naming.span)
        if self.thrown(naming):
            return
        rule = self.ids.melder          # DP-MELD1
        if self.trump is not None:
            self.new(rule, Kind.MALFORMED, naming.span,
                     f"trump is named once, by the high bidder ({rule}); {self.trump} was "
                     f"named already and stays trump", claimed=str(naming.suit),
                     expected=str(self.trump))
            return
        if self.playing:
            self.new(rule, Kind.MALFORMED, naming.span,
                     f"trump is named after play began: the high bidder names it after the "
                     f"auction, before the melds ({rule}); it is ignored")
            return
        if self.pending:
            self.new(rule, Kind.MALFORMED, naming.span,
                     "trump is named after the melds began: the high bidder names it after "
                     f"the auction, before the melds ({rule}); {naming.suit} is taken as trump "
                     "and the melds before it are judged with it")
        elif not self.auction.over:
            self.new(rule, Kind.MALFORMED, naming.span,
                     f"trump is named before the auction ended: the high bidder names it "
                     f"after the auction ({rule}); {naming.suit} is taken as trump")
        self.trump = naming.suit
        pending, self.pending = self.pending, []
        for seat, melds, total, span in pending:
            self.judge(seat, melds, total, span)

    def no_trump(self, span: Span) -> bool:
        """Trump is needed (a meld or a trick) and was not named: reported once; the battle is
        not judged further (its melds and tricks depend on trump)."""
        if self.trump is not None:
            return False
        if self.first_time("no-trump"):
            rule = self.ids.melder
            self.new(rule, Kind.MALFORMED, span,
                     f"no trump has been named: the high bidder names trump after the auction, "
                     f"before the melds ({rule}); without it the melds and tricks of battle "
                     f"{self.index} cannot be judged, and it scores nothing (its claims are "
                     f"not checked)")
            self.stopped = True
        return True

    # the melds --------------------------------------------------------------------------

    def on_declaration(self, seat: Seat, melds: tuple[Meld, ...], total: int | None,
                       span: Span) -> None:
        self.no_deal(span)
        if self.thrown_in_or_stopped(span):
            return
        rule = self.ids.melder
        if self.playing:
            self.new(rule, Kind.ILLEGAL_MELD, span,
                     f"{seat.word} declares melds after play began: every player melds once, "
                     f"before trick 1 ({rule}); the declaration is ignored", trick=self.tricks)
            return
        if seat in self.declared or any(seat is p[0] for p in self.pending):
            self.new(rule, Kind.ILLEGAL_MELD, span,
                     f"{seat.word} declares a second time: every player melds once ({rule}); "
                     "the first declaration counts")
            return
        if not self.auction.over and self.first_time("melds-early"):
            self.new(rule, Kind.MALFORMED, span,
                     f"melds are declared before the auction ended: every player melds after "
                     f"the auction and the naming of trump ({rule})")
        if self.trump is None:          # judged when trump is named (or reported at trick 1)
            self.pending.append((seat, melds, total, span))
            return
        self.judge(seat, melds, total, span)

    def judge(self, seat: Seat, melds: tuple[Meld, ...], total: int | None,
              span: Span) -> None:
        """``seat``'s declaration: credited as judged against his dealt hand (DP-MELD1-5), or
        as declared when the record omits the deal."""
        assert self.trump is not None
        if self.hands is None:
            self.declared[seat] = total if total is not None else sum(m.points for m in melds)
            return
        verdict = judge_declaration(self.dealt[seat], melds, total, self.trump, self.ruleset,
                                    seat)
        self.declared[seat] = verdict.points
        for finding in verdict.findings:
            self.report(finding if finding.span.line else finding.at(span=span), self.index)

    def thrown_in_or_stopped(self, span: Span) -> bool:
        if self.stopped:
            return True
        return self.thrown(_At(span))

    # the tricks -------------------------------------------------------------------------

    def begin_play(self, trick: TableTrick) -> bool:
        """Trick 1: the auction must be over (DP-BID1), trump named (DP-MELD1); seats that
        declared nothing meld 0 (a notice); the high bidder leads (DP-PLAY1)."""
        self.playing = True
        auction = self.auction
        if not auction.over:
            bidder = auction.high_bidder
            self.new("DP-BID1", Kind.MALFORMED, trick.span,
                     "play begins before the auction ended (DP-BID1: it ends when every seat "
                     "but the high bidder has passed); " +
                     ("nobody has bid, so the battle cannot be judged" if bidder is None else
                      f"{bidder.word}'s {auction.high} is taken as the contract"))
            if bidder is None:
                self.stopped = True
                return False
        if self.no_trump(trick.span):
            return False
        self.bidder, self.bid = auction.high_bidder, auction.high
        silent = [seat for seat in self.seats if seat not in self.declared]
        if silent:
            names = ", ".join(seat.word for seat in silent)
            self.new(self.ids.melder, Kind.NOTICE, trick.span,
                     f"{names} declared no meld before trick 1 ({self.ids.melder}): "
                     f"{'his meld counts' if len(silent) == 1 else 'their melds count'} 0",
                     Severity.INFO, trick=1)
            for seat in silent:
                self.declared[seat] = 0
        assert self.bidder is not None
        self.leader = self.seats.index(self.bidder)
        return True

    def on_trick(self, trick: TableTrick) -> None:
        if not self.ready:
            self.no_deal(trick.span)
            if self.thrown_in_or_stopped(trick.span):
                return
            if not self.playing and not self.begin_play(trick):
                return
            self.ready = True
        if self.tricks >= self.size:
            self.new(self.ids.end, Kind.MALFORMED, trick.span,
                     f"trick {trick.number} is recorded after the hands were played out "
                     f"({self.size} tricks, {self.ids.end}); it is ignored", trick=self.tricks)
            return
        number = self.tricks + 1
        fault = self.numbering.check(trick.number, following(self.battle.events, trick))
        if fault is not None:       # one finding where the numbering goes wrong (numbering.py)
            self.new(self.ids.trick, Kind.MALFORMED, trick.span, fault.message("trick", "battle"),
                     claimed=trick.number, expected=fault.expected, trick=number)
        cards = trick.cards
        if len(cards) != len(self.seats):
            self.new("DP-PLAYERS", Kind.MALFORMED, trick.span,
                     f"a trick of {plural(len(cards), 'card')}: each of the {len(self.seats)} "
                     "players plays one to every trick (DP-PLAYERS); it is ignored",
                     trick=number)
            return
        if trick.leader is not None and trick.leader is not self.seats[self.leader]:
            self.wrong_leader(trick, number)
        order = self.orders[self.leader]
        if self.hands is not None:
            self.play(trick, order, number)
        else:
            self.over_the_pack(trick, order, number)
        trump, ruleset = self.trump, self.ruleset
        assert trump is not None
        winner = order[winning_index(cards, trump, ruleset)]
        if trick.winner is not None and trick.winner is not self.seats[winner]:
            self.wrong_winner(trick, order, winner, number)
        last = number == self.size
        side = self.sides[winner]
        self.won[side] += trick_points(cards, ruleset) + (ruleset.last_trick_bonus if last
                                                            else 0)
        if not self.scoring[side] and is_scoring_trick(cards, last, ruleset):
            self.scoring[side] = True
        self.tricks = number
        self.leader = winner

    def wrong_leader(self, trick: TableTrick, number: int) -> None:
        """The record's lead mark names a seat other than the rules' leader (docs/notation.md
        §11): reported once (the high bidder leads trick 1, DP-PLAY1; the last winner the
        next, DP-PLAY6), then followed: the marked seat leads, the others clockwise."""
        marked, leader = trick.leader, self.seats[self.leader]
        assert marked is not None
        if marked not in self.seats:
            self.new("Ruleset", Kind.MALFORMED, trick.leader_span or trick.span,
                     f"{marked.word} has no seat in this game; the lead mark is ignored",
                     trick=number)
            return
        rule = self.ids.trick if number == 1 else self.ids.lead
        why = ("the high bidder leads the first trick" if number == 1 else
               f"{leader.word} won trick {number - 1} and leads")
        self.new(rule, Kind.ILLEGAL_PLAY, trick.leader_span or trick.span,
                 f"trick {number} is led by {marked.word}, the record says, but it was "
                 f"{leader.word}'s lead: {why} ({rule}); the trick is played as written, "
                 f"{marked.word} leading and the others following clockwise",
                 claimed=str(marked), expected=str(leader), trick=number)
        self.leader = self.seats.index(marked)

    def play(self, trick: TableTrick, order: tuple[int, ...], number: int) -> None:
        """Each card from its player's hand: one not held is reported and still played (spec
        §7); one held, checked against the obligations (DP-PLAY2-4). ``order``: the players'
        places in ``seats``, the leader's first."""
        assert self.hands is not None and self.trump is not None
        cards, hands = trick.cards, self.hands
        for i, card in enumerate(cards):
            hand = hands[order[i]]
            copies = hand.get(card)
            if copies is None:
                self.not_held(trick, order, number, i)
                continue
            # (a card of the suit led, not trump, breaks none: broken_rule's first answer,
            # without a list of the hand made for each card that follows suit)
            if i and (card.suit is not cards[0].suit or card.suit is self.trump):
                broken = broken_rule(list(hand), cards[:i], card, self.trump, self.ruleset)
                if broken is not None:
                    self.revoke(trick, self.seats[order[i]], i, broken, number)
            if copies == 1:
                del hand[card]
            else:
                hand[card] = copies - 1

    def over_the_pack(self, trick: TableTrick, order: tuple[int, ...], number: int) -> None:
        """Without the deal: a card played when every copy the pack holds was played before
        cannot be held (publiccards.PackCount; docs/rulings.md, "Records without the deal")."""
        if self.public is None:
            self.public = PackCount(self.ruleset)
        for i, card in enumerate(trick.cards):
            seen = self.public.play(card)
            if seen is not None:
                self.not_held(trick, order, number, i,
                              f"every copy of the pack's {self.ruleset.pack.get(card, 0)} "
                              "was played before")

    def not_held(self, trick: TableTrick, order: tuple[int, ...], number: int,
                 i: int, why: str = "") -> None:
        card, seat, leader = trick.cards[i], self.seats[order[i]], self.seats[order[0]]
        spans = trick.card_spans
        span = spans[i] if i < len(spans) else trick.span
        rule = "DP-PLAY1" if number == 1 else self.ids.lead
        if trick.leader is not None:  # the record's lead mark said who led (``wrong_leader``)
            who = (f"{seat.word} leads trick {number}, as the record's lead mark says"
                   if i == 0 else f"{seat.word} plays {_NTH[i]} to trick {number}, led by "
                   f"{leader.word} as the record's lead mark says")
        elif number == 1:
            who = (f"{seat.word} leads trick 1 as the high bidder" if i == 0 else
                   f"{seat.word} plays {_NTH[i]} to trick 1, led by the high bidder")
        else:
            who = ((f"{seat.word} leads" if i == 0 else f"{seat.word} plays {_NTH[i]} to")
                   + f" trick {number}, led by {leader.word}, the winner of trick "
                   f"{number - 1}")
        held = f"cannot hold {card}: {why}" if why else f"does not hold {card}"
        self.new(rule, Kind.ILLEGAL_PLAY, span,
                 f"{who} ({rule}) but {held}; it is counted as played",
                 trick=number)

    def revoke(self, trick: TableTrick, seat: Seat, i: int, rule: str, number: int) -> None:
        assert self.trump is not None
        spans = trick.card_spans
        self.new(rule, Kind.ILLEGAL_PLAY, spans[i] if i < len(spans) else trick.span,
                 _revoke(seat, trick.cards[i], trick.cards[:i], self.trump, rule) +
                 "; the trick stands as played", trick=number)

    def wrong_winner(self, trick: TableTrick, order: tuple[int, ...], place: int,
                     number: int) -> None:
        rule = self.ruleset.trick_rule_ids.identical      # DP-PLAY5
        card, winner = trick.cards[order.index(place)], self.seats[place]
        marked = trick.winner
        assert marked is not None
        why = ("the highest trump" if card.suit is self.trump else
               f"the highest card of the suit led ({card.suit}), no trump played")
        if trick.cards.count(card) > 1:
            why += "; of identical cards the one played first"
        self.new(rule, Kind.MISCOUNT, trick.winner_span or trick.span,
                 f"trick {number} ({_cards(trick.cards)}) is won by {winner.word}'s {card}, "
                 f"{why} ({rule}), not by {marked.word}; {winner.word} leads next",
                 claimed=str(marked), expected=str(winner), trick=number)

    # claims and the end ---------------------------------------------------------------

    def on_claim(self, claim: SideClaim) -> None:
        if claim.category == "game":
            self.new(self.ids.game, Kind.MALFORMED, claim.span,
                     f"the game claim comes after the game's last battle ({self.ids.game})")
            return
        self.claims.append(claim)

    def finish(self) -> TableBattleResult:
        # a score sheet (no deal, no trick: sheet.py) is played out as its claims say
        complete = self.judge_sheet() or self.complete()
        results = self.results()
        self.check_claims(results)
        return TableBattleResult(
            self.index, self.battle.number, self.battle.dealer, self.hands is not None,
            self.auction.thrown_in, self.bidder, self.bid, self.trump, results[NS],
            results[EW], self.tricks, complete, self.battle.span)

    def complete(self) -> bool:
        """Whether the record plays the hand out; reported when it stops early (unless the
        game is unfinished, ``Result "*"``, and this is its last battle)."""
        auction = self.auction
        if auction.thrown_in:
            return True
        if self.stopped:
            return False
        if not auction.over and not self.playing:
            if not self.unfinished:
                self.new("DP-BID1", Kind.MALFORMED, self.last_span,
                         f"the record of battle {self.index} stops during the auction: it "
                         "ends when every seat but the high bidder has passed, or with a "
                         "throw-in (DP-BID1, DP-BID9)")
            return False
        if self.tricks < self.size:
            if not self.unfinished:
                self.new(self.ids.end, Kind.MALFORMED, self.last_span,
                         f"the record of battle {self.index} stops after "
                         f"{plural(self.tricks, 'trick')}: the hands are played out, "
                         f"{self.size} tricks ({self.ids.end})", trick=self.tricks)
            return False
        return True

    def results(self) -> dict[Side, SideResult]:
        """Each side's result (DP-SCORE1-3); nothing for a throw-in or an unjudged battle."""
        if self.bidder is None or self.bid is None or self.stopped:
            return {NS: NO_SCORE, EW: NO_SCORE}
        melds = {side: sum(self.declared.get(seat, 0) for seat in side.seats)
                 for side in (NS, EW)}
        won = {NS: self.won[0], EW: self.won[1]}
        scoring = {NS: self.scoring[0], EW: self.scoring[1]}
        return score_hand(self.bidder.side, self.bid, won, melds, scoring, self.ruleset)

    def check_claims(self, results: dict[Side, SideResult]) -> None:
        if not self.claims or self.stopped:     # not judged: one finding says so, not one
            return                              # miscount per claim against a zero score
        contract = Contract(None if self.bidder is None else self.bidder.side, self.bid,
                            self.auction.thrown_in, self.before)
        for finding in claim_findings(self.claims, results, contract, self.ids):
            self.report(finding, self.index)


class _At:
    """A place for ``thrown`` when the event itself is not at hand."""

    def __init__(self, span: Span) -> None:
        self.span = span


_NTH = {1: "second", 2: "third", 3: "fourth"}
#: The pack's copies of each face, by ``Card.index`` (DP-PACK).
_pack = per_ruleset(lambda ruleset: per_card(ruleset.pack))


def _copies(cards: Sequence[Card]) -> dict[Card, int]:
    """A hand as face -> copies."""
    copies: dict[Card, int] = {}
    for card in cards:
        copies[card] = copies.get(card, 0) + 1
    return copies


def _orders(count: int) -> tuple[tuple[int, ...], ...]:
    """For each leader's place in the seats (clockwise), the places in playing order from him
    (DP-PLAY6)."""
    return tuple(tuple((lead + k) % count for k in range(count)) for lead in range(count))


def _revoke(seat: Seat, card: Card, played: Sequence[Card], trump: Suit, rule: str) -> str:
    led = played[0]
    if rule.endswith("PLAY2"):
        return (f"{seat.word} plays {card} to a {led.suit} lead while holding {led.suit}: he "
                f"must follow suit ({rule})")
    if rule.endswith("PLAY3"):
        return (f"{seat.word} plays {card} to a trump lead ({_cards(played)}) while holding a "
                f"higher trump: he must top it ({rule})")
    return (f"{seat.word} plays {card}, void in {led.suit}, while holding a trump ({trump}): "
            f"he must trump ({rule})")
