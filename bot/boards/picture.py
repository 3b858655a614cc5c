"""The /stats picture: a player's last 52 weeks of a game as a calendar (one square a day, like
GitHub's contribution calendar), their streaks and totals. Also what the leaderboard card
shares with it: the card itself and player names made safe to draw.

Pure functions, data in and PNG bytes out, so ``wordbot stats --png`` and the benchmark draw
exactly what the bot posts. Drawn on a light card of our own with a grey edge, so it reads on
Discord's dark and light themes alike, and saved with an exact palette (fast to encode: each
picture takes about 35 ms; see ``benchmarks/pictures.py``).
"""

from __future__ import annotations

import functools
import unicodedata

from PIL import Image, ImageDraw, ImageFont

from bot.boards.boards import PlayerStats
from bot.boards.year import WEEKS, Year, days, month_labels, square
from bot.icons import Icon
from bot.pictures import fonts, marks, png
from bot.text import counted, plural, short_date

SCALE = 1  # 2 draws smoother corners and dots, at twice the time (most of 100 ms under load)
CARD = (250, 250, 247)
EDGE = (200, 204, 210)
INK = (31, 35, 40)
MUTED = (96, 104, 114)
TILE = (238, 239, 236)
NOT_PLAYED = (226, 229, 233)
# Colours of the levels 1.. (bot/boards/year.py names them): light to dark, each game its own hue.
RAMPS = {
    "bee": ((255, 232, 140), (247, 197, 40), (232, 140, 14), (178, 72, 8), (96, 38, 10)),
    "letterbox": ((253, 208, 204), (246, 146, 138), (222, 66, 56), (140, 22, 18)),
}
OTHER_RAMP = ((190, 214, 247), (96, 156, 232), (28, 88, 180))
ON_SQUARE = (255, 255, 255)  # the top and perfect days' marks, drawn on their squares

CELL, GAP = 12, 3  # a day's square and the space between squares
PITCH = CELL + GAP
MARGIN, LABELS = 20, 30  # the card's margin, the weekday labels' column
GRID_TOP = 84
WIDTH = MARGIN + LABELS + WEEKS * PITCH - GAP + MARGIN
LEGEND_TOP = GRID_TOP + 7 * PITCH + 10
TILES_TOP = LEGEND_TOP + 28
TILE_HEIGHT = 56
HEIGHT = TILES_TOP + TILE_HEIGHT + MARGIN
SIZE = (WIDTH, HEIGHT)

NOT_IN_FONT = "\ue000"  # a private-use character: no font of ours has it


class Canvas:
    """A card drawn at ``SCALE`` times its size: coordinates are given at the final size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.image = Image.new("RGBA", (size[0] * SCALE, size[1] * SCALE), (*EDGE, 0))  # edges shrink to EDGE
        self.draw = ImageDraw.Draw(self.image)
        self.draw.rounded_rectangle((0, 0, size[0] * SCALE - 1, size[1] * SCALE - 1), radius=14 * SCALE,
                                    fill=CARD, outline=EDGE, width=SCALE)

    def font(self, size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        return fonts.font(size * SCALE, bold)

    def text(self, xy: tuple[float, float], text: str, size: int, fill=INK, bold: bool = False,
             anchor: str = "la") -> None:
        self.draw.text((xy[0] * SCALE, xy[1] * SCALE), text, font=self.font(size, bold), fill=fill, anchor=anchor)

    def box(self, box: tuple[float, float, float, float], fill, radius: float = 2, outline=None,
            width: int = 0) -> None:
        self.draw.rounded_rectangle(tuple(v * SCALE for v in box), radius=radius * SCALE, fill=fill,
                                    outline=outline, width=width * SCALE)

    def dot(self, centre: tuple[float, float], radius: float, fill) -> None:
        x, y = centre
        self.draw.ellipse(((x - radius) * SCALE, (y - radius) * SCALE, (x + radius) * SCALE, (y + radius) * SCALE),
                          fill=fill)

    def polygon(self, points: list[tuple[float, float]], fill) -> None:
        self.draw.polygon([(x * SCALE, y * SCALE) for x, y in points], fill=fill)

    def fit(self, text: str, size: int, width: float, bold: bool = False) -> str:
        """``text`` cut to ``width`` (at the final size) in this font."""
        return fit(text, self.font(size, bold), width * SCALE)

    def width(self, text: str, size: int, bold: bool = False) -> float:
        return self.font(size, bold).getlength(text) / SCALE

    def png(self) -> bytes:
        """Reduced to an exact palette, which PNG encodes four times faster than full colour (a
        picture drawn big is first shrunk by averaging: crisp squares, no Lanczos ringing)."""
        return png.encode(png.exact_palette(self.image.reduce(SCALE) if SCALE > 1 else self.image))


# ------------------------------------------------------------------------ names, safe to draw

@functools.lru_cache(maxsize=4096)
def in_font(character: str) -> bool:
    """Whether our bundled font draws the character (anything else comes out as an empty box)."""
    face = fonts.font(16)
    mask, missing = face.getmask(character), face.getmask(NOT_IN_FONT)
    return (mask.size, bytes(mask)) != (missing.size, bytes(missing))


def drawable(name: str, fallback: str) -> str:
    """A player's name as we can draw it: controls and direction marks dropped, emoji and other
    symbols our font lacks dropped, letters it lacks shown as one ``?`` a run; ``fallback``
    when no letter or digit is left."""
    out: list[str] = []
    for character in unicodedata.normalize("NFC", name):
        category = unicodedata.category(character)
        if character.isspace() or category in ("Zl", "Zp"):
            character = " "
        if character != " " and (category[0] == "C" or not in_font(character)):
            if category[0] in "CMSZ" or (out and out[-1] == "?"):
                continue
            character = "?"
        out.append(character)
    text = " ".join("".join(out).split())
    return text if any(c.isalnum() for c in text) else fallback


def fit(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut (with an ellipsis) to at most ``width`` pixels in ``face``."""
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with its ellipsis
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + "…") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


