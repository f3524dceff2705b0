"""One fault, one finding for melds and the game's end, and the
rulings on a meld under a wrong winner mark (R8D) and a tied Result (R4A).

Each test writes a concrete record (a simulated legal game, seeded, with one fault put in),
validates it as ``pinochle validate`` would, and asserts the exact findings above a notice other
than miscounted claims: the fault's one finding, at its line, and nothing else; and that a real
second fault later in the record is still found."""

from __future__ import annotations

import random
import re

from pinochle.adjudicator.rulesets import ruleset_from_tags
from pinochle.adjudicator.model.findings import Finding, Kind, Severity
from pinochle.adjudicator.report.validation import FindingCollector
from pinochle.adjudicator.replay import Visitor, walk
from pinochle.notation import dumps, parse
from pinochle.notation.cards import Seat
from pinochle.notation.events import Battle, Game, Tag, Trick
from pinochle.simulator.mutate import by_name, mutate
from pinochle.simulator.simulate import Settings, simulate_any

from tests.adjudicator.otkit import random_game
from tests.adjudicator.replaykit import battle, card, legal_game
from tests.adjudicator.replaykit import game as rk_game

#: The lines of a claim (a miscounted claim that includes the fault is not a cascade); a
#: knock's or a call-out's stated count is a claim too (TP25, SC-CALL: it includes the melds).
CLAIMS = ("tricks ", "melds ", "score ", "total ", "game ", "[Result ", "knock ", "call ")



def legal(ruleset: str, seed: int, **options: str) -> Game:
    """A legal simulated game of ``ruleset`` (greedy against greedy)."""
    rules = ruleset_from_tags({"Ruleset": ruleset, **options})
    return simulate_any(seed, Settings(policies=("greedy", "greedy"), ruleset=rules)).game


def findings(text: str) -> list[Finding]:
    collect = FindingCollector()
    walk(parse(text, "test.pin").games[0], collect)
    return collect.findings


def faults(text: str) -> list[tuple[str, int]]:
    """(rule, line) of each finding above a notice that is not a miscounted claim."""
    lines = text.splitlines()
    return [(f.rule, f.span.line) for f in findings(text) if f.severity is not Severity.INFO
            and not (f.kind is Kind.MISCOUNT and lines[f.span.line - 1].lstrip().startswith(
                CLAIMS))]


def line_of(text: str, start: str, after: int = 0) -> int:
    """The first line (1-based) after line ``after`` that starts with ``start``."""
    for n, line in enumerate(text.splitlines()[after:], after + 1):
        if line.startswith(start):
            return n
    raise AssertionError(f"no line {start!r}")


# --- a battle after the game's end (R4A, OT4A, SC-WIN1, TP25) -----------------------------------


def _replayed_again(game: Game) -> Game:
    """The game's last battle played again after the end, its dealer the other player."""
    last = game.battles[-1]
    extra = last.model_copy(update={"number": last.number + 1, "dealer": last.dealer.other})
    return game.model_copy(update={"battles": (*game.battles, extra)})


def test_OT4A_a_battle_after_the_target_is_one_finding_at_its_line_and_not_replayed():
    game = legal("old-time", 1)
    text = dumps(_replayed_again(game))
    at = line_of(text, f"battle {len(game.battles) + 1} ")
    assert faults(text) == [("OT4A", at)]
    [f] = [f for f in findings(text) if f.severity is not Severity.INFO]
    assert "is played after the game ended" in f.message and "it is not replayed" in f.message
    assert (f.claimed, f.expected) == (len(game.battles) + 1, len(game.battles))


def test_SC_WIN1_and_TP25_a_battle_after_the_end_is_one_finding_at_its_line():
    for ruleset, rule in (("scarne", "SC-WIN1"), ("25-steps", "TP25")):
        game = legal(ruleset, 2)
        text = dumps(_replayed_again(game))
        assert faults(text) == [(rule, line_of(text, f"battle {len(game.battles) + 1} "))]


def test_OT4A_a_battle_after_the_end_and_a_real_fault_before_it_are_both_found():
    game = _replayed_again(legal("old-time", 1))
    text = dumps(game)
    # a wrong winner mark on the first trick line without a meld: a second, real fault
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines, 1)
                 if re.fullmatch(r"\d+\. \S+ \S+ [EW]", line))
    lead_follow, mark = lines[first - 1].rsplit(" ", 1)
    lines[first - 1] = f"{lead_follow} {'W' if mark == 'E' else 'E'}"
    faulty = "\n".join(lines) + "\n"
    found = faults(faulty)
    assert len(found) == 2 and found[0][1] == first and found[0][0].startswith("OT8C")
    assert found[1] == ("OT4A", line_of(faulty, f"battle {len(game.battles)} "))


