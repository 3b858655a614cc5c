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
Everything here is pure: no I/O, no printing. The parts: ``problem`` (tiles, spellings, checks,
:func:`formable`), ``greedy``, ``search`` (the swap bookkeeping), ``optimise`` and ``bound``.
"""

from __future__ import annotations

from .bound import upper_bound
from .greedy import greedy
from .optimise import REPORT_EVERY, Progress, Solution, optimise, solve
from .problem import (
    MAX_TILES,
    MIN_TILES,
    ODD_POLICIES,
    PAD,
    SIZES,
    Problem,
    Tileset,
    TilesetError,
    build,
    check_odd,
    check_seconds,
    check_size,
    check_tiles,
    formable,
    parse_tiles,
    tile_count,
    usable_start,
)
from .search import _Search  # noqa: F401  (the search's bookkeeping, tested directly)

__all__ = ["MAX_TILES", "MIN_TILES", "ODD_POLICIES", "PAD", "REPORT_EVERY", "SIZES", "Problem", "Progress", "Solution",
           "Tileset", "TilesetError", "build", "check_odd", "check_seconds", "check_size", "check_tiles", "formable",
           "greedy", "optimise", "parse_tiles", "solve", "tile_count", "upper_bound", "usable_start"]
