"""What a battle whose record omits the deal still decides: the public cards.

Without the deal the hands are unknown, but every card played to a trick is public, and so is
every card a meld lays on the table. ``PublicCards`` follows them through a no-deal battle
(``replay._BattleWalk.start_without_deal`` makes one, the trick and meld handlers feed it) and
reports only what no deal could make legal (docs/rulings.md, "Records without the deal"):

- a card played when every copy the pack holds (R2A4) is already played or lies exposed on the
  table: the player cannot hold it (the play rule, R8A or R8B, with the pack's count);
- a meld needing more copies of a card than can be outside the tricks and the other player's
  exposed hand: R9G when the melder's own plays account for the lack, else R9B1;
- a meld whose every card is already exposed in the melder's hand with no copy left anywhere
  unseen: none can come from the concealed hand (R9C);
- a trick played by a player the record's own draws leave with no card (R8F), and a record
  that stops while both hands still hold cards (R8F);
- once the stock is gone (phase B, OT8B1/OT8B2 and their kin) a follower who kept back a
  card he plays later, which the obligations required: the cards he plays from a phase-B trick
  to the end were all in his hand at that trick, since nothing is drawn any more (under a
  renege law, SC-RENEGE1, a renege kept for its claim).

And what the omitted deal would have settled, so that no legal record draws a finding: a
battle whose draws exhaust both hands ends (R8F); the dealer's bonus for a turned-up nine is
read from his claims or stated count (OT6B); a renege claim the public cards cannot confirm
is taken as made (SC-RENEGE2); what an objection (R11B) or a correction (SC-BADMELD1) did to a
meld the public cards cannot judge (stands or voided; withdrawn, or the value it changed to) is
read from the player's melds claim or stated count: those readings of the claims are
``claimreadings.ClaimReadings``'s. ``PackCount`` is the partnership walker's card count.

Each exposed card is counted as a lower bound per face (``shown``): a meld shows its cards;
a play of that face may be the exposed copy, so it lowers the bound by one. Nothing here
guesses: a finding needs every possible deal to be illegal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from pinochle.notation.cards import Card, Seat, Suit, format_cards
from pinochle.notation.events import (
    CallOut, Claim, Correction, Knock, Objection, Span, Trick,
)
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.twohanded.claimreadings import ClaimReadings
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rules.follow import broken_obligation
from pinochle.adjudicator.rules.meldtables import BY_INDEX, FACES, counts
from pinochle.adjudicator.model.ruleset import MeldEntry, Ruleset
from pinochle.adjudicator.twohanded.records import Problem

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.state import BattleState
    from pinochle.adjudicator.twohanded.records import MeldRecord

__all__ = ["PackCount", "PublicCards", "meld_cards"]


class _Follow(NamedTuple):
    """A phase-B trick's follower and his card, judged as his later cards are played."""

    trick: int
    seat: Seat
    lead: Card
    card: Card
    span: Span


def meld_cards(ruleset: Ruleset, trump: Suit | None, kind: MeldKind) -> tuple[int, ...] | None:
    """The copies of each face (by ``Card.index``) that ``kind`` needs, or ``None`` when the
    ruleset has no such meld or its cards depend on a trump suit the record does not give (the
    dix, the exchange), or it is an exchange (its card goes under the stock, not on the table)."""
    if trump is not None or not ruleset.trump_melds:
        entry = ruleset.melds_for(trump).get(kind)
        entries: tuple[MeldEntry, ...] = () if entry is None else (entry,)
    else:
        entries = tuple(table[kind] for table in ruleset.trump_melds.values() if kind in table)
    if not entries or any(e.exchange for e in entries):
        return None
    needs = {counts(e.cards) for e in entries}
    return needs.pop() if len(needs) == 1 else None


