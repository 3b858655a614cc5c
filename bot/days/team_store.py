"""The SQL of the daily games played together by a server: where a day is played and its
progress message (``team_days``), and the Spelling Bee's words credited once per server
(``bee_team_words``; player_days follows by trigger under the game ``bee-team``). The chains of
the games played as one chain a day are ``bot.days.chain_store``."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from bot.db import Database
from bot.db.database import Transaction

BEE_TEAM = "bee-team"  # the player_days game of the bee's together days


@dataclass(frozen=True, slots=True)
class TeamDay:
    """Where a server's together day is played (its thread, or the game's channel) and its live
    progress message, once sent."""

    game: str
    guild_id: int
    day: dt.date
    channel_id: int
    message_id: int | None


@dataclass(frozen=True, slots=True)
class Credit:
    """A word found by the team: who typed it first, and what it scored."""

    word: str
    user_id: int
    points: int
    pangram: bool


@dataclass(frozen=True, slots=True)
class TeamTotal:
    """A server's together day, summed over its players."""

    day: dt.date
    points: int
    words: int
    pangrams: int
    max_points: int


class TeamStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ where a day is played

    async def team_day(self, game: str, guild_id: int, day: dt.date) -> TeamDay | None:
        row = await self.db.fetch_one(
            "SELECT channel_id, message_id FROM team_days WHERE game = ? AND guild_id = ? AND day = ?",
            (game, guild_id, day.isoformat()))
        return TeamDay(game, guild_id, day, row["channel_id"], row["message_id"]) if row else None

    async def open_day(self, game: str, guild_id: int, day: dt.date, channel_id: int) -> TeamDay:
        """Remember where a day is played, unless it is remembered already; the stored one."""
        await self.db.write(
            "INSERT INTO team_days (game, guild_id, day, channel_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game, guild_id, day) DO NOTHING", (game, guild_id, day.isoformat(), channel_id))
        stored = await self.team_day(game, guild_id, day)
        assert stored is not None
        return stored

    async def move_day(self, game: str, guild_id: int, day: dt.date, channel_id: int) -> None:
        """The day is played somewhere else now (its thread was deleted): its progress message is to be sent again."""
        await self.db.write(
            "UPDATE team_days SET channel_id = ?, message_id = NULL WHERE game = ? AND guild_id = ? AND day = ?",
            (channel_id, game, guild_id, day.isoformat()))

    async def claim_recap(self, game: str, guild_id: int, day: dt.date, at: dt.datetime) -> bool:
        """Take the right to post the day's recap in its room: True for exactly one caller, ever."""
        return await self.db.write("UPDATE team_days SET recapped_at = ? WHERE game = ? AND guild_id = ? AND day = ? "
                                   "AND recapped_at IS NULL",
                                   (at.astimezone(dt.UTC).isoformat(timespec="seconds"), game, guild_id,
                                    day.isoformat())) > 0

    async def set_message(self, game: str, guild_id: int, day: dt.date, message_id: int | None) -> None:
        await self.db.write("UPDATE team_days SET message_id = ? WHERE game = ? AND guild_id = ? AND day = ?",
                            (message_id, game, guild_id, day.isoformat()))

    async def open_days(self, game: str, day: dt.date, guild_ids: Sequence[int]) -> list[TeamDay]:
        """The together days of ``day`` of these guilds (a process's own), to carry on after a restart."""
        if not guild_ids:
            return []
        marks = ", ".join("?" * len(guild_ids))
        rows = await self.db.fetch_all(
            "SELECT guild_id, channel_id, message_id FROM team_days WHERE game = ? AND day = ? AND "
            f"guild_id IN ({marks})",
            (game, day.isoformat(), *guild_ids))
        return [TeamDay(game, row["guild_id"], day, row["channel_id"], row["message_id"]) for row in rows]

    # ------------------------------------------------------------------ the bee's words

    async def credit_bee_words(self, guild_id: int, date: dt.date, user_id: int,
                               words: Sequence[tuple[str, int, bool]], at: dt.datetime) -> tuple[set[str], int]:
        """Credit ``(word, points, pangram)`` to the player, each word only if nobody of the server
        has it yet (the primary key decides, across processes too); the words credited now and the
        team's points after them. The day's team_days row is locked first (on PostgreSQL; SQLite has
        one writer), so the total is exact: no other credit of the day lands in between."""

        async def store(tx: Transaction) -> tuple[set[str], int]:
            await tx.execute("UPDATE team_days SET message_id = message_id WHERE game = 'bee' AND "
                             "guild_id = ? AND day = ?",
                             (guild_id, date.isoformat()))
            credited = set()
            for word, points, pangram in words:
                rows = await tx.fetch_all(
                    "INSERT INTO bee_team_words (guild_id, puzzle_date, word, user_id, points, pangram, found_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING word",
                    (guild_id, date.isoformat(), word, user_id, points, int(pangram), at.isoformat()))
                credited.update(row[0] for row in rows)
            total = await tx.fetch_one("SELECT COALESCE(SUM(points), 0) FROM bee_team_words WHERE guild_id "
                                       "= ? AND puzzle_date = ?",
                                       (guild_id, date.isoformat()))
            return credited, total[0]

        return await self.db.transaction(store)

    async def bee_credits(self, guild_id: int, date: dt.date) -> list[Credit]:
        """The team's words of a day, in the order found."""
        rows = await self.db.fetch_all(
            "SELECT word, user_id, points, pangram FROM bee_team_words WHERE guild_id = ? AND puzzle_date = ? "
            "ORDER BY found_at, word", (guild_id, date.isoformat()))
        return [Credit(row["word"], row["user_id"], row["points"], bool(row["pangram"])) for row in rows]

    # ------------------------------------------------------------------ the team's view of the boards

    async def team_totals(self, game: str, guild_id: int, first: dt.date, last: dt.date) -> list[TeamTotal]:
        """Each together day of a server in a range, summed over its players, oldest first."""
        rows = await self.db.fetch_all(
            "SELECT day, SUM(points) AS points, SUM(words) AS words, SUM(pangrams) AS pangrams, "
            "MAX(COALESCE(max_points, 0)) AS max_points FROM player_days "
            "WHERE game = ? AND guild_id = ? AND day BETWEEN ? AND ? GROUP BY day ORDER BY day",
            (game, guild_id, first.isoformat(), last.isoformat()))
        return [TeamTotal(dt.date.fromisoformat(row["day"]), row["points"], row["words"], row["pangrams"],
                          row["max_points"]) for row in rows]

    async def finders(self, game: str, guild_id: int, first: dt.date, last: dt.date) -> list[tuple[int, int, int]]:
        """``(user_id, words found first, points)`` of a server's together days in a range, most words first."""
        rows = await self.db.fetch_all(
            "SELECT user_id, SUM(words) AS words, SUM(points) AS points FROM player_days "
            "WHERE game = ? AND guild_id = ? AND day BETWEEN ? AND ? GROUP BY user_id "
            "ORDER BY SUM(words) DESC, SUM(points) DESC, user_id",
            (game, guild_id, first.isoformat(), last.isoformat()))
        return [(row["user_id"], row["words"], row["points"]) for row in rows]
