"""The reader, construct by construct: values, spans, comments, and the errors it reports."""

from __future__ import annotations

import pytest

from pinochle.notation import (Battle, Card, Claim, Comment, Deal, Discovery, Draw, Exposure,
                               ExtraDraw, MeldKind, MissedDraw, NotationError, Objection, Seat,
                               Span, Tag, Trick, parse)
from pinochle.notation.events import NOWHERE, Meld

E, W = Seat.EAST, Seat.WEST


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(w) for w in text.split())


def events(body: str):  # type: ignore[no-untyped-def]
    """The events of a one-battle record whose body is ``body``."""
    record = parse("battle 1 dealer E\n" + body)
    assert len(record.games) == 1 and len(record.games[0].battles) == 1
    return record.games[0].battles[0].events


def one(body: str):  # type: ignore[no-untyped-def]
    found = events(body)
    assert len(found) == 1, found
    return found[0]


def errors(text: str) -> list[NotationError]:
    with pytest.raises(NotationError) as caught:
        parse(text, "t.pin")
    return caught.value.errors


def span(line: int, column: int, end_line: int, end_column: int) -> Span:
    return Span(line=line, column=column, end_line=end_line, end_column=end_column)


# ---- structure ----

def test_empty_text_is_a_record_without_games() -> None:
    assert parse("").games == ()
    assert parse("\n  \n\t\n").games == ()


def test_tags_battles_and_game_claim_make_one_game() -> None:
    record = parse('[Event "Club"]\n[Battles "2"]\n\nbattle 1 dealer E\n\nbattle 2 dealer W\n\n'
                   'game E 10 W 20\n')
    (game,) = record.games
    assert game.tags == {"Event": "Club", "Battles": "2"}
    assert [(b.number, b.dealer) for b in game.battles] == [(1, E), (2, W)]
    assert game.closing == (Claim(category="game", east=10, west=20),)


def test_a_tag_after_a_battle_starts_a_new_game_and_the_first_game_may_omit_tags() -> None:
    record = parse("battle 1 dealer E\n[Event \"second\"]\nbattle 1 dealer W\n")
    assert [g.tags for g in record.games] == [{}, {"Event": "second"}]
    assert [len(g.battles) for g in record.games] == [1, 1]


def test_comment_lines_belong_to_the_section_they_follow() -> None:
    record = parse("{before}\n[A \"1\"]\n;in header\nbattle 1 dealer E\n{in battle}\n"
                   "game E 1\n{closing}\n[B \"2\"]\n")
    first, second = record.games
    assert [type(x).__name__ for x in first.header] == ["Comment", "Tag", "Comment"]
    assert first.battles[0].events == (Comment(text="in battle", brace=True),)
    assert first.closing[1] == Comment(text="closing", brace=True)
    assert second.header == (Tag(name="B", value="2"),)


def test_comments_after_the_last_battle_stay_in_it_when_the_next_game_follows() -> None:
    record = parse("battle 1 dealer E\n;after the battle\n[Event \"x\"]\n")
    assert record.games[0].battles[0].events == (Comment(text="after the battle"),)


# ---- statements ----

def test_tag_value_escapes_and_comments() -> None:
    (game,) = parse('[West "Bob \\"B\\" \\\\ Roe"] {x} ; y\n').games
    (tag,) = game.header
    assert tag.value == 'Bob "B" \\ Roe'
    assert tag.comments == (Comment(text="x", brace=True), Comment(text=" y"))
    assert tag.span == span(1, 1, 1, 26)


def test_battle_line_values_and_span() -> None:
    battle = parse("battle 12 dealer W ; note\n").games[0].battles[0]
    assert (battle.number, battle.dealer) == (12, W)
    assert battle.comments == (Comment(text=" note"),)
    assert battle.span == span(1, 1, 1, 19)


def test_deal_three_lines_with_spans() -> None:
    deal = one("E: D♣ A♣\nW: N♦\nstock: K♥ Q♥ J♥\n")
    assert isinstance(deal, Deal)
    assert (deal.east, deal.west, deal.stock) == (cards("D♣ A♣"), cards("N♦"), cards("K♥ Q♥ J♥"))
    assert deal.east_span == span(2, 1, 2, 9)
    assert deal.west_span == span(3, 1, 3, 6)
    assert deal.stock_span == span(4, 1, 4, 16)
    assert deal.span == span(2, 1, 4, 16)


def test_deal_comments_of_all_three_lines_are_kept_in_order() -> None:
    deal = one("E: D♣ {a} ;b\nW: N♦\nstock: K♥ {c}\n")
    assert deal.comments == (Comment(text="a", brace=True), Comment(text="b"),
                             Comment(text="c", brace=True))


def test_a_redeal_is_a_second_deal_in_the_same_battle() -> None:
    found = events("E: D♣\nW: N♦\nstock: K♥\nobject deal W\nE: A♣\nW: A♦\nstock: Q♥\n")
    assert [type(e).__name__ for e in found] == ["Deal", "Objection", "Deal"]


