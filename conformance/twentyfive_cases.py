"""Two-player 25-steps Pinochle's statements as conformance cases (spec
``../shared/rulesets/two-player-25-steps.md`` §10.1 items 1-6 and 10).

The text (``../shared/rules/two-player-25-steps.txt``) has no worked examples; its explicit
statements are the cases, each naming its rule id and the line it quotes (``TP19b2``, ``L45``).
As in ``cases``, nothing here asks the engine: the expected answers are the rulebook's.

- The meld table (TP14, L24-L35; TPV2, L69): each meld at its value with hearts trump; double
  pinochle at 300 under ``DoublePinochle "300"``.
- Reuse (TP19, L40-L47): four queens then a pinochle with their Q♠ (legal, TP19a2); a marriage
  then a pinochle with its queen (TP19b2); a pinochle then four queens (TP19b3); a sequence then
  four kings (TP19b4); a marriage then the same marriage's king again (TP19a1).
"""

from __future__ import annotations

from pinochle.notation.cards import Card, Rank, Suit

from .cases import Attempt, Case, MeldCase, Source, Step, cards, kind, meld

TWENTY_FIVE = {"Ruleset": "25-steps"}
HEARTS = Suit.HEARTS
#: Cards the melder holds at a meld turn: twelve dealt, one played to the trick (TP13).
HAND = 11

L24 = ("Cards can be combined into different types of melds with the following rank: Sequences "
       "(highest), marriages, pinochles, and sets of four (lowest).")
L40 = ("Melds are announced after each trick by the trick winner. A player can reuse cards in "
       "their previous melds or dix but only 1. in a different type of meld, 2. for a meld of a "
       "higher rank (see above for ranks) 3. and by using one or more cards in the player's hand.")
L45 = "the queen of a marriage cannot be later used in a pinochle meld,"
L46 = "a card from a marriage or pinochle cannot be used later in a set of four,"
L47 = "and a card in a sequence can never be melded again."
L69 = "[Variations:] double pinochle 300"

#: TP14's rows (L26-L35) with hearts trump: kind, points, line, the row's text.
TABLE = (
    ("♥F", 150, "L26", "Ace, king, queen, jack and 10 of trump suit -- 150 points."),
    ("♥M", 40, "L27", "King and queen of trump suit (\"Royal Marriage\") -- 40 points."),
    ("♠M", 20, "L28", "King and queen of other suit -- 20 points."),
    ("P", 40, "L29", "Queen of spades and diamond jack -- 40 points."),
    ("PP", 80, "L30", "Two queens of spades and two diamond jacks (\"Double Pinochle\") -- 80 "
                      "points."),
    ("A4", 100, "L32", "Four aces (in each suit) -- 100 points."),
    ("K4", 80, "L33", "Four kings (in each suit) -- 80 points."),
    ("Q4", 60, "L34", "Four queens (in each suit) -- 60 points."),
    ("J4", 40, "L35", "Four jacks (in each suit) -- 40 points."),
)


def _contents(text: str) -> tuple[Card, ...]:
    """The cards a TP14 meld names with hearts trump."""
    if text == "♥F":
        return tuple(Card(r, HEARTS) for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN,
                                               Rank.JACK))
    if text.endswith("M"):
        return cards(f"K{text[0]} Q{text[0]}")
    if text in ("P", "PP"):
        return cards("Q♠ J♦") * len(text)
    return tuple(Card(Rank.parse(text[0]), s) for s in Suit)


def legal(text: str, points: int, named: str) -> Attempt:
    return Attempt(kind(text), cards(named), True, "TP14", points)


def illegal(text: str, points: int, rule: str, named: str | None = None) -> Attempt:
    return Attempt(kind(text), None if named is None else cards(named), False, rule, points)


