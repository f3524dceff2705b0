"""Tags read exactly: the numbers in ``Battles`` and ``Result`` follow the
notation's number rule (``read_number``: ASCII digits only; Python's ``int()`` took ``"4_0"`` as
40 and ``"+4"``, ``" 4"``, ``"４"`` as 4), and a tag given twice is a finding at the second tag's
line, the first one counting (docs/rulings.md)."""

from __future__ import annotations

import pytest

from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.notation import dumps, parse, read_number

from tests.adjudicator.replaykit import findings_of, legal_game


def record(**tags: str):  # type: ignore[no-untyped-def]
    """A legal two-battle game with ``tags`` (in that order, first), written and read back, so
    that every finding has its real line."""
    text = dumps(legal_game([1, 2], **tags))
    (game,) = parse(text).games
    return game, text


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


@pytest.mark.parametrize("value", ["4_0", "+2", " 2", "2 ", "２", "2.0", "0x2", "", "1e1",
                                   "2\u00a0", "1234567890"])
def test_R4A_battles_is_digits_only(value: str) -> None:
    game, text = record(Battles=value)
    found = [f for f in findings_of(game) if f.span.line == line_of(text, "[Battles")]
    assert [(f.rule, f.kind) for f in found] == [("R4A", Kind.MALFORMED)]
    assert "should be the agreed number of battles" in found[0].message


def test_R4A_battles_may_have_leading_zeros() -> None:
    game, _ = record(Battles="002")
    assert findings_of(game) == []


@pytest.mark.parametrize("value", ["0_0-0", "+1-2", " 1-2", "1-2 ", "1 - 2", "1-2-3", "１-2",
                                   "1-", "-2", "1–2", " *", "* ", "1234567890-0"])
def test_R4A_result_is_two_numbers_or_a_star_exactly(value: str) -> None:
    game, text = record(Result=value)
    found = findings_of(game)
    assert [(f.rule, f.kind, f.span.line) for f in found] == [
        ("R4A", Kind.MALFORMED, line_of(text, "[Result"))]
    assert found[0].message.startswith("Result should be the game totals")


def test_R4A_a_result_with_leading_zeros_is_read_as_numbers() -> None:
    game, _ = record()
    east, west = game.tags["Result"].split("-")
    padded, _ = record(Result=f"00{east}-0{west}")
    assert findings_of(padded) == []


def test_read_number_is_the_notation_number_rule() -> None:
    assert [read_number(t) for t in ("0", "007", "999999999")] == [0, 7, 999999999]
    for text in ("", "-1", "+1", "1_000", " 1", "1 ", "٣", "²", "1234567890", "1.", "0x1"):
        assert read_number(text) is None, text


def test_a_tag_given_twice_is_reported_at_the_second_and_the_first_counts() -> None:
    game, text = record()
    lines = text.splitlines()
    at = line_of(text, "[Battles")
    # a second Battles tag saying 4: the first (2) counts, so the game is not short
    doubled = "\n".join(lines[:at] + ['[Battles "4"]'] + lines[at:]) + "\n"
    (game,) = parse(doubled).games
    assert game.tags["Battles"] == "2"
    found = findings_of(game)
    assert [(f.rule, f.kind, f.severity, f.span.line) for f in found] == [
        ("R4A", Kind.MALFORMED, Severity.ERROR, at + 1)]
    assert found[0].message == (f"a second Battles tag ('4'): the first, '2' on line {at}, is "
                                "the one that counts (R4A)")
    assert (found[0].claimed, found[0].expected) == ("4", "2")


def test_a_second_ruleset_tag_is_an_error_under_its_name_and_other_tags_a_warning() -> None:
    _, text = record()
    doubled = ('[Event "first"]\n[MeldScoring "higher"]\n[Event "again"]\n'
               '[MeldScoring "lower"]\n' + text)
    (game,) = parse(doubled).games
    assert game.tags["MeldScoring"] == "higher" and game.tags["Event"] == "first"
    found = [(f.rule, f.severity, f.span.line) for f in findings_of(game)
             if "a second" in f.message]
    assert found == [("Event", Severity.WARNING, 3), ("MeldScoring", Severity.ERROR, 4)]


def test_a_tag_value_in_a_message_is_clipped_and_escaped() -> None:
    game, _ = record(Battles="\x1b[2J" + "9" * 500)
    (found,) = [f for f in findings_of(game) if "Battles" in f.message]
    assert "\x1b" not in found.message and len(found.message) < 200


@pytest.mark.parametrize("name, value", [("PhaseB", "scarne"), ("Target", "1500"),
                                         ("DoubleAfterSingle", "forbidden")])
def test_an_option_of_another_ruleset_is_a_warning_under_its_own_name(name: str,
                                                                        value: str) -> None:
    """``PhaseB`` in an East Point game changes nothing: reported at its line, as a warning,
    under the tag's name (docs/rulings.md, "An option of another ruleset"); the game is
    replayed as East Point all the same."""
    game, text = record(**{name: value})
    found = [f for f in findings_of(game) if f.rule == name]
    assert len(found) == 1, found
    assert found[0].severity is Severity.WARNING and found[0].kind is Kind.MALFORMED
    assert found[0].span.line == line_of(text, f"[{name} ")
    assert "is not an option of the east-point ruleset" in found[0].message
    assert [f for f in findings_of(game) if f.rule != name] == []


def test_the_options_of_the_chosen_ruleset_are_not_foreign() -> None:
    game, _ = record(MeldScoring="higher", TrickScoring="v3")
    assert not [f for f in findings_of(game) if f.rule in ("MeldScoring", "TrickScoring")]
