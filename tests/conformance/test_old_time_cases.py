"""Old-time Pinochle's case data (spec §10.1 items 1-10): every statement is there, each case
names its rule id and the line of old-time-two-handed.txt it quotes, and the numbers typed in
agree with the text (and with README.md where the copy lost them)."""

from __future__ import annotations

import re
from collections import Counter

from pinochle.conformance.cases import (
    MeldCase, PlayCase, TableCase, TrickCase, ruleset_name,
)
from pinochle.conformance.oldtime_cases import (
    MELD_ROWS, OLD_TIME_BY_ID, OLD_TIME_CASES, RANKS, SCHEDULES, nominal_cards, pack, table_kinds,
)
from pinochle.notation.cards import ALL_CARDS, Card, Rank, Suit
from pinochle.notation.melds import Family, MeldKind

def test_every_case_names_its_OT_id_and_line_and_the_old_time_ruleset():
    for case in OLD_TIME_CASES:
        assert re.fullmatch(r"OT\d+[A-Z]?\d*", case.source.section), case.id
        assert re.fullmatch(r"L\d+", case.source.row), case.id
        assert case.id.startswith(case.source.section + "."), case.id
        assert all(rule.startswith("OT") for rule in case.rules)
        assert ruleset_name(case) == "old-time", case.id


def test_spec_items_1_to_10_are_all_there():
    for case_id in ("OT2A4.pack", "OT2A1.T♣-beats-K♣", "OT6B.nine", "OT6B.not-nine",
                    "OT6C.stock", "OT8E.draws", "OT8F.trick-12", "OT8F.dix-replacement",
                    "OT8.phases", "OT8C1.Q♥-A♠", "OT8C1.A♠-N♥", "OT8C2.K♣-K♣", "OT8C2.T♣-A♣",
                    "OT8C3.T♣-A♠", "OT8G.11-10-4-3-2", "OT8G.10-10-10", "OT8G.10-10-5-5",
                    "OT9A.♥.PP", "OT9A.♠.♠♠F", "OT9D.eleven", "OT9E.swap+K4", "OT9E.K4+Q4",
                    "OT9A.♥.♠F", "OT9A.♥.T4", "OT9G.♥M-then-♥F", "OT9G.♥F-then-♥M"):
        assert case_id in OLD_TIME_BY_ID, case_id


def test_OT2A4_two_of_each_of_24_faces_no_deuces():
    counts = Counter(pack())
    assert len(pack()) == 48 and len(counts) == 24 and set(counts.values()) == {2}
    assert not any(card.rank is Rank.DEUCE for card in counts)
    case = OLD_TIME_BY_ID["OT2A4.pack"]
    assert isinstance(case, TableCase)
    [fact] = case.tables
    assert fact.table == "pack" and len(fact.values) == len(ALL_CARDS)
    assert sum(fact.values.values()) == 48 and fact.values["D♣"] == 0 and fact.values["N♦"] == 2


def test_OT2A1_each_rank_beats_the_next_by_OT8C2():
    assert [r.letter for r in RANKS] == list("ATKQJN")
    cases = [c for c in OLD_TIME_CASES if c.source.section == "OT2A1"]
    assert [(c.follow.rank, c.lead.rank) for c in cases] == list(zip(RANKS, RANKS[1:]))  # type: ignore[union-attr]
    for case in cases:
        assert isinstance(case, TrickCase) and case.trump is Suit.HEARTS
        assert case.lead.suit is case.follow.suit is Suit.CLUBS
        assert (case.winner, case.rule) == ("follower", "OT8C2")


def test_OT8C_the_trick_table_with_hearts_trump_every_row():
    rows = [(str(c.lead), str(c.follow), c.winner, c.rule) for c in OLD_TIME_CASES
            if isinstance(c, TrickCase) and c.source.section.startswith("OT8C")]
    assert rows == [("Q♥", "A♠", "leader", "OT8C1"), ("A♠", "N♥", "follower", "OT8C1"),
                    ("K♣", "K♣", "leader", "OT8C2"), ("T♣", "A♣", "follower", "OT8C2"),
                    ("T♣", "A♠", "leader", "OT8C3")]


