"""What a command reads: the ``FILE...`` argument and ``--max-errors`` option that ``fmt`` and
``validate`` share, and opening a file by name, or standard input for ``-`` (read as it
arrives, so that a command reading a pipe goes on with what has come instead of waiting for a
whole block).

``validate`` also reads archives as they are kept (``expand``, ``open_input``): a folder stands
for every record file under it (``*.pin``, and ``*.pin.gz`` and the like), and a file
compressed with gzip, bzip2, xz or zstd (known by its first bytes, so standard input too) is
read through its decompressor, a block at a time (``cli/compressed.py``). A compressed file that
is cut short or corrupt fails as ``OSError`` saying so, like a file that cannot be read."""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING, Annotated, Any

from pinochle.cli import compressed

STDIN = "-"

#: What a folder's record files are called (``validate DIR``).
SUFFIXES = (".pin", ".pin.gz", ".pin.bz2", ".pin.xz", ".pin.zst")

if TYPE_CHECKING:
    #: The record files a command reads (``fmt``): made by ``__getattr__`` when first asked
    #: for, as it needs typer (``validate`` and ``melds`` can run without it: ``cli/fast.py``).
    Files = list[str]


def __getattr__(name: str) -> Any:
    if name == "Files":
        import typer

        return Annotated[list[str], typer.Argument(
            metavar="FILE...", show_default=False,
            help="Record files (.pin); - reads standard input.")]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def max_errors_option(messages: str) -> Any:
    """``--max-errors N``: how many ``messages`` one file shows (README: Messages)."""
    import typer

    return typer.Option("--max-errors", metavar="N", min=0, help=f"Show at most N {messages} "
                        "per file, then a line saying how many more there were; 0 shows all.")


def label(name: str) -> str:
    """How messages and reports name an input: ``<stdin>`` for ``-``; a name's bytes that
    are not UTF-8 as ``\\xNN`` (docs/rulings.md: "Odd inputs")."""
    if name == STDIN:
        return "<stdin>"
    try:
        return os.fsencode(name).decode("utf-8", errors="backslashreplace")
    except UnicodeError:                    # (a name made in Python, not read from the system)
        return name.encode("utf-8", errors="backslashreplace").decode("utf-8")


class _Arriving:
    """Standard input, read as it arrives (``read1``, which ``SourceLines`` prefers), and left
    open when the command is done with it."""

    name = "<stdin>"

    def __init__(self, stream: Any) -> None:
        self.read = stream.read
        self.read1 = getattr(stream, "read1", stream.read)

    def close(self) -> None:
        """Standard input stays open for the rest of the process."""

    def __enter__(self) -> _Arriving:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_input(name: str, counter: list[int] | None = None) -> IO[bytes]:
    """The input ``name`` opened for reading bytes, decompressed if it is compressed;
    ``OSError`` when it cannot be. ``counter[0]`` counts the bytes read from the file itself
    (before decompressing: what its size is made of)."""
    if name == STDIN:
        if sys.stdin is None:               # started with standard input closed
            raise OSError(errno.EBADF, "standard input is closed")
        buffered: Any = sys.stdin.buffer
        stream: Any = _Arriving(buffered)
    else:
        buffered = stream = open(name, "rb")
    peek = getattr(buffered, "peek", None)   # the first bytes, left to be read (a pipe too)
    try:
        start = peek(8)[:8] if callable(peek) else b""
    except OSError:
        stream.close()
        raise
    if counter is not None:
        stream = _Counted(stream, counter)
    form = compressed.form(start)
    if form is None:
        return stream
    return compressed.Decompressed(stream, form)  # type: ignore[return-value]


def expand(names: Iterable[str]) -> Iterator[tuple[str, str | None]]:
    """Each input named, a folder replaced by its record files (every ``SUFFIXES`` file under
    it, in sorted order of their paths, folder by folder), each with what is wrong with it
    (``None``; a folder without record files says so, a folder that cannot be listed is named
    with why, and a record file that is not a regular file is named but not read: it could
    block, as a named pipe does, or never end, as a device can). An input named is read
    whatever it is."""
    for name in names:
        if name == STDIN or not os.path.isdir(name):
            yield name, None
            continue
        found = sorted(_records(name), key=lambda item: item[0].split(os.sep))
        if not found:
            yield name, f"no record files ({', '.join('*' + s for s in SUFFIXES)}) in the folder"
        yield from found


#: What a file that is not a regular file is, by its mode.
_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _records(top: str) -> Iterator[tuple[str, str | None]]:
    """The record files under the folder ``top`` (not following links to folders, as
    ``os.walk``), and the folders that cannot be listed, each with what is wrong with it."""
    folders = [top]
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as listing:
                entries = list(listing)
        except OSError as error:
            yield folder, f"cannot read the folder: {error.strerror or error}"
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                folders.append(entry.path)
            elif entry.name.endswith(SUFFIXES) and not entry.is_dir():
                yield entry.path, None if entry.is_file() else _not_regular(entry.path)


def _not_regular(path: str) -> str | None:
    """Why a folder's record file that is not a regular file is not read (None: it cannot be
    looked at, and opening it says why)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    kind = next((kind for test, kind in _KINDS if test(mode)), "not a regular file")
    return (f"not read: it is {kind}, not a regular file (a folder's record files are read "
            "only when they are; name it on the command line to read it)")


class _Counted:
    """A binary file whose bytes read are added to ``counter[0]``."""

    def __init__(self, stream: Any, counter: list[int]) -> None:
        self.stream = stream
        self.counter = counter
        self.name = getattr(stream, "name", None)

    def read(self, size: int = -1) -> bytes:
        data: bytes = self.stream.read(size)
        self.counter[0] += len(data)
        return data

    def read1(self, size: int = -1) -> bytes:
        data: bytes = getattr(self.stream, "read1", self.stream.read)(size)
        self.counter[0] += len(data)
        return data

    def close(self) -> None:
        self.stream.close()
