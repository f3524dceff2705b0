"""Double-pack partnership Pinochle's statements as conformance cases (spec
``../shared/rulesets/double-pack-partnership.md`` §10.1; the text is
``../shared/rules/double-pack-partnership.txt``, quoted by line: ``L45``).

The text has one worked example of its own (the deemed bids of L24) and many plain statements;
each case stages one of them in a legal record of a table of four (``build``), with the verdict
the text gives. As in ``conformance.cases``, nothing here asks the engine: the expected answers
are the rulebook's, and the arithmetic that turns a staged hand into them (who wins a trick, card
points, a hand's best meld, a side's score) is written out below from the text's own sentences,
so that the engine's ``partnership`` modules ``tricks``, ``contract`` and ``melds`` are what the
fixtures check.

- L15: the pack (a table) and a deal of 4 x 20 played out clean (``DP-PACK.80-cards``).
- L22-L24: a meld announced before any bid is no bid, whatever the hand holds (``DP-BID4.…``); a
  bid's statements (flush, 100 meld) leave it 500 (``DP-BID5.…``); announcements deemed bids:
  500 then ``announce 100`` = 510, ``140`` = 520; a flush announced before any bid = 500
  (``DP-BID7.…``, ``DP-BID6.…``).
- L25: nobody bids (all pass, or only announce): thrown in, no score, the next dealer is the
  dealer's left (``DP-BID9.…``); the same dealer again is DP-DEAL3.
- L27-L49: every row of the meld table with hearts trump, one case per value: ``DP-MELD2.♥F``,
  ``DP-MELD2.♥♥F`` (L31: 300), ``DP-MELD3.AAAA4`` (L45: 2,000), ``DP-MELD4.PPPP`` (3,000), ….
- L50: the heading rule: flush and the other royal marriage (190), flush and its own royal
  marriage (DP-MELD5, 150), K♠ in a marriage and in four kings (100).
- L51-L52: a side whose only trick is four jacks counts no meld; four kings would make it count,
  and four queens too under ``10-10-5-5`` (queens 5), not under ``10-10-10`` (spec D15).
- L57: each schedule's cards make 500 with the last trick's 20.
- L58: bid 600, made 570: -600; the opponents score what they made.

``SKIPPED`` lists the statements a record cannot show, with the reason (L17's draw).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Seat, Side, Suit, parse_cards

from ..cases import Source, TableFact

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
DOUBLE_PACK = {"Ruleset": "double-pack"}
HEARTS, SPADES = Suit.HEARTS, Suit.SPADES

# --- the text, by line ----------------------------------------------------------------------

L15 = ("A pack of 80 cards is used: four each of A, 10, K, Q, J (ranking in that order) in each "
       "suit. The pack is made by mixing together two regular 48-card Pinochle packs, and "
       "discarding all the 9s.")
L19 = "The entire pack is dealt, four or five cards at a time, giving each player 20 cards."
L22 = ("The minimum bid is 500. Bids are made in multiples of 10, and each bid must be higher "
       "than any previous bid.")
L23 = ("Before any player has bid, each player in turn may announce the amount of his meld, "
       "without giving any other information as to the nature of his hand, such as by "
       "announcing 100, 400 (or 10, 40). The player may announce more or less than the actual "
       "amount.")
L24_BID = ("In making a bid, a player may state that it is based on a flush or on a long suit, "
           "and may also announce a meld, as by bidding 500 and announcing a flush and 100 "
           "meld.")
L24_FLUSH = ("If a player announces a flush or long suit before any bid has been made, he is "
             "deemed to have bid 500.")
L24_MELD = ("If a player announces a meld in points after a bid has been made, he is deemed to "
            "have topped the previous bid by 10 points for each 100 points, or fraction of 100 "
            "points, that he announces. Example: The last bid was for 500; if the next player "
            "announces 100 meld, he has bid 510; if he announces 140 meld, the bid is 520.")
L25 = ("If all four players pass (or announce melds) but no one bids, the hands are thrown in "
       "and the next dealer deals.")
L19_LEFT = "The turn to deal passes to the left."
L31 = "(There is no extra score for a duplicated sequence. A double flush counts only 300.)"
L45 = "A quadruple group counts simply as two doubles; sixteen aces count 2,000"
L50 = ("A card that is part of a meld under one heading may be counted as part of a meld under "
       "another heading, but not part of another meld under the same heading.")
L51 = ("A side's melds do not count unless that side later wins a scoring trick. A worthless "
       "trick, such as four jacks, does not make the meld count.")
L57 = ("Aces, tens, and kings score 10 points each or Aces and tens score 10 points each, kings "
       "and queens score 5 points each. Other cards count nothing, but the last trick counts "
       "20. The total to be won in cards is 500.")
L58 = ("If the bidding side makes at least the amount of its bid in melds and cards, it scores "
       "all it makes. If it makes less than the bid, the whole amount is subtracted from its "
       "score. That side's opponents always score whatever they made.")

# --- the text's arithmetic ------------------------------------------------------------------

#: L15: A, 10, K, Q, J "ranking in that order".
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
#: L56, L57: card points of each schedule; the last trick 20.
SCHEDULES: Mapping[str, Mapping[Rank, int]] = {
    "10-10-10": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10},
    "10-10-5-5": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5},
}
LAST_TRICK = 20
#: L33-L45: groups, by how many of each suit (0-4; L45: a quadruple is two doubles).
GROUPS: Mapping[Rank, tuple[int, ...]] = {
    Rank.ACE: (0, 100, 1000, 1500, 2000), Rank.KING: (0, 80, 800, 1200, 1600),
    Rank.QUEEN: (0, 60, 600, 900, 1200), Rank.JACK: (0, 40, 400, 600, 800)}
#: L46-L49: pinochles Q♠ J♦, by how many.
PINOCHLES = (0, 40, 300, 450, 3000)
#: L28-L31: flush 150, royal marriage 40, marriage 20; a duplicated sequence counts the same again.
FLUSH, ROYAL, MARRIAGE = 150, 40, 20


def pack() -> tuple[Card, ...]:
    """L15: four each of A, 10, K, Q, J in each suit: 80 cards."""
    return tuple(Card(rank, suit) for suit in Suit for rank in RANKS for _ in range(4))


def best_meld(hand: Sequence[Card], trump: Suit) -> int:
    """A player's meld in full (L26-L50): each heading on the whole hand, a card in one meld of a
    heading (L50): every flush of trumps, the trump K Q pairs left as royal marriages, the other
    suits' K Q pairs as marriages; each group by its copies of every suit; pinochles."""
    def n(rank: Rank, suit: Suit) -> int:
        return sum(1 for c in hand if c.rank is rank and c.suit is suit)

    flushes = min(n(rank, trump) for rank in RANKS)
    total = FLUSH * flushes + ROYAL * (min(n(Rank.KING, trump), n(Rank.QUEEN, trump)) - flushes)
    total += sum(MARRIAGE * min(n(Rank.KING, s), n(Rank.QUEEN, s)) for s in Suit if s is not trump)
    total += sum(values[min(n(rank, s) for s in Suit)] for rank, values in GROUPS.items())
    return total + PINOCHLES[min(n(Rank.QUEEN, SPADES), n(Rank.JACK, Suit.DIAMONDS), 4)]


