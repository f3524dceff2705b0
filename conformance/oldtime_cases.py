"""Old-time two-handed Pinochle's statements as conformance cases (spec §10.1 items 1-10).

The text (``../shared/rules/old-time-two-handed.txt``) has no worked examples; its explicit
statements are the cases: each names the rule id and the line it quotes (``OT8C2``, ``L82``).
What the text lost is typed in from ``../shared/rules/README.md`` and the old-time spec
(``../shared/rulesets/old-time-two-handed.md``): the rank order, the diamonds row of the pack,
the three card-point schedules. As in ``cases``, nothing here asks the engine: the expected
answers are the rulebook's, so the engine can be checked against them.

- Pack and ranks (OT2A4, OT2A1): the pack's composition; each rank beats the next (same suit).
- Turned-up card (OT6B, OT6C): a nine scores the dealer 10 at once; the stock is 23 + 1.
- Tricks (OT8C1-OT8C3): the spec's table with hearts trump, every row.
- Phases (OT8, OT8E, OT8F, OT8G): two draws after each of tricks 1-12, the upcard (or the nine
  exchanged for it) last, none after; 10 for the last trick, 250 in every schedule.
- Melds (OT9A, OT9D, OT9E, OT9G): the table, single and double, in each trump; eleven cards at a
  meld turn; a dix beside another meld, but not two melds; non-melds; OT9G's sentence both ways.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pinochle.notation.cards import Card, Rank, Seat, Suit
from pinochle.notation.events import Battle, Trick
from pinochle.notation.melds import Family, MeldKind

from .cases import (
    Attempt, Case, MeldCase, PlayCase, Role, Source, Step, TableCase, TableFact, TrickCase, card,
    cards, kind, meld,
)

E, W = Seat.EAST, Seat.WEST
OLD_TIME = {"Ruleset": "old-time"}
HEARTS = Suit.HEARTS

# --- the rulebook's text, by line ---------------------------------------------------------

L12 = ("In order from highest to lowest, the six ranks are: [list lost; the pack table's "
       "columns (L18): ace ten king queen jack nine]")
L15 = ("There are two of each possible card. The pack can be summarized in tabular form: "
       "[the diamonds row was lost] total 8 8 8 8 8 8 48 (L22)")
L42 = ("Dealer distributes twelve face-down cards to each player, in batches of three or four. "
       "The next card (the trump card) is turned face up to determine the trump suit. If it is "
       "a nine, the dealer scores 10 immediately. The 23 remaining undealt cards are placed face "
       "down crosswise on top of the trump card so that it remains partly visible.")
L44 = ("Each player's 12 cards become her concealed hand, while the 24 cards which remain "
       "become the stock")
L71 = ("The rules differ somewhat in phase A, before the stock is exhausted, and phase B, when "
       "the stock is exhausted. Phase A is the first twelve tricks, phase B the last twelve.")
L81 = "If one card is of the trump suit and the other is not, the trump wins."
L82 = ("If the two cards are of the same suit, the card of higher rank (rule OT2A1) wins. If "
       "tied, the leader's card wins.")
L83 = "If the cards are of different suits, and neither is a trump, the leader's card wins."
L87 = ("In phase A, the trick winner draws the top card of the stock and adds it to her "
       "concealed hand; then the trick loser draws. In phase B, there is nothing left to draw.")
L89 = ("After the twelfth trick (and possible meld), the trick winner shows the card she draws "
       "to her opponent, and the trick loser inevitably draws the previously exposed trump card "
       "or its dix replacement. Also at this time, each player picks up the cards of her exposed "
       "hand and returns them to her concealed hand. This ends phase A and begins phase B.")
L91 = ("They proceed to the next trick unless their hands have run out of cards. The player who "
       "takes the final trick of phase B earns 10 points.")
L93 = ("Cards won in tricks earn points according to whichever of these three schedules was "
       "chosen by the players before the game began: [table lost]")
L115 = ("In contrast to most other melds, the score for double pinochle is not twice the score "
        "for a single pinochle.")
L124 = ("When a player wins a trick, the two cards go immediately into her trick pile — only "
        "afterwards might the player meld in that turn. (This means that, although each player "
        "is dealt 12 cards, she has exactly 11 to choose from at the moment of melding.)")
L126 = ("No player is ever required to meld. If a player is willing and able to meld, she is "
        "limited to one meld per turn. Of course, it may be a double meld. Exception: a player "
        "may meld a dix and something else at the same time.")
L130 = ("A card once used in one meld in a class cannot be reused in another meld in that "
        "class, unless the second of these two melds is of a higher point value.")
L140 = ("In old-time Pinochle, only a sequence in the trump suit can be melded. [author's "
        "opinion 2, OT-O2, stating the rule; OT9A's table has the sequence 'of trumps' only]")
L142 = ("Old-time Pinochle does not allow the meld of four tens [author's opinion 3, OT-O3, "
        "stating the rule; OT9A's table has no four tens]")

#: OT2A1 (L12, list lost; L18's columns): the ranks, highest first.
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
#: OT2A4 (L15-L22): two of each of the 24 faces; no deuces.
COPIES = {rank: 2 for rank in RANKS}

#: OT8H (L93, table lost): the three schedules (README), points per rank; the rest score 0.
SCHEDULES: Mapping[str, Mapping[str, int]] = {
    "11-10-4-3-2": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "N": 0},
    "10-10-10": {"A": 10, "T": 10, "K": 10, "Q": 0, "J": 0, "N": 0},
    "10-10-5-5": {"A": 10, "T": 10, "K": 5, "Q": 5, "J": 0, "N": 0},
}
#: The schedule a record without a ``TrickScoring`` tag plays (spec §3.3).
DEFAULT_SCHEDULE = "11-10-4-3-2"
#: OT8G (L91): the last trick's points.
LAST_TRICK = 10
#: OT6B (L42): a turned-up nine scores the dealer this much at once.
NINE_UP = 10
#: OT6B, OT6C: cards dealt to each player; cards face down on the upcard.
HAND, FACE_DOWN = 12, 23
#: OT8 (L71): tricks in phase A, each followed by two draws (OT8E).
PHASE_A = 12


def pack() -> tuple[Card, ...]:
    """The 48 cards, copies counted, in the order ``cases.PACK`` lists East Point's."""
    return tuple(c for c in _faces() for _ in range(COPIES[c.rank]))


