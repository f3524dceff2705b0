"""The irregularities a simulated battle may contain, each handled as the adjudicator rules.

A battle has, with probability ``rate``, one irregularity, chosen uniformly from the kinds its
ruleset's laws have (``KINDS_OF``): East Point's R11 (``KINDS``):

- ``object deal`` (R11A): a player objects to the shuffle, cut or deal before the first trick;
  the same dealer deals again.
- ``nodraw`` (R11C): after a trick one player does not draw; he plays on short. Sometimes he is
  later found with too few cards (``toofew``, no penalty). The odd stock then leaves one card
  nobody takes (R11E) and the other player's last card counts for neither (R11F).
- ``extradraw`` (R11D): after a trick's draws one player draws one card more; he is found with
  too many cards (``toomany``) before the stock runs out and loses every further trick.
- ``meld points`` (R11B, R9A): a trick winner claims a wrong value for his meld (off by ten, as
  when the V2 schedules are confused); his opponent objects at once and the value is corrected.
- ``meld out of turn`` (R11B, R8D, M7): the trick loser melds; the winner objects at once, the
  meld is void and its cards stay exposed.

Scarne's laws (``Laws "scarne"``, in Scarne's ruleset and in 25-steps): ``renege`` (SC-RENEGE1,
SC-RENEGE2): once the stock is gone a follower who can break SC-PLAYB2 does; his opponent claims
it (``object renege``) after the trick (with ``RenegeCheck "end-of-hand"``: when the hand is over;
so never in a game a knock or a call-out may end first); the claim settles the count.
``misdeal`` (SC-MISDEAL0-5): before the first trick a misdeal is called (cards exposed in the
cut, the pack not offered to cut, a face-up card, the dealer exposing the nondealer's cards:
SC-MISDEAL1, 2, 3, 5), in time; the same dealer deals again.

Scarne's drawing slips (``Laws "scarne"``, SC-SLIP1-6): ``missed draw``: after a trick one
player does not draw (``nodraw``), while the stock can still repair it; at his next turn the
implied draws give him his own card and the owed one (SC-SLIP1; three cards at the last draw,
SC-SLIP6). ``extra card``: after the draws one player draws one more (``extradraw``) and either
puts it back (``return``, SC-SLIP2) or keeps it and skips his next draw (SC-SLIP3). While a
player's count is off he does not meld (SC-BADMELD2: he is no ``melding_seat``).

Scarne's laws also have ``corrected points`` and ``withdrawn meld`` (SC-BADMELD1): a trick
winner claims a wrong value for his meld (off by ten), or the trick loser melds (SC-MELD1); a
``correct`` statement follows the trick, before the last stock draw, and the meld counts its
table value, or is withdrawn (``corrections.py``). The correction's notice cites the broken rule
of the ruleset (``INTENDED`` gives Scarne's; 25-steps' are TP14 and TP13, ``Plan.rule``).

Each kind names the rule ids of the findings it is meant to cause (``INTENDED``): a simulated
game validates with findings of those rules only, all of them notices (severity info): the
rules handle each one, so the game went by the rules and validates clean (exit 0).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator.laws.policy import EAST_POINT_LAWS, SCARNE_LAWS, LawsPolicy
from pinochle.adjudicator.rules.melding import MeldVerdict
from pinochle.adjudicator.rules.melding import legal_melds as card_legal_melds
from pinochle.notation.cards import Card, Seat
from pinochle.notation.events import (
    NOWHERE, Correction, Discovery, ExtraDraw, Meld, Misdeal, MisdealReason, MissedDraw,
    Objection, ReturnCard,
)

SEATS = (Seat.EAST, Seat.WEST)

#: Each irregularity and the rule ids of the findings it is meant to cause.
INTENDED: dict[str, frozenset[str]] = {
    "object deal": frozenset({"R11A"}),
    "nodraw": frozenset({"R11C", "R11E", "R11F"}),
    "extradraw": frozenset({"R11D", "R11E", "R11F"}),
    "meld points": frozenset({"R9A"}),
    "meld out of turn": frozenset({"R8D"}),
    "renege": frozenset({"SC-RENEGE2"}),
    "missed draw": frozenset({"SC-SLIP1", "SC-SLIP6"}),
    "extra card": frozenset({"SC-SLIP2", "SC-SLIP3"}),
    "corrected points": frozenset({"SC-PLAY4"}),          # SC-BADMELD1: a notice under the
    "withdrawn meld": frozenset({"SC-MELD1"}),            # broken rule (corrections.py)
}
#: The misdeals the simulator calls before the first trick (a wrong count needs a wrong deal).
MISDEAL_REASONS: tuple[MisdealReason, ...] = ("cut-exposed", "not-cut", "faceup",
                                              "dealer-exposed")
assert SCARNE_LAWS.misdeals is not None
INTENDED["misdeal"] = frozenset(SCARNE_LAWS.misdeals.rule(r) for r in MISDEAL_REASONS)
#: Scarne's drawing slips among the kinds (SC-SLIP1-6).
SLIP_KINDS = ("missed draw", "extra card")
#: East Point's irregularities (R11).
KINDS = ("object deal", "nodraw", "extradraw", "meld points", "meld out of turn")
#: The irregularities each set of laws has.
KINDS_OF: dict[LawsPolicy, tuple[str, ...]] = {EAST_POINT_LAWS: KINDS, SCARNE_LAWS: ("renege",)}
#: Kinds a set of laws gained later (misdeals, SC-MISDEAL0; incorrect melds, SC-BADMELD1), drawn
#: only for a battle that has an irregularity, so that a regular battle makes the same random
#: draws as before (its game is unchanged).
LATER_KINDS: dict[LawsPolicy, tuple[str, ...]] = {
    SCARNE_LAWS: ("misdeal", "corrected points", "withdrawn meld")}
#: A kind drawn stands for these, one drawn again, only in a battle that has an irregularity
#: (Scarne's laws: the renege or a drawing slip). The first draw is among ``KINDS_OF`` as it was,
#: so that every simulation without Scarne's irregularities draws the same numbers as before.
VARIANTS: dict[str, tuple[str, ...]] = {"renege": ("renege", *SLIP_KINDS)}
#: The rule each irregularity is reported under (a battle that has it always has this finding;
#: a misdeal's depends on its reason: ``Plan.intended``).
PRIMARY: dict[str, str] = {"object deal": "R11A", "nodraw": "R11C", "extradraw": "R11D",
                           "meld points": "R9A", "meld out of turn": "R8D",
                           "renege": "SC-RENEGE2", "missed draw": "SC-SLIP1",
                           "extra card": "SC-SLIP2", "corrected points": "SC-PLAY4",
                           "withdrawn meld": "SC-MELD1"}

#: How far a wrongly claimed meld value is off (V2's schedules differ by ten per single meld).
POINTS_SLIP = 10


@dataclass
class Plan:
    """One battle's irregularity (``kind`` ``None``: a regular battle) and its progress."""

    kind: str | None = None
    trick: int = 0              # the first trick at which it may happen
    seat: Seat = Seat.EAST      # who draws wrongly / objects to the deal
    done: bool = False
    discover: bool = False      # whether the short player is later found out (R11C)
    pending: list = field(default_factory=list)   # events to write after the trick (R11B)
    claim_due: bool = False     # a renege made, its claim not yet written (SC-RENEGE2)
    rule: str | None = None     # the rule of the misdeal called (SC-MISDEAL1, 2, 3 or 5), or
    #                             the ruleset's rule a correction's notice cites (SC-BADMELD1)

    @property
    def happened(self) -> str | None:
        """The irregularity, if it took place (a planned one may find no occasion)."""
        return self.kind if self.done else None

    def intended(self) -> frozenset[str]:
        if self.rule is not None and self.done:        # a misdeal, a correction: its rule
            return frozenset({self.rule})
        return INTENDED[self.kind] if self.kind is not None and self.done else frozenset()

    # --- before the first trick (R11A) ------------------------------------------------------

    def before_play(self, state: BattleState, events: list, rng: random.Random) -> bool:
        if self.kind == "misdeal":
            return self.misdeal(state, events, rng)
        if self.kind != "object deal":
            return False
        target: Literal["shuffle", "cut", "deal"] = rng.choice(("shuffle", "cut", "deal"))
        if not state.laws.object_deal(self.seat, target):
            return False
        events.append(Objection(target=target, seat=self.seat))
        self.done = True
        return True

    def misdeal(self, state: BattleState, events: list, rng: random.Random) -> bool:
        """A misdeal called before the first trick (SC-MISDEAL1, 2, 3, 5): a redeal follows."""
        law = state.ruleset.laws.misdeals
        assert law is not None
        reason = rng.choice(MISDEAL_REASONS)
        card = rng.choice(state.stock()) if reason == "faceup" else None
        if not state.laws.misdeal(reason, card):
            return False
        events.append(Misdeal(reason=reason, card=card))
        self.done, self.rule = True, law.rule(reason)
        return True

    # --- discoveries between tricks (R11C, R11D) --------------------------------------------

    def before_trick(self, state: BattleState, events: list, rng: random.Random) -> None:
        if not self.done or self.kind not in ("nodraw", "extradraw") or not self.discover:
            return
        too_many = self.kind == "extradraw"
        # R11D must be discovered while it matters: at the latest when the draws are over (the
        # stock is empty, or holds the lone card nobody takes, R11E), or the battle may end
        # with him never found out (a warning, not the planned notice).
        if rng.random() < 0.5 or (too_many and state.stock_count <= 1):
            if state.laws.discover(self.seat, too_many):
                events.append(Discovery(seat=self.seat, too_many=too_many))
            self.discover = False

    # --- melds (R11B) -----------------------------------------------------------------------

    def meld_points(self, state: BattleState, seat: Seat, verdict: MeldVerdict,
                    rng: random.Random) -> int:
        """The points the winner claims for his meld: the table value, or a slip to object to."""
        points = verdict.points or 0
        if self.kind == "meld points" and not self.done and state.trick_number >= self.trick:
            self.done = True
            self.pending.append(Objection(target="meld", seat=seat.other))
            return points + rng.choice((-POINTS_SLIP, POINTS_SLIP))
        if (self.kind == "corrected points" and not self.done
                and state.trick_number >= self.trick):              # SC-BADMELD1
            self.done, self.rule = True, state.ruleset.ids.table     # its notice's rule
            self.pending.append(Correction(seat=seat, trick=state.tricks_played))
            slip = state.ruleset.upcard_nine_bonus or POINTS_SLIP     # 1 with Scale "tens"
            wrong = points + rng.choice((-slip, slip))
            return wrong if wrong >= 0 else points + slip
        return points

    def after_trick(self, state: BattleState, events: list, rng: random.Random) -> None:
        winner = state.last_winner
        assert winner is not None
        if (self.kind == "meld out of turn" and not self.done
                and state.trick_number >= self.trick):
            loser = winner.other
            options = card_legal_melds(state.ruleset, state.concealed(loser),
                                       state.exposed(loser), state.scored(loser))
            self.loser_melds(state, events, rng, options, Objection(target="meld", seat=winner))
        self.withdrawn_meld(state, events, rng)
        for objection in self.pending:
            if isinstance(objection, Correction):
                state.laws.melds.correct(objection.seat, objection.trick)
            else:
                state.laws.melds.object_meld(objection.seat)
            events.append(objection)
        self.pending = []

    def withdrawn_meld(self, state: BattleState, events: list, rng: random.Random) -> None:
        """SC-BADMELD1: the trick loser melds (SC-MELD1) while the stock lasts; the correction
        that withdraws it follows."""
        winner = state.last_winner
        if (self.kind != "withdrawn meld" or self.done or winner is None or state.phase_b
                or state.trick_number < self.trick):
            return
        loser = winner.other
        position = state.position(loser)
        options = [v for v in card_legal_melds(state.ruleset, state.concealed(loser),
                                               state.exposed(loser), state.scored(loser),
                                               state.trump, position.ledger)
                   if not state.meld_entries[v.kind].free]
        self.loser_melds(state, events, rng, options,
                         Correction(seat=loser, trick=state.tricks_played))
        if self.done:
            self.rule = state.ruleset.ids.melder                    # its notice's rule

    def loser_melds(self, state: BattleState, events: list, rng: random.Random,
                    options: list[MeldVerdict], then: Objection | Correction) -> None:
        """The trick's loser makes one of ``options`` (East Point's meld out of turn, R11B;
        Scarne's SC-MELD1 meld to withdraw, SC-BADMELD1), and ``then`` follows the trick."""
        if not options:
            return
        loser = state.last_winner
        assert loser is not None
        loser = loser.other
        verdict = rng.choice(options)
        assert verdict.points is not None
        state.meld(loser, verdict.kind, verdict.points)
        events.append(Meld(kind=verdict.kind, points=verdict.points, seat=loser))
        self.pending.append(then)
        self.done = True

    # --- a renege (SC-RENEGE1, SC-RENEGE2) ------------------------------------------------

    def follow(self, state: BattleState, seat: Seat, card: Card, rng: random.Random) -> Card:
        """The follower's card: the one his player chose, or a renege when one is planned and
        he can make it (a card SC-PLAYB2 forbids him)."""
        if self.kind != "renege" or self.done or not state.follow_obliged():
            return card
        end = state.ruleset.game_end
        if (state.ruleset.options.get("RenegeCheck") == "end-of-hand"
                and (end.call_out or end.kind == "knock")):
            return card         # a call-out or a knock (TP25) could end the hand before the claim
        legal = set(state.legal_cards(seat))
        wrong = sorted(set(state.hand(seat)) - legal)
        if not wrong:
            return card
        self.done, self.seat, self.claim_due = True, seat, True
        return rng.choice(wrong)

    def claim(self, state: BattleState, events: list) -> None:
        """The opponent claims the renege: after the trick, or once the hand is over
        (``RenegeCheck "end-of-hand"``)."""
        if not self.claim_due:
            return
        if state.ruleset.options.get("RenegeCheck") == "end-of-hand" and not state.is_over:
            return
        self.claim_due = False
        state.laws.claim_renege(self.seat.other)
        events.append(Objection(target="renege", seat=self.seat.other))

    # --- draws (R8E, R11C, R11D) ------------------------------------------------------------

    def draws(self, state: BattleState, events: list, rng: random.Random) -> None:
        winner = state.last_winner
        assert winner is not None
        due = (winner, winner.other) if state.stock_count >= 2 else ()
        if self.kind in SLIP_KINDS:
            self.slip(state, events, rng, due)
        elif self.done or state.trick_number < self.trick or self.kind not in ("nodraw",
                                                                            "extradraw"):
            state.finish_turn()
        elif self.kind == "nodraw" and due:
            state.finish_turn([s for s in due if s is not self.seat])
            events.append(MissedDraw(seat=self.seat))
            self.done = True
        elif self.kind == "extradraw" and state.stock_count >= 3:
            state.finish_turn([*due, self.seat])
            events.append(ExtraDraw(seat=self.seat))
            self.done = True
        else:
            state.finish_turn()

    def slip(self, state: BattleState, events: list, rng: random.Random,
             due: tuple[Seat, ...]) -> None:
        """Scarne's drawing slips, while the stock can still repair them (SC-SLIP1-3)."""
        if self.done or state.trick_number < self.trick or state.expected_draws != due:
            state.finish_turn()
        elif self.kind == "missed draw" and state.stock_count >= 4:
            state.finish_turn([s for s in due if s is not self.seat])
            events.append(MissedDraw(seat=self.seat))
            self.done = True
        elif self.kind == "extra card" and state.stock_count >= 6:
            back = rng.random() < 0.5
            state.laws.slip_draws([("draw", s, None, NOWHERE) for s in (*due, self.seat)]
                                  + ([("return", self.seat, None, NOWHERE)] if back else []))
            events.append(ExtraDraw(seat=self.seat))
            if back:
                events.append(ReturnCard(seat=self.seat))
            self.done = True
        else:
            state.finish_turn()


def plan_irregularity(rng: random.Random, rate: float, kinds: tuple[str, ...] = KINDS,
                      later: tuple[str, ...] = ()) -> Plan:
    """Whether this battle has an irregularity (probability ``rate``), which of ``kinds`` (and
    of the ``later`` kinds, drawn only then: ``LATER_KINDS``), when and who."""
    roll, kind, trick, seat, discover = (rng.random(), rng.choice(kinds), rng.randint(1, 11),
                                         rng.choice(SEATS), rng.random() < 0.5)
    if roll >= rate:
        return Plan()
    if later:
        kind = rng.choice((kind, *later))
    if kind in VARIANTS:
        kind = rng.choice(VARIANTS[kind])
    return Plan(kind=kind, trick=trick, seat=seat,
                discover=discover or kind == "extradraw")