def trick_winner(cards: Sequence[Card], trump: Suit) -> int:
    """L54: the highest trump, else the highest card of the suit led; of duplicate cards the
    one played first. The index of the winning card."""
    best = 0
    for i, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card.suit is top.suit:
            if RANKS.index(card.rank) < RANKS.index(top.rank):
                best = i
        elif card.suit is trump:
            best = i
    return best


def card_points(cards: Sequence[Card], schedule: str) -> int:
    points = SCHEDULES[schedule]
    return sum(points.get(card.rank, 0) for card in cards)


@dataclass(frozen=True)
class SideVerdict:
    """A side's hand as the text scores it (L51-L59)."""

    cards: int
    melds: int
    made: int
    score: int
    counted: bool


def score(bidders: Side, bid: int, cards: Mapping[Side, int], melds: Mapping[Side, int],
          scoring: Mapping[Side, bool]) -> dict[Side, SideVerdict]:
    """L51: melds count only with a scoring trick; L58: the bidding side that made its bid
    scores all it made, else the bid is subtracted (spec D13: "the whole amount"); the
    opponents score what they made."""
    out = {}
    for side in (Side.NS, Side.EW):
        counted = scoring[side]
        meld = melds[side] if counted else 0
        made = cards[side] + meld
        out[side] = SideVerdict(cards[side], meld, made,
                                -bid if side is bidders and made < bid else made, counted)
    return out


