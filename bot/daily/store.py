"""Daily schedules and posts of every daily game, keyed by (game, guild)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from bot.daily.schedule import Play, Schedule
from bot.db import NOW, Database
from bot.db.database import Row, Transaction
from bot.db.transaction import Routine

_SCHEDULE = (
    "SELECT s.game, s.guild_id, s.channel_id, s.post_time, COALESCE(g.timezone, 'UTC') AS timezone, s.active, s.play, "
    "s.ping_role_id "
    "FROM daily_schedules AS s LEFT JOIN guild_settings AS g ON g.guild_id = s.guild_id"
)


class DailyStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def set_schedule(self, game: str, guild_id: int, channel_id: int, post_time: dt.time,
                           timezone: str, user_id: int, play: Play | None = None, ping_role: int | None = None) -> None:
        """Start (or move) a game's daily post; the time zone is the guild's, for every game.
        ``play``: the style of the next posts; None keeps the schedule's (solo for a new one).
        ``ping_role``: the role pinged with each post; None keeps the schedule's (none for a new one)."""
        async def save(tx: Transaction) -> None:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, timezone) VALUES (?, ?) "
                f"ON CONFLICT (guild_id) DO UPDATE SET timezone = excluded.timezone, updated_at = {NOW}",
                (guild_id, timezone),
            )
            await tx.execute(
                "INSERT INTO daily_schedules (game, guild_id, channel_id, post_time, active, updated_by) "
                "VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (game, guild_id) DO UPDATE SET "
                "channel_id = excluded.channel_id, post_time = excluded.post_time, active = 1, "
                f"updated_by = excluded.updated_by, updated_at = {NOW}",
                (game, guild_id, channel_id, post_time.strftime("%H:%M"), user_id),
            )
            if play is not None:
                await tx.execute("UPDATE daily_schedules SET play = ? WHERE game = ? AND guild_id = ?",
                                 (Play(play).value, game, guild_id))
            if ping_role is not None:
                await tx.execute("UPDATE daily_schedules SET ping_role_id = ? WHERE game = ? AND guild_id = ?",
                                 (ping_role, game, guild_id))

        await self.db.transaction(save)

    async def stop_pinging(self, game: str, guild_id: int, user_id: int) -> bool:
        """The game's posts ping no role from now on; False when none was pinged."""
        changed = await self.db.write(
            f"UPDATE daily_schedules SET ping_role_id = NULL, updated_by = ?, updated_at = {NOW} "
            "WHERE game = ? AND guild_id = ? AND ping_role_id IS NOT NULL",
            (user_id, game, guild_id),
        )
        return changed > 0

    async def set_play(self, game: str, guild_id: int, play: Play, user_id: int) -> bool:
        """Switch the style of a schedule's next posts (a day posted keeps its own); False when
        the guild has no schedule of the game (active or stopped)."""
        changed = await self.db.write(
            f"UPDATE daily_schedules SET play = ?, updated_by = ?, updated_at = {NOW} WHERE game = ? AND guild_id = ?",
            (Play(play).value, user_id, game, guild_id),
        )
        return changed > 0

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

    async def active_schedules(self, shard_ids: Sequence[int] | None = None, shard_count: int = 1) -> list[Schedule]:
        """Every active schedule, or only those of the guilds on shards ``shard_ids`` of
        ``shard_count`` (Discord's shard of a guild: ``(guild_id >> 22) % shard_count``), chosen by
        the database: a cluster reads its own guilds' schedules, not every guild's."""
        if shard_ids is None:
            return [_schedule(row) for row in await self.db.fetch_all(f"{_SCHEDULE} WHERE s.active = 1")]
        if not shard_ids:
            return []
        shards = ", ".join("?" for _ in shard_ids)
        rows = await self.db.fetch_all(f"{_SCHEDULE} WHERE s.active = 1 AND (s.guild_id >> 22) % ? IN ({shards})",
                                       (shard_count, *shard_ids))
        return [_schedule(row) for row in rows]

    async def claim_post(self, game: str, guild_id: int, day: dt.date, channel_id: int, now: dt.datetime,
                         retry_at: dt.datetime, play: Play = Play.SOLO) -> Claim | None:
        """Claim the guild's post of ``day``: a new claim, or the take-over of an unconfirmed one
        whose ``retry_at`` has come. At most one caller gets a claim at a time, across processes
        too: the primary key lets one insert through, and the take-over's condition is checked
        again on the row it locks (the upsert's ``WHERE``). None for the others. The first claim
        fixes the day's play style (``play``, the schedule's): a take-over keeps it. One call of
        ``_CLAIM``: one round trip on PostgreSQL."""
        attempts, first = await self.db.call(_CLAIM, (game, guild_id, day.isoformat(), channel_id, _iso(now),
                                                      _iso(retry_at), Play(play).value))
        return None if attempts is None else Claim(game, guild_id, day, channel_id, attempts, _utc(first))

    async def retry_later(self, claim: Claim, retry_at: dt.datetime) -> None:
        """An attempt failed: the claim stays, and may be taken over again from ``retry_at``."""
        await self.db.write(
            "UPDATE daily_posts SET retry_at = ? WHERE game = ? AND guild_id = ? AND day = ? AND message_id IS NULL",
            (_iso(retry_at), claim.game, claim.guild_id, claim.day.isoformat()),
        )

    async def confirm(self, claim: Claim, message_id: int) -> None:
        await self.db.call(_CONFIRM, (claim.game, claim.guild_id, claim.day.isoformat(), message_id))

    async def skip(self, claim: Claim, reason: str) -> None:
        """Give the day up for good (e.g. the bot may not post in the channel)."""
        await self.db.write(
            "UPDATE daily_posts SET skipped = ?, retry_at = NULL WHERE game = ? AND guild_id = ? AND day = ?",
            (reason[:200], claim.game, claim.guild_id, claim.day.isoformat()),
        )

    async def post_state(self, game: str, guild_id: int, day: dt.date) -> PostState | None:
        """The day's post: None when nobody claimed it yet."""
        row = await self.db.fetch_one(
            "SELECT message_id, retry_at, skipped FROM daily_posts WHERE game = ? AND guild_id = ? AND day = ?",
            (game, guild_id, day.isoformat()),
        )
        if row is None:
            return None
        return PostState(row["message_id"], _utc(row["retry_at"]) if row["retry_at"] else None, row["skipped"])

    async def guild_schedules(self, guild_id: int) -> list[Schedule]:
        """The guild's schedules of every game (active or stopped)."""
        return [_schedule(row) for row in await self.db.fetch_all(f"{_SCHEDULE} WHERE s.guild_id = ?", (guild_id,))]

    async def newest_post_day(self, game: str, guild_id: int, since: dt.date) -> dt.date | None:
        """The newest day, from ``since`` on, whose post was made (or is being made, or was given up)."""
        row = await self.db.fetch_one("SELECT MAX(day) AS day FROM daily_posts WHERE game = ? AND "
                                      "guild_id = ? AND day >= ?",
                                      (game, guild_id, since.isoformat()))
        return dt.date.fromisoformat(row["day"]) if row and row["day"] else None

    async def post_play(self, game: str, guild_id: int, day: dt.date) -> Play | None:
        """The play style the day was posted with; None when its post was never claimed."""
        row = await self.db.fetch_one("SELECT play FROM daily_posts WHERE game = ? AND guild_id = ? AND day = ?",
                                      (game, guild_id, day.isoformat()))
        return None if row is None else Play(row["play"])

    async def has_post(self, game: str, guild_id: int, day: dt.date) -> bool:
        """Whether the day's post was made (or is being made)."""
        return await self.post_state(game, guild_id, day) is not None


