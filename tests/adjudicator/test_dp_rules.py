"""Double-pack rules with few tests elsewhere, each positive and negative, through a parsed
record: the whole-suit hand of corpus/games/double-pack-evening.pin (battle 3: each seat holds
one suit; West bids 500 and names North's clubs, North wins every trick), alone in a game."""

from __future__ import annotations

from pathlib import Path

from pinochle.adjudicator.partnership.contract import is_scoring_trick
from pinochle.adjudicator.rulesets.double_pack import double_pack
from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.report.validation import TableGameReport, validate_game
from pinochle.notation import parse
from pinochle.notation.cards import parse_cards

ROOT = Path(__file__).resolve().parents[2]
EVENING = (ROOT / "corpus" / "games" / "double-pack-evening.pin").read_text(encoding="utf-8")
HEADER = EVENING[:EVENING.index("\n\n") + 2]
BATTLE = EVENING[EVENING.index("battle 3 dealer S"):].replace("battle 3", "battle 1")
# the claims of the one-battle game: the game total is the battle's score
HAND = HEADER + BATTLE.replace("total NS 1270 EW 1260", "total NS 1180 EW -500")


def report(text: str = HAND) -> TableGameReport:
    r = validate_game(parse(text, "hand.pin").games[0], "hand.pin")
    assert isinstance(r, TableGameReport)
    return r


def changed(old: str, new: str, text: str = HAND) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def rules(r: TableGameReport) -> list[str]:
    return [f.rule for f in r.findings if f.severity is not Severity.INFO]


def test_the_whole_suit_hand_alone_is_clean() -> None:
    r = report()
    assert r.findings == [] and (r.ns, r.ew) == (1180, -500)


def test_DP_BID5_a_bids_statements_are_never_checked_against_the_hand() -> None:
    # West holds no 100 in melds with clubs as trump (80): the statement is information only
    r = report(changed("bid W 500 ;", "bid W 500 long meld 100 ;"))
    assert r.findings == [] and r.battles[0].bid == 500


def test_DP_BID5_DP_BID8_a_bids_statements_without_announcements_are_reported() -> None:
    text = changed('[Ruleset "double-pack"]\n',
                   '[Ruleset "double-pack"]\n[Announcements "no"]\n',
                   changed("bid W 500 ;", "bid W 500 long meld 100 ;"))
    r = report(text)
    assert rules(r) == ["DP-BID8"] and r.battles[0].bid == 500


def test_DP_PLAY1_the_high_bidder_leads_trick_1_clean_and_another_leader_caught() -> None:
    # trick 1 written as if North led: the rules give the lead to West, who holds no club
    text = changed("1. A♦ Q♣ J♠ J♥ N", "1. Q♣ J♠ J♥ A♦ N")
    r = report(text)
    assert "DP-PLAY1" in rules(r)
    assert all(f.trick == 1 for f in r.findings if f.rule == "DP-PLAY1")


def test_DP_PLAY6_the_winner_leads_next_clean_and_another_leader_caught() -> None:
    # trick 2 written as if East led: North won trick 1 and leads, and holds no spade
    line = next(x for x in HAND.splitlines() if x.startswith("2. "))
    cards = line.split(" ;")[0].split()[1:5]
    text = changed(line.split(" ;")[0], "2. " + " ".join(cards[1:] + cards[:1]) + " N")
    r = report(text)
    assert "DP-PLAY6" in rules(r)
    assert "DP-PLAY6" not in rules(report())


def test_DP_COUNT1_all_aces_tens_kings_and_the_last_trick_are_500() -> None:
    assert "DP-COUNT1" not in rules(report())
    r = report(changed("tricks NS 500 EW 0", "tricks NS 480 EW 0"))
    [f] = r.findings
    assert (f.rule, f.claimed, f.expected) == ("DP-COUNT1", 480, 500)


def test_DP_COUNT2_the_five_schedule_counts_the_same_hand_500_too() -> None:
    five = changed('[TrickScoring "10-10-10"]', '[TrickScoring "10-10-5-5"]')
    assert report(five).findings == []
    r = report(changed("tricks NS 500 EW 0", "tricks NS 490 EW 0", five))
    assert [f.rule for f in r.findings] == ["DP-COUNT2"]


def test_DP_MELD7_a_trick_of_jacks_or_queens_is_worthless_but_not_the_last() -> None:
    ten, five = double_pack(), double_pack(trick_scoring="10-10-5-5")
    jacks, queens = parse_cards("J♣ J♠ J♥ J♦"), parse_cards("Q♣ Q♠ Q♥ Q♦")
    assert not is_scoring_trick(jacks, False, ten)
    assert not is_scoring_trick(queens, False, ten)
    assert is_scoring_trick(queens, False, five)          # a queen counts 5 there (D15)
    assert is_scoring_trick(jacks, True, ten)             # the last trick's 20 (D14)
    assert is_scoring_trick(parse_cards("J♣ J♠ J♥ K♦"), False, ten)


def test_DP_MELD6_DP_MELD7_a_side_without_a_scoring_trick_claims_no_melds() -> None:
    r = report(changed("melds NS 680 EW 0", "melds NS 680 EW 160"))
    assert [f.rule for f in r.findings] == ["DP-MELD6"]
    assert not r.battles[0].ew.counted and r.battles[0].ns.counted


def test_DP_SCORE2_DP_SCORE3_the_set_side_loses_its_bid_the_other_scores_all() -> None:
    assert report().battles[0].ew.score == -500
    assert [f.rule for f in report(changed("score NS 1180 EW -500",
                                           "score NS 1180 EW 500")).findings] == ["DP-SCORE2"]
    assert [f.rule for f in report(changed("score NS 1180 EW -500",
                                           "score NS 500 EW -500")).findings] == ["DP-SCORE3"]

