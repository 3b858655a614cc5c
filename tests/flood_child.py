"""The real bot under a typed flood, in a process of its own, for the crash tests
(tests/bot/test_crash_safety.py) and ``benchmarks/faults.py``, which kill it at random moments.

    python -m tests.flood_child DATABASE --first-guild 4 --guilds 2 --seed 7

The bot is built as ``wordbot run`` builds it (``create_bot``, the Message Content intent on),
against SimCord's simulated Discord, which lives in this process and dies with it. It opens the
bee played together in ``--guilds`` new servers (guild ids from ``--first-guild`` on: each run on
one database plays in servers of its own, as the servers of a killed run are gone with its
Discord), then players type one word a message in each day's thread: answers (a few more known
as time goes on), answers found already, and words of the hive's letters that are not answers.
The simulated clock runs at most ``--speed`` times as fast as the wall clock.

One JSON line on stdout per event, flushed at once, each timed on CLOCK_MONOTONIC (the parent's
clock too):

- ``{"ready": T}``: the days are open; the flood begins.
- ``{"ack": [GUILD, USER, WORD, EMOJI], "typed": T, "at": T}``: the bot's reaction to a message
  is in Discord, where the player sees it (``typed``: when the message was typed).
- ``{"done": T}``: ``--seconds`` of flood have passed without a kill; the bot closed cleanly.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import heapq
import json
import random
import sys
import time

import discord

from bot.app import create_bot
from bot.config import Settings
from bot.daily.calendar import DailyCalendar
from bot.db import open_database
from bot.games.bee.cog import Bee
from bot.games.letterbox.game import LetterBoxedGame
from solvers import bee
from solvers.lexicon import Lexicon
from solvers.screen import is_slur

DAY = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC; the post is at 09:00
GUILD_BASE = 1_000_000_000_000 << 22  # a snowflake of about 2023, as a real guild's id
PLAYERS = 12  # a guild's players: each types every 3 to 6 simulated seconds (20 messages a minute is the limit)
GAP = (3.0, 6.0)
REVEAL = 3.0  # simulated seconds after which the crowd knows one more answer
STEP = 0.25  # simulated seconds per step of the clock: a reaction's turn in a thread


def guild_id(number: int) -> int:
    return GUILD_BASE + (number << 22)


def now() -> float:
    """The wall clock both processes read (SimCord's virtual clock stands in for the bot's own)."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


def emit(**event: object) -> None:
    print(json.dumps(event), flush=True)


def wrong_words(puzzle: bee.Puzzle, rng: random.Random, count: int = 12) -> list[str]:
    """Words of the hive's letters that are not answers (nor slurs, which the bot never counts)."""
    wrong: list[str] = []
    while len(wrong) < count:
        word = "".join(rng.choice(puzzle.letters) for _ in range(rng.randint(4, 7)))
        if word not in puzzle.answers and word not in wrong and not is_slur(word):
            wrong.append(word)
    return wrong


class Words:
    """A guild's next word, from a seed of its own: mostly an answer the crowd knows (it knows
    more as the simulated clock goes on), else one of ``wrong``."""

    def __init__(self, puzzle: bee.Puzzle, wrong: list[str], seed: int) -> None:
        self.rng = random.Random(seed)
        self.answers = self.rng.sample(sorted(puzzle.answers), len(puzzle.answers))
        self.wrong = wrong

    def next(self, clock: float) -> str:
        if self.rng.random() < 0.25:
            return self.rng.choice(self.wrong)
        return self.rng.choice(self.answers[:4 + int(clock / REVEAL)])


async def open_days(env, first: int, guilds: int) -> list:
    """Each new server set up to play the bee together, its day posted: its thread, with members."""
    servers = []
    for number in range(first, first + guilds):
        guild = env.create_guild(f"Bee Club {number}", id=guild_id(number))
        channel = guild.create_text_channel("bee")
        admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        admin = guild.add_member(env.create_user(f"admin{number}"), roles=[admins])
        setup = await admin.slash(channel, "bee setup", channel=channel, time="09:00", timezone="UTC", play="together")
        assert setup.response.content.startswith("🐝"), setup.response.content
        players = [guild.add_member(env.create_user(f"player{number}.{n}")) for n in range(PLAYERS)]
        servers.append((guild, channel, players))
    posted = dt.datetime.combine(DAY, dt.time(9, 0, 1), dt.UTC)
    await env.advance_time((posted - env.now()).total_seconds())
    days = []
    for guild, channel, players in servers:
        (thread,) = [t for t in channel.threads if t.name.startswith("Spelling Bee ·")]
        days.append((guild.id, thread, players))
    return days


