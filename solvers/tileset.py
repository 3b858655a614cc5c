"""Tile sets: choose N distinct tiles of k letters so that the most words can be spelled.

The puzzle (a word-game designer's question): each tile holds ``k`` letters (``k = 2``: 676
possible tiles). A word is cut into consecutive k-letter chunks from its first letter
(``pied`` = ``pi`` + ``ed``); it counts for a set of tiles when every chunk is one of the
tiles and no tile is needed twice in the word. Tiles ``ed, pi, ti`` make pi, pied, pitied,
ti, tied and tipi: 6 words.

Words whose length is not a multiple of k follow an odd-length policy (``ODD_POLICIES``):

- ``skip`` (the published rule): such words can never be made.
- ``pad-end``: the word is padded with ``.`` at its end to a multiple of k, so its last
  chunk is a padded tile: ``cat`` = ``ca`` + ``t.``. Padded tiles are tiles like any other.
- ``pad-start``: padded at its start instead: ``cat`` = ``.c`` + ``at``.
- ``either``: the word counts, once, when its ``pad-end`` spelling or its ``pad-start``
  spelling is made by the tiles (each spelling on its own: all its chunks are tiles and
  none is needed twice). Words of a length that is a multiple of k have one spelling
  under every policy. With k = 1 every policy is the same.

A word's *spelling* (a variant) is the set of tile ids it needs; a :class:`Problem` holds
every usable spelling of a lexicon as CSR arrays, spelling -> tiles and tile -> spellings.
Spellings needing a tile twice are dropped when built; spellings needing more distinct
tiles than N are ignored by the search (they never count) but kept for :func:`greedy`, which
follows the published method and sees every word while more than N tiles remain.

:func:`greedy` is the published subtractive method. :func:`optimise` improves on it with a
tabu swap search (see its docstring) and yields :class:`Progress` as it goes; :func:`solve`
runs it to the end and returns a :class:`Solution`. :func:`upper_bound` is a proven bound.
Everything here is pure: no I/O, no printing.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

import numpy as np

from .lexicon import Lexicon

ODD_POLICIES = ("skip", "pad-end", "pad-start", "either")
SIZES = (1, 2, 3)
MIN_TILES, MAX_TILES = 1, 200
PAD = "."
REPORT_EVERY = 0.5
"""Seconds between the :class:`Progress` reports :func:`optimise` yields when nothing improved."""

_BASE = 27  # a tile is a base-27 number of k digits: "." is 0, a-z are 1-26, so numeric order is string order


class TilesetError(ValueError):
    """A bad tile count, tile size, odd-length policy or tile; the message says what to fix."""


class Tileset(NamedTuple):
    """A set of tiles (sorted) and how many words it makes."""

    tiles: tuple[str, ...]
    words: int

    def to_json(self) -> dict:
        return {"tiles": list(self.tiles), "words": self.words}


class Progress(NamedTuple):
    """A report from :func:`optimise`: the best tiles so far (sorted), the words they make,
    the search step reached, seconds since the start, and the proven upper bound (or None)."""

    best_tiles: tuple[str, ...]
    best_words: int
    step: int
    elapsed: float
    bound: int | None


@dataclass(frozen=True, slots=True)
class Solution:
    """The result of :func:`solve`: the best tiles found, the words they make (in lexicon
    order), the published greedy's answer for comparison, the proven upper bound (None when
    none was computed), the seconds and search steps spent, and how it was asked for."""

    tiles: tuple[str, ...]
    words: int
    formable: tuple[str, ...]
    greedy: Tileset
    bound: int | None
    seconds: float
    steps: int
    seed: int
    size: int
    odd: str
    lexicon: str

    @property
    def optimal(self) -> bool:
        """True when the bound proves no set of tiles does better."""
        return self.bound is not None and self.words >= self.bound

    def to_json(self) -> dict:
        return {
            "tiles": list(self.tiles),
            "words": self.words,
            "formable": list(self.formable),
            "greedy": self.greedy.to_json(),
            "bound": self.bound,
            "seconds": round(self.seconds, 3),
            "steps": self.steps,
            "seed": self.seed,
            "size": self.size,
            "odd": self.odd,
            "lexicon": self.lexicon,
        }


@dataclass(frozen=True, slots=True, eq=False)
class Problem:
    """Every usable spelling of a lexicon's words for one tile size and odd-length policy.

    ``tiles`` is every possible tile, in string order (``.`` sorts first); a tile id is an
    index into it. Spelling ``v`` belongs to ``words[word_of[v]]`` and needs the tile ids
    ``spelling_tiles[spelling_ptr[v]:spelling_ptr[v + 1]]`` (sorted, distinct), ``need[v]``
    of them. ``tile_spellings[tile_ptr[t]:tile_ptr[t + 1]]`` are the spellings needing tile
    ``t`` (ascending). Spellings are ordered by word; ``partner[v]`` is the other spelling
    of the same word (``either`` only), or -1.
    """

    lexicon: str
    size: int
    odd: str
    tiles: tuple[str, ...]
    words: tuple[str, ...]
    word_of: np.ndarray
    spelling_ptr: np.ndarray
    spelling_tiles: np.ndarray
    need: np.ndarray
    partner: np.ndarray
    tile_ptr: np.ndarray
    tile_spellings: np.ndarray

    @property
    def spellings(self) -> int:
        return int(self.need.size)

    def usable_words(self, tiles: int) -> int:
        """How many words have a spelling of at most ``tiles`` distinct tiles."""
        return int(np.unique(self.word_of[self.need <= tiles]).size)

    def words_of(self, tile_ids: Iterable[int]) -> list[int]:
        """The lexicon indexes of the words the tile ids make (ascending, each once)."""
        chosen = np.zeros(len(self.tiles), dtype=bool)
        chosen[np.fromiter(tile_ids, dtype=np.int64)] = True
        missing = np.add.reduceat(~chosen[self.spelling_tiles], self.spelling_ptr[:-1]) if self.need.size else self.need
        return np.unique(self.word_of[missing == 0]).tolist()


# --- input checking -------------------------------------------------------------------------


def check_tiles(tiles: object) -> int:
    if isinstance(tiles, bool) or not isinstance(tiles, (int, np.integer)):
        raise TilesetError(f"The number of tiles is a whole number from {MIN_TILES} to {MAX_TILES}, not {str(tiles)[:20]!r}.")
    if not MIN_TILES <= tiles <= MAX_TILES:
        raise TilesetError(f"Choose {MIN_TILES} to {MAX_TILES} tiles; {tiles} is out of range.")
    return int(tiles)


def check_size(size: object) -> int:
    if isinstance(size, bool) or size not in SIZES:
        raise TilesetError(f"A tile holds 1, 2 or 3 letters (size), not {str(size)[:20]!r}.")
    return int(size)  # type: ignore[arg-type]


def check_odd(odd: object) -> str:
    if odd not in ODD_POLICIES:
        names = ", ".join(repr(p) for p in ODD_POLICIES)
        raise TilesetError(f"The odd-length policy is one of {names}, not {str(odd)[:20]!r}.")
    return str(odd)


def check_seconds(seconds: object, steps: object) -> tuple[float | None, int | None]:
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0
                                or math.isinf(seconds)):
        raise TilesetError(f"seconds is a time budget of 0 or more seconds (or None with a steps budget), not {str(seconds)[:20]!r}.")
    if steps is not None and (isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 0):
        raise TilesetError(f"steps is a whole number of search steps, 0 or more (or None), not {str(steps)[:20]!r}.")
    if seconds is None and steps is None:
        raise TilesetError("Give a time budget (seconds=) or a step budget (steps=), or both: the search needs an end.")
    return (None if seconds is None else float(seconds)), (None if steps is None else int(steps))


# --- building the problem -------------------------------------------------------------------


def build(lexicon: Lexicon, size: int = 2, odd: str = "skip") -> Problem:
    """The :class:`Problem` of ``lexicon`` for tiles of ``size`` letters under policy ``odd``."""
    if not isinstance(lexicon, Lexicon):
        raise TilesetError(f"Give a Lexicon (solvers.lexicon.Lexicon.load('full')) or a Problem, not {type(lexicon).__name__}.")
    size, odd = check_size(size), check_odd(odd)
    universe = _universe(size, odd)
    code_to_id = np.full(_BASE**size, -1, dtype=np.int64)
    code_to_id[universe] = np.arange(universe.size)
    weights = _BASE ** np.arange(size - 1, -1, -1, dtype=np.int64)
    pads = {"skip": (), "pad-end": ("end",), "pad-start": ("start",), "either": ("end", "start")}[odd]

    word_parts, row_parts, kind_parts = [], [], []  # per (length, padding): word index, sorted tile-id rows
    for length in np.unique(lexicon.lengths).tolist():
        span = lexicon.length_slice(length, length)
        letters = lexicon.spellings[span, :length].astype(np.int64) + 1
        extra = -length % size
        ways = [("none", letters)] if extra == 0 else [
            (pad, np.pad(letters, ((0, 0), (0, extra) if pad == "end" else (extra, 0)))) for pad in pads
        ]
        for kind, padded in ways:
            chunks = padded.reshape(padded.shape[0], -1, size) @ weights
            rows = np.sort(code_to_id[chunks], axis=1)
            ok = ~np.any(rows[:, 1:] == rows[:, :-1], axis=1)
            word_parts.append(np.arange(span.start, span.stop, dtype=np.int64)[ok])
            row_parts.append(rows[ok])
            kind_parts.append(0 if kind in ("none", "end") else 1)
    if word_parts:
        word_of = np.concatenate(word_parts)
        kinds = np.concatenate([np.full(p.size, k, dtype=np.int8) for p, k in zip(word_parts, kind_parts)])
        need = np.concatenate([np.full(r.shape[0], r.shape[1], dtype=np.int64) for r in row_parts])
        flat = np.concatenate([r.ravel() for r in row_parts])
        order = np.lexsort((kinds, word_of))
    else:
        word_of = kinds = need = flat = order = np.zeros(0, dtype=np.int64)
    starts = np.cumsum(need) - need
    word_of, need = word_of[order], need[order]
    spelling_tiles = flat[_expand(starts[order], need)].astype(np.int32)
    spelling_ptr = np.concatenate(([0], np.cumsum(need))).astype(np.int64)
    partner = np.full(need.size, -1, dtype=np.int64)
    same = np.flatnonzero(word_of[1:] == word_of[:-1]) if need.size else np.zeros(0, dtype=np.int64)
    partner[same], partner[same + 1] = same + 1, same
    owner = np.repeat(np.arange(need.size, dtype=np.int64), need)
    by_tile = np.argsort(spelling_tiles, kind="stable")
    tile_spellings = owner[by_tile].astype(np.int64)
    tile_ptr = np.concatenate(([0], np.cumsum(np.bincount(spelling_tiles, minlength=universe.size)))).astype(np.int64)
    arrays = (word_of, spelling_ptr, spelling_tiles, need, partner, tile_ptr, tile_spellings)
    for array in arrays:
        array.flags.writeable = False
    return Problem(lexicon.name, size, odd, _tile_strings(size, odd),
                   lexicon.words, word_of, spelling_ptr, spelling_tiles, need.astype(np.int64), partner,
                   tile_ptr, tile_spellings)


@functools.cache
def _universe(size: int, odd: str) -> np.ndarray:
    """The codes of every tile of ``size`` under ``odd``, ascending (= string order)."""
    tiles = []
    for code in range(_BASE**size):
        digits = [(code // _BASE**p) % _BASE for p in range(size - 1, -1, -1)]
        dots = digits.count(0)
        if dots == size:
            continue
        if dots == 0:
            tiles.append(code)
        elif odd in ("pad-end", "either") and all(d == 0 for d in digits[size - dots:]):
            tiles.append(code)
        elif odd in ("pad-start", "either") and all(d == 0 for d in digits[:dots]):
            tiles.append(code)
    codes = np.array(tiles, dtype=np.int64)
    codes.flags.writeable = False
    return codes


@functools.cache
def _tile_strings(size: int, odd: str) -> tuple[str, ...]:
    return tuple(_tile_string(code, size) for code in _universe(size, odd).tolist())


def _tile_string(code: int, size: int) -> str:
    return "".join(PAD if d == 0 else chr(96 + d) for d in ((code // _BASE**p) % _BASE for p in range(size - 1, -1, -1)))


def _tile_code(tile: str) -> int:
    code = 0
    for ch in tile:
        code = code * _BASE + (0 if ch == PAD else ord(ch) - 96)
    return code


@functools.lru_cache(maxsize=16)
def _tile_index(tiles: tuple[str, ...]) -> dict[str, int]:
    return {tile: i for i, tile in enumerate(tiles)}


def _distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values, ascending (np.unique without its overhead for small arrays)."""
    values = np.sort(values)
    if values.size > 1:
        values = values[np.concatenate(([True], values[1:] != values[:-1]))]
    return values


