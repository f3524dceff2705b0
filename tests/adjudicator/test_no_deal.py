"""Records without the deal (docs/rulings.md "Records without the deal"): what
the public cards decide (``adjudicator/twohanded/publiccards.py``). Each test names the rule it
checks; the positive case is a record that breaks it whatever the deal was, the negative case the
nearest record some deal makes legal."""

from __future__ import annotations

import random

import pytest
from pathlib import Path

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.rulesets.old_time import old_time
from pinochle.adjudicator.rulesets.east_point import EAST_POINT
from pinochle.adjudicator.model.ruleset import Ruleset
from pinochle.adjudicator.rulesets.scarne import scarne
from pinochle.adjudicator.rulesets.twenty_five import twenty_five
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.adjudicator.report.validation import GameReport, validate_game
from pinochle.notation import dumps, parse
from pinochle.notation.events import Claim, Deal, Game, Trick
from pinochle.simulator.simulate import Settings, simulate_game

HEAD = '[Event "no deal"]\n[Battles "2"]\n[Result "*"]\n\nbattle 1 dealer E\n'


class Findings(Visitor):
    needs_log = False

    def __init__(self) -> None:
        self.findings: list = []

    def finding(self, finding) -> None:
        self.findings.append(finding)


def findings_of(game: Game) -> list:
    visitor = Findings()
    walk(game, visitor)
    return visitor.findings


def judged(text: str) -> list:
    """The findings above a notice of the record ``text``."""
    game = parse(text, "t.pin").games[0]
    return [f for f in findings_of(game) if f.severity is not Severity.INFO]


def rules_at(findings: list) -> list[tuple[str, int]]:
    return [(f.rule, f.span.line) for f in findings]


def without_deal(game: Game) -> Game:
    battles = tuple(b.model_copy(update={"events": tuple(e for e in b.events
                                                         if not isinstance(e, Deal))})
                    for b in game.battles)
    return parse(dumps(game.model_copy(update={"battles": battles})), "t.pin").games[0]


def simulated(ruleset: Ruleset = EAST_POINT, seed: int = 3) -> Game:
    return simulate_game(seed, Settings(ruleset=ruleset)).game


# --- the pack (R2A4) and the cards played (R8A, R8B) ----------------------------------------


def test_r2a4_r8a_a_lead_when_every_copy_is_already_played():
    record = HEAD + "1. A♥ K♥ W\n2. A♥ K♥ W\n3. A♥ N♠ W\n"
    found = judged(record)
    assert rules_at(found) == [("R8A", 8)]
    assert "the pack has 2 A♥ (R2A4)" in found[0].message
    assert "West played 2 A♥ before" in found[0].message


def test_r2a4_r8a_two_copies_played_is_legal():
    assert judged(HEAD + "1. A♥ K♥ W\n2. A♥ K♥ W\n3. Q♥ N♠ W\n") == []


def test_r2a4_r8b_a_follow_of_a_single_card_played_before():
    found = judged(HEAD + "1. A♥ N♠ W\n2. K♥ N♠ W\n")
    assert rules_at(found) == [("R8B", 7)]
    assert "the pack has one N♠" in found[0].message


def test_r2a4_r8b_a_card_the_opponent_holds_exposed():
    """West's ♥2 exposes A♥ T♥; East then plays both A♥: the second cannot be his."""
    record = HEAD + "1. T♠ N♠ W ♥2 61\n2. Q♣ A♥ W\n3. J♣ A♥ W\n"
    found = judged(record)
    assert rules_at(found) == [("R8B", 8)]
    assert "West holds one A♥ exposed" in found[0].message


def test_r2a4_the_exposed_copy_may_be_played():
    """West plays his exposed A♥; East may then play the other copy."""
    record = HEAD + "1. T♠ N♠ W ♥2 61\n2. A♥ K♥ W\n3. Q♣ A♥ W\n"
    assert judged(record) == []


