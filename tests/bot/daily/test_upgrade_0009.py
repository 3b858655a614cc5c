"""A database of the release before the play style (SQLite at 0008, PostgreSQL at 0002) upgrades
without loss: every schedule and post keeps its columns, each is solo (as every game was), and
the upgraded bot reads and switches the style."""

import datetime as dt
import sqlite3

import asyncpg

from bot.daily.calendar import DailyCalendar
from bot.daily.schedule import Play
from bot.db import open_database
from bot.games.bee.game import BEE
from bot.games.letterbox.game import LETTERBOX
from tests.bot.db.older import older_postgres, older_sqlite
from tests.clock import Clock

SCHEDULE_COLUMNS = "game, guild_id, channel_id, post_time, active, updated_by, updated_at"
POST_COLUMNS = "game, guild_id, day, channel_id, message_id, posted_at, attempts, retry_at, skipped"
OLD_ROWS = """
    INSERT INTO guild_settings (guild_id, anagram_lexicon, timezone) VALUES (1, 'common', 'Europe/London');
    INSERT INTO daily_schedules (game, guild_id, channel_id, post_time, active, updated_by, updated_at)
    VALUES ('bee', 1, 100, '09:00', 1, 5, '2026-11-01T00:00:00.000Z'),
           ('letterbox', 1, 101, '08:30', 0, 6, '2026-11-02T00:00:00.000Z');
    INSERT INTO daily_posts (game, guild_id, day, channel_id, message_id, posted_at, attempts, retry_at, skipped)
    VALUES ('bee', 1, '2026-11-22', 100, 4242, '2026-11-22T09:00:01.000Z', 1, NULL, NULL),
           ('bee', 1, '2026-11-23', 100, NULL, '2026-11-23T09:00:01.000Z', 2, '2026-11-23T09:05:00.000Z', NULL),
           ('letterbox', 1, '2026-11-22', 101, NULL, '2026-11-22T08:30:00.000Z', 1, NULL, 'Forbidden: no access');
"""


def sqlite_rows(path, sql):
    with sqlite3.connect(path) as raw:
        return sorted(raw.execute(sql).fetchall())


async def postgres_rows(url, sql):
    conn = await asyncpg.connect(url)
    try:
        return sorted(tuple(row) for row in await conn.fetch(sql))
    finally:
        await conn.close()


async def the_upgraded_bot_reads_and_switches_the_style(target):
    db = await open_database(target)
    try:
        calendar = DailyCalendar(db, clock=Clock(dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)))
        assert {s.game: s.play for s in await calendar.store.guild_schedules(1)} == {"bee": Play.SOLO,
                                                                                   "letterbox": Play.SOLO}
        assert await calendar.play_style(BEE, 1, dt.date(2026, 11, 22)) is Play.SOLO
        await calendar.set_play(LETTERBOX, 1, Play.TOGETHER, 7)  # a stopped game keeps its style for later
        assert await calendar.play_style(LETTERBOX, 1, dt.date(2026, 11, 23)) is Play.TOGETHER  # not posted
        assert await calendar.play_style(LETTERBOX, 1, dt.date(2026, 11, 22)) is Play.SOLO  # posted (skipped) solo
    finally:
        await db.close()


async def test_a_version_8_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 8, OLD_ROWS)
    schedules = sqlite_rows(path, f"SELECT {SCHEDULE_COLUMNS} FROM daily_schedules")
    posts = sqlite_rows(path, f"SELECT {POST_COLUMNS} FROM daily_posts")

    await (await open_database(path)).close()

    assert sqlite_rows(path, f"SELECT {SCHEDULE_COLUMNS} FROM daily_schedules") == schedules
    assert sqlite_rows(path, f"SELECT {POST_COLUMNS} FROM daily_posts") == posts
    assert sqlite_rows(path, "SELECT DISTINCT play FROM daily_schedules") == [("solo",)]
    assert sqlite_rows(path, "SELECT DISTINCT play FROM daily_posts") == [("solo",)]
    await the_upgraded_bot_reads_and_switches_the_style(path)
    assert sqlite_rows(path, "SELECT game, play FROM daily_schedules") == [("bee", "solo"), ("letterbox", "together")]


async def test_a_version_2_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 2, OLD_ROWS)
    schedules = await postgres_rows(postgres_url, f"SELECT {SCHEDULE_COLUMNS} FROM daily_schedules")
    posts = await postgres_rows(postgres_url, f"SELECT {POST_COLUMNS} FROM daily_posts")

    await (await open_database(postgres_url)).close()

    assert await postgres_rows(postgres_url, f"SELECT {SCHEDULE_COLUMNS} FROM daily_schedules") == schedules
    assert await postgres_rows(postgres_url, f"SELECT {POST_COLUMNS} FROM daily_posts") == posts
    assert await postgres_rows(postgres_url, "SELECT DISTINCT play FROM daily_posts") == [("solo",)]
    await the_upgraded_bot_reads_and_switches_the_style(postgres_url)
    assert await postgres_rows(postgres_url, "SELECT game, play FROM daily_schedules") == [
        ("bee", "solo"), ("letterbox", "together")]
