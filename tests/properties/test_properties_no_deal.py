"""Records without the deal (docs/rulings.md "Records without the deal").

R6: removing the deal from any simulated legal game, of every two-handed ruleset, creates no
finding above the notice that says the deal is omitted. And removing it from a faulty record
keeps every finding the remaining information decides: a mutant of a class the deal plays no
part in (a claim, a mark, a meld's turn or points, a draw) keeps its finding; a mutant that
plays a card more often than the pack holds (R2A4 with R8A/R8B and their kin) is caught by the
public cards, at the play that exceeds the pack."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.ruleset import ruleset_tags
from pinochle.adjudicator.model.findings import Severity
from pinochle.notation import dumps, parse
from pinochle.notation.events import Deal, Game, Trick
from pinochle.simulator import mutate as mutations
from tests.strategies import (
    SIM_OLD_TIME_RULESETS, SIM_RULESETS, SIM_SCARNE_RULESETS, SIM_TWENTY_FIVE_RULESETS,
    sim_replay, simulated_games,
)

pytestmark = pytest.mark.slow

RULESETS = {"east-point": SIM_RULESETS, "old-time": SIM_OLD_TIME_RULESETS,
            "scarne": SIM_SCARNE_RULESETS, "25-steps": SIM_TWENTY_FIVE_RULESETS,
            "scarne-laws": (ruleset_from_tags({"Ruleset": "scarne", "Laws": "scarne"}),)}

#: The mutation classes no deal decides, by ruleset family: each keeps its finding without it.
#: (A winner mark is checked without the deal only where trump needs no upcard: East Point.)
WITHOUT_THE_DEAL = {"draw-order", "meld-by-loser", "meld-points-off-by-one", "two-melds",
                    "wrong-battle-score", "battle-after-end", "last-trick-miscounted",
                    "meld-in-phase-b", "wrong-melds-claim", "wrong-total-claim"}
EAST_POINT_ONLY = {"meld-repeated", "wrong-winner"}
#: The classes that play a card the player does not hold: caught when the pack says so.
NOT_HELD = {"lead-not-held", "follow-not-held"}


def without_deal(game: Game) -> Game:
    battles = tuple(b.model_copy(update={"events": tuple(e for e in b.events
                                                         if not isinstance(e, Deal))})
                    for b in game.battles)
    return parse(dumps(game.model_copy(update={"battles": battles})), "no-deal.pin").games[0]


def above_notice(game: Game) -> list:
    _, findings = sim_replay(game)
    return [f for f in findings if f.severity is not Severity.INFO]


def over_the_pack(game: Game) -> bool:
    """Some battle plays a face more often than the pack holds."""
    pack = ruleset_from_tags(game.tags).pack
    for battle in game.battles:
        played = Counter(c for e in battle.events if isinstance(e, Trick)
                         for c in (e.lead, e.follow))
        if any(n > pack.get(card, 0) for card, n in played.items()):
            return True
    return False


def legal_test(family: str):
    @settings(max_examples=15, deadline=None)
    @given(simulated_games(irregular=True, rulesets=RULESETS[family]))
    def test(simulated) -> None:
        found = above_notice(without_deal(simulated.game))
        assert found == [], [(f.rule, f.span.line, f.message) for f in found]
    return test


test_r6_east_point_without_the_deal_no_finding = legal_test("east-point")
test_ot6_old_time_without_the_deal_no_finding = legal_test("old-time")
test_sc_deal_scarne_without_the_deal_no_finding = legal_test("scarne")
test_tp5_twenty_five_without_the_deal_no_finding = legal_test("25-steps")
#: Scarne's laws: a meld corrected to a value that depends on the hidden trump counts what the
#: melds claim shows (SC-BADMELD1, SC-PLAY4; docs/rulings.md, records without the deal).
test_sc_badmeld1_scarne_laws_without_the_deal_no_finding = legal_test("scarne-laws")


def mutant_test(family: str):
    @settings(max_examples=15, deadline=None)
    @given(simulated_games(irregular=False, rulesets=RULESETS[family]),
           st.integers(0, 2 ** 16), st.data())
    def test(simulated, seed, data) -> None:
        classes = mutations.by_name(ruleset_from_tags(simulated.game.tags))
        names = sorted(set(classes) & (WITHOUT_THE_DEAL | NOT_HELD | (
            EAST_POINT_ONLY if family == "east-point" else set())))
        name = data.draw(st.sampled_from(names))
        mutation = classes[name]
        mutant = mutations.mutate(simulated.game, mutation, random.Random(seed))
        assume(mutant is not None)
        game = without_deal(mutant.game)
        rules = mutation.rules
        if name in NOT_HELD:
            assume(over_the_pack(game))
            # the public cards cannot tell which play of the face was the wrong one: the
            # finding is at the play that exceeds the pack, a lead or a follow (R8A, R8B)
            ids = ruleset_from_tags(game.tags).ids
            rules = frozenset({ids.lead, ids.follow})
        cited = {f.rule for f in above_notice(game)}
        assert cited & rules, (name, sorted(cited))
    return test


test_r2a4_r8a_r9_east_point_mutants_keep_their_findings = mutant_test("east-point")
test_ot2a4_ot8_ot9_old_time_mutants_keep_their_findings = mutant_test("old-time")
test_sc_req2_scarne_mutants_keep_their_findings = mutant_test("scarne")
test_tp1_twenty_five_mutants_keep_their_findings = mutant_test("25-steps")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1),
       options=st.sampled_from(({}, {"TrickScoring": "10-10-5-5"}, {"TrumpLead": "top-highest"})),
       policies=st.sampled_from((("greedy", "greedy"), ("random", "greedy"))))
def test_DP_PLAY6_DP_PACK_partnership_game_without_its_hands_has_no_finding(
        seed, options, policies) -> None:
    """A double-pack game without its four hands (the calls, trump, declarations, tricks and
    side claims kept) is judged for what the public cards decide (the card count, DP-PLAY6,
    DP-PACK): no finding above a notice, and the same scores."""
    from pinochle.adjudicator.report.validation import validate_game
    from pinochle.notation.events import Hands
    from pinochle.simulator.partnership.game import simulate_table_game

    ruleset = ruleset_from_tags({"Ruleset": "double-pack", **options})
    game = parse(dumps(simulate_table_game(seed, ruleset, policies,
                                           tuple(options.items())).game)).games[0]
    battles = tuple(b.model_copy(update={"events": tuple(
        e for e in b.events if not isinstance(e, Hands))}) for b in game.battles)
    stripped = parse(dumps(game.model_copy(update={"battles": battles}))).games[0]
    full, rep = validate_game(game), validate_game(stripped)
    assert full.counts.errors == full.counts.warnings == 0
    assert rep.counts.errors == rep.counts.warnings == 0, [f.message for f in rep.findings]
    assert not any(isinstance(e, Hands) for b in stripped.battles for e in b.events)
    assert [(b.ns.score, b.ew.score) for b in rep.battles] == [
        (b.ns.score, b.ew.score) for b in full.battles]


# --- the games hypothesis found (2026-11-26), kept as fixed cases --------------------------

def _simulated(seed: int, ruleset, irregularities: float = 0.0):  # type: ignore[no-untyped-def]
    from pinochle.simulator.simulate import Settings, simulate_game
    return simulate_game(seed, Settings(battles=4, policies=("random", "random"),
                                        irregularities=irregularities, ruleset=ruleset))


@pytest.mark.parametrize("family, rule", [("scarne", "SC-SCORE1"), ("25-steps", "TP24")])
def test_sc_score1_tp24_a_dealers_score_claim_one_bonus_too_high_is_the_scores_miscount(
        family: str, rule: str) -> None:
    """The dealer's score claim is his true score plus exactly the turned-up nine's bonus, and
    his melds claim shows no bonus: without the deal the melds claim says whether the bonus was
    counted, so the score claim is the miscount (SC-SCORE1, TP24), not the melds claim nor the
    totals (it was SC-PLAY4/TP14 and SC-WIN1/TP2; docs/rulings.md, OT6B without the deal)."""
    ruleset = next(r for r in RULESETS[family] if ruleset_tags(r)["Scale"] == "tens")
    simulated = _simulated(2, ruleset)
    mutation = mutations.by_name(ruleset)["wrong-battle-score"]
    mutant = mutations.mutate(simulated.game, mutation, random.Random(8901))
    assert mutant is not None
    game = without_deal(mutant.game)
    found = above_notice(game)
    assert [f.rule for f in found] == [rule], [(f.rule, f.message) for f in found]
    assert found[0].claimed == found[0].expected + ruleset.upcard_nine_bonus


def test_sc_badmeld1_ot6b_a_melds_claim_holding_a_corrected_royal_marriage_and_the_bonus() -> None:
    """West, the dealer, melds ♣M for 50, corrected (SC-BADMELD1) to its table value, which
    without the deal is 20 or 40 by the unknown trump; his melds claim 50 is the marriage at 40
    plus the turned-up nine's 10: both are read from it (two notices), and nothing is wrong."""
    simulated = _simulated(13649061, RULESETS["scarne-laws"][0], irregularities=1.0)
    game = without_deal(simulated.game)
    _, findings = sim_replay(game)
    assert [f for f in findings if f.severity is not Severity.INFO] == []
    notices = [f.message for f in findings if f.battle == 5 and f.rule in ("SC-PLAY4", "SC-TRUMP")]
    assert any("♣M" in m and "counted 40, not 20" in m for m in notices), notices
    assert any("with ♣M counted at 40, counts 10 more" in m for m in notices), notices