# --- melds: R9G, R9B1, R9C --------------------------------------------------------------------


def test_r9g_a_meld_needing_a_card_the_melder_played():
    found = judged(HEAD + "1. A♥ K♥ W\n2. A♥ K♥ W ♥2 61\n")
    assert rules_at(found) == [("R9G", 7)]
    assert found[0].severity is Severity.WARNING        # R11B: it stands, unobjected


def test_r9g_one_copy_played_the_other_unseen_is_legal():
    assert judged(HEAD + "1. A♥ K♥ W\n2. Q♣ K♥ W ♥2 61\n") == []


def test_r9b1_a_meld_needing_cards_the_opponent_played():
    record = HEAD + "1. K♥ A♥ E\n2. A♥ J♠ E\n3. Q♣ K♣ W ♥2 61\n"
    assert rules_at(judged(record)) == [("R9B1", 8)]


def test_r9b1_r11b_objected_meld_is_voided():
    record = HEAD + "1. K♥ A♥ E\n2. A♥ J♠ E\n3. Q♣ K♣ W ♥2 61\nobject meld E\n"
    findings = [f for f in findings_of(parse(record, "t.pin").games[0]) if f.rule == "R9B1"]
    assert [f.severity for f in findings] == [Severity.INFO]
    assert "voided" in findings[0].message


def test_r9c_every_card_exposed_and_no_copy_unseen():
    record = (HEAD + "1. T♠ N♠ W ♥5 191\n2. Q♣ K♥ W\n3. J♣ Q♥ W\n4. T♣ J♥ W ♥3 101\n")
    found = judged(record)
    assert rules_at(found) == [("R9C", 9)]


def test_r9c_a_copy_still_unseen_may_be_concealed():
    record = (HEAD + "1. T♠ N♠ W ♥5 191\n2. Q♣ K♥ W\n3. J♣ Q♦ W\n4. T♣ J♥ W ♥3 101\n")
    assert judged(record) == []


def test_r9f_r9e_r8d_are_still_checked_without_the_deal():
    assert rules_at(judged(HEAD + "1. T♠ N♠ W ♥2 61\n2. Q♣ K♦ W ♥2 61\n")) == [("R9F", 7)]
    assert rules_at(judged(HEAD + "1. T♠ N♠ W ♥2 61 ♠2 71\n")) == [("R9E", 6)]
    assert rules_at(judged(HEAD + "1. T♠ N♠ W\nmeld E ♥2 61\n")) == [("R8D", 7)]


# --- hand sizes (R8F) -------------------------------------------------------------------------


def test_r8f_a_trick_after_the_hands_are_exhausted():
    game = without_deal(simulated())
    battle = game.battles[0]
    events = list(battle.events)
    last = max(i for i, e in enumerate(events) if isinstance(e, Trick))
    extra = Trick(number=25, lead=events[last].lead, follow=events[last].follow,
                  winner=events[last].winner)
    events.insert(last + 1, extra)
    text = dumps(game.model_copy(update={"battles": (
        battle.model_copy(update={"events": tuple(events)}), *game.battles[1:])}))
    found = judged(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("25. "))
    assert ("R8F", line) in rules_at(found)


def test_r8f_a_finished_record_that_stops_with_cards_in_hand():
    game = without_deal(simulated())
    battle = game.battles[0]
    events = [e for e in battle.events if not (isinstance(e, Trick) and e.number == 24)]
    text = dumps(game.model_copy(update={"battles": (
        battle.model_copy(update={"events": tuple(events)}), *game.battles[1:])}))
    found = judged(text)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("23. "))
    assert ("R8F", line) in rules_at(found)
    assert "stops with cards in hand" in next(f.message for f in found if f.rule == "R8F")


def test_r8f_an_unfinished_game_may_stop_anywhere():
    assert judged(HEAD + "1. T♠ N♠ W\n") == []


# --- phase B: the follower's obligations (OT8B1, OT8B2; SC-PLAYB2; TP22) ----------------------


