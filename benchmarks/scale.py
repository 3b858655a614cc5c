#!/usr/bin/env python3
"""Benchmark wordbot past one process (issues 21, 36): SQLite against PostgreSQL, one process
against two, the guilds routed as Discord routes them.

- guesses: N players guessing through ``BeeGame.guess`` and the real stores (valid words, repeats
  and misses mixed). A player belongs to a guild; the guilds are spread evenly over
  ``--shard-count`` shards, and each bot process (an OS process with its own pool) serves only the
  guilds of its own shards, split as ``--shards`` splits them (``0-3`` and ``4-7`` of 8), as
  Discord sends a guild's events to its shard ``(guild_id >> 22) % shard_count``
  (``benchmarks/scale_crowd.py``). Lines: SQLite in one process; PostgreSQL (a real server,
  pgserver) in one process (the baseline) and in two; and, as a stress line, two processes whose
  players all guess in one guild (a "rolling re-shard", which Discord's routing never makes
  otherwise). Two ways:
  - flat out: each player guesses again the moment the answer comes. That measures the most
    guesses per second; its latency is only the queue (N players / guesses per second).
  - paced: each player thinks ``--think`` seconds on average (random) before the next guess, as
    a person does: the latency a player sees at that load.
  Per run: guesses per second, p50/p99 per guess; the CPU per guess of the bot processes and of
  the PostgreSQL server (from /proc, ``scale_proc.py``); how busy the whole machine was (other
  programs included); the round trips per stored guess, counted on the wire (every request
  asyncpg writes to the server, BEGIN and COMMIT included, ``scale_wire.py``); the ratio of two
  processes to the one-process baseline of the same run, and of PostgreSQL's CPU per guess to
  SQLite's; and the CPU the load generator alone costs per guess (included in the bots' CPU).
- the 09:00 burst: every guild's post claimed and recorded (``DailyStore.claim_post`` then
  ``confirm``, the exactly-once protocol) around a simulated send, 50 at a time, per backend.
- memory: a process's resident size after one guess in each of G guilds, against the same
  process before them (lexicon loaded, database open).
- sync (issue 41): SQLite's ``synchronous = FULL`` (the bot's) against ``NORMAL``, alternated in
  one run, and the cost of the writer's file check (``scale_sync.py``).

    .venv/bin/python benchmarks/scale.py                  # 200 and 2,000 players, 10,000 guilds (a few minutes)
    .venv/bin/python benchmarks/scale.py --players 200 --paced-players 200 --guilds 2000 --parts flat paced burst
    .venv/bin/python benchmarks/scale.py --guesses 25     # more guesses per player (default 10)
    .venv/bin/python benchmarks/scale.py --think 2        # slower players in the paced runs (default 1 s)
    .venv/bin/python benchmarks/scale.py --parts sync --players 200 --guilds 2000   # FULL against NORMAL
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from scale_crowd import (  # noqa: E402
    DAY,
    DAYS,
    Run,
    crowd,
    guesses_in,
    guild_ids,
    one_guild,
    open_target,
    routed,
    seats,
    shards_option,
    split,
)
from scale_proc import rss_mb, server_cpu  # noqa: E402
from scale_sync import compare_synchronous  # noqa: E402
from scale_wire import RoundTrips, per  # noqa: E402

from bot.daily.calendar import DailyCalendar  # noqa: E402
from bot.daily.store import DailyStore  # noqa: E402
from bot.db import open_database  # noqa: E402
from bot.games.bee.game import BeeGame  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402

NINE = dt.datetime(2026, 11, 21, 9, tzinfo=dt.UTC)
PARTS = ("flat", "paced", "burst", "memory", "sync")
BUSY = 0.9
"""At or above this share of the machine busy, a ratio of two processes to one measures the cores."""


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def show(players: int, label: str, run: Run, think: float) -> None:
    """One line; a paced run shows the rate its players offer (players / think), not the measured
    one, whose wall time includes the slowest player's long pauses."""
    p50, p99, most = (ms(np.percentile(run.latencies, q)) for q in (50, 99, 100))
    rate = f"{run.rate:>7,.0f} guesses/s" if not think else f"~{players / think:>6,.0f} offered/s"
    bot, server = run.bot_cpu / run.guesses * 1e6, run.server_cpu / run.guesses * 1e6
    trips = per(run.trips, run.stored) if run.trips["execute"] + run.trips["simple"] else "-"
    print(f"  {players:>5} players  {label:<24} {rate}  p50 {p50:>8}  p99 {p99:>8}  max {most:>8}  round trips {trips}")
    print(f"{'':>16}CPU/guess: bot {bot:3.0f} + server {server:3.0f} = {bot + server:4.0f} µs  "
          f"machine {run.machine_busy:4.0%} busy ({ours(run):3.0%} ours), "
          f"stalled on I/O {run.io_stalled * 1000:,.0f} ms")


