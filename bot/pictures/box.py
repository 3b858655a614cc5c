"""A picture of a Letter Boxed box, and of a chain on it that can be followed word by word.

A single line for the whole chain becomes a tangle by the third word, with no start and no
order. So each word has its own colour (six from Okabe and Ito's palette, which colour-blind
players tell apart; a longer chain takes them in turn) and its number, in a badge on its first
segment; a ring marks the chain's first letter and an arrowhead on every segment its way. A
segment drawn more than once (the same two letters in two words, or twice in one word) is drawn
as parallel lines, one per use, so none hides another. A legend under the box lists the words
in order and in their colours.

The box is drawn on its own light card with a dark outline, so it reads the same on Discord's
light and dark themes. :func:`render_box` is pure, data in and PNG bytes out, and cached.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.pictures import fonts, png

CARD = (252, 239, 230, 255)  # a warm paper colour, like the newspaper's
INSIDE = (255, 255, 255, 255)
OUTLINE = (34, 34, 34, 255)
DOT = (255, 255, 255, 255)
USED_DOT = (34, 34, 34, 255)  # a used letter is filled in: the hollow ones are left to use
LETTER = (20, 20, 20, 255)
ARROW = (90, 90, 90, 255)
PALETTE = (  # Okabe & Ito: blue, vermillion, bluish green, reddish purple, orange, sky blue
    (0, 114, 178, 255), (213, 94, 0, 255), (0, 158, 115, 255),
    (204, 121, 167, 255), (230, 159, 0, 255), (86, 180, 233, 255),
)
SCALE = 2  # draw big, then shrink: smooth edges
RADIUS = 0.35  # the box's corners from its centre, a share of the width
LINE = 0.01  # a chain line's width, a share of the width
LANE = 2.4  # lines of the same two letters lie this many line widths apart

Point = tuple[float, float]


def colour(word_index: int) -> tuple[int, int, int, int]:
    """The colour of the chain's word ``word_index`` (from 0): the palette in turn."""
    return PALETTE[word_index % len(PALETTE)]


