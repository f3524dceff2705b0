"""``pinochle melds``: the dispute question on the command line (R9, M1-M7)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pinochle.adjudicator.rules.meldtables import cards_of
from pinochle.adjudicator.query import twohanded
from pinochle.adjudicator.query.errors import QueryError
from pinochle.adjudicator.query.inputs import parse_kind
from pinochle.cli import melds as melds_cli
from pinochle.cli.main import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["melds", *args])


def ok(*args: str) -> str:
    """An answered question: exit 0, or 1 when ``--meld`` asked about a meld that is not
    legal (the exit status is the answer too)."""
    result = run(*args)
    assert result.exit_code == (1 if _answered_no(result.stdout) else 0), result.output
    return result.stdout


def _answered_no(out: str) -> bool:
    if out.startswith("{"):
        question = json.loads(out)["question"]
        if question is not None and "answer" not in question:    # at a table of four
            return question["legal"] is False
        return question is not None and question["answer"]["legal"] is False
    return out.startswith("no:")


def bad(*args: str, status: int = 4) -> str:
    """A question that cannot be answered: exit 4 for a command-line value that does not
    describe a position or a place in the record, 2 for a record that cannot be read."""
    result = run(*args)
    assert result.exit_code == status, result.output
    assert "Traceback" not in result.output and result.stdout == ""
    assert result.stderr.startswith("pinochle melds: error: ") or status == 2
    return result.stderr


def test_R9B1_with_meld_the_exit_status_is_the_answer():
    """Scripts read the answer from the status: 0 legal, 1 not; without
    --meld nothing is asked and the status is 0."""
    assert run("--concealed", "A♥ K♥ Q♥ J♥ T♥", "--meld", "♥3").exit_code == 0
    no = run("--concealed", "A♥ K♥", "--meld", "♥3")
    assert no.exit_code == 1 and no.stdout.startswith("no:") and "R9B1" in no.stdout
    assert run("--concealed", "A♥ K♥", "--meld", "♥3", "--json").exit_code == 1
    assert run("--concealed", "A♥ K♥").exit_code == 0


@pytest.mark.parametrize("args", [(), ("--ruleset-option", "Ruleset=old-time", "--trump", "♥"),
                                  ("--ruleset-option", "Ruleset=double-pack", "--trump", "♥"),
                                  ("--concealed", " ", "--meld", "♥3")])
def test_R9_nothing_to_judge_is_a_usage_error_not_no_legal_meld(args):
    """No hand and no record: exit 4 saying what to give, not "no legal meld"."""
    assert "nothing to judge" in bad(*args)


def test_V1C_the_beginners_pack_says_the_game_has_no_melds():
    out = ok("--ruleset-option", "Pack=beginner", "--concealed", "A♥ K♥ Q♥ J♥ T♥")
    assert out.strip() == ("no legal meld: this game has no melds at all (V1C, the beginner's "
                           "version)")
    assert ok("--concealed", "A♥", *TURN).strip() == "no legal meld"  # a regular pack: no V1C


#: The turn said in full (R8D, R9E): the answer then assumes nothing and says nothing of it.
TURN = ("--gathered", "won", "--melded", "none")


def test_R9A_lists_every_legal_meld_with_points_and_takes():
    out = ok("--concealed", "A♥ K♥ Q♥ J♥ T♥", "--exposed", "T♠", "--scored", "♥3,A4", *TURN)
    assert out.splitlines() == ["♥5  191  takes A♥ K♥ Q♥ J♥ T♥", "♥2   61  takes A♥ T♥"]


def test_R9A_any_card_spelling_accepted():
    out = ok("--concealed", "ah kh qh jh 10♡", "--scored", "H3 a4")
    assert out.splitlines()[0].startswith("♥5  191")


def test_R9A_ruleset_option_changes_values_V2():
    out = ok("--concealed", "A♣ T♣", "--ruleset-option", "MeldScoring=higher", *TURN)
    assert out.strip() == "♣2   91  takes A♣ T♣"


def test_R9A_no_legal_meld():
    assert ok("--concealed", "N♣ D♠", *TURN).strip() == "no legal meld"


def test_V1C_beginner_pack_answers_no_under_V1C():
    out = ok("--concealed", "A♥ T♥", "--ruleset-option", "Pack=beginner", "--meld", "♥2")
    assert out.splitlines() == ["no: ♥2 is not legal now (V1C)",
                                "♥2 cannot be melded: this game has no melds at all (V1C, the "
                                "beginner's version)"]


def test_R9F_meld_question_answers_no_with_rule_and_exit_0():
    out = ok("--concealed", "A♣ T♣", "--scored", "♣2", "--meld", "♣2")
    assert out.splitlines()[0] == "no: ♣2 for 81 is not legal now (R9F)"
    assert "once per battle" in out


def test_M3_meld_question_answers_yes_with_points_and_takes():
    out = ok("--concealed", "A♥", "--exposed", "A♥ K♥ Q♥ J♥ T♥", "--scored", "♥3 ♥5",
             "--meld", "♥2")
    lines = out.splitlines()
    assert lines[0] == "yes: ♥2 is legal for 61 (R9A)"
    assert lines[1] == "takes from the concealed hand: A♥"


def test_M7_json_answer():
    out = ok("--exposed", "A♥ T♥", "--meld", "♥2", "--json")
    report = json.loads(out)
    assert report["question"]["answer"] == {
        "kind": "♥2", "legal": False, "rule": "R9C", "table_points": 61, "takes": [],
        "reason": report["question"]["answer"]["reason"]}
    assert "M7" in report["question"]["answer"]["reason"]
    assert report["exposed"] == ["A♥", "T♥"] and report["legal"] == []


def test_R9C_json_lists_legal_melds():
    report = json.loads(ok("--concealed", "A♠", "--exposed", "A♣ A♥ A♦ T♠", "--scored", "A4",
                           "--json"))
    assert [(m["kind"], m["points"], m["takes"]) for m in report["legal"]] == [
        ("♠2", 71, ["A♠"])]
    assert report["scored"] == ["A4"] and report["question"] is None


HEARTS_AFTER_QUINTET = ("--concealed", "A♥", "--exposed", "A♥ K♥ Q♥ J♥", "--scored", "♥3 ♥5",
                        "--meld", "♥2")


def test_R9G_direct_played_card_is_unavailable_for_a_meld():
    out = ok(*HEARTS_AFTER_QUINTET, "--played", "T♥")
    assert out.splitlines()[0] == "no: ♥2 for 61 is not legal now (R9G)"
    assert "T♥ went to a trick" in out and "R9D" not in out


def test_R9D_direct_played_card_that_won_its_trick_is_named():
    out = ok(*HEARTS_AFTER_QUINTET, "--played", "T♥ N♣", "--won", "T♥")
    assert out.splitlines()[0] == "no: ♥2 for 61 is not legal now (R9G)"
    assert "T♥ won its trick" in out and "(R9D)" in out


def test_R9B1_direct_a_card_never_played_stays_R9B1():
    out = ok(*HEARTS_AFTER_QUINTET, "--played", "T♠", "--json")
    report = json.loads(out)
    assert report["question"]["answer"]["rule"] == "R9B1"
    assert report["played"] == ["T♠"] and report["won"] == []


# --- the turn of a position given directly (R8D, R9E) ---------------------

HEARTS = ("--concealed", "A♥ K♥ Q♥ J♥ T♥")
ASSUMED = ("assuming the player won the trick just gathered (R8D) and has not melded this turn "
           "(R9E); --gathered won|lost and --melded MELDS say otherwise")


def test_R8D_R9E_direct_mode_without_the_turn_says_what_it_assumed():
    """Today's answer (the winner, before his meld), and the answer says it assumed so."""
    out = ok(*HEARTS)
    assert out.splitlines() == ["♥5  191  takes A♥ K♥ Q♥ J♥ T♥", "♥3  101  takes K♥ Q♥ J♥",
                                "♥2   61  takes A♥ T♥", ASSUMED]
    yes = ok(*HEARTS, "--meld", "♥3")
    assert yes.startswith("yes: ♥3 is legal for 101 (R9A)") and yes.endswith(ASSUMED + "\n")
    report = json.loads(ok(*HEARTS, "--json"))
    assert report["assumptions"] == ["the player won the trick just gathered (R8D)",
                                     "the player has not melded this turn (R9E)"]
    assert (report["gathered"], report["melded"], report["may_meld"]) == ("won", [], True)