def ours(run: Run) -> float:
    """The share of the machine's CPU time the bot processes and the server used (the rest of
    ``machine_busy`` is other programs)."""
    return (run.bot_cpu + run.server_cpu) * run.rate / run.guesses / (os.cpu_count() or 1)


def cpu_per_guess(run: Run) -> float:
    return (run.bot_cpu + run.server_cpu) / run.guesses


class Bench:
    """The runs of one invocation: the server, a new database per run, the options."""

    def __init__(self, args: argparse.Namespace, folder: str, server) -> None:
        self.args, self.folder, self.server = args, folder, server
        self.names = iter(range(1000))
        self.goals: list[str] = []

    def new(self, kind: str) -> str:
        if kind == "sqlite":
            return str(Path(self.folder) / f"w{next(self.names)}.sqlite3")
        name = f"scale_{next(self.names)}"
        self.server.psql(f"CREATE DATABASE {name};")
        return self.server.get_uri(name)

    def run(self, kind: str, parts: list, think: float, synchronous: str | None = None) -> Run:
        target = self.new(kind)
        asyncio.run(prepare(target))
        pid = None
        if kind == "postgres":
            pid = self.server.get_pid()
            self.server.psql("CHECKPOINT;")  # the earlier runs' writes flushed now, not in this run
        seconds = 0.0 if think else self.args.seconds
        return guesses_in(target, parts, self.args.guesses, think, seconds, pid, synchronous)

    def lines(self, players: int, think: float, stress: bool) -> dict[str, Run]:
        """The runs at ``players`` players: SQLite and PostgreSQL in one process, PostgreSQL in
        ``--processes`` (routed; and, with ``stress``, all in one guild)."""
        count, processes = self.args.shard_count, self.args.processes
        everyone = seats(players, self.args.per_guild, count)
        runs = {}
        for key, label, kind, parts in (
            ("sqlite", "SQLite, 1 process", "sqlite", [everyone]),
            ("one", "Postgres, 1 process", "postgres", [everyone]),
            ("routed", f"Postgres, {processes} processes", "postgres", routed(everyone, count, processes)),
            ("stress", f"Postgres, {processes} on one guild", "postgres", one_guild(everyone, processes)),
        ):
            if key == "stress" and not stress:
                continue
            runs[key] = self.run(kind, parts, think)
            show(players, label, runs[key], think)
        return runs

    def flat(self) -> None:
        args = self.args
        print(f"guesses flat out: each player guessing again as soon as answered, {args.guesses} guesses a day's "
              f"puzzle, then the next day's, for {args.seconds:g} s or more; about {args.per_guild} players a guild")
        for players in args.players:
            runs = self.lines(players, 0.0, stress=True)
            one, routed_run, stress = runs["one"], runs["routed"], runs["stress"]
            ratio = routed_run.rate / one.rate
            head = f"  {players:>5} players  "
            if routed_run.machine_busy >= BUSY:
                print(f"{head}{args.processes} processes / 1: the machine was {routed_run.machine_busy:.0%} busy "
                      f"({ours(routed_run):.0%} this run's bots and server, the rest other programs), "
                      f"so the cores set the rate ({ratio:.2f}x; goal 1.5x): a guess cost "
                      f"{cpu_per_guess(routed_run) * 1e6:.0f} µs of CPU (bot + server), so {os.cpu_count()} cores "
                      f"carry at most {os.cpu_count() / cpu_per_guess(routed_run):,.0f} guesses/s")
            else:
                print(f"{head}{args.processes} processes / 1: {ratio:.2f}x the guesses per second (goal 1.5x)")
            print(f"{head}{args.processes} on one guild (rolling re-shard) / 1: {stress.rate / one.rate:.2f}x")
            cpu = cpu_per_guess(one) / cpu_per_guess(runs["sqlite"])
            print(f"{head}Postgres CPU per guess / SQLite's: {cpu:.1f}x (goal at most 3x)")
            self.goals += [f"{players} players flat out: Postgres CPU per guess {cpu:.1f}x SQLite's [at most 3x]; "
                           f"round trips per stored guess {per(one.trips, one.stored).split()[0]} [1]; "
                           f"{args.processes} processes / 1: {ratio:.2f}x [1.5x] at {routed_run.machine_busy:.0%} busy"]

    def paced(self) -> None:
        args = self.args
        print(f"guesses paced: {args.guesses} per player, each thinking {args.think:g} s on average "
              "(random) before each guess (goal: p99 under 20 ms at 200 players)")
        for players in args.paced_players:
            alone = asyncio.run(crowd(None, seats(players, args.per_guild, args.shard_count), args.guesses, args.think))
            print(f"  {players:>5} players  load generator alone: {alone.cpu / len(alone.latencies) * 1e6:.0f} µs CPU "
                  "per guess (each guess wakes an idle process)")
            runs = self.lines(players, args.think, stress=False)
            self.goals.append(f"{players} players paced: p99 " + ", ".join(
                f"{name} {ms(np.percentile(runs[key].latencies, 99))}" for key, name in
                (("sqlite", "SQLite"), ("one", "Postgres 1 process"), ("routed", f"{args.processes} processes")))
                + " [under 20 ms]; round trips per stored guess "
                + per(runs['one'].trips, runs['one'].stored).split()[0])

    def burst(self) -> None:
        args = self.args
        print(f"09:00 burst: {args.guilds:,} guilds claimed, sent ({args.send_ms:g} ms simulated) and recorded "
              "(goal under 2 s on PostgreSQL)")
        for kind in ("sqlite", "postgres"):
            pid = self.server.get_pid() if kind == "postgres" else None
            seconds, cpu, server, trips = asyncio.run(burst(self.new(kind), args.guilds, args.send_ms,
                                                            args.shard_count, pid))
            line = (f"  {kind:<9} {seconds:6.2f} s  ({args.guilds / seconds:,.0f} posts/s)  CPU/post: bot "
                    f"{cpu / args.guilds * 1e6:.0f} + server {server / args.guilds * 1e6:.0f} µs")
            print(line + (f"  round trips/post {per(trips, args.guilds)}" if pid else ""))
            if pid:
                self.goals.append(f"09:00 burst of {args.guilds:,} guilds on Postgres: {seconds:.2f} s [under 2 s]")

    def sync(self) -> None:
        compare_synchronous(self, burst)

    def memory(self) -> None:
        args = self.args
        print(f"memory: one process, one named player's guess in each of {args.guilds:,} guilds")
        for kind in ("sqlite", "postgres"):
            before, after = asyncio.run(memory(self.new(kind), args.guilds))
            print(f"  {kind:<9} {before:6.0f} MB before, {after:6.0f} MB after: "
                  f"{(after - before) * 1024 / args.guilds:.2f} KB per guild")


