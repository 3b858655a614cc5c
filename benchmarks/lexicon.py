#!/usr/bin/env python3
"""Load time of each bundled word list: from its cache file (ours: the arrays memory-mapped)
against building it from the shipped .txt.gz and .meta.gz, as the previous release did on
every load (the baseline), in the same run; then ``Lexicon.load`` timed in fresh processes.

    .venv/bin/python benchmarks/lexicon.py [--runs 7] [--processes 5]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import solvers.lexicon as lexicon_module  # noqa: E402
from solvers.lexicon import BUNDLED, Lexicon, _build_bundled, _data_file  # noqa: E402

FRESH_PROCESS = """
import time, sys
sys.path.insert(0, {root!r})
from solvers.lexicon import Lexicon
start = time.perf_counter()
Lexicon.load({name!r})
print(time.perf_counter() - start)
"""


def built(name: str) -> Lexicon:
    return _build_bundled(name, *(_data_file(f"{name}.{part}.gz").read_bytes() for part in ("txt", "meta")))


def cached(name: str) -> Lexicon:
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


def in_fresh_processes(name: str, runs: int) -> np.ndarray:
    code = FRESH_PROCESS.format(root=str(ROOT), name=name)
    return np.array([float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                          check=True).stdout) for _ in range(runs)]) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--processes", type=int, default=5, help="fresh processes timed per list")
    args = parser.parse_args()
    cached("huge")  # the cache files exist before timing (the first load of each list writes them)
    print(f"{'list':<8}{'words':>9}  {'build p50/p99':>16}  {'cached p50/p99':>16}  {'ratio':>6}  "
          f"{'heap (cached/built)':>19}  {'fresh process p50/p99':>22}")
    for name in BUNDLED:
        cached(name)
        base, base_memory = timed(built, name, args.runs)
        ours, memory = timed(cached, name, args.runs)
        fresh = in_fresh_processes(name, args.processes)
        print(f"{name:<8}{len(Lexicon.load(name)):>9,}  {np.percentile(base, 50):7.0f} "
              f"/{np.percentile(base, 99):5.0f} ms"
              f"  {np.percentile(ours, 50):7.1f} /{np.percentile(ours, 99):5.1f} ms"
              f"  {np.percentile(base, 50) / np.percentile(ours, 50):5.1f}x  {memory:8.0f} /{base_memory:4.0f} MiB"
              f"  {np.percentile(fresh, 50):11.1f} /{np.percentile(fresh, 99):5.1f} ms")
    print("cached: arrays mapped read-only from the cache file (shared between processes by the page cache);"
          " heap: Python memory traced (the words), the mapped arrays excluded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