def test_R8D_R9E_direct_mode_a_turn_said_is_not_assumed():
    assert "assuming" not in ok(*HEARTS, *TURN)
    said_won = ok(*HEARTS, "--gathered", "WON")
    assert said_won.splitlines()[-1].startswith(
        "assuming the player has not melded this turn (R9E);")
    report = json.loads(ok(*HEARTS, "--melded", "none", "--json"))
    assert report["assumptions"] == ["the player won the trick just gathered (R8D)"]
    assert json.loads(ok(*HEARTS, *TURN, "--json"))["assumptions"] == []


def test_R8D_direct_mode_lost_trick_no_meld():
    out = ok(*HEARTS, "--gathered", "lost", "--meld", "♥3")
    assert out.splitlines() == [
        "no: ♥3 for 101 is not legal now (R8D)",
        "the player lost the trick just gathered: the trick loser does not get to meld (R8D)",
        "by the cards alone it would be legal: ♥3 is legal for 101 (R9A): K♥ Q♥ J♥ all come "
        "from the concealed hand (R9B1)"]
    assert run(*HEARTS, "--gathered", "lost", "--meld", "♥3").exit_code == 1
    assert run(*HEARTS, "--gathered", "won", "--meld", "♥3").exit_code == 0
    listing = ok(*HEARTS, "--gathered", "lost")
    assert listing.splitlines() == ["no meld is legal now (R8D): the player lost the trick just "
                                    "gathered: the trick loser does not get to meld (R8D)"]
    report = json.loads(ok(*HEARTS, "--gathered", "lost", "--meld", "♥3", "--json"))
    assert (report["may_meld"], report["turn_rule"], report["gathered"]) == (False, "R8D",
                                                                             "lost")
    assert report["legal"] == [] and report["assumptions"] == []
    assert report["question"]["answer"]["rule"] == "R8D"
    assert report["question"]["cards_alone"]["legal"] is True


