"""The words of a list nearest to one that is not in it: what "Did you mean" offers.

The rule: the distance between two words is the least number of edits that turn one into the
other, an edit being a letter inserted, deleted or replaced, or two neighbouring letters
swapped (the optimal-string-alignment distance: ``recieve`` is 1 from ``receive``). The words
offered are those within ``max_distance`` of the word typed (1 for words of up to 3 letters, 2
up to 9, 3 beyond), nearest first, then the most common, then alphabetical; at most ``limit``.

Bounded on every word a player can type (a-z, up to 45 letters), on any list:

1. only words whose length is within the distance are looked at (one slice of the lexicon);
2. a word that needs more edits just to fix its letter counts is dropped at once: an edit
   changes the counts of at most two letters by one each, so the distance is at least the
   larger of the letters it has too many of and the letters it lacks (26 vector operations
   over the lexicon's letter-count matrix);
3. the few left are measured together, the dynamic programme run over all of them at once
   with numpy, only on the diagonal band of width ``2 * max_distance + 1`` (cells outside it
   are farther than the distance sought), with values capped at ``max_distance + 1``.

Time is O(26 * words in the length slice + band * survivors), memory O(words in the slice);
``benchmarks/nearest.py`` measures words of 1 to 45 letters against ``huge``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .letters import word_codes
from .lexicon import MAX_WORD_LENGTH, Lexicon

LIMIT = 5
"""Words offered at most."""


def max_distance_for(word: str) -> int:
    """How far a suggestion may be: 1 edit for words of up to 3 letters, 2 up to 9, 3 beyond."""
    return 1 if len(word) <= 3 else 2 if len(word) <= 9 else 3


def edit_distance(a: str, b: str) -> int:
    """The optimal-string-alignment distance (insert, delete, replace, swap two neighbours),
    written plainly: the reference the vectorised search is tested against."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)]


def nearest(word: str, lexicon: Lexicon, limit: int = LIMIT, max_distance: int | None = None,
            allowed: Callable[[str], bool] | None = None) -> tuple[str, ...]:
    """The words of ``lexicon`` nearest to ``word`` (see the module docstring), the word itself
    left out; ``allowed``: a test each word offered must pass (e.g. that it may be shown)."""
    if not word or len(word) > MAX_WORD_LENGTH or any(ch not in lexicon.alphabet for ch in word):
        raise ValueError(f"not a word of the list's letters up to {MAX_WORD_LENGTH} long: {word[:60]!r}")
    k = max_distance_for(word) if max_distance is None else max_distance
    rows, distances = _within(word, lexicon, k)
    ranked = sorted(zip(distances.tolist(), (-lexicon.zipf[rows]).tolist(),
                        (lexicon.words[row] for row in rows.tolist()), strict=True))
    shown: list[str] = []
    for _, _, candidate in ranked:
        if candidate != word and (allowed is None or allowed(candidate)):
            shown.append(candidate)
            if len(shown) >= limit:
                break
    return tuple(shown)


def _within(word: str, lexicon: Lexicon, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the lexicon's words within ``k`` edits of ``word``, and their distances."""
    n = len(word)
    span = lexicon.length_slice(max(1, n - k), n + k)
    if span.stop <= span.start:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.uint8)
    rows = span.start + np.flatnonzero(_count_bound(word, lexicon, span) <= k)
    distances = _banded_distances(word_codes(word, lexicon.alphabet), lexicon.spellings[rows, : n + k], k)
    close = distances[np.arange(rows.size), lexicon.lengths[rows]] <= k
    return rows[close], distances[np.arange(rows.size), lexicon.lengths[rows]][close]


def _count_bound(word: str, lexicon: Lexicon, span: slice) -> np.ndarray:
    """Per word of the slice, a lower bound of its distance from ``word``: the larger of the
    letters it has too many of and the letters it lacks."""
    letters = lexicon.alphabet
    wanted = np.bincount(word_codes(word, letters), minlength=len(letters))
    size = span.stop - span.start
    extra = np.zeros(size, dtype=np.int16)
    lacking = np.zeros(size, dtype=np.int16)
    for letter in range(len(letters)):
        have = lexicon.counts[letter, span].astype(np.int16)
        if wanted[letter]:
            difference = have - np.int16(wanted[letter])
            extra += np.maximum(difference, 0)
            lacking += np.maximum(-difference, 0)
        else:
            extra += have
    return np.maximum(extra, lacking)


def _banded_distances(codes: np.ndarray, spellings: np.ndarray, k: int) -> np.ndarray:
    """The last row of the distance table of a word (its letter ``codes``) against each spelling
    (a row of letter codes, padded past its end), capped at ``k + 1``: column j is the distance
    to its first j letters.
    Only cells within ``k`` of the diagonal are worked out; the rest are farther than ``k``."""
    count, width = spellings.shape
    cap = np.uint8(k + 1)
    previous2 = np.full((count, width + 1), cap, dtype=np.uint8)
    previous = np.minimum(np.arange(width + 1, dtype=np.uint8), cap)[None, :].repeat(count, axis=0)
    for i in range(1, len(codes) + 1):
        current = np.full((count, width + 1), cap, dtype=np.uint8)
        current[:, 0] = min(i, k + 1)
        letter = codes[i - 1]
        for j in range(max(1, i - k), min(width, i + k) + 1):
            best = np.minimum(previous[:, j], current[:, j - 1]) + 1
            np.minimum(best, previous[:, j - 1] + (spellings[:, j - 1] != letter), out=best)
            if i > 1 and j > 1:
                swapped = (spellings[:, j - 2] == letter) & (spellings[:, j - 1] == codes[i - 2])
                np.minimum(best, np.where(swapped, previous2[:, j - 2] + 1, cap), out=best)
            current[:, j] = np.minimum(best, cap)
        previous2, previous = previous, current
    return previous
