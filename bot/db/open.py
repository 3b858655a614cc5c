"""Which backend a database target names: a ``postgresql://`` URL is PostgreSQL, anything else a
SQLite file. Here, where both backends are known (the ``Database`` base class knows neither)."""

from __future__ import annotations

from pathlib import Path

from bot.db.database import Database
from bot.db.url import is_postgres_url


async def open_database(target: str | Path) -> Database:
    """Connect, bring the schema up to date (the start-up path), and be ready to write. Each
    backend's driver is imported only when a target names it."""
    if is_postgres_url(target):
        from bot.db.postgres import PostgresDatabase

        return await PostgresDatabase.connect(str(target))
    from bot.db.sqlite import SqliteDatabase

    return await SqliteDatabase.connect(target)
