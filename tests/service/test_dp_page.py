"""The replay page for the partnership game (double-pack): its timeline
(adjudicator/report/partnership_timeline.py) and the page showing four hands, the auction, trump,
the declarations, the four-card trick and the findings, in Debian's chromium driven by Playwright at
a phone's viewport (390x844) against ``pinochle serve`` (servicekit; the browser tests are slow).

The game is tablekit's: seed 1's deal, the spec's §8 auction (East's side must make 530), trump
♣, every seat declaring its best meld, twenty legal tricks. Checked by hand: North-South win
tricks 1, 3, 10, 13, 15 and 20, 190 card points with the last trick's 20, and meld 280 + 40;
East-West take 310 and meld 100 + 60, 470 of their 530: set (DP-SCORE2).

The browser tests fulfil ``POST /v1/replay`` with this module's timeline of the game: on this
branch the catalog does not yet name double-pack (the walker's branch registers it), so the
service would replay the record as an unknown ruleset; everything else (the page, its script,
the static files) is the real service's.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK, double_pack
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rulesets.east_point import east_point
from pinochle.adjudicator.report.timeline import (GameTimeline, Timeline, build_timeline,
                                                  game_timeline)
from pinochle.notation.cards import Card
from pinochle.notation.events import Span
from pinochle.notation.reader import parse
from tests.service.servicekit import PHONE
from tests.tablekit import S, table_game, table_record

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
#: The four-seat fields: a two-handed timeline's JSON has none of them.
FOUR_SEAT_KEYS = {"sides", "calls", "auction", "bidder", "contract", "thrown_in", "ns", "ew",
                  "declared"}


def timeline(findings: list[Finding] | None = None, **options) -> tuple[GameTimeline, str]:
    game, text = table_game(**options)
    return game_timeline(game, 1, text.splitlines(), findings=findings), text


def finding(rule: str, span: Span, kind: Kind = Kind.ILLEGAL_PLAY, battle: int | None = 1,
            severity: Severity = Severity.ERROR) -> Finding:
    return Finding(rule=rule, kind=kind, severity=severity, span=span, message=f"{rule} here",
                   game=1, battle=battle)


def line_of(text: str, start: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def steps(game: GameTimeline, kind: str) -> list:
    return [step for step in game.steps if step.kind == kind]


# --- the choice: a ruleset that seats four -------------------------------------------------

def test_a_ruleset_seating_four_gets_the_table_timeline_whatever_its_name():
    game, text = table_game(tricks=0)
    renamed = dataclasses.replace(DOUBLE_PACK, name="some-club-rules")
    table = game_timeline(game, 1, text.splitlines(), ruleset=renamed, findings=[])
    assert (table.ns, table.ew) == (0, 0) and len(table.steps[0].hands) == 4
    assert table.battles[0].auction is not None


def test_build_timeline_reads_the_record_and_replays_a_four_seat_game_as_a_table():
    text = table_record(claims=("score NS 510 EW -530",))
    [game] = build_timeline(text, ruleset=DOUBLE_PACK).games
    assert [h.seat for h in game.steps[0].hands] == ["N", "E", "S", "W"]
    assert (game.ns, game.ew, len(game.steps)) == (510, -530, 1 + 6 + 1 + 4 + 20 + 1)
    assert game.steps[-1].line == line_of(text, "score NS")


def test_a_two_seat_ruleset_keeps_the_two_handed_timeline_and_its_json():
    two = build_timeline((CORPUS / "faulty/R9F-repeat.pin").read_text(encoding="utf-8"),
                         ruleset=east_point())
    [game] = two.games
    assert game.ns is None and [h.seat for h in game.steps[0].hands] == ["E", "W"]
    data = json.loads(two.model_dump_json())

    def keys(value: object) -> set[str]:
        if isinstance(value, dict):
            return set(value) | set().union(*map(keys, value.values()))
        if isinstance(value, list):
            return set().union(set(), *map(keys, value))
        return set()

    assert not keys(data) & FOUR_SEAT_KEYS
    tables = [step["table"] for step in data["games"][0]["steps"] if step["table"]]
    assert tables and not any("cards" in table for table in tables)


# --- the deal and the auction --------------------------------------------------------------

def test_DP_DEAL2_the_deal_shows_the_four_hands_of_twenty_north_first():
    game, text = timeline()
    deal = game.steps[0]
    assert (deal.kind, deal.label, deal.line) == ("deal", "North deals", line_of(text, "N: "))
    assert [h.seat for h in deal.hands] == ["N", "E", "S", "W"]
    assert [h.size for h in deal.hands] == [20] * 4
    for hand in deal.hands:
        written = text.splitlines()[line_of(text, f"{hand.seat}: ") - 1].split()[1:]
        assert sorted(hand.concealed) == sorted(written) and hand.exposed == []
    assert game.battles[0].deal_known and game.battles[0].dealer == "N"


def test_DP_BID7_the_auction_step_by_step_with_the_high_bid_after_each_call():
    game, _ = timeline()
    calls = steps(game, "auction")
    assert [s.label for s in calls] == [
        "East bids 500; high bid 500 (East)",
        "South passes; high bid 500 (East)",
        "West announces 140: a bid of 520 (DP-BID7); high bid 520 (West)",
        "North passes; high bid 520 (West)",
        "East bids 530; high bid 530 (East)",
        "West passes; high bid 530 (East); the auction ends: East-West must make 530"]
    assert [s.calls for s in calls] == [1, 2, 3, 4, 5, 6]
    battle = game.battles[0]
    assert [(c.seat, c.call, c.text, c.bid, c.high, c.bidder) for c in battle.auction] == [
        ("E", "bid", "bid 500", 500, 500, "E"), ("S", "pass", "pass", None, 500, "E"),
        ("W", "announce", "announce 140", 520, 520, "W"), ("N", "pass", "pass", None, 520, "W"),
        ("E", "bid", "bid 530", 530, 530, "E"), ("W", "pass", "pass", None, 530, "E")]
    assert (battle.bidder, battle.contract, battle.thrown_in) == ("E", 530, False)


def test_DP_BID4_a_meld_announced_before_any_bid_is_information_only():
    game, _ = timeline(calls=("announce E 100", "bid S 500", "pass W", "pass N", "pass E"))
    first = game.battles[0].auction[0]
    assert (first.bid, first.high, first.bidder) == (None, None, None)
    assert steps(game, "auction")[0].label == "East announces 100 (information only, DP-BID4)"
    assert (game.battles[0].bidder, game.battles[0].contract) == ("S", 500)


def test_DP_BID6_a_flush_announced_before_any_bid_is_a_bid_of_500():
    game, _ = timeline(calls=("announce E flush", "pass S", "pass W", "pass N"))
    first = game.battles[0].auction[0]
    assert (first.bid, first.high, first.bidder) == (500, 500, "E")
    assert steps(game, "auction")[0].label.startswith("East announces flush: a bid of 500 "
                                                      "(DP-BID6)")
    assert game.battles[0].contract == 500


def test_DP_BID1_a_call_out_of_turn_changes_nothing():
    calls = ("bid E 500", "bid W 510", "pass S", "pass W", "pass N")    # West out of turn
    game, text = timeline(calls=calls, tricks=0)
    second = game.battles[0].auction[1]
    assert (second.legal, second.bid, second.high, second.bidder) == (False, 510, 500, "E")
    assert "not allowed (see the finding): it changes nothing" in steps(game, "auction")[1].label
    assert [f.rule for f in game.findings][:1] == ["DP-BID1"]
    assert game.steps[game.findings[0].step].label == steps(game, "auction")[1].label
    # a bid not higher than the high bid never takes it (DP-BID3)
    equal, _ = timeline(calls=("bid E 500", "bid S 500", "pass W"), tricks=0)
    assert equal.battles[0].auction[1].bidder == "E"


def test_DP_BID8_a_bids_refused_statement_leaves_the_bid_standing():
    game, text = table_game(calls=("bid E 500 flush", "pass S", "pass W", "pass N"), tricks=0)
    at = line_of(text, "bid E")
    statement = finding("DP-BID8", Span(at, 11, at, 16))
    judged = game_timeline(game, 1, text.splitlines(), ruleset=double_pack(announcements="no"),
                           findings=[statement])
    first = judged.battles[0].auction[0]
    assert (first.legal, first.bidder, judged.battles[0].contract) == (True, "E", 500)


def test_DP_BID9_nobody_bids_the_hands_are_thrown_in():
    game, _ = timeline(calls=("pass E", "announce S 100", "pass W", "pass N"), tricks=0)
    battle, end = game.battles[0], game.steps[-1]
    assert (battle.thrown_in, battle.bidder, battle.ended_by) == (True, None, "DP-BID9")
    assert (battle.ns, battle.ew, game.ns, game.ew) == (0, 0, 0, 0)
    assert end.kind == "end" and "thrown in" in end.label and "(DP-BID9)" in end.label
    bid, _ = timeline(calls=("pass E", "bid S 500", "pass W", "pass N", "pass E"), tricks=0)
    assert bid.battles[0].thrown_in is False and bid.battles[0].ended_by is None
    short, _ = timeline(calls=("pass E", "pass S", "pass W"), tricks=0)     # a round unfinished
    assert short.battles[0].thrown_in is False
    assert short.steps[-1].label == "the record of the battle stops here"


# --- trump, declarations, tricks -----------------------------------------------------------

def test_DP_MELD1_trump_is_named_by_the_high_bidder():
    game, _ = timeline()
    [trump] = steps(game, "trump")
    assert trump.label == "East names ♣ trumps"
    assert game.battles[0].trump == "♣"


def test_DP_MELD2_declarations_with_cards_points_and_credit():
    game, _ = timeline()
    north = steps(game, "meld")[0]
    assert north.label == ("North declares ♣M 40, ♠M 20, ♥M 20, ♦M 20, K4 80, Q4 60, P 40: "
                           "280")
    assert [(m.kind, m.points, m.legal) for m in north.melds][:2] == [("♣M", 40, True),
                                                                      ("♠M", 20, True)]
    assert north.melds[-1].cards == ["Q♠", "J♦"]
    hand = north.hands[0]
    assert (hand.meld_points, hand.declared) == (280, 280)


def test_DP_MELD2_a_declared_meld_not_held_scores_nothing_and_a_miscount_the_table_value():
    # South holds no T♣ Q♣ for a flush in trumps (seed 1's deal); his ♠♠M is worth 40, not 60
    game, _ = timeline(declare={S: "♣F 150 ♠♠M 60"})
    south = steps(game, "meld")[2]
    flush, marriages = south.melds
    assert (flush.kind, flush.legal, flush.points, flush.table_points) == ("♣F", False, 0, 150)
    assert flush.cards == ["A♣", "T♣", "K♣", "Q♣", "J♣"]
    assert (marriages.legal, marriages.claimed, marriages.points) == (True, 60, 40)
    assert south.label == "South declares ♣F 150, ♠♠M 60: 210 (credited 40)"
    assert (south.hands[2].meld_points, south.hands[2].declared) == (40, 210)


def test_DP_MELD2_a_total_declared_is_credited_up_to_the_best_meld():
    game, _ = timeline(declare={S: "230"})
    south = steps(game, "meld")[2]
    assert south.label == "South declares 230 in all (credited 40)"
    assert south.melds == [] and south.hands[2].meld_points == 40


def test_DP_PLAY1_DP_PLAY6_the_bidder_leads_then_each_winner_and_hands_shrink():
    game, _ = timeline()
    tricks = steps(game, "trick")
    assert len(tricks) == 20
    leader = "E"
    for number, step in enumerate(tricks, 1):
        table = step.table
        assert table.number == number and len(table.cards) == 4
        assert table.cards[0].seat == leader == table.lead.seat
        assert [p.seat for p in table.cards] == {
            "N": list("NESW"), "E": list("ESWN"), "S": list("SWNE"), "W": list("WNES")}[leader]
        assert [h.size for h in step.hands] == [20 - number] * 4
        assert table.winner == table.marked
        leader = table.winner
    assert tricks[0].label == "trick 1: K♥ T♥ Q♥ K♥, South wins"


def test_DP_PLAY5_identical_cards_the_first_played_wins():
    game, _ = timeline()
    third = steps(game, "trick")[2]
    assert [p.card for p in third.table.cards] == ["T♣", "A♣", "A♣", "A♣"]
    assert (third.table.winner, third.table.rule) == ("S", "DP-PLAY5")
    assert third.label == "trick 3: T♣ A♣ A♣ A♣, South wins (DP-PLAY5)"
    first = steps(game, "trick")[0]         # two K♥, but the T♥ wins: no DP-PLAY5
    assert (first.table.winner, first.table.rule) == ("S", None)


def test_a_card_not_held_is_marked_and_the_hand_keeps_its_cards():
    # trick 1: South, second to play, lays Q♥, which seed 1's deal did not give him
    game, _ = timeline(swap={1: (1, Card.parse("Q♥"))})
    first = steps(game, "trick")[0]
    assert [(p.seat, p.card, p.held) for p in first.table.cards][1] == ("S", "Q♥", False)
    assert [h.size for h in first.hands] == [19, 19, 20, 19]


def test_DP_SCORE2_the_bidders_are_set_and_DP_MELD6_melds_count_once_a_scoring_trick_is_won():
    game, text = timeline(claims=("tricks NS 190 EW 310", "score NS 510 EW -530"))
    battle, end = game.battles[0], game.steps[-1]
    assert (battle.ns, battle.ew, battle.ended_by) == (510, -530, "DP-SCORE2")
    assert (game.ns, game.ew, game.east, game.west) == (510, -530, 0, 0)
    assert end.label == ("the battle ends: North-South 510, East-West -530; East-West made 470 "
                         "of 530: set (DP-SCORE2)")
    ns, ew = end.sides
    assert (ns.side, ns.tricks, ns.melds, ns.counted, ns.score) == ("NS", 190, 320, True, 510)
    assert (ew.side, ew.tricks, ew.melds, ew.counted, ew.score) == ("EW", 310, 160, True, -530)
    assert end.line == line_of(text, "tricks NS")
    # before East-West win a trick their melds do not count yet
    first = steps(game, "trick")[0]
    assert [s.counted for s in first.sides] == [True, False]


def test_DP_SCORE1_a_contract_made_scores_all_the_bidders_made():
    game, _ = timeline(calls=("bid E 500", "pass S", "pass W", "pass N"))
    battle = game.battles[0]
    assert battle.contract == 500
    assert battle.bidder == "E"
    ew = game.steps[-1].sides[1]
    assert ew.tricks + game.steps[-1].sides[0].tricks == 500       # DP-COUNT: 480 + 20
    if ew.tricks + ew.melds >= 500:
        assert (battle.ended_by, battle.ew) == ("DP-SCORE1", ew.tricks + ew.melds)
    else:
        assert (battle.ended_by, battle.ew) == ("DP-SCORE2", -500)


def test_DP_GAME_totals_run_over_the_battles_and_the_target_ends_the_game():
    text = table_record()
    lines = text.splitlines()
    start = lines.index("battle 1 dealer N")
    text += "\n" + "\n".join(["battle 2 dealer E", *lines[start + 1:]]) + "\n"
    [game] = parse(text).games
    view = game_timeline(game, 1, text.splitlines(), ruleset=double_pack(target="1000"))
    first, second = view.battles
    assert second.first_step == first.last_step + 1 and second.dealer == "E"
    assert [s.total for s in view.steps[second.first_step].sides] == [510, -530]
    assert (second.ns, second.ew, view.ns, view.ew) == (510, -530, 1020, -1060)
    assert view.steps[first.last_step].label.endswith("set (DP-SCORE2)")
    assert view.steps[-1].label.endswith("; North-South reach 1020: they win the game "
                                         "(DP-GAME)")


def test_DP_SCORE1_the_notations_hand_checked_hand_replays_to_its_own_claims():
    """tests/notation/data/double_pack.pin (docs/notation.md §11): the spec's §8 auction, East
    bids 530 with a flush, trump ♠, twenty tricks, its claims checked by hand."""
    text = (Path(__file__).resolve().parents[1] / "notation/data/double_pack.pin").read_text(
        encoding="utf-8")
    [game] = parse(text).games
    view = game_timeline(game, 1, text.splitlines(), ruleset=DOUBLE_PACK, findings=[])
    claimed = {words[0]: (int(words[2]), int(words[4])) for words in
               (line.split() for line in text.splitlines())
               if words and words[0] in ("tricks", "melds", "score")}
    ns, ew = view.steps[-1].sides
    assert (ns.tricks, ew.tricks) == claimed["tricks"]
    assert (ns.melds, ew.melds) == claimed["melds"]
    assert (ns.score, ew.score) == claimed["score"] == (view.ns, view.ew)
    battle = view.battles[0]
    assert (battle.bidder, battle.contract, battle.trump) == ("E", 530, "♠")
    assert [c.bid for c in battle.auction] == [None, 500, 520, None, 530, None, None]
    assert steps(view, "trick")[0].table.cards[0].seat == "E"      # the high bidder leads


def test_a_record_stopping_before_the_last_trick_has_no_score():
    game, _ = timeline(tricks=7)
    end = game.steps[-1]
    assert end.label == "the record of the battle stops here"
    assert game.battles[0].ns is None and [s.score for s in end.sides] == [None, None]
    assert end.table is not None and end.table.number == 7


# --- findings placed on their steps ----------------------------------------------------------

def test_findings_are_placed_on_the_step_of_their_statement_else_the_end_of_their_battle():
    game, text = table_game()
    trick = line_of(text, "5. ")
    call = line_of(text, "announce W")
    found = [finding("DP-PLAY2", Span(trick, 7, trick, 9)),
             finding("DP-BID7", Span(call, 1, call, 15), Kind.NOTICE, severity=Severity.INFO),
             finding("DP-SCORE2", Span(), Kind.MISCOUNT),
             finding("DP-GAME", Span(), Kind.MISCOUNT, battle=None)]
    placed = game_timeline(game, 1, text.splitlines(), ruleset=DOUBLE_PACK, findings=found)
    by_rule = {f.rule: placed.steps[f.step] for f in placed.findings}
    assert by_rule["DP-PLAY2"].label.startswith("trick 5:")
    assert by_rule["DP-BID7"].label.startswith("West announces 140")
    assert by_rule["DP-SCORE2"].kind == by_rule["DP-GAME"].kind == "end"
    assert [f.rule for f in placed.findings] == ["DP-BID7", "DP-PLAY2", "DP-SCORE2", "DP-GAME"]
    marked = placed.findings[1].source
    assert marked is not None and marked.marked == text.splitlines()[trick - 1][6:8]
    assert by_rule["DP-BID7"].findings == [0]
    # a notice at a call does not make it illegal (only errors do)
    assert placed.battles[0].auction[2].legal


# --- the page -------------------------------------------------------------------------------

def open_table(page: Page, game: GameTimeline | None, text: str) -> None:
    """The page replaying ``text``: through the service, or with ``game`` as its timeline."""
    if game is not None:
        body = Timeline(games=[game]).model_dump_json()
        page.route("**/v1/replay", lambda route: route.fulfill(
            status=200, content_type="application/json", body=body))
    page.goto("/")
    page.fill("#text", text)
    page.click("#replay")
    expect(page.locator("#replay-view")).to_be_visible()
    page.locator("body").click(position={"x": 5, "y": 5})


def go_to(page: Page, step: int) -> None:
    page.keyboard.press("Home")
    for _ in range(step):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#position")).to_contain_text(f"step {step + 1} of")


def fits_the_screen(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px screen"


def box(page: Page, selector: str) -> dict:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


@pytest.mark.slow
def test_the_table_of_four_on_a_phone_hands_auction_trump_declarations_trick(
        page: Page, tmp_path: Path) -> None:
    text = table_record(claims=("tricks NS 190 EW 310", "score NS 510 EW -530"))
    open_table(page, None, text)            # the service replays it
    label = page.locator("#step-label")
    expect(label).to_contain_text("North deals")
    expect(page.locator("#battle-info")).to_contain_text("Double-pack · battle 1 of 1")

    # the deal: four hands of twenty, the names, North on top, South below, West left of East
    for seat, name in zip("NESW", ("Ann", "Bob", "Cy", "Di")):
        hand = page.locator(f"#hand-{seat}")
        expect(hand).to_be_visible()
        expect(hand.locator(".concealed .card")).to_have_count(20)
        expect(hand.locator(".who")).to_contain_text(name)
    expect(page.locator("#hand-N .badge")).to_have_text("dealer")
    north, south = box(page, "#hand-N"), box(page, "#hand-S")
    west, east = box(page, "#hand-W"), box(page, "#hand-E")
    assert north["y"] + north["height"] <= west["y"] and west["y"] == east["y"]
    assert west["x"] + west["width"] <= east["x"]
    assert max(west["y"] + west["height"], east["y"] + east["height"]) <= south["y"]
    expect(page.locator("#stock")).to_be_hidden()
    expect(page.locator("#auction li")).to_have_text(["no call yet"])
    expect(page.locator("#sides .uncounted")).to_have_count(0)      # no meld declared yet
    fits_the_screen(page)

    # the auction, call by call: the list grows, the high bid and bidder follow
    page.keyboard.press("ArrowRight")
    expect(label).to_contain_text("East bids 500; high bid 500 (East)")
    expect(page.locator("#auction .call")).to_have_count(1)
    expect(page.locator("#hand-E .badge.bidder")).to_have_text("high bidder")
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#auction .call.latest")).to_contain_text("West announce 140 (= 520)")
    expect(page.locator("#auction-head")).to_have_text("Auction: high bid 520, West")
    expect(page.locator("#hand-W .badge.bidder")).to_be_visible()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(label).to_contain_text("the auction ends: East-West must make 530")
    expect(page.locator("#auction .call")).to_have_count(6)

    # trump, then the declarations
    page.keyboard.press("ArrowRight")
    expect(label).to_contain_text("East names ♣ trumps")
    expect(page.locator("#trump")).to_have_text("trump ♣")
    expect(page.locator("#auction-head")).to_have_text("Auction: contract 530, East (East-West)")
    page.keyboard.press("ArrowRight")
    expect(label).to_contain_text("North declares ♣M 40, ♠M 20")
    expect(page.locator("#hand-N .melds li")).to_have_count(7)
    expect(page.locator("#hand-N .melds li.new")).to_have_count(7)
    expect(page.locator("#hand-N .meld-points")).to_have_text("melds 280")
    expect(page.locator("#sides .side-NS .uncounted")).to_have_text(
        " (not counted yet: no scoring trick, DP-MELD6)")

    # trick 3: four cards around the compass, the first of the identical aces wins
    go_to(page, 14)
    expect(label).to_have_text("Battle 1 · trick 3: T♣ A♣ A♣ A♣, South wins (DP-PLAY5)")
    trick = page.locator("#trick")
    expect(trick.locator(".played .card")).to_have_count(4)
    expect(trick.locator(".played.won")).to_have_count(1)
    expect(trick.locator(".played.won .label")).to_have_text("South")
    expect(trick.locator(".seat-E .label")).to_have_text("East leads")
    expect(trick.locator(".verdict")).to_have_text("South wins (DP-PLAY5)")
    for seat in "NESW":
        expect(page.locator(f"#hand-{seat} .concealed .card")).to_have_count(17)
    expect(page.locator("#hand-S")).to_have_class("hand winner")
    north_card, south_card = box(page, "#trick .seat-N"), box(page, "#trick .seat-S")
    west_card, east_card = box(page, "#trick .seat-W"), box(page, "#trick .seat-E")
    assert north_card["y"] < west_card["y"] == east_card["y"] < south_card["y"]
    assert west_card["x"] < north_card["x"] < east_card["x"]
    fits_the_screen(page)

    # the end: the sides' scores, set by the bid
    page.keyboard.press("End")
    expect(label).to_contain_text("East-West made 470 of 530: set (DP-SCORE2)")
    expect(page.locator("#sides .side-NS .score")).to_have_text("score 510")
    expect(page.locator("#sides .side-EW .score")).to_have_text("score -530")
    expect(page.locator("#finding-list")).to_contain_text("none: the record is clean")
    # the meld question answers at a table of four too (issue 30): a seat's declaration
    expect(page.locator("#ask-button")).to_be_enabled()
    expect(page.locator("#ask-where")).to_contain_text("What may this player declare in battle")
    fits_the_screen(page)
    shot = Path(os.environ.get("PINOCHLE_SCREENSHOTS") or tmp_path) / "replay-page-table.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    go_to(page, 14)
    page.screenshot(path=str(shot), full_page=True)
    print(f"screenshot: {shot}")


@pytest.mark.slow
def test_the_findings_of_a_table_of_four_link_to_their_steps_and_an_illegal_call_is_struck(
        page: Page) -> None:
    calls = ("bid E 500", "bid S 490", "pass W", "pass N", "pass S")
    game, text = table_game(calls=calls, declare={S: "♥F 150 ♠♠M 40"})
    at = line_of(text, "bid S 490")
    meld = line_of(text, "meld S")
    found = [finding("DP-BID3", Span(at, 7, at, 10)),
             finding("DP-MELD2", Span(meld, 8, meld, 14), Kind.ILLEGAL_MELD)]
    view = game_timeline(game, 1, text.splitlines(), ruleset=DOUBLE_PACK, findings=found)
    open_table(page, view, text)
    expect(page.locator("#finding-list .finding")).to_have_count(2)
    page.click("#finding-list .finding >> nth=0")
    expect(page.locator("#step-label")).to_contain_text("South bids 490, not allowed")
    expect(page.locator("#step-findings .rule")).to_have_text("DP-BID3")
    expect(page.locator("#step-findings pre.source mark")).to_have_text("490")
    expect(page.locator("#auction .call.illegal")).to_contain_text("South bid 490")
    expect(page.locator("#auction-head")).to_have_text("Auction: high bid 500, East")
    page.click("#finding-list .finding >> nth=1")
    expect(page.locator("#step-label")).to_contain_text("South declares ♥F 150, ♠♠M 40")
    expect(page.locator("#hand-S .melds li.illegal")).to_contain_text("illegal, scores 0")
    fits_the_screen(page)


@pytest.mark.slow
def test_DP_PLAYERS_the_partnership_example_loads_four_hands_and_its_auction(page: Page) -> None:
    """The page's "load example" offers the hand-checked partnership evening: chosen and
    loaded as a player would, it shows four hands of twenty and the auction of battle 1."""
    page.goto("/")
    page.select_option("#example", "double-pack-evening")
    page.click("#load-example")
    for seat in "NESW":
        expect(page.locator(f"#hand-{seat}")).to_be_visible()
    expect(page.locator("#hand-N .card")).to_have_count(20)
    page.locator("body").click(position={"x": 5, "y": 5})
    go_to(page, 7)                              # the deal, then its seven calls
    expect(page.locator("#auction .call")).to_have_count(7)
    expect(page.locator("#step-label")).to_contain_text("East-West must make 530")
    fits_the_screen(page)


@pytest.mark.slow
def test_a_two_handed_record_shows_two_hands_and_the_stock_as_before(page: Page) -> None:
    page.goto("/")
    page.click("#load-example")
    expect(page.locator("#hand-E .concealed .card")).to_have_count(12)
    expect(page.locator("#hand-N")).to_be_hidden()
    expect(page.locator("#hand-S")).to_be_hidden()
    expect(page.locator("#table-info")).to_be_hidden()
    expect(page.locator("#stock")).to_contain_text("stock 24")
    expect(page.locator("#battle-info")).to_contain_text("East Point · battle 1 of 1")
