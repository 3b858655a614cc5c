#!/usr/bin/env python3
"""Benchmark wordbot past one process (issue 21): SQLite against PostgreSQL, one process against two.

- guesses: N players guessing at once through ``BeeGame.guess`` and the real stores, in one
  guild (valid words, repeats and misses mixed): SQLite in one process; PostgreSQL (a real
  server, pgserver) in one process, and in two OS processes (each its own pool, half the
  players each, the same guild). Guesses per second, p50/p99 per guess, and the ratio of two
  processes to one on PostgreSQL (the baseline, measured in the same run).
- the 09:00 burst: every guild's post claimed and recorded (``DailyStore.claim_post`` then
  ``confirm``, the exactly-once protocol) around a simulated send, 50 at a time, per backend.
- memory: a process's resident size after one guess in each of G guilds, against the same
  process before them (lexicon loaded, database open).

    .venv/bin/python benchmarks/scale.py                  # 200 and 2,000 players, 10,000 guilds
    .venv/bin/python benchmarks/scale.py --guesses 25     # more guesses per player (default 5)
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import multiprocessing
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from bot.daily.calendar import DailyCalendar  # noqa: E402
from bot.daily.store import DailyStore  # noqa: E402
from bot.db import Database  # noqa: E402
from bot.games.bee.game import BeeGame  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402

DAY = dt.date(2026, 11, 21)
NINE = dt.datetime(2026, 11, 21, 9, tzinfo=dt.UTC)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


async def open_game(target: str) -> tuple[Database, BeeGame]:
    db = await Database.open(target)
    return db, BeeGame(db, Lexicon.load("common"), DailyCalendar(db))


async def crowd(target: str, guild: int, users: range, guesses: int, start_at: float) -> tuple[list[float], float, float]:
    """Each user guesses in turn, all users at once; (latencies, first start, last end) in wall time."""
    db, game = await open_game(target)
    puzzle = await game.puzzle(DAY)
    words = list(puzzle.answers) + ["zzzz", puzzle.letters[:3], puzzle.center * 4]
    rng = random.Random(guild * 7919 + users.start)
    plans = {user: [rng.choice(words) for _ in range(guesses)] for user in users}
    latencies: list[float] = []

    async def play(user: int) -> None:
        for word in plans[user]:
            began = time.perf_counter()
            await game.guess(guild, user, DAY, word)
            latencies.append(time.perf_counter() - began)

    await asyncio.sleep(max(0.0, start_at - time.time()))  # the processes start together
    began = time.time()
    await asyncio.gather(*(play(user) for user in users))
    ended = time.time()
    await db.close()
    return latencies, began, ended


def crowd_process(target: str, guild: int, users: range, guesses: int, start_at: float, results) -> None:
    results.put(asyncio.run(crowd(target, guild, users, guesses, start_at)))


def guesses_in(processes: int, target: str, guild: int, players: int, guesses: int) -> tuple[list[float], float]:
    """Players split over ``processes`` OS processes on one guild: (every latency, guesses per second)."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    start_at = time.time() + 4.0  # time for each process to import and load the lexicon
    share = players // processes
    workers = [context.Process(target=crowd_process, args=(target, guild, range(1 + k * share, 1 + (k + 1) * share),
                                                             guesses, start_at, results)) for k in range(processes)]
    for worker in workers:
        worker.start()
    runs = [results.get() for _ in workers]
    for worker in workers:
        worker.join()
    latencies = [x for run in runs for x in run[0]]
    return latencies, len(latencies) / (max(r[2] for r in runs) - min(r[1] for r in runs))


