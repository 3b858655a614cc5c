#!/usr/bin/env python3
"""Benchmark the bee played together (issue 31): 200 players typing in one day's thread.

The real bot (``create_bot``, the Message Content intent on) against SimCord's simulated Discord:
a server set up with ``/bee setup play:together``, the day's post at 09:00 opening its thread and
progress message, then 200 members typing plain messages there (answers, answers the team has,
wrong words, several words at once). Each message goes the whole way: the gateway event, the chat
router, the bee's room (bot/games/together/rooms.py), the store, the reactions (the pacer), the
live progress message. Two loads:

- flat out: every player types at once, round after round, each round as soon as the bot has
  answered the last. A player may send 20 guess messages a minute (``bot.chat.limits``), so each
  round is 3.5 s of the bot's (simulated) clock, which runs ahead of the wall clock here; the
  wall time is what the bot takes. Latency is the queue: a message waits for its round's others.
- paced: each player types again 3.5 to 8.5 s (at random) after their last message, about 33
  messages a second, with the simulated clock kept in step with the wall clock (50 ms steps: a
  step's messages reach the bot at its start). The latency a player sees; the goals' load.

Per load: guesses (messages read as guesses) per second; p50 and p99 from a message reaching the
bot to its result stored (the game's take returned, its credit committed); the bot's requests to
Discord per second of its clock (reactions, edits of the progress message, all of them); memory
(RSS, SimCord's world included); and nothing lost (each guess message taken once, each answer
typed stored once in bee_team_words and counted once in player_days). The baseline, in the same
process on a fresh database of the same kind: the same messages through ``BeeTeam.take``
directly (judge and store; no Discord, no router, no day checks), in the same shape. The
simulated server is ``benchmarks/together_world.py``.

On PostgreSQL the figures through SimCord are mostly SimCord's own (``SIMCORD_BOUND``): flat out
is not run through Discord there, and the paced run's latency is printed but not judged.

    .venv/bin/python benchmarks/together.py               # SQLite
    .venv/bin/python benchmarks/together.py --postgres    # then PostgreSQL too (pgserver)
    .venv/bin/python benchmarks/together.py --rounds 40 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from benchmarks.scale import rss_mb  # noqa: E402
from benchmarks.timing import ms  # noqa: E402
from benchmarks.together_world import DAY, PLAYERS, ROUND, Run, through_discord, totals  # noqa: E402
from bot.chat.pacing import REACTION_INTERVAL  # noqa: E402
from bot.daily.calendar import DailyCalendar  # noqa: E402
from bot.days.team_store import TeamStore  # noqa: E402
from bot.db import open_database  # noqa: E402
from bot.games.bee.game import BeeGame  # noqa: E402
from bot.games.bee.together import BeeTeam  # noqa: E402
from solvers import bee  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402
from solvers.screen import is_slur  # noqa: E402

GAPS = (3.5, 8.5)  # seconds between a player's messages, paced
P99_GOAL = 0.050
SIMCORD_BOUND = ("SimCord settles a step by looking through every timer of the loop for each task of the bot, "
                 "and asyncpg sets a timer on each statement (the bot's statement timeout): a round of 200 "
                 "messages at once costs SimCord seconds, most of a profile. A figure of SimCord's, not the bot's.")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def plans(puzzle: bee.Puzzle, messages: list[int], seed: int = 31) -> list[list[str]]:
    """Each player's messages, from a fixed seed: one answer (45%), one wrong word made of the
    hive's letters (35%), or 2 to 4 words of both (20%)."""
    rng, answers, wrong = random.Random(seed), sorted(puzzle.answers), set()
    while len(wrong) < 100:
        word = "".join(rng.choice(puzzle.letters) for _ in range(rng.randint(4, 8)))
        if word not in puzzle.answers and not is_slur(word):
            wrong.add(word)
    wrong_words = sorted(wrong)

    def message() -> str:
        roll = rng.random()
        if roll < 0.45:
            return rng.choice(answers)
        if roll < 0.8:
            return rng.choice(wrong_words)
        return " ".join(rng.sample(answers + wrong_words, rng.randint(2, 4)))

    return [[message() for _ in range(count)] for count in messages]


