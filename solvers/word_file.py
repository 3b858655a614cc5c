"""Reading a word-per-line file: its bytes (decompressed when it is a .gz, within a size limit)
and its words (case-folded, only lines of letters a-z).

``READ_ERRORS`` are the errors a file that cannot be read raises (reported as a :class:`LexiconError`)."""

from __future__ import annotations

import gzip
import io
import re
import zlib
from pathlib import Path

MAX_LIST_BYTES = 64 * 2**20
"""The largest word list read (uncompressed): ten times the biggest bundled one."""
MAX_WORD_LENGTH = 45
"""Lines longer than this are no word of any dictionary, and are skipped."""

_ALL_WORD_LINES = re.compile(r"(?:[a-z]+\n)*")
_WORD = re.compile(r"[a-z]+")


class LexiconError(ValueError):
    """A lexicon source that cannot be loaded; the message says what to fix."""


def parse_words(text: str) -> list[str]:
    """The words of a word-per-line text: case-folded, only lines of letters a-z no longer than
    MAX_WORD_LENGTH."""
    folded = text.casefold()
    if not folded.endswith("\n"):
        folded += "\n"
    if _ALL_WORD_LINES.fullmatch(folded):
        words = folded.split()
        if max(map(len, words), default=0) <= MAX_WORD_LENGTH:
            return words
    return [line for line in map(str.strip, folded.splitlines())
            if len(line) <= MAX_WORD_LENGTH and _WORD.fullmatch(line)]


def read_raw(path: Path) -> bytes:
    """The file's bytes as stored, refusing a file over MAX_LIST_BYTES (read no further; a
    compressed word list that big holds more still)."""
    with open(path, "rb") as file:
        data = file.read(MAX_LIST_BYTES + 1)
    if len(data) > MAX_LIST_BYTES:
        raise _too_big(path)
    return data


def decode(path: Path, raw: bytes) -> str:
    """The text of a file's bytes (decompressed when it is a .gz), refusing one over MAX_LIST_BYTES."""
    return inflate(path, raw).decode("utf-8")


def inflate(path: Path, raw: bytes) -> bytes:
    """A file's bytes, decompressed when it is a .gz, refusing more than MAX_LIST_BYTES."""
    if path.suffix == ".gz":
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as file:
            raw = file.read(MAX_LIST_BYTES + 1)
        if len(raw) > MAX_LIST_BYTES:
            raise _too_big(path)
    return raw


def _too_big(path: Path) -> LexiconError:
    return LexiconError(f"Word list {path} is over {MAX_LIST_BYTES // 2**20} MB; "
                        "give a list of words (one per line) of at most that size.")


READ_ERRORS = (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile, zlib.error)
