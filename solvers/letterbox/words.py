"""The playable words of a box as arrays, the shape every search over a box works on."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..letters import letter_codes
from ..lexicon import Lexicon
from .box import Box, playable


@dataclass(frozen=True, slots=True)
class Words:
    """The playable words of a box, as arrays: first and last letter (their position in
    ``box.letters``), the set of box letters used (a bit mask over ``box.letters``), each
    word's commonness, its length, and its place in alphabetical order among these words
    (so chains can be ranked by array operations alone)."""

    index: np.ndarray
    first: np.ndarray
    last: np.ndarray
    mask: np.ndarray
    full: int
    zipf: np.ndarray  # each word's commonness
    length: np.ndarray
    alpha: np.ndarray  # alphabetical rank

    @classmethod
    def of(cls, lexicon: Lexicon, box: Box) -> Words:
        index = playable(lexicon, box)
        size, codes = len(lexicon.alphabet), letter_codes(lexicon.alphabet)
        position = np.full(size + 1, -1, dtype=np.int64)
        for k, ch in enumerate(box.letters):
            position[codes[ch]] = k
        spell = lexicon.spellings[index]
        first = position[spell[:, 0]] if index.size else np.zeros(0, dtype=np.int64)
        last = position[spell[np.arange(index.size), lexicon.lengths[index] - 1]] if index.size else first
        mask = np.zeros(index.size, dtype=np.int64)
        for k, ch in enumerate(box.letters):
            mask |= (lexicon.counts[codes[ch], index] > 0).astype(np.int64) << k
        alpha = np.zeros(index.size, dtype=np.int64)
        if index.size:
            letters = (spell[:, :int(lexicon.lengths[index].max())].astype(np.int16) + 1) % (size + 1)  # padding first
            alpha[np.lexsort(letters.T[::-1])] = np.arange(index.size)  # the first column decides first
        return cls(index, first, last, mask, (1 << len(box.letters)) - 1, lexicon.zipf[index],
                   lexicon.lengths[index].astype(np.int64), alpha)


_BLOCK = 1024


def close_upward(table: np.ndarray) -> np.ndarray:
    """A table over letter sets (its length a power of two), in place and returned: each
    entry becomes the OR of the entries of every superset of its set, so that ``table[s]``
    answers "does some marked set hold every letter of ``s``?". One bit at a time, each entry
    of the bit's lower half takes its partner's in the upper half."""
    for bit in range(table.size.bit_length() - 1):
        halves = table.reshape(-1, 2, 1 << bit)
        halves[:, 0, :] |= halves[:, 1, :]
    return table


def maximal(masks: np.ndarray, check=None, *, limit: int | None = None) -> np.ndarray:
    """The indexes of the masks that are no strict subset of another (duplicates: the first),
    largest first; at most ``limit`` of them when given. ``check`` is called between blocks
    (a deadline's test). Sizes are taken from the largest down: two sets of one size never
    hold each other, so a set is maximal when no maximal set larger than it holds it."""
    if limit is not None and masks.size > 16 * limit:  # the largest sets only: a narrow search
        some = _largest(masks, 16 * limit)
        return some[maximal(masks[some], check, limit=limit)]
    distinct, first = np.unique(masks, return_index=True)
    sizes = np.bitwise_count(distinct).astype(np.int64)
    order = np.argsort(-sizes, kind="stable")
    distinct, first, sizes = distinct[order], first[order], sizes[order]
    if distinct.size <= _BLOCK // 4:  # few: each against all at once (distinct, so within another is strictly)
        within = (distinct[:, None] & ~distinct[None, :]) == 0
        np.fill_diagonal(within, False)
        found = first[~within.any(axis=1)]
        return found if limit is None else found[:limit]
    kept: list[np.ndarray] = []
    kept_masks = np.zeros(0, dtype=distinct.dtype)
    bounds = np.flatnonzero(np.diff(sizes)) + 1
    for start, stop in zip([0, *bounds.tolist()], [*bounds.tolist(), distinct.size], strict=True):
        alive = _outside(distinct[start:stop], kept_masks, check)
        kept.append(first[start:stop][alive])
        kept_masks = np.concatenate([kept_masks, distinct[start:stop][alive]])
        if limit is not None and kept_masks.size >= limit:
            break
    found = np.concatenate(kept) if kept else np.zeros(0, dtype=np.int64)
    return found if limit is None else found[:limit]


def _largest(masks: np.ndarray, count: int) -> np.ndarray:
    """The indexes of ``count`` of the largest masks: every mask larger than the smallest
    size taken, and the first ones of that size."""
    sizes = np.bitwise_count(masks)
    at_least = np.cumsum(np.bincount(sizes, minlength=64)[::-1])[::-1]  # how many have each size or more
    cut = int(np.flatnonzero(at_least >= count)[-1])
    larger = np.flatnonzero(sizes > cut)
    return np.concatenate([larger, np.flatnonzero(sizes == cut)[:count - larger.size]])


def _outside(masks: np.ndarray, holders: np.ndarray, check) -> np.ndarray:
    """For each mask: no holder holds all its letters. The largest holders come first and
    rule out most masks, so each block of holders meets only the masks still alive."""
    alive = np.ones(masks.size, dtype=bool)
    for k in range(0, holders.size, _BLOCK // 4):
        block = holders[None, k:k + _BLOCK // 4]
        left = np.flatnonzero(alive)
        for top in range(0, left.size, 4 * _BLOCK):
            if check is not None:
                check()
            rows = left[top:top + 4 * _BLOCK]
            alive[rows] = ~((masks[rows, None] & ~block) == 0).any(axis=1)
        if not alive.any():
            break
    return alive


def maximal_by(words: Words, key: np.ndarray) -> dict[int, np.ndarray]:
    """For each value of ``key`` (one per word: a first letter, a last letter, a pair of them):
    the positions of the words whose letter sets are maximal among the words of that value,
    one word for each such set (the most common). A chain that solves the box stays a
    solution when a word is swapped for one with the same key and more letters, so these
    words are enough to decide whether a chain of some length exists."""
    order = np.lexsort((-words.zipf, words.mask, key))
    order = order[np.r_[True, (key[order][1:] != key[order][:-1]) | (words.mask[order][1:] != words.mask[order][:-1])]]
    groups = np.split(order, np.flatnonzero(np.diff(key[order])) + 1) if order.size else []
    return {int(key[group[0]]): group[maximal(words.mask[group])] for group in groups}
