"""Scarne's two-handed Pinochle: the rulebook's game-rule statements and worked numbers as
conformance cases (spec ``../shared/rulesets/scarne-two-handed-turn-up-trump.md`` §10.1, the
game rules only: the laws, ``Laws "scarne"``, are tested in tests/adjudicator/test_sc_*.py).
Each case names the SC id and the line it quotes (``SC-PLAY2W``, ``L18``); the expected answers
are the rulebook's (and the spec's rulings S1, S2, S5, S6 where the text needs one), never the
engine's.

- Tricks (SC-PLAY2W, L18): the three ways to win, with hearts trump.
- Melds: a deece beside another meld (SC-MELD2, L32); a marriage's card never in another
  marriage (SC-MELD5, L35); the roundhouse at once, 240 (SC-MELD6, L36, ruling S2), and its
  parts one by one, at most 220 (L36); the royal marriage then the flush, 190, or the flush at
  once, 150 (L97, L98).
"""

from __future__ import annotations

from pinochle.notation.cards import Seat, Suit

from .cases import (
    Attempt, Case, MeldCase, Role, Source, Step, TrickCase, card, cards, kind, meld,
)

E, W = Seat.EAST, Seat.WEST
#: The game rules only (``Laws "none"``: Scarne's laws, the default, would let an
#: improper meld stand until corrected, SC-BADMELD1; the cases quote the game rules).
SCARNE = {"Ruleset": "scarne", "Laws": "none"}
HEARTS = Suit.HEARTS
HAND = 12

L18 = ("To win a trick means: (a) to play to a trick a higher-ranking card of the same suit as "
       "your opponent's card, be it a trump or a non- trump suit; (b) if your opponent has led a "
       "card of a nontrump suit, to playa card of higher rank in the same suit or to play a "
       "trump card (c) if two cards of the same rank and suit are played, to win the trick by "
       "having played the first card.")
L32 = ("2. Only one meld may be made at a time, except that a deece may be melded alone or "
       "with any other meld.")
L35 = "5. A card used in one marriage meld cannot be used in another marriage meld."
L36 = ("6. A player may meld a roundhouse in two-handed Pinochle only by melding it all 'at "
       "once. He may meld kings separately, three marriages separately and then queens (in "
       "any: order) but that is not a roundhouse, totaling' at most only 220 points.")
L97 = ("Example: if a player holds a flush in trump early in the game, it is obviously "
       "advisable to meld the marriage in trump first. Upon winning a later trick, the ace, "
       "jack , and ten of trumps are laid down for a flush. Thus the player runs up credit for "
       "190 points.")
L98 = ("Now it is advisable to lay the flush at once and get credit for the 150 points "
       "forthwith.")

#: L18's three ways to win, hearts trump: lead, follow, winner, what it shows.
TRICK_ROWS: tuple[tuple[str, str, Role, str], ...] = (
    ("T♣", "A♣", "follower", "(a) the higher card of the suit led"),
    ("K♥", "A♥", "follower", "(a) the higher trump"),
    ("A♠", "N♥", "follower", "(b) a trump on a plain lead"),
    ("K♣", "K♣", "leader", "(c) identical cards: the first played"),
    ("T♣", "A♠", "leader", "neither a trump nor the suit led: the leader's card"),
)


def _trick_cases() -> list[Case]:
    cases: list[Case] = []
    for number, (lead, follow, winner, what) in enumerate(TRICK_ROWS, start=1):
        row = f"{L18} [hearts trump: {lead} led, {follow} followed: the {winner} wins, {what}]"
        cases.append(TrickCase(
            f"SC-PLAY2W.{lead}-{follow}", Source("SC-PLAY2W", "L18", row), ("SC-PLAY2W",),
            card(lead), card(follow), winner, "SC-PLAY2W", E if number % 2 else W,
            f"Hearts trump: {lead} led, {follow} followed: the {winner} wins, {what} "
            "(SC-PLAY2W).", SCARNE, HEARTS))
    return cases


def legal(text: str, points: int, named: str | None = "") -> Attempt:
    """A legal Scarne meld ``text`` taking ``named`` from the concealed hand."""
    return Attempt(kind(text), None if named is None else cards(named), True, "SC-PLAY4", points)


def illegal(text: str, points: int, rule: str, named: str | None = None) -> Attempt:
    return Attempt(kind(text), None if named is None else cards(named), False, rule, points)


def _case(case_id: str, rule: str, line: str, text: str, rules: tuple[str, ...],
          description: str, hold: str, steps: tuple[Step, ...], total: int) -> MeldCase:
    return MeldCase(case_id, Source(rule, line, text), rules, description, cards(hold), steps,
                    total, tags=SCARNE, trump=HEARTS, hand=HAND - 1)


