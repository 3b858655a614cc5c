"""A picture of the hive: seven hexagons, the centre highlighted, big capital letters.

The background is transparent and every cell carries its own light fill with near-black
letters. Each cell is outlined in honey, a mid-tone that stands out at least 3:1 (WCAG contrast)
from both Discord's dark (#313338) and light (#ffffff) backgrounds: on the light theme the light
grey cells would otherwise fade into the page, and a dark outline would vanish on the dark one.
"""

from __future__ import annotations

import functools
import math
import random

from PIL import Image, ImageDraw

from bot.pictures import fonts, png

CENTER_FILL = (247, 218, 33, 255)  # the newspaper's bee yellow
OUTER_FILL = (230, 230, 230, 255)
OUTLINE = (176, 124, 30, 255)  # honey
LETTER = (20, 20, 20, 255)
SCALE = 2  # draw big, then shrink: smooth edges


@functools.lru_cache(maxsize=64)  # every guild posts the same hive: render it once
def render_hive(center: str, outer: str, size: int = 480) -> bytes:
    """A PNG of the hive with ``center`` in the middle and ``outer`` clockwise from the top."""
    if len(outer) != 6 or len(center) != 1:
        raise ValueError("a hive has one centre letter and six outer letters")
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = big / 6.4  # centre to corner of one cell
    gap = radius * 0.12
    font = fonts.font(int(radius * 0.9), bold=True)
    middle = big / 2
    cells = [(middle, middle, center, CENTER_FILL)]
    for k, letter in enumerate(outer):
        angle = math.radians(-90 + 60 * k)  # top, then clockwise
        distance = math.sqrt(3) * radius + gap
        cells.append((middle + distance * math.cos(angle), middle + distance * math.sin(angle), letter, OUTER_FILL))
    for x, y, letter, fill in cells:
        corners = [(x + radius * math.cos(math.radians(60 * i)), y + radius * math.sin(math.radians(60 * i)))
                   for i in range(6)]
        draw.polygon(corners, fill=fill, outline=OUTLINE, width=SCALE * 5)
        draw.text((x, y), letter.upper(), font=font, fill=LETTER, anchor="mm")
    return png.encode(image, (size, size))


def alt_text(center: str, outer: str) -> str:
    return f"Spelling Bee hive: centre letter {center.upper()}, outer letters {' '.join(outer.upper())}"


def shuffled(outer: str, rng: random.Random | None = None) -> str:
    """The outer letters in a new order (different from the given one when possible)."""
    rng = rng or random.Random()
    letters = list(outer)
    if len(set(letters)) < 2:
        return outer
    while "".join(letters) == outer:
        rng.shuffle(letters)
    return "".join(letters)
