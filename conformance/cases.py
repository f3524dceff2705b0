"""The rulebook's worked examples, each encoded once, as data: the conformance cases.

Every case names its source (the section and row of ``east-point.txt`` it comes from, with the
row's text) and the rule ids it illustrates. The expected answers here are the rulebook's, typed
in from the text (and from ``../shared/rules/README.md`` where the copy lost a value); nothing in
this module asks the engine, so the engine can be checked against it.

Kinds of case:

- ``TrickCase``: one row of "Examples of Tricks" (rows 6 and 7, "Anything", are expanded to every
  card of the pack that can face D♣ or N♦, copies counted).
- ``MeldCase``: one of M1-M7, an R9A table entry, or a V2 schedule entry, as a short script of
  tricks the melder wins (what he plays, draws and melds) that ``build`` turns into a battle.
- ``GameCase``: a numeric fact about whole battles (C4's 720 and 360, V3's 696), with the table
  facts that go with it.
- ``TableCase``: a numeric fact with no battle (V4's quartet column: no V4 ruleset exists).
- ``PlayCase``: a battle played out, and what the table looks like after given tricks (the
  draws, the stock, the hands, the phase, the points so far): old-time Pinochle's statements
  about its deal and its two phases.

Old-time Pinochle's cases (``oldtime_cases``) use the same kinds, with the ruleset's tags and the
battle's trump suit; ``corpus.ALL_CASES`` is both rulebooks' cases.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Seat, Suit, parse_cards
from pinochle.notation.melds import MeldKind

from .fixture import SuitText

Role = Literal["leader", "follower"]
E, W = Seat.EAST, Seat.WEST


@dataclass(frozen=True)
class Source:
    """Where a case comes from: the rulebook section, the row within it, and the row's text
    (old-time: the rule id, the line ``Lnn`` of its text, and the line's text)."""

    section: str
    row: str
    text: str


@dataclass(frozen=True)
class TableFact:
    """A table the ruleset selected by ``tags`` must hold: ``table`` is ``card_points`` (keys are
    cards), ``meld_points`` (keys are meld kinds), ``pack_points`` (key ``total``) or ``pack``
    (keys are cards, values their copies in the pack)."""

    table: Literal["card_points", "meld_points", "pack_points", "pack"]
    values: Mapping[str, int]
    tags: Mapping[str, str] = field(default_factory=dict)
    trump: SuitText | None = None       # the trump of a meld table that depends on it


# --- Examples of Tricks -----------------------------------------------------------------------


@dataclass(frozen=True)
class TrickCase:
    """The first trick of a battle is ``lead`` (nondealer, ``leader``) against ``follow``."""

    id: str
    source: Source
    rules: tuple[str, ...]
    lead: Card
    follow: Card
    winner: Role
    rule: str
    leader: Seat
    description: str
    tags: Mapping[str, str] = field(default_factory=dict)
    trump: Suit | None = None           # old-time: the turned-up card's suit


#: R2A4: one deuce and one nine per suit, two each of A K Q J T: the pack, copies counted.
SINGLE_RANKS = (Rank.DEUCE, Rank.NINE)
PACK: tuple[Card, ...] = tuple(
    card for card in ALL_CARDS for _ in range(1 if card.rank in SINGLE_RANKS else 2))

TRICKS = "Examples of Tricks"
ANYTHING = None

#: The table as printed: leader's card, follower's card, winner, rule(s).
TRICK_ROWS: tuple[tuple[str | None, str | None, Role, tuple[str, ...]], ...] = (
    ("T♠", "N♠", "leader", ("R8C1",)),
    ("T♠", "T♣", "follower", ("R8C2",)),
    ("T♠", "T♦", "leader", ("R8C2",)),
    ("Q♠", "A♣", "leader", ("R8C4",)),
    ("A♣", "Q♠", "leader", ("R8C4",)),
    ("D♣", ANYTHING, "leader", ("R8C1", "R8C2", "R8C4")),
    (ANYTHING, "N♦", "leader", ("R8C1", "R8C2", "R8C4")),
)


def _row_text(lead: str | None, follow: str | None, winner: Role, rules: tuple[str, ...]) -> str:
    rule = rules[0] if len(rules) == 1 else "R8C" + ",".join(r[-1] for r in rules)
    return f"{lead or 'Anything'} | {follow or 'Anything'} | {winner.capitalize()} | {rule}"


def which_of(rules: tuple[str, ...], lead: Card, follow: Card) -> str:
    """For the rows that cite "R8C1,2,4": the one whose condition the two cards meet (equal suit:
    R8C1; equal rank: R8C2; neither: R8C4). D♣ and N♦ are single cards, so R8C3 never arises."""
    if lead.suit is follow.suit:
        rule = "R8C1"
    elif lead.rank is follow.rank:
        rule = "R8C2"
    else:
        rule = "R8C4"
    assert rule in rules, (lead, follow, rules)
    return rule


def _trick_cases() -> list[TrickCase]:
    cases: list[TrickCase] = []
    for number, (lead, follow, winner, rules) in enumerate(TRICK_ROWS, start=1):
        source = Source(TRICKS, str(number), _row_text(lead, follow, winner, rules))
        if lead is not None and follow is not None:
            leader = E if number % 2 else W
            cases.append(TrickCase(
                f"tricks.{number}", source, rules, Card.parse(lead), Card.parse(follow),
                winner, rules[0], leader,
                f"{lead} led, {follow} followed: the {winner} wins ({rules[0]})."))
            continue
        fixed = Card.parse(lead or follow)  # type: ignore[arg-type]  # a row names one card
        others = list(PACK)
        others.remove(fixed)
        for card in dict.fromkeys(others):
            copies = others.count(card)
            for copy in range(1, copies + 1):
                pair = (fixed, card) if lead is not None else (card, fixed)
                rule = which_of(rules, *pair)
                suffix = f"#{copy}" if copies > 1 else ""
                # The two copies of a card are met from both seats: East leads against copy 1,
                # West against copy 2 (and against the single cards, East leads).
                leader = W if copy == 2 else E
                cases.append(TrickCase(
                    f"tricks.{number}.{card}{suffix}", source, rules, pair[0], pair[1], winner,
                    rule, leader,
                    f"{pair[0]} led, {pair[1]} followed: the {winner} wins ({rule})."))
    return cases


# --- Examples of Melds, R9A, V2 -----------------------------------------------------------------


@dataclass(frozen=True)
class Attempt:
    """A meld made (or tried) after a trick, and what the rulebook says of it.

    ``concealed`` is the cards taken from the concealed hand as the record names them (``None``:
    not named, exposed copies are used first). ``legal`` and ``rule`` are the verdict of the
    cards alone: ``R9A`` when legal, else the first rule broken (R9F, R9B1 or R9G, R9C). ``seat``
    ``None`` is the trick winner; ``turn`` is the rule that forbids this seat to meld at all now
    (R8D: the trick loser, M7), ``None`` when it is his turn. A meld that breaks a rule is
    objected to at once (R11B), so it scores nothing and ``finding`` is the rule the replay
    reports. (Old-time Pinochle has no objections: an illegal meld scores nothing and is
    reported at once.) ``points`` is the kind's value in the table (``None``: no such meld);
    ``claim`` the points the record claims when they differ.
    """

    kind: MeldKind
    concealed: tuple[Card, ...] | None
    legal: bool
    rule: str
    points: int | None
    seat: Seat | None = None
    turn: str | None = None
    claim: int | None = None        # the points the record claims, when not ``points``

    @property
    def claimed(self) -> int:
        """The points the record's meld line claims: ``claim``, else the table's value."""
        claimed = self.points if self.claim is None else self.claim
        assert claimed is not None, "a meld outside the table needs a claim"
        return claimed

    @property
    def finding(self) -> str | None:
        if self.turn is not None:
            return self.turn
        return None if self.legal else self.rule


@dataclass(frozen=True)
class Step:
    """One trick of a case's script. ``winner`` ``None`` is the melder. ``play``: the card the
    melder plays to it (else a filler card). ``draw``: the card the melder draws after it (else a
    filler card, so that he never holds more of the example's cards than it says)."""

    meld: Attempt | None = None
    winner: Seat | None = None
    play: Card | None = None
    draw: Card | None = None
    also: tuple[Attempt, ...] = ()      # further melds in the same turn (old-time OT9E)


@dataclass(frozen=True)
class MeldCase:
    """A melding example: the melder is dealt ``hold`` (plus filler cards), the opponent is dealt
    ``opponent_holds``, and the battle opens with ``steps``, one trick each; the rest of the
    battle is played out without melds, so the melder's battle meld total is ``total``.

    ``never`` (M7.2): a meld kind that must be illegal at every trick the melder wins.

    Old-time: ``trump`` is the turned-up card's suit (the staging turns up a card of it);
    ``hand`` the cards the melder holds at each meld turn (OT9D: eleven), asked with each
    meld; ``turns`` the tricks after which the draws, the stock and the hands are asked
    (``TurnCheck``)."""

    id: str
    source: Source
    rules: tuple[str, ...]
    description: str
    hold: tuple[Card, ...]
    steps: tuple[Step, ...]
    total: int
    melder: Seat = E
    opponent_holds: tuple[Card, ...] = ()
    tags: Mapping[str, str] = field(default_factory=dict)
    never: MeldKind | None = None
    tables: tuple[TableFact, ...] = ()
    trump: Suit | None = None
    hand: int | None = None
    turns: tuple[int, ...] = ()

    @property
    def dealer(self) -> Seat:
        """The melder leads the first trick unless the first step's winner is the other seat."""
        first = self.steps[0].winner or self.melder
        return first.other


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def kind(text: str) -> MeldKind:
    return MeldKind.parse(text)


def legal(text: str, points: int, named: str | None = "") -> Attempt:
    """A legal meld ``text`` taking ``named`` from the concealed hand (``None``: not named)."""
    return Attempt(kind(text), None if named is None else cards(named), True, "R9A", points)


def illegal(text: str, points: int, rule: str, named: str | None = None) -> Attempt:
    return Attempt(kind(text), None if named is None else cards(named), False, rule, points)


def meld(attempt: Attempt, **kw: Any) -> Step:
    return Step(meld=attempt, **kw)


def card(text: str) -> Card:
    return Card.parse(text)


MELDS = "Examples of Melds"

M1 = ("Player earlier melded a ♣2 (A♣-T♣) for 81 points, and these cards are still in his "
      "exposed hand. He wins a trick and gains another melding opportunity: ")
M1_2 = M1 + ("He holds the other A♣ and T♣, either or both concealed. Player may combine "
             "A♣-A♣-T♣-T♣ and score 162.")
M2 = ("Player earlier melded a ♣2, and then played the A♣ to a trick. The T♣ is still exposed, "
      "and player has now earned a melding opportunity by winning another trick: ")
M4 = "Player melds A4 in one turn and T4 in another: "
M7 = ("East wins a trick but then West erroneously transfers A♥-T♥ to West's exposed hand. East "
      "promptly objects, because it is not West's turn to meld. ")

CLUB_DUO = meld(legal("♣2", 81, "A♣ T♣"))
OUT_OF_TURN_HEART_DUO = Step(winner=E, meld=Attempt(
    kind("♥2"), cards("A♥ T♥"), True, "R9A", 61, seat=W, turn="R8D"))


def _meld_examples() -> list[MeldCase]:
    def src(row: str, text: str) -> Source:
        return Source(MELDS, row, text)

    return [
        MeldCase(
            "M1.1", src("M1.1", M1 + "He holds the other A♣ in his concealed hand. Player cannot "
                        "combine the concealed A♣ with the exposed T♣ because the he has already "
                        "melded a ♣2."),
            ("R9F",), "After ♣2 (A♣ T♣), the other A♣ concealed with the exposed T♣: R9F.",
            cards("A♣ T♣ A♣"), (CLUB_DUO, meld(illegal("♣2", 81, "R9F", "A♣"))), 81),
        MeldCase(
            "M1.2", src("M1.2", M1_2),
            ("R9F", "R9C"), "After ♣2, the other A♣ and T♣ both concealed: ♣♣2 for 162.",
            cards("A♣ T♣ A♣ T♣"), (CLUB_DUO, meld(legal("♣♣2", 162, "A♣ T♣"))), 81 + 162),
        MeldCase(
            "M1.2.either-A♣", src("M1.2", M1_2),
            ("R9F", "R9C"), "After ♣2 and T4, only the other A♣ concealed: ♣♣2 for 162.",
            cards("A♣ T♣ A♣ T♣ T♠ T♥ T♦"),
            (CLUB_DUO, meld(legal("T4", 131, "T♣ T♠ T♥ T♦")), meld(legal("♣♣2", 162, "A♣"))),
            81 + 131 + 162),
        MeldCase(
            "M1.2.either-T♣", src("M1.2", M1_2),
            ("R9F", "R9C"), "After ♣2 and A4, only the other T♣ concealed: ♣♣2 for 162.",
            cards("A♣ T♣ A♣ T♣ A♠ A♥ A♦"),
            (CLUB_DUO, meld(legal("A4", 171, "A♣ A♠ A♥ A♦")), meld(legal("♣♣2", 162, "T♣"))),
            81 + 171 + 162),
        MeldCase(
            "M1.3", src("M1.3", M1 + "He holds the other A♣ and T♣, but both are exposed from "
                        "quartet melds. Player may not combine A♣-A♣-T♣-T♣ for 162 points, "
                        "because all four cards needed for the meld are already exposed."),
            ("R9C",), "After ♣2, A4 and T4, ♣♣2 from exposed cards only: R9C.",
            cards("A♣ T♣ A♣ T♣ A♠ A♥ A♦ T♠ T♥ T♦"),
            (CLUB_DUO, meld(legal("A4", 171, "A♣ A♠ A♥ A♦")),
             meld(legal("T4", 131, "T♣ T♠ T♥ T♦")), meld(illegal("♣♣2", 162, "R9C"))),
            81 + 171 + 131),
        MeldCase(
            "M2.1", src("M2.1", M2 + "He holds the other A♣ in his concealed hand. Even though "
                        "the original A♣ is gone, he cannot combine this concealed A♣ with the "
                        "exposed T♣ because he already melded a ♣2."),
            ("R9F",), "After ♣2 and playing its A♣, the other A♣ with the exposed T♣: R9F.",
            cards("A♣ T♣"),
            (CLUB_DUO, Step(play=card("A♣"), draw=card("A♣")),
             meld(illegal("♣2", 81, "R9F", "A♣"))), 81),
        MeldCase(
            "M2.2", src("M2.2", M2 + "He holds the other A♣ and T♣ concealed. He may not meld "
                        "them, even though they are independent of the first A♣-T♣ meld; he can "
                        "meld a ♣2 only once per battle."),
            ("R9F",), "After ♣2 and playing its A♣, the other A♣ and T♣ both concealed: R9F.",
            cards("A♣ T♣"),
            (CLUB_DUO, Step(play=card("A♣"), draw=card("A♣")), Step(draw=card("T♣")),
             meld(illegal("♣2", 81, "R9F", "A♣ T♣"))), 81),
        MeldCase(
            "M2.3", src("M2.3", M2 + "He holds the other A♣ concealed while the other T♣ is "
                        "exposed from a T4. He still may not combine the A♣ with the T♣ from "
                        "the quartet."),
            ("R9F",), "After ♣2, T4 and playing the A♣, the other A♣ with the T4's T♣: R9F.",
            cards("A♣ T♣ T♣ T♠ T♥ T♦"),
            (CLUB_DUO, meld(legal("T4", 131, "T♣ T♠ T♥ T♦")),
             Step(play=card("A♣"), draw=card("A♣")), meld(illegal("♣2", 81, "R9F", "A♣"))),
            81 + 131),
        MeldCase(
            "M3", src("M3", "It is legal to meld all five cards at once for 191, but it is "
                      "usually better to first meld K♥-Q♥-J♥ scoring 101, and in a later melding "
                      "opportunity add A♥-T♥ completing the quintet for 191 additional points. "
                      "If player obtains the other A♥ before this T♥ goes to a trick, he can "
                      "pick up 61 further points."),
            ("R9C", "R9F"), "♥3 101, then ♥5 adding A♥ T♥ for 191, then the other A♥ with the "
            "exposed T♥: ♥2 for 61 (353 in all).",
            cards("A♥ K♥ Q♥ J♥ T♥"),
            (meld(legal("♥3", 101, "K♥ Q♥ J♥")), meld(legal("♥5", 191, "A♥ T♥"), draw=card("A♥")),
             meld(legal("♥2", 61, "A♥"))), 101 + 191 + 61),
        MeldCase(
            "M3.T♥-gone", src("M3", "If player obtains the other A♥ before this T♥ goes to a "
                              "trick, he can pick up 61 further points."),
            ("R9G", "R9D"), "♥3 101, ♥5 191, then the T♥ goes to a trick and the other A♥ "
            "comes after it: ♥2 from the A♥s is R9G (the T♥ won its trick, R9D).",
            cards("A♥ K♥ Q♥ J♥ T♥"),
            (meld(legal("♥3", 101, "K♥ Q♥ J♥")), meld(legal("♥5", 191, "A♥ T♥")),
             Step(play=card("T♥"), draw=card("A♥")), meld(illegal("♥2", 61, "R9G", "A♥"))),
            101 + 191),
        MeldCase(
            "M3.at-once", src("M3", "Player holds A♥-K♥-Q♥-J♥-T♥ concealed. It is legal to meld "
                              "all five cards at once for 191."),
            ("R9B1",), "The five hearts concealed, melded at once: ♥5 for 191.",
            cards("A♥ K♥ Q♥ J♥ T♥"), (meld(legal("♥5", 191, "A♥ K♥ Q♥ J♥ T♥")),), 191),
        MeldCase(
            "M4.1", src("M4.1", M4 + "He cannot, in some subsequent melding opportunity, combine "
                        "the exposed A♠ with the exposed T♠ for 71 points, because every meld "
                        "must contain at least one card from the concealed hand."),
            ("R9C",), "After A4 and T4, ♠2 from the exposed A♠ and T♠ only: R9C.",
            cards("A♣ A♠ A♥ A♦ T♣ T♠ T♥ T♦"),
            (meld(legal("A4", 171, "A♣ A♠ A♥ A♦")), meld(legal("T4", 131, "T♣ T♠ T♥ T♦")),
             meld(illegal("♠2", 71, "R9C"))), 171 + 131),
        MeldCase(
            "M4.2", src("M4.2", M4 + "Still, if he obtains the other A♠ and keeps it concealed "
                        "until he is ready to meld it, he can combine it with the exposed T♠ for "
                        "71 points."),
            ("R9C",), "After A4 and T4, the other A♠ concealed with the exposed T♠: ♠2 for 71.",
            cards("A♣ A♠ A♥ A♦ T♣ T♠ T♥ T♦"),
            (meld(legal("A4", 171, "A♣ A♠ A♥ A♦")),
             meld(legal("T4", 131, "T♣ T♠ T♥ T♦"), draw=card("A♠")), meld(legal("♠2", 71, "A♠"))),
            171 + 131 + 71),
        MeldCase(
            "M4.3", src("M4.3", M4 + "In a later turn, if he manages to possess the other T♠ "
                        "concealed, he can combine A♠-A♠-T♠-T♠ and receive 142 points."),
            ("R9C", "R9F"), "After A4, T4 and ♠2, the other T♠ concealed: ♠♠2 for 142.",
            cards("A♣ A♠ A♥ A♦ T♣ T♠ T♥ T♦"),
            (meld(legal("A4", 171, "A♣ A♠ A♥ A♦")),
             meld(legal("T4", 131, "T♣ T♠ T♥ T♦"), draw=card("A♠")),
             meld(legal("♠2", 71, "A♠"), draw=card("T♠")), meld(legal("♠♠2", 142, "T♠"))),
            171 + 131 + 71 + 142),
        MeldCase(
            "M5", src("M5", "Late in a battle, a player has a melding opportunity but fears he "
                      "may not get another. Holding eight jacks concealed, he melds all at once "
                      "as a double quartet worth 282 points. This is legal because a double meld "
                      "is considered one meld."),
            ("R9E",), "Eight jacks kept concealed to the twelfth trick, melded at once: JJ4 282.",
            cards("J♣ J♠ J♥ J♦ J♣ J♠ J♥ J♦"),
            (*[Step()] * 11, meld(legal("JJ4", 282, "J♣ J♠ J♥ J♦ J♣ J♠ J♥ J♦"))), 282),
        MeldCase(
            "M5.early", src("M5", "Early in the battle he probably would have first melded a "
                            "single quartet for 141 and subsequently added the other quartet for "
                            "282 additional points, totaling 423 points."),
            ("R9F", "R9E"), "J4 for 141, then JJ4 adding the other four jacks for 282: 423.",
            cards("J♣ J♠ J♥ J♦ J♣ J♠ J♥ J♦"),
            (meld(legal("J4", 141, "J♣ J♠ J♥ J♦")), meld(legal("JJ4", 282, "J♣ J♠ J♥ J♦"))),
            141 + 282),
        MeldCase(
            "M6", src("M6", "A card can, in lucky circumstances, participate in as many as six "
                      "melds. Meld K♦-Q♦-J♦ ♦3 91; add A♦-T♦ ♦5 181; add the other K♦-Q♦-J♦ "
                      "♦♦3 182; add the other A♦-T♦ ♦♦5 362; add K♣-K♠-K♥ K4 161; add the other "
                      "K♣-K♠-K♥ KK4 322; total 1299."),
            ("R9B1", "R9C", "R9F"), "The K♦ in six melds: 91 + 181 + 182 + 362 + 161 + 322 = 1299.",
            cards("K♦ Q♦ J♦ A♦ T♦ K♦ Q♦ J♦ A♦ T♦"),
            (meld(legal("♦3", 91, "K♦ Q♦ J♦")), meld(legal("♦5", 181, "A♦ T♦")),
             meld(legal("♦♦3", 182, "K♦ Q♦ J♦")),
             meld(legal("♦♦5", 362, "A♦ T♦"), draw=card("K♣")),
             Step(play=card("A♦"), draw=card("K♠")), Step(play=card("A♦"), draw=card("K♥")),
             meld(legal("K4", 161, "K♣ K♠ K♥"), play=card("T♦"), draw=card("K♣")),
             Step(play=card("T♦"), draw=card("K♠")), Step(play=card("Q♦"), draw=card("K♥")),
             meld(legal("KK4", 322, "K♣ K♠ K♥"), play=card("Q♦"))),
            1299),
        MeldCase(
            "M7", src("M7", M7 + "Using these two particular cards together, West cannot score "
                      "now or later for a ♥2 because they are both already exposed, albeit "
                      "incorrectly."),
            ("R8D", "R11B", "R9C"), "West's out-of-turn ♥2 is void (R8D) but its cards stay "
            "exposed; later ♥2 from them alone: R9C.",
            cards("A♥ T♥"), (OUT_OF_TURN_HEART_DUO, meld(illegal("♥2", 61, "R9C"))), 0,
            melder=W),
        MeldCase(
            "M7.1", src("M7.1", M7 + "If West at some subsequent melding opportunity holds A♥ "
                        "concealed, he can meld the A♥ concealed with the T♥ exposed for 61 "
                        "points. If West later finds himself with the T♥ concealed, he may "
                        "combine A♥-A♥-T♥-T♥ making a ♥♥2."),
            ("R9C", "R9F"), "After the void exposure, the other A♥ concealed: ♥2 61; then the "
            "other T♥ concealed: ♥♥2 122.",
            cards("A♥ T♥"),
            (Step(winner=E, meld=OUT_OF_TURN_HEART_DUO.meld, draw=card("A♥")),
             meld(legal("♥2", 61, "A♥"), draw=card("T♥")), meld(legal("♥♥2", 122, "T♥"))),
            61 + 122, melder=W),
        MeldCase(
            "M7.2", src("M7.2", M7 + "If West never gets either the A♥ or the T♥ concealed, he "
                        "will never be able to score for the ♥2."),
            ("R9C", "R9G"), "The other A♥ and T♥ are East's: at every trick West wins, ♥2 is "
            "illegal.",
            cards("A♥ T♥"), (OUT_OF_TURN_HEART_DUO, Step(), Step()), 0, melder=W,
            opponent_holds=cards("A♥ T♥"), never=kind("♥2")),
        MeldCase(
            "M7.3", src("M7.3", M7 + "In any case, the A♥ and T♥ are eligible for the A4, T4 and "
                        "♥5 melds."),
            ("R9C",), "The wrongly exposed A♥ and T♥ serve in A4 171, T4 131 and ♥5 191.",
            cards("A♥ T♥ A♣ A♠ A♦ T♣ T♠ T♦ K♥ Q♥ J♥"),
            (OUT_OF_TURN_HEART_DUO, meld(legal("A4", 171, "A♣ A♠ A♦")),
             meld(legal("T4", 131, "T♣ T♠ T♦")), meld(legal("♥5", 191, "K♥ Q♥ J♥"))),
            171 + 131 + 191, melder=W),
    ]


#: R9A, as printed: each kind's single and double value.
R9A_TABLE: tuple[tuple[str, str, int, int], ...] = (
    ("club quintet", "♣5", 211, 422), ("spade quintet", "♠5", 201, 402),
    ("heart quintet", "♥5", 191, 382), ("diamond quintet", "♦5", 181, 362),
    ("ace quartet", "A4", 171, 342), ("king quartet", "K4", 161, 322),
    ("queen quartet", "Q4", 151, 302), ("jack quartet", "J4", 141, 282),
    ("ten quartet", "T4", 131, 262),
    ("club trio", "♣3", 121, 242), ("spade trio", "♠3", 111, 222),
    ("heart trio", "♥3", 101, 202), ("diamond trio", "♦3", 91, 182),
    ("club duo", "♣2", 81, 162), ("spade duo", "♠2", 71, 142),
    ("heart duo", "♥2", 61, 122), ("diamond duo", "♦2", 51, 102),
)

#: V2, as printed: for each surviving row, (single, double) under lower, original, higher.
V2_TABLE: tuple[tuple[str, Mapping[str, tuple[int, int]]], ...] = (
    ("♣5", {"lower": (201, 402), "original": (211, 422), "higher": (221, 442)}),
    ("A4", {"lower": (161, 322), "original": (171, 342), "higher": (181, 362)}),
    ("♣3", {"lower": (111, 222), "original": (121, 242), "higher": (131, 262)}),
    ("♣2", {"lower": (71, 142), "original": (81, 162), "higher": (91, 182)}),
)
V2_SCHEDULES = ("lower", "original", "higher")


def meld_cards(kind: MeldKind) -> tuple[Card, ...]:
    """R9A's contents column: the cards of a meld, each twice in a double meld."""
    if kind.rank is not None:
        single = tuple(Card(kind.rank, suit) for suit in Suit)
    else:
        ranks = {5: "AKQJT", 3: "KQJ", 2: "AT"}[kind.family.value]
        # ignore: a kind without a rank has a suit
        single = tuple(Card(Rank.parse(r), kind.suit) for r in ranks)  # type: ignore[arg-type]
    return single * 2 if kind.double else single


def table_value(kind: MeldKind) -> int:
    """R9A's value for ``kind``, as printed."""
    for _, symbol, single, double in R9A_TABLE:
        if symbol == str(kind.single):
            return double if kind.double else single
    raise KeyError(str(kind))


def _table_meld(case_id: str, source: Source, rules: tuple[str, ...], kind: MeldKind,
                points: int, tags: Mapping[str, str] | None = None) -> MeldCase:
    contents = meld_cards(kind)
    attempt = Attempt(kind, contents, True, "R9A", points)
    return MeldCase(
        case_id, source, rules, f"{kind} melded from the concealed hand scores {points}.",
        contents, (Step(meld=attempt),), points, tags=dict(tags or {}),
        tables=(TableFact("meld_points", {str(kind): points}, dict(tags or {})),))


def _r9a_cases() -> list[MeldCase]:
    cases = []
    for name, symbol, single, double in R9A_TABLE:
        for kind_, points in ((kind(symbol), single), (kind(symbol).doubled, double)):
            text = f"{name} | {symbol} {single} | {kind(symbol).doubled} {double}"
            cases.append(_table_meld(f"R9A.{kind_}", Source("R9A", str(kind_), text),
                                     ("R9A",), kind_, points))
    return cases


def _v2_cases() -> list[MeldCase]:
    cases = []
    for schedule in V2_SCHEDULES:
        for symbol, values in V2_TABLE:
            single, double = values[schedule]
            text = f"{symbol} | {schedule} {single} {double}"
            for kind_, points in ((kind(symbol), single), (kind(symbol).doubled, double)):
                cases.append(_table_meld(
                    f"V2.{schedule}.{kind_}", Source("V2", f"{symbol} {schedule}", text),
                    ("V2", "R9A"), kind_, points, {"MeldScoring": schedule}))
    return cases


# --- C4, V3, V4 ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameCase:
    """Seeded battles played out by the build policy, each battle's trick points summing to
    ``trick_total`` (every card ends in a trick pile, R7B), plus table facts."""

    id: str
    source: Source
    rules: tuple[str, ...]
    description: str
    battles: int
    trick_total: int
    tags: Mapping[str, str] = field(default_factory=dict)
    tables: tuple[TableFact, ...] = ()


@dataclass(frozen=True)
class TableCase:
    """A fact about tables alone, with no record (see ``note``)."""

    id: str
    source: Source
    rules: tuple[str, ...]
    description: str
    tables: tuple[TableFact, ...]
    note: str


#: C4: "4 deuces at 30, 8 aces at 25, 8 kings at 20, 8 queens at 15, 8 jacks at 10, 8 tens at 5,
#: plus 4 nines at 0".
C4_COUNTS = {"D": (4, 30), "A": (8, 25), "K": (8, 20), "Q": (8, 15), "J": (8, 10), "T": (8, 5),
             "N": (4, 0)}
C4_TEXT = ("The total point value of all the cards in an East Point pack is 720: 4 deuces at 30, 8 "
           "aces at 25, 8 kings at 20, 8 queens at 15, 8 jacks at 10, 8 tens at 5, plus 4 nines "
           "at 0. Per battle, each player's trick points will average 360")

#: V3's table as printed (the ♦ row was lost) and its rank and suit parts (README).
V3_ROWS = {"♣": (28, 24, 20, 16, 12, 8, 4), "♠": (27, 23, 19, 15, 11, 7, 3),
           "♥": (26, 22, 18, 14, 10, 6, 2)}
V3_RANK_PART = {"D": 25, "A": 21, "K": 17, "Q": 13, "J": 9, "T": 5, "N": 1}
V3_SUIT_PART = {"♣": 3, "♠": 2, "♥": 1, "♦": 0}
V3_TEXT = ("The following is a more nuanced point schedule for cards won in tricks. The total for "
           "the 48 cards is 696 points instead of 720")

#: V4's surviving quartet column, and the R9A quartet each one's values equal (ranks inverted).
V4_QUARTETS = (("ten quartet", "T4", 171, 342, "A4"), ("jack quartet", "J4", 161, 322, "K4"),
               ("queen quartet", "Q4", 151, 302, "Q4"), ("king quartet", "K4", 141, 282, "J4"),
               ("ace quartet", "A4", 131, 262, "T4"))
V4_NOTE = ("No V4 ruleset exists: V4's inverted card-point table was lost from the rulebook "
           "(../shared/rules/README.md) and is not guessed, so there is no record and no tag for "
           "it. What survived is checked as what it is: V4's quartet column is R9A's quartet "
           "column with the ranks inverted (T4 takes A4's values, J4 K4's, Q4 keeps its own, K4 "
           "J4's, A4 T4's), so the case checks R9A's values for the inverted rank.")


def v3_card_points() -> dict[str, int]:
    """V3, computed the way the text offers: rank part plus suit part, for all 28 faces."""
    return {str(c): V3_RANK_PART[c.rank.letter] + V3_SUIT_PART[c.suit.glyph] for c in ALL_CARDS}


def _number_cases() -> list[GameCase | TableCase]:
    pack_total = sum(n * points for n, points in C4_COUNTS.values())
    standard = {str(c): C4_COUNTS[c.rank.letter][1] for c in ALL_CARDS}
    v3 = v3_card_points()
    cases: list[GameCase | TableCase] = [
        GameCase("C4.720", Source("C4", "720", C4_TEXT), ("C4", "R8G", "R2A4"),
                 "The pack's cards are worth 720 (C4's count by rank); a battle's trick points "
                 "sum to 720.", 1, pack_total,
                 tables=(TableFact("pack_points", {"total": pack_total}),
                         TableFact("card_points", standard))),
        GameCase("C4.360", Source("C4", "360", C4_TEXT), ("C4", "R8G", "R4A"),
                 "A game of six seeded battles: in each the two players' trick points sum to "
                 "720, so a player's trick points average 360.", 6, pack_total),
        GameCase("V3.696", Source("V3", "696", V3_TEXT), ("V3",),
                 "Under V3 the pack's cards are worth 696; a battle's trick points sum to 696.",
                 1, sum(v3[str(c)] for c in PACK), {"TrickScoring": "v3"},
                 (TableFact("pack_points", {"total": 696}, {"TrickScoring": "v3"}),)),
        GameCase("V3.rank+suit", Source("V3", "by rank, by suit", V3_TEXT + "; equivalent: "
                 "calculate separately by rank and by suit, combining the amounts"), ("V3",),
                 "Every card's V3 value is its rank part (D 25 … N 1) plus its suit part "
                 "(♣ 3 … ♦ 0).", 1, sum(v3[str(c)] for c in PACK), {"TrickScoring": "v3"},
                 (TableFact("card_points", v3, {"TrickScoring": "v3"}),)),
    ]
    for name, symbol, single, double, inverse in V4_QUARTETS:
        double_symbol = str(kind(symbol).doubled)
        cases.append(TableCase(
            f"V4.{symbol}", Source("V4", symbol, f"{name} | {symbol} {single} | "
                                   f"{double_symbol} {double}"), ("V4", "R9A"),
            f"V4 values the {name} at {single} / {double}, R9A's values for "
            f"{inverse} / {kind(inverse).doubled}.",
            (TableFact("meld_points", {inverse: single, str(kind(inverse).doubled): double}),),
            V4_NOTE))
    return cases


@dataclass(frozen=True)
class PlayCase:
    """A battle played out by the build policy (with melds when ``melds``), and the table after
    each trick of ``turns`` (0: right after the deal): the ``TurnCheck`` fields ``asks`` names
    (``draws``, ``stock``, ``hands``, ``phase``, ``trick_points``, ``meld_points``). Their
    values follow from the rules the case quotes, the staged deal and who won each trick.
    ``upcard``: the card turned up (``None``: the seeded deal's); ``first``: a scripted first
    trick (leader's card, follower's card, the winner's role, the deciding rule);
    ``trick_total``: the two players' trick points at the end; ``meld_totals``: each seat's
    meld points at the end, ``dealer``/``nondealer``."""

    id: str
    source: Source
    rules: tuple[str, ...]
    description: str
    tags: Mapping[str, str]
    turns: tuple[int, ...]
    asks: tuple[str, ...]
    upcard: Card | None = None
    dealer: Seat = E
    first: tuple[Card, Card, Role, str] | None = None
    melds: bool = True
    trick_total: int | None = None
    meld_totals: Mapping[str, int] | None = None
    tables: tuple[TableFact, ...] = ()


Case = TrickCase | MeldCase | GameCase | TableCase | PlayCase

#: Every case, in the rulebook's order: tricks, melds, R9A, C4, V2, V3, V4.
CASES: tuple[Case, ...] = tuple(
    _trick_cases() + _meld_examples() + _r9a_cases()
    + [c for c in _number_cases() if c.source.section == "C4"] + _v2_cases()
    + [c for c in _number_cases() if c.source.section in ("V3", "V4")]
)

BY_ID: dict[str, Case] = {c.id: c for c in CASES}
assert len(BY_ID) == len(CASES), "case ids must be unique"


def ruleset_name(case: object) -> str:
    """The ruleset whose rulebook the case comes from (its ``Ruleset`` tag)."""
    tags: Mapping[str, str] = getattr(case, "tags", {})
    if not tags and isinstance(case, TableCase) and case.tables:
        tags = case.tables[0].tags
    return tags.get("Ruleset", "east-point")
