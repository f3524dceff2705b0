"""The laws and the optional rules as hook objects (issue 28 item 4): a battle's state starts the
laws object its ruleset's laws policy names (``laws/start.py``) and the last-draw feature its
ruleset chooses (``features/lastdraw.py``), and calls them at fixed points; each owns its state,
which is no longer in the core's ``__slots__``. The laws objects' rules are tested here one by
one, by the rule ids they enforce; the state's and the walker's behaviour with them is the same
as before (tests/adjudicator/test_sc_renege.py, test_sc_look.py, test_tpv1_last_draw.py)."""

from __future__ import annotations

import ast
import dataclasses
import gc
import inspect
import weakref

import pytest

from pinochle.adjudicator.features import lastdraw
from pinochle.adjudicator.features.lastdraw import FixedLastDraw, LastDrawChoice
from pinochle.adjudicator.laws import looks, misdeals, renege, scarne as scarne_laws, slips
from pinochle.adjudicator.laws import corrections, meldwindow, objections, windows
from pinochle.adjudicator.laws.corrections import MeldCorrections
from pinochle.adjudicator.laws.eastpoint import EastPointLaws
from pinochle.adjudicator.laws.hooks import NO_LAWS, Laws
from pinochle.adjudicator.laws.looks import TrickLooks
from pinochle.adjudicator.laws.meldwindow import AT_ONCE, MeldWindow
from pinochle.adjudicator.laws.misdeals import Misdeals
from pinochle.adjudicator.laws.objections import STANDS, MeldObjections
from pinochle.adjudicator.laws.policy import EAST_POINT_LAWS
from pinochle.adjudicator.laws.renege import RenegeWatch
from pinochle.adjudicator.laws.slipbook import SlipBook
from pinochle.adjudicator.laws.slips import Slips
from pinochle.adjudicator.laws.scarne import ScarneLaws
from pinochle.adjudicator.laws.windows import MeldLaws
from pinochle.adjudicator.model.findings import Kind, Severity
from pinochle.adjudicator.rulesets.east_point import east_point
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.adjudicator.rulesets.twenty_five import twenty_five
from pinochle.adjudicator.twohanded.core import BattleCore
from pinochle.adjudicator.twohanded.state import BattleState
from pinochle.notation.events import NOWHERE

from tests.adjudicator.otkit import E, W, card, east_wins, kind, state
from tests.adjudicator.test_r11_irregularities import won_by_east
from tests.adjudicator.test_sc_renege import renege_by_west

LAWS = scarne(laws="scarne")

#: The law and feature classes that were mixins of BattleState and are hook objects now, with
#: the meld windows, the parts that took the objection (R11B) and the correction (SC-BADMELD1).
HOOKS = (Laws, EastPointLaws, ScarneLaws, RenegeWatch, TrickLooks, FixedLastDraw,
         LastDrawChoice, Slips, Misdeals, MeldLaws, MeldWindow, MeldObjections,
         MeldCorrections)
#: The law mixins BattleState still has: none (the last, Misdeals, Slips, Corrections and M7's
#: Irregularities, left in issue 28). A test fails when one is added.
LAW_MIXINS_LEFT: set[str] = set()


def test_battle_state_has_no_renege_look_or_last_draw_mixin():
    mro = BattleState.__mro__
    assert not set(HOOKS) & set(mro)
    from_laws_or_features = {cls.__name__ for cls in mro
                             if cls.__module__.startswith(("pinochle.adjudicator.laws",
                                                           "pinochle.adjudicator.features"))}
    assert from_laws_or_features == LAW_MIXINS_LEFT
    assert Slips not in mro and Misdeals not in mro         # parts of Scarne's laws object
    assert not {"Corrections", "Irregularities"} & {cls.__name__ for cls in mro}