# --- a meld's fault is one finding, and the replay goes on from what the record shows -----------


def mutant(ruleset: str, cls: str, seed: int) -> tuple[str, int]:
    """The legal game of ``ruleset`` with ``seed`` and one fault of the mutation class ``cls``
    (``simulator.mutate``, the benchmark's classes, drawn with the same seed); the record's text
    and the first line that differs from the legal game's."""
    game = legal(ruleset, seed)
    faulty = mutate(game, by_name(ruleset_from_tags(game.tags))[cls], random.Random(seed))
    assert faulty is not None
    before, after = dumps(game).splitlines(), dumps(faulty.game).splitlines()
    at = next(n for n, (a, b) in enumerate(zip(before, after), 1) if a != b)
    return "\n".join(after) + "\n", at


#: The rule a wrong winner mark cites, by ruleset (its first characters).
MARK_RULES = {"east-point": "R8C", "old-time": "OT8C", "scarne": "SC-PLAY2W", "25-steps": "TP11"}


def and_a_wrong_mark(text: str, after: int) -> tuple[str, int]:
    """A second, real fault: the winner mark turned round on the first trick line without a meld
    that comes at least ten lines after line ``after``."""
    lines = text.splitlines()
    at = next(n for n, line in enumerate(lines, 1)
              if n > after + 10 and re.fullmatch(r"\d+\. \S+ \S+ [EW]", line))
    lead_follow, mark = lines[at - 1].rsplit(" ", 1)
    lines[at - 1] = f"{lead_follow} {'W' if mark == 'E' else 'E'}"
    return "\n".join(lines) + "\n", at


def assert_one_fault_then_a_second(ruleset: str, text: str, rule: str, at: int) -> None:
    assert faults(text) == [(rule, at)]
    twice, second = and_a_wrong_mark(text, at)
    # in record order, as the report lists them: under Scarne's laws a meld's warning comes when
    # its fate is known (the last stock card drawn), after the findings of later lines
    found = sorted(faults(twice), key=lambda rule_line: rule_line[1])
    assert found[0] == (rule, at) and len(found) == 2
    assert found[1][1] == second and found[1][0].startswith(MARK_RULES[ruleset])


def notices(text: str) -> list[Finding]:
    return [f for f in findings(text) if f.severity is Severity.INFO]


def test_R8D_a_loser_meld_that_stood_is_one_finding_its_later_repeat_a_notice():
    """East Point seed 2: East melds ♥3 after losing trick 4 (it stands, R11B); the ♥3 he melds
    after winning the next trick is legal but for it: a notice naming line 21, and it counts."""
    text, at = mutant("east-point", "meld-by-loser", 2)
    assert text.splitlines()[at - 1] == "meld E ♥3 101"
    assert_one_fault_then_a_second("east-point", text, "R8D", at)
    [again] = [f for f in notices(text) if f.rule == "R9F"]
    assert again.span.line == at + 3 and f"illegal ♥3 on line {at}" in again.message
    melds = walk(parse(text, "t.pin").games[0], Visitor()).battles[0].meld_points[Seat.EAST]
    legal_melds = walk(legal("east-point", 2), Visitor()).battles[0].meld_points[Seat.EAST]
    assert melds == legal_melds + 101          # both stand: the loser's (R11B) and the later one


def test_R9E_a_second_meld_that_stood_is_one_finding_its_later_repeat_a_notice():
    text, at = mutant("east-point", "two-melds", 2)
    assert text.splitlines()[at - 1] == "2. N♥ D♥ W ♠3 111 ♦3 91"
    assert_one_fault_then_a_second("east-point", text, "R9E", at)
    assert [f.rule for f in notices(text) if "only because of" in f.message] == ["R9F"]


