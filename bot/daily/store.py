"""Daily schedules and posts of every daily game, keyed by (game, guild)."""

from __future__ import annotations

import datetime as dt

import aiosqlite

from bot.daily.schedule import Schedule
from bot.db import NOW, Database

_SCHEDULE = (
    "SELECT s.game, s.guild_id, s.channel_id, s.post_time, COALESCE(g.timezone, 'UTC') AS timezone, s.active "
    "FROM daily_schedules AS s LEFT JOIN guild_settings AS g ON g.guild_id = s.guild_id"
)


class DailyStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def set_schedule(self, game: str, guild_id: int, channel_id: int, post_time: dt.time,
                           timezone: str, user_id: int) -> None:
        """Start (or move) a game's daily post; the time zone is the guild's, for every game."""
        async with self.db.writing() as w:
            await w.write(
                "INSERT INTO guild_settings (guild_id, timezone) VALUES (?, ?) "
                f"ON CONFLICT (guild_id) DO UPDATE SET timezone = excluded.timezone, updated_at = {NOW}",
                (guild_id, timezone),
            )
            await w.write(
                "INSERT INTO daily_schedules (game, guild_id, channel_id, post_time, active, updated_by) "
                "VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (game, guild_id) DO UPDATE SET "
                "channel_id = excluded.channel_id, post_time = excluded.post_time, active = 1, "
                f"updated_by = excluded.updated_by, updated_at = {NOW}",
                (game, guild_id, channel_id, post_time.strftime("%H:%M"), user_id),
            )

    async def stop_schedule(self, game: str, guild_id: int, user_id: int) -> bool:
        """Deactivate a guild's schedule of a game; False when it had no active one."""
        changed = await self.db.write(
            f"UPDATE daily_schedules SET active = 0, updated_by = ?, updated_at = {NOW} "
            "WHERE game = ? AND guild_id = ? AND active = 1",
            (user_id, game, guild_id),
        )
        return changed > 0

    async def schedule(self, game: str, guild_id: int) -> Schedule | None:
        row = await self.db.fetch_one(f"{_SCHEDULE} WHERE s.game = ? AND s.guild_id = ?", (game, guild_id))
        return _schedule(row) if row else None

    async def active_schedules(self) -> list[Schedule]:
        return [_schedule(row) for row in await self.db.fetch_all(f"{_SCHEDULE} WHERE s.active = 1")]

    async def claim_post(self, game: str, guild_id: int, day: dt.date, channel_id: int) -> bool:
        """Claim the guild's post of ``day``: True for exactly one caller, ever."""
        changed = await self.db.write(
            "INSERT INTO daily_posts (game, guild_id, day, channel_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game, guild_id, day) DO NOTHING",
            (game, guild_id, day.isoformat(), channel_id),
        )
        return changed == 1

    async def release_post(self, game: str, guild_id: int, day: dt.date) -> None:
        """Give up a claim whose message could not be sent, so a later attempt may post."""
        await self.db.write(
            "DELETE FROM daily_posts WHERE game = ? AND guild_id = ? AND day = ? AND message_id IS NULL",
            (game, guild_id, day.isoformat()),
        )

    async def set_post_message(self, game: str, guild_id: int, day: dt.date, message_id: int) -> None:
        await self.db.write(
            "UPDATE daily_posts SET message_id = ? WHERE game = ? AND guild_id = ? AND day = ?",
            (message_id, game, guild_id, day.isoformat()),
        )

    async def has_post(self, game: str, guild_id: int, day: dt.date) -> bool:
        row = await self.db.fetch_one(
            "SELECT 1 FROM daily_posts WHERE game = ? AND guild_id = ? AND day = ?", (game, guild_id, day.isoformat())
        )
        return row is not None


def _schedule(row: aiosqlite.Row) -> Schedule:
    hours, minutes = map(int, row["post_time"].split(":"))
    return Schedule(row["game"], row["guild_id"], row["channel_id"], dt.time(hours, minutes), row["timezone"],
                    bool(row["active"]))
