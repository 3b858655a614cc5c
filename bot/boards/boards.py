"""Leaderboards, streaks and player stats over the per-day totals every daily game writes.

Days are each guild's local dates (the dates its games were played on), so "today", a week
(Monday to Sunday) and a month follow the guild's time zone (a guild setting; UTC for a guild
that never set one). The terminal player (guild 0) lives in this machine's local time.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass

from bot.boards.year import Year, first_day
from bot.daily.calendar import Clock, utc_now
from bot.daily.info import TERMINAL_GUILD_ID
from bot.daily.schedule import local_today
from bot.days.store import BoardsStore, Standing
from bot.days.together import TogetherDays, together_days
from bot.db import Database
from bot.plugins import BOARD_GAMES, GameInfo

PERIODS = ("today", "week", "month", "all")
EARLIEST = dt.date(2000, 1, 1)
CHART_DAYS = 7


class UnknownChoice(ValueError):
    """A game or period we do not have; the message lists the ones we do."""


@dataclass(frozen=True, slots=True)
class Board:
    game: GameInfo
    period: str
    first: dt.date
    last: dt.date
    standings: list[Standing]
    caller: Standing | None  # the caller's line, wherever it is (None: no points in the period)

    def to_json(self, guild_id: int, names: dict[int, str]) -> dict:
        highlights = f"{self.game.highlight}s"
        return {
            "game": self.game.key, "guild": guild_id, "period": self.period, "first": self.first.isoformat(),
            "last": self.last.isoformat(),
            "standings": [{"rank": s.rank, "user_id": s.user_id, "name": names.get(s.user_id), "points": s.points,
                           "words": s.words, highlights: s.highlights, "days": s.days, "top_days": s.top_days,
                           "perfect_days": s.perfect_days} for s in self.standings],
        }


@dataclass(frozen=True, slots=True)
class PlayerStats:
    game: GameInfo
    user_id: int
    today: dt.date
    days_played: int
    total_points: int
    words: int
    best_day_points: int
    best_day: dt.date | None
    average_points: float
    highlights: int
    top_days: int
    perfect_days: int
    current_streak: int
    longest_streak: int
    last_days: list[tuple[dt.date, int]]  # the last 7 days up to today, oldest first
    together: TogetherDays | None = None  # the player's days of the game played together, kept apart

    @property
    def played_together(self) -> bool:
        return self.together is not None and bool(self.together.days)

    def to_json(self, guild_id: int, name: str | None) -> dict:
        together = self.together
        document = asdict(self)
        document.pop("together")
        if together is not None:
            current, longest = together.streaks
            document["together"] = {"days": len(together.days), "words": together.words,
                                    "top_days": together.top_days, "perfect_days": together.perfect_days,
                                    "best_rank": together.rank(together.best) if together.best else None,
                                    "current_streak": current, "longest_streak": longest}
        document |= {"game": self.game.key, "today": self.today.isoformat(),
                     "best_day": self.best_day and self.best_day.isoformat(),
                     f"{self.game.highlight}s": document.pop("highlights"),
                     "last_days": [[day.isoformat(), points] for day, points in self.last_days],
                     "name": name, "guild": guild_id}
        return document


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


def game_info(key: str) -> GameInfo:
    if key not in BOARD_GAMES:
        raise UnknownChoice(f"The game is one of {', '.join(BOARD_GAMES)}, not {str(key)[:20]!r}.")
    return BOARD_GAMES[key]


class Leaderboards:
    def __init__(self, db: Database, clock: Clock | None = None) -> None:
        self.db = db
        self.store = BoardsStore(db)
        self.clock = clock or utc_now

    async def today(self, guild_id: int) -> dt.date:
        """The guild's local date."""
        if guild_id == TERMINAL_GUILD_ID:
            return self.clock().astimezone().date()
        return local_today((await self.db.guild_settings(guild_id)).timezone, self.clock())

    async def board(self, game: str, guild_id: int, period: str, caller_id: int) -> Board:
        info = game_info(game)
        first, last = period_range(period, await self.today(guild_id))
        standings = await self.store.standings(info.key, guild_id, first, last, info.top_percent)
        caller = next((s for s in standings if s.user_id == caller_id), None)
        return Board(info, period, first, last, standings, caller)

    async def stats(self, game: str, guild_id: int, user_id: int) -> PlayerStats:
        info = game_info(game)
        today = await self.today(guild_id)
        totals = await self.store.player_totals(info.key, guild_id, user_id, info.top_percent)
        runs = await self.store.streaks(info.key, guild_id, user_id)
        first_chart_day = today - dt.timedelta(days=CHART_DAYS - 1)
        points = await self.store.daily_points(info.key, guild_id, user_id, first_chart_day, today)
        chart = [(day, points.get(day, 0)) for day in (first_chart_day + dt.timedelta(days=k)
                                                       for k in range(CHART_DAYS))]
        return PlayerStats(
            game=info, user_id=user_id, today=today, days_played=totals.days, total_points=totals.points,
            words=totals.words, best_day_points=totals.best_points, best_day=totals.best_day,
            average_points=totals.points / totals.days if totals.days else 0.0, highlights=totals.highlights,
            top_days=totals.top_days, perfect_days=totals.perfect_days,
            current_streak=current_streak((runs[0].last, runs[0].days) if runs else None, today),
            longest_streak=max((run.days for run in runs), default=0), last_days=chart,
            together=await together_days(self.db, info, guild_id, user_id, today),
        )

    async def year(self, game: str, guild_id: int, user_id: int, today: dt.date | None = None) -> Year:
        """The player's last 52 weeks of the game, day by day, for the stats calendar."""
        info = game_info(game)
        today = today or await self.today(guild_id)
        results = await self.store.day_results(info.key, guild_id, user_id, first_day(today), today)
        return Year.of(info, today, results)
