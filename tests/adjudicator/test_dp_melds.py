"""Double-pack melds (spec §4): the table (DP-MELD2-DP-MELD4), the heading rule (DP-MELD5), a
player's best meld and the judgement of a declaration (§4.4; rulings D9-D12, D21).

Fixtures from the rulebook's text (spec §10.1): L31 (double flush 300), L33-49 (groups and
pinochles, sixteen aces 2,000), L50 (the heading rule).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK
from pinochle.adjudicator.partnership.melds import best_declaration, best_meld, judge_declaration
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.notation.cards import Card, Rank, Seat, Suit, parse_cards
from pinochle.notation.events import Meld, Span
from pinochle.notation.melds import MeldKind

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
N = Seat.NORTH


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def points(kind: str, trump: Suit = H) -> int | None:
    return DOUBLE_PACK.meld_points(MeldKind.parse(kind), trump)


def meld(kind: str, claimed: int, line: int = 0) -> Meld:
    return Meld(kind=MeldKind.parse(kind), points=claimed, span=Span(line, 1, line, 9),
                points_span=Span(line, 5, line, 9))


def judge(hand: str, *melds: Meld, total: int | None = None, trump: Suit = H):
    return judge_declaration(cards(hand), melds, total, trump, DOUBLE_PACK, N)


def rules(verdict) -> list[str]:
    return [f.rule for f in verdict.findings]


def times(text: str, n: int) -> str:
    return " ".join([text] * n)


ALL_SUITS = "♣ ♠ ♥ ♦".split()


def around(rank: str, n: int) -> str:
    return times(" ".join(rank + s for s in ALL_SUITS), n)


# ---- the table ----

def test_DP_MELD2_L27_L31_sequences_and_D9_multiples():
    assert [points(k) for k in ("♥F", "♥♥F", "♥♥♥F", "♥♥♥♥F")] == [150, 300, 450, 600]
    assert [points(k) for k in ("♥M", "♥♥M", "♥♥♥M", "♥♥♥♥M")] == [40, 80, 120, 160]
    assert [points(k) for k in ("♠M", "♠♠M", "♠♠♠M", "♠♠♠♠M")] == [20, 40, 60, 80]


def test_DP_MELD2_L31_a_double_flush_counts_only_300():
    assert points("♥♥F") == 300
    assert best_meld(cards(times("A♥ T♥ K♥ Q♥ J♥", 2)), H, DOUBLE_PACK) == 300


def test_DP_MELD2_D21_no_flush_in_a_plain_suit_its_marriage_counts():
    assert points("♠F", H) is None and points("♠F", S) == 150
    assert best_meld(cards("A♠ T♠ K♠ Q♠ J♠"), H, DOUBLE_PACK) == 20


def test_DP_MELD3_L33_L45_groups_single_double_triple_and_D10_quadruple():
    assert [points(k) for k in ("A4", "AA4", "AAA4", "AAAA4")] == [100, 1000, 1500, 2000]
    assert [points(k) for k in ("K4", "KK4", "KKK4", "KKKK4")] == [80, 800, 1200, 1600]
    assert [points(k) for k in ("Q4", "QQ4", "QQQ4", "QQQQ4")] == [60, 600, 900, 1200]
    assert [points(k) for k in ("J4", "JJ4", "JJJ4", "JJJJ4")] == [40, 400, 600, 800]
    assert points("T4") is None


def test_DP_MELD3_L45_sixteen_aces_count_2000():
    assert best_meld(cards(around("A", 4)), S, DOUBLE_PACK) == 2000


def test_DP_MELD4_L46_L49_pinochles_40_300_450_3000():
    assert [points(k) for k in ("P", "PP", "PPP", "PPPP")] == [40, 300, 450, 3000]
    assert [best_meld(cards(times("Q♠ J♦", n)), H, DOUBLE_PACK)
            for n in (1, 2, 3, 4)] == [40, 300, 450, 3000]


# ---- DP-MELD5 and the best meld ----

def test_DP_MELD5_L50_flush_and_royal_marriage_share_k_q_once():
    assert best_meld(cards("A♥ T♥ K♥ Q♥ J♥"), H, DOUBLE_PACK) == 150


def test_DP_MELD5_spec_example_a_flush_and_one_royal_marriage_190_not_230():
    hand = cards("A♥ T♥ K♥ K♥ Q♥ Q♥ J♥")
    assert best_meld(hand, H, DOUBLE_PACK) == 190
    assert [(str(m.kind), m.points) for m in best_declaration(hand, H, DOUBLE_PACK)] == [
        ("♥F", 150), ("♥M", 40)]


def test_DP_MELD5_L50_a_king_in_a_marriage_and_in_kings_counts_in_both():
    # K♠ Q♠ marriage (sequences) and four kings (groups): both, 20 + 80
    hand = cards("K♠ Q♠ K♣ K♥ K♦")
    assert best_meld(hand, H, DOUBLE_PACK) == 100
    verdict = judge("K♠ Q♠ K♣ K♥ K♦", meld("♠M", 20), meld("K4", 80))
    assert verdict.points == 100 and verdict.findings == []


def test_DP_MELD5_queen_of_spades_in_pinochle_marriage_and_queens():
    hand = "Q♠ J♦ K♠ Q♣ Q♥ Q♦"
    assert best_meld(cards(hand), H, DOUBLE_PACK) == 40 + 20 + 60
    verdict = judge(hand, meld("P", 40), meld("♠M", 20), meld("Q4", 60))
    assert verdict.points == 120 and verdict.findings == []


def test_best_declaration_sums_to_best_meld_in_table_order():
    hand = cards("A♥ T♥ K♥ Q♥ J♥ K♥ Q♥ K♣ Q♣ " + around("A", 2) + " Q♠ J♦ Q♠ J♦")
    declared = best_declaration(hand, H, DOUBLE_PACK)
    assert [str(m.kind) for m in declared] == ["♥F", "♥M", "♣M", "AA4", "PP"]
    assert sum(m.points for m in declared) == best_meld(hand, H, DOUBLE_PACK) == (
        150 + 40 + 20 + 1000 + 300)


def test_best_meld_of_nothing_is_zero():
    assert best_meld(cards("A♥ T♠ J♣ J♣"), H, DOUBLE_PACK) == 0
    assert best_declaration(cards("A♥ T♠ J♣ J♣"), H, DOUBLE_PACK) == ()


# ---- judge_declaration (§4.4) ----

def test_DP_MELD2_declared_flush_held_scores_150_no_finding():
    verdict = judge("A♥ T♥ K♥ Q♥ J♥", meld("♥F", 150))
    assert verdict.points == 150 and verdict.findings == []


def test_DP_MELD2_flush_without_its_ten_is_not_held():
    verdict = judge("A♥ K♥ Q♥ J♥", meld("♥F", 150, line=7))
    assert rules(verdict) == ["DP-MELD2"] and verdict.points == 0
    finding = verdict.findings[0]
    assert finding.kind is Kind.ILLEGAL_MELD and finding.severity is Severity.ERROR
    assert "T♥" in finding.message and finding.span.line == 7


def test_DP_MELD3_group_not_held_names_the_missing_card():
    verdict = judge("A♣ A♠ A♥", meld("A4", 100))
    assert rules(verdict) == ["DP-MELD3"] and "A♦" in verdict.findings[0].message
    assert verdict.points == 0


def test_DP_MELD4_double_pinochle_with_one_is_not_held():
    verdict = judge("Q♠ J♦ Q♠", meld("PP", 300))
    assert rules(verdict) == ["DP-MELD4"] and verdict.points == 0


def test_DP_MELD5_flush_and_royal_marriage_from_one_k_q_the_marriage_scores_nothing():
    verdict = judge("A♥ T♥ K♥ Q♥ J♥", meld("♥M", 40, line=3), meld("♥F", 150, line=4))
    assert rules(verdict) == ["DP-MELD5"] and verdict.points == 150
    assert verdict.findings[0].span.line == 3


def test_DP_MELD5_not_when_the_hand_holds_the_second_k_q():
    verdict = judge("A♥ T♥ K♥ Q♥ J♥ K♥ Q♥", meld("♥F", 150), meld("♥M", 40))
    assert verdict.points == 190 and verdict.findings == []


def test_DP_MELD2_wrong_points_are_a_miscount_and_the_table_value_counts():
    verdict = judge("A♥ T♥ K♥ Q♥ J♥ K♣ Q♣", meld("♥F", 150), meld("♣M", 40, line=5))
    assert rules(verdict) == ["DP-MELD2"] and verdict.points == 170
    finding = verdict.findings[0]
    assert finding.kind is Kind.MISCOUNT and (finding.claimed, finding.expected) == (40, 20)
    assert finding.span == Span(5, 5, 5, 9)


def test_DP_MELD3_D11_two_single_groups_of_one_rank_are_double_aces():
    verdict = judge(around("A", 2), meld("A4", 100), meld("A4", 100))
    assert rules(verdict) == ["DP-MELD3"] and verdict.points == 1000
    assert (verdict.findings[0].claimed, verdict.findings[0].expected) == (200, 1000)


def test_DP_MELD3_D11_two_doubles_are_quadruple_at_the_same_value_no_finding():
    verdict = judge(around("A", 4), meld("AA4", 1000), meld("AA4", 1000))
    assert verdict.points == 2000 and verdict.findings == []


def test_DP_MELD3_D11_a_second_group_beyond_the_hand_breaks_the_heading_rule():
    verdict = judge(around("A", 1) + " A♥", meld("A4", 100), meld("A4", 100))
    assert rules(verdict) == ["DP-MELD5"] and verdict.points == 100


def test_DP_MELD4_D11_two_pinochles_are_a_double_pinochle():
    verdict = judge("Q♠ J♦ Q♠ J♦", meld("P", 40), meld("P", 40))
    assert rules(verdict) == ["DP-MELD4"] and verdict.points == 300


def test_DP_MELD2_D21_a_plain_flush_declared_scores_nothing():
    verdict = judge("A♠ T♠ K♠ Q♠ J♠", meld("♠F", 150))
    assert rules(verdict) == ["DP-MELD2"] and verdict.points == 0
    assert "D21" in verdict.findings[0].message


def test_DP_MELD3_tens_are_not_a_meld():
    verdict = judge(around("T", 1), meld("T4", 100))
    assert rules(verdict) == ["DP-MELD3"] and verdict.points == 0


def test_DP_MELD1_D12_under_melding_is_a_notice():
    verdict = judge("A♥ T♥ K♥ Q♥ J♥ K♣ Q♣", meld("♥F", 150))
    assert rules(verdict) == ["DP-MELD1"] and verdict.points == 150
    finding = verdict.findings[0]
    assert finding.kind is Kind.NOTICE and finding.severity is Severity.INFO
    assert (finding.claimed, finding.expected) == (150, 170)


def test_DP_MELD1_a_smaller_group_than_held_is_under_melding_not_an_error():
    verdict = judge(around("A", 2), meld("A4", 100))
    assert verdict.points == 100
    assert [f.severity for f in verdict.findings] == [Severity.INFO]


def test_DP_MELD1_total_only_equal_to_best_is_clean():
    verdict = judge("A♥ T♥ K♥ K♥ Q♥ Q♥ J♥", total=190)
    assert verdict.points == 190 and verdict.findings == []


def test_DP_MELD1_total_only_above_best_is_an_error_capped_at_best():
    verdict = judge("A♥ T♥ K♥ K♥ Q♥ Q♥ J♥", total=230)
    assert rules(verdict) == ["DP-MELD1"] and verdict.points == 190
    finding = verdict.findings[0]
    assert finding.severity is Severity.ERROR and (finding.claimed, finding.expected) == (230, 190)


def test_DP_MELD1_total_only_below_best_is_a_notice():
    verdict = judge("A♥ T♥ K♥ K♥ Q♥ Q♥ J♥", total=150)
    assert verdict.points == 150 and [f.kind for f in verdict.findings] == [Kind.NOTICE]


def test_DP_MELD1_total_only_that_no_melds_of_the_hand_make_is_still_a_notice():
    # spec §4.4: below the best meld, a notice; the hand makes 0, 40, 80, 150, 190, not 170
    verdict = judge("A♥ T♥ K♥ K♥ Q♥ Q♥ J♥", total=170)
    assert verdict.points == 170 and [f.severity for f in verdict.findings] == [Severity.INFO]
    assert "exactly 170" in verdict.findings[0].message
    made = judge("A♥ T♥ K♥ K♥ Q♥ Q♥ J♥", total=80)
    assert made.points == 80 and "exactly" not in made.findings[0].message


def test_DP_MELD1_total_only_a_smaller_group_is_a_total_the_hand_makes():
    hand = around("A", 2) + " Q♠ J♦"
    assert best_meld(cards(hand), H, DOUBLE_PACK) == 1040
    assert "exactly" not in judge(hand, total=140).findings[0].message   # A4 and P
    assert "exactly 1030" in judge(hand, total=1030).findings[0].message


def test_DP_MELD1_meld_zero_with_nothing_is_clean_with_meld_a_notice():
    assert judge("A♥ T♠ J♣", total=0) == (0, [])
    assert judge("A♥ T♠ J♣") == (0, [])
    assert judge("K♣ Q♣", total=0).findings[0].kind is Kind.NOTICE


# ---- properties ----

_FACES = [card for card, n in DOUBLE_PACK.pack.items() if n]
_hands = st.lists(st.sampled_from(_FACES), min_size=0, max_size=20).filter(
    lambda h: all(h.count(c) <= 4 for c in set(h)))
_kinds = st.sampled_from(list(DOUBLE_PACK.melds_for(H)))


@settings(max_examples=300, deadline=None)
@given(_hands, st.sampled_from(list(Suit)))
def test_best_declaration_is_legal_clean_and_worth_best_meld(hand, trump):
    declared = best_declaration(hand, trump, DOUBLE_PACK)
    best = best_meld(hand, trump, DOUBLE_PACK)
    assert sum(m.points for m in declared) == best
    verdict = judge_declaration(hand, declared, None, trump, DOUBLE_PACK, N)
    assert verdict == (best, []) if declared else verdict.points == 0
    # in another order the declaration is judged meld by meld (not as the best one): the same
    backwards = judge_declaration(hand, declared[::-1], None, trump, DOUBLE_PACK, N)
    assert backwards == verdict


@settings(max_examples=300, deadline=None)
@given(_hands, st.lists(_kinds, max_size=6), st.sampled_from(list(Suit)))
def test_best_meld_is_at_least_any_declarations_credit(hand, kinds, trump):
    table = DOUBLE_PACK.melds_for(trump)
    melds = [Meld(kind=kind, points=table[kind].points if kind in table else 10)
             for kind in kinds]
    verdict = judge_declaration(hand, melds, None, trump, DOUBLE_PACK, N)
    assert 0 <= verdict.points <= best_meld(hand, trump, DOUBLE_PACK)
    if all(f.severity is Severity.INFO for f in verdict.findings):
        assert verdict.points == sum(m.points for m in melds)


@settings(max_examples=200, deadline=None)
@given(_hands, st.lists(_kinds, max_size=6), st.sampled_from(list(Suit)))
def test_DP_MELD1_any_legal_declarations_total_alone_is_clean_or_a_notice(hand, kinds, trump):
    table = DOUBLE_PACK.melds_for(trump)
    melds = [Meld(kind=kind, points=table[kind].points) for kind in kinds if kind in table]
    itemized = judge_declaration(hand, melds, None, trump, DOUBLE_PACK, N)
    alone = judge_declaration(hand, (), itemized.points, trump, DOUBLE_PACK, N)
    assert alone.points == itemized.points
    assert all(f.severity is Severity.INFO and "exactly" not in f.message
               for f in alone.findings)


@pytest.mark.parametrize("rank", [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK])
def test_DP_MELD3_D11_best_group_is_the_multiplicity_held_in_every_suit(rank):
    hand = [Card(rank, suit) for suit in Suit for _ in range(3)] + [Card(rank, S)]
    assert best_meld(hand, H, DOUBLE_PACK) == DOUBLE_PACK.meld_points(
        MeldKind.parse(rank.letter * 3 + "4"), H)
