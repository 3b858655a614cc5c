#!/usr/bin/env python3
"""Event-loop lag while the heaviest /anagram is answered: the previous release's path against ours.

A probe task asks to wake every 5 ms and records how late it wakes (the lag any other user's
command would feel) while one heavy /anagram is being answered:

- previous release: solve everything and lay out every page in a thread (``asyncio.to_thread``);
  pure-Python work holds the GIL, so the loop stalls;
- ours: the solve runs in a worker process (``bot.jobs``), keeping at most 10,000 words, and
  only the pages of those are laid out.

Prints p50/p99/max lag and the reply time of each, the ratio, and the worker's peak memory.

    .venv/bin/python benchmarks/event_loop.py [--runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from bot.jobs import JobRunner  # noqa: E402
from bot.lab.anagram.embeds import anagram_pages  # noqa: E402
from bot.lab.anagram.pages import AnagramPages  # noqa: E402
from solvers.anagram import parse_query, solve  # noqa: E402
from solvers.lexicon import BUNDLED, Lexicon  # noqa: E402

RACK, BOARD, MODE = "AEINRSTLOCDU???", "BFGHKMPVWYZJQXE", "sub"  # 15 tiles, 3 blanks, 15 board letters
TICK = 0.005


async def probe(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        due = loop.time() + TICK
        await asyncio.sleep(TICK)
        lags.append(max(0.0, loop.time() - due))


async def measure(answer) -> tuple[list[float], float]:
    lags: list[float] = []
    stop = asyncio.Event()
    prober = asyncio.create_task(probe(lags, stop))
    await asyncio.sleep(0.05)
    start = time.perf_counter()
    await answer()
    took = time.perf_counter() - start
    stop.set()
    await prober
    return lags, took


def previous_release(lexicon: Lexicon):
    query = parse_query(RACK, BOARD, MODE)
    return anagram_pages(query, solve(lexicon, query), lexicon.name)  # everything, every page


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    lexicons = {name: Lexicon.load(name) for name in BUNDLED}
    gc.freeze()  # as the bot does after loading
    query = parse_query(RACK, BOARD, MODE)
    total = solve(lexicons["full"], query, 0).total
    print(f"python {platform.python_version()}, numpy {np.__version__}; /anagram {RACK} board {BOARD} mode {MODE} "
          f"on full: {total:,} words")
    jobs = JobRunner()
    warm = jobs.reserve(0, "warm-up")
    await jobs.run(warm, len, "start the job server")  # the bot's job server is up long before the first job
    results = {"previous release (thread)": [], "ours (worker process)": []}
    peaks = []
    for _ in range(args.runs):
        lags, took = await measure(lambda: asyncio.to_thread(previous_release, lexicons["full"]))
        results["previous release (thread)"].append((lags, took))
        pages = AnagramPages(lexicons, jobs)  # a fresh cache: the query is solved, not remembered
        job = jobs.reserve(1, "anagram")
        lags, took = await measure(lambda pages=pages, job=job: pages.laid_out("full", query, job))
        results["ours (worker process)"].append((lags, took))
        peaks.append(job.peak_memory_kib)
    print(f"{'path':<28}{'lag p50':>10}{'lag p99':>10}{'lag max':>10}{'reply p50':>12}")
    summary = {}
    for name, runs in results.items():
        lags = np.concatenate([run[0] for run in runs])
        took = np.median([run[1] for run in runs])
        summary[name] = (np.percentile(lags, 99), lags.max())
        print(f"{name:<28}{ms(np.percentile(lags, 50)):>10}{ms(np.percentile(lags, 99)):>10}"
              f"{ms(lags.max()):>10}{ms(took):>12}")
    (base99, basemax), (our99, ourmax) = summary.values()
    print(f"p99 lag {base99 / max(our99, 1e-4):.0f}x lower, max lag {basemax / max(ourmax, 1e-4):.0f}x lower "
          f"(goal: p99 under 20 ms, max under 100 ms); worker peak memory {max(peaks) / 1024:.0f} MiB "
          f"(resident, word lists shared with the job server included)")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
