"""A database of the release before role pings and streak reminders (SQLite at 0011, PostgreSQL
at 0005) upgrades without loss: every schedule keeps its columns and pings nobody, and the
upgraded bot sets a role and takes a reminder opt-in."""

import datetime as dt

from bot.daily.store import DailyStore
from bot.db import open_database
from bot.reminders.store import ReminderStore
from tests.bot.daily.test_upgrade_0009 import OLD_ROWS, SCHEDULE_COLUMNS, postgres_rows, sqlite_rows
from tests.bot.db.older import older_postgres, older_sqlite

COLUMNS = SCHEDULE_COLUMNS + ", play"


async def the_upgraded_bot_pings_and_reminds(target):
    db = await open_database(target)
    try:
        store = DailyStore(db)
        assert {s.game: s.ping_role for s in await store.guild_schedules(1)} == {"bee": None, "letterbox": None}
        await store.set_schedule("bee", 1, 100, dt.time(9), "Europe/London", 5, ping_role=77)
        assert (await store.schedule("bee", 1)).ping_role == 77
        reminders = ReminderStore(db)
        assert await reminders.ask(1, 8) and await reminders.wants(1, 8)
    finally:
        await db.close()


async def test_a_version_11_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 11, OLD_ROWS)
    schedules = sqlite_rows(path, f"SELECT {COLUMNS} FROM daily_schedules")

    await the_upgraded_bot_pings_and_reminds(path)

    assert sqlite_rows(path, f"SELECT {COLUMNS} FROM daily_schedules WHERE game = 'letterbox'") == schedules[1:]
    assert sqlite_rows(path, "SELECT game, ping_role_id FROM daily_schedules") == [("bee", 77), ("letterbox", None)]


async def test_a_version_5_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 5, OLD_ROWS)
    schedules = await postgres_rows(postgres_url, f"SELECT {COLUMNS} FROM daily_schedules")

    await the_upgraded_bot_pings_and_reminds(postgres_url)

    assert await postgres_rows(postgres_url, f"SELECT {COLUMNS} FROM daily_schedules WHERE game = 'letterbox'") == \
        schedules[1:]
    assert await postgres_rows(postgres_url, "SELECT game, ping_role_id FROM daily_schedules") == [
        ("bee", 77), ("letterbox", None)]