async def burst(target: str, guilds: int, send_ms: float, shard_count: int, server_pid: int | None,
                synchronous: str | None = None) -> tuple[float, float, float, dict[str, int]]:
    """Seconds to claim, send (simulated) and record every guild's 09:00 post, 50 at a time; the
    CPU seconds of this process and of the server meanwhile; the round trips. ``synchronous``:
    a SQLite writer's setting (``scale_crowd.open_target``)."""
    trips = RoundTrips()
    trips.install(asyncio.get_running_loop())
    db = await open_target(target, synchronous)
    daily, gate = DailyStore(db), asyncio.Semaphore(50)

    async def post(guild: int, channel: int) -> None:
        async with gate:
            claim = await daily.claim_post("bee", guild, DAY, channel, NINE, NINE + dt.timedelta(minutes=5))
            await asyncio.sleep(send_ms / 1000)
            await daily.confirm(claim, 10**9 + channel)

    ids = guild_ids(guilds, shard_count)
    server = server_cpu(server_pid) if server_pid else 0.0
    trips.on, began, cpu = True, time.perf_counter(), time.process_time()
    await asyncio.gather(*(post(guild, k) for k, guild in enumerate(ids)))
    seconds, cpu, trips.on = time.perf_counter() - began, time.process_time() - cpu, False
    server = server_cpu(server_pid) - server if server_pid else 0.0
    posted = (await db.fetch_one("SELECT COUNT(*) FROM daily_posts WHERE message_id IS NOT NULL"))[0]
    assert posted == guilds, (posted, guilds)
    await db.close()
    return seconds, cpu, server, trips.snapshot()


