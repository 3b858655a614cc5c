"""Tiles and the spellings of a lexicon's words (a :class:`Problem`), input checks, and
:func:`formable`: the words a set of tiles makes."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from solvers.wording import plural

from ..lexicon import Lexicon
from ..screen import quoted

ODD_POLICIES = ("skip", "pad-end", "pad-start", "either")
SIZES = (1, 2, 3)
MIN_TILES, MAX_TILES = 1, 200
PAD = "."

_BASE = 27  # a tile is a base-27 number of k digits: "." is 0, a-z are 1-26, so numeric order is string order


class TilesetError(ValueError):
    """A bad tile count, tile size, odd-length policy or tile; the message says what to fix."""


class Tileset(NamedTuple):
    """A set of tiles (sorted) and how many words it makes."""

    tiles: tuple[str, ...]
    words: int

    def to_json(self) -> dict:
        return {"tiles": list(self.tiles), "words": self.words}


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


def check_tiles(tiles: object, size: int | None = None, odd: str = "skip") -> int:
    """The number of tiles, checked; given the tile ``size`` (and ``odd`` policy), also that
    so many distinct tiles exist (only 26 of one letter do)."""
    if isinstance(tiles, bool) or not isinstance(tiles, (int, np.integer)):
        raise TilesetError(f"The number of tiles is a whole number from {MIN_TILES} to {MAX_TILES}, "
                           f"not {str(tiles)[:20]!r}.")
    if not MIN_TILES <= tiles <= MAX_TILES:
        raise TilesetError(f"Choose {MIN_TILES} to {MAX_TILES} tiles; {tiles} is out of range.")
    if size is not None and tiles > (available := tile_count(size, odd)):
        raise TilesetError(f"Only {plural(available, 'different tile')} of {plural(size, 'letter')} exist: "
                           f"choose {MIN_TILES} to {available} tiles; {tiles} is too many.")
    return int(tiles)


def tile_count(size: int, odd: str = "skip") -> int:
    """How many distinct tiles of ``size`` letters exist under policy ``odd`` (26 of one letter)."""
    return int(_universe(check_size(size), check_odd(odd)).size)


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
        raise TilesetError("seconds is a time budget of 0 or more seconds (or None with a steps budget), not "
                           f"{str(seconds)[:20]!r}.")
    if steps is not None and (isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 0):
        raise TilesetError(f"steps is a whole number of search steps, 0 or more (or None), not {str(steps)[:20]!r}.")
    if seconds is None and steps is None:
        raise TilesetError("Give a time budget (seconds=) or a step budget (steps=), or both: the search needs an end.")
    return (None if seconds is None else float(seconds)), (None if steps is None else int(steps))


# --- building the problem -------------------------------------------------------------------


def build(lexicon: Lexicon, size: int = 2, odd: str = "skip") -> Problem:
    """The :class:`Problem` of ``lexicon`` for tiles of ``size`` letters under policy ``odd``."""
    if not isinstance(lexicon, Lexicon):
        raise TilesetError("Give a Lexicon (solvers.lexicon.Lexicon.load('full')) or a Problem, not "
                           f"{type(lexicon).__name__}.")
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
        kinds = np.concatenate([np.full(p.size, k, dtype=np.int8) for p, k in zip(word_parts, kind_parts, strict=True)])
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
    return "".join(PAD if d == 0 else chr(96 + d)
                   for d in ((code // _BASE**p) % _BASE for p in range(size - 1, -1, -1)))


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
            raise TilesetError(f"This problem is for tiles of size {source.size}; size={size} does "
                               "not match (leave it out).")
        if odd is not None and check_odd(odd) != source.odd:
            raise TilesetError(f"This problem uses the {source.odd!r} policy; odd={odd!r} does "
                               "not match (leave it out).")
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
                raise TilesetError(f"A tile is {plural(problem.size, 'letter')} a-z"
                                   f"{' (or . padding)' if problem.size > 1 else ''}; "
                                   f"{quoted(repr(str(tile)[:10]), 'one given')} is not.")
            raise TilesetError(f"Tile {text!r} does not exist under the {problem.odd!r} policy "
                               "(pad-end tiles end with '.', pad-start tiles begin with it; skip has none).")
        if index[text] in ids:
            raise TilesetError(f"Tile {text!r} is given twice; tiles are distinct.")
        ids.append(index[text])
    return ids


def usable_start(tiles: Iterable[str] | None, problem: Problem, count: int) -> tuple[str, ...] | None:
    """``tiles`` (a stored answer) when they can start a search for ``count`` tiles of
    ``problem``: exactly that many distinct, existing tiles; else None (start afresh). An answer
    stored by an older release, or for another list, must never stop the next run."""
    if tiles is None:
        return None
    try:
        ids = parse_tiles(tuple(tiles), problem)
    except TilesetError:
        return None
    return tuple(problem.tiles[i] for i in sorted(ids)) if len(ids) == count else None


def formable(tiles: Iterable[str] | str, source: Lexicon | Problem, size: int | None = None,
             odd: str | None = None) -> list[str]:
    """The words ``tiles`` make (see the module docstring for the rule), in lexicon order
    (longest first, then alphabetical). ``tiles`` may be any number of distinct tiles."""
    problem = _problem(source, size, odd)
    ids = parse_tiles(tiles, problem)
    return [problem.words[i] for i in problem.words_of(ids)]
