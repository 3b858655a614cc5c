"""SQL of the leaderboards and stats: per-day totals (player_days) every daily game writes, and player names.

``top_percent`` is the share of a day's maximum that makes a top day (the bee's Genius: 70);
the threshold rounds like solvers.bee.threshold: (max * percent * 2 + 100) / 200.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.db import NOW, Database
from bot.plugins import BOARD_GAMES


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line on a leaderboard. ``rank`` is shared by equal points (1, 2, 2, 4)."""

    rank: int
    user_id: int
    points: int
    words: int
    highlights: int  # the game's highlight count (the bee's pangrams)
    days: int
    top_days: int  # days that reached the game's top threshold (the bee's Genius)
    perfect_days: int  # days with every point (Queen Bee)


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    days: int
    points: int
    words: int
    highlights: int
    best_points: int
    best_day: dt.date | None
    top_days: int
    perfect_days: int


@dataclass(frozen=True, slots=True)
class DayResult:
    """A player's day of one game, for the stats calendar. ``solved`` is False for a day the
    player played without a row in player_days (a box left unsolved)."""

    points: int
    max_points: int | None
    words: int
    solved: bool = True


def days_of(game: str, guild_id: int) -> str:
    """Where a game's per-day totals are (one server's): player_days, or where its plug-in says
    (``GameInfo.days``: the challenges' are read from their plays)."""
    info = BOARD_GAMES.get(game)
    return "player_days" if info is None else info.days.format(guild_id=int(guild_id))


@dataclass(frozen=True, slots=True)
class Streak:
    first: dt.date
    last: dt.date
    days: int


class BoardsStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._names: dict[tuple[int, int], str] = {}

    async def standings(self, game: str, guild_id: int, first: dt.date, last: dt.date,
                        top_percent: int) -> list[Standing]:
        """Every player of the guild with points in [first, last], best first; ties share a rank
        and are ordered by words, then highlights, then user id."""
        rows = await self.db.fetch_all(
            "SELECT RANK() OVER (ORDER BY SUM(points) DESC) AS rank, user_id, SUM(points) AS points, "
            "SUM(words) AS words, SUM(pangrams) AS highlights, COUNT(*) AS days, "
            "SUM(CASE WHEN points >= (max_points * ? * 2 + 100) / 200 THEN 1 ELSE 0 END) AS top_days, "
            "SUM(CASE WHEN points >= max_points THEN 1 ELSE 0 END) AS perfect_days "
            f"FROM {days_of(game, guild_id)} WHERE game = ? AND guild_id = ? AND day BETWEEN ? AND ? "
            "GROUP BY user_id ORDER BY points DESC, words DESC, highlights DESC, user_id",
            (top_percent, game, guild_id, first.isoformat(), last.isoformat()),
        )
        return [Standing(*row) for row in rows]

    async def player_totals(self, game: str, guild_id: int, user_id: int, top_percent: int) -> PlayerTotals:
        row = await self.db.fetch_one(
            "SELECT COUNT(*), COALESCE(SUM(points), 0), COALESCE(SUM(words), 0), COALESCE(SUM(pangrams), 0), "
            "COALESCE(MAX(points), 0), "
            f"(SELECT day FROM {days_of(game, guild_id)} WHERE game = ?1 AND guild_id = ?2 AND user_id = ?3 "
            " ORDER BY points DESC, day LIMIT 1), "
            "SUM(CASE WHEN points >= (max_points * ?4 * 2 + 100) / 200 THEN 1 ELSE 0 END), "
            "SUM(CASE WHEN points >= max_points THEN 1 ELSE 0 END) "
            f"FROM {days_of(game, guild_id)} WHERE game = ?1 AND guild_id = ?2 AND user_id = ?3",
            (game, guild_id, user_id, top_percent),
        )
        days, points, words, highlights, best, best_day, top, perfect = row
        return PlayerTotals(days, points, words, highlights, best,
                            dt.date.fromisoformat(best_day) if best_day else None, top or 0, perfect or 0)

    async def streaks(self, game: str, guild_id: int, user_id: int) -> list[Streak]:
        """Runs of consecutive days played, most recent first."""
        rows = await self.db.fetch_all(
            f"SELECT day FROM {days_of(game, guild_id)} WHERE game = ? AND guild_id = ? AND user_id = ? ORDER BY day",
            (game, guild_id, user_id),
        )
        runs: list[list[dt.date]] = []
        for day in (dt.date.fromisoformat(row[0]) for row in rows):
            if runs and runs[-1][1] + dt.timedelta(days=1) == day:
                runs[-1][1] = day
            else:
                runs.append([day, day])
        return [Streak(first, last, (last - first).days + 1) for first, last in reversed(runs)]

    async def daily_points(self, game: str, guild_id: int, user_id: int, first: dt.date,
                           last: dt.date) -> dict[dt.date, int]:
        rows = await self.db.fetch_all(
            f"SELECT day, points FROM {days_of(game, guild_id)} WHERE game = ? AND guild_id = ? AND user_id = ? "
            "AND day BETWEEN ? AND ?",
            (game, guild_id, user_id, first.isoformat(), last.isoformat()),
        )
        return {dt.date.fromisoformat(day): points for day, points in rows}

    async def day_results(self, game: str, guild_id: int, user_id: int, first: dt.date,
                          last: dt.date) -> dict[dt.date, DayResult]:
        """Every day in [first, last] the player played: their player_days row, or an unfinished
        day of a game that keeps those elsewhere (``GameInfo.unfinished``: the box's chains)."""
        span = (first.isoformat(), last.isoformat())
        results: dict[dt.date, DayResult] = {}
        info = BOARD_GAMES.get(game)
        if info is not None and info.unfinished is not None:
            for day in await info.unfinished(self.db, guild_id, user_id, *span):
                results[dt.date.fromisoformat(day)] = DayResult(0, None, 0, solved=False)
        rows = await self.db.fetch_all(
            f"SELECT day, points, max_points, words FROM {days_of(game, guild_id)} "
            "WHERE game = ? AND guild_id = ? AND user_id = ? AND day BETWEEN ? AND ?",
            (game, guild_id, user_id, *span),
        )
        for day, points, max_points, words in rows:
            results[dt.date.fromisoformat(day)] = DayResult(points, max_points, words)
        return results

    async def team_days(self, together: str, adds_up: bool, guild_id: int, user_id: int, first: dt.date,
                        last: dt.date) -> list[tuple[str, int, int, int]]:
        """``(day, words, team points, max points)`` of each together day (player_days under the game
        ``together``) the player played in [first, last]: their words, and the team's points that
        day: its players' summed (``adds_up``: each word credited once) or the points each row
        carries (the team's one solve)."""
        team = "SUM(points)" if adds_up else "MAX(points)"
        rows = await self.db.fetch_all(
            f"SELECT p.day, p.words, t.points, t.max_points FROM player_days AS p JOIN "
            f"(SELECT day, {team} AS points, MAX(COALESCE(max_points, 0)) AS max_points FROM player_days "
            " WHERE game = ? AND guild_id = ? AND day BETWEEN ? AND ? GROUP BY day) AS t ON t.day = p.day "
            "WHERE p.game = ? AND p.guild_id = ? AND p.user_id = ? AND p.day BETWEEN ? AND ? ORDER BY p.day",
            (together, guild_id, first.isoformat(), last.isoformat(),
             together, guild_id, user_id, first.isoformat(), last.isoformat()))
        return [(row[0], row[1], row[2], row[3]) for row in rows]

    async def set_player_name(self, guild_id: int, user_id: int, name: str) -> None:
        await self.db.write(
            "INSERT INTO players (guild_id, user_id, display_name) VALUES (?, ?, ?) "
            f"ON CONFLICT (guild_id, user_id) DO UPDATE SET display_name = excluded.display_name, updated_at = {NOW}",
            (guild_id, user_id, name[:100]),
        )

    async def remember_player_name(self, guild_id: int, user_id: int, name: str | None) -> None:
        """Store a player's display name when it is new or changed (for the command line's boards)."""
        if name is not None and self._names.get((guild_id, user_id)) != name:
            await self.set_player_name(guild_id, user_id, name)
            self._names[guild_id, user_id] = name

    async def player_names(self, guild_id: int) -> dict[int, str]:
        rows = await self.db.fetch_all("SELECT user_id, display_name FROM players WHERE guild_id = ?", (guild_id,))
        return {user_id: name for user_id, name in rows}