def _phase_b_renege(ruleset: Ruleset, seeds=range(1, 60)) -> tuple[str, int]:
    """A simulated battle without its deal in which a phase-B follower who followed suit at
    one trick and played another suit at a later one has those two cards swapped: at the first
    he now keeps back a card of the suit led, which he plays later, so he held it (nothing is
    drawn in phase B). The marks stay: each swapped card is of another suit than the card it
    meets, so the mark decides the trick as before (the trump suit is unknown). The record's
    text and the line of the first trick."""
    for seed in seeds:
        game = without_deal(simulated(ruleset, seed))
        battle = game.battles[0]
        events = list(battle.events)
        tricks = [(i, e) for i, e in enumerate(events) if isinstance(e, Trick)]
        leaders = _leaders(tricks, battle.dealer)
        phase_b = tricks[len(tricks) - ruleset.hand_size:]
        for a, (i, first) in enumerate(phase_b):
            if first.follow.suit is not first.lead.suit:
                continue
            follower = leaders[first.number].other
            for j, later in phase_b[a + 1:]:
                leads = leaders[later.number] is follower
                mine, other = (later.lead, later.follow) if leads else (later.follow, later.lead)
                if mine.suit is first.lead.suit or first.follow.suit is other.suit:
                    continue
                events[i] = first.model_copy(update={"follow": mine})
                events[j] = later.model_copy(update={"lead" if leads else "follow":
                                                     first.follow})
                text = dumps(game.model_copy(update={"battles": (
                    battle.model_copy(update={"events": tuple(events)}),
                    *game.battles[1:])}))
                line = next(n for n, t in enumerate(text.splitlines(), 1)
                            if t.startswith(f"{first.number}. "))
                return text, line
    raise AssertionError("no seed has such a pair of tricks")


def _leaders(tricks, dealer):
    """Each trick's leader by the record's marks (the first: the nondealer)."""
    leader = dealer.other
    leaders = {}
    for _, trick in tricks:
        leaders[trick.number] = leader
        leader = trick.winner if trick.winner is not None else leader
    return leaders


def test_ot8b1_a_phase_b_follower_who_kept_back_the_suit_led():
    text, line = _phase_b_renege(old_time())
    assert ("OT8B1", line) in rules_at(judged(text))


def test_sc_playb2_and_tp22_the_same_inference():
    for ruleset, rule in ((scarne(laws="none"), "SC-PLAYB2"), (twenty_five(), "TP22")):
        text, line = _phase_b_renege(ruleset)
        assert (rule, line) in rules_at(judged(text)), rule


def test_ot8b_phase_b_of_a_legal_game_without_the_deal_is_clean():
    for seed in range(1, 6):
        game = without_deal(simulated(old_time(), seed))
        assert [f for f in findings_of(game) if f.severity is not Severity.INFO] == []


# --- the dealer's bonus for a turned-up nine (OT6B) -------------------------------------------


def _nine_battle(seeds=range(1, 200)):
    """A simulated old-time game whose first battle's upcard is a nine."""
    for seed in seeds:
        game = simulated(old_time(), seed)
        deal = next(e for e in game.battles[0].events if isinstance(e, Deal))
        if deal.upcard is not None and deal.upcard.rank.name == "NINE":
            return game
    raise AssertionError("no seed turns up a nine")


def test_ot6b_the_dealers_nine_bonus_is_read_from_his_claims():
    game = without_deal(_nine_battle())
    found = findings_of(game)
    assert [f for f in found if f.severity is not Severity.INFO] == []
    assert any(f.rule == "OT6B" and "turned-up nine" in f.message for f in found)


