"""The irregularity laws as a policy the engine asks, never a name it compares.

One frozen instance per ruleset family: ``EAST_POINT_LAWS`` (R11: objections, penalties,
repairs) and ``NO_LAWS`` (old-time, and Scarne without its laws: every broken rule is reported
under its own id, with no invented penalty). A ruleset owns one (``Ruleset.laws``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pinochle.notation.events import MisdealReason

#: When a meld is judged: ``objection`` = it stands as made unless the opponent objects before
#: his next card (R11B); ``at-once`` = judged when made (an improper meld scores 0, a miscount
#: its table value); ``correctable`` = it stands as made (points and reuse history) until a
#: ``correct`` statement corrects or withdraws it, which is valid until the last stock card is
#: drawn; then it stands (Scarne's SC-BADMELD1, ``corrections.py``).
MeldWindow = Literal["objection", "at-once", "correctable"]
#: What a wrong draw costs: ``penalised`` = East Point's R11C/R11D/R11E; ``reported`` = an error
#: under the ruleset's draw rule, no penalty, play goes on with the cards as drawn; ``repaired`` =
#: Scarne's drawing slips (SC-SLIP1-6, SC-DRAW1-4; ``slips.py``): a short hand draws what it owes
#: at its next turn, a long one skips draws, a card drawn out of turn or extra may be put back
#: (``return``) or given (``give``), and a hand the stock can no longer repair voids the deal.
DrawSlips = Literal["penalised", "reported", "repaired"]


@dataclass(frozen=True)
class MisdealLaw:
    """A misdeal law (Scarne's SC-MISDEAL0-9; ``misdeals.py``): the rule cited per reason of a
    ``misdeal`` (``reasons``: ``(reason, rule)`` pairs), the redeal (``redeal``), a face-up card
    found after the deadline (``late_faceup``: the player whose turn it is takes it), a hand
    dealt a wrong count that play goes on with (``count``), the dead hand of an imperfect pack
    (``dead_hand``), and a player's own cards exposed (``own_exposure``: by the dealer on the
    deal, by the nondealer on the deal, by either in play): no misdeal, they stay concealed.
    Every misdeal is valid only before the nondealer's first draw from the stock."""

    redeal: str
    reasons: tuple[tuple[MisdealReason, str], ...]
    late_faceup: str
    count: str
    dead_hand: str
    own_exposure: tuple[str, str, str]

    def rule(self, reason: MisdealReason) -> str:
        return dict(self.reasons)[reason]


@dataclass(frozen=True)
class PenaltyLaw:
    """Laws that penalise an irregularity as East Point's R11 does, the rule each cites: an
    objection to a meld (``meld_objection``, R11B: a correct meld stands, wrong points are
    corrected, any other error voids it); a hand short of cards plays on (``too_few``, R11C);
    a hand found with too many cards loses every further trick and may not meld (``too_many``,
    R11D); a stock of one card stays untaken (``lone_card``, R11E)."""

    meld_objection: str
    too_few: str
    too_many: str
    lone_card: str


@dataclass(frozen=True)
class LawsPolicy:
    """``name`` is the ``Laws`` tag's value; ``meld_window`` and ``draw_slips`` as above;
    ``lone_card_stays`` whether a stock of one card stays untaken (R11E) rather than going to
    the trick's winner; ``redeal_rule`` the law a new deal before the first card is cited under
    (None: no misdeal law, the ruleset's deal id with a warning); ``statements`` the law
    statements honoured (``STATEMENTS``; any other is reported and ignored); ``renege`` the ids
    of a renege law (detection, penalty on claim: Scarne's SC-RENEGE1, SC-RENEGE2), or None (a
    broken follow rule is an error at once);
    ``count_melder_cards`` whether a melder's hand size is checked at his turn's first meld
    (OT9D; a ruleset with draw penalties handles a wrong count through them);
    ``uneven_end_rule`` the law that ends a battle when one hand runs out first (R11F; None: an
    error under the ruleset's end rule); ``irregularities`` whether the simulator may plan
    irregularities under these laws; ``misdeals`` a misdeal law (``MisdealLaw``), or None;
    ``bad_meld`` the ids of a correction law (Scarne's SC-BADMELD1, the correction;
    SC-BADMELD2, a meld by a player with too few or too many cards), with ``meld_window``
    ``correctable``, or None; ``penalties`` the ids of penalties as East Point's R11 has them
    (``PenaltyLaw``: asked for where ``meld_window`` is ``objection`` or ``draw_slips``
    ``penalised``), or None."""

    name: str
    meld_window: MeldWindow
    draw_slips: DrawSlips
    lone_card_stays: bool
    redeal_rule: str | None
    statements: frozenset[str]
    count_melder_cards: bool
    uneven_end_rule: str | None
    irregularities: bool
    renege: tuple[str, str] | None = None
    # Misdeals and dead hands (adjudicator/laws/misdeals.py): None, no misdeal law.
    misdeals: MisdealLaw | None = None
    bad_meld: tuple[str, str] | None = None
    penalties: PenaltyLaw | None = None

    # What the engine asks of the switches: each a question, so that no module of the engine
    # compares a switch's value (a name) itself.

    @property
    def melds_await_objection(self) -> bool:
        """A meld stands unless the opponent objects in time (``meld_window`` ``objection``,
        R11B)."""
        return self.meld_window == "objection"

    @property
    def judges_melds_at_once(self) -> bool:
        """A meld is judged when made (``meld_window`` ``at-once``: no laws to wait for)."""
        return self.meld_window == "at-once"

    @property
    def corrects_melds(self) -> bool:
        """An incorrect meld stands until corrected (``meld_window`` ``correctable``)."""
        return self.meld_window == "correctable"

    @property
    def repairs_draws(self) -> bool:
        """Drawing slips are repaired (``draw_slips`` ``repaired``, ``slips.py``)."""
        return self.draw_slips == "repaired"

    @property
    def reports_draws(self) -> bool:
        """A wrong draw is reported, with no penalty (``draw_slips`` ``reported``)."""
        return self.draw_slips == "reported"

    @property
    def penalty(self) -> PenaltyLaw:
        """``penalties``, where the engine has found these laws penalise (an objection window,
        penalised draws): a law without them that got there is the engine's error."""
        if self.penalties is None:
            raise LookupError(f"the {self.name!r} laws have no penalties")
        return self.penalties


