#!/usr/bin/env python3
"""Benchmark the Spelling Bee: puzzle generation, guess checking, and 200 players guessing at once.

Every figure comes with a baseline measured in the same run:

- generation: our vectorised candidate search (all hives and centres at once) against
  calling ``solve`` for each (hive, centre) pair, on `common`; then ours on `full`, and the
  per-date cost once the candidates are known (365 dates);
- a guess: our check (``judge`` + ``score`` against the puzzle's answers) against solving
  the hive from scratch for every guess;
- the store: 200 players guessing concurrently through ``BeeGame.guess`` into a real SQLite
  file (valid words, repeats and misses mixed), against one player making the same number
  of guesses one after another. Prints p50/p99 latency per guess and guesses per second.

    .venv/bin/python benchmarks/bee.py
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

from bot.daily.calendar import DailyCalendar  # noqa: E402
from bot.db import Database  # noqa: E402
from bot.games.bee.game import BeeGame, judge  # noqa: E402
from solvers import bee  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402
from tests import reference  # noqa: E402

PLAYERS = 200
GUESSES_PER_PLAYER = 25
DAY = dt.date(2026, 11, 21)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def baseline_candidates(lexicon: Lexicon) -> dict[str, str]:
    """The obvious way: for every pangram hive and every centre, solve and check the constraints."""
    valid = {letters: reference.valid_centers(lexicon, letters) for letters in reference.pangram_hives(lexicon.words)}
    return {letters: centers for letters, centers in valid.items() if centers}


def bench_generation() -> None:
    common, full = Lexicon.load("common"), Lexicon.load("full")
    start = time.perf_counter()
    ours = bee._valid_puzzles(common)
    our_time = time.perf_counter() - start
    start = time.perf_counter()
    reference = baseline_candidates(common)
    base_time = time.perf_counter() - start
    assert ours == reference, "candidate sets differ"
    print(f"candidates, common: ours {ms(our_time)}, baseline {ms(base_time)}: {base_time / our_time:,.0f}x; "
          f"{len(ours)} letter sets, identical")
    start = time.perf_counter()
    puzzle = bee.generate(full, DAY)
    print(f"first puzzle on full ({len(full):,} words, candidates included): {ms(time.perf_counter() - start)}")
    bee.generate(common, DAY)
    times = []
    for day in range(365):
        start = time.perf_counter()
        bee.generate(common, DAY + dt.timedelta(days=day))
        times.append(time.perf_counter() - start)
    print(f"each later date on common: p50 {ms(np.percentile(times, 50))}, p99 {ms(np.percentile(times, 99))}")
    del puzzle


def bench_guess() -> None:
    common = Lexicon.load("common")
    puzzle = bee.generate(common, DAY)
    rng = random.Random(1)
    guesses = [rng.choice(puzzle.answers) if rng.random() < 0.5 else "".join(rng.choices(puzzle.letters, k=rng.randint(3, 8)))
               for _ in range(20000)]
    start = time.perf_counter()
    ours = [(judge(puzzle, g)[0].value, bee.score(g, puzzle)) for g in guesses]
    our_each = (time.perf_counter() - start) / len(guesses)
    start = time.perf_counter()
    sample = guesses[:300]
    base = [g in bee.solve(common, puzzle.letters, puzzle.center) for g in sample]
    base_each = (time.perf_counter() - start) / len(sample)
    assert base == [verdict == "accepted" for verdict, _ in ours[:300]]
    print(f"one guess checked: ours {our_each * 1e6:.2f} µs, solving per guess {base_each * 1e6:.0f} µs: "
          f"{base_each / our_each:,.0f}x")


async def play(game: BeeGame, user: int, words: list[str], latencies: list[float]) -> None:
    for word in words:
        start = time.perf_counter()
        await game.guess(1, user, DAY, word)
        latencies.append(time.perf_counter() - start)


async def bench_store() -> None:
    common = Lexicon.load("common")
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "bench.sqlite3")
        game = BeeGame(db, common, DailyCalendar(db))
        puzzle = await game.puzzle(DAY)
        rng = random.Random(2)
        pool = list(puzzle.answers) + ["zzzz", puzzle.letters[:3], puzzle.center * 4]
        plans = {user: [rng.choice(pool) for _ in range(GUESSES_PER_PLAYER)] for user in range(1, PLAYERS + 1)}

        solo: list[float] = []
        start = time.perf_counter()
        await play(game, 10_000, [w for words in plans.values() for w in words], solo)
        solo_rate = len(solo) / (time.perf_counter() - start)

        crowd: list[float] = []
        start = time.perf_counter()
        await asyncio.gather(*(play(game, user, words, crowd) for user, words in plans.items()))
        crowd_rate = len(crowd) / (time.perf_counter() - start)
        stored = (await db.conn.execute_fetchall("SELECT COUNT(*) FROM bee_guesses WHERE user_id <= ?", (PLAYERS,)))[0][0]
        expected = sum(len({w for w in words if w in puzzle.answers}) for words in plans.values())
        assert stored == expected, (stored, expected)
        await db.close()
    print(f"{PLAYERS} players x {GUESSES_PER_PLAYER} guesses at once: p50 {ms(np.percentile(crowd, 50))}, "
          f"p99 {ms(np.percentile(crowd, 99))} per guess, {crowd_rate:,.0f} guesses/s")
    print(f"  one player, same {len(solo)} guesses in a row: p50 {ms(np.percentile(solo, 50))}, "
          f"{solo_rate:,.0f} guesses/s; concurrent/sequential throughput {crowd_rate / solo_rate:.2f}x; "
          f"{stored} accepted words stored, each exactly once")


def main() -> int:
    bench_generation()
    bench_guess()
    asyncio.run(bench_store())
    return 0


if __name__ == "__main__":
    sys.exit(main())