# --- the cases ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One battle to stage. ``fixed``: cards dealt to a seat (the rest of the pack is shuffled
    into the hands); ``exact`` seats get no filler card that would add to their meld;
    ``calls``: the auction's lines (``bid N 500``, ``announce E 100``, ``pass S``);
    ``declare``: a seat's declaration as the record writes it (``♥F 150 ♥M 40``); any other seat
    declares its whole meld as a total (``best_meld``); ``first``: scripted tricks (cards from
    the leader); ``bid``, ``bidder``: the contract the text makes of the calls (``None``:
    thrown in)."""

    dealer: Seat
    calls: tuple[str, ...]
    bidder: Seat | None
    bid: int | None
    trump: Suit = HEARTS
    fixed: Mapping[Seat, tuple[Card, ...]] = field(default_factory=dict)
    exact: tuple[Seat, ...] = ()
    declare: Mapping[Seat, str] = field(default_factory=dict)
    credited: Mapping[Seat, int] = field(default_factory=dict)
    first: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class DPCase:
    """A double-pack statement staged as a game of ``hands`` (battles 1, 2, …).

    ``credited`` in a hand: the meld a seat is credited with when its declaration is not its
    whole meld (L50: an illegal part scores nothing). ``findings``: (rule, battle, trick) the
    replay must report (none: a clean record). ``made``: the bidding side's made total the
    staging must reach (L58's 570). ``only_trick``: the one trick the melding side wins (L52)."""

    id: str
    source: Source
    rules: tuple[str, ...]
    description: str
    hands: tuple[Hand, ...]
    tags: Mapping[str, str] = field(default_factory=lambda: dict(DOUBLE_PACK))
    tables: tuple[TableFact, ...] = ()
    findings: tuple[tuple[str, int, int | None], ...] = ()
    made: int | None = None
    only_trick: int | None = None
    note: str | None = None


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def _src(rule: str, line: str, text: str) -> Source:
    return Source(rule, line, text)


#: N bids 500 with W dealing (N calls first, DP-BID1), everyone else passes: N plays 500.
N_PLAYS_500 = ("bid N 500", "pass E", "pass S", "pass W")

#: The meld table with hearts trump (L27-L49): rule, line, kind, cards, points, the row's text.
MELD_ROWS: tuple[tuple[str, str, str, str, int, str], ...] = (
    ("DP-MELD2", "L28", "♥F", "A♥ T♥ K♥ Q♥ J♥", 150, "A, K, Q, J, 10 of trumps (flush) 150"),
    ("DP-MELD2", "L29", "♥M", "K♥ Q♥", 40, "K, Q of trumps (royal marriage) 40"),
    ("DP-MELD2", "L30", "♠M", "K♠ Q♠", 20, "K, Q of any other suit (marriage) 20"),
    ("DP-MELD2", "L31", "♥♥F", "A♥ T♥ K♥ Q♥ J♥ " * 2, 300, L31),
    *((("DP-MELD3", line, letter * n + "4", f"{letter}♣ {letter}♠ {letter}♥ {letter}♦ " * n,
        points, text)
       for letter, rows in (
           ("A", (("L33", 100, "4 aces (one of each suit) 100"),
                  ("L34", 1000, "Double aces (two of each suit) 1,000"),
                  ("L35", 1500, "Triple aces (three of each suit) 1,500"), ("L45", 2000, L45))),
           ("K", (("L36", 80, "4 kings (one of each suit) 80"),
                  ("L37", 800, "Double kings (two of each suit) 800"),
                  ("L38", 1200, "Triple kings (three of each suit) 1,200"),
                  ("L45", 1600, L45 + " [two double kings: 1,600]"))),
           ("Q", (("L39", 60, "4 queens (one of each suit) 60"),
                  ("L40", 600, "Double queens ( two of each suit) 600"),
                  ("L41", 900, "Triple queens (three of each suit) 900"),
                  ("L45", 1200, L45 + " [two double queens: 1,200]"))),
           ("J", (("L42", 40, "4 jacks (one of each suit) 40"),
                  ("L43", 400, "Double jacks (two of each suit) 400"),
                  ("L44", 600, "Triple jacks (three of each suit) 600"),
                  ("L45", 800, L45 + " [two double jacks: 800]"))))
       for n, (line, points, text) in enumerate(rows, 1))),
    ("DP-MELD4", "L46", "P", "Q♠ J♦", 40, "Pinochle (Q♠, J♦) 40"),
    ("DP-MELD4", "L47", "PP", "Q♠ J♦ " * 2, 300, "Double pinochle 300"),
    ("DP-MELD4", "L48", "PPP", "Q♠ J♦ " * 3, 450, "Triple pinochle 450"),
    ("DP-MELD4", "L49", "PPPP", "Q♠ J♦ " * 4, 3000, "Quadruple pinochle 3,000"),
)


def _meld_case(rule: str, line: str, kind: str, held: str, points: int, text: str,
               ) -> DPCase:
    hand = Hand(W, N_PLAYS_500, N, 500, fixed={N: cards(held)}, exact=(N,),
                declare={N: f"{kind} {points}"})
    return DPCase(
        f"{rule}.{kind}", _src(rule, line, text), (rule, "DP-MELD1"),
        f"Hearts trump: North holds {kind} and nothing else that melds, and declares it: "
        f"{points:,}; North-South's melds are his and South's whole meld (counted: the side "
        "wins a scoring trick).",
        (hand,), tables=(TableFact("meld_points", {kind: points}, dict(DOUBLE_PACK), "♥"),))


def _table_cases() -> list[DPCase]:
    return [_meld_case(*row) for row in MELD_ROWS]


def _heading_cases() -> list[DPCase]:
    def case(case_id: str, description: str, held: str, declared: str, credited: int,
             findings: tuple[tuple[str, int, int | None], ...] = ()) -> DPCase:
        hand = Hand(W, N_PLAYS_500, N, 500, fixed={N: cards(held)}, exact=(N,),
                    declare={N: declared}, credited={N: credited})
        return DPCase(case_id, _src("DP-MELD5", "L50", L50), ("DP-MELD5", "DP-MELD2"),
                      description, (hand,), findings=findings)

    return [
        case("DP-MELD5.♥F+other-♥M",
             "Hearts trump, A♥ T♥ K♥ K♥ Q♥ Q♥ J♥: the flush and the royal marriage of the other "
             "K♥ Q♥: 150 + 40 = 190.", "A♥ T♥ K♥ K♥ Q♥ Q♥ J♥", "♥F 150 ♥M 40", 190),
        case("DP-MELD5.♥F+same-♥M",
             "Hearts trump, A♥ T♥ K♥ Q♥ J♥: the royal marriage declared beside the flush is "
             "the flush's own K♥ Q♥, a second meld under the same heading (DP-MELD5): the "
             "flush counts once, 150.", "A♥ T♥ K♥ Q♥ J♥", "♥F 150 ♥M 40", 150,
             (("DP-MELD5", 1, None),)),
        case("DP-MELD5.K♠-in-♠M-and-K4",
             "Hearts trump, K♠ Q♠ K♣ K♥ K♦: K♠ is in the spade marriage (sequences) and in "
             "four kings (groups), different headings: 20 + 80 = 100.", "K♠ Q♠ K♣ K♥ K♦",
             "♠M 20 K4 80", 100),
    ]


def _one_trick_hand(face: str) -> Hand:
    """North bids 500 and names spades; East and West hold every spade and nearly every club,
    and one ``face``♥ each, their only heart; North and South hold the rest (every other heart,
    every diamond, a J♣ each). North leads ``face``♥, everyone follows with one: four identical
    cards, North's played first wins (L54), North-South's only trick: East-West take every
    other trick (void in hearts and diamonds, they trump; North-South, void in spades, never
    can)."""
    x = Card(Rank.parse(face), HEARTS)
    hearts = [Card(rank, HEARTS) for rank in RANKS for _ in range(4)]
    hearts = [c for c in hearts if c != x]           # the four x: one to each seat
    diamonds = [Card(rank, Suit.DIAMONDS) for rank in RANKS for _ in range(4)]
    rest = sorted(hearts + diamonds, key=lambda c: -c.index)
    ew = cards("A♠ T♠ K♠ Q♠ J♠ " * 2 + "A♣ T♣ K♣ Q♣ " * 2 + "J♣")
    fixed = {N: (x, Card.parse("J♣"), *rest[0::2]), S: (x, Card.parse("J♣"), *rest[1::2]),
             E: (x, *ew), W: (x, *ew)}
    return Hand(W, N_PLAYS_500, N, 500, trump=SPADES, fixed=fixed, first=((x, x, x, x),))


def _count_cases() -> list[DPCase]:
    out = []
    for rule, schedule in (("DP-COUNT1", "10-10-10"), ("DP-COUNT2", "10-10-5-5")):
        tags = {**DOUBLE_PACK, "TrickScoring": schedule}
        values = {str(c): SCHEDULES[schedule].get(c.rank, 0) for c in ALL_CARDS if c.rank in RANKS}
        out.append(DPCase(
            f"{rule}.{schedule}.500", _src(rule, "L57", L57), (rule, "DP-COUNT2"),
            f"TrickScoring \"{schedule}\": the 80 cards are worth 480, the last trick 20: the "
            "two sides' cards make 500.",
            (Hand(W, N_PLAYS_500, N, 500),), tags=tags,
            tables=(TableFact("card_points", values, tags),
                    TableFact("pack_points", {"total": 480}, tags))))
    return out


def _cases() -> list[DPCase]:
    copies = {str(c): 4 if c.rank in RANKS else 0 for c in ALL_CARDS}
    throw_in = Hand(N, ("pass E", "pass S", "pass W", "pass N"), None, None)
    after = Hand(E, ("bid S 500", "pass W", "pass N", "pass E"), S, 500)
    return [
        DPCase("DP-PACK.80-cards", _src("DP-PACK", "L15", f"{L15} {L19}"),
               ("DP-PACK", "DP-DEAL2"),
               "The pack is four of each of A, 10, K, Q, J in each suit, no nines or deuces: "
               "80 cards; the whole pack is dealt, 20 to each of the four players, and the hand "
               "played out is clean.",
               (Hand(W, N_PLAYS_500, N, 500),),
               tables=(TableFact("pack", copies, dict(DOUBLE_PACK)),)),
        DPCase("DP-BID4.announce-400-before-any-bid", _src("DP-BID4", "L23", L23),
               ("DP-BID4", "DP-BID3"),
               "North deals; East announces 400 meld before any bid (information only, never "
               "checked against his hand: it may be more or less than he holds); South bids "
               "500, the others pass: South plays 500, and the record is clean.",
               (Hand(N, ("announce E 400", "bid S 500", "pass W", "pass N", "pass E"), S,
                     500),)),
        DPCase("DP-BID5.500-flush-and-100-meld", _src("DP-BID5", "L24", L24_BID),
               ("DP-BID5", "DP-BID3"),
               "North bids 500 stating a flush and 100 meld: the statements are information, "
               "the bid is 500; the others pass: North plays 500.",
               (Hand(W, ("bid N 500 flush meld 100", "pass E", "pass S", "pass W"), N, 500),)),
        DPCase("DP-BID7.announce-100-is-510", _src("DP-BID7", "L24", L24_MELD),
               ("DP-BID7", "DP-BID3"),
               "North bids 500; East announces 100 meld: a bid of 510; the others pass: East "
               "plays 510.",
               (Hand(W, ("bid N 500", "announce E 100", "pass S", "pass W", "pass N"), E, 510,
                     trump=SPADES),)),
        DPCase("DP-BID7.announce-140-is-520", _src("DP-BID7", "L24", L24_MELD),
               ("DP-BID7", "DP-BID3"),
               "North bids 500; East announces 140 meld: 500 topped by 10 for each 100 or "
               "fraction of 100, a bid of 520; the others pass: East plays 520.",
               (Hand(W, ("bid N 500", "announce E 140", "pass S", "pass W", "pass N"), E, 520,
                     trump=SPADES),)),
        DPCase("DP-BID6.flush-is-500", _src("DP-BID6", "L24", L24_FLUSH),
               ("DP-BID6", "DP-BID3"),
               "North announces a flush before any bid: a bid of 500; the others pass: North "
               "plays 500.",
               (Hand(W, ("announce N flush", "pass E", "pass S", "pass W"), N, 500),)),
        DPCase("DP-BID9.all-pass", _src("DP-BID9", "L25", f"{L25} {L19_LEFT}"),
               ("DP-BID9", "DP-DEAL3"),
               "North deals; all four pass: the hands are thrown in, nobody scores; East, the "
               "dealer's left, deals the next hand.",
               (throw_in, after)),
        DPCase("DP-BID9.announce-only", _src("DP-BID9", "L25", f"{L25} {L19_LEFT}"),
               ("DP-BID9", "DP-BID4", "DP-DEAL3"),
               "North deals; East announces 100, South passes, West announces 200, North "
               "passes: announcements before any bid are no bids, so the hands are thrown in; "
               "East deals next.",
               (Hand(N, ("announce E 100", "pass S", "announce W 200", "pass N"), None, None),
                after)),
        DPCase("DP-DEAL3.same-dealer-after-throw-in", _src("DP-DEAL3", "L25",
                                                          f"{L25} {L19_LEFT}"),
               ("DP-DEAL3", "DP-BID9"),
               "North deals, all pass, thrown in; North deals again: the deal passes to the "
               "left, to East (DP-DEAL3).",
               (throw_in, Hand(N, ("bid E 500", "pass S", "pass W", "pass N"), E, 500)),
               findings=(("DP-DEAL3", 2, None),)),
        *_table_cases(),
        *_heading_cases(),
        DPCase("DP-MELD7.four-jacks", _src("DP-MELD7", "L52", L51), ("DP-MELD7", "DP-MELD6"),
               "North-South's only trick is four J♥ (worth nothing): their melds count 0; "
               "North is set by his 500.",
               (_one_trick_hand("J"),), only_trick=1),
        DPCase("DP-MELD6.four-kings", _src("DP-MELD6", "L51", L51), ("DP-MELD6",),
               "North-South's only trick is four K♥ (40 in cards): a scoring trick, their melds "
               "count.", (_one_trick_hand("K"),), only_trick=1),
        DPCase("DP-MELD7.four-queens.10-10-10", _src("DP-MELD7", "L52", f"{L51} {L57}"),
               ("DP-MELD7", "DP-COUNT1"),
               "TrickScoring \"10-10-10\": North-South's only trick is four Q♥, worth nothing "
               "in this schedule (spec D15): their melds count 0.",
               (_one_trick_hand("Q"),), tags={**DOUBLE_PACK, "TrickScoring": "10-10-10"},
               only_trick=1),
        DPCase("DP-MELD7.four-queens.10-10-5-5", _src("DP-MELD7", "L52", f"{L51} {L57}"),
               ("DP-MELD7", "DP-COUNT2"),
               "TrickScoring \"10-10-5-5\": North-South's only trick is four Q♥, 20 in this "
               "schedule (queens 5 each), a scoring trick (spec D15): their melds count.",
               (_one_trick_hand("Q"),), tags={**DOUBLE_PACK, "TrickScoring": "10-10-5-5"},
               only_trick=1),
        *_count_cases(),
        DPCase("DP-SCORE2.600-made-570", _src("DP-SCORE2", "L58", L58),
               ("DP-SCORE2", "DP-SCORE3"),
               "North bids 600; North-South make 570 in melds and cards: they score -600 (the "
               "bid, spec D13); East-West score what they made.",
               (Hand(W, ("bid N 600", "pass E", "pass S", "pass W"), N, 600),), made=570),
    ]


#: Statements of the text a record cannot show, and why (spec §10.1).
SKIPPED: Mapping[str, str] = {
    "DP-DRAW1": "L17, the draw for partners and the first deal: a record starts with its seats "
                "and its first dealer; the draw that chose them is not in it (spec D18).",
    "DP-DRAW2": "L17, ties in the draw drawing again: as DP-DRAW1.",
    "DP-BID3 (dropped zero)": "L22, 50 written for 500 and 51 for 510: a custom of speech; the "
                              "record writes full points (spec D17), so 50 in a record is a "
                              "bid of 50.",
}

#: Every double-pack case, in the text's order.
DOUBLE_PACK_CASES: tuple[DPCase, ...] = tuple(_cases())

DOUBLE_PACK_BY_ID: dict[str, DPCase] = {c.id: c for c in DOUBLE_PACK_CASES}
assert len(DOUBLE_PACK_BY_ID) == len(DOUBLE_PACK_CASES), "case ids must be unique"
