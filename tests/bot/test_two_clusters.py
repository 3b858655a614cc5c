"""Two real bots, each a cluster running some shards of one count, over one database: two
SimCord Discords, each driven on its own thread and event loop as two processes would be.

SimCord runs one bot per simulated Discord, so each cluster has its own; both are built alike
(the same guilds, channels and members, with the same ids), so they are two views of one
Discord: a guild's interactions reach only the cluster that runs its shard, as on Discord.
Each cluster posts the daily games of its own guilds once a day, across a restart; in a
rolling re-shard (cluster B restarted as the only shard of a new count while A still runs its
old shard) both take guesses for the same guild and player, and nothing is counted twice.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest
from simcord.env import Env

from bot.app import create_bot
from bot.config import Settings, shard_of
from bot.plugins import DAILY_GAMES
from solvers import bee
from tests.bot.games.bee.test_bee_discord import puzzle_of

pytestmark = pytest.mark.both_backends

SHARDS = 2
FIRST_DAY = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC
GUILD_IDS = {shard: (1000 * SHARDS + shard) << 22 for shard in range(SHARDS)}  # one guild on each shard


class Cluster:
    """One process of the bot: a SimCord Discord and its bot, on a thread of its own."""

    def __init__(self, name: str, settings: Settings) -> None:
        self.name, self.settings = name, settings
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=f"cluster {name}", daemon=True)
        self.thread.start()
        self.bots: list[discord.Client] = []
        self.env: Env = None  # type: ignore[assignment]
        self.guilds: dict[int, Any] = {}  # shard -> its guild's handle, with .bee and .box channels and members

    async def run(self, work: Callable[[], Awaitable[Any]]) -> Any:
        """Run ``work()`` on this cluster's loop, as this cluster's own process would."""
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work(), self.loop))

    def new_bot(self, **shards: Any) -> discord.Client:
        self.bots.append(create_bot(dataclasses.replace(self.settings, **shards)))
        return self.bots[-1]

    async def start(self, **shards: Any) -> None:
        async def start() -> None:
            # strict_sync off: the clusters are one application, whose commands the first one synced
            # (the command hash in the database tells the others), so this Discord knows them too
            self.env = Env(self.new_bot(**shards), strict_sync=False)
            await self.env.start()
            await self.env.advance_time(1)  # both Discords then give the same ids to what is made next
            for shard, guild_id in GUILD_IDS.items():
                guild = self.env.create_guild(f"on shard {shard}", id=guild_id, shard_id=shard)
                guild.bee, guild.box = guild.create_text_channel("bee"), guild.create_text_channel("box")
                admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
                guild.admin = guild.add_member(self.env.create_user("admin"), roles=[admins])
                guild.alice = guild.add_member(self.env.create_user("alice"))
                self.guilds[shard] = guild
        await self.run(start)

    async def restart(self, **shards: Any) -> None:
        await self.run(lambda: self.env.restart_bot(self.new_bot(**shards)))

    async def advance(self, seconds: float) -> None:
        await self.run(lambda: self.env.advance_time(seconds))

    async def slash(self, shard: int, who: str, where: str, command: str, **options: Any) -> Any:
        """``who`` (admin or alice) runs ``command`` in the ``where`` channel (bee or box) of ``shard``'s guild."""
        guild = self.guilds[shard]
        return await self.run(lambda: getattr(guild, who).slash(getattr(guild, where), command, **options))

    def posts(self, shard: int, game: str) -> list[dt.date]:
        """The days of ``game``'s posts in ``shard``'s guild, as this cluster's Discord shows them."""
        channel = getattr(self.guilds[shard], game)
        title = f"{DAILY_GAMES['letterbox' if game == 'box' else game].title} ·"
        return [m.created_at.date() for m in channel.history() if m.embeds
                and (m.embeds[0].title or "").startswith(title)]

    async def stop(self) -> None:
        async def stop() -> None:
            if self.env is not None:
                await self.env.shutdown()
            for bot in self.bots:
                if bot.services.db is not None:
                    await bot.services.db.close()
        try:
            await self.run(stop)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            await asyncio.to_thread(self.thread.join)
            self.loop.close()


