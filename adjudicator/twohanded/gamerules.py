"""The rules of a whole game, as the replay walker checks them (``replay._GameWalk`` and the
table walker, ``partnership.walker.TableGameWalk``, each hold a ``GameRules``): tags given
twice, option tags of another ruleset, the agreed number of battles and its tie extension (East
Point R4A), the target game (old-time OT4A), battle numbers and the alternating dealer (R4B,
OT4B), the game claim and the ``Result`` tag. Each cites the ruleset's
own ids (``RuleIds.game``, ``RuleIds.dealer``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol
from weakref import proxy

from pinochle.notation.cards import Seat
from pinochle.notation.errors import quoted
from pinochle.adjudicator.model.statements import claim_naming_north, ignored_statement
from pinochle.notation.events import Battle, Claim, Game, SideClaim, Span, Tag
from pinochle.notation.lexer import read_number

from pinochle.adjudicator.rulesets import RULESET_TAGS
from pinochle.adjudicator.model.findings import Finding, Kind, Severity, plural
from pinochle.adjudicator.rules.numbering import Fault, faults
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import GameEnd, Ruleset
from pinochle.adjudicator.model.seating import Seating

if TYPE_CHECKING:
    from pinochle.adjudicator.twohanded.results import BattleResult

EAST, WEST = Seat.EAST, Seat.WEST


def tag_span(game: Game, name: str) -> Span:
    """Where the tag ``name`` that counts is: the first of that name (``Game.tags``)."""
    for item in game.header:
        if isinstance(item, Tag) and item.name == name:
            return item.span
    return game.span


#: The rule a tag's value is checked under (docs/rulings.md: a ruleset tag is reported under
#: its own name); a tag not listed is reported under its own name too, as a warning, since the
#: replay does not depend on it.
_GAME_TAGS = ("Battles", "Result")
_TAG_RULES = {**{name: name for name in _GAME_TAGS}, **{name: name for name in RULESET_TAGS}}


def _game_totals(text: str) -> tuple[int, int] | None:
    """A ``Result`` value's totals (``"3120-2710"``, East's first: two numbers as the notation
    writes them, ``read_number``), or None."""
    east, dash, west = text.partition("-")
    totals = read_number(east), read_number(west)
    if not dash or totals[0] is None or totals[1] is None:
        return None
    return totals[0], totals[1]



class Walker(Protocol):
    """What the game's rules use of the game's walker: the record, the ruleset's ids (read
    when used: the walker learns its ruleset as it runs), and its findings."""

    game: Game
    ids: RuleIds
    unfinished: bool

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
            battle: int | None = None) -> None: ...

    def report(self, finding: Finding, battle: int | None = None) -> None: ...


class GameRules:
    """The game-level checks, a part of the game's walker (``walk``, a weak proxy of it: no
    reference cycle, laws/hooks.py)."""

    def __init__(self, walk: Walker) -> None:
        self.walk: Walker = proxy(walk)
        #: What a miscounted Result also implies (``check_target``): its totals end the game,
        #: the right ones do not.
        self.result_note = ""

    @property
    def game(self) -> Game:
        return self.walk.game

    @property
    def ids(self) -> RuleIds:
        return self.walk.ids

    @property
    def unfinished(self) -> bool:
        return self.walk.unfinished

    def new(self, rule: str, kind: Kind, span: Span, message: str,
            severity: Severity = Severity.ERROR, claimed: Any = None, expected: Any = None,
            battle: int | None = None) -> None:
        self.walk.new(rule, kind, span, message, severity, claimed, expected, battle)

    def report(self, finding: Finding, battle: int | None = None) -> None:
        self.walk.report(finding, battle)

    # --- game-level rules (R4A, R4B) -------------------------------------------------------

    def game_over(self, end: GameEnd, agreed: int | None, played: int,
                  totals: Mapping[Seat, int], knock_end: str | None = None
                  ) -> tuple[str, str] | None:
        """Whether the game ended with the ``played`` battles replayed so far (the game
        ``totals`` after them; ``knock_end``: how a knock ended it, ``features/knock.py``, or
        None): the rule and how it ended, or None. The agreed battles and two more per tie
        (R4A), a target reached with the higher total, one battle that is not a tie (OT4A,
        SC-WIN1, TP2), a knock (TP25)."""
        if not played:
            return None
        if end.kind == "knock":
            how = knock_end
            return None if how is None else (self.ids.knock, how)
        east, west = totals[EAST], totals[WEST]
        if east == west:
            return None
        stand = f"the totals are East {east}, West {west}"
        if end.kind == "battles":
            if agreed is None or played < agreed or (played - agreed) % 2:
                return None
            return self.ids.game, f": after {played} battles {stand}, not a tie"
        if end.kind == "single-hand":
            return self.ids.game, f": after battle {played} {stand}, not a tie"
        if max(east, west) < end.target:
            return None
        leader = "East" if east > west else "West"
        return self.ids.game, (f": after battle {played} {stand}, {leader} has reached the "
                               f"target of {end.target} with the higher total")

    def battle_after_end(self, battle: Battle, index: int, end: GameEnd, agreed: int | None,
                         played: int, totals: Mapping[Seat, int],
                         knock_end: str | None = None) -> bool:
        """A battle recorded after the game ended: one finding at its line, and it is not
        replayed (its contents are ignored, so its tricks and claims draw no more findings:
        one fault, one finding, docs/rulings.md). ``played``: the battles replayed so far;
        ``totals`` and ``knock_end``: ``game_over``'s."""
        over = self.game_over(end, agreed, played, totals, knock_end)
        if over is None:
            return False
        rule, how = over
        self.new(rule, Kind.MALFORMED, battle.span,
                 f"battle {index} is played after the game ended{how} ({rule}); it is not "
                 "replayed", claimed=index, expected=played, battle=index)
        return True

    def check_duplicate_tags(self) -> None:
        """A tag given twice: the first counts (``Game.tags``), the second is reported at its
        line (docs/rulings.md)."""
        first: dict[str, Tag] = {}
        for tag in self.game.header:
            if not isinstance(tag, Tag):
                continue
            if tag.name not in first:
                first[tag.name] = tag
                continue
            counted = first[tag.name]
            rule = self.ids.game if tag.name in _GAME_TAGS else _TAG_RULES.get(tag.name, tag.name)
            self.new(rule, Kind.MALFORMED, tag.span,
                     f"a second {tag.name} tag ({quoted(tag.value)}): the first, "
                     f"{quoted(counted.value)} on line {counted.span.line}, is the one that "
                     f"counts" + (f" ({rule})" if rule != tag.name else ""),
                     severity=Severity.ERROR if tag.name in _TAG_RULES else Severity.WARNING,
                     claimed=tag.value, expected=counted.value)

    def check_foreign_options(self, ruleset: Ruleset) -> None:
        """An option tag of another ruleset (``MeldScoring`` in an old-time game) changes
        nothing: reported under its own name, as a warning."""
        for name in self.game.tags:
            if name in RULESET_TAGS and name != "Ruleset" and name not in ruleset.options:
                self.new(name, Kind.MALFORMED, tag_span(self.game, name),
                         f"{name} is not an option of the {ruleset.name} ruleset (its options: "
                         f"{', '.join(ruleset.options) or 'none'}); the tag is ignored",
                         severity=Severity.WARNING)

    def agreed_battles(self, tags: dict[str, str]) -> int | None:
        text = tags.get("Battles")
        if text is None:
            return None
        span = tag_span(self.game, "Battles")
        agreed = read_number(text)
        if agreed is None:
            self.new(self.ids.game, Kind.MALFORMED, span,
                     f"the Battles tag should be the agreed number of battles (digits only, "
                     f"such as \"4\"), not {quoted(text)} ({self.ids.game})")
            return None
        if agreed <= 0 or agreed % 2:
            self.new(self.ids.game, Kind.MALFORMED, span,
                     f"a game is always an even number of battles, not {agreed} "
                     f"({self.ids.game})",
                     claimed=agreed)
            return None
        return agreed

    @cached_property
    def battle_faults(self) -> dict[int, Fault]:
        """The faults of the game's battle numbers, by battle (``numbering.faults``)."""
        return faults([battle.number for battle in self.game.battles])

    def check_battle_number(self, battle: Battle, index: int) -> None:
        """Battles numbered from 1: one finding where the numbering goes wrong, the battles
        after it read as numbered from there (``numbering``)."""
        fault = self.battle_faults.get(index)
        if fault is not None:
            self.new(self.ids.game, Kind.MALFORMED, battle.span,
                     fault.message("battle", "game", self.ids.game), claimed=battle.number,
                     expected=fault.expected, battle=index)

    def check_battle_header(self, battle: Battle, index: int, previous: Battle | None,
                            seating: Seating) -> None:
        self.check_battle_number(battle, index)
        if previous is not None and battle.dealer is previous.dealer:
            self.new(self.ids.dealer, Kind.MALFORMED, battle.span,
                     f"{battle.dealer.word} deals battle {index} after dealing battle "
                     f"{index - 1}: the deal alternates ({self.ids.dealer})",
                     claimed=str(battle.dealer),
                     expected=str(seating.next_dealer(previous.dealer)), battle=index)

    def check_length(self, tags: dict[str, str], agreed: int | None,
                     results: list[BattleResult]) -> int | None:
        played, unfinished = len(results), self.unfinished
        if agreed is None:
            if played % 2 and not unfinished and "Result" in tags:
                self.new(self.ids.game, Kind.MALFORMED, self.game.span,
                         f"the game has {played} battles; a game is an even number "
                         f"({self.ids.game})",
                         claimed=played)
            self.check_tied_result(tags, results)
            return None
        totals, east, west = [], 0, 0
        for r in results:
            east, west = east + r.east, west + r.west
            totals.append((east, west))
        expected = agreed
        while expected <= played and totals[expected - 1][0] == totals[expected - 1][1]:
            expected += 2                       # R4A: a tie, two more battles
        if played < expected and not unfinished:   # one after the end: ``after_the_end``
            why = (f"the agreed {agreed}" if expected == agreed else
                   f"{agreed} agreed, plus two for each tie")
            self.new(self.ids.game, Kind.MALFORMED, tag_span(self.game, "Battles"),
                     f"the game has {played} battles; it needs {expected} ({why}) "
                     f"({self.ids.game}), or "
                     "Result \"*\" while unfinished", claimed=played, expected=expected)
        return expected

    def check_tied_result(self, tags: dict[str, str], results: list[BattleResult]) -> None:
        """A finished game whose Result is a tie, its battles' totals tied too, is never
        complete: a tie calls for two more battles (R4A), whether or not a Battles tag agreed
        their number (with one, ``check_length`` counts the two more). A Result that is a tie
        while the totals are not is its miscount only (``check_totals``)."""
        result = tags.get("Result", "*")
        claimed = None if self.unfinished else _game_totals(result)
        east, west = sum(r.east for r in results), sum(r.west for r in results)
        if claimed is None or claimed[0] != claimed[1] or east != west or not results:
            return
        rule = self.ids.game
        self.new(rule, Kind.MALFORMED, tag_span(self.game, "Result"),
                 f"Result {quoted(result)} is a tie, and so are the totals after "
                 f"{plural(len(results), 'battle')} (East {east}, West {west}): a game never ends "
                 f"tied; two more battles are played after a tie ({rule}), or Result \"*\" while "
                 "unfinished", claimed=result, expected=len(results) + 2)

    def check_target(self, tags: dict[str, str], end: GameEnd,
                     results: list[BattleResult]) -> int | None:
        """The game ends at the end of the battle in which a player reaches ``end.target``
        (both: the higher total wins; equal: more battles until the tie breaks); a single-hand
        game after its first battle that is not a tie (OT4A). Returns the number of battles the
        game has when it ended, or ``None`` if it has not."""
        rule, east, west = self.ids.game, 0, 0
        ended: int | None = None
        for k, r in enumerate(results, 1):
            east, west = east + r.east, west + r.west
            if east != west and (end.kind == "single-hand" or max(east, west) >= end.target):
                ended = k
                break
        played = len(results)
        if ended is None and not self.unfinished and "Result" in tags:
            goal = ("a battle that is not a tie" if end.kind == "single-hand" else
                    f"a total of {end.target} and more than the other")
            claimed = _game_totals(tags["Result"])
            if (claimed is not None and claimed != (east, west) and claimed[0] != claimed[1]
                    and (end.kind == "single-hand" or max(claimed) >= end.target)):
                # the Result's own totals end the game: its miscount says it, once
                self.result_note = (f"; by those totals nobody has {goal} after "
                                    f"{plural(played, 'battle')}, so the game is not over")
                return ended
            self.new(rule, Kind.MALFORMED, tag_span(self.game, "Result"),
                     f"the game is over by its Result tag, but after {plural(played, 'battle')} "
                     f"nobody has {goal} ({rule}); an unfinished game has Result \"*\"",
                     claimed=played)
        return ended

    def check_totals(self, tags: dict[str, str], east: int, west: int) -> None:
        for claim in self.game.closing:
            if isinstance(claim, Claim):
                if claim.north is not None:  # a three-handed game's claim by seat (§12)
                    self.report(ignored_statement(claim_naming_north("game"),
                                                  "a two-handed game", claim.span))
                    continue
                if claim.category != "game":
                    self.new(self.ids.game, Kind.MALFORMED, claim.span,
                             f"a {claim.category} claim belongs inside a battle")
                    continue
                check_claim(claim, east, west, self.ids.game, "game total",
                             lambda f: self.report(f))
            elif isinstance(claim, SideClaim):
                self.new("Ruleset", Kind.MALFORMED, claim.span,
                         "a claim by side (NS, EW) is a statement of the partnership game; a "
                         "two-handed game's claims are East's and West's: it is ignored")
        result = tags.get("Result")
        if result is None or result == "*":
            return
        span = tag_span(self.game, "Result")
        claimed = _game_totals(result)
        if claimed is None:
            self.new(self.ids.game, Kind.MALFORMED, span,
                     f"Result should be the game totals, East's first (\"3120-2710\"), or "
                     f"\"*\", not {quoted(result)}")
            return
        if claimed != (east, west):
            self.new(self.ids.game, Kind.MISCOUNT, span,
                     f"Result says {claimed[0]}-{claimed[1]}; the game totals (the sums of the "
                     f"battle scores) are East {east}, West {west}{self.result_note} "
                     f"({self.ids.game})",
                     claimed=f"{claimed[0]}-{claimed[1]}", expected=f"{east}-{west}")


def check_claim(claim: Claim, east: int, west: int, rule: str, what: str,
                 report: Callable[[Finding], None], battle: int | None = None) -> None:
    for seat, claimed, actual, span in ((EAST, claim.east, east, claim.east_span),
                                        (WEST, claim.west, west, claim.west_span)):
        if claimed is not None and claimed != actual:
            report(Finding(rule=rule, kind=Kind.MISCOUNT, span=span or claim.span,
                           message=(f"{what} for {seat.word}: {actual}, not the claimed "
                                    f"{claimed} ({rule})"),
                           claimed=claimed, expected=actual, battle=battle))


#: What each battle claim totals, by the ``RuleIds`` field of its rule.
