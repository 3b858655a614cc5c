"""Who asked for streak reminders, who is due one, and the reminders made (once per player, game
and day: the row is claimed before the message is sent)."""

from __future__ import annotations

import datetime as dt

from bot.db import Database

STREAK_DAYS = 3
"""The shortest streak worth a reminder."""


class ReminderStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def ask(self, guild_id: int, user_id: int) -> bool:
        """The player wants reminders in this server; False when they already did."""
        return await self.db.write("INSERT INTO streak_reminders (guild_id, user_id) VALUES (?, ?) "
                                   "ON CONFLICT (guild_id, user_id) DO NOTHING", (guild_id, user_id)) > 0

    async def stop(self, guild_id: int, user_id: int) -> bool:
        """No more reminders for the player in this server; False when none were asked for."""
        return await self.db.write("DELETE FROM streak_reminders WHERE guild_id = ? AND user_id = ?",
                                   (guild_id, user_id)) > 0

    async def asking_guilds(self) -> set[int]:
        """The servers where someone asked for reminders."""
        return {row[0] for row in await self.db.fetch_all("SELECT DISTINCT guild_id FROM streak_reminders")}

    async def anyone_in(self, guild_id: int) -> bool:
        return await self.db.fetch_one("SELECT 1 FROM streak_reminders WHERE guild_id = ? LIMIT 1",
                                       (guild_id,)) is not None

    async def wants(self, guild_id: int, user_id: int) -> bool:
        row = await self.db.fetch_one("SELECT 1 FROM streak_reminders WHERE guild_id = ? AND user_id = ?",
                                      (guild_id, user_id))
        return row is not None

    async def due(self, game: str, guild_id: int, day: dt.date, days_of: str | None = None) -> list[int]:
        """The players of the guild who asked, played each of the ``STREAK_DAYS`` days before
        ``day``, have no score on ``day`` and were not reminded of the game's ``day`` yet.
        ``days_of``: the player_days game their days are read from (the game's together days'),
        when not ``game``'s own."""
        first = day - dt.timedelta(days=STREAK_DAYS)
        rows = await self.db.fetch_all(
            "SELECT r.user_id FROM streak_reminders AS r "
            "JOIN player_days AS p ON p.game = ? AND p.guild_id = r.guild_id AND p.user_id = r.user_id "
            "AND p.day >= ? AND p.day < ? "
            "WHERE r.guild_id = ? "
            "AND NOT EXISTS (SELECT 1 FROM player_days AS t WHERE t.game = ? AND t.guild_id = r.guild_id "
            "AND t.user_id = r.user_id AND t.day = ?) "
            "AND NOT EXISTS (SELECT 1 FROM streak_reminders_sent AS s WHERE s.guild_id = r.guild_id "
            "AND s.user_id = r.user_id AND s.game = ? AND s.day = ?) "
            "GROUP BY r.user_id HAVING COUNT(*) = ? ORDER BY r.user_id",
            (days_of or game, first.isoformat(), day.isoformat(), guild_id, days_of or game, day.isoformat(), game,
             day.isoformat(), STREAK_DAYS),
        )
        return [row[0] for row in rows]

    async def claim(self, guild_id: int, user_id: int, game: str, day: dt.date, now: dt.datetime) -> bool:
        """Take the right to remind the player of the day: True for exactly one caller, ever."""
        return await self.db.write(
            "INSERT INTO streak_reminders_sent (guild_id, user_id, game, day, sent_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (guild_id, user_id, game, day) DO NOTHING",
            (guild_id, user_id, game, day.isoformat(), now.astimezone(dt.UTC).isoformat(timespec="seconds")),
        ) > 0

    async def outcome(self, guild_id: int, user_id: int, game: str, day: dt.date, outcome: str) -> None:
        """What became of a claimed reminder: 'sent', 'played' (meanwhile), 'dms closed'..."""
        await self.db.write("UPDATE streak_reminders_sent SET outcome = ? WHERE guild_id = ? AND user_id = ? "
                            "AND game = ? AND day = ?", (outcome[:40], guild_id, user_id, game, day.isoformat()))