def test_R9F_a_repeat_by_the_other_player_is_still_found():
    """The resynchronisation is the melder's own: the same combination melded again by the
    other player after a loser's meld that stood is not excused."""
    text, at = mutant("east-point", "meld-by-loser", 2)
    lines = text.splitlines()
    # West repeats his own first meld of the battle on a later meld-free trick he won
    first_west = next(n for n, line in enumerate(lines, 1)
                      if re.fullmatch(r"\d+\. \S+ \S+ W \S+ \d+", line))
    kind_points = " ".join(lines[first_west - 1].split()[4:6])
    later = next(n for n, line in enumerate(lines, 1) if n > at + 5
                 and re.fullmatch(r"\d+\. \S+ \S+ W", line))
    lines[later - 1] += f" {kind_points}"
    found = faults("\n".join(lines) + "\n")
    assert found[0] == ("R8D", at) and (found[1][1], found[1][0]) == (later, "R9F")


def test_OT8D_a_loser_meld_is_one_finding_and_is_not_made():
    """Old-time seed 3: West melds ♥M after losing trick 7: an error that scores nothing; with
    no irregularity laws it is not made, so his later ♥M of the same cards is legal."""
    text, at = mutant("old-time", "meld-by-loser", 3)
    assert text.splitlines()[at - 1] == "meld W ♥M 20"
    assert_one_fault_then_a_second("old-time", text, "OT8D", at)
    [f] = [f for f in findings(text) if f.severity is Severity.ERROR and f.span.line == at]
    assert "it scores nothing" in f.message
    assert not [f for f in findings(text) if "only because" in f.message]


def test_OT9E_SC_MELD2_TP13_a_second_meld_is_one_finding():
    for ruleset, rule in (("old-time", "OT9E"), ("scarne", "SC-MELD2"), ("25-steps", "TP13")):
        text, at = mutant(ruleset, "two-melds", 1)
        assert_one_fault_then_a_second(ruleset, text, rule, at)


def test_OT9I_a_swap_once_the_stock_is_gone_is_one_finding_under_the_exchange_rule():
    """Old-time seed 2: West swaps after trick 13 (phase B): the turned-up card went with the
    stock (OT9I); that nobody melds in phase B (OT8D) is the same fact, not a second finding."""
    text, at = mutant("old-time", "swap-too-late", 2)
    assert text.splitlines()[at - 1] == "13. Q♣ K♣ W swap 10"
    assert_one_fault_then_a_second("old-time", text, "OT9I", at)
    [f] = [f for f in findings(text) if f.span.line == at]
    assert "exchanged only while the turned-up card lies under the stock" in f.message
    assert "besides" not in f.message and "OT8D" not in f.message


def test_OT8D_a_phase_b_meld_with_two_faults_is_one_finding_naming_both():
    """A loser's meld in phase B that also lacks a card: one finding, its turn first (OT8D),
    the card rule named in it."""
    game = legal("old-time", 2)
    text = dumps(game)
    lines = text.splitlines()
    at = line_of(text, "13. ")                  # a phase-B trick of battle 1
    loser = "E" if lines[at - 1].split()[3] == "W" else "W"
    lines.insert(at, f"meld {loser} PP 300")          # nobody holds both pinochles
    faulty = "\n".join(lines) + "\n"
    assert faults(faulty) == [("OT8D", at + 1)]
    [f] = [f for f in findings(faulty) if f.span.line == at + 1]
    assert "; besides, " in f.message and "(OT9B1)" in f.message


def test_SC_PLAY4_a_dix_without_the_nine_is_found_at_its_line():
    """Scarne seed 1 (the mutation class once picked a legal swap against a turned-up nine: no
    fault there, and the next dix drew the finding, off its line)."""
    for seed in (1, 2, 3):
        text, at = mutant("scarne", "dix-without-nine", seed)
        assert_one_fault_then_a_second("scarne", text, "SC-PLAY4", at)


def test_SC_MELD6_a_swap_naming_no_concealed_card_is_still_the_exchange():
    """Scarne seed 2, trick 5: West's swap written ``swap 10 ()``: SC-MELD6 (OT9C), it scores
    nothing, but the exchange is made as the record shows (he plays the turned-up card later),
    so nothing else is found."""
    for ruleset, rule in (("scarne", "SC-MELD6 (OT9C)"), ("old-time", "OT9C"),
                          ("25-steps", "TP19a3")):
        text = dumps(legal(ruleset, 2))
        at = next(n for n, line in enumerate(text.splitlines(), 1)
                  if line.startswith("5. ") and line.endswith(" W swap 10"))
        lines = text.splitlines()
        lines[at - 1] += " ()"
        assert_one_fault_then_a_second(ruleset, "\n".join(lines) + "\n", rule, at)