def _faces() -> tuple[Card, ...]:
    from pinochle.notation.cards import ALL_CARDS

    return tuple(c for c in ALL_CARDS if c.rank in COPIES)


# --- OT2A1, OT2A4: pack and ranks ------------------------------------------------------------


def _pack_cases() -> list[Case]:
    from pinochle.notation.cards import ALL_CARDS

    values = {str(c): COPIES.get(c.rank, 0) for c in ALL_CARDS}
    cases: list[Case] = [TableCase(
        "OT2A4.pack", Source("OT2A4", "L15", L15), ("OT2A4", "OT2A1"),
        "48 cards: two of each of A T K Q J 9 in each suit, no deuces.",
        (TableFact("pack", values, OLD_TIME),),
        "The copy lost the diamonds row of the pack table (L17-L22); its total row (8 of each "
        "rank, 48 in all) fixes it: two of each of the 24 faces. The deuces, which East Point's "
        "pack has, are listed with 0 copies.")]
    for higher, lower in zip(RANKS, RANKS[1:]):
        lead, follow = Card(lower, Suit.CLUBS), Card(higher, Suit.CLUBS)
        cases.append(TrickCase(
            f"OT2A1.{follow}-beats-{lead}", Source("OT2A1", "L12", L12), ("OT2A1", "OT8C2"),
            lead, follow, "follower", "OT8C2", E if len(cases) % 2 else W,
            f"Hearts trump: {lead} led, {follow} followed: the higher rank wins, the follower "
            "(OT8C2).", OLD_TIME, HEARTS))
    return cases


