"""The search behind ``solvers.pattern``: which words of a lexicon a parsed pattern matches.

A pattern is a few fixed-length pieces between stars. The words of the lengths it allows are
one contiguous range of the lexicon (longest first); the letters it surely holds first
filter them by the letter-count index; then the first piece is checked on the first columns
of the spelling matrix, the last piece on each word's last columns, and the middle pieces
are found in order, each at its earliest place after the one before (the earliest place
leaves the most room for what follows):

- when every middle piece is one letter set, in one pass over the columns for all words at
  once, each word's state being how many pieces it has found (the words still long enough
  at a column are always the first ones, as the longest come first);
- otherwise one word length at a time, each piece's places tested as a matrix.
"""

from __future__ import annotations

import functools

import numpy as np

from .lexicon import Lexicon

ANY_LETTER = (1 << 26) - 1
"""The letter set of ``?``: all 26 letters, one bit per letter."""


def scan(lexicon: Lexicon, pieces: tuple[tuple[int, ...], ...], lengths: range, required: np.ndarray) -> np.ndarray:
    """The lexicon indexes, in lexicon order, of the words whose length is in ``lengths``, that
    hold at least the ``required`` count of each letter (26 integers), and whose spelling the
    ``pieces`` match: the runs of one-letter sets between the stars of a pattern (one piece
    when it has no star), each set a 26-bit mask (bit k for letter k)."""
    if not lengths:
        return np.zeros(0, dtype=np.intp)
    rows = _holding(lexicon, lexicon.length_slice(lengths.start, lengths.stop - 1), required)
    first, *middle, last = pieces if len(pieces) > 1 else (*pieces, ())
    for column, mask in enumerate(first):
        rows = _where_letter_in(lexicon, rows, column, mask)
    for offset, mask in enumerate(last):
        rows = _where_letter_in(lexicon, rows, lexicon.lengths[rows] - len(last) + offset, mask)
    if not rows.size or all(set(piece) == {ANY_LETTER} for piece in middle):
        return rows  # ? pieces alone ask only for the length
    if all(len(piece) == 1 for piece in middle):
        return _with_one_letter_pieces(lexicon, rows, len(first), len(last), middle)
    return _with_middle_pieces(lexicon, rows, len(first), len(last), middle)


def _holding(lexicon: Lexicon, span: slice, required: np.ndarray) -> np.ndarray:
    """The indexes in ``span`` of the words holding at least the ``required`` letter counts."""
    mask = sum(1 << int(k) for k in np.flatnonzero(required))
    ok = (lexicon.masks[span] & mask) == mask if mask else np.ones(span.stop - span.start, dtype=bool)
    for letter in np.flatnonzero(required > 1).tolist():
        ok &= lexicon.counts[letter, span] >= required[letter]
    return np.flatnonzero(ok) + span.start


def _where_letter_in(lexicon: Lexicon, rows: np.ndarray, column: int | np.ndarray, mask: int) -> np.ndarray:
    """The ``rows`` whose letter at ``column`` (one for all, or one per row) is in ``mask``."""
    if mask == ANY_LETTER or not rows.size:
        return rows
    return rows[_letter_in(lexicon.spellings[rows, column], mask)]


def _with_one_letter_pieces(lexicon: Lexicon, rows: np.ndarray, head: int, tail: int,
                            pieces: list[tuple[int, ...]]) -> np.ndarray:
    """The ``rows`` whose letters after the first ``head`` and before the last ``tail`` hold a
    letter of each piece's one set, in order: one pass over the columns, each row taking the
    earliest letter that fits its next piece (``state`` is 27 times the pieces found)."""
    if not pieces or not rows.size:
        return rows
    kind = np.uint8 if len(pieces) < 9 else np.int16  # bytes while 27 x (pieces + 1) fits in one
    steps = np.zeros((len(pieces) + 1, 27), dtype=kind)
    for number, (mask,) in enumerate(pieces):
        steps[number] = _letter_table(mask) * 27
    steps = steps.ravel()
    state = np.zeros(rows.size, dtype=kind)
    later = -(lexicon.lengths[rows] - tail)  # rows are longest first, so this never decreases
    spellings = _spellings_of(lexicon, rows, -int(later[0]))
    for column in range(head, -int(later[0])):
        alive = int(np.searchsorted(later, -column))  # the rows with letters left at ``column``
        state[:alive] += np.take(steps, state[:alive] + spellings[:alive, column])
    return rows[state == 27 * len(pieces)]


def _with_middle_pieces(lexicon: Lexicon, rows: np.ndarray, head: int, tail: int,
                        pieces: list[tuple[int, ...]]) -> np.ndarray:
    """As :func:`_with_one_letter_pieces` for pieces of any length, one word length at a time."""
    shorter = -lexicon.lengths[rows]  # rows are longest first, so this never decreases
    bounds = np.flatnonzero(np.diff(shorter)) + 1
    found = []
    for group in np.split(rows, bounds):
        length = int(lexicon.lengths[group[0]])
        found.append(_pieces_in_order(_spellings_of(lexicon, group, length), group, head, length - tail, pieces))
    return np.concatenate(found)


def _spellings_of(lexicon: Lexicon, rows: np.ndarray, width: int) -> np.ndarray:
    """The first ``width`` letters of the ``rows`` (ascending): a view when they are a whole range."""
    if rows[-1] - rows[0] + 1 == rows.size:
        return lexicon.spellings[rows[0]:rows[-1] + 1, :width]
    return lexicon.spellings[rows, :width]


def _pieces_in_order(block: np.ndarray, rows: np.ndarray, start: int, stop: int,
                     pieces: list[tuple[int, ...]]) -> np.ndarray:
    """The ``rows`` whose letters ``start:stop`` (their ``block`` row) hold the pieces in order,
    each found at its earliest place at or after the end of the one before it."""
    position = None  # where the next piece may start, per row: ``start`` for the first
    for number, piece in enumerate(pieces, 1):
        places = stop - start - len(piece) + 1  # where the piece can start: start .. stop - len(piece)
        if places <= 0:
            return rows[:0]
        letter_sets = {mask: _letter_in(block, mask) for mask in set(piece) - {ANY_LETTER}}
        fits = None if position is None else np.arange(start, start + places) >= position[:, None]
        for offset, mask in enumerate(piece):
            if mask != ANY_LETTER:
                fit = letter_sets[mask][:, start + offset:start + offset + places]
                fits = fit.copy() if fits is None else np.logical_and(fits, fit, out=fits)
        if fits is None:  # ? pieces: the earliest place is where the last piece ended
            position = np.full(rows.size, start) if position is None else position
            found, position = position <= stop - len(piece), position + len(piece)
        else:
            first = fits.argmax(axis=1)
            found, position = fits[np.arange(rows.size), first], first + start + len(piece)
        if not found.all():
            rows, position = rows[found], position[found]
            block = block[found] if number < len(pieces) else block
    return rows


def _letter_in(letters: np.ndarray, mask: int) -> np.ndarray:
    """Whether each letter code (0-25, 26 for padding) is in the letter set ``mask``."""
    if mask & (mask - 1) == 0:
        return letters == mask.bit_length() - 1
    return np.take(_letter_table(mask), letters)


@functools.lru_cache(maxsize=256)
def _letter_table(mask: int) -> np.ndarray:
    table = np.array([bool(mask >> k & 1) for k in range(27)])
    table.flags.writeable = False
    return table