def test_trick_with_winner_and_inline_meld() -> None:
    trick = one("2. A♣ T♣ E ♣2 81 (A♣ T♣) ; nice\n")
    assert isinstance(trick, Trick)
    assert (trick.number, trick.lead, trick.follow, trick.winner) == (2, c("A♣"), c("T♣"), E)
    (meld,) = trick.melds
    assert (meld.kind, meld.points, meld.concealed, meld.seat) == (
        MeldKind.parse("♣2"), 81, cards("A♣ T♣"), None)
    assert trick.comments == (Comment(text=" nice"),)
    assert trick.span == span(2, 1, 2, 25)
    assert (trick.lead_span, trick.follow_span, trick.winner_span) == (
        span(2, 4, 2, 6), span(2, 7, 2, 9), span(2, 10, 2, 11))
    assert meld.span == span(2, 12, 2, 25)
    assert meld.points_span == span(2, 15, 2, 17)


def test_trick_without_winner_mark_and_with_two_melds() -> None:
    trick = one("7. K♦ K♦ ♦3 91 ♦♦3 182 ()\n")
    assert trick.winner is None and trick.winner_span == NOWHERE
    assert [m.kind for m in trick.melds] == [MeldKind.parse("♦3"), MeldKind.parse("♦♦3")]
    assert trick.melds[0].concealed is None and trick.melds[1].concealed == ()


def test_meld_line_names_the_melder() -> None:
    meld = one("meld W ♥2 61 (A♥)\n")
    assert isinstance(meld, Meld)
    assert (meld.seat, meld.kind, meld.points, meld.concealed) == (
        W, MeldKind.parse("♥2"), 61, cards("A♥"))
    assert meld.points_span == span(2, 11, 2, 13)
    assert meld.span == span(2, 1, 2, 18)


@pytest.mark.parametrize("target", ["shuffle", "cut", "deal", "meld"])
def test_R11A_R11B_objections(target: str) -> None:
    assert one(f"object {target} W\n") == Objection(target=target, seat=W)


def test_R8E_draw_events() -> None:
    assert one("draw W E\n") == Draw(seats=(W, E))
    assert one("draw\n") == Draw(seats=())
    assert one("draw\n").span == span(2, 1, 2, 5)


def test_R11C_R11D_irregularities() -> None:
    assert one("nodraw W\n") == MissedDraw(seat=W)
    assert one("extradraw E\n") == ExtraDraw(seat=E)
    assert one("toofew W\n") == Discovery(seat=W, too_many=False)
    assert one("toomany E\n") == Discovery(seat=E, too_many=True)


def test_M7_exposure() -> None:
    exposure = one("expose W A♥ T♥\n")
    assert exposure == Exposure(seat=W, cards=cards("A♥ T♥"))
    assert exposure.span == span(2, 1, 2, 15)


@pytest.mark.parametrize("line, east, west", [
    ("tricks E 380 W 340", 380, 340), ("melds E 412", 412, None), ("score W 640", None, 640)])
def test_claims_with_one_or_both_sides(line: str, east: int | None, west: int | None) -> None:
    claim = one(line + "\n")
    assert (claim.category, claim.east, claim.west) == (line.split()[0], east, west)
    if east is not None:
        assert claim.east_span.line == 2 and claim.east_span.column == len(line.split()[0]) + 2
    else:
        assert claim.east_span == NOWHERE


def test_claim_side_spans() -> None:
    claim = one("tricks E 380 W 340\n")
    assert claim.east_span == span(2, 8, 2, 13)
    assert claim.west_span == span(2, 14, 2, 19)
    assert claim.span == span(2, 1, 2, 19)


def test_a_comment_can_stand_between_the_words_of_a_statement() -> None:
    trick = one("3. K♦ {which K♦?\nthe second} K♦ E\n")
    assert (trick.lead, trick.follow, trick.winner) == (c("K♦"), c("K♦"), E)
    assert trick.comments == (Comment(text="which K♦?\nthe second", brace=True),)
    assert trick.comments[0].span == span(2, 7, 3, 12)


# ---- lexical rules ----

def test_keywords_any_case_windows_line_ends_and_trailing_blanks() -> None:
    record = parse("BATTLE 1 Dealer e  \r\nObject DEAL w\t\r\nToOmAnY E\r\n")
    battle = record.games[0].battles[0]
    assert (battle.number, battle.dealer) == (1, E)
    assert battle.events == (Objection(target="deal", seat=W), Discovery(seat=E, too_many=True))


def test_numbers_with_leading_zeros_are_the_same_numbers() -> None:
    assert one("007. T♠ N♠\n").number == 7


# ---- errors ----

def test_an_error_names_file_line_column_and_shows_a_caret() -> None:
    (error,) = errors("battle 1 dealer E\n1. T♠ X♠ W\n")
    assert (error.filename, error.line, error.column) == ("t.pin", 2, 7)
    assert error.message == "expected a card such as Q♥ or QH, found 'X♠'"
    assert error.snippet == "    2 | 1. T♠ X♠ W\n      |       ^^"
    assert str(error).startswith("t.pin:2:7: syntax error: expected a card")