@pytest.fixture
async def clusters(settings):
    made = [Cluster("A", settings), Cluster("B", settings)]
    try:
        yield made
    finally:
        for cluster in made:
            await cluster.stop()


async def both(*work: Awaitable[Any]) -> list[Any]:
    return list(await asyncio.gather(*work))


def test_the_guilds_lie_on_different_shards():
    assert [shard_of(GUILD_IDS[shard], SHARDS) for shard in range(SHARDS)] == list(range(SHARDS))


async def test_each_guild_gets_one_post_a_day_from_the_cluster_of_its_shard_across_a_restart(clusters):
    a, b = clusters
    await a.start(shard_count=SHARDS, shard_ids=(0,))  # one after the other: the first migrates the database
    await b.start(shard_count=SHARDS, shard_ids=(1,))
    for cluster, shard in ((a, 0), (b, 1)):
        for game in ("bee", "box"):
            setup = await cluster.slash(shard, "admin", game, f"{game} setup",
                                        channel=getattr(cluster.guilds[shard], game), time="09:00", timezone="UTC")
            assert setup.ephemeral and "will be posted in" in setup.response.content, setup.response.content
        other = a if cluster is b else b  # the other cluster does not run that shard: nobody answers there
        refused = await other.slash(shard, "admin", "bee", "bee setup", channel=other.guilds[shard].bee, time="09:00",
                                    timezone="UTC")
        assert refused.response is None

    await both(a.advance(9.5 * 3600), b.advance(9.5 * 3600))  # day 1, 09:30: both clusters' posting tasks run
    await b.restart(shard_count=SHARDS, shard_ids=(1,))  # cluster B restarts between the days
    await both(a.advance(24 * 3600), b.advance(24 * 3600))  # day 2, 09:30

    days = [FIRST_DAY, FIRST_DAY + dt.timedelta(days=1)]
    for game in ("bee", "box"):
        assert a.posts(0, game) == days and b.posts(1, game) == days  # each guild, once a day
        assert a.posts(1, game) == [] and b.posts(0, game) == []  # and only by its own cluster


async def test_in_a_rolling_reshard_both_clusters_take_guesses_for_one_guild_and_count_each_once(clusters):
    a, b = clusters
    await a.start(shard_count=SHARDS, shard_ids=(0,))
    await b.start(shard_count=SHARDS, shard_ids=(1,))
    setup = await a.slash(0, "admin", "bee", "bee setup", channel=a.guilds[0].bee, time="09:00", timezone="UTC")
    assert setup.response.content.startswith("🐝")
    await both(a.advance(9.5 * 3600), b.advance(9.5 * 3600))
    await b.restart(shard_count=1)  # the new deployment runs every guild; A still runs shard 0 of the old count

    puzzle = puzzle_of(FIRST_DAY)
    words = sorted(w for w in puzzle.answers if w not in puzzle.pangrams)[:6]
    on_a, on_b = words[:4], words[2:]  # two words guessed on both clusters at once

    async def guesses(cluster: Cluster, mine: list[str]) -> list[str]:
        replies = []
        for word in mine:
            result = await cluster.slash(0, "alice", "bee", "bee guess", word=word)
            replies.append(result.response.content)
        return replies

    replies_a, replies_b = await both(guesses(a, on_a), guesses(b, on_b))
    counted = [r for r in replies_a + replies_b if r.startswith("✅")]
    assert len(counted) == len(words), replies_a + replies_b  # each word counted by exactly one cluster
    assert all(r.startswith("✅") or "already" in r for r in replies_a + replies_b), replies_a + replies_b

    score = sum(bee.score(w, puzzle) for w in words)
    for cluster in (a, b):  # the board reads the same, whichever cluster is asked
        board = await cluster.slash(0, "alice", "bee", "leaderboard", period="today")
        first = board.response.embeds[0].description.splitlines()[0]
        assert first.startswith(f"**1.** <@{a.guilds[0].alice.id}> · {score} points"), first