async def burst(target: str, guilds: int, send_ms: float) -> float:
    """Seconds to claim, send (simulated) and record every guild's 09:00 post, 50 at a time."""
    db = await Database.open(target)
    daily, gate = DailyStore(db), asyncio.Semaphore(50)

    async def post(guild: int) -> None:
        async with gate:
            claim = await daily.claim_post("bee", guild, DAY, 1000 + guild, NINE, NINE + dt.timedelta(minutes=5))
            await asyncio.sleep(send_ms / 1000)
            await daily.confirm(claim, 10**9 + guild)

    began = time.perf_counter()
    await asyncio.gather(*(post(guild) for guild in range(1, guilds + 1)))
    seconds = time.perf_counter() - began
    posted = (await db.fetch_one("SELECT COUNT(*) FROM daily_posts WHERE message_id IS NOT NULL"))[0]
    assert posted == guilds, (posted, guilds)
    await db.close()
    return seconds


async def memory(target: str, guilds: int) -> tuple[float, float]:
    """Resident MB before and after one named player's guess in each of ``guilds`` guilds."""
    db, game = await open_game(target)
    word = (await game.puzzle(DAY)).answers[0]
    before = rss_mb()
    for guild in range(1, guilds + 1):
        await game.guess(guild, 1, DAY, word, name=f"player of {guild}")
    after = rss_mb()
    await db.close()
    return before, after


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--players", type=int, nargs="+", default=[200, 2000])
    options.add_argument("--guesses", type=int, default=5, help="guesses per player (default 5)")
    options.add_argument("--guilds", type=int, default=10_000, help="guilds of the burst and of memory")
    options.add_argument("--send-ms", type=float, default=0.0, help="the simulated send's time (default 0)")
    args = options.parse_args()
    import pgserver

    with tempfile.TemporaryDirectory() as folder:
        Path(folder).chmod(0o755)  # run as root, pgserver's server runs as its own user
        server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")
        names = iter(range(100))

        def new(kind: str) -> str:
            if kind == "sqlite":
                return str(Path(folder) / f"w{next(names)}.sqlite3")
            name = f"scale_{next(names)}"
            server.psql(f"CREATE DATABASE {name};")
            return server.get_uri(name)

        print(f"guesses: {args.guesses} per player, all players at once in one guild")
        for players in args.players:
            rows = {}
            for label, kind, processes in (("SQLite, 1 process", "sqlite", 1), ("Postgres, 1 process", "postgres", 1),
                                           ("Postgres, 2 processes", "postgres", 2)):
                target = new(kind)
                asyncio.run(prepare(target))
                rows[label] = guesses_in(processes, target, 1, players, args.guesses)
                latencies, rate = rows[label]
                print(f"  {players:>5} players  {label:<22} {rate:>7,.0f} guesses/s  p50 {ms(np.percentile(latencies, 50)):>9}"
                      f"  p99 {ms(np.percentile(latencies, 99)):>9}")
            two, one = rows["Postgres, 2 processes"][1], rows["Postgres, 1 process"][1]
            print(f"  {players:>5} players  Postgres 2 processes / 1: {two / one:.2f}x the guesses per second (goal 1.5x)")
        print(f"09:00 burst: {args.guilds:,} guilds claimed, sent ({args.send_ms:g} ms simulated) and recorded")
        for kind in ("sqlite", "postgres"):
            seconds = asyncio.run(burst(new(kind), args.guilds, args.send_ms))
            print(f"  {kind:<9} {seconds:6.2f} s  ({args.guilds / seconds:,.0f} posts/s; goal under 10 s)")
        print(f"memory: one process, one named player's guess in each of {args.guilds:,} guilds")
        for kind in ("sqlite", "postgres"):
            before, after = asyncio.run(memory(new(kind), args.guilds))
            print(f"  {kind:<9} {before:6.0f} MB before, {after:6.0f} MB after: "
                  f"{(after - before) * 1024 / args.guilds:.2f} KB per guild")
        server.cleanup()
    return 0


async def prepare(target: str) -> None:
    """The day's puzzle stored once, before the processes race to read it."""
    db, game = await open_game(target)
    await game.puzzle(DAY)
    await db.close()


if __name__ == "__main__":
    sys.exit(main())
