"""Where the quiz board's parts go: the grid's columns and rows, one size of cell for the whole
board, and a cell's words cut into the lines it has room for.

The board's size depends only on its alphagrams and their numbers of answers, never on the
words found: the picture keeps its size through a round, so each edit of the message swaps one
picture for another of the same shape. A cell has room for the lines that the alphagram with
the most answers would need (at most ``MAX_LINES``); a cell with more words than that ends its
last line with ``+3 more``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.pictures import fonts

MARGIN = 20  # the card's margin
TITLE_PX, PROGRESS_PX = 20, 13
GRID_TOP = 72  # under the title and the progress line
GAP = 8  # between cells
PAD = 8  # inside a cell
ALPHAGRAM_PX, ALPHAGRAM_ROW = 20, 26
WORD_PX, WORD_LINE = 13, 17
BADGE_PX, BADGE_HEIGHT = 12, 18
MAX_LINES = 4
MIN_CELL = 150  # a cell's least width
MIN_WIDTH = 480  # the card's least width: room for the title
ASPECT = 1.25  # the grid's width over its height, roughly: a little wider than tall
SEPARATOR = "  "  # between two words on a line
CHECK = "✓ "  # before a fully solved cell's count


def more(count: int) -> str:
    return f"+{count} more"


@functools.lru_cache(maxsize=8192)  # a round measures the same alphagrams and words at every redraw
def width(text: str, size: int, bold: bool = False) -> float:
    return fonts.font(size, bold).getlength(text)


def badge_width(answers: int, solved: bool) -> float:
    """The pill holding a cell's number of answers (and a check mark once it is solved)."""
    return width((CHECK if solved else "") + str(answers), BADGE_PX, True) + 12


@dataclass(frozen=True, slots=True)
class Grid:
    """The board's geometry: ``columns`` × ``rows`` cells of ``cell`` (width, height) pixels,
    the first at ``origin``, on a card of ``size``; each cell has ``lines`` lines for words."""

    columns: int
    rows: int
    cell: tuple[int, int]
    lines: int
    origin: tuple[int, int]
    size: tuple[int, int]

    def box(self, index: int) -> tuple[int, int, int, int]:
        """The cell of the ``index``-th tile (from 0, row by row): left, top, right, bottom (the
        right and bottom just outside it)."""
        column, row = index % self.columns, index // self.columns
        left = self.origin[0] + column * (self.cell[0] + GAP)
        top = self.origin[1] + row * (self.cell[1] + GAP)
        return left, top, left + self.cell[0], top + self.cell[1]


def lines_needed(answers: int, letters: int, inner: float) -> int:
    """The lines ``answers`` words of ``letters`` letters take in a cell ``inner`` wide,
    reckoned with an average capital's width (the words are not known before they are found)."""
    average = width("ABCDEFGHIJKLMNOPQRSTUVWXYZ", WORD_PX) / 26
    separator = width(SEPARATOR, WORD_PX)
    per_line = max(1, int((inner + separator) // (average * letters + separator)))
    return max(1, min(MAX_LINES, -(-answers // per_line)))


def columns_for(count: int, cell: tuple[int, int]) -> int:
    """The columns whose grid comes nearest ``ASPECT`` (width over height) with the fewest empty
    places in its last row (each empty place counts as a column's share of a missed aspect)."""
    def cost(columns: int) -> float:
        rows = -(-count // columns)
        aspect = (columns * (cell[0] + GAP)) / (rows * (cell[1] + GAP))
        return abs(math.log(aspect / ASPECT)) + (rows * columns - count) / columns

    return min(range(1, count + 1), key=cost)


def grid(alphagrams: Sequence[str], answers: Sequence[int]) -> Grid:
    """The geometry of a board of ``alphagrams``, each with its number of ``answers``."""
    longest_word = max(len(alphagram) for alphagram in alphagrams) * width("W", WORD_PX)
    heading = max(width(a.upper(), ALPHAGRAM_PX, True) + PAD + badge_width(n, True)
                  for a, n in zip(alphagrams, answers, strict=True))
    inner = math.ceil(max(heading, longest_word, MIN_CELL - 2 * PAD))
    lines = max(lines_needed(n, len(a), inner) for a, n in zip(alphagrams, answers, strict=True))
    cell = (inner + 2 * PAD, PAD + ALPHAGRAM_ROW + lines * WORD_LINE + PAD)
    columns = columns_for(len(alphagrams), cell)
    rows = -(-len(alphagrams) // columns)
    grid_width = columns * cell[0] + (columns - 1) * GAP
    card_width = max(MIN_WIDTH, grid_width + 2 * MARGIN)
    origin = ((card_width - grid_width) // 2, GRID_TOP)
    height = GRID_TOP + rows * cell[1] + (rows - 1) * GAP + MARGIN
    return Grid(columns, rows, cell, lines, origin, (card_width, height))


Line = list[tuple[str, bool]]  # (word, missed), in the order drawn


def word_lines(words: Sequence[tuple[str, bool]], inner: float, lines: int) -> tuple[list[Line], int]:
    """``words`` (word, missed) laid out in at most ``lines`` lines ``inner`` wide, and how many
    did not fit (the last line then ends with :func:`more` of them, which fits beside it)."""
    separator = width(SEPARATOR, WORD_PX)
    out: list[Line] = [[]]
    used = 0.0
    for index, (word, missed) in enumerate(words):
        need = width(word, WORD_PX) + (separator if out[-1] else 0.0)
        if out[-1] and used + need > inner:
            if len(out) == lines:
                return _ended(out, words[index:], inner, separator)
            out.append([])
            used, need = 0.0, need - separator
        out[-1].append((word, missed))
        used += need
    return out, 0


def _ended(out: list[Line], rest: Sequence[tuple[str, bool]], inner: float,
           separator: float) -> tuple[list[Line], int]:
    """The lines with words taken off the last one until ``+N more`` fits after it."""
    last, left = out[-1], len(rest)
    while last:
        shown = SEPARATOR.join(word for word, _ in last)
        if width(shown, WORD_PX) + separator + width(more(left), WORD_PX) <= inner:
            break
        last.pop()
        left += 1
    return out, left
