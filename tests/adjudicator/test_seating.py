"""A ruleset's seating (``model/seating.py``) answers what the ``Seat`` enum used to (two seats:
the opponent, R1, R4B, R8; four: the partner, the left, the side, DP-PLAYERS, DP-DEAL3, DP-BID1),
and a new seating is a ruleset entry: a toy three-seat ruleset, defined here as data (three
players each scoring for himself, no partnerships: TH-SEAT1, TH-SEAT2's seats N, E, W), goes
through simulate -> validate -> timeline with zero findings, and a mutated copy of one of its
games is caught by both (issue 28's first "Done when"). Its games go through their text
(docs/notation.md §12: the N, E, W hand lines, three-card tricks, claims by seat), its claims by
seat (``tricks N .. E .. W ..``, ``melds``, ``score``, ``total``, ``game``) are checked as
double-pack's side claims are, under the same ids, double-pack's mutations are caught in its
games, and its report is the three-seat shape (``SeatGameReport``, docs/report-schema.md),
also through the command line's own entry point (the toy is put in the catalog of that
process: no catalog of the installed ``pinochle`` holds it)."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle.adjudicator.model.findings import Finding, Severity
from pinochle.adjudicator.model.ruleset import Ruleset, RulesetMaker
from pinochle.adjudicator.model.seating import FOUR_PARTNERS, TWO_HANDED, Seating
from pinochle.adjudicator.partnership.contract import game_winner
from pinochle.adjudicator.partnership.results import TableGameResult, is_partnership
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.partnership.walker import walk_table
from pinochle.adjudicator.report.timeline import game_timeline
from pinochle.adjudicator.report.validation import SeatGameReport, render_scores, validate_game
from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.rulesets.double_pack import double_pack
from pinochle.notation import dumps, parse
from pinochle.notation.cards import FOUR_SEATS, TWO_SEATS, Seat, Side
from pinochle.notation.events import Battle, Claim, Game, Hands, SideClaim, TableTrick, Tag
from pinochle.simulator.mutation import MutationClass
from pinochle.simulator.partnership.game import TableGame, simulate_table_game
from pinochle.simulator.partnership.mutate import DOUBLE_PACK_MUTATIONS, TableSite, table_sites
from tests.adjudicator.dpkit import Collect

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
DP = double_pack()

#: The toy: double-pack's tables at a table of three, each for himself (TH-SEAT1), clockwise
#: N -> E -> W (TH-SEAT2), three copies of each face (60 cards, 20 a seat, no stock).
TOY = dataclasses.replace(
    DP, name="toy-three-seats",
    seating=Seating(seats=(N, E, W), first_lead="bidder"),
    pack={card: 3 for card, copies in DP.pack.items() if copies}, hand_size=20)


def toy(**_: str) -> Ruleset:
    """The toy's builder, for its catalog entry (``TOY_MAKER``): no options of its own."""
    return TOY


#: The toy as a catalog entry, for a command line that knows it (``run_toy_cli``).
TOY_MAKER = RulesetMaker(name=TOY.name, build=toy, options={}, params={})
ROOT = Path(__file__).resolve().parents[2]
#: The console script's entry point (``pinochle.console.main``, as corpus/behaviour.py runs
#: it), with the toy added to the catalog first.
TOY_CLI = ("import sys; from types import MappingProxyType; "
           "from pinochle.adjudicator import rulesets; "
           "from tests.adjudicator.test_seating import TOY_MAKER; "
           "rulesets.CATALOG = MappingProxyType({**rulesets.CATALOG, TOY_MAKER.name: TOY_MAKER}); "
           "sys.argv[0] = 'pinochle'; from pinochle.console import main; main()")


def run_toy_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", TOY_CLI, *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT, timeout=120)


def validate(game: Game) -> tuple[TableGameResult, list[Finding]]:
    seen = Collect()
    return walk_table(game, seen, TOY), seen.findings


@pytest.mark.parametrize("name", ["east-point", "old-time", "scarne", "25-steps"])
def test_R1_R4B_R8_the_two_handed_seating_is_the_enums_opponent(name: str) -> None:
    seating = ruleset_from_tags({"Ruleset": name}).seating
    assert seating is TWO_HANDED and seating.seats == TWO_SEATS and not seating.by_side
    for seat in TWO_SEATS:
        assert seating.opponent(seat) is seat.other                 # R1: East against West
        assert seating.next_dealer(seat) is seat.other              # R4B: the deal alternates
        assert seating.left(seat) is seat.other                     # R8: the nondealer leads
        assert seating.partner(seat) is None and seating.scorer(seat) is seat
    assert seating.scorers == TWO_SEATS                             # East first in the report