def test_ot6b_a_claim_ten_higher_for_the_nondealer_is_still_wrong():
    game = without_deal(_nine_battle())
    battle = game.battles[0]
    nondealer = "west" if battle.dealer.name == "EAST" else "east"
    events = [e.model_copy(update={nondealer: getattr(e, nondealer) + 10})
              if isinstance(e, Claim) and e.category == "melds" else e for e in battle.events]
    game = game.model_copy(update={"battles": (battle.model_copy(update={"events": tuple(events)}),
                                               *game.battles[1:])})
    assert "OT9A" in {f.rule for f in findings_of(game) if f.severity is not Severity.INFO}


# --- a legal game loses nothing but the deal ----------------------------------------------------


def test_r6_legal_games_of_every_two_handed_ruleset_are_clean_without_the_deal():
    rng = random.Random(5)
    for ruleset in (EAST_POINT, old_time(), scarne(), twenty_five()):
        for _ in range(3):
            game = without_deal(simulated(ruleset, rng.randrange(10 ** 6)))
            assert [f for f in findings_of(game) if f.severity is not Severity.INFO] == []


# --- the corpus's record without its deal ----------------------------------------------------

NO_DEAL = Path(__file__).resolve().parents[2] / "corpus" / "games" / "club-night-no-deal.pin"


def test_r6_corpus_record_without_the_deal_is_clean_with_its_checked_lists():
    """Four battles of East Point with tricks, melds and totals but no hand lines: clean, a
    notice per battle (R6), the public cards' rules checked, the deal's not."""
    game = parse(NO_DEAL.read_text("utf-8"), str(NO_DEAL)).games[0]
    assert not any(isinstance(e, Deal) for b in game.battles for e in b.events)
    rep = validate_game(game, NO_DEAL.name)
    assert isinstance(rep, GameReport)
    assert [(f.rule, f.severity) for f in rep.findings] == [("R6", Severity.INFO)] * 4
    assert {"R2A4", "R8A", "R8B", "R8F", "R9B1", "R9C", "R9G", "R9A", "R9E", "R9F",
            "R8D"} <= set(rep.checked)
    assert {m.rule: m.reason for m in rep.not_checked} == {
        rule: "no deal in battles 1-4" for rule in ("R6", "R6B", "R6C", "R7B2", "R8E", "R9D")}
    assert all(b.ended_by == "R8F" for b in rep.battles)


def test_r6_corpus_record_is_simulator_output_without_its_deal():
    """The record is ``pinochle simulate --seed 100 --policy greedy`` (four battles of East
    Point) with its hand lines removed, its tags and comments the scorekeeper's."""
    game = parse(NO_DEAL.read_text("utf-8"), str(NO_DEAL)).games[0]
    source = without_deal(simulate_game(100, Settings(policies=("greedy", "greedy"))).game)

    def plays(g: Game) -> list:
        return [[(e.number, e.lead, e.follow, e.winner, [(m.kind, m.points) for m in e.melds])
                 if isinstance(e, Trick) else (e.category, e.east, e.west)
                 for e in b.events if isinstance(e, (Trick, Claim))] for b in g.battles]
    assert plays(game) == plays(source)
    assert game.tags["Result"] == source.tags["Result"]


# --- a renege law (SC-RENEGE1, SC-RENEGE2) ---------------------------------------------------


def test_sc_renege2_a_claim_without_the_deal_is_taken_as_made():
    """Under Scarne's laws a renege claim counts: without the deal the renege may be one the
    public cards cannot show, so the claim is taken as made (SC-RENEGE2), never refused
    (SC-RENEGE1 "has not reneged")."""
    from pinochle.notation.events import Objection

    ruleset = scarne(laws="scarne")
    for seed in range(200):
        game = simulate_game(seed, Settings(ruleset=ruleset, irregularities=1.0)).game
        if any(isinstance(e, Objection) and e.target == "renege"
               for b in game.battles for e in b.events):
            break
    else:
        raise AssertionError("no seed claims a renege")
    found = findings_of(without_deal(game))
    assert not [f for f in found if f.rule == "SC-RENEGE1" and f.severity is Severity.ERROR]
    assert any(f.rule == "SC-RENEGE2" and "claims" in f.message for f in found)


