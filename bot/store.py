"""The SQLite store: the only module with SQL in it.

Migrations are the files ``migrations/NNNN_name.sql``. The versions applied are recorded
in ``schema_migrations``; at start-up the pending ones run in one transaction (all or
nothing). A database whose schema is newer than this code is refused, never touched.
Connections use WAL journaling, foreign keys and a busy timeout.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

MIGRATION_FILE = re.compile(r"(\d{4})_([a-z0-9_]+)\.sql")
LEXICON_CHOICES = ("full", "common")


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


async def _execute(conn: aiosqlite.Connection, sql: str, params: tuple = ()) -> None:
    """Run one statement to completion and close its cursor (an open one blocks COMMIT)."""
    async with conn.execute(sql, params) as cursor:
        await cursor.fetchall()


async def _fetchone(conn: aiosqlite.Connection, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
    async with conn.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def schema_status(conn: aiosqlite.Connection) -> SchemaStatus:
    """Which migrations the database has, and which of ours it lacks."""
    migrations = available_migrations()
    latest = migrations[-1].version if migrations else 0
    has_table = await _fetchone(
        conn, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    current = 0
    if has_table:
        current = (await _fetchone(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))[0]
    return SchemaStatus(current, latest, tuple(m for m in migrations if m.version > current))


async def upgrade(conn: aiosqlite.Connection) -> list[Migration]:
    """Apply every pending migration in one transaction; return those applied."""
    status = await schema_status(conn)
    if status.current > status.latest:
        raise StoreError(
            f"The database is at schema version {status.current}, newer than this wordbot knows "
            f"(up to {status.latest}). Upgrade wordbot, or point WORDBOT_DATABASE at another file."
        )
    if not status.pending:
        return []
    script = ["BEGIN IMMEDIATE;", _SCHEMA_MIGRATIONS_TABLE]
    for migration in status.pending:
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
    for migration in status.pending:
        log.info("Applied migration %s", migration.name)
    return list(status.pending)


_SCHEMA_MIGRATIONS_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""


class Store:
    """The bot's data, over one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    @classmethod
    async def open(cls, path: str | Path) -> Store:
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

    async def get_state(self, key: str) -> str | None:
        row = await _fetchone(self.conn, "SELECT value FROM bot_state WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_state(self, key: str, value: str) -> None:
        await _execute(
            self.conn,
            "INSERT INTO bot_state (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
            "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            (key, value),
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await _fetchone(self.conn, "SELECT anagram_lexicon FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return GuildSettings(guild_id, row["anagram_lexicon"]) if row else GuildSettings(guild_id)

    async def set_anagram_lexicon(self, guild_id: int, lexicon: str) -> None:
        if lexicon not in LEXICON_CHOICES:
            raise ValueError(f"lexicon must be one of {LEXICON_CHOICES}")
        await _execute(
            self.conn,
            "INSERT INTO guild_settings (guild_id, anagram_lexicon) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET anagram_lexicon = excluded.anagram_lexicon, "
            "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            (guild_id, lexicon),
        )
