"""The card-level meld rules of East Point (R9): may this player make this meld now, what it is
worth, and which cards it moves from the concealed to the exposed hand.

Pure functions over a position given as counts (``meldtables.Counts``): the player's concealed
hand, exposed hand, and the melds already scored this battle; optionally the cards he has played
to tricks this battle (and which of them won their trick), so that a meld needing one of those
is cited under R9G (R9D) rather than R9B1. Whose turn it is (R8D, R9E, R11D) is the replay
engine's business, not this module's.

The checks, in the order that decides the rule a verdict cites:

- R9A: the kind must be in the ruleset's table (the V1 beginner's game has none: V1C, its
  ``ids.table``).
- R9F: a combination scored this battle cannot be scored again; single and double are
  different combinations (``♣2`` then ``♣♣2`` is legal, M5, M6).
- R9B1: the cards it needs, with multiplicity, must be in the hand, concealed plus exposed.
  R9G instead when every copy the hand lacks is one the player played to a trick this battle
  (``played``): a card played to a trick is unavailable for any future meld; the message cites
  R9D too when such a card won its trick. A card he never had stays R9B1.
- R9C: at least one of them must come from the concealed hand.

Which copies move (R9B1 ruling): exposed copies are used first and only what the exposed hand
lacks moves from the concealed hand. If that moves nothing (every needed card is already
exposed) but a needed card also has a concealed copy, exactly one concealed copy moves: the
first such card in the meld's table order (R9A's contents column). A record can instead name the
cards it takes (``from_concealed``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from functools import partial

from pinochle.notation.cards import Card, Suit, format_cards
from pinochle.notation.errors import IllegalError
from pinochle.notation.melds import MeldKind

from pinochle.adjudicator.rules.copies import CopyLedger
from pinochle.adjudicator.rules.meldtables import (BY_INDEX, FACES, Counts, MeldNeed, cards_of,
                                                   counts, meld_table)
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import Ruleset

__all__ = ["Counts", "MeldVerdict", "apply_meld", "counts", "judge_meld", "legal_melds"]


class MeldVerdict:
    """The answer to "may this player meld ``kind`` now?" (an immutable value).

    ``rule`` is the rule that decides (``R9A`` when legal or not in the table, ``R9F``,
    ``R9B1``, ``R9G``, ``R9C``); ``reason`` a sentence a player understands; ``points`` the
    ruleset's value (``None`` when the ruleset has no such meld); ``takes`` the cards that move
    from the concealed to the exposed hand if the meld is made (for an illegal meld: those that
    would move, so that a meld which stands uncontested, R11B, can still be applied).

    ``reason`` may be given as a function that writes the sentence: it is then written the first
    time it is asked for (a replay judges thousands of legal melds and reads none of their
    reasons).
    """

    __slots__ = ("kind", "legal", "rule", "points", "takes", "_reason")

    kind: MeldKind
    legal: bool
    rule: str
    points: int | None
    takes: tuple[Card, ...]
    _reason: str | Callable[[], str]

    def __init__(self, kind: MeldKind, legal: bool, rule: str, reason: str | Callable[[], str],
                 points: int | None, takes: tuple[Card, ...]) -> None:
        init = object.__setattr__
        init(self, "kind", kind)
        init(self, "legal", legal)
        init(self, "rule", rule)
        init(self, "_reason", reason)
        init(self, "points", points)
        init(self, "takes", takes)

    @property
    def reason(self) -> str:
        reason = self._reason
        if not isinstance(reason, str):
            reason = reason()
            object.__setattr__(self, "_reason", reason)
        return reason

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"MeldVerdict is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"MeldVerdict is immutable: cannot delete {name}")

    def _key(self) -> tuple[object, ...]:
        return (self.kind, self.legal, self.rule, self.reason, self.points, self.takes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MeldVerdict):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"MeldVerdict(kind={self.kind!r}, legal={self.legal!r}, rule={self.rule!r}, "
                f"reason={self.reason!r}, points={self.points!r}, takes={self.takes!r})")


def judge_meld(ruleset: Ruleset, concealed: Sequence[int], exposed: Sequence[int],
               scored: AbstractSet[MeldKind], kind: MeldKind,
               from_concealed: tuple[Card, ...] | None = None, *,
               played: Sequence[int] | None = None,
               won: Sequence[int] | None = None, trump: Suit | None = None,
               ledger: CopyLedger | None = None) -> MeldVerdict:
    """Judge one meld in a position. ``from_concealed``, when given, names exactly the cards
    the meld takes from the concealed hand; every other card it needs must be exposed.
    ``played`` counts the cards the player has played to tricks this battle, ``won`` those of
    them that won their trick (R9G, R9D); without them a lacking card is R9B1. The counts may
    be any sequences indexed by ``Card.index`` (a replay passes its live lists): they are only
    read, and the verdict keeps none of them.

    ``trump`` chooses the battle's table; ``ledger``, the exposed copies' meld histories, is
    given for a ruleset whose reuse rule is per copy and class (OT9F, OT9G: ``bycopy``)."""
    ids = ruleset.ids
    need = meld_table(ruleset, trump).needs.get(kind)
    if need is None:
        return MeldVerdict(kind, False, ids.table, not_in_table_reason(ruleset, kind, trump),
                           None, ())
    if ledger is not None:
        return judge_by_copy(ruleset, need, concealed, exposed, from_concealed, played, won,
                             ledger)
    named: Counts = ()  # read only when from_concealed names the cards
    if from_concealed is None:
        takes, stand_in = _default_takes(need, concealed, exposed)
    else:
        named = counts(from_concealed)
        takes, stand_in = _clip(need, concealed, named), False
    if kind in scored:
        return _illegal(need, ids.reuse, already_scored_reason(kind, ids), takes)
    problem = missing_cards(need, concealed, exposed, played, won, ids)
    if problem is not None:
        return _illegal(need, problem[0], problem[1], takes)
    if from_concealed is None:
        if not takes:
            return _illegal(need, ids.concealed, _all_exposed(need, ids), takes)
        return _legal(need, concealed, exposed, scored, takes, stand_in, ids)
    problem = _check_named(need, concealed, exposed, from_concealed, named, ids)
    if problem is not None:
        return _illegal(need, problem[0], problem[1], takes)
    return _legal(need, concealed, exposed, scored, takes, False, ids)


def missing_cards(need: MeldNeed, concealed: Sequence[int], exposed: Sequence[int],
                  played: Sequence[int] | None, won: Sequence[int] | None,
                  ids: RuleIds) -> tuple[str, str] | None:
    """The cards the meld needs that the hand lacks: the played-card rule (R9G, OT9H) when every
    missing copy went to a trick, else the cards rule (R9B1, OT9B1); ``None`` if none lack."""
    missing = [(BY_INDEX[i], n - concealed[i] - exposed[i]) for i, n in need.pairs
               if concealed[i] + exposed[i] < n]
    if not missing:
        return None
    if played is not None and all(played[card.index] >= n for card, n in missing):
        return ids.played, _played(need, missing, won, ids)
    return ids.cards, _not_in_hand(need, missing, played is None, ids)


def legal_melds(ruleset: Ruleset, concealed: Counts, exposed: Counts,
                scored: frozenset[MeldKind], trump: Suit | None = None,
                ledger: CopyLedger | None = None) -> list[MeldVerdict]:
    """Every meld the player may make in this position, in table order (R9A)."""
    table = meld_table(ruleset, trump)
    if ledger is not None:
        judged = [judge_meld(ruleset, concealed, exposed, scored, kind, trump=trump,
                             ledger=ledger) for kind in table.needs]
        return [v for v in judged if v.legal]
    if not table.needs:
        return []
    levels = table.levels
    have = [0] * levels       # have[k]: faces with more than k copies in the hand
    concealed_mask = 0
    for index in range(FACES):
        c = concealed[index]
        n = c + exposed[index]
        if n:
            bit = 1 << index
            if c:
                concealed_mask |= bit
            have[0] |= bit
            for k in range(1, min(n, levels)):
                have[k] |= bit
    verdicts = []
    for kind, need in table.needs.items():
        if kind in scored or not need.any_mask & concealed_mask:
            continue
        for k, mask in enumerate(need.masks):
            if mask & ~have[k]:
                break
        else:
            takes, stand_in = _default_takes(need, concealed, exposed)
            verdicts.append(_legal(need, concealed, exposed, scored, takes, stand_in,
                                   ruleset.ids))
    return verdicts


def apply_meld(concealed: Counts, exposed: Counts, verdict: MeldVerdict) -> tuple[Counts, Counts]:
    """The concealed and exposed counts after the meld's ``takes`` move (R9B1).

    Legality is not checked here: a meld that breaks a rule but stands (R11B) is applied the same
    way. Raises ``IllegalError`` only if ``takes`` is not in the concealed hand."""
    moved = counts(verdict.takes)
    new_concealed = tuple(c - m for c, m in zip(concealed, moved))
    if min(new_concealed) < 0:
        lacking = [str(BY_INDEX[i]) for i, n in enumerate(new_concealed) if n < 0]
        raise IllegalError(f"{verdict.kind} takes {' '.join(lacking)}, not in the concealed hand")
    return new_concealed, tuple(e + m for e, m in zip(exposed, moved))


# --- which copies move ---------------------------------------------------------------------


def _default_takes(need: MeldNeed, concealed: Sequence[int],
                   exposed: Sequence[int]) -> tuple[tuple[Card, ...], bool]:
    """Exposed copies first; the concealed hand supplies what the exposed hand lacks. If that is
    nothing, one concealed copy stands in (the first in table order). The flag says so."""
    takes: list[Card] = []
    for index, n in need.pairs:
        lack = min(n - exposed[index], concealed[index])
        if lack > 0:
            takes += [BY_INDEX[index]] * lack
    if takes:
        return tuple(takes), False
    for index, _ in need.pairs:
        if concealed[index]:
            return (BY_INDEX[index],), True
    return (), False


def _clip(need: MeldNeed, concealed: Sequence[int], named: Counts) -> tuple[Card, ...]:
    """The named cards that can actually move: part of the meld and in the concealed hand."""
    takes: list[Card] = []
    for index, n in need.pairs:
        takes += [BY_INDEX[index]] * min(named[index], n, concealed[index])
    return tuple(takes)


def _check_named(need: MeldNeed, concealed: Sequence[int], exposed: Sequence[int],
                 from_concealed: tuple[Card, ...], named: Counts,
                 ids: RuleIds) -> tuple[str, str] | None:
    kind, cards = need.kind, ids.cards
    if not from_concealed:
        return ids.concealed, (f"{kind} names no card from the concealed hand; at least one card "
                               "of each meld must come from the concealed hand "
                               f"({_cite(ids.concealed, ids.ex_concealed, True)})")
    for card in dict.fromkeys(from_concealed):
        i, wanted = card.index, named[card.index]
        if not need.need[i]:
            return cards, (f"{card} is not part of {kind} ({_contents(need)}); only "
                           f"cards the meld needs move to the exposed hand ({cards})")
        if wanted > need.need[i]:
            return cards, (f"{kind} needs {_copies(need.need[i], card)}, not {wanted} ({cards})")
        if wanted > concealed[i]:
            have = "is not" if not concealed[i] else f"has only {_copies(concealed[i], card)}"
            where = "in the concealed hand" if not concealed[i] else "concealed"
            return cards, (f"{card} {have} {where}, so it cannot be taken from there "
                           f"for {kind} ({cards})")
    unexposed = [(BY_INDEX[i], n - named[i] - exposed[i]) for i, n in need.pairs
                 if n - named[i] > exposed[i]]
    if unexposed:
        text = ", ".join(_copies(n, card) for card, n in unexposed)
        return cards, (f"{kind} also needs {text}, which the exposed hand does not hold; a card "
                       f"taken from the concealed hand must be named with the others ({cards})")
    return None


def _cite(rule: str, examples: str, compare: bool = False) -> str:
    """``R9C; compare M3, M4.2`` where the rulebook has worked examples, else ``OT9C``."""
    if not examples:
        return rule
    return f"{rule}; {'compare ' if compare else ''}{examples}"


# --- verdicts and their sentences ----------------------------------------------------------


def _legal(need: MeldNeed, concealed: Sequence[int], exposed: Sequence[int],
           scored: AbstractSet[MeldKind], takes: tuple[Card, ...], stand_in: bool,
           ids: RuleIds, by_copy: bool = False) -> MeldVerdict:
    """A legal verdict; its reason is written only when asked for (it reads only immutable
    values, so it says the same whenever it is written)."""
    kind = need.kind
    after_single = not by_copy and kind.double and kind.single in scored
    return MeldVerdict(kind, True, ids.table, partial(_legal_reason, need, takes, stand_in,
                                                      after_single, ids), need.points, takes)


def _legal_reason(need: MeldNeed, takes: tuple[Card, ...], stand_in: bool,
                  after_single: bool, ids: RuleIds) -> str:
    kind, points = need.kind, need.points
    used = _minus(need.need, counts(takes))
    cite = _cite(ids.concealed, ids.ex_legal, True)
    legal = f"{kind} is legal for {points} ({ids.table})"     # the rule it is scored by decides
    if stand_in:
        card = takes[0]
        reason = (f"{legal}: every card it needs is already exposed, but the concealed {card} "
                  f"stands in for its exposed copy and moves to the exposed hand, so one card "
                  f"comes from the concealed hand ({cite})")
    elif any(used):
        reason = (f"{legal}: {format_cards(takes)} from the concealed hand with the exposed "
                  f"{format_cards(cards_of(used))}; one concealed card is enough ({cite})")
    else:
        reason = (f"{legal}: {format_cards(takes)} all come from the concealed hand "
                  f"({ids.cards})")
    if after_single:
        reason += (f". {kind} is a different combination from the {kind.single} already "
                   f"scored ({_cite(ids.reuse, ids.ex_double)})")
    return reason


def _illegal(need: MeldNeed, rule: str, reason: str, takes: tuple[Card, ...]) -> MeldVerdict:
    return MeldVerdict(need.kind, False, rule, reason, need.points, takes)


def not_in_table_reason(ruleset: Ruleset, kind: MeldKind, trump: Suit | None = None) -> str:
    rule = ruleset.ids.table
    if ruleset.trump_melds and trump is None:
        return (f"{kind} cannot be judged: the meld table depends on the trump suit, which the "
                f"record does not give ({rule})")
    if not ruleset.melds_for(trump):
        return f"{kind} cannot be melded: {no_melds_reason(ruleset)}"
    where = "" if trump is None else f" with {trump} as trumps"
    return f"{kind} is not a meld in this ruleset's table{where} ({rule})"


def no_melds_reason(ruleset: Ruleset) -> str:
    """Why nothing may be melded in a game without a meld table: the rule that says so (V1C,
    the beginner's version: ``ids.table``) decides, and is the one cited."""
    return f"this game has no melds at all ({ruleset.ids.table}, the beginner's version)"


def already_scored_reason(kind: MeldKind, ids: RuleIds) -> str:
    return (f"{kind} was already scored this battle; a combination scores only once per battle, "
            f"even with all new cards ({_cite(ids.reuse, ids.ex_repeat)})")


def _not_in_hand(need: MeldNeed, missing: list[tuple[Card, int]], hint: bool,
                 ids: RuleIds) -> str:
    lacking = ", ".join(_copies(n, card) for card, n in missing)
    text = f"{need.kind} needs {_contents(need)}; the hand (concealed and exposed) lacks {lacking}"
    if hint:        # the position does not say which cards were played
        return (text + ". Cards played to tricks can no longer be melded "
                f"({ids.cards}, {ids.won}, {ids.played})")
    return text + f" ({ids.cards})"


def _played(need: MeldNeed, missing: list[tuple[Card, int]],
            won: Sequence[int] | None, ids: RuleIds) -> str:
    lacking = ", ".join(_copies(n, card) for card, n in missing)
    text = (f"{need.kind} needs {_contents(need)}; {lacking} went to a trick this battle and the "
            "hand holds no other copy: a card played to a trick is unavailable for any future "
            f"meld ({ids.played})")
    winners = [card for card, _ in missing if won is not None and won[card.index]]
    if winners:
        tricks = "its trick" if len(winners) == 1 else "their tricks"
        text += (f"; {format_cards(winners)} won {tricks}, and once a card wins a trick it "
                 f"cannot be melded ({ids.won})")
    return text


def _all_exposed(need: MeldNeed, ids: RuleIds) -> str:
    return (f"every card {need.kind} needs ({_contents(need)}) is already exposed and "
            "none has a concealed copy; at least one card of each meld must come from the "
            f"concealed hand ({_cite(ids.concealed, ids.ex_concealed)})")


def _contents(need: MeldNeed) -> str:
    """R9A's contents column: ``A♥ T♥``, or ``two each of A♥ T♥`` for a double meld."""
    if all(n == 2 for _, n in need.pairs):
        return f"two each of {format_cards(need.order)}"
    return format_cards(need.cards)


def _copies(n: int, card: Card) -> str:
    return str(card) if n == 1 else f"{n}×{card}"


def _minus(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b))


