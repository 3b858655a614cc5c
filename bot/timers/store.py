"""The timers table (migration 0015; PostgreSQL 0010): set, move, cancel, claim what is due, and
end a firing. Times are stored as UTC text of fixed width, so that text order is time order."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from bot.db import Database
from bot.db.transaction import Transaction

_COLUMNS = "kind, timer_key, guild_id, due_at, payload, claimed_until, attempts"


@dataclass(frozen=True, slots=True)
class Timer:
    """A timer as it was claimed. ``claimed_until`` is the claim's own mark: ending the firing
    touches the row only while it still carries it (a timer set again meanwhile is a new one)."""

    kind: str
    key: str
    guild_id: int | None
    due_at: dt.datetime
    payload: dict[str, Any]
    claimed_until: str | None
    attempts: int


@dataclass(frozen=True, slots=True)
class Scope:
    """Which timers a process fires: those of ``kinds`` (the handlers it has), of the servers on
    its shards ``shard_ids`` of ``shard_count`` (None: every server), and those of no server where it
    runs shard 0. Chosen by the database, as the daily schedules are."""

    kinds: tuple[str, ...]
    shard_ids: tuple[int, ...] | None = None
    shard_count: int = 1

    def where(self, first: int) -> tuple[str, list[Any]]:
        """The scope as a SQL condition whose placeholders are numbered from ``first``, and their values."""
        params: list[Any] = list(self.kinds)
        kinds = ", ".join(f"?{first + i}" for i in range(len(self.kinds))) or "NULL"
        sql = f"kind IN ({kinds})"
        if self.shard_ids is None:
            return sql, params
        at = first + len(params)
        shards = ", ".join(f"?{at + 1 + i}" for i in range(len(self.shard_ids))) or "NULL"
        none = "guild_id IS NULL" if 0 in self.shard_ids else "0 = 1"
        params += [self.shard_count, *self.shard_ids]
        return f"{sql} AND ({none} OR (guild_id >> 22) % ?{at} IN ({shards}))", params


def iso(moment: dt.datetime) -> str:
    """A time as stored: UTC, fixed width, so that text order is time order."""
    return moment.astimezone(dt.UTC).isoformat(timespec="microseconds")


def _timer(row: Any) -> Timer:
    return Timer(row["kind"], row["timer_key"], row["guild_id"], dt.datetime.fromisoformat(row["due_at"]),
                 json.loads(row["payload"]), row["claimed_until"], row["attempts"])


class TimerStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def set(self, kind: str, key: str, due_at: dt.datetime, payload: dict[str, Any] | None = None,
                  guild_id: int | None = None, *, now: dt.datetime) -> None:
        """Set the timer, or move it (a new time and payload, unclaimed, no failures)."""
        await self.db.write(
            f"INSERT INTO timers ({_COLUMNS}, created_at) VALUES (?1, ?2, ?3, ?4, ?5, NULL, 0, ?6) "
            "ON CONFLICT (kind, timer_key) DO UPDATE SET guild_id = excluded.guild_id, due_at = excluded.due_at, "
            "payload = excluded.payload, claimed_until = NULL, attempts = 0",
            (kind, key, guild_id, iso(due_at), json.dumps(payload or {}, sort_keys=True), iso(now)))

    async def cancel(self, kind: str, key: str) -> bool:
        return await self.db.write("DELETE FROM timers WHERE kind = ? AND timer_key = ?", (kind, key)) > 0

    async def get(self, kind: str, key: str) -> Timer | None:
        row = await self.db.fetch_one(f"SELECT {_COLUMNS} FROM timers WHERE kind = ? AND timer_key = ?", (kind, key))
        return None if row is None else _timer(row)

    async def keys(self, kind: str) -> set[str]:
        return {row[0] for row in await self.db.fetch_all("SELECT timer_key FROM timers WHERE kind = ?", (kind,))}

    async def claim_due(self, scope: Scope, now: dt.datetime, until: dt.datetime, limit: int) -> list[Timer]:
        """Claim (until ``until``) at most ``limit`` timers of the scope due at ``now``: neither
        claimed nor with a claim run out. Two processes never claim one timer: the claim's
        condition is checked again on the row the update locks."""
        where, params = scope.where(4)
        free = "due_at <= ?2 AND (claimed_until IS NULL OR claimed_until <= ?2)"
        sql = (f"UPDATE timers SET claimed_until = ?1 WHERE {free} AND (kind, timer_key) IN ("
               f"SELECT kind, timer_key FROM timers WHERE {free} AND {where} ORDER BY due_at LIMIT ?3) "
               f"RETURNING {_COLUMNS}")

        async def claim(tx: Transaction) -> list[Timer]:
            return [_timer(row) for row in await tx.fetch_all(sql, (iso(until), iso(now), limit, *params))]

        return sorted(await self.db.transaction(claim), key=lambda timer: timer.due_at)

    async def next_due(self, scope: Scope) -> dt.datetime | None:
        """When the scope's next timer may be fired: its time, or the end of a running claim."""
        where, params = scope.where(1)
        row = await self.db.fetch_one(
            "SELECT MIN(CASE WHEN claimed_until > due_at THEN claimed_until ELSE due_at END) FROM timers "
            f"WHERE {where}", params)
        return None if row is None or row[0] is None else dt.datetime.fromisoformat(row[0])

    async def renew(self, timer: Timer, until: dt.datetime) -> str | None:
        """Hold the claim until ``until``; the claim's new mark, or None when the timer was set again."""
        token = iso(until)
        changed = await self.db.write("UPDATE timers SET claimed_until = ? "
                                      "WHERE kind = ? AND timer_key = ? AND claimed_until = ?",
                                      (token, timer.kind, timer.key, timer.claimed_until))
        return token if changed else None

    async def fired(self, timer: Timer) -> None:
        """The firing is done: the timer goes, unless it was set again meanwhile."""
        await self.db.write("DELETE FROM timers WHERE kind = ? AND timer_key = ? AND claimed_until = ?",
                            (timer.kind, timer.key, timer.claimed_until))

    async def again(self, timer: Timer, due_at: dt.datetime, attempts: int = 0) -> None:
        """Fire the timer again at ``due_at`` (a recurring timer's next time, or a failed one's retry),
        unless it was set again meanwhile."""
        await self.db.write("UPDATE timers SET due_at = ?, claimed_until = NULL, attempts = ? "
                            "WHERE kind = ? AND timer_key = ? AND claimed_until = ?",
                            (iso(due_at), attempts, timer.kind, timer.key, timer.claimed_until))


def keyed(*parts: object) -> str:
    """A timer key of several parts (a day, a challenge, a server, a player)."""
    return ":".join(map(str, parts))

