#!/usr/bin/env python3
"""Tileset optimiser: 20 tiles of 2 letters, odd-length words skipped, on every bundled list.

For each list: the published subtractive greedy, implemented the obvious set-based way (each
tile a set of the words needing it; every step, the remaining tile whose set has the fewest
still-formable words goes, ties to the first in string order), against ours (the same method
with incremental counts, on the list's prepared spellings); both must choose the same tiles.
Times are p50 and p99 over repeats, ours with and without preparing the spellings. Then our
search (seed 0) after 1, 10 and 60 seconds, with the proven upper bound beside it, and when
it reached its best. The reference figures for a plain best-swap search with random restarts
on ``full`` (from the issue, same kind of machine): 538 words in 10 s, 541 in 60 s.

    .venv/bin/python benchmarks/tileset.py [--longest 60] [--repeats 20] [--baseline-repeats 3]
"""

from __future__ import annotations

import argparse
import platform
import string
import sys
import time
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from solvers import tileset  # noqa: E402
from solvers.lexicon import BUNDLED, Lexicon  # noqa: E402

from timing import ms, timed  # noqa: E402  (benchmarks/timing.py)

TILES, SIZE, ODD = 20, 2, "skip"
MARKS = (1.0, 10.0, 60.0)


def set_greedy(words: tuple[str, ...], n: int) -> tuple[list[str], int]:
    """The published method, the obvious way: each tile's set of the still-formable words that
    need it (even-length words made of distinct pairs); every step, the tile with the smallest
    set goes (the first in string order of ties), and its words leave every other tile's set."""
    users: dict[str, set[str]] = {"".join(p): set() for p in product(string.ascii_lowercase, repeat=2)}
    for word in words:
        pairs = [word[i:i + 2] for i in range(0, len(word), 2)]
        if len(word) % 2 == 0 and len(set(pairs)) == len(pairs):
            for pair in pairs:
                users[pair].add(word)
    remaining = sorted(users)
    while len(remaining) > n:
        worst = min(remaining, key=lambda tile: len(users[tile]))  # min keeps the first of ties
        remaining.remove(worst)
        for word in users.pop(worst):
            for i in range(0, len(word), 2):
                users.get(word[i:i + 2], set()).discard(word)
    return remaining, len(set().union(*(users[t] for t in remaining)))


def search(problem: tileset.Problem, longest: float,
           marks: tuple[float, ...]) -> tuple[list[tuple[float, int]], tileset.Progress, float]:
    """Our search for ``longest`` seconds: the best at each mark, the last report, when the best came."""
    at_marks, best, reached = [], None, 0.0
    pending = list(marks)
    for progress in tileset.optimise(problem, TILES, seconds=longest, seed=0, report_every=0.05):
        while pending and progress.elapsed >= pending[0]:
            at_marks.append((pending.pop(0), best.best_words))
        if best is None or progress.best_words > best.best_words:
            reached = progress.elapsed
        best = progress
    at_marks += [(mark, best.best_words) for mark in pending]
    return at_marks, best, reached


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--longest", type=float, default=60.0, help="seconds of search per list (default 60; "
                                                                    "marks past it are left out)")
    parser.add_argument("--repeats", type=int, default=20, help="timed runs of our greedy")
    parser.add_argument("--baseline-repeats", type=int, default=3, help="timed runs of the set-based greedy")
    args = parser.parse_args()
    marks = tuple(m for m in MARKS if m < args.longest) + (args.longest,)
    print(f"Tileset benchmark · {TILES} tiles of {SIZE} letters, odd-length words {ODD} · "
          f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    for name in ("common", "full", "huge"):
        assert name in BUNDLED
        lexicon = Lexicon.load(name)
        (base_tiles, base_words), base_times = timed(lambda lexicon=lexicon: set_greedy(lexicon.words, TILES),
                                                     args.baseline_repeats)
        problem, build_times = timed(lambda lexicon=lexicon: tileset.build(lexicon, SIZE, ODD), args.repeats)
        ours, greedy_times = timed(lambda problem=problem: tileset.greedy(problem, TILES), args.repeats)
        assert list(ours.tiles) == base_tiles and ours.words == base_words, (name, ours, base_tiles, base_words)
        with_build = np.add(build_times, greedy_times)
        print(f"\n{name} ({len(lexicon):,} words): greedy {ours.words} words, the same tiles both ways: "
              f"{' '.join(ours.tiles)}")
        print(f"  greedy, set-based: p50 {ms(np.percentile(base_times, 50))} (max of {len(base_times)} "
              f"{ms(max(base_times))}) · "
              f"ours p50 {ms(np.percentile(greedy_times, 50))}, p99 {ms(np.percentile(greedy_times, 99))}; "
              f"with preparing the spellings p50 {ms(np.percentile(with_build, 50))}, p99 "
              f"{ms(np.percentile(with_build, 99))} · "
              f"{np.percentile(base_times, 50) / np.percentile(with_build, 50):.0f}x faster "
              "(p50, preparation included)")
        started = time.perf_counter()
        bound = tileset.upper_bound(problem, TILES)
        bound_time = time.perf_counter() - started
        at_marks, last, reached = search(problem, args.longest, marks)
        line = " · ".join(f"{mark:g} s: {words}" for mark, words in at_marks)
        print(f"  search (seed 0): {line} · best {last.best_words} (+{last.best_words - ours.words} on greedy) "
              f"reached at {reached:.2f} s, {last.step:,} steps in all")
        print(f"  proven upper bound {bound:,} (computed in {ms(bound_time)}); best/bound "
              f"{last.best_words / bound:.1%}")
    print("\nreference on full, a plain best-swap search with random restarts: 538 words in 10 s, 541 in 60 s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