# --- reuse per copy and class (OT9F, OT9G) --------------------------------------------------

CLASS_NAMES = ("A", "B", "C")


def judge_by_copy(ruleset: Ruleset, need: MeldNeed, concealed: Sequence[int],
                  exposed: Sequence[int], from_concealed: tuple[Card, ...] | None,
                  played: Sequence[int] | None, won: Sequence[int] | None,
                  ledger: CopyLedger) -> MeldVerdict:
    """A meld under the per-copy reuse rule, in the old-time order of checks: the cards (OT9B1,
    OT9H), the reuse of exposed copies (OT9G: only into a meld of the same class worth more than
    each earlier one; other classes are free, OT9F), a card from the concealed hand (OT9C).
    Eligible exposed copies are used first; the rest come from the concealed hand."""
    ids = ruleset.ids
    problem = missing_cards(need, concealed, exposed, played, won, ids)
    if problem is not None:
        return _illegal(need, problem[0], problem[1], ())
    fresh_only = need.kind.double and not ruleset.double_after_single
    value, klass = need.reuse_value, need.klass
    if from_concealed is not None:
        named = counts(from_concealed)
        problem = _check_named(need, concealed, exposed, from_concealed, named, ids)
        takes = _clip(need, concealed, named)
        if problem is not None:
            return _illegal(need, problem[0], problem[1], takes)
        wanted = [min(named[face], n) for face, n in need.pairs]
        if not _reusable(ledger, need, wanted, klass, value, fresh_only):
            return _illegal(need, *_reuse_problem(ruleset, ledger, need, concealed, fresh_only,
                                                  played), takes)
        return _legal(need, concealed, exposed, frozenset(), takes, False, ids, by_copy=True)
    per_face = ledger.takes(need.pairs, concealed, klass, value, fresh_only, need.once,
                            need.also)
    if per_face is None:
        return _illegal(need, *_reuse_problem(ruleset, ledger, need, concealed, fresh_only,
                                              played), ())
    takes = tuple(BY_INDEX[face] for (face, _), k in zip(need.pairs, per_face)
                  for _ in range(k))
    if takes:
        return _legal(need, concealed, exposed, frozenset(), takes, False, ids, by_copy=True)
    for face, _ in need.pairs:                  # every card reused: one concealed copy stands in
        if concealed[face]:
            return _legal(need, concealed, exposed, frozenset(), (BY_INDEX[face],), True, ids,
                          by_copy=True)
    return _illegal(need, ids.concealed, _all_exposed(need, ids), ())