# --- OT8C: the trick table with hearts trump ----------------------------------------------

#: Spec §10.1 item 4: leader's card, follower's card, winner, rule, and the line it quotes.
TRICK_ROWS: tuple[tuple[str, str, Role, str, str, str], ...] = (
    ("Q♥", "A♠", "leader", "OT8C1", "L81", L81),
    ("A♠", "N♥", "follower", "OT8C1", "L81", L81),
    ("K♣", "K♣", "leader", "OT8C2", "L82", L82),
    ("T♣", "A♣", "follower", "OT8C2", "L82", L82),
    ("T♣", "A♠", "leader", "OT8C3", "L83", L83),
)


def _trick_cases() -> list[Case]:
    cases: list[Case] = []
    for number, (lead, follow, winner, rule, line, text) in enumerate(TRICK_ROWS, start=1):
        row = f"{text} [hearts trump: {lead} led, {follow} followed: the {winner} wins]"
        cases.append(TrickCase(
            f"{rule}.{lead}-{follow}", Source(rule, line, row), (rule,), card(lead), card(follow),
            winner, rule, E if number % 2 else W,
            f"Hearts trump: {lead} led, {follow} followed: the {winner} wins ({rule}).",
            OLD_TIME, HEARTS))
    return cases


# --- OT6B, OT6C, OT8: the deal and the phases -----------------------------------------------


def _play_cases() -> list[Case]:
    every = tuple(range(0, 2 * PHASE_A + 1))
    cases: list[Case] = [
        PlayCase("OT6B.nine", Source("OT6B", "L42", L42), ("OT6B", "OT8C1"),
                 "N♠ turned up: spades are trump (a spade wins trick 1 against a diamond), and "
                 "the dealer has 10 meld points before trick 1; nobody melds, so it is his "
                 "battle's meld total.",
                 OLD_TIME, (0,), ("stock", "hands", "meld_points"), upcard=card("N♠"),
                 first=(card("A♦"), card("J♠"), "follower", "OT8C1"), melds=False,
                 meld_totals={"dealer": NINE_UP, "nondealer": 0}, dealer=W),
        PlayCase("OT6B.not-nine", Source("OT6B", "L42", L42), ("OT6B", "OT8C1"),
                 "K♠ turned up: spades are trump, and a card other than a nine scores nothing: "
                 "no meld points before trick 1, none at the end when nobody melds.",
                 OLD_TIME, (0,), ("stock", "hands", "meld_points"), upcard=card("K♠"),
                 first=(card("A♦"), card("J♠"), "follower", "OT8C1"), melds=False,
                 meld_totals={"dealer": 0, "nondealer": 0}),
        PlayCase("OT6C.stock", Source("OT6C", "L44", L44), ("OT6C", "OT6B"),
                 "After the deal each player holds 12 cards and the stock 24: the 23 face down "
                 "and the turned-up card under them.",
                 OLD_TIME, (0,), ("stock", "hands", "phase")),
        PlayCase("OT8E.draws", Source("OT8E", "L87", L87), ("OT8E", "OT8F"),
                 "After each of tricks 1-12 the winner draws the top card, then the loser; after "
                 "tricks 13-24 nobody draws, and the hands run down from 12 to 0.",
                 OLD_TIME, every[1:], ("draws", "stock", "hands")),
        PlayCase("OT8F.trick-12", Source("OT8F", "L89", L89), ("OT8F", "OT8E", "OT6B"),
                 "After trick 12 the winner draws the last face-down card and the loser the "
                 "turned-up card; the stock is exhausted, both hold 12 cards, phase B begins "
                 "and trick 13 has no draws.",
                 OLD_TIME, (11, 12, 13), ("draws", "stock", "hands", "phase")),
        PlayCase("OT8.phases", Source("OT8", "L71", L71), ("OT8", "OT8E"),
                 "Phase A is tricks 1-12 (the stock lasts until trick 12's draws), phase B "
                 "tricks 13-24.",
                 OLD_TIME, every, ("phase",)),
    ]
    for schedule, values in SCHEDULES.items():
        tags = {**OLD_TIME, "TrickScoring": schedule}
        per_card = {str(c): values[c.rank.letter] for c in _faces()}
        cases.append(PlayCase(
            f"OT8G.{schedule}", Source("OT8G", "L91", f"{L91} (OT8H, L93: {L93})"),
            ("OT8G", "OT8H"),
            f"Schedule {schedule}: the 48 cards are worth 240; the winner of trick 24 gets "
            f"{LAST_TRICK} more, so a battle's trick points sum to 250.",
            tags, (2 * PHASE_A - 1, 2 * PHASE_A), ("trick_points", "hands"),
            trick_total=sum(per_card[str(c)] for c in pack()) + LAST_TRICK,
            tables=(TableFact("card_points", per_card, tags),
                    TableFact("pack_points", {"total": 240}, tags))))
    return cases