def test_R8D_direct_mode_old_time_cites_its_own_rule():
    out = ok("--ruleset-option", "Ruleset=old-time", "--trump", "♥", "--concealed", "K♥ Q♥",
             "--gathered", "lost", "--meld", "♥M")
    assert out.startswith("no: ♥M for 40 is not legal now (OT8D)")


def test_R9E_direct_mode_already_melded_this_turn():
    # he won the trick and melded ♥3 (K♥ Q♥ J♥ now exposed): no second meld this turn
    position = ("--concealed", "A♥ T♥ A♣ T♣", "--exposed", "K♥ Q♥ J♥", "--melded", "♥3")
    out = ok(*position, "--meld", "♣2")
    assert out.splitlines()[:2] == [
        "no: ♣2 for 81 is not legal now (R9E)",
        "the player already melded ♥3 this turn: one meld per turn (R9E; a double meld counts "
        "as one)"]
    assert "by the cards alone it would be legal" in out and "assuming" not in out
    assert run(*position, "--meld", "♣2").exit_code == 1
    assert ok(*position).splitlines() == [
        "no meld is legal now (R9E): the player already melded ♥3 this turn: one meld per turn "
        "(R9E; a double meld counts as one)"]
    report = json.loads(ok(*position, "--json"))
    assert (report["may_meld"], report["turn_rule"], report["melded"]) == (False, "R9E", ["♥3"])
    assert report["gathered"] == "won" and report["assumptions"] == []
    assert report["scored"] == ["♥3"]              # a meld made this turn is scored this battle
    # the same cards a turn later (nothing melded yet): ♣2 is legal, ♥3 is not again (R9F)
    later = ("--concealed", "A♥ T♥ A♣ T♣", "--exposed", "K♥ Q♥ J♥", "--scored", "♥3", *TURN)
    assert ok(*later, "--meld", "♣2").startswith("yes: ♣2 is legal for 81")
    again = json.loads(ok(*position, "--meld", "♥5", "--json"))["question"]
    assert again["answer"]["rule"] == "R9E" and again["cards_alone"]["legal"] is True


