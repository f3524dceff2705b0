"""``simulate --ruleset double-pack``: simulated partnership games are legal by the
rules' own functions, checked here event by event: the deal (DP-DEAL2, DP-DEAL3), the auction
replayed by an independent reading of DP-BID1-DP-BID9, trump and the declarations (DP-MELD1,
``judge_declaration``), twenty tricks of legal cards and their winners (DP-PLAY1-DP-PLAY6), the
claims (``score_hand``), and the game's end (``game_winner``, DP-GAME)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from math import ceil

import pytest

from pinochle.adjudicator.partnership.contract import (game_winner, is_scoring_trick, score_hand,
                                                       trick_points)
from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK_OPTIONS, double_pack
from pinochle.adjudicator.partnership.melds import best_meld, judge_declaration
from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.partnership.tricks import broken_rule, winning_index
from pinochle.notation.cards import FOUR_SEATS, Card, Seat, Side
from pinochle.notation.events import (
    Announce, Battle, Bid, Declaration, Hands, Meld, Pass, SideClaim, TableTrick, TrumpNaming,
)
from pinochle.simulator.deal import deal_table, pack_cards
from pinochle.simulator.partnership.game import TableGame, simulate_table_game
from pinochle.simulator.simulate import Settings, settings_from_tags, simulate_any

DP = double_pack()
POLICIES = [("random", "random"), ("greedy", "greedy"), ("random", "greedy")]


@dataclass
class Replayed:
    """A battle read back from its events by the rules, independently of the generator."""

    dealer: Seat
    hands: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)
    calls: list = field(default_factory=list)
    high: Seat | None = None
    bid: int = 0
    deemed: set[str] = field(default_factory=set)
    trump: object = None
    credited: dict[Seat, int] = field(default_factory=dict)
    notices: set[str] = field(default_factory=set)
    tricks: list[tuple[Seat, tuple[Card, ...], Seat]] = field(default_factory=list)
    claims: dict[str, SideClaim] = field(default_factory=dict)


def _deemed(high: int | None, call: Announce) -> int | None:
    """DP-BID6, DP-BID7 and the spec's D3, read from the spec's table (§5.1)."""
    if call.flush or call.long:
        return 500 if high is None else high + 10 * max(1, ceil((call.meld or 0) / 100))
    return None if high is None else high + 10 * ceil((call.meld or 0) / 100)


def _auction(replayed: Replayed, ruleset: Ruleset) -> None:
    """The calls are in turn (DP-BID1), nobody calls after passing (DP-BID2), every bid is a
    multiple of 10 from 500 and higher (DP-BID3), announcements only where allowed (DP-BID8),
    and the auction ends as D1 and DP-BID9 say."""
    turn, passed, high = replayed.dealer.left, set(), None
    for n, call in enumerate(replayed.calls):
        assert call.seat is turn and call.seat not in passed
        amount = None
        if isinstance(call, Pass):
            passed.add(call.seat)
        elif isinstance(call, Bid):
            amount = call.amount
            if not ruleset.options["Announcements"] == "yes":
                assert not (call.flush or call.long or call.meld)
        else:
            assert ruleset.options["Announcements"] == "yes" and (call.meld or call.flush
                                                                    or call.long)
            amount = _deemed(high, call)
            if amount is not None:
                replayed.deemed.add("DP-BID6" if high is None else "DP-BID7")
        if amount is not None:
            assert amount >= 500 and amount % 10 == 0 and (high is None or amount > high)
            high, replayed.high = amount, call.seat
        if replayed.high is None:
            assert n < 4                                           # DP-BID9: one round only
        else:
            assert len(passed) < 3 or n == len(replayed.calls) - 1  # D1: ends at once
        turn = call.seat.left
        while turn in passed and len(passed) < 4:
            turn = turn.left
    if replayed.high is None:
        assert len(replayed.calls) == 4
    else:
        assert passed == set(FOUR_SEATS) - {replayed.high}
        replayed.bid = high or 0


def replay(battle: Battle, ruleset: Ruleset) -> Replayed:
    r = Replayed(battle.dealer)
    leader: Seat | None = None
    held: dict[Seat, list[Card]] = {}
    for event in battle.events:
        if isinstance(event, Hands):
            r.hands = dict(zip(FOUR_SEATS, event.hands))
            held = {seat: list(cards) for seat, cards in r.hands.items()}
        elif isinstance(event, (Bid, Announce, Pass)):
            assert r.trump is None
            r.calls.append(event)
        elif isinstance(event, TrumpNaming):
            _auction(r, ruleset)
            assert r.high is not None                               # DP-MELD1: after the bid
            r.trump, leader = event.suit, r.high
            # the high bidder names a suit he is long in (within one card of his longest)
            lengths = Counter(c.suit for c in r.hands[r.high])
            assert lengths[event.suit] >= max(lengths.values()) - 1
        elif isinstance(event, (Meld, Declaration)):
            assert r.trump is not None and not r.tricks and event.seat not in r.credited
            assert event.seat is not None
            melds = (event,) if isinstance(event, Meld) else event.melds
            total = None if isinstance(event, Meld) else event.total
            verdict = judge_declaration(r.hands[event.seat], melds, total, r.trump, ruleset,
                                        event.seat)
            assert all(f.severity is Severity.INFO for f in verdict.findings)
            r.credited[event.seat] = verdict.points
            r.notices |= {f.rule for f in verdict.findings}
        elif isinstance(event, TableTrick):
            assert leader is not None and len(r.credited) == 4 and len(event.cards) == 4
            assert event.number == len(r.tricks) + 1
            seat = leader
            for k, card in enumerate(event.cards):
                assert card in held[seat]
                assert broken_rule(held[seat], event.cards[:k], card, r.trump, ruleset) is None
                held[seat].remove(card)
                seat = seat.left
            winner = leader
            for _ in range(winning_index(event.cards, r.trump, ruleset)):
                winner = winner.left
            assert event.winner is winner                           # DP-PLAY5
            r.tricks.append((leader, event.cards, winner))
            leader = winner                                         # DP-PLAY6
        elif isinstance(event, SideClaim):
            r.claims[event.category] = event
    if r.trump is None:
        _auction(r, ruleset)
    assert not r.trump or not any(held.values())
    return r


def check_game(game: TableGame, ruleset: Ruleset) -> list[Replayed]:
    """Every battle legal and every claim the rules' own (``score_hand``, ``game_winner``)."""
    totals = {Side.NS: 0, Side.EW: 0}
    replays = []
    battles = game.game.battles
    for n, battle in enumerate(battles):
        r = replay(battle, ruleset)
        replays.append(r)
        assert battle.number == n + 1
        if n:
            assert battle.dealer is battles[n - 1].dealer.left       # DP-DEAL3
        assert sorted(c for h in r.hands.values() for c in h) == sorted(pack_cards(ruleset))
        assert all(len(h) == 20 for h in r.hands.values())          # DP-DEAL2
        if r.high is None:                                          # DP-BID9: no score
            assert not r.tricks and not r.claims
            continue
        assert len(r.tricks) == 20
        cards = {Side.NS: 0, Side.EW: 0}
        scoring = {Side.NS: False, Side.EW: False}
        for i, (_, trick, winner) in enumerate(r.tricks):
            cards[winner.side] += trick_points(trick, ruleset) + (20 if i == 19 else 0)
            scoring[winner.side] |= is_scoring_trick(trick, i == 19, ruleset)
        assert sum(cards.values()) == 500
        melds = {side: sum(r.credited[s] for s in side.seats) for side in Side}
        result = score_hand(r.high.side, r.bid, cards, melds, scoring, ruleset)
        totals = {side: totals[side] + result[side].score for side in Side}
        expected = {"tricks": {s: result[s].cards for s in Side},
                    "melds": {s: result[s].melds for s in Side},
                    "score": {s: result[s].score for s in Side}, "total": totals}
        assert {c: {s: claim.of(s) for s in Side} for c, claim in r.claims.items()} == expected
        winner = game_winner(totals, r.high.side, ruleset)
        assert (winner is None) == (n < len(battles) - 1)           # DP-GAME
        if winner is not None:
            assert winner is game.winner
    (claim,) = game.game.closing
    assert isinstance(claim, SideClaim) and claim.category == "game"
    assert (claim.ns, claim.ew) == (totals[Side.NS], totals[Side.EW]) == \
        (game.totals[Side.NS], game.totals[Side.EW])
    assert game.game.tags["Result"] == f"{totals[Side.NS]}-{totals[Side.EW]}"
    return replays


