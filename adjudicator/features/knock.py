"""The knock (25-steps TP25; spec §6, T10-T13, T22): a player who judges he has reached the
target knocks; play halts and his count (the earlier battles, this battle's melds and the cards
in his tricks) against the target of the moment decides the game: at or above it he wins, below
it he loses. The target rises by ``GameEnd.rise`` after each battle that ends with a player at
it and nobody knocked (one rise per battle, T13). With ``KnockProof "next-trick"`` (TPV6) the
knock is proved by the knocker's next trick won, whose cards count; a knock never proved loses.

A feature the ruleset chooses from its data (``GameEnd.kind == "knock"``), in two parts, as
``lastdraw.last_draw_of`` chooses the last draws:

- the game's (``knocks_of``, held by ``replay._GameWalk`` as ``knocks``): ``Knocking`` (the
  target, its rise, the knock that decided the game) or the null ``NoKnocking``;
- each battle's (``knock_walk_of``, held by ``replay._BattleWalk`` as ``knock``): ``KnockWalk``
  (where play halted, the knock awaiting its proof) or the null ``NoKnockWalk``.

A ruleset without knocking builds none of it: its null parts end the knocker's open turn (its
draws are made), report the knock (the ruleset's knock rule, else its game rule) and ignore it.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Protocol, Self
from weakref import proxy

from pinochle.notation.cards import Seat
from pinochle.notation.events import Comment, Game, Knock, Span, Trick

from pinochle.adjudicator.model.findings import Kind, Severity, plural
from pinochle.adjudicator.twohanded.gamerules import tag_span

if TYPE_CHECKING:
    from pinochle.adjudicator.features.walkparts import Walker
    from pinochle.adjudicator.model.ruleids import RuleIds
    from pinochle.adjudicator.model.ruleset import GameEnd, Ruleset
    from pinochle.adjudicator.twohanded.results import BattleResult
    from pinochle.adjudicator.twohanded.state import BattleState

__all__ = ["KnockWalk", "Knocking", "NoKnockWalk", "NoKnocking", "knock_walk_of", "knocks_of"]

EAST, WEST = Seat.EAST, Seat.WEST


class GameWalker(Protocol):
    """What the knock's game part uses of the game's walker (``replay._GameWalk``)."""

    game: Game
    ids: RuleIds
    unfinished: bool
    totals: dict[Seat, int]             # the game totals by seat after the battles replayed

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
            battle: int | None = None) -> None: ...


# --- the game's part -----------------------------------------------------------------------


class NoKnocking:
    """A game without knocking (the null part): a knock is reported and ignored; no target
    rises; the game ends as its ``GameEnd`` says, never by a knock."""

    #: The knock that decided the game: the knock, the count, whether it won, its battle.
    knock: tuple[Knock, int, bool, int] | None = None

    def __init__(self, walk: GameWalker) -> None:
        self.walk: GameWalker = proxy(walk)  # (no cycle: laws/hooks.py)

    def rebound(self, walk: GameWalker) -> Self:
        """A copy of this part for a copy of its walker (``_BattleWalk.probe``)."""
        part = copy.copy(self)
        part.walk = proxy(walk)
        return part

    def refuse(self, knock: Knock, battle: int) -> None:
        """A knock in a game not played with knocking: reported, ignored."""
        ids = self.walk.ids
        rule = ids.knock or ids.game
        self.walk.new(rule, Kind.MALFORMED, knock.span,
                      f"{knock.seat.word} knocks, but this game is not played with knocking "
                      f"({rule}); the knock is ignored", battle=battle)

    def knock_end(self) -> str | None:
        """How a knock ended the game (``GameRules.game_over``), or None."""
        return None

    def raise_target(self, done: BattleResult) -> None:
        """After battle ``done``: the target rises when a player is at it (``Knocking``)."""

    def check_knock_end(self, tags: dict[str, str], results: list[BattleResult]) -> int | None:
        """The number of battles of a game that ends only by a knock, or None."""
        return None


class Knocking(NoKnocking):
    """The knock game (TP25): the target, raised by ``GameEnd.rise`` at the end of each battle
    after which a player has reached it and nobody knocked (one rise per battle, T13); a knock
    decides the game by the knocker's count against the target of the moment (T12) and ends
    it."""

    def __init__(self, walk: GameWalker, end: GameEnd) -> None:
        super().__init__(walk)
        self.target = end.target
        self.rise = end.rise
        self.knock: tuple[Knock, int, bool, int] | None = None

    def knock_at(self, knock: Knock, count: int, battle: int) -> None:
        """Decide a knock (its stated count checked first)."""
        self.knock_stands(knock, count, battle)
        if self.knock is None:              # else a battle after the game's end: reported there
            self.decide_knock(knock, count, battle)

    def knock_stands(self, knock: Knock, count: int, battle: int) -> None:
        """A knock's stated count is checked against ``count``, the count at the knock."""
        if self.knock is None and knock.count is not None and knock.count != count:
            rule = self.walk.ids.knock
            self.walk.new(rule, Kind.MISCOUNT, knock.span,
                          f"{knock.seat.word}'s count at the knock is {count} (earlier battles, "
                          f"this battle's melds and the cards in his tricks), not the stated "
                          f"{knock.count} ({rule})", claimed=knock.count, expected=count,
                          battle=battle)

    def decide_knock(self, knock: Knock, count: int, battle: int, proof: Span | None = None,
                     trick: int = 0) -> None:
        """The knocker's ``count`` against the target of the moment (T12) ends the game. With
        KnockProof "next-trick" (TPV6) ``proof`` is the trick that proved the knock, ``trick``
        its number, and ``count`` includes its cards."""
        ids = self.walk.ids
        seat, rule, target = knock.seat, ids.knock, self.target
        won = count >= target
        verdict = (f"reaches the target of {target}: {seat.word} wins the game" if won else
                   f"is below the target of {target}: {seat.word} loses the game")
        if proof is None:
            self.walk.new(rule, Kind.NOTICE, knock.span,
                          f"{seat.word} knocks with a count of {count}, which {verdict} ({rule})",
                          Severity.INFO, claimed=knock.count, expected=count, battle=battle)
        else:
            proved = ids.knock_proof
            self.walk.new(rule, Kind.NOTICE, proof,
                          f"{seat.word} wins trick {trick}, which proves his knock on line "
                          f"{knock.span.line}: his count with that trick's cards is {count}, "
                          f"which {verdict} ({rule}); a knock is proved by the knocker's next "
                          f"trick ({proved}, KnockProof \"next-trick\")",
                          Severity.INFO, expected=count, battle=battle)
        self.knock = (knock, count, won, battle)

    def knock_unproved(self, knock: Knock, count: int, battle: int, span: Span) -> None:
        """The battle ends and the knocker has won no trick since his knock: it is not proved
        (TPV6), and he loses the game as a knock that fails (TP25)."""
        ids = self.walk.ids
        seat, proved = knock.seat, ids.knock_proof
        self.walk.new(proved, Kind.NOTICE, span,
                      f"{seat.word} knocked on line {knock.span.line} and won no trick after it "
                      f"before the battle ended: the knock is not proved ({proved}, KnockProof "
                      f"\"next-trick\"), so it fails and {seat.word} loses the game "
                      f"({ids.knock})", Severity.INFO, battle=battle)
        self.knock = (knock, count, False, battle)

    def knock_end(self) -> str | None:
        if self.knock is None:
            return None
        knock, _, _, at = self.knock
        return f" by {knock.seat.word}'s knock in battle {at}"

    def raise_target(self, done: BattleResult) -> None:
        """A battle ends with a player at the target and no knock: the target rises (TP25).
        Not after a hand that counts for nobody (a dead hand, a void deal, under Scarne's laws):
        no tricks of it are scored, so nobody reached the target in it (docs/rulings.md)."""
        if self.knock is not None:
            return
        totals = self.walk.totals
        east, west = totals[EAST], totals[WEST]
        if max(east, west) < self.target:
            return
        rule = self.walk.ids.knock
        if done.void is not None:
            self.walk.new(rule, Kind.NOTICE, done.span,
                          f"the game still goes to {self.target} ({rule}): battle {done.index} "
                          f"counts for nobody ({done.void}), so though a player is at the target "
                          f"of {self.target} (East {east}, West {west}), it raises no target",
                          Severity.INFO, expected=self.target, battle=done.index)
            return
        old, self.target = self.target, self.target + self.rise
        who = " and ".join(seat.word for seat, total in ((EAST, east), (WEST, west))
                           if total >= old)
        self.walk.new(rule, Kind.NOTICE, done.span,
                      f"battle {done.index} ends with {who} at the target of {old} (East {east}, "
                      f"West {west}) and nobody knocked: the game now goes to {self.target} "
                      f"({rule})", Severity.INFO, expected=self.target, battle=done.index)

    def check_knock_end(self, tags: dict[str, str], results: list[BattleResult]) -> int | None:
        """The game ends only by a knock (TP25); the number of its battles, or None."""
        if self.knock is not None:
            return self.knock[3]
        walk = self.walk
        if not walk.unfinished and "Result" in tags:
            rule = walk.ids.knock
            walk.new(rule, Kind.MALFORMED, tag_span(walk.game, "Result"),
                     f"the game is over by its Result tag, but after "
                     f"{plural(len(results), 'battle')} nobody has knocked: the game ends only "
                     f"by a knock ({rule}); an unfinished game has Result \"*\"",
                     claimed=len(results))
        return None


