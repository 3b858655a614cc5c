"""A proven upper bound on the words any N tiles make."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np

from .problem import Problem, _expand, check_tiles


def upper_bound(problem: Problem, tiles: int, deep: int = 6) -> int | None:
    """A number of words no set of ``tiles`` tiles can beat, proved as follows.

    Count spellings rather than words (a word counts only if one of its spellings is
    made, so words <= spellings made). For a set S of N tiles, each spelling X made (X a
    subset of S, m = |X| tiles) splits into shares 1/m, one per tile, and each share of
    tile t in a spelling of m >= 2 tiles splits again into 1/(m-1) per other tile u of X:

        made(S) = sum over t in S of h_t(S),
        h_t(S) = w(t) + sum over u in S, u != t of g_tu(S),
        g_tu(S) = sum over m >= 2 of c_m(t, u, S) / (m (m - 1)),

    where w(t) is the number of one-tile spellings {t} and c_m(t, u, S) the number of
    m-tile spellings containing t and u made by S. Bound each c_m whatever S is: for m = 2
    it is the count of spellings {t, u}; for m = 3 at most the N - 2 largest counts of
    spellings {t, u, v} over v; for m >= 4 at most the count of m-tile spellings holding t
    and u, and at most C(N - 2, m - 2) times the most spellings sharing one tile set. So
    g_tu <= G(t, u), h_t <= H(t) = w(t) + (sum of the N - 1 largest G(t, u) over u), and
    made(S) <= the sum of the N largest H(t). A second bound: the spellings of m tiles made
    by S have at most C(N, m) different tile sets, so they number at most the C(N, m)
    largest counts of m-tile sets, and at most the m-tile spellings there are; sum over m.
    The smaller of the two (and of the number of words with a spelling of at most N tiles)
    is returned, rounded down. It is loose when long words through common tiles abound.
    """
    n = check_tiles(tiles)
    keep = problem.need <= n
    if not keep.any():
        return 0
    count = len(problem.tiles)
    rows = {}
    for m in np.unique(problem.need[keep]).tolist():
        sel = np.flatnonzero(problem.need == m)
        rows[m] = problem.spelling_tiles[_expand(problem.spelling_ptr[sel],
                                                 problem.need[sel])].reshape(-1, m).astype(np.int64)
    # second bound: per number of tiles, the C(N, m) commonest tile sets
    by_sets = 0
    most = {}
    for m, r in rows.items():
        keys = _row_keys(r, count)
        weights = np.sort(np.unique(keys, return_counts=True)[1])[::-1]
        most[m] = int(weights[0])
        by_sets += int(weights[: _comb(n, m)].sum())
    # first bound: shares through tiles and pairs of tiles
    single = np.bincount(rows[1][:, 0], minlength=count).astype(np.float64) if 1 in rows else np.zeros(count)
    pair_keys, pair_values = [], []
    for m, r in rows.items():
        if m < 2:
            continue
        if m == 2:
            pair_keys.append(r[:, 0] * count + r[:, 1])
            pair_values.append(np.full(r.shape[0], 0.5))
            continue
        cap = _comb(n - 2, m - 2) * most[m]
        pairs = [(i, j) for i, j in combinations(range(m), 2)]
        keys = np.concatenate([r[:, i] * count + r[:, j] for i, j in pairs])
        uniq, cnt = np.unique(keys, return_counts=True)
        bound_m = np.minimum(cnt, cap).astype(np.float64)
        if m <= deep:
            # through a third tile v: c_m(t, u) <= (1 / (m - 2)) * sum over the N - 2 best v of
            # min(spellings holding t, u and v, C(N - 3, m - 3) * most)
            triples = [(i, j, k) for i, j in pairs for k in range(m) if k not in (i, j)]
            a = np.concatenate([r[:, i] for i, _, _ in triples])
            b = np.concatenate([r[:, j] for _, j, _ in triples])
            c = np.concatenate([r[:, k] for _, _, k in triples])
            through, weight = _top_per_pair(a, b, c, count, n - 2, _comb(n - 3, m - 3) * most[m])
            at = np.searchsorted(uniq, through)
            bound_m[at] = np.minimum(bound_m[at], weight / (m - 2))
        pair_keys.append(uniq)
        pair_values.append(bound_m / (m * (m - 1)))
    if pair_keys:
        keys = np.concatenate(pair_keys)
        uniq, where = np.unique(keys, return_inverse=True)
        g = np.bincount(where, weights=np.concatenate(pair_values))
        a, b = uniq // count, uniq % count  # G is symmetric: use both directions
        ends = np.concatenate((a, b))
        vals = np.concatenate((g, g))
        order = np.lexsort((-vals, ends))
        ends, vals = ends[order], vals[order]
        first = np.searchsorted(ends, ends, side="left")
        rank = np.arange(ends.size) - first
        top = rank < n - 1
        h = single + np.bincount(ends[top], weights=vals[top], minlength=count)
    else:
        h = single
    by_tiles = float(np.sort(h)[::-1][:n].sum())
    return min(int(math.floor(by_tiles + 1e-6)), by_sets, problem.usable_words(n))


def _comb(n: int, k: int) -> int:
    """C(n, k), capped well inside int64 (a cap that large never binds: it only avoids overflow)."""
    return min(math.comb(n, k), 2**40)


def _row_keys(rows: np.ndarray, count: int) -> np.ndarray:
    """One integer per row of sorted tile ids (a tile set), equal rows giving equal keys."""
    if rows.shape[1] * math.log2(max(count, 2)) < 62:
        keys = np.zeros(rows.shape[0], dtype=np.int64)
        for column in range(rows.shape[1]):
            keys = keys * count + rows[:, column]
        return keys
    return np.unique(rows, axis=0, return_inverse=True)[1].reshape(-1)


def _top_per_pair(a: np.ndarray, b: np.ndarray, c: np.ndarray, count: int, keep: int,
                  cap: int) -> tuple[np.ndarray, np.ndarray]:
    """For each pair (a, b) (as the key a * count + b): the sum of the ``keep`` largest counts
    of the triples (a, b, c) over c, each count at most ``cap``."""
    triple = (a * count + b) * count + c
    uniq, weight = np.unique(triple, return_counts=True)
    weight = np.minimum(weight, cap)
    pair = uniq // count
    order = np.lexsort((-weight, pair))
    pair, weight = pair[order], weight[order]
    rank = np.arange(pair.size) - np.searchsorted(pair, pair, side="left")
    top = rank < keep
    out, where = np.unique(pair[top], return_inverse=True)
    return out, np.bincount(where, weights=weight[top]).astype(np.float64)
