"""What a command reads: the ``FILE...`` argument and ``--max-errors`` option that ``fmt`` and
``validate`` share, and opening a file by name, or standard input for ``-`` (read as it
arrives, so that a command reading a pipe goes on with what has come instead of waiting for a
whole block).

``validate`` also reads archives as they are kept (``expand``, ``open_input``): a folder stands
for every record file under it (``*.pin``, and ``*.pin.gz`` and the like), and a file
compressed with gzip, bzip2, xz or zstd (known by its first bytes, so standard input too) is
read through its decompressor, a block at a time. A compressed file that is cut short or
corrupt fails as ``OSError`` saying so, like a file that cannot be read."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING, Annotated, Any

STDIN = "-"

#: What a folder's record files are called (``validate DIR``).
SUFFIXES = (".pin", ".pin.gz", ".pin.bz2", ".pin.xz", ".pin.zst")

#: The first bytes of each compressed format, and its name.
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"BZh", "bzip2"), (b"\xfd7zXZ\x00", "xz"),
          (b"\x28\xb5\x2f\xfd", "zstd"))

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
    """How messages name an input: ``<stdin>`` for ``-``."""
    return "<stdin>" if name == STDIN else name


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
    form = next((form for magic, form in _MAGIC if start.startswith(magic)), None)
    return stream if form is None else _Decompressed(stream, form)  # type: ignore[return-value]


def expand(names: Iterable[str]) -> Iterator[tuple[str, str | None]]:
    """Each input named, a folder replaced by its record files (every ``SUFFIXES`` file under
    it, in sorted order of their paths, folder by folder), each with what is wrong with it
    (``None``; a folder without record files says so)."""
    for name in names:
        if name == STDIN or not os.path.isdir(name):
            yield name, None
            continue
        found = sorted(_records(name), key=lambda path: path.split(os.sep))
        if not found:
            yield name, f"no record files ({', '.join('*' + s for s in SUFFIXES)}) in the folder"
        for path in found:
            yield path, None


def _records(folder: str) -> Iterator[str]:
    for top, folders, files in os.walk(folder):
        folders.sort()
        for file in files:
            if file.endswith(SUFFIXES):
                yield os.path.join(top, file)


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


class _Decompressed:
    """A compressed file, read decompressed a block at a time. The decompressors' own errors
    (data cut short, corrupt) become ``OSError`` saying what is wrong in words."""

    def __init__(self, stream: Any, form: str) -> None:
        self.stream = stream
        self.form = form
        self.name = getattr(stream, "name", None)
        if form == "gzip":
            import gzip
            self.reader: Any = gzip.GzipFile(fileobj=stream, mode="rb")
        elif form == "bzip2":
            import bz2
            self.reader = bz2.BZ2File(stream)
        elif form == "xz":
            import lzma
            self.reader = lzma.LZMAFile(stream)
        else:
            self.reader = _Zstd(stream)

    def read(self, size: int = -1) -> bytes:
        try:
            data: bytes = self.reader.read(size)
        except EOFError:
            raise OSError(f"the {self.form} data ends before its end (the file was cut "
                          "short)") from None
        except Exception as error:  # OSError, zlib.error, lzma.LZMAError, zstandard.ZstdError
            raise OSError(f"this is not valid {self.form} data ({error})") from None
        return data

    def close(self) -> None:
        try:
            self.reader.close()
        finally:
            self.stream.close()


class _Zstd:
    """Zstandard frames read one after another (zstandard's own stream reader returns nothing,
    without an error, from a frame cut short: this one raises ``EOFError`` as gzip's does)."""

    def __init__(self, stream: Any) -> None:
        import zstandard

        self.stream = stream
        self.new = zstandard.ZstdDecompressor().decompressobj
        self.frame: Any = None
        self.done = False

    def read(self, size: int = -1) -> bytes:
        while not self.done:
            block = self.stream.read(1 << 16)
            if not block:
                self.done = True
                if self.frame is not None and not self.frame.eof:
                    raise EOFError("a zstd frame is cut short")
                return b""
            data = bytearray()
            while block:
                if self.frame is None or self.frame.eof:
                    self.frame = self.new()
                data += self.frame.decompress(block)
                block = self.frame.unused_data if self.frame.eof else b""
            if data:
                return bytes(data)
        return b""

    def close(self) -> None:
        """The file is closed by its owner."""
