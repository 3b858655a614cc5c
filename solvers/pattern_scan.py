"""The search behind ``solvers.pattern``: which words of a lexicon a parsed pattern matches.

A pattern is a few fixed-length pieces between stars. The words of the lengths it allows are
one contiguous range of the lexicon (longest first); the letters it surely holds first
filter them by the letter-count index; then the first piece is checked on the first columns
of the spelling matrix and the last piece on each word's last columns. The middle pieces
(``*p1*p2*...*``) are matched in one pass over the columns for all the words left at once,
with a bit per pattern element, as the shift-and string search does: each column costs a
few numpy operations on the words still long enough to have it, which are always the first
ones, as the longest come first.
"""

from __future__ import annotations

import functools

import numpy as np

from .lexicon import Lexicon


def any_letter(letters: str) -> int:
    """The letter set of ``?`` in an alphabet: a bit for each of its letters (26 in English)."""
    return (1 << len(letters)) - 1


def scan(lexicon: Lexicon, pieces: tuple[tuple[int, ...], ...], lengths: range, required: np.ndarray) -> np.ndarray:
    """The lexicon indexes, in lexicon order, of the words whose length is in ``lengths``, that
    hold at least the ``required`` count of each letter (an integer per letter of the lexicon's
    alphabet), and whose spelling the ``pieces`` match: the runs of one-letter sets between the
    stars of a pattern (one piece when it has no star), each set a mask (bit k for letter code k)."""
    if not lengths:
        return np.zeros(0, dtype=np.intp)
    size = len(lexicon.alphabet)
    rows = _holding(lexicon, lexicon.length_slice(lengths.start, lengths.stop - 1), required)
    first, *middle, last = pieces if len(pieces) > 1 else (*pieces, ())
    for column, mask in enumerate(first):
        rows = _where_letter_in(lexicon, rows, column, mask, size)
    for offset, mask in enumerate(last):
        rows = _where_letter_in(lexicon, rows, lexicon.lengths[rows] - len(last) + offset, mask, size)
    if not rows.size or all(set(piece) == {any_letter(lexicon.alphabet)} for piece in middle):
        return rows  # ? pieces alone ask only for the length
    return _with_pieces_in_order(lexicon, rows, len(first), len(last), middle, size)


def _holding(lexicon: Lexicon, span: slice, required: np.ndarray) -> np.ndarray:
    """The indexes in ``span`` of the words holding at least the ``required`` letter counts."""
    mask = sum(1 << int(k) for k in np.flatnonzero(required))
    ok = (lexicon.masks[span] & mask) == mask if mask else np.ones(span.stop - span.start, dtype=bool)
    for letter in np.flatnonzero(required > 1).tolist():
        ok &= lexicon.counts[letter, span] >= required[letter]
    return np.flatnonzero(ok) + span.start


def _where_letter_in(lexicon: Lexicon, rows: np.ndarray, column: int | np.ndarray, mask: int,
                     size: int) -> np.ndarray:
    """The ``rows`` whose letter at ``column`` (one for all, or one per row) is in ``mask`` (of an
    alphabet of ``size`` letters)."""
    if mask == (1 << size) - 1 or not rows.size:
        return rows
    return rows[_letter_in(lexicon.spellings[rows, column], mask, size)]


def _with_pieces_in_order(lexicon: Lexicon, rows: np.ndarray, head: int, tail: int,
                          pieces: list[tuple[int, ...]], size: int) -> np.ndarray:
    """The ``rows`` whose letters after the first ``head`` and before the last ``tail`` hold the
    pieces in order, any letters before, between and after them (``*p1*p2*...*``).

    One pass over the columns for all rows at once, bit-parallel: bit k of a row's state says
    "the elements up to k, from the start of their piece, end at this letter", and the bit of
    each piece's last element stays set once reached (the star after it lets the next piece
    start at any later letter). A piece may start anywhere after the one before has ended.
    """
    elements = [mask for piece in pieces for mask in piece]  # at most 45: no word is longer
    kind = next(k for k in (np.uint8, np.uint16, np.uint32, np.uint64) if np.iinfo(k).bits >= len(elements))
    ends = np.cumsum([len(piece) for piece in pieces]) - 1
    kept = kind(sum(1 << int(end) for end in ends))  # the pieces' last elements, once reached
    fits = np.zeros(size + 1, dtype=kind)  # per letter (and the padding), the elements it fits
    for bit, mask in enumerate(elements):
        fits[_letter_table(mask, size)] |= kind(1 << bit)
    state = np.zeros(rows.size, dtype=kind)
    later = -(lexicon.lengths[rows] - tail)  # rows are longest first, so this never decreases
    spellings = _spellings_of(lexicon, rows, -int(later[0]))
    one = kind(1)
    for column in range(head, -int(later[0])):
        alive = int(np.searchsorted(later, -column))  # the rows with letters left at ``column``
        now = state[:alive]
        moved = ((now << one) | one) & np.take(fits, spellings[:alive, column])
        state[:alive] = moved | (now & kept)
    return rows[(state >> kind(ends[-1])) & one == one]


def _spellings_of(lexicon: Lexicon, rows: np.ndarray, width: int) -> np.ndarray:
    """The first ``width`` letters of the ``rows`` (ascending): a view when they are a whole range."""
    if rows[-1] - rows[0] + 1 == rows.size:
        return lexicon.spellings[rows[0]:rows[-1] + 1, :width]
    return lexicon.spellings[rows, :width]


def _letter_in(letters: np.ndarray, mask: int, size: int) -> np.ndarray:
    """Whether each letter code (0 to ``size - 1``, ``size`` for padding) is in the letter set ``mask``."""
    if mask & (mask - 1) == 0:
        return letters == mask.bit_length() - 1
    return np.take(_letter_table(mask, size), letters)


@functools.lru_cache(maxsize=256)
def _letter_table(mask: int, size: int) -> np.ndarray:
    table = np.array([bool(mask >> k & 1) for k in range(size + 1)])
    table.flags.writeable = False
    return table