def test_DP_PLAYERS_DP_DEAL3_the_partnership_seating_is_the_enums_table_of_four() -> None:
    seating = DP.seating
    assert seating is FOUR_PARTNERS and seating.seats == FOUR_SEATS and seating.by_side
    for seat in FOUR_SEATS:
        assert seating.left(seat) is seat.left                      # DP-DEAL3, DP-BID1
        assert seating.partner(seat) is seat.partner                # DP-PLAYERS
        assert seating.scorer(seat) is seat.side
    assert seating.scorers == (Side.NS, Side.EW) and seating.first_lead == "bidder"
    assert seating.rivals(Side.NS) == (Side.EW,)
    with pytest.raises(ValueError, match="no single opponent"):
        seating.opponent(N)


def test_TH_SEAT1_TH_SEAT2_a_seating_of_three_each_for_himself() -> None:
    seating = TOY.seating
    assert [seating.left(seat) for seat in (N, E, W)] == [E, W, N]     # N -> E -> W -> N
    assert [seating.partner(seat) for seat in (N, E, W)] == [None, None, None]
    assert seating.scorers == (N, E, W) and not seating.by_side
    assert seating.rivals(E) == (N, W)
    assert is_partnership(TOY) and TOY.stock_size == 0             # the table engine's game


@pytest.fixture(scope="module")
def games() -> list[TableGame]:
    return [simulate_table_game(seed, TOY, ("greedy", "greedy")) for seed in (1, 2, 3)]


def test_a_toy_three_seat_ruleset_is_simulated_and_validated_with_zero_findings(
        games: list[TableGame]) -> None:
    for simulated in games:
        battles = simulated.game.battles
        deals = [e for b in battles for e in b.events if isinstance(e, Hands)]
        tricks = [e for b in battles for e in b.events if isinstance(e, TableTrick)]
        assert deals and all(len(d.hands) == 3 and {len(h) for h in d.hands} == {20}
                             for d in deals)
        assert tricks and {len(t.cards) for t in tricks} == {3}
        result, found = validate(simulated.game)
        assert found == []
        assert dict(result.totals) == dict(simulated.totals)        # keyed by N, E, W
        assert list(result.totals) == [N, E, W]
        assert result.winner is simulated.winner and result.winner in (N, E, W)
        assert result.totals[result.winner] >= TOY.game_end.target
        for battle in result.battles:
            if not battle.thrown_in:
                cards = sum(battle.of(seat).cards for seat in (N, E, W))       # DP-COUNT
                assert cards == TOY.total_card_points + TOY.last_trick_bonus == 380


def test_TH_SEAT1_TH_PLAY2_a_toy_game_goes_through_its_text_with_zero_findings(
        games: list[TableGame]) -> None:
    """The simulated game written by the writer (three hand lines, three-card tricks), read
    back to the same events and written back byte for byte, validates clean."""
    for simulated in games:
        text = dumps(simulated.game)
        lines = text.splitlines()
        assert {line[:2] for line in lines} >= {"N:", "E:", "W:"} and "S:" not in {
            line[:2] for line in lines}
        assert any(line.startswith("1. ") and len(line.split()) in (4, 5) for line in lines)
        (back,) = parse(text).games
        assert back == simulated.game and dumps(back) == text
        result, found = validate(back)
        assert found == []
        assert dict(result.totals) == dict(simulated.totals)


def _with_trick(game: Game, battle: int, trick: TableTrick, new: TableTrick) -> Game:
    b = game.battles[battle]
    events = tuple(new if e is trick else e for e in b.events)
    changed: Battle = b.model_copy(update={"events": events})
    battles = tuple(changed if i == battle else x for i, x in enumerate(game.battles))
    return game.model_copy(update={"battles": battles})


def test_DP_PLAY5_a_mutated_copy_of_a_toy_game_is_caught(games: list[TableGame]) -> None:
    """The winner mark of one trick moved to another of the three seats: the walker names the
    trick's real winner (DP-PLAY5), and only that."""
    game = games[0].game
    index, trick = next((i, e) for i, b in enumerate(game.battles) for e in b.events
                        if isinstance(e, TableTrick) and e.winner is not None)
    wrong = TOY.seating.left(trick.winner)
    mutant = _with_trick(game, index, trick, trick.model_copy(update={"winner": wrong}))
    _, found = validate(mutant)
    assert [f.rule for f in found] == ["DP-PLAY5"]
    assert found[0].expected == str(trick.winner) and found[0].claimed == str(wrong)


