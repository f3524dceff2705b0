"""The card-level meld rules (R9A-R9G) and every case of the rulebook's Examples of Melds, M1-M7."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.rules.melding import (MeldVerdict, apply_meld, counts, judge_meld,
                                                legal_melds)
from pinochle.adjudicator.rulesets.east_point import EAST_POINT, east_point
from pinochle.notation.cards import ALL_CARDS, Card, parse_cards
from pinochle.notation.errors import IllegalError
from pinochle.notation.melds import MeldKind

R = EAST_POINT
NONE: frozenset[MeldKind] = frozenset()


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def k(text: str) -> MeldKind:
    return MeldKind.parse(text)


def scored(*kinds: str) -> frozenset[MeldKind]:
    return frozenset(k(x) for x in kinds)


def judge(concealed: str, exposed: str, kind: str, done: frozenset[MeldKind] = NONE,
          ruleset=R, named: str | None = None) -> MeldVerdict:
    return judge_meld(ruleset, counts(c(concealed)), counts(c(exposed)), done, k(kind),
                      None if named is None else c(named))


class Hand:
    """A player's concealed and exposed hands and scored melds through a battle, for the longer
    examples (M3, M5, M6): every meld is judged, then applied."""

    def __init__(self, concealed: str, exposed: str = "", done: frozenset[MeldKind] = NONE):
        self.concealed = counts(c(concealed))
        self.exposed = counts(c(exposed))
        self.scored = done
        self.total = 0

    def meld(self, kind: str, **kw) -> MeldVerdict:
        verdict = judge_meld(R, self.concealed, self.exposed, self.scored, k(kind), **kw)
        assert verdict.legal, verdict.reason
        self.concealed, self.exposed = apply_meld(self.concealed, self.exposed, verdict)
        self.scored = self.scored | {verdict.kind}
        self.total += verdict.points
        return verdict

    def judge(self, kind: str) -> MeldVerdict:
        return judge_meld(R, self.concealed, self.exposed, self.scored, k(kind))

    def draw(self, text: str) -> None:
        self.concealed = tuple(a + b for a, b in zip(self.concealed, counts(c(text))))

    def play(self, text: str) -> None:
        """Play a card to a trick: from the concealed hand if there, else from the exposed."""
        card = Card.parse(text)
        hand = "concealed" if self.concealed[card.index] else "exposed"
        vector = list(getattr(self, hand))
        assert vector[card.index] > 0, f"{card} is not in the hand"
        vector[card.index] -= 1
        setattr(self, hand, tuple(vector))

    @property
    def size(self) -> int:
        return sum(self.concealed) + sum(self.exposed)


# --- R9A: the table ---------------------------------------------------------------------------


def test_R9A_every_kind_has_the_table_value():
    for kind in MeldKind.all():
        verdict = judge_meld(R, counts(R.melds[kind].cards), counts(()), NONE, kind)
        assert verdict.legal and verdict.rule == "R9A"
        assert verdict.points == R.meld_points(kind)
        assert sorted(verdict.takes) == sorted(R.melds[kind].cards)


def test_R9A_values_follow_the_meld_scoring_option_V2():
    higher = east_point(meld_scoring="higher")
    assert judge("A♣ T♣", "", "♣2", ruleset=higher).points == 91
    assert judge("A♣ T♣ A♣ T♣", "", "♣♣2", ruleset=higher).points == 182
    assert judge("A♣ T♣", "", "♣2", ruleset=east_point(meld_scoring="lower")).points == 71


def test_V1C_beginner_pack_has_no_melds_and_V1C_decides():
    beginner = east_point(pack="beginner")
    verdict = judge("A♥ K♥ Q♥ J♥ T♥", "", "♥3", ruleset=beginner)
    assert not verdict.legal and verdict.rule == "V1C" and verdict.points is None
    assert "(V1C" in verdict.reason and "R9A" not in verdict.reason
    assert legal_melds(beginner, counts(c("A♥ K♥ Q♥ J♥ T♥")), counts(()), NONE) == []


def test_R9A_legal_melds_in_table_order():
    hand = counts(c("A♥ K♥ Q♥ J♥ T♥ A♣ A♠ A♦"))
    kinds = [str(v.kind) for v in legal_melds(R, hand, counts(()), NONE)]
    assert kinds == ["♥5", "A4", "♥3", "♥2"]


# --- R9B1: the cards must be in the hand ----------------------------------------------------


def test_R9B1_missing_card_named():
    verdict = judge("K♥ Q♥", "", "♥3")
    assert not verdict.legal and verdict.rule == "R9B1"
    assert "J♥" in verdict.reason and verdict.points == 101


def test_R9B1_double_needs_two_of_each():
    verdict = judge("K♥ Q♥ J♥ K♥ Q♥", "", "♥♥3")
    assert not verdict.legal and verdict.rule == "R9B1" and "J♥" in verdict.reason


def test_R9B1_exposed_cards_count_as_in_hand():
    verdict = judge("J♥", "K♥ Q♥", "♥3")
    assert verdict.legal and verdict.takes == c("J♥")


def test_R9B1_named_card_not_in_concealed_hand():
    verdict = judge("A♥", "T♥", "♥2", named="A♥ T♥")
    assert not verdict.legal and verdict.rule == "R9B1" and "T♥" in verdict.reason


def test_R9B1_named_card_not_part_of_the_meld():
    verdict = judge("A♥ T♥ K♥", "", "♥2", named="A♥ K♥")
    assert not verdict.legal and verdict.rule == "R9B1" and "K♥ is not part of ♥2" in verdict.reason


def test_R9B1_unnamed_card_must_be_exposed():
    verdict = judge("A♥ T♥", "", "♥2", named="A♥")
    assert not verdict.legal and verdict.rule == "R9B1" and "T♥" in verdict.reason


def test_R9B1_named_cards_are_what_moves():
    # Both copies of each card are in the hand; the record names T♥ as the card taken, so the
    # exposed A♥ completes the meld and the concealed A♥ stays concealed.
    verdict = judge("A♥ T♥", "A♥ T♥", "♥2", named="T♥")
    assert verdict.legal and verdict.takes == c("T♥")


def test_R9D_played_card_is_gone_identical_copy_keeps_eligibility():
    # A♣ T♣ melded, then the A♣ went to a trick (not in the hand any more): ♣♣2 lacks an A♣.
    verdict = judge("A♣ T♣", "T♣", "♣♣2", scored("♣2"))
    assert not verdict.legal and verdict.rule == "R9B1" and "A♣" in verdict.reason
    # The identical A♣ keeps its eligibility for other melds (R9D): the A4.
    assert judge("A♣", "A♠ A♥ A♦", "A4").legal


def test_R9G_a_card_played_to_a_trick_is_unavailable_for_a_meld():
    # The K♥ went to a trick (it lost); the hand holds no other K♥: the ♥3 cites R9G.
    verdict = judge_meld(R, counts(c("Q♥ J♥")), counts(()), NONE, k("♥3"),
                         played=counts(c("K♥ N♣")), won=counts(c("N♣")))
    assert not verdict.legal and verdict.rule == "R9G"
    assert "K♥ went to a trick" in verdict.reason and "(R9G)" in verdict.reason
    assert "R9D" not in verdict.reason              # the K♥ lost its trick


def test_R9D_a_card_that_won_its_trick_cannot_be_melded():
    verdict = judge_meld(R, counts(c("Q♥ J♥")), counts(()), NONE, k("♥3"),
                         played=counts(c("K♥")), won=counts(c("K♥")))
    assert verdict.rule == "R9G"
    assert "K♥ won its trick" in verdict.reason and "(R9D)" in verdict.reason


def test_R9D_the_identical_copy_keeps_its_eligibility():
    # One K♥ won a trick, the other is concealed: the ♥3 is legal (R9D's last sentence).
    verdict = judge_meld(R, counts(c("K♥ Q♥ J♥")), counts(()), NONE, k("♥3"),
                         played=counts(c("K♥")), won=counts(c("K♥")))
    assert verdict.legal and verdict.takes == c("K♥ Q♥ J♥")


def test_R9G_a_double_lacking_the_copy_that_was_played():
    verdict = judge_meld(R, counts(c("A♣ T♣ T♣")), counts(()), NONE, k("♣♣2"),
                         played=counts(c("A♣")))
    assert verdict.rule == "R9G" and "A♣ went to a trick" in verdict.reason


def test_R9B1_a_card_never_held_is_not_R9G():
    # The hand lacks the Q♥, which he never played: R9B1, even though the K♥ was played.
    verdict = judge_meld(R, counts(c("J♥")), counts(()), NONE, k("♥3"),
                         played=counts(c("K♥")))
    assert verdict.rule == "R9B1" and verdict.reason.endswith("(R9B1)")
    # Without the played cards the position cannot tell: R9B1, naming R9G as a possibility.
    assert judge("Q♥ J♥", "", "♥3").rule == "R9B1"
    assert "R9G" in judge("Q♥ J♥", "", "♥3").reason


def test_R9F_is_checked_before_R9G():
    verdict = judge_meld(R, counts(c("Q♥ J♥")), counts(()), scored("♥3"), k("♥3"),
                         played=counts(c("K♥")))
    assert verdict.rule == "R9F"


# --- R9C: one card from the concealed hand --------------------------------------------------


def test_R9C_all_exposed_is_illegal():
    verdict = judge("", "A♥ T♥", "♥2")
    assert not verdict.legal and verdict.rule == "R9C" and verdict.takes == ()


def test_R9C_named_nothing_from_concealed():
    verdict = judge("A♥", "A♥ T♥", "♥2", named="")
    assert not verdict.legal and verdict.rule == "R9C"


def test_R9C_one_concealed_copy_is_enough_and_stands_in():
    # Ruling: everything is exposed, but A♥ also has a concealed copy: that copy moves.
    verdict = judge("A♥ T♥", "A♥ T♥", "♥2")
    assert verdict.legal and verdict.takes == c("A♥")
    assert "stands in" in verdict.reason


def test_R9C_exposed_copies_used_first():
    verdict = judge("A♥ T♥ K♥", "A♥", "♥2")
    assert verdict.legal and verdict.takes == c("T♥")


# --- R9F: once per battle; single and double differ ---------------------------------------


def test_R9F_same_single_twice_illegal():
    verdict = judge("A♣ T♣", "", "♣2", scored("♣2"))
    assert not verdict.legal and verdict.rule == "R9F" and verdict.points == 81


def test_R9F_double_after_single_legal():
    verdict = judge("A♣ T♣", "A♣ T♣", "♣♣2", scored("♣2"))
    assert verdict.legal and verdict.points == 162 and "M5" in verdict.reason


def test_R9F_double_twice_illegal():
    verdict = judge("J♣ J♠ J♥ J♦ J♣ J♠ J♥ J♦", "", "JJ4", scored("JJ4"))
    assert not verdict.legal and verdict.rule == "R9F"


def test_R9F_checked_before_the_cards():
    # Already scored and the cards are gone too: the deciding rule is R9F.
    assert judge("", "", "♠3", scored("♠3")).rule == "R9F"


# --- Examples of Melds ----------------------------------------------------------------------


def test_M1_1_concealed_ace_with_exposed_ten_after_duo():
    verdict = judge("A♣", "A♣ T♣", "♣2", scored("♣2"))
    assert not verdict.legal and verdict.rule == "R9F"


@pytest.mark.parametrize("concealed, exposed", [
    ("A♣ T♣", "A♣ T♣"),      # both concealed
    ("A♣", "A♣ T♣ T♣"),       # only the ace concealed
    ("T♣", "A♣ T♣ A♣"),       # only the ten concealed
])
def test_M1_2_double_duo_with_either_or_both_concealed(concealed, exposed):
    verdict = judge(concealed, exposed, "♣♣2", scored("♣2"))
    assert verdict.legal and verdict.points == 162
    assert sorted(verdict.takes) == sorted(c(concealed))


def test_M1_3_double_duo_all_exposed_from_quartets():
    verdict = judge("", "A♣ T♣ A♣ T♣ A♠ A♥ A♦ T♠ T♥ T♦", "♣♣2", scored("♣2", "A4", "T4"))
    assert not verdict.legal and verdict.rule == "R9C"


def test_M2_1_first_ace_played_concealed_ace_with_exposed_ten():
    verdict = judge("A♣", "T♣", "♣2", scored("♣2"))
    assert not verdict.legal and verdict.rule == "R9F"


def test_M2_2_independent_new_duo_still_illegal():
    verdict = judge("A♣ T♣", "T♣", "♣2", scored("♣2"))
    assert not verdict.legal and verdict.rule == "R9F"


def test_M2_3_ten_from_a_quartet():
    verdict = judge("A♣", "T♣ T♣ T♠ T♥ T♦", "♣2", scored("♣2", "T4"))
    assert not verdict.legal and verdict.rule == "R9F"


def test_M3_trio_then_quintet_then_duo():
    hand = Hand("A♥ K♥ Q♥ J♥ T♥")
    assert hand.judge("♥5").legal and hand.judge("♥5").points == 191  # all at once is legal
    trio = hand.meld("♥3")
    assert (trio.points, trio.takes) == (101, c("K♥ Q♥ J♥"))
    quintet = hand.meld("♥5")
    assert (quintet.points, quintet.takes) == (191, c("A♥ T♥"))
    assert not hand.judge("♥2").legal and hand.judge("♥2").rule == "R9C"
    hand.draw("A♥")  # the other A♥, before this T♥ goes to a trick
    duo = hand.meld("♥2")
    assert (duo.points, duo.takes) == (61, c("A♥"))
    assert hand.total == 101 + 191 + 61


def test_M3_duo_impossible_once_the_ten_is_played():
    hand = Hand("A♥ K♥ Q♥ J♥ T♥")
    hand.meld("♥3")
    hand.meld("♥5")
    hand.play("T♥")
    hand.draw("A♥")
    verdict = hand.judge("♥2")
    assert not verdict.legal and verdict.rule == "R9B1"


def test_M4_1_exposed_ace_and_ten_from_quartets():
    verdict = judge("", "A♣ A♠ A♥ A♦ T♣ T♠ T♥ T♦", "♠2", scored("A4", "T4"))
    assert not verdict.legal and verdict.rule == "R9C"


def test_M4_2_other_ace_concealed_with_exposed_ten():
    verdict = judge("A♠", "A♣ A♠ A♥ A♦ T♣ T♠ T♥ T♦", "♠2", scored("A4", "T4"))
    assert verdict.legal and verdict.points == 71 and verdict.takes == c("A♠")


def test_M4_3_then_the_other_ten_concealed_for_the_double():
    hand = Hand("A♠", "A♣ A♠ A♥ A♦ T♣ T♠ T♥ T♦", scored("A4", "T4"))
    hand.meld("♠2")
    hand.draw("T♠")
    verdict = hand.meld("♠♠2")
    assert (verdict.points, verdict.takes) == (142, c("T♠"))


def test_M5_eight_jacks_at_once():
    verdict = judge("J♣ J♠ J♥ J♦ J♣ J♠ J♥ J♦", "", "JJ4")
    assert verdict.legal and verdict.points == 282 and len(verdict.takes) == 8


def test_M5_single_then_double_totals_423():
    hand = Hand("J♣ J♠ J♥ J♦ J♣ J♠ J♥ J♦")
    assert hand.meld("J4").points == 141
    double = hand.meld("JJ4")
    assert (double.points, double.takes) == (282, c("J♣ J♠ J♥ J♦"))
    assert hand.total == 423
    assert hand.judge("J4").rule == "R9F"


def test_M6_total_1299():
    """The K♦ in six melds: a concrete battle where every step is legal and the hand never holds
    more than 11 cards when melding (R9D)."""
    hand = Hand("K♦ Q♦ J♦ A♦ T♦ N♣ N♠ N♥ N♦ D♣ D♠ D♥")
    steps = [
        ("N♣", "♦3", 91, "K♦ Q♦ J♦", "K♦"),
        ("N♠", "♦5", 181, "A♦ T♦", "Q♦"),
        ("N♥", None, 0, "", "J♦"),
        ("N♦", "♦♦3", 182, "K♦ Q♦ J♦", "A♦"),
        ("D♣", None, 0, "", "T♦"),
        ("D♠", "♦♦5", 362, "A♦ T♦", "K♣"),
        ("Q♦", None, 0, "", "K♠"),
        ("J♦", None, 0, "", "K♥"),
        ("A♦", "K4", 161, "K♣ K♠ K♥", "K♣"),
        ("T♦", None, 0, "", "K♠"),
        ("Q♦", None, 0, "", "K♥"),
        ("J♦", "KK4", 322, "K♣ K♠ K♥", ""),
    ]
    k_diamonds = 0
    for play, kind, points, takes, draw in steps:
        hand.play(play)
        assert hand.size <= 11
        if kind is not None:
            verdict = hand.meld(kind)
            assert (verdict.points, verdict.takes) == (points, c(takes))
            k_diamonds += Card.parse("K♦") in R.melds[k(kind)].cards
        hand.draw(draw)
    assert hand.total == 1299
    assert k_diamonds == 6


def test_M7_out_of_turn_exposure_never_a_duo_by_itself():
    verdict = judge("", "A♥ T♥", "♥2")
    assert not verdict.legal and verdict.rule == "R9C"


def test_M7_1_concealed_ace_then_concealed_ten():
    hand = Hand("A♥", "A♥ T♥")
    assert hand.meld("♥2").points == 61
    hand.draw("T♥")
    verdict = hand.meld("♥♥2")
    assert (verdict.points, verdict.takes) == (122, c("T♥"))


def test_M7_2_never_concealed_never_scored():
    verdict = judge("K♥ Q♥", "A♥ T♥", "♥2")
    assert not verdict.legal and verdict.rule == "R9C"


@pytest.mark.parametrize("kind, concealed, points", [
    ("A4", "A♣ A♠ A♦", 171), ("T4", "T♣ T♠ T♦", 131), ("♥5", "K♥ Q♥ J♥", 191),
])
def test_M7_3_exposed_cards_eligible_for_other_melds(kind, concealed, points):
    verdict = judge(concealed, "A♥ T♥", kind)
    assert verdict.legal and verdict.points == points and verdict.takes == c(concealed)


# --- apply_meld ------------------------------------------------------------------------------


def test_apply_meld_moves_takes_and_keeps_total():
    concealed, exposed = counts(c("A♥ T♥ K♥")), counts(c("A♥"))
    verdict = judge_meld(R, concealed, exposed, NONE, k("♥2"))
    after_c, after_e = apply_meld(concealed, exposed, verdict)
    assert after_c == counts(c("A♥ K♥")) and after_e == counts(c("A♥ T♥"))


def test_apply_meld_refuses_cards_not_concealed():
    verdict = MeldVerdict(k("♥2"), True, "R9A", "", 61, c("T♥"))
    with pytest.raises(IllegalError):
        apply_meld(counts(()), counts(()), verdict)


def test_judge_and_legal_melds_agree():
    concealed, exposed = counts(c("A♥ K♥ Q♥ J♥ T♥ A♣ A♠")), counts(c("A♦ T♥ K♥"))
    for verdict in legal_melds(R, concealed, exposed, scored("♥3")):
        assert judge_meld(R, concealed, exposed, scored("♥3"), verdict.kind) == verdict


# --- property: legal_melds against a brute-force reference ---------------------------------


def reference(ruleset, concealed, exposed, done):
    """For every meld kind, every way of splitting its cards between the concealed and exposed
    hands: legal if some split has at least one concealed card (R9B1, R9C) and the kind was not
    scored (R9F). Returns {kind: the fewest cards any legal split takes from the concealed hand}.
    """
    result = {}
    for kind, entry in ruleset.melds.items():
        if kind in done:
            continue
        need = counts(entry.cards)
        faces = [i for i in range(28) if need[i]]
        best = None
        for split in itertools.product(*(range(need[i] + 1) for i in faces)):
            if sum(split) == 0:
                continue
            if all(t <= concealed[i] and need[i] - t <= exposed[i] for i, t in zip(faces, split)):
                best = sum(split) if best is None else min(best, sum(split))
        if best is not None:
            result[kind] = best
    return result


# Positions over a few faces (so that melds actually occur), copies within the pack.
FACES = [card for card in ALL_CARDS if card.suit.letter in "HS" or card.rank.letter in "AK"]


@st.composite
def positions(draw):
    concealed, exposed = [0] * 28, [0] * 28
    for card in FACES:
        copies = R.pack[card]
        in_concealed = draw(st.integers(0, copies))
        concealed[card.index] = in_concealed
        exposed[card.index] = draw(st.integers(0, copies - in_concealed))
    done = draw(st.frozensets(st.sampled_from(MeldKind.all()), max_size=6))
    return tuple(concealed), tuple(exposed), done


@settings(max_examples=300, deadline=None)
@given(positions())
def test_R9_legal_melds_match_brute_force(position):
    concealed, exposed, done = position
    verdicts = legal_melds(R, concealed, exposed, done)
    expected = reference(R, concealed, exposed, done)
    assert [v.kind for v in verdicts] == [kind for kind in R.melds if kind in expected]
    for verdict in verdicts:
        need = counts(R.melds[verdict.kind].cards)
        took = counts(verdict.takes)
        assert len(verdict.takes) == expected[verdict.kind]  # exposed copies first
        assert all(t <= h for t, h in zip(took, concealed))
        assert all(n - t <= e for n, t, e in zip(need, took, exposed))
        assert judge_meld(R, concealed, exposed, done, verdict.kind) == verdict
    for kind in set(R.melds) - set(expected):
        assert not judge_meld(R, concealed, exposed, done, kind).legal


# --- MeldVerdict: an immutable value, its reason written when asked -------------------------


def test_R9A_a_legal_verdicts_reason_is_written_when_asked_and_is_a_value():
    one = judge("K♥ Q♥ J♥", "", "♥3")
    two = judge("K♥ Q♥ J♥", "", "♥3")
    assert one == two and hash(one) == hash(two)
    assert one.reason == ("♥3 is legal for 101 (R9A): K♥ Q♥ J♥ all come from the concealed hand "
                          "(R9B1)")
    assert one.reason is one.reason                 # written once
    assert "reason='♥3 is legal for 101" in repr(one)
    with pytest.raises(AttributeError):
        one.legal = False                           # type: ignore[misc]
    double = judge("K♥ Q♥ J♥ K♥ Q♥ J♥", "", "♥♥3")
    after_single = judge("K♥ Q♥ J♥ K♥ Q♥ J♥", "", "♥♥3", scored("♥3"))
    assert double != after_single                   # the same but for the reason (R9F; M5)
    assert after_single.reason.endswith("already scored (R9F; M5, M6)")


def test_R9A_a_verdict_given_its_reason_as_text_keeps_it():
    verdict = MeldVerdict(k("♥2"), False, "R8D", "not his turn (R8D)", 61, ())
    assert verdict.reason == "not his turn (R8D)" and not verdict.legal
