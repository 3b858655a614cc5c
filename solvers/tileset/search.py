"""The bookkeeping of the swap search: the exact gain of every swap, kept up to date."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .problem import Problem, _distinct, _expand


class _Search:
    """Bookkeeping for swapping tiles in and out of a set of ``n`` tiles.

    Works on the spellings of at most ``n`` tiles and on the tiles they use (compact ids).
    For each spelling: ``miss`` (how many of its tiles are not in the set) and ``msum`` (the
    sum of their ids, so the missing tile itself when ``miss == 1``). Then, for the current
    set S, for r in S (by slot) and t not in S:

    - ``L[r]``: formable words every formable spelling of which uses r (lost if r goes);
    - ``A[t]``: words not formable with a spelling missing only t (made if t comes);
    - ``C[r, t]``: of those, the words whose every spelling missing only t uses r;
    - ``D[r, t]``: words counted in ``L[r]`` with a spelling missing only t that avoids r;

    so swapping r out and t in changes the word count by ``A[t] - L[r] - C[r, t] + D[r, t]``
    (D is only ever non-zero under ``either``). A swap updates only the words of r and t
    whose spellings miss at most 2 tiles: a spelling missing 2 or more before and after
    the swap contributes to nothing.
    """

    def __init__(self, problem: Problem, n: int) -> None:
        keep = np.flatnonzero(problem.need <= n)
        used = np.unique(problem.spelling_tiles[_expand(problem.spelling_ptr[keep], problem.need[keep])])
        self.problem, self.n = problem, n
        self.tile_ids = used  # compact tile id -> problem tile id
        compact = np.full(len(problem.tiles), -1, dtype=np.int64)
        compact[used] = np.arange(used.size)
        self.compact = compact
        need = problem.need[keep]
        self.need = need
        self.ptr = np.concatenate(([0], np.cumsum(need))).astype(np.int64)
        self.tiles = compact[problem.spelling_tiles[_expand(problem.spelling_ptr[keep], need)]]
        self.word = problem.word_of[keep]
        renumber = np.full(problem.spellings, -1, dtype=np.int64)
        renumber[keep] = np.arange(keep.size)
        partner = problem.partner[keep]
        self.partner = np.where(partner >= 0, renumber[np.maximum(partner, 0)], -1)
        self.two = self.partner >= 0
        self.has_two = bool(self.two.any())
        self.u = used.size
        owner = np.repeat(np.arange(keep.size, dtype=np.int64), need)
        by_tile = np.argsort(self.tiles, kind="stable")
        self.tile_spellings = owner[by_tile]
        self.tile_ptr = np.concatenate(([0], np.cumsum(np.bincount(self.tiles, minlength=self.u)))).astype(np.int64)
        self.owner = owner

    # state ------------------------------------------------------------------------------

    def start(self, members: Iterable[int]) -> None:
        """Set the tiles (compact ids, exactly n distinct) and compute everything from scratch."""
        members = list(members)
        self.members = np.array(members, dtype=np.int64)
        self.slot = np.full(self.u, -1, dtype=np.int64)
        self.slot[self.members] = np.arange(self.n)
        self.in_s = self.slot >= 0
        out = ~self.in_s[self.tiles]
        self.miss = np.add.reduceat(out.astype(np.int64), self.ptr[:-1]) if self.need.size else np.zeros(0, np.int64)
        self.msum = np.add.reduceat(np.where(out, self.tiles, 0), self.ptr[:-1]) if self.need.size \
            else np.zeros(0, np.int64)
        self.A = np.zeros(self.u, dtype=np.int64)
        self.L = np.zeros(self.u, dtype=np.int64)
        self.C = np.zeros((self.n, self.u), dtype=np.int64)
        self.D = np.zeros((self.n, self.u), dtype=np.int64) if self.has_two else None
        singles = np.flatnonzero(~self.two)
        firsts = np.flatnonzero(self.two & (self.partner > np.arange(self.need.size)))
        self.value = self._contribute(singles, firsts, +1)

    def formable_count(self) -> int:
        return self.value

    def gains(self) -> np.ndarray:
        """The change in word count of every swap: rows are slots (tiles out), columns tiles in."""
        g = self.A[None, :] - self.L[self.members][:, None] - self.C
        if self.D is not None:
            g = g + self.D
        return g

    def swap(self, r: int, t: int) -> int:
        """Take compact tile r out of the set and put t in its slot; returns the new count."""
        vr = self.tile_spellings[self.tile_ptr[r]:self.tile_ptr[r + 1]]
        vt = self.tile_spellings[self.tile_ptr[t]:self.tile_ptr[t + 1]]
        touched = np.concatenate((vr[self.miss[vr] <= 1], vt[self.miss[vt] <= 2]))
        if self.has_two:
            pair = self.two[touched]
            firsts = _distinct(np.minimum(touched[pair], self.partner[touched[pair]]))
            singles = _distinct(touched[~pair])
        else:
            singles, firsts = _distinct(touched), touched[:0]
        before = self._contribute(singles, firsts, -1)
        self.miss[vr] += 1
        self.msum[vr] += r
        self.miss[vt] -= 1
        self.msum[vt] -= t
        s = self.slot[r]
        self.slot[r], self.slot[t] = -1, s
        self.in_s[r], self.in_s[t] = False, True
        self.members[s] = t
        after = self._contribute(singles, firsts, +1)
        self.value += after - before
        return self.value

    def _contribute(self, singles: np.ndarray, firsts: np.ndarray, sign: int) -> int:
        """Add (sign +1) or remove (-1) the contributions of some words to A, L, C, D; returns
        how many of them are formable. ``singles``: words of one spelling (by spelling id);
        ``firsts``: words of two spellings, by their lower spelling id."""
        miss, ptr, tiles = self.miss, self.ptr, self.tiles
        made = 0
        if singles.size:
            f0 = singles[miss[singles] == 0]
            made += f0.size
            if f0.size:
                self.L += sign * np.bincount(tiles[_expand(ptr[f0], self.need[f0])], minlength=self.u)
            f1 = singles[miss[singles] == 1]
            if f1.size:
                m = self.msum[f1]
                self.A += sign * np.bincount(m, minlength=self.u)
                at = _expand(ptr[f1], self.need[f1])
                t_all = tiles[at]
                m_all = np.repeat(m, self.need[f1])
                keep = t_all != m_all
                np.add.at(self.C.reshape(-1), self.slot[t_all[keep]] * self.u + m_all[keep], sign)
        for a in firsts.tolist():
            made += self._contribute_two(a, int(self.partner[a]), sign)
        return made

    def _contribute_two(self, a: int, b: int, sign: int) -> int:
        """The contributions of a word with spellings a and b (the rule in the class docstring)."""
        miss, msum, ptr, tiles = self.miss, self.msum, self.ptr, self.tiles
        ma, mb = int(miss[a]), int(miss[b])
        if ma > 1 and mb > 1:
            return 0
        ta = set(tiles[ptr[a]:ptr[a + 1]].tolist())
        tb = set(tiles[ptr[b]:ptr[b + 1]].tolist())
        slot = self.slot
        if ma == 0 or mb == 0:
            common = ta & tb if ma == mb == 0 else (ta if ma == 0 else tb)
            for r in common:
                self.L[r] += sign
            if (ma, mb) in ((0, 1), (1, 0)):
                other, t = (tb, int(msum[b])) if ma == 0 else (ta, int(msum[a]))
                for r in common - other:
                    self.D[slot[r], t] += sign
            return 1
        near = [(int(msum[v]), tv) for v, m, tv in ((a, ma, ta), (b, mb, tb)) if m == 1]
        if len(near) == 2 and near[0][0] == near[1][0]:
            t = near[0][0]
            self.A[t] += sign
            for r in (near[0][1] & near[1][1]) - {t}:
                self.C[slot[r], t] += sign
        else:
            for t, tv in near:
                self.A[t] += sign
                for r in tv - {t}:
                    self.C[slot[r], t] += sign
        return 0
