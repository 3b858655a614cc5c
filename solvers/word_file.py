"""A word list's bytes, from an upload or a path, plain or gzip'd, read a piece at a time within
the size limits; their words are read by :mod:`solvers.word_lines` (one rule for both doors).

The limits hold before work is spent: the size of a file (said before it is read), what a .gz
unpacks to (inflated a piece at a time, so a bomb stops at the cap), then the lines and words.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import zlib
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, BinaryIO, Union

from . import word_lines
from .word_lines import MAX_LINES, MAX_WORD_LENGTH, MAX_WORDS, UPLOAD, WordFileError, WordLines, WordReader

__all__ = ["MAX_LINES", "MAX_TEXT_BYTES", "MAX_WORD_LENGTH", "MAX_WORDS", "UPLOAD", "LexiconError", "WordFileError",
           "WordLines", "existing_file", "file_digest", "inflated", "limits_key", "mb", "pieces", "read_bytes",
           "read_file", "reading"]

MAX_TEXT_BYTES = 64 * 2**20
"""The largest word list read, once unpacked: ten times the biggest bundled one."""
GZIP_MAGIC = b"\x1f\x8b"
PIECE = 1 << 20
"""Bytes read (or unpacked) at a time: memory follows a piece's lines and the words kept."""

if TYPE_CHECKING:
    from pathlib import Path
FilePath = Union[str, "Path"]
"""A file given by path: pathlib is not loaded for it (5 ms of a terminal command's start)."""


class LexiconError(ValueError):
    """A lexicon source that cannot be loaded; the message says what to fix."""


def existing_file(source: FilePath, bundled: Iterable[str]) -> FilePath:
    """``source``, the path of a file, or LexiconError naming what may be given instead."""
    if not os.path.isfile(source):
        from .screen import quoted  # the screen loads when a refusal quotes what was given, not before

        raise LexiconError(f"No word list at {quoted(repr(str(source)[:200]), 'that name')}: give one of "
                           f"{', '.join(bundled)} or a path to a file.")
    return source


@contextlib.contextmanager
def reading(path: FilePath) -> Iterator[None]:
    """A file given by path that cannot be read, or is no word list, as one LexiconError."""
    try:
        yield
    except WordFileError as error:
        raise LexiconError(str(error)) from None
    except OSError as error:
        raise LexiconError(f"Cannot read word list {path}: {error.strerror or error}.") from None


def read_bytes(data: bytes, what: str = UPLOAD, piece: int = PIECE, language: str = "en") -> WordLines:
    """The words of a file's bytes (plain text or gzip), read ``piece`` bytes at a time by
    ``language``'s letters (:mod:`solvers.word_lines`), or WordFileError saying what is wrong."""
    view = memoryview(data)
    return _read((view[start:start + piece] for start in range(0, len(view), piece)), what, language)


def file_digest(file: BinaryIO, what: str) -> str:
    """The SHA-256 of an open file's bytes, read a piece at a time; WordFileError when the file
    is over MAX_TEXT_BYTES (said before a byte is read)."""
    hasher = _sha256()
    for piece in pieces(file, what):
        hasher.update(piece)
    return hasher.hexdigest()


def read_file(file: BinaryIO, what: str, digest: str | None = None) -> WordLines:
    """The words of an open file (from its start), read a piece at a time; when ``digest`` is
    given, the bytes read must be those it was taken of (the file did not change meanwhile)."""
    file.seek(0)
    if digest is None:
        return _read(pieces(file, what), what)
    hasher = _sha256()

    def hashed() -> Iterator[bytes]:
        for piece in pieces(file, what):
            hasher.update(piece)
            yield piece

    lines = _read(hashed(), what)
    if hasher.hexdigest() != digest:
        raise WordFileError(f"{what} changed while it was read: try again.")
    return lines


def limits_key() -> bytes:
    """The limits a list was read within, for a cache key."""
    return f"{MAX_TEXT_BYTES} {word_lines.MAX_LINES} {word_lines.MAX_WORDS} {MAX_WORD_LENGTH}".encode()


def inflated(pieces: Iterable[bytes], limit: int, what: str) -> Iterator[bytes]:
    """The contents of gzip data given a piece at a time (every member; bytes after the last
    member that are no gzip are passed over, as gzip does), PIECE at most at a time, refused
    as soon as they pass ``limit`` bytes."""
    inflater, size, rest = zlib.decompressobj(wbits=31), 0, b""
    try:
        for piece in pieces:
            data = rest + piece if rest else piece
            rest = b""
            while data:
                if inflater.eof:  # another member, or the end
                    if len(data) < len(GZIP_MAGIC):
                        rest = bytes(data)
                        break
                    if not bytes(data[:2]) == GZIP_MAGIC:
                        return
                    inflater = zlib.decompressobj(wbits=31)
                out = inflater.decompress(data, PIECE)
                size += len(out)
                if size > limit:
                    raise WordFileError(f"{what} unpacks to more than {mb(limit)}; a word list may be at most that.")
                if out:
                    yield out
                data = inflater.unused_data if inflater.eof else inflater.unconsumed_tail
        if not inflater.eof:
            out = inflater.flush()
            if size + len(out) > limit:
                raise WordFileError(f"{what} unpacks to more than {mb(limit)}; a word list may be at most that.")
            if out:
                yield out
    except zlib.error:
        raise WordFileError(f"{what} is damaged: it cannot be unpacked. Pack it again, or use "
                            "the plain text.") from None
    if not inflater.eof:
        raise WordFileError(f"{what} is cut short: use the whole file.")


def mb(size: int) -> str:
    """``8 MB``, ``8.1 MB``."""
    return f"{size / 2**20:.1f} MB".replace(".0 MB", " MB")


def _sha256():
    """A SHA-256 hasher. hashlib is imported when one is needed: loading OpenSSL is ~7-15 ms of
    a terminal command's start (issue 46)."""
    import hashlib

    return hashlib.sha256()


def _read(pieces: Iterable[bytes], what: str, language: str = "en") -> WordLines:
    """The words of a file's bytes given a piece at a time: gzip'd when they start as gzip does."""
    pieces, first = iter(pieces), b""
    for piece in pieces:  # enough to see gzip's magic
        first += piece
        if len(first) >= len(GZIP_MAGIC):
            break
    if first[:2] == GZIP_MAGIC:
        pieces = inflated(itertools.chain([first], pieces), MAX_TEXT_BYTES, "The .gz file" if what == UPLOAD else what)
    else:
        pieces = itertools.chain([first], pieces)
    reader = WordReader(what, language)
    for piece in pieces:
        reader.feed(piece)
        if reader.full:
            return reader.finish(complete=not any(pieces))  # reads at most the next piece
    return reader.finish()


def pieces(file: BinaryIO, what: str) -> Iterator[bytes]:
    """An open file's bytes, a piece at a time, refused past MAX_TEXT_BYTES (said with its size
    before it is read, when the file has one)."""
    size = os.fstat(file.fileno()).st_size
    if size > MAX_TEXT_BYTES:
        raise WordFileError(f"{what} is {mb(size)}; a word list may be at most {mb(MAX_TEXT_BYTES)}.")
    read = 0
    while piece := file.read(PIECE):
        read += len(piece)
        if read > MAX_TEXT_BYTES:
            raise WordFileError(f"{what} is over {mb(MAX_TEXT_BYTES)}; a word list may be at most that.")
        yield piece