def knocks_of(ruleset: Ruleset | None, walk: GameWalker) -> NoKnocking:
    """The knock's game part for a game of ``ruleset`` (None: a game no ruleset replays)."""
    if ruleset is not None and ruleset.game_end.kind == "knock":
        return Knocking(walk, ruleset.game_end)
    return NoKnocking(walk)


# --- each battle's part --------------------------------------------------------------------


class NoKnockWalk:
    """A battle without knocking (the null part): a knock ends the knocker's open turn (its
    draws are made), then the game's part reports it and it is ignored. Play never halts."""

    __slots__ = ("walk",)

    knocked: Knock | None = None        # play halted at this knock (TP25)
    proving: tuple[Knock, int] | None = None    # a knock and its count, awaiting its proof

    def __init__(self, walk: Walker) -> None:
        self.walk: Walker = proxy(walk)     # (no cycle: laws/hooks.py)

    def _end_turn(self, knock: Knock) -> BattleState:
        state = self.walk.state
        assert state is not None
        if state.in_turn:
            state.finish_turn(span=knock.span)
        return state

    def on_knock(self, knock: Knock) -> None:
        self._end_turn(knock)
        self.walk.g.knocks.refuse(knock, self.walk.index)

    def prove_knock(self, trick: Trick, state: BattleState) -> None:
        """The knocker won ``trick`` since his knock (``KnockWalk``; none awaits here)."""

    def unproved_knock(self, state: BattleState) -> None:
        """The record ends with a knock awaiting its proof (``KnockWalk``; none here)."""

    def after_knock(self, event: Any) -> None:
        """A statement after the knock that halted play (``KnockWalk``; play never halts)."""


