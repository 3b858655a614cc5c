"""The letter sets a daily box can be built on: every set of N letters made by a pair of seed
words where the second starts with the last letter of the first. Seconds of numpy work over
the everyday words, so the result is kept in a cache file (:mod:`solvers.array_cache`) keyed by
the words' letters, the limits and this code: a process that makes a box reads it back."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..array_cache import array_key, cached_array

CHUNK = 512  # words ending in a letter, joined at once with every word starting with it


def chained_sets(masks: np.ndarray, lengths: np.ndarray, first: np.ndarray, last: np.ndarray, letters: int,
                 solution_letters: tuple[int, int]) -> np.ndarray:
    """The sorted letter masks (int64) of ``letters`` different letters made by a word ``a`` and a
    word ``b`` with ``last[a] == first[b]`` and ``solution_letters[0] <= lengths[a] + lengths[b] <=
    solution_letters[1]``; ``masks``, ``lengths`` and the letter codes ``first`` and ``last`` are
    per word (codes of any alphabet)."""
    arrays = [np.ascontiguousarray(a) for a in (masks.astype(np.int64), lengths, first, last)]
    key = array_key("box-pool", [Path(__file__)], [a.tobytes() for a in arrays] + [
        repr((letters, tuple(solution_letters), [a.dtype.str for a in arrays])).encode()])
    return cached_array("box-pool", key, lambda: _chained_sets(*arrays, letters, solution_letters))


def _chained_sets(masks: np.ndarray, lengths: np.ndarray, first: np.ndarray, last: np.ndarray, letters: int,
                  solution_letters: tuple[int, int]) -> np.ndarray:
    low, high = solution_letters
    found = [np.zeros(0, dtype=np.int64)]
    for letter in np.unique(last).tolist():  # a pair meets at a letter some word ends with
        ending, starting = np.flatnonzero(last == letter), np.flatnonzero(first == letter)
        for start in range(0, ending.size, CHUNK):
            a = ending[start : start + CHUNK]
            union = masks[a][:, None] | masks[starting][None, :]
            total = lengths[a][:, None] + lengths[starting][None, :]
            found.append(np.unique(union[(np.bitwise_count(union) == letters) & (total >= low) & (total <= high)]))
    return np.unique(np.concatenate(found))
