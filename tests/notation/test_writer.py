"""The canonical writer (docs/notation.md §3), and the records it refuses to write."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.notation import (Battle, Card, Claim, Comment, Deal, Game, Meld, MeldKind,
                               NotationError, Record, Seat, Tag, Trick, dumps, parse)

DATA = Path(__file__).parent / "data"
E, W = Seat.EAST, Seat.WEST


def test_the_messy_fixture_formats_to_the_canonical_fixture() -> None:
    messy = (DATA / "club_night_messy.pin").read_bytes().decode("utf-8")
    canonical = (DATA / "club_night.pin").read_text(encoding="utf-8")
    assert dumps(parse(messy)) == canonical
    assert parse(messy) == parse(canonical)


def test_layout_blank_lines_before_battle_and_game_and_between_games() -> None:
    text = dumps(parse('[A "1"]\nbattle 1 dealer E\n1. t♠ n♠ w\ngame e 1\n[B "2"]\n'
                       'battle 1 dealer W\n'))
    assert text == ('[A "1"]\n\nbattle 1 dealer E\n1. T♠ N♠ W\n\ngame E 1\n\n[B "2"]\n\n'
                    'battle 1 dealer W\n')


def test_a_record_starting_with_a_battle_has_no_leading_blank_line() -> None:
    assert dumps(parse("\n\nbattle 1 dealer E\n")) == "battle 1 dealer E\n"


def test_empty_record_is_empty_text() -> None:
    assert dumps(Record()) == ""


def test_a_game_alone_can_be_written() -> None:
    game = parse('[A "1"]\nbattle 1 dealer E\n').games[0]
    assert dumps(game) == '[A "1"]\n\nbattle 1 dealer E\n'


def test_tag_values_are_escaped() -> None:
    assert dumps(Game(header=(Tag(name="East", value='a "b" \\ c'),))) == \
        '[East "a \\"b\\" \\\\ c"]\n'


def test_a_lone_deal_comment_follows_the_whole_deal() -> None:
    deal = Deal(east=(Card.parse("D♣"),), west=(Card.parse("N♦"),), stock=(Card.parse("K♥"),),
                comments=(Comment(text="x", brace=True), Comment(text="y")))
    text = dumps(Game(battles=(Battle(number=1, dealer=E, events=(deal,)),)))
    assert text.splitlines()[1:] == ["E: D♣", "W: N♦", "stock: K♥ {x} ;y"]


def _battle(*events) -> Game:  # type: ignore[no-untyped-def]
    return Game(battles=(Battle(number=1, dealer=E, events=tuple(events)),))


_TRICK = Trick(number=1, lead=Card.parse("T♠"), follow=Card.parse("N♠"))


@pytest.mark.parametrize("record, reason", [
    (_battle(_TRICK.model_copy(update={"comments": (Comment(text="a"), Comment(text="b"))})),
     "only the last comment"),
    (_battle(_TRICK.model_copy(update={"comments": (Comment(text="a }", brace=True),)})),
     "cannot hold '}'"),
    (_battle(_TRICK.model_copy(update={"comments": (Comment(text="a\nb"),)})), "line break"),
    (_battle(_TRICK.model_copy(update={"comments": (Comment(text="a "),)})), "blanks"),
    (_battle(_TRICK.model_copy(update={"melds": (Meld(kind=MeldKind.parse("♣2"), points=81,
                                                      seat=W),)})), "its seat is None"),
    (_battle(Meld(kind=MeldKind.parse("♣2"), points=81)), "names its melder"),
    (_battle(Claim(category="tricks")), "at least one side"),
    (_battle(Claim(category="game", east=1)), "belongs in Game.closing"),
    (_battle(_TRICK.model_copy(update={"number": -1})), "no sign"),
    (_battle(Deal(east=(), west=(Card.parse("D♣"),), stock=(Card.parse("D♣"),))),
     "at least one card"),
    (Game(header=(Tag(name="Bad name", value=""),)), "tag name"),
    (Game(header=(Tag(name="A", value="two\nlines"),)), "line break"),
    (Game(header=(Tag(name="A", value=""),), closing=(Comment(text="x"),)),
     "starts with its `game` claim"),
    (Record(games=(_battle(), Game(battles=_battle().battles))), "does not start with a tag"),
    (Record(games=(Game(header=(Tag(name="A", value=""),)),
                   Game(header=(Tag(name="B", value=""),)))), "no battle and no `game` claim"),
    (Record(games=(Game(),)), "empty"),
])
def test_records_no_text_could_give_back_are_refused(record: Record | Game, reason: str) -> None:
    with pytest.raises(NotationError, match="cannot write this record") as caught:
        dumps(record)
    assert reason in str(caught.value)
