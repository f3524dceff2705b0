"""Who led: a trick's lead mark (docs/notation.md §2.4, §11) that names a seat
other than the rules' leader is reported once, under the ruleset's rule for who leads (East
Point's R8, old-time's OT8, Scarne's SC-PLAY9, 25-steps' TP9; double-pack's DP-PLAY1 for the
first trick, DP-PLAY6 after), and the trick is played as written, the marked seat leading: no
card-not-held or wrong-winner cascade. A mark naming the rules' leader is silent. The next
trick's leader is the marked trick's winner, as ever."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.adjudicator.dpkit import declarations, game as dp_game, played_battle, shuffled
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator.partnership.tricks import legal_plays, winning_index
from pinochle.notation import Battle, Game, Seat, Suit, TableTrick, Tag, dumps, parse
from pinochle.notation.events import Bid, Pass, TrumpNaming
from pinochle.simulator.random_battle import random_battle

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "games"


def _report(text: str):  # type: ignore[no-untyped-def]
    (game,) = parse(text, "t.pin").games
    return validate_game(game, "t.pin")


def _above_info(report) -> list:  # type: ignore[no-untyped-def]
    return [f for f in report.findings if f.severity is not Severity.INFO]


# ---- two-handed: a battle whose dealer led the first trick ----

WHO_LEADS = {"east-point": "R8", "old-time": "OT8", "scarne": "SC-PLAY9", "25-steps": "TP9"}


def _dealer_led(name: str, seed: int, mark: bool) -> str:
    """A legal battle that West's opponent, East, led as the nondealer (dealt by West), written
    as dealt by East: so the dealer led the first trick. With ``mark`` its first line says so
    (``1. E: …``). No claims (the dealer's own points, OT6B's dix, would move)."""
    ruleset = ruleset_from_tags({"Ruleset": name})
    deal, events, _ = random_battle(seed, W, ruleset)
    if mark:
        events[0] = events[0].model_copy(update={"leader": E})
    battle = Battle(number=1, dealer=E, events=(deal, *events))
    return dumps(Game(header=(Tag(name="Ruleset", value=name),), battles=(battle,)))


@pytest.mark.parametrize("name", sorted(WHO_LEADS))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_R8_marked_wrong_leader_reported_once_then_followed(name: str, seed: int) -> None:
    text = _dealer_led(name, seed, mark=True)
    (finding,) = _above_info(_report(text))
    lines = text.split("\n")
    line = [i for i, words in enumerate(lines) if words.startswith("1. E: ")][0]
    assert (finding.rule, finding.kind, finding.severity) == \
        (WHO_LEADS[name], Kind.ILLEGAL_PLAY, Severity.ERROR)
    assert (finding.line, finding.column, finding.end_column) == (line + 1, 4, 6)
    assert (finding.claimed, finding.expected, finding.trick) == ("E", "W", 1)
    assert finding.message.startswith("trick 1 is led by East, the record says, but it was "
                                      f"West's lead: the nondealer leads the first trick "
                                      f"({WHO_LEADS[name]})")


@pytest.mark.parametrize("name", sorted(WHO_LEADS))
def test_R8_unmarked_swapped_trick_the_cards_show_who_led_reported_once(name: str) -> None:
    """The issue's example without a mark: the dealer's card first, neither card held by the
    rules' order, each by the other (seed 0 in every ruleset): the cards show who led, one
    finding on the trick's line, and play goes on in the record's order (docs/rulings.md)."""
    text = _dealer_led(name, 0, mark=False)
    (finding,) = _above_info(_report(text))
    assert (finding.rule, finding.column, finding.claimed, finding.expected, finding.trick) == \
        (WHO_LEADS[name], 1, "E", "W", 1)
    assert "trick 1 is led by East, as its cards show (no lead mark: West does not hold" in \
        finding.message


@pytest.mark.parametrize("name, seed", [("east-point", 3), ("old-time", 2), ("scarne", 2),
                                        ("25-steps", 2)])
def test_R8_unmarked_trick_whose_cards_do_not_show_a_swap_keeps_the_rules_order(
        name: str, seed: int) -> None:
    """A card of trick 1 is held in the rules' order (both players hold a copy), so its cards
    do not say who led: the record is read in the rules' order, and what follows from that
    stands (findings from trick 1 on, none saying who led it: the mark is how to say it; how
    many depends on how soon the replay resynchronises, docs/rulings.md "card possession")."""
    text = _dealer_led(name, seed, mark=False)
    first = [i + 1 for i, line in enumerate(text.split("\n")) if line.startswith("1. ")][0]
    findings = _above_info(_report(text))
    assert findings and findings[0].line == first
    assert (WHO_LEADS[name], first) not in {(f.rule, f.line) for f in findings}
    (finding,) = _above_info(_report(_dealer_led(name, seed, mark=True)))
    assert (finding.rule, finding.line) == (WHO_LEADS[name], first)


def test_R8_the_cards_and_the_winner_mark_agree_on_who_led() -> None:
    """East's lead (dealt by West), but East holds T♣ and West T♥: ``1. T♥ T♣`` fits only West
    leading. In that order East's T♣ wins (the higher suit, R8C2); in the rules' order West's
    would. A mark of East agrees with the other order (one R8); a mark of West says the rules'
    order was played with the wrong hands (a draw out of order, say): nothing is inferred, and
    the two cards not held are reported as such."""
    def rules(line: str) -> list[str]:
        return [f.rule for f in _above_info(_report(DEAL + line + "\n")) if f.rule != "R8F"]
    assert rules("1. T♥ T♣") == ["R8"]
    assert rules("1. T♥ T♣ E") == ["R8"]
    assert rules("1. T♥ T♣ W") == ["R8A", "R8B"]


def test_R8_the_swap_is_not_inferred_without_the_deal() -> None:
    text = _dealer_led("east-point", 0, mark=False)
    lines = [line for line in text.split("\n") if not line.startswith(("E: ", "W: ", "stock: "))]
    report = _report("\n".join(lines))
    assert "R8" not in {f.rule for f in report.findings}


def test_R8_issue_example_club_night_first_trick_dealers_card_first() -> None:
    """Club night's first trick, T♥ T♣ won by East, written as the dealer East leading T♣: one
    R8 finding with the mark, and one without it (neither card is held in the rules' order,
    each in the other); the battle then replays exactly as the clean record."""
    clean = (CORPUS / "club-night.pin").read_text(encoding="utf-8")
    assert "\n1. T♥ T♣ E Q4 151\n" in clean
    marked = clean.replace("\n1. T♥ T♣ E Q4 151\n", "\n1. E: T♣ T♥ E Q4 151\n", 1)
    unmarked = clean.replace("\n1. T♥ T♣ E Q4 151\n", "\n1. T♣ T♥ E Q4 151\n", 1)
    before, after = _report(clean), _report(marked)
    assert not before.findings
    (finding,) = after.findings
    assert (finding.rule, finding.line, finding.column) == ("R8", 15, 4)
    assert "it was West's lead: the nondealer leads the first trick (R8)" in finding.message
    assert [b.model_dump() for b in after.battles] == [b.model_dump() for b in before.battles]
    assert (after.east, after.west) == (before.east, before.west)
    inferred_report = _report(unmarked)
    (inferred,) = inferred_report.findings
    assert (inferred.rule, inferred.line, inferred.column) == ("R8", 15, 1)
    assert "as its cards show (no lead mark: West does not hold T♣ nor East T♥" in \
        inferred.message
    assert [b.model_dump() for b in inferred_report.battles] == \
        [b.model_dump() for b in before.battles]


def _mark_every_trick(text: str) -> str:
    """Every two-handed trick line of ``text`` with its rules' leader marked: the nondealer on
    trick 1, then the winner (every trick of the corpus game has its winner mark)."""
    lines = text.split("\n")
    leader = None
    for i, line in enumerate(lines):
        words = line.split()
        if words[:1] == ["battle"]:
            leader = "W" if words[3] == "E" else "E"
        elif words and words[0].endswith(".") and words[0][:-1].isdigit():
            lines[i] = f"{words[0]} {leader}: {line[len(words[0]) + 1:]}"
            leader = words[3]
    return "\n".join(lines)


@pytest.mark.parametrize("name", ["club-night", "old-time-evening", "scarne-evening",
                                  "25-steps-evening"])
def test_R8_mark_equal_to_rules_leader_is_silent(name: str) -> None:
    clean = (CORPUS / f"{name}.pin").read_text(encoding="utf-8")
    marked = _mark_every_trick(clean)
    assert marked.count(": ") > clean.count(": ") + 40  # the marks are there
    before, after = _report(clean), _report(marked)
    assert [f.model_dump(exclude={"column", "end_column"}) for f in after.findings] == \
        [f.model_dump(exclude={"column", "end_column"}) for f in before.findings]
    assert [b.model_dump() for b in after.battles] == [b.model_dump() for b in before.battles]


# A hand-made battle: dealt by West, so East leads trick 1 (R8). The stock's last card T♣ is
# the trump (R6C).
DEAL = ("battle 1 dealer W\n"
        "E: D♣ A♣ K♣ Q♣ J♣ T♣ N♣ D♠ A♠ K♠ Q♠ J♠\n"
        "W: A♥ A♥ K♥ K♥ Q♥ Q♥ J♥ J♥ T♥ T♥ N♥ D♥\n"
        "stock: A♦ A♦ K♦ K♦ Q♦ Q♦ J♦ J♦ T♦ T♦ N♦ D♦ A♠ K♠ Q♠ J♠ T♠ T♠ N♠ A♣ K♣ Q♣ J♣ T♣\n")


def test_R8_the_trick_after_a_marked_one_is_led_by_its_winner_who_may_be_the_other() -> None:
    # West leads trick 1 out of turn and loses it (clubs are trump): East, its winner, leads 2.
    report = _report(DEAL + "1. W: T♥ T♣ E\n2. A♣ A♥ E\n")
    assert [f.rule for f in _above_info(report)] == ["R8", "R8F"]  # R8F: the record stops
    (battle,) = report.battles
    assert battle.east.tricks > 0 and battle.west.tricks == 0  # both tricks East's


def test_R8_a_wrong_leader_later_in_the_battle_names_the_last_winner() -> None:
    # East leads and wins trick 1; West leads trick 2 all the same, and wins it (the leader's
    # card wins against another suit, no trump: R8C4), so his mark on trick 3 is silent.
    report = _report(DEAL + "1. A♣ A♥ E\n2. W: A♥ K♠ W\n3. W: Q♥ Q♠ E\n")
    r8, r8f = _above_info(report)
    assert (r8.rule, r8.line, r8.column, r8.trick, r8f.rule) == ("R8", 6, 4, 2, "R8F")
    assert "it was East's lead: East won trick 1 and leads (R8)" in r8.message
    assert r8.message.endswith("the trick is played as written, West leading")


def test_R8_a_north_mark_in_a_two_handed_game_is_reported_under_ruleset_and_ignored() -> None:
    report = _report(DEAL + "1. N: A♣ A♥ E\n2. E: K♣ K♥ E\n")
    ruleset, r8f = _above_info(report)
    assert (ruleset.rule, ruleset.kind, ruleset.line, ruleset.column) == \
        ("Ruleset", Kind.MALFORMED, 5, 4)
    assert "North has no seat in a game of east-point" in ruleset.message
    assert "the lead mark is ignored: East leads, as the rules say" in ruleset.message
    assert r8f.rule == "R8F"


def test_R8_a_mark_on_a_trick_after_the_end_is_not_judged() -> None:
    # the battle ended (R8F's message) before: the trick is ignored, its mark with it
    text = _dealer_led("east-point", 0, mark=True)
    (game,) = parse(text).games
    events = game.battles[0].events
    extra = events[1].model_copy(update={"number": 25, "leader": W})
    battle = game.battles[0].model_copy(update={"events": (*events, extra)})
    report = validate_game(game.model_copy(update={"battles": (battle,)}))
    assert sorted(f.rule for f in _above_info(report)) == ["R8", "R8F"]  # trick 1's; the end
    assert [f.trick for f in report.findings if f.rule == "R8"] == [1]


# ---- the partnership game (double-pack) ----

def _evening() -> str:
    return (CORPUS / "double-pack-evening.pin").read_text(encoding="utf-8")


FIRST = "\n1. K♥ T♥ A♥ J♥ W ; East leads (the high bidder), then South, West, North\n"


def test_DP_PLAY1_marked_wrong_leader_reported_once_then_followed() -> None:
    """East, the high bidder, should lead; the record says South led T♥, West A♥, North J♥,
    East K♥ (each seat the card it played in the clean record)."""
    clean = _evening()
    assert FIRST in clean
    marked = clean.replace(FIRST, "\n1. S: T♥ A♥ J♥ K♥ W\n", 1)
    before, after = _report(clean), _report(marked)
    assert not before.findings
    (finding,) = after.findings
    assert (finding.rule, finding.kind, finding.severity) == \
        ("DP-PLAY1", Kind.ILLEGAL_PLAY, Severity.ERROR)
    assert (finding.line, finding.column, finding.claimed, finding.expected, finding.trick) == \
        (29, 4, "S", "E", 1)
    assert "it was East's lead: the high bidder leads the first trick (DP-PLAY1)" in \
        finding.message
    assert [b.model_dump() for b in after.battles] == [b.model_dump() for b in before.battles]
    unmarked = clean.replace(FIRST, "\n1. T♥ A♥ J♥ K♥ W\n", 1)
    assert len(_report(unmarked).findings) > 20  # a table's order is not inferred


def test_DP_PLAY1_mark_equal_to_rules_leader_is_silent() -> None:
    clean = _evening()
    second = "\n2. Q♣ J♣ K♣ K♣ E\n"  # West won trick 1 and leads trick 2 (DP-PLAY6)
    assert second in clean
    marked = clean.replace(FIRST, "\n1. E: K♥ T♥ A♥ J♥ W\n", 1).replace(
        second, "\n2. W: Q♣ J♣ K♣ K♣ E\n", 1)
    assert "\n1. E: K♥" in marked and "\n2. W: Q♣" in marked
    assert not _report(marked).findings


def _wrong_leader_at(seed: int, number: int) -> tuple[Game, Seat, Seat]:
    """A legal double-pack battle in which trick ``number`` was led by the seat after the one
    whose lead it was (its winner mark written; the play legal from there), the lead mark saying
    so. Returns the game, the rules' leader and the marked one."""
    battle, hands = played_battle(seed)
    tricks = [e for e in battle.events if isinstance(e, TableTrick)]
    rest = {seat: list(cards) for seat, cards in hands.items()}
    leader = N.left  # the dealer's left bids (played_battle) and leads trick 1
    for trick in tricks[:number - 1]:
        seat = leader
        for card in trick.cards:
            rest[seat].remove(card)
            seat = seat.left
        leader = trick.winner
    marked = leader.left
    rng = random.Random(seed)
    played: list[TableTrick] = []
    seat_to_lead = marked
    for k in range(number, 21):
        order = [seat_to_lead]
        for _ in range(3):
            order.append(order[-1].left)
        cards: list = []
        for seat in order:
            card = rng.choice(legal_plays(rest[seat], cards, Suit.HEARTS, DOUBLE_PACK))
            rest[seat].remove(card)
            cards.append(card)
        winner = order[winning_index(cards, Suit.HEARTS, DOUBLE_PACK)]
        played.append(TableTrick(number=k, cards=tuple(cards), winner=winner,
                                 leader=marked if k == number else None))
        seat_to_lead = winner
    head = [e for e in battle.events if not isinstance(e, TableTrick)]
    events = (*head, *tricks[:number - 1], *played)
    return dp_game(battle.model_copy(update={"events": events})), leader, marked