def test_TH_SEAT1_a_dealer_without_a_seat_at_the_table_is_reported(
        games: list[TableGame]) -> None:
    """South has no seat at the toy's table: his battle is reported and not replayed (the
    two-handed walker's rule for a foreign dealer), never replayed from a guessed seat."""
    game = games[0].game
    first = game.battles[0].model_copy(update={"dealer": S})
    mutant = game.model_copy(update={"battles": (first, *game.battles[1:])})
    result, found = validate(mutant)
    assert [(f.rule, f.battle) for f in found][:1] == [("Ruleset", 1)]
    assert "South deals battle 1, but the seats of toy-three-seats are North, East, West" in (
        found[0].message)
    assert len(result.battles) == len(game.battles) - 1


def test_TH_SEAT1_a_side_claim_at_a_table_without_sides_is_reported_not_a_crash(
        games: list[TableGame]) -> None:
    """Each of N, E, W keeps his own score: a ``tricks NS .. EW ..`` line inside a battle and a
    ``game`` line after the last are reported and ignored (the table's claims are by seat),
    and the totals stand."""
    game = games[0].game
    first = game.battles[0]
    battle = first.model_copy(update={"events": (*first.events,
                                                  SideClaim(category="tricks", ns=1, ew=2))})
    mutant = game.model_copy(update={"battles": (battle, *game.battles[1:]),
                                     "closing": (SideClaim(category="game", ns=3, ew=4),)})
    result, found = validate(mutant)
    assert [(f.rule, f.battle) for f in found] == [("Ruleset", 1), ("Ruleset", None)]
    assert all("where each of North, East, West keeps his own score" in f.message
               for f in found)
    assert dict(result.totals) == dict(games[0].totals)


def test_TH_SCORE_the_toy_claims_by_seat_each_battle_and_the_game(
        games: list[TableGame]) -> None:
    """The simulator writes the toy's claims as it writes double-pack's, by scorer: here by
    seat (``tricks N .. E .. W ..``, ``melds``, ``score``, ``total``, then ``game``), and the
    table engine checks them (zero findings in the first test)."""
    for simulated in games:
        game = simulated.game
        played = [b for b in game.battles if any(isinstance(e, TableTrick) for e in b.events)]
        for battle in played:
            claims = [e for e in battle.events if isinstance(e, Claim)]
            assert [c.category for c in claims] == ["tricks", "melds", "score", "total"]
            assert all(c.seats == (N, E, W) for c in claims)
            assert not any(isinstance(e, SideClaim) for e in battle.events)
        (closing,) = game.closing
        assert isinstance(closing, Claim) and closing.category == "game"
        assert {seat: closing.of(seat) for seat in (N, E, W)} == dict(simulated.totals)


def test_TH_SEAT1_a_claim_of_the_other_kind_or_for_a_seat_not_seated_is_one_finding() -> None:
    """``TableState.claim`` keeps a claim of its table's kind (by seat at the toy's) and reports
    any other once, never a crash: a side claim at a table of seats, a claim by seat at a
    table of sides, a claim for a seat the seating does not have (a table of N, E, S)."""
    by_seat = Claim(category="score", north=1, east=2, west=3)
    cases = [
        (TOY, SideClaim(category="tricks", ns=1, ew=2), "a claim by side (NS, EW) in a game of "
         "toy-three-seats, where each of North, East, West keeps his own score: it is ignored"),
        (DP, by_seat, "a claim by seat (N, E, W) in a game of double-pack, where each side "
         "keeps its score: it is ignored"),
        (dataclasses.replace(TOY, seating=Seating(seats=(N, E, S), first_lead="bidder")),
         by_seat, "a claim for West, who has no seat in a game of toy-three-seats: it is "
         "ignored")]
    for ruleset, claim, message in cases:
        state = TableState(ruleset, N)
        assert state.claim(claim) is False
        assert [(f.rule, f.message) for f in state.findings] == [("Ruleset", message)]
    state = TableState(TOY, N)
    assert state.claim(by_seat) is True and state.findings == []


#: A number of each claim changed by 10 (``tricks``, ``melds``, ``score``, ``total`` inside a
#: battle, ``game`` after the last), and the rule that catches it: double-pack's ids, as at a
#: table of sides (DP-COUNT1, DP-MELD6, DP-SCORE1-3, DP-GAME).
CLAIM_RULES = {"tricks": {"DP-COUNT1"}, "melds": {"DP-MELD6"},
               "score": {"DP-SCORE1", "DP-SCORE2", "DP-SCORE3"}, "total": {"DP-GAME"},
               "game": {"DP-GAME"}}


