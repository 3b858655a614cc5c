#!/usr/bin/env python3
"""Load time and memory of each bundled word list: with its figures (ours) against loading the
same words alone, as the previous release did (the baseline), in the same run.

    .venv/bin/python benchmarks/lexicon.py [--runs 7]
"""

from __future__ import annotations

import argparse
import gzip
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

import solvers.lexicon as lexicon_module  # noqa: E402
from solvers.lexicon import BUNDLED, Lexicon, _data_file, parse_words  # noqa: E402


def words_only(name: str) -> Lexicon:
    return Lexicon(name, parse_words(gzip.decompress(_data_file(f"{name}.txt.gz").read_bytes()).decode("ascii")))


def with_figures(name: str) -> Lexicon:
    lexicon_module._load_bundled.cache_clear()
    return Lexicon.load(name)


def timed(load, name: str, runs: int) -> tuple[np.ndarray, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        load(name)
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    kept = load(name)
    memory = tracemalloc.get_traced_memory()[0] / 2**20
    tracemalloc.stop()
    del kept
    return np.array(times) * 1000, memory


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"{'list':<8}{'words':>9}  {'words only p50/p99':>20}  {'ours p50/p99':>16}  ratio  {'memory (ours)':>13}")
    for name in BUNDLED:
        base, _ = timed(words_only, name, args.runs)
        ours, memory = timed(with_figures, name, args.runs)
        size = len(Lexicon.load(name))
        print(f"{name:<8}{size:>9,}  {np.percentile(base, 50):8.0f} /{np.percentile(base, 99):6.0f} ms  "
              f"{np.percentile(ours, 50):6.0f} /{np.percentile(ours, 99):6.0f} ms  {np.percentile(base, 50) / np.percentile(ours, 50):4.2f}x"
              f"  {memory:9.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