def paced_times(seconds: float, seed: int = 7) -> list[list[float]]:
    """When each player types, seconds from the start: first within the longest gap, then every gap."""
    rng, times = random.Random(seed), []
    for _ in range(PLAYERS):
        at, mine = rng.uniform(0, GAPS[1]), []
        while at < seconds:
            mine.append(at)
            at += rng.uniform(*GAPS)
        times.append(mine)
    return times


# ---------------------------------------------------------------------------------- the baseline

async def directly(target: str, said: list[list[str]], times: list[list[float]] | None) -> Run:
    """The same messages through BeeTeam.take: in rounds of every player at once (``times``
    None), or each at its time (seconds from the start, real time)."""
    db = await open_database(target)
    team, run = BeeTeam(BeeGame(db, Lexicon.load("common"), DailyCalendar(db))), Run()
    await team.game.puzzle(DAY)

    async def take(player: int, text: str) -> None:
        began = time.perf_counter()
        await team.take(1, player, DAY, text.split(), f"player{player}")
        run.latencies.append(time.perf_counter() - began)
        run.typed[player, text] += 1
        run.taken[player, text] += 1

    async def paced(player: int, began: float) -> None:
        for at, text in zip(times[player], said[player], strict=True):
            await asyncio.sleep(max(0.0, began + at - time.perf_counter()))
            await take(player, text)

    began = time.perf_counter()
    if times is None:
        for n in range(len(said[0])):
            await asyncio.gather(*(take(player, mine[n]) for player, mine in enumerate(said)))
    else:
        await asyncio.gather(*(paced(player, began) for player in range(PLAYERS)))
    run.wall = time.perf_counter() - began
    run.stored = await totals(TeamStore(db), 1)
    await db.close()
    return run


# ---------------------------------------------------------------------------------- the report

def most_within(moments: list[float], seconds: float) -> int:
    """The most of ``moments`` within any ``seconds`` (less a millisecond: a simulated clock's float sums)."""
    at = np.sort(np.asarray(moments or [0.0]))
    return int((np.searchsorted(at, at + seconds - 1e-3, side="right") - np.arange(len(at))).max())


def within_limits(run: Run) -> bool:
    """Prints the bot's requests to Discord, per second of its clock; whether every second kept
    within Discord's limits (a reaction a quarter second in a channel, 5 edits of a message in
    5 s, 50 requests a second)."""
    reactions = sorted(at for at, method, path in run.requests if method == "PUT" and "/reactions/" in path)
    edits = [at for at, method, path in run.requests if method == "PATCH" and path == run.progress]
    every = [at for at, _, _ in run.requests]
    gap = float(np.diff(reactions).min()) if len(reactions) > 1 else float("inf")
    most = (most_within(reactions, 1.0), most_within(edits, 5.0), most_within(every, 1.0))
    within = most[0] <= 4 and most[1] <= 5 and most[2] < 50 and gap >= REACTION_INTERVAL - 1e-3
    span = max(every) - min(every)
    print(f"  requests over {span:,.0f} s of the bot's clock, {len(every) / span:.1f} a second: reactions at most "
          f"{most[0]} a second, {gap:.3f} s apart at least (limit 4); edits of the progress message at most "
          f"{most[1]} in 5 s (limit 5); all at most {most[2]} a second (limit 50): {'within' if within else 'PAST'}")
    return within


def show(label: str, run: Run, puzzle: bee.Puzzle) -> bool:
    """Prints a run's line; whether nothing was lost."""
    p50, p99 = (np.percentile(run.latencies, q) for q in (50, 99))
    lost = run.lost(puzzle)
    print(f"  {label:<34} {len(run.latencies):>6,} guesses {len(run.latencies) / run.wall:>7,.0f}/s  "
          f"p50 {ms(p50):>8}  p99 {ms(p99):>8}  {'LOST: ' + lost if lost else 'nothing lost'}")
    return not lost


