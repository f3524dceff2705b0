"""One visitor protocol for every table (issue 28, item 2): both walkers call the same hooks at
the same points, with their own state and results; findings reach a visitor by one sink; the
partnership timeline is a visitor of the partnership walker that imports no rule function, and
the findings the replay page shows for a record are ``pinochle validate --json``'s."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.rulesets.double_pack import DOUBLE_PACK
from pinochle.adjudicator.partnership.results import TableBattleResult, TableGameResult
from pinochle.adjudicator.partnership.state import TableState
from pinochle.adjudicator.replay import walk_any
from pinochle.adjudicator.report.timeline import build_timeline
from pinochle.adjudicator.report.validation import validate_game
from pinochle.adjudicator import visitor as protocol
from pinochle.adjudicator.visitor import BaseVisitor, Visitor
from pinochle.notation.cards import Seat, Suit
from pinochle.notation.errors import NotationError
from pinochle.notation.reader import parse
from tests.cli.consolekit import no_traceback, pinochle
from tests.tablekit import table_record

ROOT = Path(__file__).resolve().parents[2]
TIMELINE = ROOT / "adjudicator" / "report" / "partnership_timeline.py"
FOLDERS = ("corpus/games", "corpus/faulty", "corpus/rulebook")


class Hooks(Visitor):
    """Each hook's name, with the types of the state and results it is given."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, ...]] = []

    def begin_game(self, game, number, ruleset):
        self.heard.append(("begin_game",))

    def begin_battle(self, battle, index, state):
        self.heard.append(("begin_battle", type(state).__name__))

    def trick(self, trick, state):
        self.heard.append(("trick", type(state).__name__))

    def event(self, event, state):
        self.heard.append(("event", type(state).__name__))

    def finding(self, finding):
        self.heard.append(("finding",))

    def end_battle(self, battle, state, result):
        self.heard.append(("end_battle", type(state).__name__, type(result).__name__))

    def end_game(self, game, result):
        self.heard.append(("end_game", type(result).__name__))


def shape(heard: list[tuple[str, ...]]) -> list[str]:
    """The hooks in order, runs of one hook counted once."""
    names: list[str] = []
    for name, *_ in heard:
        if not names or names[-1] != name:
            names.append(name)
    return names


TWO_HANDED = ROOT / "corpus/games/greedy-115.pin"


def test_both_walkers_call_the_same_hooks_with_their_own_state_and_results():
    two = Hooks()
    walk_any(parse(TWO_HANDED.read_text(encoding="utf-8")).games[0], two)
    four = Hooks()
    walk_any(parse(table_record()).games[0], four)
    for heard, state, battle, game in ((two.heard, "BattleState", "BattleResult", "GameResult"),
                                       (four.heard, "TableState", "TableBattleResult",
                                        "TableGameResult")):
        assert heard[0] == ("begin_game",) and heard[-1] == ("end_game", game)
        assert ("begin_battle", state) in heard and ("trick", state) in heard
        assert ("event", state) in heard and ("end_battle", state, battle, ) in heard
        assert {h[1] for h in heard if h[0] in ("begin_battle", "trick", "event")} == {state}
    # a battle: begun, its tricks and events, ended; the same shape at both tables
    for heard in (two.heard, four.heard):
        inner = shape(heard)[1:-1]
        assert inner[0] == "begin_battle" and inner[-1] == "end_battle"
        assert set(inner) >= {"begin_battle", "trick", "event", "end_battle"}


def test_the_special_hooks_of_a_table_are_gone():
    assert not any(name.startswith("end_table") for name in dir(BaseVisitor))


def test_a_visitor_gives_its_result_after_the_walk_as_python_chess_does():
    class Count(BaseVisitor[TableState, TableBattleResult, TableGameResult, int]):
        def __init__(self) -> None:
            self.tricks = 0

        def trick(self, trick, state):
            self.tricks += 1

        def result(self) -> int:
            return self.tricks

    counter = Count()
    walk_any(parse(table_record()).games[0], counter)
    assert counter.result() == 20
    with pytest.raises(NotImplementedError):
        Visitor().result()


def test_findings_reach_the_visitor_through_one_sink_stamped_with_game_and_battle():
    record = table_record(calls=("bid E 500", "bid W 510", "pass S", "pass W", "pass N"))
    heard = Hooks()
    game = parse(record).games[0]
    walk_any(game, heard, 3)
    collected = [h for h in heard.heard if h[0] == "finding"]
    report = validate_game(game, number=3)
    assert len(collected) == len(report.findings) > 0
    assert {f.game for f in report.findings} == {3} and report.findings[0].battle == 1
    # the walkers hand every finding to their sink; none calls the visitor's hook itself
    for path in ("adjudicator/replay.py", "adjudicator/partnership/walker.py",
                 "adjudicator/partnership/battle.py"):
        assert "visitor.finding(" not in (ROOT / path).read_text(encoding="utf-8").replace(
            "FindingSink(visitor.finding", "").replace("FindingSink(self.visitor.finding", "")


# --- the partnership timeline: a visitor that decides nothing -------------------------------