def test_TP13_SC_MELD1_loser_melds_are_one_finding():
    for ruleset, rule in (("25-steps", "TP13"), ("scarne", "SC-MELD1")):
        for seed in (1, 2, 3, 4):
            text, at = mutant(ruleset, "meld-by-loser", seed)
            assert_one_fault_then_a_second(ruleset, text, rule, at)


def test_OT9C_TP19a3_no_concealed_card_is_one_finding():
    for ruleset, rule in (("old-time", "OT9C"), ("scarne", "SC-MELD6 (OT9C)")):
        for seed in (1, 2, 3):
            text, at = mutant(ruleset, "meld-no-concealed", seed)
            assert_one_fault_then_a_second(ruleset, text, rule, at)


# --- a meld under a wrong winner mark (R8D); a tied Result (R4A) ---------------


def _meld_line_with_mark_turned(ruleset: str, seed: int) -> tuple[str, int, str, str]:
    """The legal game's first trick line with a meld on it, its winner mark turned round: the
    text, the line, the marked (losing) seat and the meld (kind, points)."""
    text = dumps(legal(ruleset, seed))
    lines = text.splitlines()
    at = next(n for n, line in enumerate(lines, 1)
              if re.fullmatch(r"\d+\. \S+ \S+ [EW] \S+ \d+", line))
    number, lead, follow, mark, kind, points = lines[at - 1].split()
    marked = "W" if mark == "E" else "E"
    lines[at - 1] = f"{number} {lead} {follow} {marked} {kind} {points}"
    return "\n".join(lines) + "\n", at, marked, f"{kind} {points}"


def test_R8D_meld_on_trick_line_with_wrong_winner_mark_is_the_marked_seats():
    """East Point: the mark is wrong (R8C) and the meld on its line is the marked seat's, who
    lost the trick (R8D; it stands, R11B): its points are his, not the trick winner's."""
    text, at, marked, meld = _meld_line_with_mark_turned("east-point", 1)
    found = faults(text)
    assert [(rule[:3], line) for rule, line in found] == [("R8C", at), ("R8D", at)]
    [r8d] = [f for f in findings(text) if f.rule == "R8D"]
    seat = "East" if marked == "E" else "West"
    assert r8d.severity is Severity.WARNING and r8d.message.startswith(f"{seat} lost trick")
    points = int(meld.split()[1])
    good = walk(legal("east-point", 1), Visitor()).battles[0]
    bad = walk(parse(text, "t.pin").games[0], Visitor()).battles[0]
    gained = tuple(bad.meld_points[s] - good.meld_points[s] for s in (Seat.EAST, Seat.WEST))
    assert gained == ((points, -points) if marked == "E" else (-points, points))
    twice, second = and_a_wrong_mark(text, at)
    assert [line for _, line in faults(twice)] == [at, at, second]


def test_OT8D_meld_on_trick_line_with_wrong_winner_mark_is_the_marked_seats():
    """Old-time: the mark (OT8C) and the marked loser's meld (OT8D), which scores nothing and
    is not made; nothing else."""
    text, at, marked, _ = _meld_line_with_mark_turned("old-time", 1)
    found = faults(text)
    assert [line for _, line in found] == [at, at]
    assert found[0][0].startswith("OT8C") and found[1][0] == "OT8D"
    seat = "East" if marked == "E" else "West"
    assert [f.message.startswith(f"{seat} lost trick") for f in findings(text)
            if f.rule == "OT8D"] == [True]


def test_R8D_a_meld_line_without_a_mark_is_the_rules_winners():
    text = dumps(legal("east-point", 1))
    lines = text.splitlines()
    at = next(n for n, line in enumerate(lines, 1)
              if re.fullmatch(r"\d+\. \S+ \S+ [EW] \S+ \d+", line))
    number, lead, follow, _, kind, points = lines[at - 1].split()
    lines[at - 1] = f"{number} {lead} {follow} {kind} {points}"
    assert faults("\n".join(lines) + "\n") == []


def _tied_battle(number: int, dealer: Seat) -> Battle:
    """A battle without a deal (possession unchecked): the nondealer leads D♣ and wins 30."""
    return battle(number, dealer, [Trick(number=1, lead=card("D♣"), follow=card("N♦"))])