def ink_on(fill: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Black or white, whichever reads better on ``fill`` (its relative luminance decides)."""
    r, g, b = (channel / 255 for channel in fill[:3])
    return LETTER if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else (255, 255, 255, 255)


def corners(sides: int, centre: float, radius: float) -> list[Point]:
    """The polygon's corners, flat side on top (a square stands square)."""
    start = -math.pi / 2 - math.pi / sides
    return [(centre + radius * math.cos(start + 2 * math.pi * k / sides),
             centre + radius * math.sin(start + 2 * math.pi * k / sides)) for k in range(sides)]


def label_pixels(sides: tuple[str, ...], radius: float) -> int:
    """The letters' size: the newspaper's look on a square of 3 a side, smaller when a side is
    crowded (a hexagon of 5 a side), so neighbouring labels never touch."""
    side_length = 2 * radius * math.sin(math.pi / len(sides))
    spacing = min(side_length / (len(letters) + 1) for letters in sides)
    return int(min(radius * 0.23, spacing * 0.8))


def letter_spots(sides: tuple[str, ...], centre: float, radius: float) -> dict[str, tuple[Point, Point]]:
    """For each letter: its dot on the side, and the centre of its label (outside the box)."""
    points = corners(len(sides), centre, radius)
    away = radius * 0.1 + label_pixels(sides, radius) * 0.6
    spots = {}
    for index, letters in enumerate(sides):
        (x1, y1), (x2, y2) = points[index], points[(index + 1) % len(sides)]
        mx, my = (x1 + x2) / 2 - centre, (y1 + y2) / 2 - centre
        length = math.hypot(mx, my) or 1.0
        out = (mx / length, my / length)
        for k, letter in enumerate(letters):
            t = (k + 1) / (len(letters) + 1)
            dot = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            spots[letter] = (dot, (dot[0] + out[0] * away, dot[1] + out[1] * away))
    return spots


def label_boxes(sides: tuple[str, ...], size: int = 480) -> dict[str, tuple[float, float, float, float]]:
    """Where each letter's label is drawn (left, top, right, bottom in the drawn picture's pixels)."""
    big = size * SCALE
    radius = big * RADIUS
    font = fonts.font(label_pixels(sides, radius), bold=True)
    boxes = {}
    for letter, (_, (x, y)) in letter_spots(sides, big / 2, radius).items():
        left, top, right, bottom = font.getbbox(letter.upper(), anchor="mm")
        boxes[letter] = (x + left, y + top, x + right, y + bottom)
    return boxes


@dataclass(frozen=True, slots=True)
class Segment:
    """One stroke of the chain: word ``word`` (from 0) goes from letter ``start`` to ``end``; it is
    use ``lane`` (from 0) of ``lanes`` of the same two letters, drawn side by side."""

    word: int
    start: str
    end: str
    lane: int
    lanes: int


def segments(chain: tuple[str, ...], letters: set[str]) -> list[Segment]:
    """The chain's strokes in the order they are played (letters off the box are skipped)."""
    strokes = []
    for index, word in enumerate(chain):
        kept = [ch for ch in word.lower() if ch in letters]
        strokes += [(index, a, b) for a, b in zip(kept, kept[1:], strict=False) if a != b]
    uses = Counter(frozenset((a, b)) for _, a, b in strokes)
    seen: Counter[frozenset[str]] = Counter()
    out = []
    for index, a, b in strokes:
        pair = frozenset((a, b))
        out.append(Segment(index, a, b, seen[pair], uses[pair]))
        seen[pair] += 1
    return out


def stroke_path(segment: Segment, spots: dict[str, tuple[Point, Point]], gap: float) -> list[Point]:
    """The points of a segment's line: straight from dot to dot, or, for one of several uses of
    the same two letters, moved aside in its middle (the ends stay on the dots, so a word's
    segments still meet)."""
    (x0, y0), (x1, y1) = spots[segment.start][0], spots[segment.end][0]
    if segment.lanes == 1:
        return [(x0, y0), (x1, y1)]
    low, high = sorted((segment.start, segment.end))  # the same side for A→B and B→A
    (lx, ly), (hx, hy) = spots[low][0], spots[high][0]
    length = math.hypot(hx - lx, hy - ly) or 1.0
    nx, ny = -(hy - ly) / length, (hx - lx) / length
    shift = (segment.lane - (segment.lanes - 1) / 2) * gap
    dx, dy = x1 - x0, y1 - y0
    return [(x0, y0), (x0 + dx * 0.2 + nx * shift, y0 + dy * 0.2 + ny * shift),
            (x0 + dx * 0.8 + nx * shift, y0 + dy * 0.8 + ny * shift), (x1, y1)]


def along(path: list[Point], t: float) -> Point:
    """The point a share ``t`` of the way along a segment's path (measured on its ends' line,
    placed on the path's middle part, which is where a moved-aside line runs)."""
    (x0, y0), (x1, y1) = path[0], path[-1]
    if len(path) == 2:
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
    (ax, ay), (bx, by) = path[1], path[2]
    share = min(max((t - 0.2) / 0.6, 0.0), 1.0)
    return ax + (bx - ax) * share, ay + (by - ay) * share


def arrowhead(tip: Point, direction: Point, length: float) -> list[Point]:
    """The corners of a triangle pointing along ``direction`` with its point at ``tip``."""
    dx, dy = direction
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    half = length * 0.62
    return [tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]


def badge(draw: ImageDraw.ImageDraw, centre: Point, radius: float, number: int, fill: tuple[int, ...]) -> None:
    """A word's number in a disc of its colour."""
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=OUTLINE, width=SCALE)
    digits = str(number)
    font = fonts.font(radius * (1.25 if len(digits) == 1 else 1.0), bold=True)
    draw.text((x, y), digits, font=font, fill=ink_on(fill), anchor="mm")


def draw_chain(draw: ImageDraw.ImageDraw, chain: tuple[str, ...], spots: dict[str, tuple[Point, Point]],
               big: int) -> None:
    """The chain's lines, each in its word's colour with a dark edge, and their arrowheads (the
    dots, labels, badges and start ring go on top afterwards)."""
    width = big * LINE
    strokes = segments(chain, set(spots))
    paths = [stroke_path(segment, spots, gap=width * LANE) for segment in strokes]
    for segment, path in zip(strokes, paths, strict=True):  # in playing order: a later word crosses over
        draw.line(path, fill=OUTLINE, width=round(width + 2 * SCALE), joint="curve")
        draw.line(path, fill=colour(segment.word), width=round(width), joint="curve")
    for segment, path in zip(strokes, paths, strict=True):
        tip = along(path, 0.66)
        draw.polygon(arrowhead(tip, (path[-1][0] - path[0][0], path[-1][1] - path[0][1]), width * 3.2),
                     fill=colour(segment.word), outline=OUTLINE, width=SCALE)


def draw_badges(draw: ImageDraw.ImageDraw, chain: tuple[str, ...], spots: dict[str, tuple[Point, Point]],
                big: int) -> None:
    """Each word's number on its first segment, and a ring round the chain's first letter."""
    strokes = segments(chain, set(spots))
    width = big * LINE
    radius = big * 0.021
    first_of_word = {}
    for segment in strokes:
        first_of_word.setdefault(segment.word, segment)
    for word, segment in first_of_word.items():
        path = stroke_path(segment, spots, gap=width * LANE)
        badge(draw, along(path, 0.33), radius, word + 1, colour(word))
    if strokes:
        x, y = spots[strokes[0].start][0]
        ring = big * 0.032
        draw.ellipse((x - ring, y - ring, x + ring, y + ring), outline=OUTLINE, width=round(width * 1.2) + 2 * SCALE)
        inner = ring - SCALE
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), outline=colour(strokes[0].word),
                     width=round(width * 1.2))