def _reusable(ledger: CopyLedger, need: MeldNeed, takes: Sequence[int], klass: int, value: int,
              fresh_only: bool) -> bool:
    """Some alternative has enough eligible exposed copies for what ``takes`` leaves out."""
    return any(all(n - k <= len(ledger.eligible(alt, face, klass, value, fresh_only, need.once,
                                                need.also))
                   for (face, n), k in zip(need.pairs, takes))
               for alt in ledger.alternatives)


def _reuse_problem(ruleset: Ruleset, ledger: CopyLedger, need: MeldNeed,
                   concealed: Sequence[int], fresh_only: bool,
                   played: Sequence[int] | None) -> tuple[str, str]:
    """The rule and the sentence for a meld whose reuse of exposed copies is illegal."""
    if ruleset.reuse == "type":
        return _type_reuse_problem(ruleset, ledger, need, concealed, played)
    return _reuse_reason(ledger, need, concealed, fresh_only, ruleset.ids)


def _blocking(ledger: CopyLedger, need: MeldNeed, concealed: Sequence[int],
              fresh_only: bool) -> tuple[int, int] | None:
    """The first face the meld lacks eligible copies of, and the least value a copy of it
    that blocks has (its earlier meld's)."""
    klass, value = need.klass, need.reuse_value
    for face, n in need.pairs:
        best = max(len(ledger.eligible(alt, face, klass, value, fresh_only))
                   for alt in ledger.alternatives)
        if n > concealed[face] + best:
            earlier = min((h[klass] for alt in ledger.alternatives for h in alt.get(face, ())
                           if h[klass] >= value or (fresh_only and h[klass])), default=0)
            return face, earlier
    return None


