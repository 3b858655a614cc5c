"""Leaderboards, streaks and player stats over the per-day totals every game writes.

Days are each guild's local dates (the dates its games were played on), so "today", a week
(Monday to Sunday) and a month follow the guild's time zone: the zone of its Spelling Bee
schedule, or UTC for a guild that never set one up. The terminal player of
``wordbot bee play`` (guild 0) lives in this machine's local time.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from bot.games.bee import LOCAL_GUILD, Schedule
from bot.store import Standing, Store
from solvers import bee

GAMES = {"bee": "Spelling Bee"}
PERIODS = ("today", "week", "month", "all")
TOP_PERCENT = {"bee": dict(bee.RANKS)["Genius"]}
EARLIEST = dt.date(2000, 1, 1)
CHART_DAYS = 7


class UnknownChoice(ValueError):
    """A game or period we do not have; the message lists the ones we do."""


@dataclass(frozen=True, slots=True)
class Board:
    game: str
    period: str
    first: dt.date
    last: dt.date
    standings: list[Standing]
    caller: Standing | None  # the caller's line, wherever it is (None: no points in the period)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    game: str
    user_id: int
    today: dt.date
    days_played: int
    total_points: int
    words: int
    best_day_points: int
    best_day: dt.date | None
    average_points: float
    pangrams: int
    genius_days: int
    queen_bee_days: int
    current_streak: int
    longest_streak: int
    last_days: list[tuple[dt.date, int]]  # the last 7 days up to today, oldest first


def period_range(period: str, today: dt.date) -> tuple[dt.date, dt.date]:
    """The first and last day of a period ending today: weeks start on Monday."""
    if period == "today":
        return today, today
    if period == "week":
        return today - dt.timedelta(days=today.weekday()), today
    if period == "month":
        return today.replace(day=1), today
    if period == "all":
        return EARLIEST, today
    raise UnknownChoice(f"The period is one of {', '.join(PERIODS)}, not {str(period)[:20]!r}.")


def current_streak(last_played_run: tuple[dt.date, int] | None, today: dt.date) -> int:
    """A streak is alive while its last day is today or yesterday (today may not be played yet)."""
    if last_played_run is None:
        return 0
    last, days = last_played_run
    return days if (today - last).days <= 1 else 0


class Leaderboards:
    def __init__(self, store: Store, clock: Callable[[], dt.datetime] | None = None) -> None:
        self.store = store
        self.clock = clock or (lambda: dt.datetime.now(dt.UTC))

    async def today(self, guild_id: int) -> dt.date:
        """The guild's local date."""
        if guild_id == LOCAL_GUILD:
            return self.clock().astimezone().date()
        stored = await self.store.get_schedule(guild_id)  # a stopped schedule still names the zone
        if stored is None:
            return self.clock().astimezone(dt.UTC).date()
        return Schedule.from_stored(stored).local_date(self.clock())

    async def board(self, game: str, guild_id: int, period: str, caller_id: int) -> Board:
        _check_game(game)
        first, last = period_range(period, await self.today(guild_id))
        standings = await self.store.standings(game, guild_id, first, last, TOP_PERCENT[game])
        caller = next((s for s in standings if s.user_id == caller_id), None)
        return Board(game, period, first, last, standings, caller)

    async def stats(self, game: str, guild_id: int, user_id: int) -> PlayerStats:
        _check_game(game)
        today = await self.today(guild_id)
        totals = await self.store.player_totals(game, guild_id, user_id, TOP_PERCENT[game])
        runs = await self.store.streaks(game, guild_id, user_id)
        first_chart_day = today - dt.timedelta(days=CHART_DAYS - 1)
        points = await self.store.daily_points(game, guild_id, user_id, first_chart_day, today)
        chart = [(day, points.get(day, 0)) for day in (first_chart_day + dt.timedelta(days=k) for k in range(CHART_DAYS))]
        return PlayerStats(
            game=game, user_id=user_id, today=today, days_played=totals.days, total_points=totals.points,
            words=totals.words, best_day_points=totals.best_points, best_day=totals.best_day,
            average_points=totals.points / totals.days if totals.days else 0.0, pangrams=totals.pangrams,
            genius_days=totals.top_days, queen_bee_days=totals.perfect_days,
            current_streak=current_streak((runs[0].last, runs[0].days) if runs else None, today),
            longest_streak=max((run.days for run in runs), default=0), last_days=chart,
        )


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise UnknownChoice(f"The game is one of {', '.join(GAMES)}, not {str(game)[:20]!r}.")