@pytest.mark.parametrize("policies", POLICIES)
def test_DP_BID1_DP_PLAY2_DP_SCORE1_simulated_games_are_legal_and_claim_the_rules_scores(
        policies) -> None:
    for seed in range(12):
        check_game(simulate_table_game(seed, DP, policies), DP)


@pytest.mark.parametrize("tag, value", [(tag, value) for tag, values in
                                        DOUBLE_PACK_OPTIONS.items() for value in values[1:]])
def test_DP_COUNT2_DP_PLAY3_DP_BID8_DP_SCORE2_every_option_value_plays_legal_games(
        tag, value) -> None:
    params = {"TrickScoring": "trick_scoring", "TrumpLead": "trump_lead",
              "Announcements": "announcements", "SetPenalty": "set_penalty", "Target": "target"}
    ruleset = double_pack(**{params[tag]: value})
    for seed in range(4):
        game = simulate_table_game(seed, ruleset, POLICIES[seed % 3])
        assert game.game.tags[tag] == value
        check_game(game, ruleset)


def test_DP_BID8_without_announcements_only_bids_and_passes() -> None:
    ruleset = double_pack(announcements="no")
    games = [simulate_table_game(seed, ruleset, ("random", "random")) for seed in range(10)]
    calls = [e for g in games for b in g.game.battles for e in b.events
             if isinstance(e, (Bid, Announce, Pass))]
    assert calls and not any(isinstance(c, Announce) for c in calls)
    assert not any(c.flush or c.long or c.meld for c in calls if isinstance(c, Bid))
    # and with them (the default), the random players use them
    with_them = [e for seed in range(10) for b in simulate_table_game(seed, DP, ("random",
                 "random")).game.battles for e in b.events]
    assert any(isinstance(e, Announce) for e in with_them)
    assert any(isinstance(e, Bid) and (e.flush or e.long or e.meld) for e in with_them)


