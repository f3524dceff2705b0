"""The small immutable values: canonical ``str``, ``parse`` of every spelling, a repr to paste
back."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle.notation import Card, MeldKind, NotationError, Rank, Seat, Suit
from pinochle.notation.cards import CARD_SPELLINGS
from pinochle.notation.melds import MELD_SPELLINGS

VALUES = [*Seat, *Suit, *Rank, *Card.all(), *MeldKind.all()]


@pytest.mark.parametrize("value", VALUES, ids=str)
def test_parse_of_str_is_the_value_and_repr_pastes_back(value: object) -> None:
    kind = type(value)
    assert kind.parse(str(value)) is value                       # type: ignore[attr-defined]
    assert eval(repr(value), {kind.__name__: kind}) is value
    assert pickle.loads(pickle.dumps(value)) is value


def test_R2A4_there_are_28_faces_and_34_meld_kinds() -> None:
    assert len(set(Card.all())) == 28 == len(Suit) * len(Rank)
    assert len(set(MeldKind.all())) == 34          # R9A: 17 combinations, single and double


def test_R2A1_R2A2_canonical_order_is_highest_first() -> None:
    assert [str(c) for c in Card.all()[:3]] == ["D♣", "A♣", "K♣"]
    assert str(Card.all()[-1]) == "N♦"
    assert sorted(Card.all()) == list(Card.all())


@pytest.mark.parametrize("spelling, canonical", [
    ("QH", "Q♥"), ("qh", "Q♥"), ("Q♡", "Q♥"), ("Q♥\ufe0f", "Q♥"), ("10♠", "T♠"), ("9s", "N♠"),
    ("DD", "D♦"), ("AD", "A♦"), ("n♧", "N♣"),
])
def test_R2A3_card_spellings(spelling: str, canonical: str) -> None:
    assert str(Card.parse(spelling)) == canonical


@pytest.mark.parametrize("spelling, canonical", [
    ("C2", "♣2"), ("CC5", "♣♣5"), ("aa4", "AA4"), ("DD3", "♦♦3"), ("♡♡2", "♥♥2"),
    ("♥\ufe0f2", "♥2"),
])
def test_R9A_meld_spellings(spelling: str, canonical: str) -> None:
    assert str(MeldKind.parse(spelling)) == canonical


@pytest.mark.parametrize("parse, word, expected", [
    (Card.parse, "ZZ", "expected a card such as Q♥ or QH"),
    (Card.parse, "2♠", "expected a card"),          # no "2" for the deuce: D is the deuce
    (MeldKind.parse, "D4", "expected a meld"),      # there is no deuce quartet
    (Seat.parse, "X", "expected a seat (E or W)"),
    (Suit.parse, "X", "expected a suit"),
    (Rank.parse, "2", "expected a rank"),
])
def test_bad_spellings_name_what_was_expected(parse, word: str, expected: str) -> None:
    with pytest.raises(NotationError) as error:
        parse(word)
    assert expected in str(error.value) and repr(word) in str(error.value)


@given(st.sampled_from(sorted(CARD_SPELLINGS)), st.sampled_from(sorted(MELD_SPELLINGS)))
def test_every_accepted_spelling_writes_canonically(card: str, meld: str) -> None:
    assert Card.parse(str(Card.parse(card))) is Card.parse(card)
    assert MeldKind.parse(str(MeldKind.parse(meld))) is MeldKind.parse(meld)


def test_values_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card.parse("QH").rank = Rank.KING          # type: ignore[misc]
    with pytest.raises(AttributeError):
        MeldKind.parse("A4").double = True         # type: ignore[misc]