def expected_turns(case: PlayCase | MeldCase, battle: Battle, upcard: Card,
                   stock: tuple[Card, ...], legal_points: Iterable[int] | None = None,
                   ) -> dict[int, dict[str, object]]:
    """What the rules say the table looks like after each trick of ``case.turns`` of
    ``battle`` (staged with ``stock`` face down on ``upcard``), from the record's trick lines
    (who won each, what was melded) and the rulebook alone: OT6B/OT6C (24 in the stock, the
    upcard last; a nine scores the dealer 10), OT8E (winner, then loser, while the stock
    lasts), OT8F (the loser of trick 12 draws the upcard or the nine exchanged for it: OT9I2),
    OT8H/OT8G (card points of the tricks won, 10 for the last trick). ``legal_points``: the
    points each meld of the record scores, in order (default: its claim)."""
    tags = getattr(case, "tags", OLD_TIME)
    values = SCHEDULES[tags.get("TrickScoring", DEFAULT_SCHEDULE)]
    pile = list(stock) + [upcard]
    hands = {E: HAND, W: HAND}
    tricks = {E: 0, W: 0}
    dealer = battle.dealer
    melds = {dealer: NINE_UP if upcard.rank is Rank.NINE else 0, dealer.other: 0}
    points = iter(legal_points) if legal_points is not None else None
    out = {0: _snapshot([], pile, hands, tricks, melds)}
    played = [e for e in battle.events if isinstance(e, Trick)]
    for trick in played:
        winner = trick.winner
        assert winner is not None       # the scribe marks every winner
        hands[E] -= 1
        hands[W] -= 1
        tricks[winner] += values[trick.lead.rank.letter] + values[trick.follow.rank.letter]
        for m in trick.melds:
            melds[winner] += m.points if points is None else next(points)
            if m.kind.family is Family.SWAP and pile and pile[-1] == upcard:
                pile[-1] = Card(Rank.NINE, upcard.suit)        # OT9I2: the nine under the stock
        drawn = []
        if pile:                                               # OT8E: phase A
            for seat in (winner, winner.other):
                drawn.append((seat, pile.pop(0)))
                hands[seat] += 1
        if not hands[E] and not hands[W]:
            tricks[winner] += LAST_TRICK                       # OT8G
        out[trick.number] = _snapshot(drawn, pile, hands, tricks, melds)
    return {t: out[t] for t in case.turns}


def _snapshot(drawn: list[tuple[Seat, Card]], pile: list[Card], hands: Mapping[Seat, int],
              tricks: Mapping[Seat, int], melds: Mapping[Seat, int]) -> dict[str, object]:
    def seats(values: Mapping[Seat, int]) -> dict[str, int]:
        return {"E": values[E], "W": values[W]}

    return {"draws": [{"seat": str(s), "card": str(c)} for s, c in drawn], "stock": len(pile),
            "hands": seats(hands), "phase": "A" if pile else "B",
            "trick_points": seats(tricks), "meld_points": seats(melds)}