def _replays(seeds: range, policies: tuple[str, str] = ("random", "random")) -> list[Replayed]:
    return [r for seed in seeds for r in check_game(simulate_table_game(seed, DP, policies), DP)]


def test_DP_BID4_DP_BID6_DP_BID7_DP_BID9_the_auction_takes_every_shape() -> None:
    replays = _replays(range(30))
    deemed = set().union(*(r.deemed for r in replays))
    assert deemed == {"DP-BID6", "DP-BID7"}
    # a meld announced before any bid: information only (DP-BID4)
    assert any(isinstance(c, Announce) and not (c.flush or c.long) and
               not any(isinstance(p, Bid) for p in r.calls[:i])
               for r in replays for i, c in enumerate(r.calls))
    thrown = [r for r in replays if r.high is None]
    assert thrown and len(thrown) < len(replays) / 3                # DP-BID9 sometimes
    assert any(len({c.seat for c in r.calls if isinstance(c, (Bid, Announce))}) > 1
               for r in replays)                                    # contested auctions


def test_DP_SCORE1_DP_SCORE2_contracts_are_sometimes_made_and_sometimes_set() -> None:
    played = [r for r in _replays(range(30)) if r.high is not None]
    made = [r for r in played if r.claims["score"].of(r.high.side) >= r.bid]
    set_ = [r for r in played if r.claims["score"].of(r.high.side) == -r.bid]
    assert len(made) + len(set_) == len(played)
    assert len(set_) > len(played) / 10 and len(made) > len(played) / 2


def test_DP_MELD1_declarations_full_total_only_none_and_under_melding_D12() -> None:
    replays = _replays(range(20))
    events = [e for seed in range(20)
              for b in simulate_table_game(seed, DP, ("random", "random")).game.battles
              for e in b.events if isinstance(e, (Meld, Declaration))]
    assert any(isinstance(e, Meld) and e.seat for e in events)              # one kind
    assert any(isinstance(e, Declaration) and len(e.melds) > 1 for e in events)
    assert any(isinstance(e, Declaration) and not e.melds and e.total for e in events)
    assert any(isinstance(e, Declaration) and not e.melds and e.total == 0 for e in events)
    under = [(r, seat) for r in replays if r.trump for seat in FOUR_SEATS
             if r.credited[seat] < best_meld(r.hands[seat], r.trump, DP)]
    assert under and all("DP-MELD1" in r.notices for r, _ in under)
    # the greedy player shows everything: no notice
    greedy = _replays(range(5), ("greedy", "greedy"))
    assert all(r.credited[s] == best_meld(r.hands[s], r.trump, DP) and not r.notices
               for r in greedy if r.trump for s in FOUR_SEATS)


def test_DP_MELD6_DP_SCORE2_DP_BID9_the_notices_a_game_causes_are_intended() -> None:
    for seed in range(15):
        game = simulate_table_game(seed, DP, ("random", "random"))
        replays = check_game(game, DP)
        notices = set().union(*(r.notices | r.deemed for r in replays))
        if any(r.high is None for r in replays):
            notices.add("DP-BID9")
        assert notices <= game.intended
        assert game.intended <= notices | {"DP-MELD6", "DP-SCORE2"}


