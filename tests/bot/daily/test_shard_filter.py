"""A cluster's schedules picked by the database (``(guild_id >> 22) % count IN shards``), on both
backends, checked against Discord's rule applied in Python to every schedule."""

import datetime as dt
import random

import pytest

from bot.config import shard_of
from bot.daily.calendar import DailyCalendar, Shards
from bot.daily.store import DailyStore
from bot.db import open_database
from tests.bot.daily.due import due_posts

NINE = dt.time(9)
GAMES = ("bee", "letterbox")


@pytest.fixture
async def store(db_target):
    db = await open_database(db_target)
    yield DailyStore(db)
    await db.close()


async def fill(store: DailyStore, rng: random.Random, guilds: int) -> list[int]:
    """Schedules of random guild ids over the whole snowflake range, some of them stopped."""
    ids = [rng.randrange(1, 1 << 63) for _ in range(guilds)] + [1, (1 << 63) - 1, 5 << 22]
    for guild_id in ids:
        game = rng.choice(GAMES)
        await store.set_schedule(game, guild_id, guild_id % 1000, NINE, "UTC", 1)
        if rng.random() < 0.2:
            await store.stop_schedule(game, guild_id, 1)
    return ids


def keys(schedules) -> list[tuple[str, int]]:
    return sorted((s.game, s.guild_id) for s in schedules)


async def test_the_query_picks_exactly_the_schedules_on_the_shards(store):
    rng = random.Random(21)
    await fill(store, rng, 120)
    every = await store.active_schedules()
    assert len(every) > 80
    for count in (1, 2, 3, 8, 16, 64):
        for _ in range(4):
            ids = tuple(sorted(rng.sample(range(count), rng.randint(1, count))))
            expected = [s for s in every if shard_of(s.guild_id, count) in ids]
            assert keys(await store.active_schedules(ids, count)) == keys(expected), (ids, count)
    assert await store.active_schedules((), 4) == []


async def test_clusters_over_all_shards_read_every_schedule_once(store):
    await fill(store, random.Random(7), 60)
    parts = [await store.active_schedules(ids, 8) for ids in ((0, 1, 2), (3,), (4, 5, 6, 7))]
    assert keys(s for part in parts for s in part) == keys(await store.active_schedules())


async def test_a_calendar_given_shards_makes_the_same_posts_as_the_python_filter(store):
    await fill(store, random.Random(3), 60)
    clock = lambda: dt.datetime(2026, 11, 21, 9, 30, tzinfo=dt.UTC)  # noqa: E731
    shards = Shards.of((1, 3), 4)
    by_query = DailyCalendar(store.db, clock, posts_for=shards)
    by_python = DailyCalendar(store.db, clock, posts_for=lambda guild_id: shard_of(guild_id, 4) in (1, 3))
    due = await due_posts(by_query)
    assert due and sorted((s.game, s.guild_id, d) for s, d in due) == sorted(
        (s.game, s.guild_id, d) for s, d in await due_posts(by_python))
    assert Shards.of(None, 4) is None and Shards.of((0,), None) is None
    assert shards(5 << 22) == (shard_of(5 << 22, 4) in (1, 3))
