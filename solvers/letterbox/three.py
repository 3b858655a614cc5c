"""Three-word solutions of a box: how many there are, and the best of them, within a budget.

A chain of three words is counted when it solves the box without redundancy: neither its
first two nor its last two words already use every letter. Middle words are taken together,
a group for each (first, last) letter pair, since they share the words that may come before
and after them. Counting multiplies the number of words of each letter set out, never
listing. Listing keeps only the best ``limit`` chains found so far, by the one ranking key
of :func:`rank_order` (the rarer word's commonness, higher first; then fewer letters in all;
then alphabetical order), so the best N of a longer list are always the first N. It goes
tier by tier of commonness (every word at least 4.0, then 3.0, ...): once a tier holds
``limit`` chains, no chain with a rarer word can rank above them.

Both stop at the deadline: the count is then a lower bound and ``complete`` is False.
Whether some chain of two, three or four words solves a box at all is ``halves``' question.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .words import Words

COMMONNESS_TIERS = (4.0, 3.0, 2.0, 1.0, -1.0)  # for listing the best three-word chains first
LIST_ALL_BELOW = 20_000  # fewer chains than this are listed in one pass, without tiers
COUNTING_SHARE = 0.6  # of the budget; listing has the rest
_CELLS = 1 << 21  # booleans built at once (memory stays small whatever the box)


@dataclass(frozen=True, slots=True)
class ThreeWords:
    """``count`` non-redundant three-word chains (a lower bound when not ``complete``) and the
    ``best`` of them, best first, as lexicon indexes."""

    count: int
    best: tuple[tuple[int, int, int], ...]
    complete: bool


class _OutOfTime(Exception):
    pass


def rank_order(words: Words, chains: np.ndarray) -> np.ndarray:
    """The order, best first, of chains given as rows of word positions (into ``words``): the
    rarer word's commonness (higher first), then fewer letters in all, then alphabetical order."""
    columns = [words.alpha[chains[:, k]] for k in reversed(range(chains.shape[1]))]
    return np.lexsort((*columns, words.length[chains].sum(axis=1), -words.zipf[chains].min(axis=1)))


def three_word_solutions(words: Words, limit: int = 50, seconds: float | None = None) -> ThreeWords:
    """How many three-word chains solve the box without redundancy, and the best ``limit``."""
    start = time.monotonic()
    count_by = None if seconds is None else start + seconds * COUNTING_SHARE
    list_by = None if seconds is None else start + seconds
    total, counted = 0, True
    try:
        for found, _ in _middle_groups(words, None, count_by, listing=False):
            total += found
    except _OutOfTime:
        counted = False
    few = counted and total <= LIST_ALL_BELOW
    tiers = COMMONNESS_TIERS[-1:] if few else COMMONNESS_TIERS
    best, listed = np.zeros((0, 3), dtype=np.int64), True
    try:
        for floor in tiers:
            best, found = np.zeros((0, 3), dtype=np.int64), 0
            for _, chains in _middle_groups(words, floor, list_by, listing=True):
                found += len(chains)
                both = np.concatenate((best, chains))
                best = both[rank_order(words, both)[:limit]]
            if found >= limit:
                break
    except _OutOfTime:
        listed = False
    chains = tuple(tuple(words.index[row].tolist()) for row in best)
    return ThreeWords(total, chains, counted and listed)  # type: ignore[arg-type]


def _middle_groups(words: Words, floor: float | None, deadline: float | None, *, listing: bool):
    """For each block of middle words with the same first and last letter: the number of
    non-redundant chains through them, and (``listing``) those chains as word positions; only
    words of commonness >= floor when one is given."""
    allowed = np.ones(words.index.size, dtype=bool) if floor is None else words.zipf >= floor
    middles = np.flatnonzero(allowed)
    keys = words.first[middles] * 32 + words.last[middles]
    for key in np.unique(keys).tolist():
        group = middles[keys == key]
        before = np.flatnonzero((words.last == key // 32) & allowed)
        after = np.flatnonzero((words.first == key % 32) & allowed)
        if before.size == 0 or after.size == 0:
            continue
        if listing:
            yield from _listed(words, group, before, after, deadline)
        else:
            yield from _counted(words, group, before, after, deadline)


def _counted(words: Words, group: np.ndarray, before: np.ndarray, after: np.ndarray, deadline: float | None):
    ux, cx = np.unique(words.mask[before], return_counts=True)
    uy, cy = np.unique(words.mask[after], return_counts=True)
    for chunk, xs, ys in _tiles(group, ux.size, uy.size, deadline):
        need = (words.full & ~words.mask[chunk])[:, None, None]
        x, y = ux[None, xs, None] & need, uy[None, None, ys] & need
        ok = ((x | y) == need) & (x != need) & (y != need)
        yield int((ok * (cx[xs, None] * cy[None, ys])[None, :, :]).sum()), None


def _listed(words: Words, group: np.ndarray, before: np.ndarray, after: np.ndarray, deadline: float | None):
    for chunk, xs, ys in _tiles(group, before.size, after.size, deadline):
        need = (words.full & ~words.mask[chunk])[:, None, None]
        x, y = words.mask[before[xs]][None, :, None] & need, words.mask[after[ys]][None, None, :] & need
        m, a, c = np.nonzero(((x | y) == need) & (x != need) & (y != need))
        yield m.size, np.column_stack((before[xs][a], chunk[m], after[ys][c]))


def _tiles(group: np.ndarray, befores: int, afters: int, deadline: float | None):
    """Blocks (middle words, a slice of the words before, a slice of those after) of at most
    ``_CELLS`` combinations each, checking the deadline before each."""
    step_y = max(1, min(afters, _CELLS))
    step_x = max(1, min(befores, _CELLS // step_y))
    step_m = max(1, _CELLS // (step_x * step_y))
    for m in range(0, group.size, step_m):
        for x in range(0, befores, step_x):
            for y in range(0, afters, step_y):
                if deadline is not None and time.monotonic() > deadline:
                    raise _OutOfTime
                yield group[m:m + step_m], slice(x, x + step_x), slice(y, y + step_y)
