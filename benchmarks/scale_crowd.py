"""Players guessing through ``BeeGame.guess`` in guilds routed as Discord routes them.

A player belongs to a guild; guilds are spread evenly over ``shard_count`` shards (Discord's
shard of a guild is ``(guild_id >> 22) % shard_count``). A bot process serves the guilds of its
own shards only, the shards split between processes as ``--shards 0-3`` / ``--shards 4-7`` split
eight, so two processes never write a guild's rows at once. The "rolling re-shard" stress puts
every player in one guild, served by every process at once (as while clusters are re-arranged).

Each process (an OS process, its own pool) opens the game, warms up (a few guesses in a guild of
its own, so its pool's connections are open and their statements prepared, as in a running bot),
says it is ready, waits until every process is, then lets its players guess and reports.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import multiprocessing
import queue
import random
import time
from dataclasses import dataclass

from scale_proc import BusyMeter, process_cpu, server_cpu
from scale_wire import RoundTrips

from bot.daily.calendar import DailyCalendar, Shards
from bot.db import open_database
from bot.games.bee.game import BeeGame
from solvers.lexicon import Lexicon

DAY = dt.date(2026, 11, 21)
DAYS = tuple(DAY + dt.timedelta(days=k) for k in range(64))
"""A player's guesses go to the first day's puzzle, ``guesses`` of them, then to the next day's, and
so on (back to the first after the last): a flat-out run that lasts ``seconds`` keeps the mix of
new words, repeats and misses of a player's day."""
GUILD_MS = 1_000_000_000_000
"""Guild ids are snowflakes made about 2023: this many ms after Discord's epoch, shifted left 22."""
USER0 = 300_000_000_000_000_000
WARM_UP = 32

Seat = tuple[int, int]
"""A player: (guild id, user id)."""


def guild_ids(count: int, shard_count: int) -> list[int]:
    """``count`` guild ids, guild k on shard k % shard_count."""
    base = GUILD_MS // shard_count * shard_count
    return [((base + k) << 22) | (k * 2_654_435_761 % 2**22) for k in range(count)]