# --- OT9A: the meld table, each kind single and double in each trump ------------------------

#: OT9A's table as printed (L105-L113): class, name, line, single, double (None: no double).
MELD_ROWS: tuple[tuple[str, str, str, int, int | None], ...] = (
    ("A", "sequence A T K Q J of trumps", "L105", 150, 300),
    ("A", "royal marriage K Q of trumps", "L106", 40, 80),
    ("A", "common marriage K Q of same suit, not trumps", "L107", 20, 40),
    ("A", "dix 9 of trumps", "L108", 10, None),
    ("B", "four aces A♣ A♠ A♥ A♦", "L109", 100, 200),
    ("B", "four kings K♣ K♠ K♥ K♦", "L110", 80, 160),
    ("B", "four queens Q♣ Q♠ Q♥ Q♦", "L111", 60, 120),
    ("B", "four jacks J♣ J♠ J♥ J♦", "L112", 40, 80),
    ("C", "pinochle Q♠ J♦", "L113", 40, 300),
)
_QUARTETS = {"four aces": Rank.ACE, "four kings": Rank.KING, "four queens": Rank.QUEEN,
             "four jacks": Rank.JACK}
PINOCHLE = (card("Q♠"), card("J♦"))


def nominal_cards(meld_kind: MeldKind, trump: Suit) -> tuple[Card, ...]:
    """The cards a kind names, each twice in a double, whether or not the table has it: a
    sequence A T K Q J of its suit, a marriage K Q, four of a rank, the pinochle Q♠ J♦, the dix
    the nine of trumps; Scarne's roundhouse the kings and queens."""
    family, suit = meld_kind.family, meld_kind.suit
    if family is Family.SEQUENCE:
        single = tuple(Card(r, suit) for r in RANKS[:5])  # type: ignore[arg-type]
    elif family is Family.MARRIAGE:
        single = (Card(Rank.KING, suit), Card(Rank.QUEEN, suit))  # type: ignore[arg-type]
    elif family is Family.QUARTET:
        single = tuple(Card(meld_kind.rank, s) for s in Suit)  # type: ignore[arg-type]
    elif family is Family.PINOCHLE:
        single = PINOCHLE
    elif family in (Family.DIX, Family.SWAP):
        single = (Card(Rank.NINE, trump),)
    elif family is Family.ROUNDHOUSE:                   # Scarne's (SC-MELD6)
        single = tuple(Card(r, s) for s in Suit for r in (Rank.KING, Rank.QUEEN))
    else:
        raise KeyError(str(meld_kind))
    return single * meld_kind.copies


def table_kinds(trump: Suit) -> list[tuple[MeldKind, int, str, str]]:
    """Every kind OT9A's table gives a value with ``trump`` as trumps: (kind, points, line,
    the row's text), in the table's order, single before double."""
    out: list[tuple[MeldKind, int, str, str]] = []
    for klass, name, line, single, double in MELD_ROWS:
        text = f"{klass} | {name} | {single}" + (f" | {double}" if double else "")
        if name.startswith("pinochle"):
            text += f" (L115: {L115})"
        values = [(1, single)] + ([(2, double)] if double else [])
        if name.startswith("sequence") or name.startswith("royal"):
            family = Family.SEQUENCE if name.startswith("sequence") else Family.MARRIAGE
            kinds = [(MeldKind(family, trump, copies=n), v) for n, v in values]
        elif name.startswith("common"):
            kinds = [(MeldKind(Family.MARRIAGE, s, copies=n), v)
                     for s in Suit if s is not trump for n, v in values]
        elif name.startswith("dix"):
            kinds = [(MeldKind(Family.DIX), single)]
        elif name.startswith("pinochle"):
            kinds = [(MeldKind(Family.PINOCHLE, copies=n), v) for n, v in values]
        else:
            rank = _QUARTETS[name.split(" ", 2)[0] + " " + name.split(" ", 2)[1]]
            kinds = [(MeldKind(Family.QUARTET, rank, copies=n), v) for n, v in values]
        out += [(k, v, line, text) for k, v in kinds]
    return out


