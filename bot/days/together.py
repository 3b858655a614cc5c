"""A player's days of a game played together, as every view reads them (no discord import).

Solo and together days stay separate scores: a together day is in player_days under the game's
``GameInfo.together`` key (``bee-team``, ``letterbox-team``), one row a player who found (or
played) a word that day. What the team reached that day is read from all its players' rows: their
points summed where each word is credited once (the bee), or the points each row carries where the
team made one solve (the box). /stats, the streak reminders and Share read them here.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.days.store import BoardsStore
from bot.db import Database
from bot.plugins import GameInfo


@dataclass(frozen=True, slots=True)
class TeamDay:
    """A day a player played together: their words (found first, or played) and the team's points."""

    day: dt.date
    words: int
    team_points: int
    max_points: int


@dataclass(frozen=True, slots=True)
class TogetherDays:
    """A player's together days of a game, oldest first, with what the team reached on them."""

    game: GameInfo
    days: tuple[TeamDay, ...]
    today: dt.date

    @property
    def words(self) -> int:
        return sum(d.words for d in self.days)

    def rank(self, day: TeamDay) -> str | None:
        return self.game.rank_name(day.team_points, day.max_points)

    @property
    def best(self) -> TeamDay | None:
        """The day the team went furthest (the latest of equals)."""
        return max(self.days, key=lambda d: (d.team_points / max(d.max_points, 1), d.day), default=None)

    @property
    def top_days(self) -> int:
        """Days the team reached the game's top day (the bee's Genius), by the boards' rule."""
        return sum(d.team_points >= (d.max_points * self.game.top_percent * 2 + 100) // 200 for d in self.days)

    @property
    def perfect_days(self) -> int:
        return sum(d.team_points >= d.max_points for d in self.days)

    @property
    def streaks(self) -> tuple[int, int]:
        """(current, longest) runs of consecutive days; the current one is alive through yesterday."""
        return runs([d.day for d in self.days], self.today)

    def played(self, day: dt.date) -> bool:
        return any(d.day == day for d in self.days)


def runs(days: list[dt.date], today: dt.date) -> tuple[int, int]:
    """(current, longest) runs of consecutive days among ``days`` (oldest first); the current one
    is alive while its last day is today or yesterday (today may not be played yet)."""
    current = longest = run = 0
    previous = None
    for day in days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        longest = max(longest, run)
        previous = day
    if previous is not None and (today - previous).days <= 1:
        current = run
    return current, longest


async def together_days(db: Database, game: GameInfo, guild_id: int, user_id: int, today: dt.date,
                        first: dt.date = dt.date(2000, 1, 1)) -> TogetherDays:
    """The player's together days of ``game`` in a server from ``first`` to ``today`` (none for a
    game that is not played together)."""
    if game.together is None:
        return TogetherDays(game, (), today)
    rows = await BoardsStore(db).team_days(game.together, game.team_adds_up, guild_id, user_id, first, today)
    return TogetherDays(game, tuple(TeamDay(dt.date.fromisoformat(day), words, points, max_points)
                                    for day, words, points, max_points in rows), today)