def test_R9E_direct_mode_melded_is_repeatable_and_a_list():
    one = json.loads(ok(*HEARTS, "--melded", "♣2 ♠2", "--json"))
    two = json.loads(ok(*HEARTS, "--melded", "♣2", "--melded", "♠2", "--json"))
    assert one == two and one["melded"] == ["♣2", "♠2"] and one["turn_rule"] == "R9E"


def test_R9E_direct_mode_old_time_dix_beside_the_turns_meld():
    """The dix is made beside the turn's other meld (OT9I): still offered, still legal."""
    position = ("--ruleset-option", "Ruleset=old-time", "--trump", "♥", "--concealed",
                "A♥ T♥ J♥ N♥", "--exposed", "K♥ Q♥", "--melded", "♥M")
    assert ok(*position).splitlines() == [
        "no other meld is legal now (OT9E): the player already melded ♥M this turn: one meld "
        "per turn (OT9E; a double meld counts as one)",
        "dix    10  takes N♥", "swap   10  takes N♥"]
    assert ok(*position, "--meld", "dix").startswith("yes: dix is legal for 10")
    assert ok(*position, "--meld", "♥F").startswith("no: ♥F for 150 is not legal now (OT9E)")
    # a dix made does not use the turn: the flush is still legal
    dix = ok(*position[:-2], "--melded", "dix", "--meld", "♥F")
    assert dix.startswith("yes: ♥F is legal for 150") and "assuming" not in dix


@pytest.mark.parametrize("args, message", [
    (("--gathered", "maybe"), "--gathered: expected won or lost"),
    (("--gathered", "lost", "--melded", "♥3"), "--melded: the player lost the trick just "
                                              "gathered (--gathered lost), so he made no meld "
                                              "this turn (R8D)"),
    (("--melded", "♥M"), "--melded: ♥M is not a meld of this ruleset (R9A)"),
    (("--melded", "♥3 X"), "--melded: word 2, 'X' is not a meld"),
])
def test_R8D_R9E_direct_mode_a_turn_that_cannot_be_is_a_usage_error(args, message):
    assert message in bad(*HEARTS, *args)


@pytest.mark.parametrize("option", [("--gathered", "won"), ("--melded", "♥3")])
def test_R8D_R9E_a_record_says_the_turn_itself(game_file, option):
    err = bad(game_file, "--battle", "1", "--trick", "2", "--seat", "E", *option)
    assert f"{option[0]} cannot be combined with a record: the record says who won each trick" \
           in err


@pytest.mark.parametrize("option", [("--gathered", "lost"), ("--melded", "♥M")])
def test_DP_MELD1_turn_options_refused_at_a_table_of_four(option):
    """At a table of four each player melds once, before trick 1: no trick was just
    gathered."""
    err = bad("--ruleset-option", "Ruleset=double-pack", "--trump", "♥", "--concealed",
              "A♥ T♥ K♥ Q♥ J♥", *option)
    assert f"{option[0]}: a player at a table of four melds once, from his whole hand, before " \
           "trick 1 (DP-MELD1)" in err


