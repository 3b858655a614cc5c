#!/usr/bin/env python3
"""Benchmark wordbot past one process (issue 21): SQLite against PostgreSQL, one process against two.

- guesses: N players guessing through ``BeeGame.guess`` and the real stores, in one guild (valid
  words, repeats and misses mixed): SQLite in one process; PostgreSQL (a real server, pgserver)
  in one process, and in two OS processes (each its own pool, half the players each, the same
  guild). Two ways:
  - flat out: each player guesses again the moment the answer comes. That measures the most
    guesses per second; its latency is only the queue (N players / guesses per second).
  - paced: each player thinks ``--think`` seconds on average (random) before the next guess, as
    a person does: the latency a player sees at that load.
  Per run: guesses per second, p50/p99 per guess, the CPU the bot processes used per guess, and
  how busy the whole machine was (the PostgreSQL server and anything else running included);
  the ratio of two processes to one on PostgreSQL (the baseline, measured in the same run); and
  the CPU the load generator alone costs per guess (players whose guess does nothing), which is
  included in the bot processes' CPU.
- the 09:00 burst: every guild's post claimed and recorded (``DailyStore.claim_post`` then
  ``confirm``, the exactly-once protocol) around a simulated send, 50 at a time, per backend.
- memory: a process's resident size after one guess in each of G guilds, against the same
  process before them (lexicon loaded, database open).

    .venv/bin/python benchmarks/scale.py                  # 200 and 2,000 players, 10,000 guilds
    .venv/bin/python benchmarks/scale.py --guesses 25     # more guesses per player (default 10)
    .venv/bin/python benchmarks/scale.py --think 2        # slower players in the paced runs (default 1 s)
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import multiprocessing
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from bot.daily.calendar import DailyCalendar  # noqa: E402
from bot.daily.store import DailyStore  # noqa: E402
from bot.db import Database, open_database  # noqa: E402
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
    db = await open_database(target)
    return db, BeeGame(db, Lexicon.load("common"), DailyCalendar(db))


@dataclass(frozen=True, slots=True)
class Run:
    """One crowd's outcome: every latency, guesses per second, the CPU seconds per guess of the
    bot processes and of the PostgreSQL server, and the share of the machine's CPU time that was
    busy meanwhile (0 to 1; other programs on the machine included)."""

    latencies: list[float]
    rate: float
    cpu_per_guess: float
    server_per_guess: float
    machine_busy: float


SERVER_PID = 0
"""The PostgreSQL server's postmaster, whose CPU time (and its finished backends') is measured."""


def server_cpu() -> float:
    """CPU seconds the server used so far: the postmaster, its finished backends (reaped into its
    children's time) and its live ones."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        pid, parent = int(stat.parent.name), int(fields[1])
        if pid == SERVER_PID:
            ticks += sum(int(f) for f in fields[11:15])
        elif parent == SERVER_PID:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


async def crowd(target: str | None, guild: int, users: range, guesses: int, think: float,
                start_at: float) -> tuple[list[float], float, float, float]:
    """Each user guesses in turn (thinking ``think`` s on average between guesses), all users at
    once; (latencies, first start, last end, CPU seconds). ``target`` None: a guess does nothing."""
    if target is None:
        db, guess, words = None, _no_guess, ["word"]
    else:
        db, game = await open_game(target)
        guess, puzzle = game.guess, await game.puzzle(DAY)
        words = list(puzzle.answers) + ["zzzz", puzzle.letters[:3], puzzle.center * 4]
    rng = random.Random(guild * 7919 + users.start)
    plans = {user: [rng.choice(words) for _ in range(guesses)] for user in users}
    latencies: list[float] = []

    async def play(user: int) -> None:
        pauses = random.Random(user)
        for word in plans[user]:
            if think:
                await asyncio.sleep(pauses.expovariate(1 / think))
            began = time.perf_counter()
            await guess(guild, user, DAY, word)
            latencies.append(time.perf_counter() - began)

    await asyncio.sleep(max(0.0, start_at - time.time()))  # the processes start together
    began, cpu = time.time(), time.process_time()
    await asyncio.gather(*(play(user) for user in users))
    ended, cpu = time.time(), time.process_time() - cpu
    if db is not None:
        await db.close()
    return latencies, began, ended, cpu


async def _no_guess(guild: int, user: int, day: dt.date, word: str) -> None:
    await asyncio.sleep(0)  # one suspension, as a guess's database await has


def crowd_process(target: str, guild: int, users: range, guesses: int, think: float, start_at: float, results) -> None:
    results.put(asyncio.run(crowd(target, guild, users, guesses, think, start_at)))


def guesses_in(processes: int, target: str, guild: int, players: int, guesses: int, think: float) -> Run:
    """Players split over ``processes`` OS processes on one guild."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    start_at = time.time() + 5.0  # time for each process to import and load the lexicon
    share = players // processes
    workers = [context.Process(target=crowd_process, args=(target, guild, range(1 + k * share, 1 + (k + 1) * share),
                                                             guesses, think, start_at, results)) for k in range(processes)]
    for worker in workers:
        worker.start()
    busy = BusyMeter(start_at)
    server = server_cpu()
    runs = [results.get() for _ in workers]
    for worker in workers:
        worker.join()
    time.sleep(0.2)  # the server reaps the backends of the closed pools
    server = server_cpu() - server
    began, ended = min(r[1] for r in runs), max(r[2] for r in runs)
    latencies = [x for run in runs for x in run[0]]
    return Run(latencies, len(latencies) / (ended - began), sum(r[3] for r in runs) / len(latencies),
               server / len(latencies), busy.share())


class BusyMeter:
    """The share of every core's time spent busy (not idle, not waiting for I/O) from ``start``
    (a wall time a little ahead) until ``share`` is asked, from /proc/stat."""

    def __init__(self, start: float) -> None:
        time.sleep(max(0.0, start - time.time()))
        self.ticks = _busy_ticks()

    def share(self) -> float:
        busy = _busy_ticks()
        return (busy[0] - self.ticks[0]) / max(1, busy[1] - self.ticks[1])


def _busy_ticks() -> tuple[int, int]:
    with open("/proc/stat") as stat:
        ticks = [int(field) for field in stat.readline().split()[1:]]
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)


async def burst(target: str, guilds: int, send_ms: float) -> float:
    """Seconds to claim, send (simulated) and record every guild's 09:00 post, 50 at a time."""
    db = await open_database(target)
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


BACKENDS = (("SQLite, 1 process", "sqlite", 1), ("Postgres, 1 process", "postgres", 1),
            ("Postgres, 2 processes", "postgres", 2))


def show(players: int, label: str, run: Run, think: float) -> None:
    """One line; a paced run shows the rate its players offer (players / think), not the measured
    one, whose wall time includes the slowest player's long pauses."""
    p50, p99 = (ms(np.percentile(run.latencies, q)) for q in (50, 99))
    rate = f"{run.rate:>7,.0f} guesses/s" if not think else f"~{players / think:>6,.0f} offered/s"
    print(f"  {players:>5} players  {label:<22} {rate}  p50 {p50:>9}  p99 {p99:>9}"
          f"  CPU/guess: bot {run.cpu_per_guess * 1e6:3.0f} µs, server {run.server_per_guess * 1e6:3.0f} µs"
          f"  machine {run.machine_busy:4.0%} busy")


def crowds(new, players_counts: list[int], guesses: int, think: float) -> None:
    for players in players_counts:
        rates = {}
        for label, kind, processes in BACKENDS:
            target = new(kind)
            asyncio.run(prepare(target))
            run = guesses_in(processes, target, 1, players, guesses, think)
            show(players, label, run, think)
            rates[label] = run.rate
        if not think:
            ratio = rates["Postgres, 2 processes"] / rates["Postgres, 1 process"]
            print(f"  {players:>5} players  Postgres 2 processes / 1: {ratio:.2f}x the guesses per second (goal 1.5x)")


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--players", type=int, nargs="+", default=[200, 2000])
    options.add_argument("--guesses", type=int, default=10, help="guesses per player (default 10)")
    options.add_argument("--think", type=float, default=1.0, help="a paced player's mean pause between guesses, s")
    options.add_argument("--guilds", type=int, default=10_000, help="guilds of the burst and of memory")
    options.add_argument("--send-ms", type=float, default=0.0, help="the simulated send's time (default 0)")
    args = options.parse_args()
    import pgserver

    print(f"{os.cpu_count()} cores; load average before the run {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        Path(folder).chmod(0o755)  # run as root, pgserver's server runs as its own user
        server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")
        global SERVER_PID
        SERVER_PID = server.get_pid()
        names = iter(range(100))

        def new(kind: str) -> str:
            if kind == "sqlite":
                return str(Path(folder) / f"w{next(names)}.sqlite3")
            name = f"scale_{next(names)}"
            server.psql(f"CREATE DATABASE {name};")
            return server.get_uri(name)

        alone = asyncio.run(crowd(None, 1, range(1, max(args.players) + 1), args.guesses, 0.0, 0.0))
        print(f"load generator alone (guesses that do nothing): {alone[3] / len(alone[0]) * 1e6:.0f} µs CPU per guess")
        print(f"guesses flat out: {args.guesses} per player, all players at once in one guild, "
              "each guessing again as soon as answered")
        crowds(new, args.players, args.guesses, 0.0)
        print(f"guesses paced: {args.guesses} per player, each thinking {args.think:g} s on average "
              "(random) before each guess (goal: p99 under 20 ms at 200 players)")
        crowds(new, args.players, args.guesses, args.think)
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
