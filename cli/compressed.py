"""Compressed input read decompressed, a block at a time (``cli/inputs.py``'s ``open_input``):
gzip, bzip2, xz and zstd, frame after frame as their tools read them. The errors are
``OSError`` saying what is wrong in words."""

from __future__ import annotations

from typing import Any

#: The first bytes of each compressed format, and its name.
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"BZh", "bzip2"), (b"\xfd7zXZ\x00", "xz"),
          (b"\x28\xb5\x2f\xfd", "zstd"))


def form(start: bytes) -> str | None:
    """The compressed format that a file starting with ``start`` is in, or None."""
    return next((name for magic, name in _MAGIC if start.startswith(magic)), None)


class TrailingBytes(OSError):
    """Bytes after a compressed file's last frame that start no other frame."""


class _Gzip:
    """A gzip member's decompressor, with the interface of bz2's and lzma's (``decompress``
    with ``max_length``, ``eof``, ``unused_data``, ``needs_input``)."""

    def __init__(self) -> None:
        import zlib

        self.inflate = zlib.decompressobj(31)
        self.eof = False
        self.unused_data = b""
        self.needs_input = True

    def decompress(self, data: bytes, max_length: int) -> bytes:
        inflate = self.inflate
        out: bytes = inflate.decompress(inflate.unconsumed_tail + data, max_length)
        self.eof, self.unused_data = inflate.eof, inflate.unused_data
        self.needs_input = not inflate.unconsumed_tail and len(out) < max_length
        return out


class _ZstdFrame:
    """A zstd frame's decompressor, with the same interface (its output is not bounded)."""

    needs_input = True

    def __init__(self) -> None:
        import zstandard

        self.frame = zstandard.ZstdDecompressor().decompressobj()

    @property
    def eof(self) -> bool:
        return bool(self.frame.eof)

    @property
    def unused_data(self) -> bytes:
        return bytes(self.frame.unused_data)

    def decompress(self, data: bytes, max_length: int) -> bytes:
        return bytes(self.frame.decompress(data)) if data else b""


def _decompressor(form: str) -> Any:
    """A new decompressor of one frame of ``form``."""
    if form == "gzip":
        return _Gzip()
    if form == "bzip2":
        import bz2
        return bz2.BZ2Decompressor()
    if form == "xz":
        import lzma
        return lzma.LZMADecompressor()
    return _ZstdFrame()


class Decompressed:
    """A compressed file, read decompressed a block at a time (at most ``BLOCK`` bytes of
    output at a time, but for zstd), frame after frame (gzip members, bzip2 and xz streams,
    zstd frames, and zero bytes between them, as their tools read them). The decompressors'
    errors (data cut short, corrupt) become ``OSError`` saying what is wrong in words; bytes
    after the last frame that start no other are ``TrailingBytes``, raised once all the data
    before them has been read."""

    BLOCK = 1 << 16

    def __init__(self, stream: Any, form: str) -> None:
        self.stream = stream
        self.form = form
        self.magic = next(magic for magic, name in _MAGIC if name == form)
        self.name = getattr(stream, "name", None)
        self.frame: Any = None
        self.rest = b""             # compressed bytes read, not yet given to ``frame``
        self.taken = 0              # compressed bytes read from the file

    def _more(self) -> bytes:
        block: bytes = self.stream.read(self.BLOCK)
        self.taken += len(block)
        return block

    def read(self, size: int = -1) -> bytes:
        try:
            return self._read()
        except TrailingBytes:
            raise
        except EOFError:
            raise OSError(f"the {self.form} data ends before its end (the file was cut "
                          "short)") from None
        except Exception as error:  # OSError, zlib.error, lzma.LZMAError, zstandard.ZstdError
            raise OSError(f"this is not valid {self.form} data ({error})") from None

    def _read(self) -> bytes:
        while True:
            frame = self.frame
            if frame is None or frame.eof:
                if not self._next_frame():
                    return b""
                frame = self.frame
            if frame.needs_input and not self.rest:
                self.rest = self._more()
                if not self.rest:
                    raise EOFError
            data: bytes = frame.decompress(self.rest, self.BLOCK)
            self.rest = frame.unused_data if frame.eof else b""
            if data:
                return data

    def _next_frame(self) -> bool:
        """Start the next frame, if any follows (False: the file has ended)."""
        rest = self.rest.lstrip(b"\0")
        while len(rest) < len(self.magic):
            more = self._more()
            if not more:
                break
            rest = (rest + more).lstrip(b"\0")
        self.rest = rest
        if not rest:
            return False
        if not rest.startswith(self.magic):
            end = self.taken - len(rest)
            raise TrailingBytes(f"what follows the {self.form} data (from byte {end:,}) is "
                                f"not {self.form} data")
        self.frame = _decompressor(self.form)
        return True

    def close(self) -> None:
        self.stream.close()