def _expand(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The indexes ``starts[i] .. starts[i] + lengths[i] - 1`` for every i, concatenated."""
    lengths = np.asarray(lengths, dtype=np.int64)
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.cumsum(lengths) - lengths
    return np.repeat(np.asarray(starts, dtype=np.int64) - offsets, lengths) + np.arange(total, dtype=np.int64)


def _problem(source: Lexicon | Problem, size: int | None, odd: str | None) -> Problem:
    if isinstance(source, Problem):
        if size is not None and check_size(size) != source.size:
            raise TilesetError(f"This problem is for tiles of {source.size} letters; size={size} does not match (leave it out).")
        if odd is not None and check_odd(odd) != source.odd:
            raise TilesetError(f"This problem uses the {source.odd!r} policy; odd={odd!r} does not match (leave it out).")
        return source
    return build(source, 2 if size is None else size, "skip" if odd is None else odd)


def parse_tiles(tiles: Iterable[str] | str, problem: Problem) -> list[int]:
    """Tile ids of tile strings (a string is split on commas and spaces); raises
    :class:`TilesetError` for a tile that does not exist under the problem's size and policy,
    or one given twice."""
    if isinstance(tiles, str):
        tiles = tiles.replace(",", " ").split()
    index = _tile_index(problem.tiles)
    ids: list[int] = []
    for tile in tiles:
        text = str(tile).strip().lower()
        if text not in index:
            if len(text) != problem.size or any(ch not in "abcdefghijklmnopqrstuvwxyz" + PAD for ch in text):
                raise TilesetError(f"A tile is {problem.size} letter{'s' if problem.size > 1 else ''} a-z"
                                   f"{' (or . padding)' if problem.size > 1 else ''}; {str(tile)[:10]!r} is not.")
            raise TilesetError(f"Tile {text!r} does not exist under the {problem.odd!r} policy "
                               "(pad-end tiles end with '.', pad-start tiles begin with it; skip has none).")
        if index[text] in ids:
            raise TilesetError(f"Tile {text!r} is given twice; tiles are distinct.")
        ids.append(index[text])
    return ids


def formable(tiles: Iterable[str] | str, source: Lexicon | Problem, size: int | None = None, odd: str | None = None) -> list[str]:
    """The words ``tiles`` make (see the module docstring for the rule), in lexicon order
    (longest first, then alphabetical). ``tiles`` may be any number of distinct tiles."""
    problem = _problem(source, size, odd)
    ids = parse_tiles(tiles, problem)
    return [problem.words[i] for i in problem.words_of(ids)]


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
    n = check_tiles(tiles)
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


# --- the swap search --------------------------------------------------------------------------


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
        self.msum = np.add.reduceat(np.where(out, self.tiles, 0), self.ptr[:-1]) if self.need.size else np.zeros(0, np.int64)
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


# --- the optimiser ----------------------------------------------------------------------------

_NEG = np.iinfo(np.int64).min // 4


def optimise(
    source: Lexicon | Problem,
    tiles: int = 20,
    size: int | None = None,
    odd: str | None = None,
    *,
    seconds: float | None = 10.0,
    steps: int | None = None,
    seed: int = 0,
    start: Iterable[str] | str | None = None,
    report_every: float = REPORT_EVERY,
) -> Generator[Progress, None, Solution]:
    """Search for the tiles that make the most words; yields :class:`Progress` reports and
    returns (``StopIteration.value``; :func:`solve` does this for you) a :class:`Solution`.

    It yields the greedy answer first (step 0, ``bound`` None: the bound and the search's
    set-up take a moment on big lists), then the start with its bound (step 0), then every
    new best, and at least every ``report_every`` seconds while nothing improves. It stops
    when ``seconds`` have passed (counted from the call, set-up included), after ``steps``
    swaps, or when the best reaches the upper bound (proven optimal).

    The search: start from :func:`greedy`, or from ``start`` (N tiles, e.g. a best known
    answer to improve) when that makes at least as many words; then a tabu search over swaps (one tile out, one
    in), each step taking the best swap by exact gain (see ``_Search``), even a losing one,
    except that a tile just taken out may not come back for a few steps and a tile just put
    in may not leave (unless the swap beats the best so far); ties are broken at random.
    After a stretch of steps without a new best, it goes back to the best set and perturbs
    it with a few random swaps of tiles that would make words. Randomness comes only from
    ``seed``, so with a step budget (``steps=``, ``seconds=None``) the result is the same on
    every run; with a time budget, runs differ only by how far they got.
    """
    started = time.perf_counter()
    problem = _problem(source, size, odd)
    n = check_tiles(tiles)
    seconds, steps = check_seconds(seconds, steps)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TilesetError(f"seed is a whole number, not {str(seed)[:20]!r}.")
    if start is not None:
        start_ids = parse_tiles(start, problem)
        if len(start_ids) != n:
            raise TilesetError(f"A starting tileset has exactly {n} tiles, not {len(start_ids)}.")

    def report(step: int) -> Progress:
        return Progress(best_tiles, best_words, step, time.perf_counter() - started, bound)

    greedy_ids = _greedy_ids(problem, n)
    baseline = Tileset(tuple(problem.tiles[i] for i in greedy_ids), len(problem.words_of(greedy_ids)))
    best_tiles, best_words, bound = baseline.tiles, baseline.words, None
    yield report(0)  # the greedy answer first: the bound and the search's set-up take a moment
    search = _Search(problem, n)

    def tiles_of(compact_members: Iterable[int]) -> tuple[str, ...]:
        ids = set(search.tile_ids[list(compact_members)].tolist())
        for filler in range(len(problem.tiles)):  # tiles no counted word needs, first in string order
            if len(ids) >= n:
                break
            ids.add(filler)
        return tuple(problem.tiles[i] for i in sorted(ids))

    if search.u <= n:  # every tile any word needs fits: that is the optimum
        best_tiles = tiles_of(range(search.u))
        best_words = bound = len(problem.words_of(parse_tiles(best_tiles, problem)))
        yield report(0)
        return _solution(problem, best_tiles, best_words, baseline, bound, started, 0, seed)

    bound = upper_bound(problem, n)
    members = [int(c) for c in search.compact[greedy_ids] if c >= 0]
    members += [c for c in range(search.u) if c not in set(members)][: n - len(members)]
    search.start(members)
    if start is not None:  # a best known answer to improve on: start there if it is no worse
        greedy_members = members
        members = [int(c) for c in search.compact[start_ids] if c >= 0]
        members += [c for c in range(search.u) if c not in set(members)][: n - len(members)]
        search.start(members)
        if search.value < baseline.words:
            members = greedy_members
            search.start(members)
    best_members, best_words = sorted(members), search.value
    best_tiles = tiles_of(best_members)
    yield report(0)

    rng = np.random.default_rng(seed)
    u = search.u
    tabu_in = np.zeros(u, dtype=np.int64)  # step until which a tile that left may not come back
    tabu_out = np.zeros(u, dtype=np.int64)  # step until which a tile that came may not leave
    patience = 150 + 20 * n
    step = last_best = 0
    last_report = time.perf_counter()
    while True:
        if steps is not None and step >= steps:
            break
        if seconds is not None and time.perf_counter() - started >= seconds:
            break
        if bound is not None and best_words >= bound:
            break
        step += 1
        if step - last_best > patience:  # back to the best, shaken
            search.start(best_members)
            tabu_in[:] = tabu_out[:] = 0
            near = np.argsort(-search.A, kind="stable")[: 3 * n]
            near = near[~search.in_s[near]]
            for _ in range(int(rng.integers(2, 5))):
                if near.size == 0:
                    break
                t = int(near[rng.integers(near.size)])
                r = int(search.members[rng.integers(n)])
                search.swap(r, t)
                tabu_in[r] = step + n
                near = near[near != t]
            last_best = step
        gain = search.gains()
        gain[:, search.in_s] = _NEG
        allowed = (tabu_in[None, :] <= step) & (tabu_out[search.members][:, None] <= step)
        allowed |= search.value + gain > best_words
        masked = np.where(allowed, gain, _NEG)
        top = masked.max()
        if top == _NEG:
            masked, top = gain, gain.max()
        ties = np.flatnonzero(masked == top)
        s, t = divmod(int(ties[rng.integers(ties.size)] if ties.size > 1 else ties[0]), u)
        r = int(search.members[s])
        search.swap(r, t)
        tabu_in[r] = step + 3 + int(rng.integers(0, max(2, n // 2)))
        tabu_out[t] = step + 1 + int(rng.integers(0, max(2, n // 4)))
        if search.value > best_words:
            best_members, best_words = sorted(search.members.tolist()), search.value
            best_tiles = tiles_of(best_members)
            last_best = step
            last_report = time.perf_counter()
            yield report(step)
        elif time.perf_counter() - last_report >= report_every:
            last_report = time.perf_counter()
            yield report(step)
    yield report(step)
    return _solution(problem, best_tiles, best_words, baseline, bound, started, step, seed)


def _solution(problem: Problem, tiles: tuple[str, ...], words: int, start: Tileset, bound: int | None,
              started: float, steps: int, seed: int) -> Solution:
    made = tuple(problem.words[i] for i in problem.words_of(parse_tiles(tiles, problem)))
    assert len(made) == words, (len(made), words)
    return Solution(tiles, words, made, start, bound, time.perf_counter() - started, steps, int(seed),
                    problem.size, problem.odd, problem.lexicon)


def solve(
    source: Lexicon | Problem,
    tiles: int = 20,
    size: int | None = None,
    odd: str | None = None,
    *,
    seconds: float | None = 10.0,
    steps: int | None = None,
    seed: int = 0,
    start: Iterable[str] | str | None = None,
) -> Solution:
    """Run :func:`optimise` to its end and return its :class:`Solution`."""
    run = optimise(source, tiles, size, odd, seconds=seconds, steps=steps, seed=seed, start=start)
    while True:
        try:
            next(run)
        except StopIteration as done:
            return done.value


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
        rows[m] = problem.spelling_tiles[_expand(problem.spelling_ptr[sel], problem.need[sel])].reshape(-1, m).astype(np.int64)
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


def _top_per_pair(a: np.ndarray, b: np.ndarray, c: np.ndarray, count: int, keep: int, cap: int) -> tuple[np.ndarray, np.ndarray]:
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