# ------------------------------------------------------------------------------ the calendar

def ramp(year: Year) -> tuple[tuple[int, int, int], ...]:
    """The colour of each level, from 0 (not played)."""
    colours = RAMPS.get(year.game.key, OTHER_RAMP)
    return (NOT_PLAYED, *colours[: len(year.scale.names) - 1])


def cell_box(column: int, row: int) -> tuple[float, float, float, float]:
    x, y = MARGIN + LABELS + column * PITCH, GRID_TOP + row * PITCH
    return x, y, x + CELL, y + CELL


def draw_calendar(canvas: Canvas, year: Year) -> None:
    colours = ramp(year)
    for column, month in month_labels(year.today):
        canvas.text((MARGIN + LABELS + column * PITCH, GRID_TOP - 6), month, 11, MUTED, anchor="ls")
    for row, weekday in ((0, "Mon"), (2, "Wed"), (4, "Fri"), (6, "Sun")):
        canvas.text((MARGIN, GRID_TOP + row * PITCH + CELL / 2), weekday, 10, MUTED, anchor="lm")
    for day in days(year.today):
        value = year.levels.get(day, 0)
        box = cell_box(*square(day, year.today))
        canvas.box(box, colours[value])
        mark_square(canvas, year.scale.icon(value), box, colours[value])
    today = cell_box(*square(year.today, year.today))
    canvas.box((today[0] - 2, today[1] - 2, today[2] + 2, today[3] + 2), None, radius=3, outline=INK, width=1)


def mark_square(canvas: Canvas, icon: Icon | None, box: tuple[float, float, float, float], colour) -> None:
    """A top or perfect day's square carries its icon's mark (the card's and the text's): a day
    is not told by colour alone."""
    if icon is not None:
        marks.draw(canvas, icon, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), CELL * 0.36, colour, ON_SQUARE)


def legend(year: Year) -> list[tuple[str, tuple[int, int, int], Icon | None]]:
    """(name, colour, icon) of each level, as the legend under the calendar shows them."""
    return [(name, colour, year.scale.icon(value))
            for value, (name, colour) in enumerate(zip(year.scale.names, ramp(year), strict=False))]


def draw_legend(canvas: Canvas, year: Year) -> None:
    x, y = MARGIN + LABELS, LEGEND_TOP
    for name, colour, icon in legend(year):
        box = (x, y, x + CELL, y + CELL)
        canvas.box(box, colour)
        mark_square(canvas, icon, box, colour)
        canvas.text((x + CELL + 5, y + CELL / 2), name, 11, MUTED, anchor="lm")
        x += CELL + 5 + canvas.width(name, 11) + 16


def stats_tiles(stats: PlayerStats, year: Year) -> list[tuple[str, str, Icon | None]]:
    """(value, label, icon) of each tile under the calendar: the labels agree with the numbers."""
    scale = year.scale
    return [(plural(stats.current_streak, "day"), "current streak", None),
            (plural(stats.longest_streak, "day"), "best streak", None),
            (f"{stats.days_played:,}", scale.days(stats.days_played), None),
            (f"{stats.total_points:,}", counted(stats.total_points, "point"), None),
            (f"{stats.top_days:,}", scale.top.days(stats.top_days), scale.top),
            (f"{stats.perfect_days:,}", scale.perfect.days(stats.perfect_days), scale.perfect)]


def draw_tiles(canvas: Canvas, tiles: list[tuple[str, str, Icon | None]]) -> None:
    gap = 10
    width = (WIDTH - 2 * MARGIN - gap * (len(tiles) - 1)) / len(tiles)
    for k, (value, label, icon) in enumerate(tiles):
        x = MARGIN + k * (width + gap)
        canvas.box((x, TILES_TOP, x + width, TILES_TOP + TILE_HEIGHT), TILE, radius=8)
        room = width - 20 - (22 if icon else 0)
        canvas.text((x + 12, TILES_TOP + 26), canvas.fit(value, 20, room, True), 20, INK, True, "ls")
        if icon is not None:
            marks.draw(canvas, icon, (x + width - 18, TILES_TOP + 18), 8, TILE)
        canvas.text((x + 12, TILES_TOP + 44), canvas.fit(label, 11, width - 20), 11, MUTED, anchor="ls")


def render_stats(stats: PlayerStats, year: Year, name: str) -> bytes:
    """The /stats picture of ``stats`` and ``year`` (the same player and game), headed with the
    player's ``name`` (any text: drawn safely, cut to fit)."""
    canvas = Canvas(SIZE)
    title = f"{stats.game.title} · "
    canvas.text((MARGIN, 18), title, 20, INK, True)
    who = canvas.fit(drawable(name, "player"), 20, WIDTH - 2 * MARGIN - canvas.width(title, 20, True), True)
    canvas.text((MARGIN + canvas.width(title, 20, True), 18), who, 20, INK, True)
    span = f"{short_date(year.first)} {year.first.year} – {short_date(year.today)} {year.today.year}"
    canvas.text((MARGIN, 46), f"Last 52 weeks ({span}) · {year.played()}", 13, MUTED)
    draw_calendar(canvas, year)
    draw_legend(canvas, year)
    draw_tiles(canvas, stats_tiles(stats, year))
    return canvas.png()
