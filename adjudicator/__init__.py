"""The referee's engine: replays game records through a ruleset and reports findings.

This module is its public API; code outside the engine (the command line, the service) imports
these names from ``pinochle.adjudicator`` and none of its submodules:

- **validate a game**: ``validate_game(game, file, number)`` gives a ``GameReport`` (a
  ``TableGameReport`` at a table of four, a ``SeatGameReport`` at a table of seats each for
  himself); a run's ``Report``, ``FileReport``, ``Summary``,
  ``SyntaxErrorReport``, ``ReportFinding`` and the text renderers (``render_finding``,
  ``render_scores``, ``render_summary``...), ``exit_status``, ``MAX_ERRORS``,
  ``SCHEMA_VERSION``, ``report_schema``;
- **walk a game with a visitor**: ``walk`` / ``walk_any`` drive a ``Visitor``; ``GameResult``,
  ``BattleResult``, ``StopReplay``; the replay page's ``build_timeline`` / ``game_timeline``
  (``Timeline``, ``GameTimeline``);
- **the position at a point**: ``position_at`` (``SeatPosition``; ``PositionError``);
- **the dispute question** (``query``): ``direct_position``, ``position_in``,
  ``check_position``, ``answer``, ``melds_report`` (``MeldsReport``); at a table of four
  ``table_ruleset``, ``is_table``, ``table_question``, ``record_table_question``
  (``TableMeldsReport``); its one error, ``QueryError``;
- **ruleset lookup**: ``CATALOG``, ``RULESET_NAMES``, ``RULESET_TAGS``, ``ruleset_from_tags``,
  ``Ruleset``, ``RulesetError``, ``ruleset_tags``;
- **findings**: ``Finding``, ``Severity``, ``Kind``, ``plural``.

The names are loaded on first use (``pinochle/lazy.py``: PEP 562's module ``__getattr__``):
importing any submodule runs this file first, and a command that needs one name (``pinochle
melds`` about a hand given directly needs no replay walker) should not pay for the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pinochle.lazy import lazy_names

if TYPE_CHECKING:
    from .model.findings import Finding, Kind, Severity, plural
    from .model.ruleset import Ruleset, RulesetError, ruleset_tags
    from .partnership.results import TableBattleResult, is_partnership
    from .query.errors import QueryError
    from .query.inputs import check_position, parse_card_list, parse_kind, ruleset_of
    from .query.partnership import (TableFinding, TableMeld, TableMeldsReport, TableQuestion,
                                    is_table, record_table_question, table_question,
                                    table_ruleset)
    from .query.turn import GATHERED, Gathered
    from .query.twohanded import (MeldAnswer, MeldsReport, Position, Question, answer,
                                  direct_position, melds_report, position_in)
    from .replay import PositionError, position_at, walk, walk_any
    from .report.timeline import build_timeline, game_timeline
    from .report.views import GameTimeline, Timeline
    from .report.validation import (MAX_ERRORS, SCHEMA_VERSION, FileReport, GameReport, Report,
                                    ReportFinding, SeatGameReport, Summary, SyntaxErrorReport,
                                    TableGameReport,
                                    exit_status, render_finding, render_omitted, render_scores,
                                    render_strict, render_summary, report_schema,
                                    validate_game)
    from .rules.melding import MeldVerdict, no_melds_reason
    from .rulesets import CATALOG, RULESET_NAMES, RULESET_TAGS, RulesetMaker, ruleset_from_tags
    from .twohanded.results import BattleResult, GameResult
    from .twohanded.state import SeatPosition
    from .visitor import StopReplay, Visitor

#: Which submodule defines each public name.
_HOMES = {
    "model.findings": ["Finding", "Kind", "Severity", "plural"],
    "model.ruleset": ["Ruleset", "RulesetError", "ruleset_tags"],
    "partnership.results": ["TableBattleResult", "is_partnership"],
    "query.errors": ["QueryError"],
    "query.inputs": ["check_position", "parse_card_list", "parse_kind", "ruleset_of"],
    "query.partnership": ["TableFinding", "TableMeld", "TableMeldsReport", "TableQuestion",
                          "is_table", "record_table_question", "table_question",
                          "table_ruleset"],
    "query.turn": ["GATHERED", "Gathered"],
    "query.twohanded": ["MeldAnswer", "MeldsReport", "Position", "Question", "answer",
                        "direct_position", "melds_report", "position_in"],
    "replay": ["PositionError", "position_at", "walk", "walk_any"],
    "report.timeline": ["build_timeline", "game_timeline"],
    "report.views": ["GameTimeline", "Timeline"],
    "report.validation": ["MAX_ERRORS", "SCHEMA_VERSION", "FileReport", "GameReport", "Report",
                          "ReportFinding", "SeatGameReport", "Summary", "SyntaxErrorReport",
                          "TableGameReport", "exit_status", "render_finding", "render_omitted",
                          "render_scores", "render_strict", "render_summary", "report_schema",
                          "validate_game"],
    "rules.melding": ["MeldVerdict", "no_melds_reason"],
    "rulesets": ["CATALOG", "RULESET_NAMES", "RULESET_TAGS", "RulesetMaker", "ruleset_from_tags"],
    "twohanded.results": ["BattleResult", "GameResult"],
    "twohanded.state": ["SeatPosition"],
    "visitor": ["StopReplay", "Visitor"],
}
__all__ = [
    "BattleResult", "CATALOG", "FileReport", "Finding", "GATHERED", "GameReport", "GameResult",
    "GameTimeline", "Gathered", "Kind", "MAX_ERRORS", "MeldAnswer", "MeldVerdict",
    "MeldsReport", "Position", "PositionError", "QueryError", "Question", "RULESET_NAMES",
    "RULESET_TAGS", "Report", "ReportFinding", "Ruleset", "RulesetError", "RulesetMaker",
    "SCHEMA_VERSION", "SeatGameReport", "SeatPosition", "Severity", "StopReplay", "Summary",
    "SyntaxErrorReport",
    "TableBattleResult", "TableFinding", "TableGameReport", "TableMeld", "TableMeldsReport",
    "TableQuestion", "Timeline", "Visitor", "answer", "build_timeline", "check_position",
    "direct_position", "exit_status", "game_timeline", "is_partnership", "is_table",
    "melds_report", "no_melds_reason", "parse_card_list", "parse_kind", "plural", "position_at",
    "position_in", "record_table_question", "render_finding", "render_omitted", "render_scores",
    "render_strict", "render_summary", "report_schema", "ruleset_from_tags", "ruleset_of",
    "ruleset_tags", "table_question", "table_ruleset", "validate_game", "walk", "walk_any",
]


__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals(), __all__)
