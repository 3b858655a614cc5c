"""A database of the release before the timer service (SQLite at 0014, PostgreSQL at 0009)
upgrades without loss: every table keeps every row, and the upgraded bot sets, claims and fires a
timer."""

import datetime as dt

from bot.db import open_database
from bot.db.schema import available_migrations
from bot.timers.service import Timers
from tests.bot.daily.test_upgrade_0009 import OLD_ROWS, postgres_rows, sqlite_rows
from tests.bot.db.older import older_postgres, older_sqlite

T0 = dt.datetime(2026, 11, 21, 9, tzinfo=dt.UTC)
LATEST_SQLITE, LATEST_POSTGRES = (available_migrations(dialect)[-1].version for dialect in ("sqlite", "postgres"))
TABLES = ("guild_settings", "daily_schedules", "daily_posts")


async def the_upgraded_bot_fires_a_timer(target):
    db = await open_database(target)
    try:
        fired = []

        async def handler(timer):
            fired.append(timer.payload)

        timers = Timers(db, lambda: T0)
        timers.handle("ping", handler)
        await timers.at("ping", "a", T0, {"n": 1}, guild_id=1)
        assert await timers.fire_due() == 1 and fired == [{"n": 1}]
    finally:
        await db.close()


async def test_a_version_14_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 14, OLD_ROWS)
    columns = {table: ", ".join(r[1] for r in sqlite_rows(path, f"PRAGMA table_info({table})")) for table in TABLES}
    before = {table: sqlite_rows(path, f"SELECT {columns[table]} FROM {table}") for table in TABLES}

    await the_upgraded_bot_fires_a_timer(path)

    # every row keeps every value it had (later migrations may add columns beside them)
    assert {table: sqlite_rows(path, f"SELECT {columns[table]} FROM {table}") for table in TABLES} == before
    assert sqlite_rows(path, "SELECT MAX(version) FROM schema_migrations") == [(LATEST_SQLITE,)]


async def test_a_version_9_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 9, OLD_ROWS)
    columns = {table: ", ".join(name for _, name in await postgres_rows(
        postgres_url, f"SELECT ordinal_position, column_name FROM information_schema.columns WHERE table_name = "
                      f"'{table}'")) for table in TABLES}
    before = {table: await postgres_rows(postgres_url, f"SELECT {columns[table]} FROM {table}") for table in TABLES}

    await the_upgraded_bot_fires_a_timer(postgres_url)

    # every row keeps every value it had (later migrations may add columns beside them)
    assert {table: await postgres_rows(postgres_url, f"SELECT {columns[table]} FROM {table}") for table in TABLES} \
        == before
    assert await postgres_rows(postgres_url, "SELECT MAX(version) FROM schema_migrations") == [(LATEST_POSTGRES,)]