@pytest.mark.parametrize("seat", [N, E, W])
@pytest.mark.parametrize("category", list(CLAIM_RULES))
def test_DP_COUNT1_DP_MELD6_DP_SCORE_DP_GAME_a_wrong_claim_by_seat_is_caught_at_its_number(
        games: list[TableGame], category: str, seat: Seat) -> None:
    """One seat's number of one claim, in the record's text, 10 off: one miscount, at that
    seat's place in the claim, with the claimed and the right value, under the rule a side's
    claim has at double-pack."""
    text = dumps(games[0].game)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(category + " N "))
    words = lines[at].split()
    k = words.index(str(seat)) + 1
    right = int(words[k])
    words[k] = str(right + 10)
    column = len(" ".join(words[:k - 1])) + 2      # the seat's letter, where its number starts
    lines[at] = " ".join(words)
    (mutant,) = parse("\n".join(lines) + "\n").games
    _, found = validate(mutant)
    assert [f.rule for f in found] in [[rule] for rule in CLAIM_RULES[category]]
    (finding,) = found
    assert (finding.span.line, finding.span.column) == (at + 1, column)
    assert (finding.claimed, finding.expected) == (right + 10, right)
    assert f"for {seat}: {right}, not the claimed {right + 10}" in finding.message


@pytest.mark.parametrize("mutation", DOUBLE_PACK_MUTATIONS, ids=lambda m: m.name)
def test_DP_mutations_of_a_toy_game_are_caught(games: list[TableGame],
                                               mutation: MutationClass[TableSite]) -> None:
    """Double-pack's corruptions (simulator/partnership/mutate.py: bids, declarations, revokes,
    a winner mark, a set bidder's score claimed as made, a score's sign) read the toy's seats,
    left and scorers from its seating: each is caught in a toy game by a finding of its rules,
    with at most three findings besides notices."""
    applied = 0
    for simulated in games:
        sites = table_sites(simulated.game, TOY)
        mutant = mutation.apply(simulated.game, sites, random.Random(simulated.seed))
        if mutant is None:
            continue
        applied += 1
        _, found = validate(mutant)
        assert {f.rule for f in found} & mutation.rules, (mutation.name, found)
        assert len([f for f in found if f.severity is not Severity.INFO]) <= 3
    assert applied or mutation.name == "meld-total-too-high"   # the greedy declare in full


def test_DP_COUNT1_a_toy_score_sheet_shares_the_pack_among_three(games: list[TableGame]
                                                                  ) -> None:
    """A battle recorded as a sheet (the auction, trump, the declarations, the claims; no
    deal, no trick) at the toy's table: its ``tricks`` claim by seat must share the pack's
    count, 380 (DP-COUNT1), and a seat left out has the rest."""
    battle = next(b for b in games[0].game.battles
                  if any(isinstance(e, TableTrick) for e in b.events))
    kept = tuple(e for e in battle.events if not isinstance(e, (Hands, TableTrick, Claim)))
    for claim, found in [
            (Claim(category="tricks", north=100, east=100, west=100),
             ["the card points N 100, E 100 and W 100 make 300, but the three players share "
              "the pack's count, 380"]),
            (Claim(category="tricks", north=100, east=100), [])]:
        sheet = battle.model_copy(update={"events": (*kept, claim)})
        unfinished = tuple(Tag(name="Result", value="*") if isinstance(t, Tag)
                           and t.name == "Result" else t for t in games[0].game.header)
        game = games[0].game.model_copy(update={"battles": (sheet,), "closing": (),
                                                "header": unfinished})
        result, findings = validate(game)
        assert [f.message.split(" (the cards'")[0] for f in findings
                if f.severity is not Severity.INFO] == found
        if not found:
            assert [result.battles[0].of(seat).cards for seat in (N, E, W)] == [100, 100, 180]
@pytest.mark.parametrize(("totals", "bidder", "winner"), [
    ({N: 3550, E: 3900, W: 0}, N, N),         # the bidder at the target wins first (D16)
    ({N: 3000, E: 3600, W: 3700}, N, W),      # else the highest of the others at the target
    ({N: 3000, E: 3600, W: 3600}, N, None),   # equal highest: another hand
    ({N: 3600, E: 3700, W: 0}, None, E),      # no contract: the highest of all
    ({N: 3000, E: 100, W: 0}, E, None),
])
def test_DP_GAME_TH_GAME2_TH_GAME3_the_game_end_among_three_scorers(
        totals: dict[Seat, int], bidder: Seat | None, winner: Seat | None) -> None:
    assert game_winner(totals, bidder, TOY) is winner


