"""The published subtractive greedy."""

from __future__ import annotations

import numpy as np

from ..lexicon import Lexicon
from .problem import Problem, Tileset, _expand, _problem, check_tiles

# --- the published greedy -------------------------------------------------------------------


def greedy(source: Lexicon | Problem, tiles: int = 20, size: int | None = None, odd: str | None = None) -> Tileset:
    """The published subtractive greedy, exactly.

    Start from every tile (``Problem.tiles``: all 26**k letter tiles, plus the padded ones
    the policy allows), each knowing the words that need it. While more than ``tiles``
    remain, remove the tile whose removal loses the fewest words that are still formable;
    ties go to the tile first in string order (``.`` < ``a`` < ... < ``z``). A word is
    formable while some spelling of it has all its tiles left (under ``either`` a word is
    lost when its last formable spelling goes). Every word is seen, including words needing
    more than ``tiles`` tiles. Incremental bookkeeping: each tile's loss is kept up to date
    as spellings die, so a step costs an argmin plus the dying spellings' tiles.
    """
    problem = _problem(source, size, odd)
    n = check_tiles(tiles, problem.size, problem.odd)
    chosen = _greedy_ids(problem, n)
    return Tileset(tuple(problem.tiles[i] for i in chosen), len(problem.words_of(chosen)))


def _greedy_ids(problem: Problem, n: int) -> list[int]:
    count = len(problem.tiles)
    alive = np.ones(problem.spellings, dtype=bool)
    ptr, tiles = problem.spelling_ptr, problem.spelling_tiles
    partner = problem.partner
    two = partner >= 0
    # loss[t]: formable words every formable spelling of which needs t. With every tile
    # present all spellings are formable; a word with two spellings loses t only if both need t.
    single = np.flatnonzero(~two)
    loss = np.bincount(tiles[_expand(ptr[single], problem.need[single])], minlength=count).astype(np.int64)
    if two.any():
        first = np.flatnonzero(two & (partner > np.arange(problem.spellings)))
        loss += np.bincount(_common_tiles(problem, first, partner[first]), minlength=count)
    present = np.ones(count, dtype=bool)
    big = np.iinfo(np.int64).max
    for _ in range(max(0, count - n)):
        t = int(np.argmin(np.where(present, loss, big)))
        present[t] = False
        hit = problem.tile_spellings[problem.tile_ptr[t]:problem.tile_ptr[t + 1]]
        hit = hit[alive[hit]]
        if hit.size == 0:
            continue
        alive[hit] = False
        paired = two[hit]
        # a word that lived on this spelling alone is lost: each of its tiles loses it
        solo = hit[~paired]
        if paired.any():
            v = hit[paired]
            w = partner[v]
            solo = np.concatenate((solo, v[~alive[w] & ~np.isin(w, v)]))
            # a word that lived on both spellings, lost t on both (both died now): its
            # common tiles lose it; counted once, from the lower spelling
            both = v[np.isin(w, v) & (v < w)]
            # a word that lived on both spellings and now lives on w: from its common tiles to w's tiles
            moved = v[alive[w]]
            gone = np.concatenate((both, moved))
            loss -= np.bincount(_common_tiles(problem, gone, partner[gone]), minlength=count)
            loss += np.bincount(tiles[_expand(ptr[partner[moved]], problem.need[partner[moved]])], minlength=count)
        if solo.size:
            loss -= np.bincount(tiles[_expand(ptr[solo], problem.need[solo])], minlength=count)
    return np.flatnonzero(present).tolist()


def _common_tiles(problem: Problem, vs: np.ndarray, ws: np.ndarray) -> np.ndarray:
    """The tiles spellings ``vs[i]`` and ``ws[i]`` both need, for every i, concatenated."""
    count = len(problem.tiles)
    ptr, tiles, need = problem.spelling_ptr, problem.spelling_tiles, problem.need
    keys_v = np.repeat(np.arange(vs.size, dtype=np.int64), need[vs]) * count + tiles[_expand(ptr[vs], need[vs])]
    keys_w = np.repeat(np.arange(ws.size, dtype=np.int64), need[ws]) * count + tiles[_expand(ptr[ws], need[ws])]
    return np.intersect1d(keys_v, keys_w, assume_unique=True) % count
