"""The state of one battle of the partnership game (double-pack), driven one action at a time:
the two-handed ``twohanded.state.BattleState``'s shape for a table of the ruleset's seats.

Every action comes in three forms, PokerKit-style:

- ``verify_X(...) -> list[Finding]`` (empty = legal) and ``can_X(...) -> bool`` ask, changing
  nothing;
- ``X(...)`` applies the action, appends a frozen step record (``model.tablesteps``) to ``log``
  (when ``keep_log``) and any finding to ``findings``. Like ``BattleState`` it never raises and
  never refuses what a record says happened: a call the auction forbids is void (spec §5.3), a
  declaration is credited as judged, a card not held or a revoke is played all the same (spec
  §7), and so is a lead out of turn (docs/rulings.md, "Double-pack: the state a card at a
  time"). What cannot be applied at all (a second trump, a declaration after play began, a
  follower's card out of turn) is reported and ignored.

The actions, in the order the rules give them:

- ``deal(hands)``: the hands in the ruleset's seat order, twenty cards each (DP-DEAL2) and the
  pack's copies (DP-PACK); a second deal restarts the auction;
- ``call(call)``: a ``Bid``, ``Announce`` or ``Pass`` of the auction (``auction.Auction``,
  DP-BID1-9); after a throw-in (DP-BID9) trump, melds and tricks are reported once and ignored;
- ``name_trump(suit)``: by the high bidder after the auction (DP-MELD1);
- ``declare(seat, melds, total)``: each seat's declaration before trick 1, judged against his
  dealt hand (``melds.judge_declaration``: DP-MELD1-5), or taken as declared without the deal;
  a declaration before trump is named is judged when it is;
- ``open_play()``: trick 1 begins (the auction over, DP-BID1; trump named, DP-MELD1; seats that
  declared nothing meld 0; the high bidder leads, DP-PLAY1); ``play`` does it when needed;
- ``play(seat, card)``: one card (``legal_cards`` says which keep DP-PLAY2-4); the fourth card
  decides the trick (``tricks.winning_index``, DP-PLAY5) and its winner leads next (DP-PLAY6);
  ``play_trick(cards, ...)`` plays a recorded trick in one step, with the record's lead and
  winner marks (the walker's hot path);
- ``claim(claim)`` keeps a claim by scorer (by side, or by seat where each plays for himself:
  ``claims.claim_kind``); ``close()`` ends the battle (a score sheet is judged by
  ``sheet.TableSheet``), scores it (``contract.score_hand``, DP-SCORE1-3, DP-MELD6) and checks
  the claims (``claims.claim_findings``).

``partnership.battle.TableBattle`` reads a record's events and calls these; the simulator
(``simulator/partnership``) drives the same state for its legal choices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

from pinochle.notation.cards import Card, Seat, Suit
from pinochle.notation.events import NOWHERE, Announce, Bid, Meld, Pass, Span

from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import Scorer, ScorerT
from pinochle.adjudicator.model.tablesteps import (Called, CardPlayed, Closed, Dealt, Declared,
                                                   DeclaredMeld, PlayBegan, TableStep, TrickWon,
                                                   TrumpNamed)
from pinochle.adjudicator.partnership.auction import Auction
from pinochle.adjudicator.partnership.claims import Contract, ScorerClaim, claim_findings, misfit
from pinochle.adjudicator.partnership.contract import (SideResult, game_winner,
                                                       is_scoring_trick, score_conceded,
                                                       score_hand, score_renege,
                                                       trick_points)
from pinochle.adjudicator.partnership.melds import judge_declaration
from pinochle.adjudicator.partnership.passing import TablePassing
from pinochle.adjudicator.partnership.results import NO_SCORE
from pinochle.adjudicator.partnership.sheet import TableSheet
from pinochle.adjudicator.partnership.tricks import broken_rule, legal_plays, winning_index
from pinochle.adjudicator.rules.meldtables import BY_INDEX, FACES, meld_table, per_card, per_ruleset
from pinochle.adjudicator.twohanded.publiccards import PackCount

__all__ = ["TableState"]

Call = Bid | Announce | Pass


class TableState(TablePassing, TableSheet):
    """One partnership battle: the deal, the auction, trump, the declarations, the tricks and
    the score. See the module docstring.

    ``TableState(ruleset, dealer, index=1, keep_log=True)``; ``index`` is the battle's place in
    its game, for the findings' sentences."""

    def __init__(self, ruleset: Ruleset, dealer: Seat, index: int = 1, *,
                 keep_log: bool = True) -> None:
        self.ruleset = ruleset
        self.ids = ruleset.ids
        self.dealer = dealer
        self.index = index
        self.keep_log = keep_log
        self.log: list[TableStep] = []
        self.findings: list[Finding] = []
        self.seats: tuple[Seat, ...] = ruleset.seats
        self.size = ruleset.hand_size
        #: each seat's cards in hand by its place in ``seats``, as face -> copies (the hot path
        #: indexes seats by place: an Enum's hash is a Python call)
        self.hands: list[dict[Card, int]] | None = None
        self.public: PackCount | None = None   # the copies played, without the deal
        self.orders = _orders(len(self.seats))
        self.seating = ruleset.seating
        #: each seat's scorer (by place in ``seats``) as its place in the seating's scorers
        self.scorer_at = ruleset.seating.scorer_places
        self.dealt: dict[Seat, tuple[Card, ...]] = {}
        self.claims: list[ScorerClaim] = []
        self.once: set[str] = set()     # departures reported once a battle
        self.current: list[Card] = []   # the cards of the trick being played, one at a time
        self.scored: dict[Scorer, SideResult] | None = None   # the results, once closed
        #: every seat heads every trick: no follower's card escapes the check (SD-PLAY4)
        self.heads = ruleset.follow.head == "all"
        self.new_auction()

    def new_auction(self) -> None:
        rules = self.ruleset.auction
        self.auction = (Auction(self.dealer, seats=self.seats) if rules is None else
                        Auction(self.dealer, rules.minimum, rules.step,
                                rules.announcements, self.seats, self.ruleset.table.forced,
                                self.ruleset.cites, rules.void_uses_turn))
        self.new_passing()
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
        self.leader = 0                 # the place in ``seats`` of the next trick's leader
        scorers = len(self.seating.scorers)
        self.won = [0] * scorers        # card points won by each scorer (NS, EW), last trick's in
        self.scoring = [False] * scorers    # each won a scoring trick (DP-MELD6, DP-MELD7)

    # queries ----------------------------------------------------------------------------

    @property
    def deal_known(self) -> bool:
        return self.hands is not None

    @property
    def to_play(self) -> Seat:
        """The seat whose card is next (the leader when no card of the trick is down)."""
        return self.seats[self.orders[self.leader][len(self.current)]]

    @property
    def trick_number(self) -> int:
        """The number of the trick being played, or next."""
        return self.tricks + 1

    def held(self, seat: Seat) -> tuple[Card, ...]:
        """``seat``'s cards in hand (one entry per copy); empty without the deal."""
        if self.hands is None:
            return ()
        return tuple(card for card, n in self.hands[self.seats.index(seat)].items()
                     for _ in range(n))

    def winner_of(self, cards: Sequence[Card]) -> int:
        """The position in ``cards`` (the leader's first) of the card that wins them with the
        named trump (DP-PLAY5)."""
        assert self.trump is not None
        return winning_index(cards, self.trump, self.ruleset)

    # findings -------------------------------------------------------------------------------

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
            trick: int | None = None) -> None:
        self.findings.append(_finding(rule, kind, span, message, severity, claimed, expected,
                                      trick))

    def _keep(self, found: list[Finding]) -> None:
        if found:
            self.findings += found

    def _step(self, step: TableStep) -> None:
        if self.keep_log:
            self.log.append(step)

    def _thrown(self, span: Span) -> list[Finding]:
        """After a throw-in (DP-BID9) the hand is over: melds, trump and tricks are reported
        once and ignored. Empty when it was reported already."""
        if "thrown" in self.once:
            return []
        return [_finding("DP-BID9", Kind.MALFORMED, span,
                         "nobody bid in the first round of four calls: the hands were thrown in "
                         "(DP-BID9), so there is no trump, meld or play in this battle; what "
                         "follows is ignored")]

    def _mark_thrown(self, found: list[Finding]) -> None:
        if found:
            self.findings += found
        self.once.add("thrown")

    # the deal ---------------------------------------------------------------------------

    def verify_deal(self, hands: Sequence[Sequence[Card]], span: Span = NOWHERE,
                    spans: Sequence[Span] = ()) -> list[Finding]:
        """Empty for a deal of the ruleset's seats' hands (in its seat order) before the
        auction: twenty cards each (DP-DEAL2), the pack's copies of each face (DP-PACK)."""
        ids = self.ids
        if self.playing:
            return [_finding(ids.deal, Kind.MALFORMED, span,
                             "a deal in the middle of play: a battle is one deal and its tricks "
                             f"({ids.deal}); this deal is ignored")]
        found = []
        if self.hands is not None or self._started:
            found.append(_finding(
                ids.deal, Kind.IRREGULARITY, span, "a second deal with no throw-in before it: "
                f"the later deal replaces the first, and the auction starts again ({ids.deal})",
                Severity.WARNING))
        return found + self._deal_problems(hands, span, spans)

    def can_deal(self, hands: Sequence[Sequence[Card]]) -> bool:
        return not self.verify_deal(hands)

    def deal(self, hands: Sequence[Sequence[Card]], span: Span = NOWHERE,
             spans: Sequence[Span] = ()) -> Dealt | None:
        """Deal ``hands``; a second deal replaces the first and restarts the auction; a deal
        during play is ignored (``None``)."""
        found = self.verify_deal(hands, span, spans)
        if found:
            self.findings += found
        if self.playing:
            return None
        again = self.hands is not None or self._started
        if again:
            self.new_auction()
        self.dealt = {seat: tuple(cards) for seat, cards in zip(self.seats, hands)}
        for seat in self.seats[len(hands):]:
            self.dealt[seat] = ()
        self.hands = [_copies(self.dealt[seat]) for seat in self.seats]
        step = Dealt(tuple(self.dealt[seat] for seat in self.seats), again)
        if self.keep_log:
            self.log.append(step)
        return step

    @property
    def _started(self) -> bool:
        return bool(self.auction.turns or self.trump is not None or self.declared
                    or self.pending)

    def _deal_problems(self, hands: Sequence[Sequence[Card]], span: Span,
                       spans: Sequence[Span]) -> list[Finding]:
        """Twenty cards each (DP-DEAL2), the pack's copies of each face (DP-PACK)."""
        ids, seats, size = self.ids, self.seats, self.size
        found = []
        if len(hands) != len(seats):
            found.append(_finding(ids.hand, Kind.MALFORMED, span,
                                  f"the deal has {plural(len(hands), 'hand')}; a table of "
                                  f"{len(seats)} has {len(seats)} ({ids.hand})"))
        for i, (seat, cards) in enumerate(zip(seats, hands)):
            if len(cards) != size:
                found.append(_finding(ids.hand, Kind.MALFORMED,
                                      spans[i] if i < len(spans) else span,
                                      f"{seat.word} is dealt {plural(len(cards), 'card')}; each "
                                      f"player is dealt {size} ({ids.hand})",
                                      claimed=len(cards), expected=size))
        counts = [0] * FACES
        for cards in hands:
            for card in cards:
                counts[card.index] += 1
        pack = _pack(self.ruleset)
        if counts == pack:
            return found
        wrong = [f"{counts[i]} × {card}" + (" (none dealt)" if not counts[i] else "")
                 for i, card in enumerate(BY_INDEX) if counts[i] != pack[i]]
        if wrong:
            rule = self.ruleset.pack_rule
            found.append(_finding(rule, Kind.MALFORMED, span,
                                  f"the deal is not the pack ({rule}: {self.ruleset.pack_size} "
                                  f"cards, {max(pack)} copies of each face): it has "
                                  f"{', '.join(wrong)}"))
        return found

    # the auction ------------------------------------------------------------------------

    def verify_call(self, call: Call) -> list[Finding]:
        """Empty for a legal call (DP-BID1-8); a bid's refused statements (DP-BID8) are a
        finding although the bid stands."""
        auction = self.auction
        if type(call) is Bid:
            problem = auction.verify_bid(call.seat, call.amount)
            if problem is None:
                problem = auction.verify_statements(call.flush, call.long, call.meld)
        elif type(call) is Announce:
            problem = auction.verify_announce(call.seat, call.meld, call.flush, call.long)
        else:
            problem = auction.verify_pass(call.seat)
        return [] if problem is None else [self._call_finding(call, problem.rule,
                                                              problem.message)]

    def can_call(self, call: Call) -> bool:
        return not self.verify_call(call)

    def call(self, call: Call) -> Called:
        """Apply a record's call as the rules take it: a legal call is made, an illegal one is
        void (spec §5.3, D6; the auction's ``call``)."""
        auction = self.auction
        made = len(auction.log)
        problems = auction.call(call)
        for problem in problems:
            self.findings.append(self._call_finding(call, problem.rule, problem.message))
        if len(auction.log) > made:
            applied = auction.log[-1]
            step = Called(applied.seat, applied.call, applied.bid, applied.rule, False)
        else:
            step = Called(call.seat, _CALL_NAMES[type(call)], None, problems[0].rule, True)
        if self.keep_log:
            self.log.append(step)
        return step

    def _call_finding(self, call: Call, rule: str, message: str) -> Finding:
        span = call.amount_span if (type(call) is Bid and rule == "DP-BID3"
                                    and call.amount_span.line) else call.span
        return _finding(rule, Kind.ILLEGAL_PLAY, span, message)

    def deemed_bid(self, call: Announce) -> int | None:
        """The bid ``call`` would make now (DP-BID6, DP-BID7, D3), ``None``: information only
        (DP-BID4)."""
        return self.auction.deemed(call.meld, call.flush, call.long)[0]

    # trump --------------------------------------------------------------------------------

    def _trump_problems(self, suit: Suit, span: Span) -> tuple[list[Finding], bool]:
        """What naming ``suit`` would be told, and whether it would be taken as trump."""
        if self.auction.thrown_in:
            return self._thrown(span), False
        rule = self.ruleset.cites.get("trump", self.ids.melder)     # DP-MELD1
        if self.trump is not None:
            rule = self.ruleset.cites.get("trump-once", rule)
            return [_finding(rule, Kind.MALFORMED, span,
                             f"trump is named once, by the high bidder ({rule}); {self.trump} "
                             "was named already and stays trump", claimed=str(suit),
                             expected=str(self.trump))], False
        if self.playing:
            return [_finding(rule, Kind.MALFORMED, span,
                             "trump is named after play began: the high bidder names it after "
                             f"the auction, before the melds ({rule}); it is ignored")], False
        if self.pending:
            return [_finding(rule, Kind.MALFORMED, span,
                             "trump is named after the melds began: the high bidder names it "
                             f"after the auction, before the melds ({rule}); {suit} is taken as "
                             "trump and the melds before it are judged with it")], True
        if not self.auction.over:
            return [_finding(rule, Kind.MALFORMED, span,
                             "trump is named before the auction ended: the high bidder names it "
                             f"after the auction ({rule}); {suit} is taken as trump")], True
        return [], True

    def verify_name_trump(self, suit: Suit, span: Span = NOWHERE) -> list[Finding]:
        """Empty when the high bidder may name ``suit`` now: after the auction, before the melds
        and the play, once (DP-MELD1)."""
        return self._trump_problems(suit, span)[0]

    def can_name_trump(self, suit: Suit) -> bool:
        return not self.verify_name_trump(suit)

    def name_trump(self, suit: Suit, span: Span = NOWHERE) -> TrumpNamed | None:
        """Name trump (late is reported and taken; a second naming, or one after play began or
        after a throw-in, is ignored: ``None``). Declarations made before it are judged now."""
        found, taken = self._trump_problems(suit, span)
        if self.auction.thrown_in:
            self._mark_thrown(found)
            return None
        if found:
            self.findings += found
        if not taken:
            return None
        self.trump = suit
        step = TrumpNamed(suit, self.auction.high_bidder if self.auction.over else None)
        if self.keep_log:
            self.log.append(step)
        pending, self.pending = self.pending, []
        for seat, melds, total, at in pending:
            self._judge(seat, melds, total, at)
        return step

    def no_trump(self, span: Span) -> bool:
        """Trump is needed (a meld or a trick) and was not named: reported once; the battle is
        not judged further (its melds and tricks depend on trump)."""
        if self.trump is not None:
            return False
        if "no-trump" not in self.once:
            self.once.add("no-trump")
            self.findings.append(self._no_trump(span))
            self.stopped = True
        return True

    def _no_trump(self, span: Span) -> Finding:
        rule = self.ids.melder
        return _finding(rule, Kind.MALFORMED, span,
                        f"no trump has been named: the high bidder names trump after the "
                        f"auction, before the melds ({rule}); without it the melds and tricks "
                        f"of battle {self.index} cannot be judged, and it scores nothing (its "
                        "claims are not checked)")

    # the melds --------------------------------------------------------------------------

    def _declare_problems(self, seat: Seat, span: Span) -> tuple[list[Finding], str]:
        """What a declaration of ``seat`` would be told before its judgement, and what becomes
        of it: ``ignored``, ``thrown`` (after a throw-in), ``pending`` (trump not named yet) or
        ``judged``."""
        if self.stopped:
            return [], "ignored"
        if self.auction.thrown_in:
            return self._thrown(span), "thrown"
        rule = self.ids.melder
        if self.playing:
            return [_finding(rule, Kind.ILLEGAL_MELD, span,
                             f"{seat.word} declares melds after play began: every player melds "
                             f"once, before trick 1 ({rule}); the declaration is ignored",
                             trick=self.tricks)], "ignored"
        if seat in self.declared or any(seat is p[0] for p in self.pending):
            return [_finding(rule, Kind.ILLEGAL_MELD, span,
                             f"{seat.word} declares a second time: every player melds once "
                             f"({rule}); the first declaration counts")], "ignored"
        found = []
        if not self.auction.over and "melds-early" not in self.once:
            found.append(_finding(rule, Kind.MALFORMED, span,
                                  "melds are declared before the auction ended: every player "
                                  f"melds after the auction and the naming of trump ({rule})"))
        return found, "pending" if self.trump is None else "judged"

    def verify_declare(self, seat: Seat, melds: Sequence[Meld], total: int | None = None,
                       span: Span = NOWHERE) -> list[Finding]:
        """Empty when ``seat`` may declare now (once, after the auction and trump, before trick
        1: DP-MELD1) and the declaration is right for his dealt hand (DP-MELD1-5; notices, such
        as a declaration below the best meld, D12, are findings too)."""
        found, fate = self._declare_problems(seat, span)
        if fate == "judged" and self.hands is not None and seat not in self.unknown:
            assert self.trump is not None
            verdict = judge_declaration(self.meld_hand(seat), tuple(melds), total, self.trump,
                                        self.ruleset, seat)
            found += [f if f.span.line else f.at(span=span) for f in verdict.findings]
        return found

    def can_declare(self, seat: Seat, melds: Sequence[Meld], total: int | None = None) -> bool:
        return not self.verify_declare(seat, melds, total)

    def declare(self, seat: Seat, melds: Sequence[Meld], total: int | None = None,
                span: Span = NOWHERE) -> Declared | None:
        """``seat``'s declaration: credited as judged (``Declared``), kept until trump is named
        (``None``), or ignored (``None``, reported)."""
        found, fate = self._declare_problems(seat, span)
        if fate == "thrown":
            self._mark_thrown(found)
            return None
        if found:
            self.findings += found
        if fate == "ignored":
            return None
        if not self.auction.over:
            self.once.add("melds-early")
        if fate == "pending":
            self.pending.append((seat, tuple(melds), total, span))
        if fate != "judged":
            return None
        if self.passes:
            self.check_passed(span)
        return self._judge(seat, tuple(melds), total, span)

    def _judge(self, seat: Seat, melds: tuple[Meld, ...], total: int | None,
               span: Span) -> Declared:
        """``seat``'s declaration: credited as judged against his dealt hand (DP-MELD1-5), or
        as declared when the deal is not known."""
        assert self.trump is not None
        found: list[Finding] = []
        if self.hands is None or seat in self.unknown:      # (unknown: SD P15)
            points = total if total is not None else sum(m.points for m in melds)
        else:
            verdict = judge_declaration(self.meld_hand(seat), melds, total, self.trump,
                                        self.ruleset, seat)
            points, found = verdict.points, verdict.findings
            self._keep([f if f.span.line else f.at(span=span) for f in found])
        self.declared[seat] = points
        step = Declared(seat, points, self.hands is not None and seat not in self.unknown,
                        self._shown(melds, found) if self.keep_log else ())
        if self.keep_log:
            self.log.append(step)
        return step

    def _shown(self, melds: tuple[Meld, ...], found: list[Finding]) -> tuple[DeclaredMeld, ...]:
        """Each meld of a declaration as the rules took it (``DeclaredMeld``), ``found`` its
        judgement's findings."""
        assert self.trump is not None
        needs = meld_table(self.ruleset, self.trump).needs
        shown = []
        for meld in melds:
            need = needs.get(meld.kind)
            if self.hands is None:          # taken as declared
                legal, points = True, meld.points
            else:
                legal = need is not None and not any(
                    f.severity is Severity.ERROR and f.kind is Kind.ILLEGAL_MELD
                    and _within(meld.span, f.span) for f in found)
                points = need.points if legal and need is not None else 0
            shown.append(DeclaredMeld(meld.kind, () if need is None else need.cards,
                                      None if need is None else need.points, meld.points,
                                      points, legal))
        return tuple(shown)

    # the tricks -------------------------------------------------------------------------

    def _opening(self, span: Span) -> tuple[list[Finding], bool]:
        """What beginning play would be told, and whether the tricks can then be judged."""
        if self.stopped:
            return [], False
        if self.auction.thrown_in:
            return self._thrown(span), False
        if self.conceded is not None or self.renege_by is not None:
            return self.after_concession(span), False
        found: list[Finding] = []
        if self.playing:
            return found, True
        auction = self.auction
        if not auction.over:
            bidder = auction.high_bidder
            found.append(_finding(
                "DP-BID1", Kind.MALFORMED, span,
                "play begins before the auction ended (DP-BID1: it ends when every seat but the "
                "high bidder has passed); " +
                ("nobody has bid, so the battle cannot be judged" if bidder is None else
                 f"{bidder.word}'s {auction.high} is taken as the contract")))
            if bidder is None:
                return found, False
        if self.trump is None:
            return found, False         # reported by ``no_trump``
        silent = [seat for seat in self.seats if seat not in self.declared]
        if silent:
            names = ", ".join(seat.word for seat in silent)
            found.append(_finding(
                self.ids.melder, Kind.NOTICE, span,
                f"{names} declared no meld before trick 1 ({self.ids.melder}): "
                f"{'his meld counts' if len(silent) == 1 else 'their melds count'} 0",
                Severity.INFO, trick=1))
        return found, True

    def verify_open_play(self, span: Span = NOWHERE) -> list[Finding]:
        """Empty when trick 1 may begin now with nothing to say: the auction over (DP-BID1),
        trump named (DP-MELD1), every seat declared."""
        found, ok = self._opening(span)
        if not ok and self.trump is None and not self.stopped and \
                not self.auction.thrown_in and self.auction.high_bidder is not None and \
                "no-trump" not in self.once:
            found = found + [self._no_trump(span)]
        return found

    def open_play(self, span: Span = NOWHERE) -> bool:
        """Begin trick 1 (once; ``play`` and ``play_trick`` call it): the contract is the
        auction's, seats that declared nothing meld 0, the high bidder leads (DP-PLAY1).
        ``False`` when the tricks cannot be judged (a throw-in, no contract, no trump)."""
        if self.ready:
            return True
        found, ok = self._opening(span)
        if self.auction.thrown_in and not self.stopped:
            self._mark_thrown(found)
            return False
        if found:
            self.findings += found
        if self.stopped:
            return False
        if self.conceded is not None or self.renege_by is not None:
            return False
        self.playing = True
        if self.passes:
            self.check_passed(span)
        if not ok:
            if self.auction.high_bidder is None:
                self.stopped = True
            else:
                self.no_trump(span)
            return False
        self.bidder, self.bid = self.auction.high_bidder, self.auction.high
        assert self.bidder is not None
        silent = tuple(seat for seat in self.seats if seat not in self.declared)
        for seat in silent:
            self.declared[seat] = 0
        self.leader = self._first_place(self.bidder)
        self.ready = True
        self._step(PlayBegan(self.bidder, self.bid, silent))
        return True

    def _lead_place(self) -> int | None:
        """The place in ``seats`` of the trick's leader: once play began, the rules' (or the
        record's) leader; before, the high bidder's if play could begin (DP-PLAY1)."""
        if self.ready:
            return self.leader
        if self._opening(NOWHERE)[1] and self.auction.high_bidder in self.seats:
            return self._first_place(self.auction.high_bidder)
        return None

    def _first_place(self, bidder: Seat) -> int:
        """The place in ``seats`` of trick 1's leader: the high bidder (DP-PLAY1), or with
        ``TableRules.first_lead`` ``eldest`` the dealer's left (single-deck SD-PLAY1)."""
        if self.ruleset.table.first_lead == "eldest":
            return self.seats.index(self.seating.first_caller(self.dealer))
        return self.seats.index(bidder)

    def legal_cards(self, seat: Seat) -> frozenset[Card]:
        """The faces ``seat`` may play to the trick now: those of his hand that keep DP-PLAY2-4
        (every one when he leads). Empty when it is not his turn, play cannot go on, or the
        deal is not known."""
        lead = self._lead_place()
        if self.hands is None or lead is None or self.tricks >= self.size or \
                seat is not self.seats[self.orders[lead][len(self.current)]]:
            return frozenset()
        assert self.trump is not None
        hand = self.hands[self.seats.index(seat)]
        return frozenset(legal_plays(list(hand), self.current, self.trump, self.ruleset))

    def verify_play(self, seat: Seat, card: Card, span: Span = NOWHERE) -> list[Finding]:
        """Empty when ``seat`` may play ``card`` now: play can go on (``verify_open_play``),
        it is his turn (DP-PLAY1, DP-PLAY6), he holds it and it keeps the obligations
        (DP-PLAY2-4: ``legal_cards``)."""
        found = [] if self.ready else self.verify_open_play(span)
        lead = self._lead_place()
        if lead is None:
            return found
        problem = self._turn_problem(seat, card, span, lead)
        if problem is not None:
            return found + [problem]
        cards = (*self.current, card)
        order = self.orders[lead]
        i = len(self.current)
        if self.hands is not None:
            fault = self._fault(cards, i, order, self.tricks + 1, span, False)[0]
        else:
            fault = self._over_the_pack(cards, i, order, span, dry=True)
        return found + ([] if fault is None else [fault])

    def can_play(self, seat: Seat, card: Card) -> bool:
        return not self.verify_play(seat, card)

    def _turn_problem(self, seat: Seat, card: Card, span: Span, lead: int) -> Finding | None:
        number = self.tricks + 1
        if self.tricks >= self.size:
            return _finding(self.ids.end, Kind.ILLEGAL_PLAY, span,
                            f"the hands were played out ({self.size} tricks, {self.ids.end}); "
                            f"{seat.word} cannot play {card}", trick=self.tricks)
        due = self.seats[self.orders[lead][len(self.current)]]
        if seat is due:
            return None
        rule = "DP-PLAY1" if number == 1 else self.ids.lead
        if not self.current and seat in self.seats:     # a lead out of turn: followed
            why = (_FIRST_LEAD[self.ruleset.table.first_lead] if number == 1 else
                   f"{due.word} won trick {number - 1} and leads")
            return _finding(rule, Kind.ILLEGAL_PLAY, span,
                            f"{seat.word} leads trick {number} with {card}, but it was "
                            f"{due.word}'s lead: {why} ({rule}); the card is played, "
                            f"{seat.word} leading and the others following clockwise",
                            claimed=str(seat), expected=str(due), trick=number)
        return _finding(rule, Kind.ILLEGAL_PLAY, span,
                        f"{seat.word} plays {card} out of turn: {due.word} plays next to trick "
                        f"{number}, led by {self.seats[lead].word} ({rule}); the card is not "
                        "played", claimed=str(seat), expected=str(due), trick=number)

    def play(self, seat: Seat, card: Card, span: Span = NOWHERE) -> CardPlayed | None:
        """Lay ``seat``'s ``card`` to the trick: one not held or breaking an obligation is
        reported and played all the same (spec §7), and so is a lead out of turn (he leads, the
        others follow clockwise: as a record's lead mark, docs/rulings.md); a follower's card
        out of turn, or any card when play cannot go on, is reported and ignored (``None``).
        The fourth card decides the trick: the step then names its ``winner``, who leads next
        (a ``TrickWon`` step follows it in ``log``)."""
        if not self.ready and not self.open_play(span):
            return None
        problem = self._turn_problem(seat, card, span, self.leader)
        if problem is not None:
            self.findings.append(problem)
            if self.current or self.tricks >= self.size or seat not in self.seats:
                return None
            self.leader = self.seats.index(seat)    # a lead out of turn stands (spec §7)
        current = self.current
        current.append(card)
        number = self.tricks + 1
        i, order = len(current) - 1, self.orders[self.leader]
        broken = None
        if self.hands is not None:
            fault, broken = self._fault(current, i, order, number, span, False)
            held = fault is None or broken is not None
        before = len(self.findings)
        won = self.play_trick(current, span=span, start=i)
        if self.hands is None:
            held = len(self.findings) == before     # only a card over the pack's count
        step = CardPlayed(seat, card, number, held, broken, won)
        if self.keep_log:
            self.log.insert(len(self.log) - (won is not None), step)
        if won is not None:
            current.clear()
        return step

    def play_trick(self, cards: Sequence[Card], leader: Seat | None = None,
                   winner: Seat | None = None, *, span: Span = NOWHERE,
                   card_spans: Sequence[Span] = (), leader_span: Span = NOWHERE,
                   winner_span: Span = NOWHERE, start: int = 0) -> Seat | None:
        """A recorded trick of one card a seat, in play order, in one step (the walker's hot
        path; no card of the trick may be down yet). ``leader``: the record's lead mark (a
        wrong one is reported, then followed: the marked seat leads, the others clockwise);
        ``winner``: its winner mark (checked, not trusted: DP-PLAY5). Returns the trick's
        winner (``None``: play cannot go on); ``log`` has its ``TrickWon``. (``play`` lays its
        one card through here: ``cards`` the trick so far, ``start`` its card's place.)

        Each card from its player's hand: one not held is reported and still played (spec
        §7); one held is checked against the obligations (DP-PLAY2-4) and taken from the hand.
        Once the trick is whole: its winner (DP-PLAY5), its card points to his side (with the
        last trick's), a scoring trick (DP-MELD6); he leads next (DP-PLAY6)."""
        if not self.ready and not self.open_play(span):
            return None
        number = self.tricks + 1
        marked = leader is not None
        if marked and leader is not self.seats[self.leader]:
            self._wrong_leader(leader, number, leader_span or span)  # type: ignore[arg-type]
        order = self.orders[self.leader]
        trump, ruleset, hands = self.trump, self.ruleset, self.hands
        assert trump is not None
        if hands is None:
            for i in range(start, len(cards)):
                self._lay_unknown(cards, i, order, number,
                                  card_spans[i] if i < len(card_spans) else span, marked)
        else:
            led = cards[0].suit
            for i in range(start, len(cards)):
                card = cards[i]
                hand = hands[order[i]]
                copies = hand.get(card)
                if copies is None:
                    self.findings.append(self._not_held(
                        cards, order, number, i,
                        card_spans[i] if i < len(card_spans) else span, marked))
                    continue
                # (a card of the suit led, not trump, breaks none: broken_rule's first answer,
                # without a list of the hand made for each card that follows suit)
                if i and (card.suit is not led or card.suit is trump or self.heads):
                    broken = broken_rule(list(hand), cards[:i], card, trump, ruleset)
                    if broken is not None:
                        self.reneged.add(self.seats[order[i]])
                        self.findings.append(self._revoke(
                            cards, self.seats[order[i]], i, broken, number,
                            card_spans[i] if i < len(card_spans) else span))
                if copies == 1:
                    del hand[card]
                else:
                    hand[card] = copies - 1
        if len(cards) < len(order):
            return None
        place = order[winning_index(cards, trump, ruleset)]
        if winner is not None and winner is not self.seats[place]:
            self._wrong_winner(tuple(cards), order, place, number, winner, winner_span or span)
        last = number == self.size
        side = self.scorer_at[place]
        points = trick_points(cards, ruleset) + (ruleset.last_trick_bonus if last else 0)
        self.won[side] += points
        scoring = self.scoring[side]
        if not scoring and is_scoring_trick(cards, last, ruleset):
            self.scoring[side] = scoring = True
        self.tricks = number
        self.leader = place
        if self.keep_log:
            self.log.append(TrickWon(number, self.seats[order[0]], tuple(cards),
                                     self.seats[place], points, scoring))
        return self.seats[place]

    def _fault(self, cards: Sequence[Card], i: int, order: tuple[int, ...], number: int,
               span: Span, marked: bool) -> tuple[Finding | None, str | None]:
        """The finding the ``i``-th card of ``cards`` draws from its player's hand (the deal
        known): not held (spec §7), or the obligation it breaks (DP-PLAY2-4, also returned),
        or ``None``."""
        trump = self.trump
        assert self.hands is not None and trump is not None
        card = cards[i]
        hand = self.hands[order[i]]
        if card not in hand:
            return self._not_held(cards, order, number, i, span, marked), None
        # (a card of the suit led, not trump, breaks none: broken_rule's first answer,
        # without a list of the hand made for each card that follows suit)
        if i and (card.suit is not cards[0].suit or card.suit is trump or self.heads):
            broken = broken_rule(list(hand), cards[:i], card, trump, self.ruleset)
            if broken is not None:
                return self._revoke(cards, self.seats[order[i]], i, broken, number, span), broken
        return None, None

    def _lay_unknown(self, cards: Sequence[Card], i: int, order: tuple[int, ...], number: int,
                     span: Span, marked: bool) -> bool:
        """Without the deal: a card played when every copy the pack holds was played before
        cannot be held (publiccards.PackCount; docs/rulings.md, "Records without the deal")."""
        fault = self._over_the_pack(cards, i, order, span, marked=marked, number=number)
        if fault is not None:
            self.findings.append(fault)
        return fault is None

    def _over_the_pack(self, cards: Sequence[Card], i: int, order: tuple[int, ...], span: Span,
                       dry: bool = False, marked: bool = False,
                       number: int | None = None) -> Finding | None:
        if self.public is None:
            self.public = PackCount(self.ruleset)
        card = cards[i]
        if dry:
            public = self.public
            over = (public.played.get(card, 0) + 1 > public.pack.get(card, 0)
                    and card not in public.reported)
        else:
            over = self.public.play(card) is not None
        if not over:
            return None
        return self._not_held(cards, order, self.tricks + 1 if number is None else number, i,
                              span, marked, f"every copy of the pack's "
                              f"{self.ruleset.pack.get(card, 0)} was played before")

    def _not_held(self, cards: Sequence[Card], order: tuple[int, ...], number: int, i: int,
                  span: Span, marked: bool, why: str = "") -> Finding:
        card, seat, leader = cards[i], self.seats[order[i]], self.seats[order[0]]
        rule = "DP-PLAY1" if number == 1 else self.ids.lead
        if marked:  # the record's lead mark said who led (``_wrong_leader``)
            who = (f"{seat.word} leads trick {number}, as the record's lead mark says"
                   if i == 0 else f"{seat.word} plays {_NTH[i]} to trick {number}, led by "
                   f"{leader.word} as the record's lead mark says")
        elif number == 1:
            first = _FIRST_BY[self.ruleset.table.first_lead]
            who = (f"{seat.word} leads trick 1 as {first}" if i == 0 else
                   f"{seat.word} plays {_NTH[i]} to trick 1, led by {first}")
        else:
            who = ((f"{seat.word} leads" if i == 0 else f"{seat.word} plays {_NTH[i]} to")
                   + f" trick {number}, led by {leader.word}, the winner of trick "
                   f"{number - 1}")
        held = f"cannot hold {card}: {why}" if why else f"does not hold {card}"
        return _finding(rule, Kind.ILLEGAL_PLAY, span,
                        f"{who} ({rule}) but {held}; it is counted as played", trick=number)

    def _revoke(self, cards: Sequence[Card], seat: Seat, i: int, rule: str, number: int,
                span: Span) -> Finding:
        assert self.trump is not None
        return _finding(rule, Kind.ILLEGAL_PLAY, span,
                        _revoke(seat, cards[i], cards[:i], self.trump, rule, self.ids) +
                        "; the trick stands as played", trick=number)

    def _wrong_leader(self, marked: Seat, number: int, span: Span) -> None:
        """The record's lead mark names a seat other than the rules' leader (docs/notation.md
        §11): reported once (the high bidder leads trick 1, DP-PLAY1; the last winner the
        next, DP-PLAY6), then followed: the marked seat leads, the others clockwise."""
        leader = self.seats[self.leader]
        if marked not in self.seats:
            self.new("Ruleset", Kind.MALFORMED, span,
                     f"{marked.word} has no seat in this game; the lead mark is ignored",
                     trick=number)
            return
        rule = self.ids.trick if number == 1 else self.ids.lead
        why = (_FIRST_LEAD[self.ruleset.table.first_lead] if number == 1 else
               f"{leader.word} won trick {number - 1} and leads")
        self.new(rule, Kind.ILLEGAL_PLAY, span,
                 f"trick {number} is led by {marked.word}, the record says, but it was "
                 f"{leader.word}'s lead: {why} ({rule}); the trick is played as written, "
                 f"{marked.word} leading and the others following clockwise",
                 claimed=str(marked), expected=str(leader), trick=number)
        self.leader = self.seats.index(marked)

    def _wrong_winner(self, cards: tuple[Card, ...], order: tuple[int, ...], place: int,
                      number: int, marked: Seat, span: Span) -> None:
        rule = self.ruleset.trick_rule_ids.identical      # DP-PLAY5
        card, winner = cards[order.index(place)], self.seats[place]
        why = ("the highest trump" if card.suit is self.trump else
               f"the highest card of the suit led ({card.suit}), no trump played")
        if cards.count(card) > 1:
            why += "; of identical cards the one played first"
        self.new(rule, Kind.MISCOUNT, span,
                 f"trick {number} ({_cards(cards)}) is won by {winner.word}'s {card}, "
                 f"{why} ({rule}), not by {marked.word}; {winner.word} leads next",
                 claimed=str(marked), expected=str(winner), trick=number)

    # claims and the end ---------------------------------------------------------------

    def claim(self, claim: ScorerClaim) -> bool:
        """Keep a claim of the battle (checked at ``close``); a ``game`` claim belongs after
        the game's last battle (reported, ``False``); so does a claim of the other kind than
        the table's (by side where each seat keeps his own score, by seat where sides do) or
        one naming a seat not at the table (``claims.misfit``)."""
        wrong = misfit(self.ruleset, claim)
        if wrong is not None:
            self.new("Ruleset", Kind.MALFORMED, claim.span, wrong)
            return False
        if claim.category == "game":
            self.new(self.ids.game, Kind.MALFORMED, claim.span,
                     f"the game claim comes after the game's last battle ({self.ids.game})")
            return False
        self.claims.append(claim)
        return True

    def close(self, unfinished: bool = False, span: Span = NOWHERE,
              before: Mapping[Scorer, int] | None = None) -> Closed:
        """End the battle: a score sheet (no deal, no trick: ``sheet.py``) is played out as its
        claims say; else a record that stops early is reported (unless ``unfinished``: the
        game's last battle, the game unfinished); then the claims are checked against the
        results, with ``before`` the game totals before this battle."""
        sheet = self.judge_sheet()
        complete = sheet or self._complete(unfinished, span)
        self.scored = self.results()
        if self.claims and not self.stopped:    # not judged: one finding says so, not one
            contract = Contract(self.bidders, self.bid, self.auction.thrown_in,
                                before or dict.fromkeys(self.seating.scorers, 0))
            self._keep(claim_findings(self.claims, self.scored, contract, self.ids))
        step = Closed(complete, sheet)
        if self.keep_log:
            self.log.append(step)
        return step

    def _complete(self, unfinished: bool, span: Span) -> bool:
        """Whether the record plays the hand out; reported when it stops early (unless the
        game is unfinished, ``Result "*"``, and this is its last battle)."""
        auction = self.auction
        if auction.thrown_in or self.conceded is not None or self.renege_by is not None:
            return True
        if self.stopped:
            return False
        if not auction.over and not self.playing:
            if not unfinished:
                self.new("DP-BID1", Kind.MALFORMED, span,
                         f"the record of battle {self.index} stops during the auction: it "
                         "ends when every seat but the high bidder has passed, or with a "
                         "throw-in (DP-BID1, DP-BID9)")
            return False
        if self.tricks < self.size:
            if not unfinished:
                self.new(self.ids.end, Kind.MALFORMED, span,
                         f"the record of battle {self.index} stops after "
                         f"{plural(self.tricks, 'trick')}: the hands are played out, "
                         f"{self.size} tricks ({self.ids.end})", trick=self.tricks)
            return False
        return True

    @property
    def bidders(self) -> Scorer | None:
        """The high bidder's scorer (his side, or himself), or ``None``."""
        return None if self.bidder is None else self.seating.scorer(self.bidder)

    def results(self) -> dict[Scorer, SideResult]:
        """Each scorer's result (DP-SCORE1-3), in the seating's order of scorers; nothing for a
        throw-in or an unjudged battle."""
        if self.scored is not None:
            return self.scored
        scorers = self.seating.scorers
        if self.bidder is None or self.bid is None or self.stopped:
            return dict.fromkeys(scorers, NO_SCORE)
        melds = dict.fromkeys(scorers, 0)
        for seat in self.seats:
            melds[self.seating.scorer(seat)] += self.declared.get(seat, 0)
        won = dict(zip(scorers, self.won))
        scoring = dict(zip(scorers, self.scoring))
        if self.renege_by is not None:
            return score_renege(self.seating.scorer(self.bidder), self.bid,
                                self.seating.scorer(self.renege_by), melds, self.ruleset)
        if self.conceded is not None:
            return score_conceded(self.seating.scorer(self.bidder), self.bid, won, melds,
                                  self.ruleset)
        return score_hand(self.seating.scorer(self.bidder), self.bid, won, melds, scoring,
                          self.ruleset)

    def game_winner(self, totals: Mapping[ScorerT, int]) -> ScorerT | None:
        """The scorer that has won the game when ``totals`` are the game totals after this
        battle, or ``None`` (DP-GAME: the bidding side at the target first, D16; after a battle
        without a contract a single side at the target, or the higher of two)."""
        bidders = cast("ScorerT | None", self.bidders)    # a seating's scorers are of one kind
        made = bidders is None or self.results()[bidders].score >= 0
        return game_winner(totals, bidders, self.ruleset, made)


