"""Whether some chain of two, three or four words solves a (big) box, exactly, and such a chain.

A chain is two halves joined at a letter x: a word ending with x then one starting with x
(two words); a pair of words (first, second) ending with x, then one word starting with x
(three words) or a pair (third, fourth) starting with x (four words). A word may be swapped
for one with the same first and last letter and more letters (``words.maximal_by``), so the
first word is one of the maximal words ending with the second's first letter, the words in
the middle are maximal for their (first, last) letters, and the last word is maximal among
the words starting with its first letter. For each x, the front halves must meet the back
halves in a two-set cover: some front and some back that together use every letter.

Most halves fail on the box's rarest letters, so those are tested first, on a table: seen
through the ``RARE_LETTERS`` rarest letters (x left out: every half has it), a front half is
kept only when some back half holds every rare letter it lacks (a lookup in a table of the
back halves' rare-letter sets, closed under subsets), then the back halves are kept the same
way against the fronts kept. The words of a group are taken by their distinct rare-letter
sets, so a table costs a few thousand combinations, not millions of pairs. The few halves
kept are then met as a two-set cover over every letter, split by a letter rare in them (the
half with it is in front, or else it is behind) while that pays, and tried at once when few
combinations are left.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .words import Words, close_upward

RARE_LETTERS = 12  # letters the first test looks at: its tables hold 2**12 letter sets
_DIRECT = 1 << 16  # combinations (front, back) few enough to try at once rather than split further
_AT_ONCE = 1 << 20  # combinations built at once

_Group = tuple[tuple[str, int], np.ndarray]  # a name for a group of words, and their positions
_Block = tuple[_Group, ...]  # halves made of one word of each group, in order
_Joins = dict[int, tuple[list[_Block], list[_Block]]]  # for each joining letter: front blocks, back blocks


def two_cover(words: Words, ends: dict, starts: dict, middles: dict, check: Callable[[], None]) -> tuple[int, ...]:
    """Two words that use every letter (positions into ``words``), or (). ``ends``,
    ``starts`` and ``middles``: the maximal words by last letter, first letter and both;
    ``check`` is called between blocks (a deadline's test)."""
    joins = {x: ([((("end", x), ends[x]),)], [((("start", x), starts[x]),)]) for x in ends if x in starts}
    return _meet(words, joins, _rarest_first(words, [*ends.values(), *starts.values(), *middles.values()]), check)


def three_cover(words: Words, ends: dict, starts: dict, middles: dict, check: Callable[[], None]) -> tuple[int, ...]:
    """Three words that use every letter, or (); as :func:`two_cover`."""
    fronts = _front_blocks(ends, middles)
    joins = {x: (blocks, [((("start", x), starts[x]),)]) for x, blocks in fronts.items() if x in starts}
    return _meet(words, joins, _rarest_first(words, [*ends.values(), *starts.values(), *middles.values()]), check)


def four_cover(words: Words, ends: dict, starts: dict, middles: dict, check: Callable[[], None]) -> tuple[int, ...]:
    """Four words that use every letter, or (); as :func:`two_cover`."""
    fronts, backs = _front_blocks(ends, middles), _back_blocks(middles, starts)
    joins = {x: (fronts[x], backs[x]) for x in fronts if x in backs}
    return _meet(words, joins, _rarest_first(words, [*ends.values(), *starts.values(), *middles.values()]), check)


def _front_blocks(ends: dict, middles: dict) -> dict[int, list[_Block]]:
    """For each letter x: the blocks of pairs ending with x (a word ending with y, then a
    middle word from y to x)."""
    blocks: dict[int, list[_Block]] = {}
    for key, middle in middles.items():
        if key // 32 in ends:
            blocks.setdefault(key % 32, []).append(((("end", key // 32), ends[key // 32]), (("middle", key), middle)))
    return blocks


def _back_blocks(middles: dict, starts: dict) -> dict[int, list[_Block]]:
    """For each letter x: the blocks of pairs starting with x (a middle word from x to z,
    then a word starting with z)."""
    blocks: dict[int, list[_Block]] = {}
    for key, middle in middles.items():
        if key % 32 in starts:
            blocks.setdefault(key // 32, []).append(((("middle", key), middle),
                                                     (("start", key % 32), starts[key % 32])))
    return blocks


def _meet(words: Words, joins: _Joins, rarest: list[int], check: Callable[[], None]) -> tuple[int, ...]:
    """The words of a front half and a back half joined at some letter that together use
    every letter, or ()."""
    full = int(words.full)
    letters = 1 << np.arange(full.bit_length(), dtype=np.int64)
    views: dict[tuple[int, ...], _RareView] = {}
    for x, (front_blocks, back_blocks) in joins.items():
        rare = tuple(letter for letter in rarest if letter != x)[:RARE_LETTERS]
        if rare not in views:
            views[rare] = _RareView(words.mask, rare)
        view = views[rare]
        fronts = _kept(view, front_blocks, view.table(_block_sets(view, back_blocks)), check)
        backs = _kept(view, back_blocks, view.table(np.bitwise_or.reduce(view.of[fronts], axis=1)), check)
        if len(fronts) == 0 or len(backs) == 0:
            continue
        a, ia = np.unique(np.bitwise_or.reduce(words.mask[fronts], axis=1), return_index=True)
        b, ib = np.unique(np.bitwise_or.reduce(words.mask[backs], axis=1), return_index=True)
        found = _cover(a, b, full, letters, check, 0)
        if found is not None:
            return (*fronts[ia[found[0]]].tolist(), *backs[ib[found[1]]].tolist())
    return ()


def _rarest_first(words: Words, groups: list[np.ndarray]) -> list[int]:
    """The box's letters, the rarest among the given words first."""
    used = words.mask[np.unique(np.concatenate([np.zeros(0, dtype=np.int64), *groups]))]
    counts = [int(np.count_nonzero(used >> letter & 1)) for letter in range(int(words.full).bit_length())]
    return sorted(range(len(counts)), key=counts.__getitem__)


class _RareView:
    """The words seen through a few rare letters: each word's set of them (a number below
    ``2**len(letters)``), and each group's distinct sets with the set of each of its words."""

    def __init__(self, masks: np.ndarray, letters: tuple[int, ...]) -> None:
        self.all = (1 << len(letters)) - 1
        self.of = np.zeros(masks.size, dtype=np.int64)
        for k, letter in enumerate(letters):
            self.of |= (masks >> letter & 1) << k
        self._groups: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = {}

    def sets(self, key: tuple[str, int], group: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The distinct rare-letter sets of a group's words, and which of them each word has."""
        if key not in self._groups:
            self._groups[key] = np.unique(self.of[group], return_inverse=True)
        return self._groups[key]

    def table(self, sets: np.ndarray) -> np.ndarray:
        """``table[needed]``: some of the sets holds every rare letter of ``needed``."""
        table = np.zeros(self.all + 1, dtype=bool)
        table[sets] = True
        return close_upward(table)


def _block_sets(view: _RareView, blocks: list[_Block]) -> np.ndarray:
    """The distinct rare-letter sets of the halves of the blocks."""
    sets = [np.zeros(0, dtype=np.int64)]
    for block in blocks:
        first = view.sets(*block[0])[0]
        sets.append(first if len(block) == 1 else (first[:, None] | view.sets(*block[1])[0][None, :]).ravel())
    return np.unique(np.concatenate(sets))


def _kept(view: _RareView, blocks: list[_Block], other: np.ndarray, check: Callable[[], None]) -> np.ndarray:
    """The halves of the blocks (rows of the positions of their words) that some half of the
    other side completes on the rare letters: ``other`` is that side's table."""
    kept = [np.zeros((0, len(blocks[0])), dtype=np.int64)]
    for block in blocks:
        check()
        one, (sets_one, of_one) = block[0][1], view.sets(*block[0])
        if len(block) == 1:
            kept.append(one[other[view.all & ~sets_one][of_one]][:, None])
            continue
        two, (sets_two, of_two) = block[1][1], view.sets(*block[1])
        ok = other[view.all & ~(sets_one[:, None] | sets_two[None, :])]
        rows, columns = np.flatnonzero(ok.any(axis=1)[of_one]), np.flatnonzero(ok.any(axis=0)[of_two])
        i, j = np.nonzero(ok[of_one[rows]][:, of_two[columns]])
        kept.append(np.column_stack((one[rows[i]], two[columns[j]])))
    return np.concatenate(kept)


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
