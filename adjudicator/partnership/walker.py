"""The walker of the table games (double-pack): a game of battles at a table of the ruleset's
seating (four in partnerships, or any seats each scoring for himself), each replayed by
``battle.TableBattle`` on a ``state.TableState``, and the rules of the whole game around them:

- tags given twice, option tags of another ruleset (``gamerules.GameRules``, shared with the
  two-handed walker);
- battle numbers 1..n, the deal passing to the left (DP-DEAL3), also after a throw-in (DP-BID9);
- the game's end (DP-GAME: the first battle after which a side has the target, the bidding side
  counted first, ``contract.game_winner``): a battle after it is reported; a game over by its
  ``Result`` tag that nobody has won is reported;
- the ``game`` claim (by side, or by seat: ``claims.claim_kind``) and the ``Result`` tag (NS's
  total first, signed) against the totals by scorer (``Seating.scorers``: the sides, or the
  seats).

``walk_table`` is what ``replay.walk`` runs for a game whose ruleset has more than two seats or
an auction (``results.is_partnership``: data, never the ruleset's name). The visitor hears the
hooks of ``visitor.BaseVisitor`` where the two-handed walker calls them, with a
``TableState`` and the results of ``results`` (``battle.TableBattle`` calls those of a battle);
every finding passes through one ``visitor.FindingSink`` (the game's, or its battle's).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from pinochle.notation.errors import quoted
from pinochle.notation.events import Battle, Claim, Game, SideClaim, Span

from pinochle.adjudicator.partnership.contract import game_winner
from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.model.statements import claim_naming_north, ignored_statement
from pinochle.adjudicator.twohanded.gamerules import GameRules, tag_span
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.model.seating import Scorer
from pinochle.adjudicator.partnership.battle import TableBattle
from pinochle.adjudicator.partnership.claims import (claim_kind, game_claim_findings, misfit,
                                                     no_sides)
from pinochle.adjudicator.partnership.results import TableBattleResult, TableGameResult
from pinochle.adjudicator.visitor import FindingSink

if TYPE_CHECKING:
    from pinochle.adjudicator.visitor import TableVisitor

__all__ = ["TableGameWalk", "walk_table"]


@cache
def _result_tag(scorers: int) -> re.Pattern[str]:
    """The ``Result`` tag of a game with ``scorers`` totals: signed numbers joined by ``-``."""
    return re.compile(r"\s*" + r"\s*-\s*".join([r"(-?\d+)"] * scorers) + r"\s*")


def walk_table(game: Game, visitor: TableVisitor[object], ruleset: Ruleset,
               number: int = 1) -> TableGameResult:
    """Replay the partnership game ``game`` (the ``number``-th of its file) under ``ruleset``
    through ``visitor``. A hook may raise ``visitor.StopReplay`` (``replay.walk`` catches it)."""
    return TableGameWalk(game, visitor, ruleset, number).run()


class TableGameWalk:
    """One partnership game's battles; the game's rules shared with the two-handed walker are
    a part it holds (``rules``)."""

    def __init__(self, game: Game, visitor: TableVisitor[object], ruleset: Ruleset,
                 number: int) -> None:
        self.game = game
        self.visitor = visitor
        self.ruleset = ruleset
        self.ids = ruleset.ids
        self.number = number
        self.unfinished = game.tags.get("Result") == "*"
        self.sink = FindingSink(visitor.finding, number, cites=ruleset.cites)   # the game's own
        self.rules = GameRules(self)

    def report(self, finding: Finding, battle: int | None = None) -> None:
        self.sink.append(finding if battle is None else finding.at(battle=battle))

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
            battle: int | None = None) -> None:
        self.sink.append(Finding(rule=rule, kind=kind, severity=severity, span=span,
                                 message=message, claimed=claimed, expected=expected,
                                 battle=battle))

    def run(self) -> TableGameResult:
        game, visitor, ruleset = self.game, self.visitor, self.ruleset
        self.rules.check_duplicate_tags()
        self.rules.check_foreign_options(ruleset)
        visitor.begin_game(game, self.number, ruleset)
        results: list[TableBattleResult] = []
        seating = ruleset.seating
        totals: dict[Scorer, int] = dict.fromkeys(seating.scorers, 0)
        winner: Scorer | None = None
        won_in: int | None = None
        previous: Battle | None = None
        count = len(game.battles)
        for index, battle in enumerate(game.battles, 1):
            self.check_header(battle, index, previous)
            if battle.dealer not in seating.place:      # no seat at this table: not replayed
                self.foreign_dealer(battle, index)
                continue
            if won_in is not None and index == won_in + 1:
                self.after_the_end(battle, index, winner, totals)
            walk = TableBattle(visitor, FindingSink(visitor.finding, self.number, index,
                                                   ruleset.cites),
                               ruleset, battle, index, dict(totals),
                               index == count and self.unfinished)
            done = walk.run()
            results.append(done)
            visitor.end_battle(battle, walk.state, done)
            if winner is None or ruleset.table.after_end_counts:
                totals = {scorer: total + done.of(scorer).score
                          for scorer, total in totals.items()}
            if winner is None:
                bidders = None if done.bidder is None else seating.scorer(done.bidder)
                made = bidders is None or done.of(bidders).score >= 0
                winner = game_winner(totals, bidders, ruleset, made)
                won_in = index if winner is not None else None
            previous = battle
        self.check_end(winner, len(results))
        self.check_totals_claims(totals)
        result = TableGameResult(self.number, ruleset, tuple(results), totals, winner, won_in)
        visitor.end_game(game, result)
        return result

    def check_header(self, battle: Battle, index: int, previous: Battle | None) -> None:
        """Battles numbered from 1; the deal passes to the left (DP-DEAL3)."""
        self.rules.check_battle_number(battle, index)
        if battle.dealer not in self.ruleset.seats:
            return
        seats = self.ruleset.seats
        if previous is not None and previous.dealer in seats:
            expected = self.ruleset.seating.next_dealer(previous.dealer)  # the left
            if battle.dealer is not expected:
                rule = self.ids.dealer
                self.new(rule, Kind.MALFORMED, battle.span,
                         f"{battle.dealer.word} deals battle {index} after {previous.dealer.word} "
                         f"dealt battle {index - 1}: the deal passes to the left, to "
                         f"{expected.word} ({rule})", claimed=str(battle.dealer),
                         expected=str(expected), battle=index)

    def foreign_dealer(self, battle: Battle, index: int) -> None:
        seats = ", ".join(seat.word for seat in self.ruleset.seats)
        self.new("Ruleset", Kind.MALFORMED, battle.span,
                 f"{battle.dealer.word} deals battle {index}, but the seats of "
                 f"{self.ruleset.name} are {seats}; the battle is not replayed", battle=index)

    def after_the_end(self, battle: Battle, index: int, winner: Scorer | None,
                      totals: dict[Scorer, int]) -> None:
        rule = self.ruleset.cites.get("after-end", self.ids.game)
        target = self.ruleset.game_end.target
        self.new(rule, Kind.MALFORMED, battle.span,
                 f"battle {index} is played after the game ended: after battle {index - 1} "
                 f"{winner} has reached the target of {target:,} ({_listed(totals)}; the "
                 f"bidding side is counted first) ({rule})",
                 claimed=len(self.game.battles), expected=index - 1, battle=index)

    def check_end(self, winner: Scorer | None, played: int) -> None:
        if winner is not None or self.unfinished or "Result" not in self.game.tags:
            return
        rule = self.ids.game
        self.new(rule, Kind.MALFORMED, tag_span(self.game, "Result"),
                 f"the game is over by its Result tag, but after {plural(played, 'battle')} "
                 f"no side has reached the target of {self.ruleset.game_end.target:,} ({rule}); "
                 "an unfinished game has Result \"*\"", claimed=played)

    def check_totals_claims(self, totals: dict[Scorer, int]) -> None:
        rule = self.ids.game
        kind = claim_kind(self.ruleset.seating)     # by side, or by seat
        for claim in self.game.closing:
            if type(claim) is kind:
                wrong = misfit(self.ruleset, claim)
                if wrong is not None:
                    self.new("Ruleset", Kind.MALFORMED, claim.span, wrong)
                elif claim.category != "game":
                    self.new(rule, Kind.MALFORMED, claim.span,
                             f"a {claim.category} claim belongs inside a battle")
                else:
                    for finding in game_claim_findings(claim, totals, rule):
                        self.report(finding)
            elif isinstance(claim, Claim) and claim.north is not None:  # by seat (§12)
                self.report(ignored_statement(claim_naming_north(claim.category),
                                              self.ruleset.name, claim.span))
            elif isinstance(claim, Claim):
                self.new("DP-PLAYERS", Kind.MALFORMED, claim.span,
                         "a claim by East and West is a statement of the two-handed games; the "
                         "partnership game's claims are by side (NS, EW): it is ignored")
            elif isinstance(claim, SideClaim):
                self.new("Ruleset", Kind.MALFORMED, claim.span, no_sides(self.ruleset))
        text = self.game.tags.get("Result")
        if text is None or text == "*":
            return
        span = tag_span(self.game, "Result")
        match = _result_tag(len(totals)).fullmatch(text)
        if match is None:
            first = ("NS's first (\"3610-2950\", \"-120-3560\")" if self.ruleset.seating.by_side
                     else f"in the order {'-'.join(str(s) for s in totals)}")
            self.new(rule, Kind.MALFORMED, span,
                     f"Result should be the game totals, {first}, or \"*\", not {quoted(text)}")
            return
        said = tuple(int(number) for number in match.groups())
        if said != tuple(totals.values()):
            self.new(rule, Kind.MISCOUNT, span,
                     f"Result says {_joined(said)}; the game totals (the sums of the "
                     f"battle scores) are {_listed(totals)} ({rule})",
                     claimed=text, expected=_joined(totals.values()))


def _joined(numbers: Iterable[int]) -> str:
    """Totals as a ``Result`` tag writes them: ``3610-2950``."""
    return "-".join(str(n) for n in numbers)


def _listed(totals: dict[Scorer, int]) -> str:
    """The totals by scorer, in the seating's order: ``NS 3610, EW 2950``."""
    return ", ".join(f"{scorer} {total}" for scorer, total in totals.items())