# --- an objection's outcome and a correction's effect, read from the claims ------

from pinochle.notation.cards import Suit  # noqa: E402
from pinochle.notation.events import Correction, Meld, Objection  # noqa: E402

#: The rulesets whose melds meet an objection (East Point, R11B) or a correction (Scarne's
#: laws, SC-BADMELD1), written with their laws explicitly.
OBJECTIONS = {"east-point": SIM_RULESETS,
              "scarne-laws": RULESETS["scarne-laws"],
              "25-steps-laws": (ruleset_from_tags({"Ruleset": "25-steps", "Laws": "scarne"}),)}
#: What the inserted statement does to the meld, with the deal: the notice that shows it.
OUTCOMES = {"voided": "voided on", "stands": "which is correct: it stands",
            "withdrawn": "withdrawn before", "lowered": "corrected to"}


def _entries(ruleset) -> list:  # type: ignore[no-untyped-def]
    """Every meld of the ruleset's tables (under each trump), but the exchange."""
    tables = [ruleset.melds_for(None), *(ruleset.melds_for(s) for s in Suit)]
    return sorted({(str(e.kind), e.points): e for t in tables for e in t.values()
                   if not e.exchange}.values(), key=lambda e: (str(e.kind), e.points))


def _replace(game: Game, index: int, events: list) -> Game:
    battle = game.battles[index].model_copy(update={"events": tuple(events)})
    battles = (*game.battles[:index], battle, *game.battles[index + 1:])
    return parse(dumps(game.model_copy(update={"battles": battles})), "irregular.pin").games[0]


