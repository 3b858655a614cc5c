#!/usr/bin/env python3
"""Benchmark: "Did you mean" (``solvers.nearest``) against the plain scan, in one run, on ``huge``.

The baseline: every word of the list whose length is within the distance measured with the
plain distance (``solvers.nearest.edit_distance``), then ranked the same way. Words typed: one
per length from 1 to 15, a misspelling of a real word for each, and worst cases (45 letters,
a vowel run). Both answers are compared for every word; ours runs --repeats times.

    .venv/bin/python benchmarks/nearest.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from solvers.lexicon import Lexicon  # noqa: E402
from solvers.nearest import LIMIT, edit_distance, max_distance_for, nearest  # noqa: E402


def baseline(word: str, lexicon: Lexicon) -> tuple[str, ...]:
    k = max_distance_for(word)
    band = lexicon.words[lexicon.length_slice(max(1, len(word) - k), len(word) + k)]
    ranked = sorted((d, -lexicon.commonness(w), w) for w in band if w != word and (d := edit_distance(word, w)) <= k)
    return tuple(w for _, _, w in ranked[:LIMIT])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    huge = Lexicon.load("huge")
    rng = random.Random(32)
    words = []
    for length in range(1, 16):
        real = rng.choice(huge.words[huge.length_slice(length, length)])
        cut = rng.randrange(length)
        words.append(real[:cut] + rng.choice("etaoinsrl") + real[cut + 1:])
    words += ["x" * 45, "aeiouaeiouaeiou", "internationalizat"]
    print(f"python {platform.python_version()}, numpy {np.__version__}, lexicon huge: {len(huge):,} words")
    print(f"{'word':<46}{'scan':>10}{'ours':>10}{'ratio':>8}")
    worst = 0.0
    for word in words:
        started = time.perf_counter()
        expected = baseline(word, huge)
        scan = time.perf_counter() - started
        times = []
        for _ in range(args.repeats):
            started = time.perf_counter()
            answer = nearest(word, huge)
            times.append(time.perf_counter() - started)
        if answer != expected:
            print(f"MISMATCH on {word!r}: {answer} against {expected}")
            return 1
        ours = min(times)
        worst = max(worst, max(times))
        print(f"{word:<46}{scan * 1000:>8.1f}ms{ours * 1000:>8.2f}ms{scan / ours:>7.0f}x")
    print(f"slowest run of ours: {worst * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