def _table_cases() -> list[Case]:
    out: list[Case] = []
    for text, points, line, row in TABLE:
        hold = _contents(text)
        out.append(MeldCase(
            f"TP14.♥.{text}", Source("TP14", line, f"{L24} {row}"), ("TP14",),
            f"Hearts trump: {text} melded from the concealed hand scores {points}.", hold,
            (Step(meld=Attempt(kind(text), hold, True, "TP14", points)),), points,
            tags=TWENTY_FIVE, trump=HEARTS, hand=HAND))
    pp = cards("Q♠ J♦ Q♠ J♦")
    tags = {**TWENTY_FIVE, "DoublePinochle": "300"}
    out.append(MeldCase(
        "TPV2.PP-300", Source("TPV2", "L69", L69), ("TPV2", "TP14"),
        "DoublePinochle \"300\": double pinochle melded from the concealed hand scores 300.", pp,
        (Step(meld=Attempt(kind("PP"), pp, True, "TP14", 300)),), 300, tags=tags, trump=HEARTS,
        hand=HAND))
    return out


def _reuse_cases() -> list[Case]:
    def src(rule: str, line: str, text: str) -> Source:
        return Source(rule, line, text)

    def case(case_id: str, source: Source, rules: tuple[str, ...], description: str,
             hold: tuple[Card, ...], steps: tuple[Step, ...], total: int) -> MeldCase:
        return MeldCase(case_id, source, rules, description, hold, steps, total,
                        tags=TWENTY_FIVE, trump=HEARTS, hand=HAND)

    return [
        case(
            "TP19a2.Q4-then-P", src("TP19a2", "L40", L40), ("TP19a2", "TP19a3"),
            "Hearts trump: Q4 60, then P 40 reusing the exposed Q♠ with a J♦ from the hand: a "
            "pinochle ranks above a set of four (100).",
            cards("Q♣ Q♠ Q♥ Q♦ J♦"),
            (meld(legal("Q4", 60, "Q♣ Q♠ Q♥ Q♦")), meld(legal("P", 40, "J♦"))), 100),
        case(
            "TP19b2.♠M-then-P", src("TP19b2", "L45", L45), ("TP19b2",),
            "Hearts trump: ♠M 20 (K♠ Q♠), then P 40 with that Q♠ and a J♦ from the hand: the "
            "queen of a marriage is never used in a pinochle (20).",
            cards("K♠ Q♠ J♦"),
            (meld(legal("♠M", 20, "K♠ Q♠")), meld(illegal("P", 40, "TP19b2", "J♦"))), 20),
        case(
            "TP19b3.P-then-Q4", src("TP19b3", "L46", L46), ("TP19b3",),
            "Hearts trump: P 40, then Q4 60 with the pinochle's Q♠ and three queens from the "
            "hand: a pinochle's card is never used in a set of four (40).",
            cards("Q♠ J♦ Q♣ Q♥ Q♦"),
            (meld(legal("P", 40, "Q♠ J♦")), meld(illegal("Q4", 60, "TP19b3", "Q♣ Q♥ Q♦"))), 40),
        case(
            "TP19b4.♥F-then-K4", src("TP19b4", "L47", L47), ("TP19b4",),
            "Hearts trump: ♥F 150, then K4 80 with the sequence's K♥ and three kings from the "
            "hand: a card of a sequence is never melded again (150).",
            cards("A♥ T♥ K♥ Q♥ J♥ K♣ K♠ K♦"),
            (meld(legal("♥F", 150, "A♥ T♥ K♥ Q♥ J♥")),
             meld(illegal("K4", 80, "TP19b4", "K♣ K♠ K♦"))), 150),
        case(
            "TP19a1.♠M-then-♠M", src("TP19a1", "L40", L40), ("TP19a1",),
            "Hearts trump: ♠M 20, then ♠M 20 again with the same K♠ and the other Q♠ from the "
            "hand: never the same type of meld (20).",
            cards("K♠ Q♠ Q♠"),
            (meld(legal("♠M", 20, "K♠ Q♠")), meld(illegal("♠M", 20, "TP19a1", "Q♠"))), 20),
    ]


#: Every 25-steps case, in the text's order.
TWENTY_FIVE_CASES: tuple[Case, ...] = tuple(_table_cases() + _reuse_cases())

TWENTY_FIVE_BY_ID: dict[str, Case] = {c.id: c for c in TWENTY_FIVE_CASES}
assert len(TWENTY_FIVE_BY_ID) == len(TWENTY_FIVE_CASES), "case ids must be unique"