def test_sc_renege1_a_renege_the_public_cards_show_stands_unclaimed():
    """Under Scarne's laws the phase-B inference is a renege kept for a claim: unclaimed, it
    stands, a warning under SC-RENEGE1 at the trick it was made."""
    text, line = _phase_b_renege(scarne(laws="scarne"))
    found = [f for f in findings_of(parse(text, "t.pin").games[0]) if f.rule == "SC-RENEGE1"]
    assert (line, Severity.WARNING) in [(f.span.line, f.severity) for f in found]
    assert "unclaimed, so it stands" in found[0].message


# --- double-pack: the card count (DP-PLAY1, DP-PLAY6) ------------------------------------------


def _dp_without_hands(seed: int) -> Game:
    from pinochle.adjudicator.rulesets import ruleset_from_tags
    from pinochle.notation.events import Hands
    from pinochle.simulator.simulate import simulate_any

    game = simulate_any(seed, Settings(ruleset=ruleset_from_tags({"Ruleset": "double-pack"}))
                        ).game
    battles = tuple(b.model_copy(update={"events": tuple(e for e in b.events
                                                         if not isinstance(e, Hands))})
                    for b in game.battles)
    return parse(dumps(game.model_copy(update={"battles": battles})), "t.pin").games[0]


def _dp_findings(game: Game) -> list:
    from pinochle.adjudicator.replay import walk_any

    visitor = Findings()
    walk_any(game, visitor)
    return [f for f in visitor.findings if f.severity is not Severity.INFO]


def test_dp_play6_a_card_played_a_fifth_time_without_the_deal():
    from pinochle.notation.events import TableTrick

    game = _dp_without_hands(4)
    assert _dp_findings(game) == []
    battle = game.battles[0]
    events = list(battle.events)
    tricks = [i for i, e in enumerate(events) if isinstance(e, TableTrick)]
    card = events[tricks[0]].cards[0]
    last = events[tricks[-1]]
    assert sum(e.cards.count(card) for e in events if isinstance(e, TableTrick)) == 4
    events[tricks[-1]] = last.model_copy(update={"cards": (card, *last.cards[1:])})
    text = dumps(game.model_copy(update={"battles": (
        battle.model_copy(update={"events": tuple(events)}), *game.battles[1:])}))
    found = _dp_findings(parse(text, "t.pin").games[0])
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("20. "))
    assert [(f.rule, f.span.line) for f in found if f.kind.value == "illegal play"] == [
        ("DP-PLAY6", line)]
    assert "every copy of the pack's 4 was played before" in found[0].message


def test_dp_play6_checked_without_the_hands_dp_play2_not():
    """The report's lists: the card count (DP-PLAY6, DP-PACK) is checked from the tricks
    alone; the obligations (DP-PLAY2-4) need the hands."""
    rep = validate_game(_dp_without_hands(4), "t.pin")
    assert {"DP-PLAY6", "DP-PACK"} <= set(rep.checked)
    reasons = {m.rule: m.reason for m in rep.not_checked}
    assert {"DP-PLAY2", "DP-PLAY3", "DP-PLAY4"} <= set(reasons)
    assert all(reasons[r].startswith("no deal") for r in ("DP-PLAY2", "DP-PLAY3", "DP-PLAY4"))


def _battle_dealer(text: str, line: str) -> str:
    """The dealer of the battle whose record holds ``line``."""
    head = text[:text.index(line)].rsplit("battle ", 1)[1]
    return head.split("dealer ", 1)[1][0]


def _scarne_laws_without_deal(seed: int) -> str:
    import re as _re

    from pinochle.adjudicator.rulesets import ruleset_from_tags
    from pinochle.notation import dumps as _dumps
    from pinochle.simulator.simulate import Settings, simulate_any

    laws = ruleset_from_tags({"Ruleset": "scarne", "Laws": "scarne"})
    game = simulate_any(seed, Settings(ruleset=laws, irregularities=0.1,
                                       policies=("greedy", "random"))).game
    return "".join(line + "\n" for line in _dumps(game).splitlines()
                   if not _re.match(r"(E|W|stock|upcard):", line))