def test_M7_exposing_cards_is_a_rules_mixin_of_the_state_not_a_law():
    """M7 (cards moved to the exposed hand without a meld) is a rule of every two-handed
    ruleset: its module is the engine's (twohanded/exposures.py), no class of laws/."""
    from pinochle.adjudicator.twohanded.exposures import Exposures

    assert Exposures in BattleState.__mro__
    assert "Irregularities" not in {cls.__name__ for cls in BattleState.__mro__}
    for ruleset in (old_time(), east_point(), LAWS):
        s = state("A♣ K♦", "N♣ Q♦", ruleset=ruleset)
        assert s.verify_expose(E, [card("K♦")])[0].rule == "M7" and not s.can_expose(E, [])
        s.expose(E, [card("K♦")])
        assert s.exposed(E)[card("K♦").index] == 1
        assert [f.rule for f in s.findings] == ["M7"]


def test_the_hook_objects_own_their_state_not_the_cores_slots():
    slots = set(BattleCore.__slots__)
    assert not {"_reneges", "_renege_claim", "_lost_count", "_choice", "_open"} & slots
    assert not {"_repairs", "_slip", "_extra", "_lone_noticed"} & slots     # slips, R11D, R11E
    assert {"laws", "last_draw"} <= slots
    # each is a plain object of its own module, not a subclass of the state
    for cls in HOOKS:
        assert not issubclass(cls, BattleCore)


@pytest.mark.parametrize("ruleset", [old_time(), scarne(laws="none"), twenty_five()],
                         ids=lambda r: r.name)
def test_a_ruleset_without_hooked_laws_starts_the_shared_null_object(ruleset):
    s = BattleState.without_deal(ruleset, W)
    assert s.laws is NO_LAWS and type(s.laws) is Laws
    assert not NO_LAWS.note_renege(E, "R", "m", NOWHERE, "", "")     # reported at once
    assert NO_LAWS.trick_points(E, 37) == 37
    assert not NO_LAWS.claim_renege(E) and not NO_LAWS.look(E) and not NO_LAWS.has_renege(W)
    assert NO_LAWS.verify_claim_renege(E) == [] and not NO_LAWS.can_claim_renege(E)
    assert not NO_LAWS.object_deal(E) and not NO_LAWS.discover(E, True)
    assert NO_LAWS.verify_object_deal(E) == [] and NO_LAWS.verify_discover(E, False) == []


def test_each_battle_under_East_Point_laws_starts_its_own_laws_object():
    one, two = (BattleState.without_deal(east_point(), W) for _ in range(2))
    assert type(one.laws) is EastPointLaws and one.laws is not two.laws
    assert one.laws.state.ruleset is one.ruleset
    assert (one.laws.redeal, one.laws.too_few, one.laws.too_many) == ("R11A", "R11C", "R11D")


def test_R11A_the_objection_to_the_deal_is_East_Point_laws_statement():
    s = BattleState.without_deal(east_point(), W)
    assert s.laws.can_object_deal(E) and s.laws.object_deal(E, "cut")
    [f] = s.findings
    assert (f.rule, f.severity) == ("R11A", Severity.INFO) and "deals again" in f.message


def test_R11C_R11D_a_false_discovery_is_an_error_under_the_policys_id():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=east_point())     # two cards of the twelve due
    assert s.laws.verify_discover(E, True)[0].rule == "R11D"
    assert s.laws.verify_discover(E, False) == [] and s.laws.can_discover(E, False)
    assert not s.laws.discover(E, True)
    [f] = s.findings
    assert (f.rule, f.severity) == ("R11D", Severity.ERROR) and not s.penalized(E)


def test_SC_SLIP3_under_Scarne_laws_a_discovery_is_the_drawing_slips():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)
    s.laws.discover(E, True)
    [f] = s.findings
    assert f.rule.startswith("SC-SLIP")


def test_each_battle_under_Scarne_laws_starts_its_own_laws_object():
    one, two = (BattleState.without_deal(LAWS, W) for _ in range(2))
    assert type(one.laws) is ScarneLaws and one.laws is not two.laws
    assert one.laws.renege.state.dealer is W and one.laws.looks.state.ruleset is LAWS


