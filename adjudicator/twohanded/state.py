"""The state of one battle of a two-handed game (East Point, old-time, Scarne, 25-steps),
driven one action at a time.

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
Call ``close()`` at the end: melds whose objection window is still open then stand (R11B), and
melds still open to correction (SC-BADMELD1).

The card rules of a meld (R9A, R9B1, R9C, R9F, R9G) are ``melding.judge_meld``'s. The rules of a
battle are in small modules, each readable on its own; ``BattleState`` puts them together:

- ``core``: the state (R7A's sites as counts, turn order, scores) and the queries (R10);
- ``trickplay``: playing cards to a trick, who wins it, gathering it (R8A-R8D); ``leader``: who
  leads a record's trick, the one place that decides it (the rules, the lead mark, a card in
  doubt, the cards; ``who_leads``);
- ``meldturns``: whose turn it is to meld, the points claimed (R8D, R9);
- ``draws``: the draws after a trick and their irregularities, the end (R8E, R8F, R11C-R11F);
  ``drawdoubts``: a meld that shows who took which card of draws out of order (R8E);
- ``exposures``: cards moved to the exposed hand without a meld (M7);
- the laws, a hook object the ruleset's laws policy starts (``laws.start``; ``laws``: the null
  object ``hooks.Laws``; East Point's ``eastpoint.EastPointLaws``, with R11A and R11C-R11F; or
  Scarne's ``scarne.ScarneLaws`` with its renege law, SC-RENEGE1/2, looking at tricks,
  SC-LOOK1/2, the drawing slips, SC-SLIP1-6 and SC-DRAW1-4, and the misdeals and dead hands,
  SC-MISDEAL0-9), with the meld window its policy chooses (``laws.melds``: judged at once; the
  objection to a meld, R11B, ``objections.py``; incorrect melds corrected or left standing,
  SC-BADMELD1/2, ``corrections.py``); the last draws, a feature the ruleset chooses
  (``last_draw``: ``features/lastdraw.py``, 25-steps' TPV1 choice). No class of ``laws/`` is
  mixed in.
"""

from __future__ import annotations

from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.rules.deals import check_deal
from pinochle.adjudicator.laws.eastpoint import ALREADY_FOUND_OUT, FOUND_OUT, NEVER_FOUND_OUT
from pinochle.adjudicator.twohanded.draws import Draws
from pinochle.adjudicator.twohanded.drawdoubts import DrawDoubts
from pinochle.adjudicator.twohanded.exposures import Exposures
from pinochle.adjudicator.twohanded.meldturns import MeldTurns
from pinochle.adjudicator.twohanded.records import MeldRecord
from pinochle.adjudicator.laws.objections import STANDS
from pinochle.adjudicator.laws.start import start_laws
from pinochle.adjudicator.twohanded.core import SeatPosition, Sites, TableInfo
from pinochle.adjudicator.twohanded.trickplay import TrickPlay
from pinochle.notation.cards import Seat, Suit

__all__ = ["ALREADY_FOUND_OUT", "BattleState", "FOUND_OUT", "MeldRecord", "NEVER_FOUND_OUT",
           "STANDS", "SeatPosition", "Sites", "TableInfo", "check_deal"]


class BattleState(DrawDoubts, TrickPlay, MeldTurns, Draws, Exposures):
    """One battle: R7A's sites, turn order, draws, melds and scores. See the module docstring.

    ``BattleState(ruleset, dealer, east, west, stock, keep_log=True)`` starts from a deal;
    ``BattleState.without_deal(ruleset, dealer)`` from a record that omits it."""

    __slots__ = ()

    def _setup(self, ruleset: Ruleset, dealer: Seat, known: bool, keep_log: bool,
               trump: Suit | None = None) -> None:
        super()._setup(ruleset, dealer, known, keep_log, trump)
        self.laws = laws = start_laws(self)         # the hook object of the ruleset's laws
        if ruleset.by_copy:                         # the exposed copies' meld histories (OT9G)
            self._copies = [laws.melds.ledger() for _ in ruleset.seats]