def legal(text: str, points: int, named: str | None = "") -> Attempt:
    """A legal old-time meld ``text`` taking ``named`` from the concealed hand."""
    return Attempt(kind(text), None if named is None else cards(named), True, "OT9A", points)


def illegal(text: str, points: int, rule: str, named: str | None = None) -> Attempt:
    """An illegal meld of the table, worth ``points``, breaking ``rule``."""
    return Attempt(kind(text), None if named is None else cards(named), False, rule, points)


def _table_cases() -> list[Case]:
    cases: list[Case] = []
    for trump in Suit:
        for meld_kind, points, line, text in table_kinds(trump):
            contents = nominal_cards(meld_kind, trump)
            attempt = Attempt(meld_kind, contents, True, "OT9A", points)
            cases.append(MeldCase(
                f"OT9A.{trump}.{meld_kind}", Source("OT9A", line, text), ("OT9A",),
                f"{trump} trump: {meld_kind} melded from the concealed hand scores {points}.",
                contents, (Step(meld=attempt),), points, tags=OLD_TIME, trump=trump,
                hand=HAND - 1))
    not_melds = (
        ("♠F", 150, cards("A♠ T♠ K♠ Q♠ J♠"), "L140", L140,
         "Hearts trump: A♠ T♠ K♠ Q♠ J♠ concealed, melded as a sequence: only a sequence in "
         "trumps is a meld (OT9A)."),
        ("T4", 100, cards("T♣ T♠ T♥ T♦"), "L142", L142,
         "Hearts trump: four tens concealed, melded as T4: four tens is no meld (OT9A)."),
    )
    for text, claimed, hold, line, quote, description in not_melds:
        attempt = Attempt(kind(text), hold, False, "OT9A", None, claim=claimed)
        cases.append(MeldCase(
            f"OT9A.♥.{text}", Source("OT9A", line, quote), ("OT9A",), description, hold,
            (Step(meld=attempt),), 0, tags=OLD_TIME, trump=HEARTS, hand=HAND - 1))
    return cases


# --- OT9D, OT9E, OT9G, OT8F: melds in play -------------------------------------------------