#: What the partnership timeline may not import: the rules (``rules/``, the partnership game's
#: rule functions), a ruleset catalog or walker of its own, and the fixed seats of a table of 4.
FORBIDDEN_MODULES = ("pinochle.adjudicator.rules", "pinochle.adjudicator.rulesets",
                     "pinochle.adjudicator.partnership.contract",
                     "pinochle.adjudicator.partnership.tricks",
                     "pinochle.adjudicator.partnership.melds",
                     "pinochle.adjudicator.partnership.auction",
                     "pinochle.adjudicator.partnership.walker",
                     "pinochle.adjudicator.replay")
FORBIDDEN_NAMES = {"FOUR_SEATS", "winning_index", "judge_declaration", "score_hand",
                   "game_winner", "Auction", "trick_points", "is_scoring_trick", "meld_table",
                   "cards_of", "counts",
                   # the claims' judges (it takes only ``claim_kind``: which claims a table has)
                   "claim_findings", "game_claim_findings", "misfit", "TableSheet"}


def imports_of(path: Path) -> list[tuple[str, str]]:
    """(module, name) of every import in the file, wherever it is written."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found += [(node.module or "", alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names]
    return found


def test_the_partnership_timeline_imports_no_rule_function_and_no_fixed_seats():
    imported = imports_of(TIMELINE)
    assert imported, "the timeline's imports were read"
    for module, name in imported:
        assert not module.startswith(FORBIDDEN_MODULES), (module, name)
        assert name not in FORBIDDEN_NAMES, (module, name)
    assert "FOUR_SEATS" not in TIMELINE.read_text(encoding="utf-8")


def test_the_import_check_catches_a_rule_function(tmp_path):
    """The check above can fail: the old timeline's imports are refused."""
    old = tmp_path / "old.py"
    old.write_text("from pinochle.notation.cards import FOUR_SEATS\n"
                   "from pinochle.adjudicator.partnership.tricks import winning_index\n")
    refused = [(m, n) for m, n in imports_of(old)
               if m.startswith(FORBIDDEN_MODULES) or n in FORBIDDEN_NAMES]
    assert len(refused) == 2


def without_the_deal(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith(("N: ", "E: ", "S: ", "W: ")))


def test_DP_DEAL2_without_the_deal_the_timeline_credits_the_melds_as_the_walker_does():
    """A record without its deal: each declared meld is taken as declared (DP-DEAL2), on the
    page as in ``pinochle validate`` (the old timeline credited 0)."""
    text = without_the_deal(table_record())
    [game] = build_timeline(text).games
    report = validate_game(parse(text).games[0])
    battle = report.battles[0]
    end = game.steps[game.battles[0].last_step]
    sides = {side.side: side for side in end.sides}
    assert (sides["NS"].melds, sides["EW"].melds) == (battle.ns.melds, battle.ew.melds)
    assert battle.ns.melds + battle.ew.melds > 0
    declared = [m for step in game.steps for m in step.melds]
    assert declared and all(m.legal and m.points == m.claimed and m.status == "declared"
                            for m in declared)
    assert (game.ns, game.ew) == (report.ns, report.ew)


# --- the page's findings are validate's --------------------------------------------------------


def _key(finding: dict) -> tuple:
    return (finding["rule"], finding["severity"], finding["message"], finding["line"],
            finding["column"], finding["end_line"], finding["end_column"], finding["battle"],
            finding["trick"])


@pytest.mark.slow
def test_the_pages_findings_for_every_corpus_record_are_validates():
    """Every record of corpus/games, corpus/faulty and corpus/rulebook, both engines: the
    replay timeline's findings (``POST /v1/replay``'s answer) are ``pinochle validate
    --json``'s, the same rule ids, places, messages, in the same order."""
    done = pinochle("validate", "--format", "json", "--max-errors", "0", "-j", "1",
                    *(str(ROOT / folder) for folder in FOLDERS), timeout=600)
    no_traceback(done)
    report = json.loads(done.stdout)
    compared = tables = 0
    for file in report["files"]:
        if file["syntax_errors"] or file["error"]:
            continue
        text = Path(file["file"]).read_text(encoding="utf-8")
        try:
            timeline = build_timeline(text)
        except NotationError:       # pragma: no cover - validate read it
            pytest.fail(f"{file['file']}: validate read it, the page does not")
        assert len(timeline.games) == len(file["games"]), file["file"]
        for page, validated in zip(timeline.games, file["games"]):
            shown = [_key(f.model_dump(mode="json")) for f in page.findings]
            assert shown == [_key(f) for f in validated["findings"]], (file["file"], page.game)
            compared += 1
            tables += page.ns is not None
    assert compared > 500 and tables > 50


def test_the_sink_is_a_list_that_tells_as_it_grows():
    told: list[Finding] = []
    sink = protocol.FindingSink(told.append, 2, 1)
    one = Finding(rule="DP-BID1", kind=Kind.MALFORMED, severity=Severity.ERROR, message="m")
    sink.append(one)
    sink += [one, one]
    assert len(sink) == len(told) == 3 and {(f.game, f.battle) for f in told} == {(2, 1)}
    assert list(sink) == told
    # given to a state as its findings: what the state had made is told, then what it makes
    state = TableState(DOUBLE_PACK, Seat.NORTH)
    state.findings.append(one)
    told.clear()
    fresh = protocol.FindingSink(told.append, 1, 2)
    fresh.adopt(state)
    state.name_trump(Suit.SPADES)                   # before the auction ended: DP-MELD1
    assert state.findings is fresh and [f.rule for f in told] == ["DP-BID1", "DP-MELD1"]
    assert {f.battle for f in told} == {2}