def test_R9A_illegal_meld_json_has_table_points_not_points():
    """Points are what a legal meld scores: an illegal one has none, its table value is
    table_points."""
    no = json.loads(ok("--exposed", "A♥ T♥", "--meld", "♥2", "--json"))["question"]["answer"]
    assert no["legal"] is False and "points" not in no and no["table_points"] == 61
    yes = json.loads(ok("--concealed", "A♥ T♥", "--meld", "♥2", "--json"))["question"]
    assert yes["answer"]["points"] == 61 and "table_points" not in yes["answer"]
    lost = json.loads(ok("--concealed", "A♥ T♥", "--gathered", "lost", "--meld", "♥2",
                         "--json"))["question"]
    assert "points" not in lost["answer"] and lost["answer"]["table_points"] == 61
    assert lost["cards_alone"]["points"] == 61 and "table_points" not in lost["cards_alone"]
    listed = json.loads(ok("--concealed", "A♥ T♥", "--json"))["legal"]
    assert [(m["points"], "table_points" in m) for m in listed] == [(61, False)]
    # a kind the ruleset's table lacks (the beginner's pack, V1C) has no value at all
    none = json.loads(ok("--concealed", "A♥ T♥", "--ruleset-option", "Pack=beginner",
                         "--meld", "♥2", "--json"))["question"]["answer"]
    assert none["rule"] == "V1C" and "points" not in none and "table_points" not in none
    # the text still says the table's value of the meld asked about
    assert ok("--exposed", "A♥ T♥", "--meld", "♥2").startswith(
        "no: ♥2 for 61 is not legal now (R9C)")


DP_HEARTS = ("--ruleset-option", "Ruleset=double-pack", "--trump", "♥", "--concealed",
             "A♥ T♥ K♥ K♥ Q♥ Q♥ J♥")


def test_DP_MELD3_DP_MELD5_illegal_table_meld_json_has_table_points_not_points():
    """At a table of four too: points are what a meld scores (a legal meld's table value, even
    declared at other points), the declared value is claimed, an illegal meld has no points."""
    report = json.loads(ok(*DP_HEARTS, "--meld", "♥F 150 ♥M 50 ♥M 40 A4 100", "--json"))
    flush, marriage, again, aces = report["question"]["melds"]
    assert (flush["claimed"], flush["points"], "table_points" in flush) == (150, 150, False)
    assert (marriage["claimed"], marriage["points"], marriage["rule"]) == (50, 40, "DP-MELD2")
    assert (again["legal"], again["rule"], again["claimed"], again["table_points"]) == (
        False, "DP-MELD5", 40, 40)
    assert (aces["legal"], aces["rule"], aces["claimed"], aces["table_points"]) == (
        False, "DP-MELD3", 100, 100)
    assert "points" not in again and "points" not in aces
    assert report["question"]["points"] == 190         # what the declaration is worth
    assert [(m["kind"], m["points"]) for m in report["best_melds"]] == [("♥F", 150), ("♥M", 40)]


def test_R9D_won_must_be_among_the_played_cards():
    assert "--won: T♥ won a trick more often" in bad(*HEARTS_AFTER_QUINTET, "--won", "T♥")


def test_bad_card_names_the_word_and_what_was_expected():
    err = bad("--concealed", "A♥ K♥ X♥")
    assert "--concealed" in err and "'X♥'" in err and "expected a card such as" in err


def test_bad_meld_names_the_word():
    err = bad("--concealed", "A♥", "--scored", "♥3,Z4")
    assert "--scored" in err and "'Z4'" in err and "expected a meld" in err


def test_R2A4_more_copies_than_the_pack_counting_played_cards():
    err = bad("--concealed", "A♥", "--exposed", "A♥", "--played", "A♥")
    assert "too many copies of A♥" in err and "pack has 2" in err and "1 played" in err


def test_R2A4_single_rank_deuce_has_one_copy():
    assert "too many copies of D♣" in bad("--concealed", "D♣ D♣")


def test_R2A4_beginner_pack_has_one_copy_of_each():
    err = bad("--concealed", "A♥ A♥", "--ruleset-option", "Pack=beginner")
    assert "too many copies of A♥" in err and "pack has 1" in err


