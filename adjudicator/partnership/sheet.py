"""A table battle recorded as a score sheet (double-pack): the auction, trump, the
declarations and the claims (by side, or by seat where each plays for himself: keyed by the
seating's scorers), no deal and no trick. ``TableSheet`` is mixed into
``state.TableState``, which asks it first when the battle ends (``close``; the two-handed
games' sheets are ``twohanded.sheets``; both count a side's card points with its
``reachable``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pinochle.notation.cards import Seat, Side

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.partnership.claims import span_of
from pinochle.adjudicator.twohanded.sheets import reachable

if TYPE_CHECKING:
    from typing import Any

    from pinochle.notation.cards import Card
    from pinochle.notation.events import Meld, Span

    from pinochle.adjudicator.model.ruleids import RuleIds
    from pinochle.adjudicator.model.ruleset import Ruleset
    from pinochle.adjudicator.model.seating import Scorer, Seating
    from pinochle.adjudicator.partnership.auction import Auction
    from pinochle.adjudicator.partnership.claims import ScorerClaim

__all__ = ["TableSheet"]

#: A scorer of each kind as a sheet's finding names him: one, and several.
_NOUNS: dict[type, tuple[str, str]] = {Side: ("a side", "sides"), Seat: ("a player", "players")}
_NUMBERS = {2: "two", 3: "three", 4: "four"}


class TableSheet:
    """The score sheet's judgement, for ``state.TableState``."""

    if TYPE_CHECKING:
        ruleset: Ruleset
        ids: RuleIds
        seats: tuple[Seat, ...]
        seating: Seating
        tricks: int
        hands: list[dict[Card, int]] | None
        stopped: bool
        auction: Auction
        bidder: Seat | None
        bid: int | None
        pending: list[tuple[Seat, tuple[Meld, ...], int | None, Span]]
        declared: dict[Seat, int]
        claims: list[ScorerClaim]
        won: list[int]
        scoring: list[bool]

        def new(self, rule: str, kind: Kind, span: Span, message: str,
                severity: Severity = Severity.ERROR, claimed: Any = None,
                expected: Any = None, trick: int | None = None) -> None: ...

    def judge_sheet(self) -> bool:
        """A battle recorded as a sheet (the auction, trump, the declarations and the side
        claims; no deal, no trick): judged for what it decides, and ``True``; ``False`` (the
        usual walk goes on) when it is not one, or its auction did not end with a contract (a
        sheet need not name trump: no declaration is judged without the hands). The contract is
        the auction's; each side's card points are the ``tricks`` claim's (a side left out has
        the rest of the pack's count), which must share the pack's count (with the last
        trick's) and be a count some tricks make; a side's melds count when its card points
        show it won a scoring trick (DP-MELD6: any card points do, the last trick's too)."""
        if self.tricks or self.hands is not None or self.stopped:
            return False
        auction = self.auction
        if auction.thrown_in or not auction.over or auction.high_bidder is None:
            return False
        self.bidder, self.bid = auction.high_bidder, auction.high
        # without the hands a declaration counts as declared, trump named or not (DP-MELD1)
        for seat, melds, total, _ in self.pending:
            self.declared.setdefault(seat, total if total is not None else
                                     sum(m.points for m in melds))
        for seat in self.seats:
            self.declared.setdefault(seat, 0)
        ruleset, rule = self.ruleset, self.ids.trick_points
        total = ruleset.total_card_points + ruleset.last_trick_bonus
        claim = next((c for c in self.claims if c.category == "tricks"), None)
        scorers = self.seating.scorers
        values: dict[Scorer, int | None] = dict.fromkeys(scorers)
        if claim is not None:
            values = {scorer: claim.of(scorer) for scorer in scorers}  # type: ignore[arg-type]
            given = [value for value in values.values() if value is not None]
            one, many = _NOUNS[type(scorers[0])]
            if len(given) == len(scorers) and sum(given) != total:
                listed = " and ".join(f"{scorer} {value}" for scorer, value in values.items())
                listed = listed.replace(" and ", ", ", len(scorers) - 2)
                self.new(rule, Kind.MISCOUNT, claim.span,
                         f"the card points {listed} make {sum(given)}, but the "
                         f"{_NUMBERS.get(len(scorers), len(scorers))} {many} "
                         f"share the pack's count, {total} (the cards' "
                         f"{ruleset.total_card_points} and the last trick's "
                         f"{ruleset.last_trick_bonus}) ({rule})", claimed=sum(given),
                         expected=total)
            else:
                mask = reachable(ruleset, 0, ruleset.pack_size // len(ruleset.seats))
                for scorer, value in values.items():
                    if value is not None and (value < 0 or not mask >> value & 1):
                        self.new(rule, Kind.MISCOUNT, span_of(claim, scorer),
                                 f"{scorer}'s card points, {value}, are no count {one} can "
                                 f"take: no set of this pack's tricks counts {value} ({rule})",
                                 claimed=value)
            missing = [scorer for scorer, value in values.items() if value is None]
            if len(missing) == 1 and given:     # the one left out has the rest
                values[missing[0]] = total - sum(given)
        self.won = [values[scorer] or 0 for scorer in scorers]
        self.scoring = [bool(values[scorer]) for scorer in scorers]
        return True