class PublicCards(ClaimReadings):
    """The public cards of one no-deal battle and the inferences they allow (module doc)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.ids = ruleset.ids
        self.copies = [0] * FACES
        for card, n in ruleset.pack.items():
            self.copies[card.index] = n
        self.played = {seat: [0] * FACES for seat in ruleset.seats}
        self.shown = {seat: [0] * FACES for seat in ruleset.seats}
        self.overdrawn: set[int] = set()    # faces already reported as over the pack
        self.tricks = 0
        self.credited = False               # the dealer's nine bonus, once (_nine_bonus)
        self.ran_out = False                # a trick by a player with no card was reported
        self.phase_b: list[_Follow] = []
        self.phase_b_cards: dict[Seat, list[tuple[int, Card]]] = {s: [] for s in ruleset.seats}
        self.follows = ruleset.follow.when != "never"
        self.raised: dict[int, list[tuple[int, int]]] = {}   # ClaimReadings' (its doc)
        self.unsure: list[MeldRecord] = []

    # --- plays -----------------------------------------------------------------------------

    def trick(self, trick: Trick, leader: Seat, state: BattleState) -> None:
        """Trick ``trick`` was played, ``leader`` leading (before it, by the rules)."""
        self.tricks += 1
        follower = self.ruleset.seating.opponent(leader)
        number = state.tricks_played
        for seat, card, span, rule in ((leader, trick.lead, trick.lead_span, self.ids.lead),
                                       (follower, trick.follow, trick.follow_span,
                                        self.ids.follow)):
            self._play(seat, card, span, rule, number, state)
        for seat in (leader, follower):
            if not self.ran_out and state.hand_size(seat) < 0:
                self.ran_out = True
                end = self.ids.end
                state.report(end, Kind.MALFORMED,
                              f"{seat.word} plays to trick {trick.number}, but by the draws the "
                              f"record implies ({self.ruleset.hand_size} cards dealt to each) "
                              f"he had no card left: the battle ends when the hands run out "
                              f"({end})", trick.span, Severity.ERROR, trick=number)
        if self.follows and state.follow_obliged():
            self.phase_b.append(_Follow(number, follower, trick.lead, trick.follow,
                                        trick.follow_span))
            self.phase_b_cards[leader].append((number, trick.lead))
            self.phase_b_cards[follower].append((number, trick.follow))
            self._kept_back(state)

    def _play(self, seat: Seat, card: Card, span: Span, rule: str, number: int,
              state: BattleState) -> None:
        x = card.index
        self.played[seat][x] += 1
        shown = self.shown[seat]
        if shown[x]:
            shown[x] -= 1                   # it may be the exposed copy
        seen = sum(p[x] for p in self.played.values()) + sum(s[x] for s in self.shown.values())
        pack = self.copies[x]
        if seen <= pack or x in self.overdrawn:
            return
        self.overdrawn.add(x)
        where = self._accounted(x, seat)
        state.report(rule, Kind.ILLEGAL_PLAY,
                      f"{seat.word} plays {card}, which he cannot hold ({rule}): the pack has "
                      f"{_copies(pack, card)} ({self.ids.pack}) and {where}", span,
                      Severity.ERROR, claimed=str(card), trick=number)

    def _accounted(self, x: int, seat: Seat) -> str:
        """Where the copies of face ``x`` are, besides the one ``seat`` just played."""
        parts = []
        for who in self.ruleset.seats:
            played = self.played[who][x] - (who is seat)
            if played:
                parts.append(f"{who.word} played {_copies(played, BY_INDEX[x])} before")
            if self.shown[who][x]:
                parts.append(f"{who.word} holds {_copies(self.shown[who][x], BY_INDEX[x])} "
                             "exposed")
        return " and ".join(parts) or "none is left"

    def _kept_back(self, state: BattleState) -> None:
        """Each phase-B follower's card judged against the cards he has played since (all in
        his hand then: nothing is drawn in phase B); an obligation they show broken is
        reported once, when the card that shows it is played. Under a renege law it is a
        renege, kept for a claim (SC-RENEGE1)."""
        still = []
        for follow in self.phase_b:
            hand = [card for number, card in self.phase_b_cards[follow.seat]
                    if number >= follow.trick]
            broken = broken_obligation(self.ruleset.follow, state.trick_table, state.trump,
                                       follow.lead, hand, follow.card)
            if broken is None:
                still.append(follow)
                continue
            field, could = broken
            rule = getattr(self.ids, field)
            message = (f"{follow.seat.word} follows {follow.lead} with {follow.card} once the "
                       f"stock is exhausted, yet he plays {format_cards(could)} later and "
                       f"nothing is drawn after that trick, so he held "
                       f"{'it' if len(could) == 1 else 'them'} then: the follower must "
                       f"{_OBLIGATION[field]} ({rule})")
            if self.ruleset.laws.renege is not None:
                state.laws.note_renege_at(follow.seat, rule, message, follow.span,
                                     format_cards(could), str(follow.card), follow.trick)
                continue
            state.report(rule, Kind.ILLEGAL_PLAY, message, follow.span, Severity.ERROR,
                          claimed=str(follow.card), expected=format_cards(could),
                          trick=follow.trick)
        self.phase_b = still

    def objection(self, state: BattleState, event: Objection) -> None:
        """A renege claim (SC-RENEGE1) in a battle without its deal: a renege the public
        cards do not show may still have happened, so a claim against a player with none
        found is taken as made (docs/rulings.md)."""
        law = self.ruleset.laws.renege
        other = self.ruleset.seating.opponent(event.seat)
        if (event.target != "renege" or law is None or not self.tricks
                or state.laws.has_renege(other)):
            return
        state.laws.note_renege_at(other, law[0], f"a renege by {other.word} that the record, "
                             "without its deal, cannot show: the claim is taken as made",
                             event.span, "", "", state.tricks_played)

    # --- melds -----------------------------------------------------------------------------

    def meld(self, state: BattleState, record: MeldRecord) -> None:
        """``record`` was just made: judge what the public cards decide of it, then count its
        cards as exposed (a meld with a problem of its cards shows nothing certain)."""
        need = meld_cards(self.ruleset, state.trump, record.kind)
        if need is None:
            return
        clean = all(p.points_only for p in record.problems)
        problem = self._impossible(record.seat, need, record) if clean else None
        if problem is None and clean:
            problem = self._all_exposed(record.seat, need, record)
        if problem is not None:
            state.add_problem(record, problem)
            return
        if clean:
            shown = self.shown[record.seat]
            raised = self.raised[record.index] = []
            for x in range(FACES):
                if need[x] > shown[x]:
                    raised.append((x, need[x] - shown[x]))
                    shown[x] = need[x]

    def _free(self, x: int, seat: Seat) -> int:
        """Copies of face ``x`` that ``seat`` may hold: neither played nor exposed by another."""
        return (self.copies[x] - sum(p[x] for p in self.played.values())
                - sum(s[x] for who, s in self.shown.items() if who is not seat))

    def _impossible(self, seat: Seat, need: tuple[int, ...], record: MeldRecord
                    ) -> Problem | None:
        lacking = [(x, need[x] - max(self._free(x, seat), 0)) for x in range(FACES)
                   if need[x] and need[x] > self._free(x, seat)]
        if not lacking:
            return None
        own = all(self.played[seat][x] >= short for x, short in lacking)
        rule = self.ids.played if own else self.ids.cards
        cards = ", ".join(f"{BY_INDEX[x]} ({self._accounted_all(x)})" for x, _ in lacking)
        why = ("a card played to a trick is unavailable for any future meld" if own else
               "the melder cannot hold them")
        return Problem(rule, Kind.ILLEGAL_MELD,
                       f"{record.kind} needs {_need_text(need)}, but of {cards} every copy "
                       f"the pack has is accounted for: {why} ({rule})", None, None, False,
                       record.span, record.trick)

    def _accounted_all(self, x: int) -> str:
        parts = [f"the pack has {self.copies[x]}"]
        for who in self.ruleset.seats:
            if self.played[who][x]:
                parts.append(f"{who.word} played {self.played[who][x]}")
            if self.shown[who][x]:
                parts.append(f"{who.word} holds {self.shown[who][x]} exposed")
        return ", ".join(parts)

    def _all_exposed(self, seat: Seat, need: tuple[int, ...], record: MeldRecord
                     ) -> Problem | None:
        """R9C: every card the meld needs is exposed in the melder's hand and no other copy
        can be in his concealed hand (all are played or exposed)."""
        shown = self.shown[seat]
        faces = [x for x in range(FACES) if need[x]]
        if any(shown[x] < need[x] or self._free(x, seat) > shown[x] for x in faces):
            return None
        rule = self.ids.concealed
        return Problem(rule, Kind.ILLEGAL_MELD,
                       f"every card {record.kind} needs ({_need_text(need)}) lies in "
                       f"{seat.word}'s exposed hand from his earlier melds, and every other copy "
                       "is played or exposed: none can come from the concealed hand, and at "
                       f"least one card of each meld must ({rule})", None, None, False,
                       record.span, record.trick)

    # --- the end ---------------------------------------------------------------------------

    def close(self, state: BattleState, unfinished: bool, span: Span,
              claims: Sequence[Claim]) -> None:
        """The battle's record ends: the phase-B obligations, a record that stops with cards
        in both hands, and the dealer's bonus for a turned-up nine, which only the claims
        can show."""
        if not self.tricks:
            return                  # a score sheet (no trick line): sheets.py judges it
        self._claimed_bonus(state, claims)
        self._claimed_outcomes(state, claims)
        if (not state.is_over and not self.ran_out
                and all(state.hand_size(s) == 0 for s in self.ruleset.seats)):
            # R8F: the record's draws exhaust both hands with its last trick: the battle is
            # over, as a deal would show (a ruleset scoring the last trick ends it itself).
            state.end_as_hands_ran_out()
        if (not unfinished and not state.is_over and not self.ran_out
                and not state.voided and all(state.hand_size(s) > 0 for s in self.ruleset.seats)):
            end = self.ids.end
            sizes = ", ".join(f"{s.word} {state.hand_size(s)}" for s in self.ruleset.seats)
            state.report(end, Kind.MALFORMED,
                          f"the record of the battle stops with cards in hand by the draws it "
                          f"implies ({sizes}): the tricks go on until the hands are exhausted "
                          f"({end})", span, Severity.ERROR,
                          trick=state.tricks_played)


    def statement(self, state: BattleState, event: object, totals: Mapping[Seat, int]
                  ) -> None:
        """A statement other than a trick or a meld, before the walker applies it: a knock or
        a call-out (``stated``), a renege claim (``objection``), an objection to a meld
        (``objected_meld``), a correction (``correction``)."""
        if isinstance(event, (Knock, CallOut)):
            self.stated(state, event, totals)
        elif isinstance(event, Objection):
            self.objection(state, event)
            if event.target == "meld":
                self.objected_meld(state, event.seat)
        elif isinstance(event, Correction):
            self.correction(state, event)


class PackCount:
    """The copies of each face played in a battle without its deal, against the pack's count:
    the partnership walker's card-count inference (R2A4's kin, DP-PACK). ``play`` returns the
    number of copies played so far when it first exceeds the pack, else ``None``."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.pack = ruleset.pack
        self.played: dict[Card, int] = {}
        self.reported: set[Card] = set()

    def play(self, card: Card) -> int | None:
        n = self.played[card] = self.played.get(card, 0) + 1
        if n <= self.pack.get(card, 0) or card in self.reported:
            return None
        self.reported.add(card)
        return n


#: What each follower's obligation asks (``RuleIds`` field names, as ``follow.py``'s).
_OBLIGATION = {"follow_suit": "follow suit", "head": "beat the led card when able",
               "trump_void": "play a trump when he cannot follow suit"}


def _copies(n: int, card: Card) -> str:
    return f"one {card}" if n == 1 else f"{n} {card}"


def _need_text(need: tuple[int, ...]) -> str:
    cards = [BY_INDEX[x] for x in range(FACES) for _ in range(need[x])]
    return format_cards(cards)