def test_SC_RENEGE1_the_renege_watch_keeps_the_renege_until_the_close():
    s = renege_by_west()
    watch = s.laws.renege
    assert watch.has_renege(W) and not watch.has_renege(E) and s.findings == []
    s.laws.close()
    [f] = s.findings
    assert (f.rule, f.severity, f.kind) == ("SC-RENEGE1", Severity.WARNING, Kind.ILLEGAL_PLAY)
    assert not watch.has_renege(W)                  # settled once


def test_SC_RENEGE2_a_claim_makes_the_watch_count_the_hand_for_the_claimant():
    s = renege_by_west()
    watch = s.laws.renege
    assert watch.count() == 250 and watch.trick_points(E, 11) == 11
    assert watch.claim(E)
    assert (watch.trick_points(E, 11), watch.trick_points(W, 21)) == (250, 0)
    assert (s.trick_points(E), s.trick_points(W)) == (250, 0)


def test_SC_RENEGE2_a_hand_that_counts_for_nobody_forgets_its_reneges():
    s = renege_by_west()
    s.laws.counts_for_nobody()
    assert not s.laws.has_renege(W) and s.laws.renege.claimant is None


def test_SC_LOOK2_the_looks_own_who_lost_his_count():
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=scarne(laws="scarne", look_penalty="count"))
    east_wins(s, "A♣", "N♣")
    s.finish_turn()
    east_wins(s, "A♣", "N♣")
    assert s.trick_points(E) > 0 and not s.laws.looks.lost_count(E)
    assert s.laws.look(E)
    assert s.laws.looks.lost_count(E) and s.trick_points(E) == 0
    assert s.laws.trick_points(W, 5) == 5           # the other player keeps his


# --- the meld window: R11B's objection, SC-BADMELD1/2's correction, or judged at once ---------

@pytest.mark.parametrize("ruleset", [old_time(), scarne(laws="none"), twenty_five()],
                         ids=lambda r: r.name)
def test_R9_without_a_window_a_meld_is_judged_at_once(ruleset):
    s = BattleState.without_deal(ruleset, W)
    assert s.laws.melds is AT_ONCE and AT_ONCE.at_once and not AT_ONCE.credits
    assert s.laws.open_melds == () and not AT_ONCE.made(None)       # the state judges it
    assert s.laws.melds.object_meld(E) is None and not s.laws.melds.correct(E, 1)
    assert s.laws.melds.objection_target(E) is None and s.laws.melds.correction_targets(E, 1) == []
    assert s.laws.melds.open_to_correction(E) == () and s.laws.melds.count_problem(E) is None


def test_R11B_SC_BADMELD1_the_policys_meld_window_chooses_the_part():
    east, scarne_ = (BattleState.without_deal(r, W) for r in (east_point(), LAWS))
    assert type(east.laws.melds) is MeldObjections and east.laws.melds.rule == "R11B"
    assert east.laws.open_melds is east.laws.melds.open         # one list, no copy
    assert type(scarne_.laws.melds) is MeldCorrections
    assert scarne_.laws.melds.law == ("SC-BADMELD1", "SC-BADMELD2")
    assert scarne_.laws.melds.credits and not scarne_.laws.melds.at_once
    assert scarne_.laws.open_melds == ()                        # a card closes nothing


def test_R11B_an_objection_window_without_East_Points_laws_is_chosen_by_the_data():
    """A policy whose melds await an objection but whose name starts no rulebook's laws object:
    the window alone (``windows.MeldLaws``), with the same R11B as East Point's."""
    policy = dataclasses.replace(EAST_POINT_LAWS, name="objections-only")
    s = won_by_east()
    ruleset = dataclasses.replace(s.ruleset, laws=policy)
    s = BattleState(ruleset, W, s.hand(E), s.hand(W), s.stock())
    assert type(s.laws) is MeldLaws and type(s.laws.melds) is MeldObjections
    assert not s.laws.object_deal(E)                # no R11A: only the window
    s.play(E, card("K♠"))
    s.play(W, card("N♦"))
    s.meld(E, kind("A4"), 171)                      # one ace short: R9B1
    assert s.laws.melds.object_meld(W).outcome == "voided" and s.meld_points(E) == 0