def _but_r8f(found: list) -> list:
    """The one-trick battles stop with cards in both hands: without the deal that is R8F's
    finding in a finished game (docs/rulings.md, records without the deal), not this test's."""
    return [f for f in found if (f[0] if isinstance(f, tuple) else f.rule) != "R8F"]


def test_R4A_tied_result_is_never_complete_without_battles_tag():
    tied = rk_game([_tied_battle(1, Seat.EAST), _tied_battle(2, Seat.WEST)], Result="30-30")
    text = dumps(tied)
    assert _but_r8f(faults(text)) == [("R4A", line_of(text, "[Result "))]
    [f] = _but_r8f([f for f in findings(text) if f.severity is not Severity.INFO])
    assert f.kind is Kind.MALFORMED and "never ends tied" in f.message and f.expected == 4
    unfinished = rk_game([_tied_battle(1, Seat.EAST), _tied_battle(2, Seat.WEST)], Result="*")
    assert _but_r8f(faults(dumps(unfinished))) == []


def test_R4A_tied_result_is_never_complete_with_battles_tag():
    tied = rk_game([_tied_battle(1, Seat.EAST), _tied_battle(2, Seat.WEST)], Battles="2",
                   Result="30-30")
    [f] = _but_r8f([f for f in findings(dumps(tied)) if f.severity is not Severity.INFO])
    assert (f.rule, f.kind, f.expected) == ("R4A", Kind.MALFORMED, 4)


def test_R4A_a_tied_result_over_untied_totals_is_its_miscount_only():
    game = legal_game([1, 2])
    header = tuple(Tag(name="Result", value="500-500") if t.name == "Result" else t
                   for t in game.header if t.name != "Battles")
    [f] = findings(dumps(game.model_copy(update={"header": header})))
    assert (f.rule, f.kind) == ("R4A", Kind.MISCOUNT)


def test_OT4A_a_tied_result_at_the_target_is_never_complete():
    """Old-time ends at a target with the higher total: six tied battles, 1175 each."""
    game, totals = random_game([27, 75, 81, 523, 185, 560], Result="1175-1175")
    assert totals == (1175, 1175)
    text = dumps(game)
    assert faults(text) == [("OT4A", line_of(text, "[Result "))]


def test_SC_MELD6_a_meld_not_made_then_its_cards_named_as_exposed_is_one_finding():
    """Scarne seed 139 (random against random): West's four kings written ``K4 80 ()`` after
    trick 1 are not made (SC-MELD6 (OT9C), no card from the concealed hand); his ``♦M 20 (Q♦)``
    after trick 3 names only the queen as concealed, since the king lay on the table: legal had
    the K4 been laid down in full, so a notice, and it counts."""
    rules = ruleset_from_tags({"Ruleset": "scarne", "Laws": "none"})    # the game rules alone
    game = simulate_any(139, Settings(policies=("random", "random"), ruleset=rules)).game
    lines = dumps(game).splitlines()
    at = lines.index("1. A♣ J♠ W K4 80 (K♣ K♠ K♥ K♦)") + 1
    assert lines[at + 1] == "3. Q♣ T♦ W ♦M 20 (Q♦)"
    lines[at - 1] = "1. A♣ J♠ W K4 80 ()"
    text = "\n".join(lines) + "\n"
    assert_one_fault_then_a_second("scarne", text, "SC-MELD6 (OT9C)", at)
    [again] = [f for f in notices(text) if "only because of" in f.message]
    assert (again.rule, again.span.line) == ("SC-PLAY4", at + 2)
    assert "laid down in full" in again.message
    melds = walk(parse(text, "t.pin").games[0], Visitor()).battles[1].meld_points   # battle 2
    assert melds[Seat.WEST] == walk(game, Visitor()).battles[1].meld_points[Seat.WEST] - 80  # K4


# --- under Scarne's laws an illegal meld stands as credited (SC-BADMELD1) ------------------------


def laws_mutant(cls: str, seed: int) -> tuple[Game, str, int]:
    """``mutant`` for Scarne with its irregularity laws on (``[Laws "scarne"]``): the legal game,
    the faulty record's text and its mutated line."""
    game = legal("scarne", seed, Laws="scarne")
    faulty = mutate(game, by_name(ruleset_from_tags(game.tags))[cls], random.Random(seed))
    assert faulty is not None
    before, after = dumps(game).splitlines(), dumps(faulty.game).splitlines()
    at = next(n for n, (a, b) in enumerate(zip(before, after), 1) if a != b)
    return game, "\n".join(after) + "\n", at