async def open_game(target: str):
    db = await open_database(target)
    return db, BeeGame(db, Lexicon.load("common"), DailyCalendar(db))


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


async def prepare(target: str) -> None:
    """The days' puzzles stored once, before the processes race to read them."""
    db, game = await open_game(target)
    for day in DAYS:
        await game.puzzle(day)
    await db.close()


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[200, 2000], help="flat-out crowds")
    parser.add_argument("--paced-players", type=int, nargs="*", default=[200], help="paced crowds (default 200)")
    parser.add_argument("--guesses", type=int, default=10, help="guesses per player and day (default 10)")
    parser.add_argument("--seconds", type=float, default=2.0, help="a flat-out run's least duration (default 2 s)")
    parser.add_argument("--think", type=float, default=1.0, help="a paced player's mean pause between guesses, s")
    parser.add_argument("--shard-count", type=int, default=8, help="shards the guilds are spread over (default 8)")
    parser.add_argument("--processes", type=int, default=2, help="bot processes against the baseline's 1 (default 2)")
    parser.add_argument("--per-guild", type=int, default=10, help="players per guild, about (default 10)")
    parser.add_argument("--guilds", type=int, default=10_000, help="guilds of the burst and of memory")
    parser.add_argument("--send-ms", type=float, default=0.0, help="the burst's simulated send's time (default 0)")
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS), help="what to run (default all)")
    parser.add_argument("--sync-rounds", type=int, default=3, help="sync: runs of each setting, alternated (default 3)")
    return parser.parse_args()


def main() -> int:
    args = options()
    import pgserver

    print(f"{os.cpu_count()} cores; load average before the run {os.getloadavg()[0]:.2f}")
    splits = " and ".join(f"--shards {shards_option(ids)}" for ids in split(args.shard_count, args.processes))
    print(f"guilds spread over {args.shard_count} shards; {args.processes} processes serve {splits}")
    with tempfile.TemporaryDirectory() as folder:
        Path(folder).chmod(0o755)  # run as root, pgserver's server runs as its own user
        server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")
        bench = Bench(args, folder, server)
        if "flat" in args.parts:
            everyone = seats(max(args.players), args.per_guild, args.shard_count)
            alone = asyncio.run(crowd(None, everyone, args.guesses, 0.0, args.seconds))
            print(f"load generator alone (guesses that do nothing): {alone.cpu / len(alone.latencies) * 1e6:.0f} µs "
                  "CPU per guess")
        for part in PARTS:
            if part in args.parts:
                getattr(bench, part)()
        print("goals (issue 36; the goal in brackets):" if bench.goals else "", *bench.goals, sep="\n  ")
        server.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