def test_R11B_the_window_owns_the_open_melds_until_the_opponent_plays():
    s = won_by_east()
    s.meld(E, kind("A4"), 171)                      # one ace short: R9B1
    [record] = s.melds
    window = s.laws.melds
    assert window.open == [record] and record.status == "open"
    assert s.laws.melds.objection_target(W) is record and s.laws.melds.objection_target(E) is None
    assert s.laws.melds.can_object_meld(W) and s.laws.melds.verify_object_meld(E)[0].rule == "R11B"
    assert s.findings == []
    s.finish_turn()
    s.play(E, card("A♥"))                           # the melder's card closes nothing
    assert window.open == [record]
    s.play(W, card("N♥"))                           # the opponent's card: it stands
    assert window.open == [] and record.status == "stood"
    [f] = s.findings
    assert (f.rule, f.severity) == ("R9B1", Severity.WARNING)
    assert STANDS.format(rule="R11B") in f.message


def test_R11B_the_close_stands_the_melds_still_open():
    s = won_by_east()
    s.meld(E, kind("A4"), 171)
    s.laws.close()
    assert s.laws.melds.open == [] and s.melds[0].status == "stood"
    assert [(f.rule, f.severity) for f in s.findings] == [("R9B1", Severity.WARNING)]


def _credited_miscount():
    s = state("A♣ K♥ Q♥", "N♣", ruleset=LAWS)
    east_wins(s)
    s.meld(E, kind("♥M"), 40)                       # a plain marriage is 20 (SC-PLAY4)
    return s


def test_SC_BADMELD1_the_corrections_part_keeps_a_meld_pending_until_the_deadline():
    s = _credited_miscount()
    [record] = s.melds
    assert record.status == "pending" and s.findings == [] and s.meld_points(E) == 40
    [sentence] = s.laws.melds.open_to_correction(E)
    assert "SC-PLAY4" in sentence and "SC-BADMELD1" in sentence
    assert s.laws.melds.can_correct(E, 1) and s.laws.melds.correction_targets(E, 1) == [record]
    s.laws.melds.deadline()
    assert record.status == "stood" and s.laws.melds.open_to_correction(E) == ()
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-PLAY4", Severity.WARNING)
    assert "not corrected before the last card was drawn" in f.message


def test_SC_BADMELD1_the_close_settles_what_the_deadline_did_not():
    s = _credited_miscount()
    s.laws.close()
    [f] = s.findings
    assert "not corrected before the record of the battle ended (SC-BADMELD1)" in f.message


def test_SC_BADMELD1_a_hand_that_counts_for_nobody_leaves_a_pending_meld_moot():
    s = _credited_miscount()
    s.laws.counts_for_nobody()
    assert s.melds[0].status == "moot"
    s.laws.close()
    assert s.findings == []


def test_SC_BADMELD2_the_corrections_part_bars_a_melder_whose_count_is_off():
    s = state("A♣ A♣ K♥ Q♥", "N♣ N♣", ruleset=LAWS)
    east_wins(s)
    assert s.laws.melds.count_problem(E) is None
    s.finish_turn([E, W, E])                        # East draws one card too many
    east_wins(s)
    rule, why = s.laws.melds.count_problem(E)
    assert rule == "SC-BADMELD2" and "cannot meld" in why
    assert s.position(E).turn_rule == "SC-BADMELD2" and not s.position(E).may_meld


def test_TPV1_the_ruleset_chooses_the_last_draw_feature():
    assert type(BattleState.without_deal(twenty_five(last_draw="choice"), W).last_draw) \
        is LastDrawChoice
    for ruleset in (twenty_five(), old_time(), east_point(), LAWS):
        assert type(BattleState.without_deal(ruleset, W).last_draw) is FixedLastDraw


def test_TP20_the_fixed_last_draw_refuses_a_choice():
    s = state("A♣ K♣", "N♣ N♦", stock="Q♥", ruleset=twenty_five())
    east_wins(s, "A♣", "N♣")
    assert s.last_draw.choosing and not s.last_draw.choose(E, "upcard")
    [f] = s.findings
    assert f.rule == "TP20" and "fixed" in f.message
    assert s.last_draw.chosen is None


