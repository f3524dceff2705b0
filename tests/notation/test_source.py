"""``SourceLines``: a file's physical lines read a block at a time, kept for quoting, and whether
the bytes were exactly their lines (``exact``, for a streaming ``fmt --check``)."""

from __future__ import annotations

import io

import pytest

from pinochle.notation.source import LINE_LIMIT, SourceLines, item_lines, text_lines


def read(data: bytes | str) -> tuple[list[str], bool]:
    stream = io.BytesIO(data) if isinstance(data, bytes) else io.StringIO(data, newline="")
    source = SourceLines(stream)
    return list(source), source.exact


def test_canonical_bytes_are_exact() -> None:
    assert read(b"battle 1 dealer E\n1. T\xe2\x99\xa0 N\xe2\x99\xa0 W\n") == (
        ["battle 1 dealer E", "1. T♠ N♠ W"], True)
    assert read(b"") == ([], True)
    assert read("a\nb\n") == (["a", "b"], True)


@pytest.mark.parametrize(("data", "lines"), [
    (b"a\r\nb\n", ["a", "b"]),
    (b"a\rb\n", ["a", "b"]),
    (b"a\nb", ["a", "b"]),                      # no line end at the end
    (b"\xef\xbb\xbfa\n", ["a"]),                # a byte-order mark
    (b"a\n\xffb\n", ["a", "\ufffdb"]),          # not UTF-8
    (b"x" * (LINE_LIMIT + 1) + b"\n", None),    # too long
    ("a\nb".encode("utf-16"), None),            # UTF-16
])
def test_anything_else_is_not_exact(data: bytes, lines: list[str] | None) -> None:
    got, exact = read(data)
    assert not exact
    if lines is not None:
        assert got == lines


def test_lines_are_kept_for_quoting_until_forgotten() -> None:
    source = SourceLines(io.BytesIO(b"one\r\ntwo\rthree\n"))
    assert source.line(1) is None  # nothing read yet
    assert list(source) == ["one", "two", "three"]
    assert [source.line(n) for n in (1, 2, 3, 4)] == ["one", "two", "three", None]
    source.forget_before(3)
    assert [source.line(n) for n in (1, 2, 3)] == [None, None, "three"]
    unkept = SourceLines(io.BytesIO(b"one\n"), keep=False)
    assert list(unkept) == ["one"] and unkept.line(1) is None


def test_a_line_that_is_not_utf8_is_a_bad_line_at_its_first_bad_byte() -> None:
    (line,) = list(SourceLines(io.BytesIO("é".encode() + b"\xffz\n")))
    assert line.problem == (2, "this line is not valid UTF-8 (byte 0xff)")


def test_an_over_long_line_keeps_only_its_start() -> None:
    data = b"battle " + b"x" * (3 * LINE_LIMIT) + b"\r\nbattle 1 dealer E\n"
    lines = list(SourceLines(io.BytesIO(data)))
    assert lines[1] == "battle 1 dealer E"
    assert lines[0].startswith("battle xxx") and len(lines[0]) == 200
    assert lines[0].problem[0] == 1 and "longer than 65,536 bytes" in lines[0].problem[1]


def test_text_and_items_cut_as_files_do() -> None:
    text = "\ufeffa\r\nb\rc\n\nd"
    assert list(text_lines(text)) == list(text_lines(text.encode())) == ["a", "b", "c", "", "d"]
    assert list(item_lines(["\ufeffa\r\n", "b\rc", "", "d"])) == ["a", "b", "c", "", "d"]


def test_it_wants_an_open_file() -> None:
    with pytest.raises(TypeError, match="expected an open file, got list"):
        SourceLines([b"a\n"])
