"""An archive is cut into chunks of whole games (``batch/chunks.py``) and the chunks'
results are put back in order and checked (``cli/jobs.py``), so that a file's report is the
same, byte for byte, however it was cut. The cut's reading of game starts (docs/notation.md §2:
"a new tag after a battle starts a new game"), and the property: any record, damaged anyhow,
cut anywhere, reports as when it is read whole."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle.batch.chunks import Settings, split
from pinochle.batch.cuts import Scanner, count_games
from pinochle.cli.runner import Run
from pinochle.notation import dumps
from pinochle.notation.lexer import COMMENT_LIMIT
from pinochle.simulator.simulate import Settings as Play
from pinochle.simulator.simulate import simulate

GAMES = [dumps(s.game) for s in simulate(6, 7, Play())]
LINES = "\n".join(GAMES).split("\n")


def cuts(lines: list[str], size: int) -> list[tuple[int, int, int]]:
    """(first line, first game, games) of each chunk of ``lines`` cut at ``size``."""
    pieces = [lines[i:i + 5] for i in range(0, len(lines), 5)]
    return [(c.first_line, c.first_game, c.games) for c in split(pieces, "t", 0, size)]


def test_cuts_fall_at_the_games_tag_lines_after_a_battle():
    game_lines = [i + 1 for i, line in enumerate(LINES) if line.startswith("[Event")]
    assert len(game_lines) == 6
    found = cuts(LINES, 1)
    assert [first for first, _, _ in found] == game_lines
    assert [(number, games) for _, number, games in found] == [(n, 1) for n in range(1, 7)]
    whole = cuts(LINES, 10 ** 6)
    assert whole == [(1, 1, 6)]


def test_a_tag_after_a_tag_continues_its_section_and_is_no_cut():
    lines = ["[Event \"a\"]", "battle 1 dealer E", "[Event \"b\"]", "; a comment", "",
             "[Site \"s\"]", "battle 1 dealer W"]
    assert cuts(lines, 1) == [(1, 1, 1), (3, 2, 1)]


@pytest.mark.parametrize("comment", [
    ["{ a comment", "[Event \"inside\"]", "battle 1 dealer E }"],      # over several lines
    ["battle 1 dealer E { opens", "[Event \"inside\"]", "}"],
])
def test_no_cut_inside_a_brace_comment(comment):
    lines = ["[Event \"a\"]", "battle 1 dealer E", *comment, "[Event \"b\"]", "battle 1 dealer W"]
    found = cuts(lines, 1)
    assert all(not 3 <= first <= 2 + len(comment) for first, _, _ in found)
    assert found[-1][0] == 3 + len(comment)                   # "[Event "b"]" is a cut


def test_a_brace_in_a_tag_value_or_a_semicolon_comment_opens_no_comment():
    lines = ["[Event \"{a\"]", "battle 1 dealer E ; {", "[Event \"b\"]", "battle 1 dealer W",
             "[Note \"x } y\"]", "battle 1 dealer E"]
    assert [first for first, _, _ in cuts(lines, 1)] == [1, 3, 5]


def report(text: str, size: int, form: str, count: bool = True) -> str:
    out = io.StringIO()
    run = Run(out, Settings(form), max_errors=7)
    lines = text.split("\n")
    pieces = iter([lines[i:i + 40] for i in range(0, len(lines), 40)])
    run.run(iter(split(pieces, "r.pin", 0, size, count)))
    run.finish(strict=False)
    return out.getvalue()


def test_a_file_cut_short_keeps_its_error_when_its_last_chunk_is_read_again():
    """A compressed file cut short mid-game: its last chunk starts with that broken game, so it
    is read again together with the chunk before it; the file's error stays with it."""
    at = max(i for i, line in enumerate(LINES) if line.startswith("[Event"))
    battle = LINES.index("battle 1 dealer W", at) if "battle 1 dealer W" in LINES[at:] else \
        LINES.index("battle 1 dealer E", at)
    lines = LINES[:battle + 1] + ["E: A♥ K♥ Q"]     # cut in the middle of a card

    def pieces():
        yield lines[:at]
        yield lines[at:]
        raise OSError("the gzip data ends before its end (the file was cut short)")

    chunks = list(split(pieces(), "r.pin.gz", 0, at - 1))
    assert len(chunks) == 2 and chunks[-1].error and chunks[-1].first_line == at + 1
    out = io.StringIO()
    run = Run(out, Settings("json"), max_errors=0)
    run.run(iter(chunks))
    run.finish(strict=False)
    report = json.loads(out.getvalue())
    (file,) = report["files"]
    assert file["error"].startswith(f"cannot read the file past line {len(lines)}: the gzip")
    assert file["syntax_errors"][0]["line"] == len(lines) and len(file["games"]) == 5
    assert report["summary"]["unreadable_files"] == 1 and report["exit_status"] == 2


def test_a_brace_that_no_brace_closes_within_the_limit_opens_no_comment_to_the_cut():
    """As the lexer reads it: the '{' is an error ending its line, the lines after it are read
    as they are, and a '{' on the lines read in vain for a '}' opens no comment. The game
    starts on those lines are counted but not cut at (read alone, they would read otherwise);
    the first after them is a cut, and the file reads as when it is read whole."""
    filler = ["; " + "x" * 1000] * 35
    lines = ['[Event "a"]', "game E 0 W 0 {", *filler, "{ x", '[Event "b"]', "game E 0 W 0",
             *filler, '[Event "c"]', "game E 0 W 0", '[Event "d"]', "game E 0 W 0"]
    assert 35 * 1001 < COMMENT_LIMIT < 70 * 1001
    assert count_games(lines) == 4
    assert Scanner().starts(lines, 2) == lines.index('[Event "c"]')
    assert [first for first, _, _ in cuts(lines, 1)] == [1, 76, 78]
    text = "\n".join(lines)
    assert report(text, 1, "json") == report(text, 10 ** 9, "json")
    closed = ['[Event "a"]', "game E 0 W 0 {", *filler[:5], '[Event "b"]', "}", '[Event "c"]',
              "game E 0 W 0"]                           # "b" in a comment: no game
    assert count_games(closed) == 2 and Scanner().starts(closed, 2) == 9


SNIPPETS = ["[Event \"x\"]", "{ a comment", "over lines }", "{one}", "garbage ###",
            "[Broken \"", "battle 1 dealer E", "; semi {", "} [Site \"s\"]", "[Note \"a } b\"]",
            "", "game E 10 W 20", "{", "}", "1. T♠ N♠ W", "[Event \"y\"] {open",
            "battle 9 dealer Q", "; " + "x" * 40_000]     # (two of them: past a comment's limit)


@st.composite
def damaged(draw) -> str:
    lines = list(LINES)
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["insert", "delete", "cut"]))
        if how == "insert":
            lines.insert(at, draw(st.sampled_from(SNIPPETS)))
        elif how == "delete":
            del lines[at]
        else:
            lines[at] = lines[at][:draw(st.integers(0, len(lines[at])))]
    return "\n".join(lines)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(damaged(), st.sampled_from([1, 9, 60, 250]), st.sampled_from(["text", "json", "jsonl"]),
       st.booleans())
def test_a_record_cut_anywhere_reports_as_read_whole(text, size, form, count):
    """``count``: the cutter counts each chunk's games (for worker processes, which number
    their chunks from that), or not (this process numbers each chunk when its turn comes)."""
    assert report(text, size, form, count) == report(text, 10 ** 9, form)