@dataclass(frozen=True, slots=True)
class Claim:
    """The right to make one guild's post of one day, now. ``attempts`` counts this one."""

    game: str
    guild_id: int
    day: dt.date
    channel_id: int
    attempts: int
    first_claimed: dt.datetime


@dataclass(frozen=True, slots=True)
class PostState:
    message_id: int | None
    retry_at: dt.datetime | None
    skipped: str | None


async def _claim(tx: Transaction, game: str, guild_id: int, day: str, channel_id: int, now: str, retry_at: str,
                 play: str) -> tuple[int | None, str | None]:
    """A new claim, or the take-over of an unconfirmed one whose ``retry_at`` has come (checked
    again on the row the upsert locks): (attempts, first claimed); (None, None) for no claim."""
    rows = await tx.fetch_all(
        "INSERT INTO daily_posts (game, guild_id, day, channel_id, posted_at, retry_at, play) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, guild_id, day) DO UPDATE SET "
        "attempts = daily_posts.attempts + 1, retry_at = excluded.retry_at, channel_id = excluded.channel_id "
        "WHERE daily_posts.message_id IS NULL AND daily_posts.skipped IS NULL "
        "AND daily_posts.retry_at <= excluded.posted_at RETURNING attempts, posted_at",
        (game, guild_id, day, channel_id, now, retry_at, play))
    return (rows[0]["attempts"], rows[0]["posted_at"]) if rows else (None, None)


async def _confirm(tx: Transaction, game: str, guild_id: int, day: str, message_id: int) -> tuple[int]:
    return (await tx.execute("UPDATE daily_posts SET message_id = ?, retry_at = NULL WHERE game = ? AND guild_id = ? "
                             "AND day = ?", (message_id, game, guild_id, day)),)


_CLAIM = Routine("wordbot_claim_post", ("TEXT", "BIGINT", "TEXT", "BIGINT", "TEXT", "TEXT", "TEXT"), _claim)
_CONFIRM = Routine("wordbot_confirm_post", ("TEXT", "BIGINT", "TEXT", "BIGINT"), _confirm)
"""Their PostgreSQL functions (migrations/postgres/0009_one_round_trip.sql) do the same: one call each,
and the claims (or confirms) of many servers at once one statement (the 09:00 burst)."""


def _iso(moment: dt.datetime) -> str:
    """A time as stored: UTC, fixed width, so that text order is time order."""
    return moment.astimezone(dt.UTC).isoformat(timespec="microseconds")


def _utc(text: str) -> dt.datetime:
    """A stored time: ISO 8601 with an offset (ours), or SQLite's 'Z' form (defaults)."""
    moment = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def _schedule(row: Row) -> Schedule:
    hours, minutes = map(int, row["post_time"].split(":"))
    return Schedule(row["game"], row["guild_id"], row["channel_id"], dt.time(hours, minutes), row["timezone"],
                    bool(row["active"]), Play(row["play"]), row["ping_role_id"])