class KnockWalk(NoKnockWalk):
    """The walker's side of a knock (TP25; with ``KnockProof "next-trick"``, TPV6, the proof by
    the knocker's next trick won); the game's side is the game walker's ``Knocking``."""

    __slots__ = ("knocked", "proving", "halted")

    def __init__(self, walk: Walker) -> None:
        super().__init__(walk)
        self.knocked: Knock | None = None   # play halts at a knock (25-steps TP25)
        self.proving: tuple[Knock, int] | None = None   # a knock and its count, awaiting its
        #                                                 proof (TPV6, KnockProof "next-trick")
        self.halted = ""                    # where play halted, for the findings after it

    def count(self, seat: Seat) -> int:
        """The knocker's count (TP25, T11): previous battles, this battle's melds and the cards
        in his tricks."""
        state = self.walk.state
        assert state is not None
        before: int = self.walk.g.totals[seat]
        return before + state.trick_points(seat) + state.meld_points(seat)

    def on_knock(self, knock: Knock) -> None:
        """A player knocks (TP25): the knocker's turn, if open, ends (its draws are made); play
        halts and the game's part decides the game by his count. With KnockProof "next-trick"
        (TPV6) play goes on until the knocker next wins a trick (``prove_knock``)."""
        self._end_turn(knock)
        walk = self.walk
        seat = knock.seat
        knocks: Knocking = walk.g.knocks
        count = self.count(seat)
        if walk.ruleset.game_end.proof == "next-trick" and knocks.knock is None:
            if self.proving is not None:
                first = self.proving[0]
                rule = walk.ids.knock
                walk.new(rule, Kind.MALFORMED, knock.span,
                         f"{seat.word}'s knock is ignored: the first knock is decided first "
                         f"({rule}), and {first.seat.word}'s knock on line {first.span.line} "
                         f"awaits its proof ({walk.ids.knock_proof})")
            else:
                knocks.knock_stands(knock, count, walk.index)
                self.proving = (knock, count)
            return
        knocks.knock_at(knock, count, walk.index)
        self.knocked = knock
        self.halted = f"{seat.word}'s knock on line {knock.span.line}"

    def prove_knock(self, trick: Trick, state: BattleState) -> None:
        """The knocker has won ``trick`` since his knock (TPV6): his count with its cards (and
        the last trick's 10 if it is the last) decides the game; play halts there, before the
        turn's meld."""
        assert self.proving is not None
        knock, self.proving = self.proving[0], None
        state.finish_turn(span=trick.span)
        # the trick's place in the deal, not the record's label, which may be misnumbered (TP9:
        # that fault is the numbering's finding alone)
        number = state.tricks_played
        self.walk.g.knocks.decide_knock(knock, self.count(knock.seat), self.walk.index,
                                        trick.span, number)
        self.knocked = knock
        self.halted = (f"trick {number}, which proved {knock.seat.word}'s knock on line "
                       f"{knock.span.line}")

    def unproved_knock(self, state: BattleState) -> None:
        """The battle's record ends with a knock awaiting its proof: if the battle is over, the
        knocker won no trick after it and loses (TPV6); if the record stops early in an
        unfinished game, the knock is undecided."""
        assert self.proving is not None
        knock, count = self.proving
        self.proving = None
        walk = self.walk
        g = walk.g
        if state.is_over or not (g.unfinished and walk.index == len(g.game.battles)):
            g.knocks.knock_unproved(knock, count, walk.index, walk.last_span)
            return
        proved = walk.ids.knock_proof
        walk.new(proved, Kind.NOTICE, knock.span,
                 f"the record stops before {knock.seat.word} has won a trick after his knock: "
                 f"the knock awaits its proof ({proved}, KnockProof \"next-trick\")",
                 Severity.INFO)

    def after_knock(self, event: Any) -> None:
        """A statement after a knock: play halted at the knock (TP25); it is ignored."""
        if type(event) is Comment or self.knocked is None:
            return
        ids = self.walk.ids
        rule = ids.knock or ids.game
        self.walk.new(rule, Kind.MALFORMED, event.span,
                      f"play halts at {self.halted}: nothing but the battle's claims may follow "
                      f"it ({rule}); this statement is ignored")


def knock_walk_of(walk: Walker) -> NoKnockWalk:
    """The knock's part of the battle ``walk`` replays, as its ruleset chooses it."""
    return (KnockWalk if walk.ruleset.game_end.kind == "knock" else NoKnockWalk)(walk)