def test_DP_DEAL1_DP_DEAL2_the_whole_pack_is_dealt_twenty_each_from_the_dealers_left() -> None:
    for seed in range(5):
        hands = deal_table(DP, Seat.NORTH, random.Random(seed))
        assert tuple(hands) == FOUR_SEATS
        assert sorted(c for h in hands.values() for c in h) == sorted(pack_cards(DP))
        assert all(len(h) == 20 and list(h) == sorted(h) for h in hands.values())
    assert deal_table(DP, Seat.EAST, random.Random(1)) == deal_table(DP, Seat.EAST,
                                                                     random.Random(1))
    assert deal_table(DP, Seat.EAST, random.Random(1)) != deal_table(DP, Seat.EAST,
                                                                     random.Random(2))


def test_DP_GAME_the_same_seed_gives_the_same_game_and_the_tags_make_it_again() -> None:
    settings = Settings(policies=("greedy", "random"), ruleset=DP)
    game = simulate_any(5, settings)
    assert isinstance(game, TableGame)
    assert simulate_any(5, settings) == game
    assert simulate_any(6, settings).game != game.game
    tags = game.game.tags
    assert [tags[s.word] for s in FOUR_SEATS] == ["greedy", "random", "greedy", "random"]
    assert (tags["Seed"], tags["Policies"], tags["Ruleset"]) == ("5", "greedy,random",
                                                                 "double-pack")
    assert all(tags[tag] == values[0] for tag, values in DOUBLE_PACK_OPTIONS.items())
    assert game.winner in Side and game.totals[game.winner] >= 3550


def with_double_pack_in_catalog(monkeypatch) -> None:
    """The catalog's double-pack entry (registered by the walker's branch), as it reads the
    option tags, for the tests of this branch alone."""
    from pinochle.adjudicator import rulesets as catalog

    params = {"TrickScoring": "trick_scoring", "TrumpLead": "trump_lead",
              "Announcements": "announcements", "SetPenalty": "set_penalty", "Target": "target"}
    maker = catalog.RulesetMaker("double-pack", double_pack, DOUBLE_PACK_OPTIONS, params)
    monkeypatch.setattr(catalog, "CATALOG", {**catalog.CATALOG, "double-pack": maker})


def test_DP_GAME_settings_from_a_games_tags_keep_the_four_seats(monkeypatch) -> None:
    with_double_pack_in_catalog(monkeypatch)
    ruleset = double_pack(trump_lead="top-highest", target="1000")
    game = simulate_any(9, Settings(ruleset=ruleset, tags=(("North", "Ann"), ("South", "Cy"))))
    assert isinstance(game, TableGame)
    assert [game.game.tags[s.word] for s in FOUR_SEATS] == ["Ann", "random", "Cy", "random"]
    seed, settings = settings_from_tags(game.game.tags)
    assert seed == 9 and settings.ruleset is ruleset
    assert simulate_any(seed, settings) == game


def test_DP_settings_refuse_irregularities_the_rules_have_no_laws() -> None:
    with pytest.raises(ValueError, match="no irregularity"):
        Settings(ruleset=DP, irregularities=0.1)


def test_DP_PLAY3_pinochle_simulate_ruleset_double_pack_writes_the_games(monkeypatch) -> None:
    """``pinochle simulate --ruleset double-pack --option ...``: the games of ``simulate_any``
    written as text that reads back to them; East Point's --battles and the irregularities are
    refused (the game ends by its Target, DP-GAME; the rules have no laws)."""
    from typer.testing import CliRunner

    from pinochle.adjudicator import rulesets as catalog
    from pinochle.cli import simulate as cli
    from pinochle.cli.main import app
    from pinochle.notation import dumps, parse

    with_double_pack_in_catalog(monkeypatch)
    monkeypatch.setattr(cli, "CATALOG", catalog.CATALOG)
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "--ruleset", "double-pack", "--games", "2",
                                 "--seed", "3", "--policy", "random,greedy",
                                 "--option", "trumplead=top-highest", "--option",
                                 "SetPenalty=made"])
    assert result.exit_code == 0, result.output
    ruleset = double_pack(trump_lead="top-highest", set_penalty="made")
    settings = Settings(policies=("random", "greedy"), ruleset=ruleset)
    games = [simulate_any(seed, settings).game for seed in (3, 4)]
    assert result.output == "\n".join(dumps(game) for game in games)
    assert parse(result.output, "out.pin").games == tuple(games)
    for bad, why in ((["--battles", "4"], "ends by its target (DP-GAME)"),
                     (["--irregularities", "0.1"], "no irregularity laws")):
        refused = runner.invoke(app, ["simulate", "--ruleset", "double-pack", *bad])
        assert refused.exit_code == 4 and why in refused.output, refused.output
        assert "Traceback" not in refused.output
