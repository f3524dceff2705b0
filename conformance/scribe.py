"""A scribe at the table: drives one ``BattleState`` and writes the record events as play goes.

Every card played, meld made and objection raised goes through the engine's own API
(``BattleState.play``/``meld``/``finish_turn``, its laws' ``object_meld``), and the choices of
the play-out policy are made among what the engine offers (``legal_cards``, ``legal_melds``), so
a record written here describes a battle reached by legal play. The scribe never judges a rule
itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.adjudicator import Ruleset
from pinochle.notation.cards import Card, Seat
from pinochle.notation.errors import PinochleError
from pinochle.notation.events import Battle, Claim, Deal, Meld, Objection, Trick
from pinochle.notation.melds import MeldKind

EAST, WEST = Seat.EAST, Seat.WEST


class BuildError(PinochleError):
    """A case cannot be staged (the engine disagrees with the rulebook, or no deal fits)."""


class Scribe:
    """One battle in progress and its record events so far."""

    def __init__(self, ruleset: Ruleset, number: int, dealer: Seat, east: Sequence[Card],
                 west: Sequence[Card], stock: Sequence[Card], upcard: Card | None = None,
                 ) -> None:
        self.ruleset = ruleset
        self.number = number
        self.dealer = dealer
        self.state = BattleState(ruleset, dealer, east, west, stock, upcard=upcard)
        self.events: list = [Deal(east=tuple(east), west=tuple(west), stock=tuple(stock),
                                  upcard=upcard)]
        self.played: dict[Seat, list[Card]] = {EAST: [], WEST: []}

    # --- one trick, as scripted or as the policy chooses ----------------------------------

    def trick(self, lead: Card, follow: Card) -> Seat:
        """Play a trick (leader's card, then follower's); returns the winner the engine finds.
        The winner's turn stays open for a meld until ``end_turn``."""
        self.play(lead)
        winner = self.play(follow)
        assert winner is not None
        return winner

    def play(self, card: Card) -> Seat | None:
        """Lay ``card`` for whoever is to play; after the second card, write the trick's line
        and return the winner the engine finds."""
        state = self.state
        if state.in_turn:
            self.end_turn()
        seat = state.to_play
        if seat is None or not state.can_play(seat, card):
            raise BuildError(f"the engine refuses {card} at trick {state.trick_number}")
        lead = state.lead_card
        state.play(seat, card)
        self.played[seat].append(card)
        if lead is None:
            return None
        winner = state.last_winner
        self.events.append(Trick(number=state.tricks_played, lead=lead, follow=card,
                                 winner=winner))
        return winner

    def meld(self, seat: Seat, kind: MeldKind, points: int,
             concealed: Sequence[Card] | None) -> None:
        """Make (or try) a meld as the record would say it. The trick winner's melds are written
        on the trick's line (old-time: a dix beside another meld, OT9E); anyone else's on a
        ``meld SEAT`` line of its own."""
        state = self.state
        named = None if concealed is None else tuple(concealed)
        state.meld(seat, kind, points, named)
        trick = self.events[-1]
        if isinstance(trick, Trick) and seat is trick.winner:
            self.events[-1] = trick.model_copy(
                update={"melds": (*trick.melds, Meld(kind=kind, points=points, concealed=named))})
        else:
            self.events.append(Meld(kind=kind, points=points, concealed=named, seat=seat))

    def object_meld(self, seat: Seat) -> None:
        self.state.laws.melds.object_meld(seat)
        self.events.append(Objection(target="meld", seat=seat))

    def end_turn(self) -> None:
        """The draws of R8E, as the record implies them (no draw line)."""
        if self.state.in_turn:
            self.state.finish_turn()

    # --- the play-out policy ----------------------------------------------------------------

    def play_out(self, melds: bool) -> None:
        """Play to the end of the battle: the leader leads his cheapest card; the follower wins
        with his cheapest winning card, else throws his cheapest; with ``melds``, a trick winner
        makes the legal meld worth most. Cheapest: fewest trick points, then weakest (the
        ruleset's rank and suit orders, R2A)."""
        state = self.state
        while not state.is_over:
            if state.in_turn:
                winner = state.last_winner
                if melds and winner is not None:
                    options = state.legal_melds(winner)
                    if options:
                        best = max(options, key=lambda v: (v.points or 0, -len(v.takes)))
                        self.meld(winner, best.kind, best.points or 0, best.takes)
                self.end_turn()
                continue
            lead = min(state.legal_cards(state.leader), key=self._cost)
            self.play(lead)
            playable = state.legal_cards(state.leader.other)
            winners = [card for card in playable if state.trick_table.beats(lead, card)]
            self.play(min(winners or playable, key=self._cost))

    def _cost(self, card: Card) -> tuple[int, int]:
        return (self.ruleset.card_points[card], self.ruleset.card_strength[card.index])

    # --- the end ------------------------------------------------------------------------------

    def finish(self) -> Battle:
        """Close the battle (R11B windows) and write the claimed totals the engine counts."""
        state = self.state
        self.end_turn()
        state.close()
        totals: dict[Literal["tricks", "melds", "score"], tuple[int, int]] = {
            "tricks": (state.trick_points(EAST), state.trick_points(WEST)),
            "melds": (state.meld_points(EAST), state.meld_points(WEST)),
            "score": (state.score(EAST), state.score(WEST)),
        }
        for category, (east, west) in totals.items():
            self.events.append(Claim(category=category, east=east, west=west))
        return Battle(number=self.number, dealer=self.dealer, events=tuple(self.events))

    def score(self, seat: Seat) -> int:
        return self.state.score(seat)