@pytest.mark.parametrize("seed, number", [(1, 2), (2, 7), (3, 20)])
def test_DP_PLAY6_marked_wrong_leader_reported_once_then_followed(seed: int,
                                                                  number: int) -> None:
    game, leader, marked = _wrong_leader_at(seed, number)
    report = validate_game(parse(dumps(game)).games[0], "dp.pin")
    (finding,) = _above_info(report)
    assert (finding.rule, finding.trick, finding.claimed, finding.expected) == \
        ("DP-PLAY6", number, str(marked), str(leader))
    assert f"{leader.word} won trick {number - 1} and leads (DP-PLAY6)" in finding.message
    assert f"the trick is played as written, {marked.word} leading" in finding.message


def _without_marks(game: Game) -> Game:
    battle = game.battles[0]
    events = tuple(e.model_copy(update={"leader": None}) if isinstance(e, TableTrick) else e
                   for e in battle.events)
    return game.model_copy(update={"battles": (battle.model_copy(update={"events": events}),)})


def test_DP_PLAY6_without_the_mark_the_same_record_draws_many_findings() -> None:
    game, _, _ = _wrong_leader_at(2, 7)
    findings = _above_info(validate_game(_without_marks(game)))
    assert len(findings) > 3
    assert {f.trick for f in findings} - {None} <= set(range(7, 21))  # from trick 7 on


def test_DP_PLAY1_a_battle_without_its_deal_still_judges_the_mark() -> None:
    """Who leads needs no hand: without the hands the mark is judged all the same."""
    hands = shuffled(4)
    calls = [Bid(seat=E, amount=500), Pass(seat=S), Pass(seat=W), Pass(seat=N),
             TrumpNaming(suit=Suit.HEARTS), *declarations(hands, Suit.HEARTS)]
    cards = tuple(hands[seat][0] for seat in (S, W, N, E))
    battle = Battle(number=1, dealer=N, events=(*calls, TableTrick(number=1, cards=cards,
                                                                    leader=S)))
    report = validate_game(parse(dumps(dp_game(battle))).games[0])
    plays = [f for f in report.findings if f.kind is Kind.ILLEGAL_PLAY]
    assert [(f.rule, f.claimed, f.expected) for f in plays] == [("DP-PLAY1", "S", "E")]
