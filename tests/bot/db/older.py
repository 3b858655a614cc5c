"""A database of an older release, for the upgrade tests: migrated up to a version, with the rows
that release wrote (SQL for that version's schema)."""

from pathlib import Path

import asyncpg

from bot.db import postgres, sqlite_schema


async def older_sqlite(path: Path, version: int, rows: str) -> None:
    conn = await sqlite_schema.connect(path)
    try:
        await sqlite_schema.upgrade(conn, up_to=version)
        await conn.executescript(rows)
    finally:
        await conn.close()


async def older_postgres(url: str, version: int, rows: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await postgres.upgrade(conn, up_to=version)
        await conn.execute(rows)
    finally:
        await conn.close()
