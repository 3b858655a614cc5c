"""The SQLite database: connection, migrations, the write lock, guild settings, bot state.

SQL lives here and in each feature's ``store.py``, nowhere else (a test enforces it).

Migrations are the files ``migrations/NNNN_name.sql``, one numbered sequence for the whole
database. The versions applied are recorded in ``schema_migrations``; at start-up the pending
ones run in one transaction (all or nothing). A database whose schema is newer than this code
is refused, never touched. Connections use WAL journaling, foreign keys and a busy timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)

MIGRATION_FILE = re.compile(r"(\d{4})_([a-z0-9_]+)\.sql")
ANAGRAM_LEXICONS = ("full", "common")
"""The word lists a server may choose for /anagram."""
NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"


class StoreError(RuntimeError):
    """The database cannot be used as it is; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


@dataclass(frozen=True, slots=True)
class SchemaStatus:
    current: int
    latest: int
    pending: tuple[Migration, ...]


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    anagram_lexicon: str = "full"
    timezone: str | None = None  # IANA name; None: never set (the guild's day is UTC's)


def available_migrations() -> list[Migration]:
    """The migrations shipped with this code, in version order."""
    found = []
    for entry in resources.files("migrations").iterdir():
        match = MIGRATION_FILE.fullmatch(entry.name)
        if match:
            found.append(Migration(int(match[1]), f"{match[1]}_{match[2]}", entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise StoreError(f"Migration files must be numbered 0001, 0002, ... without gaps; found {versions}.")
    return found


async def connect(path: str | Path) -> aiosqlite.Connection:
    """Open the database (creating its folder) with WAL, foreign keys and a busy timeout."""
    path = Path(path)
    if str(path) != ":memory:":
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        conn = await aiosqlite.connect(path, isolation_level=None)
    except Exception as error:  # sqlite3.OperationalError and friends
        raise StoreError(f"Cannot open the database at {path}: {error}") from None
    conn.row_factory = aiosqlite.Row
    for pragma in ("journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000", "synchronous = NORMAL"):
        await _execute(conn, f"PRAGMA {pragma}")
    return conn


async def _execute(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Run one statement to completion, close its cursor (an open one blocks COMMIT), return rowcount."""
    async with conn.execute(sql, params) as cursor:
        await cursor.fetchall()
        return cursor.rowcount


async def _fetch_one(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Row | None:
    async with conn.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def schema_status(conn: aiosqlite.Connection) -> SchemaStatus:
    """Which migrations the database has, and which of ours it lacks."""
    migrations = available_migrations()
    latest = migrations[-1].version if migrations else 0
    has_table = await _fetch_one(
        conn, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    current = 0
    if has_table:
        current = (await _fetch_one(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))[0]
    return SchemaStatus(current, latest, tuple(m for m in migrations if m.version > current))


async def upgrade(conn: aiosqlite.Connection, *, up_to: int | None = None) -> list[Migration]:
    """Apply every pending migration (or those up to version ``up_to``) in one transaction."""
    status = await schema_status(conn)
    if status.current > status.latest:
        raise StoreError(
            f"The database is at schema version {status.current}, newer than this wordbot knows "
            f"(up to {status.latest}). Upgrade wordbot, or point WORDBOT_DATABASE at another file."
        )
    pending = [m for m in status.pending if up_to is None or m.version <= up_to]
    if not pending:
        return []
    script = ["BEGIN IMMEDIATE;", _SCHEMA_MIGRATIONS_TABLE]
    for migration in pending:
        script.append(migration.sql)
        script.append(
            f"INSERT INTO schema_migrations (version, name) VALUES ({migration.version}, '{migration.name}');"
        )
    script.append("COMMIT;")
    try:
        await conn.executescript("\n".join(script))
    except Exception as error:
        if conn.in_transaction:
            await _execute(conn, "ROLLBACK")
        raise StoreError(f"Migration failed and was rolled back, nothing changed: {error}") from error
    for migration in pending:
        log.info("Applied migration %s", migration.name)
    return pending


_SCHEMA_MIGRATIONS_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""


class Database:
    """The bot's one connection and its write lock; each feature's store speaks SQL through it.

    Every write takes the lock, so no coroutine's statement lands inside another's open
    transaction, and ``writing()`` sees no other write between its statements.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Connect and bring the schema up to date (the start-up path)."""
        conn = await connect(path)
        try:
            await upgrade(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        await self.conn.close()

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One write statement under the lock; returns the number of rows it changed."""
        async with self._write_lock:
            return await _execute(self.conn, sql, params)

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[Writer]:
        """Several statements that no other write may come between (the lock is held throughout)."""
        async with self._write_lock:
            yield Writer(self.conn)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Row | None:
        return await _fetch_one(self.conn, sql, params)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    # ------------------------------------------------------------------ bot state and guild settings

    async def get_state(self, key: str) -> str | None:
        row = await self.fetch_one("SELECT value FROM bot_state WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_state(self, key: str, value: str) -> None:
        await self.write(
            "INSERT INTO bot_state (key, value) VALUES (?, ?) "
            f"ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = {NOW}",
            (key, value),
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await self.fetch_one(
            "SELECT anagram_lexicon, timezone FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return GuildSettings(guild_id, row["anagram_lexicon"], row["timezone"]) if row else GuildSettings(guild_id)

    async def set_anagram_lexicon(self, guild_id: int, lexicon: str) -> None:
        if lexicon not in ANAGRAM_LEXICONS:
            raise ValueError(f"lexicon must be one of {ANAGRAM_LEXICONS}")
        await self._set_guild_setting(guild_id, "anagram_lexicon", lexicon)

    async def set_timezone(self, guild_id: int, timezone: str) -> None:
        """The guild's time zone: its daily games post and its days (boards, streaks) turn by it."""
        await self._set_guild_setting(guild_id, "timezone", timezone)

    async def _set_guild_setting(self, guild_id: int, column: str, value: Any) -> None:
        assert column in ("anagram_lexicon", "timezone")  # a name of ours, never user input
        await self.write(
            f"INSERT INTO guild_settings (guild_id, {column}) VALUES (?, ?) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {column} = excluded.{column}, updated_at = {NOW}",
            (guild_id, value),
        )


class Writer:
    """Statements run while ``Database.writing()`` holds the write lock."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await _execute(self.conn, sql, params)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Row | None:
        return await _fetch_one(self.conn, sql, params)
