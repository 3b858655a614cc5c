"""A player's last 52 weeks as a calendar, like GitHub's contribution calendar: one square a day,
a column a week (Monday to Sunday, top to bottom), the last column the week of today.

Each day gets a *level* (0: not played) that the picture colours. A game names its levels below
its top day and says a finished day's level in its plug-in (``GameInfo.levels`` and ``level``:
the bee's group its ranks, the box's say how the day ended); a game that does not has played,
top day and perfect day. The names are the alt text's and the legend's alike; the top two are
the game's top and perfect days, named and marked by their icons (``bot.icons``); the colours
are the picture's (bot/boards/picture.py).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.days.store import DayResult
from bot.icons import Icon
from bot.plugins import GameInfo
from bot.text import counted, plural
from solvers import bee_rank as bee

WEEKS = 53  # 52 whole weeks before this one, and this one (today may not be a Sunday)
DAY = dt.timedelta(days=1)


@dataclass(frozen=True, slots=True)
class Scale:
    """A game's levels, from a day not played: ``lower`` names those below its top day, whose
    ``top`` icon marks the next level and ``perfect`` the last (the icons name them too, so the
    legend, the alt text and the text say the same); ``counted``: the days its totals count
    (singular, plural): all its days, or only the box's solved ones."""

    lower: tuple[str, ...]
    top: Icon
    perfect: Icon
    counted: tuple[str, str]

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.lower, self.top.name, self.perfect.name)

    def icon(self, level: int) -> Icon | None:
        """The icon a level's days carry (the top and perfect days'), else None."""
        return {len(self.lower): self.top, len(self.lower) + 1: self.perfect}.get(level)

    def days(self, count: int) -> str:
        """``day played``, ``days played``: the noun of the days the totals count."""
        return counted(count, *self.counted)


def scale(game: GameInfo) -> Scale:
    """The game's levels (its plug-in's; by default played, top day, perfect day)."""
    return Scale(game.levels, game.top_icon, game.perfect_icon, game.days_counted)


def level(game: GameInfo, result: DayResult | None) -> int:
    """The calendar level of a day's result (None: not played)."""
    if result is None:
        return 0
    if not result.solved or not result.max_points:  # a box left unsolved, or a day without a maximum: played
        return 1
    top = result.points >= bee.threshold(game.top_percent, result.max_points)  # the boards' top-day rule
    if game.level is not None:
        return game.level(result.points, result.max_points, result.words, top)
    return 3 if result.points >= result.max_points else 2 if top else 1


def first_day(today: dt.date) -> dt.date:
    """The calendar's first square: the Monday 52 weeks before this week's Monday."""
    return today - dt.timedelta(days=today.weekday(), weeks=WEEKS - 1)


def days(today: dt.date) -> list[dt.date]:
    """Every day the calendar shows, oldest first (365 to 371: it ends today)."""
    first = first_day(today)
    return [first + k * DAY for k in range((today - first).days + 1)]


def square(day: dt.date, today: dt.date) -> tuple[int, int]:
    """A day's (column, row): columns are weeks from the oldest, rows Monday (0) to Sunday (6)."""
    offset = (day - first_day(today)).days
    if not 0 <= offset <= (today - first_day(today)).days:
        raise ValueError(f"{day} is not on the calendar that ends {today}")
    return offset // 7, offset % 7


def month_labels(today: dt.date, min_gap: int = 3) -> list[tuple[int, str]]:
    """(column, 'Jan') for each month whose 1st the calendar shows, and the first column's month
    when there is room for it before the next label."""
    first = first_day(today)
    labels = [(square(day, today)[0], f"{day:%b}") for day in days(today) if day.day == 1]
    if not labels or labels[0][0] >= min_gap:
        labels.insert(0, (0, f"{first:%b}"))
    return labels


@dataclass(frozen=True, slots=True)
class Year:
    """What the stats picture draws: each played day's level, and a few counts for its text."""

    game: GameInfo
    today: dt.date
    levels: dict[dt.date, int]  # only the days played (level >= 1), inside the calendar

    @classmethod
    def of(cls, game: GameInfo, today: dt.date, results: dict[dt.date, DayResult]) -> Year:
        first = first_day(today)
        return cls(game, today, {day: level(game, result) for day, result in results.items() if first <= day <= today})

    @property
    def first(self) -> dt.date:
        return first_day(self.today)

    @property
    def scale(self) -> Scale:
        return scale(self.game)

    def count(self, least: int) -> int:
        """Days at ``least`` this level or higher."""
        return sum(1 for value in self.levels.values() if value >= least)

    def played(self) -> str:
        """``played 207 of 367 days``."""
        shown = (self.today - self.first).days + 1
        return f"played {len(self.levels)} of {plural(shown, 'day')}"

    def summary(self) -> str:
        """The calendar in words, for the alt text: the days played, then the days at each level
        (``played 5 of 367 days, by level: solved 3, two words 2``)."""
        names = self.scale.names
        counts = [sum(1 for value in self.levels.values() if value == k) for k in range(1, len(names))]
        parts = [f"{name} {count}" for count, name in zip(counts, names[1:], strict=True) if count]
        return self.played() + (", by level: " + ", ".join(parts) if parts else "")
