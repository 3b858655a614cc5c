"""Whether some chain of four words solves a (big) box, exactly, and such a chain.

A chain of four words is a pair (first, second) joined to a pair (third, fourth): the second
word ends with the letter the third begins with. A word may be swapped for one with the same
first and last letter and more letters (``words.maximal_by``), so the first word is one of
the maximal words ending with the second's first letter, the two middle words are maximal for
their (first, last) letters, and the fourth is maximal among the words starting with the
third's last letter. For each joining letter x: the letter sets of the pairs ending with x
(the front halves) and of the pairs starting with x (the back halves), each set once; then
"does some front half and some back half use every letter?" is a two-set cover, split by a
letter rare in the halves (the half with it is in front, or else it is behind), again while
that pays, and tried at once when few combinations are left.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .words import Words

_DIRECT = 1 << 16  # combinations (front, back) few enough to try at once rather than split further
_AT_ONCE = 1 << 20  # combinations built at once


def four_cover(words: Words, ends: dict, starts: dict, middles: dict, check: Callable[[], None]) -> tuple[int, ...]:
    """Four words that use every letter (positions into ``words``), or (). ``ends``,
    ``starts`` and ``middles``: the maximal words by last letter, first letter and both;
    ``check`` is called between blocks (a deadline's test)."""
    letters = 1 << np.arange(int(words.full).bit_length(), dtype=np.int64)
    by_first: dict[int, list[int]] = {}
    by_last: dict[int, list[int]] = {}
    for key in middles:
        by_first.setdefault(key // 32, []).append(key)
        by_last.setdefault(key % 32, []).append(key)
    front_blocks = {x: [(ends.get(k // 32), middles[k]) for k in keys] for x, keys in by_last.items()}
    back_blocks = {x: [(middles[k], starts.get(k % 32)) for k in keys] for x, keys in by_first.items()}
    fronts = {x: _halves(words, blocks, check) for x, blocks in front_blocks.items()}
    backs = {x: _halves(words, blocks, check) for x, blocks in back_blocks.items()}
    need = int(words.full).bit_count()
    best = {x: int(np.bitwise_count(fronts[x]).max(initial=0)) + int(np.bitwise_count(backs[x]).max(initial=0))
            for x in fronts if x in backs}
    for x in sorted(best, key=lambda x: -best[x]):
        if best[x] < need:
            break
        a, b = fronts[x], backs[x]  # each side: only the sets with at least what the other's best leaves
        a = np.unique(a[np.bitwise_count(a) >= need - int(np.bitwise_count(b).max())])
        b = np.unique(b[np.bitwise_count(b) >= need - int(np.bitwise_count(a).max(initial=0))])
        found = _cover(a, b, int(words.full), letters, check, 0)
        if found is not None:
            return _making(words, front_blocks[x], a[found[0]]) + _making(words, back_blocks[x], b[found[1]])
    return ()


def _halves(words: Words, blocks: list, check: Callable[[], None]) -> np.ndarray:
    """The letter sets of the pairs (one word of a block's first group, then one of its second)."""
    masks = [np.zeros(0, dtype=np.int64)]
    for one, two in blocks:
        if one is not None and two is not None:
            check()
            masks.append((words.mask[one][:, None] | words.mask[two][None, :]).ravel())
    return np.concatenate(masks)


def _making(words: Words, blocks: list, mask: int) -> tuple[int, int]:
    """A pair of the blocks whose letter set is ``mask`` (positions of the two words)."""
    for one, two in blocks:
        if one is not None and two is not None:
            i, j = np.nonzero((words.mask[one][:, None] | words.mask[two][None, :]) == mask)
            if i.size:
                return int(one[i[0]]), int(two[j[0]])
    raise AssertionError("a letter set of the halves was made by some pair")


def _cover(a: np.ndarray, b: np.ndarray, full: int, letters: np.ndarray, check: Callable[[], None],
           depth: int) -> tuple[int, int] | None:
    """(i, j) with ``a[i] | b[j] == full``, or None. Each side keeps only the sets with at
    least the letters the best of the other cannot give; then, while it pays, split by the
    letter that leaves the fewest combinations: a front half with it, or a back half with it."""
    need = full.bit_count()
    ca, cb = np.bitwise_count(a), np.bitwise_count(b)
    if a.size == 0 or b.size == 0 or int(ca.max()) + int(cb.max()) < need:
        return None
    ia = np.flatnonzero(ca >= need - int(cb.max()))
    ib = np.flatnonzero(cb >= need - int(ca[ia].max()))
    a, b = a[ia], b[ib]
    pairs = a.size * b.size
    if pairs > _DIRECT and depth < 12:
        check()
        has_a, has_b = (a[:, None] & letters[None, :]) != 0, (b[:, None] & letters[None, :]) != 0
        na, nb = has_a.sum(axis=0), has_b.sum(axis=0)
        cost = na * b.size + (a.size - na) * nb
        rare = int(np.argmin(cost))
        if cost[rare] < pairs // 2:
            inside, behind = has_a[:, rare], has_b[:, rare]
            found = _cover(a[inside], b, full, letters, check, depth + 1)
            if found is not None:
                return int(ia[np.flatnonzero(inside)[found[0]]]), int(ib[found[1]])
            found = _cover(a[~inside], b[behind], full, letters, check, depth + 1)
            if found is not None:
                return int(ia[np.flatnonzero(~inside)[found[0]]]), int(ib[np.flatnonzero(behind)[found[1]]])
            return None
    rows = max(1, _AT_ONCE // b.size)
    for top in range(0, a.size, rows):
        check()
        hits = np.argwhere((a[top:top + rows, None] | b[None, :]) == full)
        if hits.size:
            return int(ia[top + hits[0, 0]]), int(ib[hits[0, 1]])
    return None
