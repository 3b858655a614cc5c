"""The words of one length in a word list's bytes, found with numpy, no string made of any other line.

Five words wants the 16,000 five-letter words of a list of 370,000 lines. Where a text is
letters and line breaks only (most word lists, and every bundled one), a line of exactly
``letters`` letters is a run of that many letters between two line breaks: a few vectorised
comparisons over the bytes find every one, and only those are decoded. LF, CRLF and a lone CR
are all breaks (the blank "line" inside a CRLF is no run of letters).

:func:`plain_words_of_length` keeps the rule of :mod:`solvers.word_lines` (the full reader):
letters case-folded, each word once, sorted. Any text that is not plain letters and breaks
(columns, quotes, accents, a byte-order mark, gzip), or might pass a limit, is no business of
this module: it answers None and the caller reads the text the full way, where the rule lives.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable

import numpy as np

from .word_lines import MAX_WORD_LENGTH, MAX_WORDS

LONGEST_TAIL = 4096
"""An unfinished line longer than this (no break in a piece) is no word: the text is then read
the full way, which holds such lines in a few characters."""
_LOWER = 0x20
"""OR'd into an ASCII capital, its lower case."""
_PLAIN = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz\n\r"
"""The bytes of a plain text: letters and line breaks (without them, such a text is empty)."""


def line_starts(breaks: np.ndarray, letters: int, work: _Work | None = None) -> np.ndarray:
    """Where the lines of exactly ``letters`` characters start in a text whose line breaks are
    flagged by ``breaks`` (the text starts and ends with a break, so every line lies between
    two): the positions after a break that is followed ``letters + 1`` later by the next one.
    ``work``: arrays to reuse (see _Work; this takes its arrays 3 and 4)."""
    size = breaks.size - letters - 1  # positions a line's leading break can have
    if size <= 0:
        return np.zeros(0, dtype=np.intp)
    work = work or _Work()
    line = np.logical_and(breaks[:size], breaks[letters + 1:], out=work.flags(3, size))
    other = np.logical_not(breaks, out=work.flags(4, breaks.size))
    for k in range(1, letters + 1):
        np.logical_and(line, other[k:k + size], out=line)
    return np.flatnonzero(line) + 1


def lines_of_length(chars: np.ndarray, breaks: np.ndarray, letters: int, work: _Work | None = None) -> np.ndarray:
    """The lines of exactly ``letters`` characters (see :func:`line_starts`), as rows of bytes."""
    return chars[line_starts(breaks, letters, work)[:, None] + np.arange(letters)]


class _Work:
    """Flag arrays reused from one piece of a text to the next: a new array of a million flags is
    memory the system must map afresh, page by page (about 4 ms of a word file's 20 for the
    temporaries of its four pieces), where a reused one is ready."""

    def __init__(self) -> None:
        self.arrays: dict[int, np.ndarray] = {}

    def flags(self, number: int, size: int) -> np.ndarray:
        """Flag array ``number`` of this work, ``size`` long (its contents left as they were)."""
        array = self.arrays.get(number)
        if array is None or array.size < size:
            array = self.arrays[number] = np.empty(max(size, 2 * (0 if array is None else array.size)), dtype=bool)
        return array[:size]


def decoded(rows: np.ndarray) -> list[str]:
    """Rows of ASCII bytes as strings: one decoding for all of them."""
    lines = np.empty((rows.shape[0], rows.shape[1] + 1), dtype=np.uint8)
    lines[:, :-1], lines[:, -1] = rows, 10
    return lines.tobytes().decode("ascii").split("\n")[:-1]


def plain_words_of_length(pieces: Iterable[bytes], letters: int) -> list[str] | None:
    """The different words of ``letters`` letters of a text given a piece at a time, lower case
    and sorted, as the full reader reads them; None when the text is not letters a-z, A-Z and
    line breaks only, has a line too long to hold in a piece, has more lines than a list may
    have words, or has no word of that length (the caller then reads it the full way, for its
    words or for the message saying what is wrong)."""
    if not 1 <= letters <= MAX_WORD_LENGTH:
        return None
    found, tail, lines, work = [], b"\n", 0, _Work()  # tail: the text after the last break read, with that break
    for piece in itertools.chain(pieces, [b"\n"]):  # a last break ends the last line (one too many)
        text = tail + piece
        last = max(text.rfind(b"\n"), text.rfind(b"\r"))
        if len(text) - last > LONGEST_TAIL or text.translate(None, _PLAIN):  # some other byte
            return None
        size = last + 1
        chars = np.frombuffer(text, dtype=np.uint8, count=size)
        breaks = np.equal(chars, 10, out=work.flags(0, size))  # the line feeds, then every break
        # the lines this text ends: its breaks after the first (the last text's), a CRLF counted once
        lines += np.count_nonzero(breaks[1:])
        if text.find(b"\r", 0, size) >= 0:
            returns = np.equal(chars, 13, out=work.flags(1, size))
            lines += np.count_nonzero(returns[1:])
            lines -= np.count_nonzero(np.logical_and(returns[:-1], breaks[1:], out=work.flags(2, size - 1)))
            np.logical_or(breaks, returns, out=breaks)
        if lines > MAX_WORDS:
            return None
        found.append(lines_of_length(chars, breaks, letters, work))
        tail = text[last:]
    words = decoded(np.concatenate(found) | _LOWER)
    if not words:
        return None
    return words if all(map(operator.lt, words, itertools.islice(words, 1, None))) else sorted(set(words))