def _candidates(game: Game, outcome: str, rng: random.Random):  # type: ignore[no-untyped-def]
    """Games made from ``game`` (with its deal) by one meld statement of ``outcome``: an
    objection to a legal meld (``stands``) or to a meld the winner cannot make (``voided``);
    a correction of a meld he cannot make (``withdrawn``) or of a meld written at a higher
    value it has in another trump (``lowered``). The claims are unchanged: each outcome leaves
    the meld points as the clean game had them."""
    ruleset = ruleset_from_tags(game.tags)
    entries = _entries(ruleset)
    for _ in range(12 if entries else 0):             # the beginner's pack has no melds (V1)
        index = rng.randrange(len(game.battles))
        events = list(game.battles[index].events)
        tricks = [i for i, e in enumerate(events) if isinstance(e, Trick) and 1 <= e.number <= 9]
        if not tricks:
            continue
        at = rng.choice(tricks)
        trick = events[at]
        assert isinstance(trick, Trick) and trick.winner is not None
        winner = trick.winner
        if outcome == "stands":
            if not trick.melds:
                continue
            events.insert(at + 1, Objection(target="meld", seat=winner.other))
        elif outcome == "lowered":
            if len(trick.melds) != 1:
                continue
            meld = trick.melds[0]
            higher = [e.points for e in entries if e.kind == meld.kind and e.points > meld.points]
            if not higher:
                continue
            events[at] = trick.model_copy(update={"melds": (meld.model_copy(update={
                "points": rng.choice(higher), "concealed": None}),)})
            events.insert(at + 1, Correction(seat=winner, trick=trick.number))
        else:
            if trick.melds:
                continue
            entry = rng.choice(entries)
            events[at] = trick.model_copy(update={"melds": (Meld(kind=entry.kind,
                                                                 points=entry.points),)})
            events.insert(at + 1, Objection(target="meld", seat=winner.other)
                          if outcome == "voided" else Correction(seat=winner, trick=trick.number))
        yield _replace(game, index, events)