def _type_reuse_problem(ruleset: Ruleset, ledger: CopyLedger, need: MeldNeed,
                        concealed: Sequence[int],
                        played: Sequence[int] | None) -> tuple[str, str]:
    """Reuse by type (25-steps TP19): a card of an earlier meld goes only into a meld of a
    different, higher-ranked type. The rule cited names the case (``Ruleset.reuse_cites``); a
    meld of the same type whose earlier meld lost a card to a trick is the "replaced" card
    (TP19b1)."""
    ids, names, kind, rank = ruleset.ids, ruleset.type_names, need.kind, need.reuse_value
    found = _blocking(ledger, need, concealed, False)
    if found is None:
        return ids.reuse, (f"{kind} reuses exposed cards that are no longer eligible "
                           f"({ids.reuse})")
    face, earlier = found
    rule = ruleset.reuse_cites.get((earlier, rank), ids.reuse)
    order = " > ".join(names[r] for r in range(4, 0, -1) if r < len(names))
    replaced = ""
    if (earlier == rank and ids.replaced and played is not None
            and any(played[f] for f, _ in need.pairs)):
        rule = ids.replaced
        replaced = (": a card of the earlier meld went to a trick, and a new card cannot "
                    "replace it to score that meld again")
    def name(rank: int) -> str:
        return names[rank] if rank < len(names) else f"meld of rank {rank}"
    return rule, (f"{kind} (a {name(rank)}) would reuse the exposed {BY_INDEX[face]}, "
                  f"already in a {name(earlier)}{replaced}; a melded card may be used again "
                  f"only in a meld of a different, higher-ranked type ({order}), with a card "
                  f"from the hand ({rule})")