def split(shard_count: int, processes: int) -> list[tuple[int, ...]]:
    """Each process's shards, in contiguous runs as ``--shards`` gives them (8 in 2: 0-3, 4-7)."""
    return [tuple(range(k * shard_count // processes, (k + 1) * shard_count // processes)) for k in range(processes)]


def shards_option(ids: tuple[int, ...]) -> str:
    return f"{ids[0]}-{ids[-1]}" if len(ids) > 1 else str(ids[0])


def seats(players: int, per_guild: int, shard_count: int) -> list[Seat]:
    """``players`` players, about ``per_guild`` in each guild, the guilds a multiple of the shard
    count (each shard gets as many guilds), the players dealt over the guilds in turn."""
    guilds = max(1, -(-players // per_guild))
    guilds = -(-guilds // shard_count) * shard_count
    ids = guild_ids(guilds, shard_count)
    return [(ids[k % guilds], USER0 + k) for k in range(players)]


def routed(players: list[Seat], shard_count: int, processes: int) -> list[list[Seat]]:
    """Each process's players: those whose guild is on one of its shards."""
    return [[seat for seat in players if Shards(ids, shard_count)(seat[0])] for ids in split(shard_count, processes)]


def one_guild(players: list[Seat], processes: int) -> list[list[Seat]]:
    """The rolling re-shard stress: every player in the first guild, dealt over the processes."""
    guild = players[0][0]
    everyone = [(guild, user) for _, user in players]
    return [everyone[k::processes] for k in range(processes)]


@dataclass(frozen=True, slots=True)
class Share:
    """One process's outcome: every latency, how many guesses reached the store (valid words,
    new or repeated; a word that is not an answer is judged without the database), the wall
    times its first guess began and its last ended, its CPU seconds meanwhile, its round trips."""

    latencies: list[float]
    stored: int
    began: float
    ended: float
    cpu: float
    trips: dict[str, int]


class Gate:
    """The processes start together: each says it is ready and waits for ``go``; each reports,
    then keeps its pool open until ``release`` (so its backends are measured alive)."""

    def __init__(self, context) -> None:
        self.results, self.go, self.release = context.Queue(), context.Event(), context.Event()


async def open_target(target: str, synchronous: str | None = None):
    """The database at ``target``; a SQLite file with its writer's ``synchronous`` set, when given."""
    if synchronous is None:
        return await open_database(target)
    from bot.db.sqlite import SqliteDatabase

    return await SqliteDatabase.connect(target, synchronous=synchronous)


async def crowd(target: str | None, players: list[Seat], guesses: int, think: float, seconds: float = 0.0,
                gate: Gate | None = None, synchronous: str | None = None) -> Share:
    """Each player guesses in turn (thinking ``think`` s on average before each), all players at
    once, ``guesses`` times each and until ``seconds`` have passed (see ``DAYS``). ``target``
    None: a guess does nothing (the load generator alone). ``synchronous``: see ``open_target``."""
    trips = RoundTrips()
    trips.install(asyncio.get_running_loop())
    db = None
    if target is None:
        guess, words, answers = _no_guess, dict.fromkeys(DAYS, ["word"]), dict.fromkeys(DAYS, {"word"})
    else:
        db = await open_target(target, synchronous)
        game = BeeGame(db, Lexicon.load("common"), DailyCalendar(db))
        guess, puzzles = game.guess, {day: await game.puzzle(day) for day in DAYS}
        answers = {day: set(p.answers) for day, p in puzzles.items()}
        words = {day: [*p.answers, "zzzz", p.letters[:3], p.center * 4] for day, p in puzzles.items()}
        first = puzzles[DAY].answers
        await asyncio.gather(*(guess(1 + k % 4, USER0 - 1 - k, DAY, first[k % len(first)]) for k in range(WARM_UP)))
    latencies: list[float] = []
    stored = [0]

    async def play(seat: Seat) -> None:
        choices, pauses = random.Random(seat[0] * 7919 + seat[1]), random.Random(seat[1])
        made = 0
        while made < guesses or time.time() < deadline:
            day = DAYS[made // guesses % len(DAYS)]
            word = choices.choice(words[day])
            if think:
                await asyncio.sleep(pauses.expovariate(1 / think))
            began = time.perf_counter()
            await guess(seat[0], seat[1], day, word)
            latencies.append(time.perf_counter() - began)
            stored[0] += word in answers[day]
            made += 1

    if gate is not None:
        gate.results.put(("ready", multiprocessing.current_process().pid))
        gate.go.wait()
    trips.on = True
    began, cpu = time.time(), time.process_time()
    deadline = began + seconds
    await asyncio.gather(*(play(seat) for seat in players))
    ended, cpu = time.time(), time.process_time() - cpu
    trips.on = False
    share = Share(latencies, stored[0], began, ended, cpu, trips.snapshot())
    if gate is not None:
        gate.results.put(("done", share))
        gate.release.wait()
    if db is not None:
        await db.close()
    return share


async def _no_guess(guild: int, user: int, day: dt.date, word: str) -> None:
    await asyncio.sleep(0)  # one suspension, as a guess's database await has


def _crowd_process(target: str, players: list[Seat], guesses: int, think: float, seconds: float, gate: Gate,
                   synchronous: str | None) -> None:
    asyncio.run(crowd(target, players, guesses, think, seconds, gate, synchronous))


@dataclass(frozen=True, slots=True)
class Run:
    """A crowd's outcome over every process: latencies, guesses per second (first guess to last
    answer), guesses that reached the store, CPU seconds of the bot processes and of the
    PostgreSQL server (both from /proc), the machine's busy share (0 to 1, other programs
    included), the seconds the machine was stalled on I/O, and the round trips sent by kind."""

    latencies: list[float]
    rate: float
    stored: int
    bot_cpu: float
    server_cpu: float
    machine_busy: float
    io_stalled: float
    trips: dict[str, int]

    @property
    def guesses(self) -> int:
        return len(self.latencies)


def guesses_in(target: str, parts: list[list[Seat]], guesses: int, think: float, seconds: float,
               server_pid: int | None, synchronous: str | None = None) -> Run:
    """One OS process per part of the players, started together; their CPU, the server's and the
    machine's measured from the moment all are ready until all have answered."""
    context = multiprocessing.get_context("spawn")
    gate = Gate(context)
    workers = [context.Process(target=_crowd_process, args=(target, part, guesses, think, seconds, gate, synchronous))
               for part in parts]
    for worker in workers:
        worker.start()
    try:
        pids = [_next(gate, workers, "ready") for _ in workers]
        bot, server, busy = process_cpu(pids), server_cpu(server_pid) if server_pid else 0.0, BusyMeter()
        gate.go.set()
        shares: list[Share] = [_next(gate, workers, "done") for _ in workers]
        bot, machine, stalled = process_cpu(pids) - bot, busy.share(), busy.io_stalled()
        server = server_cpu(server_pid) - server if server_pid else 0.0
        gate.release.set()
    finally:
        for worker in workers:
            worker.join(timeout=30)
            if worker.is_alive():
                worker.kill()
    latencies = [x for share in shares for x in share.latencies]
    seconds = max(s.ended for s in shares) - min(s.began for s in shares)
    trips = {kind: sum(s.trips[kind] for s in shares) for kind in shares[0].trips}
    return Run(latencies, len(latencies) / seconds, sum(s.stored for s in shares), bot, server, machine, stalled,
               trips)


def _next(gate: Gate, workers: list, kind: str):
    """The next report of ``kind`` from a process; an error if one of them died instead."""
    while True:
        try:
            got, value = gate.results.get(timeout=1.0)
        except queue.Empty:
            dead = [w for w in workers if w.exitcode not in (None, 0)]
            if dead:
                raise RuntimeError(f"a benchmark process failed (exit code {dead[0].exitcode})") from None
            continue
        assert got == kind, (got, kind)
        return value