def with_meld_statement(game: Game, outcome: str, seed: int) -> Game | None:
    """The first of ``_candidates`` that is clean with its deal and shows ``outcome``'s
    notice, or ``None``."""
    for candidate in _candidates(game, outcome, random.Random(seed)):
        _, findings = sim_replay(candidate)
        if all(f.severity is Severity.INFO for f in findings) and any(
                OUTCOMES[outcome] in f.message for f in findings):
            return candidate
    return None


def outcome_test(family: str, outcomes: tuple[str, ...]):
    @settings(max_examples=15, deadline=None)
    @given(simulated_games(irregular=False, rulesets=OBJECTIONS[family]),
           st.sampled_from(outcomes), st.integers(0, 2 ** 16))
    def test(simulated, outcome, seed) -> None:
        game = with_meld_statement(simulated.game, outcome, seed)
        assume(game is not None)
        assert game is not None
        found = above_notice(without_deal(game))
        assert found == [], [(f.rule, f.span.line, f.message) for f in found]
    return test


#: East Point: an objected meld stands (correct) or is voided (not held), R11B; the claims say.
test_r11b_objected_melds_without_the_deal_no_finding = outcome_test(
    "east-point", ("voided", "stands"))
#: Scarne's laws in Scarne and in 25-steps: a correction withdraws or lowers (SC-BADMELD1).
test_sc_badmeld1_scarne_corrections_without_the_deal_no_finding = outcome_test(
    "scarne-laws", ("withdrawn", "lowered"))
test_sc_badmeld1_25_steps_corrections_without_the_deal_no_finding = outcome_test(
    "25-steps-laws", ("withdrawn", "lowered"))


def test_sc_badmeld1_tp25_a_knocks_stated_count_shows_what_a_correction_did() -> None:
    """25-steps with Scarne's laws, seed 1: East's ♦M written at the royal marriage's 40 and
    corrected to the common marriage's 20; his battle ends by his knock, whose stated count
    (TP25) is the only claim that shows it: read from it (a notice), no miscount of the knock
    (found by hypothesis: read from the melds claim only, it was TP25's error, the
    count 20 above the stated one)."""
    from pinochle.simulator.simulate import Settings, simulate_game

    ruleset = OBJECTIONS["25-steps-laws"][0]
    game = with_meld_statement(simulate_game(1, Settings(ruleset=ruleset)).game, "lowered", 1)
    assert game is not None
    _, findings = sim_replay(without_deal(game))
    assert [f for f in findings if f.severity is not Severity.INFO] == []
    assert any(f.rule == "SC-BADMELD1" and "East's ♦M 40" in f.message
               and "the stated count shows it was corrected to 20" in f.message
               for f in findings)
