"""corpus/games/: legal, realistic games that are real simulator output (made again from their
recorded seeds, byte for byte), in canonical form, that validate clean (exit status 0), each
four battles with melds of every family, a double meld and a correctly handled R11 event."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pinochle.adjudicator.model.findings import Severity
from pinochle.cli.main import app
from pinochle.notation import dumps, parse
from pinochle.notation.events import Deal, Objection, Trick
from pinochle.notation.melds import ALL_MELD_KINDS
from pinochle.simulator.corpus import CORPUS, DP_CORPUS
from pinochle.simulator.simulate import settings_from_tags, simulate_game
from tests.strategies import sim_replay

GAMES = Path(__file__).resolve().parents[2] / "corpus" / "games"
ENTRIES = {entry.filename: entry for entry in CORPUS}
# Records written and checked by hand, not by the simulator (each has its own by-hand test in
# tests/adjudicator/).
HAND_MADE = {"old-time-evening.pin", "scarne-evening.pin", "25-steps-evening.pin",
             "double-pack-evening.pin",
             "single-deck-evening.pin",         # tests/adjudicator/test_sd_evening_by_hand.py
             "east-point-score-sheet.pin"}      # tests/adjudicator/test_score_sheets.py
# The double-pack games, simulator output too (tests/simulator/test_dp_corpus.py).
DP_GAMES = {entry.filename for entry in DP_CORPUS}
# Simulator output with its deal lines removed (tests/adjudicator/test_no_deal.py).
WITHOUT_THE_DEAL = {"club-night-no-deal.pin"}


def test_corpus_files_are_exactly_the_recorded_games() -> None:
    assert sorted(p.name for p in GAMES.glob("*.pin")) == sorted([*ENTRIES, *HAND_MADE,
                                                                   *DP_GAMES,
                                                                   *WITHOUT_THE_DEAL])
    assert len([name for name in ENTRIES if name != "club-night.pin"]) >= 6


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_corpus_game_is_simulator_output_made_again_from_its_seed(name: str) -> None:
    text = (GAMES / name).read_text(encoding="utf-8")
    assert ENTRIES[name].text() == text
    # ... and from its own tags.
    seed, settings = settings_from_tags(parse(text, name).games[0].tags)
    assert seed == ENTRIES[name].seed
    assert dumps(simulate_game(seed, settings).game) == text


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_corpus_game_is_canonical(name: str) -> None:
    text = (GAMES / name).read_text(encoding="utf-8")
    assert dumps(parse(text, name)) == text


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_R4A_corpus_game_validates_clean_with_the_claimed_scores(name: str) -> None:
    game = parse((GAMES / name).read_text(encoding="utf-8"), name).games[0]
    result, findings = sim_replay(game)
    assert [f for f in findings if f.severity is not Severity.INFO] == []
    simulated = ENTRIES[name].simulate()
    assert (result.east, result.west) == (simulated.east, simulated.west)
    assert game.tags["Result"] == f"{result.east}-{result.west}"


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_R9A_corpus_game_has_four_battles_melds_of_every_family_and_a_double(name: str) -> None:
    game = parse((GAMES / name).read_text(encoding="utf-8"), name).games[0]
    assert len(game.battles) == 4
    melds = [m for b in game.battles for e in b.events if isinstance(e, Trick) for m in e.melds]
    assert {m.kind.family for m in melds} == {kind.family for kind in ALL_MELD_KINDS}  # R9A's
    assert any(m.kind.double for m in melds)


@pytest.mark.parametrize("name", sorted(n for n in ENTRIES if n != "club-night.pin"))
def test_R11A_corpus_game_has_an_objection_to_the_deal_and_the_redeal(name: str) -> None:
    game = parse((GAMES / name).read_text(encoding="utf-8"), name).games[0]
    _, findings = sim_replay(game)
    objected = [b for b in game.battles
                if any(isinstance(e, Objection) and e.target != "meld" for e in b.events)]
    assert objected
    for battle in objected:
        assert sum(isinstance(e, Deal) for e in battle.events) == 2
    assert {f.rule for f in findings} >= {"R11A"}


def test_club_night_is_the_readme_example_and_pinochle_validate_accepts_it() -> None:
    path = GAMES / "club-night.pin"
    tags = parse(path.read_text(encoding="utf-8"), path.name).games[0].tags
    assert {"Event", "Site", "Date", "East", "West", "Battles", "Result"} <= set(tags)
    assert tags["Battles"] == "4"
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