def legend_lines(chain: tuple[str, ...], width: float, font_px: int) -> list[list[tuple[int, str]]]:
    """The legend's items (word index, word) laid out in lines that fit ``width``."""
    font = fonts.font(font_px, bold=True)
    item_gap = font_px * 2.7  # the badge before a word and the arrow after it
    lines: list[list[tuple[int, str]]] = [[]]
    used = 0.0
    for index, word in enumerate(chain):
        need = item_gap + font.getlength(word.upper())
        if lines[-1] and used + need > width:
            lines.append([])
            used = 0.0
        lines[-1].append((index, word))
        used += need
    return lines


def draw_legend(draw: ImageDraw.ImageDraw, lines: list[list[tuple[int, str]]], top: float, big: int,
                font_px: int) -> None:
    """``① OBJECTIFY → ② YOUTHFUL``, each word after its number badge, in its colour."""
    font = fonts.font(font_px, bold=True)
    radius = font_px * 0.62
    line_height = font_px * 1.8
    last = len([item for line in lines for item in line]) - 1
    for row, line in enumerate(lines):
        y = top + row * line_height + line_height / 2
        x = big * 0.06
        for index, word in line:
            badge(draw, (x + radius, y), radius, index + 1, colour(index))
            x += radius * 2 + font_px * 0.3
            text = word.upper()
            draw.text((x, y), text, font=font, fill=LETTER, anchor="lm")
            length = font.getlength(text)
            draw.line(((x, y + font_px * 0.62), (x + length, y + font_px * 0.62)), fill=colour(index),
                      width=round(font_px * 0.16))
            x += length + font_px * 0.6
            if index != last:
                draw.text((x, y), "→", font=font, fill=ARROW, anchor="mm")
            x += font_px * 0.6


@functools.lru_cache(maxsize=128)
def render_box(sides: tuple[str, ...], chain: tuple[str, ...] = (), size: int = 480) -> bytes:
    """A PNG, ``size`` pixels wide, of the box whose ``sides`` are strings of letters, with the
    words of ``chain`` drawn in order (the letters they use filled in) and listed under it; with
    no chain the card is square."""
    if not 3 <= len(sides) <= 6 or not all(sides):
        raise ValueError("a box has 3 to 6 sides, each with letters")
    sides = tuple(side.lower() for side in sides)
    chain = tuple(word.lower() for word in chain if word)
    big = size * SCALE
    centre, radius = big / 2, big * RADIUS
    spots = letter_spots(sides, centre, radius)
    label_px = label_pixels(sides, radius)
    legend_px = round(big * 0.038)
    lines = legend_lines(chain, big * 0.9, legend_px) if chain else []
    if lines:
        box_bottom = max(label[1] for _, label in spots.values()) + label_px * 0.8
        legend_top = box_bottom + big * 0.03
        height = int(legend_top + len(lines) * legend_px * 1.8 + big * 0.05) // SCALE * SCALE
    else:
        legend_top, height = 0.0, big
    image = Image.new("RGBA", (big, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, big - 1, height - 1), radius=big // 24, fill=CARD)
    draw.polygon(corners(len(sides), centre, radius), fill=INSIDE, outline=OUTLINE, width=SCALE * 4)
    draw_chain(draw, chain, spots, big)
    used = {ch for word in chain for ch in word}
    font = fonts.font(label_px, bold=True)
    dot_radius = min(big * 0.018, label_px * 0.4)
    for letter, ((x, y), (lx, ly)) in spots.items():
        fill = USED_DOT if letter in used else DOT
        draw.ellipse((x - dot_radius, y - dot_radius, x + dot_radius, y + dot_radius), fill=fill, outline=OUTLINE,
                     width=SCALE * 2)
        draw.text((lx, ly), letter.upper(), font=font, fill=LETTER, anchor="mm")
    draw_badges(draw, chain, spots, big)
    if lines:
        draw_legend(draw, lines, legend_top, big, legend_px)
    return png.encode(shrunk(image))


def shrunk(image: Image.Image) -> Image.Image:
    """The drawing at its shown size (each pixel the mean of the big one's SCALE×SCALE: smooth
    edges) in 256 colours (``png.in_palette``)."""
    return png.in_palette(image.reduce(SCALE))
