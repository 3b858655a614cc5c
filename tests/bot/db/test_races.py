"""Two processes on one PostgreSQL (two Database objects, two pools): a daily post is claimed
once, a guess counts once, and a worse tileset is still refused."""

import asyncio
import datetime as dt

import pytest

from bot.daily.store import DailyStore
from bot.db import open_database
from bot.games.bee.store import BeeStore, StoredPuzzle
from bot.lab.tileset.store import Question, TilesetStore

NOW = dt.datetime(2026, 11, 21, 9, tzinfo=dt.UTC)
DAY = dt.date(2026, 11, 21)


@pytest.fixture
async def two(postgres_url):
    first = await open_database(postgres_url)
    second = await open_database(postgres_url)
    yield first, second
    await first.close()
    await second.close()


async def test_two_processes_claiming_one_post_give_exactly_one_claim(two):
    stores = [DailyStore(db) for db in two]
    later = NOW + dt.timedelta(minutes=5)
    for guild in range(40):  # new claims raced
        claims = await asyncio.gather(*(s.claim_post("bee", guild, DAY, 7, NOW, later) for s in stores
                                        for _ in range(3)))
        assert sum(c is not None for c in claims) == 1
    for guild in range(40):  # take-overs of the same unconfirmed claims raced, once their retry time came
        claims = await asyncio.gather(*(s.claim_post("bee", guild, DAY, 7, later, later + dt.timedelta(minutes=5))
                                        for s in stores for _ in range(3)))
        assert [c.attempts for c in claims if c is not None] == [2]


async def test_two_processes_taking_one_players_guesses_count_each_word_once(two):
    stores = [BeeStore(db) for db in two]
    await stores[0].save_puzzle(StoredPuzzle(DAY, "abcdefg", "a", ("abcd",), 100))
    words = [f"w{n:02d}" for n in range(30)]
    records = await asyncio.gather(*(s.add_guess(1, DAY, 10, word, 2, False, NOW) for word in words for s in stores))
    assert sum(r.inserted for r in records) == len(words)
    totals = sorted(r.points_after for r in records if r.inserted)
    assert totals == list(range(2, 2 * len(words) + 1, 2))  # each new word saw an exact total before it
    row = await two[1].fetch_one("SELECT points, words FROM player_days WHERE guild_id = 1 AND user_id = 10")
    assert tuple(row) == (2 * len(words), len(words))


async def test_the_best_tileset_only_improves_across_processes(two):
    stores = [TilesetStore(db) for db in two]
    question = Question("common", 10, 2, "skip")
    outcomes = await asyncio.gather(*(s.record(question, ("ab", "cd"), words, 0, None, 1.0, 0)
                                      for words in (5, 9, 7, 3) for s in stores))
    best = await stores[0].best(question)
    assert best.words == 9 and best.seconds == 8.0
    assert sum(o.improved and o.best.words == 9 for o in outcomes) == 1
    with pytest.raises(Exception, match="only ever gets better"):
        await two[0].write("UPDATE tileset_best SET words = 1")