def test_OT8H_every_schedule_gives_240_and_250_with_the_last_trick():
    for name, values in SCHEDULES.items():
        assert sum(values[c.rank.letter] for c in pack()) == 240, name
        case = OLD_TIME_BY_ID[f"OT8G.{name}"]
        assert isinstance(case, PlayCase) and case.trick_total == 250
        assert case.turns == (23, 24) and "trick_points" in case.asks
        assert case.tags["TrickScoring"] == name


def test_OT8_phases_cases_ask_every_trick():
    draws = OLD_TIME_BY_ID["OT8E.draws"]
    phases = OLD_TIME_BY_ID["OT8.phases"]
    assert isinstance(draws, PlayCase) and draws.turns == tuple(range(1, 25))
    assert isinstance(phases, PlayCase) and phases.turns == tuple(range(0, 25))


def test_OT9A_table_as_printed_single_and_double_in_each_trump():
    assert [(single, double) for *_, single, double in MELD_ROWS] == [
        (150, 300), (40, 80), (20, 40), (10, None), (100, 200), (80, 160), (60, 120), (40, 80),
        (40, 300)]
    for trump in Suit:
        kinds = {str(k): v for k, v, *_ in table_kinds(trump)}
        assert len(kinds) == 21
        assert kinds[f"{trump}F"] == 150 and kinds[f"{trump}{trump}F"] == 300
        assert kinds[f"{trump}M"] == 40 and kinds[f"{trump}{trump}M"] == 80
        for other in Suit:
            if other is not trump:
                assert f"{other}F" not in kinds                       # L140
                assert (kinds[f"{other}M"], kinds[f"{other}{other}M"]) == (20, 40)
        assert "T4" not in kinds and kinds["dix"] == 10                # L142, L126
        assert kinds["PP"] == 300 != 2 * kinds["P"]                     # L115
        for trump_case in (c for c in OLD_TIME_CASES if c.id.startswith(f"OT9A.{trump}.")):
            assert isinstance(trump_case, MeldCase) and trump_case.trump is trump
    table = [c for c in OLD_TIME_CASES if c.source.section == "OT9A"]
    assert len(table) == 4 * 21 + 2


def test_nominal_cards_of_each_family():
    hearts = Suit.HEARTS
    assert nominal_cards(MeldKind.parse("♠♠F"), hearts) == tuple(
        Card.parse(t) for t in "A♠ T♠ K♠ Q♠ J♠".split()) * 2
    assert nominal_cards(MeldKind.parse("PP"), hearts) == tuple(
        Card.parse(t) for t in "Q♠ J♦ Q♠ J♦".split())
    assert nominal_cards(MeldKind(Family.SWAP), hearts) == (Card.parse("N♥"),)
    assert nominal_cards(MeldKind.parse("T4"), hearts) == tuple(
        Card(Rank.TEN, s) for s in Suit)


def test_OT9D_OT9E_OT9G_verdicts_as_the_text_says():
    eleven = OLD_TIME_BY_ID["OT9D.eleven"]
    assert isinstance(eleven, MeldCase) and eleven.hand == 11 and len(eleven.steps) == 12
    two = OLD_TIME_BY_ID["OT9E.K4+Q4"]
    assert isinstance(two, MeldCase)
    [second] = two.steps[0].also
    assert (second.finding, two.total) == ("OT9E", 80)
    for case_id, total in (("OT9E.swap+K4", 90), ("OT9E.K4+dix", 90)):
        case = OLD_TIME_BY_ID[case_id]
        assert isinstance(case, MeldCase) and case.total == total
        assert all(a.legal for s in case.steps for a in (s.meld, *s.also) if a is not None)
    up = OLD_TIME_BY_ID["OT9G.♥M-then-♥F"]
    down = OLD_TIME_BY_ID["OT9G.♥F-then-♥M"]
    assert isinstance(up, MeldCase) and isinstance(down, MeldCase)
    assert [s.meld.legal for s in up.steps] == [True, True] and up.total == 190  # type: ignore[union-attr]
    assert [(s.meld.legal, s.meld.rule) for s in down.steps] == [  # type: ignore[union-attr]
        (True, "OT9A"), (False, "OT9G")]
