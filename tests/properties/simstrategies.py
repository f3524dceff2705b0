"""TEMPORARY: moves into tests/strategies.py once it exists."""


# === Simulated games (pinochle.simulator) ==========================================================
# Appended by the simulator's author: strategies for cards, hands, positions and whole legal
# games, all on top of the seeded simulator. Names start with ``sim_`` or end in ``_games``.

from hypothesis import strategies as _st

from pinochle.adjudicator.findings import Finding as _Finding
from pinochle.adjudicator.replay import GameResult as _GameResult
from pinochle.adjudicator.replay import Visitor as _Visitor
from pinochle.adjudicator.replay import position_at as _position_at
from pinochle.adjudicator.rulesets import EAST_POINT as _EAST_POINT
from pinochle.adjudicator.rulesets import east_point as _east_point
from pinochle.notation.cards import ALL_CARDS as _ALL_CARDS
from pinochle.notation.cards import Seat as _Seat
from pinochle.notation.events import Game as _Game
from pinochle.notation.events import Trick as _Trick
from pinochle.simulator.deal import pack_cards as _pack_cards
from pinochle.simulator.simulate import Settings as _Settings
from pinochle.simulator.simulate import simulate_game as _simulate_game

SIM_POLICY_PAIRS = (("random", "random"), ("random", "greedy"), ("greedy", "random"),
                    ("greedy", "greedy"))
SIM_RULESETS = (_EAST_POINT, _east_point(trick_scoring="v3"), _east_point(meld_scoring="lower"),
                _east_point(meld_scoring="higher"), _east_point(pack="beginner"))


def sim_cards() -> _st.SearchStrategy:
    """Any of the 28 card faces."""
    return _st.sampled_from(_ALL_CARDS)


def sim_hands(min_size: int = 0, max_size: int = 12, ruleset=_EAST_POINT) -> _st.SearchStrategy:
    """A hand that the pack can hold: distinct cards of the pack (R2A4), so a face appears at
    most as many times as the pack has it. Sorted in canonical hand order."""
    pack = _pack_cards(ruleset)
    return _st.lists(_st.integers(0, len(pack) - 1), min_size=min_size, max_size=max_size,
                     unique=True).map(lambda picks: tuple(sorted(pack[i] for i in picks)))


def sim_settings(irregular: bool = True, rulesets: tuple = (_EAST_POINT,),
                 battles: tuple[int, ...] = (4,)) -> _st.SearchStrategy:
    """Simulator settings: a pair of policies, an irregularity rate (0 when not ``irregular``),
    a ruleset and an agreed number of battles."""
    rates = _st.sampled_from((0.0, 0.25, 1.0)) if irregular else _st.just(0.0)
    return _st.builds(_Settings, battles=_st.sampled_from(battles),
                      policies=_st.sampled_from(SIM_POLICY_PAIRS), irregularities=rates,
                      ruleset=_st.sampled_from(rulesets))


def simulated_games(irregular: bool = True, rulesets: tuple = (_EAST_POINT,),
                    battles: tuple[int, ...] = (4,)) -> _st.SearchStrategy:
    """Whole legal games (``SimulatedGame``: the game, its seed, its scores, the rule ids of the
    irregularities it meant), from a seed and settings."""
    return _st.builds(_simulate_game, _st.integers(0, 2 ** 32 - 1),
                      sim_settings(irregular, rulesets, battles))


@_st.composite
def sim_positions(draw):
    """A melding position reached by legal play: a player right after some trick of a
    simulated battle (``replay.position_at``: hands, melds scored, whether he may meld)."""
    simulated = draw(simulated_games(irregular=False))
    game = simulated.game
    battle = draw(_st.integers(1, len(game.battles)))
    tricks = sum(1 for e in game.battles[battle - 1].events if isinstance(e, _Trick))
    trick = draw(_st.integers(1, tricks))
    seat = draw(_st.sampled_from((_Seat.EAST, _Seat.WEST)))
    return _position_at(game, battle, trick, seat)


class SimFindings(_Visitor):
    """Collects every finding of a replay."""

    def __init__(self) -> None:
        self.findings: list[_Finding] = []

    def finding(self, finding: _Finding) -> None:
        self.findings.append(finding)


def sim_replay(game: _Game) -> tuple[_GameResult, list[_Finding]]:
    """Replay ``game`` (``replay.walk``): its result and every finding."""
    from pinochle.adjudicator.replay import walk

    visitor = SimFindings()
    result = walk(game, visitor)
    assert result is not None
    return result, visitor.findings
