"""A picture of a Letter Boxed box: a regular polygon (a square for the newspaper's 4 sides),
each side's letters on dots along it, and optionally a chain of words drawn as lines.

The box is drawn on its own light card with a dark outline, so it reads the same on Discord's
light and dark themes.
"""

from __future__ import annotations

import functools
import io
import math

from PIL import Image, ImageDraw, ImageFont

CARD = (252, 239, 230, 255)  # a warm paper colour, like the newspaper's
INSIDE = (255, 255, 255, 255)
OUTLINE = (34, 34, 34, 255)
DOT = (255, 255, 255, 255)
USED_DOT = (252, 113, 107, 255)
LETTER = (20, 20, 20, 255)
CHAIN = (252, 113, 107, 220)
SCALE = 2  # draw big, then shrink: smooth edges


def corners(sides: int, centre: float, radius: float) -> list[tuple[float, float]]:
    """The polygon's corners, flat side on top (a square stands square)."""
    start = -math.pi / 2 - math.pi / sides
    return [(centre + radius * math.cos(start + 2 * math.pi * k / sides),
             centre + radius * math.sin(start + 2 * math.pi * k / sides)) for k in range(sides)]


def letter_spots(sides: tuple[str, ...], centre: float, radius: float) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
    """For each letter: its dot on the side, and where its label goes (outside the box)."""
    points = corners(len(sides), centre, radius)
    spots = {}
    for index, letters in enumerate(sides):
        (x1, y1), (x2, y2) = points[index], points[(index + 1) % len(sides)]
        mx, my = (x1 + x2) / 2 - centre, (y1 + y2) / 2 - centre
        length = math.hypot(mx, my) or 1.0
        out = (mx / length, my / length)
        for k, letter in enumerate(letters):
            t = (k + 1) / (len(letters) + 1)
            dot = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            label = (dot[0] + out[0] * radius * 0.22, dot[1] + out[1] * radius * 0.22)
            spots[letter] = (dot, label)
    return spots


@functools.lru_cache(maxsize=128)
def render_box(sides: tuple[str, ...], chain: tuple[str, ...] = (), size: int = 480) -> bytes:
    """A PNG of the box whose ``sides`` are strings of letters, with the words of ``chain`` drawn
    letter to letter (the letters they use marked)."""
    if not 3 <= len(sides) <= 6 or not all(sides):
        raise ValueError("a box has 3 to 6 sides, each with letters")
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    centre, radius = big / 2, big * 0.33
    draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 24, fill=CARD)
    draw.polygon(corners(len(sides), centre, radius), fill=INSIDE, outline=OUTLINE, width=SCALE * 4)
    spots = letter_spots(tuple(s.lower() for s in sides), centre, radius)
    path = [spots[ch][0] for word in chain for ch in word.lower() if ch in spots]
    if len(path) > 1:
        draw.line(path, fill=CHAIN, width=SCALE * 5, joint="curve")
    used = {ch for word in chain for ch in word.lower()}
    font = ImageFont.load_default(size=int(big * 0.075))
    dot_radius = big * 0.018
    for letter, ((x, y), (lx, ly)) in spots.items():
        fill = USED_DOT if letter in used else DOT
        draw.ellipse((x - dot_radius, y - dot_radius, x + dot_radius, y + dot_radius), fill=fill, outline=OUTLINE, width=SCALE * 2)
        draw.text((lx, ly), letter.upper(), font=font, fill=LETTER, anchor="mm")
    out = io.BytesIO()
    image.resize((size, size), Image.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()


def alt_text(sides: tuple[str, ...]) -> str:
    named = "; ".join(f"side {k}: {' '.join(side.upper())}" for k, side in enumerate(sides, start=1))
    return f"Letter Boxed box with {len(sides)} sides. {named}"
