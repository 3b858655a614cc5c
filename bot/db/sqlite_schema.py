"""SQLite's side of the schema: opening a database file (WAL, foreign keys, a busy timeout, each
commit on the disk before it returns: ``synchronous = FULL``, see ``bot/db/writer.py``), and
bringing it up to date with the migrations of ``migrations/`` (see ``bot/db/schema.py``).

The versions applied are recorded in ``schema_migrations``; the pending ones run in one
transaction (all or nothing). A database whose schema is newer than this code is refused, never
touched. ``bot/db/sqlite.py`` is the bot's SQLite database built on these connections.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.db.errors import StoreError
from bot.db.schema import Migration, SchemaStatus, newer_than_ours, status_of
from bot.db.sqlite_check import RESTORE
from bot.db.sqlite_file import check_database_path

log = logging.getLogger(__name__)

LOCKED = "The database at {path} is locked: another program is writing to it. Try again when it is done."
NOT_OURS = ("Cannot use the database at {path}: {error}. Is it a wordbot database? "
            "Point WORDBOT_DATABASE (or --database) at another file, or restore a backup.")
DAMAGED = "The database at {path} is damaged ({error}): stop the bot. " + RESTORE
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
            raise StoreError(_unusable(name).format(path=path, error=error)) from None
        raise StoreError(f"Cannot open the database at {path}: {error}. Check the path, and that this user may "
                         "read and write there.") from None
    conn.row_factory = aiosqlite.Row
    try:
        for pragma in ("busy_timeout = 5000", "journal_mode = WAL", "foreign_keys = ON", "synchronous = FULL"):
            await execute(conn, f"PRAGMA {pragma}")
        await fetch_one(conn, "SELECT COUNT(*) FROM sqlite_master")  # reads the schema: a damaged file says so here
    except sqlite3.Error as error:
        await conn.close()
        name = getattr(error, "sqlite_errorname", "")
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            raise StoreError(LOCKED.format(path=path)) from None
        raise StoreError(_unusable(name).format(path=path, error=error)) from None
    return conn


def _unusable(error_name: str) -> str:
    """What to say of a file SQLite cannot read: a damaged database (SQLITE_CORRUPT), or a file
    that is not one at all (anything else: someone else's file, a shopping list)."""
    return DAMAGED if error_name.startswith("SQLITE_CORRUPT") else NOT_OURS


async def execute(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Run one statement to completion, close its cursor (an open one blocks COMMIT), return rowcount."""
    async with conn.execute(sql, params) as cursor:
        await cursor.fetchall()
        return cursor.rowcount


async def fetch_all(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
    """A query's rows, read in one step of the connection's thread: the statement runs to its end
    there even when the caller is cancelled meanwhile. (Read step by step, a read cancelled between
    its steps left its statement open, and the connection's later reads all saw the database as it
    was then: stale, in WAL mode, until the cursor was collected.)"""
    return list(await conn.execute_fetchall(sql, params))


async def fetch_one(conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Row | None:
    """The first row of a query (read as ``fetch_all`` reads)."""
    rows = await fetch_all(conn, sql, params)
    return rows[0] if rows else None


async def schema_status(conn: aiosqlite.Connection) -> SchemaStatus:
    """Which migrations the database has, and which of ours it lacks."""
    has_table = await fetch_one(
        conn, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    current = 0
    if has_table:
        current = (await fetch_one(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))[0]
    return status_of(current, "sqlite")


async def upgrade(conn: aiosqlite.Connection, *, up_to: int | None = None) -> list[Migration]:
    """Apply every pending migration (or those up to version ``up_to``) in one transaction."""
    status = await schema_status(conn)
    if status.current > status.latest:
        raise newer_than_ours(status, "file")
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
            await execute(conn, "ROLLBACK")
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