def _meld_cases() -> list[Case]:
    def src(rule: str, line: str, text: str) -> Source:
        return Source(rule, line, text)

    eleven = [Step()] * (PHASE_A - 2)
    return [
        MeldCase(
            "OT9D.eleven", src("OT9D", "L124", L124), ("OT9D",),
            "The melder wins tricks 1-12 and holds 11 cards at each meld turn: ♣M 20 after "
            "trick 1, P 40 after trick 12.",
            cards("K♣ Q♣ Q♠ J♦"),
            (meld(legal("♣M", 20, "K♣ Q♣")), *eleven, meld(legal("P", 40, "Q♠ J♦"))), 60,
            tags=OLD_TIME, trump=HEARTS, hand=HAND - 1),
        MeldCase(
            "OT9E.swap+K4", src("OT9E", "L126", L126), ("OT9E", "OT9I"),
            "Hearts trump: swap 10 (N♥ for the upcard) and K4 80 in one turn: a dix may "
            "accompany another meld (90).",
            cards("N♥ K♣ K♠ K♥ K♦"),
            (Step(meld=legal("swap", 10, "N♥"), also=(legal("K4", 80, "K♣ K♠ K♥ K♦"),)),), 90,
            tags=OLD_TIME, trump=HEARTS, hand=HAND - 1),
        MeldCase(
            "OT9E.K4+dix", src("OT9E", "L126", L126), ("OT9E", "OT9I"),
            "Hearts trump: K4 80, then dix 10 (N♥ laid) in the same turn: legal (90).",
            cards("N♥ K♣ K♠ K♥ K♦"),
            (Step(meld=legal("K4", 80, "K♣ K♠ K♥ K♦"), also=(legal("dix", 10, "N♥"),)),), 90,
            tags=OLD_TIME, trump=HEARTS, hand=HAND - 1),
        MeldCase(
            "OT9E.K4+Q4", src("OT9E", "L126", L126), ("OT9E",),
            "Hearts trump: K4 80, then Q4 60 in the same turn: one meld per turn (OT9E); the "
            "second scores nothing (80).",
            cards("K♣ K♠ K♥ K♦ Q♣ Q♠ Q♥ Q♦"),
            (Step(meld=legal("K4", 80, "K♣ K♠ K♥ K♦"),
                  also=(illegal("Q4", 60, "OT9E", "Q♣ Q♠ Q♥ Q♦"),)),), 80,
            tags=OLD_TIME, trump=HEARTS, hand=HAND - 1),
        MeldCase(
            "OT9G.♥M-then-♥F", src("OT9G", "L130", L130), ("OT9G", "OT9C"),
            "Hearts trump: ♥M 40 (K♥ Q♥), then ♥F 150 adding A♥ T♥ J♥ and reusing the K♥ Q♥: "
            "the second meld is worth more, so it is legal (190).",
            cards("A♥ T♥ K♥ Q♥ J♥"),
            (meld(legal("♥M", 40, "K♥ Q♥")), meld(legal("♥F", 150, "A♥ T♥ J♥"))), 190,
            tags=OLD_TIME, trump=HEARTS, hand=HAND - 1),
        MeldCase(
            "OT9G.♥F-then-♥M", src("OT9G", "L130", L130), ("OT9G",),
            "Hearts trump: ♥F 150, then ♥M 40 from the sequence's K♥ Q♥: a class-A meld worth "
            "less than the sequence cannot reuse them (OT9G; 150).",
            cards("A♥ T♥ K♥ Q♥ J♥"),
            (meld(legal("♥F", 150, "A♥ T♥ K♥ Q♥ J♥")), meld(illegal("♥M", 40, "OT9G"))), 150,
            tags=OLD_TIME, trump=HEARTS, hand=HAND - 1),
        MeldCase(
            "OT9G.♥F-then-♥M.fresh-K♥", src("OT9G", "L130", L130), ("OT9G",),
            "Hearts trump: ♥F 150, then ♥M 40 from the other K♥ (concealed) and the sequence's "
            "Q♥: the rule is per card, and the Q♥ cannot be reused (OT9G; 150).",
            cards("A♥ T♥ K♥ Q♥ J♥ K♥"),
            (meld(legal("♥F", 150, "A♥ T♥ K♥ Q♥ J♥")), meld(illegal("♥M", 40, "OT9G", "K♥"))),
            150, tags=OLD_TIME, trump=HEARTS, hand=HAND - 1),
        MeldCase(
            "OT8F.dix-replacement", src("OT8F", "L89", L89), ("OT8F", "OT9I"),
            "Hearts trump: the melder exchanges N♥ for the upcard after trick 1 (swap 10); "
            "after trick 12 the loser draws that N♥, the upcard's dix replacement.",
            cards("N♥"), (meld(legal("swap", 10, "N♥")),), 10,
            tags=OLD_TIME, trump=HEARTS, hand=HAND - 1, turns=(PHASE_A,)),
    ]


#: Every old-time case, in the text's order: pack, deal, tricks, phases, melds.
OLD_TIME_CASES: tuple[Case, ...] = tuple(
    _pack_cases()
    + [c for c in _play_cases() if c.source.section in ("OT6B", "OT6C")]
    + _trick_cases()
    + [c for c in _play_cases() if c.source.section not in ("OT6B", "OT6C")]
    + [c for c in _meld_cases() if c.source.section == "OT8F"]
    + _table_cases()
    + [c for c in _meld_cases() if c.source.section != "OT8F"]
)

OLD_TIME_BY_ID: dict[str, Case] = {c.id: c for c in OLD_TIME_CASES}
assert len(OLD_TIME_BY_ID) == len(OLD_TIME_CASES), "case ids must be unique"