def test_every_syntax_error_of_a_file_is_reported() -> None:
    found = errors("battle 1 dealer X\nE: D♣ XX\nW: N♦\nstock: K♥\n1. T♠\nmeld W ♥2\n"
                   "tricks W 3 E 4\nobject foo W\n2. T♠ N♠ W\n")
    assert [(e.line, e.column) for e in found] == [(1, 17), (2, 7), (5, 6), (6, 10), (7, 12),
                                                     (8, 8)]
    messages = [e.message for e in found]
    assert messages[0] == "expected a seat (N, E, S or W), found 'X'"
    assert messages[1] == "expected a card such as Q♥ or QH, found 'XX'"
    assert "East's total comes first" in messages[4]
    assert messages[5] == "expected `shuffle`, `cut`, `deal`, `meld` or `renege`, found 'foo'"


def test_an_incomplete_deal_is_reported_once() -> None:
    (error,) = errors("battle 1 dealer E\nE: D♣\nstock: K♥\n1. T♠ N♠\n2. T♠ N♠\n")
    assert (error.line, error.column) == (3, 1)
    assert error.message.startswith("expected West's hand (`W:` and West's cards)")


def test_the_end_of_the_file_in_the_middle_of_a_deal() -> None:
    (error,) = errors("battle 1 dealer E\nE: D♣\n")
    assert error.message == ("expected West's hand (`W:` and West's cards), "
                             "found the end of the file")
    assert error.line == 2


def test_expected_words_are_never_raw_terminal_names() -> None:
    found = errors("[Event x]\nbattle one\nbattle 1 dealer E\nfoo\nE: D♣\nW:\n")
    for error in found:
        for raw in ("TRICK_NUMBER", "EAST_HAND", "LSQB", "EOL", "CARDS", "$END", "NUMBER"):
            assert raw not in error.message, error.message
    assert found[2].message.startswith("expected a statement: a trick such as `1. T♠ N♠`")


def test_zero_card_deal_line_and_empty_exposure_are_syntax_errors() -> None:
    assert errors("battle 1 dealer E\nE:\nW: D♣\nstock: D♣\n")[0].message == \
        "expected a card such as Q♥ or QH, found the end of the line"
    assert errors("battle 1 dealer E\nexpose W\n")[0].line == 2


def test_a_claim_needs_a_side_and_game_claims_come_after_the_battles() -> None:
    assert errors("battle 1 dealer E\ntricks\n")[0].message == \
        "expected a seat (N, E or W) or a side (NS or EW), found the end of the line"
    assert errors("game E 1\nbattle 1 dealer E\n")[0].line == 2


def test_events_before_any_battle_are_errors() -> None:
    (error,) = errors("[Event \"x\"]\n1. T♠ N♠\n")
    assert (error.line, error.column) == (2, 1)


@pytest.mark.parametrize("text, message", [
    ('[Event "x]\n', 'unterminated tag value: the closing " is missing'),
    ('[Event "\\x"]\n', "unknown escape in a tag value"),
    ("battle 1 dealer E }\n", "unexpected '}'"),
    ("{ never closed\nbattle 1 dealer E\n", "unterminated comment"),
])
def test_lexical_errors(text: str, message: str) -> None:
    assert errors(text)[0].message.startswith(message)


def test_after_an_unterminated_comment_the_following_lines_are_still_read() -> None:
    found = errors("battle 1 dealer E\n1. T♠ N♠ { oops\n2. T♠ X♠\n")
    assert [(e.line, e.message.split(":")[0]) for e in found] == [
        (2, "unterminated comment"), (3, "expected a card such as Q♥ or QH, found 'X♠'")]


def test_invalid_utf8_is_reported_with_its_position(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pinochle.notation import parse_file
    path = tmp_path / "bad.pin"
    path.write_bytes("battle 1 dealer E\n1. T♠ \xff\n".encode("utf-8").replace(b"\xc3\xbf",
                                                                             b"\xff"))
    with pytest.raises(NotationError) as caught:
        parse_file(path)
    (error,) = caught.value.errors
    assert (error.filename, error.line, error.column) == (str(path), 2, 7)
    assert "not valid UTF-8 (byte 0xff)" in error.message


def test_a_missing_file_is_a_notation_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pinochle.notation import parse_file
    with pytest.raises(NotationError, match="cannot read"):
        parse_file(tmp_path / "missing.pin")


def test_parse_refuses_what_is_not_text() -> None:
    with pytest.raises(TypeError, match=r"parse\(\) expects .* str, got bytes \(use parse_bytes\)"):
        parse(b"battle 1 dealer E")  # type: ignore[arg-type]


def test_events_values_are_typed_not_text() -> None:
    trick = one("1. qh 10♠ w\n")
    assert trick.lead is c("Q♥") and trick.follow is c("T♠") and trick.winner is W
    assert isinstance(parse("battle 1 dealer E\n").games[0].battles[0], Battle)