def test_TPV1_the_choice_is_owned_by_the_feature_until_the_draws():
    s = state("A♣ K♣", "N♣ N♦", stock="Q♥", ruleset=twenty_five(last_draw="choice"))
    east_wins(s, "A♣", "N♣")
    assert s.last_draw.choose(E, "upcard") and s.last_draw.chosen == "upcard"
    s.finish_turn()
    assert s.last_draw.chosen is None and card("N♠") in s.hand(E)


@pytest.mark.parametrize("module", [renege, looks, scarne_laws, lastdraw, slips, misdeals,
                                    meldwindow, objections, corrections, windows])
def test_a_hook_module_does_not_import_the_state_it_serves_at_run_time(module):
    """The hook objects reach the state they are given; the state's modules import them, so
    they import the state's classes for type checking only (or describe it, lastdraw.Battle)."""
    tree = ast.parse(inspect.getsource(module))
    imported = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name and ".twohanded" in name}


def test_the_battle_walker_holds_its_misdeal_and_early_end_parts_not_mixins():
    """``replay._BattleWalk`` is one class; Scarne's misdeals and dead hands (SC-MISDEAL0-9)
    and the knock and call-out (TP25, TPV6, SC-CALL) are objects it holds, each owning its
    state (the features' parts by ruleset: tests/adjudicator/test_knock_call_features.py)."""
    from pinochle.adjudicator import replay
    from pinochle.adjudicator.features.callout import CallingOut
    from pinochle.adjudicator.laws.misdealwalk import MisdealWalk
    from pinochle.notation import parse

    assert replay._BattleWalk.__mro__ == (replay._BattleWalk, object)
    (game,) = parse('[Ruleset "scarne"]\n[Result "*"]\n\nBattle 1 dealer W\n').games
    walker = replay._GameWalk(game, replay.Visitor(), 1)
    battle = replay._BattleWalk(walker, scarne(game_end="call-out"), game.battles[0], 1)
    assert type(battle.misdeals) is MisdealWalk and battle.misdeals.walk.index == 1
    assert type(battle.call_out) is CallingOut and battle.call_out.walk.battle is \
        game.battles[0]
    assert battle.misdeals.dead_by is None and battle.knock.knocked is None


#: The shared engine's modules that must ask the laws policy questions, never compare its
#: switches' values (``LawsPolicy.repairs_draws``, ...). (``report/timeline.py`` still compares
#: ``draw_slips``: the timeline is being rewritten as a visitor, and leaves it then.)
ASKING = ["twohanded", "rules", "model", "query", "features", "replay.py", "visitor.py",
          "laws/hooks.py", "laws/start.py"]


def _policy_comparisons(source: str) -> list[int]:
    """Lines comparing a laws policy's field (``x.laws.f`` or ``laws.f``) with a string."""
    def is_switch(node: ast.AST) -> bool:
        if not isinstance(node, ast.Attribute):
            return False
        owner = node.value
        return ((isinstance(owner, ast.Attribute) and owner.attr == "laws")
                or (isinstance(owner, ast.Name) and owner.id == "laws"))
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if any(map(is_switch, parts)) and any(
                    isinstance(p, ast.Constant) and isinstance(p.value, str) for p in parts):
                found.append(node.lineno)
    return found


def test_the_shared_engine_asks_the_laws_policy_and_compares_none_of_its_switches():
    from pathlib import Path

    engine = Path(__file__).resolve().parents[2] / "adjudicator"
    paths = [p for part in ASKING
             for p in ([engine / part] if part.endswith(".py")
                       else sorted((engine / part).rglob("*.py")))]
    assert len(paths) > 20
    found = {str(p.relative_to(engine)): lines for p in paths
             if (lines := _policy_comparisons(p.read_text(encoding="utf-8")))}
    assert not found
    assert _policy_comparisons('if state.ruleset.laws.draw_slips == "repaired": pass') == [1]


@pytest.mark.parametrize("ruleset", [east_point(), LAWS, twenty_five(last_draw="choice"),
                                     old_time()], ids=lambda r: r.name)
