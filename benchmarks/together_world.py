"""The simulated server of ``benchmarks/together.py``: the real bot against SimCord, a server
playing the bee together, 200 members typing in the day's thread, the bot's requests logged and
each guess timed from reaching the bot to its result stored. A run's record (``Run``) too."""

from __future__ import annotations

import collections
import dataclasses
import datetime as dt
import heapq
import time

from bot.chat.pacing import MAX_WAITING, REACTION_INTERVAL
from bot.days.team_store import BEE_TEAM, TeamStore
from solvers import bee

PLAYERS = 200
DAY = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC; the post is at 09:00
ROUND = 3.5  # simulated seconds between a player's messages flat out: inside 20 guess messages a minute
STEP = 0.05  # wall seconds per step of the paced run


@dataclasses.dataclass
class Run:
    """One load's outcome: each guess's latency (seconds), what was typed and taken (counts of
    (player, text)), and the rest as noted."""

    latencies: list[float] = dataclasses.field(default_factory=list)
    typed: collections.Counter = dataclasses.field(default_factory=collections.Counter)  # (player, text)
    taken: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    wall: float = 0.0
    requests: list[tuple[float, str, str]] = dataclasses.field(default_factory=list)  # (bot's second, method, path)
    progress: str = ""  # the progress message's path
    stored: tuple[int, int, int] = (0, 0, 0)  # bee_team_words rows, their distinct words, player_days words
    lag: float = 0.0  # paced: how far the simulated clock fell behind the wall clock at worst

    def lost(self, puzzle: bee.Puzzle) -> str:
        """What went missing ('' when nothing did)."""
        answers = {w for _, text in self.typed for w in text.split() if w in puzzle.answers}
        problems = []
        if self.taken != self.typed:
            problems.append(f"{(self.typed - self.taken).total()} messages not taken, "
                            f"{(self.taken - self.typed).total()} too many")
        if set(self.stored) != {len(answers)}:
            problems.append(f"{len(answers)} answers typed; stored {self.stored[0]} rows of {self.stored[1]} "
                            f"words, {self.stored[2]} in player_days")
        return "; ".join(problems)


async def totals(store: TeamStore, guild_id: int) -> tuple[int, int, int]:
    credits = await store.bee_credits(guild_id, DAY)
    days = await store.team_totals(BEE_TEAM, guild_id, DAY, DAY)
    return len(credits), len({c.word for c in credits}), sum(day.words for day in days)


# ---------------------------------------------------------------------------------- through Discord

async def through_discord(target: str, said: list[list[str]], times: list[list[float]] | None) -> Run:
    """The same messages typed in the day's thread of a server playing together, in SimCord."""
    import discord
    from simcord import Env  # the simulated Discord: what `wordbot run` does not import

    from bot.app import create_bot
    from bot.config import Settings

    bot = create_bot(Settings(token=None, database=target, shard_count=1, message_content=True))
    env = Env(bot)
    await env.start()
    try:
        with env.time_context():
            guild = env.create_guild("Bee Club")
            channel = guild.create_text_channel("bee")
            admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
            admin = guild.add_member(env.create_user("admin"), roles=[admins])
            await admin.slash(channel, "bee setup", channel=channel, time="09:00", timezone="UTC", play="together")
            await env.advance_time(9 * 3600)  # the day's post, its thread and progress message
            (thread,) = [t for t in channel.threads if t.name.startswith("Spelling Bee ·")]
            (progress,) = [m for m in thread.history() if m.embeds
                           and m.embeds[0].title.startswith("Team Spelling Bee")]
            members = [guild.add_member(env.create_user(f"player{n}")) for n in range(PLAYERS)]
            run = Run(progress=f"/channels/{thread.id}/messages/{progress.id}")
            type_in = typist(env, bot, thread, members, run)
            await (flat_out(env, said, type_in, run) if times is None else paced(env, said, times, type_in, run))
            await env.advance_time(MAX_WAITING * REACTION_INTERVAL + 6)  # the last reactions, the last edit
            run.stored = await totals(TeamStore(bot.db), guild.id)
            return run
    finally:
        await env.shutdown()
        await bot.db.close()


def typist(env, bot, thread, members, run: Run):
    """``type_in(player, text)``: the member's message, in the simulated Discord as ``member.send``
    puts it there, without waiting for the bot (which reads it at the next step of the clock).
    The thread's game is timed from then to its take's return; the bot's requests are logged."""
    index = {member.id: n for n, member in enumerate(members)}
    arrived = collections.defaultdict(collections.deque)  # player -> when their messages on the way came
    place = bot.chat.place(thread.id)

    async def take(player, words):
        outcome = await place.take(player, words)
        run.latencies.append(time.perf_counter() - arrived[player.id].popleft())
        run.taken[index[player.id], " ".join(words)] += 1
        return outcome

    bot.chat.register(thread.id, dataclasses.replace(place, take=take))
    start, request = env.now(), bot.http.request

    async def logged(route, **kwargs):
        run.requests.append(((env.now() - start).total_seconds(), route.method, route.url.removeprefix(route.BASE)))
        return await request(route, **kwargs)

    bot.http.request = logged

    def type_in(player: int, text: str) -> None:
        run.typed[player, text] += 1
        arrived[members[player].id].append(time.perf_counter())
        env.backend.create_message(thread.id, members[player].id, text)

    return type_in


async def flat_out(env, said: list[list[str]], type_in, run: Run) -> None:
    for n in range(len(said[0])):
        began = time.perf_counter()
        for player, mine in enumerate(said):
            type_in(player, mine[n])
        await env.advance_time(ROUND)  # the bot reads and answers them all, then its clock moves on
        run.wall += time.perf_counter() - began


async def paced(env, said: list[list[str]], times: list[list[float]], type_in, run: Run) -> None:
    due = [(at, player, n) for player, mine in enumerate(times) for n, at in enumerate(mine)]
    heapq.heapify(due)
    began, clock = time.perf_counter(), 0.0
    while due:
        while due and due[0][0] <= clock:
            _, player, n = heapq.heappop(due)
            type_in(player, said[player][n])
        await env.advance_time(STEP)
        clock += STEP
        ahead = began + clock - time.perf_counter()
        if ahead > 0:
            time.sleep(ahead)  # the bot has settled: nothing of it waits on the loop meanwhile
        run.lag = max(run.lag, -ahead)
    run.wall = time.perf_counter() - began
