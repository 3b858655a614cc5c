"""The database: SQLite (a file, the default) or PostgreSQL (a ``postgresql://`` URL).

SQL lives in this package and in each feature's ``store.py``, nowhere else (a test enforces
it). Here: connecting to SQLite and migrating it; ``database.py``: the bot's ``Database`` (one
interface, guild settings, bot state); ``sqlite.py`` and ``writer.py``: SQLite's reads and its
one writer thread that commits every write in batches (``GroupWriter``); ``postgres.py``: the
asyncpg pool and its migrations; ``pgwriter.py``: PostgreSQL's group commit (units of work that
arrive together share a transaction); ``dialect.py``: what differs between the two SQL dialects.

Migrations are numbered sequences, one per dialect: ``migrations/NNNN_name.sql`` for SQLite and
``migrations/postgres/NNNN_name.sql`` for PostgreSQL (whose 0001 is SQLite's 0001-0007). The versions applied are recorded in ``schema_migrations``; at start-up the pending
ones run in one transaction (all or nothing). A database whose schema is newer than this code
is refused, never touched. Connections use WAL journaling, foreign keys and a busy timeout.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from bot.db.dialect import NOW as NOW

log = logging.getLogger(__name__)

MIGRATION_FILE = re.compile(r"(\d{4})_([a-z0-9_]+)\.sql")
ANAGRAM_LEXICONS = ("full", "common", "huge")
"""The word lists a server may choose for /anagram."""


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
    show_vulgar: bool = False  # vulgar words in public /anagram replies


def available_migrations(dialect: str = "sqlite") -> list[Migration]:
    """The migrations of a dialect ('sqlite' or 'postgres') shipped with this code, in version order."""
    found = []
    folder = resources.files("migrations")
    for entry in (folder if dialect == "sqlite" else folder / dialect).iterdir():
        match = MIGRATION_FILE.fullmatch(entry.name)
        if match:
            found.append(Migration(int(match[1]), f"{match[1]}_{match[2]}", entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise StoreError(f"Migration files must be numbered 0001, 0002, ... without gaps; found {versions}.")
    return found


def check_database_path(path: Path, *, make_folder: bool = False) -> None:
    """Refuse, with what to fix, a database path that can never be a database file: a folder, or
    (unless ``make_folder``, as the bot's start-up does) a file in a folder that is not there. The
    command line never makes folders: a mistyped path is refused."""
    if str(path) == ":memory:":
        return
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database: give the path of a file (--database, or WORDBOT_DATABASE).")
    if make_folder and not path.parent.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"Cannot make the folder {path.parent} for the database: {error.strerror}.") from None
    if not path.parent.is_dir():
        raise StoreError(f"There is no folder {path.parent} for the database {path.name}: create it first, "
                         "or check the path (--database, or WORDBOT_DATABASE).")


LOCKED = "The database at {path} is locked: another program is writing to it. Try again when it is done."
NOT_OURS = ("Cannot use the database at {path}: {error}. Is it a wordbot database? "
            "Point WORDBOT_DATABASE (or --database) at another file, or restore a backup.")
WAL_WAIT_SECONDS = 5.0  # as long as the busy timeout


def _open_in_wal(path: Path) -> None:
    """Open the file once with plain sqlite3 and put it in WAL mode (which the file keeps).
    Switching a new file to WAL needs it alone for a moment, and SQLite answers "database is
    locked" at once, without waiting out the busy timeout, when another process (a cluster
    starting at the same time) has it open: so it is tried again for a few seconds."""
    conn = sqlite3.connect(path, timeout=WAL_WAIT_SECONDS)
    try:
        deadline = time.monotonic() + WAL_WAIT_SECONDS
        while True:
            try:
                conn.execute("PRAGMA journal_mode = WAL").fetchall()
                return
            except sqlite3.OperationalError as error:
                if not getattr(error, "sqlite_errorname", "").startswith("SQLITE_BUSY") or time.monotonic() > deadline:
                    raise
                time.sleep(0.01 + 0.04 * random.random())
    finally:
        conn.close()


async def connect(path: str | Path) -> aiosqlite.Connection:
    """Open the database (creating its folder) with WAL, foreign keys and a busy timeout."""
    path = Path(path)
    check_database_path(path, make_folder=True)
    try:
        # Plain sqlite3 first: an aiosqlite connect that fails leaves its thread to report to
        # an event loop that is gone by then (a traceback on the way out).
        await asyncio.to_thread(_open_in_wal, path)
        conn = await aiosqlite.connect(path, isolation_level=None)
    except sqlite3.Error as error:
        name = getattr(error, "sqlite_errorname", "")
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            raise StoreError(LOCKED.format(path=path)) from None
        if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):  # the WAL switch reads the file's header
            raise StoreError(NOT_OURS.format(path=path, error=error)) from None
        raise StoreError(f"Cannot open the database at {path}: {error}. Check the path, and that this user may "
                         "read and write there.") from None
    conn.row_factory = aiosqlite.Row
    try:
        for pragma in ("busy_timeout = 5000", "journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL"):
            await _execute(conn, f"PRAGMA {pragma}")
        await _fetch_one(conn, "SELECT COUNT(*) FROM sqlite_master")  # reads the schema: a damaged file says so here
    except sqlite3.Error as error:
        await conn.close()
        if getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            raise StoreError(LOCKED.format(path=path)) from None
        raise StoreError(NOT_OURS.format(path=path, error=error)) from None
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
        if (await schema_status(conn)).current >= pending[-1].version:
            return []  # another process (a cluster starting at the same time) migrated first
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


from bot.db.database import Database as Database  # noqa: E402  (it uses what is above)