def test_SC_BADMELD1_SC_PLAY4_a_corrected_meld_counts_what_the_melds_claim_shows():
    """Scarne's laws, no deal: ♦M written at 30 and corrected (``correct E 8``) is worth 20 or
    40 by the hidden trump; the battle's melds claim shows 40, so it counted 40: a notice, and
    no miscount of the claims (seed 28: the simulator's trump was ♦)."""
    from pinochle.adjudicator.report.validation import validate_game
    from pinochle.notation import parse as _parse

    text = _scarne_laws_without_deal(28)
    assert "8. T♥ J♥ E ♦M 30\ncorrect E 8\n" in text
    report = validate_game(_parse(text, "t.pin").games[0], "t.pin")
    assert [f for f in report.findings if f.severity.value != "info"] == []
    [told] = [f for f in report.findings if "the melds claim shows it counted 40" in f.message]
    assert told.rule == "SC-PLAY4" and text.splitlines()[told.line - 1] == "8. T♥ J♥ E ♦M 30"
    # the claim is what decides: a claim that fits no reading is still its miscount (the
    # dealer's may also hold the turned-up nine's 10: 150, 160 and 170 all fit)
    assert _battle_dealer(text, "melds E 160 W 30") == "E"
    wrong = text.replace("melds E 160 W 30", "melds E 175 W 30")
    found = validate_game(_parse(wrong, "t.pin").games[0], "t.pin").findings
    assert [(f.rule, f.expected) for f in found
            if f.severity.value != "info" and f.rule == "SC-PLAY4"] == [("SC-PLAY4", 140)]
    # 170: the royal marriage and the nine's bonus, both read from the claim (SC-TRUMP)
    both = text.replace("melds E 160 W 30", "melds E 170 W 30")
    found = validate_game(_parse(both, "t.pin").games[0], "t.pin").findings
    assert [f.rule for f in found if f.severity.value != "info" and f.rule == "SC-PLAY4"] == []
    assert any("with ♦M counted at 40, counts 10 more" in f.message for f in found)


# --- an objection's outcome and a correction's effect, read from the claims -------

#: East Point, no deal: West melds A4 and T4, then ♠2, whose A♠ and T♠ both lie exposed in
#: those melds; East objects. Whether West held another A♠ or T♠ (R9C) only the deal shows.
OBJECTED = HEAD + ("1. Q♣ N♣ W A4 171\n2. Q♦ N♦ W T4 131\n3. Q♥ N♥ W ♠2 71\nobject meld E\n"
                   "4. K♣ N♠ W\nmelds E 0 W {west}\n")


def test_r11b_objected_meld_the_melds_claim_shows_voided():
    found = findings_of(parse(OBJECTED.format(west=302), "t.pin").games[0])
    assert [f for f in found if f.severity is not Severity.INFO] == []
    [told] = [f for f in found if "shows it was voided" in f.message]
    assert told.rule == "R11B" and told.span.line == 8      # the meld's line
    assert "West's ♠2 71 was objected to" in told.message


def test_r11b_objected_meld_the_melds_claim_shows_it_stands():
    found = findings_of(parse(OBJECTED.format(west=373), "t.pin").games[0])
    assert [f for f in found if f.severity is not Severity.INFO] == []
    assert not any("shows it was voided" in f.message for f in found)
    assert any(f.rule == "R11B" and "nothing public shows wrong" in f.message for f in found)


def test_r11b_objected_meld_an_outcome_the_claims_cannot_explain():
    """Neither voided (302) nor standing (373) makes 330: the melds claim's miscount, the
    meld standing as the public cards leave it."""
    found = judged(OBJECTED.format(west=330))
    assert [(f.rule, f.claimed, f.expected) for f in found] == [("R9A", 330, 373)]


