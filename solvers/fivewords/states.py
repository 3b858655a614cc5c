"""The five-words search's batches of states (sparse bitsets, with links back to the ways that
reach them) and the array operations the walk does on them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .index import _BLOCK_FLAGS, BLOCK_WORDS, _offsets, _sorted_order, _words


@dataclass(slots=True, eq=False)
class _States:
    """A batch of search states: their candidate bitsets, letters used, letters each may still
    leave out, how many ways (sequences of chosen masks) lead to each, and the sum over those
    ways of the product of their masks' group sizes (the sets of words they stand for).

    A state's bitset is stored sparse, as its nonzero blocks only: the *entries*
    ``offsets[i]:offsets[i + 1]`` of ``block`` (the block's number in the bitset, ascending) and
    ``bits`` (the block) are state i's. Every state has a candidate, so at least one entry.

    A state is its letters used (its candidates are all the masks disjoint from them), so the
    ways that reach the same letters are one state; ``links`` says where they come from (None
    for the root)."""

    offsets: np.ndarray  # (N + 1,) intp
    block: np.ndarray  # (E,) intp
    bits: np.ndarray  # (E,) _BLOCK
    used: np.ndarray  # (N,) int64
    skips: np.ndarray  # (N,) int64
    ways: np.ndarray  # (N,) int64
    weight: np.ndarray  # (N,) int64
    links: _Links | None = None

    def __len__(self) -> int:
        return self.used.size

    def between(self, start: int, stop: int) -> _States:
        """States ``start`` to ``stop - 1``."""
        stop = min(stop, len(self))
        first, last = int(self.offsets[start]), int(self.offsets[stop])
        links = self.links
        if links is not None:
            a, b = int(links.starts[start]), int(links.starts[stop])
            links = _Links(links.back, links.starts[start:stop + 1] - a, links.row[a:b],
                           None if links.mask is None else links.mask[a:b])
        return _States(self.offsets[start:stop + 1] - first, self.block[first:last], self.bits[first:last],
                       self.used[start:stop], self.skips[start:stop], self.ways[start:stop],
                       self.weight[start:stop], links)

    def paths(self, rows: np.ndarray, most: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Every way to the states ``rows`` (or the first ``most``): for each, its state (a
        position in ``rows``) and its masks in the order chosen, as an array (ways, depth). In
        order of the rows, then of their links, then of those links' own links, and so on back
        to the root (so the first ways come from the first links at every step)."""
        owner = np.arange(rows.size)
        columns: list[np.ndarray] = []
        links = self.links
        while links is not None:
            positions, counts, _ = _spread(links.starts, rows)
            if most is not None and positions.size > most:
                positions, counts = positions[:most], np.diff(np.minimum(_offsets(counts), most))
            owner = np.repeat(owner, counts)
            columns = [np.repeat(column, counts) for column in columns]
            if links.mask is not None:
                columns.append(links.mask[positions])
            rows = links.row[positions]
            links = links.back
        masks = np.stack(columns[::-1], axis=1) if columns else np.zeros((owner.size, 0), dtype=np.intp)
        return owner, masks


@dataclass(slots=True, eq=False)
class _Links:
    """How the states of a batch were reached: state i's ways come through the links
    ``starts[i]:starts[i + 1]``, each from state ``row`` of the batch before, whose own links
    are ``back``, and choosing the mask ``mask`` there (None for a batch made by leaving a
    letter out). Only these are kept of earlier batches, not their bitsets."""

    back: _Links | None
    starts: np.ndarray  # (N + 1,) intp
    row: np.ndarray  # (M,) intp
    mask: np.ndarray | None  # (M,) intp


def _spread(offsets: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The runs ``offsets[k]:offsets[k + 1]`` for k in ``rows`` laid end to end: the positions
    they cover, each run's length, and where each starts once laid."""
    first = offsets[rows]
    lengths = offsets[rows + 1] - first
    starts = np.cumsum(lengths) - lengths
    positions = np.repeat(first - starts, lengths)
    positions += np.arange(positions.size)
    return positions, lengths, starts


def _prune(bits: np.ndarray, lengths: np.ndarray, starts: np.ndarray,
           need: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Of states whose entries are laid end to end (state k's ``lengths[k]`` entries from
    ``starts[k]``, none empty), those with at least ``need`` candidates: their numbers, the
    positions of their entries that are not zero, and how many each keeps."""
    ones = np.bitwise_count(_words(bits))
    alive = np.add.reduceat(ones, starts * BLOCK_WORDS, dtype=np.int32) >= need
    survivors = np.flatnonzero(alive)
    if survivors.size == 0:
        return survivors, survivors, survivors
    keep = np.repeat(alive, lengths)
    keep &= ones.view(_BLOCK_FLAGS) != 0
    # (a survivor's run of ``keep`` reaches the next survivor's: the runs between are all False)
    return survivors, np.flatnonzero(keep), np.add.reduceat(keep, starts[survivors], dtype=np.intp)


def _group_sums(values: np.ndarray, heads: np.ndarray) -> np.ndarray:
    """The sum of each group of ``values``, the groups being consecutive runs that start at
    ``heads`` (the first at 0) and cover the array (faster than np.add.reduceat for many small runs)."""
    return np.diff(np.cumsum(values)[np.append(heads[1:], values.size) - 1], prepend=0)


def _groups(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The positions of ``keys`` grouped by value (a stable sort), where each group starts in
    that order (and the end), and each group's value, ascending."""
    order = _sorted_order(keys)
    ordered = keys[order]
    heads = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    return order, np.append(heads, order.size), ordered[heads]
