"""corpus/games' double-pack games: whole partnership games to 3,550 that are real
simulator output (made again from their recorded seeds and from their own tags, byte for byte),
canonical, validating clean (exit status 0) with the simulated totals, each with a throw-in
(DP-BID9), a contract made (DP-SCORE1) and one set (DP-SCORE2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle.adjudicator.model.findings import Severity
from pinochle.adjudicator.report.validation import TableGameReport, validate_game
from pinochle.notation import dumps, parse
from pinochle.notation.cards import Side
from pinochle.simulator.corpus import DP_CORPUS
from pinochle.simulator.simulate import settings_from_tags, simulate_any

GAMES = Path(__file__).resolve().parents[2] / "corpus" / "games"
ENTRIES = {entry.filename: entry for entry in DP_CORPUS}


def report(name: str) -> TableGameReport:
    game = parse((GAMES / name).read_text(encoding="utf-8"), name).games[0]
    r = validate_game(game, name)
    assert isinstance(r, TableGameReport)
    return r


def test_corpus_has_double_pack_games() -> None:
    assert len(ENTRIES) >= 2
    assert all((GAMES / name).exists() for name in ENTRIES)


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_DP_GAME_corpus_game_is_simulator_output_made_again_from_its_seed(name: str) -> None:
    text = (GAMES / name).read_text(encoding="utf-8")
    assert ENTRIES[name].text() == text
    assert dumps(parse(text, name)) == text
    seed, settings = settings_from_tags(parse(text, name).games[0].tags)
    assert seed == ENTRIES[name].seed
    assert dumps(simulate_any(seed, settings).game) == text


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_DP_GAME_corpus_game_validates_clean_to_the_target_with_the_simulated_totals(
        name: str) -> None:
    r = report(name)
    assert [f for f in r.findings if f.severity is not Severity.INFO] == []
    simulated = ENTRIES[name].simulate()
    assert (r.ns, r.ew) == (simulated.totals[Side.NS], simulated.totals[Side.EW])
    assert r.winner == str(simulated.winner.name) and max(r.ns, r.ew) >= 3550
    assert r.tags["Result"] == f"{r.ns}-{r.ew}"
    assert len(r.battles) >= 3


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_DP_BID9_DP_SCORE2_corpus_game_has_a_throw_in_a_made_and_a_set_contract(
        name: str) -> None:
    r = report(name)
    thrown = [b for b in r.battles if b.thrown_in]
    assert thrown and all(b.bidder is None and b.ns.score == b.ew.score == 0 for b in thrown)
    set_ = [b for b in r.battles if b.bidder is not None
            and getattr(b, "ns" if b.bidder in "NS" else "ew").score == -b.bid]
    assert set_, "no set contract"
    made = [b for b in r.battles if b.bidder is not None and b not in set_]
    assert made
