"""Two clusters over one SQLite file: each posts the daily games of the guilds on its shards, every
guild gets exactly one post per game and day, and a cluster that dies mid-post leaves its guilds
waiting for it, never posted twice.

SimCord runs one bot per simulated Discord, so cluster A is the SimCord bot (shard 0 of 2) and
cluster B (shard 1 of 2) is a daily poster alone, started with A: its own database connection,
calendar and timer service (``bot.timers``) for its shard over the same file, sending through
Discord's HTTP API as a second process would (clusters post as the same bot user). Its messages are built by A's games
(read-only: the day's puzzle, yesterday's results); its claims and records go through its own
connection.
"""

import dataclasses
import datetime as dt
import sqlite3

import pytest

from bot.config import shard_of
from bot.daily.calendar import DailyCalendar, Shards
from bot.daily.posts import CLAIM_SECONDS, DailyPoster
from bot.daily.store import DailyStore
from bot.db import Database, open_database
from bot.plugins import DAILY_GAMES
from bot.timers.service import Timers
from tests.bot.daily.games import KEYS

HOUR = 3600
SHARDS = 2
FIRST_DAY = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC


class Clusters:
    def __init__(self, env, settings, new_bot) -> None:
        self.env, self.settings, self.new_bot = env, settings, new_bot
        self.made: dict[str, list[tuple[int, str, dt.date]]] = {"A": [], "B": []}  # (guild, game, day) each built
        self.second: list[tuple[Timers, Database]] = []
        self.channels: dict[tuple[int, str], object] = {}  # (guild id, game) -> its channel

    def guild(self, shard: int) -> int:
        """A guild on ``shard``, with a channel and a 09:00 UTC schedule for every daily game."""
        guild = self.env.create_guild(f"on shard {shard}", shard_id=shard)
        assert shard_of(guild.id, SHARDS) == shard
        for game in KEYS:
            self.channels[(guild.id, game)] = guild.create_text_channel(game)
        return guild.id

    async def schedule_all(self) -> None:
        store = self.env.bot.daily.calendar.store
        for (guild_id, game), channel in self.channels.items():
            await store.set_schedule(game, guild_id, channel.id, dt.time(9, 0), "UTC", 1)

    async def start(self, *, with_b: bool = True) -> None:
        """(Re)start cluster A, running shard 0; and cluster B, running shard 1, unless not ``with_b``."""
        a = self.new_bot(dataclasses.replace(self.settings, shard_count=SHARDS, shard_ids=(0,)))
        original_setup = a.setup_hook

        async def setup() -> None:  # B's task starts here, so that SimCord runs it as the bot's work
            await original_setup()
            makers = dict(a.daily.makers)
            for game, maker in makers.items():
                a.daily.register(game, self._recording(maker, game, "A"))
            if with_b:
                db = await open_database(self.settings.database)
                timers = Timers(db, a.timers.clock, shards=((1,), SHARDS))
                b = DailyPoster(a, DailyCalendar(db, clock=a.daily.calendar.clock, posts_for=Shards((1,), SHARDS)),
                                timers)
                for game, maker in makers.items():
                    b.register(game, self._recording(maker, game, "B"))
                self.second.append((timers, db))
                await b.start()
                timers.start()

        a.setup_hook = setup
        await self.env.restart_bot(a)

    def _recording(self, maker, game: str, cluster: str):
        async def make(guild_id: int, day: dt.date):
            self.made[cluster].append((guild_id, game, day))
            return await maker(guild_id, day)
        return make

    def posts(self, guild_id: int, game: str) -> list:
        title = f"{DAILY_GAMES[game].title} ·"
        return [m for m in self.channels[(guild_id, game)].history() if m.embeds
                and m.embeds[0].title.startswith(title)]

    def stored(self) -> list[tuple[int, str, str, int]]:
        with sqlite3.connect(self.settings.database) as raw:
            return raw.execute("SELECT guild_id, game, day, attempts FROM daily_posts "
                               "WHERE message_id IS NOT NULL ORDER BY guild_id, game, day").fetchall()

    async def close(self) -> None:
        for timers, db in self.second:
            await timers.stop()
            await db.close()


@pytest.fixture
async def clusters(simcord_env, settings, new_bot):
    made = Clusters(simcord_env, settings, new_bot)
    yield made
    await made.close()


async def test_each_cluster_posts_its_own_guilds_once_a_day(clusters, simcord_env):
    # Every daily game is posted, a language variant of each too: the first French box and ladder of
    # a process load their lists and build their generators' pools (seconds on a busy machine, off
    # the event loop), more than SimCord's default 5 seconds to settle (the time is not what is checked)
    simcord_env.settle_timeout = 30.0
    guilds = {shard: [clusters.guild(shard), clusters.guild(shard)] for shard in range(SHARDS)}
    await clusters.schedule_all()
    await clusters.start()
    await simcord_env.advance_time(9 * HOUR)  # day 1, 09:00
    await simcord_env.advance_time(24 * HOUR)  # day 2, 09:00
    await simcord_env.advance_time(HOUR)
    days = [FIRST_DAY, FIRST_DAY + dt.timedelta(days=1)]
    for cluster, shard in (("A", 0), ("B", 1)):
        expected = {(guild_id, game, day) for guild_id in guilds[shard] for game in KEYS for day in days}
        assert sorted(clusters.made[cluster]) == sorted(expected)  # each built once, by its shard's cluster
    for guild_id in guilds[0] + guilds[1]:
        for game in KEYS:
            assert len(clusters.posts(guild_id, game)) == 2
    assert len(clusters.stored()) == 2 * len(KEYS) * 4 and {row[3] for row in clusters.stored()} == {1}


async def test_a_cluster_killed_mid_post_leaves_its_guilds_waiting_then_posts_once(clusters, simcord_env):
    mine, theirs = clusters.guild(0), clusters.guild(1)
    await clusters.schedule_all()
    await clusters.start(with_b=False)  # B died at 09:00 right after claiming its guild's posts:
    await simcord_env.advance_time(9 * HOUR)
    now = simcord_env.now()
    for game in KEYS:
        channel = clusters.channels[(theirs, game)]
        assert await DailyStore(simcord_env.bot.db).claim_post(game, theirs, FIRST_DAY, channel.id, now,
                                                               now + dt.timedelta(seconds=CLAIM_SECONDS))
    await simcord_env.advance_time(2 * HOUR)  # long past the claims' retry time: A never takes B's guilds
    assert all(len(clusters.posts(mine, game)) == 1 and clusters.posts(theirs, game) == [] for game in KEYS)
    assert {guild for guild, _, _ in clusters.made["A"]} == {mine}
    await clusters.start()  # B is back (SimCord restarts A with it)
    await simcord_env.advance_time(1)
    for game in KEYS:
        assert len(clusters.posts(mine, game)) == 1 and len(clusters.posts(theirs, game)) == 1
    assert sorted(clusters.made["B"]) == sorted((theirs, game, FIRST_DAY) for game in KEYS)
    assert {(guild, attempts) for guild, _, _, attempts in clusters.stored()} == {(mine, 1), (theirs, 2)}