def _meld_cases() -> list[Case]:
    roundhouse = "K♣ Q♣ K♠ Q♠ K♥ Q♥ K♦ Q♦"
    return [
        _case("SC-MELD2.K4+dix", "SC-MELD2", "L32", L32, ("SC-MELD2", "SC-PLAY5"),
              "Hearts trump: K4 80, then the deece (dix 10, N♥ laid) in the same turn: a deece "
              "may go with any other meld (90).",
              "N♥ K♣ K♠ K♥ K♦",
              (Step(meld=legal("K4", 80, "K♣ K♠ K♥ K♦"), also=(legal("dix", 10, "N♥"),)),), 90),
        _case("SC-MELD2.K4+Q4", "SC-MELD2", "L32", L32, ("SC-MELD2",),
              "Hearts trump: K4 80, then Q4 60 in the same turn: one meld at a time; the second "
              "scores nothing (80).",
              "K♣ K♠ K♥ K♦ Q♣ Q♠ Q♥ Q♦",
              (Step(meld=legal("K4", 80, "K♣ K♠ K♥ K♦"),
                    also=(illegal("Q4", 60, "SC-MELD2", "Q♣ Q♠ Q♥ Q♦"),)),), 80),
        _case("SC-MELD5.♣M-then-♣♣M", "SC-MELD5", "L35", L35, ("SC-MELD5",),
              "Hearts trump: ♣M 20, then ♣♣M 40 adding the other K♣ Q♣ to the melded pair: a "
              "card of one marriage cannot be used in another marriage (ruling S6; 20).",
              "K♣ Q♣ K♣ Q♣",
              (meld(legal("♣M", 20, "K♣ Q♣")), meld(illegal("♣♣M", 40, "SC-MELD5", "K♣ Q♣"))),
              20),
        _case("SC-MELD5.♣♣M-fresh", "SC-MELD5", "L35", L35, ("SC-MELD5",),
              "Hearts trump: ♣♣M 40 from four concealed cards, none in a marriage before: "
              "legal (40).",
              "K♣ Q♣ K♣ Q♣", (meld(legal("♣♣M", 40, "K♣ Q♣ K♣ Q♣")),), 40),
        _case("SC-MELD6.RH", "SC-MELD6", "L36", L36, ("SC-MELD6",),
              "Hearts trump: the eight kings and queens melded all at once, a roundhouse: 240 "
              "(ruling S2, the sum of its parts).",
              roundhouse, (meld(legal("RH", 240, roundhouse)),), 240),
        _case("SC-MELD6.parts", "SC-MELD6", "L36", L36, ("SC-MELD6", "OT9C"),
              "Hearts trump: K4 80, then the marriages ♥M 40, ♠M 20, ♦M 20 each with a "
              "concealed queen, then Q4 60 with the last queen: 220; the fourth marriage would "
              "be two exposed cards (SC-MELD6 (OT9C)) and scores nothing.",
              roundhouse,
              (meld(legal("K4", 80, "K♣ K♠ K♥ K♦")), meld(legal("♥M", 40, "Q♥")),
               meld(legal("♠M", 20, "Q♠")), meld(legal("♦M", 20, "Q♦")),
               meld(legal("Q4", 60, "Q♣")), meld(illegal("♣M", 20, "SC-MELD6 (OT9C)"))), 220),
        _case("SC-TIP.L97.♥M-then-♥F", "SC-TIP", "L97", L97, ("SC-MELD5", "OT9G"),
              "Hearts trump: the royal marriage ♥M 40 first, then A♥ T♥ J♥ for the flush ♥F "
              "150 reusing its K♥ Q♥ (a flush is no marriage): 190.",
              "A♥ T♥ K♥ Q♥ J♥",
              (meld(legal("♥M", 40, "K♥ Q♥")), meld(legal("♥F", 150, "A♥ T♥ J♥"))), 190),
        _case("SC-TIP.L98.♥F", "SC-TIP", "L98", L98, ("SC-PLAY4",),
              "Hearts trump: the flush laid at once: 150.",
              "A♥ T♥ K♥ Q♥ J♥", (meld(legal("♥F", 150, "A♥ T♥ K♥ Q♥ J♥")),), 150),
    ]


#: Every Scarne case, in the text's order: tricks, meld rules, the worked numbers.
SCARNE_CASES: tuple[Case, ...] = tuple(_trick_cases() + _meld_cases())

SCARNE_BY_ID: dict[str, Case] = {c.id: c for c in SCARNE_CASES}
assert len(SCARNE_BY_ID) == len(SCARNE_CASES), "case ids must be unique"
