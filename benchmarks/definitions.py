#!/usr/bin/env python3
"""Load time and memory of the bundled definitions, and the time of one lookup: the load against
reading the same file's text alone (decompress and split its lines: the floor any format of
it pays), in the same run; lookups of random words of the huge list.

    .venv/bin/python benchmarks/definitions.py [--runs 7] [--lookups 20000]
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

import solvers.definitions as definitions_module  # noqa: E402
from solvers.definitions import BUNDLED_FILE, Definitions  # noqa: E402
from solvers.lexicon import Lexicon, _data_file  # noqa: E402


def text_only() -> list[str]:
    return gzip.decompress(_data_file(BUNDLED_FILE).read_bytes()).decode("utf-8").splitlines()


def ours() -> Definitions:
    definitions_module._load_bundled.cache_clear()
    return Definitions.load()


def timed(load, runs: int) -> np.ndarray:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        load()
        times.append(time.perf_counter() - start)
    return np.array(times) * 1000


def memory_of(load) -> float:
    tracemalloc.start()
    kept = load()
    memory = tracemalloc.get_traced_memory()[0] / 2**20
    tracemalloc.stop()
    del kept
    return memory


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lookups", type=int, default=20_000)
    args = parser.parse_args()
    base, mine = timed(text_only, args.runs), timed(ours, args.runs)
    p50 = np.percentile(mine, 50)
    print(f"load: text alone {np.percentile(base, 50):.0f} / {np.percentile(base, 99):.0f} ms (p50/p99), "
          f"ours {p50:.0f} / {np.percentile(mine, 99):.0f} ms, ratio {np.percentile(base, 50) / p50:.2f}x; "
          f"memory {memory_of(ours):.0f} MiB")
    defined = Definitions.load()
    words = random.Random(1).choices(Lexicon.load("huge").words, k=args.lookups)
    times = []
    for word in words:
        start = time.perf_counter()
        defined.lookup(word)
        times.append(time.perf_counter() - start)
    micro = np.array(times) * 1e6
    print(f"lookup of {args.lookups:,} random huge words: p50 {np.percentile(micro, 50):.1f} µs, "
          f"p99 {np.percentile(micro, 99):.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