def _reuse_reason(ledger: CopyLedger, need: MeldNeed, concealed: Sequence[int],
                  fresh_only: bool, ids: RuleIds) -> tuple[str, str]:
    kind, klass, value = need.kind, need.klass, need.points
    name = CLASS_NAMES[klass] if klass < len(CLASS_NAMES) else str(klass)
    for face, n in need.pairs:
        best = max(len(ledger.eligible(alt, face, klass, value, fresh_only, need.once,
                                       need.also))
                   for alt in ledger.alternatives)
        if n > concealed[face] + best:
            card = BY_INDEX[face]
            once = need.once
            if once is not None and any(h[once] for alt in ledger.alternatives
                                        for h in alt.get(face, ())):
                rule = ids.once or ids.reuse
                return rule, (f"{kind} would reuse the exposed {card}, already in a marriage: a "
                              f"card used in one marriage meld cannot be used in another "
                              f"marriage meld ({rule})")
            earlier = min((h[klass] for alt in ledger.alternatives for h in alt.get(face, ())
                           if h[klass]), default=0)
            if fresh_only:
                return ids.reuse, (
                    f"{kind} would reuse the exposed {card}, already in a class-{name} meld; "
                    f"a double is melded with fresh cards at this table "
                    f"(DoubleAfterSingle \"forbidden\") ({ids.reuse})")
            return ids.reuse, (
                f"{kind} ({value}) would reuse the exposed {card}, already in a class-{name} "
                f"meld worth {earlier}: a card goes into a later meld of the same class only "
                f"if that meld is worth more ({ids.reuse})")
    return ids.reuse, f"{kind} reuses exposed cards that are no longer eligible ({ids.reuse})"