def test_R6B_more_cards_than_a_hand():
    err = bad("--concealed", "A♣ A♣ A♠ A♠ A♥ A♥ A♦ A♦ K♣ K♣ K♠ K♠ K♥")
    assert "13 cards" in err


def test_V1C_scored_meld_not_in_the_ruleset():
    err = bad("--scored", "♥3", "--ruleset-option", "Pack=beginner")
    assert "♥3 is not a meld of this ruleset (V1C)" in err


@pytest.mark.parametrize("option, message", [
    ("MeldScoring", "expected NAME=VALUE"),
    ("MeldScorin=higher", "unknown option 'MeldScorin'"),
    ("MeldScoring=highest", "MeldScoring must be one of"),
])
def test_bad_ruleset_option(option, message):
    assert message in bad("--ruleset-option", option)


def test_record_options_need_a_record():
    assert "--battle needs a record file" in bad("--concealed", "A♥", "--battle", "2")


def test_record_with_direct_position_is_an_error(tmp_path):
    path = tmp_path / "game.pin"
    path.write_text("")
    err = bad(str(path), "--concealed", "A♥", "--battle", "1", "--trick", "1", "--seat", "W")
    assert "--concealed cannot be combined with a record" in err


def test_record_needs_battle_trick_and_seat(tmp_path):
    path = tmp_path / "game.pin"
    path.write_text("")
    assert "needs --trick, --seat" in bad(str(path), "--battle", "1")


# --- a point in a record (replay.position_at) ----------------------------------------------


def _record_and_trick():
    from pinochle.notation.events import Record, Trick
    from tests.adjudicator.replaykit import legal_game

    g = legal_game([3])
    trick = next(e for e in g.battles[0].events if isinstance(e, Trick) and e.number == 4)
    return Record(games=(g,)), trick


def test_R8D_record_position_the_loser_is_told_no_with_the_turn_rule():
    record, trick = _record_and_trick()
    loser = trick.winner.other
    position, where = twohanded.position_in(record, 1, 1, 4, loser)
    assert not position.may_meld and position.turn_rule == "R8D"
    assert where == {"seat": loser, "game": 1, "battle": 1, "trick": 4}
    verdicts, question, cards_alone = twohanded.answer(position, parse_kind("m", "♥2"))
    assert verdicts == [] and not question.legal and question.rule == "R8D"
    assert cards_alone is not None and cards_alone.kind == question.kind
    text = melds_cli.text_report(verdicts, question, cards_alone, position)
    assert text.startswith("no: ♥2 for 61 is not legal now (R8D)") and "lost trick 4" in text
    listing = melds_cli.text_report([], None, None, position)
    assert listing.startswith("no meld is legal now (R8D)")


def test_R8D_record_position_the_winner_gets_the_legal_melds():
    from pinochle.adjudicator.rules.melding import legal_melds

    record, trick = _record_and_trick()
    position, where = twohanded.position_in(record, 1, 1, 4, trick.winner)
    assert position.may_meld
    verdicts, _, _ = twohanded.answer(position, None)
    assert verdicts == legal_melds(position.ruleset, position.concealed, position.exposed,
                                   position.scored)
    report = json.loads(melds_cli.json_report(verdicts, None, None, position, **where))
    assert (report["battle"], report["trick"], report["seat"]) == (1, 4, str(trick.winner))
    assert report["may_meld"] is True
    # the played cards come from the position (R9G): four tricks, one card of his in each
    assert len(report["played"]) == 4 and report["played"] == [
        str(c) for c in cards_of(position.played)]
    assert set(report["won"]) <= set(report["played"])


def test_record_position_a_game_the_record_does_not_have():
    from pinochle.notation.errors import PinochleError

    record, trick = _record_and_trick()
    with pytest.raises(QueryError, match="no game 2"):
        twohanded.position_in(record, 2, 1, 4, trick.winner)
    with pytest.raises(PinochleError, match="no trick 40"):
        twohanded.position_in(record, 1, 1, 40, trick.winner)


