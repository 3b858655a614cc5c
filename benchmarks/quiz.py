#!/usr/bin/env python3
"""Benchmark the anagram quiz's solver layer (``solvers.quiz``): a day's challenges and checking
a typed answer, each against a baseline measured in the same run, on `full`.

- a day's challenges (``challenges(date)``, all eight): the first date after loading the list
  (every word length's table built) and then --days more dates (tables warm), against the
  plain method: group the words of each length by their sorted letters in a dict, then shuffle
  the alphagrams with ``random.Random`` and take 50 for each challenge (no flags, no commonness,
  no blank racks: it only flatters the baseline);
- a typed answer: ``AnswerKey.find`` (fold, one dict lookup) over the 50 questions of Today's 7s,
  for answers and misses typed as people type them (capitals, a full-width word, an accent),
  against scanning every question's answers for the lower-cased word.

Goals (issue 33): a day's challenges under 100 ms, a typed answer p99 under 1 ms.

    .venv/bin/python benchmarks/quiz.py [--days 30] [--typed 20000]
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from benchmarks.timing import ms, timed  # noqa: E402
from solvers.lexicon import Lexicon  # noqa: E402
from solvers.quiz import answer_key, challenge, challenges  # noqa: E402

FIRST_DAY = dt.date(2027, 1, 1)


def percentile(times: list[float], share: float) -> float:
    return sorted(times)[min(len(times) - 1, int(share * len(times)))]


def plain_challenges(lexicon: Lexicon, day: dt.date) -> list[list[str]]:
    """The baseline: alphagrams by a dict of sorted letters, a seeded shuffle, 50 of each."""
    rng = random.Random(day.toordinal())
    drawn = []
    for lengths in ((4,), (5,), (6,), (7,), (8,), (7, 8), (7, 8), (4, 5, 6, 7, 8)):
        groups: dict[str, list[str]] = {}
        for word in lexicon.words:
            if len(word) in lengths:
                groups.setdefault("".join(sorted(word)), []).append(word)
        alphagrams = sorted(groups)
        rng.shuffle(alphagrams)
        drawn.append(alphagrams[:50])
    return drawn


def bench_challenges(full: Lexicon, days: int) -> None:
    started = time.perf_counter()
    challenges(FIRST_DAY, full)
    first = time.perf_counter() - started
    dates = [FIRST_DAY + dt.timedelta(days=k) for k in range(1, days + 1)]
    times = []
    for day in dates:
        started = time.perf_counter()
        challenges(day, full)
        times.append(time.perf_counter() - started)
    _, plain = timed(lambda: plain_challenges(full, FIRST_DAY), 3)
    ours = statistics.median(times)
    print(f"a day's challenges: first date {ms(first)} (tables built); then p50 {ms(ours)}, p99 "
          f"{ms(percentile(times, 0.99))},"
          f" max {ms(max(times))} over {days} dates")
    print(f"  plain dict-and-shuffle baseline p50 {ms(statistics.median(plain))}: "
          f"{statistics.median(plain) / ours:,.0f}x;"
          f" goal under 100 ms: {'met' if percentile(times, 0.99) < 0.1 else 'NOT met'}")


def bench_typed(full: Lexicon, count: int) -> None:
    questions = challenge(FIRST_DAY, "7s", full).questions
    key = answer_key(questions)
    rng = random.Random(7)
    answers = [w for q in questions for w in q.answers]
    misses = ["".join(rng.sample("abcdefghijklmnopqrstuvwxyz", 7)) for _ in range(200)]
    shapes = [str.upper, str.title, lambda w: w, lambda w: "".join(chr(ord(c) + 0xFEE0) for c in w.upper()),
              lambda w: w[0] + "\u0301" + w[1:]]
    typed = [rng.choice(shapes)(rng.choice(answers if rng.random() < 0.5 else misses)) for _ in range(count)]

    def scan(word: str) -> tuple[int, ...]:
        plain = word.lower()
        return tuple(i for i, q in enumerate(questions) if plain in q.answers)

    ours, plain = [], []
    for word in typed:
        started = time.perf_counter()
        key.find(word)
        ours.append(time.perf_counter() - started)
        started = time.perf_counter()
        scan(word)
        plain.append(time.perf_counter() - started)
    p99 = percentile(ours, 0.99)
    print(f"a typed answer ({count:,} words, half answers, over {len(questions)} questions): p50 "
          f"{statistics.median(ours) * 1e6:.1f} µs,"
          f" p99 {p99 * 1e6:.1f} µs; scanning every question p50 {statistics.median(plain) * 1e6:.1f} µs"
          f" ({statistics.median(plain) / statistics.median(ours):,.0f}x); goal p99 under 1 ms: "
          f"{'met' if p99 < 0.001 else 'NOT met'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--typed", type=int, default=20_000)
    args = parser.parse_args()
    started = time.perf_counter()
    full = Lexicon.load("full")
    loaded = time.perf_counter() - started
    gc.freeze()  # as the bot does after loading
    print(f"python {platform.python_version()}, numpy {np.__version__}, lexicon full: {len(full):,} words "
          f"(loaded in {ms(loaded)})")
    bench_challenges(full, args.days)
    bench_typed(full, args.typed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
