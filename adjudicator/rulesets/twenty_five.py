"""Two-player Pinochle in 25 steps (``../shared/rules/two-player-25-steps.txt``, TP0-TP25 and the
variations TPV1-TPV8) as data.

The spec is ``../shared/rulesets/two-player-25-steps.md``; every choice the text leaves open is
recorded in docs/rulings.md ("25-steps two-player Pinochle"). It is old-time two-handed Pinochle
(the same pack, deal, upcard and dix, phase B ``must-win``) with three differences of its own:

- the meld table has no doubles but double pinochle (TP14), and its melds are *ranked by type*:
  sequence 4 > marriage 3 > pinochle 2 > set of four 1 (TP14); a card of an earlier meld may go
  only into a meld of a higher-ranked type, with a card from the hand (TP19a1-TP19a3, the
  ``type`` reuse policy: ``MeldEntry.rank``, ``Ruleset.reuse_cites``);
- the game ends by a knock (TP25): right wins, wrong loses; a hand that ends with a player at
  the target and no knock raises the target by 250 (``GameEnd("knock", target, rise=rise)``);
- its variations are option tags, the default first:
  ``TrickScoring`` (TP23: ``11-10-4-3-2``; TPV4 ``10-10-5-5-5``; TPV5 ``10-10-10``, ``10-10``),
  ``DoublePinochle`` (TP14 ``80``; TPV2 ``300``), ``Target`` (TP2, TPV6), ``Knocking`` (TP25
  ``yes``; TPV6 ``no``: the game ends at a hand's end, as old-time), ``GameEnd`` (``target``;
  TPV6 ``single-hand``), ``LastDraw`` (TP20 ``fixed``; TPV1 ``show``: the same draws; TPV1
  ``choice``: the winner of the last trick of the talon chooses, ``choose W upcard``),
  ``KnockProof`` (``none``; TPV6 ``next-trick``: a knock is decided when the knocker next wins a
  trick, that trick counted; TPV6's "first lead trick" is too vague, T14, and refused),
  ``Rounding`` (``none``; TPV3 ``5``, ``7``), ``Scale`` (``points``; TPV5 ``tens``: with the
  default schedule it counts TPV5's A, T, K, as ``10-10-10``; refused with ``10-10-5-5-5``),
  ``GrandPinochle`` (``no``; TPV2 ``80``: K♠ Q♠ J♦, the ``GP`` meld), ``Laws`` (``none``: the
  laws list is lost, TP-LAWS; ``scarne``: Scarne's laws, ``laws.SCARNE_LAWS``, their findings
  citing Scarne's SC- ids, spec §7), with it ``RenegeCheck`` and ``LookPenalty`` as Scarne's
  (``laws.SCARNE_LAW_OPTIONS``). How the laws meet the knock, the last draw, the dix and the
  rising target: docs/rulings.md, "25-steps", Laws.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from pinochle.notation.cards import ALL_CARDS, Card, Rank, Suit
from pinochle.notation.melds import Family, MeldKind

from pinochle.adjudicator.laws.policy import SCARNE_LAW_OPTIONS, laws_of
from pinochle.adjudicator.model.ruleids import RuleIds
from pinochle.adjudicator.model.ruleset import RulesetMaker
from pinochle.adjudicator.model.ruleset import (FollowRules, GameEnd, MeldEntry, Ruleset,
                                                RulesetError, TrickRuleIds, check_options)


__all__ = ["TWENTY_FIVE_OPTIONS", "twenty_five", "twenty_five_melds"]

#: Each engine check's rule id in this rulebook (``RuleIds``).
TWENTY_FIVE_IDS = RuleIds(
    pack="TP1", score="TP24", game="TP2", dealer="TP24", battle="TP24", deal="TP5", hand="TP5",
    stock="TP6", trick="TP9", lead="TP18", follow="TP22", melder="TP13", draws="TP17",
    end="TP22", trick_points="TP23", table="TP14", cards="TP13", concealed="TP19a3",
    won="TP12", one_meld="TP13", reuse="TP19a2", played="TP12", exposure="TP13",
    follow_suit="TP22", head="TP22", trump_void="TP22", last_trick="TP23", upcard="TP8",
    dix="TP15", phase_b="TP21", replaced="TP19b1", knock="TP25", no_stock="TP22",
    last_draw="TP20", choice="TPV1", knock_proof="TPV6",
)

# TP11: ranks high to low; the highest trump, else the highest of the suit led; identical
# cards: the first played (the leader's) wins.
RANK_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
TRICK_RULES = TrickRuleIds(identical="TP11", higher_rank="TP11", trump="TP11",
                           higher_suit="TP11", otherwise="TP11")

# TP23 (L51-59) and its variants TPV4, TPV5: points per rank in a trick (nines 0).
SCHEDULES: Mapping[str, Mapping[Rank, int]] = MappingProxyType({
    "11-10-4-3-2": {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    "10-10-5-5-5": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5, Rank.JACK: 5},
    "10-10-10": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10},
    "10-10": {Rank.ACE: 10, Rank.TEN: 10},
})
#: TPV5: "everything in tens" only where every value is a multiple of ten.
TENS_SCHEDULES = ("10-10-10", "10-10")

#: The option tags and their values, the default first.
TWENTY_FIVE_OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "TrickScoring": tuple(SCHEDULES),
    "DoublePinochle": ("80", "300"),
    "Target": ("1000", "1250", "1500", "2000", "2500", "3000", "3550"),
    "Knocking": ("yes", "no"),
    "GameEnd": ("target", "single-hand"),
    "LastDraw": ("fixed", "show", "choice"),
    "Rounding": ("none", "5", "7"),
    "Scale": ("points", "tens"),
    "GrandPinochle": ("no", "80"),
    "Laws": ("none", "scarne"),
    "KnockProof": ("none", "next-trick"),
    **SCARNE_LAW_OPTIONS,
})

# TP14: the meld types ranked, high = 4 (the reuse rule compares these, TP19a2).
SEQUENCE, MARRIAGE, PINOCHLE_TYPE, FOUR = 4, 3, 2, 1
#: The dix is in no type (no other meld holds the nine of trumps): a rank of its own, so that
#: only a fresh nine lays a second dix (TP15).
DIX = 5
TYPE_NAMES = ("", "set of four", "pinochle", "marriage", "sequence", "dix")
#: The rule cited when a card of a meld of type ``earlier`` is reused in one of type ``later``
#: (spec §4.3): the consequences TP19b2-TP19b4 where they name the case; the same type TP19a1;
#: any other lower type TP19a2.
REUSE_CITES: Mapping[tuple[int, int], str] = MappingProxyType({
    **{(SEQUENCE, later): "TP19b4" for later in range(1, 5)},
    (MARRIAGE, PINOCHLE_TYPE): "TP19b2",
    (MARRIAGE, FOUR): "TP19b3", (PINOCHLE_TYPE, FOUR): "TP19b3",
    **{(same, same): "TP19a1" for same in range(1, 4)},
    (DIX, DIX): "TP15",
})

SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
FOURS = {Rank.ACE: 100, Rank.KING: 80, Rank.QUEEN: 60, Rank.JACK: 40}
PINOCHLE = (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS))


def _entry(kind: MeldKind, cards: tuple[Card, ...], points: int, rank: int, scale: int,
           free: bool = False, exchange: bool = False) -> tuple[MeldKind, MeldEntry]:
    return kind, MeldEntry(kind, cards, points // scale, 0, free, exchange, rank=rank)


@lru_cache(maxsize=None)
def twenty_five_melds(trump: Suit, double_pinochle: int = 80, scale: int = 1,
                      grand: int = 0) -> Mapping[MeldKind, MeldEntry]:
    """TP14's table with ``trump`` as trumps (and TP15's dix and its exchange), in the table's
    order, each value divided by ``scale`` (TPV5: 10). A sequence is in trumps only (L26);
    no doubles but double pinochle (spec §4.1, T4). ``grand``: grand pinochle's value (TPV2;
    0: not a meld), a meld of the marriage type (T17)."""
    rows: list[tuple[MeldKind, MeldEntry]] = []
    sequence = tuple(Card(rank, trump) for rank in SEQUENCE_RANKS)
    rows.append(_entry(MeldKind(Family.SEQUENCE, trump), sequence, 150, SEQUENCE, scale))
    for suit in (trump, *(s for s in Suit if s is not trump)):
        pair = (Card(Rank.KING, suit), Card(Rank.QUEEN, suit))
        rows.append(_entry(MeldKind(Family.MARRIAGE, suit), pair, 40 if suit is trump else 20,
                           MARRIAGE, scale))
    rows.append(_entry(MeldKind(Family.PINOCHLE), PINOCHLE, 40, PINOCHLE_TYPE, scale))
    rows.append(_entry(MeldKind(Family.PINOCHLE, None, True), PINOCHLE * 2, double_pinochle,
                       PINOCHLE_TYPE, scale))
    if grand:
        rows.append(_entry(MeldKind(Family.GRAND), (Card(Rank.KING, Suit.SPADES), *PINOCHLE),
                           grand, MARRIAGE, scale))
    for rank, value in FOURS.items():
        rows.append(_entry(MeldKind(Family.QUARTET, rank), tuple(Card(rank, s) for s in Suit),
                           value, FOUR, scale))
    nine = (Card(Rank.NINE, trump),)
    rows.append(_entry(MeldKind(Family.DIX), nine, 10, DIX, scale, free=True))
    rows.append(_entry(MeldKind(Family.SWAP), nine, 10, DIX, scale, free=True, exchange=True))
    return MappingProxyType(dict(rows))


_OPTION_NAMES = ("TrickScoring", "DoublePinochle", "Target", "Knocking", "GameEnd", "LastDraw",
                 "Rounding", "Scale", "GrandPinochle", "Laws", "KnockProof", "RenegeCheck",
                 "LookPenalty")


@lru_cache(maxsize=None)
def twenty_five(trick_scoring: str = "11-10-4-3-2", double_pinochle: str = "80",
                target: str = "1000", knocking: str = "yes", game_end: str = "target",
                last_draw: str = "fixed", rounding: str = "none", scale: str = "points",
                grand_pinochle: str = "no", laws: str = "none",
                knock_proof: str = "none", renege_check: str = "any-time",
                look_penalty: str = "none") -> Ruleset:
    """Two-player 25-steps Pinochle with the given options (the module docstring)."""
    values = (trick_scoring, double_pinochle, target, knocking, game_end, last_draw, rounding,
              scale, grand_pinochle, laws, knock_proof, renege_check, look_penalty)
    options = dict(zip(_OPTION_NAMES, values))
    if knock_proof == "first-lead":
        raise RulesetError("KnockProof \"first-lead\" (TPV6: the knocker must win \"the first "
                           "lead trick\") is too vague to referee (spec T14): KnockProof must be "
                           f"one of {', '.join(TWENTY_FIVE_OPTIONS['KnockProof'])}", "KnockProof")
    check_options(options, TWENTY_FIVE_OPTIONS)
    policy = laws_of(options)          # the laws-only tags leave the options without laws
    tens = 10 if scale == "tens" else 1
    schedule_name = trick_scoring
    if tens > 1 and trick_scoring == TWENTY_FIVE_OPTIONS["TrickScoring"][0]:
        schedule_name = TENS_SCHEDULES[0]       # TPV5's own count: A, T, K one point each
    if tens > 1 and schedule_name not in TENS_SCHEDULES:
        raise RulesetError(f"Scale \"tens\" counts only A, T (and K) in tricks (TPV5): "
                           f"TrickScoring must be one of {', '.join(TENS_SCHEDULES)} (or left "
                           f"at its default), not \"{trick_scoring}\"", "Scale")
    if tens > 1 and rounding != "none":
        raise RulesetError("Rounding rounds trick points to ten (TPV3); with Scale \"tens\" "
                           "there is nothing to round: Rounding must be \"none\"", "Rounding")
    schedule = SCHEDULES[schedule_name]
    goal = int(target) // tens
    if game_end == "single-hand":
        end = GameEnd("single-hand", goal)
    elif knocking == "yes":
        end = GameEnd("knock", goal, rise=250 // tens,                         # TP25
                      proof="next-trick" if knock_proof == "next-trick" else "none")  # TPV6
    else:
        end = GameEnd("target", goal)                                     # TPV6
    if knock_proof != "none" and end.kind != "knock":
        raise RulesetError(f"KnockProof \"{knock_proof}\" proves a knock (TPV6), and this game "
                           "ends without knocking (Knocking \"no\" or GameEnd \"single-hand\"): "
                           "KnockProof must be \"none\"", "KnockProof")
    return Ruleset(
        name="25-steps",
        pack=MappingProxyType({c: 0 if c.rank is Rank.DEUCE else 2 for c in ALL_CARDS}),  # TP1
        hand_size=12,                                                     # TP5
        card_points=MappingProxyType({c: schedule.get(c.rank, 0) // tens for c in ALL_CARDS}),
        melds=MappingProxyType({}),         # no table until the upcard fixes trump (TP7)
        rank_order=RANK_ORDER,
        suit_order=(),
        identical_won_by="leader",                                        # TP11
        trick_rule_ids=TRICK_RULES,
        pack_rule="TP1",
        options=MappingProxyType(options),
        ids=TWENTY_FIVE_IDS,
        trump="upcard",                                                   # TP7
        upcard_nine_bonus=10 // tens,                                     # TP8
        trump_melds=MappingProxyType({
            suit: twenty_five_melds(suit, int(double_pinochle), tens,
                                    0 if grand_pinochle == "no" else int(grand_pinochle))
            for suit in Suit}),
        follow=FollowRules("phase-b", "all", True),                       # TP10, TP22
        last_trick_bonus=10 // tens,                                      # TP23
        melds_in_phase_b=False,                                           # TP22
        phase_b_returns_exposed=True,                                     # TP21
        reuse="type",                                                     # TP19
        reuse_cites=REUSE_CITES,
        type_names=TYPE_NAMES,
        laws=policy,
        game_end=end,
        round_up_from=0 if rounding == "none" else int(rounding),         # TPV3
        last_draw_choice=last_draw == "choice",                           # TPV1
    )


#: How a record's tags choose this ruleset (collected by ``adjudicator/rulesets/__init__.py``).
REGISTRATION = RulesetMaker(
    "25-steps", twenty_five, TWENTY_FIVE_OPTIONS,
    {"TrickScoring": "trick_scoring", "DoublePinochle": "double_pinochle",
     "Target": "target", "Knocking": "knocking", "GameEnd": "game_end",
     "LastDraw": "last_draw", "Rounding": "rounding", "Scale": "scale",
     "GrandPinochle": "grand_pinochle", "Laws": "laws", "KnockProof": "knock_proof",
     "RenegeCheck": "renege_check", "LookPenalty": "look_penalty"})