GAME = """\
[Event "melds test"]
[Battles "2"]
[Result "*"]

battle 1 dealer E
E: A♥ K♥ Q♥ J♥ T♥ A♣ T♣ N♣ N♠ K♠ Q♠ J♠
W: D♣ D♠ D♥ D♦ N♥ N♦ A♠ T♠ A♦ T♦ K♦ Q♦
stock: A♥ J♦ K♣ K♣ Q♣ Q♣ J♣ J♣ A♠ T♠ K♠ Q♠ J♠ K♥ Q♥ J♥ T♥ A♦ T♦ K♦ Q♦ J♦ A♣ T♣
1. N♦ N♣ E ♥3 101
2. N♠ N♥ E ♥5 191
3. K♠ D♦ E ♥2 61
"""


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "game.pin"
    path.write_text(GAME, encoding="utf-8")
    return str(path)


def test_M3_record_file_duo_after_quintet_with_the_drawn_ace(game_file):
    out = ok(game_file, "--battle", "1", "--trick", "3", "--seat", "E", "--meld", "♥2")
    assert out.splitlines()[:2] == ["yes: ♥2 is legal for 61 (R9A)",
                                    "takes from the concealed hand: A♥"]


def test_R9G_record_file_a_card_played_and_won_its_trick_cannot_be_melded(game_file):
    # East led K♠ to trick 3 and won it: ♠3 needs K♠ Q♠ J♠ and he holds no other K♠
    out = ok(game_file, "--battle", "1", "--trick", "3", "--seat", "E", "--meld", "♠3")
    assert out.splitlines()[0] == "no: ♠3 for 111 is not legal now (R9G)"
    assert "K♠ went to a trick" in out and "K♠ won its trick" in out and "(R9D)" in out
    report = json.loads(ok(game_file, "--battle", "1", "--trick", "3", "--seat", "E", "--json"))
    assert sorted(report["played"]) == sorted(report["won"]) == sorted(["N♣", "N♠", "K♠"])
    assert "♠3" not in [m["kind"] for m in report["legal"]]


def test_R9G_record_file_played_and_won_cannot_be_combined_with_a_record(game_file):
    err = bad(game_file, "--played", "K♠", "--battle", "1", "--trick", "3", "--seat", "E")
    assert "--played cannot be combined with a record" in err


def test_R8D_record_file_lists_the_winners_melds_before_that_turns_meld(game_file):
    out = ok(game_file, "--battle", "1", "--trick", "2", "--seat", "E")
    assert out.splitlines() == ["♥5  191  takes A♥ T♥", "♠3  111  takes K♠ Q♠ J♠",
                                "♣2   81  takes A♣ T♣", "♥2   61  takes A♥ T♥"]


def test_R8D_record_file_the_loser_json(game_file):
    report = json.loads(ok(game_file, "--battle", "1", "--trick", "2", "--seat", "W",
                           "--meld", "♦2", "--json"))
    assert report["may_meld"] is False and report["turn_rule"] == "R8D"
    assert report["question"]["answer"]["rule"] == "R8D"
    assert report["question"]["cards_alone"]["legal"] is True
    assert report["legal"] == [] and report["seat"] == "W"


def test_record_file_no_such_trick_exits_4(game_file):
    assert "no trick 9" in bad(game_file, "--battle", "1", "--trick", "9", "--seat", "W")


def test_record_file_syntax_error_names_file_line_column(tmp_path):
    path = tmp_path / "bad.pin"
    path.write_text("battle 1 dealer E\nE: A♥ XX\n", encoding="utf-8")
    err = bad(str(path), "--battle", "1", "--trick", "1", "--seat", "E", status=2)
    assert f"{path}:2:7: syntax error: " in err and "'XX'" in err


def test_record_file_missing_exits_2(tmp_path):
    err = bad(str(tmp_path / "nope.pin"), "--battle", "1", "--trick", "1", "--seat", "E",
              status=2)
    assert err.startswith(f"pinochle melds: error: {tmp_path / 'nope.pin'}: cannot read the file")