def test_a_battles_state_and_its_hook_objects_are_freed_without_the_garbage_collector(ruleset):
    """The hook objects hold a weak proxy of the state (laws/hooks.py): a state and its laws in
    a reference cycle would wait for a full collection, which cost validation 1.78x the time."""
    gc.disable()
    try:
        s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=ruleset)
        east_wins(s, "A♣", "N♣")
        s.close()
        assert s.laws.trick_points(E, 1) == 1 and s.last_draw.chosen is None
        gone = weakref.ref(s)
        del s
        assert gone() is None
    finally:
        gc.enable()


def test_the_battle_walker_and_its_parts_are_freed_without_the_garbage_collector():
    from pinochle.adjudicator import replay
    from pinochle.notation import parse

    (game,) = parse('[Ruleset "scarne"]\n[Result "*"]\n\nBattle 1 dealer W\n').games
    gc.disable()
    try:
        walker = replay._GameWalk(game, replay.Visitor(), 1)
        battle = replay._BattleWalk(walker, scarne(), game.battles[0], 1)
        assert battle.misdeals.held == () and not battle.call_out.called
        gone = weakref.ref(battle)
        del battle
        assert gone() is None
    finally:
        gc.enable()


# --- draws and deals: Scarne's slips and misdeals, East Point's R11C-R11F (issue 28 item 4) ----

def test_without_laws_the_null_object_refuses_the_draw_and_deal_statements():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=old_time())
    laws = s.laws
    assert laws is NO_LAWS and not laws.makes_draws and not laws.voided and not laws.dead
    assert not laws.return_card(E) and not laws.give_card(E, W)
    assert not laws.misdeal("not-cut") and not laws.dead_hand(None)
    assert not laws.expose_own(E, [card("A♣")]) and not laws.before_first_draw()
    assert not laws.finish_turn(s, None) and not laws.wrong_draws((E, W), (W, E), NOWHERE)
    assert not laws.extra_draw(E, "", NOWHERE, None, None)
    assert laws.uneven_end(E, (card("A♣"),), NOWHERE) is None
    assert laws.lone_card_rule("OT8E", False) == "OT8E: winner, then loser, while the stock lasts"
    laws.count_stands()
    laws.void_hand()
    laws.settle_draws()
    assert s.findings == [] and not s.is_over and s.counts_for_nobody is None


def test_each_battle_under_Scarne_laws_owns_its_slips_and_misdeals_parts():
    one, two = (state("A♣ K♦", "N♣ Q♦", ruleset=LAWS) for _ in range(2))
    assert one.laws.makes_draws
    assert type(one.laws.slips) is Slips and one.laws.slips is not two.laws.slips
    assert type(one.laws.misdeals) is Misdeals and one.laws.misdeals.law is LAWS.laws.misdeals
    assert one.laws.slips.state.dealer is W and one.laws.slips.book is None


def test_SC_SLIP2_SC_SLIP3_the_slips_part_keeps_the_slip_book_of_an_extra_card():
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=LAWS)
    east_wins(s, "A♣", "N♣")
    s.finish_turn([E, W, E])                        # East draws one more than due
    book = s.laws.slips.book
    assert type(book) is SlipBook and book.dev == (0, 0)     # the counts were legal at the trick
    assert s.count_off(E) == 1
    assert [f.rule for f in s.findings] == ["SC-SLIP2"]
    east_wins(s, "A♣", "N♣")
    assert s.expected_draws == (W,)                 # SC-SLIP3: East skips his draw
    assert s.laws.slips.book is book and book.dev == (1, 0)


def test_SC_SLIP1_a_missed_draw_is_planned_by_the_laws_when_the_trick_is_gathered():
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=LAWS)
    east_wins(s, "A♣", "N♣")
    s.finish_turn([W])                              # East misses his draw
    assert s.count_off(E) == -1 and s.findings[0].rule == "SC-SLIP1"
    east_wins(s, "A♣", "N♣")                        # the laws' plan_draws: two for East
    assert s.expected_draws == (E, E, W)


