#!/usr/bin/env python3
"""Benchmark leaderboards and /stats on a year of play: 1,000 players in 50 guilds.

The data is generated (seeded): each player belongs to one guild, plays on 70% of the 365
days, and finds 5-15 words a day. It is written through the real path: rows into
bee_guesses, whose trigger keeps player_days up to date. Then each leaderboard period and
/stats are timed through the same async API the bot uses (p50/p99 over 200 random
guild/player picks), against a baseline in the same run: the same leaderboard aggregated
from the raw guesses instead of the per-day totals.

    .venv/bin/python benchmarks/leaderboard.py
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from bot.boards.boards import PERIODS, Leaderboards, period_range  # noqa: E402
from bot.daily.store import DailyStore  # noqa: E402
from bot.db import Database, open_database  # noqa: E402
from bot.games.bee.store import BeeStore, StoredPuzzle  # noqa: E402
from solvers import bee  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402

GUILDS, PLAYERS, DAYS, SAMPLES = 50, 1000, 365, 200
LAST_DAY = dt.date(2026, 11, 21)
NOW = dt.datetime(2026, 11, 21, 20, tzinfo=dt.UTC)
ZONES = ["UTC", "Europe/London", "America/New_York", "Asia/Tokyo", "Australia/Sydney"]


async def fill(db: Database, rng: random.Random) -> tuple[dict[int, list[int]], int]:
    lexicon = Lexicon.load("common")
    store = BeeStore(db)
    puzzles = {}
    for k in range(DAYS + 1):
        day = LAST_DAY - dt.timedelta(days=k)
        p = bee.generate(lexicon, day)
        puzzles[day] = p
        await store.save_puzzle(StoredPuzzle(day, p.letters, p.center, p.answers, p.max_score))
    members: dict[int, list[int]] = {g: [] for g in range(1, GUILDS + 1)}
    for user in range(1, PLAYERS + 1):
        members[rng.randint(1, GUILDS)].append(user)
    for guild in members:
        await DailyStore(db).set_schedule("bee", guild, 1000 + guild, dt.time(9), rng.choice(ZONES), 1)
    rows = []
    for guild, users in members.items():
        for user in users:
            for day, puzzle in puzzles.items():
                if rng.random() < 0.7:
                    for word in rng.sample(puzzle.answers, min(len(puzzle.answers), rng.randint(5, 15))):
                        rows.append((guild, day.isoformat(), user, word, bee.score(word, puzzle),
                                     int(word in puzzle.pangrams), "2026-01-01T00:00:00+00:00"))
    await db.conn.execute("BEGIN")
    await db.conn.executemany("INSERT INTO bee_guesses VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    await db.conn.execute("COMMIT")
    await db.conn.execute("ANALYZE")
    return members, len(rows)


async def baseline_board(db: Database, guild: int, first: dt.date, last: dt.date) -> list:
    async with db.conn.execute(
        "SELECT RANK() OVER (ORDER BY SUM(points) DESC), user_id, SUM(points) AS points, COUNT(*) AS words, "
        "SUM(pangram) AS pangrams FROM bee_guesses WHERE guild_id = ? AND puzzle_date BETWEEN ? AND ? "
        "GROUP BY user_id ORDER BY points DESC, words DESC, pangrams DESC, user_id",
        (guild, first.isoformat(), last.isoformat()),
    ) as cursor:
        return await cursor.fetchall()


async def timed(samples, call) -> list[float]:
    times = []
    for args in samples:
        start = time.perf_counter()
        await call(*args)
        times.append(time.perf_counter() - start)
    return times


def summary(times: list[float]) -> str:
    return f"p50 {np.percentile(times, 50) * 1000:6.2f} ms  p99 {np.percentile(times, 99) * 1000:6.2f} ms"


async def main() -> int:
    rng = random.Random(4)
    with tempfile.TemporaryDirectory() as folder:
        db = await open_database(Path(folder) / "bench.sqlite3")
        start = time.perf_counter()
        members, guesses = await fill(db, rng)
        days = (await db.conn.execute_fetchall("SELECT COUNT(*) FROM player_days"))[0][0]
        print(f"filled {guesses:,} guesses ({days:,} player-days) for {PLAYERS} players in {GUILDS} guilds "
              f"over {DAYS} days in {time.perf_counter() - start:.0f} s")
        boards = Leaderboards(db, clock=lambda: NOW)
        picks = [(g, rng.choice(members[g])) for g in rng.choices(list(members), k=SAMPLES)]
        worst = 0.0
        for period in PERIODS:
            ours = await timed(picks, lambda g, u, period=period: boards.board("bee", g, period, u))
            today = {g: await boards.today(g) for g in members}
            check = picks[0][0]
            first, last = period_range(period, today[check])
            assert [(r[1], r[2]) for r in await baseline_board(db, check, first, last)] == \
                [(s.user_id, s.points) for s in (await boards.board("bee", check, period, 0)).standings]
            base = await timed(picks, lambda g, u, period=period,
                               today=today: baseline_board(db, g, *period_range(period, today[g])))
            worst = max(worst, np.percentile(ours, 99))
            print(f"/leaderboard {period:<6} {summary(ours)}   raw-guesses baseline {summary(base)}   "
                  f"{np.percentile(base, 50) / np.percentile(ours, 50):5.1f}x")
        stats = await timed(picks, lambda g, u: boards.stats("bee", g, u))
        worst = max(worst, np.percentile(stats, 99))
        print(f"/stats              {summary(stats)}")
        print(f"worst p99: {worst * 1000:.2f} ms (goal: under 20 ms)")
        await db.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
