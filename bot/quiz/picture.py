"""The quiz board, as WordWalls draws it: the round's alphagrams in a grid, each in capitals with
its number of answers in a badge; the words found listed small under it.

A cell is grey while nothing is found in it, pale amber once a word is, and green with a check
mark in its badge once every answer is found (told by the mark and the words too, not by colour
alone). At the end of a round the words nobody found are listed after the found ones, in red.
A blank in a rack (``?``) is drawn in blue. The title line is the caller's (the set, the time
left); under it, how many words and alphagrams are found so far.

The card is light with a slate-blue frame, which stands out at least 3:1 (WCAG contrast) from
both Discord's dark and light themes, and every text colour reads at least 4.5:1 on every fill
it is drawn on (``tests/bot/quiz/test_quiz_picture.py``). The board's size depends only on its
alphagrams and their numbers of answers (``bot.quiz.layout``), so it keeps its shape through a
round. Pure: tiles in, a picture out; the bot draws it off the event loop
(``await png.drawn(render_board, tiles, title)``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from PIL import Image, ImageDraw

from bot.pictures import fonts, png
from bot.pictures.canvas import CARD, INK, drawable, fit
from bot.quiz import stamps
from bot.quiz.layout import (
    ALPHAGRAM_PX,
    ALPHAGRAM_ROW,
    BADGE_HEIGHT,
    BADGE_PX,
    CHECK,
    MARGIN,
    PAD,
    PROGRESS_PX,
    SEPARATOR,
    TITLE_PX,
    WORD_LINE,
    WORD_PX,
    badge_width,
    grid,
    more,
    width,
    word_lines,
)
from bot.text import ALT_LIMIT, fit_alt, plural
from solvers.alphabets import ALPHABETS

FRAME = (96, 140, 168)  # slate blue: 3.5:1 on Discord's dark theme, 3.6:1 on its light one
FRAME_WIDTH = 4
MUTED = (90, 98, 108)  # a shade darker than the cards' grey, so it reads on a solved cell too
OPEN, OPEN_EDGE = (238, 240, 243), (206, 211, 218)
PARTLY, PARTLY_EDGE = (252, 240, 204), (214, 180, 90)
SOLVED, SOLVED_EDGE = (196, 232, 202), (60, 150, 84)
BADGE, SOLVED_BADGE, BADGE_INK = (62, 76, 96), (28, 110, 52), (255, 255, 255)
MISSED = (160, 32, 26)
BLANK = (22, 86, 168)
FILLS = (CARD, OPEN, PARTLY, SOLVED)  # every ground text is drawn on, but the badges
MAX_TILES, MAX_LETTERS = 100, 15  # a Bingo Marathon's 100; the longest words
_LETTERS = "".join(sorted(set("".join(ALPHABETS.values()))))  # every language's: German's ä, Spanish ñ
ALPHAGRAM = re.compile(rf"[{_LETTERS}{_LETTERS.upper()}?]{{1,{MAX_LETTERS}}}")
WORD = re.compile(rf"[{_LETTERS}{_LETTERS.upper()}]+")


@dataclass(frozen=True, slots=True)
class Tile:
    """One alphagram on the board: its ``answers`` (how many words it makes), the words
    ``found`` so far, and at a round's end the words ``missed`` (none before: never a spoiler)."""

    alphagram: str
    answers: int
    found: tuple[str, ...]
    missed: tuple[str, ...] = ()

    @property
    def solved(self) -> bool:
        return len(self.found) >= self.answers

    @property
    def left(self) -> int:
        """Its answers not found yet."""
        return max(0, self.answers - len(self.found))