def test_r11b_r9c_the_public_cards_decide_the_objection_not_the_claims():
    """Both other copies of A♠ and T♠ are played (trick 1): ♠2 can only be the exposed cards
    (R9C), so the objection voids it whatever the claim says; a claim counting it is wrong."""
    record = HEAD + ("1. A♠ T♠ W\n2. Q♣ N♣ W A4 171\n3. Q♦ N♦ W T4 131\n4. Q♥ N♥ W ♠2 71\n"
                     "object meld E\n5. K♣ N♠ W\nmelds E 0 W {west}\n")
    found = findings_of(parse(record.format(west=302), "t.pin").games[0])
    assert [f for f in found if f.severity is not Severity.INFO] == []
    assert any(f.rule == "R9C" and "voided" in f.message for f in found)
    assert [(f.rule, f.expected) for f in judged(record.format(west=373))] == [("R9A", 302)]


#: Scarne's laws (written out: the same whatever the ruleset's default), no deal: West melds
#: after trick 4 and corrects it; his melds claim shows what the correction did.
def _corrected(ruleset: str, meld: str, west: int) -> str:
    return (f'[Event "no deal"]\n[Ruleset "{ruleset}"]\n[Laws "scarne"]\n[Result "*"]\n\n'
            "battle 1 dealer E\n1. Q♣ N♣ W\n2. Q♦ N♦ W\n3. Q♥ N♥ W\n"
            f"4. K♣ J♣ W {meld}\n5. K♦ J♦ W\ncorrect W 4\n6. K♥ J♥ W\nmelds E 0 W {west}\n")


SCARNE_LAWS = [("scarne", "SC-PLAY4"), ("25-steps", "TP14")]


@pytest.mark.parametrize("ruleset, miscount", SCARNE_LAWS)
def test_sc_badmeld1_correction_the_melds_claim_shows_withdrawn(ruleset, miscount):
    found = findings_of(parse(_corrected(ruleset, "♠F 150", 0), "t.pin").games[0])
    assert [f for f in found if f.severity is not Severity.INFO] == []
    [told] = [f for f in found if "shows it was withdrawn" in f.message]
    assert told.rule == "SC-BADMELD1" and told.span.line == 10
    assert "the correction of West's ♠F 150" in told.message


@pytest.mark.parametrize("ruleset, miscount", SCARNE_LAWS)
def test_sc_badmeld1_correction_the_melds_claim_shows_lowered(ruleset, miscount):
    """♠M 40 is the royal marriage's value; corrected, the claim's 20 shows it was a common
    marriage (the trump another suit)."""
    found = findings_of(parse(_corrected(ruleset, "♠M 40", 20), "t.pin").games[0])
    assert [f for f in found if f.severity is not Severity.INFO] == []
    assert any(f.rule == "SC-BADMELD1" and "shows it was corrected to 20" in f.message
               for f in found)


@pytest.mark.parametrize("ruleset, miscount", SCARNE_LAWS)
def test_sc_badmeld1_correction_the_melds_claim_shows_nothing_changed(ruleset, miscount):
    found = findings_of(parse(_corrected(ruleset, "♠F 150", 150), "t.pin").games[0])
    assert [f for f in found if f.severity is not Severity.INFO] == []
    assert any("shows nothing wrong in public" in f.message for f in found)
    assert not any("shows it was" in f.message for f in found)


@pytest.mark.parametrize("ruleset, miscount", SCARNE_LAWS)
def test_sc_badmeld1_correction_an_effect_the_claims_cannot_explain(ruleset, miscount):
    """♠F has one value in any trump: 70 is neither withdrawn (0) nor unchanged (150)."""
    found = judged(_corrected(ruleset, "♠F 150", 70))
    assert [(f.rule, f.claimed, f.expected) for f in found] == [(miscount, 70, 150)]