def acknowledgements(env, typed: dict[int, tuple[int, int, str, float]]) -> None:
    """Print each reaction of the bot to a typed message once Discord holds it."""
    backend, me = env.backend, env.bot.user.id
    real = backend.set_reaction

    def set_reaction(channel_id: int, message_id: int, emoji: str, user_id: int, reacted: bool) -> None:
        real(channel_id, message_id, emoji, user_id, reacted)
        if reacted and user_id == me and message_id in typed:
            guild, user, word, at = typed[message_id]
            emit(ack=[guild, user, word, emoji], typed=at, at=now())

    backend.set_reaction = set_reaction


async def make_boxes(database: str) -> None:
    """The Letter Boxed boxes a starting bot makes (yesterday's, today's, tomorrow's), made first
    as ``wordbot box play`` makes one: SimCord gives a starting bot 5 s to settle, and the first box
    a process makes takes seconds (on a busy machine, more than 5). Stored boxes are only read."""
    db = await open_database(database)
    try:
        game = LetterBoxedGame(db, Lexicon.load("common"), Lexicon.load("full"), DailyCalendar(db))
        for days in (-1, 0, 1):
            await game.puzzle(DAY + dt.timedelta(days=days))
    finally:
        await db.close()


async def flood(database: str, first: int, guilds: int, seed: int, speed: float, seconds: float) -> None:
    from simcord import Env  # the simulated Discord: imported here, as the parent process needs none of it

    await make_boxes(database)
    bot = create_bot(Settings(token=None, database=database, shard_count=1, message_content=True))
    # strict_sync off: a restarted bot finds its commands' hash in the database and does not sync
    # them again (Discord still has them; this Discord is new). A database outage
    # (benchmarks/faults.py restarts PostgreSQL) may hold the bot up for seconds.
    env = Env(bot, strict_sync=False, check_errors=False, settle_timeout=120)
    await env.start()
    try:
        with env.time_context():
            await play(env, first, guilds, seed, speed, seconds)
    finally:
        await env.shutdown()
        await bot.db.close()
    emit(done=now())


async def play(env, first: int, guilds: int, seed: int, speed: float, seconds: float) -> None:
    """The days opened, then the flood: each player's next message at its simulated moment."""
    days = await open_days(env, first, guilds)
    puzzle = await env.bot.cog(Bee).game.puzzle(DAY)  # the bot's own, made for the day's posts
    wrong = wrong_words(puzzle, random.Random(seed))
    words = [Words(puzzle, wrong, seed * 1000 + n) for n in range(guilds)]
    typed: dict[int, tuple[int, int, str, float]] = {}
    acknowledgements(env, typed)
    pauses = random.Random(seed)
    due = [(pauses.uniform(0, GAP[1]), g, p) for g in range(guilds) for p in range(PLAYERS)]
    heapq.heapify(due)
    emit(ready=now())
    began, clock = now(), 0.0
    while now() - began < seconds:
        while due[0][0] <= clock:
            _, g, p = heapq.heappop(due)
            guild, thread, players = days[g]
            word = words[g].next(clock)
            message = env.backend.create_message(thread.id, players[p].id, word)
            typed[message.id] = (guild, players[p].id, word, now())
            heapq.heappush(due, (clock + pauses.uniform(*GAP), g, p))
        await env.advance_time(STEP)
        clock += STEP
        ahead = began + clock / speed - now()
        if ahead > 0:
            time.sleep(ahead)  # the bot has settled: nothing of it waits on the loop meanwhile


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", help="a SQLite file or a PostgreSQL URL")
    parser.add_argument("--first-guild", type=int, default=0, help="the number of this run's first server")
    parser.add_argument("--guilds", type=int, default=2, help="servers playing at once (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="what the players type and when")
    parser.add_argument("--speed", type=float, default=8.0, help="simulated seconds per wall second, at most")
    parser.add_argument("--seconds", type=float, default=120.0, help="wall seconds of flood before a clean stop")
    args = parser.parse_args(argv)
    asyncio.run(flood(args.database, args.first_guild, args.guilds, args.seed, args.speed, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
