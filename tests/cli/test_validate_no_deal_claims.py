"""``pinochle validate`` on records without the deal whose claims show what an objection (R11B)
or a correction (SC-BADMELD1) did to a meld (docs/rulings.md, records without the
deal): run as a person runs it, through the console script."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.consolekit import no_traceback, pinochle

#: East Point: West's ♠2 after A4 and T4 (both its cards exposed), objected to; the melds claim
#: says whether it stood (373) or was voided (302).
OBJECTED = ('[Event "no deal"]\n[Battles "2"]\n[Result "*"]\n\nbattle 1 dealer E\n'
            "1. Q♣ N♣ W A4 171\n2. Q♦ N♦ W T4 131\n3. Q♥ N♥ W ♠2 71\nobject meld E\n"
            "4. K♣ N♠ W\nmelds E 0 W {west}\n")
#: Scarne's laws, written out: West's ♠F after trick 4, corrected; the claim shows the effect.
CORRECTED = ('[Event "no deal"]\n[Ruleset "{ruleset}"]\n[Laws "scarne"]\n[Result "*"]\n\n'
             "battle 1 dealer E\n1. Q♣ N♣ W\n2. Q♦ N♦ W\n3. Q♥ N♥ W\n4. K♣ J♣ W ♠F 150\n"
             "5. K♦ J♦ W\ncorrect W 4\n6. K♥ J♥ W\nmelds E 0 W {west}\n")


def run(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "no-deal.pin"
    path.write_text(text, encoding="utf-8")
    done = pinochle("validate", str(path))
    no_traceback(done)
    return path, done


def test_r11b_validate_reads_the_voided_meld_from_the_melds_claim(tmp_path):
    path, done = run(tmp_path, OBJECTED.format(west=302))
    assert done.returncode == 0, done.stdout
    assert (f"{path}:8:12: R11B notice: West's ♠2 71 was objected to and nothing public "
            "showed it wrong") in done.stdout
    assert "West 367 (tricks 65, melds 302)" in done.stdout
    assert done.stdout.splitlines()[-1] == "1 game, 1 battle: 0 errors, 0 warnings, 3 notices"


def test_r11b_validate_a_claim_no_reading_explains_is_a_miscount(tmp_path):
    path, done = run(tmp_path, OBJECTED.format(west=330))
    assert done.returncode == 1
    assert (f"{path}:11:11: R9A miscount: meld points for West: 373, not the claimed 330 "
            "(R9A)") in done.stdout


@pytest.mark.parametrize("ruleset, miscount", [("scarne", "SC-PLAY4"), ("25-steps", "TP14")])
def test_sc_badmeld1_validate_reads_the_withdrawal_from_the_melds_claim(tmp_path, ruleset,
                                                                        miscount):
    path, done = run(tmp_path, CORRECTED.format(ruleset=ruleset, west=0))
    assert done.returncode == 0, done.stdout
    assert (f"{path}:10:12: SC-BADMELD1 notice: the correction of West's ♠F 150") in done.stdout
    assert "shows it was withdrawn: it scores nothing (SC-BADMELD1)" in done.stdout
    path, done = run(tmp_path, CORRECTED.format(ruleset=ruleset, west=70))
    assert done.returncode == 1
    assert f"{miscount} miscount: meld points for West: 150, not the claimed 70" in done.stdout