#: The law statements of the record: objections (``object shuffle|cut|deal|meld|renege``),
#: discoveries (``toofew``/``toomany``), exposures (``expose``), looking at tricks (``look``).
STATEMENTS = frozenset({"shuffle", "cut", "deal", "meld", "renege", "discovery", "exposure",
                        "look"})

#: The statements of Scarne's drawing slips: a player found with too many or too few cards
#: (``toomany``/``toofew``, SC-SLIP3/SC-SLIP4), a card put back (``return``, SC-SLIP2/SC-SLIP5) or
#: given to the opponent (``give``, SC-SLIP5).
SLIP_STATEMENTS = frozenset({"discovery", "return", "give"})

EAST_POINT_LAWS = LawsPolicy(name="east-point", meld_window="objection", draw_slips="penalised",
                             lone_card_stays=True, redeal_rule="R11A",
                             statements=STATEMENTS - {"renege", "look"},
                             count_melder_cards=False, uneven_end_rule="R11F",
                             irregularities=True,
                             penalties=PenaltyLaw(meld_objection="R11B", too_few="R11C",
                                                  too_many="R11D", lone_card="R11E"))
NO_LAWS = LawsPolicy(name="none", meld_window="at-once", draw_slips="reported",
                     lone_card_stays=False, redeal_rule=None, statements=frozenset(),
                     count_melder_cards=True, uneven_end_rule=None, irregularities=False)
#: Scarne's misdeals (SC-MISDEAL0-9, docs/rulings.md "Misdeals"): the statements ``misdeal``,
#: ``deadhand`` and ``expose`` (a player's own cards, no misdeal).
SCARNE_MISDEALS = MisdealLaw(
    redeal="SC-MISDEAL0",
    reasons=(("cut-exposed", "SC-MISDEAL1"), ("not-cut", "SC-MISDEAL2"),
             ("faceup", "SC-MISDEAL3"), ("dealer-exposed", "SC-MISDEAL5"),
             ("count", "SC-MISDEAL9")),
    late_faceup="SC-MISDEAL4", count="SC-MISDEAL9", dead_hand="SC-MISDEAL8",
    own_exposure=("SC-MISDEAL5", "SC-MISDEAL6", "SC-MISDEAL7"))
_MISDEAL_STATEMENTS = frozenset({"misdeal", "deadhand", "exposure"})


#: Scarne's laws (SC-RENEGE, SC-LOOK, SC-MISDEAL, SC-SLIP/SC-DRAW, SC-BADMELD; docs/rulings.md
#: "Scarne's two-handed Pinochle", Laws): the game rules' own departures as without laws, plus
#: the renege claim, looking at tricks, misdeals and the dead hand (``misdeals.py``), the drawing
#: slips (``slips.py``) and the correction of incorrect melds (``corrections.py``). The
#: simulator plans each (simulator/irregular.py).
SCARNE_LAWS = LawsPolicy(name="scarne", meld_window="correctable", draw_slips="repaired",
                         lone_card_stays=False, redeal_rule="SC-MISDEAL0",
                         statements=frozenset({"renege", "look", "correct"}) | _MISDEAL_STATEMENTS
                         | SLIP_STATEMENTS,
                         count_melder_cards=True,
                         uneven_end_rule=None, irregularities=True,
                         renege=("SC-RENEGE1", "SC-RENEGE2"),
                         misdeals=SCARNE_MISDEALS, bad_meld=("SC-BADMELD1", "SC-BADMELD2"))

#: The ``Laws`` tag's values and the policies they name (Scarne's ruleset; 25-steps borrows
#: Scarne's, its own laws list being lost: TP-LAWS, docs/rulings.md).
LAWS_BY_TAG = {"none": NO_LAWS, "scarne": SCARNE_LAWS}
#: The option tags only Scarne's laws read, their values the default first: ``RenegeCheck``
#: (SC-RENEGE1 ``any-time``; SC-LOOK2 ``end-of-hand``) and ``LookPenalty`` (SC-LOOK2).
SCARNE_LAW_OPTIONS = {"RenegeCheck": ("any-time", "end-of-hand"), "LookPenalty": ("none", "count")}


def laws_of(options: dict[str, str]) -> LawsPolicy:
    """The policy the options' ``Laws`` tag names; without laws the laws-only tags
    (``SCARNE_LAW_OPTIONS``) leave ``options``, so that a ruleset's tags are as before them."""
    if options["Laws"] == "none":
        for tag in SCARNE_LAW_OPTIONS:
            options.pop(tag, None)
    return LAWS_BY_TAG[options["Laws"]]