def checked(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles, once they are known to fit the board: 1 to 100 of them, each alphagram 1 to 15
    letters or ``?``, with at least one answer, no more words than answers, and words of
    letters no longer than the alphagram (a cell is as wide as its longest word can be)."""
    tiles = tuple(tiles)
    if not 1 <= len(tiles) <= MAX_TILES:
        raise ValueError(f"a quiz board has 1 to {MAX_TILES} alphagrams, not {len(tiles)}")
    for tile in tiles:
        if not ALPHAGRAM.fullmatch(tile.alphagram):
            raise ValueError(f"an alphagram is 1 to {MAX_LETTERS} letters or ?, not {tile.alphagram[:20]!r}")
        if tile.answers < 1 or len(tile.found) + len(tile.missed) > tile.answers:
            raise ValueError(f"{tile.alphagram}: {tile.answers} answers, {len(tile.found)} found, "
                             f"{len(tile.missed)} missed")
        for word in (*tile.found, *tile.missed):
            if not WORD.fullmatch(word) or len(word) > len(tile.alphagram):
                raise ValueError(f"{tile.alphagram}: {word[:20]!r} is not a word of its letters' length")
    return tiles


def progress(tiles: Sequence[Tile]) -> str:
    """``12 of 87 words found · 3 of 25 alphagrams solved``."""
    found = sum(len(tile.found) for tile in tiles)
    solved = sum(tile.solved for tile in tiles)
    return (f"{found:,} of {plural(sum(tile.answers for tile in tiles), 'word')} found · "
            f"{solved} of {plural(len(tiles), 'alphagram')} solved")


# ------------------------------------------------------------------------------ the picture

def cell_colours(tile: Tile) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """A cell's fill and edge: nothing found, some words found, or solved."""
    if tile.solved:
        return SOLVED, SOLVED_EDGE
    return (PARTLY, PARTLY_EDGE) if tile.found else (OPEN, OPEN_EDGE)


def draw_alphagram(image: Image.Image, alphagram: str, x: float, middle: float) -> None:
    """The alphagram in capitals, a blank's ``?`` in blue."""
    for blank, run in groupby(alphagram.upper(), key=lambda letter: letter == "?"):
        letters = "".join(run)
        stamps.text(image, (x, middle), letters, ALPHAGRAM_PX, BLANK if blank else INK, True, "lm")
        x += width(letters, ALPHAGRAM_PX, True)


def draw_badge(image: Image.Image, tile: Tile, right: int, middle: float) -> None:
    """The number of answers in a pill at the cell's top right, with a check mark once solved."""
    size = (round(badge_width(tile.answers, tile.solved)), BADGE_HEIGHT)
    pill = stamps.rounded(size, BADGE_HEIGHT // 2, SOLVED_BADGE if tile.solved else BADGE)
    stamps.stamp(image, pill, (right - size[0], middle - BADGE_HEIGHT / 2))
    label = (CHECK if tile.solved else "") + str(tile.answers)
    stamps.text(image, (right - size[0] / 2, middle), label, BADGE_PX, BADGE_INK, True, "mm")


def draw_words(image: Image.Image, tile: Tile, box: tuple[int, int, int, int], lines: int) -> None:
    """The found words, then any missed ones in red, in the lines the cell has; ``+3 more``
    ends the last line when they do not all fit."""
    left, top, right, _ = box
    words = [(word.upper(), False) for word in tile.found] + [(word.upper(), True) for word in tile.missed]
    rows, hidden = word_lines(words, right - left - 2 * PAD, lines)
    gap = width(SEPARATOR, WORD_PX)
    middle = top + PAD + ALPHAGRAM_ROW + WORD_LINE / 2
    for number, row in enumerate(rows, start=1):
        x = left + PAD
        for missed, run in groupby(row, key=lambda item: item[1]):
            text = SEPARATOR.join(word for word, _ in run)
            stamps.text(image, (x, middle), text, WORD_PX, MISSED if missed else INK, anchor="lm")
            x += width(text, WORD_PX) + gap
        if hidden and number == len(rows):
            stamps.text(image, (x, middle), more(hidden), WORD_PX, MUTED, anchor="lm")
        middle += WORD_LINE


def draw_cell(image: Image.Image, tile: Tile, box: tuple[int, int, int, int], lines: int) -> None:
    left, top, right, bottom = box
    stamps.stamp(image, stamps.rounded((right - left, bottom - top), 6, *cell_colours(tile)), (left, top))
    middle = top + PAD + ALPHAGRAM_ROW / 2
    draw_alphagram(image, tile.alphagram, left + PAD, middle)
    draw_badge(image, tile, right - PAD, middle)
    draw_words(image, tile, box, lines)


def draw_board(tiles: Sequence[Tile], title: str) -> Image.Image:
    """The board of ``tiles`` (1 to 100, drawn row by row in the order given) under ``title``
    (any text: drawn safely, cut to fit), as an RGBA image with transparent corners. Raises
    ``ValueError`` for tiles that do not fit a board (:func:`checked`)."""
    tiles = checked(tiles)
    geometry = grid([tile.alphagram for tile in tiles], [tile.answers for tile in tiles])
    card_width, card_height = geometry.size
    image = Image.new("RGBA", geometry.size, (*FRAME, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, card_width - 1, card_height - 1), radius=14, fill=CARD,
                                            outline=FRAME, width=FRAME_WIDTH)
    room = card_width - 2 * MARGIN
    heading = fit(drawable(title, "Anagram quiz"), fonts.font(TITLE_PX, True), room)
    stamps.text(image, (MARGIN, 18), heading, TITLE_PX, INK, True)
    stamps.text(image, (MARGIN, 46), fit(progress(tiles), fonts.font(PROGRESS_PX), room), PROGRESS_PX, MUTED)
    for index, tile in enumerate(tiles):
        draw_cell(image, tile, geometry.box(index), geometry.lines)
    return image


def render_board(tiles: Sequence[Tile], title: str) -> bytes:
    """:func:`draw_board` as PNG bytes within Discord's limits: an exact palette (its flat
    colours kept) at zlib's default level (the slowest took 90 ms of a 50-cell board's 130)."""
    return png.encode(png.exact_palette(draw_board(tiles, title)), quick=True)


# ------------------------------------------------------------------------------ the alt text

def spelled(alphagram: str) -> str:
    """``A E I N R S T``, letter by letter as a screen reader should read it; a blank by name."""
    return " ".join("blank" if letter == "?" else letter for letter in alphagram.upper())


def compact(alphagram: str) -> str:
    return alphagram.upper()


def what_is_left(tile: Tile, spell) -> str:
    """``A E I N R S T (3 answers)``, or ``A E L S T (2 of 5 answers left)`` once some are found."""
    if not tile.found:
        return f"{spell(tile.alphagram)} ({plural(tile.answers, 'answer')})"
    return f"{spell(tile.alphagram)} ({tile.left} of {plural(tile.answers, 'answer')} left)"


def alt_text(tiles: Sequence[Tile], title: str) -> str:
    """The board for a screen reader: the title, the progress, and every alphagram not solved
    yet with its answers (letter by letter when that fits Discord's 1,024 characters, else in
    one word; when even that is too long, as many as fit and how many more). Never the words:
    the missed ones are a spoiler the channel's message hides."""
    tiles = checked(tiles)
    head = f"Anagram quiz board: {' '.join(title.split())}. {progress(tiles)}."
    left = [tile for tile in tiles if not tile.solved]
    if not left:
        return fit_alt(f"{head} Every alphagram is solved.")
    for spell in (spelled, compact):
        text = f"{head} Left: " + "; ".join(what_is_left(tile, spell) for tile in left) + "."
        if len(text) <= ALT_LIMIT:
            return text
    shown: list[str] = []
    for tile in left:  # as many as fit with the count of the rest after them
        rest = len(left) - len(shown) - 1
        items = "; ".join([*shown, what_is_left(tile, compact)])
        if len(f"{head} Left: {items}; and {plural(rest, 'more alphagram')}.") > ALT_LIMIT:
            break
        shown.append(what_is_left(tile, compact))
    items = "; ".join(shown) + "; and " if shown else ""
    return fit_alt(f"{head} Left: {items}{plural(len(left) - len(shown), 'more alphagram' if shown else 'alphagram')}.")
