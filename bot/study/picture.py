"""The /study stats picture: a player's deck at a glance.

Three parts on the light card the other stats pictures use (``bot.boards.picture``): the cards
by state as one bar (new, learning, review, relearning, each counted in the legend under it, so
no state is told by colour alone); the reviews due over the next 30 days as a small bar chart,
day 0 being today in the player's time zone (today's bar darker, the busiest day's count
written at the top of the scale); and four tiles: the streak, the share of reviews recalled over
the last 30 days, the reviews made in them, and the cards due today (reviews and new cards, as
``/study review`` and the reminder count them).

Pure: numbers in, PNG bytes out, so the README picture (``scripts/readme_pictures.py``) is what
the bot posts. The bot draws it off the event loop (``await png.drawn(render_study_stats, ...)``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Protocol

from bot.pictures.canvas import INK, MUTED, TILE, Canvas, drawable
from bot.study.model import STATES, DueCounts
from bot.text import counted, fit_alt, plural, short_date

WIDTH, HEIGHT = 640, 372
MARGIN = 20
INNER = WIDTH - 2 * MARGIN
BAR_TOP, BAR_HEIGHT = 96, 22
LEGEND_TOP = BAR_TOP + BAR_HEIGHT + 10
CHART_LABEL = LEGEND_TOP + 40
CHART_TOP, CHART_HEIGHT = CHART_LABEL + 12, 80
AXIS = CHART_TOP + CHART_HEIGHT
TILES_TOP, TILE_HEIGHT = AXIS + 30, 56
DAYS = 30

STATE_NAMES = {"new": "New", "learning": "Learning", "review": "Review", "relearning": "Relearning"}
STATE_COLOURS = {"new": (96, 156, 232), "learning": (232, 140, 14), "review": (60, 150, 84),
                 "relearning": (214, 48, 49)}
OTHER_STATE = (150, 156, 164)
EMPTY = (226, 229, 233)  # the bar of an empty deck, and the chart's empty days
DUE = (120, 150, 200)
DUE_TODAY = (28, 88, 180)


class Stats(Protocol):
    """What the picture reads of ``bot.study.deck.StudyStats``."""

    by_state: Mapping[str, int]
    retention_30d: float | None
    due_next_30: Sequence[int]
    streak: int
    reviews_30d: int
    due_today: DueCounts


def states(by_state: Mapping[str, int]) -> list[tuple[str, int]]:
    """(state, cards) in the order the bar and the legend show them: the four FSRS states first
    (always, even at 0), any other state the deck reports after them."""
    return [(s, by_state.get(s, 0)) for s in STATES] + [(s, n) for s, n in by_state.items() if s not in STATES]


def retention_label(retention: float | None) -> str:
    """``91%``, or ``–`` with no review in the last 30 days."""
    return "–" if retention is None else f"{round(retention * 100):d}%"


def tiles(stats: Stats) -> list[tuple[str, str]]:
    """(value, label) of each tile under the chart: the labels agree with the numbers."""
    due_today = stats.due_today.today  # as /study review and the reminder count it (Study.due)
    return [(plural(stats.streak, "day"), "study streak"),
            (retention_label(stats.retention_30d), "recalled, last 30 days"),
            (f"{stats.reviews_30d:,}", counted(stats.reviews_30d, "review") + ", last 30 days"),
            (f"{due_today:,}", counted(due_today, "card") + " due today")]


def draw_states(canvas: Canvas, by_state: Mapping[str, int]) -> None:
    shown = states(by_state)
    total = sum(n for _, n in shown)
    canvas.text((MARGIN, BAR_TOP - 8), "Cards by state", 13, INK, True, "ls")
    canvas.box((MARGIN, BAR_TOP, MARGIN + INNER, BAR_TOP + BAR_HEIGHT), EMPTY, radius=4)
    x = float(MARGIN)
    for state, count in shown:
        if count and total:
            width = INNER * count / total
            canvas.box((x, BAR_TOP, x + width, BAR_TOP + BAR_HEIGHT), STATE_COLOURS.get(state, OTHER_STATE), radius=0)
            x += width
    x = float(MARGIN)
    for state, count in shown:
        colour = STATE_COLOURS.get(state, OTHER_STATE)
        canvas.box((x, LEGEND_TOP, x + 12, LEGEND_TOP + 12), colour)
        label = f"{STATE_NAMES.get(state, drawable(state, 'other'))} {count:,}"
        canvas.text((x + 17, LEGEND_TOP + 6), label, 12, MUTED, anchor="lm")
        x += 17 + canvas.width(label, 12) + 18


def draw_due(canvas: Canvas, due: Sequence[int], today: dt.date) -> None:
    days = list(due[:DAYS]) + [0] * (DAYS - len(due[:DAYS]))
    top = max(days)
    canvas.text((MARGIN, CHART_LABEL), f"Reviews due, next {DAYS} days", 13, INK, True, "ls")
    canvas.text((MARGIN + INNER, CHART_LABEL), f"most in a day: {top:,}", 11, MUTED, anchor="rs")
    pitch = INNER / DAYS
    for day, count in enumerate(days):
        x = MARGIN + day * pitch
        height = 0.0 if not top else max(2.0, CHART_HEIGHT * count / top) if count else 0.0
        canvas.box((x + 1, AXIS - 3, x + pitch - 2, AXIS), EMPTY, radius=0)
        if height:
            canvas.box((x + 1, AXIS - height, x + pitch - 2, AXIS), DUE_TODAY if day == 0 else DUE, radius=1)
    canvas.box((MARGIN, AXIS, MARGIN + INNER, AXIS + 1), MUTED, radius=0)
    for day in (0, 7, 14, 21, DAYS - 1):
        label = "today" if day == 0 else short_date(today + dt.timedelta(days=day))
        anchor = "la" if day == 0 else "ra" if day == DAYS - 1 else "ma"
        x = MARGIN + (day + (0 if day == 0 else 1 if day == DAYS - 1 else 0.5)) * pitch
        canvas.text((x, AXIS + 5), label, 11, MUTED, anchor=anchor)


def draw_tiles(canvas: Canvas, shown: list[tuple[str, str]]) -> None:
    gap = 10
    width = (INNER - gap * (len(shown) - 1)) / len(shown)
    for k, (value, label) in enumerate(shown):
        x = MARGIN + k * (width + gap)
        canvas.box((x, TILES_TOP, x + width, TILES_TOP + TILE_HEIGHT), TILE, radius=8)
        canvas.text((x + 12, TILES_TOP + 26), canvas.fit(value, 20, width - 20, True), 20, INK, True, "ls")
        canvas.text((x + 12, TILES_TOP + 44), canvas.fit(label, 11, width - 20), 11, MUTED, anchor="ls")


def render_study_stats(stats: Stats, today: dt.date, name: str) -> bytes:
    """The /study stats picture of ``stats``, ``today`` being day 0 of its due chart (the
    player's own date), headed with the player's ``name`` (any text: drawn safely, cut to fit)."""
    canvas = Canvas((WIDTH, HEIGHT))
    title = "Study · "
    canvas.text((MARGIN, 18), title, 20, INK, True)
    who = canvas.fit(drawable(name, "player"), 20, INNER - canvas.width(title, 20, True), True)
    canvas.text((MARGIN + canvas.width(title, 20, True), 18), who, 20, INK, True)
    cards = sum(stats.by_state.values())
    canvas.text((MARGIN, 46), f"{plural(cards, 'card')} in the deck · {short_date(today)} {today.year}", 13, MUTED)
    draw_states(canvas, stats.by_state)
    draw_due(canvas, stats.due_next_30, today)
    draw_tiles(canvas, tiles(stats))
    return canvas.png()


def alt_text(stats: Stats, today: dt.date) -> str:
    """The picture for a screen reader: every number it shows (the chart's non-zero days by date)."""
    cards = sum(stats.by_state.values())
    parts = ", ".join(f"{count:,} {STATE_NAMES.get(state, state).lower()}" for state, count in states(stats.by_state))
    due = [(day, n) for day, n in enumerate(stats.due_next_30[:DAYS]) if n]
    chart = "; ".join(f"{'today' if day == 0 else short_date(today + dt.timedelta(days=day))} {n:,}" for day, n in due)
    head = ", ".join(f"{value} {label}" for value, label in tiles(stats))
    return fit_alt(f"Study stats: {plural(cards, 'card')} ({parts}). {head}. "
                   f"Reviews due over the next {DAYS} days: {chart or 'none'}.")