def test_SC_BADMELD1_SC_MELD1_a_loser_meld_credited_then_its_real_meld_is_one_finding():
    """Scarne's laws, seed 1: West melds ♣M 20 after losing trick 3 (line 26, SC-MELD1); it
    stands as credited (SC-BADMELD1) and its cards moved, so his real ♣M after winning trick 4
    would reuse the exposed marriage (SC-MELD5): the same fault, a notice naming line 26. The
    cards go back to the concealed hand, the credit stands: both marriages score."""
    game, text, at = laws_mutant("meld-by-loser", 1)
    assert at == 26 and text.splitlines()[at - 1:at + 1] == ["meld W ♣M 20", "4. N♣ J♠ W ♣M 20"]
    assert_one_fault_then_a_second("scarne", text, "SC-MELD1", at)
    [stood] = [f for f in findings(text) if f.span.line == at]
    assert stood.severity is Severity.WARNING and "SC-BADMELD1" in stood.message
    [again] = [f for f in notices(text) if "only because of" in f.message]
    assert (again.rule, again.span.line) == ("SC-MELD5", at + 1)
    assert "illegal ♣M on line 26" in again.message and "SC-BADMELD1" in again.message
    melds = walk(parse(text, "t.pin").games[0], Visitor()).battles[0].meld_points[Seat.WEST]
    assert melds == walk(game, Visitor()).battles[0].meld_points[Seat.WEST] + 20


def test_SC_BADMELD1_a_credited_meld_given_back_then_withdrawn_moves_no_card_again():
    """The same record with ``correct W 3`` after trick 4: the loser's ♣M is withdrawn (a
    notice, no credit); its cards were already back in the hand, so nothing else is found."""
    game, text, at = laws_mutant("meld-by-loser", 1)
    lines = text.splitlines()
    lines.insert(at + 1, "correct W 3")
    corrected = "\n".join(lines) + "\n"
    assert faults(corrected) == []
    [withdrawn] = [f for f in notices(corrected) if f.span.line == at]
    assert withdrawn.rule == "SC-MELD1" and "withdrawn" in withdrawn.message
    melds = walk(parse(corrected, "t.pin").games[0], Visitor()).battles[0].meld_points[Seat.WEST]
    assert melds == walk(game, Visitor()).battles[0].meld_points[Seat.WEST]


def _laws_swap_line(seed: int) -> tuple[list[str], int]:
    lines = dumps(legal("scarne", seed, Laws="scarne")).splitlines()
    return lines, next(n for n, line in enumerate(lines, 1)
                       if re.fullmatch(r"\d+\. \S+ \S+ [EW] swap 10", line))


def test_SC_BADMELD1_SC_MELD6_a_loser_swap_credited_then_the_real_swap_is_one_finding():
    """Scarne's laws, seed 2: ``meld W swap 10`` after trick 4, which East won (SC-MELD1),
    lays the nine on the table as credited; West's real swap after trick 5 then names no
    concealed nine (SC-MELD6): the same fault, a notice; the exchange is made and West plays
    the turned-up card later without a finding."""
    lines, at = _laws_swap_line(2)
    assert lines[at - 2:at] == ["4. N♠ K♥ E", "5. K♥ A♥ W swap 10"]
    lines.insert(at - 1, "meld W swap 10")
    text = "\n".join(lines) + "\n"
    assert_one_fault_then_a_second("scarne", text, "SC-MELD1", at)
    [again] = [f for f in notices(text) if "only because of" in f.message]
    assert (again.rule, again.span.line) == ("SC-MELD6 (OT9C)", at + 1)


def test_SC_BADMELD1_SC_MELD6_a_swap_naming_no_concealed_card_stands_and_is_the_exchange():
    """Scarne's laws, seed 4: East's swap after trick 1 written ``swap 10 ()`` (SC-MELD6) stands
    as credited, and is the exchange the record shows, as without laws: his later play of the
    turned-up card is no card-not-held finding (SC-PLAY2 before)."""
    lines, at = _laws_swap_line(4)
    lines[at - 1] += " ()"
    text = "\n".join(lines) + "\n"
    assert_one_fault_then_a_second("scarne", text, "SC-MELD6 (OT9C)", at)
    [stood] = [f for f in findings(text) if f.span.line == at]
    assert stood.severity is Severity.WARNING and "SC-BADMELD1" in stood.message
