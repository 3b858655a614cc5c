"""The quiz board's pieces, each drawn once and then pasted where it goes (as the tileset's
letters are): a text's coverage, a cell's ground, a badge's pill.

A round redraws its board after words are found, and nearly all of it (the alphagrams, their
badges, the words found before) is the same as last time; pasting a piece drawn before takes a
fraction of drawing it anew. Everything is at the board's own size: rectangles and pills of flat
colour need no smoothing, and the letters are anti-aliased by the font itself.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from bot.pictures import fonts

RGB = tuple[int, int, int]


@functools.lru_cache(maxsize=4096)
def coverage(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """How much of each pixel ``text`` covers (0-255), and where that mask's top-left corner
    sits from the point the text is anchored at."""
    font = fonts.font(size, bold)
    left, top, right, bottom = font.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=255, anchor=anchor)
    return mask, left, top


def text(image: Image.Image, xy: tuple[float, float], words: str, size: int, colour: RGB, bold: bool = False,
         anchor: str = "la") -> None:
    """``words`` in ``colour`` on ``image``, anchored at ``xy`` as Pillow's ``anchor`` says."""
    mask, left, top = coverage(words, size, bold, anchor)
    image.paste((*colour, 255), (round(xy[0]) + left, round(xy[1]) + top), mask)


@functools.lru_cache(maxsize=64)
def rounded(size: tuple[int, int], radius: int, fill: RGB, edge: RGB | None = None) -> Image.Image:
    """A box of ``size`` with rounded corners (clear outside them), ``fill`` with a one-pixel ``edge``."""
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=fill,
                                            outline=edge, width=1 if edge else 0)
    return image


def stamp(image: Image.Image, piece: Image.Image, xy: tuple[float, float]) -> None:
    """``piece`` on ``image`` with its top-left corner at ``xy`` (its clear corners let the
    ground show)."""
    image.paste(piece, (round(xy[0]), round(xy[1])), piece)