def test_SC_SLIP5_a_give_without_a_card_drawn_out_of_turn_is_refused_by_the_slips():
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=LAWS)
    east_wins(s, "A♣", "N♣")
    assert not s.laws.give_card(W, E)
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-SLIP5", Severity.ERROR)


def test_SC_MISDEAL2_the_misdeals_part_redeals_in_time_and_says_so():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)
    assert s.laws.before_first_draw()
    assert s.laws.misdeal("not-cut")
    [f] = s.findings
    assert (f.rule, f.severity) == ("SC-MISDEAL2", Severity.INFO) and "deals again" in f.message


def test_SC_MISDEAL8_the_misdeals_part_kills_the_hand_and_the_state_scores_nothing():
    s = BattleState.without_deal(LAWS, W)
    assert not s.dead and not s.laws.dead
    assert s.laws.dead_hand(None)                   # the deal omitted: the pack taken as found
    assert s.dead and s.laws.dead and s.is_over and s.counts_for_nobody == "SC-MISDEAL8"
    assert not s.voided and s.trick_points(E) == 0


def test_SC_MISDEAL6_the_misdeal_law_takes_an_exposure_of_ones_own_cards():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=LAWS)
    assert s.laws.expose_own(W, [card("N♣")])       # the nondealer... West deals: SC-MISDEAL5
    [f] = s.findings
    assert f.rule == "SC-MISDEAL5" and s.exposed(W) == s.exposed(E)


def test_R11D_East_Point_laws_keep_an_extra_card_until_the_battle_shows_the_penalty():
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=east_point())
    s.draw(E)                                       # outside the draws after a trick
    assert s.findings == [] and len(s.laws.extra[0]) == 1
    s.close()
    [f] = s.findings
    assert (f.rule, f.severity) == ("R11D", Severity.WARNING) and "never found" in f.message
    assert s.laws.extra == [[], []]


def test_R11C_R8E_East_Point_laws_decide_draws_that_depart_from_the_rule():
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=east_point())
    east_wins(s, "A♣", "N♣")
    s.finish_turn([W])                              # East misses his draw
    [f] = s.findings
    assert (f.rule, f.severity) == ("R11C", Severity.INFO)
    east_wins(s, "A♣", "N♣")
    s.finish_turn([W, E])                           # the right counts, the wrong order
    assert s.findings[-1].rule == "R8E"


def test_R11E_R11F_East_Point_laws_name_the_lone_card_and_end_an_uneven_battle():
    s = state("A♣ K♦", "N♣ Q♦", ruleset=east_point())
    laws = s.laws
    assert laws.lone_card_rule("R8E", True) == "R8E: winner, then loser; R11E: none from a " \
                                               "stock of one"
    assert laws.uneven_end(E, (card("K♦"),), NOWHERE) == "R11F"
    [f] = s.findings
    assert (f.rule, f.severity) == ("R11F", Severity.INFO) and "K♦" in f.message
    laws.lone_card_left(NOWHERE)
    laws.lone_card_left(NOWHERE)                    # noticed once a battle
    assert [f.rule for f in s.findings] == ["R11F", "R11E"]


@pytest.mark.parametrize("ruleset", [east_point(), old_time(), scarne(laws="none")],
                         ids=lambda r: r.name)
def test_R8E_a_usual_turn_without_drawing_slips_calls_no_draw_hook(ruleset, monkeypatch):
    """The fast path: a battle whose laws do not make the draws (``makes_draws`` False) pays
    no hook call on its turns; only Scarne's drawing slips are asked at every turn."""
    def refused(*args, **kwargs):
        raise AssertionError("a draw hook was called")

    for hook in ("plan_draws", "draw", "finish_turn", "wrong_draws", "extra_draw"):
        monkeypatch.setattr(Laws, hook, refused)
    s = state("A♣ A♣ K♦", "N♣ N♣ Q♦", ruleset=ruleset)
    for _ in range(2):
        east_wins(s, "A♣", "N♣")
        s.finish_turn()
    assert s.hand_size(E) == 3 and s.findings == []
