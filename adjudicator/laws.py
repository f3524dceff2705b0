"""The irregularity laws as a policy the engine asks, never a name it compares.

One frozen instance per ruleset family: ``EAST_POINT_LAWS`` (R11: objections, penalties,
repairs) and ``NO_LAWS`` (old-time, and Scarne without its laws: every broken rule is reported
under its own id, with no invented penalty). A ruleset owns one (``Ruleset.laws``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: When a meld is judged: ``objection`` = it stands as made unless the opponent objects before
#: his next card (R11B); ``at-once`` = judged when made (an improper meld scores 0, a miscount
#: its table value); ``correctable`` = it stands as made (points and reuse history) until a
#: ``correct`` statement corrects or withdraws it, which is valid until the last stock card is
#: drawn; then it stands (Scarne's SC-BADMELD1, ``corrections.py``).
MeldWindow = Literal["objection", "at-once", "correctable"]
#: What a wrong draw costs: ``penalised`` = East Point's R11C/R11D/R11E; ``reported`` = an error
#: under the ruleset's draw rule, no penalty, play goes on with the cards as drawn.
DrawSlips = Literal["penalised", "reported"]


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
    irregularities under these laws; ``bad_meld`` the ids of a correction law (Scarne's
    SC-BADMELD1, the correction; SC-BADMELD2, a meld by a player with too few or too many
    cards), with ``meld_window`` ``correctable``, or None."""

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
    bad_meld: tuple[str, str] | None = None


#: The law statements of the record: objections (``object shuffle|cut|deal|meld|renege``),
#: discoveries (``toofew``/``toomany``), exposures (``expose``), looking at tricks (``look``).
STATEMENTS = frozenset({"shuffle", "cut", "deal", "meld", "renege", "discovery", "exposure",
                        "look"})

EAST_POINT_LAWS = LawsPolicy(name="east-point", meld_window="objection", draw_slips="penalised",
                             lone_card_stays=True, redeal_rule="R11A",
                             statements=STATEMENTS - {"renege", "look"},
                             count_melder_cards=False, uneven_end_rule="R11F",
                             irregularities=True)
NO_LAWS = LawsPolicy(name="none", meld_window="at-once", draw_slips="reported",
                     lone_card_stays=False, redeal_rule=None, statements=frozenset(),
                     count_melder_cards=True, uneven_end_rule=None, irregularities=False)
#: Scarne's laws (SC-RENEGE, SC-LOOK, SC-BADMELD; docs/rulings.md "Scarne's two-handed
#: Pinochle", Laws): the game rules' own departures as without laws, plus the renege claim and
#: the correction of incorrect melds. The simulator plans its renege (simulator/irregular.py).
SCARNE_LAWS = LawsPolicy(name="scarne", meld_window="correctable", draw_slips="reported",
                         lone_card_stays=False, redeal_rule=None,
                         statements=frozenset({"renege", "look"})
                         | frozenset({"correct"}),          # SC-BADMELD1 (corrections.py)
                         count_melder_cards=True,
                         uneven_end_rule=None, irregularities=True,
                         renege=("SC-RENEGE1", "SC-RENEGE2"),
                         bad_meld=("SC-BADMELD1", "SC-BADMELD2"))
