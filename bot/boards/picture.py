"""The /stats picture: a player's last 52 weeks of a game as a calendar (one square a day, like
GitHub's contribution calendar), their streaks and totals. It draws on the pictures' common
card (``bot.pictures.canvas``).

Pure functions, data in and PNG bytes out, so ``wordbot stats --png`` and the benchmark draw
exactly what the bot posts. Drawn on a light card of our own with a grey edge, so it reads on
Discord's dark and light themes alike, and saved with an exact palette (fast to encode: each
picture takes about 35 ms; see ``benchmarks/pictures.py``).
"""

from __future__ import annotations

from bot.boards.boards import PlayerStats
from bot.boards.year import WEEKS, Year, days, month_labels, square
from bot.icons import Icon
from bot.pictures import marks
from bot.pictures.canvas import INK, MUTED, TILE, Canvas, drawable
from bot.text import counted, plural, short_date

NOT_PLAYED = (226, 229, 233)
# Colours of the levels 1.. (bot/boards/year.py names them): light to dark, each game its own hue,
# named in its plug-in (GameInfo.calendar).
OTHER_RAMP = ((190, 214, 247), (96, 156, 232), (28, 88, 180))  # a game that names no colours of its own
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

# ------------------------------------------------------------------------------ the calendar

def ramp(year: Year) -> tuple[tuple[int, int, int], ...]:
    """The colour of each level, from 0 (not played)."""
    colours = year.game.calendar or OTHER_RAMP
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