def compare(kind: str, target, said, times, puzzle: bee.Puzzle) -> bool:
    """One load on one backend: the baseline, then the bot; whether nothing was lost and the
    bot's requests kept within Discord's limits."""
    base = asyncio.run(directly(target(), said, times))
    ok = show("BeeTeam.take directly (baseline)", base, puzzle)
    if kind == "PostgreSQL" and times is None:
        print(f"  through Discord: not measured. {SIMCORD_BOUND}")
        return ok
    before = rss_mb()
    ours = asyncio.run(through_discord(target(), said, times))
    ok &= show("through Discord (SimCord)", ours, puzzle)
    p99 = np.percentile(ours.latencies, 99)
    rates = "" if times else "the baseline scores " \
        f"{base.wall and len(base.latencies) / base.wall / (len(ours.latencies) / ours.wall):.1f}x " \
        "the guesses a second; "
    print(f"  ratio: {rates}p50 {np.percentile(ours.latencies, 50) / np.percentile(base.latencies, 50):.1f}x "
          f"and p99 {p99 / np.percentile(base.latencies, 99):.1f}x the baseline's")
    ok &= within_limits(ours)
    if times is not None:
        print(f"  p99 from message to stored {ms(p99)}: goal under {ms(P99_GOAL)} "
              f"{'met' if p99 < P99_GOAL else 'NOT met'}"
              f"{' (SimCord-bound, see above)' if kind == 'PostgreSQL' else ''}; "
              f"the bot's clock fell behind the wall clock by {ms(ours.lag)} at most")
    print(f"  memory (RSS): {before:.0f} MB before the bot started, peak {peak_mb():.0f} MB with SimCord's world "
          f"of {ours.typed.total():,} messages")
    return ok


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--rounds", type=int, default=20, help="flat out: messages per player (default 20)")
    options.add_argument("--seconds", type=float, default=30.0, help="paced: seconds of typing (default 30)")
    options.add_argument("--postgres", action="store_true", help="PostgreSQL too (a pgserver of its own)")
    args = options.parse_args()
    puzzle = bee.generate(Lexicon.load("common"), DAY)
    times = paced_times(args.seconds)
    flat, slow = plans(puzzle, [args.rounds] * PLAYERS), plans(puzzle, [len(mine) for mine in times])
    print(f"{PLAYERS} players typing in one thread · {os.cpu_count()} cores (shared), load average "
          f"{os.getloadavg()[0]:.2f} · CPython {sys.version.split()[0]} · {len(puzzle.answers)} answers in the hive")
    ok, server = True, None
    with tempfile.TemporaryDirectory(prefix="wordbot-bench-together-") as folder:
        Path(folder).chmod(0o755)  # run as root, pgserver's server runs as its own user
        names = iter(range(1000))
        backends = [("SQLite", lambda: str(Path(folder) / f"w{next(names)}.sqlite3"))]
        if args.postgres:
            import pgserver

            server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")

            def postgres() -> str:
                name = f"together_{next(names)}"
                server.psql(f"CREATE DATABASE {name};")
                return server.get_uri(name)

            backends.append(("PostgreSQL", postgres))
        for kind, target in backends:
            print(f"{kind} · flat out: {args.rounds} rounds of all {PLAYERS} players at once "
                  f"({ROUND:g} s of the bot's clock each)")
            ok &= compare(kind, target, flat, None, puzzle)
            print(f"{kind} · paced: {args.seconds:g} s, each player typing every {GAPS[0]:g} to {GAPS[1]:g} s "
                  f"({sum(map(len, times)) / args.seconds:.0f} messages a second), the clocks in step")
            ok &= compare(kind, target, slow, times, puzzle)
        if server is not None:
            server.cleanup()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