def _finding(rule: str, kind: Kind, span: Span, message: str,
             severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
             trick: int | None = None) -> Finding:
    return Finding(rule=rule, kind=kind, severity=severity, span=span, message=message,
                   claimed=claimed, expected=expected, trick=trick)


_CALL_NAMES: dict[type, Literal["bid", "announce", "pass"]] = {
    Bid: "bid", Announce: "announce", Pass: "pass"}
_NTH = {1: "second", 2: "third", 3: "fourth"}
#: Who leads trick 1 (``TableRules.first_lead``), as a finding says it.
_FIRST_BY = {"bidder": "the high bidder", "eldest": "the dealer's left"}
_FIRST_LEAD = {"bidder": "the high bidder leads the first trick",
               "eldest": "the dealer's left leads the first trick"}
#: The pack's copies of each face, by ``Card.index`` (DP-PACK).
_pack = per_ruleset(lambda ruleset: per_card(ruleset.pack))


def _within(outer: Span, span: Span) -> bool:
    """Whether ``span`` starts inside ``outer`` (a span without a place is nowhere)."""
    where = (span.line, span.column)
    return bool(outer.line) and (outer.line, outer.column) <= where < (outer.end_line,
                                                                         outer.end_column)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


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


def _revoke(seat: Seat, card: Card, played: Sequence[Card], trump: Suit, rule: str,
            ids: Any) -> str:
    led = played[0]
    if rule == ids.overtrump:
        return (f"{seat.word} plays {card}, void in {led.suit}, to a trick won by a trump "
                f"({_cards(played)}) while holding a higher trump: he must overtrump ({rule})")
    if rule == ids.head and ids.overtrump:      # heading every trick (SD-PLAY4)
        return (f"{seat.word} plays {card} to {_cards(played)} while holding a higher "
                f"{led.suit}: he must beat the card winning the trick ({rule})")
    if rule == ids.follow_suit:
        return (f"{seat.word} plays {card} to a {led.suit} lead while holding {led.suit}: he "
                f"must follow suit ({rule})")
    if rule == ids.head:
        return (f"{seat.word} plays {card} to a trump lead ({_cards(played)}) while holding a "
                f"higher trump: he must top it ({rule})")
    return (f"{seat.word} plays {card}, void in {led.suit}, while holding a trump ({trump}): "
            f"he must trump ({rule})")