# --- issue 28's first "Done when": simulate -> validate -> timeline -------------------------


def _located(findings: list) -> list[tuple[str, str, int, int]]:
    return [(f.rule, f.message, f.line, f.column) for f in findings]


def test_a_toy_three_seat_ruleset_through_simulate_validate_timeline_and_a_mutant_caught(
        games: list[TableGame]) -> None:
    """A test drives a toy three-seat ruleset (three players each scoring for himself, no
    partnerships; data only, defined in the test) through simulate → validate → timeline with
    zero findings, and a mutated copy of one of its games is caught: proof that a new seating
    is a ruleset entry, not a third walker."""
    for simulated in games:
        text = dumps(simulated.game)                                    # simulate
        (game,) = parse(text).games
        report = validate_game(game, "toy.pin", 1, TOY)                 # validate
        assert isinstance(report, SeatGameReport)
        assert report.findings == [] and report.counts.errors == report.counts.notices == 0
        assert report.scores == {str(seat): total for seat, total in simulated.totals.items()}
        timeline = game_timeline(game, 1, text.splitlines(), TOY)       # timeline
        assert timeline.findings == []
        assert timeline.scores == report.scores and (timeline.ns, timeline.ew) == (None, None)
        assert [b.scores for b in timeline.battles] == [
            {seat: r.score for seat, r in b.scores.items()} for b in report.battles]
        end = timeline.steps[-1]
        assert [(h.seat, h.total) for h in end.hands] == list(report.scores.items())
        assert end.sides is None and "wins the game (DP-GAME)" in end.label
    # a mutated copy: one claim by seat 10 off, and one trick's winner mark moved
    text = dumps(games[0].game)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("score N "))
    lines[at] = lines[at].replace("score N ", "score N 1", 1)
    trick = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    winner = lines[trick].split()[-1]
    lines[trick] = lines[trick][:-1] + str(TOY.seating.left(Seat(winner)))
    mutant_text = "\n".join(lines) + "\n"
    (mutant,) = parse(mutant_text).games
    report = validate_game(mutant, "toy.pin", 1, TOY)
    caught = _located(report.findings)
    assert [rule for rule, *_ in caught] in (["DP-PLAY5", f"DP-SCORE{k}"] for k in (1, 2, 3))
    assert [line for _, _, line, _ in caught] == [trick + 1, at + 1]
    timeline = game_timeline(mutant, 1, mutant_text.splitlines(), TOY)
    assert _located(timeline.findings) == caught                    # the walker's own sink


def test_the_three_seat_report_through_the_command_lines_entry_point(
        games: list[TableGame], tmp_path: Path) -> None:
    """``pinochle validate --json`` and the text report of a toy record, through the console
    script's entry point (``pinochle.console.main``) in a process whose catalog holds the toy:
    the three-seat shape (docs/report-schema.md: ``scores`` by seat, a seat the winner), exit
    0 when clean; a wrong claim by seat is an error at its file:line:column, exit 1."""
    text = dumps(games[0].game)
    path = tmp_path / "toy.pin"
    path.write_text(text, encoding="utf-8")
    done = run_toy_cli("validate", "--json", "-j", "1", str(path))
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 0, done.stdout[-2000:]
    (game,) = json.loads(done.stdout)["files"][0]["games"]
    assert game["scores"] == {str(seat): total for seat, total in games[0].totals.items()}
    assert "ns" not in game and "east" not in game and game["winner"] == str(games[0].winner)
    assert all(list(b["scores"]) == ["N", "E", "W"] and "ns" not in b for b in game["battles"])
    assert game["findings"] == [] and game["ruleset"]["Ruleset"] == "toy-three-seats"
    shown = run_toy_cli("validate", "-j", "1", str(path))
    (game_report,) = [validate_game(g, str(path), 1, TOY) for g in parse(text).games]
    assert render_scores(game_report) in shown.stdout
    assert f"  game: N {game['scores']['N']}, E {game['scores']['E']}, W " in shown.stdout
    wrong = text.replace("\ntricks N ", "\ntricks N 1", 1)
    path.write_text(wrong, encoding="utf-8")
    at = wrong.splitlines().index(next(line for line in wrong.splitlines()
                                       if line.startswith("tricks N 1"))) + 1
    done = run_toy_cli("validate", "-j", "1", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{path}:{at}:8: DP-COUNT1 miscount: card points for N: " in done.stdout
